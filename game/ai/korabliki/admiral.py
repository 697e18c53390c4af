"""The «Кораблики» admiral (``AdmiralAI``: its book, and every act, move and answer weighed by
``Context``) and the captain, a rung below (the same weighing with ``Headcount``'s plainer book)."""

from __future__ import annotations

import random

import numpy as np

from ...rules.coords import Cell
from ...rules.korabliki import (ANSWER, COMBAT, MIN, MOVE, TOR, Ask, Bomb, EndTurn, TorpedoStrike,
                                side_neighbours)
from .book import NC, R, Headcount, Knowledge, strength_cmp
from .players import KorablikiAI
from .weighing import Context

OLD_STYLES = ("fortress", "balanced", "blocks", "bomb_front")   # the admiral's before issue 21


class AdmiralAI(KorablikiAI):
    """Keeps book of every enemy piece (ranks unaccounted for, moves that rule out forts and
    mines, what every asking act proved) and plays by expected value: asks (with blocks) where
    it pays, probes suspected forts and mines with cheap ships and minesweepers, strikes with
    torpedoes, sets off the bomb when the enemy loses more, guards its own forts, values its
    last ships dearly, and answers with the block that pays best, now and then understating
    it."""

    key = "admiral"
    # issue 21: "balanced" dropped (its forts may stand a row shallower; with the
    # three others it won 117 of 173 decided screening games against admiral_previous, not 102/165)
    styles = ("fortress", "blocks", "bomb_front")
    bluff = 0.15
    book = Knowledge
    whim = 0.05           # how much chance sways a move
    wary = True           # issue 21's care with bombs (False: the Admiral before it)

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.know: Knowledge | None = None
        self.came_from: dict[int, Cell] = {}
        self.last_act = None

    def observe(self, events) -> None:
        if self.know is not None:
            self.know.observe(events)

    def act(self, view, legal: list):
        if self.know is None or self.know.player != view.player:
            self.know = self.book(view.player)
        self.know.sync(view, self.last_act[1] if self.last_act else None)
        if self.last_act is not None and not self.know.told:
            self.know.after_own_act(self.last_act, view)
        self.last_act = None
        if len(legal) == 1:
            return legal[0]
        ctx = Context(view, self.know, self.wary)
        if view.phase == ANSWER:
            return self.answer(ctx, legal)
        if view.phase == MOVE:
            move = self.choose_move(ctx, legal)
            self.came_from[ctx.own_at[move.frm].id] = move.frm
            return move
        act = self.choose_act(ctx, legal)
        if isinstance(act, (Ask, TorpedoStrike)):
            target = self.know.at.get(act.target)
            if isinstance(act, Ask):
                ship = ctx.own_at[act.ship]
                self.last_act = ("ask", target, ship.rank, max(1, len(act.block)), ship.id)
            else:
                self.last_act = ("strike", target, TOR, 1, ctx.own_at[act.torpedo].id)
        return act

    # -- acts --
    def act_value(self, ctx, a) -> float:
        if isinstance(a, Ask):
            p = ctx.own_at[a.ship]
            return ctx.ask_ev(ctx.index[a.target], p.rank, max(1, len(a.block)))
        if isinstance(a, TorpedoStrike):
            return ctx.strike_ev(ctx.index[a.target])
        if isinstance(a, Bomb):
            return ctx.bomb_ev()
        return 0.0

    def choose_act(self, ctx, legal: list):
        best, value = None, 0.0
        for a in legal:
            if isinstance(a, EndTurn):
                continue
            v = self.act_value(ctx, a)
            if v > value:
                best, value = a, v
        return best if best is not None else next(a for a in legal if isinstance(a, EndTurn))

    # -- moves --
    def choose_move(self, ctx, legal: list):
        rng = self.rng
        acts = ctx.piece_acts()            # the best act each own piece has now
        top = sorted(acts.items(), key=lambda kv: -kv[1])[:2]
        best, value = None, -1e18
        cache: dict = {}
        hazard0 = ctx.bomb_hazard(ctx.bomb) if self.wary else 0.0
        for m in legal:
            p = ctx.own_at[m.frm]
            if p.id not in cache:
                cache[p.id] = (ctx.pos(p, m.frm), ctx.danger(p, m.frm))
            pos0, dan0 = cache[p.id]
            others = next((v for pid, v in top if pid != p.id), 0.0)
            v = ctx.pos(p, m.to) - pos0
            if self.wary:
                bomb_after = m.to if m.frm == ctx.bomb else ctx.bomb
                v += ctx.bomb_hazard(bomb_after, (m.frm, m.to)) - hazard0
            v += ctx.danger(p, m.to, m.frm) - dan0
            v += max(0.0, others, ctx.opportunity(p, m.to, m.frm))
            if m.frm in ctx.guard_cells and m.to not in ctx.guard_cells:
                v -= ctx.guard
            elif m.to in ctx.guard_cells and m.frm not in ctx.guard_cells:
                v += 0.5
            if p.rank == MIN:
                v -= 0.5
            if self.came_from.get(p.id) == m.to:
                v -= 0.3
            v += rng.random() * self.whim
            if v > value:
                best, value = m, v
        return best

    # -- answers --
    def answer(self, ctx, legal: list):
        """The block to answer with: the best expected outcome against the ships that may have
        asked (the enemy ships beside the asked one, the one that just moved likeliest), fewer
        ships turned up the better; now and then a smaller block than the best (a bluff)."""
        know = self.know
        target = ctx.view.pending_target
        rank = ctx.own_at[target].rank
        asker = ctx.index.get(getattr(ctx.view, "pending_ship", None))
        if asker is not None:
            askers = [asker]
            weights = [1.0]
        else:   # not told: one of the enemy ships beside it, likeliest the one that just moved
            askers = [ctx.index[c] for c in side_neighbours(target) if c in ctx.index]
            weights = [3.0 if ctx.cells[i] == know.last_enemy_move else 1.0 for i in askers]
        dist = sum((w * ctx.P[i, :NC] for w, i in zip(weights, askers)), np.zeros(NC))
        blocked = sum((w * ctx.p2[i] for w, i in zip(weights, askers)), np.zeros(NC))
        if dist.sum() <= 0:
            return max(legal, key=lambda a: len(a.cells))
        blocked = blocked / sum(weights)
        dist = dist / dist.sum()
        vm, ve = ctx.VM[R[rank]], ctx.VE
        scores = []
        for a in legal:
            size = len(a.cells)
            v = 0.0
            for ri, r in enumerate(COMBAT):
                if dist[ri] <= 0:
                    continue
                for k, pk in ((1, 1.0 - blocked[ri]), (2, blocked[ri])):
                    c = strength_cmp((k, r), (size, rank))
                    if c > 0:
                        out = -size * vm
                    elif c == 0:
                        out = -size * vm + k * ve[ri]
                    else:
                        out = ve[ri]
                    v += dist[ri] * pk * out
            v -= 0.3 * size        # every ship named is turned up
            scores.append(v)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        pick = order[0]
        if len(order) > 1 and self.rng.random() < self.bluff \
                and scores[order[1]] > scores[pick] - 2.0 \
                and len(legal[order[1]].cells) < len(legal[pick].cells):
            pick = order[1]
        return legal[pick]


class CaptainAI(AdmiralAI):
    """The Admiral's way of weighing every act, with a plainer book (``Headcount``: what a
    piece did teaches nothing, only the ranks turned up count) and answers always true."""

    key = "captain"
    styles = OLD_STYLES
    bluff = 0.0
    book = Headcount
    whim = 1.0
