"""Every board state a player must tell apart, drawn alike on a small board, and how far apart
each pair looks in each palette with each colour vision (issue 38; ``render.vision`` measures).

Each state is a 3 × 3 board (cell ``CELL`` px, the sea at one fixed time) with the state in the
middle cell, and a ship state with a three-cell ship across the middle row; the own and enemy
sides are their emblems (``board.draw_side_mark``) in their colours. Two more pairs are told
apart on the same board: a ship in hand where it may go and where it may not (placement), and a
weapon's aim that may go and one that may not (§A). ``python -m game.bench
colours`` prints the table, tests/test_colour_vision.py checks it.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pygame

from ..rules.classic import EMPTY, HIT, KNOWN_MINE, MISS, SUNK
from ..rules.coords import LETTER_SETS
from . import theme, vision
from .arsenal import draw_aim
from .board import BoardGeometry, BoardPicture, draw_board, draw_side_mark, draw_vessel
from .placement import draw_ghost

CELL = 32
T = 0.4                                 # seconds into the sea's and the marks' loops
MIDDLE = (1, 1)
ROW = [(0, 1), (1, 1), (2, 1)]          # a ship across the middle row


def _pictures() -> dict[str, BoardPicture]:
    return {
        "water": BoardPicture(),
        "ship": BoardPicture(ships=[ROW]),
        "hit": BoardPicture(marks={MIDDLE: HIT}),                       # on the enemy's sea
        "hit_ship": BoardPicture(ships=[ROW], marks={MIDDLE: HIT}),     # on an own ship
        "miss": BoardPicture(marks={MIDDLE: MISS}),
        "sunk": BoardPicture(wrecks=[ROW], marks={c: SUNK for c in ROW}),
        "halo": BoardPicture(marks={MIDDLE: EMPTY}),
        "mine": BoardPicture(mines=[MIDDLE]),
        "mine_spent": BoardPicture(mines=[MIDDLE], spent=[MIDDLE]),     # also an enemy mine hit
        "mine_known": BoardPicture(marks={MIDDLE: KNOWN_MINE}),
        "defence": BoardPicture(defences=[MIDDLE]),
        "defence_spent": BoardPicture(defences=[MIDDLE], defences_spent=[MIDDLE]),
        "sweeper": BoardPicture(sweepers=[MIDDLE]),
    }


STATES = tuple(_pictures())
SIDES = ("own_side", "enemy_side")
GHOSTS = ("ghost_ok", "ghost_off")
AIMS = ("aim_ok", "aim_off")


def _pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2).astype(np.float64)


def state_surfaces(cell: int = CELL) -> dict[str, pygame.Surface]:
    """Every state drawn in the palette now in force, and the two sides' emblems."""
    geo = BoardGeometry(0, 0, cell, 3, 3)
    letters = LETTER_SETS["latin"]
    out = {}
    for name, picture in _pictures().items():
        surf = pygame.Surface((3 * cell, 3 * cell))
        draw_board(surf, geo, picture, letters, T)
        out[name] = surf
    for ok, name in ((True, "ghost_ok"), (False, "ghost_off")):
        surf = out["water"].copy()
        draw_ghost(surf, geo, ROW, ok, draw_vessel)
        out[name] = surf
    for ok, name in ((True, "aim_ok"), (False, "aim_off")):
        surf = out["water"].copy()
        draw_aim(surf, geo, [MIDDLE], ok, T)
        out[name] = surf
    for own, name in ((True, "own_side"), (False, "enemy_side")):
        surf = pygame.Surface((3 * cell, 3 * cell))
        surf.fill(theme.BG)
        draw_side_mark(surf, (1.5 * cell, 1.5 * cell), cell, own,
                       theme.PLAYER_COLOURS[0 if own else 1])
        out[name] = surf
    return out


def pairs() -> list[tuple[str, str]]:
    """The pairs a player must tell apart: every two board states, the two sides, a ship in
    hand that may go and one that may not, a weapon's aim likewise."""
    return list(combinations(STATES, 2)) + [SIDES, GHOSTS, AIMS]


# Signals a player reads by colour as well as by shape or words: (name, a, b), each a theme
# name or a side's colour ("side0", "side1"). Their flat colours' ΔE*ab is the table's
# "signals", what a palette buys for the vision it is made for (tests/test_colour_vision.py).
SIGNALS = (("sides", "side0", "side1"), ("good_bad", "GOOD", "BAD"),
           ("aim", "AIM_OK", "AIM_OFF"), ("hit_found_mine", "HIT", "MINE_KNOWN"))


def _colour(name: str):
    if name.startswith("side"):
        return theme.PLAYER_COLOURS[int(name[4:])]
    return getattr(theme, name)


def signals(vision_name: str) -> dict[str, float]:
    """The flat-colour ΔE*ab of each of ``SIGNALS`` in the palette in force, seen with
    ``vision_name``."""
    out = {}
    for name, a, b in SIGNALS:
        pair = np.array([[_colour(a), _colour(b)]], np.float64)
        lab = vision.to_lab(vision.simulate(pair, vision_name))[0]
        out[name] = round(float(np.linalg.norm(lab[0] - lab[1])), 1)
    return out


def table(palettes=None, visions=vision.VISIONS, cell: int = CELL) -> dict:
    """{palette: {vision: {"a|b": distance}}} for every pair, and the smallest of all; the
    signals' flat distances as {palette: {vision: {signal: ΔE}}}; the palette in force is put
    back after."""
    was = (theme.palette, round(theme.SCALE * 100), theme.REDUCED_MOTION)
    window = max(3, cell // 5)
    out, low, flat = {}, None, {}
    try:
        for palette in palettes or tuple(theme.PALETTES):
            theme.configure(palette, was[1], was[2])
            pixels = {k: _pixels(s) for k, s in state_surfaces(cell).items()}
            out[palette] = {}
            flat[palette] = {v: signals(v) for v in visions}
            for v in visions:
                lab = {k: vision.to_lab(vision.simulate(p, v)) for k, p in pixels.items()}
                row = {}
                for a, b in pairs():
                    d = round(vision.patch_max(np.linalg.norm(lab[a] - lab[b], axis=-1),
                                               window), 1)
                    row[f"{a}|{b}"] = d
                    if low is None or d < low["distance"]:
                        low = {"distance": d, "pair": f"{a}|{b}", "palette": palette,
                               "vision": v}
                out[palette][v] = row
    finally:
        theme.configure(*was)
    return {"threshold": vision.THRESHOLD, "cell": cell, "window": window, "table": out,
            "smallest": low, "signals": flat}
