"""Every Classic option and the Flying Dutchman in the rules engine (RULES.md §C: C4 salvo,
C5 mines, C6 minesweepers, C7 series; §D), and records of each (issue 4, parts 3–8, 10)."""

import random

import pytest
from hypothesis import given, strategies as st

from game.data.record import load_record, save_record
from game.rules.classic import (GIVE_CELL, GIVE_MINE, HIT, KNOWN_MINE, MINE, MISS, PRESETS,
                                RELOCATE, SUNK, SWEEPER, WRECK, CellGiven, ClassicConfig,
                                ClassicGame, DecisionNeeded, GiveCell, GiveMine, MineGiven,
                                Relocate, Relocated, Salvo, Shot, TurnChanged, TurnSkipped,
                                check_placeable, fleet_of, new_game, random_action,
                                validate_pieces)
from game.rules.errors import ConfigError, IllegalAction, PlacementError
from game.rules.series import Series

from .test_fleet import LEGAL

# LEGAL keeps rows 8-9 and the right columns free: room for mines and minesweepers
MINE_A, MINE_B = (9, 9), (9, 0)
SWEEP_A, SWEEP_B = (9, 7), (7, 9)


def refused(game, action, code):
    before = game.to_dict()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.code == code
    assert game.to_dict() == before  # never half-applied


# --- C4 salvo -------------------------------------------------------------------------------

def test_salvo_names_one_cell_per_ship_afloat_and_all_answers_come_back_together():
    g = ClassicGame(PRESETS["salvo"], [LEGAL, LEGAL], 0)
    assert g.view(0).salvo == 10
    refused(g, Shot((9, 9)), "salvo_required")
    refused(g, Salvo(((9, 9),)), "salvo_size")
    refused(g, Salvo(((9, 9),) * 10), "salvo_repeats")
    cells = ((0, 6), (0, 0), (1, 0), (9, 9), (9, 8), (8, 9), (8, 8), (7, 9), (7, 8), (9, 7))
    events = g.apply(Salvo(cells))
    results = [e for e in events if hasattr(e, "outcome") and hasattr(e, "cell")]
    assert [r.outcome for r in results] == [SUNK, HIT, HIT] + [MISS] * 7
    assert events[-1] == TurnChanged(1)  # hits give no extra turn in a salvo
    # B lost a one-deck ship: nine ships afloat, nine shots; A keeps ten
    assert g.view(1).salvo == 9 and g.salvo_size(0) == 10
    g.apply(Salvo(tuple((x, 9) for x in range(9))))
    assert g.view(0).salvo == 10 and g.turn == 0
    g2 = ClassicGame(PRESETS["salvo"], [LEGAL, LEGAL], 1)
    g2.apply(Salvo(((0, 6), (2, 6), (4, 6), (6, 6)) + tuple((x, 9) for x in range(6))))
    assert g2.salvo_size(0) == 6  # A lost four ships: six shots now


def test_fixed_salvo_and_never_more_shots_than_cells():
    cfg = ClassicConfig(salvo="fixed", salvo_shots=4)
    g = ClassicGame(cfg, [LEGAL, LEGAL], 0)
    assert g.salvo_size() == 4
    with pytest.raises(ConfigError):
        ClassicConfig(salvo="sometimes")


@given(st.integers(0, 10**6))
def test_salvo_size_equals_ships_afloat(seed):
    rng = random.Random(seed)
    g = new_game(PRESETS["salvo"], rng)
    while not g.over:
        assert g.salvo_size() == min(len(g.ships[g.turn]) - len(g.sunk[g.turn]),
                                     len(g.shootable(g.turn)))
        g.apply(random_action(g, rng))


# --- C5 mines -------------------------------------------------------------------------------

def mines_game(**options):
    cfg = ClassicConfig(mines=1, **options)
    return ClassicGame(cfg, [LEGAL, LEGAL], 0, mines=[[MINE_A], [MINE_B]])


def test_mines_may_not_touch_ships_or_mines_unless_the_option_says_so():
    cfg = ClassicConfig(mines=2)
    with pytest.raises(PlacementError) as err:
        validate_pieces(cfg, LEGAL, [(4, 0), (9, 9)], [])   # E1 touches the four-deck A1-D1
    assert err.value.code == "piece_touch" and err.value.params["other"] == "ship"
    with pytest.raises(PlacementError) as err:
        validate_pieces(cfg, LEGAL, [(9, 9), (8, 8)], [])
    assert err.value.code == "piece_touch" and err.value.params["other"] == "mine"
    with pytest.raises(PlacementError) as err:
        validate_pieces(cfg, LEGAL, [(9, 9)], [])
    assert err.value.code == "piece_count"
    loose = ClassicConfig(mines=2, mines_touch=True)
    validate_pieces(loose, LEGAL, [(4, 0), (9, 9)], [])
    validate_pieces(loose, LEGAL, [(9, 9), (8, 8)], [])
    with pytest.raises(PlacementError):
        validate_pieces(loose, LEGAL, [(0, 0), (9, 9)], [])  # never on a ship


