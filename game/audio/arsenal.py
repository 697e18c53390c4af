"""The sounds issue 20 brought: the torpedo, aircraft engines, bombs, anti-air fire, a mine, a
minesweeper's sweep, the atomic blast, the kill stinger, the turn change and the curtain, and the
sea's looping ambience. numpy only; every generator takes ``(sample_rate, rng)`` and returns a
unit-scaled float32 signal that starts and ends at zero (see ``game.audio.synth``)."""

from __future__ import annotations

import numpy as np

from .dsp import (
    _BLAST_BANDS, _SQUARISH, _decay, _explosion, _finish, _noise, _phase, _rise, _saturate,
    _times, _unit, _voice, _bubbles,
)

_TWO_PI = np.float32(2.0 * np.pi)

# A ship's bell: partials (ratio to the strike note, level, decay in s), the hum below it and the
# minor third that makes a bell sound like a bell.
_BELL = ((0.5, 0.35, 0.9), (1.0, 1.0, 0.7), (1.19, 0.45, 0.45), (1.5, 0.3, 0.35),
         (2.0, 0.35, 0.3), (2.52, 0.2, 0.18), (3.0, 0.12, 0.12))

AMBIENCE_SECONDS = 12.0   # one turn of the sea's loop: three waves


def _place(out: np.ndarray, grain: np.ndarray, at: float, sample_rate: int,
           level: float = 1.0) -> None:
    """Add ``grain`` into ``out`` starting ``at`` seconds (cut at the end of ``out``)."""
    first = round(at * sample_rate)
    room = max(0, min(grain.size, out.size - first))
    out[first:first + room] += np.float32(level) * grain[:room]


