"""Every string a player sees goes through one lookup; every language has every key."""

import re
import string
from pathlib import Path

import pytest

from game.i18n import LANGUAGES, REFERENCE, Translator, describe, table
from game.rules.errors import PlacementError

ROOT = Path(__file__).resolve().parents[1]


def fields(text):
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_key_with_the_same_fields(lang):
    ref, tab = table(REFERENCE), table(lang)
    missing = sorted(set(ref) - set(tab))
    assert not missing, f"{lang} lacks {missing}"
    extra = sorted(set(tab) - set(ref))
    assert not extra, f"{lang} has keys English lacks: {extra}"
    for key in ref:
        assert fields(tab[key]) == fields(ref[key]), (lang, key)
        assert tab[key].strip(), (lang, key)


def test_every_key_the_code_asks_for_exists():
    keys = set(table(REFERENCE))
    pattern = re.compile(r'tr\(\s*f?"([^"]+)"')
    used = set()
    for path in (ROOT / "game").rglob("*.py"):
        for key in pattern.findall(path.read_text(encoding="utf-8")):
            used.add(key)
    assert used, "the scan found no keys: the pattern is broken"
    for key in used:
        if "{" in key:  # an f-string key: at least one key must match its shape
            regex = ".".join("[a-z_]+" if "{" in part else re.escape(part)
                             for part in re.sub(r"\{[^}]*\}", "{}", key).split("."))
            assert any(re.fullmatch(regex, k) for k in keys), key
        else:
            assert key in keys, key
    # keys chosen by a condition (tr("a.b" if x else "a.c")) appear as plain literals
    namespaces = {k.split(".")[0] for k in keys}
    literal = re.compile(r'"([a-z_]+\.[a-z_.]+)"')
    for path in [*(ROOT / "game" / "scenes").rglob("*.py"), ROOT / "game" / "app.py"]:
        for key in literal.findall(path.read_text(encoding="utf-8")):
            if key.split(".")[0] in namespaces and not key.endswith("."):
                assert key in keys, f"{path.name}: {key}"


def test_seed_words_for_the_answers():
    assert Translator("ru")("shot.miss") == "Мимо!"
    assert Translator("ru")("shot.hit") == "Ранил!"
    assert Translator("ru")("shot.sunk") == "Убил!"
    assert Translator("uk")("shot.miss") == "Не влучив!"
    assert Translator("no")("shot.sunk") == "Senket!"


def test_describe_writes_cells_in_the_chosen_letters():
    err = PlacementError("touch_corner", ship=((0, 0), (1, 0)), other=((2, 1),), cell=(2, 1),
                         touching="none")
    words = describe(err, Translator("ru"), "russian")
    assert "А1–Б1" in words and "В2" in words


def test_missing_key_falls_back_to_english_then_key():
    tr = Translator("ru")
    assert tr("no.such.key") == "no.such.key"
