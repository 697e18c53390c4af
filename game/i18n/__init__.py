"""Every word a player sees goes through here.

Translations are JSON files beside this module, one per language, a flat table of
``"key": "text with {named} fields"``. English is the reference: every language must have every
key English has (a test checks it). At run time a missing key falls back to English, then to
the key itself, so a gap shows as text instead of a crash.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..rules.coords import LETTER_SETS, LetterSet, format_cell

LANG_DIR = Path(__file__).resolve().parent
LANGUAGES = ("ru", "uk", "en", "no")  # the languages of the seeds, and English
REFERENCE = "en"
DEFAULT_LETTERS = {"ru": "russian", "uk": "ukrainian", "en": "latin", "no": "latin"}


problems: list[str] = []  # translation files that could not be read (shown as notices)


@lru_cache(maxsize=None)
def table(lang: str) -> dict[str, str]:
    """The translation table of ``lang``; an unreadable file gives an empty table (English is
    used instead) and a line in ``problems``."""
    path = LANG_DIR / f"{lang}.json"
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise ValueError("expected an object of strings")
        return data
    except (OSError, ValueError) as exc:
        problems.append(f"{path}: {exc}")
        return {}


class Translator:
    def __init__(self, lang: str = REFERENCE):
        self.lang = lang if lang in LANGUAGES else REFERENCE

    def has(self, key: str) -> bool:
        return key in table(self.lang) or key in table(REFERENCE)

    def __call__(self, key: str, /, **params) -> str:
        text = table(self.lang).get(key)
        if text is None:
            text = table(REFERENCE).get(key, key)
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
    if "touching" in params:
        params["touching"] = tr(f"touching.{params['touching']}")
    if "shapes" in params:
        params["shapes"] = tr(f"shapes.{params['shapes']}")
    key = f"error.{getattr(error, 'code', 'unknown')}"
    if not tr.has(key):
        return str(error)
    return tr(key, **params)
