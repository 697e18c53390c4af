"""The end of a game (issue 20): the result panels sliding in, a line of signal flags dressing
the screen for a victory, the fireworks' colours, and the dusk that falls on a defeat."""

from __future__ import annotations

import math

import pygame

from .easing import ease_out  # noqa: F401  (the result screens take it from here)
from .widgets import tint

# signal flags: (ground, figure, kind) — plain, a cross, a band, quartered
FLAGS = (((230, 40, 40), (250, 250, 250), "cross"), ((250, 250, 250), (30, 70, 170), "band"),
         ((250, 200, 30), (30, 30, 30), "quarter"), ((30, 70, 170), (250, 250, 250), "cross"),
         ((230, 40, 40), (250, 200, 30), "band"), ((250, 250, 250), (230, 40, 40), "quarter"))
FIREWORKS = ((255, 120, 90), (120, 220, 255), (255, 220, 90), (150, 255, 150), (230, 150, 255))


def punch(k: float) -> float:
    """A headline's scale as it lands: from twice its size down to itself, a small bounce."""
    k = max(0.0, min(1.0, k))
    return 1 + 1.2 * (1 - k) ** 2 - 0.08 * math.sin(k * math.pi) * k


def draw_bunting(surface: pygame.Surface, left: float, right: float, top: float, size: float,
                 t: float, shown: float = 1.0) -> None:
    """A line of signal flags strung from ``left`` to ``right`` under ``top``, each flapping in
    the wind; ``shown`` (0–1) how much of the line has been hoisted, from the left."""
    n = max(4, int((right - left) / (size * 1.5)))
    step = (right - left) / n
    sag = size * 0.8
    pts = []
    for i in range(n + 1):
        x = left + i * step
        pts.append((x, top + sag * math.sin(math.pi * i / n)))
    pygame.draw.lines(surface, (200, 200, 210), False, pts, max(1, int(size // 12)))
    for i in range(int(n * shown)):
        x, y = pts[i][0] + step * 0.25, (pts[i][1] + pts[i + 1][1]) / 2
        flap = math.sin(t * 5 + i * 0.9) * size * 0.1
        ground, figure, kind = FLAGS[i % len(FLAGS)]
        w, h = step * 0.55, size
        quad = [(x, y), (x + w, y + flap * 0.4), (x + w, y + h + flap), (x, y + h)]
        pygame.draw.polygon(surface, ground, quad)
        if kind == "cross":
            pygame.draw.line(surface, figure, (x + w / 2, y + flap * 0.2),
                             (x + w / 2, y + h + flap * 0.5), max(1, int(w / 5)))
            pygame.draw.line(surface, figure, (x, y + h / 2), (x + w, y + h / 2 + flap * 0.7),
                             max(1, int(h / 5)))
        elif kind == "band":
            pygame.draw.polygon(surface, figure, [(x, y + h * 0.33), (x + w, y + h * 0.33 + flap * 0.5),
                                                  (x + w, y + h * 0.67 + flap * 0.8),
                                                  (x, y + h * 0.67)])
        else:
            pygame.draw.polygon(surface, figure, [(x, y), (x + w / 2, y + flap * 0.2),
                                                  (x + w / 2, y + h / 2 + flap * 0.5),
                                                  (x, y + h / 2)])
            pygame.draw.polygon(surface, figure, [(x + w / 2, y + h / 2 + flap * 0.5),
                                                  (x + w, y + h / 2 + flap * 0.7),
                                                  (x + w, y + h + flap), (x + w / 2, y + h + flap * 0.5)])
        pygame.draw.polygon(surface, (20, 20, 30), quad, 1)


def dusk(surface: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """A defeat: the light going out over ``rect`` (``k`` 0–1)."""
    if k > 0:
        surface.blit(tint(rect.size, (10, 6, 24, int(80 * k))), rect.topleft)

