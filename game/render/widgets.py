"""Menus and buttons that work the same by mouse and by keyboard.

A ``Menu`` is a column of items: actions, choices (left/right or click to change), and text
fields. Up/Down (or Tab) move, Enter/Space act, Left/Right change a choice. A choice stops at
its ends (no silent wrap from the last value to the first): the arrow that leads nowhere is
dimmed, and dots under the value show where it stands in its list; Enter or a click on the value
steps on, and flips a two-valued choice (a switch). Given a ``clock`` (the scene's elapsed
time), the highlight glides to the row chosen instead of jumping. Symbols the default font lacks
(arrows, ticks) are drawn as shapes here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

from . import frame_log, motion, prompts, text, theme
from .cache import Lru
from .easing import ease_out


_tint_cache = Lru(64)


def tint(size, rgba) -> pygame.Surface:
    """A translucent rectangle, made once per size and colour."""
    key = (tuple(size), tuple(rgba))
    surf = _tint_cache.get(key)
    if surf is None:
        surf = _tint_cache[key] = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill(rgba)
    return surf


def veil(surface: pygame.Surface, rgba) -> None:
    """A translucent shade over the whole ``surface``: what a dialog or a scene drawn over
    another lays first (the frame's check takes what was drawn before as under it)."""
    surface.blit(tint(surface.get_size(), rgba), (0, 0))
    frame_log.box(surface, surface.get_rect(), "veil")


_panel_cache = Lru(48)


def centred(width: float, height: float, centre) -> pygame.Rect:
    """A ``width``×``height`` rectangle centred on ``centre`` (a panel, a dialog)."""
    rect = pygame.Rect(0, 0, int(width), int(height))
    rect.center = (int(centre[0]), int(centre[1]))
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215,
          edge=None, radius: int = 12) -> None:
    key = (rect.size, alpha, radius)
    shade = _panel_cache.get(key)
    if shade is None:
        shade = _panel_cache[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*theme.PANEL, alpha), shade.get_rect(), border_radius=radius)
    surface.blit(shade, rect.topleft)
    pygame.draw.rect(surface, edge or theme.PANEL_EDGE, rect, 2, border_radius=radius)
    frame_log.box(surface, rect)


def arrow(surface: pygame.Surface, centre, size: float, direction: str, colour) -> pygame.Rect:
    """A filled triangle pointing left/right/up/down (the font has no arrow glyphs)."""
    x, y = centre
    s = size / 2
    pts = {
        "left": [(x - s, y), (x + s, y - s), (x + s, y + s)],
        "right": [(x + s, y), (x - s, y - s), (x - s, y + s)],
        "up": [(x, y - s), (x - s, y + s), (x + s, y + s)],
        "down": [(x, y + s), (x - s, y - s), (x + s, y - s)],
    }[direction]
    return pygame.draw.polygon(surface, colour, pts)


def tick(surface: pygame.Surface, centre, size: float, colour) -> None:
    x, y = centre
    s = size / 2
    pygame.draw.lines(surface, colour, False, [(x - s, y), (x - s / 3, y + s * 0.7), (x + s, y - s * 0.7)],
                      max(2, int(size / 6)))


def star(surface: pygame.Surface, centre, size: float, colour, filled=True) -> None:
    x, y = centre
    pts = []
    for i in range(10):
        r = size / 2 if i % 2 == 0 else size / 5
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((x + math.cos(a) * r, y + math.sin(a) * r))
    pygame.draw.polygon(surface, colour, pts, 0 if filled else 2)


@dataclass
class Item:
    label: Callable[[], str]
    on_activate: Callable[[], None] | None = None
    # a choice: ``values`` to cycle, ``get``/``set`` the current one, ``show`` its words
    values: Callable[[], list] | None = None
    get: Callable[[], object] | None = None
    set: Callable[[object], None] | None = None
    show: Callable[[object], str] = str
    # a text field: edited while selected; ``placeholder`` shows (dimmed) while it is empty
    max_len: int = 0
    placeholder: Callable[[], str] = lambda: ""
    enabled: Callable[[], bool] = lambda: True
    # an action's picture at the row's left: (height in pixels) -> a cached surface
    icon: Callable[[int], pygame.Surface] | None = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    left: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    right: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @property
    def is_choice(self) -> bool:
        return self.values is not None

    @property
    def is_text(self) -> bool:
        return self.max_len > 0

    def position(self) -> tuple[int, int]:
        """(where the current value stands in the list, how many values there are)."""
        values = self.values()
        cur = self.get()
        return (values.index(cur) if cur in values else 0), len(values)

    def can_move(self, delta: int) -> bool:
        i, n = self.position()
        return 0 <= i + delta < n

    def move(self, delta: int) -> bool:
        """The value ``delta`` places on, if there is one: in a menu a choice stops at its
        ends."""
        if not self.can_move(delta):
            return False
        i, _ = self.position()
        self.set(self.values()[i + delta])
        return True

    def move_on(self) -> bool:
        """Enter or a click on the value: the next value; a switch of two flips."""
        i, n = self.position()
        return self.move(-1 if n == 2 and i == 1 else 1)

    def step(self, delta: int) -> None:
        """``delta`` places on, round from the last value to the first (a hotkey that cycles
        through the values, the chart's D; a menu row moves instead)."""
        i, n = self.position()
        self.set(self.values()[(i + delta) % n])


