"""What one shot of Classic can answer (RULES.md §C), shared by the game and its arsenal (§A):
the outcome words and the shot's event."""

from __future__ import annotations

from dataclasses import dataclass

from ..coords import Cell
from ..fleet import Ship

MISS, HIT, SUNK = "miss", "hit", "sunk"
MINE, SWEEPER = "mine", "sweeper"   # a shot on an enemy mine (C5) / minesweeper (C6)
EMPTY = "empty"            # a cell known to be empty from a sunk ship's halo (§C)
KNOWN_MINE = "known-mine"  # an enemy mine a hit minesweeper told us of: don't shoot (C6)
WRECK = "wreck"            # §D: a Dutchman's deck lost before the ship last moved
NO_SHIP = (MISS, EMPTY, SUNK, MINE, SWEEPER, KNOWN_MINE, WRECK)  # marks that rule a ship out


@dataclass(frozen=True)
class ShotResult:
    """What one shot did. ``halo`` lists the cells newly known empty on the shooter's view."""

    shooter: int
    cell: Cell
    outcome: str                   # MISS / HIT / SUNK / MINE / SWEEPER
    ship: Ship = ()                # the whole ship, when sunk
    ship_name: str = ""            # its type, when sunk and the variant announces types
    halo: tuple[Cell, ...] = ()
