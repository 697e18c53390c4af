"""The portrait of a campaign opponent: a sea captain's head and shoulders in a gold-framed
medallion, drawn from the few features of ``game.data.portrait`` (hat, beard, colours, eye patch,
pipe, monocle, ghost, medals).

Drawing is done once per (features, size, locked) into a cached image: the figure is drawn with
pygame primitives on a canvas several times larger than the portrait, outlined, clipped to the
oval and shrunk with ``smoothscale`` (which smooths every edge). Each frame then costs one blit,
plus a small patch of closed eyes when the captain blinks, a few smoke puffs over a pipe and,
for the Flying Dutchman, a flickering translucent figure (three blits).

Everything is deterministic: what varies between captains (eye colour, blink rhythm, nose) comes
from a checksum of the features, what moves comes from ``t``.
"""

from __future__ import annotations

import math
import zlib

import pygame

from ..data.portrait import MAX_MEDALS, colour, portrait

Colour = tuple[int, int, int]
Point = tuple[float, float]

_CACHE: dict = {}
_CACHE_LIMIT = 64
_PUFFS: dict = {}

# The medallion, in design units (the portrait is 100 x 100 units).
_FRAME_RX, _FRAME_RY = 48.0, 49.4
_INNER_RX, _INNER_RY = 42.6, 44.0
# The face: its centre, the eyes, the bowl of the pipe (where smoke starts).
_HX, _HY = 50.0, 46.0
_EYE_Y = 47.0
_EYE_DX = 6.9
_BOWL = (66.0, 61.0)
_BLINK_BOX = (34.0, 40.5, 32.0, 11.5)  # x, y, w, h around both eyes

_GOLD = (236, 188, 72)
_GOLD_DARK = (150, 100, 30)
_GOLD_LIGHT = (255, 232, 150)
_INK = (22, 18, 26)
_WHITE = (246, 244, 236)
_HAT_BLACK = (38, 36, 46)
_MEDAL_METAL = ((240, 196, 70), (206, 214, 226), (214, 130, 70))
_RIBBONS = (((200, 40, 50), (250, 250, 250)), ((40, 90, 190), (240, 200, 60)),
            ((40, 150, 80), (250, 250, 250)), ((230, 120, 30), (30, 30, 30)),
            ((120, 60, 170), (240, 200, 60)))
_IRISES = ((70, 120, 185), (105, 70, 40), (70, 130, 90), (90, 100, 110), (60, 90, 150))


# --- colour helpers ---------------------------------------------------------------------------

def _mix(a: Colour, b: Colour, k: float) -> Colour:
    return tuple(max(0, min(255, round(x + (y - x) * k))) for x, y in zip(a, b))


def _shade(c: Colour, k: float) -> Colour:
    """``k`` < 1 darkens towards black, > 1 lightens towards white."""
    return _mix(c, (0, 0, 0), 1 - k) if k < 1 else _mix(c, (255, 255, 255), k - 1)


def _lum(c: Colour) -> float:
    return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]


def _ghostly(c: Colour) -> Colour:
    """The Flying Dutchman's colours: pale sea-green, keeping only the lightness."""
    level = _lum(c) / 255
    return _mix((34, 96, 80), (214, 255, 232), 0.2 + 0.8 * level)


class _Palette:
    def __init__(self, spec: dict, ghost: bool):
        tone = _ghostly if ghost else (lambda c: c)
        skin, hair, coat = colour(spec["skin"]), colour(spec["hair"]), colour(spec["coat"])
        white_beard = spec["beard"] == "white"
        beard = (236, 234, 226) if white_beard else hair
        self.ghost = ghost
        self.skin = tone(skin)
        self.skin_shade = tone(_mix(_shade(skin, 0.8), (150, 60, 60), 0.08))
        self.skin_light = tone(_shade(skin, 1.12))
        self.cheek = tone(_mix(skin, (236, 104, 96), 0.32))
        self.nose = tone(_mix(_shade(skin, 0.86), (210, 90, 80), 0.12))
        self.hair = tone(hair)
        self.hair_dark = tone(_shade(hair, 0.68))
        self.hair_light = tone(_shade(hair, 1.25))
        self.beard = tone(beard)
        self.beard_dark = tone(_shade(beard, 0.78 if white_beard else 0.66))
        self.beard_light = tone(_shade(beard, 1.2))
        self.brow = tone(_mix(beard, (255, 255, 255), 0.1) if white_beard else _shade(hair, 0.72))
        self.stubble = tone(_mix(skin, _shade(hair, 0.8), 0.4))
        self.coat = tone(coat)
        self.coat_dark = tone(_shade(coat, 0.62))
        self.coat_light = tone(_shade(coat, 1.28))
        self.gold = tone(_GOLD)
        self.gold_dark = tone(_GOLD_DARK)
        self.gold_light = tone(_GOLD_LIGHT)
        self.white = tone(_WHITE)
        self.white_shade = tone((196, 200, 210))
        self.ink = tone(_INK) if not ghost else (20, 58, 50)
        self.hat = tone(_HAT_BLACK)
        self.hat_light = tone((84, 82, 100))
        self.mouth = tone((120, 44, 44))
        self.lips = tone(_mix(skin, (190, 80, 80), 0.45))
        self.tone = tone
        if ghost:  # hollow eyes with a cold glow
            self.eye_white = (16, 40, 36)
            self.iris = (170, 255, 210)
            self.pupil = (235, 255, 240)
        else:
            self.eye_white = (250, 250, 246)
            self.iris = _IRISES[_checksum(spec) % len(_IRISES)]
            self.pupil = (18, 18, 28)


def _checksum(spec: dict) -> int:
    return zlib.crc32(repr(_key_of(spec)).encode())


# --- geometry helpers -------------------------------------------------------------------------

