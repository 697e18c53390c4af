"""The screen follows what the player has seen, not the state ahead of it (issue 18, items 5–6).

The banner says "your turn" only while input is taken and names the other side only once its
turn is shown; a click on the enemy waters while the rules already wait for the player finishes
the animation and fires, it is never lost; in the hot seat nothing invites the next player
before the curtain is down.
"""

import pygame

from game.scenes.classic.battle import BattleScene
from game.scenes.common.curtain import CurtainScene
from game.scenes.quick_match import SetupScene

from .test_scenes import (app, click, frames, key, lift_curtain,  # noqa: F401  (app: a fixture)
                          quick_battle)


def water(battle, owner, skip=()):
    g = battle.game
    return next((x, y) for y in range(g.config.height) for x in range(g.config.width)
                if all((x, y) not in s for s in g.ships[owner]) and (x, y) not in skip
                and (x, y) not in g.shots_at[owner] and (x, y) not in g.known_empty[owner])


def test_the_banner_waits_for_the_shell_and_a_click_in_the_enemy_flight_fires(app):
    battle = quick_battle(app, first="0")
    your_turn = app.tr("battle.your_turn")
    aiming = app.tr("battle.enemy_turn", name=battle.seat(1).name)
    assert battle.banner()[0] == your_turn
    caught = False
    for _ in range(12):                       # a few exchanges: until the computer misses
        assert battle.human_to_move
        battle.fire(water(battle, 1))         # a miss: the turn passes to the computer
        assert battle.game.turn == 1
        words = battle.banner()[0]
        assert words != aiming and words != your_turn    # the shell is still in the air
        for _ in range(2000):
            if battle.human_to_move or battle.game.over:
                break
            words = battle.banner()[0]
            assert words != your_turn        # never while input is not taken
            if battle.turn_shown == 1:
                assert words == aiming
            if (battle.game.turn == 0 and battle.busy and battle.thinking is None
                    and battle.game.history[-1][0] == 1 and not caught):
                # the computer missed; its shell is still flying: click the enemy waters
                n = len(battle.game.history)
                target = water(battle, 1)
                frames(app, 1, click(battle.geo_of(1).center(target)))
                assert len(battle.game.history) == n + 1
                assert battle.game.history[-1][0] == 0
                assert battle.game.history[-1][1].cell == target
                caught = True
                break
            frames(app)
        if caught:
            break
        assert battle.banner()[0] == your_turn
    assert caught


def test_a_key_during_the_players_own_shell_only_skips(app):
    battle = quick_battle(app, first="0")
    ship = battle.game.ships[1][0]
    battle.fire(ship[0])                      # a hit: the turn stays with the player
    n = len(battle.game.history)
    assert battle.busy and battle.waiting_for_viewer
    frames(app, 1, [key(pygame.K_SPACE)])
    assert not battle.busy and len(battle.game.history) == n and not battle.message


def test_hot_seat_never_invites_the_next_player_before_the_curtain(app):
    app.settings.quick_match.update({"first": "0", "name1": "Аня", "name2": "Борис"})
    frames(app, 1, [key(pygame.K_DOWN)] * 2 + [key(pygame.K_RETURN)])   # Two players
    assert isinstance(app.scenes.top, SetupScene)
    frames(app, 1, [key(pygame.K_RETURN)])
    for _ in range(2):                                                  # both placements
        lift_curtain(app)
        frames(app, 1, [key(pygame.K_a), key(pygame.K_RETURN)])
    lift_curtain(app)
    battle = app.scenes.top
    assert isinstance(battle, BattleScene) and battle.viewer == 0
    boris = app.tr("battle.turn_of", name="Борис")
    battle.fire(water(battle, 1))
    seen = []
    for _ in range(600):
        if isinstance(app.scenes.top, CurtainScene):
            break
        seen.append(battle.banner()[0])
        frames(app)
    assert isinstance(app.scenes.top, CurtainScene)
    assert boris not in seen and battle.viewer == 0


# --- Naval (§N) -------------------------------------------------------------------------------

