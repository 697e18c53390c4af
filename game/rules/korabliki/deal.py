"""Dealing a «Кораблики» game (§K): a game from a record's pieces, a new game, a random legal
action (the conformance tests' and the cabin boy's). Pure; every draw from the ``rng`` given.
"""

from __future__ import annotations

import random

from .game import (ANSWER, MOVE, PIECE_RANKS, Answer, Bomb, EndTurn, KorablikiConfig,
                   KorablikiGame, random_setup)



def from_pieces(config: KorablikiConfig, fleets=(), first: int = 0, **pieces) -> "KorablikiGame":
    """A game from a record: each rank's cells per player (``lins=([A's], [B's])``, ...)."""
    setups: list[dict] = [{}, {}]
    for kind, sides in pieces.items():
        for p, cells in enumerate(sides):
            for c in cells:
                setups[p][tuple(c)] = PIECE_RANKS[kind]
    return KorablikiGame(config, setups, first)


def new_game(config: KorablikiConfig, rng: random.Random, setups=None, first=None):
    setups = setups or [random_setup(0, rng), random_setup(1, rng)]
    return KorablikiGame(config, setups, rng.randrange(2) if first is None else first)


def random_action(game: KorablikiGame, rng: random.Random):
    """Any legal action at random, leaning forward (so random fleets meet): a move toward the
    enemy more often than not, and after a move an act with a fair chance."""
    if game.phase == ANSWER:
        return Answer(rng.choice(game.answer_options(game.pending.target)))
    if game.phase == MOVE:
        moves = game.legal_moves()
        ahead = -1 if game.turn == 0 else 1     # toward the enemy zone
        forward = [m for m in moves if (m.to[1] - m.frm[1]) * ahead > 0]
        return rng.choice(forward if forward and rng.random() < 0.6 else moves)
    acts = game.legal_acts()
    fights = [a for a in acts if not isinstance(a, (EndTurn, Bomb))]
    if fights and rng.random() < 0.7:
        return rng.choice(fights)
    if any(isinstance(a, Bomb) for a in acts) and rng.random() < 0.01:
        return Bomb()
    return EndTurn()
