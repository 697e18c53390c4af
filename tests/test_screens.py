"""Issue 18, items 9, 10 and 12: the set-up screen, the first opponent, dialogs and settings."""

import json
import re

import pygame
import pytest

from game.ai.opponents import OPPONENTS, first_opponent, opponent, roster
from game.app import App
from game.i18n import LANGUAGES, Translator
from game.i18n.phrase import say
from game.render import text
from game.rules.classic import PRESETS
from game.modes import MODES, korabliki_level, naval_level
from game.scenes.quick_match import SetupScene
from game.scenes.common.title import TitleScene

from .test_scenes import frames, key

SMALL = (800, 600)


@pytest.fixture
def small_app(home):
    a = App(size=SMALL, seed=5, audio=False)
    a.scenes.push(TitleScene(a))
    frames(a, 1)
    yield a
    a.quit()


def setup_scene(app, mode: str, kind: str = "computer") -> SetupScene:
    app.settings.quick_match["mode"] = mode
    scene = app.scenes.push(SetupScene(app, kind))
    frames(app, 1)
    return scene


def row(scene, key_: str):
    """The visible row whose label is the translation of ``key_`` (None if hidden)."""
    label = scene.tr(key_)
    return next((it for it in scene.menu.items if it.label() == label), None)


# --- item 9: each game its own opponents -----------------------------------------------------

@pytest.mark.parametrize("mode", ["naval", "korabliki"])
def test_each_game_lists_its_own_opponents_with_its_own_words(small_app, mode):
    scene = setup_scene(small_app, mode)
    item = row(scene, "setup.opponent")
    assert item.values() == [o.key for o in roster(mode)]
    classic_words = {scene.tr(o.about_key) for o in OPPONENTS}
    for k in item.values():
        scene.choices[{"naval": "naval_opponent", "korabliki": "korabliki_opponent"}[mode]] = k
        about = scene.tr(scene.opponent.about_key)
        assert about not in classic_words and "Perelman" not in about
        assert scene.tr.has(scene.opponent.about_key)


@pytest.mark.parametrize("mode, key_, level", [("naval", "commodore", "commodore"),
                                               ("naval", "boatswain", "gunner"),
                                               ("korabliki", "sailor", "sailor"),
                                               ("korabliki", "admiral", "admiral")])
def test_the_battle_names_and_plays_the_opponent_chosen(small_app, mode, key_, level):
    scene = setup_scene(small_app, mode)
    item = row(scene, "setup.opponent")
    assert key_ in item.values()
    item.set(key_)
    scene.start()
    seat = small_app.scenes.top.match.seats[1]
    assert seat.name == small_app.tr(f"opponent.{key_}.name")
    assert (naval_level if mode == "naval" else korabliki_level)(seat) == level


def rows_by_label(scene) -> dict:
    """Each row's words, with its place on the screen (as laid out for the last frame)."""
    return {it.label(): pygame.Rect(it.rect) for it in scene.menu.items}


@pytest.mark.parametrize("kind", ["computer", "two", "online"])
def test_rows_keep_their_places_when_the_game_changes(small_app, kind):
    """Issue 33: choosing another game moved the rows below, so the next click landed on
    another row. Every row stays where it was; the game's own options share one row."""
    scene = setup_scene(small_app, "classic", kind)
    before = rows_by_label(scene)
    count = len(scene.menu.items)
    start = scene.menu.items.index(row(scene, "setup.start"))
    scene.menu.index = 0
    for mode in scene.modes()[1:]:
        frames(small_app, 1, [key(pygame.K_RIGHT)])      # the next game
        assert scene.mode == mode
        assert len(scene.menu.items) == count
        after = rows_by_label(scene)
        for label, rect in after.items():
            if label in before:
                assert rect == before[label], (mode, label)
        assert scene.menu.items.index(row(scene, "setup.start")) == start
    assert scene.menu.current is scene.menu.items[0]       # the selection stays on the Game row