def _naval_hand_over(app, volley):
    """Two people on one screen: what the attacker sees from his volley to the curtain."""
    from game.match import HUMAN
    from .test_naval_battle import battle, settle
    scene = battle(app, kinds=(HUMAN, HUMAN))
    before = dict(scene.fields[1].marks)
    scene.play(volley)
    banners = []
    for _ in range(600):
        if isinstance(app.scenes.top, CurtainScene):
            break
        banners.append(scene.banner()[0])
        assert scene.fields[1].marks == before       # no answer shows before the curtain
        frames(app)
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene) and scene.viewer == 0
    curtain.on_ready()
    frames(app, 2)
    settle(app, scene)
    return scene, curtain.message, set(banners)


def test_hot_seat_naval_curtain_says_nothing_of_the_defenders_anti_air(app):
    from game.rules import naval as nv
    reach = nv.Volley(((1, 5), (8, 8)), ((2, 5), (2, 6)))         # beside the enemy Aegis
    away = nv.Volley(((10, 0), (11, 11)), ((10, 10), (11, 10)))    # far from it
    scene, said_reach, seen_reach = _naval_hand_over(app, reach)
    assert scene.viewer == 1 and scene.human_intercepting
    app.scenes.reset(app.scenes.top)        # a fresh screen for the second volley
    scene, said_away, seen_away = _naval_hand_over(app, away)
    assert scene.viewer == 1 and scene.human_to_move and not scene.human_intercepting
    assert said_reach == said_away and seen_reach == seen_away


# --- the battle log (item 11) -----------------------------------------------------------------

def test_the_log_keeps_the_whole_game_and_scrolls(app):
    battle = quick_battle(app, first="0")
    for i in range(150):
        battle.log.append((f"line {i}", (255, 255, 255)))
    frames(app, 1)                                    # drawn: the newest lines show
    assert any(w == "line 0" for w, _ in battle.log)  # nothing of the game is dropped
    assert battle.log.back == 0
    frames(app, 1, [key(pygame.K_PAGEUP)])
    assert battle.log.back == battle.log.rows - 1
    inside = battle.log_rect.center
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0),
                                       buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    back = battle.log.back
    assert back == battle.log.rows - 1 + 3
    battle.log.append(("newest", (255, 255, 255)))    # a scrolled-back view stays put
    assert battle.log.back == back + 1
    frames(app, 1, [key(pygame.K_PAGEDOWN)] * 200)
    assert battle.log.back == 0
    assert not battle.busy and len(battle.game.history) == 0   # none of it fired a shot


# --- typing during the other side's turn (issue 33, defect 3) ----------------------------------

def typing(text):
    """What a keyboard sends for ``text``: each key down with its character, then the text."""
    out = []
    for ch in text:
        out.append(pygame.event.Event(pygame.KEYDOWN, key=ord(ch) if ch.isascii() else 0,
                                      mod=0, unicode=ch, scancode=0))
        out.append(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    return out


def _their_turn(app):
    """A quick battle where the person has just missed: his shell flies, the computer's turn
    comes next."""
    battle = quick_battle(app, first="0")
    battle.fire(water(battle, 1))
    assert battle.busy and battle.game.turn == 1
    return battle


def test_typing_during_the_other_sides_turn_never_skips_it(app):
    battle = _their_turn(app)
    miss = battle.game.history[-1][1].cell
    frames(app, 1, typing("b5"))
    assert battle.effects.shells and miss not in battle.fields[1].marks   # still in the air
    assert battle.typed.lower() == "b5"


def test_a_shot_typed_and_entered_during_the_other_sides_turn_fires_when_the_turn_comes(app):
    battle = _their_turn(app)
    target = water(battle, 1, skip=battle.game.shots_at[1])
    name = battle._cell(target)
    frames(app, 1, typing(name) + [key(pygame.K_RETURN)])
    mine = []
    for _ in range(3000):
        mine = [a for p, a, _ in battle.game.history[1:] if p == 0]
        if mine or battle.game.over:
            break
        frames(app)
    assert mine and mine[0].cell == target, "the typed shot was lost"
    assert not battle.message                         # nothing was refused on the way
