"""What a Naval player may be told, field by field (issue 34): the table the network's leak
check (``game.net.visibility.leaks``) reads for this mode, and its checks. Pure.

A volley's answers are about the defender's field: the attacker must hold them as marks on his
target field (hits, misses, the torpedo's path, the halo), as ships his view has sunk, or as
shells he was told were shot down. The interception's options show the reach of the defender's
anti-air mount: only the defender may have them (``NavalGame.SECRETS``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import PUBLIC
from ..coords import Cell
from ..fleet import Ship, as_ship
from .game import EMPTY, HIT, MISS, SUNK, Intercept, NavalShip, Volley, VolleyResult

FIELDS = {
    # the volley's targets lie on the defender's field; what was fired, the defender sees
    # arrive (VolleyFired is the cue of his interception)
    "VolleyFired": {"player": PUBLIC, "volley": PUBLIC},
    "InterceptNeeded": {"player": PUBLIC, "options": "aa_reach"},
    "VolleyResult": {"player": PUBLIC, "volley": PUBLIC, "downed": "downed",
                     "hits": "hit_cells", "misses": "water_cells",
                     "torpedo_path": "water_cells", "torpedo_hit": "hit_cell",
                     "sunk": "sunk_ships", "halo": "naval_halo"},
}


def _reach(seen, e, name: str) -> list:
    if e.player == seen.me or not e.options:
        return []
    return [f"event {name} shows the reach of the enemy's anti-air mount: {tuple(e.options)}"]


def _attacker(check):
    """The answers are about the defender's field: checked when the receiver attacked."""
    def run(seen, e, name: str) -> list:
        return check(seen, e, name) if e.player == seen.me else []
    return run


_HIT = (HIT, SUNK)
_WATER = (MISS, EMPTY)


@_attacker
def _downed(seen, e, name):
    return [f"event {name} says {c} was shot down; the view does not" for c in e.downed
            if c not in seen.downed]


@_attacker
def _hits(seen, e, name):
    return seen.marked(e.hits, _HIT, "hit", name)


@_attacker
def _water(seen, e, name):
    return seen.marked(tuple(e.misses) + tuple(e.torpedo_path), _WATER, "water", name)


@_attacker
def _hit(seen, e, name):
    return [] if e.torpedo_hit is None else \
        seen.marked([e.torpedo_hit], _HIT, "hit by the torpedo", name)


@_attacker
def _sunk(seen, e, name):
    sunk = {(k, as_ship(s)) for k, s in seen.view.enemy_sunk}
    return [f"event {name} names the {k} on {tuple(s)}, not a ship the view has sunk"
            for k, s in e.sunk if (k, as_ship(s)) not in sunk]


@_attacker
def _empty(seen, e, name):
    return seen.marked(e.halo, (EMPTY,), "empty", name)


CHECKS = {"aa_reach": _reach, "downed": _downed, "hit_cells": _hits, "water_cells": _water,
          "hit_cell": _hit, "sunk_ships": _sunk, "naval_halo": _empty}


def memory(seen, game, player: int) -> None:
    """The view keeps only the last volley's shells shot down; the receiver's earlier volleys'
    answers told him the others."""
    seen.downed = set(seen.view.downed) | {
        c for _, _, r in game.history
        if isinstance(r, VolleyResult) and r.player == player for c in r.downed}


def legal(seen, a, name: str) -> list:
    """A legal action sent to a player must be his own to make: his guns, torpedo and planes,
    and an interception only within his own mount's reach."""
    v = seen.view
    if isinstance(a, Intercept):
        return [f"legal {name} shoots down {c}, not in reach of the receiver's mount"
                for c in a.cells if c not in v.options]
    out = []
    shells = len(a.shots) + len(a.pair)
    if shells > v.guns or (a.pair and not v.pair):
        out.append(f"legal {name} fires {shells} shells (pair {bool(a.pair)}): not the "
                   "receiver's guns")
    if a.torpedo is not None and not v.torpedo_ready:
        out.append(f"legal {name} fires a torpedo the receiver has not")
    if len(a.air) > v.planes:
        out.append(f"legal {name} sends {len(a.air)} planes, more than the receiver's")
    return out


# --- what a spectator may be told (issue 37): what BOTH players know ----------------------

@dataclass(frozen=True)
class NavalSide:
    """One player's field as both players know it: what his enemy has learnt of it (hits,
    misses, the torpedo's water, the halo of sunk ships), which its owner knows too; never where
    his ships or weapons stand while unrevealed (§N: the cells are chosen in secret), nor how
    many are intact (only the shells he last fired say it, as they say it to his enemy)."""

    marks: dict[Cell, str]                     # cell -> MISS/HIT/SUNK/EMPTY
    sunk: tuple[tuple[str, Ship], ...]         # (kind, cells) of his ships sunk
    afloat: tuple[str, ...]                    # the kinds of his ships afloat
    shells: int                                # shells he fired in his last volley
    downed: tuple[Cell, ...] = ()              # the last volley at him: shot down (unknown)
    flak: frozenset[Cell] = frozenset()        # every cell over his field shot down at
    fleet: tuple[NavalShip, ...] | None = None  # §0: his whole fleet, once the game is over


@dataclass(frozen=True)
class NavalPublic:
    """A Naval game as a spectator sees it: both fields as both players know them."""

    turn: int
    first: int
    winner: int | None
    over: bool
    reason: str                   # GameOver's reason once over ("" while playing)
    deciding: str | None          # the decision the rules wait for (the defender's intercept)
    volley: Volley | None         # the volley waiting for it (VolleyFired is seen by both)
    quiet: int                    # N-f: volleys in a row that hit no ship cell
    sides: tuple[NavalSide, NavalSide]


def public_view(game) -> NavalPublic:
    """What both players know (issue 37): side p as p's enemy knows it (his view of p's field);
    p knows all of it, it being his own field."""
    views = (game.view(0), game.view(1))
    sides = tuple(NavalSide(marks=dict(v.target), sunk=v.enemy_sunk, afloat=v.enemy_afloat,
                            shells=v.enemy_shells, downed=v.downed, flak=v.flak_target,
                            fleet=v.enemy_fleet)
                  for v in (views[1], views[0]))
    pending = game.pending
    return NavalPublic(game.turn, game.first, game.winner, game.over,
                       game.end_reason if game.over else "",
                       None if pending is None or game.over else pending.kind,
                       game.volley if pending is not None and not game.over else None,
                       game.quiet, sides)
