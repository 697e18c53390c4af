"""How a «Кораблики» game is written (issue 34): the JSON forms of its actions and set-ups, one
strict reader for saves, replays, records and the network, and the notation of records (``move
Б3 Б4``, ``ask Б4 Б5 with Б4 В4``, ``answer Б5 Б6``, ``bomb``, ``torpedo Б4 Б5``, ``end``). Pure.

Actions: ``{"type": "move", "from", "to"}``, ``{"type": "ask", "ship", "target", "block"}``,
``{"type": "answer", "cells"}``, ``{"type": "bomb"}``, ``{"type": "torpedo", "torpedo",
"target"}``, ``{"type": "end"}``, ``{"type": "lapse"}`` (§0). A set-up, the formation (cell -> rank): ``[[cell, rank]]``.
"""

from __future__ import annotations

from ..base import LAPSED
from ..coords import Cell
from ..errors import PlacementError
from ..jsonform import CodecError, cell, cells, list_of, move_words, type_of, word
from .game import (HEIGHT, WIDTH, Answer, Ask, Asked, Blast, Bomb, EndTurn, Lapse, Move,
                   Struck, TorpedoStrike, TurnLapsed, validate_setup)

CELLS = WIDTH * HEIGHT       # the cells of the board

# Fields the rules annotate only as ``tuple``: what they hold, so the network's decoder checks
# them as closely as the others
FIELD_TYPES: dict[tuple[str, str], object] = {
    ("KorablikiView", "answer_options"): tuple[tuple[Cell, ...], ...],
    ("KorablikiView", "enemy_fleet"): tuple[tuple[Cell, str], ...] | None,
}


# --- actions -------------------------------------------------------------------------------

def action_to_json(a) -> dict:
    if isinstance(a, Move):
        return {"type": "move", "from": list(a.frm), "to": list(a.to)}
    if isinstance(a, Ask):
        return {"type": "ask", "ship": list(a.ship), "target": list(a.target),
                "block": [list(c) for c in a.block]}
    if isinstance(a, Answer):
        return {"type": "answer", "cells": [list(c) for c in a.cells]}
    if isinstance(a, Bomb):
        return {"type": "bomb"}
    if isinstance(a, TorpedoStrike):
        return {"type": "torpedo", "torpedo": list(a.torpedo), "target": list(a.target)}
    if isinstance(a, EndTurn):
        return {"type": "end"}
    if isinstance(a, Lapse):
        return {"type": "lapse"}
    raise TypeError(type(a).__name__)


_ACTIONS = {"move": {"type", "from", "to"}, "ask": {"type", "ship", "target", "block"},
            "answer": {"type", "cells"}, "bomb": {"type"},
            "torpedo": {"type", "torpedo", "target"}, "end": {"type"}, "lapse": {"type"}}


def action_from_json(data, where: str = "action", limit: int = CELLS):
    """The action ``data`` names, its whole shape checked first; CodecError naming the place
    otherwise."""
    kind = type_of(data, where, _ACTIONS)
    if kind == "move":
        return Move(cell(data["from"], f"{where}.from"), cell(data["to"], f"{where}.to"))
    if kind == "ask":
        return Ask(cell(data["ship"], f"{where}.ship"), cell(data["target"], f"{where}.target"),
                   cells(data["block"], f"{where}.block", limit))
    if kind == "answer":
        return Answer(cells(data["cells"], f"{where}.cells", limit))
    if kind == "torpedo":
        return TorpedoStrike(cell(data["torpedo"], f"{where}.torpedo"),
                             cell(data["target"], f"{where}.target"))
    return {"bomb": Bomb, "end": EndTurn, "lapse": Lapse}[kind]()


# --- set-ups -------------------------------------------------------------------------------

def setup_to_json(setup) -> list:
    return [[list(c), r] for c, r in dict(setup).items()]


def setup_from_json(config, data, where: str = "setup"):
    list_of(data, where, CELLS)
    out = {}
    for i, item in enumerate(data):
        here = f"{where}[{i}]"
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise CodecError(here, "a [cell, rank] pair belongs here")
        c = cell(item[0], f"{here}[0]")
        if c in out:
            raise CodecError(f"{here}[0]", "a cell given twice")
        out[c] = word(item[1], f"{here}[1]")
    return out


def check_setup(config, setup, player=None) -> None:
    """The rules' own check of one side's formation: it stands in its owner's zone, so pass
    ``player`` (the seat); without it either zone is taken."""
    placement = dict(setup)
    if player is not None:
        validate_setup(player, placement)
        return
    try:
        validate_setup(0, placement)
    except PlacementError:
        validate_setup(1, placement)


# --- notation ------------------------------------------------------------------------------

def outcome_text(events) -> str:
    words = []
    for e in events:
        if isinstance(e, Asked):
            words.append(e.outcome)
        elif isinstance(e, Struck):
            words.append("hit-" + e.outcome)
        elif isinstance(e, Blast):
            words.append("blast" + ("-chain" if e.chained else ""))
        elif isinstance(e, TurnLapsed):
            words.append(LAPSED)
    return " ".join(words)


def action_to_text(action, fmt) -> str:
    """``move Б3 Б4``, ``ask Б4 Б5`` (``ask Б4 Б5 with Б4 В4``), ``answer Б5 Б6``, ``bomb``,
    ``torpedo Б4 Б5``, ``end``, ``lapse`` (§0: the time ran out)."""
    if isinstance(action, Move):
        return f"move {fmt(action.frm)} {fmt(action.to)}"
    if isinstance(action, Ask):
        text = f"ask {fmt(action.ship)} {fmt(action.target)}"
        if len(action.block) > 1:
            text += " with " + " ".join(fmt(c) for c in action.block)
        return text
    if isinstance(action, Answer):
        return "answer " + " ".join(fmt(c) for c in action.cells)
    if isinstance(action, Bomb):
        return "bomb"
    if isinstance(action, TorpedoStrike):
        return f"torpedo {fmt(action.torpedo)} {fmt(action.target)}"
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, Lapse):
        return "lapse"
    raise TypeError(type(action).__name__)


def action_from_text(text: str, parse):
    head, rest = move_words(text)
    if head == "move" and len(rest) == 2:
        return Move(parse(rest[0]), parse(rest[1]))
    if head == "ask" and len(rest) >= 2:
        block = ()
        if len(rest) > 2:
            if rest[2].lower() != "with":
                raise ValueError(f"cannot read the move {text!r}")
            block = tuple(parse(w) for w in rest[3:])
        return Ask(parse(rest[0]), parse(rest[1]), block)
    if head == "answer" and rest:
        return Answer(tuple(parse(w) for w in rest))
    if head == "bomb" and not rest:
        return Bomb()
    if head == "torpedo" and len(rest) == 2:
        return TorpedoStrike(parse(rest[0]), parse(rest[1]))
    if head == "end" and not rest:
        return EndTurn()
    if head == "lapse" and not rest:
        return Lapse()
    raise ValueError(f"cannot read the move {text!r}")


OUTCOME_WORDS = frozenset(("won", "tied", "lost", "took-fort", "swept", "mined", "torpedoed",
                           "blast", "blast-chain", "hit-sunk", "hit-fort", "hit-mine",
                           "hit-torpedo", "hit-blast", LAPSED))
