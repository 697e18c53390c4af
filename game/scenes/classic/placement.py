"""Fleet placement (RULES.md §C): drag ships from the dock, or click to pick and click to place;
rotate with R, the right button or the wheel, mirror with F, and (C2) change a ship's shape with
T; or place everything by keyboard alone (Tab picks a ship, arrows move it, Enter places it).
Mines (C5), minesweepers (C6) and air defences (§A) wait in the dock after the ships. An illegal
spot shows red with the reason in words.
"""

from __future__ import annotations

import pygame

from ...ai.layouts import STYLES, make_layout
from ...rules.classic import (AIR_DEFENCE, Setup, check_piece_at, random_defences, random_fleet,
                             random_pieces, validate_fleet, validate_pieces)
from ...rules.errors import PlacementError
from ...rules.fleet import (BENT_SHAPES, blocked_steps, canonical, check_ship_at, neighbours,
                           normalise, random_ships)
from ...render.placement import draw_classic
from ...render.widgets import Button
from ..common.placement_base import ShipPlacement, board_beside, stack_buttons


class PlacementScene(ShipPlacement):
    KEYS = {**ShipPlacement.KEYS, pygame.K_f: "mirror_held", pygame.K_t: "next_shape",
            pygame.K_a: "auto_place", pygame.K_s: "next_style"}
    PAD = {**ShipPlacement.PAD, "rs": pygame.K_s}   # a controller's right stick pressed: style

    def __init__(self, app, match, player: int, on_done):
        self.config = match.config
        super().__init__(app, on_done, match.letters, self.config.width, self.config.height,
                         match, player)
        self.placed: list[tuple] = []
        self.mines: list = []     # C5
        self.sweepers: list = []  # C6
        self.defences: list = []  # §A: air defences
        self.held_piece = None    # "mine", "sweeper" or AIR_DEFENCE in hand
        self.held = None          # normalised cells of the ship in hand
        self.grab = (0, 0)        # which cell of ``held`` is under the pointer
        self.dragging = False
        self.cursor = (0, 0)
        choices = app.settings.quick_match
        if choices.get("placement_style") not in STYLES:
            choices["placement_style"] = "random"
        self.choices = choices
        self.buttons = [
            Button(lambda: self.tr("place.auto"), self.auto_place, hotkey="A"),
            Button(lambda: self.tr("place.style", style=self.tr(f"style.{self.style}")),
                   self.next_style, hotkey="S"),
            Button(lambda: self.tr("place.clear"), self.clear, hotkey="C"),
            Button(lambda: self.tr("place.rotate"), self.rotate_held, lambda: self.held is not None,
                   hotkey="R"),
        ]
        if self.config.shapes == "bent":
            self.buttons.append(Button(lambda: self.tr("place.shape"), self.next_shape,
                                       lambda: self.shapes_of_held() is not None, hotkey="T"))
        self.buttons += [
            Button(lambda: self.tr("place.ready"), self.ready, lambda: self.complete,
                   hotkey="Enter"),
        ]
        self.take_next()

    @property
    def form(self):
        """The ship in hand's cells: Classic keeps them in ``held``."""
        return self.held

    @form.setter
    def form(self, cells) -> None:
        self.held = cells

    # -- the fleet ---------------------------------------------------------------------------
    @property
    def style(self) -> str:
        return self.choices["placement_style"]

    def next_style(self) -> None:
        i = STYLES.index(self.style)
        self.choices["placement_style"] = STYLES[(i + 1) % len(STYLES)]
        self.app.sound("click")

    @property
    def remaining(self) -> list[int]:
        """Sizes still in the dock (the ship in hand counts as in the dock)."""
        sizes = sorted(self.config.sizes, reverse=True)
        for ship in self.placed:
            sizes.remove(len(ship))
        return sizes

    @property
    def pieces_left(self) -> dict:
        return {kind: want - len(self.pile(kind)) for kind, want in (
            ("mine", self.config.mines), ("sweeper", self.config.sweepers),
            (AIR_DEFENCE, self.config.air_defence))}

    def pile(self, kind: str) -> list:
        """The cells of the pieces of ``kind`` placed (a mine, a minesweeper, an air
        defence)."""
        return {"mine": self.mines, "sweeper": self.sweepers, AIR_DEFENCE: self.defences}[kind]

    @property
    def complete(self) -> bool:
        return (not self.remaining and self.held is None and self.held_piece is None
                and not any(self.pieces_left.values()))

    def shapes_of_held(self):
        """C2: the shapes the ship in hand may take, or None."""
        if self.held is None or self.config.shapes != "bent":
            return None
        forms = BENT_SHAPES.get(len(self.held))
        return sorted(forms) if forms and len(forms) > 1 else None

    def next_shape(self) -> None:
        forms = self.shapes_of_held()
        if not forms:
            return
        cur = canonical(self.held)
        i = forms.index(cur) if cur in forms else -1
        self.held = normalise(forms[(i + 1) % len(forms)])
        self.grab = (0, 0)
        self.message = ""
        self.app.sound("click")

    def place_piece(self) -> bool:
        kind = self.held_piece
        try:
            check_piece_at(self.config, kind, self.cursor, self.placed, self.mines, self.sweepers,
                           self.defences)
        except PlacementError as exc:
            self.refuse(self.words(exc))
            return False
        self.pile(kind).append(self.cursor)
        self.app.sound("click")
        self.message = ""
        self.held_piece = None
        self.take_next()
        return True

    def take(self, size: int, grab=(0, 0)) -> None:
        self.held = tuple((i, 0) for i in range(size))
        self.grab = grab
        self.message = ""

    def take_next(self, step: int = 0) -> None:
        """Hold the next ship of the dock (Tab cycles through the sizes left), then the mines,
        minesweepers and air defences."""
        sizes = sorted(set(self.remaining), reverse=True)
        if not sizes:
            self.held = None
            left = self.pieces_left
            self.held_piece = next((k for k, n in left.items() if n > 0), None)
            return
        if self.held is not None and step:
            cur = len(self.held)
            i = sizes.index(cur) if cur in sizes else -1
            size = sizes[(i + step) % len(sizes)]
        else:
            size = sizes[0]
        self.take(size)

    def check_ghost(self, cells) -> None:
        c = self.config
        check_ship_at(cells, self.placed, c.width, c.height, c.shapes, c.touching)

    def put_down(self, cells) -> None:
        self.placed.append(cells)
        self.app.sound("click")
        self.message = ""
        self.take_next()
        self._just_placed = (self.cursor, self.held)   # no ghost over the ship just placed

    _just_placed = None

    @property
    def ghost_shown(self) -> bool:
        """The held ship is drawn where it would go, except on the spot of the ship just placed
        until the cursor moves or the ship in hand changes."""
        return self.held is not None and (self.cursor, self.held) != self._just_placed

    def lift(self, cell) -> bool:
        """Pick the placed ship (or mine, minesweeper, air defence) at ``cell`` back up."""
        for kind in self.pieces_left:
            pieces = self.pile(kind)
            if cell in pieces and self.held is None:
                pieces.remove(cell)
                self.held_piece = kind
                self.cursor = cell
                return True
        for ship in self.placed:
            if cell in ship:
                self.placed.remove(ship)
                self.pick_up(ship, cell)
                return True
        return False

    def mirror_held(self) -> None:
        if self.held is not None:
            self.reshape_held(lambda x, y: (-x, y))

    def auto_place(self) -> None:
        """Lay out the fleet in the chosen style; in the plain random style, complete the fleet
        around the ships already placed when there is room."""
        c = self.config
        if self.style != "random" or not self.placed:
            profile = self.match.profile
            opening = profile.opening(c.width, c.height) if profile else None
            try:
                self.placed = list(make_layout(self.style, c, self.rng, opening))
            except PlacementError:   # a style that finds no room on a crowded sea
                self.placed = list(random_fleet(c, self.rng))
            self._auto_pieces()
            return
        blocked = set()
        for ship in self.placed:
            for cell in ship:
                blocked.add(cell)
                blocked.update(neighbours(cell, c.width, c.height, blocked_steps(c.touching)))
        try:
            self.placed += random_ships(self.remaining, c.width, c.height, c.shapes, c.touching,
                                        self.rng, attempts=300, blocked=blocked)
        except PlacementError:
            self.placed = list(random_fleet(c, self.rng))
        self._auto_pieces()

    def _auto_pieces(self) -> None:
        """Mines, minesweepers and air defences at random legal cells around the ships (C5, C6,
        §A)."""
        self.held = None
        self.held_piece = None
        self.message = ""
        c = self.config
        if c.mines or c.sweepers or c.air_defence:
            try:
                self.mines, self.sweepers = (random_pieces(c, self.placed, self.rng)
                                             if c.mines or c.sweepers else ([], []))
                self.defences = random_defences(c, self.placed, self.mines, self.sweepers,
                                                self.rng)
            except PlacementError as exc:
                self.mines, self.sweepers, self.defences = [], [], []
                self.message = self.words(exc)
                self.take_next()
        self.app.sound("click")

    def clear(self) -> None:
        self.placed = []
        self.mines, self.sweepers, self.defences = [], [], []
        self.held_piece = None
        self.take_next()
        self.app.sound("click")

    def ready(self) -> None:
        if not self.complete:
            self.app.sound("refuse")
            return
        try:
            validate_fleet(self.config, self.placed)
            validate_pieces(self.config, self.placed, self.mines, self.sweepers, self.defences)
        except PlacementError as exc:
            self.message = self.words(exc)
            return
        self.app.sound("click")
        self.on_done(Setup(list(self.placed), list(self.mines), list(self.sweepers),
                           list(self.defences)))

    # -- layout ------------------------------------------------------------------------------
    def lay_out(self, w: int, h: int, u: float) -> None:
        c = self.config
        self.geo, side, m = board_beside(w, h, u, c.width, c.height, 80, 0.56, 70, 60)
        self.side = side
        stack_buttons(self.buttons, side, 2, int(44 * u), m, m // 2)
        kinds = len(set(c.sizes)) + (c.mines > 0) + (c.sweepers > 0) + (c.air_defence > 0)
        self.dock_cell = max(10, min(self.geo.cell - 6, (side.w - 90) // max(c.sizes),
                                     int(side.h * 0.5 / (1.35 * kinds + 1.6))))
        self.dock_rect = pygame.Rect(side.x, side.y, side.w,
                                     int(self.dock_cell * (1.35 * kinds + 1.6)))

    def _dock_slots(self):
        """Where each size waiting in the dock is drawn: (size or piece kind, count, rect,
        cell)."""
        counts: dict = {}
        for s in self.remaining:
            counts[s] = counts.get(s, 0) + 1
        cell = self.dock_cell
        out = []
        y = self.dock_rect.y + int(cell * 1.4)
        for size in sorted(counts, reverse=True):
            rect = pygame.Rect(self.dock_rect.x + 16, y, size * cell, cell)
            out.append((size, counts[size], rect, cell))
            y += int(cell * 1.35)
        for kind, left in self.pieces_left.items():
            if left > 0:
                out.append((kind, left, pygame.Rect(self.dock_rect.x + 16, y, cell, cell), cell))
                y += int(cell * 1.35)
        return out

    def dock_items(self):
        return [(entry, rect) for entry, _, rect, _ in self._dock_slots()]

    # -- input -------------------------------------------------------------------------------
    def press_board(self, cell) -> None:
        if self.held is not None:
            self.place_held()
        elif self.held_piece is not None:
            self.place_piece()
        elif self.lift(cell):
            self.dragging = self.held is not None

    def take_from_dock(self, entry) -> None:
        if isinstance(entry, str):
            self.held, self.held_piece = None, entry
        else:
            self.take(entry)
            self.held_piece = None
            self.dragging = True

    def key_enter(self, event) -> None:
        if self.held is not None:
            self.place_held()
        elif self.held_piece is not None:
            self.place_piece()
        elif self.complete:
            self.ready()
        else:
            self.lift(self.cursor)

    def key_delete(self, event) -> None:
        if self.lift(self.cursor):
            self.app.sound("click")

    def help_text(self) -> str:
        """The keys and steps of this placement: mirror and shapes only where ships may bend,
        mines, minesweepers and air defences only where the rules have them."""
        c = self.config
        words = [self.tr("place.help")]
        if c.shapes == "bent" and any(len(BENT_SHAPES.get(n, ())) > 1 for n in c.sizes):
            words.append(self.tr("place.help_shapes"))
        if c.mines or c.sweepers:
            words.append(self.tr("place.help_pieces"))
        if c.air_defence:
            words.append(self.tr("place.help_defences"))
        return " ".join(words)

    def draw(self, surface: pygame.Surface) -> None:
        draw_classic(surface, self)
