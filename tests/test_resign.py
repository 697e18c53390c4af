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

from .test_modes_conformance import random_play


def midgame(mode: str, moves: int = 12, seed: int = 3):
    game = random_play(mode, seed, moves)
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
    game = random_play(mode, 5)
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


# --- through the screens: the pause menu, the confirmation, the game over (§0) ---------------

import pygame  # noqa: E402

from game.match import COMPUTER, HUMAN, Match  # noqa: E402
from game.scenes.common.curtain import CurtainScene  # noqa: E402
from game.scenes.common.dialogs import ConfirmScene, PauseScene  # noqa: E402
from game.scenes.common.gameover import GameOverBase  # noqa: E402

from .test_scenes import frames, key, running_app, seats  # noqa: E402

LEVELS = {"classic": "hunter", "naval": "gunner", "korabliki": "sailor"}


@pytest.fixture
def app(home):
    yield from running_app((1280, 720), 5)


def open_battle(app, mode, kinds=(HUMAN, COMPUTER), best_of=1):
    game = midgame(mode, moves=0)
    match = Match(game.config, seats(kinds, LEVELS[mode]), first=str(game.turn), seed=5,
                  best_of=best_of)
    scene = app.flow.battle(match, game, keep_record=False)
    app.scenes.push(scene)
    frames(app, 2)
    return scene


def pause_items(app) -> dict:
    frames(app, 1, [key(pygame.K_ESCAPE)])
    top = app.scenes.top
    assert isinstance(top, PauseScene)
    return {item.label(): item for item in top.menu.items}


def choose(app, label: str) -> None:
    """Pick ``label`` in the pause menu and say yes to its confirmation."""
    pause_items(app)[label].on_activate()
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene)
    confirm._yes()


def to_game_over(app, scene):
    for _ in range(3000):
        if isinstance(app.scenes.top, GameOverBase):
            return app.scenes.top
        if scene.busy:
            scene.skip()
        frames(app)
    raise AssertionError("no game over screen")


@pytest.mark.parametrize("mode", list(MODES))
def test_resigning_from_the_pause_menu_loses_through_to_the_game_over(app, mode):
    scene = open_battle(app, mode)
    choose(app, "Resign")
    over = to_game_over(app, scene)
    assert scene.game.winner == 1 and scene.game.conceded == (RESIGNED, 0)
    assert over._headline()[0] == "Defeat" and over.reason_words() == "P0 resigned"
    assert scene.match.score == [0, 1]          # the statistics count the loss


@pytest.mark.parametrize("mode", list(MODES))
def test_a_draw_is_offered_to_the_computer_only_where_rules_allow(app, mode):
    scene = open_battle(app, mode)
    labels = pause_items(app)
    assert "Resign" in labels
    assert ("Offer a draw" in labels) == (mode != "classic")     # §0
    app.scenes.pop()
    if mode == "classic":
        return
    choose(app, "Offer a draw")       # at the start, even: the computer is no better off
    over = to_game_over(app, scene)
    assert scene.game.drawn and scene.game.conceded == (AGREED, None)
    assert over._headline()[0] == "A draw" and over.reason_words() == "Both sides agreed a draw"
    assert scene.match.score == [0, 0]


def test_the_computer_ahead_declines_and_the_battle_goes_on(app):
    scene = open_battle(app, "korabliki")
    ai = scene.ais[1]
    ai.accepts_draw = lambda view: False
    choose(app, "Offer a draw")
    frames(app, 2)
    assert not scene.game.over and scene.message == "P1 declines the draw"


@pytest.mark.parametrize("mode", list(MODES))
def test_two_people_offer_behind_the_curtain_and_accept_or_decline(app, mode):
    scene = open_battle(app, mode, kinds=(HUMAN, HUMAN))
    offerer = scene.viewer
    assert {"Resign", "Offer a draw"} <= set(pause_items(app))
    app.scenes.pop()
    choose(app, "Offer a draw")
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene)
    curtain.on_ready()
    assert scene.viewer == 1 - offerer
    answer = app.scenes.top
    assert isinstance(answer, ConfirmScene)
    answer._no()                                # declined: the seat goes back behind the curtain
    assert isinstance(app.scenes.top, CurtainScene)
    app.scenes.top.on_ready()
    assert scene.viewer == offerer and not scene.game.over
    choose(app, "Offer a draw")
    app.scenes.top.on_ready()
    app.scenes.top._yes()                       # accepted
    to_game_over(app, scene)
    assert scene.game.drawn


def test_a_resigned_game_of_a_series_counts_for_the_other_side(app):
    scene = open_battle(app, "classic", best_of=3)
    choose(app, "Resign")
    to_game_over(app, scene)
    assert scene.match.series.score == [0, 1]


def test_a_resigned_campaign_level_is_lost_with_no_stars(tmp_path):
    from game.campaign import Voyage, autoplay
    from game.data.progress import ProgressStore

    from .test_levels import level, write
    folder = tmp_path / "levels"
    folder.mkdir()
    write(folder, "1.json", level("one", order=1, unlocks=["two"]))
    write(folder, "2.json", level("two", order=2))
    v = Voyage("anna", "", folder, ProgressStore(tmp_path / "c"))
    lv = v.level("one")
    won = autoplay(lv, 1, "admiral")
    assert won.winner == 0                 # played out, seat 0 would have won ...
    data = won.to_dict()
    data["moves"] = data["moves"][:6]
    game = type(won).from_dict(data)
    game.resign(0)                         # ... but resigned early: §0, a loss
    result = v.finish(lv, game)
    assert not result.won and not result.draw and result.stars == 0 and result.opened == []
    assert v.progress.levels["one"]["wins"] == 0 and v.progress.levels["one"]["stars"] == 0
    assert v.opened() == {"one"}


def test_the_replay_tool_says_who_resigned(tmp_path, capsys):
    from game.replay import main as replay
    game = midgame("naval")
    game.resign(1)
    path = tmp_path / "r.txt"
    path.write_text(record_text(game), encoding="utf-8")
    assert replay([str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == \
        f"result: A wins (B resigned) after {len(game.history)} moves"


def test_resigning_while_the_computer_is_to_intercept_plays_nothing_after(app):
    """The monkey (issue 22): a Naval volley waits for the computer's Aegis (a cue on the
    timeline), the person resigns from the pause, a key skips the cues: the intercept must
    not be played on the finished game (it raised IllegalAction "game_over")."""
    from game.rules import naval as nv
    scene = open_battle(app, "naval")
    game = scene.game
    assert game.turn == 0
    volley = next(v for v in game.legal_actions() if isinstance(v, nv.Volley) and any(
        isinstance(e, nv.InterceptNeeded) for e in game.clone().apply(v)))
    scene.play(volley)
    assert game.pending is not None and scene.busy      # the intercept is a cue to come
    scene.resign()
    scene.skip()                                        # any key: the cues play at once
    assert game.winner == 1 and game.conceded == (RESIGNED, 0)
    assert isinstance(game.history[-1][1], nv.Volley)  # nothing was played after the volley
    to_game_over(app, scene)
