"""The hand-over curtain: hides the whole screen while two people pass the seat.

It opens only on a deliberate Enter, Space or click, so a stray key cannot show one player's
fleet to the other.
"""

from __future__ import annotations

import pygame

from ...render import text, theme
from .base import Scene
from .dialogs import confirm_abandon

OPEN_TIME = 0.45


class CurtainScene(Scene):
    opaque = True

    def __init__(self, app, message: str, on_ready, on_abandon=None):
        super().__init__(app)
        self.message = message
        self.on_ready = on_ready
        self.on_abandon = on_abandon
        self.opening = None  # seconds since the curtain started to open

    def handle(self, event) -> None:
        if self.opening is not None:
            return
        ready = (event.type == pygame.KEYDOWN
                 and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        if ready:
            self.opening = 0.0
            self.app.sound("curtain")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            confirm_abandon(self.app, self.on_abandon)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.opening is not None:
            self.opening += dt
            if self.opening >= OPEN_TIME:
                self.opening = None
                self.on_ready()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        k = 0.0 if self.opening is None else min(1.0, self.opening / OPEN_TIME)
        half = int(w / 2 * (1 - k * k))
        surface.fill(theme.BG)
        fold = max(12, w // 40)
        for side in (0, 1):
            x0 = 0 if side == 0 else w - half
            for i, x in enumerate(range(x0, x0 + half, fold)):
                shade = 70 + 25 * (i % 2)
                pygame.draw.rect(surface, (shade // 3, shade // 2, shade), (x, 0, fold, h))
            edge_x = half if side == 0 else w - half
            pygame.draw.line(surface, theme.ACCENT, (edge_x, 0), (edge_x, h), 3)
        if self.opening is None:
            px = theme.font_px(self.size, 44)
            lines = text.wrap(self.message, px, int(w * 0.8))
            y = h * 0.42 - len(lines) * px * 0.6
            for line in lines:
                text.draw(surface, line, (w / 2, y), px, theme.TEXT, "center", shadow=True)
                y += px * 1.2
            hint_px = theme.font_px(self.size, 24)
            alpha_on = int(self.t * 2) % 2 == 0
            text.draw(surface, self.tr("curtain.ready"), (w / 2, h * 0.62), hint_px,
                      theme.ACCENT if alpha_on else theme.TEXT_DIM, "center", shadow=True)
            text.draw(surface, self.tr("curtain.secret"), (w / 2, h * 0.70),
                      theme.font_px(self.size, 18), theme.TEXT_DIM, "center")