def _torpedo(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """Launch and run: a thunk of compressed air and a hiss as the torpedo leaves its tube, then
    its propellers' whirr (a 110 Hz buzz beating at the blade rate) and the churn of its wake,
    falling a little in pitch and fading as it runs away."""
    t = _times(1.5, sample_rate)
    hiss, churn = _noise(rng, t.size, sample_rate, (800.0, 5000.0), (250.0, 1400.0))
    thunk = np.sin(_phase(38.0 + 55.0 * _decay(t, 0.05), sample_rate)) * _decay(t, 0.09)
    run = t - np.float32(0.12)
    away = _rise(run, 0.18) * np.exp(-np.maximum(run, 0.0) / np.float32(0.85))
    ph = _phase(110.0 * (1.0 - 0.05 * t), sample_rate)
    blades = 0.6 + 0.4 * np.sin(_TWO_PI * 23.0 * t)
    whirr = (np.sin(ph) + 0.5 * np.sin(2 * ph) + 0.33 * np.sin(3 * ph) + 0.25 * np.sin(4 * ph))
    mix = 0.9 * thunk + 0.6 * hiss * _decay(t, 0.06) + away * blades * (0.2 * whirr + 0.5 * churn)
    return _finish(mix, sample_rate, peak=0.7, fade_out=0.05)


def _engines(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A flight of piston-engined planes passing over: two engines a little apart in pitch (they
    beat), each a steady harmonic series on about 90 Hz, with the rasp of the exhausts; louder as
    they come, and their pitch drops as they pass (Doppler)."""
    duration = 2.4
    t = _times(duration, sample_rate)
    pitch = 90.0 * (1.0 + 0.05 * np.tanh((1.3 - t) / 0.35))
    tone = np.zeros_like(t)
    for detune in (1.0, 1.013):
        ph = _phase(pitch * detune, sample_rate)
        for k in range(1, 11):
            tone += np.sin(k * ph) / k
    (rasp,) = _noise(rng, t.size, sample_rate, (150.0, 700.0))
    firing = 0.7 + 0.3 * np.sin(_phase(pitch * 0.5, sample_rate))  # the cylinders' beat
    near = 1.0 / (1.0 + ((t - 1.3) / 0.55) ** 2)
    mix = _rise(t, 0.3) * _rise(duration - t, 0.25) * (0.25 + 0.75 * near) * firing
    return _finish(mix * (0.25 * tone + 0.5 * rasp), sample_rate, peak=0.6)


def _bomb(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A bomb: a short falling whistle, the blast and a crackle of debris coming down."""
    drop = 0.35
    t = _times(1.6, sample_rate)
    pitch = 1400.0 * (0.4 ** np.minimum(t / drop, 1.0))
    whistle = np.sin(_phase(pitch, sample_rate)) * _rise(t, 0.12) * _rise(drop - t, 0.02)
    bright, dark = _noise(rng, t.size, sample_rate, *_BLAST_BANDS)
    blast = _saturate(_unit(_explosion(t - drop, bright, dark, sample_rate, scale=1.1)), 2.4)
    sparks = (rng.random(t.size) < 0.004).astype(np.float32) * rng.uniform(-1, 1, t.size)
    debris = sparks.astype(np.float32) * _rise(t - drop - 0.1, 0.1) * _decay(
        np.maximum(t - drop, 0.0), 0.35)
    return _finish(0.25 * whistle + blast + 0.5 * debris, sample_rate, peak=0.95, fade_out=0.06)


def _flak(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """Anti-air fire: a stream of rounds from the mount (eleven a second, a crack and a thump
    each), then the dry bursts of flak high up, each with a short echo."""
    t = _times(1.2, sample_rate)
    out = np.zeros_like(t)
    g = _times(0.12, sample_rate)
    crack, = _noise(rng, g.size, sample_rate, (1200.0, None))
    thump = np.sin(_TWO_PI * 70.0 * g) * _decay(g, 0.03)
    round_ = _rise(g, 0.001) * (0.7 * crack * _decay(g, 0.008) + thump)
    for i in range(9):
        _place(out, round_, 0.01 + i / 11.0 + rng.uniform(0, 0.008), sample_rate,
               level=0.8 + 0.2 * rng.random())
    b = _times(0.4, sample_rate)
    bang, = _noise(rng, b.size, sample_rate, (500.0, 6000.0))
    burst = _rise(b, 0.002) * bang * (_decay(b, 0.02) + 0.25 * _decay(b, 0.12))
    for at, level in ((0.42, 0.7), (0.63, 0.9), (0.78, 0.6)):
        _place(out, burst, at, sample_rate, level)
    return _finish(out, sample_rate, peak=0.8, fade_out=0.05)


def _mine(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A mine going off under water: a deep muffled thud (no bright crack: the water swallows
    it), the roar of the water column thrown up, then the water falling back, and bubbles."""
    t = _times(2.3, sample_rate)
    deep, column, rain = _noise(rng, t.size, sample_rate, (None, 160.0), (200.0, 2500.0),
                                (1500.0, 7000.0))
    thud = np.sin(_phase(30.0 + 30.0 * _decay(t, 0.2), sample_rate)) * _decay(t, 0.45)
    body = deep * _decay(t, 0.35)
    roar = column * _rise(t - 0.08, 0.25) * _decay(np.maximum(t - 0.33, 0.0), 0.35)
    fall = rain * _rise(t - 0.7, 0.3) * _decay(np.maximum(t - 1.0, 0.0), 0.45)
    gurgle = _bubbles(t.size, sample_rate, rng, count=18, start=0.9, end=2.1)
    mix = _rise(t, 0.01) * (thud + 0.8 * body) + 0.6 * roar + 0.35 * fall + 0.25 * gurgle
    return _finish(_saturate(_unit(mix), 1.5), sample_rate, peak=0.9, fade_out=0.08)


def _sweep(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A minesweeper at work: the sonar's ping (a pure 1250 Hz tone and its faint echo) over the
    swish of the sweep cable through the water, a noise band rising from low to high."""
    duration = 1.2
    t = _times(duration, sample_rate)
    low, high = _noise(rng, t.size, sample_rate, (200.0, 700.0), (1500.0, 4000.0))
    u = np.clip(t / np.float32(duration), 0.0, 1.0)
    swish = (low * (1.0 - u) + high * u) * _rise(t, 0.3) * _rise(duration - t, 0.3)
    ping = np.sin(_TWO_PI * 1250.0 * t)
    echo = t - np.float32(0.55)
    ring = _rise(t, 0.004) * _decay(t, 0.18) + 0.3 * _rise(echo, 0.004) * _decay(
        np.maximum(echo, 0.0), 0.18)
    return _finish(ping * ring + 0.45 * swish, sample_rate, peak=0.6, fade_out=0.05)


def _atom(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """The atomic blast: a flash of a crack, a blast far longer than a ship's, then a deep rumble
    that rolls (its loudness swells and falls, unevenly) under the roar of the rising column and
    a sub-bass boom: about six seconds, most of it below 200 Hz."""
    duration = 6.0
    t = _times(duration, sample_rate)
    bright, dark, deep, column = _noise(rng, t.size, sample_rate, (None, 4000.0), (None, 200.0),
                                        (None, 70.0), (60.0, 450.0))
    crack = bright * _decay(t, 0.03)
    blast = _explosion(t, bright, dark, sample_rate, scale=3.0)
    roll = 0.6 + 0.4 * np.sin(_TWO_PI * (0.9 * t + 0.35 * np.sin(_TWO_PI * 0.37 * t)))
    rumble = deep * roll * _rise(t, 0.5) * _decay(t, 2.0)
    roar = column * _rise(t - 0.3, 1.2) * _decay(np.maximum(t - 1.5, 0.0), 1.1)
    sub = np.sin(_phase(24.0 + 20.0 * _decay(t, 0.8), sample_rate)) * _decay(t, 1.8)
    mix = 0.5 * crack + blast + 1.1 * rumble + 0.5 * roar + 0.9 * sub
    return _finish(_saturate(_unit(_rise(t, 0.002) * mix), 2.2), sample_rate, peak=0.95,
                   fade_out=0.4)


def _kill(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """The kill stinger: a timpani stroke and a brass-like stab, a pick-up G and a held C major
    chord that scoops up into pitch, over a crack of snare."""
    t = _times(1.0, sample_rate)
    out = np.zeros_like(t)
    timpani = (np.sin(_TWO_PI * 98.0 * t) + 0.5 * np.sin(_TWO_PI * 147.0 * t)) * _decay(t, 0.35)
    out += 0.8 * _rise(t, 0.003) * timpani
    snare, = _noise(rng, t.size, sample_rate, (1500.0, 7000.0))
    out += 0.35 * _rise(t - 0.1, 0.002) * snare * _decay(np.maximum(t - 0.1, 0.0), 0.07)
    _voice(out, sample_rate, 0.0, 0.1, 392.0, _SQUARISH, 0.8, release=0.02, attack=0.004)
    for pitch in (523.25, 659.26, 783.99):
        _voice(out, sample_rate, 0.1, 0.85, pitch, _SQUARISH, 0.55, release=0.3, attack=0.01,
               glide=1.01, vibrato=0.004)
    return _finish(out, sample_rate, peak=0.7, fade_out=0.05)


def _turn(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """The turn passes: one soft strike of a ship's bell on A5 (its hum an octave below)."""
    t = _times(0.7, sample_rate)
    strike = 880.0
    bell = np.zeros_like(t)
    for ratio, level, tau in _BELL:
        bell += level * np.sin(_TWO_PI * (strike * ratio) * t) * _decay(t, tau)
    return _finish(_rise(t, 0.002) * bell, sample_rate, peak=0.35, fade_out=0.15)


def _curtain(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """The curtain: a swish of heavy cloth (a noise band that swells, brightens and dies) and
    the rattle of its rings sliding along the rail."""
    duration = 0.8
    t = _times(duration, sample_rate)
    cloth, sheen = _noise(rng, t.size, sample_rate, (300.0, 1500.0), (2000.0, 6000.0))
    swell = _rise(t, 0.22) * _decay(np.maximum(t - 0.22, 0.0), 0.16)
    u = np.sin(np.pi * np.clip(t / 0.5, 0.0, 1.0))
    swish = swell * (cloth + 0.6 * u * sheen)
    out = swish.astype(np.float32)
    g = _times(0.05, sample_rate)
    ring = np.sin(_TWO_PI * 3300.0 * g) * _decay(g, 0.008) * _rise(g, 0.0005)
    for at in np.sort(rng.uniform(0.04, 0.45, 7)):
        _place(out, ring.astype(np.float32), float(at), sample_rate, 0.25 + 0.2 * rng.random())
    return _finish(out, sample_rate, peak=0.5, fade_out=0.1)


def _ambience(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """The sea, to loop under a battle: three waves of unequal size to a loop, each the low wash
    of a swell and the hiss of its crest breaking just after; the loop starts and ends in the
    lull between two waves (there alone it fades to zero), so it joins without a click."""
    t = _times(AMBIENCE_SECONDS, sample_rate)
    wash, surf = _noise(rng, t.size, sample_rate, (None, 350.0), (700.0, 3000.0))
    period = AMBIENCE_SECONDS / 3
    u = (t % np.float32(period)) / np.float32(period)          # 0..1 through each wave
    swell = 0.3 + 0.7 * (0.5 - 0.5 * np.cos(2 * np.pi * u)) ** 1.5   # a lull never falls silent
    height = np.array([1.0, 0.7, 0.85], dtype=np.float32)[np.minimum((t // period), 2).astype(int)]
    seam = _rise(t, 0.8) * _rise(np.float32(AMBIENCE_SECONDS) - t, 0.8)  # only the loop's ends
    sea = seam * height * swell * (wash + 0.45 * surf * u)
    return _finish(sea, sample_rate, peak=0.5, fade_in=0.002, fade_out=0.002)


GENERATORS = {
    "torpedo": _torpedo, "engines": _engines, "bomb": _bomb, "flak": _flak, "mine": _mine,
    "sweep": _sweep, "atom": _atom, "kill": _kill, "turn": _turn, "curtain": _curtain,
}
