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
"""

from __future__ import annotations

import random

import numpy as np

from ..rules.coords import Cell
from ..rules.korabliki import BLAST as BLAST_R
from ..rules.korabliki import (ACT, ANSWER, BOMB, COMBAT, COUNTS, ES, FORT, KR, LIN, MIN, MOVE, PL,
                               RANKS, STOR, TK, TOR, TRAL, WIDTH, Ask, Asked, Blast, Bomb,
                               EndTurn, Moved, Struck, TorpedoStrike, blast_zone, compare,
                               front_rows, random_setup, side_neighbours, validate_setup)
from .player import of_level

# --- set-ups --------------------------------------------------------------------------------

FORMATIONS = ("random", "fortress", "bomb_front", "balanced", "blocks")


def _cell(player: int, x: int, depth: int) -> Cell:
    """Column ``x``, ``depth`` rows back from the own zone's front row (0 front .. 4 back)."""
    return (x, front_rows(player)[depth])


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# each style: where the forts go (column ranges, depth), how many mines and torpedoes stand on
# the forts' sides, where the bomb goes (depths, columns), and the depth preference of each rank
# (lower = further forward)
_STYLES = {
    "fortress": dict(fort_cols=((0, 2), (13, 15)), fort_depth=(4,), guard_mines=6,
                     guard_tors=2, bomb_depths=(3, 2), bomb_cols=(5, 10),
                     depth={LIN: 1, KR: 1, ES: 1.5, STOR: 2, TK: 0, TRAL: 2.5, PL: 0.5,
                            TOR: 1.5, MIN: 3}),
    "bomb_front": dict(fort_cols=((1, 4), (11, 14)), fort_depth=(4,), guard_mines=4,
                       guard_tors=2, bomb_depths=(0,), bomb_cols=(5, 10),
                       depth={LIN: 0.5, KR: 1, ES: 1, STOR: 2, TK: 0, TRAL: 2, PL: 0.5,
                              TOR: 1, MIN: 2.5}),
    "balanced": dict(fort_cols=((1, 5), (10, 14)), fort_depth=(4, 3), guard_mines=3,
                     guard_tors=2, bomb_depths=(1, 2), bomb_cols=(4, 11),
                     depth={LIN: 1, KR: 1.5, ES: 1.5, STOR: 2, TK: 0.5, TRAL: 2, PL: 1,
                            TOR: 1.5, MIN: 2.5}),
    "blocks": dict(fort_cols=((0, 3), (12, 15)), fort_depth=(4,), guard_mines=4,
                   guard_tors=2, bomb_depths=(2, 3), bomb_cols=(5, 10),
                   depth={LIN: 1, KR: 1, ES: 1, STOR: 1.5, TK: 0.5, TRAL: 2.5, PL: 0.5,
                          TOR: 2, MIN: 3}),
}


_ROOM = (13, 11, 10, 9, 9)    # pieces per row, front to back (52)


