"""Issue 22 on the chart's screens: the captain's rank and difficulty on the chart and the
title, boss scenes, medals on the result, the medal case, the voyages' charts, the closing
scene."""

import json

import pygame
import pytest

from game.audio import music
from game.campaign import Voyage
from game.data.progress import ProgressStore
from game.scenes.campaign.boss import GUARD, BossScene
from game.scenes.campaign.briefing import BriefingScene
from game.scenes.campaign.result import ResultScene
from game.scenes.classic.placement import PlacementScene
from game.scenes.classic.gameover import GameOverScene
from game.scenes.common.title import TitleScene

from .test_levels import level, words, write
from .test_scenes import click, finish_by_human, frames, key
from .test_voyage import levels_dir, make_app, open_chart  # noqa: F401  (a fixture)


@pytest.fixture
def app(home, levels_dir):
    a = make_app(levels_dir)
    yield a
    a.quit()


def saved_progress(home, key="player"):
    return json.loads((home / "campaign" / f"{key}.json").read_text(encoding="utf-8"))


def sailed(home, folder, *records) -> None:
    """The captain's progress saved with ``records`` ((level id, stars, measures), ...) won in
    ``folder``'s voyages."""
    store = ProgressStore(home / "campaign")
    v = Voyage("player", folder=folder, store=store)
    for level_id, stars, measures in records:
        v.progress.record(level_id, stars, measures)
    store.save(v.progress)


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
    sailed(home, levels_dir, ("one", 3, {"shots": 40}), ("two", 1, {"shots": 90}))
    a = make_app(levels_dir)
    title = a.scenes.top
    assert isinstance(title, TitleScene)
    assert title.captain is not None and title.captain.rank.key == "sailor"   # 4 stars
    a.quit()


def test_no_rank_line_before_the_captain_sets_out(app):
    assert isinstance(app.scenes.top, TitleScene) and app.scenes.top.captain is None


BOSS = {"stinger": "perelman", "before": words("I have proved you lose"),
        "after": words("My proof had a gap")}


@pytest.fixture
def boss_dir(tmp_path):
    folder = tmp_path / "boss-levels"
    folder.mkdir()
    write(folder, "1.json", level("boss", order=1, boss=BOSS, defeat=words("QED")))
    return folder


def test_a_boss_speaks_before_the_battle_with_his_stinger_and_esc_goes_back(home, boss_dir):
    app = make_app(boss_dir)
    open_chart(app)
    frames(app, 1, [key(pygame.K_RETURN)])
    brief = app.scenes.top
    assert isinstance(brief, BriefingScene)
    frames(app, 1, [key(pygame.K_RETURN)])            # Set sail: the boss first
    scene = app.scenes.top
    assert isinstance(scene, BossScene) and scene.when == "before"
    assert scene.words == "I have proved you lose (en)"
    if app.audio.enabled:                             # the dummy driver has a mixer
        assert app.audio.stinger_played == "perelman"
    frames(app, int(GUARD * 60) + 2)
    frames(app, 1, [key(pygame.K_ESCAPE)])            # Esc: back to the briefing
    assert app.scenes.top is brief
    frames(app, 1, [key(pygame.K_RETURN)])
    frames(app, int(GUARD * 60) + 2)
    frames(app, 1, [key(pygame.K_SPACE)])             # any key: on to the battle
    assert isinstance(app.scenes.top, PlacementScene)
    app.quit()


@pytest.mark.parametrize("won", [True, False])
def test_after_the_battle_the_boss_has_his_word_then_the_result(home, boss_dir, won):
    app = make_app(boss_dir)
    open_chart(app)
    frames(app, 1, [key(pygame.K_RETURN)])
    frames(app, 1, [key(pygame.K_RETURN)])
    frames(app, int(GUARD * 60) + 2)
    frames(app, 1, [key(pygame.K_SPACE)])
    frames(app, 1, [key(pygame.K_a), key(pygame.K_RETURN)])
    battle = app.scenes.top
    if won:
        finish_by_human(app, battle)
    else:
        battle.resign()
        for _ in range(100):
            if isinstance(app.scenes.top, GameOverScene):
                break
            frames(app, 10)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    frames(app, 1, [key(pygame.K_RETURN)])            # Back to the chart
    scene = app.scenes.top
    assert isinstance(scene, BossScene) and scene.when == "after" and scene.won is won
    assert scene.words == ("My proof had a gap (en)" if won else "QED (en)")
    frames(app, 1, [key(pygame.K_RETURN)])            # too soon: a held key is not taken
    assert app.scenes.top is scene
    frames(app, int(GUARD * 60) + 2)
    frames(app, 1, click((5, 5)))
    assert isinstance(app.scenes.top, ResultScene) and app.scenes.top.result.won is won
    app.quit()


