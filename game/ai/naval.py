"""Computer admirals for Naval (RULES.md §N): placing an armed fleet, firing volleys, and the
Aegis anti-air mount's interceptions.

An AI sees only a ``NavalView`` (its own fleet, what it has learnt of the enemy field) and
answers with the ``Volley`` or ``Intercept`` a person's clicks make. Five levels, weakest first:

- ``random``: any legal volley, any legal interception.
- ``gunner``: hunts at random, then fires at the side neighbours of unsunk hits (the battleship's
  pair too); torpedo and air strikes at random; shoots down the first shells in reach (up to 2)
  and every plane in reach.
- ``navigator``: the captain's aim with the gunner's fleet (placed anyhow) and anti-air.
- ``captain``: places its weapons inside its own anti-air umbrella and spreads each ship's
  guns; counts every position each enemy ship afloat could hold (probability density, the
  unsunk hits shared out among the ships exactly) and fires each shell, the pair and the planes
  where a hit is likeliest; runs its torpedo down the best lane; as the defender it shoots down
  what would hit its weapons first, then its ships, then misses (to teach the enemy nothing).
  (The commodore of issue 19, kept as the measure of the next one.)
- ``commodore``: the captain, playing to win a ceasefire (N-f): it learns where the enemy's
  mount stands and fires every shell outside its reach, or enough inside to break it (a hit
  there is likeliest a weapon, and weapons decide a ceasefire: ``naval_aim``); it notices a
  mount that no longer shoots; behind on points as the quiet runs, it spends its torpedo.

Randomness comes only from the ``rng`` given. No pygame.
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np

from ..rules.coords import Cell
from ..rules.fleet import AROUND, SIDES
from ..rules.naval import (AA_RANGE, AA_SHELLS, CEASEFIRE, EMPTY, HIT, KINDS, MISS,
                           SHIP_CELLS, SIZE, SUNK, Intercept, NavalShip, NavalView, Volley, chebyshev, deck_options,
                           make_ship, on_main, random_fleet, random_weapons,
                           ship_placements)
from .naval_aim import best_pair, plan_shells
from .player import of_level

NAVAL_LEVELS = ("random", "gunner", "navigator", "captain", "commodore")
CELLS = SIZE * SIZE
MAX_HITS = 18          # unsunk hits the exact share-out handles; beyond, a cruder weighting
TORPEDO_LANE = 0.6     # a lane at least this likely to strike a new ship cell is worth it
TORPEDO_EDGE = 0.3     # the hits an air strike must promise beyond the lane to delay the torpedo


def index(cell: Cell) -> int:
    return cell[1] * SIZE + cell[0]


def cell_at(i: int) -> Cell:
    return (i % SIZE, i // SIZE)


def in_board(c: Cell) -> bool:
    return 0 <= c[0] < SIZE and 0 <= c[1] < SIZE


def side_neighbours(c: Cell) -> list[Cell]:
    return [n for n in ((c[0] + dx, c[1] + dy) for dx, dy in SIDES) if in_board(n)]


def free_pairs(free: set) -> list[tuple[Cell, Cell]]:
    """Every pair of side-neighbouring cells both in ``free`` (where the battleship may fire)."""
    return [(c, n) for c in sorted(free) for n in ((c[0] + 1, c[1]), (c[0], c[1] + 1))
            if n in free]


def volley_size(view: NavalView) -> tuple[int, bool]:
    """(single shots, pair?) the view's next volley must name (N-a)."""
    return view.guns - 2 * view.pair, view.pair


def incoming(view: NavalView) -> tuple[list[Cell], list[Cell]]:
    """The shells and the planes in reach of ``view.player``'s mount, in the order named."""
    volley = view.incoming_volley
    if volley is None:
        return [], []
    shells = set(volley.shells)
    reach = list(view.options)
    return [c for c in reach if c in shells], [c for c in reach if c not in shells]


# --- the placement tables -------------------------------------------------------------------

