"""Text drawing with caches: a font per pixel size, a rendered surface per (text, size, colour).

pygame's default font covers Latin, Cyrillic (Russian and Ukrainian) and Norwegian letters, but
not arrows, stars or ticks: those are drawn as shapes (``game.render.widgets``).
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

_fonts: dict[int, pygame.font.Font] = {}
_cache: OrderedDict = OrderedDict()
_CACHE_MAX = 600


def font(px: int) -> pygame.font.Font:
    f = _fonts.get(px)
    if f is None:
        f = _fonts[px] = pygame.font.Font(None, px)
    return f


def render(text: str, px: int, colour) -> pygame.Surface:
    key = (text, px, tuple(colour))
    surf = _cache.get(key)
    if surf is None:
        surf = font(px).render(text, True, colour)
        _cache[key] = surf
        if len(_cache) > _CACHE_MAX:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return surf


def draw(surface: pygame.Surface, text: str, pos, px: int, colour, anchor: str = "topleft",
         shadow: bool = False) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a pygame.Rect attribute name) at ``pos``."""
    surf = render(text, px, colour)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(render(text, px, (0, 0, 0)), rect.move(max(1, px // 16), max(1, px // 16)))
    surface.blit(surf, rect)
    return rect


def size(text: str, px: int) -> tuple[int, int]:
    return font(px).size(text)


def wrap(text: str, px: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (words kept whole)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and font(px).size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def fit_px(text: str, px: int, width: int, minimum: int = 12) -> int:
    """The largest size up to ``px`` at which ``text`` fits in ``width`` pixels."""
    while px > minimum and font(px).size(text)[0] > width:
        px -= 1
    return px


def fit_block(text: str, px: int, width: int, height: int, minimum: int = 12,
              spacing: float = 1.2) -> tuple[int, list[str]]:
    """The largest size up to ``px`` at which ``text``, wrapped to ``width``, fits in
    ``height``, and its lines; at ``minimum`` the lines that fit (never a word cut)."""
    while True:
        lines = wrap(text, px, width)
        if len(lines) * int(px * spacing) <= height or px <= minimum:
            return px, lines[:max(1, height // max(1, int(px * spacing)))]
        px -= 1


def draw_block(surface, text: str, rect, px: int, colour, minimum: int = 12) -> int:
    """``text`` wrapped in ``rect`` at the largest size that fits; the height it took."""
    size, lines = fit_block(text, px, rect.w, rect.h, minimum)
    step = int(size * 1.2)
    for i, line in enumerate(lines):
        draw(surface, line, (rect.x, rect.y + i * step), size, colour)
    return len(lines) * step
