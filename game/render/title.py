"""The title screen's art (issue 20, part 7): a night sky over the horizon, a fleet under way in
line ahead with white wakes, and the game's name as a logo in the display face.

Everything is made once per size and cached (sky per window size, logo per text and size, wake
per ship length and cell); a frame only blits. The fleet moves with the time given (seconds),
never with a count of frames.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pygame

from . import frame_log, motion, sea, text, theme
from .cache import Lru
from .ships import ship_sprite

# the column, from the leading ship back: (length in cells, class drawn); a submarine trails
FLEET = ((2, "destroyer"), (3, "cruiser"), (4, "battleship"), (5, "carrier"), (4, "battleship"),
         (3, "cruiser"), (2, "destroyer"), (3, "submarine"))
GAP = 2.6            # cells of water between two ships of the column
SPEED = 1.3          # cells a second
WAKE = 3.2           # cells of wake behind a stern
SKY_TOP = (4, 8, 20)
SKY_HORIZON = (30, 58, 98)
LOGO_TOP = (255, 226, 120)
LOGO_BOTTOM = (236, 128, 34)
LOGO_EDGE = (10, 18, 36)

_cache = Lru(64)


class TitleLayout:
    """Where the title's parts go in a window of ``size``: the sky, the sea lane the fleet sails
    (the attract battle's boards start below it, at 30 % of the height), the logo's centre and
    size, the subtitle's."""

    def __init__(self, size, title: str):
        w, h = size
        u = theme.unit(size)
        self.size = (w, h)
        self.sky = pygame.Rect(0, 0, w, int(h * 0.19))
        self.lane = pygame.Rect(0, self.sky.bottom, w, int(h * 0.30) - self.sky.bottom)
        self.cell = max(12, int(self.lane.h * 0.42))
        # a small window is short of width, not height: the name and subtitle may stay larger
        self.logo_px = text.fit_px(title, max(theme.font_px(size, 100), int(h * 0.12)),
                                   int(w * 0.86), face="display")
        self.logo_centre = (w / 2, h * 0.078)
        self.sub_px = max(theme.font_px(size, 26), 20)
        logo_bottom = self.logo_centre[1] + text.size(title, self.logo_px, "display")[1] / 2
        self.sub_centre = (w / 2, (logo_bottom + self.lane.top) / 2 + 2 * u)  # between name and sea


def sky(size) -> pygame.Surface:
    """The night sky down to the horizon, with a few faint stars; once per window size."""
    w, h = size

    def make():
        surf = pygame.Surface((w, h))
        top, low = np.array(SKY_TOP, float), np.array(SKY_HORIZON, float)
        k = np.linspace(0.0, 1.0, h)[:, None] ** 1.8
        col = (top + (low - top) * k).astype(np.uint8)                     # h × 3
        pygame.surfarray.blit_array(surf, np.broadcast_to(col[None, :, :], (w, h, 3)).copy())
        rng = random.Random(20)                                              # the same stars
        for _ in range(w * h // 2600):
            x, y = rng.randrange(w), rng.randrange(max(1, int(h * 0.8)))
            v = rng.randint(90, 200)
            surf.set_at((x, y), (v, v, min(255, v + 30)))
        return surf.convert() if pygame.display.get_surface() else surf
    return _cache.get_or_make(("sky", w, h), make)


def logo(words: str, px: int) -> pygame.Surface:
    """The game's name in the display face: a gilt gradient, a dark outline and a drop shadow;
    once per (words, size)."""
    def make():
        face = text.render(words, px, (255, 255, 255), "display")
        w, h = face.get_size()
        edge = max(2, px // 22)
        drop = max(2, px // 14)
        out = pygame.Surface((w + 2 * edge + drop, h + 2 * edge + drop), pygame.SRCALPHA)
        dark = text.render(words, px, LOGO_EDGE, "display")
        shadow = text.render(words, px, (0, 0, 0), "display").copy()
        shadow.set_alpha(150)
        out.blit(shadow, (edge + drop, edge + drop))
        for dx in range(-edge, edge + 1):
            for dy in range(-edge, edge + 1):
                if dx * dx + dy * dy <= edge * edge + 1:
                    out.blit(dark, (edge + dx, edge + dy))
        gold = pygame.Surface((w, h), pygame.SRCALPHA)
        top, bottom = np.array(LOGO_TOP, float), np.array(LOGO_BOTTOM, float)
        k = np.clip((np.arange(h) / max(1, h - 1) - 0.2) / 0.6, 0, 1)[:, None]
        col = (top + (bottom - top) * k).astype(np.uint8)
        pygame.surfarray.blit_array(gold, np.broadcast_to(col[None, :, :], (w, h, 3)).copy())
        gold_alpha = pygame.surfarray.pixels_alpha(gold)
        gold_alpha[:] = pygame.surfarray.array_alpha(face)
        del gold_alpha
        out.blit(gold, (edge, edge))
        return out
    return _cache.get_or_make(("logo", words, px, text.fallback("display")), make)


def wake(length: int, cell: int) -> pygame.Surface:
    """The white water of a ship of ``length`` cells heading right: the bow wave along its sides
    and the wake behind the stern (a churned centre and the two spreading arms); the ship's hull
    starts ``WAKE`` cells from the left edge. Once per (length, cell)."""
    def make():
        tail = int(WAKE * cell)
        w, h = tail + length * cell + cell // 4, 3 * cell
        x = np.arange(w, dtype=float)[:, None]
        y = np.arange(h, dtype=float)[None, :] - h / 2
        behind = np.clip((tail - x) / tail, 0.0, 1.0)          # 0 at the stern, 1 at the end
        astern = x < tail
        fade = np.where(astern, 1 - behind, 0.0)
        foam = np.random.default_rng(length * 1000 + cell).uniform(0.45, 1.0, (w, h))
        half = cell * 0.28 + behind * tail * 0.22              # the two arms spread behind
        width = cell * 0.07 * (1 + behind)
        arms = np.exp(-((np.abs(y) - half) / width) ** 2) * fade ** 1.2 * 0.9
        churn = np.exp(-(y / (cell * (0.16 + 0.22 * behind))) ** 2) * fade ** 2.4 * 0.8
        # the bow wave: a V opening back from the stem, along the hull and out past it
        stem = tail + length * cell - max(2, cell // 8)
        ahead = stem - x                                       # pixels behind the stem
        reach = 1.6 * cell
        spread = cell * 0.04 + np.clip(ahead, 0, None) * 0.42
        bow = (np.exp(-((np.abs(y) - spread) / (cell * 0.07)) ** 2)
               * np.clip(1 - ahead / reach, 0, 1) * (ahead > -cell * 0.05) * 0.95)
        alpha = np.clip((np.maximum(arms, churn) * foam + bow) * 235, 0, 235)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.fill((236, 244, 252, 0))
        pixels = pygame.surfarray.pixels_alpha(surf)
        pixels[:] = alpha.astype(np.uint8)
        del pixels
        return surf
    return _cache.get_or_make(("wake", length, cell), make)


def column_length(cell: int) -> float:
    """The length of the whole column in pixels, wakes included, and the sea after it."""
    return sum((n + GAP) * cell for n, _ in FLEET) + WAKE * cell


def fleet_positions(width: int, cell: int, t: float) -> list[tuple[float, int, str]]:
    """Where each ship's stern is (x in pixels) at time ``t`` seconds, with its length and class:
    the column steams right at ``SPEED`` cells a second; a ship gone off the right edge (its
    wake too) comes round again from beyond the left one. At ``t`` = 0 the leading ship is
    most of the way across, so the column is in sight from the first frame."""
    loop = width + column_length(cell)
    margin = (max(n for n, _ in FLEET) + 1) * cell   # a ship comes round wholly out of sight
    front = t * SPEED * cell + width * 0.85 + margin  # the leading ship's bow, before wrapping
    out = []
    behind = 0.0
    for n, kind in FLEET:
        behind += n * cell
        out.append(((front - behind) % loop - margin, n, kind))
        behind += GAP * cell
    return out


def draw_fleet(surface: pygame.Surface, lane: pygame.Rect, cell: int, t: float) -> None:
    """The sea of ``lane`` and the fleet under way on it."""
    sea.draw_water(surface, lane, t)
    old_clip = surface.get_clip()
    surface.set_clip(lane.clip(old_clip))
    mid = lane.y + lane.h * 0.56
    for x, n, kind in fleet_positions(lane.w, cell, t):
        bob = math.sin(t * 1.7 + x * 0.01) * cell * 0.04
        wk = wake(n, cell)
        surface.blit(wk, (round(x - WAKE * cell), round(mid - wk.get_height() / 2)))
        ship = ship_sprite(n, cell, False, theme.SHIP, theme.SHIP_DARK, kind)
        surface.blit(ship, (round(x), round(mid - cell / 2 + bob)))
    surface.set_clip(old_clip)
    # the horizon: a thin line of light where the sea meets the sky
    pygame.draw.line(surface, (120, 160, 205), (lane.x, lane.y), (lane.right, lane.y), 1)


def draw_band(surface: pygame.Surface, layout: TitleLayout, t: float, title: str,
              subtitle: str) -> None:
    """The top of the title screen: sky, logo riding the swell, subtitle, the fleet under way
    (with reduced motion all of it still, as at ``t`` = 0)."""
    t = motion.still(t)
    w, h = layout.size
    surface.blit(sky((w, layout.sky.h)), (0, 0))
    draw_fleet(surface, layout.lane, layout.cell, t)
    shade = _cache.get_or_make(("shade", w, layout.lane.h),
                               lambda: _fade(w, max(4, layout.lane.h // 3)))
    surface.blit(shade, (0, layout.lane.bottom))
    art = logo(title, layout.logo_px)
    cx, cy = layout.logo_centre
    cy += math.sin(t * 1.6) * 3 * theme.unit(layout.size)        # the name rides the swell
    surface.blit(art, art.get_rect(center=(round(cx), round(cy))))
    frame_log.words(surface, art.get_rect(center=(round(cx), round(cy))), title)
    text.draw(surface, subtitle, layout.sub_centre, layout.sub_px, theme.TEXT, "center",
              shadow=True)


def _fade(w: int, h: int) -> pygame.Surface:
    """A shadow under the sea lane, fading into the boards below."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(surf, (4, 10, 24, int(150 * (1 - y / h))), (0, y), (w, y))
    return surf
