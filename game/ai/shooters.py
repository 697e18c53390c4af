"""Computer shooters for the Classic family (RULES.md §C).

A shooter sees only a ``ClassicView`` (what its player may know) and answers with the same
``Shot`` action a human's click produces. It never shoots a cell its view already marks (shot,
or known empty from a halo). Randomness comes only from the ``rng`` it was given.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..rules.classic import (AIR_STRIKE, ATOMIC, HIT, NO_SHIP, RADAR, ClassicConfig, ClassicView,
                             Shot, UseWeapon)
from ..rules.coords import Cell
from ..rules.fleet import AROUND, CORNERS, SIDES, blocked_steps, halo, neighbours, placements
from . import arsenal


class Shooter:
    """Base of every shooter: ``choose(view) -> Shot``.

    After each choice ``belief`` holds what the shooter believed of each cell (row by row) when
    it chose: the chance of a ship there, or an even share over the cells it was choosing
    among. The game over screen lets the player step through these, to see the computer never
    knew where his ships were."""

    key = ""

    def __init__(self, config: ClassicConfig, rng: random.Random):
        self.config = config
        self.rng = rng
        self.belief: list[float] | None = None
        self.swept: list[Cell] = []     # §A: the centres of our radar sweeps (game.ai.arsenal)

    def choose(self, view: ClassicView) -> Shot:
        raise NotImplementedError

    def turn(self, view: ClassicView) -> Shot | UseWeapon:
        """A turn with the arcade arsenal on (§A; ``view`` with what the radar made certain,
        ``arsenal.known``): a weapon when this rung would fire one now, else its shot."""
        action = self.weapon(view) if arsenal.ready(view) else None
        return self.choose(view) if action is None else self.fired(view, action)

    def weapon(self, view: ClassicView) -> UseWeapon | None:
        """The weapon this rung fires now (§A), or None for a shot."""
        return None

    def fired(self, view: ClassicView, action: UseWeapon, belief=None) -> UseWeapon:
        """Remember a weapon chosen: a radar's square, and the belief it was chosen on (a plain
        rung's: an even share over the open cells it covers)."""
        if action.weapon == RADAR:
            self.swept.append(action.cell)
        self.belief = belief if belief is not None else arsenal.share(view, action)
        return action

    def choose_many(self, view: ClassicView, n: int) -> list[Cell]:
        """C4: ``n`` different cells for one salvo. Each is chosen as if the ones before it had
        missed, which spreads a salvo over the likely cells instead of heaping it on one."""
        picks: list[Cell] = []
        for _ in range(n):
            if picks:
                target = dict(view.target)
                target.update({c: "miss" for c in picks})
                hypothetical = replace(view, target=target)
                if not hypothetical.unknown_cells():
                    break
                cell = self.choose(hypothetical).cell
            else:
                cell = self.choose(view).cell
            picks.append(cell)
        return picks

    def pick(self, options: list[Cell]) -> Shot:
        """Fire at one of ``options`` at random, remembering them as the belief."""
        w = self.config.width
        share = 1.0 / len(options)
        belief = [0.0] * (w * self.config.height)
        for x, y in options:
            belief[y * w + x] = share
        self.belief = belief
        return Shot(self.rng.choice(options))


class RandomShooter(Shooter):
    """A child's first game: any cell not yet marked."""

    key = "random"

    def choose(self, view: ClassicView) -> Shot:
        return self.pick(view.unknown_cells())

    def weapon(self, view: ClassicView) -> UseWeapon | None:
        """Now and then a weapon with a charge left, at a random square or line."""
        if self.rng.random() < arsenal.CHILD_CHANCE:
            return arsenal.any_aim(view, self.rng)
        return None


def joins(view: ClassicView):
    """The steps that join the cells of one ship: sides, or also corners for §D's ships."""
    return AROUND if view.config.shapes == "any" else SIDES


def hit_clusters(view: ClassicView) -> list[list[Cell]]:
    """Hit cells of ships not yet sunk, grouped into connected clusters."""
    hits = {c for c, mark in view.target.items() if mark == HIT}
    steps = joins(view)
    clusters = []
    while hits:
        todo = [hits.pop()]
        group = []
        while todo:
            c = todo.pop()
            group.append(c)
            for dx, dy in steps:
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
    return sorted({(c[0] + dx, c[1] + dy) for c in cluster for dx, dy in joins(view)
                   if unknown((c[0] + dx, c[1] + dy))})


