"""Glicko-2 ratings (issue 37): our own short implementation of Mark Glickman's "Example of the
Glicko-2 system" (its steps are numbered below as the paper numbers them). A player is a rating,
a rating deviation (how unsure the rating is) and a volatility (how erratic his results are);
every game the lobby records is its own rating period, rated against the opponent's rating as it
stood before the game. Pure: no clock, no store.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178          # the paper's step 2: Glicko's scale to Glicko-2's and back
TAU = 0.5                 # how fast the volatility may change (the paper suggests 0.3 to 1.2)
EPSILON = 0.000001        # step 5's convergence tolerance


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


NEW = Rating()            # a player who has played no rated game


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of the paper's f by its Illinois iteration."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(me: Rating, games, tau: float = TAU) -> Rating:
    """``me`` after one rating period of ``games``: (opponent's Rating, my score 1 / ½ / 0)
    each. No games: only the deviation grows (step 6)."""
    mu, phi = (me.rating - 1500.0) / SCALE, me.rd / SCALE          # step 2
    if not games:
        return Rating(me.rating, min(NEW.rd, math.sqrt(phi * phi + me.vol * me.vol) * SCALE),
                      me.vol)
    played = [((o.rating - 1500.0) / SCALE, o.rd / SCALE, float(s)) for o, s in games]
    v_inv = 0.0                                                     # step 3
    gain = 0.0                                                      # step 4's sum
    for mu_j, phi_j, s in played:
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        gain += g * (s - e)
    v = 1.0 / v_inv
    delta = v * gain                                                # step 4
    sigma = _volatility(phi, me.vol, v, delta, tau)                 # step 5
    phi_star = math.sqrt(phi * phi + sigma * sigma)                 # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)   # step 7
    mu_new = mu + phi_new * phi_new * gain
    return Rating(SCALE * mu_new + 1500.0, min(NEW.rd, SCALE * phi_new), sigma)   # step 8


def game(a: Rating, b: Rating, score_a: float, tau: float = TAU) -> tuple[Rating, Rating]:
    """Both players after one game between them (``score_a``: a's 1 / ½ / 0), each rated
    against the other as he stood before it."""
    return rate(a, [(b, score_a)], tau), rate(b, [(a, 1.0 - score_a)], tau)
