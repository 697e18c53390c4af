"""Glicko-2 (issue 37, part 3): the paper's worked example, and what any rating must do."""

from __future__ import annotations

import pytest

from game.net import glicko
from game.net.glicko import NEW, Rating


def test_glickmans_worked_example():
    """Glickman's "Example of the Glicko-2 system": 1500 / 200 / 0.06 beats a 1400 / 30, loses to a
    1550 / 100 and a 1700 / 300 in one period, tau 0.5."""
    after = glicko.rate(Rating(1500, 200, 0.06),
                        [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)],
                        tau=0.5)
    # the paper works on the Glicko-2 scale to four places: mu' -0.2069, phi' 0.8722
    mu, phi = round((after.rating - 1500) / glicko.SCALE, 4), round(after.rd / glicko.SCALE, 4)
    assert (mu, phi) == (-0.2069, 0.8722)
    assert round(glicko.SCALE * mu + 1500, 2) == 1464.06
    assert round(glicko.SCALE * phi, 2) == 151.52
    assert after.vol == pytest.approx(0.05999, abs=1e-5)       # the paper: 0.05999 (0.059996)
    assert after.rating == pytest.approx(1464.06, abs=0.01)      # unrounded: 1464.0507
    assert after.rd == pytest.approx(151.52, abs=0.01)


def test_the_winner_rises_the_loser_falls_a_draw_of_equals_moves_nobody():
    a, b = glicko.game(NEW, NEW, 1)
    assert a.rating > 1500 > b.rating
    assert a.rating - 1500 == pytest.approx(1500 - b.rating)
    a, b = glicko.game(NEW, NEW, 0.5)
    assert a.rating == pytest.approx(1500) and b.rating == pytest.approx(1500)
    # beating a stronger player gains more than beating a weaker one
    up_strong, _ = glicko.game(NEW, Rating(1800, 100), 1)
    up_weak, _ = glicko.game(NEW, Rating(1200, 100), 1)
    assert up_strong.rating > up_weak.rating > 1500


def test_the_deviation_shrinks_with_games_and_grows_without():
    me, other = NEW, Rating(1500, 80)
    rds = []
    for n in range(10):
        me, _ = glicko.game(me, other, n % 2)
        rds.append(me.rd)
    assert all(x > y for x, y in zip(rds, rds[1:])) and rds[-1] < 150
    idle = glicko.rate(me, [])
    assert idle.rd > me.rd and idle.rating == me.rating
    assert glicko.rate(NEW, []).rd == NEW.rd          # never past a new player's
