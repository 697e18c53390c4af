"""A game controller plays the game (issue 38, part 5): synthetic controller events (as SDL
sends them through pygame-ce's controller API) drive the App through menus, placements,
battles of every mode, dialogs and text fields; the stick's dead zone and its repeat on
elapsed time; hot-plugging; the prompts naming the pad's buttons once it is used."""

from types import SimpleNamespace

import pygame
import pytest

from game import pad as pads
from game.app import App
from game.render import prompts
from game.rules.classic import AIR_STRIKE, RADAR
from game.scenes.classic.battle import BattleScene
from game.scenes.classic.placement import PlacementScene
from game.scenes.common.dialogs import ConfirmScene, PauseScene
from game.scenes.common.title import TitleScene
from game.scenes.korabliki.battle import KorablikiBattleScene
from game.scenes.korabliki.placement import KorablikiSetupScene
from game.scenes.naval.battle import NavalBattleScene
from game.scenes.naval.placement import NavalPlacementScene
from game.scenes.quick_match import SetupScene

from .helpers import key
from .test_arsenal_screen import open_battle

PAD = 5      # the instance id of the pad the tests hold
B = SimpleNamespace(**{n.lower(): getattr(pygame, "CONTROLLER_BUTTON_" + n) for n in (
    "A", "B", "X", "Y", "LEFTSHOULDER", "RIGHTSHOULDER", "START", "BACK", "DPAD_UP",
    "DPAD_DOWN", "DPAD_LEFT", "DPAD_RIGHT")})
RIGHT_X = pygame.CONTROLLER_AXIS_LEFTX


def button(b, down=True, pad=PAD):
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    return pygame.event.Event(kind, button=b, instance_id=pad)


def axis(a, value, pad=PAD):
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=a, value=int(value * 32767),
                              instance_id=pad)


def frames(app, n=1, events=()):
    app.step(1 / 60, list(events))
    for _ in range(n - 1):
        app.step(1 / 60, [])


def tap(app, b, n=2, pad=PAD):
    """Button ``b`` pressed and let go, then ``n`` frames."""
    frames(app, 1, [button(b, True, pad)])
    frames(app, n, [button(b, False, pad)])


@pytest.fixture
def app(home):
    app = App(size=(1280, 720), seed=7, audio=False)
    app.settings.letters = "latin"
    app.scenes.push(TitleScene(app))
    frames(app, 2)
    yield app
    app.quit()


def to_setup(app, mode: str) -> SetupScene:
    """The title's Quick match chosen by pad, and ``mode`` chosen on the game row."""
    tap(app, B.dpad_down)
    tap(app, B.a)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    while setup.menu.index != 0:
        tap(app, B.dpad_up, n=1)
    modes = setup.menu.current.values()
    for _ in range(len(modes)):                   # a choice stops at its ends
        tap(app, B.dpad_left, n=1)
    for _ in range(len(modes)):
        if setup.choices["mode"] == mode:
            break
        tap(app, B.dpad_right, n=1)
    assert setup.choices["mode"] == mode
    return setup


def start(app, setup):
    """Down to Start, A."""
    while setup.menu.current.label() != app.tr("setup.start"):
        tap(app, B.dpad_down, n=1)
    tap(app, B.a, n=3)


def through_to_battle(app, kind, limit=600):
    for _ in range(limit):
        if isinstance(app.scenes.top, kind) and not app.scenes.top.busy:
            return app.scenes.top
        frames(app)
    raise AssertionError(f"no {kind.__name__}: {type(app.scenes.top).__name__}")


# -- menus and dialogs --------------------------------------------------------------------------

def test_a_menu_is_moved_and_chosen_and_b_goes_back(app):
    title = app.scenes.top
    tap(app, B.dpad_down)
    assert title.menu.index == 1 and app.input_device == "pad"
    tap(app, B.a)
    assert isinstance(app.scenes.top, SetupScene)
    tap(app, B.b)
    assert app.scenes.top is title


