"""The strict reading of the rules' JSON forms (issue 34), shared by every mode's own reader of
its actions and set-ups (``forms.py`` in each mode's package). One reader serves saves, replays,
records and the network: each checks the whole shape before the rules build anything from it, so
a malformed move or set-up is a ``CodecError`` naming the place (``action.salvo[3][1]``) and the
problem, never a KeyError deep in the rules. Whether a well-formed action is *legal* is the
game's own ``check``. Pure: no pygame, no network.
"""

from __future__ import annotations

import math
import unicodedata

from .coords import Cell

COORD = 1 << 20         # a coordinate beyond any board by far: refused as junk, not off-board
MAX_WORD = 32           # characters of a kind, rank, weapon or ship name in a set-up
ARRAYS = (list, tuple)  # a JSON array as json reads it (a list), or as a game keeps it (a tuple)


class CodecError(ValueError):
    """A value that cannot be written, or JSON that is not what the rules' objects look like:
    ``where`` names the place (``view.own_ships[2][1][0]``), ``problem`` what was wrong."""

    def __init__(self, where: str, problem: str):
        self.where, self.problem = where, problem
        super().__init__(f"{where}: {problem}")


def clean_text(text: str, limit: int) -> str:
    """A text one player writes and the other reads (a captain's name, a chat line), as it is
    kept and shown: every character that is not shown as itself — controls and newlines,
    right-to-left and other format characters (U+202E), separators, private-use, unassigned, a
    lone surrogate — made a space, spaces run into one, at most ``limit`` characters. The one
    cleaning of every player's text (issue 35)."""
    kept = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text)
    return " ".join(kept.split())[:limit]


ECHO_ITEMS = 16         # items of a list or map a refusal says back
ECHO_DEPTH = 4          # ... and how deep


def echoed(value, limit: int = 40):
    """A value a client sent, as a refusal says it back (a field's name, an unknown option, the
    ``got`` of a rule's refusal): in a text, what is not shown as itself (see ``clean_text``)
    written as its escape (``\\u202e``) and at most ``limit`` characters (then "…"); a list or
    map cut to its first ``ECHO_ITEMS`` items, ``ECHO_DEPTH`` deep; a number JSON cannot write
    as one (not finite, or past ±2**53) as its text. So a reply, a log line or a store can always
    write what it echoes, and it is never longer than a few hundred characters."""
    return _echoed(value, limit, 0)


def _echoed(value, limit: int, depth: int):
    if isinstance(value, str):
        text = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in value[:limit + 1])
        return text if len(text) <= limit else text[:limit - 1] + "…"
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value if abs(value) <= 2 ** 53 else _echoed(f"{value:.3e}", limit, depth)
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if depth >= ECHO_DEPTH:
        return "…"
    if isinstance(value, ARRAYS):
        return type(value)(_echoed(v, limit, depth + 1) for v in value[:ECHO_ITEMS])
    if isinstance(value, dict):
        return {_echoed(k, limit, depth + 1): _echoed(v, limit, depth + 1)
                for k, v in list(value.items())[:ECHO_ITEMS]}
    return value


_KIND_WORDS = ((bool, "a boolean"), (int, "a number"), (float, "a fraction"), (str, "a string"),
               (list, "a list"), (dict, "an object"))


def json_kind(value) -> str:
    """What a JSON value is, in words (a boolean before a number: JSON true is no 1 here)."""
    if value is None:
        return "null"
    for kind, words in _KIND_WORDS:
        if isinstance(value, kind):
            return words
    return type(value).__name__


def cell(data, where: str) -> Cell:
    """A cell ``[x, y]``: two whole numbers, neither far off any board."""
    if not isinstance(data, ARRAYS) or len(data) != 2:
        raise CodecError(where, f"a cell [x, y] belongs here, not {json_kind(data)}"
                         + (f" of {len(data)}" if isinstance(data, ARRAYS) else ""))
    for i, v in enumerate(data):
        if isinstance(v, bool) or not isinstance(v, int):
            raise CodecError(f"{where}[{i}]", f"a whole number belongs here, not {json_kind(v)}")
        if not -COORD < v < COORD:
            raise CodecError(f"{where}[{i}]", "a coordinate far off any board")
    return (data[0], data[1])


def cells(data, where: str, limit: int) -> tuple[Cell, ...]:
    """A list of cells, no longer than the board has cells (``limit``)."""
    if not isinstance(data, ARRAYS):
        raise CodecError(where, f"a list of cells belongs here, not {json_kind(data)}")
    if len(data) > limit:
        raise CodecError(where, f"{len(data)} cells, more than the board's {limit}")
    return tuple(cell(c, f"{where}[{i}]") for i, c in enumerate(data))


def keys(data, where: str, wanted: set) -> None:
    """An object holding exactly the keys ``wanted``."""
    if not isinstance(data, dict):
        raise CodecError(where, f"an object belongs here, not {json_kind(data)}")
    if set(data) != wanted:
        extra = sorted(str(k)[:40] for k in set(data) - wanted)
        missing = sorted(wanted - set(data))
        raise CodecError(where, f"must hold exactly {sorted(wanted)}"
                         + (f"; unknown {extra}" if extra else "")
                         + (f"; missing {missing}" if missing else ""))


def type_of(data, where: str, allowed: dict) -> str:
    """An action object ``{"type": kind, ...}``: its kind, one of ``allowed`` (kind -> its
    exact keys), with exactly those keys."""
    if not isinstance(data, dict):
        raise CodecError(where, f"an action object belongs here, not {json_kind(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in allowed:
        raise CodecError(f"{where}.type", f"must be one of {sorted(allowed)}")
    keys(data, where, allowed[kind])
    return kind


def number(data, where: str, what: str) -> int:
    """A whole number (no boolean), not far off any board."""
    if isinstance(data, bool) or not isinstance(data, int) or not -COORD < data < COORD:
        raise CodecError(where, f"{what}, not {json_kind(data)}")
    return data


def word(data, where: str) -> str:
    """A short word: a kind, a rank, a weapon or a ship's name."""
    if not isinstance(data, str) or not 0 < len(data) <= MAX_WORD:
        raise CodecError(where, f"a short word belongs here, not {json_kind(data)}")
    return data


def list_of(data, where: str, limit: int) -> None:
    """A list of at most ``limit`` items."""
    if not isinstance(data, ARRAYS) or len(data) > limit:
        raise CodecError(where, f"a list of no more than {limit} items belongs here, not "
                         f"{json_kind(data)}"
                         + (f" of {len(data)}" if isinstance(data, ARRAYS) else ""))


def move_words(text: str) -> tuple[str, list[str]]:
    """A move of a record's notation as its first word (lower case) and the rest; ValueError for
    an empty one. (Notation is text, not JSON, but every mode's reader starts so.)"""
    words = text.split()
    if not words:
        raise ValueError("an empty move")
    return words[0].lower(), words[1:]
