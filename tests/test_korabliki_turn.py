"""«Кораблики»'s battle screen as a newcomer meets it (issue 33): the steps of a turn and the
words that say where he is, the asking as a moment that never shows a rank he may not know, and
the side panel of what both sides know."""

import pygame
import pytest

from game.match import COMPUTER, HUMAN, Match
from game.render.korabliki_panel import UNKNOWN, tally_of
from game.rules import korabliki as kr
from game.scenes.korabliki.battle import KorablikiBattleScene

from .helpers import moved_on
from .test_korabliki_battle import battle, settle
from .test_korabliki_rules import arrange
from .test_scenes import frames, key, running_app, seats


@pytest.fixture
def app(home):
    yield from running_app((1280, 720), 11)


def head(app, who: str, step: str, **names) -> str:
    return app.tr("kor.head", who=app.tr(who, **names), num=("move", "act", "end").index(step) + 1,
                  step=app.tr(f"kor.step.{step}"))


def won_asking(app):
    """The person's cruiser takes a destroyer by «ЧТО ЭТО?»; another enemy piece stands beside
    the cruiser. Returns (game, scene) once the new turn is shown."""
    g = arrange({(5, 7): (0, kr.KR), (5, 6): (1, kr.ES), (4, 7): (1, kr.TK), (9, 9): (0, kr.TK),
                 (12, 1): (1, kr.PL)})
    scene = battle(app, g)
    scene.click((9, 9))
    scene.click((9, 8))                                  # step 1: the move
    settle(app, scene)
    assert scene.step_shown == kr.ACT and scene.banner()[0] == head(app, "kor.head.yours", "act")
    scene.click((5, 7))
    scene.click((5, 6))                                  # step 2: «ЧТО ЭТО?» — and won
    assert scene.busy and scene.banner()[0] == head(app, "kor.head.yours", "act")
    settle(app, scene)
    assert g.turn == 0 and g.phase == kr.MOVE and (5, 6) not in g.pieces
    return g, scene


def test_the_turn_a_won_asking_gives_starts_with_a_move_and_says_so(app):
    """The newcomer asked again at once and was told «Клетка Е5 занята»: the refusal now says
    what is wanted and why, and the header and the steps say where he is."""
    g, scene = won_asking(app)
    assert scene.banner()[0] == head(app, "kor.head.again", "move")
    assert scene.step_shown == kr.MOVE
    scene.click((5, 7))
    scene.click((4, 7))                                  # asks the piece beside it at once
    assert scene.message == app.tr("error.must_move_again")
    assert app.tr("error.cell_taken", cell=scene._cell((4, 7))) not in scene.message
    assert g.phase == kr.MOVE and (4, 7) in g.pieces     # nothing played
    scene.click((5, 8))                                  # the move; then asking is open
    settle(app, scene)
    assert scene.banner()[0] == head(app, "kor.head.again", "act")
    frames(app, 1, [key(pygame.K_RETURN)])               # step 3: the end
    assert scene.step_shown == "end" and scene.banner()[0] == head(app, "kor.head.again", "end")


def test_an_enemy_piece_clicked_before_the_move_asks_for_the_move(app):
    g = arrange({(5, 7): (0, kr.KR), (5, 6): (1, kr.ES), (9, 9): (0, kr.TK)})
    scene = battle(app, g)
    scene.click((5, 7))
    scene.click((5, 6))
    assert scene.message == app.tr("error.must_move") and g.phase == kr.MOVE
    assert scene.banner()[0] == head(app, "kor.head.yours", "move")


def test_the_header_keeps_its_words_through_the_computers_turn(app):
    """Whose turn it is, in the same words while the computer's turn plays and while it
    thinks (the header showed only its name while anything played); the person's own turn
    again once it is his."""
    g = arrange({(5, 10): (0, kr.KR), (5, 4): (1, kr.ES), (9, 2): (1, kr.TK)})
    scene = battle(app, g)
    scene.click((5, 10))
    scene.click((5, 9))
    settle(app, scene)
    frames(app, 1, [key(pygame.K_RETURN)])
    seen = set()
    for _ in range(600):
        if g.turn == 0 and not scene.busy:
            break
        seen.add(scene.banner()[0])
        frames(app)
    theirs = {head(app, "kor.head.theirs", step, name="P1") for step in ("move", "act", "end")}
    mine = {head(app, "kor.head.yours", step) for step in ("move", "act", "end")}
    assert seen and seen <= theirs | mine, seen
    assert seen & theirs and "P1" not in seen
    assert scene.banner()[0] == head(app, "kor.head.yours", "move")


def test_two_people_on_one_screen_are_named_in_the_header(app):
    g = arrange({(5, 10): (0, kr.KR), (5, 4): (1, kr.ES)})
    scene = battle(app, g, kinds=(HUMAN, HUMAN))
    assert scene.banner()[0] == head(app, "kor.head.yours_named", "move", name="P0")


