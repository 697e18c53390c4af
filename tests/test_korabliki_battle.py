"""The "Кораблики" battle screen (issue 6, parts 3 and 5), driven headless by synthetic events."""

import random

import pygame
import pytest

from game.rules import korabliki as kr
from game.scenes.common.curtain import CurtainScene
from game.scenes.common.dialogs import ConfirmScene
from game.scenes.korabliki.battle import KorablikiBattleScene
from game.scenes.korabliki.gameover import KorablikiGameOverScene
from game.match import COMPUTER, HUMAN, Match
from game.render.korabliki import rank_label

from .helpers import moved_on
from .test_korabliki_rules import arrange
from .test_naval_rules import fleet_a
from .test_scenes import frames, key, pushed, running_app, seats, typed


@pytest.fixture
def app(home):
    yield from running_app((1280, 720), 11)


def battle(app, game, kinds=(HUMAN, COMPUTER), level="admiral"):
    match = Match(kr.KorablikiConfig(), seats(kinds, level), first=str(game.turn), seed=5)
    return pushed(app, KorablikiBattleScene(app, match, game, keep_record=False))


def settle(app, scene, limit=3000):
    """Frames until the scene's animation is over (or another screen, a curtain, covers it)."""
    for _ in range(limit):
        if not scene.busy or app.scenes.top is not scene:
            return
        frames(app)


def test_a_turn_by_keyboard_alone(app):
    g = arrange({(5, 10): (0, kr.KR), (5, 4): (1, kr.ES)})
    scene = battle(app, g, kinds=(HUMAN, HUMAN))
    scene.cursor = (5, 10)
    frames(app, 1, [key(pygame.K_SPACE)])                     # pick the cruiser
    assert scene.selected == (5, 10)
    frames(app, 1, [key(pygame.K_UP), key(pygame.K_SPACE)])   # one step toward the enemy
    settle(app, scene)
    assert (5, 9) in g.pieces and g.phase == kr.ACT
    frames(app, 1, [key(pygame.K_ESCAPE)])                     # drop the pick ...
    frames(app, 1, [key(pygame.K_RETURN)])                     # ... and Enter ends the turn
    settle(app, scene)
    assert g.turn == 1


def shown_ranks(scene, owner):
    return {c: s.rank for c, s in scene.display.items() if s.owner == owner}


def test_two_on_one_screen_each_sees_his_own_table(app):
    """Issue 34: the board is set from the table of the person at the screen: his own ranks,
    none of the other's he has not turned up; as the curtain passes the screen, the other's;
    and so while cues still play (a draw offered mid-turn)."""
    g = arrange({(5, 10): (0, kr.KR), (5, 4): (1, kr.ES), (9, 9): (0, kr.TK)})
    scene = battle(app, g, kinds=(HUMAN, HUMAN))
    truth = lambda owner: {c: p.rank for c, p in g.pieces.items() if p.owner == owner}  # noqa
    assert shown_ranks(scene, 0) == truth(0)
    assert set(shown_ranks(scene, 1).values()) == {None}       # never the other's secret
    scene.attempt(kr.Move((5, 10), (5, 9)))
    settle(app, scene)
    scene.attempt(kr.EndTurn())
    settle(app, scene)
    assert isinstance(app.scenes.top, CurtainScene)
    app.scenes.top.on_ready()
    assert scene.viewer == 1
    assert shown_ranks(scene, 1) == truth(1)
    assert set(shown_ranks(scene, 0).values()) == {None}
    scene.attempt(kr.Move((5, 4), (6, 4)))                      # his move still slides ...
    assert scene.busy
    scene.offer_draw()                                          # ... as he offers a draw
    app.scenes.top.on_ready()
    assert scene.viewer == 0 and scene.busy
    assert {c: r for c, r in shown_ranks(scene, 0).items()} == truth(0)
    assert set(shown_ranks(scene, 1).values()) == {None}


def cruiser_asks_destroyer(app):
    """Two on one screen: player 0 moves his torpedo boat, then his cruiser asks player 1's
    destroyer «ЧТО ЭТО?» (the destroyer loses); the cues play up to the curtain."""
    g = arrange({(5, 7): (0, kr.KR), (5, 6): (1, kr.ES), (9, 9): (0, kr.TK)})
    scene = battle(app, g, kinds=(HUMAN, HUMAN))
    scene.click((9, 9))
    scene.click((9, 8))
    settle(app, scene)
    scene.click((5, 7))
    scene.click((5, 6))                                        # "ЧТО ЭТО?"
    assert scene.busy
    settle(app, scene)
    return g, scene