def test_the_games_own_row_is_classics_rules_navals_aegis_or_none(small_app):
    scene = setup_scene(small_app, "classic")
    slot = scene.menu.items.index(row(scene, "setup.first")) - 1
    assert scene.menu.items[slot].label().startswith(scene.tr("setup.rules", rules=""))
    scene.menu.index = 0
    frames(small_app, 1, [key(pygame.K_RIGHT)])          # Naval: its Aegis row
    assert scene.menu.items[slot] is row(scene, "setup.auto_intercept")
    assert scene.menu.items[slot].enabled()
    frames(small_app, 1, [key(pygame.K_RIGHT)])          # «Кораблики»: no options, said so
    assert scene.mode == "korabliki"
    assert scene.menu.items[slot].label() == scene.tr("setup.no_options")
    assert not scene.menu.items[slot].enabled()
    frames(small_app, 1, [key(pygame.K_DOWN)] * 3)        # the keys pass over it
    assert scene.menu.current is row(scene, "setup.first")


def test_a_click_on_start_after_changing_the_game_starts_the_game(small_app):
    from .helpers import click
    scene = setup_scene(small_app, "classic")
    from game.scenes.korabliki.placement import KorablikiSetupScene
    start = row(scene, "setup.start").rect
    aim = (start.centerx, start.bottom - start.h // 4)    # low on the row, as a hand aims
    game = row(scene, "setup.mode")
    frames(small_app, 1, click(game.right.center))        # Classic -> Naval
    frames(small_app, 1, click(game.right.center))        # Naval -> «Кораблики»
    assert scene.mode == "korabliki"
    frames(small_app, 1, click(aim))
    assert isinstance(small_app.scenes.top, KorablikiSetupScene)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 480)])
@pytest.mark.parametrize("kind", ["computer", "two", "online"])
def test_the_set_up_shows_the_games_card_and_the_opponents_portrait(home, monkeypatch, size,
                                                                     kind):
    """Issue 33, menus with presence: over the rows, the chosen game's card and (against the
    computer) the chosen opponent's portrait; the band, the rows and the words under them
    each in a place of their own, inside the window."""
    from game.scenes import quick_match
    app = App(size=size, seed=1, audio=False)
    app.scenes.push(TitleScene(app))
    scene = setup_scene(app, "naval", kind)
    faces, cards = [], []
    monkeypatch.setattr(quick_match, "draw_portrait",
                        lambda surface, rect, spec, t=0.0: faces.append(spec))
    real = quick_match.mode_art
    monkeypatch.setattr(quick_match, "mode_art",
                        lambda subject, w, h, draw=None: cards.append(subject)
                        or real(subject, w, h, draw))
    frames(app, 1)
    band, panel = scene.band, scene._panel_rect()
    assert band.h > 0 and band.bottom <= panel.top and band.top > 0
    assert panel.bottom <= size[1]
    assert cards[0] == "naval"
    if kind == "computer":
        assert faces == [scene.opponent.portrait]
    else:
        assert faces == [] and cards[1] == ("two" if kind == "two" else "online")
    app.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_settings_show_a_corner_of_the_board_as_they_make_it(home, monkeypatch, size):
    """Issue 33: the settings with a picture: the ship's wheel and a corner of a board lettered
    as the Letters row says, its sunk ship haloed or not as the Halo row says."""
    from game.scenes.common import settings as screen
    app = App(size=size, seed=1, audio=False)
    app.settings.language = "ru"
    app.apply_settings()
    app.scenes.push(TitleScene(app))
    scene = app.scenes.push(screen.SettingsScene(app))
    seen = []
    monkeypatch.setattr(screen, "draw_board_sample",
                        lambda surface, rect, letters, halo: seen.append((letters, halo)))
    frames(app, 1)
    app.settings.letters, app.settings.halo = "latin", False
    frames(app, 1)
    assert seen == [("АБВГД", True), ("ABCDE", False)]
    panel = scene._panel_rect()
    for card in (scene.wheel, scene.sample):
        assert card.w > 0 and not card.colliderect(panel) and app.screen.get_rect().contains(card)
    app.quit()


