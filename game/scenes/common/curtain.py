"""The hand-over curtain: hides the whole screen while two people pass the seat.

It lifts only on a deliberate act of the player who takes the seat (issue 33): its own button,
clicked (pressed and released on it), or Enter or Space pressed afresh — and neither before a
short lock has passed, so a burst of clicks or a held key that began in the battle dies with the
curtain. The button stands where the battle below took no aim (``avoid``: its boards), so a
click meant for the battle never lands on it.
"""

from __future__ import annotations

import pygame

from ...render import motion, text, theme
from ...render.cache import Lru
from ...render.widgets import Button, panel, tint
from .base import Scene
from .dialogs import confirm_abandon

OPEN_TIME = 0.45
LOCK = 1.0          # seconds the curtain takes no input after it falls
REPEAT_GAP = 0.5    # a key pressed again sooner than this is still held (key repeat: 40 ms)
READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def button_place(size, avoid, bw: int, bh: int) -> pygame.Rect:
    """Where the curtain's button goes in a window of ``size``: low in the middle if that is
    clear of every rect in ``avoid``, else in the middle of the widest column clear of them
    (narrowed to fit it), else at the bottom."""
    w, h = size
    ys = (0.64, 0.72, 0.8, 0.88, 0.56)
    spans = [(0, w)]
    for r in avoid:                     # the columns of the window no avoided rect covers
        cut = []
        for a, b in spans:
            if r.right <= a or r.left >= b:
                cut.append((a, b))
                continue
            if r.left > a:
                cut.append((a, r.left))
            if r.right < b:
                cut.append((r.right, b))
        spans = cut
    columns = [(w / 2, bw)] + [((a + b) / 2, min(bw, b - a - 16))
                               for a, b in sorted(spans, key=lambda s: s[0] - s[1])]
    for cx, width in columns:
        if width < bw * 0.5:
            continue
        for fy in ys:
            rect = pygame.Rect(0, 0, int(width), bh)
            rect.center = (int(cx), int(h * fy))
            if not any(rect.colliderect(r) for r in avoid):
                return rect
    rect = pygame.Rect(0, 0, bw, bh)
    rect.midbottom = (w // 2, h - 8)
    return rect


def cloth_of(size) -> pygame.Surface:
    """Half a curtain's folds (a little more), made once per window size: narrow fills are
    slow, and a curtain drew forty of them every frame (7 ms at 800×600)."""
    w, h = size
    fold = max(12, w // 40)
    cloth = pygame.Surface((w // 2 + fold, h))
    for i, x in enumerate(range(0, cloth.get_width(), fold)):
        shade = 70 + 25 * (i % 2)
        pygame.draw.rect(cloth, (shade // 3, shade // 2, shade), (x, 0, fold, h))
    return cloth.convert() if pygame.display.get_surface() else cloth


_CLOTH = Lru(4)


class CurtainScene(Scene):
    opaque = True

    def __init__(self, app, message: str, on_ready, on_abandon=None, avoid=()):
        super().__init__(app)
        self.message = message
        self.on_ready = on_ready
        self.on_abandon = on_abandon
        self.avoid = [pygame.Rect(r) for r in avoid]   # where the battle below took aim
        self.opening = None  # seconds since the curtain started to open
        # keys down as it falls (a press of theirs seen again soon is only their repeat)
        self.held = {k: 0.0 for k in getattr(app, "keys_down", ())}
        self.armed = False   # the left button went down on the button, after the lock
        self.nudge = 0.0     # a click elsewhere: the button glows to show where to click
        self.button = Button(lambda: self.tr("curtain.take_seat"), self._lift,
                             lambda: self.unlocked)

    @property
    def unlocked(self) -> bool:
        return self.t >= LOCK and self.opening is None

    def lay_out(self, w: int, h: int, u: float) -> None:
        """The button clear of the battle's boards, and over it the plate of the words: each
        line of them with its place (``rows``: words, centre, size, colour, shadowed)."""
        px = theme.font_px(self.size, 26)
        label = self.tr("curtain.take_seat")
        bw = min(int(w * 0.6), text.size(label, px)[0] + int(60 * u))
        self.button.rect = button_place(self.size, self.avoid, bw, int(px * 2.0))
        width = int(w * 0.8)
        blocks = [(self.message, theme.font_px(self.size, 44), 1.2, theme.TEXT),
                  (self.tr("curtain.ready"), theme.font_px(self.size, 22), 1.3, theme.ACCENT),
                  (self.tr("curtain.secret"), theme.font_px(self.size, 18), 1.3, theme.TEXT_DIM)]
        big = blocks[0][1]
        pad = int(big * 0.45)
        rows, y = [], pad
        for i, (words, size, spacing, colour) in enumerate(blocks):
            for line in text.wrap(words, size, width - 40):
                rows.append((line, y + size * spacing / 2, size, colour, i == 0))
                y += size * spacing
            y += big * 0.25 if i == 0 else 0
        tall = int(y + pad)
        top = min(int(h * 0.42 - tall / 2), self.button.rect.y - tall - 12)
        self.plate = pygame.Rect(0, 0, width, tall)
        self.plate.midtop = (w // 2, max(8, top))      # above the button
        self.rows = rows

    def layout_key(self):
        return (self.size, self.tr.lang)

    def _lift(self) -> None:
        if self.unlocked:
            self.opening = 0.0
            self.app.sound("curtain")

    def _fresh(self, key: int) -> bool:
        """Is this press of ``key`` a new one (not a held key's repeat, not in the lock)?"""
        last = self.held.get(key)
        if not self.unlocked or (last is not None and self.t - last < REPEAT_GAP):
            self.held[key] = self.t
            return False
        self.held.pop(key, None)
        return True

    def handle(self, event) -> None:
        if event.type == pygame.KEYUP:
            self.held.pop(event.key, None)
            return
        if event.type == pygame.MOUSEMOTION:
            self.button.hover = self.button.rect.collidepoint(event.pos)
            return
        if event.type == pygame.KEYDOWN:
            if not self._fresh(event.key):
                return
            if event.key in READY_KEYS:
                self._lift()
            elif event.key == pygame.K_ESCAPE:
                confirm_abandon(self.app, self.on_abandon)
            return
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return
        on = self.button.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.armed = on and self.unlocked
            if not on and self.unlocked:
                self.nudge = 0.8
        elif event.type == pygame.MOUSEBUTTONUP:
            if on and self.armed:
                self._lift()
            self.armed = False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.nudge = max(0.0, self.nudge - dt)
        if self.opening is not None:
            self.opening += dt
            if self.opening >= self.open_time:
                self.opening = None
                self.on_ready()

    @property
    def open_time(self) -> float:
        """Seconds the curtain takes to open (with reduced motion: a short fade)."""
        return motion.FADE if motion.reduced() else OPEN_TIME

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        k = 0.0 if self.opening is None else min(1.0, self.opening / self.open_time)
        half = int(w / 2 * (1 - k * k))
        surface.fill(theme.BG)
        cloth = _CLOTH.get_or_make(self.size, lambda: cloth_of(self.size))
        if motion.reduced() and self.opening is not None:   # no parting: the cloth fades
            surface.blit(cloth, (0, 0))
            surface.blit(tint(self.size, (*theme.BG, min(255, int(16 * k) * 16))), (0, 0))
            return
        for side in (0, 1):
            x0 = 0 if side == 0 else w - half     # each half's folds start at its own edge
            surface.blit(cloth, (x0, 0), (0, 0, half, h))
            edge_x = half if side == 0 else w - half
            pygame.draw.line(surface, theme.ACCENT, (edge_x, 0), (edge_x, h), 3)
        if self.opening is not None:
            return
        self._draw_words(surface)

    def _draw_words(self, surface) -> None:
        """The message and the hint on a plate over the seam, and the button."""
        panel(surface, self.plate, 255, theme.ACCENT)   # opaque: the seam never crosses words
        cx = self.size[0] / 2
        for line, y, size, colour, shadow in self.rows:
            text.draw(surface, line, (cx, self.plate.y + y), size, colour, "center",
                      shadow=shadow)
        b = self.button
        if self.nudge > 0 and int(self.nudge * 6) % 2 == 0:
            pygame.draw.rect(surface, theme.GOOD, b.rect.inflate(10, 10), 3, border_radius=10)
        b.draw(surface, theme.font_px(self.size, 26))
        if not self.unlocked:             # the lock runs out along the button's foot
            done = min(1.0, self.t / LOCK)
            bar = pygame.Rect(b.rect.x + 8, b.rect.bottom - 7, int((b.rect.w - 16) * done), 3)
            pygame.draw.rect(surface, theme.ACCENT, bar)
