"""What a Classic player may be told, field by field (issue 34): the table the network's leak
check (``game.net.visibility.leaks``) reads for this mode, and its checks. Pure.

Every field of every event is PUBLIC (anyone may know it) or names a fact checked here against
the receiver's own view: a shot's cell and answer lie on the shooter's enemy's field, so the
shooter must hold them as marks; a sunk ship, its announced name (C3) and its halo likewise; a
given cell (C5) or a told mine (C6) of the enemy's must be in the view. §A: a weapon's square or
line is public (its owner sees where it fell); what a radar showed is told to the shooter only
and must be in his view; an air defence's cell is told only once spent, when both see it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base import PUBLIC
from ..coords import Cell
from ..fleet import Ship, as_ship
from .game import (EMPTY, HIT, KNOWN_MINE, MINE, MISS, NO_SHIP, SUNK, SWEEPER, WRECK,
                   ClassicConfig, GiveCell, GiveMine, ShotResult)

_REVEALED = (MISS, HIT, SUNK, MINE, SWEEPER, EMPTY)    # a cell shot since the radar showed it

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
    # §A: where a weapon fell is public; its shots as a salvo's; the rest checked below
    "WeaponResult": {"shooter": PUBLIC, "weapon": PUBLIC, "cell": PUBLIC, "vertical": PUBLIC,
                     "cells": PUBLIC, "results": "shots", "shown": "radar_shown",
                     "downed": "defence", "destroyed": "destroyed"},
    "DefenceSpent": {"player": PUBLIC, "cell": "defence"},
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


def _shown(seen, e, name: str) -> list:
    """§A: what a radar showed is the shooter's alone, and in his view (or shot since)."""
    if not e.shown:
        return []
    if e.shooter != seen.me:
        return [f"event {name} tells the enemy's radar findings {e.shown}"]
    v = seen.view
    return [f"event {name} shows {c} as {kind!r}, not in the view's radar"
            for c, kind in e.shown
            if v.radar.get(c) != kind and seen.mark(c) not in _REVEALED
            and c not in v.enemy_defences]


def _owner(e) -> int:
    """The player whose field an arsenal event's cells lie on."""
    return e.player if hasattr(e, "player") else 1 - e.shooter


def _defence(seen, e, name: str) -> list:
    """§A: an air defence's cell is told only once spent, shown to both."""
    cell = e.downed if hasattr(e, "downed") else e.cell
    if cell is None or _owner(e) == seen.me:
        return []
    if cell not in seen.view.enemy_defences:
        return [f"event {name} names {cell} an air defence, not one the view has revealed"]
    return []


def _destroyed(seen, e, name: str) -> list:
    """§A: pieces a weapon destroyed are shown to both: the shooter holds them as marks."""
    if _owner(e) == seen.me:
        return []
    return [f"event {name} says a piece at {c} was destroyed, but the view has no mark there"
            for c in e.destroyed
            if seen.mark(c) not in (MINE, SWEEPER, MISS) and c not in seen.view.enemy_defences]


CHECKS = {"shot": _shot, "sunk_ship": _sunk, "ship_name": _ship_name, "halo": _halo,
          "shots": _shots, "given_cell": _given, "told_mine": _told, "radar_shown": _shown,
          "defence": _defence, "destroyed": _destroyed}


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


# --- what a spectator may be told (issue 37): what BOTH players know ----------------------

@dataclass(frozen=True)
class ClassicSide:
    """One player's field as both players know it: what his enemy has learnt of it (every shot
    and its answer, the halo of his sunk ships, the mines he told of: C6), which his owner knows
    too; never where his ships, mines, sweepers or air defences are while unrevealed, and never
    what the enemy's radar showed there (§A: the shooter's alone)."""

    marks: dict[Cell, str]                 # cell -> MISS/HIT/SUNK/EMPTY/MINE/SWEEPER/KNOWN_MINE
    sunk: tuple[Ship, ...]                 # his ships sunk (§C: both players mark them)
    afloat: tuple[int, ...]                # sizes of his ships afloat (public: C4's salvo)
    given: tuple[Cell, ...] = ()           # C5: cells of his fleet he gave, not yet shot
    faded: tuple[Cell, ...] = ()           # §D: the enemy's marks from before his last move
    salvo: int = 0                         # C4: shots in his next salvo
    stock: dict[str, int] = field(default_factory=dict)   # §A: "both sides always see both
    #                                                        stocks as they stand"
    defences: tuple[Cell, ...] = ()        # §A: his air defences spent (shown to both)
    swept: tuple[Cell, ...] = ()           # §A: the centres of the radar squares on his field
    ships: tuple[Ship, ...] | None = None  # §0: his whole fleet, once the game is over


@dataclass(frozen=True)
class ClassicPublic:
    """A Classic game as a spectator sees it: both fields as both players know them."""

    config: ClassicConfig
    turn: int
    winner: int | None
    over: bool
    reason: str                     # GameOver's reason once over ("" while playing)
    deciding: str | None            # the decision the rules wait for (DecisionNeeded is public)
    sides: tuple[ClassicSide, ClassicSide]


def public_view(game) -> ClassicPublic:
    """What both players know (issue 37): side p as p's enemy knows it (his view of p's field,
    less his radar's findings); p knows all of it, it being his own field."""
    views = (game.view(0), game.view(1))
    sides = []
    for p in (0, 1):
        v = views[1 - p]             # the enemy's view: its target is p's field
        sides.append(ClassicSide(
            marks=dict(v.target), sunk=v.enemy_sunk, afloat=v.enemy_afloat, given=v.given,
            faded=v.faded, salvo=v.enemy_salvo, stock=dict(v.enemy_stock),
            defences=v.enemy_defences, swept=views[p].incoming_radar, ships=v.enemy_ships))
    return ClassicPublic(game.config, game.turn, game.winner, game.over,
                         game.end_reason if game.over else "", views[0].deciding, tuple(sides))