def test_a_dialog_is_answered_no_with_b_and_yes_with_a(app):
    tap(app, B.b)                                 # the title's Esc: quit?
    assert isinstance(app.scenes.top, ConfirmScene)
    tap(app, B.b)                                 # no
    assert isinstance(app.scenes.top, TitleScene) and app.running
    tap(app, B.b)
    tap(app, B.dpad_down)                         # from No to Yes
    frames(app, 1, [button(B.a)])
    assert not app.running


def test_a_text_field_is_confirmed_and_left_but_not_typed_into(app):
    setup = to_setup(app, "classic")
    while setup.menu.current.label() != app.tr("setup.your_name"):
        tap(app, B.dpad_down, n=1)
    name = setup.menu.current.get()
    row = setup.menu.index
    tap(app, B.a)                                 # Enter on a text field: nothing typed
    tap(app, B.x)
    assert setup.menu.current.get() == name and app.scenes.top is setup
    tap(app, B.dpad_down)
    assert setup.menu.index == row + 1
    tap(app, B.b)
    assert isinstance(app.scenes.top, TitleScene)


# -- Classic --------------------------------------------------------------------------------------

def test_a_classic_fleet_placed_and_a_shot_fired_by_pad_alone(app):
    start(app, to_setup(app, "classic"))
    place = app.scenes.top
    assert isinstance(place, PlacementScene)
    tap(app, B.y)                                 # Tab: a ship in hand
    assert place.held is not None
    form = place.form
    tap(app, B.leftshoulder)                      # R: rotated
    assert place.form != form
    tap(app, B.rightshoulder)
    assert place.form == form
    tap(app, B.x)                                 # A: the fleet at random
    assert place.complete
    tap(app, B.a, n=3)                            # Enter: ready
    battle = through_to_battle(app, BattleScene)
    assert battle.human_to_move
    cursor = battle.cursor
    tap(app, B.dpad_right, n=1)
    assert battle.cursor == ((cursor[0] + 1) % 10, cursor[1])
    moves = battle.table.moves
    tap(app, B.a)                                 # Enter: fire
    assert battle.table.moves == moves + 1


def test_start_pauses_a_battle_and_resumes_it(app):
    start(app, to_setup(app, "classic"))
    tap(app, B.x)
    tap(app, B.a, n=3)
    battle = through_to_battle(app, BattleScene)
    tap(app, B.start)
    assert isinstance(app.scenes.top, PauseScene)
    tap(app, B.start)
    assert app.scenes.top is battle


def test_the_shoulders_step_through_the_arsenal_and_back_to_a_plain_shot(app):
    scene = open_battle(app)                      # Arcade, each side has missed once
    assert scene.weapon is None
    tap(app, B.rightshoulder)
    assert scene.weapon == RADAR
    tap(app, B.rightshoulder)
    assert scene.weapon == AIR_STRIKE
    tap(app, B.leftshoulder)
    tap(app, B.leftshoulder)
    assert scene.weapon is None                   # past the first weapon: a plain shot
    tap(app, B.leftshoulder)                      # round to the last weapon in stock
    assert scene.weapon is not None and scene.weapon != RADAR


def test_the_flying_dutchman_is_drawn_by_pad(app):
    from game.rules.classic import PRESETS
    from game.scenes.classic.dutchman import PaintShipScene
    drawn = []
    paint = PaintShipScene(app, PRESETS["dutchman"], "latin", "", 6, drawn.append)
    app.scenes.push(paint)
    frames(app, 2)
    tap(app, B.a)                                 # Space: the cursor's cell drawn
    assert paint.cells == {paint.cursor}
    tap(app, B.x)                                 # A: a random shape
    assert len(paint.cells) == 6 and paint.problem() is None
    tap(app, B.start)                             # Enter: ready
    assert drawn and set(drawn[0]) == paint.cells


# -- Naval and «Кораблики» -------------------------------------------------------------------

