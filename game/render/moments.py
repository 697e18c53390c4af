"""The kill moment (issue 20): a big word that punches in over the board where a ship went
down, a short slow motion and a nudge of the camera; the last ship of a fleet gets a longer
finale. Any battle screen may play one (``BattleBase.kill_moment``); all of it runs on elapsed
time and ``clear()`` ends it at once (a skip). With reduced motion (``render.motion``) the word
only fades in and out where it stands, ``FADE`` seconds of the wall's clock: no slow motion, no
nudge, no punch, no burst of light.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from . import frame_log, motion, text
from .easing import Timed
from .effects import glow

PUNCH = 0.22        # seconds the word takes to slam down to its size
FLASH = 0.5         # seconds of the burst of light behind the word as it lands
FLASH_COLOUR = (255, 236, 170)


@dataclass
class Moment(Timed):
    surf: pygame.Surface          # the word(s), outlined, at their final size
    pos: tuple[float, float]      # their centre
    span: float                   # seconds on the screen
    slow: float                   # seconds of slow motion from the start
    nudge: tuple[float, float]    # the camera's push (pixels) at its height
    burst: pygame.Surface | None = None   # the light behind the word as it lands
    t: float = 0.0


def banner(words: str, sub: str | None, px: int, colour, sub_colour, width: int
           ) -> pygame.Surface:
    """The moment's picture: the big word lit from above, rimmed dark and glowing in its
    ``colour``, and a smaller line under it (a ship's name; the whole fleet sunk), both no
    wider than ``width``."""
    big = text.outlined(words, px, colour, glow=True)
    if big.get_width() > width:
        big = pygame.transform.smoothscale_by(big, width / big.get_width())
    if not sub:
        return big
    small = text.outlined(sub, max(12, int(px * 0.42)), sub_colour, face="text")
    if small.get_width() > width:
        small = pygame.transform.smoothscale_by(small, width / small.get_width())
    w = max(big.get_width(), small.get_width())
    lift = big.get_height() // 7             # the glow's margin: the line sits under the word
    surf = pygame.Surface((w, big.get_height() + small.get_height() - lift), pygame.SRCALPHA)
    surf.blit(big, ((w - big.get_width()) // 2, 0))
    surf.blit(small, ((w - small.get_width()) // 2, big.get_height() - lift))
    return surf


class Moments:
    """The kill moments of one screen (one at a time: a new one replaces the last)."""

    SLOW = 0.35      # how fast the battle runs during the slow motion

    def __init__(self):
        self.current: Moment | None = None

    def kill(self, surf: pygame.Surface, pos, final: bool = False,
             toward: tuple[float, float] = (0.0, 1.0), cell: float = 40.0) -> Moment:
        """Play a kill moment of ``surf`` centred on ``pos``; ``final`` for a fleet's last
        ship (longer, slower, a harder push); ``toward`` the way the camera is pushed."""
        if motion.reduced():     # a still word, fading in and out (on the cues' clock)
            self.current = Moment(surf, pos, motion.FADE * motion.PACE, 0.0, (0.0, 0.0))
            return self.current
        n = math.hypot(*toward) or 1.0
        push = cell * (0.22 if final else 0.12)
        self.current = Moment(surf, pos, 3.0 if final else 1.6, 1.1 if final else 0.45,
                              (toward[0] / n * push, toward[1] / n * push), _burst(surf, final))
        return self.current

    @property
    def active(self) -> bool:
        return self.current is not None

    @property
    def time_scale(self) -> float:
        """How fast the battle's time runs now (slow while a moment's slow motion lasts)."""
        m = self.current
        if m is None or m.t >= m.slow:
            return 1.0
        return self.SLOW + (1 - self.SLOW) * (m.t / m.slow) ** 3   # eases back to full speed

    def update(self, dt: float) -> None:
        m = self.current
        if m is not None:
            m.t += dt
            if m.done:
                self.current = None

    def clear(self) -> None:
        self.current = None

    def offset(self) -> tuple[int, int]:
        """The camera's nudge now: a quick push that settles back."""
        m = self.current
        if m is None or m.t > 0.6:
            return (0, 0)
        k = math.sin(math.pi * m.t / 0.6) * math.exp(-2.5 * m.t)
        return (round(m.nudge[0] * k), round(m.nudge[1] * k))

    def scale(self) -> float:
        """The word's size now: it slams down from large with a little bounce."""
        m = self.current
        if m is None or motion.reduced():
            return 1.0
        if m.t < PUNCH:
            u = m.t / PUNCH
            return 1 + 1.8 * (1 - u) ** 2
        u = m.t - PUNCH
        return 1 - 0.06 * math.sin(min(1.0, u / 0.18) * math.pi) * (1 if u < 0.18 else 0)

    def alpha(self) -> int:
        m = self.current
        if m is None:
            return 0
        if motion.reduced():
            return int(255 * motion.fade_in_out(m.t / m.span))
        fade_in = min(1.0, m.t / (PUNCH * 0.6))
        fade_out = min(1.0, (m.span - m.t) / 0.35)
        return int(255 * max(0.0, min(fade_in, fade_out)))

    def draw(self, surface: pygame.Surface, offset=(0, 0)) -> None:
        m = self.current
        if m is None:
            return
        centre = (m.pos[0] + offset[0], m.pos[1] + offset[1])
        flash = (m.t - PUNCH * 0.6) / FLASH       # the light bursts as the word lands
        if m.burst is not None and 0 <= flash < 1:
            m.burst.set_alpha(int(255 * (1 - flash) ** 1.5))
            surface.blit(m.burst, m.burst.get_rect(center=centre))
        k = self.scale()
        img = m.surf if abs(k - 1) < 0.01 else pygame.transform.smoothscale_by(m.surf, k)
        img.set_alpha(self.alpha())
        surface.blit(img, img.get_rect(center=centre))
        frame_log.words(surface, img.get_rect(center=centre), "(a kill moment's words)")
        m.surf.set_alpha(None)


def _burst(surf: pygame.Surface, final: bool) -> pygame.Surface:
    """A soft oval of light a little larger than the word (larger for a fleet's last ship)."""
    w, h = surf.get_size()
    grow = 1.7 if final else 1.35
    light = glow(32, FLASH_COLOUR).copy()
    light.fill((*FLASH_COLOUR, 0), special_flags=pygame.BLEND_RGB_MAX)   # light, never a shade
    return pygame.transform.smoothscale(light, (int(w * grow), int(h * grow * 1.6)))
