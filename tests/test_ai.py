"""The first computer shooters (issue 2, part 7)."""

import random
import statistics

import pytest
from hypothesis import given, strategies as st

from game.ai.shooters import SHOOTERS, make_shooter
from game.rules.classic import PRESETS, ClassicGame, Shot, random_fleet


def sink_a_fleet(key, seed, preset="russian"):
    cfg = PRESETS[preset]
    rng = random.Random(seed)
    game = ClassicGame(cfg, [(), random_fleet(cfg, rng)], 0, solo=True)
    shooter = make_shooter(key, cfg, random.Random(seed + 1))
    cells = []
    while not game.over:
        view = game.view(0)
        action = shooter.choose(view)
        assert isinstance(action, Shot)
        assert action.cell not in view.target, "never shoot a cell already known"
        game.apply(action)
        cells.append(action.cell)
    return cells


@pytest.mark.parametrize("key", sorted(SHOOTERS))
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(sorted(PRESETS)))
def test_shooters_only_shoot_unknown_cells_and_finish(key, seed, preset):
    cells = sink_a_fleet(key, seed, preset)
    assert len(cells) == len(set(cells))


@pytest.mark.parametrize("key", sorted(SHOOTERS))
def test_same_seed_same_shots(key):
    assert sink_a_fleet(key, 42) == sink_a_fleet(key, 42)


def test_hunter_needs_fewer_shots_than_random():
    random_shots = statistics.fmean(len(sink_a_fleet("random", s)) for s in range(40))
    hunter_shots = statistics.fmean(len(sink_a_fleet("hunter", s)) for s in range(40))
    assert hunter_shots < random_shots - 5


def test_hunter_finishes_a_wounded_ship():
    cfg = PRESETS["russian"]
    from .test_fleet import LEGAL
    game = ClassicGame(cfg, [(), LEGAL], 0, solo=True)
    game.apply(Shot((1, 0)))  # the four-deck at A1-D1, hit in B1
    shooter = make_shooter("hunter", cfg, random.Random(0))
    for _ in range(3):
        nxt = shooter.choose(game.view(0)).cell
        assert nxt in ((0, 0), (2, 0), (1, 1))  # a side neighbour of the hit (B2 also possible)
        game.apply(Shot(nxt))
        if game.turn != 0:
            break


def test_unknown_shooter_is_refused():
    with pytest.raises(ValueError):
        make_shooter("oracle", PRESETS["russian"], random.Random(0))