def test_naval_placed_and_a_volley_planned_and_fired_by_pad(app):
    start(app, to_setup(app, "naval"))
    place = app.scenes.top
    assert isinstance(place, NavalPlacementScene)
    tap(app, B.x)                                 # A: placed and armed at random
    assert place.complete
    for _ in range(3):
        tap(app, B.a, n=3)                        # Enter: ready (each phase)
        if not isinstance(app.scenes.top, NavalPlacementScene):
            break
    battle = through_to_battle(app, NavalBattleScene)
    assert battle.human_to_move
    tools = {battle.tool}
    tap(app, B.rightshoulder)
    tools.add(battle.tool)
    assert len(tools) == 2 or not battle._view().torpedo_ready and battle._view().planes == 0
    tap(app, B.leftshoulder)
    assert battle.tool == "guns"
    tap(app, B.a)                                 # Space: the cursor's cells marked
    assert battle.planned()
    moves = battle.table.moves
    for _ in range(10):                           # every gun's shells marked, then fired
        tap(app, B.x, n=3)                        # Enter: the volley (refused if short)
        if battle.table.moves > moves:
            break
        tap(app, B.dpad_down, n=1)
        tap(app, B.dpad_down, n=1)
        tap(app, B.a)
    assert battle.table.moves > moves


def test_korabliki_set_up_and_a_piece_picked_by_pad(app):
    start(app, to_setup(app, "korabliki"))
    place = app.scenes.top
    assert isinstance(place, KorablikiSetupScene)
    rank = place.rank if hasattr(place, "rank") else None
    tap(app, B.rightshoulder)                     # Tab: the next kind of piece
    assert rank is None or place.rank != rank
    tap(app, B.x)                                 # A: auto
    assert place.complete
    tap(app, B.a, n=3)                            # Enter: ready
    battle = through_to_battle(app, KorablikiBattleScene, limit=1200)
    if not battle.human_to_move:
        pytest.skip("the computer moves first with this seed")
    tap(app, B.y)                                 # Tab: the cursor on a piece that can move
    tap(app, B.a)                                 # Space: picked
    assert battle.selected == battle.cursor


def test_a_button_that_stands_for_a_letter_key_types_nothing_into_a_name(app):
    start(app, to_setup(app, "korabliki"))
    place = app.scenes.top
    tap(app, B.x)                                 # auto: all placed, so it may be saved
    frames(app, 1, [key(pygame.K_s, pygame.KMOD_LCTRL)])    # the save dialog, by keyboard
    assert place.dialog == "save"
    name = place.name
    tap(app, B.x)                                 # the letter A's button: no "a" typed
    tap(app, B.y)
    assert place.name == name and place.dialog == "save"
    tap(app, B.b)                                 # Esc: the dialog closes
    assert place.dialog is None


# -- the stick -------------------------------------------------------------------------------------

def test_the_stick_inside_its_dead_zone_presses_nothing():
    p = pads.Pads()
    assert p.translate(axis(RIGHT_X, 0.3))[0] == []
    assert p.translate(axis(RIGHT_X, -0.45))[0] == []
    assert p.update(2.0) == []


def test_the_stick_presses_an_arrow_once_and_repeats_on_elapsed_time_not_frames():
    def downs(events):
        return [e.key for e in events if e.type == pygame.KEYDOWN]

    counts = []
    for steps, dt in ((4, 0.25), (100, 0.01)):           # one second, in big or small steps
        p = pads.Pads()
        first = downs(p.translate(axis(RIGHT_X, 0.9))[0])
        assert first == [pygame.K_RIGHT]
        assert p.translate(axis(RIGHT_X, 0.95))[0] == []  # still right: no second press
        repeats = []
        for _ in range(steps):
            repeats += downs(p.update(dt))
        counts.append(len(repeats))
        up = p.translate(axis(RIGHT_X, 0.1))[0]
        assert [e.type for e in up] == [pygame.KEYUP]
    # held 1 s: a repeat at 0.35 s, then every 0.12 s: 0.35, 0.47, ... 0.95
    assert counts[0] == counts[1] == 6


