"""Issue 21 part 3: a Commodore that plays to win under the ceasefire (RULES.md §N, N-e and
N-f): shells aimed past the enemy's anti-air, a silenced mount noticed, the torpedo spent when
behind on points, and a ladder of four Naval opponents each stronger than the one below."""

import random
from dataclasses import replace

import numpy as np
import pytest

from game.ai.naval import (CELLS, CommodoreAI, index, make_naval_ai, reach_mask)
from game.ai.naval_aim import landed, plan_shells
from game.ai.opponents import roster
from game.modes import duel_winner
from game.rules.naval import (AA_RANGE, CEASEFIRE, HIT, MISS, NavalConfig, NavalGame, chebyshev,
                              random_fleet)


def _p(cells: dict) -> np.ndarray:
    p = np.zeros(CELLS)
    for c, v in cells.items():
        p[index(c)] = v
    return p


def _risk(mount) -> np.ndarray:
    return reach_mask(mount).astype(float)


def test_shells_in_the_mounts_reach_land_only_past_its_two_rounds():
    """N-e: the mount shoots down up to two shells, those that would hit first."""
    risk = _risk((6, 6))
    sure = {(5, 5): 1.0, (6, 5): 1.0, (7, 5): 1.0, (0, 0): 1.0}
    p = _p(sure)
    assert landed(p, risk, [(5, 5), (6, 5)]) == 0.0
    assert landed(p, risk, [(5, 5), (6, 5), (7, 5)]) == pytest.approx(1.0)
    assert landed(p, risk, [(0, 0)]) == pytest.approx(1.0)        # out of reach
    assert landed(p, np.zeros(CELLS), [(5, 5), (6, 5)]) == pytest.approx(2.0)  # no mount


def test_two_shells_go_past_the_umbrella_rather_than_into_it():
    """With two shells, a likelier cell under the enemy's mount is worth nothing: both are
    fired outside its reach."""
    p = _p({(6, 6): 0.5, (7, 6): 0.45, (0, 11): 0.2, (11, 0): 0.15, (0, 0): 0.1})
    free = [(x, y) for y in range(12) for x in range(12)]
    shots, pair, value = plan_shells(p, _risk((6, 6)), free, 2, False, p)
    assert set(shots) == {(0, 11), (11, 0)} and pair == ()
    assert value == pytest.approx(0.35)
    # without a mount the likeliest cells are the best
    shots, _, _ = plan_shells(p, None, free, 2, False, p)
    assert set(shots) == {(6, 6), (7, 6)}


def test_enough_shells_break_through_the_umbrella():
    """Five shells and five near-certain ship cells under the mount: all of them go in (three
    land), not to the faint cells outside."""
    inside = {(4 + i, 6): 0.95 for i in range(5)}
    p = _p(inside | {(0, 11): 0.1, (11, 0): 0.1})
    free = [(x, y) for y in range(12) for x in range(12)]
    shots, _, value = plan_shells(p, _risk((6, 6)), free, 5, False, p)
    assert set(shots) == set(inside) and value > 2.5


def test_the_pair_goes_outside_when_the_singles_cannot_break_in():
    p = _p({(6, 6): 0.6, (6, 7): 0.6, (0, 5): 0.3, (0, 6): 0.3, (11, 11): 0.2})
    free = [(x, y) for y in range(12) for x in range(12)]
    shots, pair, _ = plan_shells(p, _risk((6, 6)), free, 1, True, p)
    assert set(pair) == {(0, 5), (0, 6)} and shots == ((11, 11),)
    assert all(chebyshev(c, (6, 6)) > AA_RANGE for c in shots + pair)


def _game():
    return NavalGame(NavalConfig(), [random_fleet(random.Random(1)),
                                     random_fleet(random.Random(2))], first=0)


def test_a_mount_that_lets_a_hit_through_is_taken_for_silenced():
    """A shell surely in the mount's reach struck a ship while the mount had a round to spare:
    the Commodore fires into that reach again."""
    view = _game().view(0)
    ai = make_naval_ai("commodore", random.Random(1))
    first = replace(view, target={(0, 0): MISS}, downed=((3, 3), (9, 9)))
    ai._learn(first)            # the mount can only stand on (6, 6)
    assert ai.aa_region is not None and ai.aa_region.sum() == 1 and not ai.silenced
    ai.fired = ((6, 7), (0, 11))
    later = replace(view, target={(0, 0): MISS, (6, 7): HIT, (0, 11): MISS}, downed=())
    ai._learn(later)
    assert ai.silenced
    # a hit while the mount used both rounds says nothing of the kind
    other = make_naval_ai("commodore", random.Random(1))
    other._learn(first)
    other.fired = ((6, 7), (5, 6), (7, 7))
    other._learn(replace(view, target={(0, 0): MISS, (6, 7): HIT}, downed=((5, 6), (7, 7))))
    # nor a hit in a reach that is not sure
    unsure = make_naval_ai("commodore", random.Random(1))
    unsure._learn(replace(view, target={(0, 0): MISS}, downed=((6, 6), (7, 6))))
    unsure.fired = ((9, 9),)
    unsure._learn(replace(view, target={(0, 0): MISS, (9, 9): HIT}, downed=()))
    assert not unsure.silenced
    assert not other.silenced


def test_behind_on_points_late_in_the_quiet_the_torpedo_goes():
    game = _game()
    view = game.view(0)
    ai = make_naval_ai("commodore", random.Random(1))
    weak = 0.2          # a lane the Captain would keep the torpedo back for
    hurt = frozenset(c for s in view.own for _, c in s.weapons[:1])     # one weapon per ship hit
    behind = replace(view, own_hits=hurt, quiet=CEASEFIRE // 2)
    assert CommodoreAI.pressed(behind) and not CommodoreAI.pressed(replace(behind, quiet=2))
    assert not CommodoreAI.pressed(replace(view, quiet=CEASEFIRE // 2))
    air = ((0, 0),)
    assert ai.use_torpedo(behind, weak, air, 0.1)
    assert not ai.use_torpedo(replace(behind, quiet=2), weak, air, 0.9)


def test_the_naval_ladder_has_four_rungs_each_beating_the_one_below():
    """Issue 21 part 6: the duels of neighbours (200 games each by the bench) are quoted in the
    README; here a few games each, from fixed seeds."""
    rungs = [o.shooter for o in roster("naval")]
    assert rungs == ["random", "gunner", "navigator", "commodore"]
    rng = random.Random(21)
    for weak, strong in zip(rungs, rungs[1:]):
        wins = sum(duel_winner("naval", (strong, weak), rng.getrandbits(32), i % 2) == 0
                   for i in range(12))
        assert wins >= 9, (strong, weak, wins)