def test_hitting_a_mine_gives_a_cell_and_passes_the_turn():
    g = mines_game()
    events = g.apply(Shot(MINE_B))
    assert events[0].outcome == MINE
    assert DecisionNeeded(0, GIVE_CELL) in events
    assert g.turn == 0 and g.view(0).pending == GIVE_CELL
    refused(g, Shot((5, 5)), "decision_pending")
    refused(g, GiveCell((9, 9)), "not_yours_to_give")  # a mine is not a ship cell
    assert (0, 0) in g.view(0).options and MINE_A not in g.view(0).options
    events = g.apply(GiveCell((0, 6)))                 # A gives his one-deck at A7
    assert events[0] == CellGiven(0, (0, 6)) and TurnChanged(1) in events
    v1 = g.view(1)
    assert v1.given == ((0, 6),) and v1.turn == 1
    assert g.view(1).target.get((0, 6)) is None
    assert g.view(0).gave == ((0, 6),)
    # the owner of the mine shoots the given cell when he likes: a sure hit, another shot
    assert g.view(1).own_mines == (MINE_B,) and g.view(1).spent_mines == (MINE_B,)
    assert g.view(0).target[MINE_B] == MINE
    (r,) = g.apply(Shot((0, 6)))
    assert r.outcome == SUNK and g.turn == 1
    assert g.view(1).given == ()


def test_a_mine_never_ends_the_game_and_a_spent_mine_cannot_be_shot_again():
    g = mines_game()
    g.apply(Shot(MINE_B))
    g.apply(GiveCell((0, 0)))
    g.apply(Shot((5, 5)))   # B misses
    refused(g, Shot(MINE_B), "already_shot")
    assert g.winner is None


def test_seed_001_variant_the_shooter_loses_his_next_turn():
    g = mines_game(mine_effect="skip")
    events = g.apply(Shot(MINE_B))
    assert events[-1] == TurnChanged(1) and g.decision is None
    events = g.apply(Shot((5, 5)))                 # B misses: A's turn is skipped
    assert TurnSkipped(0) in events and g.turn == 1
    events = g.apply(Shot((5, 7)))                 # B misses again: now A plays
    assert events[-1] == TurnChanged(0)


# --- C6 minesweepers ------------------------------------------------------------------------

def sweeper_game():
    cfg = ClassicConfig(mines=1, sweepers=1)
    return ClassicGame(cfg, [LEGAL, LEGAL], 0, mines=[[MINE_A], [MINE_B]],
                       sweepers=[[SWEEP_A], [SWEEP_B]])


def test_hitting_a_minesweeper_tells_the_owner_where_a_mine_is():
    g = sweeper_game()
    events = g.apply(Shot(SWEEP_B))
    assert events[0].outcome == SWEEPER and g.view(0).pending == GIVE_MINE
    assert g.view(0).options == (MINE_A,)
    refused(g, GiveMine((0, 0)), "not_a_live_mine")
    events = g.apply(GiveMine(MINE_A))
    assert events[0] == MineGiven(0, MINE_A) and g.turn == 1
    v1 = g.view(1)
    assert v1.target[MINE_A] == KNOWN_MINE           # "known mine — don't shoot"
    refused(g, Shot(MINE_A), "known_mine")
    assert g.view(0).told == (MINE_A,)
    assert g.view(1).own_sweepers == ()               # the hit minesweeper is gone


def test_a_shooter_with_no_mine_left_only_says_so():
    g = sweeper_game()
    g.apply(Shot((5, 5)))                  # A misses
    g.apply(Shot(MINE_A))                  # B steps on A's mine
    g.apply(GiveCell((0, 0)))
    events = g.apply(Shot(SWEEP_B))        # A hits B's sweeper, but A's only mine is spent
    assert MineGiven(0, None) in events and g.decision is None and g.turn == 1


def test_minesweepers_need_mines_and_touch_nothing():
    with pytest.raises(ConfigError) as err:
        ClassicConfig(sweepers=1)
    assert err.value.params["key"] == "sweepers"
    with pytest.raises(PlacementError) as err:
        validate_pieces(ClassicConfig(mines=1, sweepers=1, mines_touch=True), LEGAL, [(9, 9)],
                        [(8, 8)])
    assert err.value.params["piece"] == "sweeper"


# --- §D the Flying Dutchman -------------------------------------------------------------------

