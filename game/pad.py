"""Game controllers (issue 38): pygame-ce's controller API turned into the keys the screens
already take, so no screen has a second input path.

The App hands every controller event to ``Pads.translate`` and handles what comes back as if
it were typed: KEYDOWN/KEYUP with the key, its text and modifiers (and a TEXTINPUT where a
key types, as a keyboard sends one), each marked ``pad=True`` so the App knows the pad was
used (``app.input_device``). The D-pad and the left stick give the arrows (the stick past a
dead zone; both repeat on elapsed time, ``Pads.update(dt)``), A Enter, B Esc, and what the
top screen's ``pad_keys()`` adds (X/Y its secondary keys, LB/RB a weapon or a turn, Start its
pause, Back its help). Hot-plug: a controller added while the game runs is opened; one
removed lets go of what it held, and events still queued from it are ignored (SDL never
reuses an instance id). With no controller, or no controller subsystem (the dummy driver),
nothing changes.
"""

from __future__ import annotations

import pygame

# the buttons by the names the screens' maps and the prompts use
BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "a", pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x", pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lb", pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rb",
    pygame.CONTROLLER_BUTTON_BACK: "back", pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "ls", pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rs",
}
DIRECTIONS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
              "right": pygame.K_RIGHT}
# what every screen gets; a screen's ``pad_keys()`` adds to it or overrides it
DEFAULT = {"a": pygame.K_RETURN, "b": pygame.K_ESCAPE, "start": pygame.K_RETURN,
           **DIRECTIONS}
TRIGGERS = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: "lb", pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "rb"}
STICK = (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY)
AXIS_MAX = 32767

DEAD_ZONE = 0.5     # of the stick's reach: less is a resting or drifting stick, no arrow
RELEASE = 0.35      # the stick back under this lets go of the arrow (no flicker at the edge)
TRIGGER = 0.5       # a trigger pressed past this is its shoulder button
REPEAT_DELAY = 0.35     # seconds a direction is held before it repeats (as the keyboard's)
REPEAT_EVERY = 0.12     # seconds between repeats after that: a board crossed at a readable pace

PAD_EVENTS = (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
              pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
              pygame.CONTROLLERAXISMOTION)


def press(key: int, mod: int = 0, text: str = "") -> tuple:
    """A key as a screen's pad map names it: (key, modifiers, the text it types)."""
    return (key, mod, text)


def typed(char: str) -> tuple:
    """A key that types ``char`` (a weapon's digit, which the screens read as typed text)."""
    return press(pygame.key.key_code(char), 0, char)


def key_events(kind: int, value) -> list:
    """The events a keyboard sends for ``value`` (a key or a ``press``), marked as the pad's.
    Only a ``typed`` press types (a TEXTINPUT): a button that stands for a letter key (X for
    A's random placement) must not write that letter into a name being typed."""
    key, mod, text = value if isinstance(value, tuple) else (value, 0, "")
    char = text
    if not char and not mod & pygame.KMOD_CTRL:
        char = " " if key == pygame.K_SPACE else chr(key) if 97 <= key <= 122 else ""
    event = pygame.event.Event(kind, key=key, mod=mod, unicode=char, scancode=0, pad=True)
    if kind == pygame.KEYDOWN and text:
        return [event, pygame.event.Event(pygame.TEXTINPUT, text=text, pad=True)]
    return [event]