def test_the_stick_holds_its_arrow_until_it_falls_back_under_the_release():
    p = pads.Pads()
    p.translate(axis(RIGHT_X, 0.6))
    assert p.translate(axis(RIGHT_X, 0.4))[0] == []      # between release and dead zone
    assert p.translate(axis(RIGHT_X, 0.2))[0][0].type == pygame.KEYUP


def test_the_stick_moves_a_menu_and_repeats_while_held(app):
    title = app.scenes.top
    frames(app, 1, [axis(pygame.CONTROLLER_AXIS_LEFTY, 0.9)])
    assert title.menu.index == 1
    for _ in range(25):                                  # 0.43 s held: one repeat (0.35)
        app.step(1 / 60, [])
    assert title.menu.index == 2
    frames(app, 1, [axis(pygame.CONTROLLER_AXIS_LEFTY, 0.0)])
    for _ in range(60):
        app.step(1 / 60, [])
    assert title.menu.index == 2


def test_a_trigger_pulled_past_half_is_its_shoulder_button():
    p = pads.Pads(lambda: {"rb": pygame.K_r})
    trigger = pygame.CONTROLLER_AXIS_TRIGGERRIGHT
    assert p.translate(axis(trigger, 0.3))[0] == []
    down = p.translate(axis(trigger, 0.8))[0]
    assert [(e.type, e.key) for e in down if e.type == pygame.KEYDOWN] == [
        (pygame.KEYDOWN, pygame.K_r)]
    assert p.translate(axis(trigger, 1.0))[0] == []
    assert [e.type for e in p.translate(axis(trigger, 0.0))[0]] == [pygame.KEYUP]


# -- hot-plug -----------------------------------------------------------------------------------

class FakePad:
    def __init__(self, index):
        self.index, self.name, self.closed = index, "Test pad", False

    def as_joystick(self):
        return SimpleNamespace(get_instance_id=lambda: 40 + self.index)

    def quit(self):
        self.closed = True


def test_a_pad_plugged_in_is_opened_and_one_pulled_out_is_closed(app, monkeypatch):
    from pygame._sdl2 import controller
    monkeypatch.setattr(controller, "is_controller", lambda i: True)
    monkeypatch.setattr(controller, "Controller", FakePad)
    app.pads.available = True
    frames(app, 1, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=2)])
    opened = app.pads.opened[42]
    assert opened.name == "Test pad"
    assert app.notices[-1][0] == app.tr("notice.pad_added")
    frames(app, 1, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42)])
    assert opened.closed and 42 not in app.pads.opened
    assert app.notices[-1][0] == app.tr("notice.pad_removed")


def test_an_added_device_that_cannot_be_opened_changes_nothing(app):
    title = app.scenes.top
    frames(app, 2, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99)])
    assert app.scenes.top is title and app.pads.opened == {} and not app.notices


def test_a_pad_pulled_out_mid_battle_lets_go_and_its_stale_events_are_ignored(app):
    start(app, to_setup(app, "classic"))
    tap(app, B.x)
    tap(app, B.a, n=3)
    battle = through_to_battle(app, BattleScene)
    frames(app, 1, [axis(RIGHT_X, 0.9)])               # the stick held right...
    assert pygame.K_RIGHT in app.keys_down
    frames(app, 1, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)])
    assert pygame.K_RIGHT not in app.keys_down          # ...let go with the pad
    assert app.scenes.top is battle                      # no pause, no crash
    cursor, moves = battle.cursor, battle.table.moves
    for _ in range(60):                                  # no repeat from a pad that is gone
        app.step(1 / 60, [])
    tap(app, B.a)                                        # queued before the removal: stale
    tap(app, B.dpad_left)
    assert (battle.cursor, battle.table.moves) == (cursor, moves)
    tap(app, B.a, pad=PAD + 1)                           # another pad still plays
    assert battle.table.moves == moves + 1


