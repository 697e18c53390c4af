"""The portrait of a campaign opponent: a sea captain's head and shoulders in a gold-framed
medallion, drawn from the few features of ``game.data.portrait`` (hat, beard, colours, eye patch,
pipe, monocle, ghost, medals).

Drawing is done once per (features, size, locked) into a cached image: the figure is drawn with
pygame primitives on a canvas several times larger than the portrait, outlined, clipped to the
oval and shrunk with ``smoothscale`` (which smooths every edge). Each frame then costs one blit,
plus a small patch of closed eyes when the captain blinks, a few smoke puffs over a pipe and,
for the Flying Dutchman, a flickering translucent figure (three blits).

Everything is deterministic: what varies between captains (eye colour, blink rhythm, nose) comes
from a checksum of the features, what moves comes from ``t``.

The drawing is in three modules besides this one (the cache and the animation):
``portrait_pen`` (design units, colours, the pen), ``portrait_figure`` (the setting, the frame,
the coat and hat) and ``portrait_face``.
"""

from __future__ import annotations

import math

import pygame

from ..data.portrait import portrait
from . import motion
from .cache import Lru
from .portrait_figure import draw_background, draw_figure, draw_frame
from .portrait_pen import (BLINK_BOX, BOWL, FRAME_RX, FRAME_RY, INNER_RX, INNER_RY, Palette, Pen,
                           checksum, key_of)

_CACHE = Lru(64)
_PUFFS = Lru(64)


# --- the figure's outline and the oval ---------------------------------------------------------

