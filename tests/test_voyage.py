"""The campaign's screens (issue 7) driven headless: the chart, the briefing, a battle that
saves itself and resumes at the next start, the result with its stars, captains, and a broken
level file skipped with a message."""

import json

import pygame
import pytest

from game.app import App
from game.campaign import Voyage
from game.data.progress import ProgressStore
from game.scenes.classic.battle import BattleScene
from game.scenes.common.dialogs import ConfirmScene, PauseScene
from game.scenes.classic.gameover import GameOverScene
from game.scenes.classic.placement import PlacementScene
from game.scenes.common.title import TitleScene
from game.scenes.campaign.briefing import BriefingScene
from game.scenes.campaign.captains import CaptainsScene
from game.scenes.campaign.chart import VoyageScene
from game.scenes.campaign.result import ResultScene
from game.scenes.campaign.sailing import offer_resume

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
    chart.layout()
    frames(app, 1, click(chart.pane.ports[0]))        # a click chooses a port...
    assert chart.level.id == "one"
    frames(app, 1, click(chart.pane.ports[0]))        # ...and a second one opens its briefing
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
    assert all(resumed.fields[1].marks[c] for c in enemy[:3])   # the boards show it as it was
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
    app.flow.to_chart()                            # (as after a crash: the stack is gone)
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
    from game.campaign import autoplay
    a = App(size=size, seed=5)
    a.scenes.push(TitleScene(a))
    chart = a.scenes.push(VoyageScene(a))
    first = chart.voyage.levels[0]
    game = autoplay(first, 1, "hunter")      # a battle to show the result of (any player will do)
    for lang in ("ru", "uk", "en", "no"):
        a.settings.language = lang
        a.apply_settings()
        for _ in chart.voyages:                   # each voyage's chart, every port chosen
            for i in range(len(chart.levels)):
                chart.index = i
                frames(a, 1)
            chart.show_voyage(1)
        chart.index = 0
        a.scenes.push(BriefingScene(a, chart, chart.voyage.levels[-1]))
        frames(a, 3)
        a.scenes.pop()
        result = chart.voyage.finish(first, game)
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
    from game.scenes.korabliki.battle import KorablikiBattleScene
    from game.scenes.naval.battle import NavalBattleScene
    from game.scenes.campaign.sailing import start_level

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
    opponent = match.players()[1]       # sets up both sides (seat 0 is the person's)
    game = match.new_game([opponent.set_up(0), opponent.set_up(1)])
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


# --- issue 18: damaged files, a stale resume, the campaign screens -------------------------

def damaged(name, stars=7):
    return json.dumps({"version": 1, "name": name, "levels": {
        "one": {"stars": stars, "wins": 1, "tries": 1, "best": {"shots": 80}}}})


def test_the_captains_list_reports_a_damaged_file_and_leaves_it(app, home):
    """Item 3: opening the list renames nothing; each damaged file is named on that screen."""
    folder = home / "campaign"
    folder.mkdir()
    (folder / "olga.json").write_text("{oops", encoding="utf-8")
    (folder / "ivan.json").write_text(damaged("Ivan"), encoding="utf-8")
    chart = open_chart(app)
    app.notices.clear()
    frames(app, 1, [key(pygame.K_c)])
    captains = app.scenes.top
    assert isinstance(captains, CaptainsScene)
    assert sorted(p.name for p in folder.iterdir()) == ["ivan.json", "olga.json"]
    assert (folder / "olga.json").read_text(encoding="utf-8") == "{oops"
    shown = [n[0] for n in app.notices]
    assert any("olga.json" in n and "not valid JSON" in n for n in shown), shown
    assert any("ivan.json" in n and "levels.one.stars" in n and "7" in n for n in shown), shown
    labels = [item.label() for item in captains.menu.items]
    assert any(s.startswith("Ivan:") and "1" in s for s in labels), labels   # the win kept
    assert chart.voyage.progress.levels == {}        # the captain at the helm is untouched