def test_choices_stop_at_their_ends_and_say_so(small_app):
    """Issue 33: Left/Right at the end of the opponents wrapped to the first without a sign.
    Every choice stops at its ends: the key or the arrow there is refused, and the arrow that
    leads nowhere is drawn dim."""
    from game.render import theme
    from .helpers import click
    scene = setup_scene(small_app, "classic")
    item = row(scene, "setup.opponent")
    scene.menu.index = scene.menu.items.index(item)
    heard = []
    scene.menu.sound = heard.append
    last, first = item.values()[-1], item.values()[0]
    item.set(last)
    frames(small_app, 1, [key(pygame.K_RIGHT)])
    assert item.get() == last and heard[-1] == "refuse"
    frames(small_app, 1, click(item.right.center))
    assert item.get() == last and heard[-1] == "refuse"
    assert small_app.screen.get_at(item.right.center)[:3] != theme.ACCENT
    assert small_app.screen.get_at(item.left.center)[:3] == theme.ACCENT
    frames(small_app, 1, [key(pygame.K_LEFT)])
    assert item.get() == item.values()[-2] and heard[-1] == "click"
    item.set(first)
    frames(small_app, 1, [key(pygame.K_LEFT)])
    assert item.get() == first and heard[-1] == "refuse"
    assert small_app.screen.get_at(item.left.center)[:3] != theme.ACCENT
    # the same in the settings: the language list stops at its last language too
    from game.scenes.common.settings import SettingsScene
    settings = small_app.scenes.push(SettingsScene(small_app))
    frames(small_app, 1)
    language = settings.menu.items[0]
    settings.menu.index = 0
    language.set(language.values()[-1])
    frames(small_app, 1, [key(pygame.K_RIGHT)])
    assert language.get() == language.values()[-1]


def test_the_highlight_glides_to_the_row_chosen_on_elapsed_time(small_app):
    """Issue 33: a selection that moves. Down on the title: the highlight leaves the first row
    and eases onto the second over a fraction of a second of the scene's time, not frames."""
    title = small_app.scenes.top
    menu = title.menu
    first, second = menu.items[0].rect, menu.items[1].rect
    assert menu.shown_row() == 0
    frames(small_app, 1, [key(pygame.K_DOWN)])           # one frame on: on its way
    assert menu.index == 1 and 0 < menu.shown_row() < 1
    y = first.y + menu.shown_row() * first.h
    assert first.y < y < second.y
    small_app.step(0.5, [])                               # half a second later: arrived
    assert menu.shown_row() == 1


def test_the_captains_badge_writes_his_name_as_he_typed_it(small_app):
    """Issue 33: the title's badge said "tester" for "Tester": the profile's key (the file's
    name, lower case) stood in for the name when the voyage had none of its own."""
    from game.data.progress import Progress, ProgressStore
    small_app.settings.quick_match["player"] = "Tester"
    scene = setup_scene(small_app, "naval")                # a game that saves no profile after
    scene.start()
    assert small_app.settings.profile == "tester"
    ProgressStore().save(Progress("tester", "", levels={"a": {"stars": 2, "wins": 1, "tries": 1,
                                                              "best": 40,
                                                              "difficulty": "normal"}}))
    title = TitleScene(small_app)
    assert "Tester" in title._rank_words() and "tester" not in title._rank_words()


@pytest.mark.parametrize("device", [False, True])
def test_settings_say_when_there_is_no_audio_device(home, device):
    """Issue 33: Settings said "Sound: on" with no audio device. Without one the Sound row
    says so, and there is nothing to switch there; with one it says on or muted."""
    from game.scenes.common.settings import SettingsScene
    app = App(size=SMALL, seed=1, audio=device)
    app.scenes.push(TitleScene(app))
    scene = app.scenes.push(SettingsScene(app))
    frames(app, 1)
    sound = row(scene, "settings.sound")
    assert app.audio.enabled == device
    words = sound.show(sound.get())
    if device:
        assert words == app.tr("settings.sound_on") and sound.enabled()
    else:
        assert words == app.tr("settings.no_device") and not sound.enabled()
    app.quit()


@pytest.mark.parametrize("lang", ["ru", "uk", "no"])
@pytest.mark.parametrize("screen", ["naval-ships", "naval-weapons", "korabliki"])
def test_the_set_up_help_is_whole_at_640x480(home, monkeypatch, lang, screen):
    """Issue 33: at 640×480 the help beside the board was cut off above the buttons (Naval's
    and «Кораблики»'s set-up). It is drawn whole, in a smaller size where it must, and never
    over the buttons."""
    from game.scenes.korabliki.placement import KorablikiSetupScene
    from game.scenes.naval.placement import NavalPlacementScene
    from .helpers import open_set_up
    kind = NavalPlacementScene if screen.startswith("naval") else KorablikiSetupScene
    app, scene, _ = open_set_up(kind, ["Ann", "Bob"], (640, 480), lang)
    if screen == "naval-weapons":
        frames(app, 1, [key(pygame.K_a)])                 # every ship placed and armed
        assert scene.phase == "weapons"
    keys = {"naval-ships": ("naval.place.help_ships", "naval.place.ring"),
            "naval-weapons": ("naval.place.help_weapons", "naval.place.ring"),
            "korabliki": ("kor.setup.help",)}[screen]
    drawn = []
    real = text.draw

    def spy(surface, words, *args, **kw):
        rect = real(surface, words, *args, **kw)
        drawn.append((words, rect))
        return rect
    monkeypatch.setattr(text, "draw", spy)
    frames(app, 1)
    monkeypatch.setattr(text, "draw", real)
    words = " ".join(app.tr(k) for k in keys).split()
    lines = [(w, r) for w, r in drawn if w and set(w.split()) <= set(words)]
    shown = " ".join(w for w, _ in lines).split()
    assert shown[-4:] == words[-4:], (shown[-8:], words[-8:])
    buttons = min(b.rect.y for b in scene.buttons)
    assert all(r.bottom <= buttons for _, r in lines)
    app.quit()


