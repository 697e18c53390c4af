"""Ships of any shape seen from above (issue 20, part 1): a bent ship (C2: L, square, zigzag)
or the Flying Dutchman's free shape (§D) drawn as ONE vessel whose hull follows its cells.

A shape's cells are threaded by a *spine*, a path through every cell (side steps; the Dutchman
may also step diagonally) chosen with the fewest turns. The hull is a thick line along the
spine, joined round at each bend, squared at the stern and pointed at the bow; cells off the
spine (a Dutchman's odd shapes) are joined to their neighbours. Deck details sit along the
spine like a straight ship's: turrets, a bridge, funnels. The Dutchman is a ghostly sailing
ship instead: a pale translucent hull with masts, yards and sails across it and a bowsprit.

Everything is drawn once per (shape, cell size, colours, kind) and cached.
"""

from __future__ import annotations

import math

import pygame

from .cache import Lru
from .ships import ship_class

DUTCHMAN = "dutchman"
GHOST = (196, 232, 226)          # the Dutchman's pale hull
SAIL = (238, 246, 242)
BLOCK = {(0, 0), (1, 0), (0, 1), (1, 1)}
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_cache = Lru(128)
_spines = Lru(512)
SEARCH_LIMIT = 4000              # spine search steps for one shape (a few ms, once per shape)


def _shade(colour, k: float):
    return tuple(max(0, min(255, int(c * k))) for c in colour[:3])


def _mix(a, b, k: float):
    return tuple(int(a[i] + (b[i] - a[i]) * k) for i in range(3))


# --- the spine ------------------------------------------------------------------------------

def spine(cells, diagonal: bool = False) -> tuple:
    """The path through the shape's ``cells`` that the hull follows, stern first: every cell
    if a path through all exists (else the longest found), fewest diagonal steps and turns
    first, the bow towards the right or the top. Cached per shape."""
    shape = tuple(sorted(set(cells)))
    key = (shape, diagonal)
    found = _spines.get(key)
    if found is None:
        found = _search(shape, diagonal)
        _spines[key] = found
    return found


def _search(shape: tuple, diagonal: bool) -> tuple:
    cells = set(shape)
    steps = SIDES + (DIAGONALS if diagonal else ())
    best: list = [(), (0, 0, 0)]     # path, score (longer, fewer diagonal steps, fewer turns)
    budget = [SEARCH_LIMIT]

    def score(path):
        diag = turns = 0
        for i in range(1, len(path)):
            d = (path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1])
            diag += d[0] != 0 and d[1] != 0
            if i > 1 and d != (path[i - 1][0] - path[i - 2][0], path[i - 1][1] - path[i - 2][1]):
                turns += 1
        return (len(path), -diag, -turns)

    def walk(path, seen):
        budget[0] -= 1
        if budget[0] < 0:
            return
        s = score(path)
        if s > best[1]:
            best[0], best[1] = tuple(path), s
        if len(path) == len(cells) and s[1] == 0 and s[2] == 0:
            return
        x, y = path[-1]
        for dx, dy in steps:
            n = (x + dx, y + dy)
            if n in cells and n not in seen:
                seen.add(n)
                path.append(n)
                walk(path, seen)
                path.pop()
                seen.discard(n)

    for start in shape:
        if budget[0] < 0:
            break
        walk([start], {start})
    path = best[0] or shape[:1]
    a, b = path[0], path[-1]
    if (b[0] - b[1]) < (a[0] - a[1]):          # the bow (the path's end) right or up
        path = path[::-1]
    return tuple(path)


# --- geometry along the spine ---------------------------------------------------------------

