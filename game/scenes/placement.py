"""Fleet placement (RULES.md §C): drag ships from the dock, or click to pick and click to place;
rotate with R, the right button or the wheel, mirror with F, and (C2) change a ship's shape with
T; or place everything by keyboard alone (Tab picks a ship, arrows move it, Enter places it).
Mines (C5) and minesweepers (C6) wait in the dock after the ships. An illegal spot shows red
with the reason in words.
"""

from __future__ import annotations

import random

import pygame

from ..ai.layouts import STYLES, make_layout
from ..i18n import describe
from ..rules.classic import (Setup, check_piece_at, random_fleet, random_pieces, validate_fleet,
                             validate_pieces)
from ..rules.coords import board_letters
from ..rules.errors import PlacementError
from ..rules.fleet import (BENT_SHAPES, as_ship, blocked_steps, canonical, check_ship_at,
                           neighbours, normalise, random_ships)
from ..render import text, theme
from ..render.board import (BoardGeometry, BoardPicture, draw_board, draw_mine, draw_ship,
                            draw_sweeper)
from ..render.widgets import Button, panel, tint
from .base import ARROWS, Scene, step_cell


class PlacementScene(Scene):
    def __init__(self, app, match, player: int, on_done):
        super().__init__(app)
        self.match = match
        self.config = match.config
        self.player = player
        self.on_done = on_done
        self.letters = board_letters(match.letters, self.config.width, self.config.height)
        self.rng = random.Random(match.rng.getrandbits(32))
        self.placed: list[tuple] = []
        self.mines: list = []     # C5
        self.sweepers: list = []  # C6
        self.held_piece = None    # "mine" or "sweeper" in hand
        self.held = None          # normalised cells of the ship in hand
        self.grab = (0, 0)        # which cell of ``held`` is under the pointer
        self.dragging = False
        self.mouse = None         # pointer position while it is off the board
        self.cursor = (0, 0)
        self.message = ""
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
        self._layout_size = None
        self.take_next()

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
        return {"mine": self.config.mines - len(self.mines),
                "sweeper": self.config.sweepers - len(self.sweepers)}

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
            check_piece_at(self.config, kind, self.cursor, self.placed, self.mines, self.sweepers)
        except PlacementError as exc:
            self.message = describe(exc, self.tr, self.letters)
            self.app.sound("refuse")
            return False
        (self.mines if kind == "mine" else self.sweepers).append(self.cursor)
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
        """Hold the next ship of the dock (Tab cycles through the sizes left), then the mines
        and minesweepers."""
        sizes = sorted(set(self.remaining), reverse=True)
        if not sizes:
            self.held = None
            left = self.pieces_left
            self.held_piece = next((k for k in ("mine", "sweeper") if left[k] > 0), None)
            return
        if self.held is not None and step:
            cur = len(self.held)
            i = sizes.index(cur) if cur in sizes else -1
            size = sizes[(i + step) % len(sizes)]
        else:
            size = sizes[0]
        self.take(size)

    def ghost(self):
        if self.held is None:
            return None
        gx, gy = self.grab
        cx, cy = self.cursor
        return as_ship((cx + x - gx, cy + y - gy) for x, y in self.held)

    def ghost_problem(self):
        cells = self.ghost()
        if cells is None:
            return None
        c = self.config
        try:
            check_ship_at(cells, self.placed, c.width, c.height, c.shapes, c.touching)
        except PlacementError as exc:
            return exc
        return None

    def place_held(self) -> bool:
        if self.held is None:
            return False
        problem = self.ghost_problem()
        if problem is not None:
            self.message = describe(problem, self.tr, self.letters)
            self.app.sound("refuse")
            return False
        self.placed.append(self.ghost())
        self.app.sound("click")
        self.message = ""
        self.take_next()
        self._just_placed = (self.cursor, self.held)   # no ghost over the ship just placed
        return True

    _just_placed = None

    @property
    def ghost_shown(self) -> bool:
        """The held ship is drawn where it would go, except on the spot of the ship just placed
        until the cursor moves or the ship in hand changes."""
        return self.held is not None and (self.cursor, self.held) != self._just_placed

    def lift(self, cell) -> bool:
        """Pick the placed ship (or mine, or minesweeper) at ``cell`` back up."""
        for kind, pieces in (("mine", self.mines), ("sweeper", self.sweepers)):
            if cell in pieces and self.held is None:
                pieces.remove(cell)
                self.held_piece = kind
                self.cursor = cell
                return True
        for ship in self.placed:
            if cell in ship:
                self.placed.remove(ship)
                mx = min(x for x, _ in ship)
                my = min(y for _, y in ship)
                self.held = normalise(ship)
                self.grab = (cell[0] - mx, cell[1] - my)
                self.cursor = cell
                self.message = ""
                return True
        return False

    def rotate_held(self) -> None:
        if self.held is None:
            return
        # keep the grabbed cell under the pointer
        index = self.held.index(self.grab)
        turned = [(-y, x) for x, y in self.held]
        gx, gy = turned[index]
        mx = min(x for x, _ in turned)
        my = min(y for _, y in turned)
        self.held = normalise(turned)
        self.grab = (gx - mx, gy - my)
        self.message = ""
        self.app.sound("click")

    def mirror_held(self) -> None:
        if self.held is None:
            return
        index = self.held.index(self.grab)
        flipped = [(-x, y) for x, y in self.held]
        gx, gy = flipped[index]
        mx = min(x for x, _ in flipped)
        self.held = normalise(flipped)
        self.grab = (gx - mx, gy)

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
        """Mines and minesweepers at random legal cells around the ships (C5, C6)."""
        self.held = None
        self.held_piece = None
        self.message = ""
        if self.config.mines or self.config.sweepers:
            try:
                self.mines, self.sweepers = random_pieces(self.config, self.placed, self.rng)
            except PlacementError as exc:
                self.mines, self.sweepers = [], []
                self.message = describe(exc, self.tr, self.letters)
                self.take_next()
        self.app.sound("click")

    def clear(self) -> None:
        self.placed = []
        self.mines, self.sweepers = [], []
        self.held_piece = None
        self.take_next()
        self.app.sound("click")

    def ready(self) -> None:
        if not self.complete:
            self.app.sound("refuse")
            return
        try:
            validate_fleet(self.config, self.placed)
            validate_pieces(self.config, self.placed, self.mines, self.sweepers)
        except PlacementError as exc:
            self.message = describe(exc, self.tr, self.letters)
            return
        self.app.sound("click")
        self.on_done(Setup(list(self.placed), list(self.mines), list(self.sweepers)))

    # -- layout ------------------------------------------------------------------------------
    def _layout(self) -> None:
        if self._layout_size == self.size:
            return
        self._layout_size = self.size
        w, h = self.size
        u = theme.unit(self.size)
        m = int(18 * u)
        area = pygame.Rect(m, int(80 * u), int(w * 0.56), h - int(80 * u) - int(70 * u))
        self.geo = BoardGeometry.fit(area, self.config.width, self.config.height, max_cell=60)
        side = pygame.Rect(area.right + m, int(80 * u), w - area.right - 2 * m, area.h)
        self.side = side
        bh = int(44 * u)
        rows = (len(self.buttons) + 1) // 2
        for i, b in enumerate(self.buttons):
            col, row = i % 2, i // 2
            bw = (side.w - m) // 2
            b.rect = pygame.Rect(side.x + col * (bw + m),
                                 side.bottom - (rows - row) * (bh + m // 2), bw, bh)
        kinds = len(set(self.config.sizes)) + (self.config.mines > 0) + (self.config.sweepers > 0)
        self.dock_cell = max(10, min(self.geo.cell - 6, (side.w - 90) // max(self.config.sizes),
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

    # -- input -------------------------------------------------------------------------------
    def handle(self, event) -> None:
        self._layout()
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            cell = self.geo.cell_at(event.pos)
            if cell is not None:
                if cell != self.cursor:
                    self.message = ""
                self.cursor = cell
                self.mouse = None
            else:
                self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._press(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            if self.geo.cell_at(event.pos) is not None and self.held is not None:
                self.cursor = self.geo.cell_at(event.pos)
                self.place_held()
        elif event.type == pygame.MOUSEWHEEL:
            self.rotate_held()

    def _press(self, event) -> None:
        if event.button == 3:
            self.rotate_held()
            return
        if event.button != 1:
            return
        cell = self.geo.cell_at(event.pos)
        if cell is not None:
            self.cursor = cell
            if self.held is not None:
                self.place_held()
            elif self.held_piece is not None:
                self.place_piece()
            elif self.lift(cell):
                self.dragging = self.held is not None
            return
        for size, _, rect, _ in self._dock_slots():
            if rect.inflate(12, 12).collidepoint(event.pos):
                if isinstance(size, str):
                    self.held, self.held_piece = None, size
                else:
                    self.take(size)
                    self.held_piece = None
                    self.dragging = True
                self.mouse = event.pos
                self.app.sound("click")
                return

    def _key(self, event) -> None:
        c = self.config
        k = event.key
        if k == pygame.K_ESCAPE:
            self.app.sound("click")
            self.back()
        elif k in ARROWS:
            self.cursor = step_cell(self.cursor, k, c.width, c.height)
            self.mouse = None
            self.message = ""
        elif k == pygame.K_TAB:
            self.take_next(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif k == pygame.K_r:
            self.rotate_held()
        elif k == pygame.K_f:
            self.mirror_held()
        elif k == pygame.K_t:
            self.next_shape()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.held is not None:
                self.place_held()
            elif self.held_piece is not None:
                self.place_piece()
            elif self.complete:
                self.ready()
            else:
                self.lift(self.cursor)
        elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if self.lift(self.cursor):
                self.app.sound("click")
        elif k == pygame.K_a:
            self.auto_place()
        elif k == pygame.K_s:
            self.next_style()
        elif k == pygame.K_c:
            self.clear()

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        w, h = self.size
        u = theme.unit(self.size)
        seat = self.match.seats[self.player]
        title = self.tr("place.title", name=seat.name)
        text.draw(surface, title, (w / 2, 40 * u), theme.font_px(self.size, 40), theme.ACCENT,
                  "center", shadow=True)
        geo = self.geo
        draw_board(surface, geo, BoardPicture(ships=self.placed, mines=self.mines,
                                              sweepers=self.sweepers), self.letters, self.t,
                   cursor=self.cursor if self.held is None and self.mouse is None else None)
        c = self.config
        steps = blocked_steps(c.touching)
        shade = tint((geo.cell, geo.cell), (0, 0, 0, 70))
        blocked = {n for ship in self.placed for cell in ship
                   for n in neighbours(cell, c.width, c.height, steps)} - {
                       cell for ship in self.placed for cell in ship}
        for cell in blocked:
            surface.blit(shade, geo.cell_rect(cell).topleft)
        self._draw_ghost(surface)
        self._draw_side(surface)
        px = theme.font_px(self.size, 21)
        if self.message:
            for i, line in enumerate(text.wrap(self.message, px, geo.outer.w + 40)[:2]):
                text.draw(surface, line, (geo.outer.x, geo.grid.bottom + 10 * u + i * px * 1.2),
                          px, theme.BAD)
        elif self.ghost_shown and self.mouse is None:
            problem = self.ghost_problem()
            if problem is not None:
                msg = describe(problem, self.tr, self.letters)
                for i, line in enumerate(text.wrap(msg, px, geo.outer.w + 40)[:2]):
                    text.draw(surface, line, (geo.outer.x, geo.grid.bottom + 10 * u + i * px * 1.2),
                              px, theme.BAD)

    def _draw_ghost(self, surface) -> None:
        geo = self.geo
        if self.held_piece is not None and self.mouse is None:
            try:
                check_piece_at(self.config, self.held_piece, self.cursor, self.placed,
                               self.mines, self.sweepers)
                colour = theme.GOOD
            except PlacementError:
                colour = theme.BAD
            surface.blit(tint((geo.cell, geo.cell), (*colour, 90)),
                         geo.cell_rect(self.cursor).topleft)
            if self.held_piece == "mine":
                draw_mine(surface, geo, self.cursor, False)
            else:
                draw_sweeper(surface, geo, self.cursor)
            return
        if self.held is None:
            return
        if self.mouse is not None:
            # off the board the ship follows the pointer freely
            gx, gy = self.grab
            origin = (self.mouse[0] - (gx + 0.5) * geo.cell, self.mouse[1] - (gy + 0.5) * geo.cell)
            free = BoardGeometry(int(origin[0]), int(origin[1]), geo.cell, 1, 1)
            draw_ship(surface, free, self.held, theme.SHIP, theme.SHIP_DARK)
            return
        if not self.ghost_shown:
            return
        cells = self.ghost()
        ok = self.ghost_problem() is None
        colour = theme.GOOD if ok else theme.BAD
        for cell in cells:
            if 0 <= cell[0] < geo.cols and 0 <= cell[1] < geo.rows:
                surface.blit(tint((geo.cell, geo.cell), (*colour, 90)), geo.cell_rect(cell).topleft)
        visible = [cell for cell in cells if 0 <= cell[0] < geo.cols and 0 <= cell[1] < geo.rows]
        draw_ship(surface, geo, visible, colour, theme.SHIP_DARK)

    def help_text(self) -> str:
        """The keys and steps of this placement: mirror and shapes only where ships may bend,
        mines and minesweepers only where the rules have them."""
        c = self.config
        words = [self.tr("place.help")]
        if c.shapes == "bent" and any(len(BENT_SHAPES.get(n, ())) > 1 for n in c.sizes):
            words.append(self.tr("place.help_shapes"))
        if c.mines or c.sweepers:
            words.append(self.tr("place.help_pieces"))
        return " ".join(words)

    def _draw_side(self, surface) -> None:
        u = theme.unit(self.size)
        px = theme.font_px(self.size, 22)
        panel(surface, self.dock_rect, 200)
        text.draw(surface, self.tr("place.dock"), (self.dock_rect.x + 14, self.dock_rect.y + 10),
                  px, theme.TEXT)
        held_size = len(self.held) if self.held is not None else None
        for size, count, rect, cell in self._dock_slots():
            if isinstance(size, str):   # a mine or a minesweeper
                geo = BoardGeometry(rect.x, rect.y, cell, 1, 1)
                if size == "mine":
                    draw_mine(surface, geo, (0, 0), False)
                else:
                    draw_sweeper(surface, geo, (0, 0))
                label = f"×{count}  " + self.tr(f"piece.{size}")
                colour = theme.ACCENT if size == self.held_piece else theme.TEXT
                text.draw(surface, label, (rect.right + 12, rect.centery), px, colour, "midleft")
                continue
            geo = BoardGeometry(rect.x, rect.y, cell, size, 1)
            colour = theme.ACCENT if size == held_size else theme.SHIP
            draw_ship(surface, geo, [(i, 0) for i in range(size)], colour, theme.SHIP_DARK)
            text.draw(surface, f"×{count}", (rect.right + 12, rect.centery), px, theme.TEXT, "midleft")
        if not self.remaining and not any(self.pieces_left.values()):
            text.draw(surface, self.tr("place.all_placed"), self.dock_rect.center, px, theme.GOOD,
                      "center")
        help_px = theme.font_px(self.size, 18)
        y = self.dock_rect.bottom + 12 * u
        for line in text.wrap(self.help_text(), help_px, self.side.w):
            if y > self.buttons[0].rect.y - help_px:
                break
            text.draw(surface, line, (self.side.x, y), help_px, theme.TEXT_DIM)
            y += help_px * 1.25
        bpx = theme.font_px(self.size, 20)
        for b in self.buttons:
            b.draw(surface, bpx)

