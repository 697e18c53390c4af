"""Drawing for "Кораблики" (RULES.md §K), shared by the set-up and the battle screens.

The board is 16×15 with three zones of five rows. A screen always shows the viewer's own zone at
the bottom: for player 0 the board as it is, for player 1 turned half round (``flip``), the way a
paper board is turned to face the other player. ``to_screen`` / ``from_screen`` convert cells
between the board and the screen; everything here that takes a cell says which one it wants.

Pieces are small ships seen from above with the bow toward the enemy (up for the viewer's own,
down for the enemy's). Own pieces carry their rank's short label (``kor.rank.<RANK>``); a hidden
enemy piece is a blank back, all alike; a revealed enemy piece shows its silhouette and a badge
with its rank. Forts, the bomb, torpedoes and mines have silhouettes of their own. Every piece is
drawn once per (rank, size, colour, flags) and blitted after, so a frame with 104 pieces costs
104 blits.

API (cells on the screen are "screen cells": column and row of the drawn grid):

- ``fit_geometry(rect, max_cell=48) -> BoardGeometry``: the largest 16×15 board in ``rect``
- ``to_screen(cell, flip) -> cell``, ``from_screen(cell, flip) -> cell`` (the same involution)
- ``cell_at(geo, pos, flip) -> board cell | None``: the board cell under a pixel
- ``board_rect(geo, cell, flip) -> Rect``: the pixel rectangle of a board cell
- ``viewer_colours(flip) -> (own, enemy)``: the player colours as this viewer sees them
- ``draw_sea_board(surface, geo, letters, t, flip, label_colour=..., dim=0.0)``: water, zone
  tints, the grid with thick lines between zones, coordinate labels (turned with the board)
- ``draw_piece(surface, geo, cell_on_screen, rank, owner_colour, bow_up, revealed_badge=False,
  selected=False, dim=False, *, label=None, tr=None, known=False)``
- ``draw_piece_at(surface, centre, size, rank, owner_colour, bow_up, ...)``: the same at any
  pixel position and size (animation, the tray)
- ``piece_surface(rank, size, owner_colour, bow_up, label="", revealed_badge=False,
  known=False, dim=False) -> Surface`` (cached)
- ``draw_cell_tint(surface, geo, cell_on_screen, rgba)``, ``draw_cursor(surface, geo,
  cell_on_screen, colour=theme.CURSOR)``
- ``rank_label(tr, rank)``, ``rank_name(tr, rank)``: the short and full words of a rank
"""

from __future__ import annotations

import math
import random

import pygame

from ..rules import korabliki as kor
from ..rules.coords import Cell, LetterSet
from . import motion, text, theme
from .board import BoardGeometry
from .cache import Lru
from .paint import flag_surface
from .sea import draw_water
from .widgets import tint

WIDTH, HEIGHT, ZONE = kor.WIDTH, kor.HEIGHT, kor.ZONE_ROWS

HULL_DARK = (16, 24, 38)          # outlines, decks and label ink
BACK = (70, 84, 104)              # the hidden back of an enemy piece
BACK_EDGE = (150, 168, 190)
BADGE = (255, 230, 90)            # a revealed rank's badge
KNOWN = (255, 120, 90)            # own piece the enemy knows
FORT_STONE = (168, 160, 146)
BOMB_BODY = (250, 208, 60)
MINE_BODY = (36, 40, 48)
ZONE_ALPHA = 26

_cache = Lru(1024)
_board_cache = Lru(24)


# --- geometry -----------------------------------------------------------------------------

def fit_geometry(rect: pygame.Rect, max_cell: int = 48) -> BoardGeometry:
    """The largest 16×15 board (with its label band) that fits in ``rect``."""
    return BoardGeometry.fit(rect, WIDTH, HEIGHT, max_cell)


def to_screen(cell: Cell, flip: bool) -> Cell:
    """A board cell as drawn: turned half round for player 1 (his zone at the bottom)."""
    return (WIDTH - 1 - cell[0], HEIGHT - 1 - cell[1]) if flip else (cell[0], cell[1])


def from_screen(cell: Cell, flip: bool) -> Cell:
    """The board cell drawn at a screen cell (turning half round is its own inverse)."""
    return to_screen(cell, flip)


