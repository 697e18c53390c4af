"""Every battle resumes as the campaign's do, its log with it (issue 33, defect 8): a quick
match or two players' game left by closing the window is offered at the next start and goes on
where it stood; a resumed battle plays its moves again unseen, so its log is the one it had."""

import json
import random

import pygame
import pytest

from game.app import launch
from game.data.saved_battle import NAME, BattleKeeper
from game.match import COMPUTER, HUMAN, Match, Seat
from game.rules import korabliki as kr
from game.rules import naval as nv
from game.rules.classic import ClassicConfig
from game.rules.modes import MODES as RULES
from game.scenes.classic.battle import BattleScene
from game.scenes.common.dialogs import ConfirmScene, confirm_abandon
from game.scenes.korabliki.battle import KorablikiBattleScene
from game.scenes.naval.battle import NavalBattleScene

from .test_scenes import (finish_by_human, frames, key, lift_curtain,
                          place_legal_fleet_by_keyboard, running_app, start_quick_match)


@pytest.fixture
def app(home):
    yield from running_app((1280, 720), 7)


def played(config, scene_class, app, actions=8, seed=4):
    """A battle of a person (random legal actions) against the computer, ``actions`` of the
    person's played through the screen, then left idle with his turn come again."""
    match = Match(config, (Seat(HUMAN, "Anna"),
                           Seat(COMPUTER, "Boris", "hunter", opponent="boatswain")),
                  first="0", seed=seed)
    rules = RULES[match.mode]
    setups = [match.entry.computer_setup(match, i) for i in (0, 1)]   # his as the computer's
    scene = scene_class(app, match, match.new_game(setups), keep_record=False)
    app.scenes.push(scene)
    rng = random.Random(seed)
    rules = RULES[match.mode]
    done = 0
    for _ in range(4000):
        if scene.game.over or done >= actions and scene._free_to_act:
            break
        if scene._free_to_act:
            scene.play(rules.random_action(scene.game, rng))
            done += 1
        frames(app)
    return match, scene


@pytest.mark.parametrize("config,scene_class", [
    (ClassicConfig(), BattleScene), (nv.NavalConfig(), NavalBattleScene),
    (kr.KorablikiConfig(), KorablikiBattleScene)], ids=["classic", "naval", "korabliki"])
def test_a_resumed_battle_has_the_log_it_had(app, config, scene_class):
    app.settings.anim_speed = 4.0
    match, scene = played(config, scene_class, app)
    assert len(scene.game.history) >= 8 and not scene.game.over and scene._free_to_act
    said = list(scene.log)
    again = scene_class(app, match, scene.game, keep_record=False)   # the window opened again
    assert list(again.log) == said
    assert again.game is scene.game and not again.busy


def test_a_quick_match_left_by_closing_the_window_is_offered_and_goes_on(home):
    app = next(running_app((1280, 720), 7))
    placement = start_quick_match(app)
    place_legal_fleet_by_keyboard(app, placement)
    frames(app, 1, [key(pygame.K_RETURN)])                # ready
    battle = app.scenes.top
    assert isinstance(battle, BattleScene)
    water = next((x, y) for y in range(10) for x in range(10)
                 if all((x, y) not in s for s in battle.game.ships[1]))
    battle.fire(water)
    for _ in range(600):
        if battle.human_to_move:
            break
        frames(app)
    moves, said = len(battle.game.history), list(battle.log)
    assert moves >= 2 and said
    app.step(1 / 60, [pygame.event.Event(pygame.QUIT)])   # the window closes
    assert (home / NAME).exists()
    again = launch((1280, 720), seed=8)
    ask = again.scenes.top
    assert isinstance(ask, ConfirmScene)
    ask._yes()
    resumed = again.scenes.top
    assert isinstance(resumed, BattleScene)
    assert len(resumed.game.history) == moves and list(resumed.log) == said
    assert resumed.human_to_move
    again.quit()


