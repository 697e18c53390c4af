"""Drawing for the campaign's chart (the screens are ``game.scenes.campaign.chart``): the map
itself, an old chart on paper (coasts from ``assets/map/coast.json`` with water-lines and
hatching, a graticule, a framed border and a title cartouche) rendered once per size and
cached; the routes, the ports' names placed beside them, a row of stars earned, the player's
ship sailing from port to port and the compass rose."""

from __future__ import annotations

import math
import sys

import numpy as np
import pygame

from .. import geo
from . import frame_log, motion, text, theme
from .cache import Lru
from .widgets import star

INK = (74, 52, 34)             # sepia: coasts, lines, names
INK_SOFT = (120, 92, 62)
SEA = (196, 212, 204)          # the paper where the sea is
LAND = (234, 218, 178)         # the paper where the land is
ROUTE = (96, 70, 46)
ROUTE_LIT = (178, 40, 30)


# -- the coast file, read once per path ----------------------------------------------------
_coasts = Lru(4)


def load_coast(path=None):
    """``(coast, problem)``: the chart's land, or None and the words saying why not (then the
    chart is plain water). Read once per file; the problem is reported once, on stderr too."""
    path = path or geo.COAST_FILE
    key = str(path)
    if key not in _coasts:
        try:
            _coasts[key] = (geo.load_coast(path), None)
        except geo.CoastError as exc:
            print(f"chart: {exc}; the chart shows open water", file=sys.stderr)
            _coasts[key] = (None, str(exc))
    return _coasts[key]


# -- the paper: rendered once per size -----------------------------------------------------
_sheets = Lru(4)


def chart_sheet(view: geo.ChartView, coast, title: str, subtitle: str, px: int) -> pygame.Surface:
    """The chart's paper for ``view`` (its rectangle's size): sea, land, graticule, border,
    cartouche. Cached per size, place, coast and words."""
    key = (view.rect, view.k, view.x_left, view.y_top, view.proj.lon0, view.proj.n, id(coast),
           title, subtitle, px)

    def make():
        sheet = _render_sheet(view, coast, title, subtitle, px)
        if pygame.display.get_surface() is not None:
            sheet = sheet.convert()          # the display's own format: the fastest to blit
        return sheet

    return _sheets.get_or_make(key, make)


def sheet_unit(size) -> float:
    """The sheet's own scale: 1.0 for a chart about 640 pixels across."""
    return max(0.6, min(size) / 640)


def _local(view: geo.ChartView):
    ox, oy = view.rect[0], view.rect[1]
    return lambda lon, lat: _sub(view.to_screen(lon, lat), ox, oy)


def _sub(p, ox, oy):
    return p[0] - ox, p[1] - oy


def _grow(mask: np.ndarray) -> np.ndarray:
    """``mask`` and its eight neighbours."""
    out = mask.copy()
    out[1:, :] |= mask[:-1, :]
    out[:-1, :] |= mask[1:, :]
    out[:, 1:] |= mask[:, :-1]
    out[:, :-1] |= mask[:, 1:]
    out[1:, 1:] |= mask[:-1, :-1]
    out[:-1, :-1] |= mask[1:, 1:]
    out[1:, :-1] |= mask[:-1, 1:]
    out[:-1, 1:] |= mask[1:, :-1]
    return out


def _distance(start: np.ndarray, within: np.ndarray, most: int) -> np.ndarray:
    """Steps (chessboard) from ``start`` for the pixels of ``within``, up to ``most``."""
    dist = np.full(start.shape, most + 1, dtype=np.int16)
    reached = start.copy()
    for step in range(1, most + 1):
        grown = _grow(reached)
        dist[grown & ~reached & within] = step
        reached = grown
    return dist