class Pads:
    """The controllers plugged in, and what their buttons and sticks press."""

    def __init__(self, scene_keys=None):
        self.scene_keys = scene_keys or (lambda: {})   # the top screen's map
        self.available = self._init()
        self.opened: dict[int, object] = {}   # instance id -> the open Controller
        self.gone: set[int] = set()           # instance ids removed (never reused by SDL)
        self.held: dict[tuple, tuple] = {}    # (instance, button) -> the press it made
        self.stick: dict[int, list] = {}      # instance -> [x, y] (-1..1)
        self.triggers: dict[tuple, bool] = {}
        self.aim: dict[tuple, list] = {}      # (D-pad or stick, instance) -> [direction,
        #                                       held for, next repeat]

    @staticmethod
    def _init() -> bool:
        try:
            from pygame._sdl2 import controller
            controller.init()
            return bool(controller.get_init())
        except (ImportError, pygame.error, AttributeError):
            return False

    def open(self, index: int) -> bool:
        """Open the controller at device ``index``; False when it cannot be opened (gone
        already, not a game controller, no subsystem)."""
        if not self.available:
            return False
        from pygame._sdl2 import controller
        try:
            if not controller.is_controller(index):
                return False
            pad = controller.Controller(index)
            instance = pad.as_joystick().get_instance_id()
        except (pygame.error, ValueError, TypeError, IndexError):
            return False
        self.opened[instance] = pad
        return True

    # -- events ------------------------------------------------------------------------------
    def translate(self, event) -> tuple[list, str]:
        """The key events ``event`` (a controller event) makes, and what to tell of the
        devices: "added" (one opened), "removed" (an opened one gone) or ""."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            return [], "added" if self.open(getattr(event, "device_index", -1)) else ""
        instance = getattr(event, "instance_id", None)
        if instance in self.gone:
            return [], ""        # queued before its removal: stale
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            said = "removed" if instance in self.opened else ""
            return self._removed(instance), said
        if kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            name = BUTTONS.get(getattr(event, "button", None))
            if name is None:
                return [], ""
            return self._button(instance, name, kind == pygame.CONTROLLERBUTTONDOWN), ""
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(instance, getattr(event, "axis", -1),
                              getattr(event, "value", 0) / AXIS_MAX), ""
        return [], ""

    def _removed(self, instance) -> list:
        """Let go of everything the pad held (its keys are released), forget it."""
        self.gone.add(instance)
        pad = self.opened.pop(instance, None)
        if pad is not None:
            try:
                pad.quit()
            except pygame.error:
                pass
        out = []
        for held in [h for h in self.held if h[0] == instance]:
            out += key_events(pygame.KEYUP, self.held.pop(held))
        for source in (("dpad", instance), ("stick", instance)):
            aim = self.aim.pop(source, None)
            if aim is not None:
                out += key_events(pygame.KEYUP, DIRECTIONS[aim[0]])
        self.stick.pop(instance, None)
        for t in [t for t in self.triggers if t[0] == instance]:
            del self.triggers[t]
        return out

    def keys(self) -> dict:
        return {**DEFAULT, **self.scene_keys()}

    def _button(self, instance, name: str, down: bool) -> list:
        if name in DIRECTIONS:     # the D-pad repeats as the stick does
            return self._direction(("dpad", instance), name if down else None)
        if not down:
            value = self.held.pop((instance, name), None)
            return [] if value is None else key_events(pygame.KEYUP, value)
        value = self.keys().get(name)
        if value is None:
            return []
        self.held[(instance, name)] = value
        return key_events(pygame.KEYDOWN, value)

    def _axis(self, instance, axis: int, value: float) -> list:
        if axis in TRIGGERS:
            name = TRIGGERS[axis]
            was = self.triggers.get((instance, name), False)
            now = value > (RELEASE if was else TRIGGER)
            self.triggers[(instance, name)] = now
            return self._button(instance, name, now) if now != was else []
        if axis not in STICK:
            return []
        stick = self.stick.setdefault(instance, [0.0, 0.0])
        stick[STICK.index(axis)] = max(-1.0, min(1.0, value))
        return self._direction(("stick", instance), self._stick_direction(instance, stick))

    def _stick_direction(self, instance, stick) -> str | None:
        """The arrow the stick points: the stronger axis past the dead zone; an arrow already
        held stays until the stick falls back under ``RELEASE``."""
        x, y = stick
        held = self.aim.get(("stick", instance))
        reach = RELEASE if held is not None else DEAD_ZONE
        if max(abs(x), abs(y)) < reach:
            return None
        if abs(x) >= abs(y):
            return "right" if x > 0 else "left"
        return "down" if y > 0 else "up"

    def _direction(self, source, direction: str | None) -> list:
        """``source`` (the D-pad or the stick of one pad) now points ``direction``: the arrow
        goes down at once, the one it held goes up."""
        held = self.aim.get(source)
        if held is not None and held[0] == direction:
            return []
        out = []
        if held is not None:
            del self.aim[source]
            out += key_events(pygame.KEYUP, DIRECTIONS[held[0]])
        if direction is not None:
            self.aim[source] = [direction, 0.0, REPEAT_DELAY]
            out += key_events(pygame.KEYDOWN, DIRECTIONS[direction])
        return out

    def update(self, dt: float) -> list:
        """The arrows held repeat on elapsed time (the App's step passes ``dt``)."""
        out = []
        for held in self.aim.values():
            held[1] += dt
            while held[1] >= held[2]:
                held[2] += REPEAT_EVERY
                out += key_events(pygame.KEYDOWN, DIRECTIONS[held[0]])
        return out

    def release_all(self) -> list:
        """The window lost focus: every key the pads hold goes up (as the keyboard's do)."""
        out = []
        for value in self.held.values():
            out += key_events(pygame.KEYUP, value)
        for held in self.aim.values():
            out += key_events(pygame.KEYUP, DIRECTIONS[held[0]])
        self.held.clear()
        self.aim.clear()
        self.stick.clear()
        self.triggers.clear()
        return out
