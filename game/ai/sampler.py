"""Whole-fleet inference: sample complete enemy fleets consistent with everything seen.

The strong shooters reason about whole fleets, not ship by ship: a cell is likely when many
complete, legal fleets that agree with every miss, hit, sunk ship and halo put a ship there.
Counting those fleets exactly is too slow, so we sample them by *sequential importance
sampling*, vectorised over K particles with numpy:

1. every hit not yet sunk must be covered: for each particle, the first uncovered hit is covered
   by a ship (of any size still afloat) chosen among the legal placements through that cell;
2. the other ships are placed biggest first, each among the placements still legal next to the
   ships already placed (the touching rule, C1, is in each placement's "halo" mask).

Each choice is made with probability proportional to a prior weight ``g`` of the placement (1
for the uniform model; more near the edges, or near a corner, for the placement models a human
might follow), and the particle's weight is multiplied by the sum of the weights it could choose
from. Then the weighted particles are draws from ``P(fleet | observations) ∝ ∏ g(ship)`` over legal
fleets, and their weighted mean is an unbiased estimate of the model's evidence, which lets a
shooter compare placement models (``game.ai.shooters``).

Cells are bits: a board of up to 20×20 cells is ``W = ceil(cells / 64)`` uint64 words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..rules.classic import EMPTY, HIT, MISS, SUNK, ClassicView
from ..rules.fleet import blocked_steps, halo, neighbours, placements


def _pack(cell_rows: np.ndarray, words: int) -> np.ndarray:
    """Boolean rows of N cells -> rows of ``words`` uint64 bit masks."""
    n, cells = cell_rows.shape
    padded = np.zeros((n, words * 64), dtype=bool)
    padded[:, :cells] = cell_rows
    return np.packbits(padded.reshape(n, words, 64), axis=2, bitorder="little").view(np.uint64).reshape(n, words)


def _unpack(masks: np.ndarray, cells: int) -> np.ndarray:
    n, words = masks.shape
    bits = np.unpackbits(masks.view(np.uint8).reshape(n, words * 8), axis=1, bitorder="little")
    return bits[:, :cells].astype(bool)


class PlacementTable:
    """Every placement of every ship size on one board, as bit masks."""

    def __init__(self, width: int, height: int, sizes: tuple[int, ...], shapes: str,
                 touching: str):
        self.width, self.height = width, height
        self.cells = width * height
        self.words = (self.cells + 63) // 64
        self.sizes = tuple(sorted(set(sizes), reverse=True))
        self.touching = touching
        steps = blocked_steps(touching)
        ships, size_index = [], []
        for si, size in enumerate(self.sizes):
            for ship in placements(width, height, size, shapes):
                ships.append(ship)
                size_index.append(si)
        self.ships = ships
        self.size_index = np.array(size_index, dtype=np.int64)
        cell_rows = np.zeros((len(ships), self.cells), dtype=bool)
        halo_rows = np.zeros((len(ships), self.cells), dtype=bool)
        for i, ship in enumerate(ships):
            for x, y in ship:
                cell_rows[i, y * width + x] = True
                halo_rows[i, y * width + x] = True
                for nx, ny in neighbours((x, y), width, height, steps):
                    halo_rows[i, ny * width + nx] = True
        self.cell_rows = cell_rows                 # [P, N] bool
        self.bits = _pack(cell_rows, self.words)   # [P, W]
        self.halo = _pack(halo_rows, self.words)   # [P, W]: cells no other ship may take
        self.by_size = [np.flatnonzero(self.size_index == si) for si in range(len(self.sizes))]

    def mask(self, cells) -> np.ndarray:
        row = np.zeros((1, self.cells), dtype=bool)
        for x, y in cells:
            row[0, y * self.width + x] = True
        return _pack(row, self.words)[0]


@lru_cache(maxsize=16)
def table_for(width: int, height: int, sizes: tuple, shapes: str, touching: str) -> PlacementTable:
    return PlacementTable(width, height, tuple(sorted(set(sizes))), shapes, touching)


@dataclass
class Knowledge:
    """What a view says about the enemy fleet, in the table's terms."""

    table: PlacementTable
    allowed: np.ndarray      # [P] bool: placements not ruled out by misses, wrecks, halos
    hits: list               # cell indices hit but not sunk (each must be covered)
    counts: np.ndarray       # ships still afloat per size index
    unknown: np.ndarray      # [N] bool: cells not yet shot nor known empty

    @classmethod
    def from_view(cls, view: ClassicView) -> "Knowledge":
        cfg = view.config
        table = table_for(cfg.width, cfg.height, cfg.sizes, cfg.shapes, cfg.touching)
        w = cfg.width
        blocked = set()
        hits = []
        unknown = np.ones(table.cells, dtype=bool)
        for (x, y), mark in view.target.items():
            unknown[y * w + x] = False
            if mark in (MISS, EMPTY):
                blocked.add((x, y))
            elif mark == HIT:
                hits.append(y * w + x)
        for ship in view.enemy_sunk:
            blocked.update(ship)
            blocked.update(halo(ship, cfg.width, cfg.height, cfg.touching))
        blocked_bits = table.mask(blocked)
        hit_bits = table.mask([(i % w, i // w) for i in hits])
        clear = ~np.any(table.bits & blocked_bits, axis=1)
        # a ship whose every cell is hit would have been announced sunk
        all_hit = ~np.any(table.bits & ~hit_bits, axis=1)
        counts = np.zeros(len(table.sizes), dtype=np.int64)
        for size in view.enemy_afloat:
            counts[table.sizes.index(size)] += 1
        return cls(table, clear & ~all_hit, sorted(hits), counts, unknown)


@dataclass
class Estimate:
    """What a batch of weighted fleets says."""

    p: np.ndarray        # [N] probability that each cell holds a ship
    evidence: float      # mean particle weight: an unbiased estimate of the model's evidence
    ess: float           # effective number of particles behind ``p``
    joint: np.ndarray | None = None  # [M, N] P(ship in cell ``pairs[m]`` and in each cell)
    wounded: np.ndarray | None = None  # [N] P(cell belongs to a ship already hit, not sunk)


def estimate(know: Knowledge, particles: int, rng: np.random.Generator,
             prior: np.ndarray | None = None, pairs: np.ndarray | None = None) -> Estimate:
    """Sample ``particles`` weighted fleets consistent with ``know`` (see the module text) and
    return the probability of a ship in each cell. ``prior`` is the weight g of each placement
    (None: uniform). The last ship is not drawn: its expected cells are added exactly
    (Rao-Blackwellisation), which removes most of the noise of the hunt for the last ship."""
    t = know.table
    K = particles
    g = np.ones(len(t.ships)) if prior is None else np.asarray(prior, dtype=np.float64)
    g = np.where(know.allowed, g, 0.0)
    forbid = np.zeros((K, t.words), dtype=np.uint64)
    occupied = np.zeros((K, t.words), dtype=np.uint64)
    weight = np.ones(K)
    counts = np.tile(know.counts, (K, 1))
    extra = None  # [K, N] expected cells of the last ship, when it is summed out

    def legal(rows: np.ndarray, cand: np.ndarray) -> np.ndarray:
        clash = (t.bits[cand, 0][None, :] & forbid[rows, 0][:, None]) != 0
        for wd in range(1, t.words):
            clash |= (t.bits[cand, wd][None, :] & forbid[rows, wd][:, None]) != 0
        return ~clash

    def take(rows: np.ndarray, index: np.ndarray) -> None:
        forbid[rows] |= t.halo[index]
        occupied[rows] |= t.bits[index]
        np.subtract.at(counts, (rows, t.size_index[index]), 1)

    def pick(rows: np.ndarray, cand: np.ndarray, cand_w: np.ndarray) -> None:
        """Each particle in ``rows`` takes one of ``cand`` with probability ∝ its row of
        ``cand_w``; the particle's weight is multiplied by the row's sum."""
        flat = np.cumsum(cand_w, axis=None)
        n, c = cand_w.shape
        ends = flat[c - 1::c]
        starts = np.concatenate(([0.0], ends[:-1]))
        total = ends - starts
        alive = total > 0
        weight[rows[~alive]] = 0.0
        weight[rows[alive]] *= total[alive]
        r = starts + rng.random(n) * total
        k = np.searchsorted(flat, r, side="right")
        k = np.clip(k - np.arange(n) * c, 0, c - 1)
        take(rows[alive], cand[k[alive]])

    def pick_legal(rows: np.ndarray, cand: np.ndarray, ok: np.ndarray, gc: np.ndarray) -> None:
        """``pick`` for weights ``ok * gc`` (one weight per candidate, the same for every
        particle): draw from ``gc`` and keep the draws that are legal (rejection), which
        spares the per-particle cumulative sums; the few rows still without a legal draw after
        some rounds fall back to ``pick``."""
        total = ok.astype(np.float32) @ gc.astype(np.float32)
        alive = total > 0
        weight[rows[~alive]] = 0.0
        weight[rows[alive]] *= total[alive]
        todo = np.flatnonzero(alive)
        cum = np.cumsum(gc)
        for _ in range(6):
            if len(todo) == 0:
                return
            k = np.minimum(np.searchsorted(cum, rng.random(len(todo)) * cum[-1], side="right"),
                           len(cand) - 1)
            good = ok[todo, k]
            take(rows[todo[good]], cand[k[good]])
            todo = todo[~good]
        if len(todo):
            left = rows[todo]
            before = weight[left].copy()
            pick(left, cand, ok[todo] * gc[None, :])
            weight[left] = before  # the weight was already multiplied above

    # 1. cover every hit that is not sunk
    wounded = None
    if know.hits:
        hit_bits = t.mask([(i % t.width, i // t.width) for i in know.hits])
        cand = np.flatnonzero((g > 0) & t.cell_rows[:, know.hits].any(axis=1))  # through a hit
        for _ in range(len(know.hits)):
            uncovered = hit_bits[None, :] & ~occupied
            rows = np.flatnonzero(np.any(uncovered != 0, axis=1) & (weight > 0))
            if len(rows) == 0:
                break
            first = _unpack(uncovered[rows], t.cells).argmax(axis=1)  # first uncovered hit
            through = t.cell_rows[cand][:, first].T  # [rows, cand]: placement covers it
            afloat = counts[rows][:, t.size_index[cand]]
            # which of the afloat ships of that size it is: weight by how many there are
            pick(rows, cand, through * legal(rows, cand) * g[cand][None, :] * afloat)
        weight[np.any((hit_bits[None, :] & ~occupied) != 0, axis=1)] = 0.0
        wounded = occupied.copy()  # the cells of the ships through the hits

    # 2. the other ships, biggest first; the very last one is summed out, not drawn
    steps = [(si, n) for si in range(len(t.sizes)) for n in range(int(know.counts[si]))]
    for number, (si, _) in enumerate(steps):
        rows = np.flatnonzero((counts[:, si] > 0) & (weight > 0))
        if len(rows) == 0:
            continue
        cand = t.by_size[si][g[t.by_size[si]] > 0]
        if len(cand) == 0:
            weight[rows] = 0.0
            continue
        ok = legal(rows, cand)
        last = number == len(steps) - 1 and not np.any(counts[rows][:, :si] > 0)
        if last and np.all(counts[rows, si] == 1):
            cw = ok * g[cand][None, :].astype(np.float32)
            total = cw.sum(axis=1)
            safe = np.where(total > 0, total, 1.0)
            extra = np.zeros((K, t.cells), dtype=np.float32)
            extra[rows] = (cw @ t.cell_rows[cand].astype(np.float32)) / safe[:, None]
            weight[rows] *= total
            counts[rows, si] -= 1
        else:
            pick_legal(rows, cand, ok, g[cand])
    weight[np.any(counts > 0, axis=1)] = 0.0
    occ = _unpack(occupied, t.cells).astype(np.float64)
    if extra is not None:
        occ += extra
    total_w = weight.sum()
    if total_w <= 0:
        return Estimate(np.zeros(t.cells), 0.0, 0.0)
    p = (weight @ occ) / total_w
    joint = None
    if pairs is not None and len(pairs):
        joint = ((weight[:, None] * occ[:, pairs]).T @ occ) / total_w
    if wounded is not None:
        wounded = (weight @ _unpack(wounded, t.cells).astype(np.float64)) / total_w
    return Estimate(p, float(total_w / K), float(total_w ** 2 / (weight ** 2).sum()), joint,
                    wounded)