def _render_sheet(view, coast, title, subtitle, px) -> pygame.Surface:
    w, h = int(view.rect[2]), int(view.rect[3])
    sheet = pygame.Surface((w, h))
    place = _local(view)
    mask = pygame.Surface((w, h))
    mask.fill((0, 0, 0))
    if coast is not None:
        west, south, east, north = view.bounds()
        for poly, (pw, ps, pe, pn) in zip(coast.land, coast.boxes):
            if pe < west or pw > east or pn < south or ps > north:
                continue
            pygame.draw.polygon(mask, (255, 255, 255), [place(*p) for p in poly[0]])
            for hole in poly[1:]:
                pygame.draw.polygon(mask, (0, 0, 0), [place(*p) for p in hole])
    land = pygame.surfarray.pixels_red(mask) > 0
    sea = ~land
    u = sheet_unit((w, h))
    reach = max(8, int(14 * u))
    off = _distance(land, sea, reach)          # sea pixels: how far from the coast
    into = _distance(sea, land, 8)             # land pixels: how far from the water
    rgb = np.empty((w, h, 3), dtype=np.float32)
    rgb[:] = SEA
    near = np.clip(1 - off / reach, 0, 1)[..., None] * np.array([-30, -20, -8], np.float32)
    rgb += near
    for ring in (3, 7, 12):                     # water-lines along the coast
        rgb[(off == max(2, int(ring * u))) & sea] -= (26, 20, 12)
    rgb[land] = LAND
    shade = np.clip(1 - into / 7, 0, 1)[..., None] * np.array([-26, -30, -38], np.float32)
    rgb[land] += shade[land]
    xs = np.arange(w)[:, None]
    ys = np.arange(h)[None, :]
    hatch = ((xs + ys) % 4 == 0) & land & (into <= 6)
    rgb[hatch] -= (34, 38, 44)
    rgb[land & (into == 1)] = INK
    grain = np.random.default_rng(20).normal(0, 3.2, (w, h, 1)).astype(np.float32)
    rgb += grain
    edge = np.minimum(np.minimum(xs, w - 1 - xs), np.minimum(ys, h - 1 - ys)).astype(np.float32)
    rgb -= (np.clip(1 - edge / (40 * u), 0, 1) ** 2 * 34)[..., None]   # aged at the edges
    del land, sea
    pygame.surfarray.blit_array(sheet, np.clip(rgb, 0, 255).astype(np.uint8))
    _graticule(sheet, view, place, max(12, int(px * 0.72)),
               cartouche_box(title, subtitle, px, u).inflate(0, px * 2))
    _border(sheet, u)
    _cartouche(sheet, title, subtitle, px, u)
    return sheet


def _graticule(sheet, view, place, px: int, keep_clear: pygame.Rect) -> None:
    w, h = sheet.get_size()
    west, south, east, north = view.bounds()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = (*INK, 70)
    step = 5
    margin = 10
    for lon in range(int(math.floor(west / step)) * step, int(east) + step, step):
        pts = [place(lon, south + (north - south) * i / 40) for i in range(41)]
        pygame.draw.aalines(layer, colour, False, pts)
        foot = _crossing(pts, lambda p: p[1] - (h - margin - px))
        words = f"{abs(lon)}°{'' if lon == 0 else ('E' if lon > 0 else 'W')}"
        if foot and 2 * px < foot[0] < w - text.size(words, px)[0] - 3 * px:
            text.draw(sheet, words, (foot[0] + 3, h - margin), px, INK_SOFT, "bottomleft")
    for lat in range(int(math.floor(south / step)) * step, int(north) + step, step):
        pts = [place(west + (east - west) * i / 60, lat) for i in range(61)]
        pygame.draw.aalines(layer, colour, False, pts)
        side = _crossing(pts, lambda p: p[0] - margin)
        if side and px < side[1] < h - 2 * px and not keep_clear.collidepoint(margin, side[1]):
            text.draw(sheet, f"{lat}°N", (margin + 3, side[1] - 2), px, INK_SOFT, "bottomleft")
    sheet.blit(layer, (0, 0))


def _crossing(pts, f):
    """Where the polyline ``pts`` first crosses ``f(p) == 0``, or None."""
    for a, b in zip(pts, pts[1:]):
        fa, fb = f(a), f(b)
        if fa == fb or (fa > 0) == (fb > 0):
            continue
        t = fa / (fa - fb)
        return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
    return None


