"""The hand-over curtain of two people on one screen (issue 33, defect 1).

Input begun before the curtain dies with it: a burst of clicks on the enemy waters fires one
shot, skips its animation and drops the curtain, and the rest of the burst must not lift it; a
click meant for the battle long after the curtain fell must not lift it either. Only a
deliberate act of the player taking the seat does: the curtain's own button or a key, once its
short lock has passed. The same in every mode's battle.
"""

import pygame
import pytest

from game.match import HUMAN, Match
from game.rules import korabliki as kr
from game.rules import naval as nv
from game.rules.classic import ClassicConfig, Shot
from game.scenes.classic.battle import BattleScene
from game.scenes.common.curtain import LOCK, CurtainScene
from game.scenes.korabliki.battle import KorablikiBattleScene
from game.scenes.naval.battle import NavalBattleScene

from .helpers import click, key, mouse
from .test_fleet import LEGAL
from .test_korabliki_rules import arrange
from .test_naval_rules import fleet_a
from .test_scenes import frames, running_app, seats

DT = 1 / 60


@pytest.fixture(params=[(1280, 720), (800, 600)], ids=["1280x720", "800x600"])
def app(home, request):
    yield from running_app(request.param, 7)


def classic(app):
    match = Match(ClassicConfig(), seats((HUMAN, HUMAN), ""), first="0", seed=3)
    game = match.new_game([LEGAL, LEGAL])
    scene = BattleScene(app, match, game, keep_record=False)
    app.scenes.push(scene)
    frames(app, 2)
    water = next((x, y) for y in range(10) for x in range(10)
                 if all((x, y) not in s for s in game.ships[1]))
    return scene, scene.geo_of(1).center(water)


def naval(app):
    match = Match(nv.NavalConfig(), seats((HUMAN, HUMAN), ""), first="0", seed=5)
    game = nv.NavalGame(match.config, [fleet_a(), fleet_a()], 0)
    scene = NavalBattleScene(app, match, game, keep_record=False)
    app.scenes.push(scene)
    frames(app, 2)
    return scene, scene.geo_of(1).center((6, 6))


def korabliki(app):
    g = arrange({(5, 10): (0, kr.KR), (5, 4): (1, kr.ES)})
    match = Match(kr.KorablikiConfig(), seats((HUMAN, HUMAN), ""), first="0", seed=5)
    scene = KorablikiBattleScene(app, match, g, keep_record=False)
    app.scenes.push(scene)
    frames(app, 2)
    return scene, scene.centre((5, 9))


def water(scene):
    """The cells of player 1's Classic field that hold no ship."""
    g = scene.game
    return [(x, y) for y in range(10) for x in range(10)
            if all((x, y) not in s for s in g.ships[1])]


def hammer(app, pos, seconds: float, every: float, viewer: int, scene) -> None:
    """Click ``pos`` every ``every`` seconds for ``seconds``; the screen must never go to the
    other player meanwhile."""
    t, next_click = 0.0, 0.0
    while t < seconds:
        events = []
        if t >= next_click:
            events = click(pos)
            next_click += every
        app.step(DT, events)
        t += DT
        assert scene.viewer == viewer, f"the curtain lifted {t:.2f} s into the clicks"


def test_a_burst_of_clicks_on_the_enemy_waters_fires_once_and_never_lifts_the_curtain(app):
    scene, pos = classic(app)
    hammer(app, pos, 3.0, 0.25, 0, scene)
    assert len(scene.game.history) == 1 and scene.game.turn == 1    # one shot: a miss
    assert isinstance(app.scenes.top, CurtainScene)


@pytest.mark.parametrize("make", [classic, naval, korabliki], ids=["classic", "naval",
                                                                   "korabliki"])
def test_a_click_meant_for_the_battle_long_after_the_curtain_fell_does_not_lift_it(app, make):
    scene, pos = make(app)
    if isinstance(scene, BattleScene):
        scene.fire(water(scene)[0])
    elif isinstance(scene, NavalBattleScene):
        scene.play(nv.Volley(((10, 0), (11, 11)), ((10, 10), (11, 10))))
    else:
        scene.play(kr.Move((5, 10), (5, 9)))
        scene.play(kr.EndTurn())
    for _ in range(int(4.0 / DT)):          # the cues run out, the curtain falls and stays
        frames(app)
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene) and scene.viewer == 0
    hammer(app, pos, 1.5, 0.4, 0, scene)
    assert app.scenes.top is curtain


