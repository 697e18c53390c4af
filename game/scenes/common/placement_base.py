"""What every placement screen shares (RULES.md §C, §D, §N, §K): the player's own board beside a
side panel (the dock of pieces still to place, the help, the buttons), a cursor moved by the
arrows or the pointer, the refusal line under the board, Esc back, and a key map instead of a
chain of key tests. ``ShipPlacement`` adds what Classic and Naval share: a ship in hand, taken
from the dock or lifted from the board, dragged and dropped, rotated, shown red where it may
not go.

The layout (``lay_out``) is made on entering, on every event and every frame when the window
or the language changed; drawing (``game.render.placement`` and the modes' modules) only reads
it.
"""

from __future__ import annotations

import random

import pygame

from ...i18n import describe
from ...render import theme
from ...render.board import BoardGeometry
from ...rules.coords import board_letters
from ...rules.errors import PlacementError
from ...rules.fleet import normalise
from .base import ARROWS, Scene, step_cell
from .voyage_battle import liveries

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def board_beside(w: int, h: int, u: float, cols: int, rows: int, top: int, share: float,
                 below: int, max_cell: int, side_extra: int = 0):
    """The board at the left of a ``w``×``h`` window, ``top`` design units down, ``share`` of
    the width wide and ``below`` units clear of the bottom; the side panel to its right
    (``side_extra`` units taller). Returns (geometry, side rectangle, margin)."""
    m = int(18 * u)
    area = pygame.Rect(m, int(top * u), int(w * share), h - int(top * u) - int(below * u))
    geo = BoardGeometry.fit(area, cols, rows, max_cell=max_cell)
    side = pygame.Rect(area.right + m, int(top * u), w - area.right - 2 * m,
                       area.h + int(side_extra * u))
    return geo, side, m


def stack_buttons(buttons, side: pygame.Rect, cols: int, bh: int, hgap: int, vgap: int,
                  lift: int = 0, wide_last: bool = False) -> None:
    """Buttons in ``cols`` columns at the bottom of ``side``, the last row lowest; with
    ``wide_last`` a last button alone in its row takes the whole width."""
    rows = (len(buttons) + cols - 1) // cols
    bw = (side.w - (cols - 1) * hgap) // cols
    for i, b in enumerate(buttons):
        col, row = i % cols, i // cols
        y = side.bottom - (rows - row) * (bh + vgap) + lift
        if wide_last and i == len(buttons) - 1 and col == 0:
            b.rect = pygame.Rect(side.x, y, side.w, bh)
        else:
            b.rect = pygame.Rect(side.x + col * (bw + hgap), y, bw, bh)


class PlacementBase(Scene):
    """A placement screen: ``lay_out`` sets ``geo`` (the board), ``side`` and the buttons'
    rectangles; the subclass handles the pointer (``on_motion``, ``on_press``, ``on_release``,
    ``on_wheel``) and adds its keys to ``KEYS``."""

    # a key, or (key, "ctrl") for it with Ctrl held -> the method it calls: a ``key_…`` method
    # gets the key's event, any other is an action (the same a button calls)
    KEYS: dict = {pygame.K_ESCAPE: "key_escape", **dict.fromkeys(ARROWS, "key_arrow"),
                  **dict.fromkeys((*ENTER_KEYS, pygame.K_SPACE), "key_enter"),
                  pygame.K_c: "clear"}
    # a controller: X all at random (A's key on every set-up screen), Y the next ship or piece,
    # Back clears (game/pad.py)
    PAD = {"x": pygame.K_a, "y": pygame.K_TAB, "back": pygame.K_c}
    EVENTS = {pygame.KEYDOWN: "on_key", pygame.MOUSEMOTION: "on_motion",
              pygame.MOUSEBUTTONDOWN: "on_press", pygame.MOUSEBUTTONUP: "on_release",
              pygame.MOUSEWHEEL: "on_wheel"}

    def __init__(self, app, on_done, letters: str, cols: int, rows: int, match=None,
                 player: int = 0, rng=None):
        """``match`` (with its player) seeds the screen's own generator; without one (a
        ship drawn in the battle) ``rng`` is used."""
        super().__init__(app)
        self.match = match
        self.player = player
        self.on_done = on_done
        self.cols, self.rows = cols, rows
        self.letters = board_letters(letters, cols, rows)
        self.rng = rng if match is None else random.Random(match.rng.getrandbits(32))
        self.mouse = None          # the pointer while it leads (off the board, dragging)
        # the person's fleet in his captain's paint and flag (issue 22; None: the plain grey)
        self.livery = liveries(app, match).get(player) if match is not None else None
        self.message, self.message_colour = "", theme.BAD

    def enter(self) -> None:
        self.layout()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.layout()

    def layout_key(self):
        return (self.size, self.app.tr.lang)

    @property
    def seat_title(self) -> str:
        return self.tr("place.title", name=self.match.seats[self.player].name)

    # -- words -------------------------------------------------------------------------------
    def words(self, exc: PlacementError) -> str:
        """A refusal in words, with cells in this board's letters."""
        return describe(exc, self.tr, self.letters)

    def say(self, message: str, colour=None) -> None:
        self.message, self.message_colour = message, colour or theme.GOOD

    def refuse(self, message: str) -> None:
        self.say(message, theme.BAD)
        self.app.sound("refuse")

    # -- input -------------------------------------------------------------------------------
    def handle(self, event) -> None:
        self.layout()
        if self.modal(event):
            return
        for b in self.buttons:
            if b.handle(event):
                return
        name = self.EVENTS.get(event.type)
        if name is not None:
            getattr(self, name)(event)

    def modal(self, event) -> bool:
        """True if a dialog over the screen took the event."""
        return False

    def on_key(self, event) -> None:
        self.press_key(self.KEYS, event)

    def press_key(self, keys: dict, event) -> None:
        """Call the method ``keys`` (a key map) gives the key of ``event``."""
        name = None
        if event.mod & pygame.KMOD_CTRL:
            name = keys.get((event.key, "ctrl"))
        name = name or keys.get(event.key)
        if name is None:
            return
        action = getattr(self, name)
        if name.startswith("key_"):
            action(event)
        else:
            action()

    def on_motion(self, event) -> None: ...
    def on_press(self, event) -> None: ...
    def on_release(self, event) -> None: ...
    def on_wheel(self, event) -> None: ...

    def key_escape(self, event) -> None:
        self.app.sound("click")
        self.back()

    def key_arrow(self, event) -> None:
        self.cursor = step_cell(self.cursor, event.key, self.cols, self.rows)
        self.mouse = None
        self.message = ""

    def dock_at(self, pos, pad: int = 12):
        """The dock's entry (a size, a kind, a rank) whose picture is at ``pos``."""
        return next((item for item, rect in self.dock_items()
                     if rect.inflate(pad, pad).collidepoint(pos)), None)

    def dock_items(self):
        """(entry, rectangle) for each picture of the dock."""
        return []


