"""Naval placement (RULES.md §N): first the five ships on the 12×12, then their weapons.

Step 1, the ships, feels like the classic placement screen: drag a ship from the dock, or click
to pick and click to place; R, the right button or the wheel rotates (the carrier has four
rotations); by keyboard alone Tab picks a ship, the arrows move it, Enter places it. A ship may
overhang the shaded ring but not lie wholly on it, and ships may not touch; an illegal spot
shows red with the reason in words. Clicking a placed ship (or Delete over it) lifts it again.

Step 2, on the same screen once the five ships are down: clicking a cell of a ship places the
next weapon that ship still needs (guns, the torpedo tube, the anti-air mount), clicking a
weapon turns it into the ship's next kind or takes it off; on the carrier a click chooses a
flight deck (three cells in a line) through that cell, and further clicks rotate among the
decks through it. Arrows move a cursor, Space (or Enter) acts on its cell, Tab jumps to the
next ship still unarmed. Dragging a ship lifts it back into step 1. W arms every ship at random,
A places and arms everything, C clears, Enter (once every ship is armed) finishes, Esc goes back.
"""

from __future__ import annotations

import random

import pygame

from ..i18n import describe
from ..rules import naval
from ..rules.coords import board_letters
from ..rules.errors import PlacementError
from ..rules.fleet import normalise
from ..render import text, theme
from ..render.board import BoardGeometry, BoardPicture, draw_board
from ..render.naval import (draw_aa_reach, draw_hull, draw_ring, draw_weapon, draw_weapons,
                            weapon_glyph)
from ..render.widgets import Button, panel, tick, tint
from .base import ARROWS, Scene, step_cell

SIZE = naval.SIZE
START = (naval.RING, naval.RING)        # the main field's first cell
CARRIER = tuple(sorted(naval.CARRIER_FORM))   # XXXXX over .XXX., as the dock shows it

# where the dock's silhouettes show each weapon (the deck: its first cell of three)
DOCK_SPOTS = {"patrol": [(0, 0)], "submarine": [(1, 0)], "battleship": [(0, 0), (3, 0)],
              "aegis": [(0, 0), (3, 0)], "carrier": [(1, 0)]}


def first_form(kind: str) -> tuple:
    """The orientation a ship comes out of the dock in: lying along a row."""
    if kind == "carrier":
        return CARRIER
    return tuple((i, 0) for i in range(naval.SHIP_CELLS[kind]))


def needs_of(kind: str) -> list[str]:
    """The weapons a ship of ``kind`` carries, one entry per piece (the deck counts once)."""
    if kind == "carrier":
        return ["deck"]
    return [w for w, n in naval.ARMS[kind] for _ in range(n)]


_faded_cache: dict = {}


def _faded(weapon: str, size: int) -> pygame.Surface:
    """A weapon's glyph, faded: one still to place."""
    surf = _faded_cache.get((weapon, size))
    if surf is None:
        surf = weapon_glyph(weapon, size).copy()
        surf.set_alpha(90)
        _faded_cache[(weapon, size)] = surf
    return surf