def _curtain_up(app):
    scene, _ = classic(app)
    scene.fire(water(scene)[0])
    for _ in range(int(2.0 / DT)):
        frames(app)
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene)
    return scene, curtain


def test_keys_held_or_pressed_during_the_lock_do_nothing_and_a_fresh_key_after_it_lifts(app):
    scene, curtain = _curtain_up(app)
    fresh = CurtainScene(app, "B", curtain.on_ready)
    app.scenes.replace(fresh)
    for _ in range(int(LOCK / DT) - 2):     # Enter held through the lock: its repeats
        app.step(DT, [key(pygame.K_RETURN)] if _ % 3 == 0 else [])
    for _ in range(20):                     # still held after it: still repeats
        app.step(DT, [key(pygame.K_RETURN)] if _ % 3 == 0 else [])
    assert app.scenes.top is fresh and scene.viewer == 0
    app.step(DT, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0,
                                     unicode="", scancode=0)])
    frames(app, 1, [key(pygame.K_RETURN)])  # pressed again, on purpose
    frames(app, 40)
    assert app.scenes.top is scene and scene.viewer == 1


def test_the_button_lifts_the_curtain_once_the_lock_has_passed(app):
    scene, curtain = _curtain_up(app)
    frames(app)
    button = curtain.button.rect
    assert button.w and button.h
    for grid in (scene.geo_of(0).grid, scene.geo_of(1).grid):
        assert not button.colliderect(grid)     # never where a shot was aimed
    fresh = CurtainScene(app, "B", curtain.on_ready)
    app.scenes.replace(fresh)
    frames(app)
    frames(app, 1, click(fresh.button.rect.center))      # too soon: the lock
    frames(app, 40)
    assert app.scenes.top is fresh
    frames(app, int(LOCK / DT))
    # a press that began before the curtain and ends on its button is not a click on it
    frames(app, 1, [mouse(pygame.MOUSEBUTTONUP, fresh.button.rect.center)])
    frames(app, 40)
    assert app.scenes.top is fresh
    frames(app, 1, click(fresh.button.rect.center))
    frames(app, 40)
    assert app.scenes.top is scene and scene.viewer == 1


def test_what_one_player_typed_is_not_left_for_the_next(app):
    from .test_turn_flow import typing
    scene, pos = classic(app)
    scene.fire(water(scene)[0])
    frames(app, 1, typing("c3"))                # typed while his shell still flies
    assert scene.typed.lower() == "c3"
    for _ in range(int(2.0 / DT)):
        frames(app)
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene)
    curtain.on_ready()
    assert scene.viewer == 1 and scene.typed == "" and not scene.typed_armed


def test_the_gold_seam_never_crosses_the_curtains_words(app):
    """Issue 33: the seam where the two halves meet was drawn across the message."""
    from game.render import text, theme
    message = "Boris's turn: pass the seat"
    app.scenes.push(CurtainScene(app, message, lambda: None))
    frames(app, 2)
    w, h = app.size
    px = theme.font_px(app.size, 44)
    half = text.size(message, px)[0] // 2
    surface = app.screen

    def bright(x, y):
        return min(tuple(surface.get_at((x, y)))[:3]) > 200
    rows = [y for y in range(h // 8, h * 3 // 4)        # the rows the message's words are on
            if sum(bright(x, y) for x in range(w // 2 - half, w // 2 + half, 3)) >= 3]
    assert rows
    seam = [y for y in rows if tuple(surface.get_at((w // 2, y)))[:3] == theme.ACCENT[:3]]
    assert not seam, "the seam runs through the message"


def test_the_next_player_sees_none_of_the_last_ones_splashes_words_or_aim(app):
    """Issue 35's session, found playing: after the hand-over the last player's "Miss!" and
    splash still floated over what is now the other side's field, and the aim box stood where
    the last player had aimed. Each player keeps his own aim; the last one's effects end with
    his view."""
    scene, water = classic(app)
    aimed = scene.geo_of(1).cell_at(water)
    frames(app, 1, click(water))                       # P0's miss
    for _ in range(400):
        frames(app, 1)
        if isinstance(app.scenes.top, CurtainScene):
            break
    for _ in range(int(LOCK / DT) + 5):
        frames(app, 1)
    app.scenes.top.on_ready()
    assert scene.viewer == 1
    assert not scene.effects.texts and not scene.effects.particles and not scene.effects.rings
    assert scene.cursor != aimed and scene.cursor == (5, 5)