GLIDE = 0.14        # seconds the highlight takes to glide to the row chosen


class Menu:
    SNUG = 1.3          # the closest rows come (font sizes apart) before a menu scrolls

    def __init__(self, items: list[Item], on_change: Callable[[], None] | None = None,
                 sound: Callable[[str], None] | None = None, base_px: int = 30,
                 clock: Callable[[], float] | None = None):
        self.items = items
        self.clock = clock           # the scene's elapsed time (None: the highlight jumps)
        self._index = 0
        self._glide = (0.0, -GLIDE)  # (the row the highlight left, when)
        self.on_change = on_change or (lambda: None)
        self.sound = sound or (lambda name: None)
        self.base_px = base_px
        self.spacing = 1.7           # a row's height in font sizes (a long menu may close up)
        self.first = 0               # the first row shown (a menu taller than its room scrolls)
        self.shown = len(items)      # how many rows are shown
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.px = base_px
        self.label_w = 0.0
        self._skip_disabled(1)

    def _skip_disabled(self, step: int) -> None:
        for _ in range(len(self.items)):
            if self.items[self.index].enabled():
                return
            self.index = (self.index + step) % len(self.items)

    @property
    def index(self) -> int:
        return self._index

    @index.setter
    def index(self, value: int) -> None:
        if value != self._index and self.clock is not None:
            now = self.clock()
            self._glide = (self.shown_row(now), now)
        self._index = value

    def shown_row(self, now: float | None = None) -> float:
        """Where the highlight is at ``now`` (the scene's time): a row number, between two
        rows while it glides from the last one chosen (with reduced motion it jumps)."""
        if self.clock is None or motion.reduced():
            return float(self._index)
        start, at = self._glide
        k = ease_out(((self.clock() if now is None else now) - at) / GLIDE)
        return start + (self._index - start) * k

    @property
    def current(self) -> Item:
        return self.items[self.index]

    def height(self, window: tuple[int, int]) -> int:
        """The height the items need at this window size."""
        return int(theme.font_px(window, self.base_px) * self.spacing) * len(self.items)

    def layout(self, rect: pygame.Rect, window: tuple[int, int]) -> None:
        """Rows in ``rect``; rows too many for its height close up, then scroll (the rows
        around the one chosen are shown: a larger text needs no taller window)."""
        self.rect = rect
        self.px = theme.font_px(window, self.base_px)
        n = len(self.items)
        row = int(self.px * self.spacing)
        self.shown = n
        if row * n > rect.h + self.px // 2:     # (half a line may run into the margin)
            row = max(int(self.px * min(self.spacing, self.SNUG)), rect.h // max(1, n))
            self.shown = max(1, min(n, rect.h // max(1, row)))
        self.first = max(0, min(self.first, self.index, n - self.shown),
                         self.index - self.shown + 1)
        top = rect.centery - row * self.shown // 2 - row * self.first
        # the labels take what they need, up to half the row; the values get the rest, so a
        # long value is not squeezed beside a short label
        labels = [it.label() for it in self.items if it.is_choice or it.is_text]
        need = max((text.size(label, self.px)[0] for label in labels), default=0)
        self.label_w = min(need + self.px * 0.5, rect.w * 0.5 - self.px)
        for i, item in enumerate(self.items):
            item.rect = pygame.Rect(rect.x, top + i * row, rect.w, row)
            if not self.first <= i < self.first + self.shown:   # scrolled away: no target
                item.rect = pygame.Rect(rect.x, top + i * row, 0, 0)
            a = self.px * 0.6
            item.left = pygame.Rect(0, 0, a * 1.6, a * 1.6)
            item.left.center = (rect.x + self.px + self.label_w + self.px * 0.5,
                                item.rect.centery)
            item.right = pygame.Rect(0, 0, a * 1.6, a * 1.6)
            item.right.center = (rect.right - self.px * 0.9, item.rect.centery)

    def width_for(self, window: tuple[int, int]) -> int:
        """The width the action rows need for their words at full size (with their pictures):
        a screen may widen the menu's panel to it rather than shrink the words."""
        px = theme.font_px(window, self.base_px)
        row = int(px * self.spacing)
        need = 0
        for item in self.items:
            if item.is_choice or item.is_text:
                continue
            w = text.size(item.label(), px)[0] + 2 * px
            if item.icon is not None:
                w += 2 * (item.icon(int(row * 0.8)).get_width() + px * 0.4)
            need = max(need, int(w))
        return need

    def panel_width(self, width: float, window: tuple[int, int], margin: int) -> float:
        """A panel ``width`` wide (as designed at 100 %) widened as far as its words grew with
        the scale, up to what they need (``margin``: the panel's beyond the rows) and 90 % of
        the window: at 100 % the panel is as it was."""
        need = self.width_for(window)
        grown = width + need * (1 - 1 / theme.SCALE)
        return max(width, min(window[0] * 0.9, need + margin, grown))

    def value_room(self, item: Item) -> pygame.Rect:
        """Where a choice's or a text field's value is written (after ``layout``)."""
        x = item.left.right + self.px * 0.3
        return pygame.Rect(round(x), item.rect.y, int(item.right.left - x - self.px * 0.3),
                           item.rect.h)

    def move(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.items)
        self._skip_disabled(delta)
        self.sound("click")

    def activate(self) -> None:
        item = self.current
        if not item.enabled():
            self.sound("refuse")
            return
        if item.is_choice:
            self._step(item, 0)
            return
        self.sound("click")
        if item.on_activate:
            item.on_activate()

    def _step(self, item: Item, delta: int) -> None:
        """A choice ``delta`` places on (0: Enter's step on); refused at its end."""
        if not (item.move_on() if delta == 0 else item.move(delta)):
            self.sound("refuse")
            return
        self.sound("click")
        self.on_change()

    def handle(self, event) -> bool:
        """Handle one pygame event; True if the menu used it."""
        item = self.current
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP,) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.move(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.move(1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) or (
                    event.key == pygame.K_SPACE and not item.is_text):
                self.activate()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and item.is_choice and item.enabled():
                self._step(item, -1 if event.key == pygame.K_LEFT else 1)
            elif event.key == pygame.K_BACKSPACE and item.is_text:
                item.set(str(item.get())[:-1])
                self.on_change()
            else:
                return False
            return True
        if event.type == pygame.TEXTINPUT and item.is_text:
            value = (str(item.get()) + event.text)[: item.max_len]
            item.set(value)
            self.on_change()
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, it in enumerate(self.items):
                if it.rect.collidepoint(event.pos) and it.enabled() and i != self.index:
                    self.index = i
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for i, it in enumerate(self.items):
                if it.rect.collidepoint(event.pos) and it.enabled():
                    self.index = i
                    if it.is_choice:
                        back = event.button == 3 or it.left.collidepoint(event.pos)
                        on = event.button == 1 and not it.right.collidepoint(event.pos)
                        self._step(it, -1 if back else 0 if on else 1)
                    elif event.button == 1:
                        self.activate()
                    return True
        if event.type == pygame.MOUSEWHEEL and self.shown < len(self.items):
            self.move(-event.y)           # a menu that scrolls: the wheel moves along it
            return True
        if event.type == pygame.MOUSEWHEEL and self.current.is_choice:
            return False
        return False

    def draw(self, surface: pygame.Surface, t: float = 0.0) -> None:
        px = self.px
        first, last = self.first, self.first + self.shown
        if self.items:
            r = self.items[first].rect
            shown = min(max(self.shown_row(), first), last - 1)
            y = r.y + (shown - first) * r.h        # the highlight, gliding to the row chosen
            surface.blit(_highlight(r.size), (r.x, round(y)))
            arrow(surface, (r.x + px * 0.45, round(y + r.h / 2)), px * 0.5, "right",
                  theme.ACCENT if self.current.enabled() else theme.TEXT_DIM)
            # a menu that scrolls: a mark above and below where more rows are
            for more, edge, side in ((first > 0, r.top, "up"),
                                     (last < len(self.items), r.top + self.shown * r.h,
                                      "down")):
                if more:
                    arrow(surface, (r.centerx, edge), px * 0.4, side, theme.TEXT_DIM)
        for i, item in enumerate(self.items):
            if not first <= i < last:
                continue
            selected = i == self.index
            enabled = item.enabled()
            # a disabled item looks disabled even under the cursor (a locked port's Set sail)
            colour = (theme.TEXT_DIM if not enabled else theme.ACCENT if selected else theme.TEXT)
            r = item.rect
            frame_log.box(surface, r, "menu row")
            if item.is_choice or item.is_text:
                label_w = self.label_w
                lpx = text.fit_px(item.label(), px, int(label_w))
                text.draw(surface, item.label(), (r.x + px, r.centery), lpx, colour, "midleft")
                value = item.show(item.get()) if item.is_choice else str(item.get())
                value_colour = theme.TEXT if enabled else theme.TEXT_DIM
                if item.is_text and not value:
                    value, value_colour = item.placeholder(), theme.TEXT_DIM
                if item.is_text and selected and int(t * 2) % 2 == 0:
                    value += "_"
                room = self.value_room(item)
                vpx = text.fit_px(value, px, room.w)
                text.draw(surface, value, room.center, vpx, value_colour, "center")
                if item.is_choice and enabled:
                    for side, delta in (("left", -1), ("right", 1)):
                        # an arrow that leads nowhere (the list's end) is dimmed
                        arrow(surface, getattr(item, side).center, px * 0.55, side,
                              colour if item.can_move(delta) else theme.TEXT_DIM)
                    _pips(surface, room, *item.position(), px, colour)
            else:
                room = r.w - 2 * px
                if item.icon is not None:   # a column of pictures at the left, the words centred
                    picture = item.icon(int(r.h * 0.8))
                    surface.blit(picture, picture.get_rect(midleft=(r.x + px, r.centery)))
                    room -= 2 * (picture.get_width() + px * 0.4)
                lpx = text.fit_px(item.label(), px, int(room))
                text.draw(surface, item.label(), (r.centerx, r.centery), lpx, colour, "center")


def _pips(surface: pygame.Surface, room: pygame.Rect, at: int, n: int, px: int, colour) -> None:
    """Where a choice's value stands in its list: a dot for each value along the foot of its
    row, the current one lit (a switch of two values needs none; a long list, a short bar with
    a marker; a row too low for them, none: its dimmed arrows still show the ends)."""
    if n < 3 or room.h - px * 1.25 < 8:     # no room under the words (a small window)
        return
    r = max(1.2, px * 0.07)
    y = room.bottom - r - max(1, px * 0.06)
    if n <= 12:
        gap = max(4 * r, px * 0.36)
        x0 = room.centerx - gap * (n - 1) / 2
        for k in range(n):
            pygame.draw.circle(surface, colour if k == at else theme.PANEL_EDGE,
                               (x0 + k * gap, y), r * (1.4 if k == at else 1))
        return
    w = px * 4
    x0 = room.centerx - w / 2
    pygame.draw.line(surface, theme.PANEL_EDGE, (x0, y), (x0 + w, y), max(1, round(r)))
    pygame.draw.circle(surface, colour, (x0 + w * at / (n - 1), y), r * 1.4)


_hl_cache = Lru(1)


def _highlight(size) -> pygame.Surface:
    surf = _hl_cache.get(size)
    if surf is None:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*theme.ACCENT, 38), surf.get_rect(), border_radius=8)
        _hl_cache[size] = surf
    return surf


class Button:
    def __init__(self, label: Callable[[], str], on_click: Callable[[], None],
                 enabled: Callable[[], bool] = lambda: True, hotkey: str = ""):
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.hotkey = hotkey
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos) and self.enabled():
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface, px: int) -> None:
        enabled = self.enabled()
        bg = theme.PANEL_EDGE if (self.hover and enabled) else theme.PANEL
        pygame.draw.rect(surface, bg, self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT if enabled else theme.TEXT_DIM, self.rect, 2,
                         border_radius=8)
        frame_log.box(surface, self.rect, "button")
        colour = theme.TEXT if enabled else theme.TEXT_DIM
        button = prompts.pad_button(self.hotkey)   # a controller's button, once one is used
        if button is not None:     # the words, then the button's picture, centred together
            gap = px // 2
            lpx = text.fit_px(self.label(), px,
                              self.rect.w - 12 - gap - prompts.glyph(button, px).get_width())
            tw = text.size(self.label(), lpx)[0]
            total = tw + gap + prompts.glyph(button, lpx).get_width()
            x = self.rect.centerx - total / 2
            text.draw(surface, self.label(), (x, self.rect.centery), lpx, colour, "midleft")
            prompts.draw_glyph(surface, button, (x + tw + gap, self.rect.centery), lpx,
                               "midleft")
            return
        label = self.label() + (f"  [{self.hotkey}]" if self.hotkey else "")
        lpx = text.fit_px(label, px, self.rect.w - 12)
        text.draw(surface, label, self.rect.center, lpx, colour, "center")
