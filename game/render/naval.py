"""Drawing for Naval (RULES.md §N), shared by the placement and the battle screens.

Built on ``game.render.board``: the ring of a 12×12 board (row and column 0 and 11) shaded so the
10×10 main field reads as such, a small glyph per weapon (gun turret, torpedo tube, anti-air
dish, flight-deck stripe), and the 7×7 reach of an anti-air mount. Pure drawing: nothing here
changes game state. Everything costly (the ring, the reach square) is drawn once per geometry
and blitted after, so a 60 fps battle stays well inside its frame budget. The battle's own
pictures are here too: a field with its fleet, the volley being built and the incoming one (the
planes, torpedoes and tracers in flight are render/strike.py's).
"""

from __future__ import annotations

import math

import pygame

from . import damage, frame_log, text, theme
from .board import BoardGeometry, BoardPicture, draw_board, draw_ship, livery_colours
from .cache import Lru
from .naval_ships import NAVAL, carrier_layout, naval_sprite
from .paint import fly_flag, patterned
from .strike import FLAK_SMOKE
from .widgets import tint

RING = 1           # the ring's width in cells (as in game.rules.naval)
AA_RANGE = 3       # Chebyshev reach of an anti-air mount (a 7×7 square)

WEAPONS = ("gun", "tube", "aa", "deck")
# one colour per weapon kind, readable on the grey hull and on the sea
WEAPON_COLOURS = {
    "gun": (255, 196, 64),     # brass turret
    "tube": (90, 220, 200),    # sea-green torpedo
    "aa": (255, 110, 200),     # magenta radar
    "deck": (235, 240, 250),   # white runway paint
}
WEAPON_DARK = (30, 36, 48)     # outlines and barrels
WEAPON_LOST = (110, 110, 116)  # a destroyed weapon, greyed
WEAPON_LOST_MARK = (200, 70, 60)
RING_SHADE = (4, 10, 24, 120)
RING_LINE = (170, 205, 240)
AA_REACH = (255, 110, 200)

FLAK_RIM = (170, 170, 178)     # a shot-down mark's rim and shrapnel: grey, neither fire nor water

_ring_cache = Lru(32)
_reach_cache = Lru(16)
_glyph_cache = Lru(96)
_flak_cache = Lru(16)


