"""Scenes and the scene stack.

Every scene has the same small life cycle: ``enter`` when pushed, ``pause`` when another scene
covers it, ``resume`` when uncovered, ``exit`` when removed; ``handle(event)``, ``update(dt)``
and ``draw(surface)``. Only the top scene gets events and time; scenes below it are drawn (from
the highest opaque one up) so overlays such as the pause menu show the battle frozen under them.
``draw`` never changes game state.
"""

from __future__ import annotations

import pygame

from ...render import theme

# the arrow keys as steps on a board
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}


def step_cell(cell, key: int, width: int, height: int, wrap: bool = False):
    """The cell one arrow ``key`` away from ``cell``: wrapping round the board, or stopping at
    its edge."""
    dx, dy = ARROWS[key]
    x, y = cell[0] + dx, cell[1] + dy
    if wrap:
        return (x % width, y % height)
    return (max(0, min(width - 1, x)), max(0, min(height - 1, y)))


class Scene:
    opaque = True      # False: the scene below shows through (overlays, dialogs)
    # what a game controller's buttons press here beyond A (Enter), B (Esc), Start (Enter) and
    # the arrows (game/pad.py): button name -> a key, or ``pad.press``/``pad.typed``
    PAD: dict = {}

    def __init__(self, app):
        self.app = app
        self.t = 0.0   # seconds since the scene was entered, for animation

    # life cycle
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def handle(self, event) -> None: ...

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None: ...

    def pad_keys(self) -> dict:
        """The controller's buttons on this screen now (``PAD``; a screen whose buttons
        depend on its state, a weapon to switch to, overrides this)."""
        return self.PAD

    # helpers
    @property
    def tr(self):
        return self.app.tr

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    def back(self) -> None:
        """What Esc does by default: leave this scene."""
        self.app.scenes.pop()

    # layout: rectangles are made here, once per window size, never while drawing
    laid_out = None    # the ``layout_key`` of the last layout; None makes the next call lay out

    def layout_key(self):
        """What the layout depends on: the window size (a scene whose words size its
        rectangles adds the language)."""
        return self.size

    def layout(self) -> None:
        """Place what takes input for the window's size: ``lay_out`` when ``layout_key`` has
        changed since the last layout (a menu screen, whose rows come and go, overrides this).
        The stack calls it before the scene gets an event and before it is drawn, so what a
        click hits never depends on a frame having been drawn, and ``draw`` only paints."""
        if type(self).lay_out is Scene.lay_out:   # nothing to lay out
            return
        key = (self.layout_key(), theme.generation)   # a new scale lays the screen out anew
        if key != self.laid_out:
            self.laid_out = key
            self.lay_out(*self.size, theme.unit(self.size))

    def lay_out(self, w: int, h: int, u: float) -> None:
        """Place the screen's boards, buttons and hit rectangles in a ``w``×``h`` window
        (``u``: theme.unit, the scale of a 1280×720 design)."""


class SceneStack:
    def __init__(self):
        self._stack: list[Scene] = []

    def __len__(self) -> int:
        return len(self._stack)

    def __iter__(self):
        return iter(list(self._stack))

    @property
    def top(self) -> Scene | None:
        return self._stack[-1] if self._stack else None

    def push(self, scene: Scene) -> Scene:
        if self._stack:
            self._stack[-1].pause()
        self._stack.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._stack:
            return None
        scene = self._stack.pop()
        scene.exit()
        if self._stack:
            self._stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene``."""
        if self._stack:
            self._stack.pop().exit()
        self._stack.append(scene)
        scene.enter()
        return scene

    def reset(self, scene: Scene) -> Scene:
        """Remove every scene and start again from ``scene`` (back to the title, say)."""
        while len(self._stack) > 1:
            self._stack.pop().exit()
        return self.replace(scene)

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self._stack):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, event) -> None:
        if self._stack:
            top = self._stack[-1]
            top.layout()
            top.handle(event)

    def update(self, dt: float) -> None:
        if self._stack:
            self._stack[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self._stack) - 1, -1, -1):
            if self._stack[i].opaque:
                start = i
                break
        for scene in self._stack[start:]:
            scene.layout()
            scene.draw(surface)


def menu_or_escape(scene, event, on_escape, click: bool = True) -> None:
    """Esc does ``on_escape`` (with a click, where the screen clicks), anything else goes to
    ``scene.menu``: the input of every menu screen."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        if click:
            scene.app.sound("click")
        on_escape()
        return
    scene.menu.handle(event)


def through_animation(scene, event) -> bool:
    """A battle's input while its cues are pending (issue 18): a key only skips them (Space or
    Enter would act again on the cell just played); a click skips them and, when the rules
    already wait for the person at the screen (``scene.waiting_for_viewer``), acts at once, so
    no first click of a turn is lost. Typing is never a skip (issue 33): the scene keeps what
    is typed for the turn to come (``scene.type_ahead``). True if the scene should handle the
    event now."""
    if not scene.busy:
        return True
    if scene.type_ahead(event):
        return False
    if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
        return False
    acts = event.type == pygame.MOUSEBUTTONDOWN and scene.waiting_for_viewer
    scene.skip()
    return acts and not scene.busy and scene.app.scenes.top is scene