def test_asking_plays_out_and_the_board_follows_the_rules(app):
    g, scene = cruiser_asks_destroyer(app)
    assert isinstance(app.scenes.top, CurtainScene)            # the asked side sees it first
    app.scenes.top.on_ready()
    settle(app, scene)
    assert (5, 6) not in g.pieces and g.turn == 0              # taken; moves again
    assert isinstance(app.scenes.top, CurtainScene)            # so the screen goes back
    app.scenes.top.on_ready()
    assert scene.viewer == 0
    assert set(scene.display) == set(g.pieces)
    assert any("taken" in words for words, _ in scene.log)


def test_the_asked_side_sees_his_piece_taken_after_the_curtain(app, monkeypatch):
    """Issue 34: two on one screen, the asked side's piece taken by the asking: as the curtain
    hands him the screen, the board still holds his piece with its rank, and the cues take it
    away (the screen once set the board from his table first: the piece was already gone, and
    its sinking, ghost and kill moment never played)."""
    g, scene = cruiser_asks_destroyer(app)
    assert isinstance(app.scenes.top, CurtainScene)
    app.scenes.top.on_ready()
    assert scene.viewer == 1 and scene.busy
    shown = scene.display.get((5, 6))
    assert shown is not None and (shown.owner, shown.rank) == (1, kr.ES)
    assert set(shown_ranks(scene, 0).values()) == {None}       # none of the other's
    sunk = []
    real = scene._sink
    monkeypatch.setattr(scene, "_sink", lambda removed, skipping: sunk.extend(
        (cell, scene.display[cell].rank) for _, cell in removed if cell in scene.display)
        or real(removed, skipping))
    settle(app, scene)
    assert sunk == [((5, 6), kr.ES)] and (5, 6) not in scene.display


def block_asked(app, kinds):
    """Player 1's cruiser, having moved, beside player 0's two destroyers (a block, §K)."""
    g = arrange({(5, 7): (1, kr.KR), (5, 6): (0, kr.ES), (6, 6): (0, kr.ES), (9, 2): (1, kr.TK)},
                turn=1)
    scene = battle(app, g, kinds=kinds)
    moved_on(scene, kr.Move((9, 2), (9, 3)))
    return g, scene


def test_the_human_answers_a_block_and_may_understate_it(app):
    g, scene = block_asked(app, (HUMAN, HUMAN))
    scene.viewer = 1
    scene.play(kr.Ask((5, 7), (5, 6)))
    settle(app, scene)
    assert isinstance(app.scenes.top, CurtainScene)            # the other person answers
    app.scenes.top.on_ready()
    settle(app, scene)
    assert scene.viewer == 0 and scene.human_answering
    scene.draw(app.screen)
    frames(app, 1, typed("2"))                                  # "two ЭС" chosen ...
    assert scene.block_index == 1 and isinstance(g.history[-1][1], kr.Ask)
    frames(app, 1, [key(pygame.K_RETURN)])                      # ... and given with Enter
    settle(app, scene)
    last = g.history[-1]
    assert last[1] == kr.Answer(((5, 6), (6, 6)))
    assert last[2][0].outcome == "lost"                         # 2ЭС > КР


def test_a_click_on_an_answer_chooses_it_and_a_second_click_gives_it(app):
    g, scene = block_asked(app, (HUMAN, COMPUTER))
    moved_on(scene, kr.Ask((5, 7), (5, 6)))
    scene._sync()
    settle(app, scene)
    assert scene.human_answering and scene.block_index == 0
    scene.choose_answer(1, give_if_chosen=True)              # a click on the second answer
    assert scene.block_index == 1 and g.phase == kr.ANSWER    # chosen, not yet given
    scene.choose_answer(1, give_if_chosen=True)              # a click on it again gives it
    assert isinstance(g.history[-1][1], kr.Answer) and len(g.history[-1][1].cells) == 2


def test_enter_ends_the_turn_at_once_after_a_move_by_mouse(app):
    g = arrange({(5, 10): (0, kr.KR), (5, 4): (1, kr.ES)})
    scene = battle(app, g)
    scene.click((5, 10))
    scene.click((5, 9))                                        # moved: the piece stays picked
    settle(app, scene)
    assert g.phase == kr.ACT and scene.selected == (5, 9)
    frames(app, 1, [key(pygame.K_RETURN)])                      # "End turn [Enter]"
    assert g.turn == 1


def test_the_log_names_the_pieces_a_blast_takes_only_as_they_turn_up(app):
    g = arrange({(5, 7): (0, kr.BOMB), (5, 5): (1, kr.KR), (6, 5): (1, kr.LIN),
                 (9, 9): (0, kr.TK)})
    scene = battle(app, g, kinds=(HUMAN, HUMAN))
    moved_on(scene, kr.Move((9, 9), (9, 8)))
    scene._sync()
    lines = len(scene.log)
    scene.attempt(kr.Bomb())
    names = [rank_label(app.tr, kr.KR), rank_label(app.tr, kr.LIN)]
    assert not any(n in words for words, _ in scene.log[lines:] for n in names)
    assert scene.banner()[0] != scene.seat(1).name              # still the bomber's turn shown
    settle(app, scene)
    assert any(names[0] in words for words, _ in scene.log[lines:])