def _border(sheet, u: float) -> None:
    """A double frame with the old charts' black-and-white degree band between."""
    rect = sheet.get_rect()
    band = max(4, int(6 * u))
    pygame.draw.rect(sheet, INK, rect, max(2, int(2 * u)))
    inner = rect.inflate(-2 * band, -2 * band)
    pygame.draw.rect(sheet, INK, inner, 1)
    seg = max(10, int(22 * u))
    for x in range(rect.x + band, rect.right - band, seg * 2):
        for y in (rect.y + 1, rect.bottom - band):
            pygame.draw.rect(sheet, INK, (x, y, min(seg, rect.right - band - x), band - 1))
    for y in range(rect.y + band, rect.bottom - band, seg * 2):
        for x in (rect.x + 1, rect.right - band):
            pygame.draw.rect(sheet, INK, (x, y, band - 1, min(seg, rect.bottom - band - y)))


def cartouche_box(title: str, subtitle: str, px: int, u: float) -> pygame.Rect:
    """Where the title cartouche lies on the chart (its top left corner: the open Norwegian
    Sea); port names keep clear of it."""
    big, small = int(px * 1.15), max(12, int(px * 0.75))
    tw = max(text.size(title, big)[0], text.size(subtitle, small)[0] if subtitle else 0)
    pad = int(12 * u)
    box = pygame.Rect(0, 0, tw + 2 * pad + int(24 * u), int(big * 1.2 + small * 1.3 + 2 * pad))
    box.topleft = (int(22 * u), int(22 * u))
    return box


def _cartouche(sheet, title: str, subtitle: str, px: int, u: float) -> None:
    """The chart's title in a framed scroll with rolled ends."""
    if not title:
        return
    big, small = int(px * 1.15), max(12, int(px * 0.75))
    pad = int(12 * u)
    box = cartouche_box(title, subtitle, px, u)
    pygame.draw.rect(sheet, (240, 228, 196), box, border_radius=int(6 * u))
    pygame.draw.rect(sheet, INK, box, 2, border_radius=int(6 * u))
    pygame.draw.rect(sheet, INK_SOFT, box.inflate(-int(8 * u), -int(8 * u)), 1,
                     border_radius=int(4 * u))
    for cx in (box.x, box.right):               # the scroll's rolled ends
        pygame.draw.circle(sheet, (228, 210, 170), (cx, box.centery), int(7 * u) + 2)
        pygame.draw.circle(sheet, INK, (cx, box.centery), int(7 * u) + 2, 2)
    text.draw(sheet, title, (box.centerx, box.y + pad), big, INK, "midtop")
    if subtitle:
        text.draw(sheet, subtitle, (box.centerx, box.y + pad + big * 1.2), small, INK_SOFT,
                  "midtop")


# -- what moves or changes: drawn every frame ----------------------------------------------
def draw_route(surface, points, t: float, lit: bool, u: float) -> None:
    """A dashed route along ``points`` (screen); a lit one (a won port's) runs forward."""
    colour = ROUTE_LIT if lit else ROUTE
    step = 12 * u
    t = motion.still(t)          # reduced motion: the dashes stand
    phase = (t * 16 * u) % step if lit else 0.0
    width = max(1, round((2.4 if lit else 1.6) * u))
    d = phase - step
    for a, b in zip(points, points[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        dist = math.hypot(dx, dy)
        if dist < 0.5:
            continue
        while d < dist:
            s, e = max(0.0, d), min(dist, d + step * 0.55)
            if e > s:
                pygame.draw.line(surface, colour, (a[0] + dx * s / dist, a[1] + dy * s / dist),
                                 (a[0] + dx * e / dist, a[1] + dy * e / dist), width)
            d += step
        d -= dist


def along(points, k: float) -> tuple[float, float]:
    """The point a fraction ``k`` of the way along the polyline ``points``."""
    if len(points) == 1:
        return points[0]
    lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:])]
    goal = max(0.0, min(1.0, k)) * sum(lengths)
    for (a, b), length in zip(zip(points, points[1:]), lengths):
        if goal <= length and length > 0:
            f = goal / length
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        goal -= length
    return points[-1]


