"""The "1977" sound style: every effect as the bleeps and booms of a 1970s electronic toy.

Such a toy had a square-wave tone generator and a noise source (random levels held for a while,
so its noise buzzes at the rate they change), a 4-bit volume and nothing else. Each sound here is
a short programme of such segments, played one after another:

- ``("tone", seconds, f0, f1)``: a square wave gliding from f0 to f1 Hz;
- ``("buzz", seconds, f0, f1)``: a narrow pulse (a harsher, engine-like tone);
- ``("noise", seconds, r0, r1)``: held-noise changing r0 -> r1 times a second, dying away;
- ``("rest", seconds)``.

``synthesize_toy(name, rate, seed)`` gives the same format as ``game.audio.synth.synthesize``.
"""

from __future__ import annotations

import numpy as np

from .dsp import _finish, _rise, _times

_G4, _C5, _E5, _G5, _C6 = 392.0, 523.25, 659.26, 783.99, 1046.5

PROGRAMMES = {
    "launch": (("tone", 0.15, 300, 1200),),
    "whistle": (("tone", 0.5, 1800, 500),),
    "splash": (("noise", 0.35, 2500, 800),),
    "hit": (("noise", 0.9, 3000, 250),),
    "sink": (("tone", 0.1, 880, 880), ("tone", 0.1, 660, 660), ("tone", 0.1, 440, 440),
             ("tone", 0.1, 330, 330), ("noise", 0.9, 1500, 150)),
    "victory": (("tone", 0.12, _C5, _C5), ("tone", 0.12, _E5, _E5), ("tone", 0.12, _G5, _G5),
                ("tone", 0.45, _C6, _C6)),
    "defeat": (("tone", 0.25, _G4, _G4), ("tone", 0.25, 329.6, 329.6),
               ("tone", 0.25, 261.6, 261.6), ("tone", 0.6, 130.8, 120.0)),
    "click": (("tone", 0.03, 1500, 1500),),
    "refuse": (("buzz", 0.2, 110, 100),),
    "torpedo": (("tone", 0.08, 600, 300), ("noise", 0.9, 700, 300)),
    "engines": (("buzz", 1.4, 85, 70),),
    "bomb": (("tone", 0.4, 1500, 400), ("noise", 0.8, 2500, 200)),
    "flak": (("noise", 0.05, 4000, 4000), ("rest", 0.04)) * 6,
    "mine": (("noise", 1.1, 700, 90),),
    "sweep": (("tone", 0.45, 300, 1500), ("tone", 0.3, 1500, 300)),
    "atom": (("noise", 0.3, 5000, 3000), ("noise", 2.8, 1200, 40)),
    "kill": (("tone", 0.08, _G4, _G4), ("tone", 0.08, _C5, _C5), ("tone", 0.08, _E5, _E5),
             ("tone", 0.3, _G5, _G5)),
    "turn": (("tone", 0.06, 990, 990), ("rest", 0.03), ("tone", 0.06, 1320, 1320)),
    "curtain": (("noise", 0.5, 1200, 5000),),
}


def _glide(f0: float, f1: float, t: np.ndarray, seconds: float) -> np.ndarray:
    return f0 * (f1 / f0) ** (t / seconds)


def _segment(kind: str, seconds: float, a: float, b: float, rate: int,
             rng: np.random.Generator) -> np.ndarray:
    t = _times(seconds, rate)
    if kind == "rest":
        return np.zeros_like(t)
    cycles = np.cumsum(_glide(a, b, t, seconds), dtype=np.float64) / rate
    if kind == "noise":   # a new random level each time the count of cycles passes a whole one
        held = rng.choice(np.array([-1.0, 1.0], dtype=np.float32), int(cycles[-1]) + 2)
        return held[cycles.astype(np.int64)] * (1.0 - t / seconds) ** 2
    frac = cycles - np.floor(cycles)
    duty = 0.5 if kind == "tone" else 0.15
    return np.where(frac < duty, 1.0, -1.0).astype(np.float32) * _rise(seconds - t, 0.004)


def synthesize_toy(name: str, sample_rate: int = 44100, seed: int = 0) -> np.ndarray:
    """Sound ``name`` in the 1977 style: mono float32 in [-1, 1], starting and ending at zero."""
    if name not in PROGRAMMES:
        raise ValueError(f"unknown sound {name!r}")
    rng = np.random.default_rng([seed, 1977, sorted(PROGRAMMES).index(name)])
    parts = [_segment(kind, seconds, *(freqs or (0, 0)), sample_rate, rng)
             for kind, seconds, *freqs in PROGRAMMES[name]]
    signal = np.concatenate(parts)
    crushed = np.round(signal * 7.0) / 7.0        # the toy's 4-bit volume
    return _finish(crushed, sample_rate, peak=0.5, fade_in=0.002, fade_out=0.004)
