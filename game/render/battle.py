"""What every battle screen draws alike: the header line, the two fields side by side with the
log and a status panel under them, the small halo ring, and Classic's ships still afloat."""

from __future__ import annotations

import pygame

from . import text, theme
from .board import BoardGeometry, draw_vessel
from .effects import Ring
from .widgets import panel


def draw_header(surface, size, words: str, colour, px: int, y: int,
                x: float | None = None) -> tuple[int, int]:
    """The header's words, centred at ``x`` (the middle of the window by default), fitted to
    the width, in the display face (a banner); ``px`` and ``y`` are for the reference window.
    Returns (y, font size)."""
    w = size[0]
    px = text.fit_px(words, theme.font_px(size, px), int(w * 0.96), face="display")
    y = int(y * theme.unit(size))
    text.draw(surface, words, (w / 2 if x is None else x, y), px, colour, "center", shadow=True,
              face="display")
    return y, px


def fields_layout(size, cols: int, rows: int, log_h: int, gap: int, log_w: float,
                  demo: bool = False):
    """Two fields of ``cols`` × ``rows`` side by side, the log (``log_h`` high, ``gap`` below
    the fields, ``log_w`` of the width) and a status panel beside it; in the attract mode the
    fields alone, under the title menu. Returns (left, right, log rect, status rect)."""
    w, h = size
    u = theme.unit(size)
    m = int(16 * u)
    if demo:
        top, bottom = int(h * 0.30), h - m
    else:
        top = int(92 * u)
        bottom = h - int(log_h * u) - int(gap * u)
    left = pygame.Rect(m, top, w // 2 - int(1.5 * m), bottom - top)
    right = pygame.Rect(w // 2 + m // 2, top, w // 2 - int(1.5 * m), bottom - top)
    log = pygame.Rect(m, h - int(log_h * u), int(w * log_w) - m, int(log_h * u) - m)
    status = pygame.Rect(log.right + m, log.y, w - log.right - 2 * m, log.h)
    return BoardGeometry.fit(left, cols, rows), BoardGeometry.fit(right, cols, rows), log, status


def small_ring(geo: BoardGeometry, cell) -> Ring:
    """The ring a halo cell shows as it is marked."""
    return Ring(geo.center(cell), 2, geo.cell * 0.6, 0.35, 0.35, theme.HALO, 1)


def afloat_rows(sizes, width: int) -> list[list[tuple[int, int]]]:
    """Ships of ``sizes`` laid in rows ``width`` cells wide, a cell apart: [[(x, size), …], …]."""
    rows: list = [[]]
    x = 0
    for size in sizes:
        if x and x + size > width:
            rows.append([])
            x = 0
        rows[-1].append((x, size))
        x += size + 1
    return rows


def draw_afloat(surface, geo: BoardGeometry, sizes, room: int, kind: str | None = None,
                colours=(theme.SHIP, theme.SHIP_DARK)) -> None:
    """Small silhouettes of ships of ``sizes`` under a field, in ``room`` pixels of height:
    every ship shown, wrapped into rows, then smaller; ``kind`` as ``draw_vessel`` takes it
    (the Dutchman's ghost); ``colours``: the hull and edge (a captain's paint)."""
    for cell in range(max(6, geo.cell // 3), 2, -1):
        rows = afloat_rows(sizes, geo.grid.w // cell)
        if len(rows) * cell * 1.5 + cell * 0.5 <= room:
            break
    for r, row in enumerate(rows):
        y = geo.grid.bottom + cell // 2 + int(r * cell * 1.5)
        for x, size in row:
            draw_vessel(surface, BoardGeometry(geo.grid.x + x * cell, y, cell, size, 1),
                        [(i, 0) for i in range(size)], *colours, kind)


def status_panel(surface, rect, size, base_px: int, pad: int) -> tuple[int, int, int, int]:
    """The status panel under the fields: its backing, and where its lines go: (font px,
    x, y of the first line, line height)."""
    panel(surface, rect, 200)
    px = theme.font_px(size, base_px)
    return px, rect.x + pad, rect.y + 8, int(px * 1.3)
