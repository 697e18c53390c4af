"""«Кораблики»'s table (issue 34; RULES.md §K): what the «Кораблики» battle and game over
screens read of a game, made from one seat's ``KorablikiView`` alone (``base.Table``). Pure.

``pieces`` holds every piece the view shows: this seat's own with their ranks (and whether the
enemy knows each), the enemy's as positions, a rank only where it has been turned up (all of
them once the game is over, §0). ``pending`` and ``answer_options`` are there only for the seat
that answers, from its view. What the screen asks of the pieces (``moves_of``, ``has_move``,
``legal_moves``, ``blocks_with``, ``check_view``) is the rules' own code run over these pieces:
it reads the ranks of this seat's pieces only, and the positions of all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import korabliki as kr
from .base import Table, of_view, per_view


@dataclass(frozen=True)
class Pending:
    """The asking this seat answers: its asked ship (``target``) and the enemy ship asking."""

    target: kr.Cell
    ship: kr.Cell


class KorablikiTable(Table):
    mode = "korabliki"

    def __init__(self, config, seat: int, feeder):
        super().__init__(config, seat, feeder)
        self.forts_taken = 0          # the enemy's forts this seat saw removed

    # -- the turn and the end ------------------------------------------------------------------
    phase = of_view("phase")
    quiet = of_view("quiet", "K-f: moves in a row without a loss.")
    again = of_view("again", "The turn is one more after a won asking (K-e; both see it).")

    @per_view
    def pending(self):
        v = self.latest
        return Pending(v.pending_target, v.pending_ship) if v.pending_target is not None \
            else None

    def answer_options(self, target) -> list:
        v = self.latest
        return list(v.answer_options) if target == v.pending_target else []

    # -- the pieces ----------------------------------------------------------------------------
    @per_view
    def pieces(self) -> dict:
        """cell -> Piece, as the view shows them (an enemy's rank None while hidden)."""
        return self._pieces_of(self.latest)

    @per_view
    def pieces_before(self) -> dict:
        """The pieces as the view before the last showed them: the board the events of the
        last state start from (two people on one screen: what the curtain hands over)."""
        return self._pieces_of(self.earlier) if self.earlier is not None else self.pieces

    def _pieces_of(self, v) -> dict:
        pieces = {p.cell: kr.Piece(p.id, self.seat, p.rank, p.cell, p.revealed, p.moved)
                  for p in v.own}
        pieces.update({p.cell: kr.Piece(p.id, self.enemy, p.rank, p.cell, p.revealed, p.moved)
                       for p in v.enemy})
        return pieces

    def piece_at(self, cell):
        return self.pieces.get(cell)

    def own(self, player: int) -> list:
        return [p for p in self.pieces.values() if p.owner == player]

    def forts(self, player: int) -> int:
        """``player``'s forts: this seat's own; of the enemy's, every fort taken is seen by
        both (§K: a fort taken, or turned up by a blast), so the enemy has the rest."""
        if player == self.seat or self.over:
            return sum(1 for p in self.own(player) if p.rank == kr.FORT)
        return kr.COUNTS[kr.FORT] - self.forts_taken

    @property
    def lost(self) -> list:
        """How many pieces each side has lost (public: every removal is seen), as lists whose
        length is that number; which of the enemy's they were is not all known."""
        return [[None] * (kr.FLEET_SIZE - len(self.own(p))) for p in (0, 1)]

    # the rules' own reading of the pieces: of this seat's, ranks; of all, positions only
    _free = kr.KorablikiGame._free
    _sweeper_zones = kr.KorablikiGame._sweeper_zones
    _why_not = kr.KorablikiGame._why_not
    moves_of = kr.KorablikiGame.moves_of
    blocks_with = kr.KorablikiGame.blocks_with

    def has_move(self, player: int | None = None) -> bool:
        player = self.seat if player is None else player
        return player == self.seat and kr.KorablikiGame.has_move(self, player)

    def legal_moves(self, player: int | None = None) -> list:
        player = self.seat if player is None else player
        return kr.KorablikiGame.legal_moves(self, player) if player == self.seat else []

    def check_view(self, action) -> None:
        """The rules' own check over this seat's pieces."""
        kr.KorablikiGame.check(self, action)

    def legal_from_view(self) -> list:
        """The rules' own list over this seat's pieces: its answers, its moves or its acts."""
        if self.phase == kr.ANSWER:
            return [kr.Answer(o) for o in self.latest.answer_options]
        if self.phase == kr.MOVE:
            return self.legal_moves()
        return kr.KorablikiGame.legal_acts(self)

    # -- what this seat saw: the events of each state (the blasts' scorch, the statistics) ------
    def observe(self, events) -> None:
        if events:
            self.history.append((self.turn, None, tuple(events)))
        for e in events:
            if isinstance(e, kr.Asked) and e.outcome == "took-fort" and e.player == self.seat:
                self.forts_taken += 1
            elif isinstance(e, kr.Blast):
                self.forts_taken += sum(1 for owner, _, rank in e.revealed
                                        if owner == self.enemy and rank == kr.FORT)
