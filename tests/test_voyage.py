"""The campaign's screens (issue 7) driven headless: the chart, the briefing, a battle that
saves itself and resumes at the next start, the result with its stars, captains, and a broken
level file skipped with a message."""

import json

import pygame
import pytest

from game.app import App
from game.campaign import Voyage
from game.data.progress import ProgressStore
from game.scenes.battle import BattleScene
from game.scenes.dialogs import ConfirmScene, PauseScene
from game.scenes.gameover import GameOverScene
from game.scenes.placement import PlacementScene
from game.scenes.title import TitleScene
from game.scenes.voyage import (BriefingScene, CaptainsScene, ResultScene, VoyageScene,
                                offer_resume)

from .test_levels import level, write
from .test_scenes import click, finish_by_human, frames, key, typed

SIZES = [(1280, 720), (800, 600)]


@pytest.fixture
def levels_dir(tmp_path):
    folder = tmp_path / "levels"
    folder.mkdir()
    write(folder, "1.json", level("one", order=1, unlocks=["two"], map=[0.1, 0.5],
                                  stars={"two": {"shots": 95}}))
    write(folder, "2.json", level("two", order=2, map=[0.9, 0.5]))
    return folder


def make_app(levels_dir, size=(1280, 720)):
    a = App(size=size, seed=11)
    a.levels_dir = levels_dir
    a.scenes.push(TitleScene(a))
    frames(a, 2)
    return a


@pytest.fixture
def app(home, levels_dir):
    a = make_app(levels_dir)
    yield a
    a.quit()


def open_chart(app) -> VoyageScene:
    frames(app, 1, [key(pygame.K_RETURN)])        # the title's first item: Campaign
    chart = app.scenes.top
    assert isinstance(chart, VoyageScene)
    return chart


def sail(app, chart) -> BattleScene:
    frames(app, 1, [key(pygame.K_RETURN)])        # Set sail: the briefing
    assert isinstance(app.scenes.top, BriefingScene)
    frames(app, 1, [key(pygame.K_RETURN)])        # Set sail
    placement = app.scenes.top
    assert isinstance(placement, PlacementScene)
    frames(app, 1, [key(pygame.K_a), key(pygame.K_RETURN)])
    battle = app.scenes.top
    assert isinstance(battle, BattleScene) and battle.match.campaign is not None
    return battle


def test_the_chart_opens_at_the_first_port_and_keeps_the_locked_one_shut(app):
    chart = open_chart(app)
    assert [lv.id for lv in chart.voyage.levels] == ["one", "two"]
    assert chart.level.id == "one" and chart.voyage.state(chart.level) == "open"
    frames(app, 1, [key(pygame.K_RIGHT)])
    assert chart.level.id == "two" and chart.voyage.state(chart.level) == "locked"
    chart.open_briefing()
    assert app.scenes.top is chart                # no briefing for a locked port
    assert any("Locked" in n[0] for n in app.notices)
    chart._layout()
    frames(app, 1, click(chart._ports[0]))        # a click chooses a port...
    assert chart.level.id == "one"
    frames(app, 1, click(chart._ports[0]))        # ...and a second one opens its briefing
    assert isinstance(app.scenes.top, BriefingScene)
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is chart
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, TitleScene)


def test_a_won_battle_earns_stars_and_opens_the_next_port(app, home):
    chart = open_chart(app)
    battle = sail(app, chart)
    assert battle.match.seats[1].name == "Vanya (en)"
    finish_by_human(app, battle)
    over = app.scenes.top
    assert isinstance(over, GameOverScene) and over.game.winner == 0
    result = over.campaign.result
    assert result.won and result.stars == (2 if result.metrics["shots"] <= 95 else 1)
    assert [lv.id for lv in result.opened] == ["two"]
    saved = json.loads((home / "campaign" / "player.json").read_text(encoding="utf-8"))
    assert saved["levels"]["one"]["stars"] == result.stars
    assert not (home / "campaign" / "player.battle.json").exists()
    frames(app, 1, [key(pygame.K_RETURN)])        # Back to the chart
    shown = app.scenes.top
    assert isinstance(shown, ResultScene) and shown.result is result
    frames(app, 90)
    assert shown.chimed == result.stars           # each star pops in with a chime
    frames(app, 1, [key(pygame.K_RETURN)])        # Continue
    chart = app.scenes.top
    assert isinstance(chart, VoyageScene)
    assert chart.level.id == "two" and chart.voyage.state(chart.level) == "open"


