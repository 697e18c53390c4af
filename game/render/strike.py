"""The strike effects of Naval and «Кораблики» (issue 20, part 3): the torpedo with its wake, the
air strike (planes in formation with their shadows, diving and dropping bombs, shot down in
flames), the Aegis's tracer streams and flak, water columns, a mine's shock ring, a minesweeper's
sweep and the atomic blast's rising column.

Everything is sized to the board's cell (``cell``: pixels a cell) and moves on elapsed time
(``Strike.update(dt)``), never on frame counts. Sprites (planes, torpedoes, soft puffs) are drawn
once per size and kept (``strike_sprites``); a frame only blits them. ``Strike.clear()`` ends
every effect at once, for the scenes' skip. Nothing here knows the rules: the scenes say what to show and when.
With reduced motion (``render.motion``) nothing of a strike is drawn flying: where it strikes,
a still glow fades in and out.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from . import motion
from .easing import Timed, ease_out_quad, smooth
from .effects import glow, ring_sprite
from .strike_sprites import plane_sprite, soft, torpedo_sprite, wake_sprite

Pos = tuple[float, float]

WATER_WHITE = (225, 240, 255)
FLAK_SMOKE = (26, 24, 28)
SMOKE = (128, 126, 130)
TRACER = (255, 214, 110)

BOMB_FALL = 0.38        # seconds a bomb falls
WAKE_LIFE = 0.9         # seconds a torpedo's wake stays on the water
CRUISE = 1.3            # a plane's height in cells while it flies in
LOW = 0.45              # ... at the bottom of its dive
FALL_TIME = 0.9         # seconds a downed plane takes to reach the water


def _blit_centred(surface, spr, pos, flags=0) -> None:
    surface.blit(spr, (pos[0] - spr.get_width() / 2, pos[1] - spr.get_height() / 2),
                 special_flags=flags)


def _heading(dx: float, dy: float, step: int = 15) -> int:
    deg = math.degrees(math.atan2(dy, dx))
    return int(round(deg / step) * step) % 360


# --- the pieces of a strike -------------------------------------------------------------

@dataclass
class Torpedo:
    """A torpedo running from ``start`` to ``end`` (pixel centres) in ``duration`` seconds; its
    wake stays on the water a little after it stops."""

    start: Pos
    end: Pos
    duration: float
    cell: int
    t: float = 0.0

    @property
    def running(self) -> bool:
        return self.t < self.duration

    @property
    def done(self) -> bool:
        return self.t >= self.duration + WAKE_LIFE

    def head(self) -> Pos:
        k = min(1.0, self.t / self.duration) if self.duration > 0 else 1.0
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k)

    def draw(self, surface, ox: float, oy: float) -> None:
        length = math.dist(self.start, self.end)
        if length <= 0:
            return
        ux, uy = (self.end[0] - self.start[0]) / length, (self.end[1] - self.start[1]) / length
        angle = _heading(ux, uy, 90)
        speed = length / max(1e-6, self.duration)
        hx, hy = self.head()
        hx, hy = hx + ox, hy + oy
        # the wake: a strip as long as the foam lasts, its head at the torpedo, cut at the
        # point the torpedo started from; once it stops, the whole wake fades
        spr = wake_sprite(self.cell, int(min(speed * WAKE_LIFE, self.cell * 12)), angle)
        w, h = spr.get_size()
        dest = pygame.Rect(0, 0, w, h)
        if angle == 0:
            dest.midright = (hx, hy)
        elif angle == 180:
            dest.midleft = (hx, hy)
        elif angle == 90:
            dest.midbottom = (hx, hy)
        else:
            dest.midtop = (hx, hy)
        sx, sy = self.start[0] + ox, self.start[1] + oy
        span = pygame.Rect(min(sx, hx), min(sy, hy), abs(hx - sx) + 1, abs(hy - sy) + 1)
        span = span.inflate(0, h) if angle in (0, 180) else span.inflate(w, 0)
        shown = dest.clip(span)
        if shown.w > 0 and shown.h > 0:
            fade = 1.0 if self.running else max(0.0, 1 - (self.t - self.duration) / WAKE_LIFE)
            if fade < 1:
                spr.set_alpha(int(255 * fade))
            surface.blit(spr, shown.topleft, shown.move(-dest.x, -dest.y))
            spr.set_alpha(255)
        if not self.running:
            return
        churn = glow(max(2, self.cell * 0.16), (200, 225, 250), 6)
        _blit_centred(surface, churn, (hx - ux * self.cell * 0.45, hy - uy * self.cell * 0.45),
                      pygame.BLEND_RGB_ADD)
        _blit_centred(surface, torpedo_sprite(self.cell, angle), (hx, hy))


@dataclass
class Column(Timed):
    """A column of water thrown up ``height`` cells from ``pos``: it shoots up, hangs, and falls
    back wider and fainter; ``tint`` colours its foot (a mine's is muddy)."""

    pos: Pos
    cell: int
    height: float = 1.5
    span: float = 1.1
    tint: tuple = WATER_WHITE
    t: float = 0.0

    def draw(self, surface, ox: float, oy: float) -> None:
        rise = ease_out_quad(self.t / 0.22)
        fall = smooth((self.t - 0.3) / (self.span - 0.3))
        h = self.height * self.cell * rise * (1 - 0.45 * fall)
        fade = 1 - fall
        x, y = self.pos[0] + ox, self.pos[1] + oy
        n = 6
        for i in range(n + 1):
            j = i / n
            r = self.cell * (0.26 + 0.2 * j) * (1 + 0.5 * fall)
            colour = tuple(int(a + (b - a) * j) for a, b in zip(self.tint, WATER_WHITE))
            steps = max(1, min(8, int(8 * fade * (0.55 + 0.45 * j) + 0.999)))
            _blit_centred(surface, glow(r, colour, steps), (x, y - h * j), pygame.BLEND_RGB_ADD)
        crown = soft(self.cell * 0.42 * (1 + 0.8 * fall), WATER_WHITE, 230 * fade)
        _blit_centred(surface, crown, (x, y - h))


@dataclass
class ShockRing(Timed):
    pos: Pos
    cell: int
    reach: float = 2.0          # cells
    span: float = 0.6
    colour: tuple = (220, 236, 255)
    t: float = 0.0

    def draw(self, surface, ox: float, oy: float) -> None:
        k = self.t / self.span
        radius = self.cell * (0.2 + self.reach * ease_out_quad(k))
        steps = max(1, min(8, int(8 * (1 - k) + 0.999)))
        spr = ring_sprite(radius, max(2, self.cell // 12), self.colour, steps)
        _blit_centred(surface, spr, (self.pos[0] + ox, self.pos[1] + oy), pygame.BLEND_RGB_ADD)


@dataclass
class Puff(Timed):
    """A ball of smoke or fire that drifts, grows and fades (``additive``: fire, light)."""

    x: float
    y: float
    vx: float
    vy: float
    radius: float
    grow: float
    span: float
    colour: tuple
    alpha: int = 220
    additive: bool = False
    t: float = 0.0
    hard: bool = False          # a burst's crisp edge, not a drifting haze

    def update(self, dt: float) -> None:
        self.t += dt
        self.x += self.vx * dt
        self.y += self.vy * dt
        self.vx *= max(0.0, 1 - 2 * dt)
        self.vy *= max(0.0, 1 - 2 * dt)
        self.radius += self.grow * dt

    def draw(self, surface, ox: float, oy: float) -> None:
        k = 1 - self.t / self.span
        if self.additive:
            steps = max(1, min(8, int(8 * k + 0.999)))
            _blit_centred(surface, glow(self.radius, self.colour, steps), (self.x + ox, self.y + oy),
                          pygame.BLEND_RGB_ADD)
        else:
            _blit_centred(surface, soft(self.radius, self.colour, self.alpha * k, self.hard),
                          (self.x + ox, self.y + oy))


@dataclass(eq=False)
class Stream:
    """The Aegis's tracer stream: rounds fired from ``src`` at ``dst`` for ``fire`` seconds,
    each a glowing dash that takes ``flight`` seconds to get there."""

    src: Pos
    dst: Pos
    cell: int
    fire: float = 0.45
    flight: float = 0.2
    rate: float = 26.0
    seed: int = 0
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.fire + self.flight

    def draw(self, surface, ox: float, oy: float) -> None:
        rounds = max(1, int(self.fire * self.rate))
        dx, dy = self.dst[0] - self.src[0], self.dst[1] - self.src[1]
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d, dx / d
        width = max(2, self.cell // 14)
        for k in range(rounds):
            age = self.t - k / self.rate
            if not 0 <= age <= self.flight:
                continue
            p = age / self.flight
            jitter = ((k * 7919 + self.seed * 31) % 11 - 5) / 5 * self.cell * 0.35
            side = (1 if k % 2 else -1) * self.cell * 0.12    # two barrels
            ex, ey = self.dst[0] + nx * jitter, self.dst[1] + ny * jitter
            sx, sy = self.src[0] + nx * side, self.src[1] + ny * side
            x = sx + (ex - sx) * p + ox
            y = sy + (ey - sy) * p + oy
            q = max(0.0, p - self.cell * 0.8 / d)
            tx = sx + (ex - sx) * q + ox
            ty = sy + (ey - sy) * q + oy
            pygame.draw.line(surface, (255, 150, 60), (tx, ty), (x, y), width)
            _blit_centred(surface, glow(max(2, self.cell * 0.12), TRACER, 8), (x, y),
                          pygame.BLEND_RGB_ADD)


@dataclass
class Bomb(Timed):
    """A bomb falling from a plane: from ``start`` (its ground point under the plane) to
    ``end`` (the target) as it drops ``height`` cells to the water."""

    start: Pos
    end: Pos
    height: float
    cell: int
    span: float = BOMB_FALL
    t: float = 0.0

    def draw(self, surface, ox: float, oy: float) -> None:
        k = min(1.0, self.t / self.span)
        g = ease_out_quad(k)
        x = self.start[0] + (self.end[0] - self.start[0]) * g + ox
        y = self.start[1] + (self.end[1] - self.start[1]) * g + oy
        alt = self.height * (1 - k * k) * self.cell
        pygame.draw.circle(surface, (6, 14, 26), (x + alt * 0.5, y + alt * 0.7),
                           max(1.5, self.cell * 0.07))
        size = max(3.0, self.cell * (0.16 + 0.12 * (1 - k)))
        r = pygame.Rect(0, 0, size * 1.9, size)
        r.center = (x, y)
        pygame.draw.ellipse(surface, (190, 196, 206), r.inflate(2, 2))
        pygame.draw.ellipse(surface, (36, 40, 48), r)


@dataclass
class Plane:
    """One plane of an air strike, on the line of its ``target`` (a pixel centre), flying
    ``direction`` (1: right, -1: left) at ``speed`` pixels a second. It drops its bomb at
    ``release`` seconds so the bomb lands on the target at ``release + BOMB_FALL``, dives to it
    and climbs away until ``gone``; or, ``down_at`` seconds in, the Aegis hits it: it burns,
    trails smoke and falls into the sea."""

    target: Pos
    direction: int
    speed: float
    release: float
    gone: float
    cell: int
    roundel: tuple = (90, 200, 255)
    down_at: float | None = None
    wing: float = 0.0          # cells to the side of its line while in formation
    t: float = 0.0
    dropped: bool = False
    crashed: bool = False
    smoke: float = 0.0

    @property
    def done(self) -> bool:
        if self.down_at is not None:
            return self.t >= self.down_at + FALL_TIME
        return self.t >= self.gone

    def ground(self, t: float) -> Pos:
        """Where the plane is over the water ``t`` seconds in (before it is hit)."""
        drift = self.speed * BOMB_FALL * 0.6     # the bomb's own way forward as it falls
        x = self.target[0] - self.direction * (drift + self.speed * (self.release - t))
        close = smooth(t / max(0.1, self.release - 0.6))   # it leaves the V for its dive
        return (x, self.target[1] + self.wing * self.cell * (1 - close))

    def altitude(self, t: float) -> float:
        """Its height in cells: cruising, diving to its target, climbing away."""
        if t < self.release:
            return CRUISE - (CRUISE - LOW) * smooth(1 - (self.release - t) / 0.6)
        return LOW + (CRUISE + 0.3 - LOW) * smooth((t - self.release) / 0.7)

    def where(self) -> tuple[Pos, float, int]:
        """Position, height (cells) and heading (degrees) now."""
        heading = 0 if self.direction > 0 else 180
        if self.down_at is None or self.t < self.down_at:
            return self.ground(self.t), self.altitude(self.t), heading
        since = min(self.t, self.down_at + FALL_TIME) - self.down_at
        x0, y0 = self.ground(self.down_at)
        slow = self.speed * (since - since * since / (2 * FALL_TIME) * 0.6)
        k = since / FALL_TIME
        pos = (x0 + self.direction * slow, y0 + self.cell * 0.4 * k)
        spin = int(since * 420) * (1 if self.direction > 0 else -1)
        return pos, self.altitude(self.down_at) * (1 - k * k), heading + spin

    def draw(self, surface, ox: float, oy: float) -> None:
        (x, y), alt, heading = self.where()
        length = self.cell * (0.9 + 0.2 * alt)
        shadow = plane_sprite(self.cell * 0.95, _heading_q(heading), (0, 0, 0), True)
        _blit_centred(surface, shadow, (x + alt * self.cell * 0.55 + ox,
                                        y + alt * self.cell * 0.75 + oy))
        spr = plane_sprite(length, _heading_q(heading), self.roundel)
        fade = min(1.0, self.t / 0.25)
        if self.down_at is None:
            fade = min(fade, max(0.0, (self.gone - self.t) / 0.25))
        if fade < 1:
            spr = spr.copy()
            spr.set_alpha(int(255 * fade))
        _blit_centred(surface, spr, (x + ox, y + oy))
        if self.down_at is not None and self.t >= self.down_at:
            flame = glow(max(2, self.cell * 0.22), (255, 130, 40), 7)
            _blit_centred(surface, flame, (x + ox, y + oy), pygame.BLEND_RGB_ADD)


def _heading_q(deg: float) -> int:
    return int(round(deg / 15) * 15) % 360


@dataclass
class Sweep(Timed):
    """A minesweeper's sweep from ``src`` to the mine at ``dst``: the sweep wire pays out in a
    curve with its float, then the cut mine bobs up in a little fountain."""

    src: Pos
    dst: Pos
    cell: int
    span: float = 1.0
    t: float = 0.0

    def draw(self, surface, ox: float, oy: float) -> None:
        k = min(1.0, self.t / (self.span * 0.55))
        fade = 1 - smooth((self.t - self.span * 0.55) / (self.span * 0.45))
        sx, sy = self.src[0] + ox, self.src[1] + oy
        ex, ey = self.dst[0] + ox, self.dst[1] + oy
        dx, dy = ex - sx, ey - sy
        nx, ny = -dy * 0.45, dx * 0.45            # the wire bows out to one side
        pts = []
        for i in range(9):
            u = k * i / 8
            b = 4 * u * (1 - u)
            pts.append((sx + dx * u + nx * b, sy + dy * u + ny * b))
        colour = tuple(int(c * fade) for c in (230, 220, 150))
        if len(pts) > 1 and fade > 0:
            pygame.draw.lines(surface, colour, False, pts, max(2, self.cell // 16))
            fx, fy = pts[-1]
            pygame.draw.circle(surface, (255, 120, 60), (fx, fy), max(2, self.cell * 0.09))
            pygame.draw.circle(surface, (250, 250, 240), (fx, fy), max(2, self.cell * 0.09), 1)
        for j in range(3):                         # ripples spreading from the cut mine
            q = (self.t - self.span * 0.45 - j * 0.12) / (self.span * 0.55)
            if 0 < q < 1:
                spr = ring_sprite(self.cell * (0.2 + 0.7 * q), max(1, self.cell // 20),
                                  (180, 230, 255), max(1, int(8 * (1 - q))))
                _blit_centred(surface, spr, (ex, ey), pygame.BLEND_RGB_ADD)


@dataclass
class Mushroom(Timed):
    """The atomic blast's rising column: a stem climbing three cells from ``pos`` with a cap
    that rolls outward, glowing at first, then smoke; a ring of spray at its foot."""

    pos: Pos
    cell: int
    span: float = 4.2
    t: float = 0.0

    def draw(self, surface, ox: float, oy: float) -> None:
        t, c = self.t, self.cell
        k = ease_out_quad(t / 1.6)
        fade = 1 - smooth((t - (self.span - 1.5)) / 1.5)
        heat = max(0.0, 1 - t / 1.8)
        x, y = self.pos[0] + ox, self.pos[1] + oy
        h = 3.0 * c * k
        for i in range(8):                          # the base surge of spray
            a = i / 8 * math.tau
            rr = c * (0.6 + 1.6 * k)
            spr = soft(c * (0.35 + 0.35 * k), (200, 206, 214), 150 * fade)
            _blit_centred(surface, spr, (x + math.cos(a) * rr, y + math.sin(a) * rr * 0.45))
        n = 8
        for i in range(n):                          # the stem
            j = i / (n - 1)
            r = c * (0.34 - 0.1 * j + 0.08 * k)
            py = y - h * j
            _blit_centred(surface, soft(r, (150, 134, 122), 235 * fade), (x, py))
            if heat > 0 and i % 2 == 0:
                _blit_centred(surface, glow(r * 0.7, (255, 150, 60), max(1, int(8 * heat))),
                              (x, py), pygame.BLEND_RGB_ADD)
        wet = 1 - smooth((t - 0.4) / 1.2)          # the condensation ring round the stem
        if wet > 0 and t > 0.25:
            ry_ring = c * 0.25 * (1 + k)
            for i in range(8):
                a = i / 8 * math.tau
                _blit_centred(surface, soft(c * 0.28, (236, 240, 246), 200 * wet * fade),
                              (x + math.cos(a) * c * 0.9 * (1 + k), y - h * 0.55
                               + math.sin(a) * ry_ring))
        cy = y - h
        rx = c * (0.5 + 1.2 * k)
        ry = rx * 0.45
        roll = t * 1.4
        blob = c * (0.3 + 0.4 * k)
        for ring, count in ((1.0, 11), (0.55, 6)):  # the cap, rolling outward
            for i in range(count):
                a = roll * (1.2 - ring) + i / count * math.tau
                below = round(max(0.0, math.sin(a)) * 3) / 3   # its underside lit by the fire
                glow_k = below * (0.4 + 0.6 * heat)
                colour = (int(128 + 100 * glow_k), int(110 + 50 * glow_k), int(100 + 10 * glow_k))
                px, py = x + math.cos(a) * rx * ring, cy + math.sin(a) * ry * ring
                _blit_centred(surface, soft(blob * (1.15 - 0.3 * ring), colour, 235 * fade),
                              (px, py))
        for dx, dy, r in ((-0.4, -0.55, 1.0), (0.4, -0.55, 1.0), (0.0, -0.85, 1.15)):  # the dome
            _blit_centred(surface, soft(blob * r, (104, 92, 88), 240 * fade),
                          (x + dx * rx, cy + dy * ry))
        if heat > 0:
            _blit_centred(surface, glow(rx * 0.8, (255, 160, 70), max(1, int(8 * heat))),
                          (x, cy + ry * 0.2), pygame.BLEND_RGB_ADD)
            _blit_centred(surface, glow(c * 0.5 * (1 + k), (255, 240, 200), max(1, int(8 * heat))),
                          (x, y), pygame.BLEND_RGB_ADD)


# --- the whole --------------------------------------------------------------------------

@dataclass
class Strike:
    """Every strike effect of one battle screen. The scene calls ``update(dt)`` each frame and
    ``draw`` after its boards and the generic effects; ``clear()`` on skip."""

    rng: random.Random = field(default_factory=lambda: random.Random(0))
    torpedoes: list = field(default_factory=list)
    planes: list = field(default_factory=list)
    bombs: list = field(default_factory=list)
    streams: list = field(default_factory=list)
    columns: list = field(default_factory=list)
    rings: list = field(default_factory=list)
    puffs: list = field(default_factory=list)
    sweeps: list = field(default_factory=list)
    mushrooms: list = field(default_factory=list)
    fades: list = field(default_factory=list)    # reduced motion: what the strikes became

    MAX_PUFFS = 240

    def _lists(self):
        return (self.columns, self.rings, self.sweeps, self.torpedoes, self.bombs, self.mushrooms,
                self.puffs, self.streams, self.planes, self.fades)

    @property
    def busy(self) -> bool:
        """Something of a strike is still on the screen."""
        return any(self._lists())

    @property
    def flying(self) -> bool:
        """A torpedo, plane or bomb is on its way (for the frames bench's busy frames)."""
        return bool(self.planes or self.bombs or any(t.running for t in self.torpedoes))

    def clear(self) -> None:
        for items in self._lists():
            items.clear()

    # -- starting things --
    def _faded(self, pos: Pos, cell: float, cells: float, colour) -> bool:
        """With reduced motion: a still glow ``cells`` cells across fades in and out at
        ``pos`` instead (True: nothing else of the effect is to be made)."""
        if not motion.reduced():
            return False
        # the strike's clock runs at the cues' pace; a fade keeps the wall's FADE seconds
        self.fades.append(motion.Fade(pos, cells * cell / 2, tuple(colour),
                                      motion.FADE * motion.pace()))
        return True

    def torpedo(self, start: Pos, end: Pos, duration: float, cell: int) -> Torpedo:
        tp = Torpedo(start, end, max(0.05, duration), int(cell))
        self.torpedoes.append(tp)
        return tp

    def plane(self, plane: Plane) -> Plane:
        self.planes.append(plane)
        return plane

    def column(self, pos: Pos, cell: int, height: float = 1.5, span: float = 1.1,
               tint=WATER_WHITE) -> None:
        """A water column ``height`` cells high (a shell's, a torpedo's, a bomb's)."""
        if self._faded(pos, cell, 1.2, tint):
            return
        self.columns.append(Column(pos, int(cell), height, span, tuple(tint)))

    def mine(self, pos: Pos, cell: int) -> None:
        """A mine goes off: a tall muddy column and a shock ring two cells wide."""
        if self._faded(pos, cell, 2.0, (200, 225, 255)):
            return
        self.column(pos, cell, 1.8, 1.3, (170, 176, 150))
        self.rings.append(ShockRing(pos, int(cell), 2.0, 0.6))
        self.rings.append(ShockRing(pos, int(cell), 1.2, 0.9, (140, 190, 230)))

    def sweep(self, src: Pos, dst: Pos, cell: int) -> None:
        if self._faded(dst, cell, 1.4, (120, 240, 200)):
            return
        self.sweeps.append(Sweep(src, dst, int(cell)))

    def stream(self, src: Pos, dst: Pos, cell: int, fire: float = 0.45) -> None:
        """Tracers from ``src`` (the mount) toward ``dst`` for ``fire`` seconds; some rounds
        burst short of it as flak."""
        if motion.reduced():      # no tracers: the hit's own fade (``flak``) is shown
            return
        self.streams.append(Stream(src, dst, int(cell), fire, seed=self.rng.randrange(1000)))
        for i in range(2):
            a = self.rng.uniform(0, math.tau)
            d = cell * self.rng.uniform(0.5, 1.0)
            self._flak_puff((dst[0] + math.cos(a) * d, dst[1] + math.sin(a) * d), cell,
                            delay=fire * (0.3 + 0.35 * i), size=0.7)

    def flak(self, pos: Pos, cell: int) -> None:
        """A hit in the air: a flash and black bursts of flak."""
        if self._faded(pos, cell, 1.0, (255, 200, 110)):
            return
        self._puff(pos, cell * 0.5, cell * 1.2, 0.3, (255, 200, 110), additive=True)
        self._flak_puff(pos, cell, 0.0, 1.0)
        for _ in range(3):
            a = self.rng.uniform(0, math.tau)
            d = cell * self.rng.uniform(0.2, 0.55)
            self._flak_puff((pos[0] + math.cos(a) * d, pos[1] + math.sin(a) * d), cell,
                            self.rng.uniform(0.0, 0.12), 0.8)

    def mushroom(self, pos: Pos, cell: int) -> None:
        if self._faded(pos, cell, 3.0, (255, 190, 120)):
            return
        self.mushrooms.append(Mushroom(pos, int(cell)))

    def _puff(self, pos, radius, grow, span, colour, vx=0.0, vy=0.0, alpha=220,
              additive=False, delay: float = 0.0, hard: bool = False) -> None:
        """A puff; ``delay`` holds it back (a puff with negative time is not drawn)."""
        if len(self.puffs) < self.MAX_PUFFS and not motion.reduced():
            self.puffs.append(Puff(pos[0], pos[1], vx, vy, radius, grow, span, colour, alpha,
                                   additive, -delay, hard))

    def _flak_puff(self, pos, cell, delay: float, size: float) -> None:
        """A black burst of flak with a spark of fire at its heart."""
        self._puff(pos, cell * 0.32 * size, cell * 0.7 * size, 1.2, FLAK_SMOKE, alpha=245,
                   delay=delay, hard=True)
        self._puff(pos, cell * 0.22 * size, cell * 0.3 * size, 0.22, (255, 170, 80),
                   additive=True, delay=delay)

    # -- time --
    def update(self, dt: float) -> None:
        for items in self._lists():
            for it in items:
                if isinstance(it, Puff):
                    it.update(dt)
                else:
                    it.t += dt
        for p in self.planes:
            self._plane_step(p, dt)
        self.torpedoes = [x for x in self.torpedoes if not x.done]
        self.planes = [x for x in self.planes if not x.done]
        self.bombs = [x for x in self.bombs if not x.done]
        self.streams = [x for x in self.streams if not x.done]
        self.columns = [x for x in self.columns if not x.done]
        self.rings = [x for x in self.rings if not x.done]
        self.puffs = [x for x in self.puffs if not x.done]
        self.sweeps = [x for x in self.sweeps if not x.done]
        self.mushrooms = [x for x in self.mushrooms if not x.done]
        self.fades = [x for x in self.fades if not x.done]

    def _plane_step(self, p: Plane, dt: float) -> None:
        c = p.cell
        if p.down_at is None and not p.dropped and p.t >= p.release:
            p.dropped = True
            x, y = p.ground(p.release)
            self.bombs.append(Bomb((x, y), p.target, p.altitude(p.release), c))
        if p.down_at is not None and p.t >= p.down_at:
            (x, y), alt, _ = p.where()
            tail = (x - p.direction * c * 0.4, y)
            p.smoke += dt
            while p.smoke > 0.05 and not p.crashed:
                p.smoke -= 0.05
                self._puff(tail, c * 0.16, c * 0.45, 1.2, SMOKE, vy=-c * 0.3, alpha=190)
                self._puff(tail, c * 0.16, c * 0.25, 0.3, (255, 140, 50), additive=True)
            if p.t >= p.down_at + FALL_TIME and not p.crashed:
                p.crashed = True
                self.column((x, y), c, 0.9, 0.8)
                self.rings.append(ShockRing((x, y), c, 0.8, 0.5))

    # -- drawing --
    def draw(self, surface: pygame.Surface, offset=(0, 0)) -> None:
        ox, oy = offset
        if motion.reduced():      # the planes, torpedoes and bombs fly unseen; only fades
            for f in self.fades:
                f.draw(surface, ox, oy)
            return
        for group in (self.rings, self.sweeps, self.torpedoes, self.columns, self.mushrooms,
                      self.bombs, self.streams):
            for it in group:
                it.draw(surface, ox, oy)
        for p in self.planes:
            p.draw(surface, ox, oy)
        for pf in self.puffs:           # flak over the planes it meets
            if pf.t >= 0:
                pf.draw(surface, ox, oy)