STAR_SIZE = 0.65     # a port's stars, in port radii
LABEL_SIDES = ("right", "left", "above", "below", "upper-right", "lower-right", "upper-left",
               "lower-left")
# where the ship may rest beside a port: (across, down) in steps of its own size, from just
# clear of the pin (either side; straight above or below when across is 0)
SHIP_RESTS = ((0, 0.35), (0, -0.25), (0, 0.95), (0.8, 0.35), (None, -1), (None, 1),
              (0, -0.85), (0, 1.55), (0.8, -0.6), (0.8, 1.3), (1.6, 0.35), (None, -2),
              (None, 2), (1.6, -0.8), (1.6, 1.5), (0, -1.5), (0, 2.2), (0.8, -1.5),
              (0.8, 2.2), (2.4, 0.35), (2.4, -0.8), (2.4, 1.5))


def _tag_box(port, size, side: str, gap: float, r: float) -> pygame.Rect:
    """A port's tag of ``size`` (its name, its stars under it) on ``side`` of the pin, ``gap``
    from its centre; beside the pin, its name level with the pin."""
    x, y = port
    tw, th = size
    box = pygame.Rect(0, 0, tw, th)
    if side in ("right", "left"):
        box.top = int(y - gap * 0.45)
        if side == "right":
            box.left = int(x + gap)
        else:
            box.right = int(x - gap)
    elif side == "above":
        box.midbottom = (int(x), int(y - gap))
    elif side == "below":
        box.midtop = (int(x), int(y + gap))
    else:
        vert, horiz = side.split("-")
        cy = y - gap * 0.8 - th / 2 if vert == "upper" else y + gap * 0.8 + th / 2
        box.center = (int(x + gap + tw / 2 if horiz == "right" else x - gap - tw / 2), int(cy))
    return box


def place_marks(ports, totals, sizes, r: float, bounds: pygame.Rect, avoid=(),
                ship: float = 0.0):
    """Beside each port (a pin of radius ``r``) its tag: its name (``sizes``: each name's
    width and height) with its row of stars (``totals``: how many; 0: none) on the far side
    of it from the pin (room is kept for the stars before they are won), on the side where it
    lies on no pin and no other tag, nor on ``avoid``, inside ``bounds``; then where the ship
    of ``ship`` rests there, on none of them. Returns (the stars' centres, the names' boxes,
    the ship's rests as (dx, dy))."""
    pins = [pygame.Rect(int(x - r), int(y - r), int(2 * r) + 1, int(2 * r) + 1) for x, y in ports]
    rows = [stars_box((0, 0), r * STAR_SIZE, n).size if n else (0, 0) for n in totals]
    tags = [(max(tw, rows[i][0]), th + rows[i][1]) for i, (tw, th) in enumerate(sizes)]
    spots = [[(n * 0.5 + far * 4, _tag_box(ports[i], tags[i], side, gap, r), side)
              for far, gap in enumerate((r * 1.35, r * 2.4))
              for n, side in enumerate(LABEL_SIDES)] for i in range(len(ports))]
    pick = _settle(spots, pins, bounds, avoid, ports, r)
    stars_at, labels = [], []
    for i, (tw, th) in enumerate(sizes):
        _, tag, side = spots[i][pick[i]]       # the name and the stars hug the pin's side
        sw = rows[i][0]
        if side.endswith("right"):
            name_x, stars_x = tag.left, tag.left + sw / 2
        elif side.endswith("left"):
            name_x, stars_x = tag.right - tw, tag.right - sw / 2
        else:
            name_x, stars_x = tag.centerx - tw // 2, tag.centerx
        if side.startswith("upper") or side == "above":      # the name nearest the pin
            labels.append(pygame.Rect(name_x, tag.bottom - th, tw, th))
            stars_at.append((stars_x, tag.top + rows[i][1] / 2))
        else:
            labels.append(pygame.Rect(name_x, tag.top, tw, th))
            stars_at.append((stars_x, tag.top + th + rows[i][1] / 2))
    taken = pins + [spots[i][k][1] for i, k in enumerate(pick)]
    rests = [_ship_rest(p, labels[i], r, ship, taken, bounds, avoid)   # one ship at a time:
             for i, p in enumerate(ports)]                               # room among the rest
    return stars_at, labels, rests


