"""Cells in a player's words are always real cells of the board (issue 18, item 1).

A ship held partly off the board, a shot off the board: the refusal names what is on the board
in the chosen letters and never invents a coordinate (no wrapped or out-of-range letter).
"""

import pygame
import pytest

from game.i18n import Translator, describe
from game.rules.coords import LETTER_SETS, format_cell
from game.rules.errors import CoordError, IllegalAction, PlacementError
from game.rules.fleet import check_ship_at
from game.scenes.classic.placement import PlacementScene

from .test_scenes import app, frames, start_quick_match  # noqa: F401  (app is a fixture)


def test_format_cell_refuses_a_cell_its_letters_cannot_name():
    for bad in ((-1, 0), (10, 0), (0, -1)):
        with pytest.raises(CoordError):
            format_cell(bad, "respublika")
    with pytest.raises(CoordError):
        format_cell((-1, 3), "latin")          # not "T4": a letter from the far end


@pytest.mark.parametrize("letters", sorted(LETTER_SETS))
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_ship_partly_off_the_board_is_described_by_its_cells_on_the_board(letters, lang):
    tr = Translator(lang)
    ship = ((8, 0), (9, 0), (10, 0), (11, 0))          # two decks over the right edge
    with pytest.raises(PlacementError) as info:
        check_ship_at(ship, [], 10, 10, "straight", "none")
    words = describe(info.value, tr, letters, board=(10, 10))
    ls = LETTER_SETS[letters]
    assert f"{ls.letter(8)}1" in words and f"{ls.letter(9)}1" in words
    if ls.max_columns > 10:
        assert f"{ls.letter(10)}1" not in words     # a coordinate of no cell of this board
    for x in (-1, 0):                                    # over the left edge, and the top
        ship = tuple((x + i, -1 if x == 0 else 0) for i in range(3))
        with pytest.raises(PlacementError) as info:
            check_ship_at(ship, [], 10, 10, "straight", "none")
        describe(info.value, tr, letters, board=(10, 10))   # words, never an IndexError


def test_a_cell_off_the_board_is_never_written_as_a_letter():
    tr = Translator("en")
    words = describe(IllegalAction("off_board", cell=(12, 3)), tr, "latin", board=(10, 10))
    assert "(13, 4)" in words and "M4" not in words
    words = describe(IllegalAction("off_board", cell=(-1, 3)), tr, "latin")
    assert "T4" not in words


@pytest.mark.parametrize("letters", ["respublika", "russian"])
def test_dragging_a_ship_over_the_edge_draws_its_reason_in_real_cells(app, letters):
    app.settings.letters = letters
    scene = start_quick_match(app)
    assert isinstance(scene, PlacementScene) and len(scene.held) == 4
    edge = scene.geo.center((8, 0))
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=edge, rel=(0, 0),
                                       buttons=(0, 0, 0))])
    frames(app, 2)                                       # draws the reason under the board
    problem = scene.ghost_problem()
    words = describe(problem, app.tr, scene.letters, board=(10, 10))
    assert scene.letters.letter(9) + "1" in words
    if scene.letters.max_columns > 10:
        assert scene.letters.letter(10) + "1" not in words