def cell_at(geo: BoardGeometry, pos, flip: bool) -> Cell | None:
    """The board cell under pixel ``pos``, or None off the grid."""
    cell = geo.cell_at(pos)
    return None if cell is None else from_screen(cell, flip)


def board_rect(geo: BoardGeometry, cell: Cell, flip: bool) -> pygame.Rect:
    return geo.cell_rect(to_screen(cell, flip))


def viewer_colours(flip: bool) -> tuple:
    """(own colour, enemy colour) for the viewer: player 1 views with ``flip``."""
    me = 1 if flip else 0
    return theme.PLAYER_COLOURS[me], theme.PLAYER_COLOURS[1 - me]


def rank_label(tr, rank: str) -> str:
    """The short label of a rank (ЛИН, КР, …) in the translator's language."""
    key = "kor.rank."
    return tr(key + rank)


def rank_name(tr, rank: str) -> str:
    key = "kor.rank_name."
    return tr(key + rank)


# --- the board ----------------------------------------------------------------------------

def _zones_surface(cell: int, own, enemy) -> pygame.Surface:
    """Zone tints, the grid and the thick lines between zones, in screen terms (own below)."""
    key = ("zones", cell, tuple(own), tuple(enemy))
    surf = _board_cache.get(key)
    if surf is not None:
        return surf
    w, h = WIDTH * cell, HEIGHT * cell
    surf = pygame.Surface((w + 1, h + 1), pygame.SRCALPHA)
    surf.fill((*enemy[:3], ZONE_ALPHA), pygame.Rect(0, 0, w, ZONE * cell))
    surf.fill((*own[:3], ZONE_ALPHA), pygame.Rect(0, (HEIGHT - ZONE) * cell, w, ZONE * cell))
    thin = (*theme.GRID, 64)
    for i in range(WIDTH + 1):
        pygame.draw.line(surf, thin, (i * cell, 0), (i * cell, h))
    for j in range(HEIGHT + 1):
        pygame.draw.line(surf, thin, (0, j * cell), (w, j * cell))
    thick = max(2, cell // 10)
    for j, colour in ((ZONE, enemy), (HEIGHT - ZONE, own)):
        pygame.draw.line(surf, (*theme.GRID, 200), (0, j * cell), (w, j * cell), thick + 1)
        pygame.draw.line(surf, (*colour[:3], 170), (0, j * cell), (w, j * cell),
                         max(1, thick - 1))
    pygame.draw.rect(surf, (*theme.GRID, 180), surf.get_rect(), 2)
    # a thin coloured band at each side's back edge: whose zone is whose, without words; the
    # enemy's broken into dashes, so it is told by its pattern as well as its colour (issue 38)
    band = max(2, cell // 9)
    for x in range(2, w - 1, cell):
        surf.fill((*enemy[:3], 150), pygame.Rect(x + cell // 4, 2, cell // 2, band))
    surf.fill((*own[:3], 150), pygame.Rect(2, h - 1 - band, w - 3, band))
    return _board_cache.keep(key, surf)


def _labels_surface(geo: BoardGeometry, letters: LetterSet, flip: bool, colour) -> pygame.Surface:
    key = ("labels", geo.cell, letters.key, flip, tuple(colour))
    surf = _board_cache.get(key)
    if surf is not None:
        return surf
    label = int(geo.cell * 0.9)
    outer = geo.outer
    surf = pygame.Surface(outer.size, pygame.SRCALPHA)
    px = max(11, int(geo.cell * 0.5))
    for i in range(WIDTH):
        x, _ = from_screen((i, 0), flip)
        text.draw(surf, letters.letter(x), (label + (i + 0.5) * geo.cell, label * 0.55), px,
                  colour, "center")
    for j in range(HEIGHT):
        _, y = from_screen((0, j), flip)
        text.draw(surf, str(y + 1), (label * 0.5, label + (j + 0.5) * geo.cell),
                  text.fit_px(str(y + 1), px, label - 2, 9), colour, "center")
    return _board_cache.keep(key, surf)


def draw_sea_board(surface: pygame.Surface, geo: BoardGeometry, letters: LetterSet, t: float,
                   flip: bool, label_colour=None, dim: float = 0.0) -> None:
    """The whole board under the pieces: water, the three zones (own at the bottom, tinted in
    the viewer's colour, the enemy's at the top in his), the grid with thick lines between the
    zones, and the coordinates (turned with the board for player 1)."""
    grid = geo.grid
    draw_water(surface, grid, t)
    own, enemy = viewer_colours(flip)
    surface.blit(_zones_surface(geo.cell, own, enemy), grid.topleft)
    surface.blit(_labels_surface(geo, letters, flip, label_colour or theme.TEXT_DIM),
                 geo.outer.topleft)
    if dim > 0:
        surface.blit(tint(grid.size, (0, 0, 0, int(255 * min(1.0, dim)))), grid.topleft)


def draw_cell_tint(surface: pygame.Surface, geo: BoardGeometry, cell_on_screen: Cell,
                   rgba) -> None:
    surface.blit(tint((geo.cell, geo.cell), tuple(rgba)), geo.cell_rect(cell_on_screen).topleft)


def draw_cursor(surface: pygame.Surface, geo: BoardGeometry, cell_on_screen: Cell,
                colour=None) -> None:
    pygame.draw.rect(surface, colour or theme.CURSOR, geo.cell_rect(cell_on_screen),
                     max(2, geo.cell // 14),
                     border_radius=max(2, geo.cell // 6))


# --- pieces -------------------------------------------------------------------------------

def _shade(colour, k: float):
    return tuple(max(0, min(255, int(c * k))) for c in colour[:3])


def _mix(a, b, k: float):
    return tuple(int(a[i] + (b[i] - a[i]) * k) for i in range(3))


# hull proportions per rank: (length, beam) as fractions of the cell; bigger ranks look bigger
_HULL = {kor.LIN: (0.94, 0.46), kor.KR: (0.9, 0.41), kor.ES: (0.88, 0.35),
         kor.STOR: (0.78, 0.33), kor.TK: (0.64, 0.32), kor.TRAL: (0.8, 0.38)}
# each rank's deck, bow (0) to stern (1): ("gun", where, size) turrets with their barrels
# forward (aft ones aft), ("funnel", where), ("tubes", where) torpedo tubes on both sides,
# ("frame", where) a minesweeper's stern gantry; the label's plate covers the middle
_DECKS = {
    kor.LIN: (("gun", 0.2, 1.0), ("gun", 0.33, 1.0), ("funnel", 0.62), ("gun", 0.84, 1.0)),
    kor.KR: (("gun", 0.22, 0.85), ("funnel", 0.6), ("gun", 0.84, 0.85)),
    kor.ES: (("gun", 0.24, 0.75), ("tubes", 0.78)),
    kor.STOR: (("gun", 0.26, 0.65), ("funnel", 0.8)),
    kor.TK: (("tubes", 0.3),),
    kor.TRAL: (("gun", 0.22, 0.6), ("frame", 0.9)),
}


def _hull_points(s: float, length: float, beam: float):
    """A ship seen from above, bow up: a curved pointed bow, straight sides, a rounded
    square stern."""
    c = s / 2
    top, bottom = c - length * s / 2, c + length * s / 2
    half = beam * s / 2
    right = [(c + half * w, top + length * s * t)
             for t, w in ((0.07, 0.42), (0.15, 0.7), (0.25, 0.9), (0.36, 1.0))]
    right += [(c + half, bottom - s * 0.05), (c + half * 0.75, bottom)]
    return [(c, top)] + right + [(2 * c - x, y) for x, y in right[::-1]]


def _draw_ship(surf, s: int, rank: str, colour) -> None:
    """A combat ship, bow up: its rank's hull and deck (turrets, funnels, torpedo tubes, a
    sweep), so each rank reads by its silhouette before its label."""
    length, beam = _HULL.get(rank, (0.82, 0.46))
    pts = _hull_points(s, length, beam)
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, HULL_DARK, pts, max(1, s // 22))
    c = s / 2
    top = c - length * s / 2
    gun = _shade(colour, 0.5)
    line = max(1, s // 24)
    for part in _DECKS.get(rank, ()):
        y = top + length * s * part[1]
        if part[0] == "gun":
            r = max(1.5, s * 0.09 * part[2])
            way = -1 if part[1] < 0.5 else 1
            pygame.draw.line(surf, HULL_DARK, (c, y), (c, y + way * r * 2.1), max(1, round(r * 0.6)))
            pygame.draw.circle(surf, gun, (c, y), r)
            pygame.draw.circle(surf, HULL_DARK, (c, y), r, line if r > 2.5 else 0)
        elif part[0] == "funnel":
            pygame.draw.ellipse(surf, HULL_DARK, pygame.Rect(c - s * 0.05, y - s * 0.06,
                                                             s * 0.1, s * 0.12))
        elif part[0] == "tubes":
            for side in (-1, 1):
                x = c + side * beam * s * 0.24
                pygame.draw.line(surf, HULL_DARK, (x, y - s * 0.1), (x, y + s * 0.1),
                                 max(1, round(s * 0.05)))
        elif part[0] == "frame":
            pygame.draw.line(surf, HULL_DARK, (c - beam * s * 0.32, y), (c + beam * s * 0.32, y),
                             max(1, round(s * 0.04)))
    if rank == kor.TRAL:   # a minesweeper: a sweep wire trailing from the stern
        y = c + length * s / 2
        pygame.draw.line(surf, HULL_DARK, (c - beam * s * 0.3, y), (c - beam * s * 0.6, s - 1),
                         max(1, s // 24))
        pygame.draw.line(surf, HULL_DARK, (c + beam * s * 0.3, y), (c + beam * s * 0.6, s - 1),
                         max(1, s // 24))


def _draw_submarine(surf, s: int, colour) -> None:
    c = s / 2
    body = pygame.Rect(0, 0, s * 0.38, s * 0.86)
    body.center = (c, c)
    pygame.draw.ellipse(surf, colour, body)
    pygame.draw.ellipse(surf, HULL_DARK, body, max(1, s // 22))
    tower = pygame.Rect(0, 0, s * 0.2, s * 0.2)
    tower.center = (c, c - s * 0.14)
    pygame.draw.rect(surf, _shade(colour, 0.75), tower, border_radius=max(1, s // 14))
    # the periscope: a short line forward of the tower
    pygame.draw.line(surf, HULL_DARK, (c, tower.top), (c, tower.top - s * 0.08), max(1, s // 22))


def _draw_fort(surf, s: int, colour, flag: str | None = None) -> None:
    """A small fortress: a walled square with merlons and the owner's flag (a pennant of his
    colour, or his captain's ``flag``, ``render.paint``)."""
    c = s / 2
    wall = pygame.Rect(0, 0, s * 0.7, s * 0.5)
    wall.midbottom = (c, s * 0.86)
    pygame.draw.rect(surf, FORT_STONE, wall)
    n = 4
    mw = wall.w / (2 * n - 1)
    for i in range(n):
        r = pygame.Rect(wall.x + i * 2 * mw, wall.y - s * 0.1, math.ceil(mw), s * 0.11)
        pygame.draw.rect(surf, FORT_STONE, r)
        pygame.draw.rect(surf, HULL_DARK, r, max(1, s // 30))
    pygame.draw.rect(surf, HULL_DARK, wall, max(1, s // 22))
    gate = pygame.Rect(0, 0, s * 0.16, s * 0.2)
    gate.midbottom = wall.midbottom
    pygame.draw.rect(surf, HULL_DARK, gate, border_top_left_radius=max(1, s // 12),
                     border_top_right_radius=max(1, s // 12))
    pole = (c, wall.y - s * 0.1)
    pygame.draw.line(surf, HULL_DARK, pole, (c, s * 0.08), max(1, s // 24))
    if flag:
        surf.blit(flag_surface(flag, s * 0.3, s * 0.2), (c + 1, s * 0.06))
        return
    pygame.draw.polygon(surf, colour, [(c, s * 0.08), (c + s * 0.2, s * 0.13), (c, s * 0.19)])


def _draw_bomb(surf, s: int, colour) -> None:
    """The atomic bomb: a round yellow body in the owner's ring, a radiation trefoil."""
    c = s / 2
    r = s * 0.36
    pygame.draw.circle(surf, colour, (c, c), r + max(2, s // 16))
    pygame.draw.circle(surf, BOMB_BODY, (c, c), r)
    rect = pygame.Rect(0, 0, r * 1.7, r * 1.7)
    rect.center = (c, c)
    for k in range(3):   # three blades, 60° wide, 120° apart
        a0 = math.radians(90 + 120 * k - 30)
        pts = [(c, c)]
        for i in range(9):
            a = a0 + math.radians(60) * i / 8
            pts.append((c + math.cos(a) * r * 0.85, c - math.sin(a) * r * 0.85))
        pygame.draw.polygon(surf, HULL_DARK, pts)
    pygame.draw.circle(surf, BOMB_BODY, (c, c), r * 0.3)
    pygame.draw.circle(surf, HULL_DARK, (c, c), r * 0.2)
    pygame.draw.circle(surf, HULL_DARK, (c, c), r, max(1, s // 24))


def _draw_torpedo(surf, s: int, colour) -> None:
    """A torpedo, nose up: a slim capsule, tail fins and a screw."""
    c = s / 2
    body = pygame.Rect(0, 0, s * 0.2, s * 0.74)
    body.center = (c, c - s * 0.02)
    pygame.draw.rect(surf, colour, body, border_radius=int(body.w // 2))
    pygame.draw.rect(surf, HULL_DARK, body, max(1, s // 26), border_radius=int(body.w // 2))
    tail = body.bottom
    fin = s * 0.14
    pygame.draw.polygon(surf, _shade(colour, 0.7), [(c, tail - fin), (c - fin, tail + fin * 0.4),
                                                    (c + fin, tail + fin * 0.4)])
    pygame.draw.line(surf, HULL_DARK, (c - fin * 0.8, tail + fin * 0.55),
                     (c + fin * 0.8, tail + fin * 0.55), max(1, s // 18))
    band = pygame.Rect(body.x, body.y + body.h * 0.3, body.w, max(1, s // 18))
    pygame.draw.rect(surf, HULL_DARK, band)


def _draw_mine(surf, s: int, colour) -> None:
    """A sea mine: a dark ball with horns, ringed in the owner's colour."""
    c = s / 2
    r = s * 0.25
    for k in range(8):
        a = math.radians(45 * k)
        end = (c + math.cos(a) * r * 1.55, c + math.sin(a) * r * 1.55)
        pygame.draw.line(surf, MINE_BODY, (c, c), end, max(2, s // 14))
        pygame.draw.circle(surf, MINE_BODY, end, max(1, s // 22))
    pygame.draw.circle(surf, colour, (c, c), r + max(1, s // 20))
    pygame.draw.circle(surf, MINE_BODY, (c, c), r)
    pygame.draw.circle(surf, _mix(MINE_BODY, (255, 255, 255), 0.35), (c - r * 0.35, c - r * 0.35),
                       max(1, r * 0.25))


def _draw_back(surf, s: int, colour) -> None:
    """The blank back of a hidden piece: the same for every rank (the bow shows its owner)."""
    pts = _hull_points(s, 0.84, 0.54)
    pygame.draw.polygon(surf, _mix(BACK, colour, 0.35), pts)
    pygame.draw.polygon(surf, _mix(BACK_EDGE, colour, 0.5), pts, max(1, s // 16))
    c = s / 2
    pygame.draw.circle(surf, _mix(BACK_EDGE, colour, 0.5), (c, c + s * 0.06), max(2, s * 0.08), 1)


_DRAWERS = {kor.PL: _draw_submarine, kor.FORT: _draw_fort, kor.BOMB: _draw_bomb,
            kor.TOR: _draw_torpedo, kor.MIN: _draw_mine}


LABEL_MIN_PX = 9    # below this a Cyrillic label is a smudge: condense it instead


def short_label(label: str, room: int) -> str:
    """``label`` as it can be written in ``room`` pixels: whole if at the smallest legible size
    it needs squeezing by no more than a third, else its first letters (on a tiny piece the
    silhouette tells ТК from ТРАЛ)."""
    for n in range(len(label), 1, -1):
        if text.size(label[:n], LABEL_MIN_PX)[0] * 0.7 <= room:
            return label[:n]
    return label[:1]


def _label_plate(surf, s: int, label: str, centre, max_w: float, px: int, fg, bg, edge=None):
    """A short label on a plate no wider than ``max_w`` (and the piece): condensed sideways
    down to 70% to keep it tall (СТОР, ТРАЛ), shrunk only past that."""
    room = max(4, int(min(max_w, s)) - 4)          # the plate adds 2 px a side
    label = short_label(label, room)
    px = text.fit_px(label, px, int(room / 0.7), LABEL_MIN_PX)
    words = text.render(label, px, fg)
    if words.get_width() > room:
        words = pygame.transform.smoothscale(words, (room, words.get_height()))
    plate = words.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(4, 0)
    plate.center = (round(centre[0]), round(centre[1]))
    plate.clamp_ip(surf.get_rect())
    pygame.draw.rect(surf, bg, plate, border_radius=max(2, plate.h // 3))
    if edge is not None:
        pygame.draw.rect(surf, edge, plate, 1, border_radius=max(2, plate.h // 3))
    surf.blit(words, words.get_rect(center=plate.center))


def piece_surface(rank: str | None, size: int, owner_colour, bow_up: bool, label: str = "",
                  revealed_badge: bool = False, known: bool = False,
                  dim: bool = False, flag: str | None = None) -> pygame.Surface:
    """A square surface of ``size`` pixels with the piece drawn on it (cached). ``rank`` None:
    the blank back. ``label``: the short rank written on it (own pieces) or in the badge
    (``revealed_badge``). ``known``: an own piece whose rank the enemy knows (a small eye).
    ``flag``: the captain's flag a fort flies (``render.paint``)."""
    size = max(8, int(size))
    colour = tuple(owner_colour[:3])
    if rank is None:          # a hidden piece shows nothing of its rank, whatever is passed
        label, revealed_badge = "", False
    flag = flag if rank == kor.FORT else None
    key = (rank, size, colour, bool(bow_up), label, bool(revealed_badge), bool(known), bool(dim),
           flag)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    s = size
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    if rank is None:
        _draw_back(surf, s, colour)
    elif flag:
        _draw_fort(surf, s, colour, flag)
    elif rank in _DRAWERS:
        _DRAWERS[rank](surf, s, colour)
    else:
        _draw_ship(surf, s, rank, colour)
    if not bow_up and rank not in (kor.FORT, kor.BOMB):   # the bow toward the viewer
        surf = pygame.transform.flip(surf, False, True)
    # the labels as big as the piece allows (half its size), so a rank reads at a glance on a
    # small window's board: condensed sideways rather than shrunk past that
    if label and not revealed_badge:
        aux = rank in kor.AUXILIARY
        px = max(8, int(s * 0.5))
        if aux:   # under the silhouette, on a dark plate so the glyph stays whole
            _label_plate(surf, s, label, (s / 2, s * 0.8), s, int(px * 0.9),
                         (240, 244, 250), (*HULL_DARK, 215))
        else:     # across the hull, between the forward guns and the aft deck
            _label_plate(surf, s, label, (s / 2, s * 0.56), s, px,
                         (244, 248, 252), (*HULL_DARK, 225), _mix(colour, HULL_DARK, 0.3))
    if revealed_badge and label:
        px = max(8, int(s * 0.5))
        _label_plate(surf, s, label, (s / 2, s * (0.56 if bow_up else 0.44)), s, px,
                     HULL_DARK, BADGE, HULL_DARK)
    elif revealed_badge:
        pygame.draw.circle(surf, BADGE, (s * 0.82, s * 0.18), max(3, s * 0.12))
    if known:   # the enemy knows this one: a small eye in the corner
        e = pygame.Rect(0, 0, max(6, s * 0.3), max(4, s * 0.18))
        e.topright = (s - 1, 1)
        pygame.draw.ellipse(surf, KNOWN, e)
        pygame.draw.ellipse(surf, HULL_DARK, e, 1)
        pygame.draw.circle(surf, HULL_DARK, e.center, max(1, e.h * 0.3))
    if dim:
        surf.set_alpha(105)
    return _cache.keep(key, surf)


def draw_piece_at(surface: pygame.Surface, centre, size: int, rank: str | None, owner_colour,
                  bow_up: bool, revealed_badge: bool = False, selected: bool = False,
                  dim: bool = False, *, label: str | None = None, tr=None,
                  known: bool = False, flag: str | None = None) -> pygame.Rect:
    """A piece centred on pixel ``centre`` in a ``size``-pixel square (animation, trays)."""
    if label is None:
        label = rank_label(tr, rank) if (tr is not None and rank is not None) else ""
    surf = piece_surface(rank, size, owner_colour, bow_up, label, revealed_badge, known, dim,
                         flag)
    rect = surf.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(surf, rect)
    if selected:
        pygame.draw.rect(surface, theme.ACCENT, rect, max(2, rect.w // 14),
                         border_radius=max(2, rect.w // 5))
    return rect


def draw_piece(surface: pygame.Surface, geo: BoardGeometry, cell_on_screen: Cell,
               rank: str | None, owner_colour, bow_up: bool, revealed_badge: bool = False,
               selected: bool = False, dim: bool = False, *, label: str | None = None,
               tr=None, known: bool = False, flag: str | None = None) -> pygame.Rect:
    """A piece on a screen cell. ``rank`` None: a hidden enemy piece (the blank back).
    ``bow_up``: the viewer's own piece (its bow toward the enemy at the top); False for the
    enemy's. ``label``: the short rank to write (else taken from ``tr``; pass "" for none). On
    own pieces it is written on the hull; with ``revealed_badge`` (an enemy piece whose rank is
    known) it is written in a yellow badge. ``selected``: an accent frame; ``dim``: faded (a
    piece in hand, a lost one); ``known``: an own piece the enemy knows (an eye)."""
    r = geo.cell_rect(cell_on_screen)
    return draw_piece_at(surface, r.center, geo.cell, rank, owner_colour, bow_up,
                         revealed_badge, selected, dim, label=label, tr=tr, known=known,
                         flag=flag)


# -- the battle ------------------------------------------------------------------------------

def draw_scorch(surface: pygame.Surface, geo: BoardGeometry, blasts, flip: bool) -> None:
    """The 5×5 squares of atomic blasts, cooling as each blast (``t`` of ``span``) plays."""
    for b in blasts:
        k = round(b.t / b.span * 24) / 24      # a few shades: cached tints, not one a frame
        heat = (255, int(200 * (1 - k)), int(80 * (1 - k)), int(150 * (1 - k)))   # to the scorch
        for c in b.zone:
            draw_cell_tint(surface, geo, to_screen(c, flip), heat)


_scorch_cache = Lru(8)


def _scorched_surface(cell: int, burns: tuple, flip: bool, strength: float = 1.0) -> tuple:
    """The board's burnt squares as one picture (and where it goes, in pixels from the grid's
    corner): the water charred a warm black, nearly opaque toward the blast's centre, blotched
    with soot, flecked with ash, embers still glowing near the middle, and a burnt rim where
    the scorch meets the sea; darker still where two overlap. ``strength`` below 1 lets what
    lies under it show through (Classic's marks)."""
    key = (cell, burns, flip, strength)
    found = _scorch_cache.get(key)
    if found is not None:
        return found
    dark: dict = {}
    near: dict = {}
    for centre, zone in burns:
        for c in zone:
            k = 2 - max(abs(c[0] - centre[0]), abs(c[1] - centre[1]))   # 0 at the rim
            dark[c] = min(240, dark.get(c, 0) + 160 + 25 * k)
            near[c] = max(near.get(c, 0), k)
    shown = [to_screen(c, flip) for c in dark]
    x0, y0 = min(x for x, _ in shown), min(y for _, y in shown)
    x1, y1 = max(x for x, _ in shown), max(y for _, y in shown)
    size = ((x1 - x0 + 1) * cell, (y1 - y0 + 1) * cell)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    marks = pygame.Surface(size, pygame.SRCALPHA)     # soot, ash, embers: blended over the char

    def rect_of(c) -> pygame.Rect:
        x, y = to_screen(c, flip)
        return pygame.Rect((x - x0) * cell, (y - y0) * cell, cell, cell)
    for c, alpha in dark.items():
        surf.fill((36, 22, 14, alpha), rect_of(c))
    for c in sorted(dark):
        r = rect_of(c)
        rng = random.Random(c[0] * 97 + c[1])          # the same blotches every frame
        spot = lambda: (r.x + rng.uniform(0.1, 0.9) * cell, r.y + rng.uniform(0.1, 0.9) * cell)
        for _ in range(3):
            pygame.draw.circle(marks, (8, 5, 4, 90), spot(),
                               max(2, int(cell * rng.uniform(0.15, 0.32))))
        for _ in range(2):
            pygame.draw.circle(marks, (165, 155, 145, 110), spot(), max(1, cell // 14))
        for _ in range(near[c]):                        # embers, more toward the middle
            pos = spot()
            pygame.draw.circle(marks, (*theme.FIRE, 70), pos, max(2, cell // 7))
            pygame.draw.circle(marks, (*theme.FIRE_MID, 230), pos, max(1, cell // 16))
    surf.blit(marks, (0, 0))
    rim = max(2, cell // 10)
    for c in dark:                                      # the burnt edge against the sea
        r = rect_of(c)
        sx, sy = to_screen(c, flip)
        for dx, dy, a, b in ((-1, 0, r.topleft, r.bottomleft), (1, 0, r.topright, r.bottomright),
                             (0, -1, r.topleft, r.topright), (0, 1, r.bottomleft, r.bottomright)):
            n = from_screen((sx + dx, sy + dy), flip)
            if n not in dark:
                pygame.draw.line(surf, (120, 52, 24, 230), a, b, rim)
    if strength < 1:
        surf.fill((255, 255, 255, int(255 * strength)), special_flags=pygame.BLEND_RGBA_MULT)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()              # the quick blit, once a frame
    return _scorch_cache.keep(key, (surf, (x0 * cell, y0 * cell)))


def draw_scorched(surface: pygame.Surface, geo: BoardGeometry, burns, flip: bool,
                  strength: float = 1.0) -> None:
    """The squares atomic blasts have burnt (``burns``: (centre, cells of its square) for each
    blast), left so for the rest of the game; one cached picture, one blit."""
    if not burns:
        return
    burns = tuple((tuple(c), tuple(z)) for c, z in burns)
    surf, (dx, dy) = _scorched_surface(geo.cell, burns, flip, strength)
    surface.blit(surf, (geo.grid.x + dx, geo.grid.y + dy))


def draw_pieces(surface: pygame.Surface, geo: BoardGeometry, display: dict, ghosts, viewer: int,
                selected, face_up: bool, tr, offset=(0, 0), livery=None, hide=()) -> None:
    """The pieces as the board shows them (``display``: cell -> owner, rank, revealed), and
    the ``ghosts`` sliding to a new cell or sinking: the viewer's own ranks written, the
    enemy's only once revealed (all of them when ``face_up``, the game over). ``livery``: the
    viewer's captain's paint on his pieces and his flag on his forts (``render.paint``);
    ``hide``: cells whose pieces are drawn elsewhere (raised in a moment)."""
    flip = viewer == 1
    own_colour, enemy_colour = viewer_colours(flip)
    flag = None
    if livery is not None:
        own_colour, flag = livery.piece(own_colour), livery.flies
    for c, shown in display.items():
        if c in hide:
            continue
        own = shown.owner == viewer
        rank = shown.rank if (own or shown.revealed or face_up) else None
        draw_piece(surface, geo, to_screen(c, flip), rank, own_colour if own else enemy_colour,
                   own, revealed_badge=not own and rank is not None, selected=c == selected,
                   tr=tr, known=own and shown.revealed, flag=flag if own else None)
    ox, oy = offset
    for gh in ghosts:
        if gh.t < 0:
            continue
        k = min(1.0, gh.t / gh.span)
        if motion.reduced():      # no sliding or shrinking: at its end, or where it sank
            k = 0.0 if gh.sinking else 1.0
        pos = (gh.start[0] + (gh.end[0] - gh.start[0]) * k + ox,
               gh.start[1] + (gh.end[1] - gh.start[1]) * k + oy)
        own = gh.owner == viewer
        rank = gh.rank if (own or gh.revealed) else None
        size = int(geo.cell * (1 - 0.5 * k)) if gh.sinking else geo.cell
        draw_piece_at(surface, pos, max(6, size), rank, own_colour if own else enemy_colour,
                      own, revealed_badge=not own and rank is not None, dim=gh.sinking, tr=tr,
                      flag=flag if own else None)
