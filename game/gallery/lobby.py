"""Gallery: Find an opponent's screens (issue 37) in Russian and English at both window sizes:
the form, the queue while it searches (a new player, the window and who waits) and once the
opponent is found, the leaderboard (the player's own row lit) and the listing to watch. The
lobby's connection is one that has already heard the server's answers (no sockets)."""

from __future__ import annotations

from ..net.session import LobbySession
from . import shot
from .watch import Heard

SIZES = ((1280, 720), (800, 600))
NAMES = ("Адмирал Ушаков", "Anna", "Борис", "Kari Nordmann", "Гюльчатай", "Olek",
         "Капитан Немо", "Sigrid", "Тарас", "Jean-Luc")


class Welcomed(Heard):
    """A lobby's connection that has heard ``messages`` (``poll`` gives them once), welcomed
    as a player ``known`` or new."""

    links = 1

    def __init__(self, messages, known: bool = False):
        super().__init__(messages)
        self.welcome = {"version": 2, "player": {"tag": "7F3A9C", "known": known}}


def lobby(messages, known: bool = False) -> LobbySession:
    return LobbySession("127.0.0.1", 8765, "0" * 64, "Anna", net=Welcomed(messages, known))


def board(kind: str) -> dict:
    top = [{"place": i + 1, "name": NAMES[i % len(NAMES)], "tag": f"{(i * 7919) % 0xFFFFFF:06X}",
            "rating": 1912 - i * 13, "rd": 60 + i, "games": 80 - i} for i in range(50)]
    return {"type": "leaderboard", "kind": kind, "top": top, "you": dict(top[8]), "players": 213}


@shot
def lobby_screens(g) -> None:
    from ..scenes.common.online_board import LeaderboardScene
    from ..scenes.common.online_find import FindScene, QueueScene
    from ..scenes.common.online_watch import WatchMenuScene
    queued = {"type": "queued", "kind": "classic", "waited": 14, "window": 450, "waiting": 6}
    found = {"type": "match_found", "match": "0" * 16, "kind": "classic", "accept_within": 5,
             "opponent": {"name": "Борис", "tag": "1C0FFE", "rating": 1530}}
    games = {"type": "games", "games": [
        {"room": "ABCDEFGH", "kind": kind, "names": [NAMES[i], NAMES[i + 3]],
         "tags": ["A", "B"], "ratings": [1600 - i * 40, 1580 - i * 30], "moves": 12 + 9 * i,
         "watchers": i, "path": "/v2/room/ABCDEFGH"}
        for i, kind in enumerate(("classic", "arcade", "naval", "korabliki", "classic"))]}
    for size in SIZES:
        for lang in ("ru", "en"):
            tag = f"{lang}-{size[0]}x{size[1]}"
            app = g.app(size)
            app.settings.language = lang
            app.apply_settings()
            app.scenes.push(FindScene(app))
            g.run_frames(app, 10)
            g.save(app.screen, f"lobby-find-{tag}.png")
            for name, heard in (("queue", [queued]), ("found", [queued, found])):
                app.scenes.push(QueueScene(app, lobby(heard), "classic"))
                g.run_frames(app, 40)
                g.save(app.screen, f"lobby-{name}-{tag}.png")
                app.scenes.pop()
            app.scenes.push(LeaderboardScene(app, lobby([board("classic")], known=True)))
            g.run_frames(app, 10)
            app.scenes.top.scroll_by(4)
            g.run_frames(app, 2)
            g.save(app.screen, f"lobby-leaderboard-{tag}.png")
            app.scenes.pop()
            app.scenes.push(WatchMenuScene(app, lobby([games], known=True)))
            g.run_frames(app, 10)
            g.save(app.screen, f"lobby-watch-list-{tag}.png")
            app.scenes.pop()