def formation(style: str, player: int, rng: random.Random) -> dict:
    """A whole fleet for ``player``'s zone, ``{cell: rank}``, valid per ``validate_setup``.

    Every style but ``random``: the two forts deep and at least 5 columns apart (one 5×5 blast
    never takes both), their sides held by mines and torpedoes and a strong ship or two beside
    them; the bomb well away from the forts (a blast on it must not take a fort); minesweepers
    next to mines so the mines can move; torpedo boats, submarines and strong ships forward (the
    submarines where enemy battleships will come). ``blocks`` keeps ships of a rank side by side
    (blocks of 2 and 3); ``bomb_front`` puts the bomb in the front row."""
    if style == "random":
        return random_setup(player, rng)
    if style not in _STYLES:
        raise ValueError(f"unknown formation {style!r}; known: {', '.join(FORMATIONS)}")
    s = _STYLES[style]
    local: dict[tuple[int, int], str] = {}     # (x, depth) -> rank
    left = dict(COUNTS)

    def put(xd, rank):
        local[xd] = rank
        left[rank] -= 1

    def free(xd):
        x, d = xd
        return 0 <= x < WIDTH and 0 <= d < 5 and xd not in local

    # the forts
    depth = rng.choice(s["fort_depth"])
    forts = []
    for lo, hi in s["fort_cols"]:
        x = rng.randint(lo, hi)
        put((x, depth), FORT)
        forts.append((x, depth))
    # the forts' guards: their side neighbours, then the diagonals
    guards = []
    for fx, fd in forts:
        sides = [(fx - 1, fd), (fx + 1, fd), (fx, fd - 1), (fx, fd + 1)]
        rng.shuffle(sides)
        guards.append([c for c in sides if free(c)])
    pool = [MIN] * s["guard_mines"] + [TOR] * s["guard_tors"]
    rng.shuffle(pool)
    strong = [LIN, KR]
    for ring in guards:
        for c in ring:
            rank = pool.pop() if pool else strong.pop(0) if strong else ES
            put(c, rank)
    # a strong ship on a diagonal of each fort, towards the front
    for fx, fd in forts:
        diag = [c for c in ((fx - 1, fd - 1), (fx + 1, fd - 1)) if free(c)]
        if diag:
            rank = next((r for r in (KR, ES, STOR) if left[r] > 0), None)
            if rank:
                put(rng.choice(diag), rank)
    # a minesweeper beside the mines (so they can move), where there is room
    for ring in guards:
        mines = [c for c in ring if local.get(c) == MIN]
        if mines and left[TRAL] > 0:
            mx, md = mines[0]
            spots = [(mx + dx, md + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                     if (dx, dy) != (0, 0) and free((mx + dx, md + dy))]
            if spots:
                put(rng.choice(spots), TRAL)
    # the bomb, never within a blast's reach of a fort
    lo, hi = s["bomb_cols"]
    spots = [(x, d) for d in s["bomb_depths"] for x in range(lo, hi + 1)
             if free((x, d)) and all(chebyshev((x, d), f) > 2 for f in forts)]
    if not spots:
        spots = [(x, d) for d in range(5) for x in range(WIDTH)
                 if free((x, d)) and all(chebyshev((x, d), f) > 2 for f in forts)]
    put(rng.choice(spots), BOMB)
    # everything else by depth preference; blocks keep a rank together
    rest = [r for r in RANKS for _ in range(left[r])]
    rng.shuffle(rest)
    rest.sort(key=lambda r: s["depth"].get(r, 2) + rng.random() * 0.8)
    want_blocks = style == "blocks"
    # the empty cells spread over the rows (pieces can move at once, and the back row is not
    # only the forts and their guards)
    room = list(_ROOM)
    for x, d in local:
        room[d] -= 1
    for rank in rest:
        cells = [(x, d) for d in range(5) for x in range(WIDTH) if free((x, d)) and room[d] > 0]
        if not cells:
            cells = [(x, d) for d in range(5) for x in range(WIDTH) if free((x, d))]
        def score(c, rank=rank):
            x, d = c
            sc = abs(d - s["depth"].get(rank, 2)) + rng.random() * 1.5
            if want_blocks and rank not in (TOR, MIN, TRAL):
                mates = sum(1 for n in ((x + 1, d), (x - 1, d), (x, d + 1), (x, d - 1))
                            if local.get(n) == rank)
                sc -= 1.5 * min(mates, 1)
            if rank == TRAL:
                near = sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                           if local.get((x + dx, d + dy)) == MIN)
                sc -= 1.0 * min(near, 1)
            return sc
        best = min(cells, key=score)
        room[best[1]] -= 1
        put(best, rank)
    out = {_cell(player, x, d): r for (x, d), r in local.items()}
    validate_setup(player, out)
    return out


def fort_cells(setup: dict) -> list[Cell]:
    return [c for c, r in setup.items() if r == FORT]


def guarded(setup: dict, fort: Cell) -> int:
    """How many of the fort's side neighbours hold own pieces."""
    return sum(1 for n in side_neighbours(fort) if n in setup)



# --- what a player knows of the enemy fleet -------------------------------------------------

R = {r: i for i, r in enumerate(RANKS)}        # rank -> column
NR = len(RANKS)
NC = len(COMBAT)
COUNT_VEC = np.array([COUNTS[r] for r in RANKS], dtype=float)
COMBAT_MASK = np.array([r in COMBAT for r in RANKS], dtype=float)
STILL = np.array([r in (FORT, MIN) for r in RANKS], dtype=float)


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


# --- players --------------------------------------------------------------------------------

KORABLIKI_LEVELS = ("random", "sailor", "captain", "admiral_previous", "admiral")


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
BOMB_ADVANCE = 1.0    # each row an unknown piece came towards me makes it likelier the bomb
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
OLD_STYLES = ("fortress", "balanced", "blocks", "bomb_front")   # the admiral's before issue 21
ASIZE = np.arange(1, 4, dtype=float)[:, None, None, None]    # a
KSIZE = np.arange(1, 4, dtype=float)[None, None, :, None]    # k


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


class PreviousKnowledge(Knowledge):
    wary = False


class PreviousAdmiralAI(AdmiralAI):
    """The Admiral before issue 21 (level ``admiral_previous``), kept to measure the new one
    against: the same book and weighing without the care with bombs (it walks its bomb
    forward among its own ships and asks whatever comes at it). Do not improve it."""

    key = "admiral_previous"
    styles = OLD_STYLES
    book = PreviousKnowledge
    wary = False


class CaptainAI(AdmiralAI):
    """The Admiral's way of weighing every act, with a plainer book (``Headcount``: what a
    piece did teaches nothing, only the ranks turned up count) and answers always true."""

    key = "captain"
    styles = OLD_STYLES
    bluff = 0.0
    book = Headcount
    whim = 1.0


LEVELS = {cls.key: cls for cls in (RandomAI, SailorAI, CaptainAI, PreviousAdmiralAI, AdmiralAI)}


def make_korabliki_ai(level: str, rng: random.Random) -> KorablikiAI:
    return of_level(LEVELS, "korabliki", level, rng)
