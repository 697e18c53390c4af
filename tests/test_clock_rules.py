"""RULES.md §0, the move clock: "A player whose clock runs out loses that turn: in Classic, Naval
and «Кораблики» the turn passes as if he had missed, fired nothing or passed. Two such lost turns
in a row lose the game." The run-out turn is the rules' ``Lapse`` action (only the server applies
it): it is kept, written and read like any move, refused with a reason when it may not be, and
never drawn by random or computer play."""

import json
import random

import pytest

from game.data.record import load_record, record_text
from game.rules import classic, korabliki, naval
from game.rules.base import LAPSED, GameOver, Lapse, TurnChanged, TurnLapsed
from game.rules.errors import IllegalAction
from game.rules.jsonform import CodecError
from game.rules.modes import MODES

from .test_modes_conformance import random_play


def fresh(mode: str, preset: str | None = None, seed: int = 3):
    m = MODES[mode]
    config = m.presets[preset] if preset else next(iter(m.presets.values()))
    return m.random_game(config, random.Random(seed))


def a_move(game, seed: int = 1):
    """A turn of the player to act, played until the turn passes (a Classic hit shoots again;
    in «Кораблики» his move, then ending the turn)."""
    m = MODES[game.mode]
    rng = random.Random(seed)
    me = game.turn
    while not game.over and game.turn == me:
        if game.mode == "korabliki" and game.phase == korabliki.game.ACT:
            game.apply(korabliki.EndTurn())
        else:
            game.apply(m.random_action(game, rng))


@pytest.mark.parametrize("mode", list(MODES))
def test_a_turn_run_out_passes_it_to_the_other_player(mode):
    game = fresh(mode)
    me = game.turn
    events = game.apply(Lapse())
    assert events[0] == TurnLapsed(me, 1)
    assert TurnChanged(1 - me) in events
    assert game.turn == 1 - me and not game.over
    assert game.history[-1][:2] == (me, Lapse())


@pytest.mark.parametrize("mode", list(MODES))
def test_two_of_his_turns_run_out_in_a_row_lose_him_the_game(mode):
    """§0 "two such lost turns in a row": his own turns; the other's move between does not
    break the row."""
    game = fresh(mode)
    me = game.turn
    game.apply(Lapse())
    a_move(game)                               # the other side plays
    assert game.turn == me
    events = game.apply(Lapse())
    assert events == [TurnLapsed(me, 2), GameOver(1 - me, LAPSED)]
    assert game.over and game.winner == 1 - me and game.end_reason == LAPSED
    assert game.legal_actions() == []


@pytest.mark.parametrize("mode", list(MODES))
def test_the_other_players_lapse_between_does_not_save_him(mode):
    game = fresh(mode)
    me = game.turn
    game.apply(Lapse())
    assert game.apply(Lapse()) == [TurnLapsed(1 - me, 1), TurnChanged(me)]
    assert game.apply(Lapse())[-1] == GameOver(1 - me, LAPSED)


@pytest.mark.parametrize("mode", list(MODES))
def test_a_move_of_his_own_breaks_the_row(mode):
    game = fresh(mode)
    me = game.turn
    game.apply(Lapse())
    a_move(game)
    a_move(game)                               # his own move: the row is broken
    a_move(game)
    assert game.turn == me
    assert game.apply(Lapse())[0] == TurnLapsed(me, 1)
    assert not game.over


@pytest.mark.parametrize("mode", list(MODES))
def test_a_lapse_is_refused_with_its_reason_once_the_game_is_over(mode):
    game = fresh(mode)
    game.resign(0)
    with pytest.raises(IllegalAction) as exc:
        game.check(Lapse())
    assert exc.value.code == "game_over"
    with pytest.raises(IllegalAction):
        game.apply(Lapse())


def test_target_practice_has_no_clock():
    game = classic.ClassicGame(classic.ClassicConfig(), [[], fresh("classic").ships[1]],
                               solo=True)
    with pytest.raises(IllegalAction) as exc:
        game.check(Lapse())
    assert exc.value.code == "wrong_action"


@pytest.mark.parametrize("mode", list(MODES))
def test_players_never_choose_it(mode):
    """Not a legal action, never drawn at random (so every seeded bench line stays as it was)."""
    m = MODES[mode]
    rng = random.Random(5)
    game = fresh(mode)
    for _ in range(60):
        if game.over:
            break
        assert not any(isinstance(a, Lapse) for a in game.legal_actions())
        action = m.random_action(game, rng)
        assert not isinstance(action, Lapse)
        game.apply(action)


@pytest.mark.parametrize("mode", list(MODES))
def test_kept_written_and_read_like_any_move(mode):
    m = MODES[mode]
    game = fresh(mode)
    game.apply(Lapse())
    a_move(game)
    data = json.loads(json.dumps(game.to_dict()))
    assert m.action_from_json(m.action_to_json(Lapse())) == Lapse()
    again = type(game).from_dict(data)
    assert again.lapses == game.lapses and again.turn == game.turn
    assert again.to_dict() == game.to_dict()
    assert m.action_from_text(m.action_to_text(Lapse(), str), None) == Lapse()
    game.apply(Lapse())                       # the second: the game is lost on time
    again = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.over and again.winner == game.winner and again.end_reason == LAPSED


@pytest.mark.parametrize("mode,bad", [
    ("classic", {"lapse": 0}), ("classic", {"lapse": []}),
    ("naval", {"type": "lapse", "player": 0}), ("korabliki", {"type": "lapse", "cells": []})])