class HunterShooter(Shooter):
    """Hunt and target: random shots until a hit, then finish the wounded ship."""

    key = "hunter"

    def choose(self, view: ClassicView) -> Shot:
        for cluster in sorted(hit_clusters(view), key=len, reverse=True):
            options = target_candidates(view, cluster)
            if options:
                return self.pick(options)
        return self.pick(view.unknown_cells())

    def weapon(self, view: ClassicView) -> UseWeapon | None:
        """A wounded ship: the bomber along its row (its column when it stands upright), or
        the air strike on it. Hunting, now and then the atomic bomb or the radar at a random
        open square."""
        wounded = self.wounded(view)
        if wounded:
            return self.at_wound(view, wounded)
        hunt = [w for w in (ATOMIC, RADAR) if view.stock.get(w)]
        if hunt and self.rng.random() < arsenal.HUNT_CHANCE:
            return UseWeapon(hunt[0], self.rng.choice(view.unknown_cells()))
        return None

    def wounded(self, view: ClassicView) -> list[Cell]:
        """The biggest cluster of hits that can still grow (a wounded ship), or []."""
        for cluster in sorted(hit_clusters(view), key=len, reverse=True):
            if target_candidates(view, cluster):
                return cluster
        return []

    @staticmethod
    def at_wound(view: ClassicView, cluster: list[Cell]) -> UseWeapon | None:
        bomber = arsenal.along_wound(view, cluster)
        if bomber is not None:
            return bomber
        if view.stock.get(AIR_STRIKE):
            return UseWeapon(AIR_STRIKE, cluster[len(cluster) // 2])
        return None


def impossible_cells(view: ClassicView) -> set[Cell]:
    """Unknown cells that the rules already rule out: beside a wreck (its halo, when the game
    does not mark it) and, with no touching and straight ships, diagonal to a hit."""
    cfg = view.config
    out: set[Cell] = set()
    for ship in view.enemy_sunk:
        out.update(halo(ship, cfg.width, cfg.height, cfg.touching))
    if cfg.touching == "none" and cfg.shapes == "straight":
        for c, mark in view.target.items():
            if mark == HIT:
                out.update(neighbours(c, cfg.width, cfg.height, CORNERS))
    return {c for c in out if c not in view.target}


def open_placements(view: ClassicView, size: int) -> list:
    """Placements of a ship of ``size`` that avoid every cell known to be empty or ruled out,
    and (unless ships may touch) do not brush a hit they do not contain."""
    cfg = view.config
    bad = {c for c, m in view.target.items() if m in NO_SHIP}
    bad |= impossible_cells(view)
    hits = {c for c, m in view.target.items() if m == HIT}
    steps = blocked_steps(cfg.touching)
    out = []
    for ship in placements(cfg.width, cfg.height, size, cfg.shapes):
        if any(c in bad for c in ship):
            continue
        if steps and hits:
            own = set(ship)
            if any(n in hits and n not in own for c in ship
                   for n in neighbours(c, cfg.width, cfg.height, steps)):
                continue
        out.append(ship)
    return out


class ParityShooter(Shooter):
    """Hunts the biggest ship afloat first, on diagonals spaced by its size (a ship of size m
    must cross one cell in m of every row), then the next size; skips cells the halo rules out;
    finishes wounded ships along their line."""

    key = "parity"

    def __init__(self, config: ClassicConfig, rng: random.Random):
        super().__init__(config, rng)
        self.offset = rng.randrange(max(config.sizes))

    def choose(self, view: ClassicView) -> Shot:
        ruled_out = impossible_cells(view)
        for cluster in sorted(hit_clusters(view), key=len, reverse=True):
            options = [c for c in target_candidates(view, cluster) if c not in ruled_out]
            if options:
                return self.pick(options)
        unknown = [c for c in view.unknown_cells() if c not in ruled_out]
        for size in sorted(set(view.enemy_afloat), reverse=True):
            room = {c for ship in open_placements(view, size) for c in ship}
            lattice = [c for c in unknown if c in room
                       and (c[0] + c[1]) % size == self.offset % size]
            if lattice:
                return self.pick(lattice)
        return self.pick(unknown or view.unknown_cells())

    def weapon(self, view: ClassicView) -> UseWeapon | None:
        """A wounded ship as the Boatswain; hunting, the atomic bomb, the air strike and the
        radar, in that order, on the square with the most open cells not ruled out."""
        wounded = HunterShooter.wounded(self, view)
        if wounded:
            return HunterShooter.at_wound(view, wounded)
        for weapon in (ATOMIC, AIR_STRIKE, RADAR):
            if view.stock.get(weapon):
                ruled_out = impossible_cells(view)
                open_cells = [c for c in view.unknown_cells() if c not in ruled_out]
                return arsenal.most_open(view, weapon, open_cells, self.rng)
        return None


class DensityShooter(Shooter):
    """Probability density, ship by ship: every placement of every ship afloat that is still
    possible (misses, wrecks and halos, the touching rule) adds to its cells; placements through
    a wounded ship's hits count far more. Fires at the densest unknown cell."""

    key = "density"
    HIT_BONUS = 40.0
    EDGE_BONUS = 0.15   # hunting: border cells count this much more (fleets laid out by people,
                        # Perelman's corner packing most of all, hug the edges)

    def density(self, view: ClassicView) -> dict:
        counts: dict[int, int] = {}
        for size in view.enemy_afloat:
            counts[size] = counts.get(size, 0) + 1
        hits = {c for c, m in view.target.items() if m == HIT}
        score: dict[Cell, float] = {}
        for size, n in counts.items():
            for ship in open_placements(view, size):
                covered = sum(c in hits for c in ship)
                if covered == size:
                    continue  # all hit would have been announced sunk
                w = n * self.HIT_BONUS ** covered
                for c in ship:
                    if c not in view.target:
                        score[c] = score.get(c, 0.0) + w
        return score

    def choose(self, view: ClassicView) -> Shot:
        return self.choose_from(view, self.density(view))

    def turn(self, view: ClassicView) -> Shot | UseWeapon:
        """§A from its belief: the weapon and aim with the most decks expected, when that beats
        a turn of shots (``arsenal.judge``); the air defence not weighed."""
        score = self.density(view)
        if score and arsenal.ready(view):
            w = view.config.width
            raw = [score.get((i % w, i // w), 0.0) for i in range(w * view.config.height)]
            action = arsenal.judge(view, arsenal.as_chances(view, raw), guard=False)
            if action is not None:
                total = sum(raw)
                return self.fired(view, action, [v / total for v in raw])
        return self.choose_from(view, score)

    def choose_from(self, view: ClassicView, score: dict) -> Shot:
        if not score:
            return self.pick(view.unknown_cells())
        if not any(m == HIT for m in view.target.values()):
            w, h = view.config.width, view.config.height
            score = {c: v * (1 + self.EDGE_BONUS) if c[0] in (0, w - 1) or c[1] in (0, h - 1)
                     else v for c, v in score.items()}
        top = max(score.values())
        total = sum(score.values())
        w = view.config.width
        self.belief = [score.get((i % w, i // w), 0.0) / total
                       for i in range(w * view.config.height)]
        return Shot(self.rng.choice(sorted(c for c, v in score.items() if v >= top * (1 - 1e-9))))


SHOOTERS: dict[str, type[Shooter]] = {
    cls.key: cls for cls in (RandomShooter, HunterShooter, ParityShooter, DensityShooter)}


def make_shooter(key: str, config: ClassicConfig, rng: random.Random, memory=None) -> Shooter:
    """The shooter ``key`` (``best`` is the top of the ladder); ``memory`` is what the
    strongest shooters remember of this player (see game.ai.admiral). Against a Flying
    Dutchman (§D) the upper steps hunt with ``game.ai.dutchman`` instead."""
    from .admiral import AdmiralShooter  # numpy-heavy; the simple shooters need none of it
    ladder = {**SHOOTERS, AdmiralShooter.key: AdmiralShooter}
    key = LADDER[-1] if key == "best" else key
    if key not in ladder and key != NO_ARSENAL:
        raise ValueError(f"unknown shooter {key!r}; known: {', '.join(LADDER)}, best")
    if config.shapes == "any":
        from .dutchman import DutchmanHunter, DutchmanShooter
        if key == "parity":
            return DutchmanHunter(config, rng)
        if key == "density":
            return DutchmanShooter(config, rng, shapes=60)
        if key == AdmiralShooter.key:
            return DutchmanShooter(config, rng, shapes=240)
    if key == AdmiralShooter.key:
        return AdmiralShooter(config, rng, memory)
    if key == NO_ARSENAL:
        return AdmiralShooter(config, rng, memory, arsenal=False)
    return ladder[key](config, rng)


# the ladder, weakest first
LADDER = ("random", "hunter", "parity", "density", "admiral")
# the benches' own: the Admiral that never fires its arsenal (§A), to measure what it is worth;
# no opponent plays it
NO_ARSENAL = "admiral_noarsenal"
