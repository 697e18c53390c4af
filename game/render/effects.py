"""Arcade effects: shells in flight, splashes, explosions, fire and smoke, flash, shake, rings
and floating words. All motion runs on elapsed time (``update(dt)``), never on frame counts.
With reduced motion (``render.motion``) each effect is a still glow fading in and out where it
lands, words do not rise, ships fade where they lay and nothing shakes.

``Timeline`` is the queue of timed cues a scene plays for one action: while it has cues the
scene is "busy" and holds input back; ``skip()`` runs every cue at once with ``skipping=True`` so
state catches up without sounds or particles.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np
import pygame

from . import motion, text, theme
from .cache import Lru, quantise
from .damage import Sinking, draw_sinking
from .easing import ease_out_quad

Pos = tuple[float, float]


class Timeline:
    def __init__(self):
        self.t = 0.0
        self._cues: list[tuple[float, int, object]] = []
        self._n = 0

    @property
    def busy(self) -> bool:
        return bool(self._cues)

    def add(self, delay: float, fn) -> None:
        """Run ``fn(skipping)`` ``delay`` seconds from now (after cues already due then)."""
        self._n += 1
        self._cues.append((self.t + max(0.0, delay), self._n, fn))
        self._cues.sort(key=lambda c: (c[0], c[1]))

    def update(self, dt: float) -> None:
        self.t += dt
        while self._cues and self._cues[0][0] <= self.t:
            _, _, fn = self._cues.pop(0)
            fn(False)

    def skip(self) -> None:
        while self._cues:  # cues may add cues; run until none are left
            _, _, fn = self._cues.pop(0)
            fn(True)


# --- sprites ------------------------------------------------------------------------------

_glow_cache = Lru(3000)
_falloff = Lru(128)


def glow(radius: float, colour, alpha_step: int = 8) -> pygame.Surface:
    """A soft round sprite (bright centre, transparent edge), cached by size/colour/alpha."""
    radius = quantise(radius)
    key = (radius, colour, alpha_step)
    surf = _glow_cache.get(key)
    if surf is None:
        fall = _falloff.get(radius)
        if fall is None:
            d = np.arange(-radius, radius + 1, dtype=np.float32)
            r = np.sqrt(d[:, None] ** 2 + d[None, :] ** 2) / (radius + 1)
            fall = _falloff[radius] = np.clip(1 - r, 0, 1) ** 2
        size = 2 * radius + 1
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        k = fall * (alpha_step / 8)
        # colour premultiplied by the falloff: additive blits (which ignore alpha) fade out too
        rgb = pygame.surfarray.pixels3d(surf)
        rgb[:] = (np.array(colour, np.float32)[None, None, :] * k[..., None]).astype(np.uint8)
        del rgb  # release the surface lock
        alpha = pygame.surfarray.pixels_alpha(surf)
        alpha[:] = (k * 255).astype(np.uint8)
        del alpha
        _glow_cache[key] = surf
    return surf


_ring_cache = Lru(2000)


def ring_sprite(radius: float, width: int, colour, alpha_step: int) -> pygame.Surface:
    """A circle outline on black, for additive blits: it fades to nothing, never to black."""
    radius = quantise(radius)
    key = (radius, width, colour, alpha_step)
    surf = _ring_cache.get(key)
    if surf is None:
        surf = pygame.Surface((2 * radius + 2, 2 * radius + 2))
        k = alpha_step / 8
        pygame.draw.circle(surf, tuple(int(c * k) for c in colour), (radius + 1, radius + 1),
                           radius, min(width, radius))
        _ring_cache[key] = surf
    return surf


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    span: float
    radius: float
    colour: tuple
    gravity: float = 0.0
    drag: float = 0.0
    grow: float = 0.0
    additive: bool = True
    opacity: float = 1.0   # smoke is never fully opaque


@dataclass
class Shell:
    start: Pos
    end: Pos
    duration: float
    height: float
    t: float = 0.0
    colour: tuple = (255, 235, 180)


@dataclass
class Ring:
    pos: Pos
    radius: float
    speed: float
    life: float
    span: float
    colour: tuple
    width: int = 2


@dataclass
class Column:
    """A column of water thrown up where a shell or a mine went off: it shoots up to
    ``height``, hangs, slumps and fades."""
    pos: Pos
    height: float
    width: float
    life: float
    span: float


_column_cache = Lru(600)


def column_sprite(width: float, height: float, alpha_step: int) -> pygame.Surface:
    """A column of white water, wide at its foot and foaming at its top; cached by size."""
    w = max(4, int(width) - int(width) % 2)
    h = max(4, quantise(height))
    key = (w, h, alpha_step)
    surf = _column_cache.get(key)
    if surf is None:
        surf = pygame.Surface((w * 2, h + w), pygame.SRCALPHA)
        a = int(230 * alpha_step / 8)
        cx, foot = w, h + w // 2
        body = [(cx - w * 0.42, foot), (cx - w * 0.2, foot - h * 0.55), (cx - w * 0.55, foot - h * 0.9),
                (cx + w * 0.55, foot - h * 0.9), (cx + w * 0.2, foot - h * 0.55),
                (cx + w * 0.42, foot)]   # narrow at its waist, flaring into spray at the top
        pygame.draw.polygon(surf, (170, 205, 235, a), body)
        pygame.draw.polygon(surf, (235, 245, 255, a), [(x * 0.45 + cx * 0.55, y) for x, y in body])
        for dx, dy, r in ((-0.5, 0.02, 0.16), (-0.25, -0.06, 0.2), (0.02, -0.1, 0.22),
                          (0.28, -0.05, 0.19), (0.52, 0.03, 0.15)):      # the crown of spray
            pygame.draw.circle(surf, (240, 248, 255, a), (cx + dx * w, foot - h * 0.92 + dy * h),
                               max(1, r * w))
        pygame.draw.ellipse(surf, (230, 242, 252, a // 3),
                            pygame.Rect(cx - w * 0.8, foot - w * 0.25, 1.6 * w, w * 0.5), max(1, w // 10))
        _column_cache[key] = surf
    return surf


@dataclass
class Light:
    """The glow an explosion throws on the water round it, fading out: light where the blast
    is, the rest of the screen left as dark as it was."""
    pos: Pos
    radius: float
    life: float
    span: float
    colour: tuple = (255, 190, 120)


@dataclass
class FloatingText:
    surf: pygame.Surface
    pos: Pos
    life: float
    span: float


class Effects:
    """Every transient effect of one scene."""

    MAX_PARTICLES = 900

    def __init__(self, rng: random.Random | None = None, scale: float = 1.0):
        self.rng = rng or random.Random(0)
        self.scale = scale  # pixels per layout unit: effects grow with the board
        self.particles: list[Particle] = []
        self.shells: list[Shell] = []
        self.rings: list[Ring] = []
        self.texts: list[FloatingText] = []
        self.columns: list[Column] = []
        self.sinkings: list[Sinking] = []
        self.lights: list[Light] = []
        self.fades: list[motion.Fade] = []     # reduced motion: what the effects became
        self.flash = 0.0
        self.flash_colour = (255, 240, 210)
        self._shake = 0.0
        self._shake_time = 0.0

    # -- spawning --
    def _faded(self, pos: Pos, cells: float, colour) -> bool:
        """With reduced motion: the effect at ``pos`` becomes a still glow ``cells`` cells
        across fading in and out (True: nothing else of it is to be made)."""
        if not motion.reduced():
            return False
        self.fades.append(motion.Fade(pos, cells * 20 * self.scale, tuple(colour)))
        return True

    def _spray(self, pos: Pos, n: int, speed: float, span: float, radius: float, colour,
               gravity=0.0, drag=1.5, grow=0.0, additive=True, up_bias=0.0, spread=math.pi,
               opacity=1.0):
        rng = self.rng
        room = self.MAX_PARTICLES - len(self.particles)
        for _ in range(min(n, max(0, room))):
            a = -math.pi / 2 + rng.uniform(-spread, spread)
            v = speed * rng.uniform(0.3, 1.0)
            self.particles.append(Particle(
                pos[0], pos[1], math.cos(a) * v, math.sin(a) * v - up_bias,
                span * rng.uniform(0.6, 1.0), span, radius * rng.uniform(0.6, 1.2), colour,
                gravity, drag, grow, additive, opacity))

    def shell(self, start: Pos, end: Pos, duration: float) -> None:
        if motion.reduced():          # nothing flies: the impact's fade says where it fell
            return
        height = 0.25 * math.dist(start, end) + 40 * self.scale
        self.shells.append(Shell(start, end, duration, height))

    def muzzle(self, pos: Pos) -> None:
        if motion.reduced():
            return
        s = self.scale
        self._spray(pos, 10, 160 * s, 0.25, 4 * s, (255, 200, 120), drag=5)
        self._spray(pos, 6, 40 * s, 0.9, 6 * s, (110, 110, 120), drag=2, grow=10 * s,
                    additive=False)

    def column(self, pos: Pos, cells: float = 1.5, width: float = 0.55,
               span: float = 0.9) -> None:
        """A water column ``cells`` cells high and ``width`` cells wide (a cell is 40 units)."""
        if motion.reduced():
            return
        s = self.scale
        self.columns.append(Column(pos, cells * 40 * s, width * 40 * s, span, span))

    def splash(self, pos: Pos, light: bool = False) -> None:
        """A miss: a column of white water two cells high with lower sheets either side (the
        crown), droplets thrown out in arcs that rain back, a veil of spray, and rings running
        out over the surface. Sized in cells (``scale``), so every board shows the same.
        ``light``: one of many cells landing at once (a bomber's line, §A): the column, a third
        of the droplets and one ring, so ten of them cost what three would."""
        if self._faded(pos, 1.2, theme.SPLASH[1]):
            return
        s = self.scale
        droplets, spray, rings = theme.SPLASH
        self.column(pos, 2.0, 0.62, 1.05)
        if light:
            self._spray(pos, 9, 170 * s, 1.1, 3.2 * s, droplets, gravity=520 * s,
                        drag=0.35, up_bias=150 * s, spread=0.95)
            self.rings.append(Ring(pos, 4 * s, 74 * s, 0.8, 0.8, rings))
            return
        for side, high in ((-1, 1.15), (1, 1.3)):
            self.column((pos[0] + side * 10 * s, pos[1] + 2 * s), high, 0.36, 0.8)
        self._spray(pos, 26, 170 * s, 1.1, 3.2 * s, droplets, gravity=520 * s,
                    drag=0.35, up_bias=150 * s, spread=0.95)                    # droplets
        self._spray((pos[0], pos[1] - 40 * s), 6, 30 * s, 1.2, 8 * s, spray,
                    drag=1.0, grow=18 * s, up_bias=12 * s, spread=1.5, opacity=0.4)  # spray
        for r, speed, span in ((4, 74, 0.8), (2, 46, 1.05), (1, 26, 1.3)):        # rings
            self.rings.append(Ring(pos, r * s, speed * s, span, span, rings))

    def explosion(self, pos: Pos, power: float = 1.0) -> None:
        """A fireball with a white core, sparks, debris and a column of smoke."""
        if self._faded(pos, 1.4 * power, theme.BLAST[1]):
            return
        s = self.scale * power
        core, ball, inner, sparks, shock = theme.BLAST
        self._spray(pos, 1, 0, 0.25, 18 * s, core, grow=110 * s)                    # core flash
        self._spray(pos, int(10 * power), 90 * s, 0.8, 14 * s, ball, drag=3.5,
                    grow=55 * s, up_bias=20 * s)                                      # fireball
        self._spray(pos, int(6 * power), 50 * s, 0.5, 9 * s, inner, drag=3,
                    grow=30 * s)
        self._spray(pos, int(14 * power), 320 * s, 0.6, 2.5 * s, sparks,
                    gravity=260 * s, drag=1.5)                                        # sparks
        self._spray(pos, int(6 * power), 240 * s, 0.9, 2.5 * s, (40, 34, 30), gravity=520 * s,
                    drag=0.8, additive=False, up_bias=90 * s, spread=1.0)             # debris
        self._spray((pos[0], pos[1] - 8 * s), int(7 * power), 30 * s, 2.0, 8 * s,
                    (96, 94, 100), drag=1.2, grow=22 * s, additive=False, up_bias=45 * s,
                    spread=0.8, opacity=0.5)                                          # smoke
        reach = min(80 * self.scale, 81 * s)      # the shock ring: two cells at most
        self.rings.append(Ring(pos, 4 * s, (reach - 4 * s) / 0.35, 0.35, 0.35, shock, 3))
        self.light(pos, min(3.0, 2.4 * power), 0.45)     # (the atomic bomb lights all)
        self.shake(6 * power, 0.35 + 0.15 * power)

    def mine_blast(self, pos: Pos) -> None:
        """A mine (C5): a broad column of water, a shock ring racing out two cells, spray."""
        if self._faded(pos, 2.0, (200, 225, 255)):
            return
        s = self.scale
        self.column(pos, 1.5, 0.9, 1.2)
        self.rings.append(Ring(pos, 4 * s, 228 * s, 0.33, 0.33, (235, 245, 255), 3))
        self.rings.append(Ring(pos, 2 * s, 80 * s, 0.9, 0.9, (150, 200, 240), 2))
        self._spray(pos, 26, 200 * s, 0.9, 3 * s, (200, 230, 255), gravity=420 * s, drag=0.6,
                    up_bias=60 * s, spread=1.2)
        self._spray(pos, 1, 0, 0.2, 14 * s, (255, 250, 235), grow=90 * s)
        self.light(pos, 2.6, 0.4, (200, 225, 255))
        self.shake(7, 0.45)

    def sweep(self, pos: Pos) -> None:
        """A minesweeper's sweep (C6): a sonar ring swept round a told mine, spray of its
        wake in a circle."""
        if self._faded(pos, 1.4, (120, 240, 200)):
            return
        s = self.scale
        for i in range(3):
            self.rings.append(Ring(pos, (2 + 6 * i) * s, 50 * s, 0.8 + 0.2 * i, 0.8 + 0.2 * i,
                                   (120, 240, 200), 2))
        for i in range(12):
            a = i / 12 * 2 * math.pi
            p = (pos[0] + math.cos(a) * 16 * s, pos[1] + math.sin(a) * 16 * s)
            self.particles.append(Particle(p[0], p[1], -math.sin(a) * 60 * s,
                                           math.cos(a) * 60 * s, 0.6, 0.6, 3 * s,
                                           (170, 235, 220), drag=2))

    def firework(self, pos: Pos, colour, power: float = 1.0) -> None:
        """A star shell bursting: sparks all round that fall and fade, and a flash at its
        heart (the victory screen)."""
        if self._faded(pos, 2.5 * power, colour):
            return
        s = self.scale * power
        self._spray(pos, 1, 0, 0.25, 12 * s, (255, 255, 240), grow=40 * s)
        self._spray(pos, 40, 300 * s, 1.4, 5 * s, colour, gravity=90 * s, drag=1.6)
        self._spray(pos, 14, 160 * s, 1.1, 3.5 * s, (255, 240, 200), gravity=90 * s, drag=1.4)

    def sink(self, sprite: pygame.Surface, rect: pygame.Rect, vertical: bool,
             duration: float = 2.2) -> None:
        """A ship going down (``render.damage.Sinking``): lists, breaks, goes under (with
        reduced motion it fades where it lay, in ``motion.FADE``)."""
        if motion.reduced():
            duration = motion.FADE
        self.sinkings.append(Sinking(sprite, pygame.Rect(rect), vertical, duration))

    def atomic(self, pos: Pos) -> None:
        """The atomic bomb (RULES.md §K): a white flash, shock rings, a fireball and the
        mushroom, a rising stem and a rolling cap of smoke and fire."""
        if self._faded(pos, 4.0, (255, 200, 120)):
            return
        self.flash = 1.0
        self.shake(14, 1.0)
        s = self.scale
        self.rings.append(Ring(pos, 6 * s, 520 * s, 0.9, 0.9, (255, 245, 220), 5))
        self.rings.append(Ring(pos, 4 * s, 260 * s, 1.4, 1.4, (255, 170, 90), 3))
        self.explosion(pos, 2.2)
        self._spray(pos, 26, 60 * s, 2.6, 14 * s, (255, 140, 50), drag=1.6, grow=30 * s,
                    up_bias=150 * s, spread=0.25)
        self._spray((pos[0], pos[1] - 90 * s), 36, 120 * s, 3.2, 19 * s, (120, 110, 105),
                    drag=1.8, grow=26 * s, additive=False, up_bias=40 * s, spread=1.6,
                    opacity=0.7)

    def fire(self, pos: Pos, dt: float) -> None:
        """Keep a hit cell burning: call every frame with the frame's ``dt``."""
        if motion.reduced():         # the mark's own flame, frozen, is enough
            return
        s = self.scale
        if self.rng.random() < dt * 9:
            p = (pos[0] + self.rng.uniform(-6, 6) * s, pos[1] + self.rng.uniform(-2, 4) * s)
            self._spray(p, 1, 12 * s, 0.55, 5 * s, theme.BLAST[1], drag=1, grow=4 * s,
                        up_bias=34 * s, spread=0.25)
        if self.rng.random() < dt * 4:
            self._spray(pos, 1, 12 * s, 1.5, 4 * s, (80, 78, 84), drag=0.8, grow=10 * s,
                        additive=False, up_bias=26 * s, spread=0.35, opacity=0.6)

    def float_text(self, words: str, pos: Pos, px: int, colour, bounds=None) -> None:
        """Words that rise and fade from ``pos`` (their centre); with ``bounds`` (a rect, such
        as a board's grid) they start where their whole rise stays inside it."""
        surf = text.font(px).render(words, True, colour).convert_alpha()
        span = 1.2
        if bounds is not None:
            w, h = surf.get_size()
            rise = 30 * self.scale * span
            x = min(max(pos[0], bounds.left + w / 2), bounds.right - w / 2)
            y = min(max(pos[1], bounds.top + h / 2 + rise), bounds.bottom - h / 2)
            if w > bounds.width:
                x = bounds.centerx
            pos = (x, y)
        self.texts.append(FloatingText(surf, pos, span, span))

    def light(self, pos: Pos, cells: float, span: float, colour=(255, 190, 120)) -> None:
        """Light thrown ``cells`` cells round ``pos`` for ``span`` seconds (a blast)."""
        self.lights.append(Light(pos, cells * 40 * self.scale, span, span, colour))

    def shake(self, amount: float, time: float) -> None:
        if motion.reduced():
            return
        self._shake = max(self._shake, amount * self.scale)
        self._shake_time = max(self._shake_time, time)

    def clear(self) -> None:
        self.particles.clear()
        self.shells.clear()
        self.rings.clear()
        self.texts.clear()
        self.columns.clear()
        self.sinkings.clear()
        self.lights.clear()
        self.fades.clear()
        self.flash = 0.0
        self._shake = self._shake_time = 0.0

    # -- time --
    def update(self, dt: float) -> None:
        alive = []
        for p in self.particles:
            p.life -= dt
            if p.life <= 0:
                continue
            k = max(0.0, 1 - p.drag * dt)
            p.vx *= k
            p.vy = p.vy * k + p.gravity * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.radius += p.grow * dt
            alive.append(p)
        self.particles = alive
        for sh in self.shells:
            sh.t += dt
        self.shells = [sh for sh in self.shells if sh.t < sh.duration]
        for r in self.rings:
            r.life -= dt
            r.radius += r.speed * dt
        self.rings = [r for r in self.rings if r.life > 0]
        rise = 0.0 if motion.reduced() else 30 * self.scale * dt
        for ft in self.texts:
            ft.life -= dt
            ft.pos = (ft.pos[0], ft.pos[1] - rise)
        self.texts = [ft for ft in self.texts if ft.life > 0]
        for c in self.columns:
            c.life -= dt
        self.columns = [c for c in self.columns if c.life > 0]
        for li in self.lights:
            li.life -= dt
        self.lights = [li for li in self.lights if li.life > 0]
        self.fades = motion.advance(self.fades, dt)
        for sk in self.sinkings:
            sk.t += dt
            if 0.3 < sk.progress < 0.95 and not motion.reduced() and self.rng.random() < dt * 14:
                for p in sk.bubble_points(1, self.rng):   # bubbles breaking the surface
                    self.rings.append(Ring(p, 1, 14 * self.scale, 0.5, 0.5, (200, 225, 245), 1))
        self.sinkings = [sk for sk in self.sinkings if not sk.done]
        self.flash = max(0.0, self.flash - dt * 2.2)
        if self._shake_time > 0:
            self._shake_time -= dt
            if self._shake_time <= 0:
                self._shake = 0.0

    @property
    def busy(self) -> bool:
        return bool(self.shells)

    def shake_offset(self) -> tuple[int, int]:
        if self._shake <= 0 or motion.reduced():
            return (0, 0)
        a = self._shake * min(1.0, self._shake_time * 3)
        return (round(self.rng.uniform(-a, a)), round(self.rng.uniform(-a, a)))

    # -- drawing --
    @staticmethod
    def _shell_at(sh: Shell, k: float) -> tuple[float, float, float]:
        """Where a shell is at ``k`` of its flight: x, y in the air, y of its shadow."""
        x = sh.start[0] + (sh.end[0] - sh.start[0]) * k
        gy = sh.start[1] + (sh.end[1] - sh.start[1]) * k
        return x, gy - sh.height * 4 * k * (1 - k), gy

    def _draw_shell(self, surface, sh: Shell, ox: float, oy: float) -> None:
        """A shell: its shadow on the water, a trail of smoke and glow, a body along its
        flight with a hot nose, all sized to the cell."""
        s = self.scale
        k = sh.t / sh.duration
        x, y, gy = self._shell_at(sh, k)
        x, y, gy = x + ox, y + oy, gy + oy
        shadow = pygame.Rect(0, 0, max(4, 10 * s), max(2, 4 * s))
        shadow.center = (x, gy)
        pygame.draw.ellipse(surface, (10, 24, 40), shadow)
        for i in range(1, 7):                 # the trail, thinning out behind
            kk = max(0.0, k - i * 0.03)
            tx, ty, _ = self._shell_at(sh, kk)
            spr = glow((3 + i * 1.1) * s, (170, 168, 176), max(1, 7 - i))
            surface.blit(spr, (tx + ox - spr.get_width() / 2, ty + oy - spr.get_height() / 2))
            if i < 4:
                spr = glow(4 * s, (255, 150, 60), 8 - 2 * i)
                surface.blit(spr, (tx + ox - spr.get_width() / 2, ty + oy - spr.get_height() / 2),
                             special_flags=pygame.BLEND_RGB_ADD)
        px, py, _ = self._shell_at(sh, max(0.0, k - 0.01))
        dx, dy = x - ox - px, y - oy - py
        n = math.hypot(dx, dy) or 1.0
        dx, dy = dx / n, dy / n
        length, width = max(6, 16 * s), max(3, 5.5 * s)
        tail = (x - dx * length, y - dy * length)
        spr = glow(9 * s, sh.colour)
        surface.blit(spr, (x - spr.get_width() / 2, y - spr.get_height() / 2),
                     special_flags=pygame.BLEND_RGB_ADD)
        pygame.draw.line(surface, (40, 34, 28), tail, (x, y), int(width) + 2)   # its outline
        pygame.draw.line(surface, (214, 182, 120), tail, (x, y), int(width))     # a brass body
        pygame.draw.circle(surface, (255, 246, 220), (x, y), max(2, width * 0.65))  # hot nose

    def draw(self, surface: pygame.Surface, offset=(0, 0)) -> None:
        ox, oy = offset
        for li in self.lights:
            steps = max(1, min(8, int(li.life / li.span * 6 + 0.999)))
            spr = glow(li.radius, li.colour, steps)
            surface.blit(spr, (li.pos[0] + ox - spr.get_width() / 2,
                               li.pos[1] + oy - spr.get_height() / 2),
                         special_flags=pygame.BLEND_RGB_ADD)
        for f in self.fades:
            f.draw(surface, ox, oy)
        for sk in self.sinkings:
            draw_sinking(surface, sk, offset)
        for c in self.columns:
            k = 1 - c.life / c.span
            h = c.height * ease_out_quad(k / 0.25) * (1 - 0.35 * max(0.0, k - 0.5) / 0.5)
            steps = max(1, min(8, int((1 - max(0.0, k - 0.45) / 0.55) * 8 + 0.999)))
            spr = column_sprite(c.width, h, steps)
            surface.blit(spr, (c.pos[0] + ox - spr.get_width() / 2,
                               c.pos[1] + oy - spr.get_height() + spr.get_width() / 4))
        for p in self.particles:
            k = p.life / p.span * p.opacity
            steps = max(1, min(8, int(k * 8 + 0.999)))
            spr = glow(p.radius, p.colour, steps)
            pos = (p.x + ox - spr.get_width() / 2, p.y + oy - spr.get_height() / 2)
            surface.blit(spr, pos, special_flags=pygame.BLEND_RGB_ADD if p.additive else 0)
        for r in self.rings:
            steps = max(1, min(8, int(r.life / r.span * 8 + 0.999)))
            spr = ring_sprite(r.radius, r.width, r.colour, steps)
            half = spr.get_width() / 2
            surface.blit(spr, (r.pos[0] + ox - half, r.pos[1] + oy - half),
                         special_flags=pygame.BLEND_RGB_ADD)
        for sh in self.shells:
            self._draw_shell(surface, sh, ox, oy)
        for ft in self.texts:
            k = ft.life / ft.span
            ft.surf.set_alpha(int(255 * min(1.0, k * 2)))
            surface.blit(ft.surf, ft.surf.get_rect(center=(ft.pos[0] + ox, ft.pos[1] + oy)))
        # the whole screen lit (the atomic bomb, a fleet's last ship); never with reduced motion
        if self.flash > 0 and not motion.reduced():
            k = 0.63 * self.flash
            surface.fill(tuple(int(c * k) for c in self.flash_colour),
                         special_flags=pygame.BLEND_RGB_ADD)
