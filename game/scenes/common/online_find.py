"""Find an opponent (issue 37): the form (the game kind, the server, whether the game may be
listed for spectators, the name), the queue's screen (the time waited, the rating window, how
many wait, a radar sweeping; Esc or Leave leaves the queue; "Opponent found: NAME (1530)"), and
the rating a matched game's game over shows ("Rating 1512 (+12)"). What follows a pairing is the
ordinary online game (``app.flow.online_matched``): placement, battle, rematch, chat, the clock.
"""

from __future__ import annotations

import os

import pygame

from ...modes import match_kinds
from ...net.session import LobbySession
from ...render import text, theme
from ...render.lobby import draw_radar
from ...render.widgets import Button, Item, panel
from .base import Scene
from .dialogs import MenuScene
from .online import MAX_ADDRESS, name_item

THIS_NETWORK = "127.0.0.1:8765"    # the server "" names: this computer's, found or hosted here


def match_address(settings) -> str:
    """The lobby's address as the settings name it ("": this network; SEABATTLE_MATCH_SERVER
    says otherwise, so the tests and the monkey never meet a real server on 8765)."""
    return settings.match_server.strip() or os.environ.get("SEABATTLE_MATCH_SERVER",
                                                             THIS_NETWORK)


def kind_words(tr, kind: str) -> str:
    """A game kind's name on screen."""
    return tr(f"find.kind.{kind}")


def kinds() -> list[str]:
    return list(match_kinds())


def rating_words(tr, rating: dict | None) -> str:
    """"1512 (+12)", "1500" before any game, "" with nothing known."""
    if not rating:
        return ""
    change = rating.get("change")
    if change is None:
        return str(rating.get("rating", ""))
    sign = "+" if change >= 0 else "−"
    return tr("find.rating_change", rating=rating.get("rating", ""),
              change=f"{sign}{abs(int(round(change)))}")


def server_item(scene, s) -> Item:
    """The lobby's server (``match_server``; empty: this network), typed, kept in the
    settings ``s``."""
    return Item(lambda: scene.tr("online.server"), get=lambda: s.match_server,
                set=lambda v: setattr(s, "match_server", v.strip()[:MAX_ADDRESS]),
                max_len=MAX_ADDRESS, placeholder=lambda: scene.tr("find.this_network"))


class FindScene(MenuScene):
    """The game kind, the server, "list my games for watching", the name, and Find."""

    def __init__(self, app):
        s = app.settings
        if s.match_kind not in match_kinds():
            s.match_kind = kinds()[0]
        super().__init__(app, [
            Item(lambda: self.tr("find.kind"), values=kinds, get=lambda: s.match_kind,
                 set=lambda v: setattr(s, "match_kind", v),
                 show=lambda v: kind_words(self.tr, v)),
            server_item(self, s),
            Item(lambda: self.tr("find.listed"), values=lambda: [True, False],
                 get=lambda: s.match_listed, set=lambda v: setattr(s, "match_listed", v),
                 show=lambda v: self.tr("settings.on" if v else "settings.off")),
            name_item(self, s, 1),
            Item(lambda: self.tr("find.go"), self.find),
            Item(lambda: self.tr("menu.back"), self.back),
        ])

    def heading(self) -> str:
        return self.tr("find.title")

    def find(self) -> None:
        self.app.save_settings()
        s = self.app.settings
        self.app.flow.queue(s.match_kind, s.match_listed)

    def back(self) -> None:
        self.app.save_settings()
        self.app.scenes.pop()

    def draw_below(self, surface, rect) -> None:
        px = theme.font_px(self.size, 19)
        w = self.size[0]
        for i, line in enumerate(text.wrap_most(self.tr("find.about"), px, int(w * 0.8), 3)):
            text.draw(surface, line, (w / 2, rect.bottom + px * (0.8 + 1.2 * i)), px,
                      theme.TEXT_DIM, "midtop")


