"""The shipped voyages as issue 22 asks for them: two voyages of at least 26 ports, the Arctic
opened by finishing Europe, difficulty rising along each voyage within each mode, gentle first
ports of a new mode, the teaching hints on the first ports, the bosses with a voice, scenes and
stinger of their own, and star limits that say how they were measured."""

import re
from pathlib import Path

import pytest

from game.ai.opponents import BOSS_VOICES, TRIGGERS, VARIANTS
from game.audio.music import STINGERS
from game.hints import HINTS
from game.i18n import LANGUAGES, table
from game.levels import LEVELS_DIR, load_levels, load_voyages
from game.modes import MODES


@pytest.fixture(scope="module")
def shipped():
    levels, problems = load_levels()
    assert not problems
    return levels


@pytest.fixture(scope="module")
def by_id(shipped):
    return {lv.id: lv for lv in shipped}


def voyage_ports(shipped, voyage):
    return sorted((lv for lv in shipped if lv.voyage == voyage), key=lambda lv: lv.order)


def test_two_voyages_the_arctic_after_europe(shipped):
    voyages, problems = load_voyages()
    assert not problems
    found = {v.id: v for v in voyages}
    assert set(found) == {"europe", "arctic"}
    assert found["europe"].after == "" and found["arctic"].after == "europe"
    for v in voyages:
        for lang in LANGUAGES:
            assert v.text("name", lang) and v.text("ending", lang), (v.id, lang)
    assert len(shipped) >= 26
    assert len(voyage_ports(shipped, "europe")) == 18
    assert len(voyage_ports(shipped, "arctic")) >= 9


@pytest.mark.parametrize("voyage", ["europe", "arctic"])
def test_within_a_mode_the_opponents_never_get_weaker_along_a_voyage(shipped, voyage):
    """Issue 22, part 5: the curve rises port by port; a new mode may start gently."""
    rung: dict[str, int] = {}
    for lv in voyage_ports(shipped, voyage):
        ladder = MODES[lv.mode].ladder
        here = ladder.index(lv.opponent.ai)
        assert here >= rung.get(lv.mode, 0), (lv.id, lv.opponent.ai)
        rung[lv.mode] = here


def test_the_first_port_of_each_new_mode_is_gentle(shipped):
    seen = set()
    for lv in voyage_ports(shipped, "europe"):
        if lv.mode not in seen:
            seen.add(lv.mode)
            assert lv.opponent.ai == MODES[lv.mode].ladder[0], lv.id     # the weakest
    assert seen == {"classic", "naval", "korabliki"}


def test_the_first_ports_teach_with_hints_of_their_mode(by_id):
    expected = {"first-lesson": {"first_hit", "first_sunk"}, "riga-mines": {"first_mine"},
                "salvoes": {"first_salvo"},
                "naval-bergen": {"first_volley", "first_torpedo", "first_air"},
                "moving-ships": {"first_ask", "first_answer"}}
    for lid, hints in expected.items():
        lv = by_id[lid]
        assert set(lv.hints) == hints, lid
        assert set(lv.hints) <= set(HINTS[lv.mode]), lid


def test_the_perelman_admiral_comes_after_the_great_fleet(by_id):
    assert by_id["great-fleet"].order < by_id["perelman-admiral"].order
    assert by_id["great-fleet"].unlocks == ("perelman-admiral",)


def test_the_dutchman_sea_is_one_a_person_finishes(by_id):
    config = by_id["flying-dutchman"].config
    assert config.relocate and config.width * config.height <= 15 * 15


BOSSES = {"perelman-admiral": "perelman", "flying-dutchman": "dutchman",
          "grand-harbour": "maltese", "voyage-end": "odessan", "novaya-zemlya": "polar"}


def test_each_boss_has_its_voice_scenes_and_stinger(shipped, by_id):
    for lid, voice in BOSSES.items():
        lv = by_id[lid]
        assert lv.boss is not None, lid
        assert lv.opponent.personality == voice, lid
        assert lv.boss.stinger in STINGERS, lid
        for lang in LANGUAGES:
            assert lv.text("boss_before", lang) and lv.text("boss_after", lang), (lid, lang)
    assert {lv.id for lv in shipped if lv.boss is not None} == set(BOSSES)
    last = voyage_ports(shipped, "arctic")[-1]
    assert last.boss is not None        # the second voyage ends with its boss


def test_every_boss_voice_has_every_remark_in_every_language_naming_no_cell():
    coordinate = re.compile(r"\b[A-ZА-ЯЁЄІЇ]\s?(10|[1-9])\b")
    assert set(BOSS_VOICES) >= set(BOSSES.values())
    english = table("en")
    for lang in LANGUAGES:
        words = table(lang)
        for voice in BOSS_VOICES:
            for trigger in TRIGGERS:
                for n in range(VARIANTS):
                    key = f"remark.{voice}.{trigger}.{n}"
                    text = words[key]
                    assert text and not coordinate.search(text), (lang, key)
                    if lang != "en":
                        assert text != english[key], (lang, key)   # translated, not copied


def test_every_star_limit_says_how_it_was_measured(shipped):
    for lv in shipped:
        text = Path(LEVELS_DIR, Path(lv.path).name).read_text(encoding="utf-8")
        stars = text[text.index("\n[stars]"):]
        assert "python -m game.bench campaign --games" in stars, lv.id
        assert re.search(r"won \d+ of \d+", stars), lv.id
        assert set(lv.stars) == {"two", "three"}, lv.id
