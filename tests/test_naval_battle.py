"""The Naval battle screen (issue 5, parts 3 and 5), driven headless by synthetic events."""

import random

import pygame
import pytest

from game.render import theme
from game.rules import naval as nv
from game.scenes.common.curtain import CurtainScene
from game.match import COMPUTER, HUMAN, Match
from game.scenes.naval.battle import NavalBattleScene
from game.scenes.naval.gameover import NavalGameOverScene

from .helpers import moved_on
from .test_naval_rules import fleet_a
from .test_scenes import click, frames, key, pushed, running_app, seats, typed


@pytest.fixture
def app(home):
    yield from running_app((1280, 720), 11)


def battle(app, kinds=(HUMAN, COMPUTER), first=0, auto=False, level="admiral"):
    match = Match(nv.NavalConfig(), seats(kinds, level), first=str(first), seed=5,
                  auto_intercept=auto)
    game = nv.NavalGame(match.config, [fleet_a(), fleet_a()], first)
    return pushed(app, NavalBattleScene(app, match, game, keep_record=False))


def settle(app, scene, limit=4000):
    for _ in range(limit):
        if not scene.busy:
            return
        frames(app)


def test_a_volley_built_by_keyboard_alone(app):
    scene = battle(app)
    g = scene.game
    scene.cursor = (0, 11)
    frames(app, 1, [key(pygame.K_SPACE)])                  # the pair snaps to a neighbour
    assert scene.pair == [(0, 11), (1, 11)]
    frames(app, 1, [key(pygame.K_TAB)])                    # Tab turns it down the column
    assert scene.pair == [(0, 11), (0, 10)]               # (0, 12) is off the field
    frames(app, 1, typed("d12") + [key(pygame.K_RETURN)])  # a typed cell: a single shot
    frames(app, 1, [key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    scene.cursor = (6, 11)
    frames(app, 1, [key(pygame.K_SPACE)])
    assert len(scene.shots) == 2 and (3, 11) in scene.shots
    frames(app, 1, typed("2"))                               # no ability on the first turn
    assert scene.tool == "guns" and "first turn" in scene.message
    frames(app, 1, [key(pygame.K_RETURN)])                   # Enter fires
    assert len(g.history) >= 1 and g.history[0][0] == 0
    settle(app, scene)


def test_refusals_name_the_reason_and_change_nothing(app):
    scene = battle(app)
    g = scene.game
    frames(app, 1, [key(pygame.K_RETURN)])                   # nothing aimed yet
    assert not g.history and "pair" in scene.message         # the battleship aims first
    for c in [(0, 11), (5, 11), (8, 11)]:
        scene.mark(c)
    scene.mark((10, 11))
    assert "Every gun" in scene.message                      # no shells left to aim
    scene.mark((8, 11))                                      # a second click takes it back
    assert (8, 11) not in scene.shots


def test_torpedo_lane_and_air_square_on_a_later_turn(app):
    scene = battle(app, kinds=(HUMAN, HUMAN))
    g = scene.game
    moved_on(scene, nv.Volley(((0, 11), (3, 11)), ((5, 11), (6, 11))),
             nv.Volley(((0, 11), (3, 11)), ((5, 11), (6, 11))))
    assert scene.human_to_move
    frames(app, 1, typed("2"))
    assert scene.tool == "torpedo"
    scene.mark((4, 7))
    assert scene.torpedo == 7
    frames(app, 1, typed("3"))
    scene.mark((4, 4))
    scene.mark((5, 5))
    assert scene.air == [(4, 4), (5, 5)] and scene.torpedo is None   # one ability a turn
    scene.mark((8, 8))
    assert "3×3" in scene.message and scene.air == [(4, 4), (5, 5)]
    frames(app, 1, typed("1"))
    for c in [(1, 2), (5, 2), (9, 9)]:
        scene.mark(c)
    v = scene.volley()
    g.check(v)
    scene.draw(app.screen)


def test_the_human_defender_chooses_what_his_aegis_shoots_down(app):
    scene = battle(app, first=1)
    g = scene.game
    ai_volley = nv.Volley(((1, 5), (8, 8)), ((2, 5), (2, 6)))   # into P0's Aegis reach
    scene.play(ai_volley)
    settle(app, scene)
    assert scene.human_intercepting
    scene.draw(app.screen)
    geo = scene.geo_of(0)
    frames(app, 1, click(geo.center((1, 5))))
    frames(app, 1, click(geo.center((2, 5))))
    frames(app, 1, click(geo.center((2, 6))))                # a third shell: refused
    assert scene.shoot_down == [(1, 5), (2, 5)] and "2" in scene.message
    frames(app, 1, click(geo.center((8, 8))))                # beyond the mount's reach
    assert (8, 8) not in scene.shoot_down and "reach" in scene.message
    frames(app, 1, [key(pygame.K_RETURN)])
    last = g.history[-1][2]
    assert isinstance(last, nv.VolleyResult) and last.downed == ((1, 5), (2, 5))
    settle(app, scene)
    assert any("Shot down" in words for words, _ in scene.log)


def _painted_flak(app, scene, monkeypatch) -> list:
    """The shot-down marks each board was painted with, own board first."""
    import game.scenes.naval.battle as battle_mod
    painted = []
    real = battle_mod.paint_field
    monkeypatch.setattr(battle_mod, "paint_field", lambda *a, **k: painted.append(
        set(k.get("flak", ()))) or real(*a, **k))
    scene.draw(app.screen)
    return painted


def test_what_the_aegis_shot_down_leaves_a_mark_on_both_boards(app, monkeypatch):
    """Issue 33, defect 6: a shell or plane shot down leaves a mark on the field it was fired
    at, for the defender on his own board and for the attacker on his target board, and a
    screen made again on the same game (a resumed one) shows it too."""
    scene = battle(app, first=1)                      # the computer fires at the person
    scene.play(nv.Volley(((1, 5), (8, 8)), ((2, 5), (2, 6))))
    settle(app, scene)
    frames(app, 1, click(scene.geo_of(0).center((1, 5))))
    frames(app, 1, click(scene.geo_of(0).center((2, 5))) + [key(pygame.K_RETURN)])
    settle(app, scene)
    assert scene.fields[0].flak == {(1, 5), (2, 5)}
    assert _painted_flak(app, scene, monkeypatch)[0] == {(1, 5), (2, 5)}
    # the person fires into the computer's Aegis: what it shoots down is marked on his target
    scene.play(nv.Volley(((1, 5),), ((2, 5), (2, 6))))     # (his gun at I9 was lost)
    settle(app, scene)
    downed = [c for _, _, r in scene.game.history if isinstance(r, nv.VolleyResult)
              and r.player == 0 for c in r.downed]
    assert downed and scene.fields[1].flak == set(downed)
    assert _painted_flak(app, scene, monkeypatch)[1] == set(downed)
    again = NavalBattleScene(app, scene.match, scene.game, keep_record=False)
    assert again.fields[1].flak == set(downed) and {(1, 5), (2, 5)} <= again.fields[0].flak


def test_incoming_shells_and_planes_differ_in_shape_not_only_in_colour(app):
    """Issue 33, defect 6: on the defender's prompt a shell and a plane are told apart by
    their outlines: the two cells' drawings (both in reach, neither chosen) share little."""
    from game.render.board import BoardGeometry
    from game.render.naval import draw_incoming
    geo = BoardGeometry(0, 0, 40, 12, 12)
    shell, plane = (2, 2), (6, 2)
    surf = pygame.Surface(geo.outer.size, pygame.SRCALPHA)
    draw_incoming(surf, geo, nv.Volley((shell,), (), None, (plane,)), [shell, plane], [])
    masks = [pygame.mask.from_threshold(surf.subsurface(geo.cell_rect(c)), theme.BAD,
                                        (30, 30, 30, 255)) for c in (shell, plane)]
    both = masks[0].overlap_area(masks[1], (0, 0))
    assert masks[0].count() and masks[1].count()
    assert both < 0.5 * min(m.count() for m in masks)


def test_automatic_interception_asks_nothing(app):
    scene = battle(app, first=1, auto=True)
    scene.play(nv.Volley(((1, 5), (8, 8)), ((2, 5), (2, 6))))
    settle(app, scene)
    assert not scene.human_intercepting
    assert isinstance(scene.game.history[-1][2], nv.VolleyResult)


def test_hot_seat_interception_happens_behind_the_defenders_curtain(app):
    scene = battle(app, kinds=(HUMAN, HUMAN))
    assert scene.viewer == 0
    scene.play(nv.Volley(((1, 5), (8, 8)), ((2, 5), (2, 6))))
    settle(app, scene)
    assert isinstance(app.scenes.top, CurtainScene)
    top = app.scenes.top
    top.on_ready()
    frames(app, 2)
    assert scene.viewer == 1 and scene.human_intercepting


def test_computer_against_computer_plays_to_the_result_screen(app):
    scene = battle(app, kinds=(COMPUTER, COMPUTER), level="hunter")
    for _ in range(60000):
        frames(app)
        if isinstance(app.scenes.top, NavalGameOverScene):
            break
        if scene.busy:
            scene.skip()
    top = app.scenes.top
    assert isinstance(top, NavalGameOverScene)
    assert scene.game.over
    for size in ((1280, 720), (800, 600)):
        app.resized(size)
        frames(app, 2)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_draws_at_every_size_in_every_language(app, size):
    scene = battle(app, first=1)
    for lang in ("en", "ru", "uk", "no"):
        app.settings.language = lang
        app.apply_settings()
        app.resized(size)
        scene.play(nv.Volley(((1, 5), (8, 8)), ((2, 5), (2, 6)))) if not scene.game.history else None
        settle(app, scene)
        frames(app, 2)
        assert not app.notices or all("missing" not in n[0] for n in app.notices)


def test_random_seeded_volleys_keep_the_shown_marks_in_step_with_the_rules(app):
    scene = battle(app, kinds=(HUMAN, HUMAN))
    g = scene.game
    rng = random.Random(4)
    for _ in range(30):
        if g.over:
            break
        scene.play(nv.random_action(g, rng))
        scene.skip()
        while isinstance(app.scenes.top, CurtainScene):   # the hand-over, then the answer
            app.scenes.top.on_ready()
            scene.skip()
    for owner in (0, 1):
        shown = {c: m for c, m in scene.fields[owner].marks.items()}
        assert shown == g.marks[owner]


def test_the_ceasefire_count_shows_once_past_ten(app, monkeypatch):
    """§N: the battle screen shows the volleys without a hit once the count passes 10."""
    from game.render import text as text_mod
    scene = battle(app)
    said = []
    real = text_mod.draw
    monkeypatch.setattr(text_mod, "draw", lambda s, words, *a, **k: said.append(words)
                        or real(s, words, *a, **k))
    scene.game.quiet = 10
    moved_on(scene)
    frames(app, 2)
    assert app.tr("naval.ceasefire", n=10, limit=nv.CEASEFIRE) not in said and said
    said.clear()
    scene.game.quiet = 11
    moved_on(scene)
    frames(app, 2)
    assert app.tr("naval.ceasefire", n=11, limit=nv.CEASEFIRE) in said


def test_nothing_threatening_in_reach_asks_nobody(app):
    """Issue 21: shells in the Aegis's reach that would all fall in the water are not put to
    the person; the automatic officer answers and the battle goes on."""
    scene = battle(app, first=1)
    scene.play(nv.Volley(((0, 3), (10, 10)), ((6, 6), (6, 7))))   # water, two in reach
    assert scene.game.pending is not None                          # the rules do ask...
    settle(app, scene)
    assert not scene.human_intercepting                            # ...the screen does not
    assert isinstance(scene.game.history[-1][2], nv.VolleyResult)
    assert not scene.match.auto_intercept                          # the next threat is asked


def test_intercept_for_me_answers_now_and_from_then_on(app):
    scene = battle(app, first=1)
    scene.play(nv.Volley(((1, 5), (8, 8)), ((2, 5), (2, 6))))      # onto the Aegis itself
    settle(app, scene)
    assert scene.human_intercepting
    frames(app, 1, [key(pygame.K_f)])
    settle(app, scene)
    assert scene.match.auto_intercept and not scene.human_intercepting
    assert isinstance(scene.game.history[-1][2], nv.VolleyResult)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_ceasefire_row_fits_its_panel_above_the_battle_time(home, size):
    """Issue 21: a ceasefire adds a third line of stats; each panel grows to hold it and the
    footer (the battle time) stays below both panels."""
    app_ = next(running_app(size, 7))
    for seed in range(200):
        rng = random.Random(seed)
        g = nv.new_game(nv.NavalConfig(), rng)
        while not g.over:
            g.apply(nv.random_action(g, rng))
        if g.ceasefire is not None:
            break
    match = Match(nv.NavalConfig(), seats((HUMAN, COMPUTER), "admiral"), first="0", seed=1)
    scene = NavalGameOverScene(app_, match, g, 100.0)
    app_.scenes.reset(scene)
    frames(app_, 2)
    px = theme.font_px(size, 20)
    for side in (0, 1):
        rows = scene.stats_rows(side)
        assert len(rows) == 5          # the points make a third line
        area, panel = scene._areas()[side]
        last_line_bottom = panel.y + 8 + int(px * 1.25) * 3 + px
        assert last_line_bottom <= panel.bottom
        assert panel.bottom <= scene.footer_top() + px * 0.9 - px * 0.5


def test_the_battleships_pair_never_blocks_a_single_gun(app):
    """Issue 33, defect 4: a cell whose neighbours are all known takes a single shell, while
    the pair still goes to the first cell it fits."""
    scene = battle(app)
    g = scene.game
    for c in ((5, 6), (7, 6), (6, 5), (6, 7)):
        g.marks[1][c] = nv.MISS
    moved_on(scene)
    frames(app, 1, click(scene.geo_of(1).center((6, 6))))
    assert scene.shots == [(6, 6)] and scene.pair == [] and not scene.message
    frames(app, 1, click(scene.geo_of(1).center((2, 2))))     # room for the pair here
    assert scene.pair == [(2, 2), (3, 2)]


def test_the_status_says_the_ability_set_and_never_next_turns_weapons_on_the_enemys(app):
    """Issue 33: "torpedo ready · planes: 3" stayed after the torpedo was set, and showed
    during the enemy's turn."""
    scene = battle(app, kinds=(HUMAN, HUMAN))
    g = scene.game
    ready = app.tr("naval.torpedo_ready")
    moved_on(scene, nv.Volley(((0, 11), (3, 11)), ((5, 11), (6, 11))),
             nv.Volley(((0, 11), (3, 11)), ((5, 11), (6, 11))))
    assert ready in " ".join(scene.status_words())
    frames(app, 1, typed("2"))
    scene.mark((4, 7))
    words = " ".join(scene.status_words())
    assert ready not in words and app.tr("naval.torpedo_set", row=8) in words
    frames(app, 1, typed("3"))
    scene.mark((4, 4))
    words = " ".join(scene.status_words())
    assert app.tr("naval.planes_set", n=1, total=g.view(0).planes) in words
    scene.clear_plan()
    scene.play(nv.Volley(((1, 11), (2, 11)), ((7, 11), (8, 11))))  # his volley on its way
    assert scene.status_words()[0] == app.tr("naval.status_flying")
    settle(app, scene)
    if isinstance(app.scenes.top, CurtainScene):                   # the other sits down
        app.scenes.top.on_ready()
    moved_on(scene, nv.Volley(((1, 10), (2, 10)), ((7, 10), (8, 10))))    # and fires: his turn
    scene.viewer, scene.turn_shown = 0, 1
    scene.volley_by = None                   # (as the turn's passing leaves it: no volley flying)
    assert not scene.human_to_move
    words = " ".join(scene.status_words())
    assert ready not in words and app.tr("naval.planes", n=g.view(0).planes) not in words
    assert words.strip() == app.tr("naval.status_waiting", name=scene._name(1))


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_ship_names_under_each_field_are_big_enough_to_read_and_keep_the_sunk(
        home, monkeypatch, size):
    """Issue 33: the names under a Naval field were 12 px and dim at 800×600; now they take the
    room there is, a sunk ship's name stays, dimmed, so the tally reads at a glance."""
    from game.render import naval as naval_art
    from game.render import text as text_mod
    app_ = next(running_app(size, 11))
    scene = battle(app_)
    scene.game.sunk[1].append(len(scene.game.fleets[1]) - 1)  # the enemy's patrol boat down
    moved_on(scene)
    sunk = scene.fields[1]
    sunk.wrecks.append(scene.table.fleets[1][-1].cells)       # ... as the screen has shown
    naval_art._names.clear()                                 # the names made anew
    drawn = []
    real = text_mod.render
    monkeypatch.setattr(text_mod, "render", lambda words, px, colour, *a, **k: drawn.append(
        (str(words), px, tuple(colour))) or real(words, px, colour, *a, **k))
    scene.draw(app_.screen)
    names = {app_.tr(f"naval.ship.{s.kind}") for s in scene.game.fleets[0]}
    shown = [(w, px, c) for w, px, c in drawn if w in names]
    assert len(shown) == 10 and min(px for _, px, _ in shown) >= 14        # both fields
    patrol = app_.tr("naval.ship.patrol")
    assert sorted(c == theme.TEXT_DIM for w, _, c in shown if w == patrol) == [False, True]
    app_.quit()


def test_on_one_screen_the_defender_is_never_told_the_enemys_volley_is_his(app):
    """Two people on one screen: the curtain hands the screen to the defender while the enemy's
    volley comes in; its status said "Your volley is on its way" (the curtain made the
    defender the side shown) until his own turn began."""
    scene = battle(app, kinds=(HUMAN, HUMAN), auto=True)
    scene.play(nv.Volley(((1, 5), (8, 8)), ((2, 5), (2, 6))))
    told = []
    for _ in range(600):
        if isinstance(app.scenes.top, CurtainScene):
            app.scenes.top.on_ready()
        if scene.viewer == 1 and not scene.human_to_move:
            told.append(scene.status_words()[0])
        frames(app)
    assert told and app.tr("naval.status_flying") not in told
    assert set(told) == {app.tr("naval.status_waiting", name=scene._name(0))}
