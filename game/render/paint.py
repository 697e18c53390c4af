"""A captain's livery (issue 22): the paint scheme his fleet is drawn in and the flag it flies
(``game.rewards``: ``paint_colours``, ``flag_design``), in every mode. Grey with the ensign is
the fleet as it always looked: the ships' own colours, no flag added.

Every sprite stays cached per size and colours (the ship makers key on the colours a livery
gives); a flag is drawn once per (design, size).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..rewards import FLAG_DESIGNS, PAINT_COLOURS, flag_design, paint_colours
from . import theme
from .cache import Lru

PLAIN_PAINT, PLAIN_FLAG = "grey", "ensign"
POLE = (40, 36, 32)
_flags = Lru(64)


@dataclass(frozen=True)
class Livery:
    paint: str = PLAIN_PAINT
    flag: str = PLAIN_FLAG

    @property
    def painted(self) -> bool:
        return self.paint != PLAIN_PAINT and self.paint in PAINT_COLOURS

    @property
    def colour(self):
        """The hull's colour for the ship makers (grey: the ships' own)."""
        return paint_colours(self.paint)["hull"] if self.painted else theme.SHIP

    @property
    def edge(self):
        return paint_colours(self.paint)["trim"] if self.painted else theme.SHIP_DARK

    def piece(self, own_colour):
        """A «Кораблики» piece's colour: the paint's hull (a dark one lifted toward its trim,
        so a small piece still stands out of the night sea), or the owner's colour (grey)."""
        if not self.painted:
            return tuple(own_colour[:3])
        c = paint_colours(self.paint)
        hull, trim = c["hull"], c["trim"]
        if 0.3 * hull[0] + 0.59 * hull[1] + 0.11 * hull[2] >= 80:
            return hull
        return tuple(int(h + (t - h) * 0.35) for h, t in zip(hull, trim))

    @property
    def flies(self) -> str | None:
        """The flag to draw (None: the ensign, which the fleet never showed)."""
        return self.flag if self.flag != PLAIN_FLAG and self.flag in FLAG_DESIGNS else None


PLAIN = Livery()

# Paints drawn with a pattern over the hull: dazzle's bold slanting bands of its deck colour.
PATTERNS = ("dazzle",)
_patterned = Lru(128)


def pattern_of(colour, edge) -> str | None:
    """The patterned paint whose hull and trim are ``colour`` and ``edge``, or None."""
    for key in PATTERNS:
        c = PAINT_COLOURS[key]
        if c["hull"] == tuple(colour[:3]) and c["trim"] == tuple(edge[:3]):
            return key
    return None


def patterned(sprite: pygame.Surface, key: tuple, cell: int, colour, edge) -> pygame.Surface:
    """``sprite`` (a ship in ``colour`` and ``edge``) with its paint's pattern, if it has one:
    dazzle's slanting bands, laid over the ship's own pixels only; cached under ``key`` (what
    made the sprite: shape, size, colours)."""
    paint = pattern_of(colour, edge)
    if paint is None:
        return sprite
    key = (key, paint)
    got = _patterned.get(key)
    if got is not None:
        return got
    w, h = sprite.get_size()
    bands = pygame.Surface((w, h), pygame.SRCALPHA)
    band = max(3, int(cell * 0.28))
    dark = PAINT_COLOURS[paint]["deck"]
    for x in range(-h, w + h, band * 3):
        pygame.draw.polygon(bands, (*dark, 255), [(x, 0), (x + band, 0), (x + band - h, h),
                                                  (x - h, h)])
    mask = pygame.mask.from_surface(sprite, 200)
    striped = sprite.copy()
    striped.blit(mask.to_surface(setsurface=bands, unsetcolor=(0, 0, 0, 0)), (0, 0))
    _patterned[key] = striped
    return striped


def flag_surface(key: str, w: int, h: int) -> pygame.Surface:
    """The flag ``key`` as a ``w``×``h`` picture: its field, then each band of its design
    (``"h"``/``"v"`` a band across the middle of that share of the flag, ``"cross"``,
    ``"saltire"``), with a dark edge."""
    w, h = max(6, int(w)), max(4, int(h))
    found = _flags.get((key, w, h))
    if found is not None:
        return found
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    line = max(1, h // 5)
    for part in flag_design(key):
        kind, colour = part[0], part[1]
        share = part[2] if len(part) > 2 else 0.3
        if kind == "field":
            surf.fill(colour)
        elif kind == "h":
            band = max(1, int(h * share))
            surf.fill(colour, pygame.Rect(0, (h - band) // 2, w, band))
        elif kind == "v":
            band = max(1, int(w * share))
            surf.fill(colour, pygame.Rect(0, 0, band, h))
        elif kind == "cross":
            surf.fill(colour, pygame.Rect(0, (h - line) // 2, w, line))
            surf.fill(colour, pygame.Rect(int(w * 0.36) - line // 2, 0, line, h))
        elif kind == "saltire":
            pygame.draw.line(surf, colour, (0, 0), (w - 1, h - 1), line)
            pygame.draw.line(surf, colour, (0, h - 1), (w - 1, 0), line)
    pygame.draw.rect(surf, POLE, surf.get_rect(), 1)
    _flags[(key, w, h)] = surf
    return surf


def draw_flag(surface, at, cell: int, key: str) -> None:
    """The flag ``key`` on a short pole standing at ``at`` (a ship's stern), sized to the
    cell."""
    w, h = max(8, int(cell * 0.5)), max(6, int(cell * 0.34))
    x, y = int(at[0]), int(at[1])
    top = y - int(h * 1.5)
    pygame.draw.line(surface, POLE, (x, y), (x, top), max(1, cell // 20))
    surface.blit(flag_surface(key, w, h), (x + 1, top))


def stern(cells) -> tuple:
    """Where a flag stands on a ship of ``cells``: its stern (a straight ship's bow is to the
    right or the top, so the leftmost or lowest cell; for other shapes the last cell in
    reading order)."""
    cells = sorted(set(cells))
    xs = {c[0] for c in cells}
    if len(xs) == 1:
        return max(cells, key=lambda c: c[1])
    return min(cells, key=lambda c: (c[0], -c[1]))


def flagship(ships) -> tuple | None:
    """The ship that flies the flag: the largest of ``ships`` (cell tuples), the first of
    equals."""
    ships = [s for s in ships if s]
    return max(ships, key=len) if ships else None


def fly_flag(surface, geo, ships, livery: Livery | None) -> None:
    """The livery's flag (if it has one to show) on the largest of ``ships`` on ``geo``."""
    key = livery.flies if livery is not None else None
    ship = flagship(ships) if key else None
    if ship is None or geo.cell < 10:
        return
    r = geo.cell_rect(stern(ship))
    draw_flag(surface, (r.centerx, r.centery), geo.cell, key)
