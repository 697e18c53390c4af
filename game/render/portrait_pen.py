"""Drawing a portrait in design units (the portrait is 100 × 100 units, whatever its size in
pixels): the medallion's and the face's measures, the colours of a captain (``Palette``, from
the features of ``game.data.portrait``), curves, and ``Pen``, which draws them on a canvas."""

from __future__ import annotations

import math
import zlib

import pygame

from ..data.portrait import colour, portrait

Colour = tuple[int, int, int]
Point = tuple[float, float]

# The medallion, in design units (the portrait is 100 x 100 units).
FRAME_RX, FRAME_RY = 48.0, 49.4
INNER_RX, INNER_RY = 42.6, 44.0
# The face: its centre, the eyes, the bowl of the pipe (where smoke starts).
HX, HY = 50.0, 46.0
EYE_Y = 47.0
EYE_DX = 6.9
BOWL = (66.0, 61.0)
BLINK_BOX = (34.0, 40.5, 32.0, 11.5)  # x, y, w, h around both eyes

_GOLD = (236, 188, 72)
_GOLD_DARK = (150, 100, 30)
_GOLD_LIGHT = (255, 232, 150)
_INK = (22, 18, 26)
_WHITE = (246, 244, 236)
_HAT_BLACK = (38, 36, 46)
_IRISES = ((70, 120, 185), (105, 70, 40), (70, 130, 90), (90, 100, 110), (60, 90, 150))


# --- colour helpers ---------------------------------------------------------------------------

def mix(a: Colour, b: Colour, k: float) -> Colour:
    return tuple(max(0, min(255, round(x + (y - x) * k))) for x, y in zip(a, b))


def shade(c: Colour, k: float) -> Colour:
    """``k`` < 1 darkens towards black, > 1 lightens towards white."""
    return mix(c, (0, 0, 0), 1 - k) if k < 1 else mix(c, (255, 255, 255), k - 1)


def lum(c: Colour) -> float:
    return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]


def ghostly(c: Colour) -> Colour:
    """The Flying Dutchman's colours: pale sea-green, keeping only the lightness."""
    level = lum(c) / 255
    return mix((34, 96, 80), (214, 255, 232), 0.2 + 0.8 * level)


class Palette:
    def __init__(self, spec: dict, ghost: bool):
        tone = ghostly if ghost else (lambda c: c)
        skin, hair, coat = colour(spec["skin"]), colour(spec["hair"]), colour(spec["coat"])
        white_beard = spec["beard"] == "white"
        beard = (236, 234, 226) if white_beard else hair
        self.ghost = ghost
        self.skin = tone(skin)
        self.skin_shade = tone(mix(shade(skin, 0.8), (150, 60, 60), 0.08))
        self.skin_light = tone(shade(skin, 1.12))
        self.cheek = tone(mix(skin, (236, 104, 96), 0.32))
        self.nose = tone(mix(shade(skin, 0.86), (210, 90, 80), 0.12))
        self.hair = tone(hair)
        self.hair_dark = tone(shade(hair, 0.68))
        self.hair_light = tone(shade(hair, 1.25))
        self.beard = tone(beard)
        self.beard_dark = tone(shade(beard, 0.78 if white_beard else 0.66))
        self.beard_light = tone(shade(beard, 1.2))
        self.brow = tone(mix(beard, (255, 255, 255), 0.1) if white_beard else shade(hair, 0.72))
        self.stubble = tone(mix(skin, shade(hair, 0.8), 0.4))
        self.coat = tone(coat)
        self.coat_dark = tone(shade(coat, 0.62))
        self.coat_light = tone(shade(coat, 1.28))
        self.gold = tone(_GOLD)
        self.gold_dark = tone(_GOLD_DARK)
        self.gold_light = tone(_GOLD_LIGHT)
        self.white = tone(_WHITE)
        self.white_shade = tone((196, 200, 210))
        self.ink = tone(_INK) if not ghost else (20, 58, 50)
        self.hat = tone(_HAT_BLACK)
        self.hat_light = tone((84, 82, 100))
        self.mouth = tone((120, 44, 44))
        self.lips = tone(mix(skin, (190, 80, 80), 0.45))
        self.tone = tone
        if ghost:  # hollow eyes with a cold glow
            self.eye_white = (16, 40, 36)
            self.iris = (170, 255, 210)
            self.pupil = (235, 255, 240)
        else:
            self.eye_white = (250, 250, 246)
            self.iris = _IRISES[checksum(spec) % len(_IRISES)]
            self.pupil = (18, 18, 28)


def key_of(spec) -> tuple:
    full = portrait(spec if isinstance(spec, dict) else None)
    return tuple(sorted((k, v.lower() if isinstance(v, str) else v) for k, v in full.items()))


def checksum(spec: dict) -> int:
    return zlib.crc32(repr(key_of(spec)).encode())


# --- geometry helpers -------------------------------------------------------------------------

def quad(p0: Point, p1: Point, p2: Point, n: int = 10) -> list[Point]:
    """A quadratic Bezier curve from p0 to p2 (pulled towards p1), p0 left out."""
    out = []
    for i in range(1, n + 1):
        s = i / n
        a, b, c = (1 - s) ** 2, 2 * (1 - s) * s, s * s
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def path(start: Point, *curves) -> list[Point]:
    """A closed outline: a start point, then points or (control, end) pairs for curves."""
    pts = [start]
    for c in curves:
        if isinstance(c[0], tuple):
            pts += quad(pts[-1], c[0], c[1])
        else:
            pts.append(c)
    return pts


def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 16):
    """Points of an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def mirror(pts: list[Point]) -> list[Point]:
    return [(100 - x, y) for x, y in pts]


def rotate(pts: list[Point], about: Point, degrees: float) -> list[Point]:
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    ox, oy = about
    return [(ox + (x - ox) * ca - (y - oy) * sa, oy + (x - ox) * sa + (y - oy) * ca) for x, y in pts]


class Pen:
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
