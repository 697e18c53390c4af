"""Damage you can see (issue 20, part 2): a hit cell's holed, burning deck, a miss's ripples and
float, a sunk cell's scorched hole, a wreck lying dark below the surface, and a ship going down.

Every mark is a few frames drawn once per cell size and cached (in the palette's colours, named in
``theme``; the caches are emptied when the palette changes), so a board with sixty burning
cells costs sixty blits a frame, never sixty fires of particles. The loops are seamless: each
moving thing runs a whole number of cycles per loop. Drawn at three times the size and scaled
down, so they stay smooth from 12 to 80 pixels a cell. With reduced motion the loops stand
still on one frame, and a ship going down only fades where it lay (``render.motion``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from . import motion, theme
from .cache import Lru

FRAMES = 8          # frames of a loop
FIRE_PERIOD = 0.75  # seconds of the flames' loop
RIPPLE_PERIOD = 2.4  # seconds of a miss's ripples
SS = 3              # supersampling of the cached marks
CACHE_LIMIT = 64

_fire = Lru(CACHE_LIMIT)
_ripple = Lru(CACHE_LIMIT)
_scorch = Lru(CACHE_LIMIT)
_wrecks = Lru(2 * CACHE_LIMIT)

OIL = (22, 20, 26)


def _down(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.transform.smoothscale(big, size)
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def _phase(cell: tuple[int, int]) -> int:
    """A fixed offset per cell, so a row of fires does not flicker in step."""
    return (cell[0] * 5 + cell[1] * 3) % FRAMES


def _hole(surf: pygame.Surface, cx: float, cy: float, r: float, rng: random.Random,
          ember=True) -> None:
    """A charred patch of deck and a jagged hole through it."""
    pts = []
    for i in range(11):
        a = i / 11 * 2 * math.pi
        k = rng.uniform(0.75, 1.2)
        pts.append((cx + math.cos(a) * r * 1.55 * k, cy + math.sin(a) * r * 1.35 * k))
    pygame.draw.polygon(surf, (*theme.CHAR, 200), pts)
    hole = []
    for i in range(9):
        a = i / 9 * 2 * math.pi + 0.3
        k = rng.uniform(0.55, 1.1) if i % 2 else rng.uniform(0.9, 1.2)
        hole.append((cx + math.cos(a) * r * k, cy + math.sin(a) * r * 0.85 * k))
    if ember:
        pygame.draw.polygon(surf, (*theme.EMBER, 255), hole, max(2, int(r * 0.35)))
    pygame.draw.polygon(surf, (*theme.HOLE, 255), hole)


def fire_frames(cell: int) -> list[pygame.Surface]:
    """A hit cell: a holed deck burning, flames and smoke in a loop of ``FRAMES``; each frame is
    one cell wide and a cell and a half high (the smoke rises above the cell)."""
    frames = _fire.get(cell)
    if frames is not None:
        return frames
    w, h = cell * SS, int(cell * 1.5) * SS
    base = h - w // 2            # the cell's centre, from the top of the frame
    rng = random.Random(cell)
    deck = pygame.Surface((w, h), pygame.SRCALPHA)
    _hole(deck, w / 2, base + w * 0.04, w * 0.17, rng)
    tongues = [(rng.uniform(-0.16, 0.16), rng.uniform(0.7, 1.0), rng.randrange(1, 3),
                rng.uniform(0, 2 * math.pi)) for _ in range(4)]
    tongues.sort(key=lambda t: -t[1])
    frames = []
    for f in range(FRAMES):
        ph = f / FRAMES * 2 * math.pi
        surf = deck.copy()
        for k in range(3):        # smoke: three puffs rising through a whole loop
            u = ((f / FRAMES) + k / 3) % 1.0
            r = w * (0.1 + 0.16 * u)
            x = w / 2 + w * 0.12 * math.sin(2 * math.pi * u + k)
            y = base - w * 0.25 - u * (base - w * 0.05)
            a = 70 * math.sin(math.pi * u)
            for kk, grey in ((1.0, 96), (0.72, 118), (0.45, 136)):   # a soft round puff
                pygame.draw.circle(surf, (grey, grey - 2, grey + 4, int(a)),
                                   (x - r * (1 - kk) * 0.4, y - r * (1 - kk) * 0.4), r * kk)
        for dx, tall, speed, p0 in tongues:   # flames: tongues that flicker in their own time
            flick = 0.75 + 0.25 * math.sin(speed * ph + p0)
            fh = w * 0.5 * tall * flick
            fw = w * 0.15 * (0.8 + 0.2 * tall)
            x = w / 2 + dx * w + w * 0.03 * math.sin(speed * ph * 2 + p0)
            y0 = base + w * 0.06
            for colour, k in ((theme.FIRE, 1.0), (theme.FIRE_MID, 0.7), (theme.FIRE_CORE, 0.38)):
                ww, hh = fw * k, fh * k
                pygame.draw.polygon(surf, colour, [
                    (x - ww, y0), (x - ww * 0.7, y0 - hh * 0.45), (x + dx * ww, y0 - hh),
                    (x + ww * 0.7, y0 - hh * 0.45), (x + ww, y0)])
                pygame.draw.ellipse(surf, colour, pygame.Rect(x - ww, y0 - ww * 0.8, 2 * ww,
                                                               1.6 * ww))
        frames.append(_down(surf, (cell, int(cell * 1.5))))
    return _fire.keep(cell, frames)


def ripple_frames(cell: int) -> list[pygame.Surface]:
    """A miss: a float bobbing where the shell fell, rings of ripples spreading from it and
    fading, in a loop; one cell square."""
    frames = _ripple.get(cell)
    if frames is not None:
        return frames
    w = cell * SS
    c = w / 2
    frames = []
    for f in range(FRAMES):
        u0 = f / FRAMES
        surf = pygame.Surface((w, w), pygame.SRCALPHA)
        for k in range(2):                    # two rings, half a loop apart
            u = (u0 + k / 2) % 1.0
            r = w * (0.14 + 0.3 * u)
            a = int(200 * (1 - u))
            pygame.draw.ellipse(surf, (*theme.RIPPLE, a),
                                pygame.Rect(c - r, c - r * 0.8, 2 * r, 1.6 * r), max(SS, w // 28))
        bob = w * 0.025 * math.sin(u0 * 2 * math.pi)
        fr = w * 0.13
        pygame.draw.circle(surf, (10, 30, 50, 120), (c + fr * 0.25, c + fr * 0.35), fr)  # shadow
        pygame.draw.circle(surf, theme.FLOAT, (c, c + bob), fr)
        pygame.draw.circle(surf, theme.FLOAT_TOP, (c, c + bob), fr * 0.5)              # its top
        pygame.draw.circle(surf, theme.FLOAT_RIM, (c, c + bob), fr, max(SS, w // 40))
        frames.append(_down(surf, (cell, cell)))
    return _ripple.keep(cell, frames)


def scorch(cell: int) -> pygame.Surface:
    """A sunk ship's cell: the burnt-out hole in its wreck, embers out."""
    surf = _scorch.get(cell)
    if surf is None:
        w = cell * SS
        big = pygame.Surface((w, w), pygame.SRCALPHA)
        _hole(big, w / 2, w / 2, w * 0.11, random.Random(cell + 7), ember=False)
        surf = _scorch.keep(cell, _down(big, (cell, cell)))
    return surf