def enemy_asks(app, asker_rank: str, answer_rank: str):
    """The computer's ship (player 1) asks the person's; the screen shows it from the start.
    Returns (game, scene)."""
    g = arrange({(5, 7): (0, answer_rank), (5, 6): (1, asker_rank), (9, 2): (1, kr.TK),
                 (12, 13): (0, kr.PL)}, turn=1)
    match = Match(kr.KorablikiConfig(), seats((HUMAN, COMPUTER), "random"), first="1", seed=5)
    scene = KorablikiBattleScene(app, match, g, keep_record=False)
    app.scenes.push(scene)            # no frame first: the computer's turn is played here
    moved_on(scene, kr.Move((9, 2), (9, 3)))
    scene._sync()
    scene.play(kr.Ask((5, 6), (5, 7)))
    return g, scene


@pytest.mark.parametrize(("asker", "answer"), [(kr.ES, kr.LIN), (kr.LIN, kr.ES)])
def test_an_asking_is_a_moment_that_never_turns_up_a_rank_the_person_may_not_know(app, asker,
                                                                                answer):
    """K-b: asked by the computer, the person learns only who was stronger: the asker's card
    stays face down and its piece blank, whether it won or lost; his own answered ship's card
    turns up."""
    g, scene = enemy_asks(app, asker, answer)
    frames(app, 30)                                      # raised, the cards turned
    (moment,) = scene.card_moments
    theirs = next(r for r in moment.raised if r.cell == (5, 6))
    mine = next(r for r in moment.raised if r.cell == (5, 7))
    assert theirs.card is None and theirs.before.rank is None and theirs.after.rank is None
    assert mine.card[0] == app.tr(f"kor.rank.{answer}")
    assert moment.word == app.tr("kor.moment.ask")
    while scene.card_moments:
        assert all(r.card is None and r.after.rank is None for m in scene.card_moments
                   for r in m.raised if r.cell == (5, 6))
        frames(app)


def test_an_equal_asking_turns_up_both_cards(app):
    g, scene = enemy_asks(app, kr.KR, kr.KR)
    frames(app, 30)
    (moment,) = scene.card_moments
    assert {r.card[0] for r in moment.raised} == {app.tr("kor.rank.KR")}
    assert moment.reveal == app.tr("kor.moment.tied")


def test_a_key_skips_the_asking_moment_to_its_end(app):
    g, scene = enemy_asks(app, kr.ES, kr.LIN)
    frames(app, 20)
    assert scene.card_moments and scene.busy
    frames(app, 1, [key(pygame.K_a)])
    assert not scene.card_moments and not scene.busy
    assert (5, 6) not in scene.display and set(scene.display) == set(g.pieces)


def test_a_torpedo_turns_up_a_fort_as_a_card(app):
    g = arrange({(9, 9): (0, kr.TOR), (9, 8): (1, kr.FORT), (3, 12): (0, kr.TK)})
    scene = battle(app, g)
    scene.click((3, 12))
    scene.click((3, 11))
    settle(app, scene)
    scene.attempt(kr.TorpedoStrike((9, 9), (9, 8)))
    frames(app, 40)
    (moment,) = scene.card_moments
    (fort,) = moment.raised
    assert fort.card[0] == app.tr("kor.rank.F") and fort.fate == "stays"
    assert moment.reveal == app.tr("kor.moment.fort_seen")


def test_the_panel_counts_what_each_side_knows_as_its_view_says(app):
    """The side panel's numbers are the viewer's view's: his own losses by rank, the enemy's
    pieces taken by rank where turned up and the rest as "?", each side's ranks known afloat;
    the other person's screen (two on one screen) counts from his own view."""
    g = arrange({(5, 7): (0, kr.KR), (5, 6): (1, kr.ES), (2, 8): (0, kr.LIN), (2, 7): (1, kr.ES),
                 (9, 9): (0, kr.TK), (12, 2): (1, kr.TK)})
    scene = battle(app, g, kinds=(HUMAN, COMPUTER))
    moved_on(scene, kr.Move((9, 9), (9, 8)),
             kr.Ask((5, 7), (5, 6)),                    # won: his destroyer taken, turned up
             kr.Move((9, 8), (9, 9)), kr.EndTurn(), kr.Move((12, 2), (12, 3)),
             kr.Ask((2, 7), (2, 8)))                    # lost: the asker's rank not told
    scene._sync()
    t = scene._tally()
    view = g.view(0)
    assert t.afloat == (len(view.own), len(view.enemy)) == (4, 2)
    assert t.lost == {} and t.known == {kr.LIN: 1}
    assert t.taken == {kr.ES: 1, UNKNOWN: 1} and t.seen == {}
    assert t.forts == (1, kr.COUNTS[kr.FORT])    # his own; the enemy's two, none taken
    scene.viewer = 1                                     # the other side's screen
    other = scene._tally()
    assert other == tally_of(g.view(1))
    assert other.lost == {kr.ES: 2} and other.seen == {kr.LIN: 1} and other.taken == {}
    scene.draw(app.screen)
