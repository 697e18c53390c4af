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

from ..rules.classic import HIT, NO_SHIP, SUNK, ClassicView
from ..rules.fleet import blocked_steps, halo, neighbours, placements
from .quick import QuickGenerator, log_likelihood


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
        self.shapes, self.touching = shapes, touching
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
        self.halo_rows = halo_rows                 # [P, N] bool, the same unpacked
        self.index = {frozenset(ship): i for i, ship in enumerate(ships)}
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
    sunk: tuple = ()         # placement index of each ship known sunk

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
            if mark in NO_SHIP and mark != SUNK:
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
        sunk = tuple(table.index[frozenset(s)] for s in view.enemy_sunk
                     if frozenset(s) in table.index)
        return cls(table, clear & ~all_hit, sorted(hits), counts, unknown, sunk)


@dataclass
class Estimate:
    """What a batch of weighted fleets says under one placement model."""

    p: np.ndarray        # [N] probability that each cell holds a ship
    evidence: float      # mean particle weight: an unbiased estimate of the model's evidence
    ess: float           # effective number of particles behind ``p``


def estimate(know: Knowledge, particles: int, rng: np.random.Generator,
             prior: np.ndarray | None = None) -> Estimate:
    """The probability of a ship in each cell under one placement model (``prior``: the weight
    g of each placement, None for uniform)."""
    return estimate_models(know, particles, rng, [prior], [1.0])[0]


