""""Кораблики", E. A. Roganov's game of hidden ranks (RULES.md §K). Pure rules, no pygame.

Two fleets of 52 pieces move on one 16×15 board. A turn is a ``Move`` (one step; a torpedo boat
may take two) and then, optionally, one act: ``Ask`` ("ЧТО ЭТО?") with a combat ship or a block,
``Bomb`` (the atomic bomb's 5×5 blast) or ``TorpedoStrike``; or ``EndTurn``. When the asked ship
could answer as a block, the rules wait for its owner's ``Answer`` (``turn`` is the answering
player meanwhile, as in Classic's decisions, so the hand-over curtain works unchanged).

Coordinates: ``(x, y)``, x = column 0..15 (letters), y = row 0..14 (numbers from 1). Player 0's
zone is rows 10..14 (the bottom of the board as the first player sees it), player 1's rows
0..4, the middle zone rows 5..9.

Points §K leaves open, settled here (also in docs/rules-choices.md):

- K-a. The answer names the rank truthfully; only the size of the block may be understated, and
  the block named must be real: ships of that rank joined by sides, containing the asked ship.
- K-b. What the sides learn from asking: the asker learns the answer (rank and the ships named);
  the answering side learns only the outcome (stronger / equal / weaker), which on equality
  tells the asker's rank too. Ships removed by asking are not turned up. Everything a blast
  turns up is seen by both; a fort hit by a torpedo is turned up for good; a torpedo that
  strikes is known for one by the act.
- K-c. A block asks only against combat ships; asking an auxiliary piece with a block works as
  asking with the one ship (a mine or torpedo takes only the asking ship).
- K-d. A torpedo boat's double step must end on a different cell from where it began.
- K-e. A turn is one move; the optional act follows it. A player with no legal move goes straight
  to the act (or ends his turn). "Moves again" is a whole new turn.
- K-f. The 200-move draw counts turns of either side in a row in which no piece was removed.
- K-g. A side "can still destroy a fort" while it has a combat ship or its atomic bomb.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from ..base import (Clocked, Concession, GameOver, Lapse, OneRules, Saved,  # noqa: F401
                    Told, TurnChanged, TurnLapsed)   # (GameOver, TurnChanged, Lapse: shared)
from ..coords import Cell
from ..errors import ConfigError, IllegalAction, PlacementError

WIDTH, HEIGHT = 16, 15
ZONE_ROWS = 5
# ranks, combat ships strongest first, then the auxiliaries
LIN, KR, ES, STOR, TK, TRAL, PL = "LIN", "KR", "ES", "STOR", "TK", "TRAL", "PL"
FORT, BOMB, TOR, MIN = "F", "A", "TOR", "MIN"
COMBAT = (LIN, KR, ES, STOR, TK, TRAL, PL)
AUXILIARY = (FORT, BOMB, TOR, MIN)
RANKS = COMBAT + AUXILIARY
COUNTS = {LIN: 2, KR: 5, ES: 6, STOR: 6, TK: 6, TRAL: 6, PL: 6, FORT: 2, BOMB: 1, TOR: 6, MIN: 6}
FLEET_SIZE = sum(COUNTS.values())   # 52
BLAST = 2                           # the blast zone: 5×5, Chebyshev distance ≤ 2 from the bomb
DRAW_QUIET = 200                    # K-f
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
AROUND = SIDES + ((1, 1), (1, -1), (-1, 1), (-1, -1))

# §K's strength table, strongest first: (ships in the block, rank)
STRENGTH_ORDER = (
    (2, LIN), (3, KR), (2, KR), (3, ES), (1, LIN), (2, ES), (3, STOR), (1, KR), (2, STOR),
    (3, TK), (1, ES), (2, TK), (3, TRAL), (1, STOR), (2, TRAL), (3, PL), (1, TK), (2, PL),
    (1, TRAL), (1, PL))
STRENGTH = {b: len(STRENGTH_ORDER) - i for i, b in enumerate(STRENGTH_ORDER)}
# the exception between submarines and battleships only, strongest first
SUB_ORDER = ((3, PL), (2, PL), (2, LIN), (1, PL), (1, LIN))
SUB_STRENGTH = {b: len(SUB_ORDER) - i for i, b in enumerate(SUB_ORDER)}


def compare(asker: tuple[int, str], answer: tuple[int, str]) -> int:
    """+1 if the asking block is stronger, 0 if equal, -1 if weaker (§K's table and exception)."""
    if {asker[1], answer[1]} == {LIN, PL}:
        a, b = SUB_STRENGTH[asker], SUB_STRENGTH[answer]
    else:
        a, b = STRENGTH[asker], STRENGTH[answer]
    return (a > b) - (a < b)


def zone_rows(player: int) -> range:
    return range(HEIGHT - ZONE_ROWS, HEIGHT) if player == 0 else range(0, ZONE_ROWS)


def zone_cells(player: int) -> list[Cell]:
    return [(x, y) for y in zone_rows(player) for x in range(WIDTH)]


def in_board(cell) -> bool:
    return (isinstance(cell, tuple) and len(cell) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
            and 0 <= cell[0] < WIDTH and 0 <= cell[1] < HEIGHT)


def side_neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in SIDES if 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT]


