"""Drawing for the campaign's chart: a row of stars earned, and the player's ship sailing from
port to port (the screens are ``game.scenes.campaign.voyage``)."""

from __future__ import annotations

import math

import pygame

from . import theme
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
