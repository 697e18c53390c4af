"""Computer players for "Кораблики" (RULES.md §K): set-ups with sense, and three levels of play.

Pure (no pygame); every random choice comes from the ``random.Random`` given.

Set-ups: ``formation(style, player, rng) -> {cell: rank}`` for each style of ``FORMATIONS``.

Play: ``make_korabliki_ai(level, rng)`` gives a ``KorablikiAI`` with ``setup(player)`` and
``act(view, legal)``: ``view`` is the player's own ``KorablikiView`` and ``legal`` the actions the
game offers now (``game.legal_actions()``, which tell nothing of hidden ranks). A player never
sees the game itself. ``observe(events)`` may be given every event list ``apply`` returns; the
admiral then learns the outcome of each asking act exactly (K-b: what both sides see), and
without it reads what it can from the views.

Levels (``KORABLIKI_LEVELS``):

- ``random``: any legal action (leaning forward, acting after a move with a fair chance).
- ``sailor``: sails forward at random (drawn to pieces that never moved), asks whatever its
  ships touch with its biggest block, strikes now and then, answers truthfully with its biggest
  block.
- ``captain``: the admiral's weighing of acts with a plainer book (``Headcount``: only the ranks
  turned up count, and that forts stand deep and never move), a looser hand and no bluff.
- ``admiral_previous``: the admiral before issue 21 (``wary`` off: it walks its bomb forward
  among its own ships and asks whatever comes at it).
- ``admiral``: keeps a book of every enemy piece (``Knowledge``): the ranks not yet accounted
  for shared out among the hidden pieces by iterative proportional fitting, each piece weighted
  by what it did — a piece that moved is no fort, one that moved with no possible sweeper beside
  it is no mine, a double step is a torpedo boat's, a piece that keeps still when it could move
  is likelier a fort, mine, torpedo or the bomb, and every asking act bounds the asker's rank.
  Each decision (``Context``) then values every act by expectation — asking (with blocks; the
  answer's block guessed from the neighbours), torpedo strikes, the bomb's 5×5 — every move by
  the pull of the targets worth going for, the danger of standing beside enemy pieces, the act
  it opens, and keeping the forts' sides held; the last ships able to take a fort are worth
  more; answers weigh the asking ship's likely ranks and may understate a block (seeded).
  Blasts are weighed warily (own pieces ``RISK`` times the enemy's): an unknown piece walking
  towards its lines may well be the bomb (``BOMB_ADVANCE``), so it is not asked beside its own
  ships; its own bomb is kept where no enemy piece can ask it next turn while the blast would
  cost it more than the enemy; its ships keep out of the 5×5 of a likely enemy bomb.

The modules: ``formations`` (the set-ups), ``book`` (what a player knows of the enemy fleet:
``Knowledge``, ``Headcount``), ``players`` (the interface, ``random`` and ``sailor``),
``weighing`` (``Context``: one decision's values), ``admiral`` (the admiral and the captain),
``previous`` (the kept Admiral before issue 21).
"""

from __future__ import annotations

import random

from ..player import of_level
from .admiral import OLD_STYLES, AdmiralAI, CaptainAI
from .book import R, Headcount, Knowledge, Track, max_block, strength_cmp
from .formations import FORMATIONS, chebyshev, formation, fort_cells, guarded
from .players import KorablikiAI, RandomAI, SailorAI
from .previous import PreviousAdmiralAI, PreviousKnowledge
from .weighing import Context

__all__ = ["FORMATIONS", "KORABLIKI_LEVELS", "LEVELS", "OLD_STYLES", "AdmiralAI", "CaptainAI",
           "Context", "Headcount", "Knowledge", "KorablikiAI", "PreviousAdmiralAI",
           "PreviousKnowledge", "R", "RandomAI", "SailorAI", "Track", "chebyshev", "formation",
           "fort_cells", "guarded", "make_korabliki_ai", "max_block", "strength_cmp"]

KORABLIKI_LEVELS = ("random", "sailor", "captain", "admiral_previous", "admiral")
LEVELS = {cls.key: cls for cls in (RandomAI, SailorAI, CaptainAI, PreviousAdmiralAI, AdmiralAI)}


def make_korabliki_ai(level: str, rng: random.Random) -> KorablikiAI:
    return of_level(LEVELS, "korabliki", level, rng)