def blast_zone(centre: Cell) -> list[Cell]:
    x, y = centre
    return [(x + dx, y + dy) for dy in range(-BLAST, BLAST + 1) for dx in range(-BLAST, BLAST + 1)
            if 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT]


def joined(cells: Sequence[Cell]) -> bool:
    """Are ``cells`` connected by sides?"""
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in side_neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


# --- set-up -------------------------------------------------------------------------------

def validate_setup(player: int, placement: dict) -> None:
    """``placement``: cell -> rank, the whole fleet in ``player``'s own zone (§K)."""
    zone = set(zone_cells(player))
    have: dict[str, int] = {}
    for cell, rank in placement.items():
        if not in_board(cell):
            raise PlacementError("piece_off_board", cell=cell, piece=rank)
        if cell not in zone:
            raise PlacementError("outside_zone", cell=cell, piece=rank, player=player)
        if rank not in COUNTS:
            raise PlacementError("unknown_rank", piece=rank)
        have[rank] = have.get(rank, 0) + 1
    for rank in RANKS:
        if have.get(rank, 0) != COUNTS[rank]:
            raise PlacementError("piece_count", piece=rank, expected=COUNTS[rank],
                                 got=have.get(rank, 0))


def random_setup(player: int, rng: random.Random) -> dict:
    """Every piece on a random cell of the own zone."""
    cells = rng.sample(zone_cells(player), FLEET_SIZE)
    ranks = [r for r in RANKS for _ in range(COUNTS[r])]
    return dict(zip(cells, ranks))


def front_rows(player: int) -> list[int]:
    """The own zone's rows from the front (nearest the enemy) to the back."""
    rows = list(zone_rows(player))
    return rows if player == 0 else rows[::-1]


PIECE_RANKS = {r.lower() + "s": r for r in RANKS}   # "lins" -> LIN: how records name them
PIECES = tuple(PIECE_RANKS)

# --- pieces, actions, events --------------------------------------------------------------

@dataclass
class Piece:
    id: int                  # stable for the whole game; public (every move is seen)
    owner: int
    rank: str
    cell: Cell
    revealed: bool = False   # the enemy knows its rank
    moved: bool = False      # it has moved (public: a fort never moves, an unled mine seldom)


@dataclass(frozen=True)
class Move:
    """One step to a free side neighbour; a torpedo boat may go two steps through free cells."""

    frm: Cell
    to: Cell


@dataclass(frozen=True)
class Ask:
    """"ЧТО ЭТО?": the combat ship on ``ship`` asks the enemy piece on ``target`` (a side
    neighbour), with ``block`` (own ships of its rank joined by sides, ``ship`` among them; empty
    for the ship alone)."""

    ship: Cell
    target: Cell
    block: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class Answer:
    """The asked side names the block it answers with: the asked ship and up to two ships of its
    rank joined to it (K-a: fewer than there are is allowed, never more)."""

    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Bomb:
    """Detonate one's own atomic bomb, wherever it stands."""


@dataclass(frozen=True)
class TorpedoStrike:
    torpedo: Cell
    target: Cell


@dataclass(frozen=True)
class EndTurn:
    """End the turn without an act (or pass, when no move exists)."""


@dataclass(frozen=True)
class Moved:
    player: int
    piece: int
    frm: Cell
    to: Cell
    via: Cell | None = None


