"""Hunting the Flying Dutchman (RULES.md §D), and moving one.

The Dutchman is one ship of any 8-connected shape on a 20×20 field, and after each hit its owner
may move what is left of it. The shooter's view says which of his marks still tell: the misses
and hits made since the ship last moved (older misses are faded, older hits are wrecks).

``DutchmanShooter`` counts, over a sample of ship shapes, every position of the ship as it was
when it last moved (its decks now afloat plus the ones hit since) that agrees with the marks
that still tell, and fires at the cell most positions cover. ``choose_relocation`` moves the
computer's own Dutchman with sense.
"""

from __future__ import annotations

import random

import numpy as np

from ..rules.classic import HIT, NO_SHIP, WRECK, ClassicView, Relocate, Shot
from ..rules.fleet import normalise, random_polyking
from .shooters import Shooter, hit_clusters, target_candidates

SHAPES = 160   # distinct shapes sampled per ship size


_shape_cache: dict[tuple[int, int], list[np.ndarray]] = {}


def shape_sample(size: int, seed: int = 0, count: int = SHAPES) -> list[np.ndarray]:
    """Distinct 8-connected shapes of ``size`` cells, each an array of (dx, dy) offsets from its
    top-left corner, drawn by random growth (reproducible from ``seed``)."""
    key = (size, count)
    if key not in _shape_cache:
        rng = random.Random(seed * 7919 + size)
        seen = set()
        for _ in range(count * 20):
            seen.add(normalise(random_polyking(size, size * 2 + 1, size * 2 + 1, rng)))
            if len(seen) >= count:
                break
        _shape_cache[key] = [np.array(s, dtype=np.int64) for s in sorted(seen)]
    return _shape_cache[key]


def coverage(allowed: np.ndarray, must: np.ndarray, shapes: list[np.ndarray]) -> np.ndarray:
    """How many placements of the ``shapes`` cover each cell, counting only placements on
    ``allowed`` cells that contain every ``must`` cell (both ``[h, w]`` bool arrays)."""
    h, w = allowed.shape
    out = np.zeros((h, w))
    need = int(must.sum())
    for shape in shapes:
        sw = int(shape[:, 0].max()) + 1
        sh = int(shape[:, 1].max()) + 1
        if sw > w or sh > h:
            continue
        ph, pw = h - sh + 1, w - sw + 1
        ok = np.ones((ph, pw), dtype=bool)
        covered = np.zeros((ph, pw), dtype=np.int64)
        for dx, dy in shape:
            ok &= allowed[dy:dy + ph, dx:dx + pw]
            if need:
                covered += must[dy:dy + ph, dx:dx + pw]
        if need:
            ok &= covered == need
        if not ok.any():
            continue
        okf = ok.astype(np.float64)
        for dx, dy in shape:
            out[dy:dy + ph, dx:dx + pw] += okf
    return out


class DutchmanShooter(Shooter):
    """Hunts on a spread lattice ((x + 2y) mod 5 meets every line of five cells, straight or
    diagonal, and every compact shape of five or more); finishes a ship that stayed put where
    most positions of its shape through the fresh hits cover a cell. After every move of the ship the lattice is
    drawn anew, so an owner cannot learn where the next hunt will look."""

    key = "dutchman"

    def __init__(self, config, rng, memory=None, shapes: int = SHAPES):
        super().__init__(config, rng)
        self.shapes = shapes
        self.offset = rng.randrange(5)
        self.moves_seen = 0

    def density(self, view: ClassicView) -> tuple[np.ndarray, np.ndarray, bool]:
        cfg = view.config
        w, h = cfg.width, cfg.height
        allowed = np.ones((h, w), dtype=bool)
        must = np.zeros((h, w), dtype=bool)
        for (x, y), mark in view.target.items():
            if mark == HIT:
                must[y, x] = True
            elif mark in NO_SHIP:
                allowed[y, x] = False
        afloat = sum(view.enemy_afloat) or 1
        size = afloat + int(must.sum())
        shapes = shape_sample(size, count=self.shapes)
        dens = coverage(allowed, must, shapes)
        if must.any() and not dens.any():   # it kept a shape our sample lacks: look around
            dens = coverage(allowed, np.zeros_like(must), shape_sample(afloat, count=self.shapes))
        unknown = allowed & ~must
        return dens, unknown, bool(must.any())

    def choose(self, view: ClassicView) -> Shot:
        moves = sum(m == WRECK for m in view.target.values())  # each move wrecks a hit
        if moves != self.moves_seen:   # the ship moved: a fresh hunt on a fresh lattice
            self.moves_seen = moves
            self.offset = self.rng.randrange(5)
        dens, unknown, targeting = self.density(view)
        score = np.where(unknown, dens, 0.0)
        if score.max() <= 0:
            return self.pick(view.unknown_cells())
        if not targeting:
            # hunting: the owner may have put it anywhere (and people like the edges, where
            # fewer shapes fit), so every open cell of the lattice is as good as another
            ys, xs = np.mgrid[0:score.shape[0], 0:score.shape[1]]
            lattice = ((xs + 2 * ys) % 5 == self.offset) & (score > 0)
            if lattice.any():
                score = lattice.astype(np.float64)
            else:
                score = (score > 0).astype(np.float64)
        top = score.max()
        best = np.argwhere(score >= top * (1 - 1e-9))
        y, x = best[self.rng.randrange(len(best))]
        total = float(np.where(unknown, dens, 0).sum()) or 1.0
        self.belief = [float(v) / total for v in np.where(unknown, dens, 0).reshape(-1)]
        return Shot((int(x), int(y)))


class DutchmanHunter(Shooter):
    """The parity step of the ladder against a Dutchman: a spread lattice while hunting
    ((x + 2y) mod 5 meets every line of five cells, straight or diagonal), the eight
    neighbours of a fresh hit while it stays put."""

    key = "parity"

    def __init__(self, config, rng, memory=None):
        super().__init__(config, rng)
        self.offset = rng.randrange(5)

    def choose(self, view: ClassicView) -> Shot:
        for cluster in sorted(hit_clusters(view), key=len, reverse=True):
            options = target_candidates(view, cluster)
            if options:
                return self.pick(options)
        unknown = view.unknown_cells()
        lattice = [c for c in unknown if (c[0] + 2 * c[1]) % 5 == self.offset]
        return self.pick(lattice or unknown)


def choose_relocation(view: ClassicView, rng: random.Random, tries: int = 12) -> Relocate:
    """§D, the computer's own Dutchman after a hit: always move (a ship that stays is finished
    off around the hit), to a shape drawn at random anywhere the wrecks leave room, preferring
    the candidate farthest from the hit; no preference for searched or unsearched water, which a
    hunter could learn."""
    cfg = view.config
    own = view.own_ships[0] if view.own_ships else ()
    left = len(own)
    if left == 0:
        return Relocate(None)
    wrecks = set(view.own_wrecks)
    last = view.own_wrecks[-1] if view.own_wrecks else (cfg.width // 2, cfg.height // 2)
    best, best_score = None, -1.0
    for _ in range(tries):
        cells = random_polyking(left, cfg.width, cfg.height, rng)
        if wrecks.intersection(cells):
            continue
        near = min(max(abs(x - last[0]), abs(y - last[1])) for x, y in cells)
        score = min(near, 4) + rng.random()
        if score > best_score:
            best, best_score = cells, score
    return Relocate(best) if best is not None else Relocate(None)
