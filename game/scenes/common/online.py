"""Play online (issue 23): the menu (Host, Join), the join form, and the screen that waits (the
host's lobby with the address and the room code, joining, the other player placing his fleet).
What comes next is ``app.flow``'s: the placement, the battle and the game over are today's
screens with a remote opponent.
"""

from __future__ import annotations

import os

import pygame

from ...data.storage import data_dir
from ...net.protocol import CODE_ALPHABET, CODE_LENGTH, MAX_NAME, is_code
from ...net.session import Session, parse_address, room_path
from ...render import text, theme
from ...render.widgets import Button, Item, panel
from .base import Scene
from .dialogs import ConfirmScene, MenuScene


class OnlineMenuScene(MenuScene):
    """Host, Join, and first "Return to room ABC234" when a closed window left a seat."""

    def __init__(self, app):
        kept = app.flow.kept_seat()
        back = [Item(lambda: self.tr("online.return", room=kept["room"]), app.flow.online_return)
                ] if kept else []
        super().__init__(app, back + [
            Item(lambda: self.tr("online.host"), app.flow.online_host),
            Item(lambda: self.tr("online.join"), app.flow.online_join),
            Item(lambda: self.tr("online.find"), app.flow.find),
            Item(lambda: self.tr("online.leaderboard"), app.flow.leaderboard),
            Item(lambda: self.tr("online.watch"), app.flow.watch_games),
            Item(lambda: self.tr("menu.back"), self.back),
        ])

    def heading(self) -> str:
        return self.tr("menu.online")

    def draw_below(self, surface, rect) -> None:
        px = theme.font_px(self.size, 20)
        w = self.size[0]
        for i, line in enumerate(text.wrap_most(self.tr("online.about"), px, int(w * 0.8), 3)):
            text.draw(surface, line, (w / 2, rect.bottom + px * (1 + 1.2 * i)), px,
                      theme.TEXT_DIM, "midtop")


def clean_code(value: str) -> str:
    """A room code as typed: upper case, the code's letters only (0 read as O is no letter)."""
    return "".join(c for c in value.upper() if c in CODE_ALPHABET)[:CODE_LENGTH]


MAX_ADDRESS = 100     # characters of a typed address


def address_item(scene, holder, name: str) -> Item:
    """The server's address (host:port) as a line to type, kept in ``holder.name``."""
    return Item(lambda: scene.tr("online.address"), get=lambda: getattr(holder, name),
                set=lambda v: setattr(holder, name, v.strip()[:MAX_ADDRESS]),
                max_len=MAX_ADDRESS, placeholder=lambda: "192.168.1.20:8765")


def name_item(scene, s, n: int) -> Item:
    """The name the other player sees, kept in the settings ``s`` (empty: "Player ``n``")."""
    return Item(lambda: scene.tr("setup.your_name"), get=lambda: s.online_name,
                set=lambda v: setattr(s, "online_name", v[:MAX_NAME]), max_len=MAX_NAME,
                placeholder=lambda: scene.tr("setup.player", n=n))


class JoinScene(MenuScene):
    """The address (host:port), the room code and the name, remembered in the settings."""

    def __init__(self, app):
        s = app.settings
        self.problem: str | None = None
        self.session: Session | None = None
        super().__init__(app, [
            address_item(self, s, "online_address"),
            Item(lambda: self.tr("online.room"), get=lambda: s.online_room,
                 set=lambda v: setattr(s, "online_room", clean_code(v)), max_len=CODE_LENGTH,
                 placeholder=lambda: "ABC234"),
            name_item(self, s, 2),
            Item(lambda: self.tr("online.join_go"), self.join),
            Item(lambda: self.tr("menu.back"), self.back),
        ])

    def heading(self) -> str:
        return self.tr("online.join")

    def join(self) -> None:
        s = self.app.settings
        self.app.save_settings()
        try:
            host, port = parse_address(s.online_address)
        except ValueError:
            self.problem = "online.error_address"
            return
        if not is_code(s.online_room):
            self.problem = "online.error_code"
            return
        self.problem = None
        self.app.flow.online_connect(Session(host, port, path=room_path(s.online_room),
                                             **self.app.flow.who()), {
            "type": "join", "room": s.online_room,
            "name": s.online_name.strip() or self.tr("setup.player", n=2)})

    def back(self) -> None:
        self.app.save_settings()
        self.app.scenes.pop()

    def draw_below(self, surface, rect) -> None:
        if self.problem:
            px = theme.font_px(self.size, 22)
            text.draw(surface, self.tr(self.problem), (self.size[0] / 2, rect.bottom + px),
                      px, theme.BAD, "midtop")


