"""The «Кораблики» computer player's interface (``KorablikiAI``) and the two plain levels:
``random`` and ``sailor``."""

from __future__ import annotations

import random

from ...rules.korabliki import (ACT, ANSWER, COMBAT, MOVE, Ask, Bomb, EndTurn, TorpedoStrike,
                                side_neighbours)
from .formations import formation

class KorablikiAI:
    """A computer player: ``setup(player)`` its fleet, ``act(view, legal)`` one action of
    ``legal`` (the list ``game.legal_actions()`` gives now, which shows no hidden rank) from what
    ``view`` shows. ``observe(events)`` may be given every event list the game's ``apply``
    returns (either side's); a player keeps only what its side may know (never the answering
    side's options, K-b) and plays on without them too."""

    key = ""
    styles: tuple = ("random",)
    wants_legal = True    # a computer player (game.ai.player.Player)
    belief = None

    def __init__(self, rng: random.Random):
        self.rng = rng

    def setup(self, player: int) -> dict:
        return formation(self.rng.choice(self.styles), player, self.rng)

    def set_up(self, player: int) -> dict:
        return self.setup(player)

    def observe(self, events) -> None:
        pass

    def accepts_draw(self, view) -> bool:
        """RULES.md §0: a draw only when no better off: both sides begin with the same pieces
        (§K), so pieces lost against pieces taken is what each side has left."""
        return len(view.own) <= len(view.enemy)

    def act(self, view, legal: list):
        raise NotImplementedError


class RandomAI(KorablikiAI):
    """Any legal action at random, as the rules' ``random_action`` plays: a move toward the
    enemy more often than not, and after a move an act with a fair chance."""

    key = "random"

    def act(self, view, legal: list):
        rng = self.rng
        if view.phase == MOVE:
            ahead = -1 if view.player == 0 else 1     # toward the enemy zone
            forward = [m for m in legal if (m.to[1] - m.frm[1]) * ahead > 0]
            return rng.choice(forward if forward and rng.random() < 0.6 else legal)
        if view.phase != ACT:
            return rng.choice(legal)
        fights = [a for a in legal if isinstance(a, (Ask, TorpedoStrike))]
        if fights and rng.random() < 0.7:
            return rng.choice(fights)
        if any(isinstance(a, Bomb) for a in legal) and rng.random() < 0.01:
            return Bomb()
        return EndTurn()


class SailorAI(KorablikiAI):
    """Sails forward, mostly at random, its ships drawn to enemy pieces that have never moved
    (the forts are among them); asks whatever enemy its ships touch, with the biggest block it
    has; strikes with torpedoes now and then; answers truthfully with its biggest block; never
    sets off its bomb."""

    key = "sailor"
    styles = ("balanced",)

    def act(self, view, legal: list):
        rng = self.rng
        if view.phase == ANSWER:
            return max(legal, key=lambda a: (len(a.cells), rng.random()))
        if view.phase == MOVE:
            forward = -1 if view.player == 0 else 1
            own = {p.cell: p.rank for p in view.own}
            still = {e.cell for e in view.enemy if not e.moved}
            weights = []
            for m in legal:
                w = 1.0
                if (m.to[1] - m.frm[1]) * forward > 0:
                    w = 4.0
                elif (m.to[1] - m.frm[1]) * forward < 0:
                    w = 0.4
                if own.get(m.frm) not in COMBAT:
                    w *= 0.3
                elif any(n in still for n in side_neighbours(m.to)):
                    w *= 3.0        # goes for the pieces that stand still: the forts are there
                weights.append(w)
            return rng.choices(legal, weights)[0]
        asks = [a for a in legal if isinstance(a, Ask)]
        if asks:
            size = max(len(a.block) for a in asks)
            return rng.choice([a for a in asks if len(a.block) == size])
        strikes = [a for a in legal if isinstance(a, TorpedoStrike)]
        if strikes and rng.random() < 0.5:
            return rng.choice(strikes)
        return EndTurn()
