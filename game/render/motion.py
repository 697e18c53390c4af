"""Reduced motion (issue 38): what a screen does when the player asked for less movement
(``settings.reduced_motion``, which ``theme.configure`` turns into ``theme.REDUCED_MOTION``).

Then nothing shakes, nothing slows down, and nothing flies, bounces or drifts: every cue of an
action runs ``PACE`` times faster on its own clock (a shot's whole cue in about ``FADE``
seconds) and is drawn as a still glow fading in and out where it ends (``Fade``); the sea, the
flames and ripples of the marks and the flags stand still (drawn at ``still(t)``). The rules,
the turns and the computer's pauses keep their times: only the cues are shorter.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import theme

FADE = 0.3     # seconds: the longest a single cue's fade takes on the screen
PACE = 6.0     # how much faster an action's cues run (a shot of 1.2 s plays in 0.2 s)


def reduced() -> bool:
    """The player asked for reduced motion."""
    return theme.REDUCED_MOTION


def still(t: float) -> float:
    """The time a looping picture (the sea, a flame, a flag) is drawn at: ``t``, or a fixed
    moment when motion is reduced."""
    return 0.0 if theme.REDUCED_MOTION else t


def pace() -> float:
    """How fast an action's cues run against the clock (1, or ``PACE`` with reduced motion)."""
    return PACE if theme.REDUCED_MOTION else 1.0


def fade_in_out(k: float) -> float:
    """0 → 1 → 0 over ``k`` in 0..1: quick to come, a moment held, quick to go."""
    k = max(0.0, min(1.0, k))
    return min(1.0, k / 0.3, (1 - k) / 0.4)


@dataclass
class Fade:
    """An effect shortened to a fade: a still glow of ``colour``, ``radius`` pixels, at
    ``pos``, fading in and out over ``span`` seconds (of the cues' clock). Nothing moves."""
    pos: tuple[float, float]
    radius: float
    colour: tuple
    span: float = FADE
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.span

    def draw(self, surface: pygame.Surface, ox: float = 0, oy: float = 0) -> None:
        from .effects import glow      # (effects draws fades too)
        steps = round(8 * fade_in_out(self.t / self.span))
        if steps <= 0:
            return
        spr = glow(self.radius, self.colour, steps)
        surface.blit(spr, (self.pos[0] + ox - spr.get_width() / 2,
                           self.pos[1] + oy - spr.get_height() / 2),
                     special_flags=pygame.BLEND_RGB_ADD)


def advance(fades: list, dt: float) -> list:
    """``fades`` after ``dt`` seconds: each a little further, the finished ones gone."""
    for f in fades:
        f.t += dt
    return [f for f in fades if not f.done]
