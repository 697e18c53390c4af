"""How a Classic game is written (issue 34): the JSON forms of its actions and set-ups, one
strict reader for saves, replays, records and the network, and the notation of records
(``Ж7``, ``salvo А1 Б2``). Pure.

Actions: a shot is its cell ``[x, y]``; the others are one-key objects: ``{"salvo": [cells]}``
(C4), ``{"give": cell}`` (C5), ``{"mine": cell}`` (C6), ``{"move": [cells] | null}`` (§D: where
the Dutchman goes, or null to stay), ``{"lapse": null}`` (§0: the player's time ran out), and
the weapons of §A: ``{"radar": cell}``, ``{"air_strike": cell}``, ``{"atomic": cell}`` (the
square's centre) and ``{"bomber": {"row": cell}}`` / ``{"bomber": {"column": cell}}`` (the first
cell of its line). A set-up: ``{"ships": [[cells]], "mines": [cells], "sweepers": [cells]}``,
with ``"defences": [cells]`` (§A) only when it has air defences.
"""

from __future__ import annotations

from .. import fleet
from ..base import LAPSED
from ..coords import MAX_SIDE, Cell
from ..jsonform import ARRAYS, CodecError, cell, cells, keys, move_words
from .deal import Setup
from .game import (AIR_STRIKE, ATOMIC, BOMBER, HIT, MINE, MISS, RADAR, SUNK, SWEEPER,
                   CellGiven, GiveCell, GiveMine, Lapse, MineGiven, Relocate, Relocated, Salvo,
                   SalvoResult, Shot, ShotResult, TurnLapsed, UseWeapon, WeaponResult,
                   validate_fleet, validate_pieces)

CELLS = MAX_SIDE * MAX_SIDE       # the most cells a Classic board has

# Fields the rules annotate only as ``dict`` / ``list``: what they hold, so the network's
# decoder checks them as closely as the others
FIELD_TYPES: dict[tuple[str, str], object] = {
    ("ClassicView", "incoming"): dict[Cell, str],
    ("ClassicView", "target"): dict[Cell, str],
    ("Setup", "ships"): list[fleet.Ship],
    ("Setup", "mines"): list[Cell],
    ("Setup", "sweepers"): list[Cell],
    ("Setup", "defences"): list[Cell],
    ("ClassicView", "stock"): dict[str, int],
    ("ClassicView", "enemy_stock"): dict[str, int],
    ("ClassicView", "radar"): dict[Cell, str],
}


# --- actions -------------------------------------------------------------------------------

def action_to_json(action):
    """A compact JSON form of an action: ``[x, y]`` for a shot, else a one-key table."""
    if isinstance(action, Shot):
        return list(action.cell)
    if isinstance(action, Salvo):
        return {"salvo": [list(c) for c in action.cells]}
    if isinstance(action, GiveCell):
        return {"give": list(action.cell)}
    if isinstance(action, GiveMine):
        return {"mine": list(action.cell)}
    if isinstance(action, Relocate):
        return {"move": None if action.cells is None else [list(c) for c in action.cells]}
    if isinstance(action, Lapse):
        return {"lapse": None}
    if isinstance(action, UseWeapon):
        if action.weapon == BOMBER:
            return {BOMBER: {"column" if action.vertical else "row": list(action.cell)}}
        return {action.weapon: list(action.cell)}
    raise TypeError(type(action).__name__)


