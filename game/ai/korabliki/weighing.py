"""One «Кораблики» decision weighed (``Context``): what asking, striking, blowing up or
standing beside each enemy piece is worth to each own piece, by expectation over the book's
rank distributions; and the admiral's sense of value it weighs with."""

from __future__ import annotations

import numpy as np

from ...rules.coords import Cell
from ...rules.korabliki import BLAST as BLAST_R
from ...rules.korabliki import (BOMB, COMBAT, ES, FORT, KR, LIN, MIN, PL, RANKS, STOR, TK, TOR,
                                TRAL, blast_zone, side_neighbours)
from .book import COMBAT_MASK, NC, NR, R, Knowledge, strength_cmp
from .formations import chebyshev

# the admiral's sense of value
VALUE = {LIN: 12.0, KR: 8.0, ES: 6.0, STOR: 4.5, TK: 3.5, TRAL: 3.5, PL: 3.5,
         BOMB: 9.0, TOR: 3.0, MIN: 2.0, FORT: 30.0}
FORT_V = 30.0         # a fort while the side has two
LAST_FORT_V = 1000.0  # the last one: the game
AGAIN = 1.0           # the extra turn after a won asking act
INFO = 0.8            # a lost asking act still turns the answer face up
FORT_SEEN = 5.0       # a torpedo turning a fort up
ASK_P = 0.25          # how likely an enemy piece touching one of mine acts against it
STRIKE_P = 0.35
GUARD = 6.0           # leaving a side of one's own fort
DEFEND = 0.25         # the share of a fort's worth put on enemy pieces near it, over distance
REACH = 0.4           # how fast a target's pull fades with distance
BLAST_P = 0.3         # how likely an enemy bomb goes off next turn with my piece in its 5×5
RISK = 2.0            # own pieces a blast may take weigh this much more than enemy ones
# how likely an enemy piece d steps from my bomb asks (or strikes) it next turn, times its chance
# of being able to (at 3 steps only a torpedo boat's double step, and a fifth for the others)
BOMB_REACH = {1: 1.0, 2: 0.6, 3: 1.0}
OPTION = 800.0        # the last ships able to take a fort are the chance to win: each of n is
                      # worth OPTION / n² more


def _outcomes():
    """WIN/TIE/LOSS[a-1, s, k-1, r]: a block of k ships of rank s asking an enemy ship of rank
    r that answers with a block of a."""
    shape = (3, NC, 3, NC)
    win, tie, loss = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    for a in (1, 2, 3):
        for si, s in enumerate(COMBAT):
            for k in (1, 2, 3):
                for ri, r in enumerate(COMBAT):
                    c = strength_cmp((k, s), (a, r))
                    (win if c > 0 else tie if c == 0 else loss)[a - 1, si, k - 1, ri] = 1.0
    return win, tie, loss


WIN, TIE, LOSS = _outcomes()
ASIZE = np.arange(1, 4, dtype=float)[:, None, None, None]    # a
KSIZE = np.arange(1, 4, dtype=float)[None, None, :, None]    # k


