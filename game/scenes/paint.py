"""Drawing a Flying Dutchman (RULES.md §D): a ship of any shape whose cells join by sides or by
corners. Used to place it before the battle and to move what is left of it after a hit.

Click cells (or move with the arrows and press Space) to add or remove them; the ship is legal
once it has exactly its number of decks, all joined. "Random" draws a legal shape; after a hit
"Stay" leaves the ship where it is.
"""

from __future__ import annotations

import random

import pygame

from ..rules.coords import board_letters
from ..rules.fleet import AROUND, as_ship, connected, random_polyking
from ..render import text, theme
from ..render.board import BoardGeometry, BoardPicture, draw_board
from ..render.widgets import Button, panel, tint
from .base import ARROWS, Scene, step_cell


class PaintShipScene(Scene):
    def __init__(self, app, config, letters: str, title: str, size: int, on_done,
                 cells=(), wrecks=(), marks=None, on_stay=None, rng=None):
        """``on_done(cells)`` receives the legal ship; ``on_stay`` (after a hit) leaves it."""
        super().__init__(app)
        self.config = config
        self.letters = board_letters(letters, config.width, config.height)
        self.title = title
        self.size_needed = size
        self.on_done = on_done
        self.on_stay = on_stay
        self.cells: set = set(cells)
        self.start = as_ship(cells) if cells else ()
        self.wrecks = set(wrecks)
        self.marks = dict(marks or {})
        self.rng = rng or random.Random(0)
        self.cursor = next(iter(sorted(self.cells)), (config.width // 2, config.height // 2))
        self.message = ""
        self.buttons = [Button(lambda: self.tr("paint.random"), self.randomise, hotkey="A"),
                        Button(lambda: self.tr("place.clear"), self.clear, hotkey="C")]
        if on_stay is not None:
            self.buttons.append(Button(lambda: self.tr("paint.stay"), self.stay, hotkey="S"))
        self.buttons.append(Button(lambda: self.tr("place.ready"), self.ready,
                                   lambda: self.problem() is None, hotkey="Enter"))
        self._layout_size = None

    # -- the ship ------------------------------------------------------------------------
    def problem(self) -> str | None:
        n = len(self.cells)
        if n != self.size_needed:
            return self.tr("paint.need", n=self.size_needed, have=n)
        if not connected(list(self.cells), AROUND):
            return self.tr("paint.joined")
        return None

    def toggle(self, cell) -> None:
        if cell in self.wrecks:
            self.message = self.tr("paint.wreck")
            self.app.sound("refuse")
            return
        if cell in self.cells:
            self.cells.remove(cell)
        elif len(self.cells) < self.size_needed:
            self.cells.add(cell)
        else:
            self.message = self.tr("paint.full", n=self.size_needed)
            self.app.sound("refuse")
            return
        self.message = ""
        self.app.sound("click")

    def randomise(self) -> None:
        c = self.config
        for _ in range(200):
            cells = random_polyking(self.size_needed, c.width, c.height, self.rng)
            if not self.wrecks.intersection(cells):
                self.cells = set(cells)
                break
        self.message = ""
        self.app.sound("click")

    def clear(self) -> None:
        self.cells = set()
        self.app.sound("click")

    def stay(self) -> None:
        self.app.sound("click")
        self.on_stay()

    def ready(self) -> None:
        problem = self.problem()
        if problem is not None:
            self.message = problem
            self.app.sound("refuse")
            return
        self.app.sound("click")
        self.on_done(as_ship(self.cells))

    # -- layout and input ----------------------------------------------------------------
    def _layout(self) -> None:
        if self._layout_size == self.size:
            return
        self._layout_size = self.size
        w, h = self.size
        u = theme.unit(self.size)
        m = int(18 * u)
        area = pygame.Rect(m, int(80 * u), int(w * 0.6), h - int(80 * u) - int(60 * u))
        self.geo = BoardGeometry.fit(area, self.config.width, self.config.height, max_cell=60)
        self.side = pygame.Rect(area.right + m, int(80 * u), w - area.right - 2 * m, area.h)
        bh = int(44 * u)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(self.side.x, self.side.bottom - (len(self.buttons) - i) * (bh + m // 2),
                                 self.side.w, bh)

    def handle(self, event) -> None:
        self._layout()
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.MOUSEMOTION:
            cell = self.geo.cell_at(event.pos)
            if cell is not None:
                self.cursor = cell
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.geo.cell_at(event.pos)
            if cell is not None:
                self.cursor = cell
                self.toggle(cell)
        elif event.type == pygame.KEYDOWN:
            c = self.config
            if event.key in ARROWS:
                self.cursor = step_cell(self.cursor, event.key, c.width, c.height)
            elif event.key == pygame.K_SPACE:
                self.toggle(self.cursor)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.ready()
            elif event.key == pygame.K_a:
                self.randomise()
            elif event.key == pygame.K_c:
                self.clear()
            elif event.key == pygame.K_s and self.on_stay is not None:
                self.stay()
            elif event.key == pygame.K_ESCAPE and self.on_stay is None:
                self.app.sound("click")
                self.back()

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        w, h = self.size
        u = theme.unit(self.size)
        text.draw(surface, self.title, (w / 2, 40 * u), theme.font_px(self.size, 36),
                  theme.ACCENT, "center", shadow=True)
        ok = self.problem() is None
        pic = BoardPicture(ships=[as_ship(self.cells)] if ok and self.cells else [],
                           marks=self.marks, wrecks=[tuple(sorted(self.wrecks))] if self.wrecks else [])
        draw_board(surface, self.geo, pic, self.letters, self.t, cursor=self.cursor)
        colour = theme.GOOD if ok else theme.ACCENT
        for cell in self.cells:
            surface.blit(tint((self.geo.cell, self.geo.cell), (*colour, 120)),
                         self.geo.cell_rect(cell).topleft)
        if self.start:
            for cell in self.start:
                pygame.draw.rect(surface, theme.TEXT_DIM, self.geo.cell_rect(cell), 1)
        panel(surface, self.side.inflate(0, 0).clip(pygame.Rect(self.side.x, self.side.y,
                                                                 self.side.w, self.side.h // 2)), 200)
        px = theme.font_px(self.size, 20)
        y = self.side.y + 10
        lines = text.wrap(self.tr("paint.help", n=self.size_needed), px, self.side.w - 20)
        for line in lines[:8]:
            text.draw(surface, line, (self.side.x + 10, y), px, theme.TEXT)
            y += px * 1.25
        status = self.message or self.problem() or self.tr("paint.ok")
        for line in text.wrap(status, px, self.side.w - 20)[:3]:
            text.draw(surface, line, (self.side.x + 10, y + px * 0.5), px,
                      theme.GOOD if ok and not self.message else theme.BAD)
            y += px * 1.25
        bpx = theme.font_px(self.size, 20)
        for b in self.buttons:
            b.draw(surface, bpx)