def test_no_text_cites_the_rules_file_or_says_a_field_twice():
    from .test_i18n import all_texts         # plain texts and every form of a plural entry
    for lang in LANGUAGES:
        for k, words in all_texts(lang):
            assert "§" not in words and "RULES" not in words, (lang, k, words)
            fields = re.findall(r"\{(\w+)\}", words)
            assert len(fields) == len(set(fields)), (lang, k, words)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_line_names_the_board_once(lang):
    tr = Translator(lang)
    for name, config in PRESETS.items():
        line = say(MODES["classic"].describe(config), tr)
        board = f"{config.width}×{config.height}"
        assert line.count(board) == 1, line


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("mode", ["classic", "naval", "korabliki"])
@pytest.mark.parametrize("kind", ["computer", "two"])
def test_every_value_fits_its_row_at_800x600(small_app, lang, mode, kind):
    small_app.settings.language = lang
    small_app.apply_settings()
    small_app.settings.quick_match["rules"] = PRESETS["large-18"].to_dict()
    scene = setup_scene(small_app, mode, kind)
    menu = scene.menu
    for item in menu.items:
        if not item.is_choice:
            continue
        room = menu.value_room(item)
        for value in item.values():
            words = item.show(value)
            assert text.size(words, menu.px)[0] <= room.w, (item.label(), words)


@pytest.mark.parametrize("mode, columns", [("classic", 18), ("naval", 12), ("korabliki", 16)])
def test_the_letters_row_shows_a_letter_per_column(small_app, mode, columns):
    small_app.settings.language = "ru"
    small_app.apply_settings()
    small_app.settings.quick_match["rules"] = PRESETS["large-18"].to_dict()
    scene = setup_scene(small_app, mode)
    item = row(scene, "settings.letters")
    for value in item.values():
        letters = re.sub(r"^.*: ", "", item.show(value)).split(" ")
        # issue 33: a letter per column, spaced, however long the row ("ABCDEFGHIJKL" was not)
        assert len(letters) == columns and all(len(c) == 1 for c in letters), (value, letters)


# --- item 10: a new player starts mid-ladder, and the choice is remembered --------------------

def test_a_new_player_meets_a_mid_ladder_opponent_and_the_choice_is_remembered(home):
    a = App(size=SMALL, seed=1, audio=False)
    a.scenes.push(TitleScene(a))
    for mode in ("classic", "naval", "korabliki"):
        scene = setup_scene(a, mode)
        ladder = roster(mode)
        assert scene.opponent == first_opponent(mode)
        assert 1 < scene.opponent.level < max(o.level for o in ladder)
        a.scenes.pop()
    scene = setup_scene(a, "classic")
    scene.menu.index = scene.menu.items.index(row(scene, "setup.opponent"))
    frames(a, 1, [key(pygame.K_RIGHT), key(pygame.K_ESCAPE)])
    chosen = scene.opponent.key
    assert chosen != first_opponent("classic").key
    a.quit()
    saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    assert saved["quick_match"]["opponent"] == chosen
    b = App(size=SMALL, seed=2, audio=False)
    b.scenes.push(TitleScene(b))
    assert setup_scene(b, "classic").opponent == opponent(chosen)
    b.quit()


# --- item 12: dialogs and settings ----------------------------------------------------------