@lru_cache(maxsize=None)
def placement_table(kind: str) -> tuple[tuple, np.ndarray, np.ndarray]:
    """Every legal position of a ship of ``kind``, with its cells and its halo as 0/1 rows over
    the 144 cells (float32, so counting overlaps is a matrix product)."""
    ships = ship_placements(kind)
    cells = np.zeros((len(ships), CELLS), dtype=np.float32)
    halo = np.zeros((len(ships), CELLS), dtype=np.float32)
    for i, ship in enumerate(ships):
        own = set(ship)
        for c in ship:
            cells[i, index(c)] = 1
            for dx, dy in AROUND:
                n = (c[0] + dx, c[1] + dy)
                if in_board(n) and n not in own:
                    halo[i, index(n)] = 1
    return ships, cells, halo


@lru_cache(maxsize=None)
def reach_mask(cell: Cell) -> np.ndarray:
    """The cells within the anti-air's reach of ``cell`` (Chebyshev ≤ 3)."""
    out = np.zeros(CELLS, dtype=np.float32)
    for y in range(max(0, cell[1] - AA_RANGE), min(SIZE, cell[1] + AA_RANGE + 1)):
        for x in range(max(0, cell[0] - AA_RANGE), min(SIZE, cell[0] + AA_RANGE + 1)):
            out[index((x, y))] = 1
    return out


# --- the probability density ------------------------------------------------------------------

def known_arrays(target: dict) -> tuple[np.ndarray, np.ndarray]:
    """(water or wreck: no ship afloat can lie there, unsunk hits) as 0/1 rows over the field."""
    blocked = np.zeros(CELLS, dtype=np.float32)
    hits = np.zeros(CELLS, dtype=np.float32)
    for c, mark in target.items():
        if mark == HIT:
            hits[index(c)] = 1
        elif mark in (MISS, EMPTY, SUNK):
            blocked[index(c)] = 1
    return blocked, hits


def density(view: NavalView, aa_region: np.ndarray | None = None) -> np.ndarray:
    """For each cell, the chance that a ship afloat lies there, given all ``view`` knows.

    Each enemy ship afloat is at any of its legal positions that avoid known water and wrecks
    and do not touch an unsunk hit they do not cover (ships never touch, N §placement). The
    unsunk hits must be shared out among the ships afloat, each hit to exactly one ship: the
    positions are grouped by the hits they cover and every way of sharing is weighed by how
    many positions it leaves each ship (the ships are otherwise taken as independent).
    ``aa_region``: where the enemy's anti-air mount may stand (learnt from shells shot down);
    the Aegis's positions are weighed by how many of those cells they cover. Known cells get 0.
    """
    blocked, hits = known_arrays(view.target)
    hit_idx = np.flatnonzero(hits)
    h = len(hit_idx)
    if h > MAX_HITS:
        return _crude_density(view, blocked, hits)
    bits = (np.int64(1) << np.arange(h, dtype=np.int64)) if h else np.zeros(0, dtype=np.int64)
    groups = []        # per kind afloat: (codes, weight per code, weighted cell rows per code)
    for kind in view.enemy_afloat:
        _, cells, halo = placement_table(kind)
        ok = (cells @ blocked == 0) & (halo @ hits == 0)
        rows = cells[ok]
        cover = rows[:, hit_idx] if h else np.zeros((len(rows), 0), dtype=np.float32)
        weight = np.ones(len(rows), dtype=np.float64)
        weight[cover.sum(axis=1) >= SHIP_CELLS[kind]] = 0       # all hit: it would be sunk
        if kind == "aegis" and aa_region is not None:
            weight *= rows @ aa_region
        keep = weight > 0
        rows, cover, weight = rows[keep], cover[keep], weight[keep]
        codes = cover.astype(np.int64) @ bits if h else np.zeros(len(rows), dtype=np.int64)
        uniq, inv = np.unique(codes, return_inverse=True)
        onehot = (inv[None, :] == np.arange(len(uniq))[:, None]).astype(np.float64)
        groups.append(([int(u) for u in uniq], onehot @ weight, onehot @ (rows * weight[:, None])))
    share = _share_hits(groups, (1 << h) - 1)
    if share is None:
        return _crude_density(view, blocked, hits)
    out = np.zeros(CELLS)
    for (codes, wsum, rows), post in zip(groups, share):
        for j in range(len(codes)):
            if post[j] > 0:
                out += post[j] * rows[j] / wsum[j]
    out[(blocked + hits) > 0] = 0
    return np.clip(out, 0, 1)