class Spine:
    """The spine in pixels: the stern's tip, the cells' centres, the bow's tip."""

    def __init__(self, path, cell: int, inset: float, broad: bool = True):
        centres = [((x + 0.5) * cell, (y + 0.5) * cell) for x, y in path]
        self.broad = broad and set(path) == BLOCK
        if self.broad:              # the 2×2 square: one broad hull, two cells long and wide
            centres = [(0.5 * cell, cell), (1.5 * cell, cell)]
        if len(centres) == 1:
            first = last = (1.0, 0.0)
        else:
            first = _unit(centres[0], centres[1])
            last = _unit(centres[-2], centres[-1])
        reach0 = cell / 2 - inset
        reach1 = (cell / 2 - inset) * (math.sqrt(2) if last[0] and last[1] else 1)
        stern = (centres[0][0] - first[0] * reach0, centres[0][1] - first[1] * reach0)
        bow = (centres[-1][0] + last[0] * reach1, centres[-1][1] + last[1] * reach1)
        self.points = [stern] + centres + [bow]
        self.lengths = [math.dist(self.points[i], self.points[i + 1])
                        for i in range(len(self.points) - 1)]
        self.total = sum(self.lengths) or 1.0

    def at(self, k: float):
        """The point and the direction (a unit vector towards the bow) at ``k`` along the
        hull: 0 the stern, 1 the bow."""
        d = max(0.0, min(1.0, k)) * self.total
        for i, seg in enumerate(self.lengths):
            if d <= seg or i == len(self.lengths) - 1:
                a, b = self.points[i], self.points[i + 1]
                t = d / seg if seg else 0.0
                return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), _unit(a, b)
            d -= seg
        return self.points[-1], (1.0, 0.0)


def _unit(a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def _quad(a, b, half: float):
    ux, uy = _unit(a, b)
    px, py = -uy * half, ux * half
    return [(a[0] + px, a[1] + py), (b[0] + px, b[1] + py), (b[0] - px, b[1] - py),
            (a[0] - px, a[1] - py)]


def _bow(c, tip, half: float):
    """The pointed bow from a cell's centre ``c`` to ``tip``: full beam, then a curved taper."""
    ux, uy = _unit(c, tip)
    px, py = -uy, ux
    length = math.dist(c, tip)
    left, right = [], []
    for t, w in ((0.0, 1.0), (0.3, 0.98), (0.55, 0.86), (0.75, 0.62), (0.9, 0.34)):
        x, y = c[0] + ux * length * t, c[1] + uy * length * t
        left.append((x + px * half * w, y + py * half * w))
        right.append((x - px * half * w, y - py * half * w))
    return left + [tip] + right[::-1]


def _paint_hull(surf, sp: Spine, extra, cells, cell: int, half: float, colour) -> None:
    """The hull's silhouette at half-beam ``half``: the spine's segments joined round, the bow
    pointed, cells off the spine joined to every neighbour of the shape."""
    pts = sp.points
    for i in range(len(pts) - 2):               # stern tip → centres (the last: the bow)
        pygame.draw.polygon(surf, colour, _quad(pts[i], pts[i + 1], half))
        if i > 0:
            pygame.draw.circle(surf, colour, pts[i], half)
    pygame.draw.polygon(surf, colour, _bow(pts[-2], pts[-1], half))
    cellset = set(cells)
    for x, y in extra:
        c = ((x + 0.5) * cell, (y + 0.5) * cell)
        pygame.draw.circle(surf, colour, c, half)
        for dx, dy in SIDES + DIAGONALS:
            if (x + dx, y + dy) in cellset:
                n = ((x + dx + 0.5) * cell, (y + dy + 0.5) * cell)
                pygame.draw.polygon(surf, colour, _quad(c, n, half * 0.9))
    # a 2×2 block (the square ship) is filled whole: no water in the middle of a ship
    for x, y in cells:
        if (x + 1, y) in cellset and (x, y + 1) in cellset and (x + 1, y + 1) in cellset:
            r = pygame.Rect(0, 0, cell, cell)
            r.center = ((x + 1) * cell, (y + 1) * cell)
            pygame.draw.rect(surf, colour, r)


def _ghostly(colour, towards=GHOST):
    """The Dutchman's pale version of ``colour``: light for a ship afloat, dark for a wreck."""
    lum = 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2]
    return _shade(_mix(colour, towards, 0.6), min(1.0, lum / 150))


# --- the sprite -----------------------------------------------------------------------------

