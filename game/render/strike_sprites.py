"""The strike effects' sprites, drawn once per size and kept (a frame only blits them): a soft
disc (smoke, foam, spray), a plane seen from above and its shadow, a torpedo, a torpedo's wake.
Sized in pixels from the board's cell; ``game.render.strike`` moves them."""

from __future__ import annotations

import math

import numpy as np
import pygame

from .cache import Lru, quantise

FOAM = (236, 244, 252)
PLANE_BODY = (196, 206, 216)
PLANE_EDGE = (34, 44, 60)
TORPEDO_BODY = (92, 102, 114)
TORPEDO_TOP = (196, 206, 216)
WARHEAD = (214, 168, 86)

_cache = Lru(1500)


def _remember(key, surf: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()              # the display's own format: quicker blits
    _cache[key] = surf
    return surf


# --- sprites ------------------------------------------------------------------------------

def soft(radius: float, colour, alpha: int, hard: bool = False) -> pygame.Surface:
    """A soft disc of ``colour`` (not premultiplied: for normal blits, such as smoke and foam)
    whose opacity falls from ``alpha`` at the centre to nothing at the edge; cached by size,
    colour and a few steps of alpha."""
    radius = quantise(radius, 6, (16, 40))
    alpha = max(0, min(255, int(alpha))) // 32 * 32 + 31 if alpha >= 16 else 0
    key = ("soft", radius, tuple(colour), alpha, hard)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    d = np.arange(-radius, radius + 1, dtype=np.float32)
    r = np.sqrt(d[:, None] ** 2 + d[None, :] ** 2) / (radius + 1)
    k = np.clip(1 - r, 0, 1) ** (0.5 if hard else 1.5)
    surf = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    surf.fill((*colour[:3], 0))
    a = pygame.surfarray.pixels_alpha(surf)
    a[:] = (k * alpha).astype(np.uint8)
    del a
    return _remember(key, surf)


def _turn(points, angle: float, c: float, length: float):
    ca, sa = math.cos(angle), math.sin(angle)
    return [(c + (x * ca - y * sa) * length, c + (x * sa + y * ca) * length) for x, y in points]


# a plane seen from above, nose toward +x, in units of its length
_FUSELAGE = [(0.5, 0), (0.44, -0.055), (0.3, -0.07), (-0.1, -0.065), (-0.44, -0.03),
             (-0.5, 0), (-0.44, 0.03), (-0.1, 0.065), (0.3, 0.07), (0.44, 0.055)]
_WINGS = [(0.16, -0.06), (0.06, -0.5), (-0.06, -0.5), (-0.06, -0.06),
          (-0.06, 0.06), (-0.06, 0.5), (0.06, 0.5), (0.16, 0.06)]
_TAIL = [(-0.33, -0.03), (-0.41, -0.2), (-0.48, -0.2), (-0.47, -0.03),
         (-0.47, 0.03), (-0.48, 0.2), (-0.41, 0.2), (-0.33, 0.03)]


def plane_sprite(length: float, angle_deg: int, roundel, shadow: bool = False) -> pygame.Surface:
    """A plane ``length`` pixels long, seen from above, nose toward ``angle_deg`` (0: right,
    90: down), with the attacker's ``roundel`` on its wings; ``shadow``: its dark silhouette.
    Drawn twice as large and smoothed down, once per size and angle."""
    length = max(8, int(length))
    angle_deg = int(angle_deg) % 360
    key = ("plane", length, angle_deg, tuple(roundel), shadow)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    big = length * 2
    side = int(big * 1.1) + 4
    c = side / 2
    a = math.radians(angle_deg)
    art = pygame.Surface((side, side), pygame.SRCALPHA)
    if shadow:
        ink = (6, 14, 26, 120)
        for part in (_WINGS, _TAIL, _FUSELAGE):
            pygame.draw.polygon(art, ink, _turn(part, a, c, big))
    else:
        line = max(1, big // 28)
        for part in (_WINGS, _TAIL):
            pts = _turn(part, a, c, big)
            pygame.draw.polygon(art, PLANE_BODY, pts)
            pygame.draw.polygon(art, PLANE_EDGE, pts, line)
        pts = _turn(_FUSELAGE, a, c, big)
        pygame.draw.polygon(art, (222, 230, 238), pts)
        pygame.draw.polygon(art, PLANE_EDGE, pts, line)
        for x, y in ((0.0, -0.32), (0.0, 0.32)):
            (px, py), = _turn([(x, y)], a, c, big)
            pygame.draw.circle(art, PLANE_EDGE, (px, py), big * 0.06)
            pygame.draw.circle(art, roundel, (px, py), big * 0.045)
        (px, py), = _turn([(0.24, 0)], a, c, big)
        pygame.draw.circle(art, (40, 70, 110), (px, py), big * 0.04)   # the canopy
        blade = _turn([(0.52, -0.13), (0.52, 0.13)], a, c, big)     # the turning propeller
        pygame.draw.line(art, (236, 240, 246, 150), blade[0], blade[1], max(2, big // 22))
        (px, py), = _turn([(0.5, 0)], a, c, big)
        pygame.draw.circle(art, PLANE_EDGE, (px, py), max(1.5, big * 0.025))
    surf = pygame.transform.smoothscale(art, (side // 2, side // 2))
    return _remember(key, surf)


def torpedo_sprite(cell: int, angle_deg: int) -> pygame.Surface:
    """A torpedo about three quarters of a cell long, seen from above, nose toward
    ``angle_deg``: a dark steel body, a light back, a brass warhead and tail fins."""
    cell = max(6, int(cell))
    angle_deg = int(angle_deg) % 360
    key = ("torpedo", cell, angle_deg)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    big = cell * 2 * 0.85
    w = max(0.22, 8 / big)                   # never thinner than a few pixels
    side = int(big * 1.2) + 4
    c = side / 2
    a = math.radians(angle_deg)
    art = pygame.Surface((side, side), pygame.SRCALPHA)
    body = [(0.5, 0), (0.44, -w / 2), (-0.42, -w / 2), (-0.5, 0), (-0.42, w / 2), (0.44, w / 2)]
    fins = [(-0.36, 0), (-0.5, -w * 0.95), (-0.52, -w * 0.95), (-0.48, 0),
            (-0.52, w * 0.95), (-0.5, w * 0.95)]
    pygame.draw.polygon(art, (20, 24, 30), _turn(fins, a, c, big))
    pygame.draw.polygon(art, TORPEDO_BODY, _turn(body, a, c, big))
    top = [(0.38, -w / 4), (-0.38, -w / 4), (-0.38, 0), (0.38, 0)]
    pygame.draw.polygon(art, TORPEDO_TOP, _turn(top, a, c, big))
    head = [(0.5, 0), (0.44, -w / 2), (0.3, -w / 2), (0.3, w / 2), (0.44, w / 2)]
    pygame.draw.polygon(art, WARHEAD, _turn(head, a, c, big))
    pygame.draw.polygon(art, (14, 18, 24), _turn(body, a, c, big), max(1, int(big // 40)))
    surf = pygame.transform.smoothscale(art, (side // 2, side // 2))
    return _remember(key, surf)


def wake_sprite(cell: int, length: int, angle_deg: int) -> pygame.Surface:
    """A torpedo's wake ``length`` pixels long behind a head moving toward ``angle_deg`` (a
    multiple of 90): narrow and bright at the head, wider, fainter and broken into foam
    behind. The head is at the sprite's edge facing ``angle_deg``."""
    cell = max(6, int(cell))
    key = ("wake", cell, int(length), int(angle_deg) % 360)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    length = max(2, int(length))
    half = max(3, int(cell * 0.42))
    u = np.linspace(1.0, 0.0, length, dtype=np.float32)[:, None]     # 0 at the head (right)
    v = np.arange(-half, half + 1, dtype=np.float32)[None, :] / half    # -1 .. 1 across
    width = 0.35 + 0.65 * u ** 0.6                                       # it spreads behind
    across = np.clip(1 - np.abs(v) / width, 0, 1)
    edges = 0.55 + 0.45 * np.clip(np.abs(v) / width, 0, 1) ** 2          # the V's two arms
    rng = np.random.default_rng(cell * 1000 + length)
    foam = 0.65 + 0.35 * rng.random((length, 2 * half + 1), dtype=np.float32)
    alpha = (1 - u) ** 1.4 * across ** 0.7 * edges * foam * 235
    surf = pygame.Surface((length, 2 * half + 1), pygame.SRCALPHA)
    surf.fill((*FOAM, 0))
    a = pygame.surfarray.pixels_alpha(surf)
    a[:] = alpha.astype(np.uint8)
    del a
    if angle_deg % 360:
        surf = pygame.transform.rotate(surf, -angle_deg)
    return _remember(key, surf)
