"""The monkey: the whole game, from the title screen, played headless by random but plausible
input, looking for crashes (``python -m game.bench monkey --events N --seed S [--size WxH]``).

It starts the game as ``main.py`` does (``app.launch``) and feeds the App the events a person at
the keyboard and mouse makes: the keys the scenes handle (arrows, Enter, Esc, Space, Tab,
letters and digits, PageUp/PageDown, …) each followed by its typed text (Latin, or Cyrillic
when the "keyboard layout" is Russian, as SDL sends them), clicks, drags, the wheel and window
resizes (VIDEORESIZE with WINDOWRESIZED, after resizing the window as a window manager does),
and a game controller's (plugged in, its buttons, its stick inside and past its dead zone and
its triggers, pulled out with a button of it still queued).
Time passes as a person waits: the App's ``step`` is called with a time step chosen here, and
sometimes for long idle stretches, so computer turns, animations and the attract-mode battle
run. When the game quits it is started again, and so after a crash.

Pure noise would never finish a game, so the input is biased, never privileged: clicks aim at
what the top scene shows (menu items and their arrows, buttons, board cells: the rectangles its
laid out for its last frame), and purposeful bursts do what a player would (on a placement screen,
the key for random placement and Enter; in a battle, enemy cells clicked in sequence; in
«Кораблики», a legal move and an asking act; in the settings, the animation speed turned up, and
the palette, reduced motion and the text size changed). Each start of the game is now and then a
player's who set those before (issue 38: a palette for his colour vision, reduced motion, text
at 125 or 150 %), and the summary counts the frames shown with each (``comfort``).
A battle still going after ``BORED_AFTER`` events is given up as a person would (Esc, leave,
yes). Every event goes through ``App.step`` and the scenes' own handlers.

Reproducible from the seed: every choice comes from one ``random.Random(seed)``, time is
stepped by hand, the computer players' worker thread is replaced by a synchronous one for the
run, and the game keeps its files in a fresh temporary folder (removed afterwards), so it never
touches the player's own settings and saves.

A crash is counted every time; each distinct one (the exception's type and the innermost frame
of the game's own code) has its traceback printed once on ``err``.
"""

from __future__ import annotations

import concurrent.futures
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

GAME_DIR = Path(__file__).resolve().parent

# the window sizes a person drags the window to (one below the game's minimum)
SIZES = ((1280, 720), (800, 600), (1024, 768), (1920, 1080), (640, 480), (1000, 640),
         (1366, 768), (560, 420))

# physical key -> Cyrillic letter on the Russian ЙЦУКЕН layout
RU_LAYOUT = dict(zip("qwertyuiop[]asdfghjkl;'zxcvbnm,.", "йцукенгшщзхъфывапролджэячсмитьбю"))
CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

BORED_AFTER = 1500   # input events in one battle before the person may give it up ...
PATIENT_AFTER = 8000  # ... or, while he has never seen how such a game ends, this many

# curiosity: the screens of each game a person has not seen yet draw him to that game
SCREENS_OF = {
    "naval": ("NavalPlacementScene", "NavalBattleScene", "NavalGameOverScene"),
    "korabliki": ("KorablikiSetupScene", "KorablikiBattleScene", "KorablikiGameOverScene"),
    "classic": ("PlacementScene", "BattleScene", "GameOverScene", "ThinkingScene",
                "PaintShipScene", "RulesScene"),
}
END_OF = {"BattleScene": "GameOverScene", "NavalBattleScene": "NavalGameOverScene",
          "KorablikiBattleScene": "KorablikiGameOverScene"}
IDLE_STEP = 0.1      # the longest time step the real loop takes (app.run caps it there)


def _free_port() -> int:
    """A port nobody listens on now, on this machine."""
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class GameWontStart(Exception):
    """The game crashed every time it was started: the run cannot go on."""


class Synchronous(concurrent.futures.Executor):
    """An executor that runs each task at once, in the caller's thread: given to the game as
    its computers' worker (``App(thinker=…)``), the computer's choice is ready on the next
    frame whatever the machine's speed, so the monkey and the frames bench play the same frames
    from the same seed on any machine. ``aside``, if given, adds up the seconds the tasks took
    (the frames bench leaves them out of a frame)."""

    def __init__(self, aside: list | None = None):
        self.aside = aside

    def submit(self, fn, /, *args, **kwargs):
        future = concurrent.futures.Future()
        t0 = time.perf_counter()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:   # handed to whoever asks for the result, as a pool does
            future.set_exception(exc)
        if self.aside is not None:
            self.aside[0] += time.perf_counter() - t0
        return future


def _key_table():
    """(key, weight) of the keys a person presses: those the scenes handle weigh most."""
    import pygame as pg
    table = [(pg.K_LEFT, 4), (pg.K_RIGHT, 4), (pg.K_UP, 4), (pg.K_DOWN, 4), (pg.K_RETURN, 7),
             (pg.K_KP_ENTER, 1), (pg.K_SPACE, 4), (pg.K_ESCAPE, 3), (pg.K_TAB, 3),
             (pg.K_BACKSPACE, 2), (pg.K_DELETE, 1), (pg.K_HOME, 1), (pg.K_END, 1),
             (pg.K_PAGEUP, 1.5), (pg.K_PAGEDOWN, 1.5)]
    for ch in "abcdefghijklmnopqrstuvwxyz":
        table.append((getattr(pg, f"K_{ch}"), 2.0 if ch in "acefflmrstwx" else 0.25))
    for ch in "0123456789":
        table.append((getattr(pg, f"K_{ch}"), 2.0 if ch in "123" else 0.3))
    return table


