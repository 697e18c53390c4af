"""Gallery: the spectator's screen (issue 37) of a room of each mode in the middle of its game,
in Russian and English, at both window sizes. The room is a real server's (``Server.receive``,
no sockets), played by random legal moves; the spectator's connection hears what a spectator
hears, and the screen is fed it as the game's ``Watcher`` would be."""

from __future__ import annotations

import json
import random
import tempfile

from ..match import COMPUTER, Match, Seat
from ..net import codec
from ..net.protocol import VERSION, write
from ..net.server import Conn, Server
from ..net.watcher import Watcher
from ..rules.classic import PRESETS
from ..rules.korabliki import KorablikiConfig
from ..rules.modes import MODES
from ..rules.naval import NavalConfig
from . import shot

SIZES = ((1280, 720), (800, 600))


class Heard:
    """A spectator's connection that has already heard its messages (``poll`` gives them)."""

    status, problem = "open", None

    def __init__(self, messages):
        self.messages = list(messages)

    def poll(self) -> list:
        out, self.messages = self.messages, []
        return out

    def send(self, message) -> None:
        pass

    def close(self) -> None:
        pass


def spectated(mode: str, config, moves: int, seed: int = 1, chat=()) -> Watcher:
    """A watcher of a new room of ``config`` after ``moves`` random legal actions, its chat
    lines (seat, text) said on the way: what its connection heard, through JSON."""
    clock = [1000.0]

    def now() -> float:
        clock[0] += 0.1
        return clock[0]

    server = Server(tempfile.mkdtemp(prefix="seabattle-watch-"), clock=now, seed=seed)
    heard: list = []
    watcher = Conn(None, "127.0.0.9")

    def say(conn, message) -> dict:
        out = server.receive(conn, json.dumps(message))
        heard.extend(json.loads(write(m)) for c, m in out if c is watcher)
        return next((m for c, m in out if c is conn), {})
    hello = {"type": "hello", "version": VERSION, "game": "sea-battle"}
    a, b = Conn(None, "127.0.0.7"), Conn(None, "127.0.0.8")
    for conn in (a, b, watcher):
        say(conn, hello)
    code = say(a, {"type": "create", "mode": mode, "config": config.to_dict(), "name": "Anna",
                   "best_of": 3})["room"]
    say(b, {"type": "join", "room": code, "name": "Борис"})
    say(watcher, {"type": "watch", "room": code})
    match = Match(config, (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")),
                  seed=seed)
    for conn, setup in zip((a, b), match.computer_setups()):
        say(conn, {"type": "setup", "setup": codec.setup_to_json(mode, setup)})
    room, rng, lines = server.rooms[code], random.Random(seed), list(chat)
    for n in range(moves):
        game = room.game
        if game.over:
            break
        if lines and n % max(1, moves // (len(lines) + 1)) == moves // (len(lines) + 1) - 1:
            seat, words = lines.pop(0)
            say((a, b)[seat], {"type": "chat", "text": words})
        action = MODES[mode].random_action(game, rng)
        say((a, b)[game.turn], {"type": "act", "moves": len(game.history),
                                "action": codec.action_to_json(mode, action)})
    server.close()
    return Watcher("127.0.0.1", 0, code, net=Heard(heard))


ROOMS = (("classic", PRESETS["russian"], 70), ("classic", PRESETS["arcade"], 40),
         ("naval", NavalConfig(), 24), ("korabliki", KorablikiConfig(), 160))
CHAT = ((0, "Удачи!"), (1, "good luck"))


@shot
def watching(gallery) -> None:
    from ..scenes.common.watch import WatchScene
    for n, (mode, config, moves) in enumerate(ROOMS):
        name = "arcade" if n == 1 else mode
        for lang in ("ru", "en"):
            for size in SIZES:
                if n == 1 and (lang, size) != ("ru", (1280, 720)):
                    continue
                app = gallery.app(size)
                app.settings.language = lang
                app.apply_settings()
                app.scenes.reset(WatchScene(app, spectated(mode, config, moves, gallery.seed,
                                                           CHAT)))
                gallery.run_frames(app, 30)
                w, h = size
                gallery.save(app.screen.copy(), f"watch-{name}-{lang}-{w}x{h}.png")
                app.quit()
