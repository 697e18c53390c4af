"""Coordinates and letter sets (RULES.md §0).

A cell is ``(x, y)``: ``x`` the column from 0 (left), ``y`` the row from 0 (top). Players write
it letter + number (``К1``, ``B10``): the column's letter in the chosen letter set, the row from 1.

Choices the rules left to us (documented in docs/rules-choices.md):
- the Ukrainian set skips Ґ and Й, as the Russian one skips Ё and Й;
- on reading, letters that look the same in Latin and Cyrillic are taken as the chosen set's own
  letter (a Latin ``K`` in the Russian set is ``К``), so a player whose keyboard is in the other
  layout can still type any coordinate whose letter looks alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .errors import CoordError

Cell = tuple[int, int]

MAX_SIDE = 20


@dataclass(frozen=True)
class LetterSet:
    key: str
    letters: str  # one letter per column, as many columns as the set supports
    rows: int = 0  # the rows of the board it names (0: any); see ``board_letters``

    @property
    def max_columns(self) -> int:
        return len(self.letters)

    def supports(self, width: int) -> bool:
        return width <= len(self.letters)

    def letter(self, x: int) -> str:
        """The letter of column ``x``; a column the set cannot name is refused, never wrapped
        (a negative index would silently give a letter from the far end)."""
        if not 0 <= x < len(self.letters):
            raise CoordError("cell_unnamed", column=x + 1, letter_set=self.key)
        return self.letters[x]


LETTER_SETS: dict[str, LetterSet] = {
    s.key: s
    for s in (
        LetterSet("latin", "ABCDEFGHIJKLMNOPQRST"),
        LetterSet("russian", "АБВГДЕЖЗИКЛМНОПРСТУФ"),
        LetterSet("respublika", "РЕСПУБЛИКА"),
        LetterSet("snegurochka", "СНЕГУРОЧКА"),
        LetterSet("ukrainian", "АБВГДЕЄЖЗИІЇКЛМНОПРС"),
    )
}

# Visually identical letters (Latin <-> Cyrillic), used only when reading what a player typed.
_LATIN_TO_CYRILLIC = dict(zip("ABCEHIKMOPTX", "АВСЕНІКМОРТХ"))
_CYRILLIC_TO_LATIN = {c: l for l, c in _LATIN_TO_CYRILLIC.items()}

_COORD_RE = re.compile(r"^\s*([^\W\d_])\s*-?\s*(\d{1,3})\s*$")


def letter_set(key: str) -> LetterSet:
    try:
        return LETTER_SETS[key]
    except KeyError:
        raise CoordError("unknown_letter_set", letter_set=key) from None


def fallback_letter_set(key: str, width: int) -> LetterSet:
    """The set ``key`` if it covers ``width`` columns, else Latin (the words have only 10)."""
    chosen = LETTER_SETS.get(key, LETTER_SETS["latin"])
    return chosen if chosen.supports(width) else LETTER_SETS["latin"]


def board_letters(key: str, width: int, height: int) -> LetterSet:
    """The letters that name the cells of a ``width`` × ``height`` board: the set ``key`` (Latin
    if it has too few letters) cut to the board, so a cell off the board has no name."""
    chosen = fallback_letter_set(key, width)
    return replace(chosen, letters=chosen.letters[:width], rows=height)


def format_cell(cell: Cell, letters: LetterSet | str = "latin") -> str:
    """``К1``; a cell the letters cannot name (off their board) is refused, never misnamed."""
    if isinstance(letters, str):
        letters = letter_set(letters)
    x, y = cell
    if y < 0 or (letters.rows and y >= letters.rows):
        raise CoordError("cell_unnamed", row=y + 1, letter_set=letters.key)
    return f"{letters.letter(x)}{y + 1}"


def _normalise_letter(ch: str, letters: LetterSet) -> str:
    ch = ch.upper()
    if ch in letters.letters:
        return ch
    twin = _LATIN_TO_CYRILLIC.get(ch) or _CYRILLIC_TO_LATIN.get(ch)
    if twin and twin in letters.letters:
        return twin
    return ch


def parse_cell(text: str, width: int, height: int, letters: LetterSet | str = "latin") -> Cell:
    """Read ``К1`` / ``b10`` / ``Ж 7``; raise CoordError naming what is wrong."""
    if isinstance(letters, str):
        letters = letter_set(letters)
    m = _COORD_RE.match(text or "")
    if not m:   # the example is a cell, so the words write it in the player's letters
        raise CoordError("coord_syntax", text=text,
                         example=(min(1, width - 1), min(6, height - 1)))
    whole = LETTER_SETS.get(letters.key, letters)   # a letter past a cut set's board is off it
    ch = _normalise_letter(m.group(1), whole)
    if ch not in whole.letters:
        raise CoordError("coord_letter", text=text, letter=m.group(1), letter_set=letters.key)
    x = whole.letters.index(ch)
    y = int(m.group(2)) - 1
    if x >= min(width, letters.max_columns) or not 0 <= y < height:
        raise CoordError("coord_off_board", text=text, width=width, height=height)
    return (x, y)


def typed_cell(text: str, width: int, height: int, letters: LetterSet | str = "latin"):
    """The cell ``text`` names, or None while it names none (yet): for the aim that follows
    what the player types."""
    try:
        return parse_cell(text, width, height, letters)
    except CoordError:
        return None


def is_coord_prefix(text: str, letters: LetterSet) -> bool:
    """True if ``text`` could still become a coordinate (for typing feedback)."""
    text = text.strip()
    if not text:
        return True
    if _normalise_letter(text[0], letters) not in letters.letters:
        return False
    return text[1:].strip().isdigit() or text[1:].strip() == ""
