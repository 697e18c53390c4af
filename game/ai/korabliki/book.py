"""What a «Кораблики» player knows of the enemy fleet: ``Knowledge``, the admiral's book (a
``Track`` for every enemy piece, its ranks weighed by what it did and shared out by iterative
proportional fitting), and ``Headcount``, the captain's plainer one. Never reads a hidden rank."""

from __future__ import annotations

import numpy as np

from ...rules.coords import Cell
from ...rules.korabliki import (ACT, BOMB, COMBAT, COUNTS, FORT, MIN, MOVE, RANKS, TK, TOR, TRAL,
                                Asked, Blast, Moved, Struck, compare, front_rows, side_neighbours)
from .formations import chebyshev

R = {r: i for i, r in enumerate(RANKS)}        # rank -> column
NR = len(RANKS)
NC = len(COMBAT)
COUNT_VEC = np.array([COUNTS[r] for r in RANKS], dtype=float)
COMBAT_MASK = np.array([r in COMBAT for r in RANKS], dtype=float)
STILL = np.array([r in (FORT, MIN) for r in RANKS], dtype=float)
BOMB_ADVANCE = 1.0    # each row an unknown piece came towards me makes it likelier the bomb


def strength_cmp(asker: tuple[int, str], answer: tuple[int, str]) -> int:
    """``compare`` for any block size (there are only two battleships: no block of three)."""
    clamp = lambda b: (min(b[0], COUNTS[b[1]], 3), b[1])   # noqa: E731
    return compare(clamp(asker), clamp(answer))


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def max_block(cell: Cell, cells) -> int:
    """The largest block (1..3) a piece on ``cell`` could ask or answer with, from positions only:
    ``cells`` are the other pieces of its side."""
    near = [n for n in side_neighbours(cell) if n in cells]
    if not near:
        return 1
    for n in near:
        if any(m != cell and m in cells for m in side_neighbours(n)):
            return 3
    return 3 if len(near) > 1 else 2


class Track:
    """One enemy piece as far as the player knows it: where it is, whether it is afloat, its rank
    once known, and ``w``: a likelihood factor for each rank (0 = impossible) from what it did."""

    __slots__ = ("id", "cell", "alive", "rank", "w", "moved", "stay", "seen_cell")

    def __init__(self, pid: int, cell: Cell, depth: int):
        self.id = pid
        self.cell = cell
        self.alive = True
        self.rank: str | None = None
        self.w = np.ones(NR)
        # set-ups keep the forts deep: a mild prior by the row it started on
        self.w[R[FORT]] = (0.4, 0.6, 0.9, 1.4, 2.2)[depth] if depth >= 0 else 0.3
        self.moved = False
        self.stay = 0
        self.seen_cell = cell

    def only(self, ranks) -> None:
        keep = np.zeros(NR)
        for r in ranks:
            keep[R[r]] = 1.0
        w = self.w * keep
        self.w = w if w.sum() > 0 else keep

    def never(self, rank) -> None:
        w = self.w.copy()
        w[R[rank]] = 0.0
        if w.sum() > 0:
            self.w = w


