"""The arcade arsenal on Classic's battle screen (RULES.md §A, issue 36): each side's row of
weapons with their charges, the chosen weapon's target shape over the enemy field, what a
radar showed (a deck, a mine, a minesweeper, an air defence: each its own shape), the squares
swept, the air defences, and two effects of their own: the radar's rotating beam and the bomber
flying its line (the air strike's planes, the bombs, tracers, flak and the atomic column are
``render.strike``'s, as Naval and «Кораблики» draw them).

Everything is sized to the board's cell and moves on elapsed time. Nothing here knows the
rules: the scene says what to draw.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from . import frame_log, motion, text, theme
from .board import BoardGeometry, draw_mine, draw_sweeper
from .cache import Lru
from .widgets import tint
from .easing import Timed, smooth
from .effects import glow
from .strike import BOMB_FALL, CRUISE, _blit_centred, _heading_q
from .strike_sprites import plane_sprite

Pos = tuple[float, float]

RADAR_SPAN = 1.3          # seconds the radar's beam turns over its square
DEFENCE = (232, 196, 92)  # an air defence's mount


# --- the row of weapons -------------------------------------------------------------------

def chip_rects(area: pygame.Rect, n: int) -> list[pygame.Rect]:
    """``n`` chips side by side across ``area`` (a little gap between them)."""
    gap = max(3, area.h // 6)
    w = (area.w - gap * (n - 1)) // n
    return [pygame.Rect(area.x + i * (w + gap), area.y, w, area.h) for i in range(n)]


def chip_width(h: int, key: bool) -> int:
    """The width a chip ``h`` high needs for its picture, ``×9`` and (``key``) its key, as
    ``draw_chip`` sets them."""
    s = h - 6
    px = max(10, int(h * 0.55))
    width = 4 + s + 3 + text.size("×9", px)[0] + 4
    return width + (text.size("9", max(9, int(px * 0.8)))[0] + 4 if key else 0)


def row_area(grid: pygame.Rect, bottom: int, h: int, n: int, window_w: int,
             margin: int) -> pygame.Rect:
    """Where a side's row of ``n`` chips ``h`` high lies, its foot at ``bottom``: as wide as
    its field, or wider where a field shrank under a larger text (issue 38), so each chip holds
    its picture, count and key; centred under the field, never over the window's middle or its
    edge."""
    gap = max(3, h // 6)                                   # (as chip_rects spaces them)
    need = n * (chip_width(h, True) + gap) - gap
    half = window_w // 2
    lo, hi = (margin, half - margin) if grid.centerx < half else (half + margin,
                                                                   window_w - margin)
    width = min(max(grid.w, need), hi - lo)
    x = min(max(lo, grid.centerx - width // 2), hi - width)
    return pygame.Rect(x, bottom - h, width, h)


_rows = Lru(16)


def draw_row(surface, chips, stock: dict, chosen, keys: str, live: bool, colour) -> None:
    """A side's whole row (``chips``: (weapon, rect) pairs) drawn once per state and kept: a
    frame blits it."""
    if not chips:
        return
    area = chips[0][1].unionall([r for _, r in chips])
    key = (tuple((w, tuple(r)) for w, r in chips), tuple(sorted(stock.items())), chosen, keys,
           live, colour)
    surf = _rows.get(key)
    if surf is None:
        surf = pygame.Surface(area.size, pygame.SRCALPHA)
        for i, (weapon, rect) in enumerate(chips):
            draw_chip(surf, rect.move(-area.x, -area.y), weapon, stock.get(weapon, 0),
                      weapon == chosen, keys[i] if i < len(keys) else "", live, colour)
        surf = _rows.keep(key, surf)
    surface.blit(surf, area.topleft)


def draw_chip(surface, rect: pygame.Rect, weapon: str, charges: int, chosen: bool,
              key: str, live: bool, colour) -> None:
    """One weapon of a side's arsenal: its picture, ``×charges`` and, for the person's own,
    the key that chooses it; ``chosen`` lit, a weapon with no charge dimmed; ``live``: this
    side may use it now (its own, on its turn)."""
    edge = theme.CURSOR if chosen else (colour if live and charges else theme.TEXT_DIM)
    pygame.draw.rect(surface, theme.PANEL_EDGE if chosen else theme.PANEL, rect,
                     border_radius=max(3, rect.h // 4))
    pygame.draw.rect(surface, edge, rect, 2 if chosen else 1, border_radius=max(3, rect.h // 4))
    frame_log.box(surface, rect, "weapon chip")
    s = rect.h - 6
    icon = pygame.Rect(rect.x + 4, rect.y + 3, s, s)
    draw_icon(surface, icon, weapon, colour if charges else theme.TEXT_DIM)
    px = max(10, int(rect.h * 0.55))
    words = f"×{charges}"
    text.draw(surface, words, (icon.right + 3, rect.centery), px,
              theme.TEXT if charges else theme.TEXT_DIM, "midleft")
    if key and rect.w > s + px * 3:
        text.draw(surface, key, (rect.right - 4, rect.centery), max(9, int(px * 0.8)),
                  theme.TEXT_DIM, "midright")


def draw_icon(surface, r: pygame.Rect, weapon: str, colour) -> None:
    """A weapon's picture in ``r``: the radar's dish and waves, a plane (the air strike), a
    heavy bomber over its line, the atomic trefoil, the air defence's mount and barrels."""
    cx, cy, s = r.centerx, r.centery, r.w
    w = max(1, s // 12)
    if weapon == "radar":
        pygame.draw.arc(surface, colour, pygame.Rect(cx - s * 0.45, cy - s * 0.2, s * 0.7,
                                                     s * 0.7), math.pi * 0.6, math.pi * 1.6, w + 1)
        pygame.draw.line(surface, colour, (cx - s * 0.1, cy + s * 0.15), (cx + s * 0.2,
                                                                           cy - s * 0.15), w)
        for k in (0.25, 0.4):
            pygame.draw.arc(surface, colour, pygame.Rect(cx - s * k, cy - s * 0.15 - s * k,
                                                         s * k * 2, s * k * 2), 0.1, 1.4, w)
    elif weapon in ("air_strike", "bomber"):
        spr = plane_sprite(s * (0.9 if weapon == "air_strike" else 1.0), 0, colour)
        _blit_centred(surface, spr, (cx, cy - (s * 0.08 if weapon == "bomber" else 0)))
        if weapon == "bomber":
            for i in range(4):
                pygame.draw.circle(surface, colour, (r.x + s * (0.2 + 0.2 * i), cy + s * 0.38),
                                   max(1, s // 14))
    elif weapon == "atomic":
        pygame.draw.circle(surface, colour, (cx, cy), s * 0.12)
        for k in range(3):
            a0 = k * math.tau / 3 - math.pi / 2 - 0.5
            pts = [(cx, cy)] + [(cx + math.cos(a0 + j * 0.1) * s * 0.45,
                                 cy + math.sin(a0 + j * 0.1) * s * 0.45) for j in range(11)]
            pygame.draw.polygon(surface, colour, pts)
        pygame.draw.circle(surface, theme.PANEL, (cx, cy), s * 0.18, max(1, s // 16))
        pygame.draw.circle(surface, colour, (cx, cy), s * 0.1)
    else:
        draw_defence_at(surface, (cx, cy), s, colour)


def draw_defence_at(surface, centre: Pos, size: float, colour=DEFENCE, spent=False) -> None:
    """An air defence: a round mount with two barrels raised; a spent one black and broken."""
    cx, cy = centre
    r = max(3, size * 0.24)
    body = (60, 56, 50) if spent else colour
    w = max(2, int(size / 10))
    for dx in (-0.12, 0.12):
        end = (cx + size * (dx + 0.18), cy - size * 0.4) if not spent else \
            (cx + size * (dx + 0.3), cy - size * 0.05)
        pygame.draw.line(surface, body, (cx + size * dx, cy), end, w)
    pygame.draw.circle(surface, body, (cx, cy + size * 0.08), r)
    pygame.draw.circle(surface, (20, 24, 30), (cx, cy + size * 0.08), r, 1)
    if spent:
        pygame.draw.line(surface, theme.BAD, (cx - r, cy - r), (cx + r, cy + r * 1.2), 2)


# --- on the fields --------------------------------------------------------------------------

def draw_aim(surface, geo: BoardGeometry, cells, ok: bool, t: float) -> None:
    """The chosen weapon's cells over the enemy field, breathing; red where it cannot go,
    and crossed out (issue 38: not by its colour alone)."""
    colour = theme.AIM_OK if ok else theme.AIM_OFF
    a = 60 + int(30 * (0.5 + 0.5 * math.sin(motion.still(t) * 5)))
    for c in cells:
        surface.blit(tint((geo.cell, geo.cell), (*colour, a)), geo.cell_rect(c).topleft)
    if cells:
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        box = geo.cell_rect((min(xs), min(ys))).union(geo.cell_rect((max(xs), max(ys))))
        pygame.draw.rect(surface, colour, box, max(2, geo.cell // 14),
                         border_radius=geo.cell // 6)
        if not ok:
            inner = box.inflate(-geo.cell // 3, -geo.cell // 3)
            strokes = ((inner.topleft, inner.bottomright), (inner.topright, inner.bottomleft))
            for ink, width in ((theme.BG, max(3, geo.cell // 6)), (colour, max(2, geo.cell // 12))):
                for a, b in strokes:
                    pygame.draw.line(surface, ink, a, b, width)


def draw_seen(surface, geo: BoardGeometry, seen: dict) -> None:
    """What the radar showed, not shot yet (§A): a deck as a ghostly hull, a mine, a
    minesweeper, an air defence, each in the radar's green rim so it reads as "seen"."""
    for c, kind in seen.items():
        r = geo.cell_rect(c)
        surface.blit(tint((geo.cell, geo.cell), (*theme.RADAR, 40)), r.topleft)
        if kind == "deck":
            hull = r.inflate(-geo.cell // 4, -geo.cell // 3)
            pygame.draw.rect(surface, (150, 170, 180), hull, border_radius=hull.h // 2)
            pygame.draw.rect(surface, theme.RADAR, hull, max(1, geo.cell // 16),
                             border_radius=hull.h // 2)
        elif kind == "mine":
            draw_mine(surface, geo, c, False)
        elif kind == "sweeper":
            draw_sweeper(surface, geo, c)
        else:
            draw_defence_at(surface, geo.center(c), geo.cell * 0.8)
        pygame.draw.rect(surface, theme.RADAR, r.inflate(-2, -2), 1, border_radius=geo.cell // 6)


def draw_swept(surface, geo: BoardGeometry, centres, cols: int, rows: int) -> None:
    """The squares radars have swept on a field (§A: its owner sees which): a dashed green
    frame round each 3×3."""
    for x, y in centres:
        x0, y0 = max(0, x - 1), max(0, y - 1)
        x1, y1 = min(cols - 1, x + 1), min(rows - 1, y + 1)
        box = geo.cell_rect((x0, y0)).union(geo.cell_rect((x1, y1))).inflate(-2, -2)
        dash = max(3, geo.cell // 5)
        w = max(1, geo.cell // 18)
        for a, b in ((box.topleft, box.topright), (box.bottomleft, box.bottomright),
                     (box.topleft, box.bottomleft), (box.topright, box.bottomright)):
            n = max(1, int(math.dist(a, b) // (dash * 2)))
            for i in range(n):
                k0, k1 = i / n, (i + 0.5) / n
                pygame.draw.line(surface, theme.RADAR, (a[0] + (b[0] - a[0]) * k0,
                                                 a[1] + (b[1] - a[1]) * k0),
                                 (a[0] + (b[0] - a[0]) * k1, a[1] + (b[1] - a[1]) * k1), w)


def draw_defences(surface, geo: BoardGeometry, cells, spent) -> None:
    """Air defences on a field: live ones on their mount, spent ones broken."""
    for c in cells:
        draw_defence_at(surface, geo.center(c), geo.cell * 0.8, spent=c in spent)


# --- effects --------------------------------------------------------------------------------

@dataclass
class RadarSweep(Timed):
    """The radar's beam turning over its square (``rect``, in pixels): a bright arm with a
    fading wedge behind it, the square's frame lit and rings going out from the centre."""

    rect: pygame.Rect
    span: float = RADAR_SPAN
    t: float = 0.0

    def draw(self, surface, ox: float, oy: float) -> None:
        if motion.reduced():       # no turning beam: the square lit, fading in and out
            self._draw_still(surface, ox, oy)
            return
        fade = 1 - smooth((self.t - self.span * 0.8) / (self.span * 0.2))
        if fade <= 0:
            return
        r = self.rect.move(ox, oy)
        cx, cy = r.center
        rad = math.hypot(r.w, r.h) / 2
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        layer.fill((*theme.RADAR, int(40 * fade)))
        angle = self.t / self.span * math.tau * 1.5 - math.pi / 2
        lx, ly = r.w / 2, r.h / 2
        for i in range(10):                       # the wedge behind the arm, fading
            a0 = angle - (i + 1) * 0.09
            a1 = angle - i * 0.09
            pts = [(lx, ly), (lx + math.cos(a0) * rad, ly + math.sin(a0) * rad),
                   (lx + math.cos(a1) * rad, ly + math.sin(a1) * rad)]
            pygame.draw.polygon(layer, (*theme.RADAR, int((150 - 13 * i) * fade)), pts)
        pygame.draw.line(layer, (*theme.RADAR, int(240 * fade)), (lx, ly),
                         (lx + math.cos(angle) * rad, ly + math.sin(angle) * rad),
                         max(2, r.w // 40))
        for k in (0.35, 0.7):
            pygame.draw.circle(layer, (*theme.RADAR, int(120 * fade)), (lx, ly), rad * k, 1)
        surface.blit(layer, r.topleft)
        pygame.draw.rect(surface, theme.RADAR, r, max(2, r.w // 60), border_radius=r.w // 20)
        _blit_centred(surface, glow(max(3, r.w * 0.06), theme.RADAR, 8), (cx, cy),
                      pygame.BLEND_RGB_ADD)

    def _draw_still(self, surface, ox: float, oy: float) -> None:
        k = motion.fade_in_out(self.t / self.span)
        if k <= 0:
            return
        r = self.rect.move(ox, oy)
        surface.blit(tint(r.size, (*theme.RADAR, int(8 * k) * 9)), r.topleft)   # a few cached shades
        pygame.draw.rect(surface, tuple(int(c * k) for c in theme.RADAR), r, max(2, r.w // 60),
                         border_radius=r.w // 20)


@dataclass
class Bomber:
    """The heavy bomber flying its line: from ``start`` to ``end`` (pixels, along a row or a
    column) at ``speed`` pixels a second, ``cell`` pixels a cell; ``down_at`` seconds in, an
    air defence hits it: it burns, spins and falls short (``FALL`` seconds)."""

    start: Pos
    end: Pos
    speed: float
    cell: int
    roundel: tuple = (90, 200, 255)
    down_at: float | None = None
    t: float = 0.0

    FALL = 0.9

    @property
    def length(self) -> float:
        return math.dist(self.start, self.end)

    @property
    def span(self) -> float:
        if self.down_at is not None:
            return self.down_at + self.FALL
        return self.length / self.speed

    @property
    def done(self) -> bool:
        return self.t >= self.span

    def at(self, t: float) -> Pos:
        k = min(1.0, t * self.speed / max(1.0, self.length))
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k)

    def heading(self) -> int:
        return int(math.degrees(math.atan2(self.end[1] - self.start[1],
                                           self.end[0] - self.start[0]))) % 360

    def where(self) -> tuple[Pos, float, int]:
        """Position, height (cells) and heading now."""
        if self.down_at is None or self.t < self.down_at:
            return self.at(self.t), CRUISE, self.heading()
        since = min(self.t - self.down_at, self.FALL)
        k = since / self.FALL
        pos = self.at(self.down_at + since * 0.5)
        return pos, CRUISE * (1 - k * k), self.heading() + int(since * 380)

    def draw(self, surface, ox: float, oy: float) -> None:
        if motion.reduced():       # it flies unseen: where its bombs fall, fades show
            return
        (x, y), alt, heading = self.where()
        c = self.cell
        shadow = plane_sprite(c * 1.5, _heading_q(heading), (0, 0, 0), True)
        _blit_centred(surface, shadow, (x + alt * c * 0.55 + ox, y + alt * c * 0.75 + oy))
        spr = plane_sprite(c * (1.5 + 0.25 * alt), _heading_q(heading), self.roundel)
        fade = min(1.0, self.t / 0.2)
        if self.down_at is None:
            fade = min(fade, max(0.0, (self.span - self.t) / 0.2))
        if fade < 1:
            spr = spr.copy()
            spr.set_alpha(int(255 * fade))
        _blit_centred(surface, spr, (x + ox, y + oy))
        if self.down_at is not None and self.t >= self.down_at:
            _blit_centred(surface, glow(max(2, c * 0.3), (255, 130, 40), 7), (x + ox, y + oy),
                          pygame.BLEND_RGB_ADD)


@dataclass
class Scorch(Timed):
    """The atomic bomb's 5×5 on the field (``rects``: its cells in pixels), white-hot at first
    and cooling to a char that fades as the cues end."""

    rects: tuple
    span: float = 3.6
    t: float = 0.0

    def draw(self, surface, ox: float, oy: float) -> None:
        k = round(min(1.0, self.t / self.span) * 16) / 16    # a few shades: cached tints
        heat = (255, int(40 + 180 * (1 - k)), int(20 + 80 * (1 - k)), int(190 * (1 - k * k)))
        for r in self.rects:
            surface.blit(tint(r.size, heat), (r.x + ox, r.y + oy))


__all__ = ["BOMB_FALL", "Bomber", "RadarSweep", "Scorch", "chip_rects",
           "draw_aim", "draw_chip", "draw_row", "draw_defences", "draw_icon", "draw_seen",
           "draw_swept"]