class ShipPlacement(PlacementBase):
    """Ships placed whole (Classic, Naval): ``held`` is not None while a ship is in hand,
    ``form`` its normalised cells and ``grab`` the cell of it under the pointer."""

    KEYS = {**PlacementBase.KEYS, pygame.K_TAB: "key_tab", pygame.K_r: "rotate_held",
            pygame.K_DELETE: "key_delete", pygame.K_BACKSPACE: "key_delete"}
    PAD = {**PlacementBase.PAD, "lb": pygame.K_r, "rb": pygame.K_r}   # the shoulders rotate

    def key_tab(self, event) -> None:
        self.take_next(-1 if event.mod & pygame.KMOD_SHIFT else 1)

    def ghost(self):
        """The cells the ship in hand would take at the cursor."""
        if self.held is None:
            return None
        gx, gy = self.grab
        cx, cy = self.cursor
        return tuple(sorted((cx + x - gx, cy + y - gy) for x, y in self.form))

    def ghost_problem(self):
        """Why the ship in hand may not go where it is (a PlacementError), or None."""
        cells = self.ghost()
        if cells is None:
            return None
        try:
            self.check_ghost(cells)
        except PlacementError as exc:
            return exc
        return None

    def place_held(self) -> bool:
        if self.held is None:
            return False
        problem = self.ghost_problem()
        if problem is not None:
            self.refuse(self.words(problem))
            return False
        self.put_down(self.ghost())
        return True

    def pick_up(self, ship, cell) -> None:
        """Hold ``ship`` (lifted from the board) by its ``cell``."""
        mx = min(x for x, _ in ship)
        my = min(y for _, y in ship)
        self.form = normalise(ship)
        self.grab = (cell[0] - mx, cell[1] - my)
        self.cursor = cell
        self.message = ""

    def rotate_held(self) -> None:
        """A quarter turn."""
        if self.held is None:
            return
        self.reshape_held(lambda x, y: (-y, x))
        self.message = ""
        self.app.sound("click")

    def reshape_held(self, move) -> None:
        """Move every cell of the ship in hand by ``move(x, y)`` (a turn, a mirror), keeping
        the grabbed cell under the pointer."""
        index = self.form.index(self.grab)
        moved = [move(x, y) for x, y in self.form]
        gx, gy = moved[index]
        mx = min(x for x, _ in moved)
        my = min(y for _, y in moved)
        self.form = normalise(moved)
        self.grab = (gx - mx, gy - my)

    # -- the pointer -------------------------------------------------------------------------
    def on_motion(self, event) -> None:
        cell = self.geo.cell_at(event.pos)
        if cell is None:
            self.mouse = event.pos
            return
        if cell != self.cursor:
            self.message = ""
        self.cursor = cell
        self.mouse = None
        self.moved_to(cell)

    def moved_to(self, cell) -> None:
        """The pointer went over ``cell`` of the board."""

    def on_press(self, event) -> None:
        if event.button == 3:
            self.rotate_held()
            return
        if event.button != 1:
            return
        cell = self.geo.cell_at(event.pos)
        if cell is not None:
            self.cursor = cell
            self.press_board(cell)
            return
        entry = self.dock_at(event.pos)
        if entry is not None:
            self.take_from_dock(entry)
            self.mouse = event.pos
            self.app.sound("click")

    def on_release(self, event) -> None:
        if event.button != 1 or self.end_press() or not self.dragging:
            return
        self.dragging = False
        cell = self.geo.cell_at(event.pos)
        if cell is not None and self.held is not None:
            self.cursor = cell
            self.place_held()

    def end_press(self) -> bool:
        """A press on the board ends (the button is up): True if that did something."""
        return False

    def on_wheel(self, event) -> None:
        self.rotate_held()
