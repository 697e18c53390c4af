"""How a Naval game is written (issue 34): the JSON forms of its actions and set-ups, one strict
reader for saves, replays, records and the network, and the notation of records (``fire А5 А6
pair Б8 Б9 torpedo 5 air Г5 Г6``, ``intercept А5``). Pure.

Actions: ``{"type": "volley", "shots": [cells], "pair": [cells], "torpedo": row | null, "air":
[cells]}``, ``{"type": "intercept", "cells": [cells]}`` and ``{"type": "lapse"}`` (§0). A set-up,
the armed fleet: ``[{"kind", "cells", "weapons": [[weapon, cell]]}]``.
"""

from __future__ import annotations

from .. import fleet
from ..base import LAPSED
from ..coords import Cell
from ..errors import PlacementError
from ..jsonform import (CodecError, cell, cells, keys, list_of, move_words, number, type_of,
                        word)
from .game import (DOWN, HIT, KINDS, MISS, SIZE, SUNK, Intercept, Lapse, NavalShip,
                   TurnLapsed, Volley, VolleyResult, validate_fleet)

CELLS = SIZE * SIZE         # the cells of the board

# Fields the rules annotate only as ``dict`` / ``frozenset``: what they hold, so the network's
# decoder checks them as closely as the others
FIELD_TYPES: dict[tuple[str, str], object] = {
    ("NavalView", "incoming"): dict[Cell, str],
    ("NavalView", "target"): dict[Cell, str],
    ("NavalView", "own_hits"): frozenset[Cell],
    ("NavalView", "flak_own"): frozenset[Cell],
    ("NavalView", "flak_target"): frozenset[Cell],
}


# --- actions -------------------------------------------------------------------------------

def action_to_json(action):
    if isinstance(action, Volley):
        return {"type": "volley", "shots": [list(c) for c in action.shots],
                "pair": [list(c) for c in action.pair], "torpedo": action.torpedo,
                "air": [list(c) for c in action.air]}
    if isinstance(action, Intercept):
        return {"type": "intercept", "cells": [list(c) for c in action.cells]}
    if isinstance(action, Lapse):
        return {"type": "lapse"}
    raise TypeError(type(action).__name__)


_ACTIONS = {"volley": {"type", "shots", "pair", "torpedo", "air"}, "intercept": {"type", "cells"},
            "lapse": {"type"}}


def action_from_json(data, where: str = "action", limit: int = CELLS):
    """The action ``data`` names, its whole shape checked first; CodecError naming the place
    otherwise."""
    kind = type_of(data, where, _ACTIONS)
    if kind == "intercept":
        return Intercept(cells(data["cells"], f"{where}.cells", limit))
    if kind == "lapse":
        return Lapse()
    torpedo = data["torpedo"]
    if torpedo is not None:
        number(torpedo, f"{where}.torpedo", "a row number or null")
    return Volley(cells(data["shots"], f"{where}.shots", limit),
                  cells(data["pair"], f"{where}.pair", limit), torpedo,
                  cells(data["air"], f"{where}.air", limit))


# --- set-ups -------------------------------------------------------------------------------

def setup_to_json(setup) -> list:
    return [{"kind": s.kind, "cells": [list(c) for c in s.cells],
             "weapons": [[w, list(c)] for w, c in s.weapons]} for s in setup]


def _weapons(arms, where: str, most: int) -> tuple:
    if not isinstance(arms, (list, tuple)) or len(arms) > most:
        raise CodecError(where, "a list of [weapon, cell], at most one a cell of the ship")
    pairs = []
    for j, a in enumerate(arms):
        if not isinstance(a, (list, tuple)) or len(a) != 2:
            raise CodecError(f"{where}[{j}]", "a [weapon, cell] pair belongs here")
        pairs.append((word(a[0], f"{where}[{j}][0]"), cell(a[1], f"{where}[{j}][1]")))
    return tuple(pairs)


def setup_from_json(config, data, where: str = "setup"):
    limit = CELLS
    list_of(data, where, limit)
    ships, total = [], 0
    for i, s in enumerate(data):
        here = f"{where}[{i}]"
        keys(s, here, {"kind", "cells", "weapons"})
        ship = cells(s["cells"], f"{here}.cells", limit)
        total += len(ship)
        if total > limit:
            raise CodecError(f"{here}.cells", f"more ship cells than the board's {limit}")
        ships.append(NavalShip(word(s["kind"], f"{here}.kind"), fleet.as_ship(ship),
                               _weapons(s["weapons"], f"{here}.weapons", len(ship))))
    return ships


def check_setup(config, setup, player=None) -> None:
    """The rules' own check of one side's armed fleet (PlacementError naming the fault)."""
    ships = list(setup)
    for s in ships:
        if s.kind not in KINDS:      # make_ship's refusal of a ship of no known size
            raise PlacementError("fleet_count", size=len(s.cells), expected=0, got=1)
    validate_fleet(sorted(ships, key=lambda s: KINDS.index(s.kind)))


# --- notation ------------------------------------------------------------------------------

def outcome_text(events) -> str:
    """The volley's answer (``hit miss down sunk``); ``lapsed`` (§0) for a turn run out that
    answered no volley (a defender's that did says the volley's answer)."""
    words = " ".join(e.outcome for e in events if isinstance(e, VolleyResult))
    return words or (LAPSED if any(isinstance(e, TurnLapsed) for e in events) else "")


def action_to_text(action, fmt) -> str:
    """``fire А5 А6 pair Б8 Б9 torpedo 5 air Г5 Г6`` (§N: shells, the battleship's pair, a
    torpedo down row 5 or planes); ``intercept А5 Г5`` (the defender's choice, maybe empty);
    ``lapse`` (§0: the time ran out)."""
    if isinstance(action, Volley):
        words = ["fire"] + [fmt(c) for c in action.shots]
        if action.pair:
            words += ["pair"] + [fmt(c) for c in action.pair]
        if action.torpedo is not None:
            words += ["torpedo", str(action.torpedo + 1)]
        if action.air:
            words += ["air"] + [fmt(c) for c in action.air]
        return " ".join(words)
    if isinstance(action, Intercept):
        return " ".join(["intercept"] + [fmt(c) for c in action.cells])
    if isinstance(action, Lapse):
        return "lapse"
    raise TypeError(type(action).__name__)


def action_from_text(text: str, parse):
    head, rest = move_words(text)
    if head == "intercept":
        return Intercept(tuple(parse(w) for w in rest))
    if head == "lapse" and not rest:
        return Lapse()
    if head != "fire":
        raise ValueError(f"cannot read the move {text!r}")
    groups: dict = {"shots": [], "pair": [], "air": [], "torpedo": []}
    current = "shots"
    for w in rest:
        if w.lower() in ("pair", "air", "torpedo"):
            current = w.lower()
        elif current == "torpedo":
            if groups["torpedo"] or not w.isdigit():
                raise ValueError(f"a torpedo names one row number, not {w!r}")
            groups["torpedo"].append(int(w) - 1)
        else:
            groups[current].append(parse(w))
    return Volley(tuple(groups["shots"]), tuple(groups["pair"]),
                  groups["torpedo"][0] if groups["torpedo"] else None, tuple(groups["air"]))


OUTCOME_WORDS = frozenset((DOWN, HIT, MISS, SUNK, LAPSED))
