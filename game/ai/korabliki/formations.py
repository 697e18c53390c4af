"""«Кораблики» set-ups with sense (RULES.md §K): ``formation(style, player, rng) -> {cell: rank}``
for each style of ``FORMATIONS``. Pure; every random choice comes from the ``rng`` given."""

from __future__ import annotations

import random

from ...rules.coords import Cell
from ...rules.korabliki import (BOMB, COUNTS, ES, FORT, KR, LIN, MIN, PL, RANKS, STOR, TK, TOR, TRAL,
                                WIDTH, front_rows, random_setup, side_neighbours, validate_setup)

FORMATIONS = ("random", "fortress", "bomb_front", "balanced", "blocks")


def _cell(player: int, x: int, depth: int) -> Cell:
    """Column ``x``, ``depth`` rows back from the own zone's front row (0 front .. 4 back)."""
    return (x, front_rows(player)[depth])


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# each style: where the forts go (column ranges, depth), how many mines and torpedoes stand on
# the forts' sides, where the bomb goes (depths, columns), and the depth preference of each rank
# (lower = further forward)
_STYLES = {
    "fortress": dict(fort_cols=((0, 2), (13, 15)), fort_depth=(4,), guard_mines=6,
                     guard_tors=2, bomb_depths=(3, 2), bomb_cols=(5, 10),
                     depth={LIN: 1, KR: 1, ES: 1.5, STOR: 2, TK: 0, TRAL: 2.5, PL: 0.5,
                            TOR: 1.5, MIN: 3}),
    "bomb_front": dict(fort_cols=((1, 4), (11, 14)), fort_depth=(4,), guard_mines=4,
                       guard_tors=2, bomb_depths=(0,), bomb_cols=(5, 10),
                       depth={LIN: 0.5, KR: 1, ES: 1, STOR: 2, TK: 0, TRAL: 2, PL: 0.5,
                              TOR: 1, MIN: 2.5}),
    "balanced": dict(fort_cols=((1, 5), (10, 14)), fort_depth=(4, 3), guard_mines=3,
                     guard_tors=2, bomb_depths=(1, 2), bomb_cols=(4, 11),
                     depth={LIN: 1, KR: 1.5, ES: 1.5, STOR: 2, TK: 0.5, TRAL: 2, PL: 1,
                            TOR: 1.5, MIN: 2.5}),
    "blocks": dict(fort_cols=((0, 3), (12, 15)), fort_depth=(4,), guard_mines=4,
                   guard_tors=2, bomb_depths=(2, 3), bomb_cols=(5, 10),
                   depth={LIN: 1, KR: 1, ES: 1, STOR: 1.5, TK: 0.5, TRAL: 2.5, PL: 0.5,
                          TOR: 2, MIN: 3}),
}


_ROOM = (13, 11, 10, 9, 9)    # pieces per row, front to back (52)