def _share_hits(groups, full: int):
    """For each kind and each set of hits it could cover, the chance that it covers exactly
    those, when every unsunk hit belongs to exactly one ship (forward and backward sums over
    the hits shared so far). None when no sharing fits (then the caller falls back)."""
    n = len(groups)
    forward = [{0: 1.0}]
    for codes, wsum, _ in groups:
        nxt: dict = {}
        for mask, v in forward[-1].items():
            for code, w in zip(codes, wsum):
                if mask & code == 0:
                    nxt[mask | code] = nxt.get(mask | code, 0.0) + v * w
        if len(nxt) > 50_000:
            return None
        forward.append(nxt)
    total = forward[n].get(full, 0.0)
    if total <= 0:
        return None
    backward: list[dict] = [dict() for _ in range(n + 1)]
    backward[n] = {full: 1.0}
    for i in range(n - 1, -1, -1):
        codes, wsum, _ = groups[i]
        for mask in forward[i]:
            s = 0.0
            for code, w in zip(codes, wsum):
                if mask & code == 0:
                    s += w * backward[i + 1].get(mask | code, 0.0)
            backward[i][mask] = s
    share = []
    for i, (codes, wsum, _) in enumerate(groups):
        post = np.zeros(len(codes))
        for mask, v in forward[i].items():
            for j, (code, w) in enumerate(zip(codes, wsum)):
                if mask & code == 0:
                    post[j] += v * w * backward[i + 1].get(mask | code, 0.0)
        share.append(post / total)
    return share


def _crude_density(view: NavalView, blocked: np.ndarray, hits: np.ndarray) -> np.ndarray:
    """Each ship on its own, positions covering unsunk hits weighed heavily (the fall-back when
    too many hits are unsunk to share them out exactly)."""
    out = np.zeros(CELLS)
    for kind in view.enemy_afloat:
        _, cells, halo = placement_table(kind)
        ok = (cells @ blocked == 0) & (halo @ hits == 0)
        rows = cells[ok]
        if not len(rows):
            continue
        cover = rows @ hits
        weight = np.power(30.0, cover) * (cover < SHIP_CELLS[kind])
        if weight.sum() > 0:
            out += (weight @ rows) / weight.sum()
    out[(blocked + hits) > 0] = 0
    return np.clip(out, 0, 1)


# --- the levels -------------------------------------------------------------------------------

class NavalAI:
    """A Naval computer player: ``place()`` its armed fleet, ``act(view)`` its volley or its
    interception, ``intercept(view)`` (also the automatic interception for a human defender).
    ``belief``: after each volley, what it believed of each enemy cell (row by row)."""

    key = ""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.belief: list[float] | None = None

    wants_legal = False   # a computer player (game.ai.player.Player)

    def place(self) -> list[NavalShip]:
        return random_fleet(self.rng)

    def set_up(self, player: int) -> list[NavalShip]:
        return self.place()

    def observe(self, events) -> None:
        pass

    def accepts_draw(self, view: NavalView) -> bool:
        """RULES.md §0: a draw only when no better off, judged as §N's ceasefire counts its
        points: intact weapons, then intact ship cells. Its own are known; the enemy's are what
        it has seen: his fleet is as big and as armed as ours (§N), less what it has sunk and
        hit of it."""
        mine, theirs = draw_points(view)
        return mine <= theirs

    def act(self, view: NavalView, legal=None) -> Volley | Intercept:
        if view.pending == "intercept":
            return self.intercept(view)
        return self.volley(view)

    def volley(self, view: NavalView) -> Volley:
        raise NotImplementedError

    def intercept(self, view: NavalView) -> Intercept:
        raise NotImplementedError

    def _uniform_belief(self, cells) -> None:
        belief = [0.0] * CELLS
        for c in cells:
            belief[index(c)] = 1.0 / len(cells)
        self.belief = belief