def draw_fire(surface: pygame.Surface, rect: pygame.Rect, cell_xy, t: float) -> None:
    """The burning deck of the hit cell at ``rect`` (its cell ``cell_xy``) at time ``t``."""
    frames = fire_frames(rect.w)
    t = motion.still(t)
    f = frames[(int(t / FIRE_PERIOD * FRAMES) + _phase(cell_xy)) % FRAMES]
    surface.blit(f, (rect.x, rect.bottom - f.get_height()))


def draw_ripple(surface: pygame.Surface, rect: pygame.Rect, cell_xy, t: float) -> None:
    frames = ripple_frames(rect.w)
    t = motion.still(t)
    surface.blit(frames[(int(t / RIPPLE_PERIOD * FRAMES) + _phase(cell_xy)) % FRAMES], rect)


# --- wrecks ------------------------------------------------------------------------------------

def submerge(make, cell: int, key) -> pygame.Surface:
    """The wreck of the ship ``make()`` draws (sprite, whether it lies along a column; drawn in
    ``theme.WRECK_HULL``) on the sea bed: broken in two a little aft of the middle, the bow half
    askew, darkened and tinted by the water over it. Cached by ``key``."""
    surf = _wrecks.get(key)
    if surf is not None:
        return surf
    sprite, vertical = make()
    w, h = sprite.get_size()
    long_ = h if vertical else w
    cut = int(long_ * 0.45)
    gap = max(2, cell // 10)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if long_ >= cell * 2:
        if vertical:   # the bow is at the top
            stern = sprite.subsurface((0, cut, w, h - cut))
            bow = sprite.subsurface((0, 0, w, cut - gap))
            surf.blit(stern, (0, cut))
            surf.blit(pygame.transform.rotate(bow, -4), (max(-2, -cell // 12), 0))
        else:          # the bow is on the right
            stern = sprite.subsurface((0, 0, w - cut, h))
            bow = sprite.subsurface((w - cut + gap, 0, cut - gap, h))
            surf.blit(stern, (0, 0))
            surf.blit(pygame.transform.rotate(bow, 4), (w - cut + gap, max(-2, -cell // 12)))
    else:
        surf.blit(sprite, (0, 0))
    surf.fill((190, 196, 206, 255), special_flags=pygame.BLEND_RGBA_MULT)      # darkened
    mask = pygame.mask.from_surface(surf, 8)
    surf.blit(mask.to_surface(setcolor=(*theme.WATER_DEEP, 95), unsetcolor=(0, 0, 0, 0)),
              (0, 0))                                   # the water over it
    surf.fill((255, 255, 255, 225), special_flags=pygame.BLEND_RGBA_MULT)
    surf = surf.convert_alpha() if pygame.display.get_surface() else surf
    return _wrecks.keep(key, surf)


# --- a ship going down ---------------------------------------------------------------------

@dataclass
class Sinking:
    """A ship going down: it lists, breaks in two and goes under over ``duration`` seconds,
    bubbles rising and an oil slick spreading where it was."""
    sprite: pygame.Surface       # the ship as it was, afloat and burning
    rect: pygame.Rect            # where it lies on the screen
    vertical: bool
    duration: float = 2.2
    t: float = 0.0
    seed: int = 0
    halves: list = field(default_factory=list)

    def __post_init__(self):
        w, h = self.sprite.get_size()
        if self.vertical:
            cut = int(h * 0.55)
            self.halves = [(self.sprite.subsurface((0, 0, w, cut)), (0, 0), -1),
                           (self.sprite.subsurface((0, cut, w, h - cut)), (0, cut), 1)]
        else:
            cut = int(w * 0.45)
            self.halves = [(self.sprite.subsurface((0, 0, cut, h)), (0, 0), -1),
                           (self.sprite.subsurface((cut, 0, w - cut, h)), (cut, 0), 1)]

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    @property
    def progress(self) -> float:
        return min(1.0, self.t / self.duration)

    def bubble_points(self, n: int, rng: random.Random) -> list[tuple[float, float]]:
        r = self.rect
        return [(rng.uniform(r.left + 2, r.right - 2), rng.uniform(r.top + 2, r.bottom - 2))
                for _ in range(n)]


def draw_sinking(surface: pygame.Surface, s: Sinking, offset=(0, 0)) -> None:
    k = s.progress
    r = s.rect.move(offset)
    if motion.reduced():       # no listing, breaking or slick: the ship fades where it lay
        img = s.sprite.copy()
        img.set_alpha(int(255 * (1 - k)))
        surface.blit(img, r)
        return
    short = min(r.w, r.h)
    # the oil slick: a dark sheen that spreads under the ship and thins out
    slick = r.inflate(short * (0.3 + 0.9 * k), short * (0.3 + 0.9 * k))
    oil = pygame.Surface(slick.size, pygame.SRCALPHA)
    a = 200 * math.sin(math.pi * min(1.0, k * 1.1))
    for grow, share in ((0.0, 0.3), (0.2, 0.35), (0.4, 0.45)):     # soft at its edge
        pygame.draw.ellipse(oil, (*OIL, int(a * share)),
                            oil.get_rect().inflate(-slick.w * grow, -slick.h * grow))
    pygame.draw.ellipse(oil, (70, 40, 90, int(a / 3)), oil.get_rect().inflate(-slick.w // 3,
                                                                              -slick.h // 3), 2)
    surface.blit(oil, slick)
    # the ship: it lists (its beam narrows), breaks (the halves turn apart), and goes under
    list_k = min(1.0, k / 0.35)
    brk = max(0.0, min(1.0, (k - 0.25) / 0.4))
    under = max(0.0, (k - 0.35) / 0.65)
    alpha = int(255 * (1 - under) ** 1.3)
    if alpha <= 4:
        return
    shade = int(255 * (1 - 0.55 * under))
    for half, (hx, hy), sign in s.halves:
        hw, hh = half.get_size()
        beam = 1 - 0.3 * list_k
        size = (max(1, int(hw * (beam if s.vertical else 1 - 0.08 * under))),
                max(1, int(hh * (1 - 0.08 * under if s.vertical else beam))))
        img = pygame.transform.smoothscale(half, size) if size != (hw, hh) else half.copy()
        img.fill((shade, shade, min(255, shade + 20), alpha), special_flags=pygame.BLEND_RGBA_MULT)
        img = pygame.transform.rotate(img, sign * 14 * brk)
        drift = short * 0.12 * list_k
        cx = r.x + hx + hw / 2 + (drift if s.vertical else 0) + (0 if s.vertical else sign * brk
                                                                  * short * 0.12)
        cy = r.y + hy + hh / 2 + (0 if s.vertical else drift) + (sign * brk * short * 0.12
                                                                 if s.vertical else 0)
        surface.blit(img, img.get_rect(center=(cx, cy)))