class QueueScene(Scene):
    """Waiting in the queue for ``kind`` on ``lobby`` (flow.lobby): the time waited, the
    window, how many wait, the radar; the opponent once found; Esc or Leave leaves."""

    music = "title"

    def __init__(self, app, lobby: LobbySession, kind: str, listed: bool = True):
        super().__init__(app)
        self.lobby = lobby
        self.kind = kind
        self.listed = listed
        self.since = None            # (seconds waited as the server last said, app time then)
        self.queued = False          # the queue message is sent (on the first connection)
        self.leave_button = Button(lambda: self.tr("find.leave"), self.leave)

    def update(self, dt: float) -> None:
        super().update(dt)
        lobby = self.lobby
        before = lobby.waiting
        if not self.queued and lobby.open:
            self.queued = True
            lobby.queue(self.kind, self.listed)
        lobby.poll()
        if lobby.waiting is not before and lobby.waiting is not None:
            self.since = (lobby.waiting["waited"], self.app.time)
        if lobby.matched is not None and self.app.scenes.top is self:
            self.app.flow.online_matched(lobby)

    def waited(self) -> int:
        if self.since is None:
            return 0
        waited, then = self.since
        return int(waited + self.app.time - then)

    def leave(self) -> None:
        self.app.sound("click")
        self.app.scenes.pop()

    def exit(self) -> None:
        """Gone from the screen without a pairing (Esc, Leave, the window closed): off the
        queue, and a server this game hosted for it stopped."""
        if self.lobby.matched is None and self.app.flow.lobby is self.lobby:
            self.app.flow.lobby_close()

    def handle(self, event) -> None:
        if self.leave_button.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()

    def _panel(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, int(min(w * 0.9, 900 * theme.unit(self.size))), int(h * 0.66))
        rect.center = (w // 2, int(h * 0.53))
        # under it the Leave button and the Esc line: a large text takes the panel's foot
        px, small = theme.font_px(self.size, 22), theme.font_px(self.size, 18)
        below = int(px * 0.5) + int(px * 1.8) + int(small * 1.9)
        rect.h -= max(0, rect.bottom - (h - below))
        return rect

    def lay_out(self, w: int, h: int, u: float) -> None:
        w = self.size[0]
        px = theme.font_px(self.size, 22)
        bw, bh = int(px * 10), int(px * 1.8)
        self.leave_button.rect = pygame.Rect(w // 2 - bw // 2, self._panel().bottom
                                             + int(px * 0.5), bw, bh)

    # -- words ---------------------------------------------------------------------------------
    def status(self) -> tuple[str, tuple]:
        """What the queue is doing, in a line, and its ink."""
        lobby = self.lobby
        problem = lobby.problem()
        if problem:
            return self.tr(problem), theme.BAD
        if lobby.unqueued:
            return self.tr("find.unqueued"), theme.BAD
        if lobby.host_problem:
            return self.tr("online.error_host", error=lobby.host_problem), theme.BAD
        if lobby.found is not None:
            opponent = lobby.found.get("opponent") or {}
            return self.tr("find.found", name=opponent.get("name", "?"),
                           rating=opponent.get("rating", "?")), theme.ACCENT
        if lobby.matched is not None:
            return self.tr("online.connecting"), theme.TEXT_DIM
        if lobby.unreachable and lobby.hosted is None:
            return self.tr("find.looking_server", address=lobby.address), theme.TEXT_DIM
        if not lobby.open or lobby.waiting is None:
            return self.tr("online.connecting"), theme.TEXT_DIM
        return self.tr("find.searching"), theme.TEXT

    def notes(self) -> list[tuple[str, tuple]]:
        """The lines under the status: who the server takes us for, and where a server this
        game hosts is found by the others."""
        out = []
        lobby = self.lobby
        if lobby.hosted is not None:
            out.append((self.tr("find.hosting", address=", ".join(lobby.addresses())),
                        theme.ACCENT))
        player = lobby.player
        if player is not None and not player.get("known", True):
            out.append((self.tr("find.new_player", tag=player.get("tag", "")), theme.TEXT_DIM))
        elif player is not None:
            out.append((self.tr("find.you_are", tag=player.get("tag", "")), theme.TEXT_DIM))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        text.draw(surface, self.tr("find.title"), (w / 2, 50 * u), theme.font_px(self.size, 52),
                  theme.ACCENT, "center", shadow=True)
        rect = self._panel()
        panel(surface, rect, 220)
        px = theme.font_px(self.size, 24)
        text.draw(surface, kind_words(self.tr, self.kind), (w / 2, rect.y + px * 0.7),
                  theme.font_px(self.size, 30), theme.TEXT, "midtop")
        lobby = self.lobby
        small = theme.font_px(self.size, 18)
        big = theme.font_px(self.size, 34)
        words_h = px * 2.6 + px * 0.5 + big * 1.2 + px * 2.8 + small * 2.4 + 4   # the radar's
        radius = int(min(rect.h * 0.24, rect.w * 0.2, (rect.h - words_h) / 2))     # room
        centre = (w // 2, int(rect.y + px * 2.6 + radius))
        waiting = lobby.waiting or {}
        draw_radar(surface, centre, radius, self.t, found=lobby.found is not None,
                   blips=max(0, waiting.get("waiting", 1) - 1))
        y = centre[1] + radius + px * 0.5
        seconds = self.waited()
        clock = f"{seconds // 60}:{seconds % 60:02d}"
        text.draw(surface, clock, (w / 2, y), big, theme.ACCENT, "midtop")
        y += big * 1.2
        if waiting:
            line = "   ".join((self.tr("find.window", window=waiting.get("window", 0)),
                               self.tr("find.waiting", n=waiting.get("waiting", 0))))
            text.draw(surface, line, (w / 2, y), text.fit_px(line, px - 2, rect.w - 20),
                      theme.TEXT_DIM, "midtop")
        y += px * 1.4
        words, colour = self.status()
        dots = "." * (1 + int(self.t * 2) % 3) if colour is theme.TEXT_DIM else ""
        text.draw(surface, words + dots, (w / 2, y), text.fit_px(words + "...", px,
                                                                 rect.w - 20),
                  colour, "midtop")
        y += px * 1.4
        for note, ink in self.notes():
            for line in text.wrap_most(note, small, rect.w - 40, 2):
                if y + small > rect.bottom - 4:
                    break
                text.draw(surface, line, (w / 2, y), small, ink, "midtop")
                y += small * 1.2
        self.leave_button.draw(surface, theme.font_px(self.size, 22))
        text.draw(surface, self.tr("find.esc_leaves"),
                  (w / 2, self.leave_button.rect.bottom + small * 0.5), small, theme.TEXT_DIM,
                  "midtop")


class RatedGameOver:
    """The mixin of a matched game's game over (``rated``): the lobby is asked for this
    player's ratings once the game has ended, again each second until the rating of this
    room's game is in (its ``last_room`` this room, and after a rematch more games counted
    than ``after``; at most ``TRIES`` times), and the footer says "Rating 1512 (+12)"."""

    TRIES = 15

    def __init__(self, *args, lobby: LobbySession, room: str, kind: str,
                 after: int | None = None, on_rating=None, **kw):
        self.lobby, self.room, self.kind = lobby, room, kind
        self.after = after            # the games the last rating shown counted (a rematch's)
        self.on_rating = on_rating    # told the rating once it is in
        self._asked, self._tries, self._seen = None, 0, None
        self.rating: dict | None = None        # this kind's rating once it counts this game
        super().__init__(*args, **kw)
        self._plain = self.insight

    def update(self, dt: float) -> None:
        super().update(dt)
        lobby = self.lobby
        if self.rating is None and not lobby.closed:
            lobby.poll()
            if lobby.ratings is not self._seen and lobby.ratings is not None:
                self._seen = lobby.ratings
                mine = (lobby.ratings.get("kinds") or {}).get(self.kind)
                if isinstance(mine, dict) and mine.get("last_room") == self.room and (
                        self.after is None or (mine.get("games") or 0) > self.after):
                    self.rating = mine
                    if self.on_rating is not None:
                        self.on_rating(mine)
            if self.rating is None and self._tries < self.TRIES and (
                    self._asked is None or self.app.time - self._asked >= 1.0):
                self._asked, self._tries = self.app.time, self._tries + 1
                lobby.ask_ratings()
        words = self.tr("find.rating", rating=rating_words(self.tr, self.rating)) \
            if self.rating else None
        self.insight = "   ".join(w for w in (self._plain, words) if w) or None


_RATED: dict = {}


def rated(cls: type) -> type:
    """``cls`` (a mode's game over screen) with the rating line of a matched game."""
    if cls not in _RATED:
        _RATED[cls] = type(f"Rated{cls.__name__}", (RatedGameOver, cls), {})
    return _RATED[cls]
