"""The computer at the table: turns a shooter's judgement into whatever action the rules wait
for (RULES.md §C, C4–C6, §D).

A shooter (``game.ai.shooters``) answers "where next?". The captain also answers the rules'
other questions with sense: a salvo's cells (C4); a sure hit on a cell the enemy had to give us
(C5) first; which of our own cells to give when we hit a mine (C5) and which mine to tell of when
we hit a minesweeper (C6); where our Dutchman goes after a hit (§D); a weapon of the arcade
arsenal instead of a shot, and a sure hit on a deck our radar showed (§A, ``game.ai.arsenal``).
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..rules.classic import (GIVE_CELL, GIVE_MINE, HIT, RELOCATE, ClassicView, GiveCell,
                             GiveMine, Salvo, Shot)
from ..rules.fleet import neighbours
from . import arsenal
from .dutchman import choose_relocation


class Captain:
    """A Classic computer player (``game.ai.player.Player``): its ``shooter`` judges where to fire,
    ``decide`` answers whatever the rules wait for. ``rng``: the generator of its decisions;
    with ``fresh`` each decision draws a generator of its own from it (the battle screen thinks
    in a worker thread, which must share no generator with the screen). ``fleet``: a callable
    giving its ships (the match's placement style); ``belief`` is the shooter's."""

    wants_legal = False

    def __init__(self, shooter, rng: random.Random, fleet=None, fresh: bool = False):
        self.shooter = shooter
        self.rng = rng
        self.fleet = fleet
        self.fresh = fresh

    @property
    def belief(self):
        return self.shooter.belief

    @belief.setter
    def belief(self, value) -> None:
        self.shooter.belief = value

    def set_up(self, player: int):
        return self.fleet()

    def accepts_draw(self, view: ClassicView) -> bool:
        """RULES.md §0: against the computer Classic offers no draw; asked anyway, it declines."""
        return False

    def act(self, view: ClassicView, legal=None):
        rng = random.Random(self.rng.getrandbits(32)) if self.fresh else self.rng
        return decide(self.shooter, view, rng)

    def observe(self, events) -> None:
        pass


def decide(shooter, view: ClassicView, rng: random.Random):
    """The action the computer playing ``view.player`` takes now."""
    if view.pending == GIVE_CELL:
        return GiveCell(give_cell(view, rng))
    if view.pending == GIVE_MINE:
        return GiveMine(tell_mine(view, rng))
    if view.pending == RELOCATE:
        return choose_relocation(view, rng)
    sure = list(view.given)  # cells given to us by a mine (C5): sure hits, taken at once
    if view.salvo:
        n = view.salvo
        cells = sure[:n]
        if len(cells) < n:
            target = dict(view.target)
            target.update({c: HIT for c in cells})
            rest = shooter.choose_many(replace(view, target=target, given=()), n - len(cells))
            cells += [c for c in rest if c not in cells]
        return Salvo(tuple(cells[:n]))
    if sure:
        return Shot(sure[0])
    if view.config.arsenal:     # §A: a deck the radar showed is a sure hit, taken at once
        shown = arsenal.sure_cells(view)
        if shown:
            return Shot(shown[0])
        return shooter.turn(arsenal.known(view, shooter.swept))
    return shooter.choose(view)


def give_cell(view: ClassicView, rng: random.Random):
    """C5: the cell that gives least away. A cell of a ship the enemy has already wounded tells
    him almost nothing new; otherwise a cell of the biggest ship, which he finds soonest anyway
    (the small ships are what makes a hunt long)."""
    wounded = {c for c, m in view.incoming.items() if m == HIT}
    size_of = {c: len(s) for s in view.own_ships for c in s}
    hurt = {c for s in view.own_ships if wounded.intersection(s) for c in s}

    def score(cell):
        beside = any(n in wounded for n in neighbours(cell, view.config.width,
                                                      view.config.height))
        return (cell in hurt, beside, size_of.get(cell, 0), rng.random())

    return max(view.options, key=score)


def tell_mine(view: ClassicView, rng: random.Random):
    """C6: tell of the mine the enemy is least likely to step on anyway: the one in the water he
    has searched most."""
    w, h = view.config.width, view.config.height
    shot = set(view.incoming)

    def searched(cell):
        around = neighbours(cell, w, h)
        return (sum(n in shot for n in around) / len(around), rng.random())

    return max(view.options, key=searched)