def action_from_json(data, where: str = "action", limit: int = CELLS):
    """The action ``data`` names, its whole shape checked first (exact keys, cells of two whole
    numbers, no list longer than the board has cells); CodecError naming the place otherwise."""
    if isinstance(data, ARRAYS):
        return Shot(cell(data, where))
    if not isinstance(data, dict) or len(data) != 1:
        raise CodecError(where, "a Classic action is a cell [x, y] or one of "
                         "{salvo|give|mine|move|lapse|radar|air_strike|bomber|atomic: ...}")
    (key, value), = data.items()
    here = f"{where}.{str(key)[:40]}"
    if key == "salvo":
        shots = cells(value, here, limit)
        if not shots:
            raise CodecError(here, "a salvo names at least one cell")
        return Salvo(shots)
    if key in ("give", "mine"):
        return (GiveCell if key == "give" else GiveMine)(cell(value, here))
    if key == "move":
        return Relocate(None if value is None else cells(value, here, limit))
    if key == "lapse":
        if value is not None:
            raise CodecError(here, "a lapse holds nothing (null)")
        return Lapse()
    if key in (RADAR, AIR_STRIKE, ATOMIC):
        return UseWeapon(key, cell(value, here))
    if key == BOMBER:
        if not isinstance(value, dict) or len(value) != 1 or set(value) - {"row", "column"}:
            raise CodecError(here, "a bomber flies {\"row\": cell} or {\"column\": cell}")
        (line, start), = value.items()
        return UseWeapon(BOMBER, cell(start, f"{here}.{line}"), line == "column")
    raise CodecError(here, "not a Classic action")


# --- set-ups -------------------------------------------------------------------------------

def setup_to_json(setup) -> dict:
    if not isinstance(setup, Setup):
        setup = Setup(list(setup))          # a bare list of ships
    out = {"ships": [[list(c) for c in s] for s in setup.ships],
           "mines": [list(c) for c in setup.mines],
           "sweepers": [list(c) for c in setup.sweepers]}
    if setup.defences:          # §A (unwritten without, so other set-ups read as before)
        out["defences"] = [list(c) for c in setup.defences]
    return out


def setup_from_json(config, data, where: str = "setup"):
    limit = config.width * config.height
    keys(data, where, {"ships", "mines", "sweepers"}
         | ({"defences"} if isinstance(data, dict) and "defences" in data else set()))
    ships = data["ships"]
    if not isinstance(ships, ARRAYS) or len(ships) > limit:
        raise CodecError(f"{where}.ships", "a list of ships, no more than the board's cells")
    out = [cells(s, f"{where}.ships[{i}]", limit) for i, s in enumerate(ships)]
    if sum(len(s) for s in out) > limit:
        raise CodecError(f"{where}.ships", f"more ship cells than the board's {limit}")
    return Setup([fleet.as_ship(s) for s in out],
                 list(cells(data["mines"], f"{where}.mines", limit)),
                 list(cells(data["sweepers"], f"{where}.sweepers", limit)),
                 list(cells(data.get("defences", []), f"{where}.defences", limit)))


def check_setup(config, setup, player=None) -> None:
    """The rules' own check of one side's set-up (PlacementError naming the ship or piece)."""
    if not isinstance(setup, Setup):
        setup = Setup(list(setup))
    validate_fleet(config, setup.ships)
    validate_pieces(config, setup.ships, [tuple(c) for c in setup.mines],
                    [tuple(c) for c in setup.sweepers], [tuple(c) for c in setup.defences])


# --- notation ------------------------------------------------------------------------------

def outcome_text(events) -> str:
    """The answers of one action in words: one per shot (a salvo has several), or what a
    decision did (``given``, ``told``, ``moved``, ``stayed``), or ``lapsed`` (§0)."""
    if any(isinstance(e, TurnLapsed) for e in events):
        return LAPSED       # §0: whatever the rules then decided for him
    words = []
    for e in events:
        if isinstance(e, SalvoResult):
            words += [r.outcome for r in e.results]
        elif isinstance(e, WeaponResult) and e.outcome:
            words.append(e.outcome)     # §A: as a salvo's; ``downed`` (Сбит); ``swept``
        elif isinstance(e, (ShotResult, CellGiven, Relocated)):
            words.append(e.outcome)
        elif isinstance(e, MineGiven) and e.cell is not None:
            words.append(e.outcome)
    return " ".join(words)


