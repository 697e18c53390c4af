"""The Flying Dutchman (RULES.md §D): a hit deck lost for good, and the owner's relocation of
what is left of his ship. ``Dutchman`` is the part of ``ClassicGame`` that checks and makes the
relocation (``ClassicGame`` mixes it in; it reads the game's own state), with its event."""

from __future__ import annotations

from dataclasses import dataclass

from ..coords import Cell
from ..errors import IllegalAction
from ..fleet import AROUND, as_ship, connected
from .shots import HIT, MISS, SUNK, WRECK, ShotResult


@dataclass(frozen=True)
class Relocated:
    """§D: ``player``'s Dutchman moved (``moved``) or stayed. Where it went is not in the event:
    the shooter learns only that his older marks no longer tell."""

    player: int
    moved: bool

    @property
    def outcome(self) -> str:
        return "moved" if self.moved else "stayed"


class Dutchman:
    """§D in ``ClassicGame``: the relocation's check, a hit on the Dutchman, the move."""

    def _check_relocation(self, cells) -> None:
        if cells is None:
            return
        if not isinstance(cells, tuple):
            raise IllegalAction("bad_cell", cell=cells)
        for c in cells:
            self._check_cell(c)
        owner = self.decision.player
        left = len(self.ships[owner][0])
        if len(set(cells)) != len(cells) or len(cells) != left:
            raise IllegalAction("relocate_size", size=left, got=len(set(cells)))
        for c in cells:
            if c in self.wrecks[owner]:
                raise IllegalAction("relocate_on_wreck", cell=c)
        if not connected(cells, AROUND):
            raise IllegalAction("relocate_shape")

    def _hit_dutchman(self, shooter: int, enemy: int, cell: Cell, idx: int) -> ShotResult:
        """§D: the hit deck is lost for good; the ship is one deck shorter."""
        self.wrecks[enemy].append(cell)
        self.ships[enemy][idx] = tuple(c for c in self.ships[enemy][idx] if c != cell)
        self._ship_at[enemy].pop(cell, None)
        if self.ships[enemy][idx]:
            self.shots_at[enemy][cell] = HIT
            return ShotResult(shooter, cell, HIT)
        wreck = as_ship(self.wrecks[enemy])
        for c in wreck:
            self.shots_at[enemy][c] = SUNK
        self.sunk[enemy].append(idx)
        return ShotResult(shooter, cell, SUNK, wreck, self.names[enemy][idx]
                          if self.config.announce else "")

    def _relocate(self, owner: int, cells) -> Relocated:
        current = self.ships[owner][0]
        if cells is None or as_ship(cells) == current:
            return Relocated(owner, False)
        self.ships[owner][0] = as_ship(cells)
        self._index()
        marks = self.shots_at[owner]
        for c, mark in list(marks.items()):
            if mark == MISS:   # the shooter's misses no longer tell where the ship is
                del marks[c]
                self.faded[owner].add(c)
            elif mark == HIT:  # lost decks stay lost, but no longer mark the ship
                marks[c] = WRECK
        return Relocated(owner, True)