def test_two_players_resume_behind_the_curtain_of_the_one_to_move(home):
    app = next(running_app((1280, 720), 7))
    app.settings.quick_match.update({"first": "0", "name1": "Аня", "name2": "Борис"})
    frames(app, 1, [key(pygame.K_DOWN)] * 2 + [key(pygame.K_RETURN)])   # Two players
    frames(app, 1, [key(pygame.K_RETURN)])
    for _ in range(2):
        lift_curtain(app)
        frames(app, 1, [key(pygame.K_a), key(pygame.K_RETURN)])
    lift_curtain(app)
    battle = app.scenes.top
    water = next((x, y) for y in range(10) for x in range(10)
                 if all((x, y) not in s for s in battle.game.ships[1]))
    battle.fire(water)                                     # a miss: Борис's turn
    app.quit()
    again = launch((1280, 720), seed=8)
    again.scenes.top._yes()
    lift_curtain(again)
    resumed = again.scenes.top
    assert isinstance(resumed, BattleScene) and resumed.match.hot_seat
    assert resumed.viewer == 1 == resumed.game.turn
    again.quit()


def test_a_finished_or_abandoned_battle_is_not_kept_and_a_broken_file_is_named(home):
    path = home / NAME
    path.write_text('{"version": 1, "kind": "computer", "match": 3}', encoding="utf-8")
    keeper = BattleKeeper(path)
    assert keeper.load() is None
    assert "key 'match'" in keeper.problems[0] and str(path) in keeper.problems[0]
    assert not path.exists() and list(home.glob(NAME + ".broken*"))
    app = launch((1280, 720), seed=8)              # nothing to offer: the title
    assert not isinstance(app.scenes.top, ConfirmScene)
    app.quit()


def test_a_quick_match_abandoned_or_finished_is_not_kept(app, home):
    placement = start_quick_match(app)
    place_legal_fleet_by_keyboard(app, placement)
    frames(app, 1, [key(pygame.K_RETURN)])
    battle = app.scenes.top
    assert (home / NAME).exists()                          # kept from the first move on
    confirm_abandon(app)
    app.scenes.top._yes()
    assert not (home / NAME).exists()
    placement = start_quick_match(app)
    place_legal_fleet_by_keyboard(app, placement)
    frames(app, 1, [key(pygame.K_RETURN)])
    assert (home / NAME).exists()
    finish_by_human(app, app.scenes.top)
    assert not (home / NAME).exists()
    assert battle is not app.scenes.top


def test_a_match_comes_back_as_it_was_kept_and_a_bad_one_is_refused_by_its_key():
    from game.i18n.phrase import Phrase
    match = Match(ClassicConfig(), (Seat(HUMAN, "A", label=Phrase("setup.player", n=1)),
                                    Seat(COMPUTER, "B", "hunter", "edges", "boatswain", True)),
                  first="1", seed=3, best_of=3)
    match.series.record(0)
    kept = match.to_dict()
    again = Match.from_dict(json.loads(json.dumps(kept)))
    assert again.to_dict() == kept and again.seats[0].label.fields == {"n": 1}
    for key, value, said in (("seed", True, "'seed'"), ("games", -1, "'games'"),
                             ("mode", "chess", "'mode'"), ("config", {"width": "x"}, "'config'"),
                             ("seats", [kept["seats"][0]], "'seats'")):
        with pytest.raises(ValueError, match=said):
            Match.from_dict({**kept, key: value})


def test_a_keeper_forgets_only_the_battle_it_kept_and_reads_only_a_profiles_key(home):
    """A new match given up before its first move leaves the battle kept before it (declined
    at the start, offered again); a kept file naming a path as its profile is refused."""
    match = Match(ClassicConfig(), (Seat(HUMAN, "A"), Seat(COMPUTER, "B", "hunter")), seed=3)
    game = match.new_game([match.entry.computer_setup(match, i) for i in (0, 1)])
    BattleKeeper(home / NAME).save(match, game)
    newer = BattleKeeper(home / NAME)
    newer.clear()                                    # the new match never saved: nothing goes
    assert (home / NAME).exists()
    newer.save(match, game)
    newer.clear()
    assert not (home / NAME).exists()
    BattleKeeper(home / NAME, profile="../settings").save(match, game)
    keeper = BattleKeeper(home / NAME)
    assert keeper.load() is None and "key 'profile'" in keeper.problems[0]
