"""Drawing for the campaign's chart: a row of stars earned, the player's ship sailing from port
to port, the compass rose (the screens are ``game.scenes.campaign.voyage``)."""

from __future__ import annotations

import math

import pygame

from . import text, theme
from .widgets import star


def draw_stars(surface, centre, size: float, earned: int, total: int, gap: float = 1.15) -> None:
    x0 = centre[0] - (total - 1) * size * gap / 2
    for i in range(total):
        c = (x0 + i * size * gap, centre[1])
        if i < earned:
            star(surface, c, size, theme.ACCENT)
        else:
            star(surface, c, size, theme.TEXT_DIM, filled=False)


def draw_chart_ship(surface, pos, size: float, t: float) -> None:
    """The player's ship on the chart: a little sailing boat riding the swell."""
    x, y = pos
    y += math.sin(t * 2.4) * size * 0.08
    tilt = math.sin(t * 1.7) * 0.08
    s = size

    def rot(px, py):
        return (x + px * math.cos(tilt) - py * math.sin(tilt),
                y + px * math.sin(tilt) + py * math.cos(tilt))
    hull = [rot(-0.55 * s, 0), rot(0.55 * s, 0), rot(0.38 * s, 0.25 * s), rot(-0.4 * s, 0.25 * s)]
    sail = [rot(-0.05 * s, -0.05 * s), rot(-0.05 * s, -0.85 * s), rot(0.42 * s, -0.08 * s)]
    jib = [rot(-0.12 * s, -0.05 * s), rot(-0.12 * s, -0.7 * s), rot(-0.45 * s, -0.08 * s)]
    pygame.draw.polygon(surface, (90, 52, 30), hull)
    pygame.draw.polygon(surface, (40, 24, 14), hull, 2)
    pygame.draw.polygon(surface, (240, 236, 220), sail)
    pygame.draw.polygon(surface, (220, 214, 196), jib)
    pygame.draw.line(surface, (60, 40, 24), rot(-0.08 * s, 0), rot(-0.08 * s, -0.92 * s), 2)
    pygame.draw.polygon(surface, theme.BAD, [rot(-0.08 * s, -0.92 * s), rot(0.12 * s, -0.86 * s),
                                             rot(-0.08 * s, -0.8 * s)])


def draw_compass(surface, centre, size: float, t: float, px: int) -> None:
    """The chart's compass rose, swaying a little with the sea; north in red, "N" above it."""
    x, y = centre
    pygame.draw.circle(surface, (110, 150, 190), (x, y), size, 1)
    wobble = math.sin(t * 0.9) * 0.06
    for k in range(4):
        a = wobble + k * math.pi / 2
        tip = (x + math.sin(a) * size, y - math.cos(a) * size)
        left = (x + math.sin(a - 1.4) * size * 0.18, y - math.cos(a - 1.4) * size * 0.18)
        right = (x + math.sin(a + 1.4) * size * 0.18, y - math.cos(a + 1.4) * size * 0.18)
        pygame.draw.polygon(surface, theme.BAD if k == 0 else (170, 190, 210), [tip, left, right])
    text.draw(surface, "N", (x + math.sin(wobble) * size * 1.3, y - math.cos(wobble) * size * 1.3),
              px, theme.TEXT, "center")