class RandomAI(NavalAI):
    """Any legal volley; any legal interception."""

    key = "random"

    def volley(self, view: NavalView) -> Volley:
        rng = self.rng
        free = view.targetable()
        self._uniform_belief(free)
        singles, pair = volley_size(view)
        pair_cells: tuple = ()
        if pair:
            pair_cells = rng.choice(free_pairs(set(free)))
        rest = [c for c in free if c not in pair_cells]
        shots = tuple(rng.sample(rest, singles))
        taken = set(shots) | set(pair_cells)
        torpedo, air = None, ()
        if view.ability_allowed and (view.torpedo_ready or view.planes) \
                and (rng.random() < 0.3 or not taken):
            if view.torpedo_ready and (not view.planes or rng.random() < 0.5):
                torpedo = rng.randrange(SIZE)
            else:
                air = _random_air(view, [c for c in free if c not in taken], rng)
        return Volley(shots, pair_cells, torpedo, air)

    def intercept(self, view: NavalView) -> Intercept:
        shells, planes = incoming(view)
        pick = self.rng.sample(shells, self.rng.randint(0, min(AA_SHELLS, len(shells))))
        pick += [c for c in planes if self.rng.random() < 0.5]
        return Intercept(tuple(pick))


def _random_air(view: NavalView, left: list[Cell], rng: random.Random, around=None) -> tuple:
    """Planes on cells of ``left`` inside one 3×3 square, placed around ``around`` (or a random
    cell of ``left``)."""
    if not left or not view.planes:
        return ()
    cx, cy = around if around is not None else rng.choice(left)
    ox = min(max(cx - rng.randrange(3), 0), SIZE - 3)
    oy = min(max(cy - rng.randrange(3), 0), SIZE - 3)
    square = [c for c in left if ox <= c[0] < ox + 3 and oy <= c[1] < oy + 3]
    if not square:
        return ()
    return tuple(rng.sample(square, min(view.planes, len(square))))


class GunnerAI(NavalAI):
    """Hunt and target: random unknown cells until a hit, then the side neighbours of every
    unsunk hit (the battleship's pair among them when it can)."""

    key = "gunner"
    ability = 0.7      # chance of using the torpedo or the planes when allowed

    def volley(self, view: NavalView) -> Volley:
        rng = self.rng
        free = view.targetable()
        fs = set(free)
        hits = sorted(c for c, m in view.target.items() if m == HIT)
        near: list[Cell] = []
        for h in hits:
            for n in side_neighbours(h):
                if n in fs and n not in near:
                    near.append(n)
        rng.shuffle(near)
        self._uniform_belief(near or free)
        singles, pair = volley_size(view)
        pair_cells: tuple = ()
        if pair:
            pairs = free_pairs(fs)
            ns = set(near)
            both = [p for p in pairs if p[0] in ns and p[1] in ns]
            one = [p for p in pairs if p[0] in ns or p[1] in ns]
            pair_cells = rng.choice(both or one or pairs)
        taken = set(pair_cells)
        shots = [c for c in near if c not in taken][:singles]
        taken.update(shots)
        rest = [c for c in free if c not in taken]
        shots += rng.sample(rest, singles - len(shots))
        taken.update(shots)
        torpedo, air = None, ()
        if view.ability_allowed and (view.torpedo_ready or view.planes) \
                and (rng.random() < self.ability or not taken):
            if view.torpedo_ready and (not view.planes or rng.random() < 0.5):
                torpedo = rng.randrange(SIZE)
            else:
                left = [c for c in free if c not in taken]
                spots = [c for c in near if c not in taken]
                air = _random_air(view, left, rng, rng.choice(spots) if spots else None)
        return Volley(tuple(shots), pair_cells, torpedo, air)

    def intercept(self, view: NavalView) -> Intercept:
        return first_in_reach(view)


def first_in_reach(view: NavalView) -> Intercept:
    """The first shells the mount can reach (up to two) and every plane in reach."""
    shells, planes = incoming(view)
    return Intercept(tuple(shells[:AA_SHELLS] + planes))


