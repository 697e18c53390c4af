"""What a campaign battle draws over any mode's battle screen (issue 22): a teaching hint's
panel, the line of the person's measure and the star limits, the boss fleet's strength bar."""

from __future__ import annotations

import pygame

from . import frame_log, text, theme
from .widgets import panel, star

HINT_EDGE = (255, 196, 64)


def hint_panel(surface, rect: pygame.Rect, words: str, px: int) -> pygame.Rect:
    """A hint's panel filling ``rect``: the words wrapped (shrunk to fit), a × in its corner.
    Returns the ×'s rectangle (a click there, or anywhere on the panel, dismisses it)."""
    panel(surface, rect, 238, edge=HINT_EDGE)
    close = pygame.Rect(0, 0, int(px * 1.3), int(px * 1.3))
    close.topright = (rect.right - 6, rect.y + 6)
    c, s = close.center, px * 0.32
    for a, b in (((c[0] - s, c[1] - s), (c[0] + s, c[1] + s)),
                 ((c[0] - s, c[1] + s), (c[0] + s, c[1] - s))):
        pygame.draw.line(surface, HINT_EDGE, a, b, max(2, px // 8))
    pad = max(8, px // 2)
    box = pygame.Rect(rect.x + pad, rect.y + pad // 2 + 2, rect.w - 2 * pad - close.w,
                      rect.h - pad)
    px, lines = text.fit_block(words, px, box.w, box.h, minimum=14, spacing=1.25)
    line = int(px * 1.25)
    y = box.y + max(0, (box.h - line * len(lines)) // 2)
    for ln in lines:
        text.draw(surface, ln, (box.x, y), px, theme.TEXT)
        y += line
    return close


def hint_height(words: str, px: int, width: int) -> int:
    """The height a hint's panel of ``width`` wants for ``words`` at ``px`` (two lines at most
    are meant; more wrap and the panel grows)."""
    pad = max(8, px // 2)
    lines = len(text.wrap(words, px, width - 2 * pad - int(px * 1.3)))
    return int(px * 1.25) * max(1, lines) + pad + 4


# A limits line is a list of parts: ("text", words, colour) or ("stars", n, colour).
def limits_width(parts, px: int) -> int:
    gap = px // 3
    w = 0
    for kind, what, _ in parts:
        w += (text.size(what, px)[0] if kind == "text" else int(px * 0.95) * what) + gap
    return max(0, w - gap)


def draw_limits(surface, parts, centre, px: int, width: int) -> pygame.Rect:
    """The parts in a row centred at ``centre``, shrunk to ``width``: words, drawn stars (the
    faces have no star). Returns where it went."""
    while px > 12 and limits_width(parts, px) > width:
        px -= 1
    gap = px // 3
    w = limits_width(parts, px)
    x = int(centre[0] - w / 2)
    y = int(centre[1])
    for kind, what, colour in parts:
        if kind == "text":
            text.draw(surface, what, (x, y), px, colour, "midleft", shadow=True)
            x += text.size(what, px)[0] + gap
        else:
            step = int(px * 0.95)
            for i in range(what):
                star(surface, (x + step // 2 + i * step, y), px * 0.95, colour)
            x += step * what + gap
    return pygame.Rect(int(centre[0] - w / 2), y - px // 2, w, px)


def strength_bar(surface, rect: pygame.Rect, left: int, total: int, name: str, px: int,
                 colour=None) -> None:
    """A boss's strength, a bar filling ``rect`` ``left`` of ``total`` full: ``name`` written
    on it, the count at its right end."""
    radius = rect.h // 2
    pygame.draw.rect(surface, (16, 20, 30), rect, border_radius=radius)
    share = left / total if total else 0.0
    if share > 0:
        full = rect.copy()
        full.w = max(rect.h, int(rect.w * share))
        fill = (theme.BAD if share <= 0.25 else theme.ACCENT if share <= 0.5
                else colour or theme.PLAYER_COLOURS[1])
        pygame.draw.rect(surface, tuple(int(c * 0.72) for c in fill), full, border_radius=radius)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=radius)
    frame_log.box(surface, rect, "bar")
    count = f"{left}/{total}"
    pad = max(6, radius)
    cw = text.size(count, px)[0]
    text.draw(surface, count, (rect.right - pad, rect.centery), px, theme.TEXT, "midright",
              shadow=True)
    room = rect.w - cw - 3 * pad
    if room > px * 2:
        text.draw(surface, name, (rect.x + pad, rect.centery), text.fit_px(name, px, room),
                  theme.TEXT, "midleft", shadow=True)
