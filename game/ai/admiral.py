"""The top of the ladder: reasons about whole fleets and about how this opponent places them.

People do not place uniformly. The Admiral keeps several placement models at once: uniform, the
game's own quick generator (big ships first: what the "random layout" button gives), along the edges, pressed into each corner (Perelman's strategy), and, when it has played this player
before, "where this player's ships stood last time". Each model is a prior weight on every
placement; ``sampler.estimate`` turns it into the probability of a ship in each cell given all
that is known. The Admiral fires where the mixture of models, each weighted by how well it
predicted the shots so far (Bayes' rule), puts a ship most likely.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace

import numpy as np

from ..rules.classic import HIT, MISS, RADAR, SUNK, ClassicConfig, ClassicView, Shot, UseWeapon
from . import arsenal as arms
from .layouts import CORNERS
from .quick import QUICK
from .sampler import Knowledge, estimate_models, table_for
from .shooters import Shooter

PARTICLES = 3000          # fleets imagined per shot, shared by every model in play
SHIP_DRAWS = 16000        # at most this many ships drawn per shot (particles × ships left):
                          # early shots, with the whole fleet to imagine, use fewer fleets
LATTICE_BONUS = 0.2       # hunting: prefer the lattice of the smallest ship afloat above one deck
MIN_SHARE = 0.08          # each model in play proposes at least this share of them
DROP_BELOW = 1e-3         # a model this unlikely is dropped for the rest of the game
CLAMP = 0.02              # predictions are noisy estimates: never let one shot zero a model
UNIFORM_BELIEF = 0.45     # prior beliefs: a fleet laid out exactly uniformly,
QUICK_BELIEF = 0.45       # or by the game's quick generator (game.ai.quick)
QUICK_MAX_EQUAL = 5       # that model only for fleets with at most this many ships of a size


@dataclass
class Model:
    key: str
    belief: float
    prior: object                     # weight of each placement (None: uniform; or QUICK)
    last_p: np.ndarray | None = field(default=None, repr=False)


def _edge_prior(config: ClassicConfig, table) -> np.ndarray:
    w, h = config.width, config.height
    out = np.empty(len(table.ships))
    for i, ship in enumerate(table.ships):
        edge = sum(x in (0, w - 1) or y in (0, h - 1) for x, y in ship)
        out[i] = 40.0 if edge == len(ship) else 4.0 if edge else 0.05
    return out


def _corner_prior(config: ClassicConfig, table, corner) -> np.ndarray:
    """Perelman: multi-deck ships pressed into ``corner``, one-deck ships away from it."""
    w, h = config.width, config.height
    out = np.empty(len(table.ships))
    for i, ship in enumerate(table.ships):
        reach = max(max(w - 1 - x if corner[0] else x, h - 1 - y if corner[1] else y)
                    for x, y in ship)
        out[i] = math.exp(-1.1 * reach) if len(ship) > 1 else math.exp(0.25 * reach)
    return out


def _memory_prior(config: ClassicConfig, table, heat) -> np.ndarray:
    """Where this player's ships stood in earlier games (``heat``: a count per cell)."""
    heat = np.asarray(heat, dtype=np.float64)
    top = heat.max() if heat.size and heat.max() > 0 else 1.0
    w = config.width
    out = np.empty(len(table.ships))
    for i, ship in enumerate(table.ships):
        out[i] = math.exp(3.0 * sum(heat[y * w + x] for x, y in ship) / (top * len(ship)))
    return out


