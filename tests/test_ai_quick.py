"""Issue 21, part 5: the game's quick layout generator as a placement model of the Admiral, and
the fleet sampler's weights when a hit may belong to one of several ships of a size."""

import random

import numpy as np
import pytest

from game.ai.admiral import AdmiralShooter
from game.ai.quick import QUICK, legal_counts, log_likelihood
from game.ai.sampler import Knowledge, estimate_models, table_for
from game.rules.classic import (EMPTY, HIT, MISS, PRESETS, ClassicConfig, ClassicGame, Shot,
                                random_fleet)
from game.rules.fleet import ShipSpec, blocked_steps, neighbours, placements

SMALL = ClassicConfig(width=5, height=5, fleet=tuple(ShipSpec(s) for s in (3, 2, 2, 1)))


def generator_layouts(cfg):
    """Every layout ``random_ships`` can give, with its exact probability (biggest ship first,
    each uniform among the positions still legal; a dead end starts over)."""
    sizes = sorted(cfg.sizes, reverse=True)
    steps = blocked_steps(cfg.touching)
    out = {}

    def walk(i, blocked, ships, p):
        if i == len(sizes):
            key = frozenset(ships)
            out[key] = out.get(key, 0.0) + p
            return
        options = [s for s in placements(cfg.width, cfg.height, sizes[i], cfg.shapes)
                   if not blocked.intersection(s)]
        for s in options:
            around = set(s)
            for c in s:
                around.update(neighbours(c, cfg.width, cfg.height, steps))
            walk(i + 1, blocked | around, ships + [s], p / len(options))

    walk(0, frozenset(), [], 1.0)
    total = sum(out.values())
    return {k: v / total for k, v in out.items()}


def exact(view, layouts, uniform):
    """The probability of a ship in each cell given ``view``, over ``layouts`` weighted by the
    generator's probability, or all alike (``uniform``)."""
    cfg = view.config
    hits = {c for c, m in view.target.items() if m == HIT}
    empty = {c for c, m in view.target.items() if m in (MISS, EMPTY)}
    sunk = {tuple(s) for s in view.enemy_sunk}
    counts = np.zeros(cfg.width * cfg.height)
    total = 0.0
    for layout, p in layouts.items():
        afloat = [s for s in layout if s not in sunk]
        cells = {c for s in afloat for c in s}
        if not sunk <= layout or cells & empty or not hits <= cells \
                or any(set(s) <= hits for s in afloat):
            continue
        w = 1.0 if uniform else p
        total += w
        for x, y in cells:
            counts[y * cfg.width + x] += w
    return counts / total


def staged_view(seed, shots):
    """A real game on SMALL: a generator's fleet, a hit on a two-deck ship, then ``shots``
    more shots at random."""
    rng = random.Random(seed)
    ships = random_fleet(SMALL, rng)
    game = ClassicGame(SMALL, [(), ships], 0, solo=True)
    two = next(s for s in ships if len(s) == 2)
    game.apply(Shot(two[0]))
    for _ in range(shots):
        game.apply(rng.choice(game.legal_actions()))
    return game.view(0)


def test_legal_counts_on_an_empty_board_are_all_placements():
    for cfg in (PRESETS["russian"], PRESETS["milton-bradley"],
                ClassicConfig(fleet=(ShipSpec(4), ShipSpec(3), ShipSpec(1)), shapes="bent")):
        t = table_for(cfg.width, cfg.height, cfg.sizes, cfg.shapes, cfg.touching)
        for si, size in enumerate(t.sizes):
            empty = np.zeros((1, t.cells), dtype=bool)
            assert legal_counts(t, size, empty)[0] == len(t.by_size[si])


def test_the_likelihood_is_the_generators_own_probability():
    layouts = generator_layouts(SMALL)
    t = table_for(SMALL.width, SMALL.height, SMALL.sizes, SMALL.shapes, SMALL.touching)
    keys = sorted(layouts, key=lambda k: sorted(k))[::7]
    fleets = np.array([[t.index[frozenset(s)] for s in k] for k in keys])
    rng = np.random.default_rng(0)
    for row in fleets:
        rng.shuffle(row)  # the order of the ships does not matter
    got = np.exp(log_likelihood(t, fleets))
    want = np.array([layouts[k] for k in keys])
    ratio = got / want  # equal up to one constant (the generator's restarts)
    assert np.allclose(ratio, ratio[0], rtol=1e-9)
    assert want.max() / want.min() > 3  # the generator is far from uniform here


@pytest.mark.parametrize("seed,shots", [(0, 2), (1, 2), (10, 4), (1, 3)])
def test_the_sampler_matches_exact_enumeration_for_both_models(seed, shots):
    """A hit that a three-deck or either of two two-deck ships may hold: each fleet counts
    once (the sampler once counted such fleets as if the three-deck were twice as likely)."""
    view = staged_view(seed, shots)
    layouts = generator_layouts(SMALL)
    uniform, quick = estimate_models(Knowledge.from_view(view), 40000,
                                     np.random.default_rng(2), [None, QUICK], [0.5, 0.5])
    want_uniform = exact(view, layouts, uniform=True)
    want_quick = exact(view, layouts, uniform=False)
    assert np.abs(uniform.p - want_uniform).max() < 0.025
    assert np.abs(quick.p - want_quick).max() < 0.025
    assert np.abs(want_quick - want_uniform).max() > 0.05  # the two models do differ here


def test_the_admiral_weighs_the_quick_generator_against_uniform_layouts():
    cfg = PRESETS["russian"]
    shooter = make_admiral(cfg)
    assert {"uniform", "quick"} <= set(shooter.beliefs)
    assert shooter.insight() is None  # no plan to speak of in a quick layout


def make_admiral(cfg):
    return AdmiralShooter(cfg, random.Random(0))