def test_every_stinger_is_a_short_phrase_that_loads():
    for name in music.STINGERS:
        score = music.load(f"stinger-{name}")
        assert 2.0 <= score.seconds() <= 8.0 and score.bars <= 4, name


def test_saying_no_to_start_anew_leaves_the_saved_battle_alone(home, levels_dir):
    """The briefing's "Resume the battle" was once named like the scene's own ``resume``,
    which the stack calls when a dialog over it closes: "No" resumed the battle."""
    app = make_app(levels_dir)
    ProgressStore(home / "campaign").save_battle("player", "one", 7, {"mode": "classic"})
    open_chart(app)
    frames(app, 1, [key(pygame.K_RETURN)])
    brief = app.scenes.top
    assert isinstance(brief, BriefingScene) and brief.saved
    brief.start_anew()
    frames(app, 1, [key(pygame.K_RETURN)])        # No (selected first)
    assert app.scenes.top is brief
    app.quit()


def test_a_stinger_plays_over_the_music_and_is_silent_when_the_music_is():
    from game.audio.mixer import Audio
    audio = Audio(seed=1)
    if not audio.start():
        pytest.skip("no mixer")
    assert audio.play_stinger("ice") and audio.stinger_played == "ice"
    audio.set_music_volume(0.0)                      # the music turned down: no stinger
    audio.stinger_played = ""
    assert not audio.play_stinger("perelman") and audio.stinger_played == ""
    audio.set_music_volume(0.5)
    audio.set_muted(True)
    assert not audio.play_stinger("perelman")
    with pytest.raises(ValueError):
        audio.play_stinger("kraken")


def test_a_missing_stinger_is_said_once_and_the_game_goes_on(tmp_path):
    from game.audio.mixer import Audio
    audio = Audio(seed=1, music_dir=tmp_path)
    if not audio.start():
        pytest.skip("no mixer")
    assert not audio.play_stinger("maltese") and not audio.play_stinger("maltese")
    assert len(audio.problems) == 1 and "stinger-maltese.score" in audio.problems[0]


def test_the_result_shows_new_medals_and_a_rank_risen(app, monkeypatch):
    from game.campaign import Result
    chart = open_chart(app)
    lv = chart.voyage.levels[0]
    plain = Result(lv, True, False, 1, {"shots": 99, "ships_lost": 1}, 1, [], "normal")
    app.scenes.push(ResultScene(app, chart, plain))
    quiet = drawn_words(app, monkeypatch, 60)
    assert app.scenes.top._awards_h() == 0
    assert not [w for w in quiet if w.startswith(("New medal", "Promoted"))]
    app.scenes.pop()
    rich = Result(lv, True, False, 2, {"shots": 40, "ships_lost": 0}, 2, [], "hard",
                  ["untouched", "sharpshooter"], "", 0, 1)
    app.scenes.push(ResultScene(app, chart, rich))
    shown = drawn_words(app, monkeypatch, 120)
    assert "New medal: Untouched" in shown and "New medal: Sharpshooter" in shown
    assert "Promoted: Sailor!" in shown


