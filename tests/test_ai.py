"""The computer shooters (issue 2, part 7; issue 4, part 7: every option)."""

import random
import statistics

import pytest
from hypothesis import given, settings, strategies as st

from game.ai.captain import decide
from game.ai.shooters import SHOOTERS, make_shooter
from game.rules.classic import (KNOWN_MINE, PRESETS, ClassicGame, Salvo, Shot, new_game,
                                random_fleet)


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


def play_out(key, seed, preset, rival=None):
    """A whole game of ``preset`` between two computers of level ``key`` (or ``key`` against
    ``rival``); every action they take must be legal, and no shot may go where the shooter's
    marks already tell."""
    cfg = PRESETS[preset]
    rng = random.Random(seed)
    game = new_game(cfg, rng)
    shooters = [make_shooter(level, cfg, random.Random(seed + i))
                for i, level in ((1, key), (2, rival or key))]
    actions = 0
    while not game.over:
        view = game.view(game.turn)
        action = decide(shooters[game.turn], view, rng)
        cells = action.cells if isinstance(action, Salvo) else \
            (action.cell,) if isinstance(action, Shot) else ()
        for cell in cells:
            assert cell not in view.target, "never shoot a cell already known"
        if isinstance(action, Salvo):
            assert len(cells) == view.salvo
        game.apply(action)
        actions += 1
        assert actions < 20 * cfg.width * cfg.height
    return game


@pytest.mark.parametrize("key", sorted(SHOOTERS))
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["russian", "milton-bradley"]))
def test_shooters_only_shoot_unknown_cells_and_finish(key, seed, preset):
    cells = sink_a_fleet(key, seed, preset)
    assert len(cells) == len(set(cells))


LEVELS = ["random", "hunter", "parity", "density", "admiral"]
SLOW = {("admiral", "large-16"), ("admiral", "large-18"), ("admiral", "scatter-20"),
        ("admiral", "minesweepers"), ("admiral", "dutchman"), ("density", "dutchman"),
        ("density", "large-18")}


def _plays_to_the_end(key, preset, seed, rival=None):
    game = play_out(key, seed, preset, rival)
    assert game.winner in (0, 1)
    for p in (0, 1):
        assert not any(m == KNOWN_MINE for m in game.view(p).incoming.values())


@pytest.mark.parametrize("key,preset", [(k, p) for k in LEVELS[:-1] for p in sorted(PRESETS)
                                        if (k, p) not in SLOW])
@settings(max_examples=3)
@given(seed=st.integers(0, 10**6))
def test_every_level_plays_every_preset_to_the_end(key, preset, seed):
    _plays_to_the_end(key, preset, seed)


@pytest.mark.parametrize("preset", [p for p in sorted(PRESETS) if ("admiral", p) not in SLOW])
@settings(max_examples=1)
@given(seed=st.integers(0, 10**6))
def test_the_admiral_plays_every_preset_to_the_end(preset, seed):
    """As every level does, one game a preset (it weighs thousands of fleets a shot: the
    suite's time, issue 33), against the Captain's density (the Admiral still plays whole)."""
    _plays_to_the_end("admiral", preset, seed, "density")


@pytest.fixture
def quick_admiral(monkeypatch):
    """The Admiral imagining a tenth of the fleets a shot: the same reasoning, less sure of it
    (the game's Admiral took 10–20 s a game on the big boards; ``game.bench`` measures its
    strength)."""
    from game.ai import admiral
    monkeypatch.setattr(admiral, "PARTICLES", admiral.PARTICLES // 10)
    monkeypatch.setattr(admiral, "SHIP_DRAWS", admiral.SHIP_DRAWS // 10)


@pytest.mark.parametrize("key,preset", sorted(SLOW))
def test_the_slow_pairs_play_one_game_to_the_end(key, preset, quick_admiral):
    """The big boards and the Dutchman: one game each, a slow level against the Captain's
    density (two Admirals on 16×16 and larger took 20–25 s a game), the Admiral quick."""
    assert play_out(key, 7, preset, "density").winner in (0, 1)


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
