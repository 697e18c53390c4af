"""What every battle screen draws alike: the header line, the two fields side by side with the
log and a status panel under them, the small halo ring, and Classic's ships still afloat."""

from __future__ import annotations

import pygame

from . import text, theme
from .board import BoardGeometry, draw_vessel
from .cache import Lru
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
    # issue 38: a larger text makes the log and the status taller (most of their height is
    # lines) and the heading's band deeper; the fields give up the height
    low = int(log_h * u * (1 + 0.7 * (theme.SCALE - 1)))
    if demo:
        top, bottom = int(h * 0.30), h - m
    else:
        top = int(92 * u * theme.SCALE)     # under the heading and its lines, as large
        bottom = h - low - int(gap * u * theme.SCALE)    # (the fleets' names, as large)
    left = pygame.Rect(m, top, w // 2 - int(1.5 * m), bottom - top)
    right = pygame.Rect(w // 2 + m // 2, top, w // 2 - int(1.5 * m), bottom - top)
    log = pygame.Rect(m, h - low, int(w * log_w) - m, low - m)
    status = pygame.Rect(log.right + m, log.y, w - log.right - 2 * m, log.h)
    return BoardGeometry.fit(left, cols, rows), BoardGeometry.fit(right, cols, rows), log, status


def small_ring(geo: BoardGeometry, cell) -> Ring:
    """The ring a halo cell shows as it is marked."""
    return Ring(geo.center(cell), 2, geo.cell * 0.6, 0.35, 0.35, theme.HALO, 1)


def afloat_groups(fleet, afloat) -> list[tuple[int, int]]:
    """(size, how many afloat) for every size of ship in ``fleet`` (sizes), largest first; a
    size all sunk stays, with 0."""
    afloat = list(afloat)
    return [(size, afloat.count(size)) for size in sorted(set(fleet), reverse=True)]


_layouts = Lru(64)


def afloat_layout(groups, width: int, room: int, largest: int):
    """Where the tally of ``groups`` goes in ``width`` × ``room`` pixels: the cell of its
    silhouettes (the largest up to ``largest`` at which every group fits, wrapped into rows),
    the count's font size, and the rows of (x, size, count) centred in the width."""
    key = (tuple(groups), width, room, largest)
    found = _layouts.get(key)
    if found is not None:
        return found
    for cell in range(max(6, largest), 5, -1):
        px = max(12, int(cell * 1.1))
        rows, widths, x = [[]], [0], 0
        for size, n in groups:
            w = size * cell + cell // 4 + text.size(f"×{n}", px)[0]
            if x and x + w > width:
                rows.append([])
                widths.append(0)
                x = 0
            rows[-1].append((x, size, n))
            widths[-1] = x + w
            x += w + cell
        if max(widths) <= width and len(rows) * cell * 1.25 <= room:
            break
    rows = [[(x + (width - w) // 2, size, n) for x, size, n in row]
            for row, w in zip(rows, widths)]
    _layouts[key] = found = (cell, px, rows)
    return found


def draw_afloat(surface, geo: BoardGeometry, fleet, afloat, room: int, kind: str | None = None,
                colours=None) -> None:
    """The tally under a field, in ``room`` pixels of height: a silhouette of each size of ship
    in ``fleet`` and how many of them are still ``afloat`` (sizes), a size all sunk as a wreck
    and "×0"; as big as the room lets them be. ``kind`` as ``draw_vessel`` takes it (the
    Dutchman's ghost); ``colours``: the hull and edge (a captain's paint; the palette's grey
    by default)."""
    groups = afloat_groups(fleet, afloat)
    cell, px, rows = afloat_layout(groups, geo.grid.w, room, int(geo.cell * 0.75))
    for r, row in enumerate(rows):
        y = geo.grid.bottom + cell // 4 + int(r * cell * 1.25)
        for x, size, n in row:
            hull = (colours or (theme.SHIP, theme.SHIP_DARK)) if n else (theme.WRECK_HULL,
                                                                         theme.WRECK_EDGE)
            draw_vessel(surface, BoardGeometry(geo.grid.x + x, y, cell, size, 1),
                        [(i, 0) for i in range(size)], *hull, kind)
            text.draw(surface, f"×{n}", (geo.grid.x + x + size * cell + cell // 4,
                                         y + cell // 2), px,
                      theme.TEXT if n else theme.TEXT_DIM, "midleft")


def status_panel(surface, rect, size, base_px: int, pad: int) -> tuple[int, int, int, int]:
    """The status panel under the fields: its backing, and where its lines go: (font px,
    x, y of the first line, line height)."""
    panel(surface, rect, 200)
    px = theme.font_px(size, base_px)
    return px, rect.x + pad, rect.y + 8, int(px * 1.3)
