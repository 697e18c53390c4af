"""Plural categories of the game's languages, after the CLDR plural rules.

A count-bearing text ("5 ships", "5 кораблей") is a table entry holding one form per plural
category; the category of a number is chosen here, by the rule of each language:

- English (``en``) and Norwegian bokmål (``no``): ``one`` for exactly 1 (an integer with no
  visible fraction: "1 ship", but "1.5 ships"), else ``other``.
- Russian (``ru``) and Ukrainian (``uk``), integers: ``one`` when the last digit is 1 but the
  last two are not 11 (1, 21, 101: корабль); ``few`` when the last digit is 2–4 but the last two
  are not 12–14 (2, 23, 104: корабля); ``many`` for the rest (0, 5–20, 25, 111: кораблей).
  A number with a fraction is ``other`` (1,5 корабля).

Only the standard library; the rules follow the CLDR definitions with the operands ``i`` (the
integer digits) and ``v`` (how many fraction digits are shown).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

ONE, FEW, MANY, OTHER = "one", "few", "many", "other"

#: the categories each language's rule can choose, in CLDR order; a plural entry of a language
#: holds exactly these forms
CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": (ONE, OTHER),
    "no": (ONE, OTHER),
    "ru": (ONE, FEW, MANY, OTHER),
    "uk": (ONE, FEW, MANY, OTHER),
}


def operands(number) -> tuple[int, int, Decimal]:
    """CLDR's ``i`` (the absolute integer part), ``v`` (the number of visible fraction digits)
    and ``n`` (the absolute value) of an int, a float, a Decimal or a numeric string, as it
    would be written; ``ValueError`` for anything else."""
    if isinstance(number, bool):
        raise ValueError(f"not a count: {number!r}")
    if isinstance(number, int):
        return abs(number), 0, Decimal(abs(number))
    try:
        dec = Decimal(str(number).strip())
    except InvalidOperation:
        raise ValueError(f"not a count: {number!r}") from None
    if not dec.is_finite():
        raise ValueError(f"not a count: {number!r}")
    exponent = dec.as_tuple().exponent
    return int(abs(dec)), max(0, -exponent), abs(dec)


def _english(i: int, v: int, n: Decimal) -> str:
    # CLDR en: "one: i = 1 and v = 0"
    return ONE if i == 1 and v == 0 else OTHER


def _norwegian(i: int, v: int, n: Decimal) -> str:
    # CLDR nb: "one: n = 1" (n the absolute value: 1 and 1.0 alike)
    return ONE if n == 1 else OTHER


def _east_slavic(i: int, v: int, n: Decimal) -> str:
    # CLDR ru and uk: "one: v = 0 and i % 10 = 1 and i % 100 != 11";
    # "few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14"; "many": every other integer
    if v != 0:
        return OTHER
    last, last_two = i % 10, i % 100
    if last == 1 and last_two != 11:
        return ONE
    if 2 <= last <= 4 and not 12 <= last_two <= 14:
        return FEW
    return MANY


RULES = {"en": _english, "no": _norwegian, "ru": _east_slavic, "uk": _east_slavic}


def category(lang: str, number) -> str:
    """The plural category of ``number`` in ``lang`` (a language without a rule uses
    English's); ``ValueError`` when ``number`` is not a number."""
    i, v, n = operands(number)
    return RULES.get(lang, _english)(i, v, n)
