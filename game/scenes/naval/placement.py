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

import pygame

from ...rules import naval
from ...rules.errors import PlacementError
from ...render import text, theme
from ...render.naval_placement import draw_naval_placement
from ...render.widgets import Button
from ..common.placement_base import ShipPlacement, board_beside, stack_buttons

SIZE = naval.SIZE
START = (naval.RING, naval.RING)        # the main field's first cell
CARRIER = tuple(sorted(naval.CARRIER_FORM))   # XXXXX over .XXX., as the dock shows it


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


class NavalPlacementScene(ShipPlacement):
    KEYS = {**ShipPlacement.KEYS, pygame.K_a: "auto_all", pygame.K_w: "key_weapons"}
    PAD = {**ShipPlacement.PAD, "back": pygame.K_w}   # Back: the weapons at random
    first_form = staticmethod(first_form)
    needs_of = staticmethod(needs_of)

    def __init__(self, app, match, player: int, on_done):
        super().__init__(app, on_done, match.letters, SIZE, SIZE, match, player)
        self.ships: dict[str, tuple] = {}      # kind -> its cells, in the order placed
        self.arms: dict[str, list] = {}        # kind -> [(weapon, cell)]
        self.held: str | None = None           # the kind in hand
        self.form: tuple = ()                  # its normalised cells
        self.grab = (0, 0)                     # which cell of ``form`` is under the pointer
        self.dragging = False
        self.press = None                      # step 2: the ship cell a press began on
        self.cursor = START
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
        return super().words(PlacementError(exc.code, **params))

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

    def check_ghost(self, cells) -> None:
        naval.check_ship(self.held, cells, [s for k, s in self.ships.items()])

    def put_down(self, cells) -> None:
        self.ships[self.held] = cells
        self.arms.pop(self.held, None)
        self.app.sound("click")
        self.message = ""
        self.held = None
        self.take_next()
        if self.held is None:
            self.cursor = self._first_unarmed_cell() or self.cursor

    def lift(self, cell) -> bool:
        """Pick the placed ship at ``cell`` back up (its weapons come off); the ship in hand, if
        any, goes back to the dock."""
        kind = self.kind_at(cell)
        if kind is None:
            return False
        ship = self.ships.pop(kind)
        self.arms.pop(kind, None)
        self.held = kind
        self.pick_up(ship, cell)
        self.app.sound("click")
        return True

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
            arms = self.next_deck(self.ships[kind], arms, cell)
        else:
            arms = self.next_weapon(kind, arms, cell)
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
    def next_deck(cells, arms, cell):
        options = [o for o in naval.deck_options(cells) if cell in o]
        current = tuple(sorted(c for w, c in arms if w == "deck"))
        if current in options:
            i = options.index(current) + 1
            chosen = options[i] if i < len(options) else None   # after the last: off
        else:
            chosen = options[0] if options else None
        return [("deck", c) for c in chosen] if chosen else []

    def next_weapon(self, kind, arms, cell):
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
    def lay_out(self, w: int, h: int, u: float) -> None:
        top = 92 + 40 * (theme.SCALE - 1)     # the heading's two lines grow with the text
        self.geo, side, m = board_beside(w, h, u, SIZE, SIZE, top, 0.56, 70, 56, side_extra=40)
        self.side = side
        stack_buttons(self.buttons, side, 2, int(42 * u), m, m // 2, wide_last=True)
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

    def dock_items(self):
        return [(kind, rect) for kind, rect, _ in self._dock_rows() if kind in self.remaining]

    # -- input -------------------------------------------------------------------------------
    def moved_to(self, cell) -> None:
        if self.press is not None and cell != self.press:   # a drag: lift the ship
            start, self.press = self.press, None
            if self.lift(start):
                self.cursor = cell
                self.dragging = True

    def end_press(self) -> bool:
        if self.press is None:
            return False
        cell, self.press = self.press, None
        self.arm(cell)
        return True

    def press_board(self, cell) -> None:
        self.mouse = None
        if self.phase == "weapons":
            if self.kind_at(cell) is not None:
                self.press = cell       # a click arms, a drag lifts (on release / motion)
        elif self.kind_at(cell) is not None:
            self.lift(cell)
            self.dragging = True
        else:
            self.place_held()

    def take_from_dock(self, kind) -> None:
        self.take(kind)
        self.dragging = True

    def key_tab(self, event) -> None:
        step = -1 if event.mod & pygame.KMOD_SHIFT else 1
        if self.phase == "ships":
            self.take_next(step)
        else:
            self.next_ship(step)

    def key_enter(self, event) -> None:
        if self.held is not None:
            self.place_held()
        elif self.complete and event.key != pygame.K_SPACE:
            self.ready()
        elif self.kind_at(self.cursor) is not None:
            self.arm(self.cursor)
        else:
            self.ready()

    def key_delete(self, event) -> None:
        if self.kind_at(self.cursor) is not None:
            if self.held is not None:
                self.held = None
            self.lift(self.cursor)

    def key_weapons(self, event) -> None:
        if self.all_placed:
            self.auto_weapons()
        else:
            self.refuse(self.tr("naval.place.ships_first"))

    def draw(self, surface: pygame.Surface) -> None:
        draw_naval_placement(surface, self)
