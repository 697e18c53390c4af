"""Text drawing with caches: a font per (face, pixel size), a rendered surface per (text, face,
size, colour).

Two faces from ``assets/fonts/`` (SIL Open Font License, see ``assets/README.md``), both with
Latin, Cyrillic (Russian and Ukrainian: ґ є і ї) and Norwegian letters (æ ø å):

- ``"text"`` (PT Sans Bold), a clean face for everything a player reads: menus, log, panels;
- ``"display"`` (Russo One), a heavy, squared face that reads naval and arcade: the title, the
  banners and big words.

``px`` keeps the meaning it had with pygame's own font (its capitals are half ``px`` high): each
face is opened at the point size whose capitals are about as high (the text face a little
higher, for its smaller lower case) and whose words are no wider, so layouts measured before
still fit. A face whose file is missing or broken falls back to pygame's own font (``game.assets`` says
so once). Neither face has arrows, stars or ticks: those are drawn as shapes
(``game.render.widgets``).
"""

from __future__ import annotations


import pygame

from .. import assets
from . import frame_log
from .cache import Lru

# face -> (file under assets/, its point size per px)
FACES = {
    "text": ("fonts/PTSans-Bold.ttf", 0.76),
    "display": ("fonts/RussoOne-Regular.ttf", 0.70),
}
_fonts = Lru(128)
_fallen: set[str] = set()   # faces drawn with pygame's own font
_cache = Lru(600)
_big = Lru(48)              # outlined big words (kill moments, the result's headline)
_sizes = Lru(8000)   # measured words (fitting, wrapping)


def font(px: int, face: str = "text") -> pygame.font.Font:
    """The font of ``face`` for ``px`` (pygame's own font when the face's file cannot be used)."""
    key = (face, px)
    f = _fonts.get(key)
    if f is None:
        name, scale = FACES[face]
        f = assets.font(name, max(1, round(px * scale)))
        if f is None:
            _fallen.add(face)
            f = pygame.font.Font(None, px)
        _fonts[key] = f
    return f


def fallback(face: str = "text") -> bool:
    """Whether ``face`` is drawn with pygame's own font (its file missing or broken)."""
    font(20, face)
    return face in _fallen


def reset() -> None:
    """Forget every font and rendered text (after ``assets.set_root``)."""
    _fonts.clear()
    _fallen.clear()
    _cache.clear()
    _big.clear()
    _sizes.clear()


def render(text: str, px: int, colour, face: str = "text") -> pygame.Surface:
    shown = text.replace("\0", "\ufffd")   # a NUL (say, from a damaged file) would stop the font
    return _cache.get_or_make((text, px, tuple(colour), face),
                              lambda: font(px, face).render(shown, True, colour))