def _ring_surface(cell: int, cols: int, rows: int) -> pygame.Surface:
    key = (cell, cols, rows)
    surf = _ring_cache.get(key)
    if surf is not None:
        return surf
    w, h = cols * cell, rows * cell
    surf = pygame.Surface((w + 1, h + 1), pygame.SRCALPHA)
    surf.fill(RING_SHADE)
    main = pygame.Rect(RING * cell, RING * cell, (cols - 2 * RING) * cell,
                       (rows - 2 * RING) * cell)
    # thin diagonal hatching on the ring: "shallows", readable without colour
    hatch = (*RING_LINE, 26)
    step = max(6, cell // 3)
    for k in range(-h, w + h, step):
        a, b = (k, 0), (k + h, h)
        pygame.draw.line(surf, hatch, a, b, 1)
    surf.fill((0, 0, 0, 0), main)
    # the main field's border: a dashed bright line
    width = max(2, cell // 16)
    dash, gap = max(4, cell // 3), max(3, cell // 5)
    colour = (*RING_LINE, 210)
    for (x0, y0), (x1, y1) in ((main.topleft, main.topright), (main.bottomleft, main.bottomright),
                               (main.topleft, main.bottomleft), (main.topright, main.bottomright)):
        length = int(math.hypot(x1 - x0, y1 - y0))
        dx, dy = (x1 - x0) / length, (y1 - y0) / length
        pos = 0
        while pos < length:
            end = min(length, pos + dash)
            pygame.draw.line(surf, colour, (x0 + dx * pos, y0 + dy * pos),
                             (x0 + dx * end, y0 + dy * end), width)
            pos = end + gap
    return _ring_cache.keep(key, surf)


def draw_ring(surface: pygame.Surface, geo: BoardGeometry) -> None:
    """Shade the outer ring (row and column 0 and the last) of a Naval board, with a dashed
    line round the main field. Draw it after the water and the grid, before ships and marks."""
    surface.blit(_ring_surface(geo.cell, geo.cols, geo.rows), geo.grid.topleft)


def ring_cells(cols: int, rows: int) -> list:
    """The cells of the ring (handy for tests and highlights)."""
    return [(x, y) for y in range(rows) for x in range(cols)
            if not (RING <= x < cols - RING and RING <= y < rows - RING)]


def draw_hull(surface: pygame.Surface, geo: BoardGeometry, cells, colour=None,
              edge=None, detail: bool = False) -> None:
    """A Naval ship seen from above, as its shape tells which it is (``render.naval_ships``:
    the patrol boat, the submarine, the battleship, the Aegis with its radar, the carrier with
    its side extension); no guns of its own, since Naval draws its weapons on top with
    ``draw_weapons``. ``detail`` is kept for callers of the old joined-blocks hull."""
    cells = list(cells)
    if not cells:
        return
    colour, edge = colour or theme.SHIP, edge or theme.SHIP_DARK
    if geo.cell < 6:
        draw_ship(surface, geo, cells, colour, edge, detail)
        return
    corner = (min(x for x, _ in cells), min(y for _, y in cells))
    key = (tuple(sorted((x - corner[0], y - corner[1]) for x, y in cells)), geo.cell, NAVAL,
           tuple(colour[:3]), tuple(edge[:3]))
    sprite = patterned(naval_sprite(cells, geo.cell, colour, edge), key, geo.cell, colour, edge)
    surface.blit(sprite, geo.cell_rect(corner).topleft)


# --- weapons ------------------------------------------------------------------------------

def _glyph(weapon: str, size: int, intact: bool) -> pygame.Surface:
    key = (weapon, size, intact)
    surf = _glyph_cache.get(key)
    if surf is not None:
        return surf
    s = size
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    colour = WEAPON_COLOURS.get(weapon, theme.TEXT) if intact else WEAPON_LOST
    dark = WEAPON_DARK
    line = max(1, s // 14)
    if weapon == "gun":
        # a turret: a round base and a barrel pointing up-right
        r = s * 0.27
        end = (c + s * 0.40, c - s * 0.40)
        pygame.draw.line(surf, dark, (c, c), end, max(3, s // 6) + 2)
        pygame.draw.line(surf, colour, (c, c), end, max(2, s // 6))
        pygame.draw.circle(surf, colour, (c, c), r)
        pygame.draw.circle(surf, dark, (c, c), r, line)
        pygame.draw.circle(surf, dark, (c, c), max(1, r * 0.35))
    elif weapon == "tube":
        # a torpedo: an elongated capsule with a small tail fin
        body = pygame.Rect(0, 0, s * 0.78, max(4, s * 0.36))
        body.center = (c - s * 0.02, c)
        pygame.draw.rect(surf, colour, body, border_radius=body.h // 2)
        pygame.draw.rect(surf, dark, body, line, border_radius=body.h // 2)
        tail = body.left
        pygame.draw.polygon(surf, colour, [(tail + s * 0.06, c), (tail - s * 0.06, c - s * 0.2),
                                           (tail - s * 0.06, c + s * 0.2)])
        pygame.draw.line(surf, dark, (body.right - body.h * 0.9, body.top + 1),
                         (body.right - body.h * 0.9, body.bottom - 2), line)
    elif weapon == "aa":
        # anti-air: a radar dish on a mast with rays
        pygame.draw.line(surf, dark, (c, c + s * 0.05), (c, c + s * 0.4), max(2, s // 8) + 1)
        pygame.draw.line(surf, colour, (c, c + s * 0.05), (c, c + s * 0.4), max(1, s // 8))
        dish = pygame.Rect(0, 0, s * 0.7, s * 0.56)
        dish.center = (c, c - s * 0.08)
        pygame.draw.arc(surf, dark, dish.inflate(2, 2), math.pi * 1.0, math.pi * 2.0,
                        max(3, s // 7) + 2)
        pygame.draw.arc(surf, colour, dish, math.pi * 1.0, math.pi * 2.0, max(2, s // 7))
        pygame.draw.circle(surf, colour, (c, c - s * 0.2), max(2, s // 10))
        for a in (-0.5, 0.0, 0.5):
            ang = -math.pi / 2 + a
            p0 = (c + math.cos(ang) * s * 0.28, c - s * 0.2 + math.sin(ang) * s * 0.16)
            p1 = (c + math.cos(ang) * s * 0.46, c - s * 0.2 + math.sin(ang) * s * 0.3)
            pygame.draw.line(surf, colour, p0, p1, line)
    elif weapon == "deck":
        # a flight-deck segment: a dark strip with a dashed centre line
        strip = pygame.Rect(0, 0, s, s * 0.62)
        strip.center = (c, c)
        pygame.draw.rect(surf, dark, strip)
        pygame.draw.line(surf, colour, (0, strip.top + 1), (s, strip.top + 1), line)
        pygame.draw.line(surf, colour, (0, strip.bottom - 2), (s, strip.bottom - 2), line)
        dash = max(2, s // 5)
        x = dash // 2
        while x < s:
            pygame.draw.line(surf, colour, (x, c), (min(s, x + dash), c), max(2, s // 12))
            x += dash * 2
    else:
        pygame.draw.circle(surf, colour, (c, c), s * 0.3)
    if not intact:
        m = s * 0.12
        pygame.draw.line(surf, WEAPON_LOST_MARK, (m, m), (s - m, s - m), max(2, s // 9))
        pygame.draw.line(surf, WEAPON_LOST_MARK, (s - m, m), (m, s - m), max(2, s // 9))
    return _glyph_cache.keep(key, surf)


def weapon_glyph(weapon: str, size: int, intact: bool = True) -> pygame.Surface:
    """The glyph of ``weapon`` as a square surface of ``size`` pixels (for legends and panels)."""
    return _glyph(weapon, max(6, int(size)), intact)


_SCALE = {"gun": 0.74, "tube": 0.86, "aa": 0.78, "deck": 0.95}


def draw_weapon(surface: pygame.Surface, geo: BoardGeometry, weapon: str, cell,
                intact: bool = True, vertical: bool = False) -> None:
    """The glyph of ``weapon`` ("gun", "tube", "aa", "deck") on ``cell``; a destroyed one is
    grey and crossed. ``vertical`` turns the tube and the deck stripe along a column."""
    size = max(6, int(geo.cell * _SCALE.get(weapon, 0.72)))
    glyph = _glyph(weapon, size, intact)
    if vertical and weapon in ("tube", "deck"):
        key = (weapon, size, intact, "v")
        turned = _glyph_cache.get(key)
        if turned is None:
            turned = _glyph_cache.keep(key, pygame.transform.rotate(glyph, 90))
        glyph = turned
    surface.blit(glyph, glyph.get_rect(center=geo.center(cell)))


def draw_deck(surface: pygame.Surface, geo: BoardGeometry, cells, intact=None) -> None:
    """A whole flight deck: its three cells, the stripe along the line they form; ``intact`` a
    set of the cells still intact (None: all)."""
    cells = sorted(cells)
    vertical = len(cells) > 1 and cells[0][0] == cells[-1][0]
    for c in cells:
        draw_weapon(surface, geo, "deck", c, intact is None or c in intact, vertical)


def draw_weapons(surface: pygame.Surface, geo: BoardGeometry, weapons, lost=(),
                 hull=None) -> None:
    """Every ``(weapon, cell)`` pair; cells in ``lost`` drawn destroyed. ``hull``: the cells of
    the ship they sit on, so a carrier's flight deck is trimmed to its hull (the bow tapers)."""
    lost = set(lost)
    decks = [c for w, c in weapons if w == "deck"]
    if decks and hull and geo.cell >= 6 and carrier_layout(hull) is not None:
        x0, y0 = min(x for x, _ in hull), min(y for _, y in hull)
        surface.blit(_deck_on_hull(hull, decks, lost, geo.cell), geo.cell_rect((x0, y0)).topleft)
        weapons = [(w, c) for w, c in weapons if w != "deck"]
    vertical = len(decks) > 1 and len({x for x, _ in decks}) == 1
    for weapon, cell in weapons:
        draw_weapon(surface, geo, weapon, cell, cell not in lost, vertical)


def _deck_on_hull(hull, decks, lost, cell: int) -> pygame.Surface:
    """A carrier's whole flight deck over its hull's box, cut to the hull's outline a pixel
    inside its edge; drawn once per shape, deck, damage and size."""
    x0, y0 = min(x for x, _ in hull), min(y for _, y in hull)

    def rel(cells):
        return tuple(sorted((x - x0, y - y0) for x, y in cells))

    shape, deck = rel(hull), rel(decks)
    key = ("deck-on-hull", shape, deck, rel(c for c in decks if c in lost), cell)
    surf = _glyph_cache.get(key)
    if surf is not None:
        return surf
    w, h = max(x for x, _ in shape) + 1, max(y for _, y in shape) + 1
    surf = pygame.Surface((w * cell, h * cell), pygame.SRCALPHA)
    draw_deck(surf, BoardGeometry(0, 0, cell, w, h), deck, set(rel(c for c in decks
                                                                    if c not in lost)))
    inside = pygame.mask.from_surface(naval_sprite(shape, cell, theme.SHIP, theme.SHIP_DARK))
    for point in inside.outline():
        inside.set_at(point, 0)
    surf.blit(inside.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(255, 255, 255, 0)),
              (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return _glyph_cache.keep(key, surf)


def _reach_surface(cell: int, colour) -> pygame.Surface:
    key = (cell, tuple(colour))
    surf = _reach_cache.get(key)
    if surf is not None:
        return surf
    n = 2 * AA_RANGE + 1
    surf = pygame.Surface((n * cell, n * cell), pygame.SRCALPHA)
    surf.fill((*colour[:3], 255))
    return _reach_cache.keep(key, surf)


def draw_aa_reach(surface: pygame.Surface, geo: BoardGeometry, cell, alpha: int = 60,
                  colour=AA_REACH) -> None:
    """The 7×7 square (Chebyshev ≤ 3) an anti-air mount on ``cell`` covers, translucent at
    ``alpha`` (0-255), clipped to the board."""
    if alpha <= 0:
        return
    square = _reach_surface(geo.cell, colour)
    square.set_alpha(max(0, min(255, int(alpha))))
    top = geo.cell_rect((cell[0] - AA_RANGE, cell[1] - AA_RANGE)).topleft
    old = surface.get_clip()
    grid = geo.grid
    surface.set_clip(grid.clip(old) if old else grid)
    surface.blit(square, top)
    pygame.draw.rect(surface, colour[:3], square.get_rect(topleft=top), max(1, geo.cell // 20))
    surface.set_clip(old)


# -- the battle ------------------------------------------------------------------------------

def paint_field(surface, geo: BoardGeometry, letters, t: float, ships, marks: dict,
                wrecks=(), lost=(), pulses=None, cursor=None, dim: float = 0.0,
                livery=None, flak=()) -> None:
    """A Naval field: water, ring, the ``ships`` shown afloat (with their weapons), wrecks and
    marks. ``lost``: hit cells of the shown ships, whose weapons are drawn destroyed;
    ``livery``: their captain's paint and flag (``render.paint``); ``flak``: cells where a
    shell or a plane was shot down (a black burst; small in a corner once the cell was shot)."""
    pic = BoardPicture(wrecks=[w for w in wrecks], marks=marks, pulses=pulses or {}, hull=NAVAL)
    draw_board(surface, geo, pic, letters, t, cursor=cursor, dim=dim)
    draw_ring(surface, geo)
    lost = set(lost)
    colours = livery_colours(livery)
    afloat = [ship for ship in ships if ship.cells not in wrecks]
    for ship in afloat:
        draw_hull(surface, geo, ship.cells, *colours)
        draw_weapons(surface, geo, ship.weapons, lost, ship.cells)
        for c in ship.cells:
            if c in lost:     # a holed deck burning over its weapon, as on every board
                damage.draw_fire(surface, geo.cell_rect(c), c, t)
    fly_flag(surface, geo, [ship.cells for ship in afloat], livery)
    for c in flak:
        draw_flak_mark(surface, geo, c, c in marks)


def _flak_surface(size: int) -> pygame.Surface:
    """A burst of flak seen from above: a jagged star of black smoke, rimmed grey, with a spark
    at its heart (unlike a miss's ripple or a hit's fire), drawn once per size."""
    surf = _flak_cache.get(size)
    if surf is not None:
        return surf
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    points = []
    for k in range(16):                   # sixteen points: long and short rays in turn
        a = k * math.pi / 8 - math.pi / 2
        r = size * (0.48 if k % 2 == 0 else 0.22) * (0.82 if k % 4 == 2 else 1.0)
        points.append((c + math.cos(a) * r, c + math.sin(a) * r))
    pygame.draw.polygon(surf, FLAK_SMOKE, points)
    pygame.draw.polygon(surf, FLAK_RIM, points, max(1, size // 16))
    pygame.draw.circle(surf, (255, 170, 80), (c, c), max(1.5, size * 0.08))
    return _flak_cache.keep(size, surf)


def draw_flak_mark(surface, geo: BoardGeometry, cell, small: bool = False) -> None:
    """The mark of a shell or a plane shot down over ``cell`` (§N: both sides know it): a burst
    of flak filling the cell, or ``small`` in its top-right corner over a later shot's mark."""
    if small:
        size = max(6, int(geo.cell * 0.42))
        r = geo.cell_rect(cell)
        surface.blit(_flak_surface(size), (r.right - size, r.top))
        return
    size = max(8, int(geo.cell * 0.86))
    surf = _flak_surface(size)
    surface.blit(surf, surf.get_rect(center=geo.center(cell)))


def draw_fleet_names(surface, geo: BoardGeometry, names, room: int, largest: int) -> None:
    """Under a field, the name of every ship of its fleet, ``names`` as (name, afloat) pairs:
    afloat ones bright, sunk ones dimmed and struck through; as large as the field's width and
    ``room`` (pixels under it) let them be, on two lines if one is too narrow. Made once for
    each fleet's state and size."""
    key = (tuple(names), geo.grid.w, room, largest)
    shown = _names.get_or_make(key, lambda: _fleet_names(names, geo.grid.w, room, largest))
    surface.blit(shown, geo.grid.bottomleft)
    frame_log.words(surface, shown.get_rect(topleft=geo.grid.bottomleft),
                    SEP.join(n for n, _ in names))


_names = Lru(16)
SEP = " · "


def _fleet_names(names, width: int, room: int, largest: int) -> pygame.Surface:
    words = [n for n, _ in names]
    lines = [list(names)]
    for px in range(max(12, largest), 11, -1):
        if text.size(SEP.join(words), px)[0] <= width and px * 1.1 <= room:
            break
    else:
        half = (len(names) + 1) // 2
        lines = [names[:half], names[half:]]
        for px in range(max(12, largest), 11, -1):
            if all(text.size(SEP.join(n for n, _ in line), px)[0] <= width
                   for line in lines) and px * 2.2 <= room:
                break
    step = int(px * 1.1)
    surf = pygame.Surface((width, int(px * 0.15) + step * len(lines) + 2), pygame.SRCALPHA)
    for i, line in enumerate(lines):
        x = (width - text.size(SEP.join(n for n, _ in line), px)[0]) // 2
        y = int(px * 0.15) + i * step
        for j, (name, afloat) in enumerate(line):
            word = text.render(name, px, theme.TEXT if afloat else theme.TEXT_DIM)
            surf.blit(word, (x, y))
            if not afloat:
                mid = y + word.get_height() // 2 + 1
                pygame.draw.line(surf, theme.TEXT_DIM, (x, mid), (x + word.get_width(), mid),
                                 max(1, px // 10))
            x += word.get_width()
            if j < len(line) - 1:
                sep = text.render(SEP, px, theme.TEXT_DIM)
                surf.blit(sep, (x, y))
                x += sep.get_width()
    return surf


def plane_shape(surface, centre, size: float, colour, width: int, direction: int = 1) -> None:
    """A small aircraft seen from above, nose toward ``direction`` (1: right, -1: left)."""
    cx, cy = centre
    d = direction
    pts = [(cx + d * size, cy), (cx + d * size * 0.2, cy - size * 0.15),
           (cx - d * size * 0.1, cy - size * 0.9), (cx - d * size * 0.35, cy - size * 0.9),
           (cx - d * size * 0.2, cy - size * 0.15), (cx - d * size * 0.75, cy - size * 0.12),
           (cx - d * size * 0.95, cy - size * 0.45), (cx - d * size, cy),
           (cx - d * size * 0.95, cy + size * 0.45), (cx - d * size * 0.75, cy + size * 0.12),
           (cx - d * size * 0.2, cy + size * 0.15), (cx - d * size * 0.35, cy + size * 0.9),
           (cx - d * size * 0.1, cy + size * 0.9), (cx + d * size * 0.2, cy + size * 0.15)]
    pygame.draw.polygon(surface, colour, pts, width)


def draw_incoming(surface, geo: BoardGeometry, volley, options, chosen, from_right=True) -> None:
    """The defender's prompt on his own field: every target of the enemy's ``volley``, a shell
    as a round shell in a ring, a plane as a plane's silhouette flying in (from the right when
    ``from_right``); those his Aegis reaches (``options``) bright, the others dim; the
    ``chosen`` locked in gold corner brackets over a gold wash."""
    options = set(options)
    width = max(2, geo.cell // 14)
    for c in volley.targets:
        r = geo.cell_rect(c)
        if c in chosen:
            surface.blit(tint(r.size, (*theme.ACCENT, 70)), r.topleft)
        colour = theme.ACCENT if c in chosen else theme.BAD if c in options else theme.TEXT_DIM
        centre = r.center
        if c in volley.air:
            plane_shape(surface, centre, geo.cell * 0.4, WEAPON_DARK, 0, -1 if from_right else 1)
            plane_shape(surface, centre, geo.cell * 0.4, colour, width, -1 if from_right else 1)
        else:
            pygame.draw.circle(surface, colour, centre, geo.cell * 0.36, width)
            pygame.draw.circle(surface, WEAPON_DARK, centre, geo.cell * 0.17)
            pygame.draw.circle(surface, colour, centre, geo.cell * 0.13)
        if c in chosen:
            _brackets(surface, r.inflate(-2, -2), theme.ACCENT, max(2, geo.cell // 10))


def _brackets(surface, r: pygame.Rect, colour, width: int) -> None:
    """Four corner brackets round ``r``: a sight locked on it."""
    arm = max(4, r.w // 3)
    for (x, y), (dx, dy) in ((r.topleft, (1, 1)), ((r.right - 1, r.top), (-1, 1)),
                             ((r.left, r.bottom - 1), (1, -1)),
                             ((r.right - 1, r.bottom - 1), (-1, -1))):
        pygame.draw.line(surface, colour, (x, y), (x + dx * arm, y), width)
        pygame.draw.line(surface, colour, (x, y), (x, y + dy * arm), width)


def draw_plan(surface, geo: BoardGeometry, plan, hover, from_left: bool, size: int) -> None:
    """The volley being built on the enemy field: ``plan`` has ``shots``, ``pair``, ``air``,
    ``torpedo`` (a row or None) and ``tool``; the torpedo's lane lit from the edge it enters
    by, the air strike's 3×3 frame following the pointer at ``hover``."""
    lw = max(2, geo.cell // 12)
    for c in plan.shots:
        r = geo.cell_rect(c).inflate(-geo.cell // 6, -geo.cell // 6)
        pygame.draw.ellipse(surface, theme.CURSOR, r, lw)
    if len(plan.pair) == 2:
        a, b = (geo.cell_rect(c) for c in plan.pair)
        pygame.draw.rect(surface, theme.ACCENT, a.union(b).inflate(-geo.cell // 8, -geo.cell // 8),
                         lw, border_radius=geo.cell // 3)
    for c in plan.air:
        plane_shape(surface, geo.center(c), geo.cell * 0.36, theme.GOOD, 0)
    if plan.tool == "torpedo" or plan.torpedo is not None:
        row = plan.torpedo if plan.torpedo is not None else hover[1]
        band = pygame.Rect(geo.grid.x, geo.y + row * geo.cell, geo.grid.w, geo.cell)
        alpha = 90 if plan.torpedo is not None else 45
        surface.blit(tint(band.size, (*theme.GOOD, alpha)), band.topleft)
        edge_x = geo.grid.left - geo.cell * 0.45 if from_left else geo.grid.right + geo.cell * 0.45
        tip = geo.cell * 0.35 * (1 if from_left else -1)
        cy = band.centery
        pygame.draw.polygon(surface, theme.GOOD, [(edge_x + tip, cy), (edge_x - tip, cy - tip),
                                                  (edge_x - tip, cy + tip)])
    if plan.tool == "air":
        xs = [c[0] for c in plan.air] or [hover[0]]
        ys = [c[1] for c in plan.air] or [hover[1]]
        x0 = max(0, min(min(xs), hover[0] - 1, size - 3))
        y0 = max(0, min(min(ys), hover[1] - 1, size - 3))
        x0 = max(x0, max(xs) - 2)
        y0 = max(y0, max(ys) - 2)
        frame = pygame.Rect(geo.x + x0 * geo.cell, geo.y + y0 * geo.cell, 3 * geo.cell,
                            3 * geo.cell)
        pygame.draw.rect(surface, theme.GOOD, frame, lw, border_radius=geo.cell // 4)