class AddressScene(MenuScene):
    """The server's address typed again, for a seat whose server does not answer (a host's
    server that came back on another port, as his screen says): the connection is tried there
    and the seat taken up again; the kept seat and the join form follow."""

    def __init__(self, app, session: Session):
        self.session = session
        self.address = session.address
        self.problem: str | None = None
        super().__init__(app, [
            address_item(self, self, "address"),
            Item(lambda: self.tr("online.connect"), self.connect),
            Item(lambda: self.tr("menu.back"), self.back),
        ])

    def heading(self) -> str:
        return self.tr("online.move_title")

    def connect(self) -> None:
        try:
            host, port = parse_address(self.address)
        except ValueError:
            self.problem = "online.error_address"
            return
        self.session.move_to(host, port)
        if not self.session.hosting:          # the join form remembers where the room is now
            self.app.settings.online_address = self.session.address
            self.app.save_settings()
        self.app.scenes.pop()

    def draw_below(self, surface, rect) -> None:
        px = theme.font_px(self.size, 22 if self.problem else 20)
        w = self.size[0]
        if self.problem:
            lines, colour = [self.tr(self.problem)], theme.BAD
        else:
            lines, colour = text.wrap_most(self.tr("online.move_about"), px, int(w * 0.8), 3), \
                theme.TEXT_DIM
        for i, line in enumerate(lines):
            text.draw(surface, line, (w / 2, rect.bottom + px * (1 + 1.2 * i)), px, colour,
                      "midtop")


def address_button(scene, session: Session) -> Button:
    """"Another address", shown while this seat's server does not answer (not for a server
    this game runs itself: that one is started again by the game)."""
    return Button(lambda: scene.tr("online.another_address"),
                  lambda: scene.app.scenes.push(AddressScene(scene.app, session)),
                  lambda: session.unreachable and session.hosted is None)


