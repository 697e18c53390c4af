"""Every string a player sees goes through one lookup; every language has every key."""

import re
import string
from pathlib import Path

import pytest

import game.i18n as i18n
from game.i18n import LANGUAGES, REFERENCE, Plural, Translator, describe, table
from game.i18n.plural import CATEGORIES, category
from game.rules.errors import PlacementError

ROOT = Path(__file__).resolve().parents[1]


def fields(text):
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def texts(entry):
    """Every text of an entry: itself, or each form of a plural entry."""
    return list(entry.forms.values()) if isinstance(entry, Plural) else [entry]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_key_with_the_same_fields(lang):
    ref, tab = table(REFERENCE), table(lang)
    missing = sorted(set(ref) - set(tab))
    assert not missing, f"{lang} lacks {missing}"
    extra = sorted(set(tab) - set(ref))
    assert not extra, f"{lang} has keys English lacks: {extra}"
    for key in ref:
        want = fields(texts(ref[key])[-1])
        assert isinstance(tab[key], Plural) == isinstance(ref[key], Plural), (lang, key)
        if isinstance(ref[key], Plural):
            # the same count field, and exactly the categories this language's rule chooses
            assert tab[key].count == ref[key].count, (lang, key)
            assert tuple(tab[key].forms) == CATEGORIES[lang], (lang, key, list(tab[key].forms))
            assert ref[key].count in want, key
        for text in texts(tab[key]):
            assert fields(text) == want, (lang, key, text)
            assert text.strip(), (lang, key)


def test_the_tables_load_without_problems():
    for lang in LANGUAGES:
        table(lang)
    assert not [p for p in i18n.problems if "i18n" in p], i18n.problems


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


# --- plural forms (issue 18, item 15) ---------------------------------------------------------

COUNTS = [*range(31), 101, 111, 121]


@pytest.mark.parametrize(("lang", "number", "want"), [
    *[("ru", n, "one") for n in (1, 21, 31, 101, 121, 1001)],
    *[("ru", n, "few") for n in (2, 3, 4, 22, 24, 102, 104)],
    *[("ru", n, "many") for n in (0, 5, 9, 10, 11, 12, 14, 19, 20, 25, 100, 111, 112, 114)],
    ("ru", 1.5, "other"), ("ru", "2.0", "other"),
    *[("uk", n, "one") for n in (1, 21, 121)], *[("uk", n, "few") for n in (2, 23, 104)],
    *[("uk", n, "many") for n in (0, 5, 11, 13, 111)], ("uk", 0.5, "other"),
    ("en", 1, "one"), ("en", 0, "other"), ("en", 2, "other"), ("en", 21, "other"),
    ("en", "1.0", "other"), ("en", -1, "one"),
    ("no", 1, "one"), ("no", "1.0", "one"), ("no", 0, "other"), ("no", 21, "other"),
])
def test_plural_categories_follow_the_cldr_rules(lang, number, want):
    assert category(lang, number) == want


@pytest.mark.parametrize("bad", [None, "many", True, float("nan"), [1]])
def test_a_count_that_is_no_number_is_refused_and_translation_uses_other(bad):
    with pytest.raises(ValueError):
        category("ru", bad)
    entry = Plural("ru", "n", {"one": "a", "few": "b", "many": "c", "other": "d"})
    assert entry.text({"n": bad}) == "d"
    assert entry.text({}) == "d"