@dataclass(frozen=True)
class AnswerNeeded:
    player: int                       # who must answer
    target: Cell
    options: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class Asked:
    """An asking act and what came of it. ``rank``/``answered``: the answer (the asked piece's
    rank, and the ships named); ``outcome``: won / tied / lost (combat), took-fort, swept (a
    minesweeper took a mine), mined (a mine blew up with the asker), torpedoed (the asker met a
    torpedo), blast (the asker found the bomb). ``removed``: (owner, cell) of every piece taken
    off; the asker's rank is not in the event (K-b)."""

    player: int
    ship: Cell
    target: Cell
    rank: str
    answered: tuple[Cell, ...]
    outcome: str
    removed: tuple[tuple[int, Cell], ...] = ()


@dataclass(frozen=True)
class Struck:
    """A torpedo detonated against ``target`` (rank turned up); ``outcome``: sunk (both
    removed), fort (the fort only turned up), mine, torpedo, blast."""

    player: int
    torpedo: Cell
    target: Cell
    rank: str
    outcome: str
    removed: tuple[tuple[int, Cell], ...] = ()


@dataclass(frozen=True)
class Blast:
    """An atomic bomb went off at ``centre``: every piece in ``zone`` turned face up
    (``revealed``: (owner, cell, rank)), a second bomb in the zone went off too (``chained``),
    and all of them were removed."""

    owner: int
    centre: Cell
    zone: tuple[Cell, ...]
    revealed: tuple[tuple[int, Cell, str], ...]
    chained: Cell | None = None
    chain_zone: tuple[Cell, ...] = ()


MOVE, ACT, ANSWER = "move", "act", "answer"


@dataclass(frozen=True)
class KorablikiConfig(OneRules):
    """«Кораблики» has one board and one set of pieces."""

    width: int = WIDTH
    height: int = HEIGHT


PRESETS = {"korabliki": KorablikiConfig()}


@dataclass(frozen=True)
class EnemyPiece:
    id: int
    cell: Cell
    rank: str | None          # None while hidden (every rank once the game is over, §0)
    moved: bool
    revealed: bool = False    # its rank was turned up (K-b) before the end


@dataclass(frozen=True)
class KorablikiView:
    """What ``player`` may know: his own pieces with ranks (and whether the enemy knows each),
    and the enemy's pieces as positions, ranks only where revealed."""

    player: int
    turn: int
    phase: str
    winner: int | None
    over: bool
    own: tuple[Piece, ...]
    enemy: tuple[EnemyPiece, ...]
    quiet: int
    moved_piece: Cell | None = None          # the piece moved this turn (the act may follow)
    pending_target: Cell | None = None       # when I must answer: my asked ship
    answer_options: tuple = ()
    enemy_fleet: tuple | None = None         # every enemy piece with its rank, once over
    pending_ship: Cell | None = None         # when I must answer: the enemy ship asking
    # every piece removed so far, as (owner, rank), the viewer's own first: an enemy rank only
    # where it was turned up (K-b), or once the game is over
    lost: tuple[tuple[int, str | None], ...] = ()
    again: bool = False         # the turn is one more after a won asking (K-e; both see it)

    @property
    def my_turn(self) -> bool:
        return not self.over and self.turn == self.player


