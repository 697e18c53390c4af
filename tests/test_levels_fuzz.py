"""Level files fuzzed (issue 18, item 2): the shipped files mutated every way a hand or a tool
can break them (a wrong type for any key, a missing or junk table, huge or negative numbers,
unicode, deleted keys, nested junk, text that is no longer TOML). The checker answers each with
problems, or with none when the mutation happens to be valid, and never raises; the voyage and
the game's start-up path (``offer_resume``, the chart) never raise either.

Reproducible: a fixed number of examples, derandomized."""

import json
import math
import tempfile
import tomllib
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.campaign import Voyage
from game.data.progress import ProgressStore
from game.levels import LEVELS_DIR, Level, Problem, level_files, load_levels, parse_level

from .test_levels import write

SHIPPED = level_files(LEVELS_DIR)
TEXTS = {p.name: p.read_text(encoding="utf-8") for p in SHIPPED}
TABLES = {name: tomllib.loads(text) for name, text in TEXTS.items()}

# words a level file uses, so that a mutation often lands on a value the checker half accepts
# and goes on to use (a known mode with a wrong preset, a star table with a string, …)
WORDS = ["classic", "naval", "korabliki", "russian", "mines", "salvo", "dutchman", "player",
         "lot", "random", "admiral", "gunner", "sailor", "cabin_boy", "two", "three", "shots",
         "volleys", "turns", "ships_lost", "first-lesson", "en", "ru", "cap", "#123456",
         "", " ", "72", "Морской бой", "\u0000", "\U0001f6a2", "x" * 300]
SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(-5, 120), st.integers(min_value=-10 ** 30, max_value=10 ** 30),
    st.sampled_from([2 ** 63, -2 ** 63, 10 ** 400]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([math.inf, math.nan, -0.0]),
    st.text(max_size=12), st.sampled_from(WORDS))
JUNK = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), inner, max_size=4)),
    max_leaves=8)


def paths(value, prefix=()):
    """Every place in a table: (key, key, …) down to each value, lists included."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, prefix + (i,))
    return out


def at(value, path):
    for step in path:
        value = value[step]
    return value


@st.composite
def mutated(draw):
    """``(file name, JSON or TOML text)``: one shipped level broken a few ways."""
    name = draw(st.sampled_from(sorted(TABLES)))
    kind = draw(st.sampled_from(["replace", "replace", "delete", "add", "text", "mix"]))
    if kind == "text":              # the file's text itself: a cut, a stray character, a line gone
        text = TEXTS[name]
        i = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["cut", "insert", "drop_line", "dup_line"]))
        if how == "cut":
            text = text[:i]
        elif how == "insert":
            text = text[:i] + draw(st.text(min_size=1, max_size=4)) + text[i:]
        else:
            lines = text.splitlines(keepends=True)
            j = draw(st.integers(0, len(lines) - 1))
            lines[j:j + 1] = [] if how == "drop_line" else [lines[j], lines[j]]
            text = "".join(lines)
        return name, text
    data = json.loads(json.dumps(TABLES[name]))     # a deep copy
    for _ in range(draw(st.integers(1, 3)) if kind == "mix" else 1):
        places = paths(data)
        path = draw(st.sampled_from(places))
        how = kind if kind != "mix" else draw(st.sampled_from(["replace", "delete", "add"]))
        if not path:                # the whole file
            if how == "replace":
                data = draw(JUNK)
            continue
        parent = at(data, path[:-1])
        if how == "replace":
            parent[path[-1]] = draw(JUNK)
        elif how == "delete":
            del parent[path[-1]]
        else:
            target = at(data, path)
            if isinstance(target, dict):
                target[draw(st.sampled_from(WORDS))] = draw(JUNK)
            elif isinstance(target, list):
                target.append(draw(JUNK))
            else:
                parent[path[-1]] = [target, draw(JUNK)]
    return name, json.dumps(data, ensure_ascii=False)


QUOTED = ("04-bent-hulls.toml",              # the issue's own example
          TEXTS["04-bent-hulls.toml"].replace("two = { shots = 58,", 'two = { shots = "58",'))


def check_problems(level, problems):
    assert all(isinstance(p, Problem) for p in problems)
    assert all(isinstance(str(p), str) for p in problems)
    if level is not None:
        assert isinstance(level, Level)
    else:
        assert problems, "a level left out must say why"


def use(level: Level) -> None:
    """What the chart, the briefing and the result ask of a level that passed the checker."""
    for lang in ("en", "ru", "uk", "no", "xx"):
        assert isinstance(level.text("port", lang), str) and isinstance(level.name(lang), str)
    for m in ({}, {"shots": 0, "volleys": 0, "turns": 0, "ships_lost": 0, "pieces_lost": 0},
              {"shots": 10 ** 6, "volleys": 10 ** 6, "turns": 10 ** 6, "ships_lost": 99,
               "pieces_lost": 99}, None):
        assert 0 <= level.stars_for(m) <= level.max_stars <= 3


@settings(max_examples=300, derandomize=True, deadline=None)
@given(mutated())
@example(QUOTED)
def test_the_checker_survives_any_mutation_of_a_shipped_level(case):
    name, text = case
    suffix = ".toml" if not text.startswith("{") and not text.startswith("[") else ".json"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "levels"
        folder.mkdir()
        write(folder, Path(name).stem + suffix, text)
        if suffix == ".json":
            data = json.loads(text)
            check_problems(*parse_level(data, name))
        levels, problems = load_levels(folder)
        assert all(isinstance(p, Problem) for p in problems)
        for lv in levels:
            use(lv)
        voyage = Voyage("fuzz", folder=folder, store=ProgressStore(Path(tmp) / "campaign"))
        voyage.current()
        voyage.max_stars()
        for lv in voyage.levels:
            voyage.state(lv)


@pytest.fixture(scope="module")
def app():
    from game.app import App
    from game.scenes.common.title import TitleScene
    a = App(size=(800, 600), seed=3, audio=False)
    a.scenes.push(TitleScene(a))
    yield a
    a.quit()


@settings(max_examples=60, derandomize=True, deadline=None)
@given(mutated())
@example(QUOTED)
def test_the_game_starts_with_any_mutated_level(app, case):
    """Start-up as main.py does it (the offer to resume a battle left in a port of the broken
    file), then the chart and the briefing of the port it opens on, all drawn."""
    from game.data.storage import data_dir
    from game.scenes.common.title import TitleScene
    from game.scenes.campaign.briefing import BriefingScene
    from game.scenes.campaign.chart import VoyageScene
    from game.scenes.campaign.sailing import offer_resume

    name, text = case
    suffix = ".json" if text[:1] and text[:1] in "{[" else ".toml"     # "" is in every string
    try:
        level_id = TABLES[name]["id"] if suffix == ".toml" else json.loads(text).get("id")
    except AttributeError:
        level_id = None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write(folder, Path(name).stem + suffix, text)
        write(folder, "other.toml", TEXTS["01-first-lesson.toml"])
        app.levels_dir = folder
        store = ProgressStore(data_dir() / "campaign")
        store.clear_battle(app.settings.profile)
        if isinstance(level_id, str):          # a battle left in the broken port
            store.save_battle(app.settings.profile, level_id, 1, {"mode": "classic"})
        app.scenes.reset(TitleScene(app))
        offer_resume(app)
        app.scenes.reset(TitleScene(app))
        chart = app.scenes.push(VoyageScene(app))
        app.step(1 / 60, [])
        if chart.level is not None:
            app.scenes.push(BriefingScene(app, chart, chart.level))
            app.step(1 / 60, [])
        app.notices.clear()
