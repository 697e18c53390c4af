"""The menus' pictures (issue 33): a small card for each way to play — each mode (its drawer
named in the screens' registry, ``Screens.card``), the campaign, two players, online, a quick
match — and for the settings and Quit, drawn by code from the game's own ship sprites (``ships``, ``naval_ships``, ``korabliki``) and a
few shapes.

A card is drawn once per (subject, size) on a canvas twice as large and shrunk with
``smoothscale`` (every edge smoothed), its corners rounded; a frame only blits it.
"""

from __future__ import annotations

import math

import pygame

from ..rules import korabliki as kor
from . import text, theme
from .cache import Lru
from .korabliki import piece_surface
from .naval_ships import naval_sprite
from .ships import ship_sprite
from .widgets import star

SUBJECTS = ("campaign", "two", "online", "quick", "settings", "quit")   # and each mode's card
SEA_TOP, SEA_BOTTOM = (46, 108, 170), (14, 40, 80)
PARCHMENT, PARCHMENT_DARK = (236, 220, 178), (196, 170, 118)
COAST, COAST_EDGE = (150, 168, 110), (96, 110, 70)
INK = (112, 40, 34)
GOLD, GOLD_DARK = (236, 188, 72), (150, 100, 30)
SMOKE = (236, 240, 246)
_cache = Lru(48)


def mode_art(subject: str, w: int, h: int, draw=None) -> pygame.Surface:
    """The card of ``subject`` (one of ``SUBJECTS``, or a mode's, drawn by ``draw``: its
    ``Screens.card``), ``w``×``h`` pixels with rounded corners."""
    w, h = max(8, int(w)), max(8, int(h))
    return _cache.get_or_make((subject, w, h), lambda: _make(subject, w, h, draw))


def icon(subject: str):
    """A menu row's picture maker: the card of ``subject`` at a row's height (3:2)."""
    return lambda height: mode_art(subject, round(height * 1.5), height)


