"""Ships, shapes, touching and placement (RULES.md §C, C1–C2, §D)."""

import random

import pytest
from hypothesis import given, strategies as st

from game.rules.classic import ClassicConfig, PRESETS, random_fleet, validate_fleet
from game.rules.errors import PlacementError
from game.rules.fleet import (halo, placements, random_polyking, shape_allowed, validate_ships,
                              connected, AROUND)

RUSSIAN = ClassicConfig()


def line(x, y, n, vertical=False):
    return tuple((x, y + i) if vertical else (x + i, y) for i in range(n))


LEGAL = [line(0, 0, 4), line(0, 2, 3), line(4, 2, 3), line(0, 4, 2), line(3, 4, 2),
         line(6, 4, 2), line(0, 6, 1), line(2, 6, 1), line(4, 6, 1), line(6, 6, 1)]


def test_a_legal_russian_fleet_validates():
    validate_fleet(RUSSIAN, LEGAL)


def test_touching_by_corner_is_refused_naming_ship_cell_and_rule():
    fleet = list(LEGAL)
    fleet[1] = line(4, 1, 3)            # its first cell touches the four-deck at D1 by a corner
    with pytest.raises(PlacementError) as err:
        validate_fleet(RUSSIAN, fleet)
    assert err.value.code in ("touch_corner", "touch_side")
    assert err.value.params["touching"] == "none"
    assert err.value.params["cell"] in line(0, 0, 4) + line(4, 1, 3)
    assert len(err.value.params["ship"]) in (3, 4)


def test_corner_rule_allows_corners_but_not_sides():
    cfg = ClassicConfig(touching="corners")
    validate_ships([line(0, 0, 2), line(2, 1, 2)], 10, 10, "straight", "corners")
    with pytest.raises(PlacementError) as err:
        validate_ships([line(0, 0, 2), line(2, 0, 2)], 10, 10, "straight", "corners")
    assert err.value.code == "touch_side"
    assert cfg.touching == "corners"


def test_free_touching_allows_contact_but_never_overlap():
    validate_ships([line(0, 0, 2), line(0, 1, 2)], 10, 10, "straight", "free")
    with pytest.raises(PlacementError) as err:
        validate_ships([line(0, 0, 2), line(1, 0, 2)], 10, 10, "straight", "free")
    assert err.value.code == "overlap"
    assert err.value.params["cell"] == (1, 0)


def test_off_board_bent_and_wrong_count_are_refused():
    with pytest.raises(PlacementError) as err:
        validate_ships([line(8, 0, 3)], 10, 10, "straight", "none")
    assert err.value.code == "ship_off_board" and err.value.params["cell"] == (10, 0)
    with pytest.raises(PlacementError) as err:
        validate_ships([((0, 0), (1, 0), (1, 1))], 10, 10, "straight", "none")
    assert err.value.code == "bad_shape"
    with pytest.raises(PlacementError) as err:
        validate_fleet(RUSSIAN, LEGAL[:-1])
    assert err.value.code == "fleet_count" and err.value.params["size"] == 1
    assert err.value.params == {"size": 1, "expected": 4, "got": 3}


@pytest.mark.parametrize("cells,shapes,ok", [
    (((0, 0), (0, 1), (1, 1)), "bent", True),                    # Г three-deck (C2)
    (((0, 0), (1, 0), (0, 1), (1, 1)), "bent", True),            # square four-deck
    (((0, 0), (1, 0), (1, 1), (2, 1)), "bent", True),            # zigzag
    (((0, 0), (0, 1), (0, 2), (1, 2)), "bent", True),            # L
    (((0, 0), (1, 0), (2, 0), (1, 1)), "bent", False),           # T is not among the shapes
    (((0, 0), (1, 1)), "bent", False),                           # joined only by a corner
    (((0, 0), (1, 1), (2, 2), (2, 3), (3, 4)), "any", True),     # Flying Dutchman (§D)
    (((0, 0), (2, 2)), "any", False),
])
def test_shapes(cells, shapes, ok):
    assert shape_allowed(cells, shapes) == ok


def test_placement_counts_match_hand_counts():
    assert len(placements(10, 10, 4, "straight")) == 2 * 7 * 10
    assert len(placements(10, 10, 1, "straight")) == 100
    assert len(placements(10, 10, 3, "bent")) == 2 * 8 * 10 + 4 * 9 * 9


def test_halo_follows_the_touching_rule():
    ship = line(0, 0, 2)
    assert halo(ship, 10, 10, "none") == [(0, 1), (1, 1), (2, 0), (2, 1)]
    assert halo(ship, 10, 10, "corners") == [(0, 1), (1, 1), (2, 0)]
    assert halo(ship, 10, 10, "free") == []


@given(st.integers(0, 10**9), st.sampled_from(sorted(PRESETS)))
def test_random_fleets_are_always_legal(seed, preset):
    cfg = PRESETS[preset]
    validate_fleet(cfg, random_fleet(cfg, random.Random(seed)))


@given(st.integers(0, 10**9), st.integers(5, 8))
def test_random_polyking_is_connected(seed, size):
    ship = random_polyking(size, 20, 20, random.Random(seed))
    assert len(set(ship)) == size and connected(ship, AROUND)