def test_the_abandon_question_hides_the_pause_menu_under_it(small_app):
    from game.scenes.common.dialogs import ConfirmScene, PauseScene, confirm_abandon
    app = small_app
    app.scenes.push(PauseScene(app))
    confirm_abandon(app)
    frames(app, 1)
    inside = app.scenes.top._panel_rect().inflate(-8, -8)
    over_pause = app.screen.subsurface(inside).copy()
    app.scenes.pop()
    app.scenes.pop()
    app.scenes.push(ConfirmScene(app, app.tr("dialog.abandon"), lambda: None))
    frames(app, 1)
    alone = app.screen.subsurface(inside).copy()
    assert pygame.image.tobytes(over_pause, "RGB") == pygame.image.tobytes(alone, "RGB")


def release(k):
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_toggling_full_screen_by_keyboard_changes_no_other_setting(home):
    from dataclasses import asdict

    from game.scenes.common.settings import SettingsScene
    app = App(size=(1280, 720), seed=1, audio=False)
    app.scenes.push(TitleScene(app))
    scene = app.scenes.push(SettingsScene(app))
    frames(app, 1)
    display = row(scene, "settings.window")
    scene.menu.index = scene.menu.items.index(display)
    before = asdict(app.settings)
    frames(app, 1, [key(pygame.K_RIGHT)])
    assert app.settings.fullscreen
    # the new window reports the resting pointer over another row, and the held key repeats
    language = row(scene, "settings.language")
    frames(app, 1, [motion(language.rect.center), key(pygame.K_RIGHT)])
    assert scene.menu.current is display
    frames(app, 1, [release(pygame.K_RIGHT), key(pygame.K_RETURN), release(pygame.K_RETURN)])
    after = asdict(app.settings)
    assert not app.settings.fullscreen
    assert {k: v for k, v in after.items()} == before
    assert app.size == app.screen.get_size() == (1280, 720)
    app.quit()


def test_a_resize_reported_for_the_full_screen_is_not_taken_by_the_window(home):
    app = App(size=(1280, 720), seed=1, audio=False)
    app.scenes.push(TitleScene(app))
    frames(app, 1, [key(pygame.K_F11), release(pygame.K_F11)])
    full = app.screen.get_size()
    assert app.settings.fullscreen
    late = pygame.event.Event(pygame.VIDEORESIZE, size=full, w=full[0], h=full[1])
    frames(app, 1, [key(pygame.K_F11), release(pygame.K_F11), late])
    assert not app.settings.fullscreen
    assert app.size == app.screen.get_size() == (1280, 720)
    assert app.settings.window == [1280, 720]
    app.quit()


def test_settings_offer_window_sizes_applied_at_once_and_at_the_next_start(home):
    from game.scenes.common.settings import SettingsScene
    app = App(size=None, seed=1, audio=False)
    app.scenes.push(TitleScene(app))
    scene = app.scenes.push(SettingsScene(app))
    frames(app, 1)
    sizes = row(scene, "settings.window_size")
    assert (800, 600) in sizes.values() and len(sizes.values()) >= 2
    scene.menu.index = scene.menu.items.index(sizes)
    for _ in range(len(sizes.values())):
        if sizes.get() == (800, 600):
            break
        frames(app, 1, [key(pygame.K_LEFT), release(pygame.K_LEFT)])
    assert app.screen.get_size() == app.size == (800, 600)
    frames(app, 1, [key(pygame.K_ESCAPE)])
    app.quit()
    again = App(size=None, seed=2, audio=False)
    assert again.screen.get_size() == (800, 600)
    again.quit()


# --- item 12: a change of language in the middle of a game reaches every word ------------------

ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def speak_russian_now(app):
    app.settings.language = "ru"
    app.apply_settings()


def test_the_classic_log_names_and_remarks_follow_a_change_of_language(home):
    from game.scenes.classic.battle import BattleScene

    from .test_scenes import quick_battle, settle
    app = App(size=(1280, 720), seed=7, audio=False)
    app.settings.language = "en"
    app.apply_settings()
    app.scenes.push(TitleScene(app))
    battle = quick_battle(app)
    for cell in ((0, 0), (2, 0), (4, 0), (6, 0)):
        if not isinstance(app.scenes.top, BattleScene) or battle.game.over:
            break
        if battle.game.turn == 0:
            battle.fire(cell)
        settle(app)
    lines = [words for words, _ in battle.log]
    assert len(lines) >= 3 and any(ENGLISH_WORD.search(w) for w in lines)
    speak_russian_now(app)
    frames(app, 1)
    assert battle.match.seats[1].name == "Боцман" and battle.match.seats[0].name == "Вы"
    for words, _ in battle.log:
        assert not ENGLISH_WORD.search(words), words
    app.quit()