def test_a_torpedo_boats_two_steps_are_logged_with_the_cell_between(app):
    g = arrange({(9, 9): (0, kr.TK), (5, 4): (1, kr.ES)})
    scene = battle(app, g)
    scene.attempt(kr.Move((9, 9), (9, 7)))
    settle(app, scene)
    via = g.history[-1][2][0].via
    assert via is not None
    assert any(f"{scene._cell((9, 9))} — {scene._cell(via)} — {scene._cell((9, 7))}" in words
               for words, _ in scene.log)


def test_the_bomb_asks_first_then_blasts(app):
    g = arrange({(5, 7): (0, kr.BOMB), (5, 5): (1, kr.KR), (9, 9): (0, kr.TK)})
    scene = battle(app, g, kinds=(HUMAN, HUMAN))
    moved_on(scene, kr.Move((9, 9), (9, 8)))
    scene._sync()
    frames(app, 1, [key(pygame.K_x)])
    assert isinstance(app.scenes.top, ConfirmScene)
    app.scenes.top._yes()
    frames(app, 10)
    assert scene.blasts and (5, 5) in scene.display          # turned up, not yet gone
    settle(app, scene)
    assert (5, 5) not in g.pieces and (5, 5) not in scene.display


def test_computers_play_to_the_result_screen(app):
    rng = random.Random(3)
    g = kr.new_game(kr.KorablikiConfig(), rng, first=0)
    battle(app, g, kinds=(COMPUTER, COMPUTER), level="random")
    for _ in range(200_000):
        top = app.scenes.top
        if isinstance(top, KorablikiGameOverScene):
            break
        if isinstance(top, KorablikiBattleScene) and top.busy:
            top.skip()
        frames(app)
    assert isinstance(app.scenes.top, KorablikiGameOverScene) and g.over
    for size in ((1280, 720), (800, 600)):
        app.resized(size)
        frames(app, 2)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_draws_at_every_size_in_every_language(app, size):
    g = arrange({(5, 7): (0, kr.KR), (5, 6): (1, kr.ES), (9, 9): (0, kr.TK)})
    scene = battle(app, g, kinds=(HUMAN, HUMAN))
    scene.click((9, 9))
    for lang in ("en", "ru", "uk", "no"):
        app.settings.language = lang
        app.apply_settings()
        app.resized(size)
        frames(app, 2)
        scene.draw(app.screen)


def test_a_quiet_draw_is_headed_as_one_not_as_naval_words(home):
    """K-f: a game drawn by 200 moves without a loss says so (it said "neither Aegis can be
    broken", Naval's words, before issue 21); Naval's even ceasefire says its own."""
    from game.rules import naval as nv
    from game.scenes.korabliki.gameover import KorablikiGameOverScene
    from game.scenes.naval.gameover import NavalGameOverScene

    app_ = next(running_app((1280, 720), 7))
    for seed in range(40):
        rng = random.Random(seed)
        g = kr.new_game(kr.KorablikiConfig(), rng, first=0)
        while not g.over:
            g.apply(kr.random_action(g, rng))
        if g.winner is None:
            break
    assert g.winner is None and g.quiet >= kr.DRAW_QUIET
    match = Match(kr.KorablikiConfig(), seats((HUMAN, COMPUTER), "admiral"), first="0", seed=1)
    scene = KorablikiGameOverScene(app_, match, g, 100.0)
    assert scene._headline()[0] == app_.tr("gameover.draw")     # issue 33: why, under it
    words = scene.reason_words()
    assert words == app_.tr("why.quiet", n=kr.DRAW_QUIET) and "Aegis" not in words
    n = nv.NavalGame(nv.NavalConfig(), [fleet_a(), fleet_a()], 0)     # two equal fleets
    ships = {c for s in fleet_a() for c in s.cells}
    water = [(x, y) for y in range(nv.SIZE) for x in range(nv.SIZE) if (x, y) not in ships]
    while not n.over:                       # every shell in the water: the quiet runs out
        if n.pending is not None:
            n.apply(nv.Intercept(()))
            continue
        singles, pair = n.volley_shape(n.turn)
        free = [c for c in water if n.marks[1 - n.turn].get(c) is None]
        two = next((a, b) for a in free for b in free if b == (a[0] + 1, a[1])) if pair else ()
        rest = [c for c in free if c not in two]
        n.apply(nv.Volley(tuple(rest[:singles]), two))
    assert n.ceasefire[0] == "draw"
    match = Match(nv.NavalConfig(), seats((HUMAN, COMPUTER), "admiral"), first="0", seed=1)
    words = NavalGameOverScene(app_, match, n, 100.0).reason_words()
    assert "Ceasefire" in words and words != app_.tr("why.quiet", n=kr.DRAW_QUIET)
