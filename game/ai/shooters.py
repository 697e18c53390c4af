"""Computer shooters for the Classic family (RULES.md §C).

A shooter sees only a ``ClassicView`` (what its player may know) and answers with the same
``Shot`` action a human's click produces. It never shoots a cell its view already marks (shot,
or known empty from a halo). Randomness comes only from the ``rng`` it was given.
"""

from __future__ import annotations

import random

from ..rules.classic import HIT, ClassicConfig, ClassicView, Shot
from ..rules.coords import Cell
from ..rules.fleet import SIDES


class Shooter:
    """Base of every shooter: ``choose(view) -> Shot``."""

    key = ""

    def __init__(self, config: ClassicConfig, rng: random.Random):
        self.config = config
        self.rng = rng

    def choose(self, view: ClassicView) -> Shot:
        raise NotImplementedError


class RandomShooter(Shooter):
    """A child's first game: any cell not yet marked."""

    key = "random"

    def choose(self, view: ClassicView) -> Shot:
        return Shot(self.rng.choice(view.unknown_cells()))


def hit_clusters(view: ClassicView) -> list[list[Cell]]:
    """Hit cells of ships not yet sunk, grouped into side-connected clusters."""
    hits = {c for c, mark in view.target.items() if mark == HIT}
    clusters = []
    while hits:
        todo = [hits.pop()]
        group = []
        while todo:
            c = todo.pop()
            group.append(c)
            for dx, dy in SIDES:
                n = (c[0] + dx, c[1] + dy)
                if n in hits:
                    hits.remove(n)
                    todo.append(n)
        clusters.append(sorted(group))
    return clusters


def target_candidates(view: ClassicView, cluster: list[Cell]) -> list[Cell]:
    """Unknown cells that could continue a wounded ship: along its line when two or more of its
    cells are known and ships are straight, else any side neighbour."""
    w, h = view.config.width, view.config.height
    unknown = lambda c: 0 <= c[0] < w and 0 <= c[1] < h and c not in view.target  # noqa: E731
    if len(cluster) >= 2 and view.config.shapes == "straight":
        xs = {x for x, _ in cluster}
        ys = {y for _, y in cluster}
        if len(ys) == 1:
            (y,) = ys
            ends = [(min(xs) - 1, y), (max(xs) + 1, y)]
        elif len(xs) == 1:
            (x,) = xs
            ends = [(x, min(ys) - 1), (x, max(ys) + 1)]
        else:
            ends = []
        found = [c for c in ends if unknown(c)]
        if found:
            return found
    return sorted({(c[0] + dx, c[1] + dy) for c in cluster for dx, dy in SIDES
                   if unknown((c[0] + dx, c[1] + dy))})


class HunterShooter(Shooter):
    """Hunt and target: random shots until a hit, then finish the wounded ship."""

    key = "hunter"

    def choose(self, view: ClassicView) -> Shot:
        for cluster in sorted(hit_clusters(view), key=len, reverse=True):
            options = target_candidates(view, cluster)
            if options:
                return Shot(self.rng.choice(options))
        return Shot(self.rng.choice(view.unknown_cells()))


SHOOTERS: dict[str, type[Shooter]] = {cls.key: cls for cls in (RandomShooter, HunterShooter)}


def make_shooter(key: str, config: ClassicConfig, rng: random.Random) -> Shooter:
    try:
        return SHOOTERS[key](config, rng)
    except KeyError:
        raise ValueError(f"unknown shooter {key!r}; known: {', '.join(SHOOTERS)}") from None