def shaped_sprite(cells, cell: int, colour, edge, kind: str | None = None) -> pygame.Surface:
    """The sprite of a ship of any shape: a surface over the cells' bounding box, its top-left
    at the top-left of the leftmost column's and top row's cell. ``kind`` ``DUTCHMAN``: the
    ghostly sailing ship; otherwise a warship of its size's class (or ``kind``: a class)."""
    cells = list(cells)
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    shape = tuple(sorted((x - x0, y - y0) for x, y in cells))
    key = (shape, cell, tuple(colour[:3]), tuple(edge[:3]), kind)
    surf = _cache.get(key)
    if surf is None:
        surf = _draw(shape, cell, colour, edge, kind)
        _cache[key] = surf
    return surf


def _draw(shape, cell: int, colour, edge, kind) -> pygame.Surface:
    w = (max(x for x, _ in shape) + 1) * cell
    h = (max(y for _, y in shape) + 1) * cell
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    ghost = kind == DUTCHMAN
    path = spine(shape, diagonal=ghost)
    extra = [c for c in shape if c not in path]
    inset = max(2, cell // 8)
    half = (cell - 2 * inset) / 2
    if ghost:
        half *= 0.8
    elif kind == "submarine":
        half *= 0.62
    sp = Spine(path, cell, inset, broad=not ghost)
    unit = half / 5                        # a deck unit: the beam in tenths
    if sp.broad:
        half = cell - inset                # the square's broad beam
        extra = []
    hull_colour = _ghostly(colour) if ghost else colour[:3]
    if ghost:                              # a pale glow about the hull
        glow = pygame.Surface((w, h), pygame.SRCALPHA)
        _paint_hull(glow, sp, extra, shape, cell, half + max(2, cell / 14), GHOST)
        glow.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(glow, (0, 0))
    _paint_hull(surf, sp, extra, shape, cell, half, _shade(hull_colour, 0.8))
    mask = pygame.mask.from_surface(surf, 200)
    _paint_hull(surf, sp, extra, shape, cell, half * 0.8, hull_colour)     # the deck
    if ghost:                              # planking along the deck
        plank = _shade(hull_colour, 0.85)
        for off in (-0.4, 0.4):
            pts = sp.points[1:-1] if len(sp.points) > 3 else sp.points
            _offset_line(surf, pts, half * off, plank, max(1, cell // 32))
    line = max(1, cell // 24)
    outline = mask.outline()
    if len(outline) > 2:
        pygame.draw.lines(surf, _mix(edge, GHOST, 0.5) if ghost else edge, True, outline, line)
    if ghost:
        surf.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
        _rig(surf, sp, path, extra, cell, half, colour)
    else:
        _deck(surf, sp, cell, unit, colour, edge, kind or ship_class(len(shape)))
    return surf


def _deck(surf, sp: Spine, cell: int, u: float, colour, edge, kind: str) -> None:
    """Deck details along the spine, laid out as on the straight ship of the same class
    (``u``: a deck unit, the beam in tenths)."""
    dark, light = _shade(colour, 0.62), _shade(colour, 1.25)
    line = max(1, cell // 24)

    def turret(k: float, r: float = 2.6) -> None:
        (x, y), (ux, uy) = sp.at(k)
        s = 1 if k >= 0.5 else -1     # barrels towards the nearer end
        pygame.draw.circle(surf, dark, (x, y), max(2, r * u))
        end = (x + s * ux * r * u * 1.5, y + s * uy * r * u * 1.5)
        pygame.draw.line(surf, dark, (x, y), end, max(1, round(u * 0.7)))

    def block(k: float, length_u: float, width_u: float) -> None:
        (x, y), (ux, uy) = sp.at(k)
        a = (x - ux * length_u * u / 2, y - uy * length_u * u / 2)
        b = (x + ux * length_u * u / 2, y + uy * length_u * u / 2)
        quad = _quad(a, b, max(1.0, width_u * u / 2))
        pygame.draw.polygon(surf, light, quad)
        pygame.draw.polygon(surf, edge, quad, line)

    def funnel(k: float) -> None:
        (x, y), _ = sp.at(k)
        pygame.draw.circle(surf, dark, (x, y), max(1.5, 1.6 * u))

    if sp.broad and kind not in ("submarine", "carrier"):
        for cx in (0.5, 1.5):          # the square: a broad battery, a turret on each cell
            for cy in (0.5, 1.5):
                x, y = cx * cell, cy * cell
                pygame.draw.circle(surf, dark, (x, y), max(2, 2.6 * u))
                pygame.draw.line(surf, dark, (x, y), (x + (1 if cx > 1 else -1) * 3.9 * u, y),
                                 max(1, round(u * 0.7)))
        block(0.5, 3.0, 3.0)
    elif kind == "submarine":
        (x, y), _ = sp.at(0.6)
        pygame.draw.circle(surf, _shade(colour, 0.5), (x, y), max(2, 2.4 * u))
    elif kind == "carrier":
        for i in range(len(sp.points) - 2):
            pygame.draw.line(surf, light, sp.points[i], sp.points[i + 1], max(1, round(u * 0.5)))
        block(0.55, 5, 2.4)
    elif kind in ("patrol", "destroyer"):
        turret(0.72)
        block(0.45, 4.0, 5.0)
        if kind == "destroyer":
            turret(0.2)
    elif kind == "cruiser":
        turret(0.8)
        block(0.55, 4.4, 5.6)
        funnel(0.42)
        turret(0.18)
    else:                               # battleship, flagship
        turret(0.86, 3.0)
        turret(0.7, 3.0)
        block(0.5, 6.0, 6.0)
        funnel(0.38)
        turret(0.14, 3.0)


def _offset_line(surf, pts, off: float, colour, width: int) -> None:
    """A line beside the spine's segments, ``off`` pixels to its left."""
    for a, b in zip(pts, pts[1:]):
        ux, uy = _unit(a, b)
        px, py = -uy * off, ux * off
        pygame.draw.line(surf, colour, (a[0] + px, a[1] + py), (b[0] + px, b[1] + py), width)


def _rig(surf, sp: Spine, path, extra, cell: int, half: float, colour) -> None:
    """The Dutchman's masts and sails, seen from above: on every cell a yard across the hull
    with a sail bellied forward, a mast at its middle; a bowsprit past the bow."""
    sail = _ghostly(colour, SAIL)
    sail = (*(_mix(sail, SAIL, 0.5) if sail[0] > 120 else sail), 215)
    rope = (*_shade(_ghostly(colour), 0.5), 230)
    line = max(1, cell // 24)
    n = len(path)
    spots = [sp.at((i + 0.5) / (n + 0.2))[0] for i in range(n)] if n > 1 else [sp.at(0.5)[0]]
    dirs = [sp.at((i + 0.5) / (n + 0.2))[1] for i in range(n)] if n > 1 else [sp.at(0.5)[1]]
    spots += [((x + 0.5) * cell, (y + 0.5) * cell) for x, y in extra]
    dirs += [dirs[-1]] * len(extra)
    span = min(half * 1.6, cell / 2 - 1)
    for (x, y), (ux, uy) in zip(spots, dirs):
        px, py = -uy, ux
        belly = half * 0.85
        pts = []
        for i in range(9):               # the sail: a yard with a curved belly forward of it
            t = i / 8 * 2 - 1
            pts.append((x + px * span * t, y + py * span * t))
        for i in range(8, -1, -1):
            t = i / 8 * 2 - 1
            b = belly * (1 - t ** 4)
            pts.append((x + px * span * t * 0.92 + ux * b, y + py * span * t * 0.92 + uy * b))
        pygame.draw.polygon(surf, sail, pts)
        pygame.draw.polygon(surf, rope, pts, line)
        pygame.draw.line(surf, rope, pts[0], pts[8], max(1, line + (cell >= 40)))   # the yard
        pygame.draw.circle(surf, rope, (x, y), max(1.5, half * 0.16))             # the mast
    (bx, by), (ux, uy) = sp.at(1.0)
    (sx, sy), _ = sp.at(0.97)
    reach = max(2, cell * 0.12)
    pygame.draw.line(surf, rope, (sx, sy), (bx + ux * reach, by + uy * reach), line)