def _settle(spots, pins, bounds, avoid, ports, r: float) -> list[int]:
    """Which of its ``spots`` (preference, box, side) each tag takes: the most crowded ports
    choose first; then, until nothing better is found, each tag moves to the spot costing
    least against the others, or takes a spot one other tag is on when that tag can move
    aside for less than it gains (Kronstadt and Tallinn, close by, make room for each
    other)."""
    n = len(spots)
    fixed = [[(pref + (0 if bounds.contains(box) else 400)
               + sum(100 for pin in pins if pin.colliderect(box.inflate(4, 2)))
               + sum(20 for a in avoid if a.colliderect(box))) for pref, box, _ in own]
             for own in spots]
    pick: list = [None] * n

    def box(i: int, k: int) -> pygame.Rect:
        return spots[i][k][1]

    def clash(i: int, k: int, skip=()) -> list[int]:
        room = box(i, k).inflate(4, 2)
        return [j for j in range(n) if j != i and j not in skip and pick[j] is not None
                and box(j, pick[j]).colliderect(room)]

    def cost(i: int, k: int, skip=()) -> float:
        return fixed[i][k] + 100 * len(clash(i, k, skip))

    def best(i: int, skip=()) -> int:
        return min(range(len(spots[i])), key=lambda k: cost(i, k, skip))

    crowd = [sum(1 for q in ports if 0 < math.hypot(q[0] - p[0], q[1] - p[1]) < r * 12)
             for p in ports]
    for i in sorted(range(n), key=lambda i: -crowd[i]):
        pick[i] = best(i)
    for _ in range(12):
        changed = False
        for i in range(n):
            now = cost(i, pick[i])
            k = best(i)
            if cost(i, k) < now - 1e-9:
                pick[i], changed = k, True
                continue
            for k in sorted(range(len(spots[i])), key=lambda k: fixed[i][k]):
                if fixed[i][k] >= now:
                    break
                others = clash(i, k)
                if len(others) != 1:
                    continue
                j = others[0]
                old_i, old_j = pick[i], pick[j]
                before = now + cost(j, old_j, (i,))
                pick[i] = k
                moved = best(j, ())
                after = cost(i, k, (j,)) + cost(j, moved)
                if after < before - 1e-9:
                    pick[j], changed = moved, True
                    break
                pick[i], pick[j] = old_i, old_j
        if not changed:
            break
    return pick


def _ship_rest(port, label: pygame.Rect, r: float, ship: float, taken, bounds, avoid) -> tuple:
    """Where the ship rests at ``port``: the first spot of ``SHIP_RESTS`` (on the side away
    from the port's ``label`` first) covering nothing ``taken``, inside ``bounds``."""
    away = -1 if label.centerx > port[0] else 1
    clear = r + ship * 0.6 + 2                  # the ship's middle, just clear of the pin
    best = None
    for n, (across, down) in enumerate(SHIP_RESTS):
        if across is None:                      # above (-) or below (+) the pin
            rests = [(0.0, -(r + ship * 0.35 + 2) + (down + 1) * ship if down < 0
                      else r + ship * 1.0 + 2 + (down - 1) * ship)]
        else:
            rests = [(side * (clear + across * ship), down * ship) for side in (away, -away)]
        for k, rest in enumerate(rests):
            box = ship_box(port, rest, ship)
            cost = (n * 0.5 + k + (0 if bounds.contains(box) else 400)
                    + sum(100 for t in taken if t.colliderect(box))
                    + sum(20 for a in avoid if a.colliderect(box)))
            if best is None or cost < best[0]:
                best = (cost, rest)
    return best[1]