def test_a_battle_survives_closing_the_window_and_resumes_at_the_next_start(home, levels_dir):
    a = make_app(levels_dir)
    battle = sail(a, open_chart(a))
    enemy = [c for ship in battle.game.ships[1] for c in ship]
    for cell in enemy[:3]:                        # hits: the person keeps the turn
        battle.fire(cell)
        frames(a, 1, [key(pygame.K_SPACE)])
    moves = len(battle.game.history)
    assert moves == 3
    a.handle(pygame.event.Event(pygame.QUIT))     # the window closes mid-battle
    assert not a.running
    b = make_app(levels_dir)
    assert offer_resume(b)
    assert isinstance(b.scenes.top, ConfirmScene)
    frames(b, 1, [key(pygame.K_DOWN), key(pygame.K_RETURN)])   # Yes
    resumed = b.scenes.top
    assert isinstance(resumed, BattleScene) and resumed.match.campaign.level.id == "one"
    assert len(resumed.game.history) == moves
    assert resumed.game.to_dict()["fleets"] == battle.game.to_dict()["fleets"]
    assert all(resumed.shown[1].marks[c] for c in enemy[:3])   # the boards show it as it was
    b.quit()


def test_abandoning_a_campaign_battle_returns_to_the_chart(app, home):
    battle = sail(app, open_chart(app))
    battle.fire(next(c for ship in battle.game.ships[1] for c in ship))
    frames(app, 1, [key(pygame.K_SPACE)])
    assert (home / "campaign" / "player.battle.json").exists()
    frames(app, 1, [key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    pause.menu.index = len(pause.menu.items) - 1
    frames(app, 1, [key(pygame.K_RETURN), key(pygame.K_DOWN), key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, VoyageScene)
    assert not (home / "campaign" / "player.battle.json").exists()


def test_a_saved_battle_is_offered_in_the_briefing(app):
    battle = sail(app, open_chart(app))
    battle.fire(next(c for ship in battle.game.ships[1] for c in ship))
    frames(app, 1, [key(pygame.K_SPACE)])
    from game.scenes.voyage import open_voyage
    open_voyage(app)                              # (as after a crash: the stack is gone)
    chart = app.scenes.top
    assert chart._sail_label() == "Resume the battle"
    frames(app, 1, [key(pygame.K_RETURN)])
    brief = app.scenes.top
    assert isinstance(brief, BriefingScene) and brief.saved is not None
    frames(app, 1, [key(pygame.K_RETURN)])        # Resume
    assert isinstance(app.scenes.top, BattleScene)
    assert len(app.scenes.top.game.history) == 1


def test_a_broken_level_file_is_skipped_with_a_message(home, levels_dir):
    write(levels_dir, "3.json", level("three", order=3, mode="chess"))
    a = make_app(levels_dir)
    a.notices.clear()
    chart = open_chart(a)
    assert [lv.id for lv in chart.voyage.levels] == ["one", "two"]
    assert any("3.json" in n[0] and "'mode'" in n[0] and n[0].startswith("Level skipped")
               for n in a.notices)
    a.quit()


def test_a_corrupt_progress_file_is_kept_aside_with_a_message(home, levels_dir):
    folder = home / "campaign"
    folder.mkdir()
    (folder / "player.json").write_text("{oops", encoding="utf-8")
    a = make_app(levels_dir)
    a.notices.clear()
    chart = open_chart(a)
    assert chart.voyage.progress.levels == {}
    assert (folder / "player.json.broken-1").read_text(encoding="utf-8") == "{oops"
    assert any("player.json" in n[0] and "broken-1" in n[0] for n in a.notices)
    a.quit()


def test_captains_each_keep_their_own_voyage(app, home):
    store = ProgressStore(home / "campaign")
    v = Voyage("player", "", app.levels_dir, store)
    v.progress.record("one", 2, {"shots": 60})
    v.save()
    chart = open_chart(app)
    assert chart.voyage.opened() == {"one", "two"}
    frames(app, 1, [key(pygame.K_c)])
    captains = app.scenes.top
    assert isinstance(captains, CaptainsScene)
    captains.menu.index = len(captains.menu.items) - 3     # the new captain's name
    frames(app, 1, typed("Ольга"))
    frames(app, 1, [key(pygame.K_DOWN), key(pygame.K_RETURN)])   # Sign on
    assert app.scenes.top is chart
    assert app.settings.profile != "player"
    assert chart.voyage.opened() == {"one"} and chart.voyage.progress.name == "Ольга"
    frames(app, 1, [key(pygame.K_c)])
    captains = app.scenes.top
    labels = [item.label() for item in captains.menu.items]
    assert any("Ольга" in s and s.startswith("> ") for s in labels)
    assert any(s.startswith("You:") for s in labels)    # the default captain is always listed
    captains.menu.index = next(i for i, s in enumerate(labels) if "You" in s)
    frames(app, 1, [key(pygame.K_RETURN)])
    assert app.settings.profile == "player" and chart.voyage.opened() == {"one", "two"}


@pytest.mark.parametrize("size", SIZES)
def test_every_campaign_screen_draws_at_every_size(home, size):
    """The shipped voyage: chart, briefing, result, captains, in every language."""
    a = App(size=size, seed=5)
    a.scenes.push(TitleScene(a))
    chart = a.scenes.push(VoyageScene(a))
    for lang in ("ru", "uk", "en", "no"):
        a.settings.language = lang
        a.apply_settings()
        for i in range(len(chart.voyage.levels)):
            chart.index = i
            frames(a, 1)
        chart.index = 0
        a.scenes.push(BriefingScene(a, chart, chart.voyage.levels[-1]))
        frames(a, 3)
        a.scenes.pop()
        from game.campaign import autoplay
        lv = chart.voyage.levels[0]
        result = chart.voyage.finish(lv, autoplay(lv, 1))
        a.scenes.push(ResultScene(a, chart, result))
        frames(a, 40)
        a.scenes.pop()
        a.scenes.push(CaptainsScene(a, chart))
        frames(a, 2)
        a.scenes.pop()
    assert a.screen.get_size() == size
    a.quit()


@pytest.mark.parametrize("mode", ["naval", "korabliki"])
def test_naval_and_korabliki_battles_resume_too(home, tmp_path, mode):
    """A saved battle of each mode comes back as that mode's battle scene, as it stood."""
    from game.campaign import make_match
    from game.scenes.korabliki_battle import KorablikiBattleScene
    from game.scenes.naval_battle import NavalBattleScene
    from game.scenes.voyage import start_level

    folder = tmp_path / "lv"
    folder.mkdir()
    ai = {"naval": "gunner", "korabliki": "sailor"}[mode]
    write(folder, "1.json", level("one", mode=mode, preset=None,
                                  opponent={"personality": "captain", "ai": ai,
                                            "name": {"en": "X", "ru": "X", "uk": "X", "no": "X"}}))
    a = make_app(folder)
    chart = open_chart(a)
    lv = chart.voyage.level("one")
    match = make_match(lv, 5, "Me", voyage=chart.voyage)
    ais = (match.naval_ais() if mode == "naval" else match.korabliki_ais())
    other = {"naval": lambda: [ais[1].place(), ais[1].place()],
             "korabliki": lambda: [ais[1].setup(0), ais[1].setup(1)]}[mode]()
    game = match.new_game(other)
    import random
    rng = random.Random(1)
    from game.rules.modes import MODES
    while len(game.history) < 6 or game.turn != 0:       # play a little, stop on the person
        game.apply(MODES[mode].random_action(game, rng))
        match.progressed(game)
    saved = chart.voyage.saved_battle()
    assert saved is not None and len(saved["game"]["moves"]) == len(game.history)
    start_level(a, chart.voyage, lv, saved)
    scene = a.scenes.top
    kind = NavalBattleScene if mode == "naval" else KorablikiBattleScene
    assert isinstance(scene, kind) and scene.match.campaign is not None
    assert scene.game.to_dict() == game.to_dict()
    frames(a, 5)
    a.quit()
