"""Classic rules engine (RULES.md §0, §C): shots, answers, extra shot, halo, win, refusals,
views and JSON."""

import json
import random

import pytest
from hypothesis import given, strategies as st

from game.rules.classic import (EMPTY, HIT, KNOWN_MINE, MINE, MISS, SUNK, SWEEPER, ClassicConfig,
                                ClassicGame, GameOver, PRESETS, Relocate, Shot, ShotResult,
                                TurnChanged, new_game, random_action, shot_stats)
from game.rules.fleet import AROUND, connected
from game.rules.errors import IllegalAction

from .test_fleet import LEGAL, line


def make(first=0, **options):
    cfg = ClassicConfig(**options)
    return ClassicGame(cfg, [LEGAL, LEGAL], first)


def test_miss_passes_the_turn():
    g = make()
    events = g.apply(Shot((9, 9)))
    assert events == [ShotResult(0, (9, 9), MISS), TurnChanged(1)]
    assert g.turn == 1


def test_hit_gives_another_shot_and_sinking_marks_the_halo():
    g = make()
    assert g.apply(Shot((0, 0))) == [ShotResult(0, (0, 0), HIT)]
    assert g.turn == 0  # "Ранил!": the shooter shoots again
    for x in (1, 2):
        assert g.apply(Shot((x, 0)))[0].outcome == HIT
    (result,) = g.apply(Shot((3, 0)))
    assert result.outcome == SUNK and result.ship == line(0, 0, 4)
    assert set(result.halo) == {(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (4, 0)}
    assert g.turn == 0
    view = g.view(0)
    assert all(view.target[c] == SUNK for c in line(0, 0, 4))
    assert all(view.target[c] == EMPTY for c in result.halo)
    with pytest.raises(IllegalAction) as err:
        g.apply(Shot((4, 0)))
    assert err.value.code == "known_empty"


def test_halo_marking_can_be_turned_off():
    g = make(halo=False)
    (result,) = g.apply(Shot((0, 6)))
    assert result.outcome == SUNK and result.halo == ()
    assert g.apply(Shot((1, 6)))[0].outcome == MISS  # a purist may shoot next to a wreck


@pytest.mark.parametrize("cell,code", [((10, 0), "off_board"), ((0, -1), "off_board")])
def test_off_board_is_refused(cell, code):
    g = make()
    with pytest.raises(IllegalAction) as err:
        g.apply(Shot(cell))
    assert err.value.code == code


def test_refused_move_changes_nothing():
    g = make()
    g.apply(Shot((9, 9)))
    g.apply(Shot((9, 9)))  # player 1 misses on player 0's field, same cell is fine there
    before = json.dumps(g.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        g.apply(Shot((9, 9)))  # player 0 again: already shot
    assert err.value.code == "already_shot"
    assert json.dumps(g.to_dict(), sort_keys=True) == before
    assert g.turn == 0


def test_win_and_game_over():
    g = make()
    cells = [c for ship in LEGAL for c in ship]
    events = []
    for c in cells:
        events = g.apply(Shot(c))
    assert events[-1] == GameOver(0, "fleet") and g.winner == 0 and g.over
    assert g.end_reason == "fleet"
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply(Shot((9, 9)))
    assert shot_stats(g, 0) == {"shots": 20, "hits": 20, "sunk": 10, "longest_streak": 20,
                                "accuracy": 1.0}
    # §0: after the game both fields are shown to both players
    assert g.view(1).enemy_ships == tuple(g.ships[0])


def test_milton_bradley_announces_the_type():
    cfg = PRESETS["milton-bradley"]
    fleet = [line(0, 0, 5), line(0, 1, 4), line(0, 2, 3), line(0, 3, 3), line(0, 4, 2)]
    g = ClassicGame(cfg, [fleet, fleet], 0)
    g.apply(Shot((0, 4)))
    (result,) = g.apply(Shot((1, 4)))
    assert result.outcome == SUNK and result.ship_name == "destroyer"
    assert result.halo == ()  # free touching: nothing is known around a wreck


def visible_enemy_cells(view):
    return {c for c, m in view.target.items() if m in (HIT, SUNK)}


def check_views(g):
    """No view holds what its player may not know, and the marks agree with the state."""
    for p in (0, 1):
        v = g.view(p)
        e = 1 - p
        assert v.enemy_ships is None
        whole = {c for s in g.ships[e] for c in s if c not in g.shots_at[e]}
        assert not whole & set(v.target), "an unhit enemy ship cell shows on a view"
        if not g.config.relocate:
            ship_cells = {c for s in g.ships[e] for c in s}
            hit = {c for c in g.shots_at[e] if c in ship_cells}
            assert visible_enemy_cells(v) == hit
            assert {c for s in v.enemy_sunk for c in s} <= hit
        for c, mark in v.target.items():
            if mark in (MINE, KNOWN_MINE):
                assert c in g.mines[e]
            if mark == SWEEPER:
                assert c in g.sweepers[e]
        assert set(v.given) <= {c for s in g.ships[e] for c in s}


def play_random(seed, config):
    rng = random.Random(seed)
    g = new_game(config, rng)
    steps = 0
    size = config.sizes[0]
    while not g.over:
        check_views(g)
        if g.decision is None and config.salvo == "afloat":
            assert g.salvo_size() == min(len(g.ships[g.turn]) - len(g.sunk[g.turn]),
                                         len(g.shootable(g.turn)))
        action = random_action(g, rng)
        actor = g.turn
        events = g.apply(action)
        for ev in events:
            if isinstance(ev, ShotResult):
                assert ev.shooter == actor
                mark = g.shots_at[1 - actor][ev.cell]
                # a salvo may sink later the ship an earlier shot of it hit
                assert mark == ev.outcome or (ev.outcome, mark) == (HIT, SUNK) or config.relocate
        if config.relocate:  # §D: what is left is always one ship of the right size
            for p in (0, 1):
                ship = g.ships[p][0]
                assert len(ship) == size - len(g.wrecks[p])
                assert not set(ship) & set(g.wrecks[p])
                if isinstance(action, Relocate) and action.cells and actor == p:
                    assert connected(ship, AROUND)
        steps += 1
        assert steps <= 60 * config.width * config.height
    return g


@given(st.integers(0, 10**9), st.sampled_from(sorted(PRESETS)))
def test_random_legal_games_end_with_one_winner(seed, preset):
    g = play_random(seed, PRESETS[preset])
    assert g.winner in (0, 1)
    loser = 1 - g.winner
    # a mine or minesweeper never decides a game (C5, C6): only the last ship sunk does
    assert len(g.sunk[loser]) == len(g.ships[loser])
    assert len(g.sunk[g.winner]) < len(g.ships[g.winner])


@given(st.integers(0, 10**9), st.integers(0, 150))
def test_json_round_trip_at_any_point(seed, moves):
    rng = random.Random(seed)
    g = new_game(ClassicConfig(), rng)
    for _ in range(moves):
        if g.over:
            break
        g.apply(rng.choice(g.legal_actions()))
    data = json.loads(json.dumps(g.to_dict()))
    h = ClassicGame.from_dict(data)
    assert h.to_dict() == g.to_dict()
    assert h.view(0) == g.view(0) and h.view(1) == g.view(1)


def test_config_round_trip_and_errors_name_the_key():
    for cfg in PRESETS.values():
        assert ClassicConfig.from_dict(json.loads(json.dumps(cfg.to_dict()))) == cfg
    from game.rules.errors import ConfigError
    with pytest.raises(ConfigError) as err:
        ClassicConfig.from_dict({"width": 99})
    assert err.value.params["key"] == "width"
    with pytest.raises(ConfigError) as err:
        ClassicConfig.from_dict({"touching": "sometimes"})
    assert err.value.params["key"] == "touching"
    with pytest.raises(ConfigError) as err:
        ClassicConfig.from_dict({"colour": "red"})
    assert err.value.code == "unknown_option"


def test_solo_practice_keeps_the_turn():
    g = ClassicGame(ClassicConfig(), [(), LEGAL], 0, solo=True)
    g.apply(Shot((9, 9)))
    assert g.turn == 0