def test_taking_the_helm_keeps_what_is_valid_and_reports_the_rest(app, home):
    folder = home / "campaign"
    folder.mkdir()
    (folder / "ivan.json").write_text(damaged("Ivan"), encoding="utf-8")
    chart = open_chart(app)
    frames(app, 1, [key(pygame.K_c)])
    captains = app.scenes.top
    app.notices.clear()
    captains.menu.index = next(i for i, it in enumerate(captains.menu.items)
                               if it.label().startswith("Ivan"))
    frames(app, 1, [key(pygame.K_RETURN)])
    assert app.scenes.top is chart and chart.voyage.key == "ivan"
    assert chart.voyage.progress.won == {"one"} and chart.voyage.progress.name == "Ivan"
    assert chart.captain == "Ivan"
    assert any("ivan.json" in n[0] and "broken-1" in n[0] for n in app.notices)
    assert (folder / "ivan.json.broken-1").read_text(encoding="utf-8") == damaged("Ivan")


def test_a_captains_name_keeps_its_case(app, home):
    """Item 3: even when his progress file is lost, a captain is listed as he signed on; and
    item 13: Enter in the name field signs on."""
    chart = open_chart(app)
    frames(app, 1, [key(pygame.K_c)])
    captains = app.scenes.top
    captains.menu.index = len(captains.menu.items) - 3     # the new captain's name
    frames(app, 1, typed("Olga") + [key(pygame.K_RETURN)])
    assert app.scenes.top is chart and app.settings.profile == "olga"
    assert chart.captain == "Olga"
    (home / "campaign" / "olga.json").write_text("{oops", encoding="utf-8")
    frames(app, 1, [key(pygame.K_c)])
    labels = [item.label() for item in app.scenes.top.menu.items]
    assert any(s.startswith("> Olga:") for s in labels), labels


def test_a_battle_that_cannot_be_resumed_is_offered_no_more(home, levels_dir):
    """Item 4: once reported, the broken battle is set aside: neither the chart nor the
    briefing offers to resume it."""
    folder = home / "campaign"
    folder.mkdir()
    battle = folder / "player.battle.json"
    text = json.dumps({"version": 1, "level": "one", "seed": 3, "game": {"mode": "naval"}})
    battle.write_text(text, encoding="utf-8")
    a = make_app(levels_dir)
    assert offer_resume(a)
    a.notices.clear()
    frames(a, 1, [key(pygame.K_DOWN), key(pygame.K_RETURN)])   # Yes
    chart = a.scenes.top
    assert isinstance(chart, VoyageScene)
    assert any("cannot be resumed" in n[0] and "player.battle.json" in n[0] for n in a.notices)
    assert not battle.exists()
    assert (folder / "player.battle.json.broken-1").read_text(encoding="utf-8") == text
    assert chart.saved is None and chart._sail_label() == "Set sail"
    frames(a, 1, [key(pygame.K_RETURN)])
    brief = a.scenes.top
    assert isinstance(brief, BriefingScene) and brief.saved is None
    assert [item.label() for item in brief.menu.items] == ["Set sail", "Back"]
    a.quit()


@pytest.fixture
def forked_dir(tmp_path):
    """Two ports both open a third."""
    from .test_levels import words
    folder = tmp_path / "forked"
    folder.mkdir()
    write(folder, "1.json", level("one", order=1, unlocks=["three"], port=words("Riga")))
    write(folder, "2.json", level("two", order=2, unlocks=["three"], port=words("Gdansk")))
    write(folder, "3.json", level("three", order=3, port=words("Bergen")))
    return folder


def test_a_locked_port_names_every_port_that_opens_it(home, forked_dir):
    a = make_app(forked_dir)
    chart = open_chart(a)
    chart.index = 2
    words = chart._locked_words(chart.level)
    assert "Riga (en)" in words and "Gdansk (en)" in words
    a.quit()