def computers_battle(app, mode: str):
    """Two computer opponents of ``mode`` chosen as on the set-up screen, in English."""
    import random as _random

    from game.i18n.phrase import Phrase
    from game.rules import korabliki as kr
    from game.rules import naval as nv
    from game.scenes.korabliki.battle import KorablikiBattleScene
    from game.match import COMPUTER, Match, Seat
    from game.scenes.naval.battle import NavalBattleScene
    app.settings.language = "en"
    app.apply_settings()
    seats = tuple(Seat(COMPUTER, app.tr(o.name_key), o.shooter, o.placement, o.personality,
                       label=Phrase(o.name_key)) for o in roster(mode)[-2:])
    if mode == "naval":
        match = Match(nv.NavalConfig(), seats, first="0", seed=5)
        game = nv.NavalGame(match.config, match.computer_setups(), 0)
        scene = NavalBattleScene(app, match, game, keep_record=False)
    else:
        match = Match(kr.KorablikiConfig(), seats, first="0", seed=5)
        game = kr.new_game(kr.KorablikiConfig(), _random.Random(3), first=0)
        scene = KorablikiBattleScene(app, match, game, keep_record=False)
    app.scenes.push(scene)
    return scene


@pytest.mark.parametrize("mode", ["naval", "korabliki"])
def test_every_log_line_of_naval_and_korabliki_follows_a_change_of_language(home, mode):
    app = App(size=(1280, 720), seed=3, audio=False)
    app.scenes.push(TitleScene(app))
    scene = computers_battle(app, mode)
    for _ in range(3000):
        if app.scenes.top is not scene or len(scene.log) >= 12:
            break
        if scene.busy:
            scene.skip()
        frames(app)
    lines = [words for words, _ in scene.log]
    assert len(lines) >= 5 and any(ENGLISH_WORD.search(w) for w in lines)
    speak_russian_now(app)
    assert [s.name for s in scene.match.seats] == [
        Translator("ru")(o.name_key) for o in roster(mode)[-2:]]
    for words, _ in scene.log:
        assert not ENGLISH_WORD.search(words), words
    app.quit()


def test_the_pause_menu_and_the_abandon_question_follow_a_change_of_language(small_app, monkeypatch):
    from game.scenes.common import dialogs
    from game.scenes.common.dialogs import PauseScene, confirm_abandon
    app = small_app
    app.settings.language = "en"
    app.apply_settings()
    app.scenes.push(PauseScene(app))
    confirm_abandon(app)
    speak_russian_now(app)
    drawn = []
    real = dialogs.text.draw
    monkeypatch.setattr(dialogs.text, "draw",
                        lambda surface, words, *a, **k: drawn.append(words) or real(surface, words, *a, **k))
    frames(app, 1)
    ru = Translator("ru")
    assert ru("pause.title") in drawn
    assert any(ru("dialog.abandon").startswith(w) for w in drawn if w)
    en = Translator("en")
    assert en("pause.title") not in drawn and not any(
        w and en("dialog.abandon").startswith(w) for w in drawn)


def test_a_campaign_opponent_s_name_follows_a_change_of_language():
    from game.campaign import make_match
    from game.levels import load_levels
    levels, _ = load_levels()
    level = next(lv for lv in levels if lv.name("ru") != lv.name("en"))
    match = make_match(level, 1, "Anna", lang="en")
    assert match.seats[1].name == level.name("en")
    match.translate(Translator("ru"))
    assert match.seats[1].name == level.name("ru") and match.seats[0].name == "Anna"


def test_full_screen_twice_gives_back_the_window_it_left(home):
    """Issue 33, defect 7: a window opened at 800×600 (``--size``, not the saved size) came
    back from F11 twice as the saved 1280×720."""
    app = App(size=(800, 600), seed=1, audio=False)
    app.scenes.push(TitleScene(app))
    frames(app, 1, [key(pygame.K_F11), release(pygame.K_F11)])
    assert app.settings.fullscreen
    frames(app, 1, [key(pygame.K_F11), release(pygame.K_F11)])
    assert not app.settings.fullscreen
    assert app.size == app.screen.get_size() == (800, 600)
    app.quit()