class OnlineWaitScene(Scene):
    """Waits on the server: the host's lobby (the address to give and the room code, big),
    joining, or the other player placing his fleet; ``app.flow.online_follow`` moves on."""

    music = "title"

    def __init__(self, app, session: Session, hosting: bool = False):
        super().__init__(app)
        self.session = session
        self.hosting = hosting
        self.match = None          # made once both seats are in (flow.online_follow)
        self.placed = False        # this seat's set-up is sent
        self.placing = False       # this seat's placement screen is open over this one
        self.returned = False      # a closed window's kept seat taken up again ("Return")
        self.address_button = address_button(self, session)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.session.poll()
        if self.app.scenes.top is self:
            self.app.flow.online_follow(self)

    def resume(self) -> None:
        """Back from the placement screen: without a set-up sent, the person left it."""
        if self.placing and not self.placed:
            self.placing = False
            self.leave()

    def layout(self) -> None:
        """The panel is drawn where ``draw`` says; "Another address" under it, when shown."""
        w, h = self.size
        px = theme.font_px(self.size, 22)
        bw, bh = int(px * 12), int(px * 1.8)
        self.address_button.rect = (
            pygame.Rect(w // 2 - bw // 2, self._panel().bottom + int(px * 0.6), bw, bh)
            if self.address_button.enabled() else pygame.Rect(0, 0, 0, 0))

    def _panel(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, int(min(w * 0.9, 900 * theme.unit(self.size))), int(h * 0.62))
        rect.center = (w // 2, int(h * 0.54))
        return rect

    def handle(self, event) -> None:
        if self.address_button.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.sound("click")
            if self.session.remote.seat is None:    # no room joined (the connection failed,
                self.app.flow.online_close()        # or is still being made): nothing to
                self.app.scenes.pop()               # leave, back to the form
                return
            question = "online.close_room" if self.hosting else "online.leave_room"
            self.app.scenes.push(ConfirmScene(self.app, self.tr(question), self.leave))

    def leave(self) -> None:
        self.app.flow.online_leave()

    # -- words ---------------------------------------------------------------------------------
    def status(self) -> tuple[str, tuple]:
        s = self.session
        problem = s.join_problem()
        if problem:
            return self.tr(problem), theme.BAD
        remote = s.remote
        if remote.seat is None:
            return self.tr("online.connecting"), theme.TEXT_DIM
        if s.unreachable:
            return self.tr("online.link_down", address=s.address), theme.BAD
        if s.match is not None and remote.phase in (None, "waiting"):     # a queued game
            opponent = s.match.get("opponent") or {}
            return self.tr("find.found", name=opponent.get("name", "?"),
                           rating=opponent.get("rating", "?")), theme.ACCENT
        if remote.phase == "waiting":
            return self.tr("online.waiting_friend"), theme.ACCENT
        other = s.name_of(1 - remote.seat)
        if s.other_gone() is not None:
            return self.tr("online.waiting_back", name=other, time=self._gone()), theme.BAD
        if remote.phase == "placing" and self.placed:
            return self.tr("online.waiting_place", name=other), theme.ACCENT
        return self.tr("online.connecting"), theme.TEXT_DIM

    def _gone(self) -> str:
        seconds = int(self.session.other_gone() or 0)
        return f"{seconds // 60}:{seconds % 60:02d}"

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        text.draw(surface, self.tr("online.host_title" if self.hosting else "menu.online"),
                  (w / 2, 50 * u), theme.font_px(self.size, 52), theme.ACCENT, "center",
                  shadow=True)
        rect = self._panel()
        panel(surface, rect, 220)
        px = theme.font_px(self.size, 24)
        y = rect.y + px
        remote = self.session.remote
        room = remote.room
        lobby = remote.phase in (None, "waiting")     # the friend is still to come
        if self.hosting and lobby:
            text.draw(surface, self.tr("online.give_address"), (w / 2, y), px, theme.TEXT_DIM,
                      "midtop")
            y += px * 1.5
            big = theme.font_px(self.size, 40)
            for address in self.session.addresses():
                text.draw(surface, address, (w / 2, y), big, theme.TEXT, "midtop")
                y += big * 1.25
        if room and lobby:
            y += px * 0.5
            text.draw(surface, self.tr("online.room_code"), (w / 2, y), px, theme.TEXT_DIM,
                      "midtop")
            y += px * 1.4
            huge = theme.font_px(self.size, 72)
            text.draw(surface, " ".join(room), (w / 2, y), huge, theme.ACCENT, "midtop",
                      shadow=True)
            y += huge * 1.3
        elif room:              # both are in: who is who, and the room, small
            names = f"{self.session.name_of(0)}  —  {self.session.name_of(1)}"
            text.draw(surface, names, (w / 2, rect.y + rect.h * 0.3), theme.font_px(
                self.size, 40), theme.TEXT, "center")
            text.draw(surface, f"{self.tr('online.room_code')} {room}",
                      (w / 2, rect.y + rect.h * 0.3 + px * 2), px, theme.TEXT_DIM, "center")
            y = rect.y + rect.h * 0.55
        words, colour = self.status()
        dots = "." * (1 + int(self.t * 2) % 3) if colour != theme.BAD else ""
        at = max(y + px, rect.bottom - px * 2.2) if lobby else rect.y + rect.h * 0.6
        text.draw(surface, words + dots, (w / 2, at),
                  px if lobby else theme.font_px(self.size, 32), colour, "midtop")
        below = rect.bottom
        if self.address_button.rect.w:
            self.address_button.draw(surface, px)
            below = self.address_button.rect.bottom
        text.draw(surface, self.tr("online.esc_leaves"), (w / 2, below + px * 0.6),
                  theme.font_px(self.size, 18), theme.TEXT_DIM, "midtop")


LISTEN = "0.0.0.0"      # a hosted server listens on every network of the machine
# (SEABATTLE_LISTEN says otherwise: the tests and the monkey keep to 127.0.0.1)


def online_listen() -> str:
    """Where a server this game hosts listens: every network, or SEABATTLE_LISTEN's address."""
    return os.environ.get("SEABATTLE_LISTEN", LISTEN)


def hosted_session(app) -> Session:
    """A server in this game (its rooms kept under the data folder, like the saves), and this
    seat's connection to it."""
    return Session.host_here(data_dir() / "server", listen=online_listen(), **app.flow.who())