def test_set_sail_looks_disabled_on_a_locked_port_and_says_why(app):
    from game.render import theme
    chart = open_chart(app)
    item = chart.sail_item
    assert chart.menu.current is item

    def accent_pixels():
        frames(app, 1)
        area = app.screen.subsurface(item.rect.clip(app.screen.get_rect()))
        return sum(1 for x in range(area.get_width()) for y in range(area.get_height())
                   if area.get_at((x, y))[:3] == theme.ACCENT[:3])
    assert accent_pixels() > 0                       # an open port: Set sail in the accent
    frames(app, 1, [key(pygame.K_RIGHT)])
    assert chart.voyage.state(chart.level) == "locked" and chart.menu.current is item
    assert accent_pixels() == 0                      # locked: dimmed like any disabled item
    app.notices.clear()
    frames(app, 1, [key(pygame.K_RETURN)])
    assert app.scenes.top is chart
    assert any(n[0].startswith("Locked: win at Port (en) first") for n in app.notices)


def test_after_a_restart_the_chart_opens_on_the_newest_open_port(home, levels_dir):
    from game.campaign import autoplay
    store = ProgressStore(home / "campaign")
    v = Voyage("player", "", levels_dir, store)
    v.choose(v.level("one"))
    lv = v.level("one")
    for seed in range(20):
        game = autoplay(lv, seed, "density")
        if game.winner == 0:
            break
    result = v.finish(lv, game)
    assert [o.id for o in result.opened] == ["two"]
    v.save()
    a = make_app(levels_dir)                          # the game starts again
    chart = open_chart(a)
    assert chart.level.id == "two"
    a.quit()
    p = store.load("player")
    p.last = "one"                                    # an older save: the won port chosen last
    store.save(p)
    assert Voyage("player", "", levels_dir, store).current().id == "two"


def test_the_rules_line_says_what_each_shipped_level_plays(home):
    from game.i18n import Translator
    from game.levels import load_levels
    from game.i18n.phrase import say
    from game.modes import MODES

    def mode_words(tr, lv):
        return say(MODES[lv.mode].describe(lv.config, preset=lv.preset), tr)
    levels = {lv.id: lv for lv in load_levels()[0]}
    for lang in ("en", "ru", "uk", "no"):
        tr = Translator(lang)
        for lv in levels.values():
            assert tr("preset.custom") not in mode_words(tr, lv), (lang, lv.id)
    tr = Translator("en")
    assert mode_words(tr, levels["bent-hulls"]) == "Russian 10×10 · bent ships (L, square, zigzag)"
    assert mode_words(tr, levels["corner-touch"]) == "Russian 10×10 · corners may touch"
    assert mode_words(tr, levels["corsair-strait"]) == ("Russian 10×10 · shots per salvo: 3 · "
                                                        "mines: 2 · a mine costs your next turn")
    assert mode_words(tr, levels["great-fleet"]) == tr("preset.large-18")   # no "18×18" twice


def spoken(app):
    """The translation keys a screen asks for while it is drawn."""
    asked = []
    tr = app.tr

    def recording(key, /, **params):
        asked.append(key)
        return tr(key, **params)
    app.tr = recording
    return asked


def test_korabliki_briefings_do_not_say_fire(home):
    a = App(size=(1280, 720), seed=5)
    a.scenes.push(TitleScene(a))
    chart = a.scenes.push(VoyageScene(a))
    lv = next(lv for lv in chart.voyage.levels if lv.mode == "korabliki")
    assert lv.first == "player"
    asked = spoken(a)
    a.scenes.push(BriefingScene(a, chart, lv))
    frames(a, 1)
    assert "campaign.moves.player" in asked and "campaign.first.player" not in asked
    a.quit()


def test_the_result_says_which_star_limit_was_missed(app):
    from game.campaign import Result
    chart = open_chart(app)
    lv = chart.voyage.level("one")                    # two stars: at most 95 shots
    result = Result(lv, True, False, 1, {"shots": 97, "ships_lost": 2}, 1)
    asked = spoken(app)
    app.scenes.push(ResultScene(app, chart, result))
    frames(app, 2)
    from game.scenes.campaign.words import missed_words
    assert missed_words(app.tr, result) == ["Star 2 needs at most 95 shots: you had 97"]
    assert "campaign.missed" in asked
    assert missed_words(app.tr, Result(lv, True, False, 2, {"shots": 90}, 2)) == []
    assert missed_words(app.tr, Result(lv, False, False, 0, {"shots": 90}, 0)) == []