class Knowledge:
    """The enemy fleet as ``player`` may know it: built from the views it is shown (positions,
    moves, revealed ranks) and, when given, the public events of play (the outcome of every
    asking act, strike and blast). Never reads a hidden rank."""

    wary = True           # an advancing piece may be the bomb (issue 21; False: as before it)

    def __init__(self, player: int):
        self.player = player
        self.enemy = 1 - player
        self.tracks: dict[int, Track] = {}
        self.at: dict[Cell, int] = {}         # enemy cell -> id
        self.ready = False
        self.turn_cells: dict[int, Cell] = {}
        self.last_enemy_move: Cell | None = None
        self.forts_left = 2.0                 # the enemy forts still standing, as expected
        self.told = False                     # observe() is being given the events
        self._post = None

    # -- the view --
    def sync(self, view, target: int | None = None) -> None:
        """Take in ``view``; ``target``: the enemy piece this player's last act was against."""
        me = view.player
        self.player, self.enemy = me, 1 - me
        fr = front_rows(self.enemy)
        if not self.ready:
            for e in view.enemy:
                depth = fr.index(e.cell[1]) if e.cell[1] in fr else -1
                self.tracks[e.id] = Track(e.id, e.cell, depth)
            self.ready = True
        present = set()
        for e in view.enemy:
            present.add(e.id)
            t = self.tracks.get(e.id)
            if t is None:     # cannot happen in a game; keep going all the same
                t = self.tracks[e.id] = Track(e.id, e.cell, -1)
            if t.cell != e.cell:      # a move the events did not tell
                self._moved(t, t.cell, e.cell, None, exact=False)
            if e.rank is not None:
                t.rank = e.rank
            if e.moved and not t.moved:
                t.moved = True
                t.never(FORT)
        gone = [t for t in self.tracks.values() if t.alive and t.id not in present]
        for t in gone:
            t.alive = False
            # a fort goes only when the other side asks it or blows it up: pieces lost one or
            # two at a time, other than the one this player just asked or struck, were no forts
            if len(gone) <= 2 and t.id != target:
                t.never(FORT)
        self.at = {e.cell: e.id for e in view.enemy}
        # the start of one of my turns: pieces that could have moved and did not
        if view.phase == MOVE or (view.phase == ACT and view.moved_piece is None):
            occupied = {p.cell for p in view.own} | set(self.at)
            for e in view.enemy:
                t = self.tracks[e.id]
                if t.rank is None and self.turn_cells.get(e.id) == e.cell \
                        and any(n not in occupied for n in side_neighbours(e.cell)):
                    t.stay += 1
            self.turn_cells = {e.id: e.cell for e in view.enemy}
        self._post = None

    def after_own_act(self, act, view) -> None:
        """Without the events: what the view shows of the player's own last asking act or
        strike (``act``: kind, target's id, asking rank, block size, asking ship's id)."""
        kind, target, rank, k, ship = act
        t = self.tracks.get(target)
        if t is None or t.alive or t.rank is not None:
            return      # still afloat: turned up, the view shows its rank
        if kind == "strike":
            t.never(FORT)
            return
        if any(p.id == ship for p in view.own):      # won, took a fort, swept a mine
            ranks = [r for r in COMBAT if strength_cmp((k, rank), (1, r)) > 0] + [FORT]
            t.only(ranks + ([MIN] if rank == TRAL else []))
        else:                                       # tied, mined, torpedoed, blown up
            t.only([rank, TOR, BOMB] + ([] if rank == TRAL else [MIN]))

    def _moved(self, t: Track, frm: Cell, to: Cell, via, exact: bool) -> None:
        if not t.moved:
            t.moved = True
            t.never(FORT)
        t.stay = 0
        if t.rank is None:
            # a mine moves only inside the zone of one of its sweepers
            sweepers = [o for o in self.tracks.values()
                        if o.alive and o is not t and chebyshev(o.cell, frm) == 1
                        and chebyshev(o.cell, to) == 1 and o.rank in (None, TRAL)
                        and o.w[R[TRAL]] > 0]
            if not sweepers and exact:
                t.never(MIN)
            elif not sweepers:
                t.w[R[MIN]] *= 0.1
            else:
                t.w[R[MIN]] *= 0.4
            if manhattan(frm, to) == 2:
                if exact or via is not None:
                    t.only((TK,))
                else:
                    t.w *= 0.25
                    t.w[R[TK]] *= 4.0
        self.at.pop(frm, None)
        self.at[to] = t.id
        t.cell = to

    # -- the events of play (only what both players see) --
    def observe(self, events) -> None:
        self.told = True
        if not self.ready:
            return
        me, enemy = self.player, self.enemy
        for e in events:
            if isinstance(e, Moved):
                if e.player == enemy:
                    t = self.tracks.get(e.piece)
                    if t is not None:
                        self._moved(t, e.frm, e.to, e.via, exact=True)
                        self.last_enemy_move = e.to
            elif isinstance(e, Asked):
                self._asked(e)
            elif isinstance(e, Struck):
                if e.player == me:
                    self._learn(e.target, e.rank)
                else:
                    self._learn(e.torpedo, TOR)
                self._removed(e.removed)
            elif isinstance(e, Blast):
                for owner, cell, rank in e.revealed:
                    if owner == enemy:
                        self._learn(cell, rank)
                self._removed(tuple((o, c) for o, c, _ in e.revealed))
        self._post = None

    def _learn(self, cell: Cell, rank: str) -> None:
        pid = self.at.get(cell)
        if pid is not None:
            self.tracks[pid].rank = rank

    def _removed(self, removed) -> None:
        for owner, cell in removed:
            if owner != self.enemy:
                continue
            pid = self.at.pop(cell, None)
            if pid is None:
                continue
            self.tracks[pid].alive = False

    def _asked(self, e) -> None:
        if e.player == self.player:
            for c in e.answered:
                self._learn(c, e.rank)
            self._removed(e.removed)
            return
        pid = self.at.get(e.ship)
        t = self.tracks.get(pid) if pid is not None else None
        if t is not None and t.rank is None:
            others = {c for c in self.at if c != e.ship}
            kmax = max_block(e.ship, others)
            ans = (len(e.answered), e.rank)
            if e.outcome == "won":
                t.only([r for r in COMBAT
                        if any(strength_cmp((k, r), ans) > 0 for k in range(1, kmax + 1))])
            elif e.outcome == "lost":
                t.only([r for r in COMBAT if strength_cmp((1, r), ans) < 0])
            elif e.outcome in ("took-fort", "torpedoed"):
                t.only(COMBAT)
            elif e.outcome == "mined":
                t.only([r for r in COMBAT if r != TRAL])
            elif e.outcome == "swept":
                t.rank = TRAL
        if e.outcome == "tied":
            for owner, cell in e.removed:
                if owner == self.enemy:
                    self._learn(cell, e.rank)
        self._removed(e.removed)

    # -- the estimate --
    def advance(self, t: Track) -> float:
        """How far (rows, at most 4) a piece has come towards this player's side."""
        rows = t.cell[1] - t.seen_cell[1]
        return float(min(4, max(0, rows if self.enemy == 1 else -rows)))

    def posterior(self) -> dict[int, np.ndarray]:
        """Each enemy piece's rank distribution (alive ones), the unknown ones sharing out the
        ranks not yet accounted for (iterative proportional fitting)."""
        if self._post is not None:
            return self._post
        left = COUNT_VEC.copy()
        unknown = []
        for t in self.tracks.values():
            if t.rank is not None:
                left[R[t.rank]] -= 1
            else:
                unknown.append(t)
        left = np.maximum(left, 0.0)
        post: dict[int, np.ndarray] = {}
        lost = sum(1.0 for t in self.tracks.values() if not t.alive and t.rank == FORT)
        if unknown:
            W = np.array([t.w for t in unknown])
            stays = np.array([t.stay for t in unknown], dtype=float)[:, None]
            # pieces that keep still when they could move: forts, mines, guards (ships move
            # most, torpedoes and the bomb often stand guard)
            W = W * np.where(COMBAT_MASK > 0, np.maximum(0.04, 0.93 ** stays),
                             np.where(STILL > 0, 1.0, np.maximum(0.2, 0.98 ** stays)))
            # a piece walking towards this player's lines may well be the bomb carried to them
            if self.wary:
                W[:, R[BOMB]] *= 1.0 + BOMB_ADVANCE * np.array([self.advance(t) for t in unknown])
            W = W * (left > 0)
            dead = np.where(W.sum(axis=1) <= 0)[0]
            if len(dead):
                W[dead] = (left > 0).astype(float)
            M = W / np.maximum(W.sum(axis=1, keepdims=True), 1e-12)
            for _ in range(25):
                col = M.sum(axis=0)
                M = M * np.where(col > 1e-12, left / np.maximum(col, 1e-12), 0.0)
                M = M / np.maximum(M.sum(axis=1, keepdims=True), 1e-12)
            for t, row in zip(unknown, M):
                if t.alive:
                    post[t.id] = row
                else:
                    lost += row[R[FORT]]
        for t in self.tracks.values():
            if t.alive and t.rank is not None:
                row = np.zeros(NR)
                row[R[t.rank]] = 1.0
                post[t.id] = row
        self.forts_left = max(1.0, 2.0 - lost)
        self._post = post
        return post


class Headcount(Knowledge):
    """A book that keeps only the count: every enemy piece not yet turned up shares out the
    ranks not yet accounted for alike, whatever it did, except that forts stand deep and never
    move (the captain's)."""

    def posterior(self) -> dict[int, np.ndarray]:
        if self._post is not None:
            return self._post
        left = COUNT_VEC.copy()
        for t in self.tracks.values():
            if t.rank is not None:
                left[R[t.rank]] -= 1
        left = np.maximum(left, 0.0)
        post: dict[int, np.ndarray] = {}
        for t in self.tracks.values():
            if t.alive:
                row = left.copy()
                row[R[FORT]] *= t.w[R[FORT]]          # only: forts stand deep and never move
                post[t.id] = row / max(row.sum(), 1e-12)
                if t.rank is not None:
                    post[t.id] = np.zeros(NR)
                    post[t.id][R[t.rank]] = 1.0
        lost = sum(1.0 for t in self.tracks.values() if not t.alive and t.rank == FORT)
        self.forts_left = max(1.0, 2.0 - lost)
        self._post = post
        return post