def draw(surface: pygame.Surface, text: str, pos, px: int, colour, anchor: str = "topleft",
         shadow: bool = False, face: str = "text") -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a pygame.Rect attribute name) at ``pos``."""
    surf = render(text, px, colour, face)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(render(text, px, (0, 0, 0), face),
                     rect.move(max(1, px // 16), max(1, px // 16)))
    surface.blit(surf, rect)
    frame_log.words(surface, rect, text)
    return rect


def outlined(words: str, px: int, colour, edge=(12, 10, 14), face: str = "display",
             glow: bool = False) -> pygame.Surface:
    """Big ``words`` that read over fire, sea and fireworks: the face lit from above (white
    into ``colour``), a dark rim all round and, with ``glow``, a soft halo of ``colour``
    behind them. Made once per words, size and colour."""
    return _big.get_or_make((words, px, tuple(colour), tuple(edge), face, glow),
                            lambda: _outlined(words, px, colour, edge, face, glow))


def _outlined(words, px, colour, edge, face, glow) -> pygame.Surface:
    shown = words.replace("\0", "\ufffd")
    f = font(px, face)
    face_surf = f.render(shown, True, (255, 255, 255))
    w, h = face_surf.get_size()
    light = tuple(min(255, int(c + (255 - c) * 0.75)) for c in colour)
    shade = pygame.Surface((1, 2), pygame.SRCALPHA)      # a vertical gradient, stretched
    shade.set_at((0, 0), (*light, 255))
    shade.set_at((0, 1), (*colour, 255))
    face_surf.blit(pygame.transform.smoothscale(shade, (w, h)), (0, 0),
                   special_flags=pygame.BLEND_RGBA_MULT)
    rim = f.render(shown, True, edge)
    d = max(2, px // 14)
    g = max(d, px // 4) if glow else 0
    surf = pygame.Surface((w + 2 * (d + g), h + 2 * (d + g)), pygame.SRCALPHA)
    o = d + g
    if glow:
        halo = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        halo.blit(f.render(shown, True, colour), (o, o))
        halo = pygame.transform.gaussian_blur(halo, max(2, g // 2))
        halo.fill((*colour, 0), special_flags=pygame.BLEND_RGB_MAX)   # bright, not darkened
        surf.blit(halo, (0, 0))
    for dx in (-d, 0, d):
        for dy in (-d, 0, d):
            if dx or dy:
                surf.blit(rim, (o + dx, o + dy))
    surf.blit(face_surf, (o, o))
    return surf


def size(text: str, px: int, face: str = "text") -> tuple[int, int]:
    """The size ``text`` takes at ``px``; measured once (screens fit and wrap words every
    frame, and measuring with a font file costs more than with pygame's own font)."""
    key = (text, px, face)
    got = _sizes.get(key)
    if got is None:
        got = _sizes[key] = font(px, face).size(text)
    return got


def wrap(text: str, px: int, width: int, face: str = "text") -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (words kept whole)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and size(candidate, px, face)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def wrap_most(text: str, px: int, width: int, most: int) -> list[str]:
    """``wrap``'s first ``most`` lines (what a room has space for); the frame's check is told
    when that leaves words out."""
    lines = wrap(text, px, width)[:max(0, most)]
    note_cut(text, lines)
    return lines


def fit_px(text: str, px: int, width: int, minimum: int = 12, face: str = "text") -> int:
    """The largest size up to ``px`` at which ``text`` fits in ``width`` pixels (not below
    ``minimum``). Words grow about in proportion to the size, so it jumps near the answer and
    then steps, opening a few sizes of the font rather than every one down from ``px``."""
    top = px
    while px > minimum:
        w = size(text, px, face)[0]
        if w <= width:
            break
        px = max(minimum, min(px - 1, int(px * width / max(1, w))))
    while px < top and size(text, px + 1, face)[0] <= width:
        px += 1
    return px


def fit_block(text: str, px: int, width: int, height: int, minimum: int = 12,
              spacing: float = 1.2) -> tuple[int, list[str]]:
    """The largest size up to ``px`` at which ``text``, wrapped to ``width``, fits in
    ``height``, and its lines; at ``minimum`` the lines that fit (never a word cut)."""
    while True:
        lines = wrap(text, px, width)
        if len(lines) * int(px * spacing) <= height or px <= minimum:
            kept = lines[:max(1, height // max(1, int(px * spacing)))]
            note_cut(text, kept)
            return px, kept
        px -= 1


def note_cut(text: str, lines: list[str]) -> None:
    """Tell the frame's check (``frame_log``, while one looks) when ``lines`` leave out some of
    ``text``'s words: no room for them all even at the least size."""
    if frame_log.on() and sum(len(line.split()) for line in lines) < len(text.split()):
        frame_log.cut(text)


def draw_block(surface, text: str, rect, px: int, colour, minimum: int = 12) -> int:
    """``text`` wrapped in ``rect`` at the largest size that fits; the height it took."""
    size, lines = fit_block(text, px, rect.w, rect.h, minimum)
    step = int(size * 1.2)
    for i, line in enumerate(lines):
        draw(surface, line, (rect.x, rect.y + i * step), size, colour)
    return len(lines) * step
