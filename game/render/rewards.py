"""Drawing what a captain earns (``game.rewards``): a medal on its ribbon with its emblem, a
flag from its design, a ship in a paint scheme. Used by the medal case, the result and the
closing scene."""

from __future__ import annotations

import math

import pygame

from .. import rewards
from . import motion
from .ships import ship_sprite
from .widgets import star

GOLD = (222, 178, 64)
GOLD_DARK = (150, 110, 30)
SILVER = (196, 204, 214)
SILVER_DARK = (120, 128, 140)
DIM = (70, 78, 92)
DIM_DARK = (44, 50, 60)

# Per medal: the ribbon's stripes (left to right) and whether the disc is gold or silver.
RIBBONS = {
    "untouched": ((40, 90, 170), (245, 245, 245), (40, 90, 170)),
    "sharpshooter": ((200, 40, 40), (30, 30, 30), (200, 40, 40)),
    "fort_by_boat": ((236, 196, 40), (30, 60, 140), (236, 196, 40)),
    "torpedo_win": ((30, 60, 140), (90, 180, 220), (30, 60, 140)),
    "boss_hard": ((20, 20, 24), (200, 40, 40), (20, 20, 24)),
    "voyage_europe": ((245, 245, 245), (40, 90, 170), (245, 245, 245)),
    "voyage_arctic": ((160, 210, 240), (245, 245, 245), (160, 210, 240)),
    "all_stars": ((236, 196, 40), (200, 40, 40), (236, 196, 40)),
}
GOLDEN = {"boss_hard", "voyage_europe", "voyage_arctic", "all_stars"}


def draw_medal(surface, centre, r: float, key: str, earned: bool = True,
               t: float = 0.0) -> pygame.Rect:
    """A medal of radius ``r`` hanging from its ribbon, the disc's centre at ``centre``; a
    medal not yet earned is drawn dim. Returns the rectangle it covers."""
    x, y = centre
    stripes = RIBBONS.get(key, ((120, 120, 120),) * 3)
    rw, rh = r * 1.3, r * 1.5
    top = y - r - rh * 0.9
    for i, colour in enumerate(stripes):
        c = colour if earned else _dim(colour)
        band = pygame.Rect(round(x - rw / 2 + i * rw / 3), round(top), math.ceil(rw / 3),
                           round(rh))
        pygame.draw.rect(surface, c, band)
    pygame.draw.polygon(surface, DIM_DARK if not earned else (40, 30, 20),
                        [(x - rw / 2, top + rh), (x + rw / 2, top + rh), (x, top + rh + r * 0.35)])
    gold = key in GOLDEN
    face, edge = (GOLD, GOLD_DARK) if gold else (SILVER, SILVER_DARK)
    if not earned:
        face, edge = DIM, DIM_DARK
    pygame.draw.circle(surface, edge, (x, y), r)
    pygame.draw.circle(surface, face, (x, y), r * 0.86)
    pygame.draw.circle(surface, edge, (x, y), r * 0.7, max(1, int(r / 14)))
    if earned:       # a glint that runs round the rim
        a = motion.still(t) * 1.6     # (reduced motion: the glint stands)
        pygame.draw.circle(surface, (255, 250, 220), (x + math.cos(a) * r * 0.78,
                                                      y + math.sin(a) * r * 0.78), max(1, r * 0.08))
    _emblem(surface, key, (x, y), r * 0.55, edge)
    return pygame.Rect(round(x - max(r, rw / 2)), round(top), round(2 * max(r, rw / 2)),
                       round(y + r - top))


def _dim(colour):
    grey = sum(colour) / 3
    return tuple(int(grey * 0.35 + 40) for _ in colour)


