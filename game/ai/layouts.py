"""Placement styles: how a computer admiral (or a player asking for help) lays out a fleet.

- ``random``: the game's quick random layout (big ships first; not uniform);
- ``uniform``: exactly uniform over all legal layouts: every ship at an independently uniform
  position, the whole layout rejected on any conflict (the benchmark's reference);
- ``edges``: ships lie along the edges of the field where the rules leave room;
- ``perelman``: Perelman's strategy (RULES.md §C, "Placement helpers"): the multi-deck ships
  pressed into one corner so that their halos overlap and fall off the field, the one-deck
  ships spread evenly over the rest;
- ``adaptive``: avoids the cells where this player has fired first in earlier games.

All styles work for any board, fleet, touching rule and (straight or bent) ship shapes.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Sequence

from ..rules.classic import ClassicConfig, random_fleet, validate_fleet
from ..rules.errors import PlacementError
from ..rules.fleet import Ship, blocked_steps, neighbours, placements

STYLES = ("random", "uniform", "edges", "perelman", "adaptive")


@lru_cache(maxsize=16)
def _bit_placements(width: int, height: int, size: int, shapes: str, touching: str):
    """(ship, cell bits, cell+halo bits) of every placement, for fast conflict tests."""
    steps = blocked_steps(touching)
    out = []
    for ship in placements(width, height, size, shapes):
        cells = halo = 0
        for x, y in ship:
            cells |= 1 << (y * width + x)
            halo |= 1 << (y * width + x)
            for nx, ny in neighbours((x, y), width, height, steps):
                halo |= 1 << (ny * width + nx)
        out.append((ship, cells, halo))
    return tuple(out)


def _table(config: ClassicConfig, size: int):
    return _bit_placements(config.width, config.height, size, config.shapes, config.touching)


def uniform_layout(config: ClassicConfig, rng: random.Random, max_tries: int = 2_000_000) -> list[Ship]:
    """Exactly uniform over legal layouts. Rejecting as soon as one ship conflicts is the same
    as drawing every ship and then rejecting, only faster."""
    sizes = sorted(config.sizes, reverse=True)
    tables = [_table(config, s) for s in sizes]
    for _ in range(max_tries):
        blocked = 0
        out = []
        for table in tables:
            ship, cells, halo = table[rng.randrange(len(table))]
            if cells & blocked:
                break
            blocked |= halo
            out.append(ship)
        else:
            return out
    raise PlacementError("cannot_place", sizes=tuple(sizes), width=config.width,
                         height=config.height)


def weighted_layout(config: ClassicConfig, rng: random.Random, weight, tries: int = 400) -> list[Ship]:
    """Ships biggest first, each at a legal position drawn with probability ∝ ``weight(ship)``."""
    sizes = sorted(config.sizes, reverse=True)
    for _ in range(tries):
        blocked = 0
        out = []
        for size in sizes:
            options = [(ship, halo) for ship, cells, halo in _table(config, size)
                       if not cells & blocked]
            if not options:
                break
            weights = [weight(ship) for ship, _ in options]
            ship, halo = rng.choices(options, weights)[0]
            blocked |= halo
            out.append(ship)
        else:
            return out
    return random_fleet(config, rng)


def on_edge(cell, config: ClassicConfig) -> bool:
    x, y = cell
    return x in (0, config.width - 1) or y in (0, config.height - 1)


def edge_layout(config: ClassicConfig, rng: random.Random) -> list[Ship]:
    def weight(ship):
        edge = sum(on_edge(c, config) for c in ship)
        return 40.0 if edge == len(ship) else 4.0 if edge else 0.05
    return weighted_layout(config, rng, weight)


# --- Perelman's strategy -------------------------------------------------------------------

CORNERS = ((0, 0), (1, 0), (0, 1), (1, 1))  # as (right?, bottom?)


@lru_cache(maxsize=64)
def _reach(width: int, height: int, size: int, shapes: str, corner) -> tuple[float, ...]:
    """How far each placement reaches from ``corner`` (Chebyshev), in ``_bit_placements`` order."""
    out = []
    for ship in placements(width, height, size, shapes):
        pts = [(width - 1 - x if corner[0] else x, height - 1 - y if corner[1] else y)
               for x, y in ship]
        out.append(max(max(px, py) for px, py in pts))
    return tuple(out)


def corner_packing(config: ClassicConfig, rng: random.Random, corner, sizes: Sequence[int],
                   attempts: int = 30) -> list[Ship]:
    """Pack ``sizes`` as tightly as the touching rule allows into ``corner``: several greedy
    packings, each ship where it adds the fewest new cells of ship-and-halo to the field (halos
    overlapping, or falling off the edge) without reaching far from the corner; keep the
    packing whose ships and halos cover the fewest cells."""
    best, best_area = None, None
    for _ in range(attempts):
        order = sorted(sizes, key=lambda s: (-s, rng.random()))
        blocked = covered = 0
        ships: list[Ship] = []
        for size in order:
            table = _table(config, size)
            reach = _reach(config.width, config.height, size, config.shapes, corner)
            best_opt = None
            for (ship, cells, halo), r in zip(table, reach):
                if cells & blocked:
                    continue
                cost = (halo & ~covered).bit_count() + 1.5 * r + rng.random() * 1.5
                if best_opt is None or cost < best_opt[0]:
                    best_opt = (cost, ship, halo)
            if best_opt is None:
                break
            _, ship, halo = best_opt
            blocked |= halo
            covered |= halo
            ships.append(ship)
        if len(ships) != len(sizes):
            continue
        area = covered.bit_count()
        if best is None or area < best_area:
            best, best_area = ships, area
    if best is None:
        raise PlacementError("cannot_place", sizes=tuple(sizes), width=config.width,
                             height=config.height)
    return best


def spread_singles(config: ClassicConfig, rng: random.Random, taken: list[Ship], count: int,
                   candidates: int = 60) -> list[Ship]:
    """``count`` one-deck ships spread evenly: of many random legal choices, the one whose
    ships stand farthest from each other and from the ships already placed."""
    steps = blocked_steps(config.touching)
    blocked = set()
    for ship in taken:
        for c in ship:
            blocked.add(c)
            blocked.update(neighbours(c, config.width, config.height, steps))
    others = [c for ship in taken for c in ship]
    free0 = [(x, y) for y in range(config.height) for x in range(config.width)
             if (x, y) not in blocked]
    best, best_score = None, -1.0
    for _ in range(candidates):
        free = set(free0)
        chosen = []
        for _ in range(count):
            if not free:
                break
            c = rng.choice(sorted(free))
            chosen.append(c)
            free.discard(c)
            free.difference_update(neighbours(c, config.width, config.height, steps))
        if len(chosen) != count:
            continue
        points = chosen + others
        score = min((math.dist(a, b) for i, a in enumerate(chosen) for b in points[i + 1:]),
                    default=0.0)
        if score > best_score:
            best, best_score = chosen, score
    if best is None:
        raise PlacementError("cannot_place", sizes=(1,) * count, width=config.width,
                             height=config.height)
    return [(c,) for c in best]


def perelman_layout(config: ClassicConfig, rng: random.Random) -> list[Ship]:
    corner = rng.choice(CORNERS)
    multi = [s for s in config.sizes if s > 1]
    singles = len(config.sizes) - len(multi)
    for _ in range(20):
        try:
            packed = corner_packing(config, rng, corner, multi)
            ships = packed + spread_singles(config, rng, packed, singles)
            validate_fleet(config, ships)
            return ships
        except PlacementError:
            continue
    return random_fleet(config, rng)


# --- the adaptive style ----------------------------------------------------------------------

def adaptive_layout(config: ClassicConfig, rng: random.Random, first_shots: Sequence[float] | None
                    ) -> list[Ship]:
    """Stay away from where this player likes to fire first (``first_shots``: a count per
    cell, row by row, from the player's profile)."""
    if not first_shots or max(first_shots) <= 0:
        try:
            return uniform_layout(config, rng, max_tries=20_000)
        except PlacementError:  # a crowded sea (C3's large fleets): rejection rarely succeeds
            return random_fleet(config, rng)
    top = max(first_shots)
    w = config.width

    def weight(ship):
        heat = sum(first_shots[y * w + x] for x, y in ship) / (top * len(ship))
        return math.exp(-4.0 * heat)
    return weighted_layout(config, rng, weight)


def make_layout(style: str, config: ClassicConfig, rng: random.Random,
                first_shots: Sequence[float] | None = None) -> list[Ship]:
    if style == "random":
        return random_fleet(config, rng)
    if style == "uniform":  # exact; on a crowded sea (C3's large fleets) it may give up
        return uniform_layout(config, rng, max_tries=200_000)
    if style == "edges":
        return edge_layout(config, rng)
    if style == "perelman":
        return perelman_layout(config, rng)
    if style == "adaptive":
        return adaptive_layout(config, rng, first_shots)
    raise ValueError(f"unknown placement style {style!r}; known: {', '.join(STYLES)}")
