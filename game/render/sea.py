"""The animated sea: a looping, seamlessly tiling water texture made once with numpy.

Every frame only blits tiles, so animated water costs a few blits per board.
"""

from __future__ import annotations

import numpy as np
import pygame

from . import theme

TILE = 96
FRAMES = 24
PERIOD = 3.0  # seconds for one loop of the swell

_frames: list[pygame.Surface] | None = None


def _make_frames() -> list[pygame.Surface]:
    # Waves with whole numbers of periods across the tile tile seamlessly; whole numbers of
    # periods over the loop make the animation loop seamlessly too.
    y, x = np.mgrid[0:TILE, 0:TILE].astype(np.float32) / TILE * 2 * np.pi
    deep = np.array(theme.WATER_DEEP, np.float32)
    light = np.array(theme.WATER_LIGHT, np.float32)
    waves = ((1, 2, 1), (3, -1, 2), (-2, 3, -1), (5, 4, 3))
    out = []
    for f in range(FRAMES):
        phase = f / FRAMES * 2 * np.pi
        h = np.zeros_like(x)
        for i, (kx, ky, speed) in enumerate(waves):
            h += np.sin(kx * x + ky * y + speed * phase) / (i + 1)
        h = (h - h.min()) / (np.ptp(h) + 1e-6)
        crest = np.clip((h - 0.78) * 5, 0, 1) ** 2  # thin bright crests
        mix = 0.55 * h + 0.45 * crest
        rgb = deep + (light - deep) * mix[..., None] + 40 * crest[..., None]
        rgb = np.clip(rgb, 0, 255).astype(np.uint8)
        out.append(pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2))))
    return out


def frames() -> list[pygame.Surface]:
    global _frames
    if _frames is None:
        _frames = [s.convert() if pygame.display.get_surface() else s for s in _make_frames()]
    return _frames


def draw_water(surface: pygame.Surface, rect: pygame.Rect, t: float, offset=(0, 0)) -> None:
    """Fill ``rect`` with the sea at time ``t`` (seconds); ``offset`` shifts the pattern."""
    tiles = frames()
    tile = tiles[int((t % PERIOD) / PERIOD * FRAMES) % FRAMES]
    old_clip = surface.get_clip()
    surface.set_clip(rect.clip(old_clip) if old_clip else rect)
    ox = (rect.x + offset[0]) % TILE
    oy = (rect.y + offset[1]) % TILE
    for ty in range(rect.y - oy, rect.bottom, TILE):
        for tx in range(rect.x - ox, rect.right, TILE):
            surface.blit(tile, (tx, ty))
    surface.set_clip(old_clip)
