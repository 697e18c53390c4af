"""The end of a game (issue 20, 33): the result panels sliding in, a line of signal flags dressing
the screen for a victory, the fireworks' colours, the dusk that falls on a defeat, the ribbon the
result is written on, confetti, and the numbers counted up."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pygame

from . import motion
from .easing import ease_out, punch  # noqa: F401  (the result screens take them from here)
from .effects import glow
from .widgets import star, tint

# signal flags: (ground, figure, kind) — plain, a cross, a band, quartered
FLAGS = (((230, 40, 40), (250, 250, 250), "cross"), ((250, 250, 250), (30, 70, 170), "band"),
         ((250, 200, 30), (30, 30, 30), "quarter"), ((30, 70, 170), (250, 250, 250), "cross"),
         ((230, 40, 40), (250, 200, 30), "band"), ((250, 250, 250), (230, 40, 40), "quarter"))
FIREWORKS = ((255, 120, 90), (120, 220, 255), (255, 220, 90), (150, 255, 150), (230, 150, 255))


def draw_bunting(surface: pygame.Surface, left: float, right: float, top: float, size: float,
                 t: float, shown: float = 1.0) -> None:
    """A line of signal flags strung from ``left`` to ``right`` under ``top``, each flapping in
    the wind; ``shown`` (0–1) how much of the line has been hoisted, from the left."""
    n = max(4, int((right - left) / (size * 1.5)))
    step = (right - left) / n
    sag = size * 0.8
    pts = []
    for i in range(n + 1):
        x = left + i * step
        pts.append((x, top + sag * math.sin(math.pi * i / n)))
    pygame.draw.lines(surface, (200, 200, 210), False, pts, max(1, int(size // 12)))
    for i in range(int(n * shown)):
        x, y = pts[i][0] + step * 0.25, (pts[i][1] + pts[i + 1][1]) / 2
        flap = math.sin(motion.still(t) * 5 + i * 0.9) * size * 0.1   # (still: one shape)
        ground, figure, kind = FLAGS[i % len(FLAGS)]
        w, h = step * 0.55, size
        quad = [(x, y), (x + w, y + flap * 0.4), (x + w, y + h + flap), (x, y + h)]
        pygame.draw.polygon(surface, ground, quad)
        if kind == "cross":
            pygame.draw.line(surface, figure, (x + w / 2, y + flap * 0.2),
                             (x + w / 2, y + h + flap * 0.5), max(1, int(w / 5)))
            pygame.draw.line(surface, figure, (x, y + h / 2), (x + w, y + h / 2 + flap * 0.7),
                             max(1, int(h / 5)))
        elif kind == "band":
            pygame.draw.polygon(surface, figure, [(x, y + h * 0.33), (x + w, y + h * 0.33 + flap * 0.5),
                                                  (x + w, y + h * 0.67 + flap * 0.8),
                                                  (x, y + h * 0.67)])
        else:
            pygame.draw.polygon(surface, figure, [(x, y), (x + w / 2, y + flap * 0.2),
                                                  (x + w / 2, y + h / 2 + flap * 0.5),
                                                  (x, y + h / 2)])
            pygame.draw.polygon(surface, figure, [(x + w / 2, y + h / 2 + flap * 0.5),
                                                  (x + w, y + h / 2 + flap * 0.7),
                                                  (x + w, y + h + flap), (x + w / 2, y + h + flap * 0.5)])
        pygame.draw.polygon(surface, (20, 20, 30), quad, 1)


def dusk(surface: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """A defeat: the light going out over ``rect`` (``k`` 0–1)."""
    if k > 0:
        surface.blit(tint(rect.size, (10, 6, 24, int(80 * k))), rect.topleft)



# -- the result's banner (issue 33): a ribbon with the word on it ----------------------------

RIBBONS = {    # the ribbon's cloth, edge and the word's ink: a victory, a defeat, anything else
    "victory": ((168, 28, 40), (255, 206, 90), (255, 206, 64)),
    "defeat": ((46, 50, 66), (150, 160, 180), (240, 96, 86)),
    "even": ((26, 62, 112), (255, 206, 90), (255, 206, 64)),
}


def _shade(colour, k: float) -> tuple:
    return tuple(max(0, min(255, int(c * k))) for c in colour)


def draw_ribbon(surface: pygame.Surface, rect: pygame.Rect, cloth, edge) -> None:
    """A banner ribbon across ``rect``: its two tails folded back behind it, cut in a V, a
    lit top and an edge stitched along both sides."""
    h = rect.h
    drop, reach = h * 0.3, h * 0.95
    for side in (-1, 1):
        inner = rect.left + h * 0.35 if side < 0 else rect.right - h * 0.35
        outer = inner + side * (h * 0.35 + reach)
        top, bottom = rect.top + drop, rect.bottom + drop
        tail = [(inner, top), (outer, top), (outer - side * h * 0.32, (top + bottom) / 2),
                (outer, bottom), (inner, bottom)]
        pygame.draw.polygon(surface, _shade(cloth, 0.62), tail)
        corner = rect.left if side < 0 else rect.right
        fold = [(corner, rect.bottom), (inner, rect.bottom + drop), (inner, rect.bottom)]
        pygame.draw.polygon(surface, _shade(cloth, 0.38), fold)     # the fold in shadow
    pygame.draw.rect(surface, cloth, rect)
    pygame.draw.rect(surface, _shade(cloth, 1.25), (rect.x, rect.y, rect.w, max(2, h // 5)))
    stitch = max(1, h // 22)
    for y in (rect.y + h * 0.1, rect.bottom - h * 0.1 - stitch):
        pygame.draw.line(surface, edge, (rect.x + 2, y), (rect.right - 3, y), stitch)


# -- confetti -------------------------------------------------------------------------------

CONFETTI = ((255, 84, 84), (255, 206, 60), (90, 200, 255), (120, 230, 130), (235, 130, 255),
            (255, 255, 255))


@dataclass
class Paper:
    x: float
    y: float
    vx: float
    vy: float
    size: float
    colour: tuple
    turn: float        # the flip about its long side (the other side shows darker)
    spin: float
    sway: float        # its flutter's phase
    back: tuple = ()   # the colour of its other side (made once, not every frame)


class Confetti:
    """Paper shot from both lower corners and falling from the top across the whole screen,
    each piece turning over as it flutters down. Runs on elapsed time; seeded."""

    GRAVITY, DRAG, FLUTTER = 520.0, 2.2, 60.0     # per layout unit

    def __init__(self, rng):
        self.rng = rng
        self.pieces: list[Paper] = []
        self.unit = 1.0

    def _add(self, x, y, vx, vy) -> None:
        rng, u = self.rng, self.unit
        colour = rng.choice(CONFETTI)
        self.pieces.append(Paper(x, y, vx * u, vy * u, rng.uniform(6, 11) * u, colour,
                                 rng.uniform(0, math.tau),
                                 rng.uniform(4, 11) * rng.choice((-1, 1)),
                                 rng.uniform(0, math.tau), _shade(colour, 0.6)))

    def cannons(self, size, n: int) -> None:
        """Two bursts of ``n`` pieces each, from the lower corners up and across."""
        w, h = size
        for side in (0, 1):
            for _ in range(n):
                a = math.radians(self.rng.uniform(40, 85))
                v = self.rng.uniform(600, 1500)
                dx = math.cos(a) * v * (1 if side == 0 else -1)
                self._add(w * side, h * self.rng.uniform(0.85, 1.0), dx, -math.sin(a) * v)

    MOST = 240      # pieces in the air at once: the rain thins past it (each is a polygon)

    def rain(self, size, n: int) -> None:
        """``n`` pieces falling in from above the screen, spread over its width (fewer when
        the air is full)."""
        w, h = size
        for _ in range(min(n, max(0, self.MOST - len(self.pieces)))):
            self._add(self.rng.uniform(0, w), -self.rng.uniform(0.02, 0.3) * h,
                      self.rng.uniform(-40, 40), self.rng.uniform(120, 260))

    def update(self, dt: float, bottom: float) -> None:
        u = self.unit
        k = max(0.0, 1 - self.DRAG * dt)
        alive = []
        for p in self.pieces:
            p.vx *= k
            p.vy = p.vy * k + self.GRAVITY * u * dt * 0.35
            p.turn += p.spin * dt
            p.sway += dt * 3
            p.x += (p.vx + math.sin(p.sway) * self.FLUTTER * u) * dt
            p.y += p.vy * dt
            if p.y < bottom + 20 * u:
                alive.append(p)
        self.pieces = alive

    def clear(self) -> None:
        self.pieces.clear()

    def draw(self, surface: pygame.Surface) -> None:
        for p in self.pieces:
            face = math.cos(p.turn)
            colour = p.colour if face > 0 else p.back
            a = p.sway * 0.7
            cx, cy = math.cos(a), math.sin(a)
            hw, hh = p.size * 0.5, p.size * 0.3 * max(0.15, abs(face))
            pts = [(p.x + cx * dx - cy * dy, p.y + cy * dx + cx * dy)
                   for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))]
            pygame.draw.polygon(surface, colour, pts)


# -- the numbers counted up -----------------------------------------------------------------

_NUMBER = re.compile(r"\d+")


def count_up(words: str, k: float) -> str:
    """``words`` with every number in it at ``k`` (0–1) of its value: statistics counted up
    ("26", "77%", "20 (77%)"); at 1 the words themselves."""
    if k >= 1:
        return words
    k = max(0.0, k)
    return _NUMBER.sub(lambda m: str(int(int(m.group()) * k)).zfill(len(m.group())
                                                                    if m.group()[0] == "0" else 0),
                       words)


# -- a campaign battle's stars, revealed on its result ---------------------------------------

class StarReveal:
    """The stars a campaign battle earned (issue 33): the level's slots come up large in the
    middle of the screen, each star earned lands in its slot after the one before, then the row
    flies up into the banner and stays there. ``t`` None: everything in its place (a skip)."""

    START, STEP, POP, HOLD, FLY = 1.2, 0.5, 0.25, 0.8, 0.45

    def __init__(self, earned: int, slots: int):
        self.earned, self.slots = earned, slots

    def landed(self, t: float | None) -> int:
        """How many of the stars earned are in their slots at ``t``."""
        if t is None:
            return self.earned
        return sum(1 for i in range(self.earned) if t >= self.START + i * self.STEP)

    @property
    def flies_at(self) -> float:
        """When the row leaves the middle for the banner (at once with no star to show)."""
        if not self.earned:
            return 0.0
        return self.START + (self.earned - 1) * self.STEP + self.POP + self.HOLD

    @property
    def ends_at(self) -> float:
        return self.flies_at + (self.FLY if self.earned else 0.0)

    def big_centres(self, size) -> list:
        """The slots' centres in the middle of a window of ``size``, and their size."""
        w, h = size
        star_size = min(w / (self.slots * 1.5 + 1), 110 * min(w / 1280, h / 720))
        return [(w / 2 + (i - (self.slots - 1) / 2) * star_size * 1.3, h * 0.46)
                for i in range(self.slots)], star_size

    def draw(self, surface: pygame.Surface, t: float | None, home: list, home_size: float) -> None:
        """The row at ``t``: in the middle (with the dark band behind), flying, or at ``home``
        (the centres in the banner, ``home_size`` big)."""
        big, big_size = self.big_centres(surface.get_size())
        fly = 1.0 if t is None or not self.earned else ease_out((t - self.flies_at) / self.FLY)
        if t is not None and self.earned and fly < 1:
            shown = min(1.0, (t - self.START + 0.3) / 0.3) * (1 - fly)
            if shown > 0:
                band = pygame.Surface((surface.get_width(), int(big_size * 1.9)), pygame.SRCALPHA)
                band.fill((4, 8, 20, int(170 * shown)))
                surface.blit(band, (0, big[0][1] - band.get_height() / 2))
            if t < self.START - 0.3:
                return
        for i in range(self.slots):
            (bx, by), (hx, hy) = big[i], home[i]
            c = (bx + (hx - bx) * fly, by + (hy - by) * fly)
            size = big_size + (home_size - big_size) * fly
            if i < self.landed(t):
                pop = 1.0 if t is None else min(1.0, (t - self.START - i * self.STEP) / self.POP)
                spr = glow(size * 0.75, (255, 190, 60), max(1, int(3 + 5 * (1 - pop))))
                surface.blit(spr, spr.get_rect(center=c), special_flags=pygame.BLEND_RGB_ADD)
                size *= 1 + 0.8 * (1 - pop) ** 2        # it lands from large
                star(surface, c, size, (255, 206, 64))
                star(surface, c, size, (120, 70, 10), filled=False)
            else:
                star(surface, c, size, (150, 160, 190), filled=False)