def draw_label(surface, words: str, box: pygame.Rect, px: int, chosen: bool) -> None:
    """A port's name on the paper: sepia with a pale halo; the chosen port's on a plate."""
    if chosen:
        plate = box.inflate(10, 4)
        pygame.draw.rect(surface, (248, 238, 208), plate, border_radius=4)
        pygame.draw.rect(surface, ROUTE_LIT, plate, 2, border_radius=4)
    else:
        halo = text.render(words, px, (240, 232, 206))
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            surface.blit(halo, box.move(dx, dy))
    surface.blit(text.render(words, px, INK), box)
    frame_log.words(surface, box, words)


PORT_FILL = {"won": (46, 120, 70), "open": (200, 150, 40), "locked": (96, 96, 100)}


def stars_box(centre, size: float, total: int, gap: float = 1.15) -> pygame.Rect:
    """The rectangle a row of ``total`` stars of ``size`` at ``centre`` covers, outline
    included."""
    outer = size * 1.3
    w = (total - 1) * size * gap + 2 * outer
    box = pygame.Rect(0, 0, int(math.ceil(w)), int(math.ceil(2 * outer)))
    box.center = (int(round(centre[0])), int(round(centre[1])))
    return box


def draw_port(surface, pos, r: float, state: str, number: int, earned: int, total: int,
              stars_at=None) -> None:
    """A port's mark: green won (with its stars at ``stars_at``, under it unless said),
    gold open, grey locked with a padlock; its number on it."""
    x, y = pos
    pygame.draw.circle(surface, PORT_FILL[state], (x, y), r)
    pygame.draw.circle(surface, (60, 40, 24), (x, y), r, 2)
    if state == "locked":
        _padlock(surface, (x, y), r)
    else:
        text.draw(surface, str(number), (x, y + 1), max(13, int(r * 1.25)), theme.TEXT,
                  "center", shadow=True)
    if state == "won":
        draw_stars(surface, stars_at or (x, y + r * 1.75), r * STAR_SIZE, earned, total,
                   outline=(60, 40, 24))


def draw_port_marks(surface, pos, r: float, t: float, chosen: bool, state: str) -> None:
    """What moves about a port: the chosen one's ring, an open one's pulse (still, with
    reduced motion)."""
    x, y = pos
    t = motion.still(t)
    if chosen:
        pygame.draw.circle(surface, ROUTE_LIT, (x, y), r * (1.5 + 0.15 * math.sin(t * 4)), 2)
    if state == "open":
        pygame.draw.circle(surface, (150, 100, 20), (x, y), r * (1.2 + 0.5 * ((t * 0.8) % 1)), 1)


def _padlock(surface, centre, r: float) -> None:
    x, y = centre
    colour = (230, 226, 214)
    body = pygame.Rect(0, 0, int(r * 0.95), int(r * 0.7))
    body.midtop = (int(x), int(y - r * 0.1))
    pygame.draw.rect(surface, colour, body, border_radius=2)
    arc = pygame.Rect(0, 0, int(r * 0.7), int(r * 0.8))
    arc.midbottom = (int(x), int(y + r * 0.05))
    pygame.draw.arc(surface, colour, arc, 0, math.pi, max(2, int(r / 6)))


def draw_stars(surface, centre, size: float, earned: int, total: int, gap: float = 1.15,
               outline=None) -> None:
    x0 = centre[0] - (total - 1) * size * gap / 2
    for i in range(total):
        c = (x0 + i * size * gap, centre[1])
        if outline is not None:
            star(surface, c, size * 1.3, outline)
        if i < earned:
            star(surface, c, size, theme.ACCENT)
        else:
            star(surface, c, size, theme.TEXT_DIM, filled=False)


def ship_box(port, rest, size: float) -> pygame.Rect:
    """The rectangle the chart's ship of ``size`` covers resting ``rest`` (dx, dy) off
    ``port``: hull and sails, with room for its swell and list."""
    x, y = port[0] + rest[0], port[1] + rest[1]
    return pygame.Rect(int(x - size * 0.6), int(y - size * 1.0), int(size * 1.2),
                       int(size * 1.35))