def _pad_table():
    """(button, weight) of a game controller's buttons as a person presses them."""
    import pygame as pg
    b = {n: getattr(pg, "CONTROLLER_BUTTON_" + n) for n in (
        "A", "B", "X", "Y", "LEFTSHOULDER", "RIGHTSHOULDER", "BACK", "START", "DPAD_UP",
        "DPAD_DOWN", "DPAD_LEFT", "DPAD_RIGHT", "LEFTSTICK", "RIGHTSTICK", "GUIDE")}
    weights = {"A": 8, "B": 3, "X": 2, "Y": 2, "LEFTSHOULDER": 1.5, "RIGHTSHOULDER": 1.5,
               "BACK": 0.7, "START": 1, "DPAD_UP": 3, "DPAD_DOWN": 3, "DPAD_LEFT": 3,
               "DPAD_RIGHT": 3, "LEFTSTICK": 0.3, "RIGHTSTICK": 0.3, "GUIDE": 0.2}
    return [(b[n], w) for n, w in weights.items()]


class Hands:
    """A person's hands on the game: what he can click, and the gestures he makes (clicks,
    drags, the wheel, keys, typing, resizing the window, waiting); ``Monkey`` holds the
    state they use (``app``, ``rng``, ``pg``)."""

    # -- gestures -------------------------------------------------------------------------------
    def _targets(self, scene) -> list:
        """What the scene laid out to be clicked for its last frame: (kind, thing) pairs."""
        from .render.board import BoardGeometry
        from .render.widgets import Button, Menu
        Rect = self.pg.Rect
        w, h = self.app.size
        screen = Rect(0, 0, w, h)
        out = []

        def visit(value, depth: int) -> None:
            if isinstance(value, Menu):
                for item in value.items:
                    if item.rect.w > 0 and screen.colliderect(item.rect):
                        out.append(("rect", Rect(item.rect)))
                        if item.is_choice:
                            out.append(("rect", Rect(item.left)))
                            out.append(("rect", Rect(item.right)))
            elif isinstance(value, Button):
                if value.rect.w > 0:
                    out.append(("rect", Rect(value.rect)))
            elif isinstance(value, BoardGeometry):
                out.append(("board", value))
            elif isinstance(value, Rect):
                if value.w > 0 and value.h > 0 and screen.colliderect(value):
                    out.append(("rect", Rect(value)))
            elif isinstance(value, (list, tuple, dict)) and depth < 2:
                items = value.values() if isinstance(value, dict) else value
                for v in list(items)[:64]:
                    visit(v, depth + 1)

        for value in vars(scene).values():
            visit(value, 0)
        return out

    def _point(self, target) -> tuple[int, int]:
        kind, thing = target
        rng = self.rng
        if kind == "board":
            cell = (rng.randrange(thing.cols), rng.randrange(thing.rows))
            r = thing.cell_rect(cell)
        else:
            r = thing
        return (r.x + rng.randrange(max(1, r.w)), r.y + rng.randrange(max(1, r.h)))

    def _somewhere(self) -> tuple[int, int]:
        w, h = self.app.size
        return (self.rng.randrange(w), self.rng.randrange(h))

    def _aim(self, scene) -> tuple[int, int]:
        targets = self._targets(scene)
        return self._point(self.rng.choice(targets)) if targets else self._somewhere()

    def _move_to(self, pos, buttons=(0, 0, 0)):
        pg = self.pg
        rel = (pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        self.mouse = pos
        return pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=False)

    def _press_at(self, pos, button: int = 1) -> list:
        pg = self.pg
        return [(self._dt(), [self._move_to(pos),
                              pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=button,
                                             touch=False)]),
                (self._dt(), [pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=button,
                                             touch=False)])]

    def _click(self, scene):
        button = self.rng.choices((1, 3, 2), (90, 9, 1))[0]
        return self._press_at(self._aim(scene), button)

    def _anywhere(self, scene):
        return self._press_at(self._somewhere(), self.rng.choice((1, 1, 1, 3)))

    def _motion(self, scene):
        return [(self._dt(), [self._move_to(self._aim(scene))])]

    def _drag(self, scene):
        pg = self.pg
        start, end = self._aim(scene), self._aim(scene)
        steps = [(self._dt(), [self._move_to(start)]),
                 (self._dt(), [pg.event.Event(pg.MOUSEBUTTONDOWN, pos=start, button=1,
                                              touch=False)])]
        n = self.rng.randint(1, 6)
        for i in range(1, n + 1):
            pos = (start[0] + (end[0] - start[0]) * i // n, start[1] + (end[1] - start[1]) * i // n)
            steps.append((self._dt(), [self._move_to(pos, (1, 0, 0))]))
        steps.append((self._dt(), [pg.event.Event(pg.MOUSEBUTTONUP, pos=end, button=1,
                                                  touch=False)]))
        return steps

    def _wheel(self, scene):
        pg = self.pg
        y = self.rng.choice((-3, -1, -1, 1, 1, 3))
        wheel = pg.event.Event(pg.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                               precise_y=float(y), touch=False)
        return [(self._dt(), [self._move_to(self._aim(scene))]), (self._dt(), [wheel])]

    def _keypress(self, key: int, mod: int = 0) -> list:
        """A key as SDL reports it: down (with its typed text, unless Ctrl is held), then up."""
        pg = self.pg
        name = pg.key.name(key)
        char = ""
        if len(name) == 1 and not mod & pg.KMOD_CTRL:
            char = RU_LAYOUT.get(name, name) if self.russian else name
            if mod & pg.KMOD_SHIFT:
                char = char.upper()
        elif key == pg.K_SPACE and not mod & pg.KMOD_CTRL:
            char = " "
        down = [pg.event.Event(pg.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)]
        if char:
            down.append(pg.event.Event(pg.TEXTINPUT, text=char))
        return [(self._dt(), down),
                (self._dt(), [pg.event.Event(pg.KEYUP, key=key, mod=mod, unicode=char,
                                             scancode=0)])]

    def _key(self, scene):
        pg = self.pg
        keys, weights = zip(*self.keys)
        key = self.rng.choices(keys, weights)[0]
        mod = self.rng.choices((0, pg.KMOD_LSHIFT, pg.KMOD_LCTRL), (85, 10, 5))[0]
        return self._keypress(key, mod)

    def _text(self, scene):
        """A few characters typed at once (a name, a cell): Latin, Cyrillic or digits."""
        pg = self.pg
        pool = self.rng.choice((LATIN, CYRILLIC, "0123456789", LATIN + "0123456789 "))
        word = "".join(self.rng.choice(pool) for _ in range(self.rng.randint(1, 6)))
        return [(self._dt(), [pg.event.Event(pg.TEXTINPUT, text=ch)]) for ch in word]

    def _layout(self, scene):
        """The person switches the keyboard layout (Latin / ЙЦУКЕН)."""
        self.russian = not self.russian
        return [(self._dt(), [])]

    def _resize(self, scene):
        """The window manager resizes the window, then tells the game."""
        pg = self.pg
        if self.app.settings.fullscreen:
            return [(self._dt(), [])]
        w, h = self.rng.choice(SIZES)
        pg.display.set_mode((w, h), pg.RESIZABLE)
        return [(self._dt(), [pg.event.Event(pg.VIDEORESIZE, size=(w, h), w=w, h=h),
                              pg.event.Event(pg.WINDOWRESIZED, x=w, y=h, window=None),
                              pg.event.Event(pg.WINDOWSIZECHANGED, x=w, y=h, window=None)])]

    def _fullscreen(self, scene):
        return self._keypress(self.pg.K_F11)

    def _mute(self, scene):
        return self._keypress(self.pg.K_m, self.pg.KMOD_LCTRL)

    def _close(self, scene):
        """The window's close button."""
        return [(self._dt(), [self.pg.event.Event(self.pg.QUIT)])]

    def _wait(self, scene):
        """A short pause: a shell's flight, a computer's turn."""
        return [(IDLE_STEP, [])] * self.rng.randint(3, 20)

    def _pad(self, scene):
        """A game controller in the person's hands (issue 38): a button pressed and let go, the
        left stick pushed (now and then only inside its dead zone) and let back, or a trigger.
        The first use plugs it in."""
        pg, rng = self.pg, self.rng
        steps = []
        if self.pad_id is None:
            self.pad_id = self.pads_plugged
            self.pads_plugged += 1
            steps.append((self._dt(), [pg.event.Event(pg.CONTROLLERDEVICEADDED,
                                                      device_index=0)]))
        pad = self.pad_id
        r = rng.random()
        if r < 0.72:
            button = rng.choices(*zip(*self.pad_buttons))[0]
            down = pg.event.Event(pg.CONTROLLERBUTTONDOWN, button=button, instance_id=pad)
            up = pg.event.Event(pg.CONTROLLERBUTTONUP, button=button, instance_id=pad)
            steps += [(self._dt(), [down])] + [(self._dt(), [])] * rng.randint(0, 3) + \
                [(self._dt(), [up])]
        else:
            axis = rng.choice((pg.CONTROLLER_AXIS_LEFTX, pg.CONTROLLER_AXIS_LEFTY)) \
                if r < 0.93 else rng.choice((pg.CONTROLLER_AXIS_TRIGGERLEFT,
                                             pg.CONTROLLER_AXIS_TRIGGERRIGHT))
            value = rng.choice((rng.uniform(-1, 1), rng.choice((-1.0, 1.0)),
                                rng.uniform(-0.45, 0.45)))
            push = pg.event.Event(pg.CONTROLLERAXISMOTION, axis=axis,
                                  value=int(value * 32767), instance_id=pad)
            rest = pg.event.Event(pg.CONTROLLERAXISMOTION, axis=axis,
                                  value=rng.randint(-2000, 2000), instance_id=pad)
            steps += [(self._dt(), [push])] + [(self._dt(), [])] * rng.randint(0, 40) + \
                [(self._dt(), [rest])]
        return steps

    def _pad_plug(self, scene):
        """The controller's cable pulled out (a button of it still queued: stale), and now and
        then plugged in again (a new instance, as SDL numbers them)."""
        pg = self.pg
        steps = []
        if self.pad_id is not None:
            gone = self.pad_id
            steps.append((self._dt(), [
                pg.event.Event(pg.CONTROLLERDEVICEREMOVED, instance_id=gone),
                pg.event.Event(pg.CONTROLLERBUTTONDOWN, button=pg.CONTROLLER_BUTTON_A,
                               instance_id=gone)]))
            self.pad_id = None
        if self.rng.random() < 0.5:
            steps += self._pad(scene)
        return steps or [(self._dt(), [])]

    def _long_wait(self, scene):
        """The person looks away: the computer plays on, the title's battle runs."""
        return [(IDLE_STEP, [])] * self.rng.randint(30, 250)


class Person(Hands):
    """What a person does on each screen when he means to (a purposeful burst, by scene class)."""

    # -- purposeful bursts, by scene class --------------------------------------------------------
    def _menu_items(self, scene) -> list:
        menu = getattr(scene, "menu", None)
        return [] if menu is None else [it for it in menu.items if it.rect.w > 0]

    def _purpose_TitleScene(self, scene):
        items = self._menu_items(scene)
        if not items:
            return [(self._dt(), [])]
        # curious first: the voyage, two players (the curtains), the settings, if not seen yet
        for i, screens in enumerate((("VoyageScene", "BriefingScene", "CaptainsScene"),
                                     (), ("CurtainScene",), ("SettingsScene",))):
            if (i < len(items) and any(self._unseen(n) for n in screens)
                    and self.rng.random() < 0.5):
                return self._press_at(self._inside(items[i].rect))
        # a new game far more often than the settings, the campaign or quitting
        item = self.rng.choices(items, [4, 6, 2.5, 2, 0.3][: len(items)] + [1] * (len(items) - 5))[0]
        return self._press_at(self._inside(item.rect))

    def _inside(self, rect) -> tuple[int, int]:
        return (rect.x + self.rng.randrange(max(1, rect.w)),
                rect.y + self.rng.randrange(max(1, rect.h)))

    def _purpose_SetupScene(self, scene):
        """Choose a mode (and maybe another opponent or who starts), perhaps the rules of a
        Classic match first, then Start."""
        wanted = self._wanted_mode() if self.rng.random() < 0.7 else None
        if not self.weapons and self.rng.random() < 0.5:
            wanted = "classic"          # curious: the arsenal (§A), till it has fired a weapon
        for i, item in enumerate(self._menu_items(scene)):
            if not (item.is_choice and item.enabled()):
                continue
            if i == 0 and wanted is not None:     # curious: the game not seen yet
                yield from self._clicks_to(item, wanted)
                continue
            # the first choice is the mode: each as likely; the others now and then
            if i == 0:
                yield from self._clicks_to(item, self.rng.choice(list(item.values())))
            elif self.rng.random() < 0.3:
                yield from self._press_at(self._inside(self._side(item)))
        rules = self._item_doing(scene, "open_rules")
        curious = wanted == "classic" and (self._unseen("PaintShipScene")
                                           or self._unseen("RulesScene")) or (
            getattr(scene, "mode", None) == "classic" and not self.weapons
            and not scene.rules()[0].arsenal)           # the Arcade preset not chosen yet
        if (rules is not None and rules.enabled()
                and self.rng.random() < (0.8 if curious else 0.4)):
            yield from self._press_at(self._inside(rules.rect))
            return
        start = self._item_doing(scene, "start")
        if start is not None:
            yield from self._press_at(self._inside(start.rect))

    def _item_doing(self, scene, action: str):
        """The menu item whose action is the scene's method ``action`` (as its label says)."""
        for item in self._menu_items(scene):
            if getattr(item.on_activate, "__name__", "") == action:
                return item
        return None

    def _purpose_RulesScene(self, scene):
        """Another preset (a big board, salvoes, mines, the Flying Dutchman: the first choice,
        stepped through), or an option or two changed; then Done."""
        steps = []
        items = [it for it in self._menu_items(scene) if it.is_choice]
        if items and not self.weapons:
            steps += self._clicks_to(items[0], "arcade")     # curious: the arsenal (§A)
        elif items and self._unseen("PaintShipScene") and self.rng.random() < 0.7:
            steps += self._clicks_to(items[0], "dutchman")   # curious: the Flying Dutchman
        elif items and self.rng.random() < 0.5:
            steps += self._clicks_to(items[0], self.rng.choice(list(items[0].values())))
        else:
            for _ in range(self.rng.randint(1, 2)):
                item = self.rng.choice(items) if items else None
                if item is None or not item.enabled():
                    continue
                side = self._side(item)
                for _ in range(self.rng.randint(1, 3)):
                    steps += self._press_at(self._inside(side))
        done = self._item_doing(scene, "back")
        if done is not None:
            return steps + self._press_at(self._inside(done.rect))
        return steps + self._keypress(self.pg.K_ESCAPE)

    def _purpose_SettingsScene(self, scene):
        """Make the animations fast, now and then slow again; now and then change the palette,
        reduced motion or the text size (issue 38); and leave."""
        from .data.settings import ANIM_SPEEDS, COLOUR_VISIONS, UI_SCALES
        steps = []
        for item in self._menu_items(scene):
            if not item.is_choice:
                continue
            values = list(item.values())
            if values == list(ANIM_SPEEDS):
                presses = self.rng.randint(1, 3)
            elif (values in (list(COLOUR_VISIONS), list(UI_SCALES))
                  or item.label() == scene.tr("settings.reduced_motion")):
                presses = (self.comfort_rng.randint(1, 2) if self.comfort_rng.random() < 0.3
                           else 0)
            else:
                continue
            for _ in range(presses):
                steps += self._press_at(self._inside(item.right))
        return steps + self._keypress(self.pg.K_ESCAPE)

    def _set_up(self, scene):
        """Random placement (once or a few times), then ready."""
        pg = self.pg
        steps = []
        for _ in range(self.rng.choice((1, 1, 2, 3))):
            steps += self._keypress(pg.K_a)
        if self.rng.random() < 0.2:
            steps += self._keypress(pg.K_w)
        return steps + self._keypress(pg.K_RETURN)

    _purpose_PlacementScene = _set_up
    _purpose_NavalPlacementScene = _set_up
    _purpose_KorablikiSetupScene = _set_up
    _purpose_PaintShipScene = _set_up

    def _purpose_CurtainScene(self, scene):
        """A key or the curtain's button (each works once its lock has passed), or a click
        anywhere (which must not lift it)."""
        pg = self.pg
        r = self.rng.random()
        if r < 0.4:
            return self._keypress(self.rng.choice((pg.K_RETURN, pg.K_SPACE)))
        if r < 0.8 and scene.button.rect.w:
            return self._press_at(self._inside(scene.button.rect))
        return self._press_at(self._somewhere())

    def _purpose_PauseScene(self, scene):
        """Mostly back to the game: Esc, or the first item (resume); when bored, the last
        item (leave the game)."""
        items = self._menu_items(scene)
        if items and self.bored:
            return self._press_at(self._inside(items[-1].rect))
        if items and self.rng.random() < 0.5:
            return self._press_at(self._inside(items[0].rect))
        return self._keypress(self.pg.K_ESCAPE)

    def _purpose_ConfirmScene(self, scene):
        """Yes when bored of the game, else either answer."""
        items = self._menu_items(scene)
        if not items:
            return self._keypress(self.pg.K_ESCAPE)
        item = items[-1] if self.bored else self.rng.choice(items)
        return self._press_at(self._inside(item.rect))

    def _purpose_ThinkingScene(self, scene):
        pg = self.pg
        steps = []
        for _ in range(self.rng.randint(1, 8)):
            steps += self._keypress(self.rng.choice((pg.K_RIGHT, pg.K_RIGHT, pg.K_LEFT, pg.K_END)))
        return steps

    def _purpose_CaptainsScene(self, scene):
        """Sign on a new captain: his name typed into the field, then Sign on."""
        pg = self.pg
        items = self._menu_items(scene)
        field = [it for it in items if it.is_text]
        if not field:
            return self._keypress(pg.K_ESCAPE)
        steps = self._press_at(self._inside(field[0].rect)) + self._text(scene)
        steps += self._keypress(pg.K_RETURN)
        sign = items.index(field[0]) + 1
        if sign < len(items):
            steps += self._press_at(self._inside(items[sign].rect))
        return steps

    def _first_item(self, scene):
        """Take the offer: set sail, resume, continue, rematch, see how it thought."""
        items = self._menu_items(scene)
        if not items:
            return self._keypress(self.pg.K_RETURN)
        return self._press_at(self._inside(self.rng.choice(items[:2]).rect))

    _purpose_BriefingScene = _first_item
    _purpose_ResultScene = _first_item

    def _purpose_GameOverBase(self, scene):
        """Any of its offers: a rematch, how the computer thought, the menu or the chart."""
        items = self._menu_items(scene)
        if not items:
            return self._keypress(self.pg.K_ESCAPE)
        if self._unseen("ThinkingScene") and self.rng.random() < 0.7:   # curious
            thinking = [it for it in items if "show_thinking" in getattr(
                getattr(it.on_activate, "__code__", None), "co_names", ())]
            if thinking:
                return self._press_at(self._inside(thinking[0].rect))
        return self._press_at(self._inside(self.rng.choice(items).rect))

    def _purpose_VoyageScene(self, scene):
        items = self._menu_items(scene)
        steps = []
        if self._unseen("CaptainsScene") and self.rng.random() < 0.8:   # curious
            return self._keypress(self.pg.K_c)
        for _ in range(self.rng.randint(0, 2)):
            steps += self._keypress(self.rng.choice((self.pg.K_LEFT, self.pg.K_RIGHT)))
        if items:
            steps += self._press_at(self._inside(items[0].rect))
        return steps

    def _until_ready(self, scene, ready):
        """Wait for the screen to take input again (a shell in flight, the computer's turn),
        or, impatient, click to hurry the animation; at most a few seconds."""
        hurried = False
        for _ in range(40):
            if ready():
                return
            if not hurried and self.rng.random() < 0.08:
                hurried = True
                yield from self._press_at(self._somewhere())
            else:
                yield (IDLE_STEP, [])

    def _enemy_cells(self, scene, viewer: int) -> list:
        """The enemy board's cells in the order this player clicks them: a shuffled sweep,
        kept while the scene and the player at the screen stay (None: not a two-board
        battle)."""
        key = (id(scene), viewer)
        entry = self.sequences.get(key)
        if entry is None or entry[0] is not scene:
            if len(self.sequences) > 64:
                self.sequences.clear()
            entry = self.sequences[key] = [scene, []]
        if not entry[1]:
            geo = scene.geo_of(1 - viewer)
            cells = [(x, y) for y in range(geo.rows) for x in range(geo.cols)]
            self.rng.shuffle(cells)
            entry[1] = cells
        return entry[1]

    @staticmethod
    def _marked(scene, owner: int) -> dict:
        """The marks the screen shows on ``owner``'s field (a person sees where he shot)."""
        boards = getattr(scene, "fields", None)
        if isinstance(boards, list) and len(boards) == 2:
            return getattr(boards[owner], "marks", {})
        return {}

    def _purpose_BattleScene(self, scene):
        """Fire: enemy cells clicked in sequence (skipping those marked), then Enter for a salvo
        or a volley; when a decision is asked on his own field (a cell to give, what the Aegis
        shoots down), a few of its cells and Enter."""
        pg = self.pg
        rng = self.rng
        if not hasattr(scene, "geo_of"):
            yield from self._click(scene)
            return
        for _ in range(rng.randint(2, 10)):
            yield from self._until_ready(scene, lambda: not scene.busy)
            if scene.busy or self.app.scenes.top is not scene:
                return
            viewer = scene.viewer
            if not getattr(scene, "human_to_move", False):
                own = scene.geo_of(viewer)       # a decision on his own field, if any
                for _ in range(rng.randint(1, 3)):
                    yield from self._press_at(self._point(("board", own)))
                yield from self._keypress(pg.K_RETURN)
                return
            if rng.random() < 0.1 and type(scene).__name__ == "NavalBattleScene":
                yield from self._keypress(rng.choice((pg.K_1, pg.K_2, pg.K_3)))
            if getattr(scene, "arsenal", False) and rng.random() < 0.25:    # §A: a weapon
                yield from self._keypress(rng.choice((pg.K_1, pg.K_2, pg.K_3, pg.K_4)))
                if rng.random() < 0.3:
                    yield from self._keypress(pg.K_TAB)      # the bomber's line turned
            cells = self._enemy_cells(scene, viewer)
            marked = self._marked(scene, 1 - viewer)
            while cells and cells[-1] in marked:
                cells.pop()
            if not cells:
                return
            r = scene.geo_of(1 - viewer).cell_rect(cells.pop())
            warned = getattr(scene, "message_time", 0.0)
            yield from self._press_at((r.x + rng.randrange(max(1, r.w)),
                                       r.y + rng.randrange(max(1, r.h))))
            refused = getattr(scene, "message_time", 0.0) > warned   # a new warning shows
            if hasattr(scene, "shells_left"):       # §N: the volley marked, fire it
                full = scene.human_to_move and (scene.shells_left() <= 0 or refused)
            else:                                   # C4: the salvo marked
                full = getattr(scene, "salvo_ready", False)
            if full or rng.random() < 0.05:
                yield from self._keypress(pg.K_RETURN)
            if refused and rng.random() < 0.5 and hasattr(scene, "shells_left"):
                yield from self._keypress(pg.K_1)      # back to the guns

    _purpose_NavalBattleScene = _purpose_BattleScene

    def _purpose_KorablikiBattleScene(self, scene):
        """«Кораблики», a whole turn: a piece moved (mostly forward, or next to an enemy),
        then an enemy beside one of his ships asked, or the turn ended; an answer when asked;
        now and then the atomic bomb."""
        from .rules import korabliki as kr
        pg = self.pg
        rng = self.rng
        game = scene.game

        def ready():
            return not scene.busy and (scene.human_to_move or scene.human_to_act
                                       or scene.human_answering)

        for _ in range(3):
            yield from self._until_ready(scene, ready)
            if not ready() or self.app.scenes.top is not scene:
                return
            me = scene.viewer
            if scene.human_answering:
                if rng.random() < 0.3:
                    yield from self._keypress(pg.K_TAB)
                yield from self._keypress(pg.K_RETURN)
            elif scene.human_to_move:
                moves = game.legal_moves()
                if not moves:
                    yield from self._keypress(pg.K_RETURN)
                    continue
                forward = -1 if me == 0 else 1
                near = [m for m in moves if any(
                    n in game.pieces and game.pieces[n].owner != me
                    for n in kr.side_neighbours(m.to))]
                ahead = [m for m in moves if (m.to[1] - m.frm[1]) * forward > 0]
                pool = near if near and rng.random() < 0.6 else \
                    ahead if ahead and rng.random() < 0.7 else moves
                move = rng.choice(pool)
                yield from self._press_at(self._cell_point(scene, move.frm))
                yield from self._press_at(self._cell_point(scene, move.to))
            else:
                acts = [a for a in game.legal_actions()
                        if isinstance(a, (kr.Ask, kr.TorpedoStrike))]
                if acts and rng.random() < 0.85:
                    act = rng.choice(acts)
                    frm = act.ship if isinstance(act, kr.Ask) else act.torpedo
                    yield from self._press_at(self._cell_point(scene, frm))
                    yield from self._press_at(self._cell_point(scene, act.target))
                elif rng.random() < 0.03:     # the bomb, and Yes in the confirmation
                    yield from self._keypress(pg.K_x)
                    yield from self._keypress(pg.K_DOWN)
                    yield from self._keypress(pg.K_RETURN)
                    return
                else:
                    yield from self._keypress(rng.choice((pg.K_RETURN, pg.K_e)))

    def _cell_point(self, scene, cell) -> tuple[int, int]:
        x, y = scene.centre(cell)
        return (int(x), int(y))


PURPOSE_WEIGHT = {   # how often, beside the noise, a person does what the screen is for
    "TitleScene": 10, "SetupScene": 12, "SettingsScene": 12, "PlacementScene": 30,
    "NavalPlacementScene": 30, "KorablikiSetupScene": 30, "PaintShipScene": 30,
    "CurtainScene": 35, "PauseScene": 45, "ConfirmScene": 20, "RulesScene": 25, "ThinkingScene": 20, "CaptainsScene": 10,
    "BriefingScene": 20, "ResultScene": 20, "GameOverScene": 20, "NavalGameOverScene": 20,
    "KorablikiGameOverScene": 20, "VoyageScene": 15, "BattleScene": 80,
    "NavalBattleScene": 80, "KorablikiBattleScene": 250,
}


class Monkey(Person):
    def __init__(self, events: int, seed: int, size: tuple[int, int] | None = None, err=None):
        self.limit = events
        self.seed = seed
        self.size = size
        self.err = err if err is not None else sys.stderr
        self.rng = random.Random(seed)
        self.thinker = Synchronous()    # every game it starts: the computers decide at once
        self.app = None
        self.events = 0
        self.frames = 0
        self.crashes = 0
        self.starts = 0
        self.quits = 0
        self.failed_starts = 0
        self.distinct: dict[tuple, int] = {}
        self.scene_frames: Counter = Counter()
        self.weapons = 0                # weapons a person fired (§A), counted once each
        self.comfort: Counter = Counter()   # frames shown with each palette, scale and motion
        # the player's comforts are drawn from their own stream, so the rest of a seed's run
        # goes as it went before they were (issue 38)
        self.comfort_rng = random.Random(f"comfort {seed}")
        self.counted = (None, 0)        # the battle's game and how many of its moves are counted
        self.mouse = (0, 0)
        self.russian = False            # the keyboard layout: Latin or ЙЦУКЕН
        self.pad_id = None              # the instance id of the controller plugged in, if any
        self.pads_plugged = 0
        self.pad_events = 0             # the controller's events among the input (issue 38)
        self.pad_types = ()
        self.sequences: dict = {}       # (scene, viewer) -> the enemy cells to click, in order
        self.battle = None              # the battle being played, since event battle_since
        self.battle_since = 0
        self.bored = False              # it has lasted too long: leave it (pause, quit, yes)

    # -- the run ------------------------------------------------------------------------------
    def run(self) -> dict:
        for var, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"),
                           ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
            os.environ.setdefault(var, value)
        home = tempfile.mkdtemp(prefix="seabattle-monkey-")
        saved_home = os.environ.get("SEABATTLE_HOME")
        os.environ["SEABATTLE_HOME"] = home    # never the player's own settings and saves
        os.environ["SEABATTLE_LISTEN"] = "127.0.0.1"   # a room it hosts: this machine only
        # Find an opponent's "this network": a port of its own, never a real server's 8765
        os.environ["SEABATTLE_MATCH_SERVER"] = f"127.0.0.1:{_free_port()}"
        import pygame
        self.pg = pygame
        self.keys = _key_table()
        self.pad_buttons = _pad_table()
        self.pad_types = (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
                          pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
                          pygame.CONTROLLERAXISMOTION)
        try:
            try:
                self._boot(first=True)
                while self.events < self.limit:
                    self._act()
                self._shut_down()
            except GameWontStart as exc:   # nothing left to play: the summary says how far
                print(f"# monkey: {exc}", file=self.err)
            print(f"# monkey (seed {self.seed}): the game started {self.starts} times "
                  f"(quit {self.quits}, crashed {self.crashes}); {len(self.distinct)} distinct "
                  f"crashes", file=self.err, flush=True)
        finally:
            if saved_home is None:
                os.environ.pop("SEABATTLE_HOME", None)
            else:
                os.environ["SEABATTLE_HOME"] = saved_home
            shutil.rmtree(home, ignore_errors=True)
        return {"events": self.events, "frames": self.frames, "crashes": self.crashes,
                "scenes": dict(sorted(self.scene_frames.items())), "weapons": self.weapons,
                "comfort": dict(sorted(self.comfort.items())),
                "controller": {"events": self.pad_events, "plugged": self.pads_plugged}}

    def _boot(self, first: bool = False) -> None:
        """Start the game as a person does: ``main.py``, now and then with ``--lang``."""
        from .app import launch
        from .i18n import LANGUAGES
        self.app = None
        self.starts += 1
        lang = self.rng.choice(list(LANGUAGES)) if first or self.rng.random() < 0.3 else None
        seed = self.rng.getrandbits(32)
        try:
            self.app = launch(self.size, seed, lang, thinker=self.thinker)
            self.failed_starts = 0
            if first or self.comfort_rng.random() < 0.5:
                self._comforts()
        except Exception as exc:     # the game cannot even start: count it and try again
            self._crashed(exc)
            self.app = None
            self.failed_starts += 1
            if self.failed_starts >= 3:
                raise GameWontStart(f"the game crashed {self.failed_starts} times in a row "
                                    "while starting") from exc

    def _comforts(self) -> None:
        """The settings a player who needs them has made (issue 38): his palette, reduced
        motion, a bigger text (the first start of a run always has them: motion reduced, 150 %)."""
        from .data.settings import COLOUR_VISIONS, UI_SCALES
        s, rng = self.app.settings, self.comfort_rng
        first = self.starts == 1
        s.colour_vision = rng.choice(COLOUR_VISIONS)
        s.reduced_motion = first or rng.random() < 0.5
        s.ui_scale = UI_SCALES[-1] if first else rng.choice(UI_SCALES)
        self.app.apply_settings()

    def _shut_down(self) -> None:
        """The process ends: the window closes (a crash while closing is a crash too)."""
        app, self.app = self.app, None
        if app is None or not app.running:
            return
        try:
            app.quit()
        except Exception as exc:
            self._crashed(exc)

    def _crashed(self, exc: BaseException) -> None:
        self.crashes += 1
        inner = None
        for frame in traceback.extract_tb(exc.__traceback__):
            path = Path(frame.filename).resolve()
            if GAME_DIR in path.parents and path.name != "monkey.py":
                inner = frame
        where = ("?", 0, "?") if inner is None else (
            Path(inner.filename).resolve().relative_to(GAME_DIR.parent).as_posix(), inner.lineno,
            inner.name)
        key = (type(exc).__name__, *where)
        self.distinct[key] = self.distinct.get(key, 0) + 1
        if self.distinct[key] > 1:
            return
        top = self.app.scenes.top if self.app is not None else None
        print(f"# monkey crash {len(self.distinct)}: {type(exc).__name__} at {where[0]}:{where[1]} "
              f"in {where[2]} (seed {self.seed}, event {self.events}, "
              f"scene {type(top).__name__ if top else None})", file=self.err)
        print("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
              file=self.err, flush=True)

    def _frame(self, dt: float, events=()) -> bool:
        """One frame of the game with these events; False once the game has gone (it quit or
        crashed, and was started again)."""
        if self.app is None:
            self._boot()
            return False
        events = list(events)[: self.limit - self.events]
        self.events += len(events)
        self.pad_events += sum(1 for e in events if e.type in self.pad_types)
        try:
            self.app.step(dt, events)
        except Exception as exc:
            self._crashed(exc)
            self.app = None      # the process died; the person starts the game again
            self._boot()
            return False
        top = self.app.scenes.top
        if not self.app.running or top is None:   # it quit (nothing drawn): start it again
            self.quits += 1
            self.app = None
            self._boot()
            return False
        self.frames += 1
        self.scene_frames[type(top).__name__] += 1
        s = self.app.settings
        self.comfort[f"palette_{s.colour_vision}"] += 1
        self.comfort[f"scale_{s.ui_scale}"] += 1
        self.comfort["reduced_motion" if s.reduced_motion else "full_motion"] += 1
        self._count_weapons(top)
        return True

    def _count_weapons(self, scene) -> None:
        """The weapons (§A) a person fired in the battle on the screen, each counted once."""
        from .rules.classic import WeaponResult
        if not getattr(scene, "arsenal", False):
            return
        game, history = scene.game, scene.game.history
        seen = self.counted[1] if self.counted[0] is game else 0
        humans = scene.match.humans
        self.weapons += sum(1 for p, _, r in history[seen:]
                            if isinstance(r, WeaponResult) and p in humans)
        self.counted = (game, len(history))

    @staticmethod
    def _settle(scene, bound: float = 5.0) -> None:
        """A person looks at a screen that is still connecting until it says how it went: while
        the top screen's connection (``scene.session.net``) is being made, or its seat not yet
        given, wait (in real time, at most ``bound`` seconds, drawing nothing) until the
        server's first answers are in and no more are coming. The run's frames then do not
        depend on how fast loopback answered: the same seed, the same line."""
        net = getattr(getattr(scene, "session", None), "net", None)
        inbox = getattr(net, "_in", None)
        if inbox is None:
            return
        remote = getattr(net, "remote", None)
        joining = getattr(remote, "seat", 0) is None
        if net.status != "connecting" and not (joining and net.status == "open"):
            return
        deadline = time.monotonic() + bound
        while net.status == "connecting" and time.monotonic() < deadline:
            time.sleep(0.01)
        heard = -1
        while heard != inbox.qsize() and time.monotonic() < deadline:
            heard = inbox.qsize()
            time.sleep(0.05)

    def _act(self) -> None:
        """One thing a person does: a gesture, a burst of purpose, or waiting; then a pause."""
        if self.app is None:
            self._boot()
            return
        scene = self.app.scenes.top
        self._settle(scene)
        if hasattr(scene, "game") and hasattr(scene, "timeline"):     # a battle
            if scene is not self.battle:
                self.battle, self.battle_since, self.bored = scene, self.events, False
            elif (self.events - self.battle_since > self._patience(scene)
                  and self.rng.random() < 0.05):
                self.bored = True       # a game that never ends: the person leaves it
        elif type(scene).__name__ in ("TitleScene", "VoyageScene"):
            self.bored = False
        if self.bored and scene is self.battle:
            burst = self._keypress(self.pg.K_ESCAPE)
        else:
            burst = self._choose(scene)
        for dt, events in burst:
            if not self._frame(dt, events) or self.events >= self.limit:
                return
            if self.app.scenes.top is not scene:
                break           # the screen changed under the burst: look again
        for _ in range(self.rng.choice((0, 0, 0, 1, 1, 2))):
            if not self._frame(self._dt()) or self.events >= self.limit:
                return

    def _patience(self, battle) -> int:
        """Events a person gives one battle: more while he has never seen such a game end."""
        end = END_OF.get(type(battle).__name__)
        return PATIENT_AFTER if end and end not in self.scene_frames else BORED_AFTER

    def _unseen(self, name: str) -> bool:
        return name not in self.scene_frames

    def _wanted_mode(self):
        """The game whose screens (or whose end) the person has not seen yet, if any."""
        for mode, screens in SCREENS_OF.items():
            if any(self._unseen(n) for n in screens):
                return mode
        return None

    def _side(self, item):
        """One of a choice's arrows (a choice stops at its ends, issue 33: either way)."""
        return item.right if self.rng.random() < 0.6 else item.left

    def _clicks_to(self, item, wanted) -> list:
        """Clicks on a choice's arrow, toward ``wanted``, until it shows it."""
        values = list(item.values())
        if wanted not in values:
            return []
        cur = item.get()
        delta = values.index(wanted) - (values.index(cur) if cur in values else 0)
        side = item.right if delta > 0 else item.left
        steps = []
        for _ in range(abs(delta)):
            steps += self._press_at(self._inside(side))
        return steps

    def _dt(self) -> float:
        return self.rng.choice((1 / 60, 1 / 60, 1 / 30, 0.05))

    # -- choosing what to do --------------------------------------------------------------------
    def _choose(self, scene):
        rng = self.rng
        names = [c.__name__ for c in type(scene).__mro__]
        purpose = None
        for name in names:
            purpose = getattr(self, f"_purpose_{name}", None)
            if purpose is not None:
                break
        weights = {
            "click": 34, "key": 26, "text": 3, "wheel": 3, "drag": 4, "anywhere": 4,
            "motion": 3, "layout": 0.4, "resize": 0.5, "wait": 4, "long_wait": 0.3,
            "purpose": 0 if purpose is None else PURPOSE_WEIGHT.get(names[0], 12),
            "fullscreen": 0.05, "mute": 0.1, "close": 0.04,
            "pad": 10, "pad_plug": 0.15,     # a game controller among the hands (issue 38)
        }
        if names[0] in ("PlacementScene", "NavalPlacementScene", "KorablikiSetupScene"):
            weights["drag"] = 14
        if names[0] == "SetupScene" and not self.weapons:
            weights["purpose"] = 40     # curious: the rules (the Arcade preset, §A) not yet played
        kinds = list(weights)
        kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
        if kind == "purpose":
            return purpose(scene)
        return getattr(self, f"_{kind}")(scene)


def run(events: int, seed: int, size: tuple[int, int] | None = None, err=None) -> dict:
    """Play ``events`` input events from ``seed``; the summary the bench prints."""
    return Monkey(events, seed, size, err).run()
