"""Every word a player sees goes through here.

Translations are JSON files beside this module, one per language, a flat table of
``"key": "text with {named} fields"``. English is the reference: every language must have every
key English has (a test checks it). At run time a missing key falls back to English, then to
the key itself, so a gap shows as text instead of a crash.

A text that puts a number beside a word that must agree with it ("1 ship", "5 ships"; "1
корабль", "2 корабля", "5 кораблей") is a plural entry: an object naming the field that holds
the number under ``"count"`` and one form per plural category of the language (CLDR: ``one`` and
``other`` in English and Norwegian; ``one``, ``few``, ``many`` and ``other`` in Russian and
Ukrainian; see ``plural.py``)::

    "paint.need": {"count": "n", "one": "Mark {n} cell", "other": "Mark {n} cells"}

``Translator`` picks the form from that parameter. An entry that is not a string or a well-formed
plural entry is left out (English is used for it) and reported in ``problems``.
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..rules.coords import LETTER_SETS, LetterSet, format_cell
from .plural import CATEGORIES, OTHER, category

LANG_DIR = Path(__file__).resolve().parent
LANGUAGES = ("ru", "uk", "en", "no")  # the languages of the seeds, and English
REFERENCE = "en"
DEFAULT_LETTERS = {"ru": "russian", "uk": "ukrainian", "en": "latin", "no": "latin"}


problems: list[str] = []  # translation files or entries that could not be read (shown as notices)


@dataclass(frozen=True)
class Plural:
    """A count-bearing entry: one text per plural category of ``lang``, chosen by the number
    given for the field ``count``."""
    lang: str
    count: str
    forms: dict[str, str]

    def text(self, params: dict) -> str:
        """The form for the count in ``params``; ``other`` when it is missing or no number."""
        try:
            return self.forms[category(self.lang, params[self.count])]
        except (KeyError, ValueError):
            return self.forms[OTHER]


def _fields(text: str) -> set[str]:
    """The {named} fields of a text; ``ValueError`` for a broken one ("{n" or "}")."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _entry(lang: str, key: str, value) -> str | Plural:
    """One table entry, checked: a text, or a plural entry with exactly the categories of the
    language's rule (``ValueError`` names what is wrong)."""
    if isinstance(value, str):
        _fields(value)
        return value
    if not isinstance(value, dict):
        raise ValueError(f"expected a text or a plural entry, got {type(value).__name__}")
    count = value.get("count")
    if not isinstance(count, str) or not count.isidentifier():
        raise ValueError("a plural entry needs \"count\": the name of the field holding the number")
    forms = {k: v for k, v in value.items() if k != "count"}
    need = CATEGORIES.get(lang, CATEGORIES[REFERENCE])
    if set(forms) != set(need):
        raise ValueError(f"plural forms {sorted(forms)}; the rule of “{lang}” needs {list(need)}")
    for cat, text in forms.items():
        if not isinstance(text, str):
            raise ValueError(f"plural form “{cat}” is not a text")
        _fields(text)
    return Plural(lang, count, forms)


@lru_cache(maxsize=None)
def table(lang: str) -> dict[str, str | Plural]:
    """The translation table of ``lang``: texts and plural entries. An unreadable file gives an
    empty table (English is used instead), a malformed entry is left out (English is used for
    it); each adds a line to ``problems``."""
    path = LANG_DIR / f"{lang}.json"
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        if not isinstance(data, dict):
            raise ValueError("expected an object of texts")
    except (OSError, ValueError) as exc:
        problems.append(f"{path}: {exc}")
        return {}
    out: dict[str, str | Plural] = {}
    for key, value in data.items():
        try:
            out[key] = _entry(lang, key, value)
        except ValueError as exc:
            problems.append(f"{path}: “{key}”: {exc}")
    return out


PAD = ".pad"    # the suffix of a prompt's words for a controller