def test_the_medal_case_shows_medals_and_chooses_only_unlocked_paints_and_flags(
        app, home, monkeypatch):
    from game.scenes.campaign.medals import MedalCaseScene
    chart = open_chart(app)
    chart.voyage.progress.record("one", 2, {"shots": 50})        # 2 stars: Cabin Boy still
    chart.voyage.progress.award("untouched", "one", "hard")
    frames(app, 1, [key(pygame.K_m)])
    case = app.scenes.top
    assert isinstance(case, MedalCaseScene)
    assert case.about("medals", "untouched")[0].endswith("Won at Port (en) on Hard.")
    assert case.about("medals", "all_stars")[0].startswith("Not yet won.")
    frames(app, 1, [key(pygame.K_DOWN), key(pygame.K_DOWN)])      # the medals' second row,
    assert (case.row, case.index) == (1, 0)                       # then the paints from grey
    frames(app, 1, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])   # navy: from Able Seaman
    assert chart.voyage.progress.paint == "grey"
    assert any("From the rank of Able Seaman" in n[0] for n in app.notices)
    frames(app, 1, [key(pygame.K_DOWN), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert case.keys("flags")[case.index] == "pennant"            # the Untouched medal's
    frames(app, 1, [key(pygame.K_RETURN)])
    assert chart.voyage.progress.flag == "pennant" and saved_progress(home)["flag"] == "pennant"
    case.layout()
    frames(app, 1, click(case.rects["flags"][0].center))          # a click chooses too
    assert saved_progress(home)["flag"] == "ensign"
    assert "Medals: 1 of 8" in drawn_words(app, monkeypatch)
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is chart


def test_the_title_opens_the_medal_case_with_m(home, levels_dir):
    from game.scenes.campaign.medals import MedalCaseScene
    sailed(home, levels_dir, ("one", 1, {"shots": 90}))
    a = make_app(levels_dir)
    frames(a, 1, [key(pygame.K_m)])
    assert isinstance(a.scenes.top, MedalCaseScene)
    frames(a, 1, [key(pygame.K_ESCAPE)])
    title = a.scenes.top
    assert isinstance(title, TitleScene)
    title.layout()
    frames(a, 1, click(title._rank_rect().center))
    assert isinstance(a.scenes.top, MedalCaseScene)
    a.quit()


def voyage_file(folder, vid, order, after, lon0, lat1, lat2):
    (folder / "voyages").mkdir(exist_ok=True)
    write(folder / "voyages", f"{vid}.json", {
        "id": vid, "order": order, "after": after, "name": words(f"Voyage {vid}"),
        "ending": words(f"The end of {vid}"),
        "chart": {"lon0": lon0, "lat1": lat1, "lat2": lat2}})


@pytest.fixture
def two_voyages(tmp_path):
    folder = tmp_path / "two"
    folder.mkdir()
    voyage_file(folder, "europe", 1, "", 12.0, 40.0, 64.0)
    voyage_file(folder, "arctic", 2, "europe", 30.0, 62.0, 74.0)
    write(folder, "1.json", level("kronstadt", order=1, unlocks=["riga"], at=[29.7, 59.99],
                                  port=words("Kronstadt")))
    write(folder, "2.json", level("riga", order=2, at=[24.1, 57.0], port=words("Riga")))
    write(folder, "3.json", level("murmansk", order=1, voyage="arctic", unlocks=["kola"],
                                  at=[33.1, 69.0], port=words("Murmansk"),
                                  boss=BOSS | {"stinger": "ice"}))
    write(folder, "4.json", level("kola", order=2, voyage="arctic", at=[35.0, 69.3],
                                  port=words("Kola")))
    return folder


def test_each_voyage_has_its_own_chart_and_a_locked_one_says_what_opens_it(home, two_voyages,
                                                                          monkeypatch):
    app = make_app(two_voyages)
    chart = open_chart(app)
    assert chart.shown_voyage.id == "europe"
    assert [lv.id for lv in chart.levels] == ["kronstadt", "riga"]
    assert chart.pane.view.proj.lon0 == 12.0
    assert chart._chart_words()[1] == "Voyage europe (en)"              # the cartouche
    frames(app, 1, [key(pygame.K_PAGEDOWN)])
    assert chart.shown_voyage.id == "arctic" and chart.pane.view.proj.lon0 == 30.0
    assert [lv.id for lv in chart.levels] == ["murmansk", "kola"]
    assert chart._states() == ["locked", "locked"]
    shown = drawn_words(app, monkeypatch)
    assert "This voyage opens when “Voyage europe (en)” is finished." in shown
    chart.open_briefing()
    assert app.scenes.top is chart
    assert any("opens when" in n[0] for n in app.notices)
    chart.layout()
    frames(app, 1, click(chart.voyage_arrows[0].center))                # the arrows too
    assert chart.shown_voyage.id == "europe"
    app.quit()


def test_finishing_the_first_voyage_opens_the_second_on_its_own_chart(home, two_voyages):
    from game.campaign import Result
    sailed(home, two_voyages, ("kronstadt", 3, {"shots": 30}))
    app = make_app(two_voyages)
    chart = open_chart(app)
    assert chart.level.id == "riga"
    chart.voyage.progress.record("riga", 1, {"shots": 99})
    opened = chart.voyage.level("murmansk")
    assert chart.voyage.state(opened) == "open"
    app.scenes.push(ResultScene(app, chart, Result(chart.level, True, False, 1, {"shots": 99},
                                                   1, [opened], "normal", [], "europe")))
    assert chart.shown_voyage.id == "arctic" and chart.level.id == "murmansk"
    assert chart._states() == ["open", "locked"]
    app.quit()


def test_a_finished_voyage_has_its_closing_scene_then_the_credits(home, two_voyages,
                                                                  monkeypatch):
    from game.campaign import Result
    from game.scenes.campaign.ending import ClosingScene, CreditsScene, sailed_path
    app = make_app(two_voyages)
    chart = open_chart(app)
    chart.voyage.progress.record("kronstadt", 1, {"shots": 30})
    chart.voyage.progress.record("murmansk", 1, {"shots": 30})      # another voyage's
    chart.voyage.progress.award("voyage_europe", "riga")
    riga = chart.voyage.level("riga")
    app.scenes.push(ResultScene(app, chart, Result(riga, True, False, 2, {"shots": 60}, 2, [],
                                                   "normal", ["voyage_europe"], "europe")))
    frames(app, 1, [key(pygame.K_RETURN)])              # Continue: the voyage's end
    closing = app.scenes.top
    assert isinstance(closing, ClosingScene) and closing.vdef.id == "europe"
    assert [lv.id for lv in closing.levels] == ["kronstadt", "riga"]
    closing.layout()
    assert closing.path[0] == closing.pane.ports[0] and closing.path[-1] == closing.pane.ports[1]
    assert sailed_path(closing.pane) == closing.path
    shown = drawn_words(app, monkeypatch, 30)
    assert "The voyage is over" in shown and "Stars: 1 of 2" in shown
    assert any(w.startswith("The end of europe") for w in shown)          # its ending words
    assert "Great Voyage" in shown                                        # its medals
    frames(app, 1, [key(pygame.K_SPACE)])
    credits = app.scenes.top
    assert isinstance(credits, CreditsScene)
    frames(app, 30)
    rolled = drawn_words(app, monkeypatch, 60 * 12)
    for said in ("made by the Sea Battle developers", "Natural Earth", "PT Sans", "Russo One"):
        assert any(said in w for w in rolled), said
    frames(app, 1, click((10, 10)))
    assert app.scenes.top is chart
    app.quit()


def test_the_credits_name_every_font_and_the_map_of_assets_readme():
    from pathlib import Path
    from game.i18n import Translator
    readme = (Path(__file__).resolve().parents[1] / "assets" / "README.md").read_text(
        encoding="utf-8")
    tr = Translator("en")
    credits = " ".join(tr(f"credits.{k}") for k in ("font_russo", "font_pt", "map"))
    for name in ("Russo One", "PT Sans", "Natural Earth", "Jovanny Lemonad", "ParaType"):
        assert name in readme and name in credits, name


def test_closing_scene_esc_goes_straight_back_and_credits_end_by_themselves(home, two_voyages):
    from game.scenes.campaign.ending import ClosingScene, CreditsScene
    app = make_app(two_voyages)
    chart = open_chart(app)
    app.scenes.push(ClosingScene(app, chart, "europe"))
    frames(app, 30)
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is chart
    app.scenes.push(CreditsScene(app))
    for _ in range(200):
        if app.scenes.top is chart:
            break
        frames(app, 30)
    assert app.scenes.top is chart
    app.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "ru", "uk", "no"])