class CaptainAI(NavalAI):
    """Sense in placement, the probability density in attack, and an anti-air that knows its own
    fleet (the Commodore of issue 19, now a rung below it: it aims where a ship is likeliest,
    in the enemy mount's reach or not)."""

    key = "captain"

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.aa_region: np.ndarray | None = None    # where the enemy's mount may stand

    # -- placement --
    def place(self) -> list[NavalShip]:
        return umbrella_fleet(self.rng)

    # -- attack --
    def _learn(self, view: NavalView) -> None:
        """Each shell or plane shot down fell within reach of the enemy's mount, which never
        moves: the mount stands where all those reaches overlap."""
        if not view.target and not view.downed:
            self.aa_region = None                   # a new game
        for c in view.downed:
            region = self.aa_region if self.aa_region is not None else np.ones(CELLS, np.float32)
            region = region * reach_mask(c)
            self.aa_region = region if region.any() else None

    def aim(self, view: NavalView, p: np.ndarray, score: np.ndarray, free: list[Cell],
            risk: np.ndarray | None) -> tuple[tuple, tuple]:
        """(single shots, the battleship's pair): the likeliest cells."""
        singles, pair = volley_size(view)
        order = sorted(free, key=lambda c: -score[index(c)])
        pair_cells = best_pair(free, score, singles) if pair else ()
        return tuple(c for c in order if c not in pair_cells)[:singles], pair_cells

    def volley(self, view: NavalView) -> Volley:
        self._learn(view)
        aegis_afloat = "aegis" in view.enemy_afloat
        region = self.aa_region if aegis_afloat else None
        risk = self._plane_risk() if region is not None else None
        p = density(view, region)
        self.belief = [float(v) for v in p]
        noise = np.array([self.rng.random() for _ in range(CELLS)]) * 1e-6
        score = p + noise
        free = view.targetable()
        shots, pair_cells = self.aim(view, p, score, free, risk)
        taken = set(shots) | set(pair_cells)
        torpedo, air = None, ()
        if view.ability_allowed and (view.torpedo_ready or view.planes):
            air, air_value = ((), 0.0)
            if view.planes:
                air, air_value = best_air(p, [c for c in free if c not in taken], view.planes,
                                          risk)
            if view.torpedo_ready:
                row, lane = best_lane(view, p)
                if self.use_torpedo(view, lane, air, air_value):
                    torpedo, air = row, ()
        if not taken and torpedo is None and not air:       # guns silenced: attack somehow
            if view.torpedo_ready:
                torpedo = best_lane(view, p)[0]
            else:
                air = _random_air(view, free, self.rng)
        return Volley(shots, pair_cells, torpedo, air)

    def use_torpedo(self, view: NavalView, lane: float, air: tuple, air_value: float) -> bool:
        """Torpedo now, rather than the air strike? Early rather than late: once spent, the tube
        fires a shell every turn (N-d), worth more than one air strike's edge over the lane."""
        return (lane >= TORPEDO_LANE or lane + TORPEDO_EDGE >= air_value or not air
                or view.guns <= 2)

    def _plane_risk(self) -> np.ndarray:
        """For each cell, the share of the mount's possible cells that reach it."""
        region = self.aa_region
        cells = np.flatnonzero(region)
        risk = np.zeros(CELLS)
        for i in cells:
            risk += reach_mask(cell_at(int(i)))
        return risk / len(cells)

    # -- defence --
    def intercept(self, view: NavalView) -> Intercept:
        return Intercept(tuple(defend(view)))


class NavigatorAI(CaptainAI):
    """The Captain's aim without his seamanship: a fleet placed anyhow, and an anti-air that
    shoots down the first shells it can reach, as the Gunner's does."""

    key = "navigator"

    def place(self) -> list[NavalShip]:
        return random_fleet(self.rng)

    def intercept(self, view: NavalView) -> Intercept:
        return first_in_reach(view)


