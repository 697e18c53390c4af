"""Ships, shapes, touching rules, fleet validation and random placement (RULES.md §C, C1–C3, §D).

A ship is a tuple of cells, sorted. Which shapes a ship may take and how ships may touch are
configuration (``shapes`` and ``touching``), so every Classic option and the Flying Dutchman use
the same code:

- shapes ``straight``: a horizontal or vertical line (§C default);
- shapes ``bent`` (C2): three-deck ships may also be L-shaped; four-deck ships L-shaped, a 2x2
  square or a zigzag; every other size straight. Rotations and mirror images are all allowed;
- shapes ``any`` (§D): any set of cells connected when diagonal neighbours count as joined.

Touching (C1): ``none`` (not by sides nor corners), ``corners`` (corners may touch, sides not),
``free`` (touching allowed, overlap never).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from .coords import Cell
from .errors import PlacementError

SHAPE_RULES = ("straight", "bent", "any")
TOUCHING_RULES = ("none", "corners", "free")

SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
CORNERS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
AROUND = SIDES + CORNERS

Ship = tuple[Cell, ...]

# the names a fleet that announces types (C3) may give its ships: keys, not text — each is said
# in the reader's language (the translations' ``ship.<name>``) and drawn as its class; a ship
# without one is "" (issue 35: a name is never a player's text, so none reaches the other seat)
SHIP_NAMES = ("carrier", "battleship", "cruiser", "submarine", "destroyer")


@dataclass(frozen=True)
class ShipSpec:
    """One ship of a fleet: its size and, for fleets that announce types (C3), its name key
    (one of ``SHIP_NAMES``, or "")."""

    size: int
    name: str = ""


def in_board(cell: Cell, width: int, height: int) -> bool:
    return 0 <= cell[0] < width and 0 <= cell[1] < height


def neighbours(cell: Cell, width: int, height: int, steps=AROUND) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in steps if 0 <= x + dx < width and 0 <= y + dy < height]


def blocked_steps(touching: str) -> tuple[tuple[int, int], ...]:
    """Offsets around a ship cell where another ship may not stand under a touching rule."""
    return {"none": AROUND, "corners": SIDES, "free": ()}[touching]


def halo(cells: Iterable[Cell], width: int, height: int, touching: str) -> list[Cell]:
    """Cells that cannot hold a ship because they border ``cells`` (RULES.md §C: the halo)."""
    own = set(cells)
    out: set[Cell] = set()
    for c in own:
        out.update(neighbours(c, width, height, blocked_steps(touching)))
    return sorted(out - own)


# --- shapes -------------------------------------------------------------------------------

def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def orientations(cells: Iterable[Cell]) -> set[tuple[Cell, ...]]:
    """Every rotation and mirror image of a shape, normalised to the top-left corner."""
    base = list(cells)
    out = set()
    for sx, sy, swap in ((1, 1, 0), (-1, 1, 0), (1, -1, 0), (-1, -1, 0),
                         (1, 1, 1), (-1, 1, 1), (1, -1, 1), (-1, -1, 1)):
        pts = [((y if swap else x) * sx, (x if swap else y) * sy) for x, y in base]
        out.add(normalise(pts))
    return out


def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return min(orientations(cells))


def connected(cells: Sequence[Cell], steps=SIDES) -> bool:
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in steps:
            n = (x + dx, y + dy)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def _line(n: int) -> tuple[Cell, ...]:
    return tuple((i, 0) for i in range(n))


# C2: the bent shapes allowed besides straight lines, by size (canonical forms).
BENT_SHAPES: dict[int, frozenset] = {
    3: frozenset({canonical(_line(3)), canonical(((0, 0), (0, 1), (1, 1)))}),            # I, Г
    4: frozenset({
        canonical(_line(4)),
        canonical(((0, 0), (0, 1), (0, 2), (1, 2))),  # L
        canonical(((0, 0), (1, 0), (0, 1), (1, 1))),  # square
        canonical(((0, 0), (1, 0), (1, 1), (2, 1))),  # zigzag
    }),
}


def shape_allowed(cells: Sequence[Cell], shapes: str) -> bool:
    n = len(cells)
    if n == 0 or len(set(cells)) != n:
        return False
    if shapes == "any":
        return connected(cells, AROUND)
    if shapes == "bent" and n in BENT_SHAPES:
        return canonical(cells) in BENT_SHAPES[n]
    xs = {x for x, _ in cells}
    ys = {y for _, y in cells}
    return connected(cells, SIDES) and (len(xs) == 1 or len(ys) == 1)


@lru_cache(maxsize=None)
def shape_forms(size: int, shapes: str) -> tuple[tuple[Cell, ...], ...]:
    """Every orientation of every allowed shape of ``size`` (not for ``any``: too many)."""
    if shapes == "any":
        raise ValueError("shape_forms is not defined for 8-connected ships; use random_polyking")
    if shapes == "bent" and size in BENT_SHAPES:
        forms = set()
        for c in BENT_SHAPES[size]:
            forms |= orientations(c)
        return tuple(sorted(forms))
    return tuple(sorted(orientations(_line(size))))


@lru_cache(maxsize=None)
def placements(width: int, height: int, size: int, shapes: str) -> tuple[Ship, ...]:
    """Every position of a ship of ``size`` on the board, as sorted cell tuples."""
    out = []
    for form in shape_forms(size, shapes):
        fw = max(x for x, _ in form) + 1
        fh = max(y for _, y in form) + 1
        for oy in range(height - fh + 1):
            for ox in range(width - fw + 1):
                out.append(tuple(sorted((x + ox, y + oy) for x, y in form)))
    return tuple(out)


def random_polyking(size: int, width: int, height: int, rng: random.Random) -> Ship:
    """A random 8-connected ship of ``size`` cells (§D), grown cell by cell from a random start."""
    start = (rng.randrange(width), rng.randrange(height))
    cells = {start}
    while len(cells) < size:
        frontier = sorted({n for c in cells for n in neighbours(c, width, height)} - cells)
        cells.add(rng.choice(frontier))
    return tuple(sorted(cells))


# --- fleets -------------------------------------------------------------------------------

def as_ship(ship: Sequence[Cell]) -> Ship:
    return tuple(sorted(ship))


def assign_specs(ships: Sequence[Ship], fleet: Sequence[ShipSpec]) -> list[ShipSpec]:
    """Match each placed ship to a spec of the fleet by size, in fleet order; refuse a wrong
    fleet, naming the size that is short or extra."""
    free: dict[int, list[ShipSpec]] = {}
    for spec in fleet:
        free.setdefault(spec.size, []).append(spec)
    need = {size: len(specs) for size, specs in free.items()}
    have: dict[int, int] = {}
    for ship in ships:
        have[len(ship)] = have.get(len(ship), 0) + 1
    for size in sorted(set(need) | set(have), reverse=True):
        if have.get(size, 0) != need.get(size, 0):
            raise PlacementError("fleet_count", size=size, expected=need.get(size, 0),
                                 got=have.get(size, 0))
    taken: dict[int, int] = {}
    out = []
    for ship in ships:
        k = taken.get(len(ship), 0)
        out.append(free[len(ship)][k])
        taken[len(ship)] = k + 1
    return out


def validate_ships(ships: Sequence[Sequence[Cell]], width: int, height: int,
                   shapes: str, touching: str) -> None:
    """Check shapes, board bounds, overlap and touching; raise PlacementError naming the ship,
    the cell and the rule. Fleet composition is checked by ``assign_specs``."""
    owner: dict[Cell, int] = {}
    for i, ship in enumerate(ships):
        ship = as_ship(ship)
        for c in ship:
            if not in_board(c, width, height):
                raise PlacementError("ship_off_board", ship=ship, cell=c)
        if not shape_allowed(ship, shapes):
            raise PlacementError("bad_shape", ship=ship, shapes=shapes)
        for c in ship:
            if c in owner:
                raise PlacementError("overlap", ship=ship, other=as_ship(ships[owner[c]]),
                                     cell=c)
            owner[c] = i
    for i, ship in enumerate(ships):
        for c in as_ship(ship):
            for dx, dy in blocked_steps(touching):
                n = (c[0] + dx, c[1] + dy)
                j = owner.get(n)
                if j is not None and j != i:
                    code = "touch_side" if (dx == 0 or dy == 0) else "touch_corner"
                    raise PlacementError(code, ship=as_ship(ship),
                                         other=as_ship(ships[j]), cell=n,
                                         touching=touching)


def check_ship_at(ship: Sequence[Cell], others: Sequence[Sequence[Cell]], width: int,
                  height: int, shapes: str, touching: str) -> None:
    """Can ``ship`` be added to the ships already placed? (the placement screen asks this).
    The error names ``ship`` first and the placed ship it collides with as ``other``."""
    ship = as_ship(ship)
    validate_ships([ship], width, height, shapes, touching)
    owner = {c: as_ship(o) for o in others for c in o}
    for c in ship:
        if c in owner:
            raise PlacementError("overlap", ship=ship, other=owner[c], cell=c)
    for c in ship:
        for dx, dy in blocked_steps(touching):
            n = (c[0] + dx, c[1] + dy)
            if n in owner:
                code = "touch_side" if (dx == 0 or dy == 0) else "touch_corner"
                raise PlacementError(code, ship=ship, other=owner[n], cell=n, touching=touching)


def random_ships(sizes: Sequence[int], width: int, height: int, shapes: str, touching: str,
                 rng: random.Random, attempts: int = 2000,
                 blocked: Iterable[Cell] = ()) -> list[Ship]:
    """A random legal layout, biggest ships first, avoiding the cells in ``blocked`` (ships
    already placed and their surroundings); restarts when it paints itself into a corner.

    Not uniform over all layouts (the big ships are placed first); the uniform generator the
    AI benchmark needs lives in ``game.ai.layouts``."""
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i])
    steps = blocked_steps(touching)
    start = set(blocked)
    for _ in range(attempts):
        blocked = set(start)
        result: list[Ship | None] = [None] * len(sizes)
        for i in order:
            size = sizes[i]
            if shapes == "any":
                options = [random_polyking(size, width, height, rng) for _ in range(60)]
                options = [s for s in options if not blocked.intersection(s)]
            else:
                options = [s for s in placements(width, height, size, shapes)
                           if not blocked.intersection(s)]
            if not options:
                break
            ship = rng.choice(options)
            result[i] = ship
            for c in ship:
                blocked.add(c)
                blocked.update(neighbours(c, width, height, steps))
        else:
            return [s for s in result if s is not None]
    raise PlacementError("cannot_place", sizes=tuple(sizes), width=width, height=height)