def draw_chart_ship(surface, pos, size: float, t: float) -> None:
    """The player's ship on the chart: a little sailing boat riding the swell."""
    x, y = pos
    t = motion.still(t)
    y += math.sin(t * 2.4) * size * 0.08
    tilt = math.sin(t * 1.7) * 0.08
    s = size

    def rot(px, py):
        return (x + px * math.cos(tilt) - py * math.sin(tilt),
                y + px * math.sin(tilt) + py * math.cos(tilt))
    hull = [rot(-0.55 * s, 0), rot(0.55 * s, 0), rot(0.38 * s, 0.25 * s), rot(-0.4 * s, 0.25 * s)]
    sail = [rot(-0.05 * s, -0.05 * s), rot(-0.05 * s, -0.85 * s), rot(0.42 * s, -0.08 * s)]
    jib = [rot(-0.12 * s, -0.05 * s), rot(-0.12 * s, -0.7 * s), rot(-0.45 * s, -0.08 * s)]
    pygame.draw.polygon(surface, (90, 52, 30), hull)
    pygame.draw.polygon(surface, (40, 24, 14), hull, 2)
    pygame.draw.polygon(surface, (240, 236, 220), sail)
    pygame.draw.polygon(surface, (220, 214, 196), jib)
    pygame.draw.line(surface, (60, 40, 24), rot(-0.08 * s, 0), rot(-0.08 * s, -0.92 * s), 2)
    pygame.draw.polygon(surface, theme.BAD, [rot(-0.08 * s, -0.92 * s), rot(0.12 * s, -0.86 * s),
                                             rot(-0.08 * s, -0.8 * s)])


def draw_compass(surface, centre, size: float, t: float, px: int) -> None:
    """The chart's compass rose in ink on the paper, swaying a little with the sea: eight
    points, north in red, "N" above it."""
    x, y = centre
    t = motion.still(t)
    pygame.draw.circle(surface, INK_SOFT, (x, y), size * 0.72, 1)
    pygame.draw.circle(surface, INK_SOFT, (x, y), size * 0.62, 1)
    wobble = math.sin(t * 0.9) * 0.06
    for k in range(8):
        a = wobble + k * math.pi / 4
        long = k % 2 == 0
        reach = size if long else size * 0.62
        width = 0.2 if long else 0.16
        tip = (x + math.sin(a) * reach, y - math.cos(a) * reach)
        left = (x + math.sin(a - 1.3) * reach * width, y - math.cos(a - 1.3) * reach * width)
        right = (x + math.sin(a + 1.3) * reach * width, y - math.cos(a + 1.3) * reach * width)
        fill = ROUTE_LIT if k == 0 else (INK if long else (196, 176, 140))
        pygame.draw.polygon(surface, fill, [tip, left, (x, y)])
        pygame.draw.polygon(surface, (240, 228, 196) if k else (236, 150, 130),
                            [tip, right, (x, y)])
        pygame.draw.polygon(surface, INK, [tip, left, right], 1)
    pygame.draw.circle(surface, INK, (x, y), max(2, size * 0.06))
    text.draw(surface, "N", (x + math.sin(wobble) * size * 1.3, y - math.cos(wobble) * size * 1.3),
              px, INK, "center")


def draw_notice(surface, words: str, chart: pygame.Rect, px: int) -> pygame.Rect:
    """A paper plate across the foot of the chart with ``words`` in red ink (a voyage not
    yet open says what opens it)."""
    lines = text.wrap(words, px, int(chart.w * 0.8))
    h = int(len(lines) * px * 1.25 + px)
    plate = pygame.Rect(0, 0, int(chart.w * 0.86), h)
    plate.midbottom = (chart.centerx, chart.bottom - int(chart.h * 0.06))
    pygame.draw.rect(surface, (248, 238, 208), plate, border_radius=6)
    pygame.draw.rect(surface, ROUTE_LIT, plate, 2, border_radius=6)
    y = plate.y + px * 0.5
    for line in lines:
        text.draw(surface, line, (plate.centerx, y), px, ROUTE_LIT, "midtop")
        y += px * 1.25
    return plate