def formation(style: str, player: int, rng: random.Random) -> dict:
    """A whole fleet for ``player``'s zone, ``{cell: rank}``, valid per ``validate_setup``.

    Every style but ``random``: the two forts deep and at least 5 columns apart (one 5×5 blast
    never takes both), their sides held by mines and torpedoes and a strong ship or two beside
    them; the bomb well away from the forts (a blast on it must not take a fort); minesweepers
    next to mines so the mines can move; torpedo boats, submarines and strong ships forward (the
    submarines where enemy battleships will come). ``blocks`` keeps ships of a rank side by side
    (blocks of 2 and 3); ``bomb_front`` puts the bomb in the front row."""
    if style == "random":
        return random_setup(player, rng)
    if style not in _STYLES:
        raise ValueError(f"unknown formation {style!r}; known: {', '.join(FORMATIONS)}")
    s = _STYLES[style]
    local: dict[tuple[int, int], str] = {}     # (x, depth) -> rank
    left = dict(COUNTS)

    def put(xd, rank):
        local[xd] = rank
        left[rank] -= 1

    def free(xd):
        x, d = xd
        return 0 <= x < WIDTH and 0 <= d < 5 and xd not in local

    # the forts
    depth = rng.choice(s["fort_depth"])
    forts = []
    for lo, hi in s["fort_cols"]:
        x = rng.randint(lo, hi)
        put((x, depth), FORT)
        forts.append((x, depth))
    # the forts' guards: their side neighbours, then the diagonals
    guards = []
    for fx, fd in forts:
        sides = [(fx - 1, fd), (fx + 1, fd), (fx, fd - 1), (fx, fd + 1)]
        rng.shuffle(sides)
        guards.append([c for c in sides if free(c)])
    pool = [MIN] * s["guard_mines"] + [TOR] * s["guard_tors"]
    rng.shuffle(pool)
    strong = [LIN, KR]
    for ring in guards:
        for c in ring:
            rank = pool.pop() if pool else strong.pop(0) if strong else ES
            put(c, rank)
    # a strong ship on a diagonal of each fort, towards the front
    for fx, fd in forts:
        diag = [c for c in ((fx - 1, fd - 1), (fx + 1, fd - 1)) if free(c)]
        if diag:
            rank = next((r for r in (KR, ES, STOR) if left[r] > 0), None)
            if rank:
                put(rng.choice(diag), rank)
    # a minesweeper beside the mines (so they can move), where there is room
    for ring in guards:
        mines = [c for c in ring if local.get(c) == MIN]
        if mines and left[TRAL] > 0:
            mx, md = mines[0]
            spots = [(mx + dx, md + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                     if (dx, dy) != (0, 0) and free((mx + dx, md + dy))]
            if spots:
                put(rng.choice(spots), TRAL)
    # the bomb, never within a blast's reach of a fort
    lo, hi = s["bomb_cols"]
    spots = [(x, d) for d in s["bomb_depths"] for x in range(lo, hi + 1)
             if free((x, d)) and all(chebyshev((x, d), f) > 2 for f in forts)]
    if not spots:
        spots = [(x, d) for d in range(5) for x in range(WIDTH)
                 if free((x, d)) and all(chebyshev((x, d), f) > 2 for f in forts)]
    put(rng.choice(spots), BOMB)
    # everything else by depth preference; blocks keep a rank together
    rest = [r for r in RANKS for _ in range(left[r])]
    rng.shuffle(rest)
    rest.sort(key=lambda r: s["depth"].get(r, 2) + rng.random() * 0.8)
    want_blocks = style == "blocks"
    # the empty cells spread over the rows (pieces can move at once, and the back row is not
    # only the forts and their guards)
    room = list(_ROOM)
    for x, d in local:
        room[d] -= 1
    for rank in rest:
        cells = [(x, d) for d in range(5) for x in range(WIDTH) if free((x, d)) and room[d] > 0]
        if not cells:
            cells = [(x, d) for d in range(5) for x in range(WIDTH) if free((x, d))]
        def score(c, rank=rank):
            x, d = c
            sc = abs(d - s["depth"].get(rank, 2)) + rng.random() * 1.5
            if want_blocks and rank not in (TOR, MIN, TRAL):
                mates = sum(1 for n in ((x + 1, d), (x - 1, d), (x, d + 1), (x, d - 1))
                            if local.get(n) == rank)
                sc -= 1.5 * min(mates, 1)
            if rank == TRAL:
                near = sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                           if local.get((x + dx, d + dy)) == MIN)
                sc -= 1.0 * min(near, 1)
            return sc
        best = min(cells, key=score)
        room[best[1]] -= 1
        put(best, rank)
    out = {_cell(player, x, d): r for (x, d), r in local.items()}
    validate_setup(player, out)
    return out


def fort_cells(setup: dict) -> list[Cell]:
    return [c for c, r in setup.items() if r == FORT]


def guarded(setup: dict, fort: Cell) -> int:
    """How many of the fort's side neighbours hold own pieces."""
    return sum(1 for n in side_neighbours(fort) if n in setup)