def test_every_new_campaign_screen_draws_at_every_size_in_every_language(home, two_voyages,
                                                                         size, lang):
    from game.campaign import Result
    from game.scenes.campaign.ending import ClosingScene, CreditsScene
    from game.scenes.campaign.medals import MedalCaseScene
    app = make_app(two_voyages, size)
    app.settings.language = lang
    app.apply_settings()
    chart = open_chart(app)
    chart.voyage.progress.award("boss_hard", "murmansk", "hard")
    boss = chart.voyage.level("murmansk")
    result = Result(boss, True, False, 1, {"shots": 50}, 1, [], "hard", ["boss_hard"], "arctic",
                    0, 1)
    for scene in (MedalCaseScene(app, chart.voyage, "Olga"),
                  BossScene(app, boss, "before", lambda: None, lambda: None),
                  BossScene(app, boss, "after", lambda: None, won=False),
                  ResultScene(app, chart, result), ClosingScene(app, chart, "arctic"),
                  CreditsScene(app)):
        app.scenes.push(scene)
        frames(app, 45)
        assert app.scenes.top is scene
        app.scenes.pop()
    frames(app, 1, [key(pygame.K_PAGEDOWN)])
    frames(app, 5)
    assert chart.shown_voyage.id == "arctic"
    app.quit()