def _make(subject: str, w: int, h: int, draw=None) -> pygame.Surface:
    W, H = 2 * w, 2 * h
    canvas = pygame.Surface((W, H), pygame.SRCALPHA)
    if subject == "campaign":
        _gradient(canvas, PARCHMENT, PARCHMENT_DARK)
    else:
        _gradient(canvas, SEA_TOP, SEA_BOTTOM)
        _waves(canvas)
    (draw or DRAWERS[subject])(canvas, W, H)
    radius = max(4, min(W, H) // 7)
    mask = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    canvas.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(canvas, theme.PANEL_EDGE, canvas.get_rect(), max(2, H // 40),
                     border_radius=radius)
    return pygame.transform.smoothscale(canvas, (w, h))


# --- backgrounds ------------------------------------------------------------------------------

def _gradient(surf: pygame.Surface, top, bottom) -> None:
    w, h = surf.get_size()
    for y in range(h):
        k = y / max(1, h - 1)
        pygame.draw.line(surf, [round(a + (b - a) * k) for a, b in zip(top, bottom)],
                         (0, y), (w, y))


def _waves(surf: pygame.Surface) -> None:
    """A few light crests, the same on every card of a size."""
    w, h = surf.get_size()
    crest = (120, 176, 226, 70)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for row in range(4):
        y0 = h * (0.2 + row * 0.22)
        for col in range(-1, 5):
            x0 = w * (col * 0.26 + (0.13 if row % 2 else 0))
            pts = [(x0 + w * 0.12 * k / 8, y0 + math.sin(k / 8 * math.pi) * -h * 0.03)
                   for k in range(9)]
            pygame.draw.lines(layer, crest, False, pts, max(1, h // 70))
    surf.blit(layer, (0, 0))


# --- pieces of the pictures -------------------------------------------------------------------

def _blit_centred(surf, sprite, centre) -> None:
    surf.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


def _splash(surf, centre, r: float) -> None:
    """A miss: white rings and a spray of drops."""
    x, y = centre
    pygame.draw.circle(surf, (220, 236, 250), (x, y), r, max(1, round(r / 5)))
    pygame.draw.circle(surf, (240, 248, 255), (x, y), r * 0.45)
    for k in range(6):
        a = k * math.pi / 3 + 0.4
        pygame.draw.circle(surf, (240, 248, 255), (x + math.cos(a) * r * 1.5,
                                                   y + math.sin(a) * r * 1.5), max(1, r / 5))


def _burst(surf, centre, r: float) -> None:
    """A hit: a star of fire with a hot core."""
    x, y = centre
    for radius, colour in ((r, (200, 60, 30)), (r * 0.72, theme.HIT), (r * 0.4, (255, 230, 120))):
        pts = []
        for k in range(16):
            a = k * math.pi / 8
            rr = radius * (1.0 if k % 2 == 0 else 0.55)
            pts.append((x + math.cos(a) * rr, y + math.sin(a) * rr))
        pygame.draw.polygon(surf, colour, pts)


def _plane(surf, centre, span: float, angle: float, colour) -> None:
    """A jet seen from above, nose towards ``angle`` (degrees, 0 = right, anticlockwise)."""
    s = span / 2
    body = [(1.0, 0), (0.55, 0.08), (0.1, 0.1), (-0.2, 0.95), (-0.38, 0.95), (-0.28, 0.1),
            (-0.72, 0.08), (-0.95, 0.42), (-1.0, 0.42), (-0.95, 0)]
    pts = body + [(x, -y) for x, y in reversed(body[1:-1])]
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    out = [(centre[0] + (x * ca + y * sa) * s, centre[1] + (-x * sa + y * ca) * s) for x, y in pts]
    pygame.draw.polygon(surf, colour, out)
    pygame.draw.polygon(surf, theme.SHIP_DARK, out, max(1, round(span / 40)))


def _arc_path(a, b, lift: float, n: int = 24) -> list:
    """Points on a ballistic arc from ``a`` to ``b`` rising ``lift`` pixels above the line."""
    return [(a[0] + (b[0] - a[0]) * k / n,
             a[1] + (b[1] - a[1]) * k / n - math.sin(math.pi * k / n) * lift) for k in range(n + 1)]


def _dotted(surf, pts, colour, r: float, every: int = 2) -> None:
    for p in pts[::every]:
        pygame.draw.circle(surf, colour, p, r)


# --- the subjects -----------------------------------------------------------------------------

def classic_card(surf, W, H) -> None:
    """The paper game: a patch of the grid, a battleship, a hit on it and misses around."""
    c = H / 3.4
    cols = int(W / c) + 1
    x0 = (W - cols * c) / 2
    y0 = (H - 3 * c) / 2
    grid = pygame.Surface((W, H), pygame.SRCALPHA)
    for i in range(cols + 1):
        pygame.draw.line(grid, (*theme.GRID, 110), (x0 + i * c, 0), (x0 + i * c, H), 2)
    for j in range(4):
        pygame.draw.line(grid, (*theme.GRID, 110), (0, y0 + j * c), (W, y0 + j * c), 2)
    surf.blit(grid, (0, 0))
    col = max(0, cols // 2 - 2)
    ship = ship_sprite(4, round(c), False, theme.SHIP, theme.SHIP_DARK, "battleship")
    surf.blit(ship, (x0 + col * c, y0 + c))
    _burst(surf, (x0 + (col + 2.5) * c, y0 + 1.5 * c), c * 0.42)
    _splash(surf, (x0 + (col + 1.5) * c, y0 + 0.5 * c), c * 0.2)
    _splash(surf, (x0 + min(col + 3.5, cols - 1.5) * c, y0 + 2.5 * c), c * 0.2)


def naval_card(surf, W, H) -> None:
    """Naval: the carrier with its deck, and a plane off it climbing away."""
    c = min(W / 6.6, H / 2.7)
    cells = [(x, 0) for x in range(5)] + [(x, 1) for x in range(1, 4)]
    carrier = naval_sprite(cells, round(c), theme.SHIP, theme.SHIP_DARK)
    surf.blit(carrier, (W * 0.06, H - carrier.get_height() - H * 0.08))
    trail = _arc_path((W * 0.62, H * 0.5), (W * 0.86, H * 0.2), 0, 10)
    _dotted(surf, trail[:-2], (*SMOKE, 200), max(1.5, H / 70))
    _plane(surf, (W * 0.86, H * 0.24), c * 1.35, 40, (226, 232, 240))


def korabliki_card(surf, W, H) -> None:
    """«Кораблики»: one's own battleship and a hidden enemy piece, and the asking between."""
    s = round(min(H * 0.62, W * 0.36))
    own = piece_surface(kor.LIN, s, theme.PLAYER_COLOURS[0], True)
    enemy = piece_surface(None, s, theme.PLAYER_COLOURS[1], False)
    _blit_centred(surf, own, (W * 0.3, H * 0.58))
    _blit_centred(surf, enemy, (W * 0.7, H * 0.42))
    r = H * 0.13
    badge = (W * 0.5, H * 0.5)
    pygame.draw.circle(surf, theme.ACCENT, badge, r)
    pygame.draw.circle(surf, (60, 40, 10), badge, r, max(1, round(r / 6)))
    # a question mark drawn as shapes (the same in every face and language)
    k = r / 10
    pygame.draw.arc(surf, (60, 40, 10), pygame.Rect(badge[0] - 4 * k, badge[1] - 7 * k, 8 * k, 8 * k),
                    -math.pi * 0.35, math.pi, max(2, round(2.2 * k)))
    pygame.draw.line(surf, (60, 40, 10), (badge[0] + 1.6 * k, badge[1] - 0.4 * k),
                     (badge[0], badge[1] + 2.4 * k), max(2, round(2.2 * k)))
    pygame.draw.circle(surf, (60, 40, 10), (badge[0], badge[1] + 5.6 * k), 1.4 * k)


def _campaign(surf, W, H) -> None:
    """The campaign: a sea chart with a coast, the route from port to port and a star."""
    coast = [(0, H * 0.05), (W * 0.22, 0), (W * 0.3, H * 0.18), (W * 0.2, H * 0.38),
             (W * 0.28, H * 0.6), (W * 0.16, H * 0.82), (W * 0.2, H), (0, H)]
    pygame.draw.polygon(surf, COAST, coast)
    pygame.draw.lines(surf, COAST_EDGE, False, coast[1:-1], max(2, H // 60))
    ports = [(W * 0.3, H * 0.72), (W * 0.52, H * 0.42), (W * 0.76, H * 0.62), (W * 0.86, H * 0.24)]
    for a, b in zip(ports, ports[1:]):
        _dotted(surf, _arc_path(a, b, H * 0.06, 12), INK, max(1.5, H / 80))
    for p in ports[:-1]:
        pygame.draw.circle(surf, INK, p, H * 0.045)
        pygame.draw.circle(surf, PARCHMENT, p, H * 0.02)
    star(surf, ports[-1], H * 0.2, GOLD)
    star(surf, ports[-1], H * 0.2, GOLD_DARK, filled=False)
    ship = ship_sprite(2, round(H * 0.2), False, (110, 90, 70), (60, 44, 30), "destroyer")
    _blit_centred(surf, ship, ((ports[1][0] + ports[2][0]) / 2, (ports[1][1] + ports[2][1]) / 2
                               - H * 0.12))


def _two(surf, W, H) -> None:
    """Two players: each side's ship in its player's colour, the curtain's gold seam between."""
    for side, colour in enumerate(theme.PLAYER_COLOURS):
        shade = pygame.Surface((W // 2, H), pygame.SRCALPHA)
        shade.fill((*colour, 46))
        surf.blit(shade, (side * W // 2, 0))
    c = round(min(H / 3.2, W / 7.5))
    for side, colour in enumerate(theme.PLAYER_COLOURS):
        ship = ship_sprite(3, c, False, colour, theme.SHIP_DARK, "cruiser")
        if side:
            ship = pygame.transform.flip(ship, True, False)    # bows towards each other
        x = W * 0.06 if side == 0 else W * 0.94 - ship.get_width()
        surf.blit(ship, (x, H * (0.3 if side == 0 else 0.56)))
    pygame.draw.line(surf, GOLD, (W / 2, 0), (W / 2, H), max(2, W // 90))


def _online(surf, W, H) -> None:
    """Online: two ships far apart, each sending, and the signal between them."""
    c = round(min(H / 3.4, W / 8))
    for side, colour in enumerate(theme.PLAYER_COLOURS):
        ship = ship_sprite(2, c, False, colour, theme.SHIP_DARK, "destroyer")
        if side:
            ship = pygame.transform.flip(ship, True, False)
        x = W * 0.08 if side == 0 else W * 0.92 - ship.get_width()
        y = H * 0.62
        surf.blit(ship, (x, y))
        mast = (x + ship.get_width() / 2, y)
        for k in range(1, 4):
            r = c * 0.32 * k
            start = math.pi * 0.15 if side == 0 else math.pi * 0.4
            pygame.draw.arc(surf, SMOKE, pygame.Rect(mast[0] - r, mast[1] - r, 2 * r, 2 * r),
                            start, start + math.pi * 0.45, max(2, H // 50))
    link = _arc_path((W * 0.26, H * 0.36), (W * 0.74, H * 0.36), H * 0.2, 20)
    _dotted(surf, link, theme.ACCENT, max(1.5, H / 60))


def _quick(surf, W, H) -> None:
    """A quick match: a cruiser fires, the shell's arc falls on a burst far off."""
    c = round(min(H / 3.2, W / 7))
    ship = ship_sprite(3, c, False, theme.SHIP, theme.SHIP_DARK, "cruiser")
    y = H * 0.62
    surf.blit(ship, (W * 0.06, y))
    muzzle = (W * 0.06 + ship.get_width(), y + c / 2)
    pygame.draw.circle(surf, (255, 230, 140), muzzle, c * 0.22)
    target = (W * 0.82, H * 0.68)
    _dotted(surf, _arc_path(muzzle, target, H * 0.42, 20)[1:-2], (255, 236, 190), max(1.5, H / 60))
    _burst(surf, target, c * 0.55)


def _settings(surf, W, H) -> None:
    """The settings: a ship's wheel."""
    cx, cy = W / 2, H / 2
    r = H * 0.3
    wood, dark = (176, 112, 56), (92, 54, 24)
    for k in range(8):
        a = k * math.pi / 4
        end = (cx + math.cos(a) * r * 1.42, cy + math.sin(a) * r * 1.42)
        pygame.draw.line(surf, dark, (cx, cy), end, max(3, round(H / 22)))
        pygame.draw.line(surf, wood, (cx, cy), end, max(2, round(H / 34)))
        pygame.draw.circle(surf, wood, end, H * 0.05)
        pygame.draw.circle(surf, dark, end, H * 0.05, max(1, round(H / 90)))
    pygame.draw.circle(surf, dark, (cx, cy), r, max(4, round(H / 11)))
    pygame.draw.circle(surf, wood, (cx, cy), r, max(3, round(H / 16)))
    pygame.draw.circle(surf, GOLD, (cx, cy), H * 0.09)
    pygame.draw.circle(surf, GOLD_DARK, (cx, cy), H * 0.09, max(1, round(H / 90)))


def _quit(surf, W, H) -> None:
    """Quit: the anchor let go."""
    cx = W / 2
    top, bottom = H * 0.18, H * 0.8
    width = max(3, round(H / 16))
    pygame.draw.circle(surf, GOLD, (cx, top), H * 0.08, width)
    pygame.draw.line(surf, GOLD, (cx, top + H * 0.08), (cx, bottom), width)
    pygame.draw.line(surf, GOLD, (cx - H * 0.16, H * 0.36), (cx + H * 0.16, H * 0.36), width)
    arm = H * 0.3
    pygame.draw.arc(surf, GOLD, pygame.Rect(cx - arm, bottom - arm * 1.6, 2 * arm, 2 * arm * 0.8),
                    math.pi * 1.05, math.pi * 1.95, width)
    for sx in (-1, 1):
        tip = (cx + sx * arm * 0.98, bottom - arm * 0.85)
        pygame.draw.polygon(surf, GOLD, [(tip[0], tip[1] - H * 0.08),
                                         (tip[0] - sx * H * 0.07, tip[1] + H * 0.03),
                                         (tip[0] + sx * H * 0.03, tip[1] + H * 0.02)])


DRAWERS = {"campaign": _campaign, "two": _two, "online": _online, "quick": _quick,
           "settings": _settings, "quit": _quit}


def draw_board_sample(surface: pygame.Surface, rect: pygame.Rect, letters, halo: bool) -> None:
    """The corner of a board as the settings make it (drawn each frame, a few shapes): its
    columns lettered with ``letters``, a sunk destroyer, and, with ``halo``, the water around
    it marked as shot (the rules say no ship can be there)."""
    cols, rows = len(letters), 3
    c = int(min(rect.w / (cols + 0.8), rect.h / (rows + 0.8)))
    if c < 8:
        return
    label = int(c * 0.8)
    x0 = rect.x + (rect.w - (cols * c + label)) // 2 + label
    y0 = rect.y + (rect.h - (rows * c + label)) // 2 + label
    grid = pygame.Rect(x0, y0, cols * c, rows * c)
    pygame.draw.rect(surface, theme.WATER_DEEP, grid)
    px = max(10, int(c * 0.5))
    for i, letter in enumerate(letters):
        _text(surface, letter, (x0 + (i + 0.5) * c, y0 - label / 2), px)
    for j in range(rows):
        _text(surface, str(j + 1), (x0 - label / 2, y0 + (j + 0.5) * c), px)
    ship = [(1, 1), (2, 1)]
    if halo:
        for i in range(0, 4):
            for j in range(0, 3):
                if (i, j) not in ship:
                    pygame.draw.circle(surface, theme.HALO, (x0 + (i + 0.5) * c,
                                                              y0 + (j + 0.5) * c), max(2, c // 9))
    wreck = ship_sprite(2, c, False, theme.SHIP_DARK, theme.SHIP, "destroyer")
    surface.blit(wreck, (x0 + c, y0 + c))
    for i, j in ship:
        cell = pygame.Rect(x0 + i * c, y0 + j * c, c, c).inflate(-c // 3, -c // 3)
        pygame.draw.line(surface, theme.BAD, cell.topleft, cell.bottomright, max(2, c // 10))
        pygame.draw.line(surface, theme.BAD, cell.topright, cell.bottomleft, max(2, c // 10))
    for i in range(cols + 1):
        pygame.draw.line(surface, theme.GRID, (x0 + i * c, y0), (x0 + i * c, grid.bottom), 1)
    for j in range(rows + 1):
        pygame.draw.line(surface, theme.GRID, (x0, y0 + j * c), (grid.right, y0 + j * c), 1)


def _text(surface, words: str, centre, px: int) -> None:
    text.draw(surface, words, centre, px, theme.TEXT_DIM, "center")