class KorablikiGame(Saved, Concession, Clocked, Told):
    mode = "korabliki"
    # what each player may be told (Told): the answer's options are the answerer's ships side by
    # side (his ranks), so only he gets them
    EVENTS = (TurnChanged, GameOver, Moved, AnswerNeeded, Asked, Struck, Blast, TurnLapsed)
    SECRETS = {AnswerNeeded: ("player", ("options",))}

    def __init__(self, config: KorablikiConfig, setups: Sequence[dict], first: int = 0):
        if first not in (0, 1):
            raise ConfigError("bad_option", key="first", expected="0|1", got=first)
        if len(setups) != 2:
            raise ConfigError("bad_option", key="setups", expected="two fleets", got=len(setups))
        self.config = config
        self.pieces: dict[Cell, Piece] = {}
        self.setups = []
        n = 0
        for player, setup in enumerate(setups):
            setup = {tuple(c): r for c, r in dict(setup).items()}
            try:
                validate_setup(player, setup)
            except PlacementError as exc:
                exc.params["player"] = player
                raise
            self.setups.append(dict(sorted(setup.items(), key=lambda kv: (kv[0][1], kv[0][0]))))
            for cell, rank in self.setups[-1].items():
                self.pieces[cell] = Piece(n, player, rank, cell)
                n += 1
        self.first = first
        self.turn = first
        self.again = False      # K-e: this turn is one more after a won asking (a whole turn)
        self.phase = MOVE
        self.winner: int | None = None
        self.drawn = False
        self.end_reason = ""
        self.quiet = 0
        self.moved_cell: Cell | None = None
        self.pending: Ask | None = None       # an asking act waiting for the answer
        self.pending_block: tuple = ()
        self.history: list[tuple[int, object, object]] = []
        self.lost: list[list[Piece]] = [[], []]   # pieces removed, by owner
        self._start_turn()

    # -- queries --
    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn

    def piece_at(self, cell) -> Piece | None:
        return self.pieces.get(cell)

    def own(self, player: int) -> list[Piece]:
        return [p for p in self.pieces.values() if p.owner == player]

    def forts(self, player: int) -> int:
        return sum(1 for p in self.own(player) if p.rank == FORT)

    def can_attack_forts(self, player: int) -> bool:
        """K-g: a side can still destroy a fort while it has a combat ship or its bomb."""
        return any(p.rank in COMBAT or p.rank == BOMB for p in self.own(player))

    def _free(self, cell) -> bool:
        return in_board(cell) and cell not in self.pieces

    def _sweeper_zones(self, player: int, cell: Cell) -> list[set]:
        """The influence zones (8 cells around) of ``player``'s minesweepers that hold ``cell``."""
        out = []
        for p in self.own(player):
            if p.rank == TRAL and max(abs(p.cell[0] - cell[0]), abs(p.cell[1] - cell[1])) == 1:
                x, y = p.cell
                out.append({(x + dx, y + dy) for dx, dy in AROUND})
        return out

    def moves_of(self, piece: Piece) -> list[Move]:
        """Every legal move of ``piece`` (§K: forts never move; mines only inside the zone of one
        of their own minesweepers, to a cell of that same zone; torpedo boats two steps)."""
        if piece.rank == FORT:
            return []
        c = piece.cell
        steps = [n for n in side_neighbours(c) if n not in self.pieces]
        if piece.rank == MIN:
            zones = self._sweeper_zones(piece.owner, c)
            return [Move(c, n) for n in steps if any(n in z for z in zones)]
        out = [Move(c, n) for n in steps]
        if piece.rank == TK:
            seen = {c} | set(steps)
            for mid in steps:
                for n in side_neighbours(mid):
                    if n not in seen and n not in self.pieces:
                        seen.add(n)
                        out.append(Move(c, n))
        return out

    def has_move(self, player: int | None = None) -> bool:
        """Has ``player`` any legal move? (stops at the first one found)"""
        player = self.turn if player is None else player
        for p in self.pieces.values():
            if p.owner != player or p.rank == FORT:
                continue
            if p.rank == MIN:
                if self.moves_of(p):
                    return True
            elif any(n not in self.pieces for n in side_neighbours(p.cell)):
                return True
        return False

    def legal_moves(self, player: int | None = None) -> list[Move]:
        player = self.turn if player is None else player
        return [m for p in sorted(self.own(player), key=lambda p: p.id) for m in self.moves_of(p)]

    def answer_options(self, target: Cell) -> list[tuple[Cell, ...]]:
        """The blocks the asked ship's owner may answer with (K-a): connected sets of ships of
        its rank, of 1 to 3 ships, containing it."""
        t = self.pieces[target]
        group = {target}
        todo = [target]
        while todo:   # the ships of that rank joined to it (within reach of a 3-block)
            c = todo.pop()
            for n in side_neighbours(c):
                q = self.pieces.get(n)
                if (q is not None and q.owner == t.owner and q.rank == t.rank and n not in group
                        and abs(n[0] - target[0]) + abs(n[1] - target[1]) <= 2):
                    group.add(n)
                    todo.append(n)
        others = sorted(group - {target})
        out = [(target,)]
        for k in (1, 2):
            for extra in combinations(others, k):
                cells = tuple(sorted((target,) + extra))
                if joined(cells):
                    out.append(cells)
        return out

    def view(self, player: int) -> KorablikiView:
        enemy = 1 - player
        mine = tuple(Piece(**vars(p)) for p in sorted(self.own(player), key=lambda p: p.id))
        theirs = tuple(EnemyPiece(p.id, p.cell, p.rank if (p.revealed or self.over) else None,
                                  p.moved, p.revealed)
                       for p in sorted(self.own(enemy), key=lambda p: p.id))
        asking = self.pending is not None and self.turn == player
        return KorablikiView(
            player=player, turn=self.turn, phase=self.phase, winner=self.winner, over=self.over,
            own=mine, enemy=theirs, quiet=self.quiet,
            moved_piece=self.moved_cell if self.turn == player else None,
            pending_target=self.pending.target if asking else None,
            answer_options=tuple(self.answer_options(self.pending.target)) if asking else (),
            enemy_fleet=tuple((p.cell, p.rank) for p in self.own(enemy)) if self.over else None,
            pending_ship=self.pending.ship if asking else None,
            lost=tuple((p.owner, p.rank if (p.owner == player or p.revealed or self.over)
                        else None) for owner in (player, enemy) for p in self.lost[owner]),
            again=self.again)

    # -- checking --
    def check(self, action) -> None:
        if isinstance(action, Lapse):
            return self.check_lapse()
        if self.over:
            raise IllegalAction("game_over")
        me = self.turn
        if self.phase == ANSWER:
            if not isinstance(action, Answer):
                raise IllegalAction("decision_pending", decision=ANSWER, player=me)
            cells = action.cells
            if not isinstance(cells, tuple) or tuple(sorted(cells)) not in \
                    self.answer_options(self.pending.target):
                raise IllegalAction("bad_answer", cell=self.pending.target)
            return
        if isinstance(action, Answer):
            raise IllegalAction("nothing_to_answer")
        if isinstance(action, Move):
            if self.phase != MOVE:
                raise IllegalAction("already_moved")
            p = self.pieces.get(action.frm) if in_board(action.frm) else None
            if p is None or p.owner != me:
                raise IllegalAction("not_your_piece", cell=action.frm if in_board(action.frm) else None)
            if not in_board(action.to):
                raise IllegalAction("off_board", cell=action.to)
            if action not in self.moves_of(p):
                raise IllegalAction(self._why_not(p, action.to), cell=action.to, piece=p.rank)
            return
        if self.phase == MOVE and self.has_move() and not isinstance(action, Move):
            # every turn starts with a move, the one a won asking gave too (K-e)
            raise IllegalAction("must_move_again" if self.again else "must_move")
        if isinstance(action, EndTurn):
            return
        if isinstance(action, Ask):
            s = self.pieces.get(action.ship) if in_board(action.ship) else None
            if s is None or s.owner != me:
                raise IllegalAction("not_your_piece", cell=action.ship if in_board(action.ship) else None)
            if s.rank not in COMBAT:
                raise IllegalAction("cannot_ask", piece=s.rank, cell=action.ship)
            t = self.pieces.get(action.target) if in_board(action.target) else None
            if t is None or t.owner == me:
                raise IllegalAction("no_enemy_there", cell=action.target if in_board(action.target) else None)
            if action.target not in side_neighbours(action.ship):
                raise IllegalAction("not_adjacent", cell=action.ship, other=action.target)
            block = tuple(action.block) if action.block else (action.ship,)
            if not isinstance(action.block, tuple) or action.ship not in block \
                    or not 1 <= len(block) <= 3 or len(set(block)) != len(block):
                raise IllegalAction("bad_block", cell=action.ship)
            for c in block:
                q = self.pieces.get(c) if in_board(c) else None
                if q is None or q.owner != me or q.rank != s.rank:
                    raise IllegalAction("bad_block", cell=c if in_board(c) else action.ship)
            if not joined(block):
                raise IllegalAction("bad_block", cell=action.ship)
            return
        if isinstance(action, Bomb):
            if not any(p.rank == BOMB for p in self.own(me)):
                raise IllegalAction("no_bomb")
            return
        if isinstance(action, TorpedoStrike):
            tp = self.pieces.get(action.torpedo) if in_board(action.torpedo) else None
            if tp is None or tp.owner != me or tp.rank != TOR:
                raise IllegalAction("not_a_torpedo", cell=action.torpedo if in_board(action.torpedo) else None)
            t = self.pieces.get(action.target) if in_board(action.target) else None
            if t is None or t.owner == me:
                raise IllegalAction("no_enemy_there", cell=action.target if in_board(action.target) else None)
            if action.target not in side_neighbours(action.torpedo):
                raise IllegalAction("not_adjacent", cell=action.torpedo, other=action.target)
            return
        raise IllegalAction("wrong_action", action=type(action).__name__)

    def _why_not(self, p: Piece, to: Cell) -> str:
        if p.rank == FORT:
            return "fort_never_moves"
        if to in self.pieces:
            return "cell_taken"
        if p.rank == MIN:
            return "mine_needs_sweeper"
        return "too_far"

    # -- the one way the state changes --
    def apply(self, action) -> list:
        self.check(action)
        if isinstance(action, Lapse):
            events = self.apply_lapse()
            if self.over:       # lost on time while the rules waited for his answer
                self.pending, self.pending_block = None, ()
            return events
        me = self.turn
        self.played(me)
        events: list = []
        if isinstance(action, Answer):
            return self._answer(me, action.cells, action)
        if isinstance(action, Move):
            p = self.pieces.pop(action.frm)
            via = None
            if abs(action.to[0] - action.frm[0]) + abs(action.to[1] - action.frm[1]) == 2:
                via = next(m for m in side_neighbours(action.frm)
                           if m not in self.pieces and action.to in side_neighbours(m))
            p.cell = action.to
            p.moved = True
            self.pieces[action.to] = p
            self.moved_cell = action.to
            self.phase = ACT
            events.append(Moved(me, p.id, action.frm, action.to, via))
            self.history.append((me, action, tuple(events)))
            return events
        if isinstance(action, EndTurn):
            self.history.append((me, action, ()))
            return self._pass_turn(me, again=False)
        if isinstance(action, Ask):
            t = self.pieces[action.target]
            block = tuple(sorted(action.block)) if action.block else (action.ship,)
            if t.rank in COMBAT:
                options = self.answer_options(action.target)
                if len(options) > 1:
                    self.pending, self.pending_block = action, block
                    self.phase = ANSWER
                    self.turn = 1 - me
                    ev = AnswerNeeded(1 - me, action.target, tuple(options))
                    self.history.append((me, action, (ev,)))
                    return [ev]
                events += self._resolve_combat(me, action, block, (action.target,))
            else:
                events += self._resolve_auxiliary(me, action)
        elif isinstance(action, Bomb):
            bomb = next(p for p in self.own(me) if p.rank == BOMB)
            events.append(self._blast(bomb))
        elif isinstance(action, TorpedoStrike):
            events += self._strike(me, action)
        self.history.append((me, action, tuple(events)))
        return events + self._after_act(me, events)

    def _answer(self, me: int, cells, logged, told=()) -> list:
        """The asked side answers with ``cells`` (``logged``: the action the history keeps,
        ``told`` before the events it keeps), and the asking act is resolved."""
        ask, block = self.pending, self.pending_block
        self.pending = None
        self.phase = ACT
        asker = 1 - me
        self.turn = asker
        events = self._resolve_combat(asker, ask, block, tuple(sorted(cells)))
        self.history.append((me, logged, tuple(told) + tuple(events)))
        return events + self._after_act(asker, events)

    def lapse_result(self, lapsed: TurnLapsed, events=()):
        return (lapsed,) + tuple(events)      # the history keeps each action's events

    def _lapse_turn(self, player: int, lapsed: TurnLapsed) -> list:
        """§0: a player whose time ran out passes (K-e): before his move or after it, his turn
        ends with no act. An asked player whose time ran out answers with the asked ship alone
        (K-a lets a block be understated), and the asking act is resolved."""
        if self.phase == ANSWER:
            return self._answer(player, (self.pending.target,), Lapse(), (lapsed,))
        self.history.append((player, Lapse(), self.lapse_result(lapsed)))
        return self._pass_turn(player, again=False)

    def _remove(self, cells) -> tuple[tuple[int, Cell], ...]:
        out = []
        for c in cells:
            p = self.pieces.pop(c, None)
            if p is not None:
                self.lost[p.owner].append(p)
                out.append((p.owner, c))
        return tuple(out)

    def _resolve_combat(self, asker: int, ask: Ask, block, answered) -> list:
        s = self.pieces[ask.ship]
        t = self.pieces[ask.target]
        for c in answered:
            self.pieces[c].revealed = True
        cmp = compare((len(block), s.rank), (len(answered), t.rank))
        if cmp > 0:
            outcome, removed = "won", self._remove(answered)
        elif cmp == 0:
            for c in block:
                self.pieces[c].revealed = True
            outcome, removed = "tied", self._remove(tuple(block) + tuple(answered))
        else:
            outcome, removed = "lost", self._remove((ask.ship,))
        return [Asked(asker, ask.ship, ask.target, t.rank, tuple(answered), outcome, removed)]

    def _resolve_auxiliary(self, asker: int, ask: Ask) -> list:
        s = self.pieces[ask.ship]
        t = self.pieces[ask.target]
        t.revealed = True
        if t.rank == FORT:
            return [Asked(asker, ask.ship, ask.target, FORT, (ask.target,), "took-fort",
                          self._remove((ask.target,)))]
        if t.rank == BOMB:
            return [Asked(asker, ask.ship, ask.target, BOMB, (ask.target,), "blast"),
                    self._blast(t)]
        if t.rank == TOR:
            return [Asked(asker, ask.ship, ask.target, TOR, (ask.target,), "torpedoed",
                          self._remove((ask.target, ask.ship)))]
        # a mine
        if s.rank == TRAL:
            return [Asked(asker, ask.ship, ask.target, MIN, (ask.target,), "swept",
                          self._remove((ask.target,)))]
        return [Asked(asker, ask.ship, ask.target, MIN, (ask.target,), "mined",
                      self._remove((ask.target, ask.ship)))]

    def _strike(self, me: int, act: TorpedoStrike) -> list:
        t = self.pieces[act.target]
        t.revealed = True
        self.pieces[act.torpedo].revealed = True     # the act shows it is a torpedo
        if t.rank == FORT:
            return [Struck(me, act.torpedo, act.target, FORT, "fort", self._remove((act.torpedo,)))]
        if t.rank == BOMB:
            return [Struck(me, act.torpedo, act.target, BOMB, "blast"), self._blast(t)]
        outcome = {MIN: "mine", TOR: "torpedo"}.get(t.rank, "sunk")
        return [Struck(me, act.torpedo, act.target, t.rank, outcome,
                       self._remove((act.torpedo, act.target)))]

    def _blast(self, bomb: Piece) -> Blast:
        """§K's order: the bomb turns up, every piece in its 5×5 turns up, the other bomb in the
        zone goes off and turns up its own zone, both sides see, then every turned piece goes."""
        zone = blast_zone(bomb.cell)
        turned = [c for c in zone if c in self.pieces]
        chained, chain_zone = None, ()
        other = next((self.pieces[c] for c in turned
                      if self.pieces[c].rank == BOMB and self.pieces[c] is not bomb), None)
        if other is not None:
            chained = other.cell
            chain_zone = tuple(blast_zone(other.cell))
            turned += [c for c in chain_zone if c in self.pieces and c not in turned]
        for c in turned:
            self.pieces[c].revealed = True
        revealed = tuple((self.pieces[c].owner, c, self.pieces[c].rank) for c in turned)
        self._remove(turned)
        return Blast(bomb.owner, bomb.cell, tuple(zone), revealed, chained, chain_zone)

    def _after_act(self, me: int, events) -> list:
        removed = any(getattr(e, "removed", ()) for e in events) or \
            any(isinstance(e, Blast) and e.revealed for e in events)
        if removed:
            self.quiet = 0
        over = self._check_end(me)
        if over:
            return over
        again = any(isinstance(e, Asked) and e.outcome in ("won", "took-fort", "swept")
                    for e in events)
        return self._pass_turn(me, again)

    def _check_end(self, me: int) -> list:
        f0, f1 = self.forts(0), self.forts(1)
        if f0 == 0 and f1 == 0:
            self.drawn, self.end_reason = True, "forts-both"
            return [GameOver(None, "forts-both")]
        if f0 == 0 or f1 == 0:
            self.winner = 1 if f0 == 0 else 0
            self.end_reason = "forts"
            return [GameOver(self.winner, "forts")]
        if not self.can_attack_forts(0) and not self.can_attack_forts(1):
            self.drawn, self.end_reason = True, "no-attackers"
            return [GameOver(None, "no-attackers")]
        return []

    def _pass_turn(self, me: int, again: bool) -> list:
        self.moved_cell = None
        self.quiet += 1
        if self.quiet >= DRAW_QUIET:
            self.drawn, self.end_reason = True, "quiet"
            return [GameOver(None, "quiet")]
        self.turn = me if again else 1 - me
        self.again = again
        self._start_turn()
        return [TurnChanged(self.turn, again)]

    def _start_turn(self) -> None:
        """K-e: a player with no legal move goes straight to the act."""
        self.phase = MOVE if self.has_move() else ACT

    # -- acts available now (for computers, tests and the screen) --
    def legal_acts(self) -> list:
        """Every act after the move: asks (the lone ship and each block it may ask with), the
        bomb, torpedo strikes, and ending the turn."""
        me = self.turn
        out: list = [EndTurn()]
        for p in sorted(self.own(me), key=lambda p: p.id):
            targets = [n for n in side_neighbours(p.cell)
                       if n in self.pieces and self.pieces[n].owner != me]
            if not targets:
                continue
            if p.rank in COMBAT:
                blocks = self.blocks_with(p)
                for t in targets:
                    out += [Ask(p.cell, t, b if len(b) > 1 else ()) for b in blocks]
            elif p.rank == TOR:
                out += [TorpedoStrike(p.cell, t) for t in targets]
        if any(p.rank == BOMB for p in self.own(me)):
            out.append(Bomb())
        return out

    def blocks_with(self, p: Piece) -> list[tuple[Cell, ...]]:
        """The blocks ``p`` may ask with (§K): itself, and with one or two ships of its rank
        close enough to form a block."""
        mates = [q.cell for q in self.own(p.owner) if q.rank == p.rank and q is not p
                 and abs(q.cell[0] - p.cell[0]) + abs(q.cell[1] - p.cell[1]) <= 2]
        out = [(p.cell,)]
        for k in (1, 2):
            for extra in combinations(sorted(mates), k):
                cells = tuple(sorted((p.cell,) + extra))
                if joined(cells):
                    out.append(cells)
        return out

    def legal_actions(self) -> list:
        if self.over:
            return []
        if self.phase == ANSWER:
            return [Answer(o) for o in self.answer_options(self.pending.target)]
        if self.phase == MOVE:
            return list(self.legal_moves())
        return self.legal_acts()

    # -- records list every piece as a one-cell piece of its rank ("lin A: Б3") --
    @property
    def initial_ships(self) -> list:
        return [[], []]

    def piece_cells(self, kind: str) -> tuple:
        rank = PIECE_RANKS[kind]
        return tuple(tuple(c for c, r in s.items() if r == rank) for s in self.setups)

    def clone(self) -> "KorablikiGame":
        """An independent copy (for search): nothing done to it reaches this game."""
        return copy.deepcopy(self)

    def to_dict(self) -> dict:
        from .writing import action_to_json      # the writing reads this module's actions
        return {"mode": self.mode, "config": self.config.to_dict(), "first": self.first,
                "setups": [[[list(c), r] for c, r in s.items()] for s in self.setups],
                "moves": [[p, action_to_json(a)] for p, a, _ in self.history],
                **self.concession_dict()}

    @classmethod
    def from_dict(cls, data: dict) -> "KorablikiGame":
        cls.check_saved(data)
        from .writing import action_from_json    # the writing reads this module's actions
        try:
            setups = [{(int(c[0]), int(c[1])): str(r) for c, r in s} for s in data["setups"]]
            moves = [(int(p), action_from_json(a)) for p, a in data.get("moves", [])]
        except (KeyError, TypeError, ValueError, IndexError):
            raise ConfigError("bad_option", key="setups/moves", expected="cells and ranks",
                              got="malformed") from None
        game = cls(KorablikiConfig.from_dict(data.get("config", {})), setups,
                   data.get("first", 0))
        return game.replay(moves, data)