def test_the_strict_reader_refuses_a_lapse_holding_anything(mode, bad):
    with pytest.raises(CodecError):
        MODES[mode].action_from_json(bad)


@pytest.mark.parametrize("mode", list(MODES))
def test_the_record_writes_it_and_replays_to_the_same_end(mode, tmp_path):
    game = fresh(mode)
    game.apply(Lapse())
    a_move(game)
    game.apply(Lapse())
    text = record_text(game)
    assert " lapse" in text
    path = tmp_path / "r.txt"
    path.write_text(text, encoding="utf-8")
    loaded = load_record(path).game
    assert loaded.over and loaded.winner == game.winner and loaded.end_reason == LAPSED


# --- what "as if he had missed, fired nothing or passed" means in each mode -----------------

def test_classic_salvo_fires_nothing():
    game = fresh("classic", "salvo")
    me = game.turn
    game.apply(Lapse())
    assert game.shots_at[1 - me] == {} and game.turn == 1 - me


def test_a_hit_dutchman_whose_time_runs_out_stays_and_the_shooter_fires_again():
    game = fresh("classic", "dutchman")
    shooter = game.turn
    game.apply(classic.Shot(game.ships[1 - shooter][0][0]))
    assert game.decision.kind == classic.RELOCATE and game.turn == 1 - shooter
    ship = game.ships[1 - shooter][0]
    events = game.apply(Lapse())
    assert events[:2] == [TurnLapsed(1 - shooter, 1), classic.Relocated(1 - shooter, False)]
    assert game.ships[1 - shooter][0] == ship and game.turn == shooter
    assert game.history[-1] == (1 - shooter, Lapse(), TurnLapsed(1 - shooter, 1))


def test_a_mine_hitter_whose_time_runs_out_gives_the_first_cell_he_may():
    game = fresh("classic", "mines")
    shooter = game.turn
    game.apply(classic.Shot(game.mines[1 - shooter][0]))
    first = game.decision_options()[0]
    events = game.apply(Lapse())
    assert classic.CellGiven(shooter, first) in events
    assert game.turn == 1 - shooter and game.given[shooter] == [first]


def test_classic_mine_skip_variant_skips_as_after_a_miss():
    game = fresh("classic", "mines")
    game.config = classic.ClassicConfig(mines=1, mine_effect="skip")
    me = game.turn
    game.skips[1 - me] = 1                 # the other lost his next turn to a mine
    events = game.apply(Lapse())
    assert classic.TurnSkipped(1 - me) in events and game.turn == me


def test_naval_attacker_fires_nothing_and_it_is_no_volley():
    game = fresh("naval")
    me = game.turn
    game.apply(Lapse())
    assert game.volleys == 0 and game.quiet == 0 and game.marks[1 - me] == {}


def test_naval_defender_whose_time_runs_out_shoots_nothing_down():
    m = MODES["naval"]
    rng = random.Random(0)
    game = m.random_game(next(iter(m.presets.values())), rng)
    game.apply(m.random_action(game, rng))
    assert game.pending is not None
    defender = game.turn
    events = game.apply(Lapse())
    result = next(e for e in events if isinstance(e, naval.VolleyResult))
    assert events[0] == TurnLapsed(defender, 1) and result.downed == ()
    assert game.pending is None and game.history[-1][1] == Lapse()


def test_naval_defender_lost_on_time_leaves_nothing_pending():
    m = MODES["naval"]
    rng = random.Random(0)
    game = m.random_game(next(iter(m.presets.values())), rng)
    game.lapses = (1, 1)
    game.apply(m.random_action(game, rng))
    game.apply(Lapse())
    assert game.over and game.pending is None and game.view(game.turn).pending is None


def test_korabliki_a_lapse_before_or_after_the_move_passes():
    game = fresh("korabliki")
    me = game.turn
    quiet = game.quiet
    game.apply(Lapse())
    assert game.turn == 1 - me and game.quiet == quiet + 1     # K-f: a turn with nothing taken
    game.apply(MODES["korabliki"].random_action(game, random.Random(1)))    # his move
    assert game.phase == korabliki.game.ACT
    assert game.apply(Lapse())[:2] == [TurnLapsed(1 - me, 1), TurnChanged(me)]


def test_korabliki_an_asked_player_whose_time_runs_out_answers_with_the_ship_alone():
    m = MODES["korabliki"]
    rng = random.Random(1)
    game = m.random_game(next(iter(m.presets.values())), rng)
    while game.phase != korabliki.game.ANSWER:
        game.apply(m.random_action(game, rng))
    target, answerer = game.pending.target, game.turn
    events = game.apply(Lapse())
    asked = next(e for e in events if isinstance(e, korabliki.Asked))
    assert events[0] == TurnLapsed(answerer, 1) and asked.answered == (target,)
    assert game.history[-1][1] == Lapse() and asked in game.history[-1][2]


def test_every_mode_tells_both_players_of_it():
    for mode in MODES:
        game = fresh(mode)
        events = game.apply(Lapse())
        for p in (0, 1):
            assert events[0] in type(game).events_for(p, events)


def test_random_play_is_unchanged_by_the_clock():
    """The seeded games of the benches: the same moves as ever (the lapse is never drawn)."""
    for mode in MODES:
        assert random_play(mode, 2, 40).lapses == (0, 0)