def _emblem(surface, key: str, centre, s: float, ink) -> None:
    """The sign of each medal in the disc's middle, in ink."""
    x, y = centre
    w = max(2, int(s / 5))
    if key == "untouched":                 # a shield
        pts = [(x - s * 0.7, y - s * 0.7), (x + s * 0.7, y - s * 0.7), (x + s * 0.6, y + s * 0.1),
               (x, y + s * 0.8), (x - s * 0.6, y + s * 0.1)]
        pygame.draw.polygon(surface, ink, pts, w)
    elif key == "sharpshooter":            # cross hairs
        pygame.draw.circle(surface, ink, (x, y), s * 0.7, w)
        pygame.draw.line(surface, ink, (x - s, y), (x + s, y), w)
        pygame.draw.line(surface, ink, (x, y - s), (x, y + s), w)
    elif key == "fort_by_boat":            # a tower with battlements
        body = pygame.Rect(0, 0, int(s * 1.1), int(s * 1.2))
        body.midbottom = (int(x), int(y + s * 0.8))
        pygame.draw.rect(surface, ink, body)
        for k in range(3):
            pygame.draw.rect(surface, ink, (body.x + k * body.w * 0.4, body.y - s * 0.3,
                                            body.w * 0.22, s * 0.3))
    elif key == "torpedo_win":             # a torpedo
        pygame.draw.ellipse(surface, ink, (x - s, y - s * 0.22, s * 1.8, s * 0.44))
        pygame.draw.polygon(surface, ink, [(x + s * 0.7, y), (x + s, y - s * 0.4),
                                           (x + s, y + s * 0.4)])
    elif key == "boss_hard":               # a crown
        pts = [(x - s * 0.8, y + s * 0.5), (x - s * 0.8, y - s * 0.5), (x - s * 0.4, y),
               (x, y - s * 0.7), (x + s * 0.4, y), (x + s * 0.8, y - s * 0.5),
               (x + s * 0.8, y + s * 0.5)]
        pygame.draw.polygon(surface, ink, pts)
    elif key.startswith("voyage_") and key != "voyage_arctic":   # an anchor
        pygame.draw.circle(surface, ink, (x, y - s * 0.7), s * 0.18, w)
        pygame.draw.line(surface, ink, (x, y - s * 0.5), (x, y + s * 0.8), w)
        pygame.draw.line(surface, ink, (x - s * 0.4, y - s * 0.25), (x + s * 0.4, y - s * 0.25), w)
        pygame.draw.arc(surface, ink, (x - s * 0.75, y - s * 0.4, s * 1.5, s * 1.2), math.pi,
                        2 * math.pi, w)
    elif key == "voyage_arctic":           # a snowflake
        for k in range(3):
            a = k * math.pi / 3
            dx, dy = math.cos(a) * s * 0.85, math.sin(a) * s * 0.85
            pygame.draw.line(surface, ink, (x - dx, y - dy), (x + dx, y + dy), w)
    else:                                  # all_stars and any other: a star
        star(surface, (x, y), s * 1.6, ink)


def draw_flag(surface, rect, key: str, t: float = 0.0, locked: bool = False) -> None:
    """The flag ``key`` (``rewards.flag_design``) filling ``rect``, on a staff at its left,
    rippling a little with ``t``."""
    rect = pygame.Rect(rect)
    flag = pygame.Surface(rect.size)
    w, h = rect.size
    for part in rewards.flag_design(key):
        kind, colour = part[0], part[1]
        if locked:
            colour = _dim(colour)
        band = max(2, int(min(w, h) * 0.16))
        if kind == "field":
            flag.fill(colour)
        elif kind == "h":
            share = part[2] if len(part) > 2 else 0.5
            pygame.draw.rect(flag, colour, (0, int(h * (1 - share) / 2), w, int(h * share)))
        elif kind == "v":
            share = part[2] if len(part) > 2 else 0.5
            pygame.draw.rect(flag, colour, (0, 0, int(w * share), h))
        elif kind == "cross":
            pygame.draw.rect(flag, colour, (0, h // 2 - band // 2, w, band))
            pygame.draw.rect(flag, colour, (w // 3 - band // 2, 0, band, h))
        elif kind == "saltire":
            pygame.draw.line(flag, colour, (0, 0), (w, h), band)
            pygame.draw.line(flag, colour, (0, h), (w, 0), band)
    # the ripple: columns shifted up and down a little
    out = pygame.Surface((w, h + 8), pygame.SRCALPHA)
    for cx in range(0, w, 2):
        dy = 3 * math.sin(cx / max(1, w) * 5 - motion.still(t) * 4) * (cx / max(1, w))
        out.blit(flag, (cx, 4 + dy), (cx, 0, 2, h))
    surface.blit(out, (rect.x, rect.y - 4))
    pole = (90, 70, 50) if not locked else DIM
    pygame.draw.line(surface, pole, (rect.x - 2, rect.y - 6), (rect.x - 2, rect.bottom + h * 0.8),
                     max(2, w // 30))


def draw_paint_sample(surface, rect, key: str, locked: bool = False) -> None:
    """A four-deck ship in the paint ``key`` (``rewards.paint_colours``), centred in ``rect``."""
    rect = pygame.Rect(rect)
    colours = rewards.paint_colours(key)
    hull, trim = colours["hull"], colours["trim"]
    if locked:
        hull, trim = _dim(hull), _dim(trim)
    cell = max(8, min(rect.w // 4, int(rect.h * 0.9)))
    sprite = ship_sprite(4, cell, False, hull, trim)
    surface.blit(sprite, sprite.get_rect(center=rect.center))


def rank_badge(surface, centre, size: float, index: int) -> None:
    """The rank's shoulder board: gold stripes, one more for every two ranks, a star from the
    officers' ranks (index 5) up."""
    x, y = centre
    board = pygame.Rect(0, 0, int(size * 1.6), int(size))
    board.center = (int(x), int(y))
    pygame.draw.rect(surface, (24, 34, 60), board, border_radius=int(size * 0.2))
    pygame.draw.rect(surface, GOLD_DARK, board, 2, border_radius=int(size * 0.2))
    stripes = 1 + index // 2
    gap = board.h / (stripes + 1)
    for k in range(min(stripes, 6)):
        yy = board.y + gap * (k + 1)
        pygame.draw.line(surface, GOLD, (board.x + size * 0.15, yy), (board.right - size * 0.5, yy),
                         max(1, int(size / 12)))
    if index >= 5:
        star(surface, (board.right - size * 0.28, board.centery), size * 0.4, GOLD)