class NavalPlacementScene(Scene):
    def __init__(self, app, match, player: int, on_done):
        super().__init__(app)
        self.match = match
        self.player = player
        self.on_done = on_done
        self.letters = board_letters(match.letters, SIZE, SIZE)
        self.rng = random.Random(match.rng.getrandbits(32))
        self.ships: dict[str, tuple] = {}      # kind -> its cells, in the order placed
        self.arms: dict[str, list] = {}        # kind -> [(weapon, cell)]
        self.held: str | None = None           # the kind in hand
        self.form: tuple = ()                  # its normalised cells
        self.grab = (0, 0)                     # which cell of ``form`` is under the pointer
        self.dragging = False
        self.press = None                      # step 2: the ship cell a press began on
        self.mouse = None                      # pointer position while it is off the board
        self.cursor = START
        self.message = ""
        self.buttons = [
            Button(lambda: self.tr("naval.place.auto_all"), self.auto_all, hotkey="A"),
            Button(lambda: self.tr("naval.place.auto_weapons"), self.auto_weapons,
                   lambda: self.all_placed, hotkey="W"),
            Button(lambda: self.tr("place.clear"), self.clear, hotkey="C"),
            Button(lambda: self.tr("place.rotate"), self.rotate_held,
                   lambda: self.held is not None, hotkey="R"),
            Button(lambda: self.tr("place.ready"), self.ready, lambda: self.complete,
                   hotkey="Enter"),
        ]
        self._layout_size = None
        self.take_next()

    # -- state -------------------------------------------------------------------------------
    @property
    def remaining(self) -> list[str]:
        """Kinds still in the dock (the ship in hand counts as in the dock), biggest first."""
        return [k for k in naval.KINDS if k not in self.ships]

    @property
    def all_placed(self) -> bool:
        return not self.remaining and self.held is None

    @property
    def phase(self) -> str:
        return "weapons" if self.all_placed else "ships"

    def missing(self, kind: str) -> list[str]:
        """What ``kind`` still needs, one entry per missing piece."""
        left = needs_of(kind)
        for weapon, _ in self.arms.get(kind, ()):
            if weapon == "deck":
                if "deck" in left:
                    left.remove("deck")
            elif weapon in left:
                left.remove(weapon)
        return left

    def armed(self, kind: str) -> bool:
        return kind in self.ships and not self.missing(kind)

    @property
    def complete(self) -> bool:
        return self.all_placed and all(self.armed(k) for k in naval.KINDS)

    def fleet(self) -> list[naval.NavalShip]:
        """The ships as placed, biggest first (raises PlacementError if a weapon is wrong)."""
        return [naval.make_ship(self.ships[k], self.arms.get(k, ())) for k in naval.KINDS
                if k in self.ships]

    def kind_at(self, cell):
        return next((k for k, cells in self.ships.items() if cell in cells), None)

    def weapon_at(self, cell):
        kind = self.kind_at(cell)
        if kind is None:
            return None
        return next((w for w, c in self.arms.get(kind, ()) if c == cell), None)

    def words(self, exc: PlacementError) -> str:
        """``describe`` with the weapon and ship kinds written as words."""
        params = dict(exc.params)
        if params.get("weapon") in naval.WEAPONS:
            params["weapon"] = self.tr(f"naval.weapon.{params['weapon']}")
        if params.get("kind") in naval.KINDS:
            params["kind"] = self.tr(f"naval.ship.{params['kind']}")
        return describe(PlacementError(exc.code, **params), self.tr, self.letters)

    def refuse(self, message: str) -> None:
        self.message = message
        self.app.sound("refuse")

    # -- step 1: ships -----------------------------------------------------------------------
    def take(self, kind: str, grab=(0, 0)) -> None:
        self.held = kind
        self.form = first_form(kind)
        self.grab = grab if grab in self.form else self.form[0]
        self.message = ""

    def take_next(self, step: int = 0) -> None:
        """Hold the next ship of the dock (Tab cycles through the kinds left)."""
        kinds = self.remaining
        if not kinds:
            self.held = None
            return
        if self.held in kinds and step:
            kind = kinds[(kinds.index(self.held) + step) % len(kinds)]
        else:
            kind = kinds[0]
        self.take(kind)

    def ghost(self):
        if self.held is None:
            return None
        gx, gy = self.grab
        cx, cy = self.cursor
        return tuple(sorted((cx + x - gx, cy + y - gy) for x, y in self.form))

    def ghost_problem(self):
        cells = self.ghost()
        if cells is None:
            return None
        try:
            naval.check_ship(self.held, cells, [s for k, s in self.ships.items()])
        except PlacementError as exc:
            return exc
        return None

    def place_held(self) -> bool:
        if self.held is None:
            return False
        problem = self.ghost_problem()
        if problem is not None:
            self.refuse(self.words(problem))
            return False
        self.ships[self.held] = self.ghost()
        self.arms.pop(self.held, None)
        self.app.sound("click")
        self.message = ""
        self.held = None
        self.take_next()
        if self.held is None:
            self.cursor = self._first_unarmed_cell() or self.cursor
        return True

    def lift(self, cell) -> bool:
        """Pick the placed ship at ``cell`` back up (its weapons come off); the ship in hand, if
        any, goes back to the dock."""
        kind = self.kind_at(cell)
        if kind is None:
            return False
        ship = self.ships.pop(kind)
        self.arms.pop(kind, None)
        mx = min(x for x, _ in ship)
        my = min(y for _, y in ship)
        self.held = kind
        self.form = normalise(ship)
        self.grab = (cell[0] - mx, cell[1] - my)
        self.cursor = cell
        self.message = ""
        self.app.sound("click")
        return True

    def rotate_held(self) -> None:
        if self.held is None:
            return
        index = self.form.index(self.grab)
        turned = [(-y, x) for x, y in self.form]
        gx, gy = turned[index]
        mx = min(x for x, _ in turned)
        my = min(y for _, y in turned)
        self.form = normalise(turned)
        self.grab = (gx - mx, gy - my)
        self.message = ""
        self.app.sound("click")

    # -- step 2: weapons ---------------------------------------------------------------------
    def arm(self, cell) -> bool:
        """Act on ``cell`` of a placed ship: place the next weapon the ship needs, turn the
        weapon there into the ship's next kind (or take it off), or on the carrier choose the
        next flight deck through the cell. False (with the reason) if nothing could be done."""
        kind = self.kind_at(cell)
        if kind is None:
            return False
        arms = list(self.arms.get(kind, ()))
        if kind == "carrier":
            arms = self._next_deck(self.ships[kind], arms, cell)
        else:
            arms = self._next_weapon(kind, arms, cell)
            if arms is None:
                self.refuse(self.tr("naval.place.full",
                                    ship=self.tr(f"naval.ship.{kind}")))
                return False
        ship = naval.make_ship(self.ships[kind], arms)
        try:
            naval.check_weapons(ship)
        except PlacementError as exc:
            if exc.code != "weapon_count":   # incomplete is fine while arming
                self.refuse(self.words(exc))
                return False
        self.arms[kind] = list(ship.weapons)
        self.message = ""
        self.app.sound("click")
        return True

    @staticmethod
    def _next_deck(cells, arms, cell):
        options = [o for o in naval.deck_options(cells) if cell in o]
        current = tuple(sorted(c for w, c in arms if w == "deck"))
        if current in options:
            i = options.index(current) + 1
            chosen = options[i] if i < len(options) else None   # after the last: off
        else:
            chosen = options[0] if options else None
        return [("deck", c) for c in chosen] if chosen else []

    def _next_weapon(self, kind, arms, cell):
        kinds = [w for w, _ in naval.ARMS[kind]]
        here = next((w for w, c in arms if c == cell), None)
        if here is None:
            left = self.missing(kind)
            if left:
                return arms + [(left[0], cell)]
            if len(arms) == 1:                      # a single weapon: move it here
                return [(arms[0][0], cell)]
            return None
        i = kinds.index(here) + 1
        rest = [(w, c) for w, c in arms if c != cell]
        if i >= len(kinds):                         # after the last kind: off
            return rest
        new = kinds[i]
        limit = dict(naval.ARMS[kind])[new]
        holders = [c for w, c in rest if w == new]
        if len(holders) >= limit:                   # full: swap with one of them
            other = holders[0]
            rest = [(w, c) for w, c in rest if c != other] + [(here, other)]
        return rest + [(new, cell)]

    def auto_weapons(self) -> None:
        """Arm at random every placed ship that is not yet armed; when all are armed, draw
        them all again."""
        if not self.ships:
            return
        redo = [k for k in self.ships if not self.armed(k)] or list(self.ships)
        for kind in redo:
            self.arms[kind] = list(naval.random_weapons(kind, self.ships[kind], self.rng).weapons)
        self.message = ""
        self.app.sound("click")

    def auto_all(self) -> None:
        """Place the ships left around the placed ones (or a whole new fleet when all are down
        or there is no room), then arm whatever is unarmed."""
        kinds = self.remaining
        try:
            if not kinds:
                raise PlacementError("cannot_place")
            cells = naval.random_ship_cells(self.rng, list(self.ships.values()), kinds,
                                            attempts=200)
            for kind, ship in zip(kinds, cells):
                self.ships[kind] = ship
                self.arms.pop(kind, None)
        except PlacementError:
            self.ships, self.arms = {}, {}
            for ship in naval.random_fleet(self.rng):
                self.ships[ship.kind] = ship.cells
                self.arms[ship.kind] = list(ship.weapons)
        self.held = None
        self.dragging = False
        self.auto_weapons()
        self.message = ""

    def clear(self) -> None:
        self.ships, self.arms = {}, {}
        self.held = None
        self.dragging = False
        self.cursor = START
        self.take_next()
        self.app.sound("click")

    def ready(self) -> None:
        if not self.all_placed:
            self.refuse(self.tr("naval.place.ships_first"))
            return
        unarmed = next((k for k in naval.KINDS if not self.armed(k)), None)
        if unarmed is not None:
            self.refuse(self.tr("naval.place.not_armed", ship=self.tr(f"naval.ship.{unarmed}"),
                                items=self.items(self.missing(unarmed))))
            return
        try:
            ships = self.fleet()
            naval.validate_fleet(ships)
        except PlacementError as exc:
            self.refuse(self.words(exc))
            return
        self.app.sound("click")
        self.on_done(ships)

    def items(self, weapons) -> str:
        out = []
        for w in dict.fromkeys(weapons):
            n = weapons.count(w)
            name = self.tr(f"naval.weapon.{w}")
            out.append(f"{name} ×{n}" if n > 1 else name)
        return ", ".join(out)

    def _first_unarmed_cell(self, after: str | None = None):
        kinds = list(naval.KINDS)
        if after in kinds:
            i = kinds.index(after) + 1
            kinds = kinds[i:] + kinds[:i]
        for kind in kinds:
            if kind in self.ships and not self.armed(kind):
                cells = self.ships[kind]
                used = {c for _, c in self.arms.get(kind, ())}
                return next((c for c in cells if c not in used and naval.on_main(c)),
                            next((c for c in cells if c not in used), cells[0]))
        return None

    def next_ship(self, step: int = 1) -> None:
        """Step 2's Tab: the cursor to the next ship still unarmed (or simply the next ship)."""
        here = self.kind_at(self.cursor)
        cell = self._first_unarmed_cell(here)
        if cell is None:
            kinds = [k for k in naval.KINDS if k in self.ships]
            i = kinds.index(here) if here in kinds else -1
            cell = self.ships[kinds[(i + step) % len(kinds)]][0]
        self.cursor = cell
        self.mouse = None
        self.message = ""

    # -- layout ------------------------------------------------------------------------------
    def _layout(self) -> None:
        key = (self.size, self.app.tr.lang)
        if self._layout_size == key:
            return
        self._layout_size = key
        w, h = self.size
        u = theme.unit(self.size)
        m = int(18 * u)
        top = int(92 * u)
        area = pygame.Rect(m, top, int(w * 0.56), h - top - int(70 * u))
        self.geo = BoardGeometry.fit(area, SIZE, SIZE, max_cell=56)
        side = pygame.Rect(area.right + m, top, w - area.right - 2 * m, area.h + int(40 * u))
        self.side = side
        bh = int(42 * u)
        rows = (len(self.buttons) + 1) // 2
        bw = (side.w - m) // 2
        for i, b in enumerate(self.buttons):
            col, row = i % 2, i // 2
            if i == len(self.buttons) - 1 and col == 0:      # the last one alone: full width
                b.rect = pygame.Rect(side.x, side.bottom - (rows - row) * (bh + m // 2),
                                     side.w, bh)
            else:
                b.rect = pygame.Rect(side.x + col * (bw + m),
                                     side.bottom - (rows - row) * (bh + m // 2), bw, bh)
        buttons_top = self.buttons[0].rect.y
        self.row_px = theme.font_px(self.size, 21)
        self.help_px = theme.font_px(self.size, 17)
        helps = [self.tr(k) for k in ("naval.place.help_ships", "naval.place.help_weapons")]
        ring = len(text.wrap(self.tr("naval.place.ring"), self.help_px, side.w))
        lines = max(len(text.wrap(t, self.help_px, side.w)) for t in helps) + ring
        help_h = int(lines * self.help_px * 1.25 + 10 * u)
        # the dock: a row per ship (the carrier two cells tall) under a heading; as big as
        # leaves room for the help
        biggest = max(10, min(self.geo.cell - 8, int(side.w * 0.4) // 5))
        for cell in range(biggest, 9, -1):
            self.dock_cell = cell
            if self._dock_height() + help_h <= buttons_top - side.y - 6 * u:
                break
        self.dock_rect = pygame.Rect(side.x, side.y, side.w, self._dock_height())

    def _row_height(self, kind: str) -> int:
        rows = 2 if kind == "carrier" else 1
        return int(max(rows * self.dock_cell, self.row_px * 1.1) + self.dock_cell * 0.3 + 4)

    def _dock_height(self) -> int:
        return (self.row_px + int(self.dock_cell * 0.6) + 12
                + sum(self._row_height(k) for k in naval.KINDS))

    def _dock_rows(self):
        """(kind, rect of its silhouette, cell) for each row of the side panel: the kinds
        left in step 1, all five ships in step 2."""
        kinds = naval.KINDS if self.phase == "weapons" else self.remaining
        cell = self.dock_cell
        y = self.dock_rect.y + self.row_px + int(cell * 0.6) + 6
        out = []
        for kind in kinds:
            n = naval.SHIP_CELLS[kind]
            cols, rows = (5, 2) if kind == "carrier" else (n, 1)
            h = self._row_height(kind)
            rect = pygame.Rect(self.dock_rect.x + 14, y + (h - rows * cell) // 2 - cell * 0.15,
                               cols * cell, rows * cell)
            out.append((kind, rect, cell))
            y += h
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
                if self.press is not None and cell != self.press:   # a drag: lift the ship
                    start, self.press = self.press, None
                    if self.lift(start):
                        self.cursor = cell
                        self.dragging = True
            else:
                self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._press(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.press is not None:
                cell, self.press = self.press, None
                self.arm(cell)
            elif self.dragging:
                self.dragging = False
                cell = self.geo.cell_at(event.pos)
                if cell is not None and self.held is not None:
                    self.cursor = cell
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
            self.mouse = None
            if self.phase == "weapons":
                if self.kind_at(cell) is not None:
                    self.press = cell       # a click arms, a drag lifts (on release / motion)
            elif self.kind_at(cell) is not None:
                self.lift(cell)
                self.dragging = True
            else:
                self.place_held()
            return
        for kind, rect, _ in self._dock_rows():
            if rect.inflate(12, 12).collidepoint(event.pos) and kind in self.remaining:
                self.take(kind)
                self.dragging = True
                self.mouse = event.pos
                self.app.sound("click")
                return

    def _key(self, event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE:
            self.app.sound("click")
            self.back()
        elif k in ARROWS:
            self.cursor = step_cell(self.cursor, k, SIZE, SIZE)
            self.mouse = None
            self.message = ""
        elif k == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            if self.phase == "ships":
                self.take_next(step)
            else:
                self.next_ship(step)
        elif k == pygame.K_r:
            self.rotate_held()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.held is not None:
                self.place_held()
            elif self.complete and k != pygame.K_SPACE:
                self.ready()
            elif self.kind_at(self.cursor) is not None:
                self.arm(self.cursor)
            else:
                self.ready()
        elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if self.kind_at(self.cursor) is not None:
                if self.held is not None:
                    self.held = None
                self.lift(self.cursor)
        elif k == pygame.K_a:
            self.auto_all()
        elif k == pygame.K_w:
            if self.all_placed:
                self.auto_weapons()
            else:
                self.refuse(self.tr("naval.place.ships_first"))
        elif k == pygame.K_c:
            self.clear()

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        w, h = self.size
        u = theme.unit(self.size)
        seat = self.match.seats[self.player]
        text.draw(surface, self.tr("place.title", name=seat.name), (w / 2, 34 * u),
                  theme.font_px(self.size, 40), theme.ACCENT, "center", shadow=True)
        step = self.tr("naval.place.step_weapons" if self.phase == "weapons"
                       else "naval.place.step_ships")
        spx = theme.font_px(self.size, 24)
        text.draw(surface, step, (w / 2, 68 * u), text.fit_px(step, spx, w - 40), theme.TEXT,
                  "center")
        geo = self.geo
        cursor = self.cursor if self.held is None and self.mouse is None else None
        draw_board(surface, geo, BoardPicture(), self.letters, self.t)
        draw_ring(surface, geo)
        if self.phase == "ships":
            shade = tint((geo.cell, geo.cell), (0, 0, 0, 80))
            own = {c for s in self.ships.values() for c in s}
            halo = {(x + dx, y + dy) for x, y in own for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            for cell in halo - own:
                if 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE:
                    surface.blit(shade, geo.cell_rect(cell).topleft)
        aa = [c for w_, c in self.arms.get("aegis", ()) if w_ == "aa"]
        if aa:
            draw_aa_reach(surface, geo, aa[0], 34)
        focus = self.kind_at(self.cursor) if self.phase == "weapons" else None
        for kind, cells in self.ships.items():
            colour = theme.SHIP
            if self.phase == "weapons" and not self.armed(kind):
                colour = (176, 170, 150)
            draw_hull(surface, geo, cells, colour, theme.SHIP_DARK)
            if kind == focus:
                self._outline(surface, geo, cells, theme.ACCENT)
            draw_weapons(surface, geo, self.arms.get(kind, ()))
        if self.phase == "weapons" and focus == "carrier" and cursor is not None:
            self._deck_preview(surface, geo)
        if cursor is not None:
            r = geo.cell_rect(cursor)
            pygame.draw.rect(surface, theme.CURSOR, r, max(2, geo.cell // 14),
                             border_radius=geo.cell // 6)
        self._draw_ghost(surface)
        self._draw_side(surface)
        self._draw_message(surface)

    def _outline(self, surface, geo, cells, colour) -> None:
        cells = set(cells)
        width = max(2, geo.cell // 12)
        for x, y in cells:
            r = geo.cell_rect((x, y))
            if (x, y - 1) not in cells:
                pygame.draw.line(surface, colour, r.topleft, r.topright, width)
            if (x, y + 1) not in cells:
                pygame.draw.line(surface, colour, r.bottomleft, r.bottomright, width)
            if (x - 1, y) not in cells:
                pygame.draw.line(surface, colour, r.topleft, r.bottomleft, width)
            if (x + 1, y) not in cells:
                pygame.draw.line(surface, colour, r.topright, r.bottomright, width)

    def _deck_preview(self, surface, geo) -> None:
        """Where a click would put the flight deck: the next line through the cursor."""
        arms = self._next_deck(self.ships["carrier"], self.arms.get("carrier", ()), self.cursor)
        for _, c in arms:
            r = geo.cell_rect(c).inflate(-geo.cell // 8, -geo.cell // 8)
            pygame.draw.rect(surface, theme.CURSOR, r, max(1, geo.cell // 18),
                             border_radius=geo.cell // 6)

    def _draw_ghost(self, surface) -> None:
        geo = self.geo
        if self.held is None:
            return
        if self.mouse is not None:
            gx, gy = self.grab
            origin = (self.mouse[0] - (gx + 0.5) * geo.cell, self.mouse[1] - (gy + 0.5) * geo.cell)
            free = BoardGeometry(int(origin[0]), int(origin[1]), geo.cell, 1, 1)
            draw_hull(surface, free, self.form, theme.SHIP, theme.SHIP_DARK)
            return
        cells = self.ghost()
        colour = theme.GOOD if self.ghost_problem() is None else theme.BAD
        visible = [c for c in cells if 0 <= c[0] < SIZE and 0 <= c[1] < SIZE]
        for cell in visible:
            surface.blit(tint((geo.cell, geo.cell), (*colour, 90)), geo.cell_rect(cell).topleft)
        draw_hull(surface, geo, visible, colour, theme.SHIP_DARK)

    def _draw_message(self, surface) -> None:
        geo = self.geo
        u = theme.unit(self.size)
        px = theme.font_px(self.size, 21)
        width = geo.outer.w + 40
        y = geo.grid.bottom + 8 * u
        msg, colour = self.message, theme.BAD
        if not msg and self.held is not None and self.mouse is None:
            problem = self.ghost_problem()
            if problem is not None:
                msg = self.words(problem)
        if not msg and self.phase == "weapons":
            kind = self.kind_at(self.cursor)
            if kind is not None:
                name = self.tr(f"naval.ship.{kind}")
                left = self.missing(kind)
                msg = (self.tr("naval.place.needs", ship=name, items=self.items(left)) if left
                       else self.tr("naval.place.armed", ship=name))
                colour = theme.ACCENT if left else theme.GOOD
        if msg:
            lines = text.wrap(msg, px, width)
            room = max(1, int((self.size[1] - y) // (px * 1.2)))
            for i, line in enumerate(lines[:min(2, room)]):
                text.draw(surface, line, (geo.outer.x, y + i * px * 1.2), px, colour)

    def _draw_side(self, surface) -> None:
        u = theme.unit(self.size)
        px = self.row_px
        panel(surface, self.dock_rect, 200)
        weapons = self.phase == "weapons"
        head = self.tr("naval.place.arms" if weapons else "place.dock")
        text.draw(surface, head, (self.dock_rect.x + 14, self.dock_rect.y + 8 * u), px, theme.TEXT)
        focus = self.kind_at(self.cursor) if weapons else self.held
        for kind, rect, cell in self._dock_rows():
            form = first_form(kind)
            geo = BoardGeometry(rect.x, rect.y, cell, 5, 2)
            colour = theme.ACCENT if kind == focus else theme.SHIP
            draw_hull(surface, geo, form, colour, theme.SHIP_DARK)
            # the weapons it carries, on the silhouette: placed ones bright, missing ones faded
            left = self.missing(kind) if weapons else []
            need = needs_of(kind)
            placed = {w: need.count(w) - left.count(w) for w in need}
            for weapon, spot in zip(need, DOCK_SPOTS[kind]):
                done = placed[weapon] > 0
                placed[weapon] -= 1
                spots = [(spot[0] + i, spot[1]) for i in range(3)] if weapon == "deck" else [spot]
                for c in spots:
                    if done:
                        draw_weapon(surface, geo, weapon, c)
                    else:
                        size = max(6, int(cell * (0.95 if weapon == "deck" else 0.8)))
                        glyph = _faded(weapon, size)
                        surface.blit(glyph, glyph.get_rect(center=geo.center(c)))
            x0 = rect.x + 5 * cell + int(12 * u)
            right = self.dock_rect.right - 10
            name = self.tr(f"naval.ship.{kind}")
            npx = text.fit_px(name, px, right - x0)
            if weapons and not left:
                words, wcol = self.tr("naval.place.armed_short"), theme.GOOD
            else:
                words = self.items(left if weapons else need)
                wcol = theme.ACCENT if weapons else theme.TEXT_DIM
            mid = rect.y + cell * 0.5
            nr = text.draw(surface, name, (x0, mid), npx,
                           colour if kind == focus else theme.TEXT, "midleft")
            # what it carries (or still needs): after the name, or under it if there is room
            wx, wy = nr.right + int(10 * u), mid
            if text.size(words, 12)[0] > right - wx and rect.h >= npx + self.help_px:
                wx, wy = x0, nr.bottom + self.help_px * 0.6
            wpx = text.fit_px(words, self.help_px, right - wx, 12)
            if text.size(words, wpx)[0] <= right - wx:
                if weapons and not left:
                    tick(surface, (wx + wpx * 0.4, wy), wpx * 0.8, theme.GOOD)
                    wx += int(wpx * 1.1)
                text.draw(surface, words, (wx, wy), wpx, wcol, "midleft")
        if not weapons and not self.remaining:
            text.draw(surface, self.tr("place.all_placed"), self.dock_rect.center, px,
                      theme.GOOD, "center")
        help_px = self.help_px
        y = self.dock_rect.bottom + 10 * u
        limit = self.buttons[0].rect.y - help_px * 1.25
        lines = text.wrap(self.tr("naval.place.help_weapons" if weapons
                                  else "naval.place.help_ships"), help_px, self.side.w)
        lines += text.wrap(self.tr("naval.place.ring"), help_px, self.side.w)
        for line in lines:
            if y > limit:
                break
            text.draw(surface, line, (self.side.x, y), help_px, theme.TEXT_DIM)
            y += help_px * 1.25
        bpx = theme.font_px(self.size, 20)
        for b in self.buttons:
            b.draw(surface, bpx)
