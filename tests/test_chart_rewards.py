"""Issue 22 on the chart's screens: the captain's rank and difficulty on the chart and the
title, boss scenes, medals on the result, the medal case, the voyages' charts, the closing
scene."""

import json

import pygame
import pytest

from game.campaign import Voyage
from game.data.progress import ProgressStore
from game.scenes.campaign.voyage import BriefingScene, VoyageScene
from game.scenes.common.title import TitleScene

from .test_levels import level, write
from .test_scenes import click, frames, key
from .test_voyage import make_app, open_chart


@pytest.fixture
def levels_dir(tmp_path):
    folder = tmp_path / "levels"
    folder.mkdir()
    write(folder, "1.json", level("one", order=1, unlocks=["two"], map=[0.1, 0.5],
                                  stars={"two": {"shots": 95}}))
    write(folder, "2.json", level("two", order=2, map=[0.9, 0.5]))
    return folder


@pytest.fixture
def app(home, levels_dir):
    a = make_app(levels_dir)
    yield a
    a.quit()


def saved_progress(home, key="player"):
    return json.loads((home / "campaign" / f"{key}.json").read_text(encoding="utf-8"))


def test_the_difficulty_changes_on_the_chart_by_key_and_click_and_is_saved(app, home):
    chart = open_chart(app)
    assert chart.voyage.difficulty == "normal"
    frames(app, 1, [key(pygame.K_d)])
    assert chart.voyage.difficulty == "hard" and saved_progress(home)["difficulty"] == "hard"
    chart.layout()
    frames(app, 1, click(chart._difficulty_chip().center))
    assert chart.voyage.difficulty == "easy" and saved_progress(home)["difficulty"] == "easy"
    assert any("Easy" in n[0] for n in app.notices)
    chart.menu.index = chart.menu.items.index(chart.difficulty_item)
    before = chart.index
    frames(app, 1, [key(pygame.K_RIGHT)])       # on the difficulty row: the arrows change it
    assert chart.voyage.difficulty == "normal" and chart.index == before
    chart.menu.index = 0
    frames(app, 1, [key(pygame.K_RIGHT)])       # elsewhere they choose a port
    assert chart.index != before
    again = Voyage("player", folder=app.levels_dir)
    assert again.difficulty == "normal"


def drawn_words(app, monkeypatch, n=1) -> list[str]:
    """Every piece of text the screens draw over ``n`` frames."""
    from game.render import text
    shown, real = [], text.draw

    def spy(surface, words, *args, **kw):
        shown.append(words)
        return real(surface, words, *args, **kw)
    monkeypatch.setattr(text, "draw", spy)
    frames(app, n)
    monkeypatch.setattr(text, "draw", real)
    return shown


def test_the_briefing_shows_the_limits_at_the_captains_difficulty(app, monkeypatch):
    chart = open_chart(app)
    chart.set_difficulty("hard")
    frames(app, 1, [key(pygame.K_RETURN)])
    brief = app.scenes.top
    assert isinstance(brief, BriefingScene) and brief.difficulty == "hard"
    hard = brief.level.limits("hard")["two"]["shots"]
    assert hard < 95
    shown = drawn_words(app, monkeypatch)
    assert f"at most {hard} shots" in shown and "at most 95 shots" not in shown
    assert "Difficulty: Hard" in shown


def test_the_title_shows_the_captains_rank(home, levels_dir):
    store = ProgressStore(home / "campaign")
    v = Voyage("player", folder=levels_dir, store=store)
    v.progress.record("one", 3, {"shots": 40})
    v.progress.record("two", 1, {"shots": 90})
    store.save(v.progress)
    a = make_app(levels_dir)
    title = a.scenes.top
    assert isinstance(title, TitleScene)
    assert title.captain is not None and title.captain.rank.key == "sailor"   # 4 stars
    a.quit()


def test_no_rank_line_before_the_captain_sets_out(app):
    assert isinstance(app.scenes.top, TitleScene) and app.scenes.top.captain is None