def _figure_mask(fig: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(fig, 60)


def _with_outline(fig: pygame.Surface, ink, width_px: int) -> pygame.Surface:
    """The figure on a dark rim ``width_px`` wide (its outer silhouette only)."""
    if width_px < 1:
        return fig
    m = _figure_mask(fig)
    d = 2 * width_px + 1
    disc = pygame.mask.Mask((d, d))
    for y in range(d):
        for x in range(d):
            if (x - width_px) ** 2 + (y - width_px) ** 2 <= width_px * width_px + width_px:
                disc.set_at((x, y))
    grown = m.convolve(disc)
    out = pygame.Surface(fig.get_size(), pygame.SRCALPHA)
    out.blit(grown.to_surface(setcolor=(*ink, 255), unsetcolor=(0, 0, 0, 0)), (-width_px, -width_px))
    out.blit(fig, (0, 0))
    return out


def _oval_mask(size: int, rx: float, ry: float, inside) -> pygame.Surface:
    """``inside`` in an oval, transparent black around it."""
    m = pygame.Surface((size, size), pygame.SRCALPHA)
    m.fill((0, 0, 0, 0))
    Pen(m, size).ellipse(inside, 50, 50, rx, ry)
    return m


# --- rendering and the cache ------------------------------------------------------------------

class _Entry:
    """A cached portrait: the static image and what its animation needs."""

    __slots__ = ("image", "blink", "blink_at", "smoke", "ghost", "period", "phase", "size")

    def __init__(self):
        self.image = None
        self.blink = None        # an image of the eyes closed, to blit at blink_at
        self.blink_at = (0, 0)
        self.smoke = None        # where the pipe's smoke starts, in pixels from the top left
        self.ghost = None        # (background, figure, figure with eyes closed, frame)
        self.period = 4.0
        self.phase = 0.0
        self.size = 0


def _supersample(size: int) -> int:
    # powers of two: smoothscale shrinks by them exactly (by 3 it darkens and loses alpha)
    return 4 if size <= 100 else 2


def _convert(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def _render(spec: dict, size: int, locked: bool) -> _Entry:
    big = size * _supersample(size)
    ghost = bool(spec["ghost"]) and not locked
    pal = Palette(spec, ghost)
    # BLEND_RGBA_MIN with ``mask`` cuts a layer to the oval; BLEND_RGBA_MAX with ``solid`` and
    # ``solid_frame`` makes their insides fully opaque again (alpha blits lose a little)
    mask = _oval_mask(big, INNER_RX + 0.5, INNER_RY + 0.5, (255, 255, 255, 255))
    solid = _oval_mask(big, INNER_RX + 0.5, INNER_RY + 0.5, (0, 0, 0, 255))
    solid_frame = _oval_mask(big, FRAME_RX, FRAME_RY, (0, 0, 0, 255))

    def layer() -> tuple[pygame.Surface, Pen]:
        s = pygame.Surface((big, big), pygame.SRCALPHA)
        s.fill((0, 0, 0, 0))
        return s, Pen(s, size)

    bg, pen = layer()
    draw_background(pen, pal, spec, locked)

    ink_px = max(1, round(max(0.7, 90.0 / size) * big / 100))

    def figure(closed: bool) -> pygame.Surface:
        fig, fpen = layer()
        draw_figure(fpen, pal, spec, closed)
        if locked:  # a dark silhouette with a pale rim, nothing inside
            fig = _figure_mask(fig).to_surface(setcolor=(10, 14, 22, 255), unsetcolor=(0, 0, 0, 0))
            fig = _with_outline(fig, (84, 104, 136), ink_px)
        else:
            fig = _with_outline(fig, pal.ink, ink_px)
        if ghost:
            _ghost_fade(fig)
        fig.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return fig

    fig_open = figure(False)
    if ghost:  # a green glow around the figure, on the background
        glow = _figure_mask(fig_open).to_surface(setcolor=(120, 255, 190, 150),
                                                 unsetcolor=(0, 0, 0, 0))
        small = pygame.transform.smoothscale(glow, (max(1, big // 10), max(1, big // 10)))
        glow = pygame.transform.smoothscale(small, (big, big))
        bg.blit(glow, (0, 0))
    bg.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    bg.blit(solid, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    frame, fpen = layer()
    draw_frame(fpen, locked, ghost)

    def shrink(s: pygame.Surface) -> pygame.Surface:
        return _convert(pygame.transform.smoothscale(s, (size, size)))

    def compose(fig: pygame.Surface) -> pygame.Surface:
        whole = bg.copy()
        whole.blit(fig, (0, 0))
        whole.blit(frame, (0, 0))
        whole.blit(solid_frame, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
        return whole

    whole = compose(fig_open)
    entry = _Entry()
    entry.size = size
    entry.image = shrink(whole)
    if locked:
        return entry
    crc = checksum(spec)
    entry.period = 3.4 + (crc % 997) / 997 * 2.2
    entry.phase = ((crc >> 10) % 1009) / 1009 * entry.period
    fig_closed = figure(True)
    if ghost:
        entry.ghost = (shrink(bg), shrink(fig_open), shrink(fig_closed), shrink(frame))
    else:
        closed = pygame.transform.smoothscale(compose(fig_closed), (size, size))
        x, y, w, h = BLINK_BOX
        box = pygame.Rect(math.floor(x * size / 100), math.floor(y * size / 100),
                          math.ceil(w * size / 100) + 1, math.ceil(h * size / 100) + 1)
        box = box.clip(closed.get_rect())
        entry.blink = _convert(closed.subsurface(box).copy())
        entry.blink_at = box.topleft
    if spec["pipe"]:
        entry.smoke = (BOWL[0] * size / 100, (BOWL[1] - 0.8) * size / 100)
    return entry


def _ghost_fade(fig: pygame.Surface) -> None:
    """The Dutchman is translucent, and fades to nothing towards the bottom."""
    w, h = fig.get_size()
    fade = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        k = y / h
        a = 228 if k < 0.62 else max(0, round(228 * (1 - (k - 0.62) / 0.3)))
        pygame.draw.line(fade, (255, 255, 255, a), (0, y), (w, y))
    fig.blit(fade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _entry(spec, size: int, locked: bool) -> _Entry:
    size = max(1, int(size))
    if locked:  # a silhouette shows the outline of the hat and the beard, nothing else
        full = portrait(spec if isinstance(spec, dict) else None)
        spec = {"hat": full["hat"], "beard": full["beard"]}
    key = (key_of(spec), size, bool(locked))
    entry = _CACHE.get(key)
    if entry is None:
        entry = _render(dict(key[0]), size, bool(locked))
        _CACHE[key] = entry
    return entry


def portrait_surface(spec, size: int, locked: bool = False) -> pygame.Surface:
    """The static portrait (eyes open, no smoke) as a cached ``size`` x ``size`` image with
    transparent corners. The same features, size and lock give the same Surface object."""
    return _entry(spec, size, locked).image


def _puff(radius: int, ghost: bool) -> pygame.Surface:
    key = (radius, ghost)
    sprite = _PUFFS.get(key)
    if sprite is None:
        d = 2 * radius + 2
        sprite = pygame.Surface((d, d), pygame.SRCALPHA)
        base = (200, 255, 226) if ghost else (236, 236, 240)
        steps = max(1, radius)
        for i in range(steps):  # soft edge: denser towards the middle
            r = radius * (1 - i / steps)
            a = round(255 * min(1.0, (i + 1) / steps * 1.6) * 0.55)
            layer = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(layer, (*base, a), (d / 2, d / 2), max(0.5, r))
            sprite.blit(layer, (0, 0))
        _PUFFS[key] = sprite
    return sprite


def draw_portrait(surface: pygame.Surface, rect, spec, t: float = 0.0, locked: bool = False) -> None:
    """Draw the portrait for ``spec`` (any partial or bad table: defaults fill the gaps) as a
    square centred in ``rect``, animated at time ``t`` (seconds): the captain blinks, a pipe
    smokes, a ghost flickers. ``locked`` draws a dark silhouette. Nothing outside ``rect``
    changes."""
    rect = pygame.Rect(rect)
    size = min(rect.w, rect.h)
    if size < 4:
        return
    entry = _entry(spec, size, locked)
    x0 = rect.x + (rect.w - size) // 2
    y0 = rect.y + (rect.h - size) // 2
    old_clip = surface.get_clip()
    surface.set_clip(rect.clip(old_clip))
    try:
        still = motion.reduced()           # a still picture: no blinking, smoke or flicker
        t = motion.still(t)
        blinking = ((t + entry.phase) % entry.period) < 0.14 and not locked and not still
        if entry.ghost is not None:
            bg, fig, fig_closed, frame = entry.ghost
            flicker = (0.78 + 0.14 * math.sin(t * 2.3) + 0.08 * math.sin(t * 7.9 + 1.3))
            if math.sin(t * 0.83 + 0.6) > 0.965:  # now and then it all but vanishes
                flicker *= 0.45
            surface.blit(bg, (x0, y0))
            f = fig_closed if blinking else fig
            f.set_alpha(max(0, min(255, round(255 * flicker))))
            surface.blit(f, (x0, y0))
            f.set_alpha(None)
            surface.blit(frame, (x0, y0))
        else:
            surface.blit(entry.image, (x0, y0))
            if blinking and entry.blink is not None:
                surface.blit(entry.blink, (x0 + entry.blink_at[0], y0 + entry.blink_at[1]))
        if entry.smoke is not None and not locked:
            _draw_smoke(surface, x0, y0, size, entry.smoke, t, entry.ghost is not None)
    finally:
        surface.set_clip(old_clip)


def _draw_smoke(surface, x0: int, y0: int, size: int, origin, t: float, ghost: bool) -> None:
    u = size / 100
    ox, oy = origin
    for i in range(3):
        age = (t / 2.6 + i / 3) % 1.0
        x = ox + (age * 7 + math.sin(age * 7 + i * 2.1) * 2.2) * u
        y = oy - age * 30 * u
        r = max(1, round((1.4 + age * 4.6) * u))
        alpha = round(230 * (1 - age) * min(1.0, age * 8))
        if alpha <= 4:
            continue
        sprite = _puff(r, ghost)
        sprite.set_alpha(alpha)
        surface.blit(sprite, (x0 + round(x) - r - 1, y0 + round(y) - r - 1))