def plural_keys():
    return [k for k, v in table(REFERENCE).items() if isinstance(v, Plural)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_bearing_key_takes_the_form_of_its_language_rule(lang):
    keys = plural_keys()
    assert len(keys) >= 20, keys
    tr = Translator(lang)
    for key in keys:
        entry = table(lang)[key]
        params = {f: "X" for f in fields(entry.forms["other"])}
        for n in COUNTS:
            params[entry.count] = n
            words = tr(key, **params)
            assert words == entry.forms[category(lang, n)].format(**params), (lang, key, n)
            assert str(n) in words, (lang, key, n, words)
        # the forms differ where the language's grammar does (ru/uk: 1, 2 and 5 differ)
        if lang in ("ru", "uk"):
            assert len({entry.forms["one"], entry.forms["few"], entry.forms["many"]}) > 1, key


@pytest.mark.parametrize(("lang", "key", "n", "words"), [
    ("ru", "paint.need", 1, "1 клетку"), ("ru", "paint.need", 2, "2 клетки"),
    ("ru", "paint.need", 5, "5 клеток"), ("ru", "paint.need", 11, "11 клеток"),
    ("ru", "paint.need", 21, "21 клетку"), ("ru", "paint.need", 22, "22 клетки"),
    ("ru", "paint.need", 111, "111 клеток"), ("ru", "paint.need", 0, "0 клеток"),
    ("ru", "campaign.limit.ships_lost", 1, "1 корабля"),
    ("ru", "campaign.limit.ships_lost", 3, "3 кораблей"),
    ("ru", "campaign.limit.ships_lost", 121, "121 корабля"),
    ("ru", "kor.fleet_own", 52, "52 фигуры"), ("ru", "kor.fleet_own", 51, "51 фигура"),
    ("ru", "kor.fleet_own", 14, "14 фигур"), ("ru", "paint.full", 4, "4 палубы"),
    ("ru", "paint.full", 5, "5 палуб"), ("ru", "paint.full", 1, "1 палуба"),
    ("ru", "battle.salvo_full", 3, "3 выстрела"), ("ru", "battle.salvo_full", 12, "12 выстрелов"),
    ("ru", "campaign.captain_row", 2, "2 звезды"), ("ru", "campaign.captain_row", 25, "25 звёзд"),
    ("uk", "paint.need", 1, "1 клітинку"), ("uk", "paint.need", 3, "3 клітинки"),
    ("uk", "paint.need", 5, "5 клітинок"), ("uk", "paint.need", 13, "13 клітинок"),
    ("uk", "kor.fleet_own", 52, "52 фігури"), ("uk", "battle.salvo_full", 21, "21 постріл"),
    ("en", "paint.need", 1, "1 cell "), ("en", "paint.need", 0, "0 cells"),
    ("en", "paint.need", 21, "21 cells"), ("en", "kor.fleet_own", 1, "1 piece,"),
    ("no", "paint.need", 1, "1 rute "), ("no", "paint.need", 2, "2 ruter"),
])
def test_real_words_agree_with_their_number(lang, key, n, words):
    entry = table(lang)[key]
    params = {f: "X" for f in fields(entry.forms["other"])}
    params[entry.count] = n
    assert words in Translator(lang)(key, **params)


# Fields that carry a number, and the words that may follow such a field in a plain (not
# plural) text because they do not agree with it: prepositions, conjunctions, adverbs, and in
# Norwegian the nouns whose plural is the singular ("1 skudd", "5 skudd").
COUNT_FIELDS = ("n", "count", "size", "ship_size", "shots", "got", "expected", "left", "mines",
                "sweepers", "planes", "shells", "stars", "forts", "have", "reach", "total", "limit")
AGREEMENT_FREE = {
    "en": {"of", "in", "to", "left", "chosen", "marked", "and"},
    "ru": {"из", "по", "и"},
    "uk": {"з", "із", "за", "і"},
    "no": {"av", "igjen", "valgt", "innen", "merket", "og", "skip", "dekk", "skudd", "fly",
           "trekk", "forsøk"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_plain_text_puts_a_noun_after_a_number(lang):
    """A number followed by a word that must agree with it needs a plural entry: a plain text
    "{n} клеток" is wrong for 1, 2, 21… (this finds a count-bearing key left unconverted)."""
    after = re.compile(r"\{(" + "|".join(COUNT_FIELDS) + r")\}\s+(\w+)")
    bad = []
    for key, entry in table(lang).items():
        if isinstance(entry, str):
            bad += [(key, m.group(0)) for m in after.finditer(entry)
                    if m.group(2).lower() not in AGREEMENT_FREE[lang]]
    assert not bad, bad


# prepositions that put the next words in an oblique case (ru, uk)
GOVERNING = ("против", "проти", "для", "от", "від", "без", "у", "к", "до", "с", "со", "з", "із",
             "зі", "над", "под", "під", "перед", "о", "об", "про", "при", "по", "за", "на", "в",
             "во", "из", "після", "после", "між", "между", "кроме", "крім")


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_name_never_stands_where_it_would_need_a_case(lang):
    """A player's or an opponent's name is put in as it is written (nominative): after
    «против», or «против соперника», it would need the genitive («против соперника Боцман
    Кузьмич», issue 33). Such texts say it another way («соперник: {name}»)."""
    after = re.compile(r"(?<!\w)(" + "|".join(GOVERNING) + r")\s+(\w+\s+)?\{(name|player)\}",
                       re.IGNORECASE)
    bad = [(key, text) for key, text in all_texts(lang) if after.search(text)]
    assert not bad, bad


def test_a_malformed_entry_is_reported_and_left_out(tmp_path, monkeypatch):
    (tmp_path / "ru.json").write_text(
        '{"a": "ok {n}", "b": {"count": "n", "one": "x", "other": "y"}, "c": 5, '
        '"d": {"one": "x", "few": "y", "many": "z", "other": "w"}, "e": "{broken", '
        '"f": {"count": "n", "one": "{n}", "few": "{n}", "many": "{n}", "other": 1}, '
        '"g": {"count": "n", "one": "{n} a", "few": "{n} b", "many": "{n} c", "other": "{n} d"}}',
        encoding="utf-8")
    (tmp_path / "uk.json").write_text("[1, 2", encoding="utf-8")
    monkeypatch.setattr(i18n, "LANG_DIR", tmp_path)
    monkeypatch.setattr(i18n, "problems", [])
    table.cache_clear()
    try:
        ru = table("ru")
        assert set(ru) == {"a", "g"}
        reported = " ".join(i18n.problems)
        for key in "bcdef":
            assert f"“{key}”" in reported, (key, i18n.problems)
        assert table("uk") == {}
        assert "uk.json" in i18n.problems[-1]
        assert Translator("ru")("g", n=22) == "22 b"
    finally:
        table.cache_clear()


# --- the game's own names and terms (issue 18, item 16) ---------------------------------------

def all_texts(lang):
    return [(key, text) for key, entry in table(lang).items() for text in texts(entry)]


# each language's quotation marks: English “…”, Russian, Ukrainian and Norwegian «…»
QUOTES = {"en": ("“", "”"), "ru": ("«", "»"), "uk": ("«", "»"), "no": ("«", "»")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_quotes_with_its_own_marks(lang):
    foreign = {"«", "»", "“", "”", "„"} - set(QUOTES[lang])
    bad = [(key, text) for key, text in all_texts(lang) if foreign & set(text)]
    assert not bad, bad
    assert QUOTES[lang][0] + "Кораблики" + QUOTES[lang][1] in Translator(lang)("mode.korabliki") \
        or lang == "no"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_naval_has_its_own_name_in_every_language(lang):
    """Inside a Russian, Ukrainian or Norwegian sentence the Naval game (RULES §N) is called by
    that language's name, the one the set-up screen shows."""
    bad = [(key, text) for key, text in all_texts(lang) if "Naval" in text]
    assert not bad, bad
    tr = Translator(lang)
    name = tr("mode.naval").split(" 12×12")[0]
    assert name and name in tr("mode.naval.name"), (name, tr("mode.naval.name"))


# spellings a table must not use because it spells the same thing another way elsewhere
# (case matters: the Space key is written with a capital, the space between words is not)
OTHER_SPELLINGS = {
    "en": ["bosun", "Bosun", "Korabliki"],
    "ru": ["опци", "Опци", "фишк", " пробел, Tab", "(пробел)"],
    "uk": ["опці", "Опці", "фішк", " пробіл, Tab", "(пробіл)", "'"],
    "no": ["Valget", " valg.", "piler", " mellomrom plasserer", "(mellomrom)"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_spelling_for_each_recurring_term(lang):
    bad = [(key, word) for key, text in all_texts(lang) for word in OTHER_SPELLINGS[lang]
           if word in text]
    assert not bad, bad


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_resignation_reads_right_whoever_resigned(lang):
    """The player's default name is «Вы» / «Ви»: a line that puts the name before a verb in the
    third person made «Вы сдаётся». The result screen names the side after a colon, as its other
    reasons do ("Потоплен весь флот: Вы")."""
    tr = Translator(lang)
    you = tr("setup.you")
    for key in ("gameover.resigned", "why.fleet", "why.lapsed", "why.claimed"):
        assert tr(key, name=you).split(" — ")[0].endswith(": " + you), key
