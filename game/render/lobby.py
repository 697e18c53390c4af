"""Drawing for the lobby's screens (issue 37): the radar that sweeps while the queue waits, and
the rows of a leaderboard. Only paints; the screens place what takes input."""

from __future__ import annotations

import math

import pygame

from . import frame_log, motion, text, theme

SWEEP = 2.4          # seconds a turn of the radar's beam
BLIPS = 5            # the points it lights (the others who wait)


def draw_radar(surface: pygame.Surface, centre, radius: int, t: float, found: bool = False,
               blips: int = BLIPS) -> None:
    """A radar screen: its rings, a beam turning once every ``SWEEP`` seconds (``t`` the
    scene's time) with a fading wake, and blips that glow as the beam passes them; ``found``:
    one blip held bright at the centre's ring (the opponent)."""
    if radius < 8:
        return
    t = motion.still(t)          # reduced motion: the beam stands still
    cx, cy = centre
    pygame.draw.circle(surface, theme.WATER_DEEP, centre, radius)
    for k in (1, 2, 3):
        pygame.draw.circle(surface, theme.PANEL_EDGE, centre, radius * k // 3, 1)
    pygame.draw.line(surface, theme.PANEL_EDGE, (cx - radius, cy), (cx + radius, cy), 1)
    pygame.draw.line(surface, theme.PANEL_EDGE, (cx, cy - radius), (cx, cy + radius), 1)
    angle = (t / SWEEP) % 1.0 * math.tau
    for k in range(12):            # the wake: the beam's last twelfth of a turn, fading
        a = angle - k * 0.045
        shade = max(0, 200 - k * 16)
        end = (cx + math.cos(a) * radius, cy + math.sin(a) * radius)
        pygame.draw.line(surface, (40, shade, 120 + shade // 4), centre, end, 3 if k == 0 else 2)
    for i in range(max(0, blips)):   # where each blip stands is fixed by its number alone
        a = (i * 2.399963) % math.tau               # the golden angle: spread, never regular
        r = radius * (0.3 + 0.6 * ((i * 0.618034) % 1.0))
        behind = (angle - a) % math.tau / math.tau  # 0 just passed by the beam, 1 about to be
        glow = max(0.0, 1.0 - behind * 1.6)
        if glow <= 0:
            continue
        colour = tuple(int(c * glow) for c in theme.GOOD)
        pygame.draw.circle(surface, colour, (round(cx + math.cos(a) * r),
                                             round(cy + math.sin(a) * r)), max(2, radius // 22))
    if found:
        pulse = 0.5 + 0.5 * math.sin(t * 6)
        pygame.draw.circle(surface, theme.ACCENT, (cx + radius // 2, cy - radius // 3),
                           max(3, int(radius / 12 * (1 + pulse * 0.5))))
    pygame.draw.circle(surface, theme.GRID, centre, radius, 2)


def draw_row(surface: pygame.Surface, rect: pygame.Rect, cells: list, columns: list, px: int,
             colour, mark: bool = False) -> None:
    """One row of a table: ``cells`` written at ``columns`` (fractions of the row's width and
    their anchors, "midleft" or "midright"); ``mark``: the player's own row, lit."""
    if mark:
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=6)
    frame_log.box(surface, rect, "row")
    for words, (x, anchor, width) in zip(cells, columns):
        at = (rect.x + rect.w * x, rect.centery)
        room = int(rect.w * width)
        text.draw(surface, words, at, text.fit_px(words, px, room), colour, anchor)