class AdmiralShooter(Shooter):
    key = "admiral"

    def __init__(self, config: ClassicConfig, rng: random.Random, memory=None,
                 arsenal: bool = True):
        """``memory``: a count per cell of where this player's ships stood in earlier games, and
        how many games that is, as ``(heat, games)``; None when the Admiral has not met him.
        ``arsenal``: fires the arcade arsenal (§A) when it has one (False: the benches'
        Admiral that never does)."""
        super().__init__(config, rng)
        self.arsenal = arsenal
        self.np_rng = np.random.default_rng(rng.getrandbits(64))
        table = table_for(config.width, config.height, config.sizes, config.shapes,
                          config.touching)
        # Most fleets are laid out without a plan; a plan shows itself within a few shots.
        models = [Model("uniform", UNIFORM_BELIEF, None),
                  Model("edges", 0.02, _edge_prior(config, table))]
        # the quick generator's likelihood sums over the orders of equal ships: 2^n subsets
        if max(config.sizes.count(s) for s in config.sizes) <= QUICK_MAX_EQUAL:
            models.insert(1, Model("quick", QUICK_BELIEF, QUICK))
        if any(s == 1 for s in config.sizes) and any(s > 1 for s in config.sizes):
            models += [Model(f"corner{i}", 0.02, _corner_prior(config, table, c))
                       for i, c in enumerate(CORNERS)]
        if memory is not None and memory[1] > 0 and len(memory[0]) == table.cells:
            weight = min(0.6, 0.15 * memory[1])
            models.append(Model("memory", weight, _memory_prior(config, table, memory[0])))
        total = sum(m.belief for m in models)
        for m in models:
            m.belief /= total
        self.models = models
        self.last_cells: list = []
        # the lattice of the smallest ship afloat: straight ships of length L each cover one
        # cell of {(x + y) % L == offset}; the offset is drawn once, so it is no habit to learn
        self.lattice_offset = rng.randrange(max(config.sizes))
        self.straight = config.shapes == "straight"

    # -- learning which model the opponent follows --
    def _learn(self, view: ClassicView) -> None:
        """Bayes' rule over the placement models, from what the last shots (one, or a salvo's)
        found, each model judged by the prediction it made before them."""
        cells, self.last_cells = self.last_cells, []
        seen = [(c, view.target.get(c)) for c in cells]
        seen = [(c, mark) for c, mark in seen if mark in (HIT, SUNK, MISS)]
        if not seen:
            return
        for m in self.models:
            if m.last_p is None:
                continue
            for (x, y), mark in seen:
                p = min(1 - CLAMP, max(CLAMP, float(m.last_p[y * view.config.width + x])))
                m.belief *= p if mark in (HIT, SUNK) else 1 - p
        total = sum(m.belief for m in self.models)
        for m in self.models:
            m.belief /= total
        self.models = [m for m in self.models if m.belief >= DROP_BELOW]
        total = sum(m.belief for m in self.models)
        for m in self.models:
            m.belief /= total

    @property
    def beliefs(self) -> dict[str, float]:
        return {m.key: m.belief for m in self.models}

    def insight(self) -> str | None:
        """What the Admiral worked out about this player's placement, as a translation key."""
        top = max(self.models, key=lambda m: m.belief)
        if top.belief < 0.5:
            return None
        if top.key == "memory":
            return "insight.memory"
        if top.key.startswith("corner"):
            return "insight.corner"
        if top.key == "edges":
            return "insight.edges"
        return None

    def choose(self, view: ClassicView) -> Shot:
        self._learn(view)
        cell = self._best(view, self._particles(view), remember=True)
        self.last_cells = [cell]
        return Shot(cell)

    def turn(self, view: ClassicView) -> Shot | UseWeapon:
        """§A from its sampled fleets: the weapon and aim with the most decks expected, the
        risk of the enemy's air defence weighed, when that beats a turn of shots; the radar
        when its belief is flattest (``arsenal.judge``). Else its shot, from the same belief."""
        if not (self.arsenal and arms.ready(view)):
            return self.choose(view)
        self._learn(view)
        mixed = self._mix(view, self._particles(view), remember=True)
        if mixed is not None:
            know, mix = mixed
            action = arms.judge(view, np.where(know.unknown, mix, 0.0), guard=True)
            if action is not None:
                self.last_cells = [] if action.weapon == RADAR else [
                    c for c in arms.shape(view.config, action.weapon, action.cell,
                                          action.vertical) if c not in view.target]
                return self.fired(view, action, self.belief)
        cell = self._pick(view, mixed, remember=True)
        self.last_cells = [cell]
        return Shot(cell)

    def choose_many(self, view: ClassicView, n: int) -> list:
        """C4: a salvo, each cell chosen as if the ones before it had missed; the later picks
        share one particle budget so a salvo costs about two single shots."""
        self._learn(view)
        picks = [self._best(view, self._particles(view), remember=True)]
        budget = max(PARTICLES // 3, self._particles(view) // max(1, n - 1))
        for _ in range(n - 1):
            target = dict(view.target)
            target.update({c: MISS for c in picks})
            hypothetical = replace(view, target=target)
            if not hypothetical.unknown_cells():
                break
            picks.append(self._best(hypothetical, budget, remember=False))
        self.last_cells = list(picks)
        return picks

    def _particles(self, view: ClassicView) -> int:
        ships_left = max(1, len(view.enemy_afloat))
        return min(PARTICLES, max(PARTICLES // 3, SHIP_DRAWS // ships_left))

    def _best(self, view: ClassicView, particles: int, remember: bool):
        """The cell the mixture of models likes best; ``remember`` keeps each model's
        prediction for learning and the belief for the thinking view."""
        return self._pick(view, self._mix(view, particles, remember), remember)

    def _mix(self, view: ClassicView, particles: int, remember: bool):
        """(knowledge, each cell's chance of a ship under the mixture of models), or None when
        nothing fits what it saw; ``remember`` keeps each model's prediction for learning."""
        know = Knowledge.from_view(view)
        priors = [m.prior for m in self.models]
        shares = [max(MIN_SHARE, m.belief) for m in self.models]
        estimates = estimate_models(know, particles, self.np_rng, priors, shares)
        if all(e.evidence <= 0 for e in estimates):  # rare: no fleet survived; try harder
            estimates = estimate_models(know, 4 * PARTICLES, self.np_rng, priors, shares)
        mix = np.zeros(know.table.cells)
        weight = 0.0
        for m, est in zip(self.models, estimates):
            p = est.p if est.evidence > 0 else None
            if remember:
                m.last_p = p
            if p is not None:
                mix += m.belief * p
                weight += m.belief
        if weight <= 0:  # nothing fits what it saw (cannot happen by the rules)
            return None
        mix /= weight
        if remember:
            self.belief = [float(v) for v in np.where(know.unknown, mix, 0.0)]
        return know, mix

    def _pick(self, view: ClassicView, mixed, remember: bool):
        """The cell to fire at from ``_mix``'s answer (anywhere open when it had none)."""
        if mixed is None:
            return self.pick(view.unknown_cells()).cell
        know, mix = mixed
        score = mix
        if not know.hits and self.straight and view.enemy_afloat:
            size = min((s for s in view.enemy_afloat if s > 1), default=1)
            if size > 1:
                w = view.config.width
                idx = np.arange(know.table.cells)
                on = (idx % w + idx // w) % size == self.lattice_offset % size
                score = mix * np.where(on, 1.0 + LATTICE_BONUS, 1.0)
        score = np.where(know.unknown, score, -1.0)
        best = np.flatnonzero(score >= score.max() - 1e-9)
        i = int(self.np_rng.choice(best))
        w = view.config.width
        return (i % w, i // w)
