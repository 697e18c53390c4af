"""How many games a player Classic's rating order needs (issue 37), simulated without a server:
``python -m tools.match_rho [GAMES]`` (from the repository's root; a few seconds).

Fifty players, ten at each of Classic's levels (random, hunter, parity, density, admiral), rated
by the lobby's Glicko-2 (``game.net.glicko``), each game its own rating period; in each round
every player meets a neighbour in rating (the lobby pairs the nearest rating that waits). A
game's winner is drawn from the levels' chances as ``bench duel`` measured them on random fleets
(README: parity over hunter 113-87, density over parity 114-86; the cabin boy over the
boatswain 6-194; the admiral over density taken as the same 57 %): about 50 Elo points between
neighbours. Prints Spearman's ρ of the ratings against the levels after k games, the mean of ten
seeded runs. ``bench net --match``'s own ``spearman_after`` follows it to about 10 games, then
lags: on Classic alone it levels off at 0.75-0.77 by 30-40 games (the levels' real chances are
closer than this model's).
"""

from __future__ import annotations

import random
import statistics
import sys

from game.net import glicko
from game.net.matchbench import spearman

ELO = (-600, 0, 45, 94, 143)      # random, hunter, parity, density, admiral
PLAYERS, RUNS = 50, 10


def chance(a: int, b: int) -> float:
    """The chance level ``a`` beats level ``b``."""
    return 1 / (1 + 10 ** ((ELO[b] - ELO[a]) / 400))


def main(games: int = 60) -> dict:
    rho = {k: [] for k in range(1, games + 1)}
    for run in range(RUNS):
        rng = random.Random(run)
        skill = [i * len(ELO) // PLAYERS for i in range(PLAYERS)]
        ratings = [glicko.NEW] * PLAYERS
        for k in range(1, games + 1):
            order = sorted(range(PLAYERS), key=lambda i: ratings[i].rating + rng.gauss(0, 30))
            for a, b in zip(order[::2], order[1::2]):
                score = 1.0 if rng.random() < chance(skill[a], skill[b]) else 0.0
                ratings[a], ratings[b] = glicko.game(ratings[a], ratings[b], score)
            rho[k].append(spearman([r.rating for r in ratings], skill))
    return {k: round(statistics.fmean(v), 3) for k, v in rho.items()}


if __name__ == "__main__":
    out = main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
    print({k: v for k, v in out.items() if k in (1, 2, 5, 10, 15, 20, 30, 40, 50, 60)})