class CommodoreAI(CaptainAI):
    """The strong one: the Captain's placement, density and defence, playing to win under the
    ceasefire (N-f): it fires past the enemy's anti-air (every shell outside the mount's reach,
    or enough inside to break it), and when the points count against it and the quiet runs on,
    it spends its torpedo and planes wherever they may still strike."""

    key = "commodore"

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.fired: tuple = ()          # the shells of its last volley
        self.silenced = False           # the enemy mount let a hit in its reach through

    # A hit under the enemy's umbrella is most likely a weapon (a fleet shelters its weapons
    # there), and a ceasefire counts weapons first (N-f): measured in duels against the Captain
    # (200 games, seed 1), a worth of 1 won 44 %, 3 won 56 %, 8 won 65 %, 20 won 63 %.
    INSIDE_WORTH = 8.0

    def _learn(self, view: NavalView) -> None:
        if not view.target and not view.downed:
            self.fired, self.silenced = (), False
        region = self.aa_region
        if region is not None and len(view.downed) < AA_SHELLS:
            # a shell surely in reach struck a ship, and the mount had a round to spare for it
            # (N-e: it shoots down what would hit first): the mount is out of action
            sure = [c for c in self.fired if view.target.get(c) in (HIT, SUNK)
                    and c not in view.downed and _surely_reached(region, c)]
            if sure:
                self.silenced = True
        super()._learn(view)

    def aim(self, view, p, score, free, risk):
        if self.silenced:
            risk = None
        shots, pair_cells = super().aim(view, p, score, free, risk)
        if risk is not None:
            singles, pair = volley_size(view)
            plan = plan_shells(p, risk, free, singles, pair, score, self.INSIDE_WORTH)
            if not pair or plan[1]:      # else no pair fits either side of the reach
                shots, pair_cells = plan[:2]
        self.fired = shots + pair_cells
        return shots, pair_cells

    def use_torpedo(self, view: NavalView, lane: float, air: tuple, air_value: float) -> bool:
        if lane > 0 and self.pressed(view):
            return lane >= air_value or not air
        return super().use_torpedo(view, lane, air, air_value)

    @staticmethod
    def pressed(view: NavalView) -> bool:
        """Behind on points (§N-f) with half the ceasefire's quiet gone: no weapon is worth
        keeping for later."""
        mine, theirs = draw_points(view)
        return mine < theirs and view.quiet >= CEASEFIRE // 2


def _surely_reached(region: np.ndarray, cell: Cell) -> bool:
    """Does the mount reach ``cell`` wherever in ``region`` it stands?"""
    return bool(np.all(reach_mask(cell)[region > 0] > 0))


def defend(view: NavalView) -> list[Cell]:
    """The incoming cells to shoot down: of the shells (at most 2) those that would hit, the
    anti-air mount first, then the weapons that attack, then cells that would sink a ship or
    wound one still armed; any shells left over, and every plane in reach, whether it would hit
    or not, so that what is shot down tells the enemy nothing."""
    shells, planes = incoming(view)
    hit = set(view.own_hits)
    owner = {c: s for s in view.own for c in s.cells}
    weapon = {c: w for s in view.own for w, c in s.weapons if c not in hit}

    def value(c: Cell) -> float:
        ship = owner.get(c)
        if ship is None:
            return 0.0
        armed = sum(1 for _, wc in ship.weapons if wc not in hit)
        left = sum(1 for x in ship.cells if x not in hit)
        w = weapon.get(c)
        v = 1.0 + 0.5 * armed + (2.0 * armed if left == 1 else 0.0)
        if w == "aa":
            v += 100.0
        elif w in ("gun", "tube"):
            v += 20.0
        elif w == "deck":
            v += 12.0
        return v

    ranked = sorted(shells, key=lambda c: -value(c))
    return ranked[:AA_SHELLS] + planes