def _quad(p0: Point, p1: Point, p2: Point, n: int = 10) -> list[Point]:
    """A quadratic Bezier curve from p0 to p2 (pulled towards p1), p0 left out."""
    out = []
    for i in range(1, n + 1):
        s = i / n
        a, b, c = (1 - s) ** 2, 2 * (1 - s) * s, s * s
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _path(start: Point, *curves) -> list[Point]:
    """A closed outline: a start point, then points or (control, end) pairs for curves."""
    pts = [start]
    for c in curves:
        if isinstance(c[0], tuple):
            pts += _quad(pts[-1], c[0], c[1])
        else:
            pts.append(c)
    return pts


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 16):
    """Points of an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def _mirror(pts: list[Point]) -> list[Point]:
    return [(100 - x, y) for x, y in pts]


def _rotate(pts: list[Point], about: Point, degrees: float) -> list[Point]:
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    ox, oy = about
    return [(ox + (x - ox) * ca - (y - oy) * sa, oy + (x - ox) * sa + (y - oy) * ca) for x, y in pts]


class _Pen:
    """Draws on a surface in design units (0..100 across)."""

    def __init__(self, surface: pygame.Surface, size: int):
        self.s = surface
        self.k = surface.get_width() / 100.0
        self.size = size  # the final size in pixels: tells which details are worth drawing
        # line widths that stay visible after shrinking, but do not grow fat on big portraits
        self.lw = max(0.6, 70.0 / size)
        self.detail = size >= 90

    def p(self, pt: Point) -> tuple[int, int]:
        return round(pt[0] * self.k), round(pt[1] * self.k)

    def ellipse(self, col, cx, cy, rx, ry, width: float = 0):
        r = pygame.Rect(round((cx - rx) * self.k), round((cy - ry) * self.k),
                        max(1, round(2 * rx * self.k)), max(1, round(2 * ry * self.k)))
        pygame.draw.ellipse(self.s, col, r, max(1, round(width * self.k)) if width else 0)

    def circle(self, col, cx, cy, r, width: float = 0):
        pygame.draw.circle(self.s, col, self.p((cx, cy)), max(1, round(r * self.k)),
                           max(1, round(width * self.k)) if width else 0)

    def poly(self, col, pts, outline=None, width: float | None = None):
        pygame.draw.polygon(self.s, col, [self.p(q) for q in pts])
        if outline is not None:
            self.stroke(outline, pts + [pts[0]], width)

    def stroke(self, col, pts, width: float | None = None):
        """A polyline with round joints and ends."""
        w = self.lw if width is None else width
        px = max(1, round(w * self.k))
        ipts = [self.p(q) for q in pts]
        if len(ipts) > 1:
            pygame.draw.lines(self.s, col, False, ipts, px)
        if px > 2:
            for q in ipts:
                pygame.draw.circle(self.s, col, q, px / 2)

    def rect(self, col, x, y, w, h, radius: float = 0):
        pygame.draw.rect(self.s, col, pygame.Rect(round(x * self.k), round(y * self.k),
                                                  max(1, round(w * self.k)), max(1, round(h * self.k))),
                         0, round(radius * self.k))


# --- the background and the frame -------------------------------------------------------------

def _draw_background(pen: _Pen, pal: _Palette, spec: dict, locked: bool) -> None:
    s = pen.s
    size = s.get_width()
    horizon = 0.64
    if locked:
        top, mid, sea_top, sea_bottom = (36, 46, 66), (48, 60, 82), (30, 40, 58), (18, 26, 40)
    elif pal.ghost:
        top, mid, sea_top, sea_bottom = (6, 16, 22), (22, 50, 50), (14, 38, 40), (4, 14, 18)
    else:
        top, mid, sea_top, sea_bottom = (52, 104, 168), (150, 196, 226), (44, 108, 168), (14, 48, 96)
    h_px = round(horizon * size)
    for y in range(size):
        if y < h_px:
            c = _mix(top, mid, (y / max(1, h_px)) ** 1.4)
        else:
            c = _mix(sea_top, sea_bottom, (y - h_px) / max(1, size - h_px))
        pygame.draw.line(s, c, (0, y), (size, y))
    if locked:
        return
    # a pale glow behind the head
    glow, strength = ((90, 190, 150), 0.35) if pal.ghost else ((236, 244, 250), 0.5)
    for i in range(10):
        k2 = i / 10
        base = _mix(top, mid, 0.55)
        pen.ellipse(_mix(base, glow, 0.06 + strength * k2 * k2), 50, 42, 38 - 26 * k2, 34 - 23 * k2)
    if pal.ghost:  # a pale moon and bands of fog
        pen.circle((214, 240, 222), 22, 24, 7.5)
        pen.circle((180, 214, 196), 20, 22.5, 1.6)
        pen.circle((180, 214, 196), 24.5, 27, 1.1)
        for y, x0, x1 in ((57, 4, 44), (61, 58, 98), (70, 10, 40), (74, 62, 90)):
            pen.stroke((92, 150, 132), [(x0, y), (x1, y)], 2.2)
    # the horizon line and a few wave crests
    line_y = horizon * 100 + 0.3
    pen.stroke(_mix(sea_top, (255, 255, 255), 0.3), [(0, line_y), (100, line_y)], 0.8)
    crest = _mix(sea_top, (255, 255, 255), 0.25)
    for (x, y, w) in ((14, 70, 7), (80, 68, 8), (22, 80, 6), (76, 79, 6), (10, 88, 5), (88, 88, 5)):
        pen.stroke(crest, _arc(x, y + 2, w / 2, 2, 200, 340, 6), max(0.7, pen.lw * 0.9))
    if pen.detail and not pal.ghost:  # a distant sail on the horizon, a gull in the sky
        side = 14 if _checksum(spec) % 2 else 84
        pen.poly((236, 236, 228), [(side, 59.5), (side, 63.4), (side + 3.2, 63.4)])
        pen.poly((70, 56, 50), [(side - 2.4, 63.6), (side + 4.2, 63.6), (side + 3.2, 64.6),
                                (side - 1.6, 64.6)])
        gx = 100 - side + (4 if side < 50 else -4)
        pen.stroke((60, 80, 110), _arc(gx - 1.6, 17, 1.6, 1.2, 200, 340, 6) +
                   _arc(gx + 1.6, 17, 1.6, 1.2, 200, 340, 6), 0.6)


def _draw_frame(pen: _Pen, locked: bool, ghost: bool) -> None:
    if locked:
        dark, mid, light = (40, 46, 56), (88, 96, 110), (128, 138, 152)
    elif ghost:
        dark, mid, light = (40, 70, 64), (120, 170, 150), (200, 240, 220)
    else:
        dark, mid, light = (110, 70, 24), (214, 164, 64), (255, 230, 150)
    w = max(0.0, pen.lw - 0.6)  # thicker rings on small portraits
    pen.ellipse(dark, 50, 50, _FRAME_RX, _FRAME_RY)
    pen.ellipse(mid, 50, 50, _FRAME_RX - 0.9 - w * 0.2, _FRAME_RY - 0.9 - w * 0.2)
    pen.ellipse(light, 50, 50, _FRAME_RX - 2.3, _FRAME_RY - 2.3)
    pen.ellipse(mid, 50, 50, _FRAME_RX - 2.9 + w * 0.3, _FRAME_RY - 2.9 + w * 0.3)
    pen.ellipse(dark, 50, 50, _INNER_RX + 1.0, _INNER_RY + 1.0)
    pen.ellipse((0, 0, 0, 0), 50, 50, _INNER_RX, _INNER_RY)
    if pen.detail:  # four studs on the frame
        for a in (0, 90, 180, 270):
            x = 50 + (_FRAME_RX - 2.7) * math.cos(math.radians(a))
            y = 50 + (_FRAME_RY - 2.7) * math.sin(math.radians(a))
            pen.circle(dark, x, y, 2.2)
            pen.circle(light, x, y, 1.5)
            pen.circle(mid, x + 0.3, y + 0.3, 0.9)


# --- the figure -------------------------------------------------------------------------------

def _outfit(spec: dict) -> str:
    return {"cap": "sailor", "peaked": "officer", "bicorne": "admiral", "tricorne": "gentleman",
            "pirate": "pirate", "ushanka": "fur", "sou-wester": "oilskin"}.get(spec["hat"], "plain")


def _young(spec: dict) -> bool:
    return spec["beard"] == "none" and spec["hat"] in ("cap", "none") and not spec["patch"]


def _draw_figure(pen: _Pen, pal: _Palette, spec: dict, closed: bool) -> None:
    young = _young(spec)
    _draw_back_hair(pen, pal, spec)
    _draw_body(pen, pal, spec)
    _draw_head(pen, pal, spec, young)
    _draw_eyes(pen, pal, spec, young, closed)
    _draw_mouth_and_beard(pen, pal, spec, young)
    if spec["patch"]:
        _draw_patch(pen, pal)
    if spec["monocle"]:
        _draw_monocle(pen, pal, spec)
    _draw_hair_front(pen, pal, spec, young)
    _draw_hat(pen, pal, spec)


def _draw_back_hair(pen: _Pen, pal: _Palette, spec: dict) -> None:
    if spec["hat"] == "cap":  # the cap's ribbons hang down behind the head
        band = pal.tone((30, 36, 62))
        for dx in (0, 3.2):
            rib = [(58 + dx, 27), (61 + dx, 27), (70.5 + dx, 55), (68.6 + dx, 53.2), (67.4 + dx, 55.8)]
            pen.poly(band, rib, pal.ink, pen.lw * 0.6)
            pen.circle(pal.gold, 69.2 + dx, 54.4, 0.8)
    if spec["hat"] == "none" and spec["beard"] == "white":  # bald, white tufts at the sides
        for side in (1, -1):
            pen.ellipse(pal.ink, _HX + side * 16.2, 40.5, 5.2 + pen.lw * 0.6, 8.0 + pen.lw * 0.6)
            pen.ellipse(pal.hair_dark, _HX + side * 16.2, 40.5, 5.2, 8.0)
            pen.ellipse(pal.hair, _HX + side * 16.6, 39.8, 4.2, 6.8)
    else:
        pen.ellipse(pal.hair_dark, _HX, _HY - 5, 19.2, 19.0)
    if spec["hat"] == "pirate" or (spec["hat"] == "tricorne" and spec["beard"] in ("full", "white")):
        for side in (1, -1):  # long locks down to the shoulders
            x = _HX + side * 16.5
            pen.ellipse(pal.hair_dark, x - 2.4 * side, 56, 6.2, 14)
            pen.ellipse(pal.hair, x - 2.0 * side, 55, 4.6, 12.4)


def _draw_body(pen: _Pen, pal: _Palette, spec: dict) -> None:
    outfit = _outfit(spec)
    # neck
    pen.rect(pal.skin_shade, _HX - 7.2, 56, 14.4, 18)
    # the coat: shoulders as a wide dome
    body = _path((4, 104), (6, 84), ((8, 74), (26, 71.5)), (40, 68), (60, 68), (74, 71.5),
                 ((92, 74), (94, 84)), (96, 104))
    pen.poly(pal.coat, body, pal.ink, pen.lw)
    pen.poly(pal.coat_light, _path((10, 80), ((12, 75), (26, 73.5)), (30, 74.5), ((18, 77), (13, 86))))
    collar_pts = [(41, 68), (50, 85), (59, 68)]
    if outfit in ("sailor", "fur", "plain"):
        # a striped sailor's vest in the neck of the coat
        pen.poly(pal.white, collar_pts)
        stripe = pal.tone((34, 50, 110)) if outfit != "fur" else pal.tone((40, 50, 90))
        for y in (70.5, 74.5, 78.5, 82.5):
            half = 9 * (85 - y) / 17
            pen.stroke(stripe, [(50 - half + 0.8, y), (50 + half - 0.8, y)], 1.6)
        if outfit == "sailor":  # the square collar's edge, white tapes down the front
            for side in (1, -1):
                pen.stroke(pal.white, [(50 + side * 12, 70.5), (50 + side * 2.2, 90)], 1.0)
            pen.poly(pal.coat_dark, [(47.5, 85), (52.5, 85), (50, 89)])  # a knot of the scarf
            pen.circle(pal.coat_dark, 50, 85.5, 2)
        elif outfit == "fur":  # a thick fur collar
            fur = pal.tone((122, 92, 66))
            for side in (1, -1):
                pts = [(50 + side * 5, 67), (50 + side * 17, 69), (50 + side * 19, 76),
                       (50 + side * 8, 80)]
                pen.poly(fur, pts, pal.ink, pen.lw * 0.8)
                if pen.detail:
                    for i in range(3):
                        pen.stroke(pal.tone((90, 66, 48)), [(50 + side * (9 + 3 * i), 70.5),
                                                             (50 + side * (8 + 3 * i), 75)], 0.6)
        else:
            for side in (1, -1):  # plain coat lapels
                pen.poly(pal.coat_dark, [(50 + side * 9, 68), (50 + side * 13.5, 70),
                                         (50 + side * 3, 90), (50 + side * 1.5, 86)])
    elif outfit == "officer":
        pen.poly(pal.white, collar_pts)
        pen.poly(pal.tone((20, 22, 34)), [(48.3, 70.5), (51.7, 70.5), (52.6, 82), (50, 85), (47.4, 82)])
        for side in (1, -1):
            pen.poly(pal.coat_dark, [(50 + side * 8.5, 67.5), (50 + side * 14, 70),
                                     (50 + side * 7, 80), (50 + side * 2, 88), (50 + side * 1, 84)],
                     pal.ink, pen.lw * 0.6)
        for side in (1, -1):  # shoulder boards
            pts = [(18, 73), (31, 70.5), (31.5, 74), (19, 77.5)]
            pts = pts if side < 0 else _mirror(pts)
            pen.poly(pal.gold, pts, pal.gold_dark, pen.lw * 0.6)
    elif outfit == "admiral":
        pen.poly(pal.coat_dark, [(38, 66), (62, 66), (62, 73), (50, 76), (38, 73)], pal.ink, pen.lw * 0.6)
        pen.poly(pal.gold, [(39, 67.5), (61, 67.5), (61, 71.5), (50, 74.5), (39, 71.5)])
        if pen.detail:
            for x in (42, 46, 54, 58):  # oak leaves on the collar
                pen.ellipse(pal.gold_dark, x - 1, 70.2, 1.5, 0.8)
        pen.poly(pal.white, [(46.5, 74.5), (53.5, 74.5), (50, 80)])
        for side in (1, -1):  # big fringed epaulettes
            cx = 50 + side * 27
            for i in range(6):
                fx = cx + side * (-5 + 2.1 * i) * 0.9
                pen.stroke(pal.gold_dark, [(fx, 74), (fx + side * 0.7, 81)], 1.5)
                pen.stroke(pal.gold, [(fx, 74), (fx + side * 0.7, 80.4)], 0.9)
            pen.ellipse(pal.gold_dark, cx, 73.2, 8.4, 3.9)
            pen.ellipse(pal.gold, cx, 72.8, 7.6, 3.2)
            pen.ellipse(pal.gold_light, cx - side * 1.5, 72, 3.5, 1.2)
    elif outfit == "gentleman":
        for side in (1, -1):  # wide lapels edged with gold
            pts = [(50 + side * 6, 67.5), (50 + side * 16, 70), (50 + side * 9, 90), (50 + side * 3, 90)]
            pen.poly(pal.coat_dark, pts, pal.gold, pen.lw * 0.8)
        pen.poly(pal.white, [(44, 67), (56, 67), (53, 80), (47, 80)])
        for y in (71, 75, 79):  # the lace jabot
            pen.ellipse(pal.white_shade, 50, y + 0.6, 4.8, 2.3)
            pen.ellipse(pal.white, 50, y, 4.4, 2.0)
    elif outfit == "pirate":
        pen.poly(pal.tone((232, 222, 196)), [(39, 67), (61, 67), (54, 86), (46, 86)])
        pen.poly(pal.skin_shade, [(44.5, 67), (55.5, 67), (50, 80)])
        for side in (1, -1):
            pen.poly(pal.coat_dark, [(50 + side * 11, 68), (50 + side * 17, 71),
                                     (50 + side * 8, 92), (50 + side * 4.5, 90)], pal.ink, pen.lw * 0.6)
        pen.poly(pal.tone((178, 36, 40)), [(14, 88), (86, 80), (88, 86), (16, 95)])  # a red sash
        if pen.detail:
            pen.stroke(pal.tone((120, 20, 26)), [(16, 91), (86, 83)], 0.6)
    elif outfit == "oilskin":
        for side in (1, -1):  # the collar turned up against the weather
            pts = [(50 + side * 4, 66), (50 + side * 16, 64), (50 + side * 19, 74), (50 + side * 3, 80)]
            pen.poly(pal.coat_light, pts, pal.ink, pen.lw * 0.8)
        pen.poly(pal.coat_dark, [(47, 80), (53, 80), (52, 94), (48, 94)])
    # buttons
    if outfit in ("officer", "admiral"):
        columns, rows = (44.5, 55.5), (82, 88.5)
    elif outfit in ("gentleman", "pirate"):
        columns, rows = (42, 58), (84, 90)
    elif outfit == "oilskin":
        columns, rows = (50,), (83, 89)
    else:
        columns, rows = (50,), (90,)
    for x in columns:
        for y in rows:
            if outfit == "oilskin":  # toggles
                pen.rect(pal.tone((214, 190, 140)), x - 2.2, y - 0.8, 4.4, 1.6, 0.8)
            else:
                pen.circle(pal.gold_dark, x, y, 1.7)
                pen.circle(pal.gold, x - 0.2, y - 0.2, 1.3)
    # medals on the left breast (the viewer's right)
    n = max(0, min(MAX_MEDALS, spec["medals"]))
    slots = [(63, 81), (68, 80.5), (73, 80), (65.5, 88.5), (70.5, 88)]
    for i in range(n):
        x, y = slots[i]
        r1, r2 = _RIBBONS[i % len(_RIBBONS)]
        pen.poly(pal.tone(r1), [(x - 2.1, y - 3.8), (x + 2.1, y - 3.8), (x + 1.6, y), (x - 1.6, y)])
        pen.rect(pal.tone(r2), x - 0.5, y - 3.8, 1.0, 3.6)
        metal = _MEDAL_METAL[i % len(_MEDAL_METAL)]
        pen.circle(pal.tone(_shade(metal, 0.6)), x, y + 2, 2.5)
        pen.circle(pal.tone(metal), x - 0.15, y + 1.85, 2.0)
        pen.circle(pal.tone(_shade(metal, 1.3)), x - 0.7, y + 1.3, 0.7)


def _draw_head(pen: _Pen, pal: _Palette, spec: dict, young: bool) -> None:
    rx, ry = (16.2, 17.8) if young else (16.6, 19.0)
    cy = _HY + (0.8 if young else 0)
    for side in (1, -1):  # ears
        x = _HX + side * (rx - 0.3)
        pen.ellipse(pal.ink, x, 48, 3.9, 5.2)
        pen.ellipse(pal.skin_shade, x, 48, 3.2, 4.5)
        pen.ellipse(pal.skin, x + side * 0.5, 47.6, 1.8, 3.0)
    if spec["hat"] == "pirate" and not pal.ghost:  # a gold earring
        pen.circle(pal.gold, _HX + rx + 0.3, 53.5, 1.6, 0.7)
    pen.ellipse(pal.ink, _HX, cy, rx + pen.lw * 0.7, ry + pen.lw * 0.7)
    pen.ellipse(pal.skin_shade, _HX, cy, rx, ry)
    pen.ellipse(pal.skin, _HX - 1.3, cy - 1.1, rx - 1.8, ry - 1.6)
    pen.ellipse(pal.skin_light, _HX - 6, cy - 8, 4.5, 3.2)
    if spec["beard"] not in ("full", "white"):  # rosy cheeks
        for side in (1, -1):
            pen.ellipse(pal.cheek, _HX + side * 9.2, 54.2, 3.4, 2.2)
        if young and pen.detail:  # freckles
            for side in (1, -1):
                for dx, dy in ((-1.5, -0.4), (0.6, -1.0), (1.8, 0.4), (-0.2, 0.8)):
                    pen.circle(pal.skin_shade, _HX + side * 9.2 + dx, 53.6 + dy, 0.45)
    if spec["beard"] == "white" and pen.detail:  # age lines on the forehead
        for y in (35.5, 38):
            pen.stroke(pal.skin_shade, _arc(50, y + 4, 7, 4, 235, 305, 6), 0.55)


def _brow_shape(spec: dict, young: bool) -> tuple[float, float, float]:
    """(tilt, thickness, lift): tilt > 0 raises the outer ends (an angry look)."""
    if young:
        return -0.8, 1.4, 1.4
    if spec["patch"] or spec["hat"] == "pirate":
        return 2.6, 2.2, 0.0
    if spec["beard"] == "white":
        return -0.6, 2.5, 0.2
    if spec["hat"] in ("ushanka", "sou-wester"):
        return 0.8, 2.2, 0.4
    return 1.0, 1.8, 0.6


def _draw_eyes(pen: _Pen, pal: _Palette, spec: dict, young: bool, closed: bool) -> None:
    tilt, thick, lift = _brow_shape(spec, young)
    ex_r, ey_r = (3.3, 3.8) if young else (2.9, 3.3)
    ir = (2.1 if young else 1.85) * (1.0 if pen.detail else 1.25)  # darker eyes when small
    for side in (-1, 1):
        x = _HX + side * _EYE_DX
        if side == -1 and spec["patch"]:
            continue
        if closed:
            pen.ellipse(pal.skin, x, _EYE_Y, ex_r + 0.6, ey_r + 0.5)
            pen.stroke(pal.ink, _arc(x, _EYE_Y - 0.4, ex_r * 0.95, 1.6, 20, 160, 8), pen.lw * 1.1)
        else:
            pen.ellipse(pal.ink, x, _EYE_Y, ex_r + pen.lw * 0.55, ey_r + pen.lw * 0.55)
            pen.ellipse(pal.eye_white, x, _EYE_Y, ex_r, ey_r)
            look = 0.5  # everyone glances a little to the viewer's right
            pen.circle(pal.iris, x + look, _EYE_Y + 0.3, ir)
            pen.circle(pal.pupil, x + look, _EYE_Y + 0.3, ir * 0.55)
            if not pal.ghost:
                pen.circle((255, 255, 255), x + look - 0.7, _EYE_Y - 0.5, ir * 0.34)
            if spec["beard"] == "white" and pen.detail:  # crow's feet
                for dy in (-0.8, 0.8):
                    pen.stroke(pal.skin_shade, [(x + side * (ex_r + 0.8), _EYE_Y + dy * 0.6),
                                                (x + side * (ex_r + 2.6), _EYE_Y + dy * 2)], 0.5)
        # the brow
        by = _EYE_Y - ey_r - 2.4 - lift
        inner = (x - side * 3.3, by + tilt * 0.6)
        outer = (x + side * 3.8, by - tilt * 0.5)
        mid = ((inner[0] + outer[0]) / 2, by - 1.2 - tilt * 0.2)
        top = _quad(inner, (mid[0], mid[1] - thick * 0.5), outer, 6)
        bottom = _quad(outer, (mid[0], mid[1] + thick * 0.9), inner, 6)
        pen.poly(pal.brow, [inner] + top + bottom[:-1])
        if spec["beard"] == "white":  # bushy tufts
            pen.circle(pal.brow, outer[0], outer[1] + 0.6, thick * 0.55)


def _draw_mouth_and_beard(pen: _Pen, pal: _Palette, spec: dict, young: bool) -> None:
    beard = spec["beard"]
    mouth_y = 59.0
    grin = spec["patch"] or spec["hat"] == "pirate"
    if beard == "stubble":
        pts = _path((34.5, 50), ((34, 64), (50, 66.5)), ((66, 64), (65.5, 50)), ((62, 57), (56, 55.5)),
                    (44, 55.5), ((38, 57), (34.5, 50)))
        pen.poly(pal.stubble, pts)
        if pen.detail:
            for i in range(26):  # a scatter of bristles, the same for every stubble
                a = i * 2.399
                rr = 3 + (i * 7 % 11)
                x, y = 50 + math.cos(a) * rr * 1.25, 61 + math.sin(a) * rr * 0.42
                pen.circle(pal.hair_dark, x, y, 0.3)
    if beard in ("full", "white"):
        white = beard == "white"
        bottom = 82 if white else 74
        if white:  # long and fluffy: a scalloped lower edge
            edge = [(33.6, 45)] + _quad((33.6, 45), (32.5, 60), (36, 69), 4)
            rim = [edge[-1]] + _quad((36, 69), (50, 90), (64, 69), 5)
            for a, b in zip(rim, rim[1:]):
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                d = math.hypot(mx - 50, my - 60) or 1
                edge += _quad(a, (mx + (mx - 50) / d * 3.2, my + (my - 60) / d * 3.2), b, 5)
            edge += _quad((64, 69), (67.5, 60), (66.4, 45), 4)
            outer = edge + [(64.5, 45)] + _quad((64.5, 45), (62, 56), (56, 55.2), 6) + [(44, 55.2)] \
                + _quad((44, 55.2), (38, 56), (35.5, 45), 6)
        else:
            outer = _path((33.6, 45), ((32.0, bottom - 8), (50, bottom)), ((68.0, bottom - 8), (66.4, 45)),
                          (64.5, 45), ((62, 56), (56, 55.2)), (44, 55.2), ((38, 56), (35.5, 45)))
        pen.poly(pal.beard_dark, outer, pal.ink, pen.lw)
        inner = [(x + (50 - x) * 0.07, y - 1.2) for x, y in outer]
        pen.poly(pal.beard, inner)
        strokes = ((40, 62, 42, 69), (46, 65, 47, 72), (54, 65, 53, 72), (60, 62, 58, 69),
                   (37, 54, 38, 60), (63, 54, 62, 60))
        for x0, y0, x1, y1 in strokes:
            if pen.detail or white:
                pen.stroke(pal.beard_dark, [(x0, y0), ((x0 + x1) / 2 + 0.6, (y0 + y1) / 2), (x1, y1)], 0.7)
            if pen.detail:
                pen.stroke(pal.beard_light, [(x0 - 1.2, y0 - 1), (x1 - 1.3, y1 - 1.4)], 0.5)
        pen.ellipse(pal.mouth, 50, mouth_y + 1.6, 3.4, 1.6)
        if not white:
            pen.ellipse(pal.lips, 50, mouth_y + 2.8, 2.4, 0.7)
    else:
        if young:  # a wide open smile
            pts = [(44.8, mouth_y - 0.2)] + _arc(50, mouth_y - 0.2, 5.2, 3.4, 0, 180, 10)[::-1][1:]
            pen.poly(pal.mouth, pts)
            pen.poly(pal.white, [(45.5, mouth_y - 0.2), (54.5, mouth_y - 0.2), (54, mouth_y + 0.8),
                                 (46, mouth_y + 0.8)])
            pen.ellipse(pal.tone((220, 100, 100)), 50, mouth_y + 2.2, 2.2, 0.9)
        elif grin:  # a crooked grin with a gold tooth
            pts = _path((43, mouth_y - 0.5), ((50, mouth_y + 1.5), (57.5, mouth_y - 2.5)),
                        ((53, mouth_y + 4.2), (45.5, mouth_y + 1.5)))
            pen.poly(pal.mouth, pts)
            pen.rect(pal.white, 47, mouth_y - 0.1, 7, 1.2)
            pen.rect(pal.gold, 52.2, mouth_y - 0.3, 1.7, 1.6)
        else:  # a firm half-smile
            pen.stroke(pal.mouth, [(44.5, mouth_y)] + _quad((44.5, mouth_y), (50, mouth_y + 2.2),
                                                            (55.5, mouth_y - 0.6), 8), pen.lw * 1.3)
            pen.stroke(pal.lips, _quad((47, mouth_y + 2.4), (50, mouth_y + 3.0), (53, mouth_y + 2.2), 4),
                       pen.lw * 0.8)
    if spec["pipe"]:
        _draw_pipe(pen, pal)
    if beard in ("moustache", "full", "white"):
        big = beard != "full"
        tip_y = 51.5 if beard == "moustache" else 58.5
        droop = 4.5 if big else 2.5
        wing = _path((50, 54.2), ((45, 52.2), (39.5 - droop, tip_y)),
                     ((40 - droop, tip_y + 4 if beard == "moustache" else tip_y + 1.5), (44, 58.5)),
                     ((48, 58.6), (50, 57.4)))
        col, dark = (pal.beard, pal.beard_dark) if beard != "moustache" else (pal.hair, pal.hair_dark)
        pen.poly(pal.ink, _outline_of(wing, pen.lw * 0.7))
        pen.poly(pal.ink, _outline_of(_mirror(wing), pen.lw * 0.7))
        pen.poly(col, wing)
        pen.poly(col, _mirror(wing))
        if beard == "moustache":  # curled tips
            for side in (1, -1):
                pen.circle(pal.ink, 50 + side * (10.5 + droop), tip_y - 0.4, 1.7 + pen.lw * 0.5)
                pen.circle(col, 50 + side * (10.5 + droop), tip_y - 0.4, 1.7)
        pen.stroke(dark, [(50, 54.6), (50, 57.4)], 0.6)
    # the nose, above everything else of the face
    big = beard == "white" or grin
    nrx, nry = (3.2, 3.4) if big else (2.4, 3.0)
    pen.ellipse(pal.skin_shade, 50.4, 52.5, nrx + 0.4, nry)
    pen.ellipse(pal.nose if big else pal.skin, 49.8, 51.9, nrx - 0.2, nry - 0.4)
    pen.circle(pal.skin_light, 49.0, 51.2, nrx * 0.32)


def _outline_of(pts: list[Point], w: float) -> list[Point]:
    """A polygon pushed out from its centre by about ``w``: a cheap outline."""
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    out = []
    for x, y in pts:
        d = math.hypot(x - cx, y - cy) or 1
        out.append((x + (x - cx) / d * w, y + (y - cy) / d * w))
    return out


def _draw_pipe(pen: _Pen, pal: _Palette) -> None:
    wood, dark = pal.tone((120, 66, 34)), pal.tone((66, 34, 18))
    stem = [(54.5, 58.2)] + _quad((54.5, 58.2), (60, 63.5), (_BOWL[0] - 1.6, 64.4), 6)
    pen.stroke(pal.ink, stem, 2.2)
    pen.stroke(pal.tone((50, 40, 36)), stem, 1.3)
    bx, by = _BOWL
    pen.poly(pal.ink, _outline_of([(bx - 3.2, by), (bx + 3.2, by), (bx + 2.6, by + 5.6),
                                   (bx - 2.6, by + 5.6)], pen.lw * 0.7))
    pen.poly(wood, [(bx - 3.2, by), (bx + 3.2, by), (bx + 2.6, by + 5.6), (bx - 2.6, by + 5.6)])
    pen.poly(dark, [(bx + 1.2, by), (bx + 3.2, by), (bx + 2.6, by + 5.6), (bx + 0.9, by + 5.6)])
    pen.ellipse(dark, bx, by, 3.2, 1.1)
    pen.ellipse(pal.tone((255, 140, 40)) if not pal.ghost else (200, 255, 220), bx, by, 2.0, 0.6)


def _draw_patch(pen: _Pen, pal: _Palette) -> None:
    x = _HX - _EYE_DX
    pen.stroke(pal.ink, [(x - 3, _EYE_Y - 2), (_HX - 16.2, _EYE_Y - 7)], 1.1)
    pen.stroke(pal.ink, [(x + 3, _EYE_Y - 2.4), (_HX + 16, _HY - 15)], 1.1)
    pen.poly(pal.ink, _path((x - 4.2, _EYE_Y - 3.2), (x + 4.2, _EYE_Y - 3.4),
                            ((x + 4.6, _EYE_Y + 3.6), (x, _EYE_Y + 4.6)),
                            ((x - 4.6, _EYE_Y + 3.6), (x - 4.2, _EYE_Y - 3.2))))
    pen.ellipse(pal.tone((70, 64, 80)), x - 1.2, _EYE_Y - 1.2, 1.4, 0.8)


def _draw_monocle(pen: _Pen, pal: _Palette, spec: dict) -> None:
    x = _HX + _EYE_DX + 0.2
    pen.stroke(pal.gold_dark, _quad((x + 3.4, _EYE_Y + 2.8), (x + 6, 62), (x + 8, 75), 8), 0.5)
    pen.circle(pal.ink, x, _EYE_Y, 5.0, 1.6)
    pen.circle(pal.gold, x, _EYE_Y, 4.6, 0.9)
    pen.stroke(pal.white, _arc(x, _EYE_Y, 3.3, 3.3, 200, 250, 4), 0.6)


def _draw_hair_front(pen: _Pen, pal: _Palette, spec: dict, young: bool) -> None:
    hat = spec["hat"]
    if hat == "none":
        if spec["beard"] == "white":  # bald: the tufts are drawn behind the head
            return
        top = _path((33, 42), ((31, 24), (50, 25)), ((69, 24), (67.5, 42)), (65.5, 35),
                    ((60, 36), (56, 31)), ((48, 37), (40, 33)), ((36, 36), (34.5, 42)))
        if young:  # a tousled fringe
            top = _path((33, 42), ((30, 23), (50, 24.5)), ((70, 23), (67.5, 42)), (65, 34),
                        (61, 37), (58.5, 32.5), (54, 37.5), (51, 32), (46, 36.5), (43.5, 32),
                        (39, 36.5), (37, 34), (34.5, 42))
        pen.poly(pal.hair, top, pal.ink, pen.lw)
        pen.stroke(pal.hair_light, _quad((41, 28.5), (48, 26.5), (55, 28), 6), 0.9)
        return
    # sideburns under a hat
    for side in (1, -1):
        pts = _path((_HX + side * 16.9, 31), (_HX + side * 11.6, 31),
                    ((_HX + side * 12.6, 40), (_HX + side * 15.4, 46.5)), (_HX + side * 16.9, 44))
        pen.poly(pal.hair, pts)
    if young and hat == "cap":  # a curl of hair out from under the cap
        pen.poly(pal.hair, [(40, 30), (47, 30), (44, 36.5), (42.5, 33), (39.5, 34.5)], pal.ink, pen.lw * 0.6)


def _draw_hat(pen: _Pen, pal: _Palette, spec: dict) -> None:
    hat = spec["hat"]
    ink, lw = pal.ink, pen.lw
    if hat == "cap":  # a sailor's cap worn at a jaunty angle, its ribbons astern
        about, tilt = (50, 27), -7
        band = pal.tone((30, 36, 62))
        top = _rotate(_arc(50, 22.5, 21, 6.8, 0, 360, 24), about, tilt)
        pen.poly(pal.white_shade, _rotate(_arc(50, 23.5, 21, 6.8, 0, 360, 24), about, tilt), ink, lw)
        pen.poly(pal.white, top)
        pen.poly(pal.tone((226, 230, 236)), _rotate(_arc(50, 21.6, 14, 3.8, 0, 360, 20), about, tilt))
        b = _rotate([(32.5, 22.5), (67.5, 22.5), (66, 30.5), (34, 30.5)], about, tilt)
        pen.poly(band, b, ink, lw * 0.8)
        for x in (38, 43, 57, 62):  # golden letters on the ribbon band
            q = _rotate([(x - 1.2, 26.5), (x + 1.2, 26.5)], about, tilt)
            pen.stroke(pal.gold, q, 0.9)
        c = _rotate([(50, 26.5)], about, tilt)[0]
        pen.circle(pal.gold, c[0], c[1], 1.5)
    elif hat == "peaked":  # an officer's cap: white top, dark band, gold badge, black peak
        pen.ellipse(ink, 50, 22.5, 23.8 + lw * 0.6, 8.0 + lw * 0.6)
        pen.ellipse(pal.white_shade, 50, 22.5, 23.8, 8.0)
        pen.ellipse(pal.white, 50, 21.6, 22.5, 6.6)
        pen.poly(pal.coat_dark, [(31, 23), (69, 23), (67.3, 31.5), (32.7, 31.5)], ink, lw * 0.8)
        pen.stroke(pal.gold, [(33, 30.2), (67, 30.2)], 0.9)
        peak = [(32, 31)] + [(x, y) for x, y in _arc(50, 31, 18.2, 6.2, 180, 0, 16)]
        peak = [(x, 31 + abs(y - 31)) for x, y in peak]
        pen.poly(pal.hat, peak, ink, lw * 0.8)
        pen.stroke(pal.hat_light, _arc(50, 31, 14, 3.4, 150, 30, 8), 0.8)
        pen.ellipse(pal.gold_dark, 50, 26.8, 4.8, 3.6)
        pen.ellipse(pal.gold, 50, 26.6, 4.1, 3.0)
        pen.stroke(pal.gold_dark, [(50, 24.6), (50, 28.6)], 0.7)  # an anchor in the badge
        pen.stroke(pal.gold_dark, _arc(50, 27.2, 1.7, 1.3, 20, 160, 6), 0.6)
        for side in (1, -1):  # a laurel
            pen.ellipse(pal.gold, 50 + side * 6.5, 27.6, 1.9, 0.9)
    elif hat == "bicorne":  # an admiral's hat, worn athwartships, edged with gold
        shape = _arc(50, 31, 37, 24, 180, 360, 28) + _quad((87, 31), (50, 27), (13, 31), 10)
        pen.poly(pal.hat, shape, ink, lw)
        pen.stroke(pal.gold, _arc(50, 31, 35.6, 22.6, 186, 354, 26), 1.6)
        pen.stroke(pal.hat_light, _arc(50, 31, 28, 16, 215, 250, 6), 1.0)
        pen.stroke(pal.gold, _quad((15, 30.4), (50, 26.4), (85, 30.4), 12), 1.0)
        # the cockade, and a loop of gold lace
        pen.circle(pal.gold_dark, 50, 19.5, 5.4)
        pen.circle(pal.gold, 50, 19.5, 4.6)
        pen.circle(pal.tone((30, 30, 40)), 50, 19.5, 2.5)
        pen.circle(pal.tone((230, 90, 40)), 50, 19.5, 1.2)
        pen.stroke(pal.gold, [(50, 24.5), (50, 28.5)], 1.4)
        if pen.detail:
            for i in range(12):
                a = math.radians(i * 30)
                pen.stroke(pal.gold_dark, [(50 + 3.1 * math.cos(a), 19.5 + 3.1 * math.sin(a)),
                                           (50 + 4.6 * math.cos(a), 19.5 + 4.6 * math.sin(a))], 0.35)
    elif hat == "tricorne":  # three corners turned up, gold braid along the edges
        crown = _arc(50, 21, 15.5, 10, 180, 360, 16)
        pen.poly(pal.hat, crown + [(65.5, 26), (34.5, 26)], ink, lw)
        brim = _path((10, 13.5), ((27, 33.5), (50, 35.5)), ((73, 33.5), (90, 13.5)),
                     ((82, 24), (66, 25.5)), ((58, 26), (50, 29.5)), ((42, 26), (34, 25.5)),
                     ((18, 24), (10, 13.5)))
        pen.poly(pal.hat, brim, ink, lw)
        pen.stroke(pal.gold, _path((11.5, 15.5), ((27, 32), (50, 33.8)), ((73, 32), (88.5, 15.5))), 1.5)
        pen.stroke(pal.hat_light, _quad((36, 27.5), (43, 28.5), (48, 31.5), 6), 0.8)
        pen.stroke(pal.hat_light, _quad((64, 27.5), (57, 28.5), (52, 31.5), 6), 0.8)
        pen.circle(pal.gold_dark, 50, 32.6, 1.7)  # a button at the front corner
        pen.circle(pal.gold, 50, 32.4, 1.2)
    elif hat == "pirate":  # a great captain's hat, the skull and crossbones in front
        shape = _arc(50, 31, 31, 24, 180, 360, 24)
        brim = [(11, 31.5)] + shape + [(89, 31.5)] + _quad((89, 31.5), (50, 38), (11, 31.5), 10)
        pen.poly(pal.hat, brim, ink, lw)
        pen.stroke(pal.tone((190, 40, 44)), _arc(50, 31, 29.4, 22.4, 188, 352, 22), 1.3)
        pen.stroke(pal.gold, _quad((12.5, 32), (50, 37.6), (87.5, 32), 12), 1.1)
        bone = pal.white
        for a, b in (((41.5, 25.5), (58.5, 16.5)), ((41.5, 16.5), (58.5, 25.5))):
            pen.stroke(pal.white_shade, [a, b], 2.0)
            pen.stroke(bone, [a, b], 1.4)
            for q in (a, b):
                pen.circle(bone, q[0], q[1] - 0.6, 1.2)
                pen.circle(bone, q[0], q[1] + 0.6, 1.2)
        pen.circle(bone, 50, 18.8, 4.7)
        pen.rect(bone, 47.3, 21, 5.4, 3.6, 1)
        pen.circle(pal.hat, 48.2, 18.8, 1.3)
        pen.circle(pal.hat, 51.8, 18.8, 1.3)
        pen.poly(pal.hat, [(50, 20.6), (49.3, 21.9), (50.7, 21.9)])
    elif hat == "ushanka":  # a fur hat with ear flaps
        fur, fur_dark = pal.tone((112, 84, 62)), pal.tone((72, 52, 40))
        fur_light = pal.tone((158, 124, 92))
        for side in (1, -1):
            x = 50 + side * 18
            pen.ellipse(ink, x, 43, 5.6 + lw * 0.6, 12 + lw * 0.6)
            pen.ellipse(fur_dark, x, 43, 5.6, 12)
            pen.ellipse(fur, x - side * 0.6, 42, 4.2, 10.4)
        pen.ellipse(ink, 50, 24, 22 + lw * 0.6, 14.5 + lw * 0.6)
        pen.ellipse(fur_dark, 50, 24, 22, 14.5)
        pen.ellipse(fur, 49, 22.5, 20, 12.6)
        flap = _path((28, 36), (27.5, 26), ((50, 20.5), (72.5, 26)), (72, 36), ((50, 32), (28, 36)))
        pen.poly(fur_light, flap, ink, lw)
        for i in range(9):  # tufts
            x = 30 + i * 5
            y = 26.5 - 3.7 * math.sin(math.pi * (x - 27.5) / 45)
            pen.circle(fur_light, x, y, 2.4)
        if pen.detail:
            for i in range(7):
                x = 32 + i * 6
                pen.stroke(pal.tone((126, 98, 72)), [(x, 29), (x + 1.2, 33)], 0.6)
            for x, y in ((40, 16), (52, 14), (60, 18), (45, 20)):
                pen.stroke(fur_dark, [(x, y), (x + 1.4, y + 2.2)], 0.6)
        pen.circle(pal.gold_dark, 50, 28.5, 2.6)  # a badge
        pen.circle(pal.gold, 50, 28.3, 2.0)
        pen.circle(pal.tone((200, 40, 40)), 50, 28.3, 0.9)
    elif hat == "sou-wester":  # yellow oilskin, the brim low at the back and sides
        yel, yel_dark = pal.tone((250, 200, 40)), pal.tone((196, 142, 20))
        yel_light = pal.tone((255, 236, 140))
        brim = _path((14, 37), ((18, 28), (50, 26.5)), ((82, 28), (86, 37)), ((76, 39.5), (70, 35.5)),
                     ((50, 30.5), (30, 35.5)), ((24, 39.5), (14, 37)))
        pen.poly(yel_dark, brim, ink, lw)
        pen.poly(yel, [(x, y - 0.9) for x, y in brim][1:-1])
        crown = _arc(50, 27, 17.5, 13, 180, 360, 18)
        pen.poly(yel, crown + [(67.5, 29.5), (50, 28), (32.5, 29.5)], ink, lw)
        pen.stroke(yel_dark, _arc(50, 27, 12, 13, 190, 350, 12), 0.7)
        pen.stroke(yel_light, _arc(50, 27, 13, 9.5, 210, 250, 6), 1.3)
        if pen.detail:  # stitching on the brim
            pen.stroke(yel_dark, _quad((20, 34.5), (50, 25.5), (80, 34.5), 14), 0.5)
        for side in (1, -1):  # the chin strap
            pen.stroke(pal.tone((120, 90, 30)), [(50 + side * 16, 38), (50 + side * 12, 64)], 0.8)


def _figure_mask(fig: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(fig, 60)


def _with_outline(fig: pygame.Surface, ink, width_px: int) -> pygame.Surface:
    """The figure on a dark rim ``width_px`` wide (its outer silhouette only)."""
    if width_px < 1:
        return fig
    m = _figure_mask(fig)
    d = 2 * width_px + 1
    disc = pygame.mask.Mask((d, d))
    for y in range(d):
        for x in range(d):
            if (x - width_px) ** 2 + (y - width_px) ** 2 <= width_px * width_px + width_px:
                disc.set_at((x, y))
    grown = m.convolve(disc)
    out = pygame.Surface(fig.get_size(), pygame.SRCALPHA)
    out.blit(grown.to_surface(setcolor=(*ink, 255), unsetcolor=(0, 0, 0, 0)), (-width_px, -width_px))
    out.blit(fig, (0, 0))
    return out


def _oval_mask(size: int, rx: float, ry: float, inside) -> pygame.Surface:
    """``inside`` in an oval, transparent black around it."""
    m = pygame.Surface((size, size), pygame.SRCALPHA)
    m.fill((0, 0, 0, 0))
    _Pen(m, size).ellipse(inside, 50, 50, rx, ry)
    return m


# --- rendering and the cache ------------------------------------------------------------------

class _Entry:
    """A cached portrait: the static image and what its animation needs."""

    __slots__ = ("image", "blink", "blink_at", "smoke", "ghost", "period", "phase", "size")

    def __init__(self):
        self.image = None
        self.blink = None        # an image of the eyes closed, to blit at blink_at
        self.blink_at = (0, 0)
        self.smoke = None        # where the pipe's smoke starts, in pixels from the top left
        self.ghost = None        # (background, figure, figure with eyes closed, frame)
        self.period = 4.0
        self.phase = 0.0
        self.size = 0


def _key_of(spec) -> tuple:
    full = portrait(spec if isinstance(spec, dict) else None)
    return tuple(sorted((k, v.lower() if isinstance(v, str) else v) for k, v in full.items()))


def _supersample(size: int) -> int:
    # powers of two: smoothscale shrinks by them exactly (by 3 it darkens and loses alpha)
    return 4 if size <= 100 else 2


def _convert(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def _render(spec: dict, size: int, locked: bool) -> _Entry:
    big = size * _supersample(size)
    ghost = bool(spec["ghost"]) and not locked
    pal = _Palette(spec, ghost)
    # BLEND_RGBA_MIN with ``mask`` cuts a layer to the oval; BLEND_RGBA_MAX with ``solid`` and
    # ``solid_frame`` makes their insides fully opaque again (alpha blits lose a little)
    mask = _oval_mask(big, _INNER_RX + 0.5, _INNER_RY + 0.5, (255, 255, 255, 255))
    solid = _oval_mask(big, _INNER_RX + 0.5, _INNER_RY + 0.5, (0, 0, 0, 255))
    solid_frame = _oval_mask(big, _FRAME_RX, _FRAME_RY, (0, 0, 0, 255))

    def layer() -> tuple[pygame.Surface, _Pen]:
        s = pygame.Surface((big, big), pygame.SRCALPHA)
        s.fill((0, 0, 0, 0))
        return s, _Pen(s, size)

    bg, pen = layer()
    _draw_background(pen, pal, spec, locked)

    ink_px = max(1, round(max(0.7, 90.0 / size) * big / 100))

    def figure(closed: bool) -> pygame.Surface:
        fig, fpen = layer()
        _draw_figure(fpen, pal, spec, closed)
        if locked:  # a dark silhouette with a pale rim, nothing inside
            fig = _figure_mask(fig).to_surface(setcolor=(10, 14, 22, 255), unsetcolor=(0, 0, 0, 0))
            fig = _with_outline(fig, (84, 104, 136), ink_px)
        else:
            fig = _with_outline(fig, pal.ink, ink_px)
        if ghost:
            _ghost_fade(fig)
        fig.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return fig

    fig_open = figure(False)
    if ghost:  # a green glow around the figure, on the background
        glow = _figure_mask(fig_open).to_surface(setcolor=(120, 255, 190, 150),
                                                 unsetcolor=(0, 0, 0, 0))
        small = pygame.transform.smoothscale(glow, (max(1, big // 10), max(1, big // 10)))
        glow = pygame.transform.smoothscale(small, (big, big))
        bg.blit(glow, (0, 0))
    bg.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    bg.blit(solid, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    frame, fpen = layer()
    _draw_frame(fpen, locked, ghost)

    def shrink(s: pygame.Surface) -> pygame.Surface:
        return _convert(pygame.transform.smoothscale(s, (size, size)))

    def compose(fig: pygame.Surface) -> pygame.Surface:
        whole = bg.copy()
        whole.blit(fig, (0, 0))
        whole.blit(frame, (0, 0))
        whole.blit(solid_frame, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
        return whole

    whole = compose(fig_open)
    entry = _Entry()
    entry.size = size
    entry.image = shrink(whole)
    if locked:
        return entry
    crc = _checksum(spec)
    entry.period = 3.4 + (crc % 997) / 997 * 2.2
    entry.phase = ((crc >> 10) % 1009) / 1009 * entry.period
    fig_closed = figure(True)
    if ghost:
        entry.ghost = (shrink(bg), shrink(fig_open), shrink(fig_closed), shrink(frame))
    else:
        closed = pygame.transform.smoothscale(compose(fig_closed), (size, size))
        x, y, w, h = _BLINK_BOX
        box = pygame.Rect(math.floor(x * size / 100), math.floor(y * size / 100),
                          math.ceil(w * size / 100) + 1, math.ceil(h * size / 100) + 1)
        box = box.clip(closed.get_rect())
        entry.blink = _convert(closed.subsurface(box).copy())
        entry.blink_at = box.topleft
    if spec["pipe"]:
        entry.smoke = (_BOWL[0] * size / 100, (_BOWL[1] - 0.8) * size / 100)
    return entry


def _ghost_fade(fig: pygame.Surface) -> None:
    """The Dutchman is translucent, and fades to nothing towards the bottom."""
    w, h = fig.get_size()
    fade = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        k = y / h
        a = 228 if k < 0.62 else max(0, round(228 * (1 - (k - 0.62) / 0.3)))
        pygame.draw.line(fade, (255, 255, 255, a), (0, y), (w, y))
    fig.blit(fade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _entry(spec, size: int, locked: bool) -> _Entry:
    size = max(1, int(size))
    if locked:  # a silhouette shows the outline of the hat and the beard, nothing else
        full = portrait(spec if isinstance(spec, dict) else None)
        spec = {"hat": full["hat"], "beard": full["beard"]}
    key = (_key_of(spec), size, bool(locked))
    entry = _CACHE.get(key)
    if entry is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        entry = _render(dict(key[0]), size, bool(locked))
        _CACHE[key] = entry
    return entry


def portrait_surface(spec, size: int, locked: bool = False) -> pygame.Surface:
    """The static portrait (eyes open, no smoke) as a cached ``size`` x ``size`` image with
    transparent corners. The same features, size and lock give the same Surface object."""
    return _entry(spec, size, locked).image


def _puff(radius: int, ghost: bool) -> pygame.Surface:
    key = (radius, ghost)
    sprite = _PUFFS.get(key)
    if sprite is None:
        if len(_PUFFS) > 64:
            _PUFFS.clear()
        d = 2 * radius + 2
        sprite = pygame.Surface((d, d), pygame.SRCALPHA)
        base = (200, 255, 226) if ghost else (236, 236, 240)
        steps = max(1, radius)
        for i in range(steps):  # soft edge: denser towards the middle
            r = radius * (1 - i / steps)
            a = round(255 * min(1.0, (i + 1) / steps * 1.6) * 0.55)
            layer = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(layer, (*base, a), (d / 2, d / 2), max(0.5, r))
            sprite.blit(layer, (0, 0))
        _PUFFS[key] = sprite
    return sprite


def draw_portrait(surface: pygame.Surface, rect, spec, t: float = 0.0, locked: bool = False) -> None:
    """Draw the portrait for ``spec`` (any partial or bad table: defaults fill the gaps) as a
    square centred in ``rect``, animated at time ``t`` (seconds): the captain blinks, a pipe
    smokes, a ghost flickers. ``locked`` draws a dark silhouette. Nothing outside ``rect``
    changes."""
    rect = pygame.Rect(rect)
    size = min(rect.w, rect.h)
    if size < 4:
        return
    entry = _entry(spec, size, locked)
    x0 = rect.x + (rect.w - size) // 2
    y0 = rect.y + (rect.h - size) // 2
    old_clip = surface.get_clip()
    surface.set_clip(rect.clip(old_clip))
    try:
        blinking = ((t + entry.phase) % entry.period) < 0.14 and not locked
        if entry.ghost is not None:
            bg, fig, fig_closed, frame = entry.ghost
            flicker = (0.78 + 0.14 * math.sin(t * 2.3) + 0.08 * math.sin(t * 7.9 + 1.3))
            if math.sin(t * 0.83 + 0.6) > 0.965:  # now and then it all but vanishes
                flicker *= 0.45
            surface.blit(bg, (x0, y0))
            f = fig_closed if blinking else fig
            f.set_alpha(max(0, min(255, round(255 * flicker))))
            surface.blit(f, (x0, y0))
            f.set_alpha(None)
            surface.blit(frame, (x0, y0))
        else:
            surface.blit(entry.image, (x0, y0))
            if blinking and entry.blink is not None:
                surface.blit(entry.blink, (x0 + entry.blink_at[0], y0 + entry.blink_at[1]))
        if entry.smoke is not None and not locked:
            _draw_smoke(surface, x0, y0, size, entry.smoke, t, entry.ghost is not None)
    finally:
        surface.set_clip(old_clip)


def _draw_smoke(surface, x0: int, y0: int, size: int, origin, t: float, ghost: bool) -> None:
    u = size / 100
    ox, oy = origin
    for i in range(3):
        age = (t / 2.6 + i / 3) % 1.0
        x = ox + (age * 7 + math.sin(age * 7 + i * 2.1) * 2.2) * u
        y = oy - age * 30 * u
        r = max(1, round((1.4 + age * 4.6) * u))
        alpha = round(230 * (1 - age) * min(1.0, age * 8))
        if alpha <= 4:
            continue
        sprite = _puff(r, ghost)
        sprite.set_alpha(alpha)
        surface.blit(sprite, (x0 + round(x) - r - 1, y0 + round(y) - r - 1))
