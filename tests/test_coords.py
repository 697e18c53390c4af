"""Coordinates and letter sets (RULES.md §0)."""

import pytest
from hypothesis import given, strategies as st

from game.rules.coords import LETTER_SETS, format_cell, parse_cell
from game.rules.errors import CoordError


def test_letter_sets_have_no_repeated_letter_and_skip_what_rules_skip():
    for ls in LETTER_SETS.values():
        assert len(set(ls.letters)) == len(ls.letters), ls.key
    assert LETTER_SETS["russian"].letters[:10] == "АБВГДЕЖЗИК"  # Ё and Й skipped
    assert LETTER_SETS["russian"].letters[10:] == "ЛМНОПРСТУФ"
    assert LETTER_SETS["ukrainian"].letters[:10] == "АБВГДЕЄЖЗИ"
    assert LETTER_SETS["ukrainian"].letters[10:14] == "ІЇКЛ"
    assert LETTER_SETS["respublika"].letters == "РЕСПУБЛИКА"
    assert LETTER_SETS["snegurochka"].letters == "СНЕГУРОЧКА"
    assert LETTER_SETS["latin"].letters[:10] == "ABCDEFGHIJ"


@pytest.mark.parametrize("text,letters,cell", [
    ("К1", "russian", (9, 0)),
    ("к1", "russian", (9, 0)),
    ("b10", "latin", (1, 9)),
    ("B10", "latin", (1, 9)),
    ("Ж7", "russian", (6, 6)),
    (" ж 7 ", "russian", (6, 6)),
    ("А1", "respublika", (9, 0)),    # the last letter of РЕСПУБЛИКА
    ("Є3", "ukrainian", (6, 2)),
    ("K1", "russian", (9, 0)),       # a Latin K typed in the Russian set is К
    ("С5", "latin", (2, 4)),         # a Cyrillic С typed in the Latin set is C
])
def test_parse(text, letters, cell):
    assert parse_cell(text, 10, 10, letters) == cell


@pytest.mark.parametrize("text,code", [
    ("", "coord_syntax"), ("77", "coord_syntax"), ("Ж", "coord_syntax"), ("ЖЖ7", "coord_syntax"),
    ("Z5", "coord_letter"), ("Й5", "coord_letter"),
    ("Л1", "coord_off_board"), ("А11", "coord_off_board"), ("А0", "coord_off_board"),
])
def test_parse_errors_name_the_problem(text, code):
    with pytest.raises(CoordError) as err:
        parse_cell(text, 10, 10, "russian")
    assert err.value.code == code


@given(st.sampled_from(sorted(LETTER_SETS)), st.integers(0, 19), st.integers(0, 19))
def test_format_parse_round_trip(key, x, y):
    ls = LETTER_SETS[key]
    width = min(20, ls.max_columns)
    x = x % width
    text = format_cell((x, y), ls)
    assert parse_cell(text, width, 20, ls) == (x, y)
    assert parse_cell(text.lower(), width, 20, ls) == (x, y)
