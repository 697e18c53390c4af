"""Watch a game (issue 37): a room's code typed, or one of the games in progress the server
lists (those whose players let them be listed), refreshed on demand; either opens the
spectator's screen (``app.flow.watch_room``)."""

from __future__ import annotations

from ...net.protocol import CODE_LENGTH, is_code
from ...net.session import LobbySession
from ...render import text, theme
from ...render.widgets import Item
from .dialogs import MenuScene
from .online import clean_code
from .online_find import kind_words, server_item

ROWS = 6          # games of the listing shown as rows at most (the newest first)


class WatchMenuScene(MenuScene):
    def __init__(self, app, lobby: LobbySession):
        self.lobby = lobby
        self.code = ""
        self.problem: str | None = None
        self._listing = None          # the listing the rows were made from
        self.head = [
            server_item(self, app.settings),
            Item(lambda: self.tr("online.room"), get=lambda: self.code,
                 set=lambda v: setattr(self, "code", clean_code(v)), max_len=CODE_LENGTH,
                 placeholder=lambda: "ABC23456"),
            Item(lambda: self.tr("watchlist.go"), self.watch_code),
        ]
        self.foot = [Item(lambda: self.tr("watchlist.refresh"), self.refresh),
                     Item(lambda: self.tr("menu.back"), self.back)]
        super().__init__(app, self.head + self.foot, base_px=26)
        self.menu.index = 1           # the code: what one mostly types here
        self.refresh()

    def heading(self) -> str:
        return self.tr("watchlist.title")

    def refresh(self) -> None:
        """Ask the server for its listing (on the server named now: a changed address opens
        a new connection)."""
        address = self.app.flow.match_address()
        if address != self.lobby.address:
            self.lobby.close()
            lobby = self.app.flow.lobby_for_lists()
            if lobby is None:
                self.problem = "online.error_address"
                return
            self.lobby = lobby
        self.problem = None
        self.app.save_settings()
        self.lobby.ask_games()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.lobby.poll()
        if self.lobby.listing is not self._listing:
            self._listing = self.lobby.listing
            games = [g for g in (self._listing or []) if isinstance(g, dict)][:ROWS]
            current = self.menu.current
            self.menu.items = self.head + [self._row(g) for g in games] + self.foot
            if current in self.menu.items:
                self.menu.index = self.menu.items.index(current)
            else:
                self.menu.index = min(self.menu.index, len(self.menu.items) - 1)

    def _row(self, game: dict) -> Item:
        room = game.get("room", "")

        def words() -> str:
            names = list(game.get("names") or ["?", "?"])[:2]
            ratings = list(game.get("ratings") or [])[:2]
            who = " — ".join(f"{n} ({r})" if r is not None else str(n)
                             for n, r in zip(names, ratings + [None] * (2 - len(ratings))))
            return self.tr("watchlist.row", who=who, n=game.get("moves", 0),
                           kind=kind_words(self.tr, game.get("kind", "")))
        return Item(words, lambda: self.watch(room))

    def watch_code(self) -> None:
        if not is_code(self.code):
            self.problem = "online.error_code"
            return
        self.watch(self.code)

    def watch(self, room: str) -> None:
        if not is_code(room):
            return
        self.problem = None
        self.app.save_settings()
        self.app.flow.watch_room(self.lobby.host, self.lobby.port, room)

    def back(self) -> None:
        self.app.save_settings()
        self.app.scenes.pop()

    def exit(self) -> None:
        self.lobby.close()

    def draw_below(self, surface, rect) -> None:
        px = theme.font_px(self.size, 20)
        w = self.size[0]
        problem = self.problem or self.lobby.problem()
        if problem:
            words, colour = self.tr(problem), theme.BAD
        elif self.lobby.listing is None:
            words, colour = self.tr("online.connecting"), theme.TEXT_DIM
        elif not self.lobby.listing:
            words, colour = self.tr("watchlist.none"), theme.TEXT_DIM
        else:
            words, colour = self.tr("watchlist.listed", n=len(self.lobby.listing)), theme.TEXT_DIM
        text.draw(surface, words, (w / 2, rect.bottom + px * 0.6),
                  text.fit_px(words, px, int(w * 0.9)), colour, "midtop")