def best_air(p: np.ndarray, left: list[Cell], planes: int, risk: np.ndarray | None):
    """The air strike with the most hits expected: the 3×3 square whose ``planes`` likeliest
    cells (of ``left``) add up highest, each plane discounted by the chance it is shot down."""
    value = np.zeros(CELLS)
    for c in left:
        value[index(c)] = p[index(c)]
    if risk is not None:
        value *= 1.0 - risk
    grid = value.reshape(SIZE, SIZE)
    best, strike = 0.0, ()
    for oy in range(SIZE - 2):
        for ox in range(SIZE - 2):
            block = grid[oy:oy + 3, ox:ox + 3]
            if not block.any():
                continue
            flat = block.ravel()
            top = np.argsort(-flat, kind="stable")[:planes]
            top = [t for t in top if flat[t] > 0]
            total = float(sum(flat[t] for t in top))
            if total > best:
                best = total
                strike = tuple(sorted((ox + int(t) % 3, oy + int(t) // 3) for t in top))
    return strike, best


def best_lane(view: NavalView, p: np.ndarray) -> tuple[int, float]:
    """The row whose torpedo is likeliest to strike a ship cell not yet hit: it runs from its
    entry edge over water and unknown cells and stops at the first ship cell, a wreck too
    (N-c), so a lane is worth the chance that an unknown cell before the first known hit is a
    ship's."""
    xs = range(SIZE) if view.torpedo_from_left() else range(SIZE - 1, -1, -1)
    best_row, best = 0, -1.0
    for y in range(SIZE):
        through = 1.0
        for x in xs:
            mark = view.target.get((x, y))
            if mark in (HIT, SUNK):
                break
            if mark in (MISS, EMPTY):
                continue
            through *= 1.0 - min(1.0, float(p[index((x, y))]))
        if 1.0 - through > best:
            best_row, best = y, 1.0 - through
    return best_row, best


# --- the commodore's fleet ----------------------------------------------------------------------

ATTACK = ("gun", "tube", "deck")


def umbrella_fleet(rng: random.Random, tries: int = 40) -> list[NavalShip]:
    """A fleet whose weapons shelter under its own anti-air mount: the Aegis first, its mount
    inside the ship and its gun apart from it, then each ship where most of its weapons fall
    within the mount's reach, each ship's guns apart; the best of ``tries`` such fleets."""
    best, fleet = None, None
    for _ in range(tries):
        candidate = _umbrella_try(rng)
        if candidate is None:
            continue
        score = fleet_score(candidate) + rng.random()
        if best is None or score > best:
            best, fleet = score, candidate
    return fleet if fleet is not None else random_fleet(rng)


def _umbrella_try(rng: random.Random) -> list[NavalShip] | None:
    aegis = rng.choice(ship_placements("aegis"))
    line = sorted(aegis)
    i = rng.choice((1, 2, 3))
    mount = line[i]
    gun = line[rng.choice([j for j in range(5) if abs(j - i) >= 2])]
    ships = {"aegis": make_ship(aegis, [("gun", gun), ("aa", mount)])}
    reach = reach_mask(mount)
    blocked = np.zeros(CELLS, dtype=np.float32)
    _block(blocked, aegis)
    for kind in ("carrier", "battleship", "submarine", "patrol"):
        placements, cells, _ = placement_table(kind)
        free = np.flatnonzero(cells @ blocked == 0)
        if not len(free):
            return None
        if kind == "carrier":
            lines, owner = deck_table()
            best_line = np.zeros(len(placements))
            np.maximum.at(best_line, owner, lines @ reach)
            sheltered = best_line[free]
        else:
            inside = cells[free] @ reach
            # the battleship's guns stand apart: both sheltered needs three cells in reach
            sheltered = (np.where(inside >= 3, 2, np.minimum(inside, 1)) if kind == "battleship"
                         else np.minimum(inside, 1))
        top = sheltered.max()
        good = sheltered >= top - 1
        near = free[good]
        # a ship overhanging the ring is one few positions cover: a density hunter finds it late
        weights = 4.0 ** (sheltered[good] - top) * (1.0 + 0.5 * ring_table(kind)[near])
        pick = placements[int(rng.choices(list(near), list(weights))[0])]
        ships[kind] = arm_ship(kind, pick, mount, rng)
        _block(blocked, pick)
    return [ships[k] for k in KINDS]


@lru_cache(maxsize=None)
def ring_table(kind: str) -> np.ndarray:
    """1 for each position of ``kind`` with a cell on the ring, else 0."""
    return np.array([0.0 if all(on_main(c) for c in s) else 1.0 for s in ship_placements(kind)])


@lru_cache(maxsize=None)
def deck_table() -> tuple[np.ndarray, np.ndarray]:
    """Every flight-deck line of every carrier position as a 0/1 row, and the position's index."""
    rows, owner = [], []
    for i, ship in enumerate(ship_placements("carrier")):
        for deck in deck_options(ship):
            row = np.zeros(CELLS, dtype=np.float32)
            for c in deck:
                row[index(c)] = 1
            rows.append(row)
            owner.append(i)
    return np.array(rows), np.array(owner)


def _block(blocked: np.ndarray, ship) -> None:
    for x, y in ship:
        for dx, dy in AROUND + ((0, 0),):
            if in_board((x + dx, y + dy)):
                blocked[index((x + dx, y + dy))] = 1


def _sheltered(ship: NavalShip, reach: np.ndarray) -> int:
    return sum(1 for w, c in ship.weapons if w in ATTACK and reach[index(c)])


def arm_ship(kind: str, cells, mount: Cell, rng: random.Random) -> NavalShip:
    """The weapons of one ship on its cells nearest the mount, the battleship's two guns on
    cells that are not neighbours (one hit never silences both)."""
    cells = sorted(cells)
    near = [c for c in cells if chebyshev(c, mount) <= AA_RANGE]
    if kind == "carrier":
        decks = deck_options(cells)
        rng.shuffle(decks)
        deck = max(decks, key=lambda d: sum(1 for c in d if c in near))
        return make_ship(cells, {"deck": list(deck)})
    if kind == "battleship":
        options = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]
                   if chebyshev(a, b) >= 2]
        rng.shuffle(options)

        def rate(pair):
            return 10 * sum(1 for c in pair if c in near) + chebyshev(*pair)

        a, b = max(options, key=rate)
        return make_ship(cells, {"gun": [a, b]})
    if kind in ("patrol", "submarine"):
        weapon = "gun" if kind == "patrol" else "tube"
        spot = rng.choice(near) if near else min(cells, key=lambda c: chebyshev(c, mount))
        return make_ship(cells, {weapon: [spot]})
    return random_weapons(kind, cells, rng)


def fleet_score(fleet: list[NavalShip]) -> float:
    """How well a fleet shelters and spreads its weapons: attack weapons within the mount's
    reach, guns of one ship apart, the mount and weapons not the first ship cell a torpedo
    meets from either edge."""
    mount = next(c for s in fleet for w, c in s.weapons if w == "aa")
    reach = reach_mask(mount)
    score = 10.0 * sum(_sheltered(s, reach) for s in fleet)
    for ship in fleet:
        guns = ship.cells_of("gun")
        if ship.kind == "battleship" and chebyshev(guns[0], guns[1]) < 2:
            score -= 5
        if ship.kind == "aegis" and chebyshev(guns[0], mount) < 2:
            score -= 5
    rows: dict = {}
    for ship in fleet:
        for c in ship.cells:
            rows.setdefault(c[1], []).append(c[0])
    for ship in fleet:
        for w, c in ship.weapons:
            xs = rows[c[1]]
            if c[0] in (min(xs), max(xs)):
                score -= 4 if w == "aa" else 1
    return score


# --- the table ------------------------------------------------------------------------------

def draw_points(view: NavalView) -> tuple[tuple[int, int], tuple[int, int]]:
    """(mine, the enemy's) as (intact weapons, intact ship cells), from ``view`` alone."""
    hit = view.own_hits
    mine = (sum(c not in hit for s in view.own for _, c in s.weapons),
            sum(c not in hit for s in view.own for c in s.cells))
    armed = {s.kind: len(s.weapons) for s in view.own}
    lost_weapons = sum(armed.get(kind, 0) for kind, _ in view.enemy_sunk)
    total_cells = sum(len(s.cells) for s in view.own)
    struck = sum(v in (HIT, SUNK) for v in view.target.values())
    theirs = (sum(len(s.weapons) for s in view.own) - lost_weapons, total_cells - struck)
    return mine, theirs


LEVELS = {cls.key: cls for cls in (RandomAI, GunnerAI, NavigatorAI, CaptainAI,
                                    CommodoreAI)}


def make_naval_ai(level: str, rng: random.Random) -> NavalAI:
    return of_level(LEVELS, "naval", level, rng)