class Translator:
    def __init__(self, lang: str = REFERENCE, pad: bool = False):
        self.lang = lang if lang in LANGUAGES else REFERENCE
        # a controller was used last (issue 38): a prompt that names keys says the pad's
        # buttons instead, where its words have a ``<key>.pad`` form
        self.pad = pad

    def has(self, key: str) -> bool:
        return key in table(self.lang) or key in table(REFERENCE)

    def __call__(self, key: str, /, **params) -> str:
        if self.pad and self.has(key + PAD):
            key += PAD
        text = table(self.lang).get(key)
        if text is None:
            text = table(REFERENCE).get(key, key)
        if isinstance(text, Plural):
            text = text.text(params)
        if params:
            try:
                return text.format(**params)
            except (KeyError, IndexError, ValueError):
                return text
        return text


def ship_text(ship, letters: LetterSet | str) -> str:
    """A ship in notation: ``А1–Г1`` for a straight line, else its cells (all on the board)."""
    cells = sorted(ship, key=lambda c: (c[1], c[0]))
    if len(cells) == 1:
        return format_cell(cells[0], letters)
    xs = {x for x, _ in cells}
    ys = {y for _, y in cells}
    straight = (len(xs) == 1 and len(ys) == len(cells)) or (len(ys) == 1 and len(xs) == len(cells))
    if straight and (max(xs) - min(xs) + max(ys) - min(ys) + 1 == len(cells)):
        return f"{format_cell(cells[0], letters)}–{format_cell(cells[-1], letters)}"
    return " ".join(format_cell(c, letters) for c in cells)


def _is_cell(v) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and all(isinstance(i, int) for i in v)


def _on_board(cell, letters: LetterSet, board) -> bool:
    x, y = cell
    width, height = board if board else (letters.max_columns, letters.rows or 10 ** 6)
    return 0 <= x < min(width, letters.max_columns) and 0 <= y < height


def _cell_words(cell, letters: LetterSet, board) -> str:
    """A cell in notation, or, off the board, as (column, row): never a letter of no cell."""
    if _on_board(cell, letters, board):
        return format_cell(cell, letters)
    return f"({cell[0] + 1}, {cell[1] + 1})"


def describe(error, tr: Translator, letters: LetterSet | str = "latin",
             board: tuple[int, int] | None = None) -> str:
    """A RuleError in words: ``error.<code>`` with its cells and ships written in notation.

    ``board`` is (width, height) of the board the error concerns; without it, the letters bound
    it (``coords.board_letters`` cuts them to a board). A ship partly off the board is written by its cells on the board (its
    size stays whole); a cell off the board is written (column, row), never with a letter."""
    if isinstance(letters, str):
        letters = LETTER_SETS.get(letters, LETTER_SETS["latin"])
    params = {}
    for key, value in getattr(error, "params", {}).items():
        if _is_cell(value):
            params[key] = _cell_words(value, letters, board)
        elif isinstance(value, tuple) and value and all(_is_cell(c) for c in value):
            inside = [c for c in value if _on_board(c, letters, board)]
            params[key] = ship_text(inside, letters) if inside else tr("cell.off_board")
            params[key + "_size"] = len(value)
        else:
            params[key] = value
    for name in ("piece", "other"):   # a mine, a minesweeper or a ship (C5, C6), a rank (§K)
        if isinstance(params.get(name), str) and tr.has(f"piece.{params[name]}"):
            params[name] = tr(f"piece.{params[name]}")
        elif isinstance(params.get(name), str):
            rank_key = "kor.rank_name." + params[name]
            if tr.has(rank_key):
                params[name] = tr(rank_key)
    weapon = params.get("weapon")    # a weapon of the arcade arsenal (§A) by its name
    if isinstance(weapon, str) and tr.has(f"arsenal.{weapon}"):
        params["weapon"] = tr(f"arsenal.{weapon}")
    if "touching" in params:
        params["touching"] = tr(f"touching.{params['touching']}")
    if "shapes" in params:
        params["shapes"] = tr(f"shapes.{params['shapes']}")
    for name in ("key", "other", "needs"):   # an option by its row's name in the rules menu
        option = params.get(name)
        said = next((tr(k) for k in (f"rules.{option}", f"arsenal.{option}")
                     if isinstance(option, str) and tr.has(k)), None)
        if said is not None:
            params[name] = said
    key = f"error.{getattr(error, 'code', 'unknown')}"
    if not tr.has(key):
        return str(error)
    return tr(key, **params)
