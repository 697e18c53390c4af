"""The animated sea: a looping, seamlessly tiling water texture made once with numpy.

Every frame only blits tiles, so animated water costs a few blits per board.
"""

from __future__ import annotations

import numpy as np
import pygame

from . import motion, theme

TILE = 192
FRAMES = 32
PERIOD = 4.0  # seconds for one loop of the swell

_frames: list[pygame.Surface] | None = None
_frames_of = -1       # the ``theme.generation`` they were made in (the palette's sea)

# Swell components: whole wave numbers across the tile (so it tiles seamlessly), whole numbers of
# cycles per loop (so the animation loops seamlessly), amplitude, and a fixed phase.
_WAVES = ((1, 2, 1, 1.0, 0.3), (2, -1, -1, 0.8, 1.7), (-3, 1, 2, 0.5, 4.1), (1, 3, -2, 0.45, 2.2),
          (4, 3, 3, 0.25, 5.0), (-2, 5, -3, 0.2, 0.9), (5, -4, 4, 0.12, 3.3), (-6, -3, 3, 0.1, 1.2))


def _make_frames() -> list[pygame.Surface]:
    y, x = np.mgrid[0:TILE, 0:TILE].astype(np.float32) / TILE * 2 * np.pi
    deep = np.array(theme.WATER_DEEP, np.float32)
    light = np.array(theme.WATER_LIGHT, np.float32)
    out = []
    for f in range(FRAMES):
        phase = f / FRAMES * 2 * np.pi
        swell = np.zeros_like(x)
        for kx, ky, speed, amp, p0 in _WAVES:
            swell += amp * np.sin(kx * x + ky * y + speed * phase + p0)
        # caustic glints: a lattice of light bent by the swell itself (domain warping)
        u = 3 * x + 1.3 * np.sin(2 * y + phase) + 0.9 * swell
        v = 3 * y + 1.3 * np.sin(2 * x - 2 * phase) - 0.9 * swell
        ridge = (1 - np.abs(np.sin(u) * np.sin(v))) ** 6
        swell = (swell - swell.min()) / (np.ptp(swell) + 1e-6)
        ridge = np.clip((ridge - 0.35) * 1.6, 0, 1)
        mix = 0.75 * swell + 0.25 * ridge * swell
        rgb = deep + (light - deep) * mix[..., None] + 24 * (ridge * swell)[..., None]
        rgb = np.clip(rgb, 0, 255).astype(np.uint8)
        out.append(pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2))))
    return out


def frames() -> list[pygame.Surface]:
    global _frames, _frames_of
    if _frames is None or _frames_of != theme.generation:
        _frames_of = theme.generation
        _frames = [s.convert() if pygame.display.get_surface() else s for s in _make_frames()]
    return _frames


def draw_water(surface: pygame.Surface, rect: pygame.Rect, t: float, offset=(0, 0)) -> None:
    """Fill ``rect`` with the sea at time ``t`` (seconds); ``offset`` shifts the pattern.
    With reduced motion the sea stands still (one frame, whatever ``t``)."""
    tiles = frames()
    t = motion.still(t)
    tile = tiles[int((t % PERIOD) / PERIOD * FRAMES) % FRAMES]
    old_clip = surface.get_clip()
    surface.set_clip(rect.clip(old_clip) if old_clip else rect)
    ox = (rect.x + offset[0]) % TILE
    oy = (rect.y + offset[1]) % TILE
    for ty in range(rect.y - oy, rect.bottom, TILE):
        for tx in range(rect.x - ox, rect.right, TILE):
            surface.blit(tile, (tx, ty))
    surface.set_clip(old_clip)
