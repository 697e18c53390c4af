"""Aiming a Naval volley past the enemy's anti-air (RULES.md §N): which shells are worth firing
when the Aegis mount shoots down up to two of those in its reach.

The defender sees where each shell would fall and shoots down first the ones that would hit
(N-e), so a shell inside the mount's reach lands only when more than ``AA_SHELLS`` of the
shells inside would hit. ``landed`` counts that; ``plan_shells`` chooses the volley with the
most shells expected to land: all of them outside the reach, or enough inside to break it.

Pure: numpy only, no pygame; the caller's noise breaks ties.
"""

from __future__ import annotations

import numpy as np

from ..rules.coords import Cell
from ..rules.naval import AA_SHELLS, SIZE

IN_REACH = 0.5     # a cell at least this likely to be in the mount's reach counts as inside


def index(cell: Cell) -> int:
    return cell[1] * SIZE + cell[0]


def landed(p: np.ndarray, risk: np.ndarray, cells, inside_worth: float = 1.0) -> float:
    """Shells of ``cells`` expected to hit a ship and not be shot down: each hits with ``p`` and
    lies in the mount's reach with ``risk``; of those that would hit inside the reach, the mount
    shoots down up to ``AA_SHELLS``. A hit inside the reach counts ``inside_worth``."""
    out = 0.0
    dist = np.array([1.0])          # how many shells in reach would hit: its distribution
    for c in cells:
        i = index(c)
        hit, inside = float(p[i]), float(risk[i])
        out += hit * (1.0 - inside)
        q = hit * inside
        if q > 0:
            dist = np.concatenate([dist * (1.0 - q), [0.0]]) + np.concatenate([[0.0], dist * q])
    k = np.arange(len(dist))
    return out + inside_worth * float(dist @ np.maximum(k - AA_SHELLS, 0))


def best_pair(cells: list[Cell], score: np.ndarray, singles: int) -> tuple:
    """The side-neighbouring pair of ``cells`` that, with the best ``singles`` of the rest,
    scores highest (as the pair and the singles are one volley)."""
    free = set(cells)
    order = sorted(cells, key=lambda c: -score[index(c)])
    top = order[:singles + 2]
    best, pair = -1.0, ()
    for a in sorted(free):
        for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)):
            if b not in free:
                continue
            rest = [c for c in top if c != a and c != b][:singles]
            value = score[index(a)] + score[index(b)] + sum(score[index(c)] for c in rest)
            if value > best:
                best, pair = value, (a, b)
    return pair


def _volley(inside: list[Cell], outside: list[Cell], k_in: int, singles: int, pair: bool,
            pair_inside: bool, score: np.ndarray):
    """``k_in`` shells inside the reach (the pair among them when ``pair_inside``), the rest
    outside, each side's best by ``score``; None when the pair has nowhere to go."""
    pair_cells: tuple = ()
    if pair:
        home = inside if pair_inside else outside
        room = k_in - 2 if pair_inside else singles + 2 - k_in - 2
        pair_cells = best_pair(home, score, max(room, 0))
        if not pair_cells:
            return None
    want_in = k_in - (2 if pair and pair_inside else 0)
    chosen = [c for c in sorted(inside, key=lambda c: -score[index(c)])
              if c not in pair_cells][:want_in]
    want_out = singles - len(chosen)
    chosen += [c for c in sorted(outside, key=lambda c: -score[index(c)])
               if c not in pair_cells][:want_out]
    if len(chosen) < singles:      # one side too small: fill from the other
        rest = sorted((c for c in inside + outside if c not in pair_cells and c not in chosen),
                      key=lambda c: -score[index(c)])
        chosen += rest[:singles - len(chosen)]
    return tuple(chosen), pair_cells


def plan_shells(p: np.ndarray, risk: np.ndarray | None, free: list[Cell], singles: int,
                pair: bool, score: np.ndarray, inside_worth: float = 1.0
                ) -> tuple[tuple, tuple, float]:
    """(single shots, the pair, shells expected to land): every shell outside the mount's
    reach, or more than ``AA_SHELLS`` of them inside it, whichever lands most (``score``, the
    chance of a ship plus a little noise, ranks the cells and breaks ties)."""
    if risk is None:
        risk = np.zeros(len(p))
    inside = [c for c in free if risk[index(c)] >= IN_REACH]
    outside = [c for c in free if risk[index(c)] < IN_REACH]
    total = singles + 2 * pair
    best, plan = None, ((), (), 0.0)
    for k_in in [0] + list(range(AA_SHELLS + 1, total + 1)):
        for pair_inside in ((False, True) if pair else (False,)):
            if (pair_inside and k_in < 2) or (pair and not pair_inside and total - k_in < 2):
                continue
            volley = _volley(inside, outside, k_in, singles, pair, pair_inside, score)
            if volley is None:
                continue
            cells = volley[0] + volley[1]
            value = landed(p, risk, cells, inside_worth)
            key = (round(value, 9), float(sum(score[index(c)] for c in cells)))
            if best is None or key > best:
                best, plan = key, (volley[0], volley[1], value)
    return plan