class Context:
    """One decision's worth of estimates: every enemy piece's rank distribution and what asking
    it, striking it, blowing it up or standing next to it is worth to each own piece."""

    def __init__(self, view, know: Knowledge, wary: bool = True):
        self.view = view
        self.wary = wary
        self.own = view.own
        self.own_at = {p.cell: p for p in view.own}
        post = know.posterior()
        alive = [t for t in know.tracks.values() if t.alive and t.id in post]
        self.cells = [t.cell for t in alive]
        self.index = {c: i for i, c in enumerate(self.cells)}
        n = self.n = len(alive)
        P = self.P = np.array([post[t.id] for t in alive]) if n else np.zeros((0, NR))
        self.ex = np.array([c[0] for c in self.cells], dtype=float)
        self.ey = np.array([c[1] for c in self.cells], dtype=float)
        my_forts = self.my_forts = [p.cell for p in view.own if p.rank == FORT]
        self.fort_mine = LAST_FORT_V if len(my_forts) <= 1 else FORT_V
        self.fort_enemy = LAST_FORT_V if know.forts_left <= 1.5 else FORT_V
        self.guard_cells = {c for f in my_forts for c in side_neighbours(f)}
        bomb = [p.cell for p in view.own if p.rank == BOMB]
        self.bomb = bomb[0] if bomb else None
        # values: the last ships able to take a fort (the bomb too) are worth more, each side's
        n_mine = sum(1 for p in view.own if p.rank in COMBAT) + (self.bomb is not None)
        n_enemy = float(P[:, :NC].sum() + P[:, R[BOMB]].sum()) if n else 0.0
        VM = np.array([VALUE[r] for r in RANKS])
        VE = VM.copy()
        if n_enemy < 0.5:
            # the enemy can take no fort: my ships can only win the game or lose nothing but a
            # chance of it (standing still is a draw)
            VM[:NC] *= 0.5
        else:
            VM[:NC] += OPTION / max(n_mine, 1.0) ** 2
        VE[:NC] += OPTION / max(n_enemy, 1.0) ** 2
        # guarding the forts matters while the enemy has ships to take them
        self.guard = GUARD * min(1.0, n_enemy / 4.0)
        VM[R[FORT]], VE[R[FORT]] = self.fort_mine, self.fort_enemy
        self.VM, self.VE = VM, VE
        cm, ce = VM[:NC], VE[:NC]
        self.piece_value = P @ VE if n else np.zeros(0)
        self._blast: dict = {}
        # block answers: how likely a side neighbour shares the rank
        p2 = np.zeros((n, NC))
        for i, c in enumerate(self.cells):
            q = np.ones(NC)
            for nb in side_neighbours(c):
                j = self.index.get(nb)
                if j is not None:
                    q *= 1.0 - P[j, :NC]
            p2[i] = 1.0 - q
        self.p2 = p2
        # asking: U[a-1, s, k-1, r] for this decision's values, then (n, s, k)
        gain = ASIZE * ce[None, None, None, :]
        U = (WIN * (gain + AGAIN) + TIE * (gain - KSIZE * cm[None, :, None, None])
             + LOSS * (-cm[None, :, None, None] + INFO))
        Pc = P[:, :NC]
        ask = (np.einsum("nr,skr->nsk", Pc * (1 - p2), U[0])
               + np.einsum("nr,skr->nsk", Pc * p2, U[1]))
        aux = np.zeros((n, NC))
        aux += (P[:, R[FORT]] * (self.fort_enemy + AGAIN))[:, None]
        aux += P[:, R[TOR]][:, None] * (VE[R[TOR]] - cm)[None, :]
        mine_v = VE[R[MIN]] - cm
        mine_v[COMBAT.index(TRAL)] = VE[R[MIN]] + AGAIN
        aux += P[:, R[MIN]][:, None] * mine_v[None, :]
        pb = P[:, R[BOMB]]
        for i in np.nonzero(pb > 1e-3)[0]:
            aux[i] += pb[i] * self.blast_risk(self.cells[i])
        # defending the own forts, and not letting the game die of quiet
        defend = np.zeros(n)
        if my_forts and n:
            combat = P @ COMBAT_MASK + P[:, R[TOR]]
            d = np.min([np.abs(self.ex - f[0]) + np.abs(self.ey - f[1]) for f in my_forts],
                       axis=0)
            defend = np.where(d <= 5, combat * min(self.fort_mine, 120.0) * DEFEND
                              / np.maximum(d, 1.0), 0.0)
        self.defend = defend
        urge = self.urge = max(0.0, (view.quiet - 60) / 100.0) * 6.0
        self.ask = ask + aux[:, :, None] + (defend + urge)[:, None, None]
        seen = FORT_SEEN * (3 if self.fort_enemy > FORT_V else 1)
        sv = Pc @ ce + P[:, R[FORT]] * seen + P[:, R[TOR]] * VE[R[TOR]] \
            + P[:, R[MIN]] * VE[R[MIN]]
        for i in np.nonzero(pb > 1e-3)[0]:
            sv[i] += pb[i] * self.blast_risk(self.cells[i])
        self.strike = sv - VM[R[TOR]] + defend + urge
        # what each enemy piece threatens to each rank of mine beside it (per turn)
        T = np.zeros((NR, NR))
        for mi, m in enumerate(COMBAT):
            for ri, r in enumerate(COMBAT):
                c = strength_cmp((1, r), (1, m))
                T[mi, ri] = ASK_P * (-cm[mi] if c > 0 else ce[ri] - cm[mi] if c == 0 else ce[ri])
            T[mi, R[TOR]] = STRIKE_P * (VE[R[TOR]] - cm[mi])
        for ri, r in enumerate(COMBAT):
            T[R[MIN], ri] = ASK_P * (-VM[R[MIN]] if r == TRAL else ce[ri] - VM[R[MIN]])
            T[R[TOR], ri] = ASK_P * (ce[ri] - VM[R[TOR]])
            T[R[FORT], ri] = -ASK_P * self.fort_mine
        T[R[MIN], R[TOR]] = STRIKE_P * (VE[R[TOR]] - VM[R[MIN]])
        T[R[FORT], R[TOR]] = STRIKE_P * (VE[R[TOR]] - 2.0)
        self.threat = P @ T.T if n else np.zeros((0, NR))
        self.bomb_threat = (P @ COMBAT_MASK) * ASK_P + P[:, R[TOR]] * STRIKE_P
        # what draws each kind of own piece towards each enemy piece
        self.pull = {}
        for si, s in enumerate(COMBAT):
            self.pull[s] = np.maximum(self.ask[:, si, 0], 0.0)
        self.pull[TOR] = np.maximum(self.strike, 0.0)
        if self.bomb is not None and n:
            bv = np.array([self.blast_value(c, exclude=self.bomb) for c in self.cells])
            self.pull[BOMB] = np.maximum(bv - VM[R[BOMB]], 0.0)

    # -- blasts --
    def own_value(self, p) -> float:
        return self.VM[R[p.rank]]

    def blast_parts(self, centre: Cell, exclude: Cell | None = None, moved=None) -> tuple:
        """(enemy value, own value) in the 5×5 around ``centre`` (the own bomb on ``exclude``
        not counted: it is the one going off; ``moved``: (from, to) of an own piece)."""
        key = (centre, exclude, moved)
        if key in self._blast:
            return self._blast[key]
        e = o = 0.0
        for c in blast_zone(centre):
            i = self.index.get(c)
            if i is not None:
                e += self.piece_value[i]
            p = self.own_at.get(c)
            if p is not None and c != exclude and (moved is None or c != moved[0]):
                o += self.own_value(p)
        if moved is not None and moved[1] != exclude \
                and chebyshev(moved[1], centre) <= BLAST_R:
            o += self.own_value(self.own_at[moved[0]])
        self._blast[key] = (e, o)
        return e, o

    def blast_value(self, centre: Cell, exclude: Cell | None = None, moved=None) -> float:
        """Enemy value minus own value in the 5×5 around ``centre``."""
        e, o = self.blast_parts(centre, exclude, moved)
        return e - o

    def blast_risk(self, centre: Cell) -> float:
        """A blast the enemy piece on ``centre`` may be: own losses weigh ``RISK`` times (once
        if not wary)."""
        e, o = self.blast_parts(centre)
        return e - (RISK if self.wary else 1.0) * o

    def bomb_hazard(self, bomb: Cell | None, moved=None) -> float:
        """What the enemy asking (or striking) my bomb on ``bomb`` next turn is expected to cost
        me (≤ 0): the chance some enemy piece in reach does it, times the blast's loss when it
        takes more of mine than of theirs (``moved``: an own piece's (from, to) first)."""
        if bomb is None or not self.n:
            return 0.0
        d = np.abs(self.ex - bomb[0]) + np.abs(self.ey - bomb[1])
        near = np.nonzero(d <= 3)[0]
        if not len(near):
            return 0.0
        e, o = self.blast_parts(bomb, exclude=bomb, moved=moved)
        loss = e - RISK * o - self.VM[R[BOMB]]
        if loss >= 0:
            return 0.0
        stay = 1.0
        for i in near:
            di = int(d[i])
            q = self.bomb_threat[i] if di < 3 else \
                (self.P[i, R[TK]] + 0.2 * self.P[i, :NC].sum()) * ASK_P
            stay *= 1.0 - min(1.0, q * BOMB_REACH[di])
        return (1.0 - stay) * loss

    def bomb_ev(self, at: Cell | None = None, moved=None) -> float:
        if self.bomb is None:
            return -1e9
        centre = at or self.bomb
        return self.blast_value(centre, exclude=centre, moved=moved) - self.VM[R[BOMB]] - 2.0

    # -- asking and striking --
    def ask_ev(self, e: int, rank: str, k: int = 1) -> float:
        return float(self.ask[e, COMBAT.index(rank), k - 1])

    def strike_ev(self, e: int) -> float:
        return float(self.strike[e])

    def block_size(self, p, cell: Cell, frm: Cell | None = None) -> int:
        """The block ``p`` could ask with from ``cell`` (its old cell ``frm`` left empty)."""
        def mate(c):
            q = self.own_at.get(c)
            return c != frm and c != cell and q is not None and q is not p and q.rank == p.rank
        mates = [c for c in side_neighbours(cell) if mate(c)]
        if not mates:
            return 1
        if len(mates) > 1 or any(mate(c) for c in side_neighbours(mates[0])):
            return 3
        return 2

    def opportunity(self, p, cell: Cell, frm: Cell | None = None) -> float:
        """The best act ``p`` would have from ``cell``."""
        best = 0.0
        if p.rank in COMBAT:
            k = self.block_size(p, cell, frm)
            si = COMBAT.index(p.rank)
            for nb in side_neighbours(cell):
                i = self.index.get(nb)
                if i is not None:
                    best = max(best, float(self.ask[i, si, k - 1]))
        elif p.rank == TOR:
            for nb in side_neighbours(cell):
                i = self.index.get(nb)
                if i is not None:
                    best = max(best, float(self.strike[i]))
        elif p.rank == BOMB:
            best = max(best, self.bomb_ev(cell, moved=(frm, cell) if frm else None))
        return best

    def piece_acts(self) -> dict[int, float]:
        out = {}
        for p in self.own:
            v = self.opportunity(p, p.cell)
            if v > 0:
                out[p.id] = v
        return out

    # -- standing somewhere --
    def pos(self, p, cell: Cell) -> float:
        pull = self.pull.get(p.rank)
        if pull is None or not self.n:
            return 0.0
        # a target d steps away (0: touching) draws with 1 / (1 + REACH·d) of its worth
        d = np.abs(self.ex - cell[0]) + np.abs(self.ey - cell[1]) - 1.0
        return float(np.max(pull / (1.0 + REACH * d)))

    def danger(self, p, cell: Cell, frm: Cell | None = None) -> float:
        """What standing on ``cell`` beside enemy pieces threatens ``p`` with (the bomb's
        danger is ``bomb_hazard``, which every move changes)."""
        if not self.wary:
            return self._plain_danger(p, cell, frm)
        if p.rank == BOMB:
            return 0.0
        v = 0.0
        if self.n and p.rank != FORT:
            # standing in the 5×5 of an enemy piece that may be the bomb
            near = np.maximum(np.abs(self.ex - cell[0]), np.abs(self.ey - cell[1])) <= BLAST_R
            v -= BLAST_P * self.VM[R[p.rank]] * float(self.P[near, R[BOMB]].sum())
        for nb in side_neighbours(cell):
            i = self.index.get(nb)
            if i is not None:
                v += self.threat[i, R[p.rank]]
        return v

    def _plain_danger(self, p, cell: Cell, frm: Cell | None = None) -> float:
        """The danger as the Admiral before issue 21 weighed it: only the pieces beside, the own
        bomb by the blast it would set off there."""
        v = 0.0
        for nb in side_neighbours(cell):
            i = self.index.get(nb)
            if i is None:
                continue
            if p.rank == BOMB:
                moved = (frm, cell) if frm else None
                v += self.bomb_threat[i] * (self.blast_value(cell, exclude=cell, moved=moved)
                                            - self.VM[R[BOMB]])
            else:
                v += self.threat[i, R[p.rank]]
        return v
