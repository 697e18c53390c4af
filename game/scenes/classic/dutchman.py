"""Drawing a Flying Dutchman (RULES.md §D): a ship of any shape whose cells join by sides or by
corners. Used to place it before the battle and to move what is left of it after a hit.

Click cells (or move with the arrows and press Space) to add or remove them; the ship is legal
once it has exactly its number of decks, all joined. "Random" draws a legal shape; after a hit
"Stay" leaves the ship where it is.
"""

from __future__ import annotations

import random

import pygame

from ...rules.fleet import AROUND, as_ship, connected, random_polyking
from ...render.placement import draw_paint
from ...render.widgets import Button
from ..common.base import step_cell
from ..common.placement_base import PlacementBase, board_beside, stack_buttons


class PaintShipScene(PlacementBase):
    KEYS = {**PlacementBase.KEYS, pygame.K_SPACE: "key_space", pygame.K_a: "randomise",
            pygame.K_s: "key_stay"}
    # a controller: A draws a cell (Space), Start is ready (Enter), X a random shape, Y stays
    PAD = {**PlacementBase.PAD, "a": pygame.K_SPACE, "start": pygame.K_RETURN, "x": pygame.K_a,
           "y": pygame.K_s}

    def __init__(self, app, config, letters: str, title: str, size: int, on_done,
                 cells=(), wrecks=(), marks=None, on_stay=None, rng=None):
        """``on_done(cells)`` receives the legal ship; ``on_stay`` (after a hit) leaves it."""
        super().__init__(app, on_done, letters, config.width, config.height,
                         rng=rng or random.Random(0))
        self.config = config
        self.title = title
        self.size_needed = size
        self.on_stay = on_stay
        self.cells: set = set(cells)
        self.start = as_ship(cells) if cells else ()
        self.wrecks = set(wrecks)
        self.marks = dict(marks or {})
        self.cursor = next(iter(sorted(self.cells)), (config.width // 2, config.height // 2))
        self.buttons = [Button(lambda: self.tr("paint.random"), self.randomise, hotkey="A"),
                        Button(lambda: self.tr("place.clear"), self.clear, hotkey="C")]
        if on_stay is not None:
            self.buttons.append(Button(lambda: self.tr("paint.stay"), self.stay, hotkey="S"))
        self.buttons.append(Button(lambda: self.tr("place.ready"), self.ready,
                                   lambda: self.problem() is None, hotkey="Enter"))
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
    def lay_out(self, w: int, h: int, u: float) -> None:
        c = self.config
        self.geo, self.side, m = board_beside(w, h, u, c.width, c.height, 80, 0.6, 60, 60)
        stack_buttons(self.buttons, self.side, 1, int(44 * u), 0, m // 2)

    def on_motion(self, event) -> None:
        cell = self.geo.cell_at(event.pos)
        if cell is not None:
            self.cursor = cell

    def on_press(self, event) -> None:
        cell = self.geo.cell_at(event.pos) if event.button == 1 else None
        if cell is not None:
            self.cursor = cell
            self.toggle(cell)

    def key_arrow(self, event) -> None:
        self.cursor = step_cell(self.cursor, event.key, self.cols, self.rows)

    def key_space(self, event) -> None:
        self.toggle(self.cursor)

    def key_enter(self, event) -> None:
        self.ready()

    def key_stay(self, event) -> None:
        if self.on_stay is not None:
            self.stay()

    def key_escape(self, event) -> None:
        """Esc goes back before the battle; after a hit the ship must move or stay."""
        if self.on_stay is None:
            super().key_escape(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_paint(surface, self)