def test_no_controller_subsystem_changes_nothing(home, monkeypatch):
    from pygame._sdl2 import controller

    def broken():
        raise pygame.error("no controller subsystem")
    monkeypatch.setattr(controller, "init", broken)
    app = App(size=(800, 600), seed=1, audio=False)
    assert not app.pads.available
    app.scenes.push(TitleScene(app))
    frames(app, 2, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0)])
    assert app.pads.opened == {} and app.input_device == "keys"
    app.quit()


# -- prompts ----------------------------------------------------------------------------------

def test_prompts_name_the_pad_once_used_and_the_keys_after_a_key_press(app):
    keys_words = app.tr("title.keys")
    tap(app, B.dpad_down)
    assert app.input_device == "pad"
    assert app.tr("title.keys") != keys_words and "B" in app.tr("title.keys")
    tap(app, B.a)                                 # the set-up screen: Enter is A
    assert prompts.pad_button("Enter") == "a"
    frames(app, 1, [key(pygame.K_DOWN)])
    assert app.input_device == "keys"
    assert app.tr("title.keys") == keys_words
    assert prompts.pad_button("Enter") is None


def test_a_placement_button_shows_the_pad_button_that_presses_its_key(app):
    start(app, to_setup(app, "classic"))
    assert isinstance(app.scenes.top, PlacementScene)
    assert prompts.pad_button("A") == "x"         # Auto-place [A]: the pad's X
    assert prompts.pad_button("R") == "lb"
    assert prompts.pad_button("C") == "back"
    assert prompts.pad_button("Ctrl+S") is None   # a key no button presses here
    tap(app, B.start)                             # Start on a set-up screen: Enter, ready


def test_the_monkey_plugs_in_a_pad_and_uses_its_buttons_and_stick(home, monkeypatch):
    import io

    from game import monkey
    seen = []
    translate = pads.Pads.translate
    monkeypatch.setattr(pads.Pads, "translate",
                        lambda self, e: seen.append(e.type) or translate(self, e))
    result = monkey.Monkey(300, 1, err=io.StringIO()).run()
    assert result["crashes"] == 0
    for kind in (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERBUTTONDOWN,
                 pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION):
        assert kind in seen


@pytest.mark.parametrize("mode", ["classic", "naval"])
def test_with_a_pad_in_hand_the_battle_does_not_ask_to_type_a_target(app, mode):
    """The typing line ("Type a target: _") asks for the keyboard; once a controller is used
    and nothing is typed it is not shown (the hint says how to aim with the pad); a key pressed
    brings it back."""
    if mode == "classic":
        scene = open_battle(app)
    else:
        start(app, to_setup(app, "naval"))
        tap(app, B.x)                                 # placed and armed at random
        for _ in range(3):
            tap(app, B.a, n=3)
            if not isinstance(app.scenes.top, NavalPlacementScene):
                break
        scene = through_to_battle(app, NavalBattleScene)
    asking = scene.tr("battle.typed", typed="").strip()
    app.use_device("keys")
    assert scene.typed_line(True).startswith(asking)
    app.use_device("pad")
    assert scene.typed_line(True) == ""
    app.use_device("keys")
    assert scene.typed_line(True).startswith(asking)


def test_a_new_game_window_names_the_keyboard_whatever_the_last_one_used(app):
    """The prompts' device is the whole process's (render.prompts): a game started after one
    whose player last used a pad must name the keyboard's keys again, as its own App says
    (it named the pad's buttons, with the old window's controller map, until a key was
    pressed; a test of the 100 % layout that ran after a pad test saw the pad's pictures)."""
    app.use_device("pad")
    assert prompts.device == "pad"
    app.quit()
    again = App(size=(800, 600), seed=1, audio=False)
    try:
        assert again.input_device == "keys" and prompts.device == "keys"
        assert prompts.pad_button("A") is None
    finally:
        again.quit()
