"""The leaderboard (issue 37): a tab per game kind (←/→ or a click), the server's top 50 of it
in a table that scrolls (↑/↓, PageUp/PageDown, Home/End, the wheel), the player's own row lit,
and his place said under the table when it is not among the rows shown."""

from __future__ import annotations

import pygame

from ...net.session import LobbySession
from ...render import frame_log, text, theme
from ...render.lobby import draw_row
from ...render.widgets import panel
from .base import Scene
from .online_find import kinds

# the table's columns: (where in the row, anchor, the room a cell has), as fractions of its width
COLUMNS = [(0.09, "midright", 0.08), (0.13, "midleft", 0.5), (0.78, "midright", 0.14),
           (0.96, "midright", 0.14)]


class LeaderboardScene(Scene):
    music = "title"
    # a controller: the shoulders turn the pages, Y refreshes
    PAD = {"lb": pygame.K_PAGEUP, "rb": pygame.K_PAGEDOWN, "y": pygame.K_r}

    def __init__(self, app, lobby: LobbySession):
        super().__init__(app)
        self.lobby = lobby
        self.kinds = kinds()
        kind = app.settings.match_kind
        self.tab = self.kinds.index(kind) if kind in self.kinds else 0
        self.scroll = 0              # the first row shown
        self.tabs: list[pygame.Rect] = []
        self.table = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.ask()

    @property
    def kind(self) -> str:
        return self.kinds[self.tab]

    def ask(self) -> None:
        self.scroll = 0
        self.lobby.ask_leaderboard(self.kind)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.lobby.poll()

    def exit(self) -> None:
        self.lobby.close()

    @property
    def board(self) -> dict | None:
        return self.lobby.boards.get(self.kind)

    @property
    def rows(self) -> list:
        return (self.board or {}).get("top") or []

    @property
    def shown(self) -> int:
        """Rows the table holds at this window size."""
        return max(1, self.table.h // self.row_h - 1)

    # -- input ---------------------------------------------------------------------------------
    def choose(self, tab: int) -> None:
        tab %= len(self.kinds)
        if tab != self.tab:
            self.tab = tab
            self.app.settings.match_kind = self.kind
            self.app.sound("click")
            self.ask()

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(self.scroll + rows, len(self.rows) - self.shown))

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.shown,
                     pygame.K_PAGEDOWN: self.shown, pygame.K_HOME: -10 ** 4,
                     pygame.K_END: 10 ** 4}
            if event.key == pygame.K_ESCAPE:
                self.app.sound("click")
                self.app.save_settings()
                self.app.scenes.pop()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.choose(self.tab + (1 if event.key == pygame.K_RIGHT else -1))
            elif event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key in (pygame.K_r, pygame.K_F5):
                self.ask()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.tabs):
                if rect.collidepoint(event.pos):
                    self.choose(i)

    # -- layout and drawing --------------------------------------------------------------------
    def _panel(self) -> pygame.Rect:
        w, h = self.size
        rect = pygame.Rect(0, 0, int(min(w * 0.92, 980 * theme.unit(self.size))), int(h * 0.74))
        rect.center = (w // 2, int(h * 0.56))
        return rect

    def layout_key(self):
        return (self.size, self.app.settings.language)

    def lay_out(self, w: int, h: int, u: float) -> None:
        rect = self._panel()
        px = theme.font_px(self.size, 22)
        tab_h = int(px * 1.9)
        width = (rect.w - 20) // len(self.kinds)
        self.tabs = [pygame.Rect(rect.x + 10 + i * width, rect.y + 10, width - 6, tab_h)
                     for i in range(len(self.kinds))]
        self.row_h = int(px * 1.45)
        top = rect.y + 20 + tab_h
        foot = int(px * 2.6)             # the player's own line and the keys, under the table
        self.table = pygame.Rect(rect.x + 16, top, rect.w - 32, rect.bottom - top - foot)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        text.draw(surface, self.tr("board.title"), (w / 2, 42 * u),
                  theme.font_px(self.size, 46), theme.ACCENT, "center", shadow=True)
        rect = self._panel()
        panel(surface, rect, 220)
        px = theme.font_px(self.size, 22)
        for i, tab in enumerate(self.tabs):
            on = i == self.tab
            pygame.draw.rect(surface, theme.PANEL_EDGE if on else theme.PANEL, tab,
                             border_radius=8)
            pygame.draw.rect(surface, theme.ACCENT if on else theme.TEXT_DIM, tab, 2,
                             border_radius=8)
            frame_log.box(surface, tab, "tab")
            words = self.tr(f"find.tab.{self.kinds[i]}")      # (the whole name: the form's)
            text.draw(surface, words, tab.center, text.fit_px(words, theme.font_px(self.size, 26), tab.w - 12),
                      theme.TEXT if on else theme.TEXT_DIM, "center")
        row = pygame.Rect(self.table.x, self.table.y, self.table.w, self.row_h)
        heads = [self.tr("board.place"), self.tr("board.name"), self.tr("board.rating"),
                 self.tr("board.games")]
        draw_row(surface, row, heads, COLUMNS, px - 4, theme.TEXT_DIM)
        you = (self.board or {}).get("you")
        status = self.status()
        if status and not self.rows:
            text.draw(surface, status[0], self.table.center, text.fit_px(
                status[0], px, self.table.w - 20), status[1], "center")
        rows = self.rows
        for k, entry in enumerate(rows[self.scroll:self.scroll + self.shown]):
            row = row.move(0, self.row_h)
            mine = you is not None and entry.get("place") == you.get("place")
            draw_row(surface, row, self.cells(entry), COLUMNS, px,
                     theme.ACCENT if mine else theme.TEXT, mark=mine)
        if len(rows) > self.shown:           # where the rows shown stand in the whole
            bar = pygame.Rect(self.table.right + 4, self.table.y + self.row_h, 5,
                              self.table.h - self.row_h)
            pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=2)
            part = bar.h * self.shown // len(rows)
            at = bar.y + (bar.h - part) * self.scroll // max(1, len(rows) - self.shown)
            pygame.draw.rect(surface, theme.ACCENT, (bar.x, at, bar.w, part), border_radius=2)
        y = self.table.bottom + px * 0.4
        if self.board is not None:       # (a connection lost since: said in its place)
            line, ink = status if status and self.rows else (
                self.own_line(), theme.ACCENT if you else theme.TEXT_DIM)
            text.draw(surface, line, (w / 2, y), text.fit_px(line, px, rect.w - 30), ink,
                      "midtop")
        small = theme.font_px(self.size, 17)
        keys = self.tr("board.keys")
        text.draw(surface, keys, (w / 2, rect.bottom + small * 0.6),
                  text.fit_px(keys, small, w - 20), theme.TEXT_DIM, "midtop")

    def cells(self, entry: dict) -> list[str]:
        name = f"{entry.get('name', '')} · {entry.get('tag', '')}"
        return [str(entry.get("place", "")), name, str(entry.get("rating", "")),
                str(entry.get("games", ""))]

    def own_line(self) -> str:
        board = self.board or {}
        you = board.get("you")
        if not you:
            return self.tr("board.you_none", players=board.get("players", 0))
        return self.tr("board.you", place=you.get("place", "?"),
                       players=board.get("players", 0), rating=you.get("rating", "?"),
                       n=you.get("games", 0))

    def status(self) -> tuple[str, tuple] | None:
        """What stands in the table's place: why there is nothing, or None (the rows)."""
        problem = self.lobby.problem()
        if problem:
            return self.tr(problem), theme.BAD
        if self.board is None:
            return self.tr("online.connecting") + "." * (1 + int(self.t * 2) % 3), \
                theme.TEXT_DIM
        if not self.rows:
            return self.tr("board.empty"), theme.TEXT_DIM
        return None
