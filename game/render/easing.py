"""Easing curves for animations on elapsed time: ``k`` is the fraction of the animation's time
gone (clamped to 0..1), the result the fraction of the way travelled."""

from __future__ import annotations


def ease_out(k: float) -> float:
    """0 → 1, fast then settling (a cubic)."""
    k = max(0.0, min(1.0, k))
    return 1 - (1 - k) ** 3