DUTCH = PRESETS["dutchman"]
SHIP_A = ((0, 0), (1, 1), (2, 1), (3, 2), (3, 3), (4, 3))   # joined by sides and by corners
SHIP_B = ((10, 10), (11, 10), (12, 11), (12, 12), (13, 13), (14, 13))


def dutch_game():
    return ClassicGame(DUTCH, [[SHIP_A], [SHIP_B]], 0)


def test_a_hit_deck_is_lost_and_the_owner_may_move_the_rest():
    g = dutch_game()
    g.apply(Shot((0, 19)))            # A misses
    g.apply(Shot((5, 5)))             # B misses
    events = g.apply(Shot((10, 10)))  # A hits
    assert events[0].outcome == HIT
    assert DecisionNeeded(1, RELOCATE) in events and g.turn == 1
    assert g.view(1).pending == RELOCATE
    refused(g, Shot((0, 0)), "decision_pending")
    refused(g, Relocate(((0, 0), (1, 0))), "relocate_size")
    refused(g, Relocate(((10, 10), (11, 10), (12, 11), (12, 12), (13, 13))),
            "relocate_on_wreck")
    refused(g, Relocate(((0, 0), (1, 0), (2, 0), (3, 0), (9, 9))), "relocate_shape")
    new = ((5, 15), (6, 16), (7, 16), (8, 16), (8, 17))
    events = g.apply(Relocate(new))
    assert events[0] == Relocated(1, True) and g.turn == 0   # the shooter shoots again
    v0 = g.view(0)
    assert v0.target == {(10, 10): WRECK}          # old marks faded, the lost deck a wreck
    assert v0.faded == ((0, 19),) and v0.enemy_afloat == (5,)
    assert g.view(1).own_ships == (new,) and g.view(1).own_wrecks == ((10, 10),)
    g.apply(Shot((0, 19)))                          # a faded cell may be shot again
    assert g.view(0).faded == ()


def test_a_dutchman_that_stays_keeps_the_marks_and_sinks_when_no_deck_is_left():
    g = dutch_game()
    for i, cell in enumerate(SHIP_B):
        events = g.apply(Shot(cell))
        if i < len(SHIP_B) - 1:
            assert g.apply(Relocate(None))[0] == Relocated(1, False)
            assert g.view(0).target[cell] == HIT
    assert events[0].outcome == SUNK and g.winner == 0
    assert set(events[0].ship) == set(SHIP_B)


@given(st.integers(0, 10**6))
def test_a_relocated_dutchman_is_always_a_legal_shape_of_the_right_size(seed):
    rng = random.Random(seed)
    g = new_game(DUTCH, rng)
    from game.rules.fleet import AROUND, connected
    while not g.over:
        action = random_action(g, rng)
        g.apply(action)
        if isinstance(action, Relocate) and action.cells:
            for p in (0, 1):
                ship = g.ships[p][0]
                assert len(ship) == 6 - len(g.wrecks[p])
                assert not set(ship) & set(g.wrecks[p])
            assert connected(action.cells, AROUND)


def test_the_dutchman_is_one_ship_and_plays_no_mines_or_salvo():
    with pytest.raises(ConfigError):
        ClassicConfig(width=20, height=20, fleet=fleet_of((6, 2)), shapes="any", relocate=True)
    with pytest.raises(ConfigError):
        ClassicConfig(width=20, height=20, fleet=fleet_of((6, 1)), shapes="any", relocate=True,
                      mines=1)


# --- set-up refusals --------------------------------------------------------------------------

def test_a_fleet_that_cannot_be_placed_is_refused_before_the_game():
    for cfg in PRESETS.values():
        check_placeable(cfg)
    with pytest.raises(ConfigError) as err:
        check_placeable(ClassicConfig(width=8, height=8, fleet=fleet_of((4, 12))))
    assert err.value.code == "cannot_place"


# --- C7 series --------------------------------------------------------------------------------

def test_series_best_of_three_loser_moves_first():
    s = Series(3)
    assert s.first_player(lot=1) == 1
    s.record(0)
    assert s.score == [1, 0] and not s.over and s.first_player(lot=1) == 1
    s.record(1)
    assert s.first_player(lot=0) == 0 and not s.over
    s.record(0)
    assert s.over and s.winner == 0 and s.score == [2, 1]
    with pytest.raises(ValueError):
        Series(4)


# --- records and replay of every preset -------------------------------------------------------

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_records_and_replays(tmp_path, preset):
    rng = random.Random(5)
    g = new_game(PRESETS[preset], rng)
    n = 0
    while not g.over and n < 400:
        g.apply(random_action(g, rng))
        n += 1
    path = save_record(tmp_path / f"{preset}.txt", g, "russian")
    rec = load_record(path)
    assert rec.game.to_dict() == g.to_dict()
    assert rec.game.view(0) == g.view(0) and rec.game.view(1) == g.view(1)