# §A's notation: the words records write (English, as ``salvo`` and ``give``), and §A's own
# Russian words, which the reader takes too (``Радар Б2``, ``Бомбардировщик ряд 5``)
WEAPON_WORDS = {RADAR: "radar", AIR_STRIKE: "air", BOMBER: "bomber", ATOMIC: "atomic"}
_WEAPON_READ = {v: k for k, v in WEAPON_WORDS.items()} | {
    "радар": RADAR, "авиа": AIR_STRIKE, "бомбардировщик": BOMBER, "атом": ATOMIC}
_LINE_READ = {"row": False, "column": True, "ряд": False, "столбец": True}


def action_to_text(action, fmt) -> str:
    """``Ж7``; a salvo ``А1 Б2 В3``; ``give К5`` (C5); ``tell Д3`` (C6); ``move А1 Б2 …`` or
    ``stay`` (§D); ``lapse`` (§0: the time ran out); §A's weapons ``radar Б2``, ``air Г5``,
    ``atomic Е6`` (the centre), ``bomber row 5`` / ``bomber column Г`` (a line from the board's
    edge; one starting further in is named by its first cell: ``bomber row В5``)."""
    if isinstance(action, Shot):
        return fmt(action.cell)
    if isinstance(action, Salvo):
        return "salvo " + " ".join(fmt(c) for c in action.cells)
    if isinstance(action, GiveCell):
        return "give " + fmt(action.cell)
    if isinstance(action, GiveMine):
        return "tell " + fmt(action.cell)
    if isinstance(action, Relocate):
        return "stay" if action.cells is None else "move " + " ".join(fmt(c) for c in action.cells)
    if isinstance(action, Lapse):
        return "lapse"
    if isinstance(action, UseWeapon):
        word = WEAPON_WORDS[action.weapon]
        if action.weapon != BOMBER:
            return f"{word} {fmt(action.cell)}"
        x, y = action.cell
        if action.vertical:
            at = fmt(action.cell) if y else fmt(action.cell).rstrip("0123456789")
            return f"{word} column {at}"
        return f"{word} row {fmt(action.cell) if x else y + 1}"
    raise TypeError(type(action).__name__)


def _weapon_from_text(weapon: str, rest: list[str], parse) -> UseWeapon:
    if weapon != BOMBER:
        if len(rest) != 1:
            raise ValueError(f"a {weapon} names one cell")
        return UseWeapon(weapon, parse(rest[0]))
    if len(rest) != 2 or rest[0].lower() not in _LINE_READ:
        raise ValueError("a bomber flies a row or a column: bomber row 5, bomber column Г")
    vertical, at = _LINE_READ[rest[0].lower()], rest[1]
    if not vertical and at.isdigit():
        return UseWeapon(BOMBER, (0, int(at) - 1))
    if vertical and not any(ch.isdigit() for ch in at):
        return UseWeapon(BOMBER, (parse(at + "1")[0], 0), True)
    return UseWeapon(BOMBER, parse(at), vertical)


def action_from_text(text: str, parse):
    head, rest = move_words(text)
    if head == "salvo":
        return Salvo(tuple(parse(w) for w in rest))
    if head in ("give", "tell") and len(rest) == 1:
        return (GiveCell if head == "give" else GiveMine)(parse(rest[0]))
    if head == "stay" and not rest:
        return Relocate(None)
    if head == "move":
        return Relocate(tuple(parse(w) for w in rest))
    if head == "lapse" and not rest:
        return Lapse()
    if head in _WEAPON_READ:
        return _weapon_from_text(_WEAPON_READ[head], rest, parse)
    if not rest:
        return Shot(parse(text.split()[0]))      # a cell as written (its letter's case kept)
    raise ValueError(f"cannot read the move {text!r}")


OUTCOME_WORDS = frozenset((MISS, HIT, SUNK, MINE, SWEEPER, "given", "told", "moved", "stayed",
                           LAPSED, "downed", "swept"))     # the last two: §A
