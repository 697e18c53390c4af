"""RULES.md §0: "In every mode a player may resign at any time; resigning loses the game" — and
two sides may agree a draw. The end goes through the rules (``resign`` / ``agree_draw``), is kept
by ``to_dict`` / ``from_dict`` and by the record, and refused once the game is over."""

import json
import random

import pytest

from game.data.record import load_record, record_text, result_text
from game.rules.base import AGREED, RESIGNED, GameOver
from game.rules.errors import IllegalAction
from game.rules.modes import MODES


def midgame(mode: str, moves: int = 12, seed: int = 3):
    m = MODES[mode]
    rng = random.Random(seed)
    game = m.random_game(next(iter(m.presets.values())), rng)
    for _ in range(moves):
        if game.over:
            break
        game.apply(m.random_action(game, rng))
    assert not game.over
    return game


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("who", [0, 1])
def test_resigning_loses_in_every_mode(mode, who):
    game = midgame(mode)
    events = game.resign(who)
    assert events == [GameOver(1 - who, RESIGNED)]
    assert game.over and game.winner == 1 - who and not game.drawn
    assert game.legal_actions() == []
    assert game.view(who).winner == 1 - who
    with pytest.raises(IllegalAction):
        game.resign(1 - who)            # already over: refused, with the reason
    with pytest.raises(IllegalAction):
        game.agree_draw()
    with pytest.raises(IllegalAction):
        game.check(MODES[mode].random_action(midgame(mode), random.Random(1)))


@pytest.mark.parametrize("mode", list(MODES))
def test_an_agreed_draw_is_a_draw_in_every_mode(mode):
    game = midgame(mode)
    assert game.agree_draw() == [GameOver(None, AGREED)]
    assert game.over and game.drawn and game.winner is None
    assert game.legal_actions() == []


@pytest.mark.parametrize("mode", list(MODES))
def test_a_game_ended_so_is_refused_after_a_natural_end(mode):
    m = MODES[mode]
    rng = random.Random(5)
    game = m.random_game(next(iter(m.presets.values())), rng)
    while not game.over:
        game.apply(m.random_action(game, rng))
    with pytest.raises(IllegalAction) as exc:
        game.resign(0)
    assert exc.value.code == "game_over"
    assert game.conceded is None


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("end", ["resign", "draw"])
def test_saved_and_loaded_it_ends_the_same_way(mode, end):
    game = midgame(mode)
    game.resign(1) if end == "resign" else game.agree_draw()
    again = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.over and again.winner == game.winner and again.drawn == game.drawn
    assert again.conceded == game.conceded
    assert again.to_dict() == game.to_dict()
    unfinished = midgame(mode)
    assert "ended" not in unfinished.to_dict()       # an old save reads as it always did


@pytest.mark.parametrize("mode", list(MODES))
def test_the_record_says_who_resigned_and_replays_to_it(mode, tmp_path):
    game = midgame(mode)
    game.resign(0)
    assert result_text(game) == "B wins (A resigned)"
    text = record_text(game)
    assert "result: B wins (A resigned)" in text
    path = tmp_path / "r.txt"
    path.write_text(text, encoding="utf-8")
    loaded = load_record(path).game
    assert loaded.over and loaded.winner == 1 and loaded.conceded == (RESIGNED, 0)
    draw = midgame(mode)
    draw.agree_draw()
    assert "result: draw (agreed)" in record_text(draw)
    path.write_text(record_text(draw), encoding="utf-8")
    assert load_record(path).game.drawn
    # an old record of a game still going reads unchanged
    path.write_text(record_text(midgame(mode)), encoding="utf-8")
    assert not load_record(path).game.over


# --- the computer's answer to an offered draw (§0) ------------------------------------------

def test_the_naval_computer_declines_when_ahead_and_accepts_when_behind():
    from dataclasses import replace

    from game.ai.naval import draw_points, make_naval_ai
    from game.rules.naval import HIT
    game = midgame("naval", moves=0)
    ai = make_naval_ai("commodore", random.Random(1))
    view = game.view(1)
    assert ai.accepts_draw(view)                    # even: no better off, so it accepts
    # its guns hit (§N's first points: intact weapons), the enemy untouched: behind
    weapons = frozenset(c for s in view.own for _, c in s.weapons[:1])
    behind = replace(view, own_hits=weapons)
    assert draw_points(behind)[0] < draw_points(behind)[1]
    assert ai.accepts_draw(behind)
    # it has hit the enemy's ship cells, its own fleet whole: ahead on cells, it plays on
    enemy = [c for s in game.fleets[0] for c in s.cells[:1]]
    ahead = replace(view, target={c: HIT for c in enemy})
    assert draw_points(ahead)[0] > draw_points(ahead)[1]
    assert not ai.accepts_draw(ahead)


def test_the_korabliki_computer_judges_pieces_lost_against_pieces_taken():
    from game.ai.korabliki import make_korabliki_ai
    from game.rules.korabliki import KorablikiView
    ai = make_korabliki_ai("admiral", random.Random(1))
    game = midgame("korabliki", moves=0)
    view = game.view(1)
    assert ai.accepts_draw(view)                    # even
    behind = KorablikiView(**{**view.__dict__, "own": view.own[:-3]})
    ahead = KorablikiView(**{**view.__dict__, "enemy": view.enemy[:-3]})
    assert ai.accepts_draw(behind)
    assert not ai.accepts_draw(ahead)


def test_classic_computer_and_a_player_without_a_judgement_decline():
    from game.ai.player import accepts_draw
    assert accepts_draw(object(), None) is False
