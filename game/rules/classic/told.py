"""What a Classic player may be told, field by field (issue 34): the table the network's leak
check (``game.net.visibility.leaks``) reads for this mode, and its checks. Pure.

Every field of every event is PUBLIC (anyone may know it) or names a fact checked here against
the receiver's own view: a shot's cell and answer lie on the shooter's enemy's field, so the
shooter must hold them as marks; a sunk ship, its announced name (C3) and its halo likewise; a
given cell (C5) or a told mine (C6) of the enemy's must be in the view.
"""

from __future__ import annotations

from ..base import PUBLIC
from ..fleet import as_ship
from .game import (EMPTY, HIT, KNOWN_MINE, MINE, MISS, NO_SHIP, SUNK, SWEEPER, WRECK, GiveCell,
                   GiveMine, ShotResult)

FIELDS = {
    # the shot cell with its answer lies on the field of the shooter's enemy
    "ShotResult": {"shooter": PUBLIC, "cell": "shot", "outcome": "shot", "ship": "sunk_ship",
                   "ship_name": "ship_name", "halo": "halo"},
    "SalvoResult": {"shooter": PUBLIC, "results": "shots"},
    "CellGiven": {"player": PUBLIC, "cell": "given_cell", "outcome": PUBLIC},
    "MineGiven": {"player": PUBLIC, "cell": "told_mine", "outcome": PUBLIC},
    "Relocated": {"player": PUBLIC, "moved": PUBLIC},     # §D: where it went is not said
    "DecisionNeeded": {"player": PUBLIC, "kind": PUBLIC},
    "TurnSkipped": {"player": PUBLIC},
}

_MARKS = {MISS: (MISS, EMPTY), HIT: (HIT, SUNK, WRECK), SUNK: (SUNK,), MINE: (MINE,),
          SWEEPER: (SWEEPER,)}


def _shot(seen, e, name: str) -> list:
    if e.shooter != seen.me:      # a shot on my own field
        return []
    if e.outcome not in _MARKS:
        return [f"event {name} gives an unknown answer {e.outcome!r} at {e.cell}"]
    if e.outcome == MISS and seen.view.config.relocate and (
            e.cell in seen.view.faded or e.cell in seen.view.target):
        return []       # §D: the miss has faded since, or the Dutchman has moved there since
    return seen.marked([e.cell], _MARKS[e.outcome], e.outcome, name)


def _sunk(seen, e, name: str) -> list:
    if e.shooter != seen.me or not e.ship:
        return []
    if as_ship(e.ship) not in {as_ship(s) for s in seen.view.enemy_sunk}:
        return [f"event {name} names the ship {tuple(e.ship)}, not one the view has sunk"]
    return []


def _ship_name(seen, e, name: str) -> list:
    if e.shooter != seen.me or not e.ship_name:
        return []
    config = seen.view.config
    if not config.announce:
        return [f"event {name} names the ship {e.ship_name!r}; this game announces no types"]
    if not any(s.name == e.ship_name and s.size == len(e.ship) for s in config.fleet):
        return [f"event {name} names a ship {e.ship_name!r} of {len(e.ship)} decks the fleet "
                "has not"]
    return []


def _halo(seen, e, name: str) -> list:
    if e.shooter != seen.me:
        return []
    return seen.marked(e.halo, NO_SHIP, "empty", name)


def _shots(seen, e, name: str) -> list:
    out = []
    for i, r in enumerate(e.results):
        if not isinstance(r, ShotResult):
            out.append(f"event {name}.results[{i}] is a {type(r).__name__}")
            continue
        out += seen.check(r, f"{name}.results[{i}]")
    return out


def _given(seen, e, name: str) -> list:
    if e.player == seen.me:           # a cell of my own fleet I gave
        return []
    if e.cell in seen.view.given or seen.mark(e.cell) in (HIT, SUNK, WRECK):
        return []
    return [f"event {name} names {e.cell} a cell of the enemy fleet, not given in the view"]


def _told(seen, e, name: str) -> list:
    if e.player == seen.me or e.cell is None:
        return []
    return seen.marked([e.cell], (KNOWN_MINE, MINE), "a mine", name)


CHECKS = {"shot": _shot, "sunk_ship": _sunk, "ship_name": _ship_name, "halo": _halo,
          "shots": _shots, "given_cell": _given, "told_mine": _told}


def memory(seen, game, player: int) -> None:
    """What the view forgets but the player was shown: nothing in Classic."""


def legal(seen, a, name: str) -> list:
    """A legal action sent to a player must be his own to make, naming only his own pieces."""
    v = seen.view
    if isinstance(a, GiveCell) and a.cell not in {c for s in v.own_ships for c in s}:
        return [f"legal {name} gives {a.cell}, not a cell of the receiver's fleet"]
    if isinstance(a, GiveMine) and a.cell not in v.own_mines:
        return [f"legal {name} tells {a.cell}, not a mine of the receiver's"]
    return []
