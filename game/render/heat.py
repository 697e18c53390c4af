"""The glow of what a computer believed of each cell (the fairness view after a game), and its
legend. The glow is scaled to the range of the belief itself, from the least to the most likely
of the cells it thought possible: early on, when every open cell is nearly as likely as the
next, the few that stand out still show."""

from __future__ import annotations

import pygame

from . import text, theme
from .board import BoardGeometry
from .widgets import tint

STEPS = 12          # shades of the glow, so its tints are made once

# the ramp from the least likely to the most: violet, red, yellow (never the water's blue)
_RAMP = ((0.0, (130, 70, 210, 70)), (0.5, (240, 80, 60, 125)), (1.0, (255, 232, 80, 200)))


def heat_levels(belief) -> list:
    """Each cell's place (0 to 1, in ``STEPS`` shades) between the least and the most likely
    of the cells the belief holds possible; None for a cell it rules out. All alike: 0.5."""
    live = [b for b in belief if b > 0]
    if not live:
        return [None] * len(belief)
    lo, hi = min(live), max(live)
    span = hi - lo
    if span <= hi * 1e-6:
        return [0.5 if b > 0 else None for b in belief]
    return [round((b - lo) / span * STEPS) / STEPS if b > 0 else None for b in belief]


def all_alike(belief) -> bool:
    """Did the belief hold every cell it thought possible equally likely?"""
    return all(k in (None, 0.5) for k in heat_levels(belief)) and any(b > 0 for b in belief)


def heat_colour(k: float) -> tuple:
    """The glow's colour (RGBA) at ``k`` along the ramp."""
    for (k0, c0), (k1, c1) in zip(_RAMP, _RAMP[1:]):
        if k <= k1:
            f = (k - k0) / (k1 - k0)
            return tuple(int(a + (b - a) * f) for a, b in zip(c0, c1))
    return _RAMP[-1][1]


def draw_heat(surface, geo: BoardGeometry, belief) -> None:
    """The glow over a field of ``geo.cols`` columns, one tint a cell."""
    for i, k in enumerate(heat_levels(belief)):
        if k is not None:
            c = (i % geo.cols, i // geo.cols)
            surface.blit(tint((geo.cell, geo.cell), heat_colour(k)), geo.cell_rect(c))


def draw_heat_legend(surface, rect: pygame.Rect, px: int, low: str, high: str) -> int:
    """The ramp as a bar across ``rect``'s width at its top, over the panel's dark, ``low``
    under its left end and ``high`` under its right; the height it took."""
    bar = max(8, px // 2)
    step = rect.w / (STEPS + 1)
    for i in range(STEPS + 1):
        block = pygame.Rect(rect.x + int(i * step), rect.y, int((i + 1) * step) - int(i * step),
                            bar)
        pygame.draw.rect(surface, theme.WATER_DEEP, block)
        surface.blit(tint(block.size, heat_colour(i / STEPS)), block)
    pygame.draw.rect(surface, theme.PANEL_EDGE, (rect.x, rect.y, rect.w, bar), 1)
    y = rect.y + bar + px * 0.3
    text.draw(surface, low, (rect.x, y), px, theme.TEXT_DIM)
    text.draw(surface, high, (rect.right, y), px, theme.TEXT_DIM, "topright")
    return int(bar + px * 1.5)


def draw_aim(surface, geo: BoardGeometry, cells, centre, colour) -> None:
    """A weapon's shape over the glow (§A, the thinking view): an outline round the square or
    line of ``cells`` it covered, and its aim (``centre``, a square's middle) marked within."""
    if not cells:
        return
    rects = [geo.cell_rect(c) for c in cells]
    box = rects[0].unionall(rects[1:])
    width = max(2, geo.cell // 10)
    pygame.draw.rect(surface, colour, box.inflate(width, width), width,
                     border_radius=max(2, geo.cell // 6))
    if centre is not None:
        mark = geo.cell_rect(centre).inflate(-geo.cell // 3, -geo.cell // 3)
        pygame.draw.line(surface, colour, mark.topleft, mark.bottomright, width)
        pygame.draw.line(surface, colour, mark.bottomleft, mark.topright, width)
