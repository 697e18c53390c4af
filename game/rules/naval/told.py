"""What a Naval player may be told, field by field (issue 34): the table the network's leak
check (``game.net.visibility.leaks``) reads for this mode, and its checks. Pure.

A volley's answers are about the defender's field: the attacker must hold them as marks on his
target field (hits, misses, the torpedo's path, the halo), as ships his view has sunk, or as
shells he was told were shot down. The interception's options show the reach of the defender's
anti-air mount: only the defender may have them (``NavalGame.SECRETS``).
"""

from __future__ import annotations

from ..base import PUBLIC
from ..fleet import as_ship
from .game import EMPTY, HIT, MISS, SUNK, Intercept, VolleyResult

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