def estimate_models(know: Knowledge, particles: int, rng: np.random.Generator,
                    priors: list, shares: list) -> list[Estimate]:
    """Sample ``particles`` weighted fleets consistent with ``know`` and return, for each
    placement model (``priors[j]``: the weight g of each placement, None for uniform), the
    probability of a ship in each cell and the model's evidence.

    One batch serves every model (multiple importance sampling): particle k follows the
    proposal of a model drawn with probability ``shares``, and is weighted for model j by
    f_j(fleet) / Σ_i shares_i q_i(fleet), where q_i is the probability that model i's proposal
    builds that fleet (the "balance heuristic"). The last ship is not drawn: its expected cells
    are added exactly for each model (Rao-Blackwellisation).

    A prior ``QUICK`` (the game's quick generator, ``game.ai.quick``) is no weight per
    placement: such a model proposes like the uniform one, draws its last ship too, and weighs
    each whole fleet, the sunk ships with it, by the generator's likelihood."""
    t = know.table
    K = particles
    M = len(priors)
    quick = [j for j, g in enumerate(priors) if isinstance(g, QuickGenerator)]
    G = np.stack([np.ones(len(t.ships)) if g is None or isinstance(g, QuickGenerator)
                  else np.asarray(g, dtype=np.float64) for g in priors])
    G = np.where(know.allowed[None, :], G, 0.0)                     # [M, P]
    shares = np.asarray(shares, dtype=np.float64)
    shares = shares / shares.sum()
    model = rng.choice(M, size=K, p=shares)                         # each particle's proposal
    forbid = np.zeros((K, t.words), dtype=np.uint64)
    occupied = np.zeros((K, t.words), dtype=np.uint64)
    alive = np.ones(K, dtype=bool)
    log_f = np.zeros((K, M))      # log of the target weight ∏ g_j(ship) of the fleet so far
    log_q = np.zeros((K, M))      # log of the probability that proposal j builds it
    last_total = np.ones((K, M))  # the summed-out last ship's total weight, per model
    extra = None                  # [M, K, N] expected cells of the last ship, per model
    counts = np.tile(know.counts, (K, 1))
    fleet = np.full((K, int(know.counts.sum())), -1)   # the ships each particle drew
    drawn = np.zeros(K, dtype=np.int64)
    quick_last = np.zeros((K, t.cells), dtype=np.float32)   # the QUICK models' last ship
    quick_room = np.ones(K)                                 # and how many places it had

    def legal(rows: np.ndarray, cand: np.ndarray) -> np.ndarray:
        clash = (t.bits[cand, 0][None, :] & forbid[rows, 0][:, None]) != 0
        for wd in range(1, t.words):
            clash |= (t.bits[cand, wd][None, :] & forbid[rows, wd][:, None]) != 0
        return ~clash

    def take(rows: np.ndarray, index: np.ndarray) -> None:
        forbid[rows] |= t.halo[index]
        occupied[rows] |= t.bits[index]
        np.subtract.at(counts, (rows, t.size_index[index]), 1)
        fleet[rows, drawn[rows]] = index
        drawn[rows] += 1

    def draw(cw: np.ndarray) -> np.ndarray:
        """One column per row of ``cw`` with probability ∝ the row (rows must not sum to 0)."""
        flat = np.cumsum(cw, axis=None)
        n, c = cw.shape
        ends = flat[c - 1::c]
        starts = np.concatenate(([0.0], ends[:-1]))
        r = starts + rng.random(n) * (ends - starts)
        k = np.searchsorted(flat, r, side="right") - np.arange(n) * c
        return np.clip(k, 0, c - 1)

    def draw_legal(ok: np.ndarray, gm: np.ndarray, which: np.ndarray) -> np.ndarray:
        """``draw`` for weights ``ok * gm[which]``: each row draws from its own model's weights
        ``gm[which[row]]`` (all models in one search, their cumulative sums laid end to end)
        and keeps the draws that are legal (rejection); rows unlucky for long fall back."""
        n, c = ok.shape
        flat = np.cumsum(gm, axis=None)                    # [M * C]
        ends = flat[c - 1::c]
        starts = np.concatenate(([0.0], ends[:-1]))
        out = np.full(n, -1)
        todo = np.arange(n)
        for _ in range(6):
            m = which[todo]
            r = starts[m] + rng.random(len(todo)) * (ends[m] - starts[m])
            k = np.clip(np.searchsorted(flat, r, side="right") - m * c, 0, c - 1)
            good = ok[todo, k]
            out[todo[good]] = k[good]
            todo = todo[~good]
            if len(todo) == 0:
                return out
        out[todo] = draw(ok[todo] * gm[which[todo]])
        return out

    def step(rows: np.ndarray, cand: np.ndarray, ok: np.ndarray, factor=None) -> None:
        """Each particle in ``rows`` places one more ship among ``cand`` (``ok``: legal), drawn
        by its own model's proposal; ``factor`` [rows, cand] multiplies every model's weights."""
        gm = G[:, cand]                                                # [M, C]
        base = ok if factor is None else ok * factor
        totals = base.astype(np.float32) @ gm.T.astype(np.float32)    # [rows, M]
        dead = totals[np.arange(len(rows)), model[rows]] <= 0
        alive[rows[dead]] = False
        rows, base, ok, totals = rows[~dead], base[~dead], ok[~dead], totals[~dead]
        which = model[rows]
        if factor is None:
            k = draw_legal(ok, gm, which)
            fac = 1.0
        else:
            factor = factor[~dead]
            k = draw(base * gm[which])
            fac = factor[np.arange(len(rows)), k][:, None]
        chosen = cand[k]
        g = gm[:, k].T                                                  # [rows, M]
        with np.errstate(divide="ignore"):
            log_f[rows] += np.log(g * fac)   # fac: see "which of the afloat ships"
            log_q[rows] += np.log(g * fac) - np.log(totals)
        take(rows, chosen)

    # 1. cover every hit that is not sunk
    if know.hits:
        hit_bits = t.mask([(i % t.width, i // t.width) for i in know.hits])
        through_hit = t.cell_rows[:, know.hits].any(axis=1)
        cand = np.flatnonzero((G.max(axis=0) > 0) & through_hit)      # placements through a hit
        if len(cand) == 0:   # a hit no placement can cover: nothing fits (a "what if" view)
            alive[:] = False
        for _ in range(len(know.hits) if len(cand) else 0):
            uncovered = hit_bits[None, :] & ~occupied
            rows = np.flatnonzero(np.any(uncovered != 0, axis=1) & alive)
            if len(rows) == 0:
                break
            first = _unpack(uncovered[rows], t.cells).argmax(axis=1)  # first uncovered hit
            through = t.cell_rows[cand][:, first].T                    # covers that hit
            afloat = counts[rows][:, t.size_index[cand]]
            # which of the afloat ships of that size it is: weight by how many there are
            step(rows, cand, through & legal(rows, cand), afloat.astype(np.float64))
        alive &= ~np.any((hit_bits[None, :] & ~occupied) != 0, axis=1)

    # 2. the other ships, biggest first; the very last one is summed out, not drawn
    steps = [si for si in range(len(t.sizes)) for _ in range(int(know.counts[si]))]
    for number, si in enumerate(steps):
        rows = np.flatnonzero((counts[:, si] > 0) & alive)
        if len(rows) == 0:
            continue
        cand = t.by_size[si][G[:, t.by_size[si]].max(axis=0) > 0]
        if len(cand) == 0:
            alive[rows] = False
            continue
        ok = legal(rows, cand)
        last = (number == len(steps) - 1
                and np.all(counts[rows].sum(axis=1) == 1))
        if last:
            okf = ok.astype(np.float32)
            single = t.sizes[si] == 1  # a one-deck ship's placements are its cells: no matmul
            cells = None if single else t.cell_rows[cand].astype(np.float32)
            where = t.cell_rows[cand].argmax(axis=1) if single else None
            extra = np.zeros((M, K, t.cells), dtype=np.float32)
            for j in range(M):
                cw = okf * G[j, cand].astype(np.float32)[None, :]
                total = cw.sum(axis=1)
                last_total[rows, j] = total
                cw /= np.where(total > 0, total, 1.0)[:, None]
                if single:
                    extra[j][rows[:, None], where[None, :]] = cw
                else:
                    extra[j, rows] = cw @ cells
            if quick:
                room = ok.sum(axis=1)
                live = rows[room > 0]
                k = draw(okf[room > 0])
                fleet[live, drawn[live]] = cand[k]
                drawn[live] += 1
                quick_last[live] = t.cell_rows[cand[k]]
                quick_room[live] = room[room > 0]
            counts[rows, si] -= 1
        else:
            step(rows, cand, ok)
    alive &= ~np.any(counts > 0, axis=1)

    occ = _unpack(occupied, t.cells).astype(np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_mix = np.log(np.exp(log_q - log_q.max(axis=1, keepdims=True)) @ shares) \
            + log_q.max(axis=1)
        log_w = log_f - log_mix[:, None] + np.log(last_total)
    if quick:
        full = alive & (drawn == fleet.shape[1])
        ships = np.concatenate([fleet[full], np.tile(np.array(know.sunk, dtype=np.int64),
                                                     (int(full.sum()), 1))], axis=1)
        log_gen = np.full(K, -np.inf)
        log_gen[full] = log_likelihood(t, ships) + np.log(quick_room[full])
        for j in quick:
            log_w[:, j] = log_gen + log_f[:, j] - log_mix
            if extra is not None:
                extra[j] = quick_last
    log_w[~alive] = -np.inf
    top = log_w.max(axis=0)                                             # [M]
    finite = np.isfinite(top)
    w = np.exp(log_w - np.where(finite, top, 0.0)[None, :]).T          # [M, K]
    w[~finite] = 0.0
    p = (w.astype(np.float32) @ occ).astype(np.float64)                # [M, N]
    out = []
    for j in range(M):
        total = w[j].sum()
        if not finite[j] or total <= 0:
            out.append(Estimate(np.zeros(t.cells), 0.0, 0.0))
            continue
        pj = p[j] + (w[j].astype(np.float32) @ extra[j] if extra is not None else 0.0)
        out.append(Estimate(pj / total, float(np.exp(top[j]) * total / K),
                            float(total ** 2 / (w[j] ** 2).sum())))
    return out
