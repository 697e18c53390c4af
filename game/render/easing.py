"""Easing curves for animations on elapsed time: ``k`` is the fraction of the animation's time
gone (clamped to 0..1), the result the fraction of the way travelled. ``Timed``: an animation
over once its clock has run its span."""

from __future__ import annotations

import math


def ease_out(k: float) -> float:
    """0 → 1, fast then settling (a cubic)."""
    k = max(0.0, min(1.0, k))
    return 1 - (1 - k) ** 3


def ease_out_quad(k: float) -> float:
    """0 → 1, fast then settling, gentler than ``ease_out`` (a square)."""
    k = max(0.0, min(1.0, k))
    return 1 - (1 - k) * (1 - k)


def smooth(k: float) -> float:
    """0 → 1, slow at both ends (smoothstep)."""
    k = max(0.0, min(1.0, k))
    return k * k * (3 - 2 * k)


def punch(k: float) -> float:
    """A headline's scale as it lands: from twice its size down to itself, a small bounce."""
    k = max(0.0, min(1.0, k))
    return 1 + 1.2 * (1 - k) ** 2 - 0.08 * math.sin(k * math.pi) * k


class Timed:
    """An animation on elapsed time: its clock ``t`` and its length ``span`` (seconds, fields of
    the dataclass that mixes this in); done once the one has run the other."""

    t: float
    span: float

    @property
    def done(self) -> bool:
        return self.t >= self.span
