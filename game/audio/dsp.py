"""Building blocks of the synthesised sounds and music: envelopes, oscillators, shaped noise,
notes. numpy and the standard library only (never pygame); every per-sample step is vectorised."""

from __future__ import annotations

import math

import numpy as np

# Pitches of the fanfares, in Hz.
_C4, _D4, _EB4, _G4 = 261.63, 293.66, 311.13, 392.00
_C5, _E5, _G5, _C6 = 523.25, 659.26, 783.99, 1046.50

# Noise bands of a blast: its first bright crack and the dark rumble it turns into.
_BLAST_BANDS = ((None, 3000.0), (None, 280.0))

# Harmonic amplitudes of the two instrument colours.
_SQUARISH = (1.0, 0.0, 0.27, 0.0, 0.12, 0.0, 0.05)  # odd partials, softer than a true square
_TRIANGLE = (1.0, 0.0, 0.11, 0.0, 0.04)  # odd partials falling as 1/k**2


# --- building blocks ----------------------------------------------------------------------------
# Per-sample work is done in float32: numpy's float32 sin/exp/cos are vectorised with SIMD and run
# some twenty times faster than their float64 versions, which keeps the whole set quick to build.


def _times(duration: float, sample_rate: int) -> np.ndarray:
    return np.arange(round(duration * sample_rate), dtype=np.float32) / np.float32(sample_rate)


def _decay(t: np.ndarray, tau: float) -> np.ndarray:
    return np.exp(-t / tau)


def _rise(t: np.ndarray, length: float) -> np.ndarray:
    """Raised-cosine ramp from 0 (t <= 0) to 1 (t >= length): an envelope edge without a click."""
    return 0.5 - 0.5 * np.cos(np.pi * np.clip(t / length, 0.0, 1.0))


def _phase(freq: np.ndarray, sample_rate: int) -> np.ndarray:
    """Phase (radians, in [0, 2 pi)) of an oscillator whose frequency (Hz) changes every sample.
    The running count of cycles is summed in float64 so long sounds keep their pitch; only its
    fractional part goes to float32 (the int32 cast is a cheap floor for non-negative counts)."""
    cycles = np.cumsum(freq, dtype=np.float64) / sample_rate
    return (2.0 * np.pi * (cycles - cycles.astype(np.int32))).astype(np.float32)


def _unit(x: np.ndarray) -> np.ndarray:
    """Scale to a peak of 1 so components are mixed by their stated weights."""
    peak = np.max(np.abs(x))
    return x / peak if peak > 0 else x


def _fast_size(n: int) -> int:
    """The smallest 2**a * 3**b * 5**c >= n: an FFT length numpy transforms quickly."""
    best = 1 << (n - 1).bit_length()
    five = 1
    while five < best:
        odd = five
        while odd < best:
            best = min(best, odd << (-(-n // odd) - 1).bit_length())  # odd * 2**k >= n, k least
            odd *= 3
        five *= 5
    return best


def _noise(
    rng: np.random.Generator, n: int, sample_rate: int, *bands: tuple[float | None, float | None]
) -> list[np.ndarray]:
    """Band-limited noises of ``n`` samples, unit peak, one per ``(low, high)`` band (Hz, ``None``
    for an open end), all cut from the same white noise. The noise is drawn directly as a random
    spectrum and shaped with second-order Butterworth slopes, so each band costs one inverse FFT."""
    size = _fast_size(n)
    bins = size // 2 + 1
    spectrum = np.empty(bins, dtype=np.complex64)  # single precision: twice as fast an FFT
    spectrum.real = rng.random(bins, dtype=np.float32) - 0.5
    spectrum.imag = rng.random(bins, dtype=np.float32) - 0.5
    freqs = np.fft.rfftfreq(size, 1.0 / sample_rate).astype(np.float32)
    noises = []
    for low, high in bands:
        gain = np.ones_like(freqs)
        if high is not None:
            gain /= np.sqrt(1.0 + (freqs / high) ** 4)
        if low is not None:
            ratio = (freqs / low) ** 4
            gain *= np.sqrt(ratio / (1.0 + ratio))
        # numpy < 2 transforms in double precision whatever the input: keep the result float32.
        noises.append(_unit(np.fft.irfft(spectrum * gain, size)[:n].astype(np.float32)))
    return noises


def _saturate(x: np.ndarray, drive: float) -> np.ndarray:
    """Soft clipping of a unit-peak signal: louder body, rounded peaks, the punch of a blast."""
    return np.tanh(drive * x) / math.tanh(drive)


def _finish(
    x: np.ndarray, sample_rate: int, peak: float, fade_in: float = 0.002, fade_out: float = 0.02
) -> np.ndarray:
    """Fade both ends to exactly zero (no click as the sound starts or stops); scale to ``peak``."""
    n_in = max(1, round(fade_in * sample_rate))
    n_out = max(1, round(fade_out * sample_rate))
    x = np.array(x, dtype=np.float32)
    x[:n_in] *= _rise(np.arange(n_in, dtype=np.float32), n_in)
    x[-n_out:] *= _rise(np.arange(n_out, dtype=np.float32), n_out)[::-1]
    return x * np.float32(peak / np.max(np.abs(x)))


def _explosion(
    t: np.ndarray, bright: np.ndarray, dark: np.ndarray, sample_rate: int, scale: float
) -> np.ndarray:
    """A blast: a sine falling from 90 Hz to 30 Hz under noise that starts ``bright`` and darkens
    to a ``dark`` rumble. ``scale`` stretches every time constant (1 = a hit, more = a bigger
    blast). ``t`` may start below zero to delay the blast: nothing sounds before t = 0."""
    t = np.maximum(t, 0.0)
    brightness = _decay(t, 0.06 * scale)
    rumble = (brightness * bright + (1.0 - brightness) * dark) * _decay(t, 0.3 * scale)
    boom_freq = 30.0 + 60.0 * _decay(t, 0.15 * scale)
    boom = np.sin(_phase(boom_freq, sample_rate)) * _decay(t, 0.35 * scale)
    return _rise(t, 0.003) * (boom + 0.8 * rumble)


def _bubbles(
    n: int, sample_rate: int, rng: np.random.Generator, count: int, start: float, end: float
) -> np.ndarray:
    """Gurgling: ``count`` short rising sine chirps, thinning out and fading between start and end.
    All chirps are computed as one (count, length) block and summed into place with bincount."""
    onsets = start + (end - start) * rng.random(count) ** 1.5  # denser early on
    lengths = rng.uniform(0.03, 0.09, count)
    f0 = rng.uniform(180.0, 520.0, count)
    ratio = rng.uniform(1.6, 2.6, count)  # each bubble rises in pitch as it collapses
    amps = rng.uniform(0.4, 1.0, count) * (1.0 - (onsets - start) / (end - start)) ** 1.5

    offsets = np.arange(round(lengths.max() * sample_rate) + 1)
    u = (offsets / (lengths[:, None] * sample_rate)).astype(np.float32)  # 0..1 across a chirp
    # Exponential glide f0 -> f0 * ratio over the chirp, integrated analytically.
    log_r = np.log(ratio)[:, None].astype(np.float32)
    cycles = (f0 * lengths)[:, None].astype(np.float32) * np.expm1(u * log_r) / log_r
    envelope = amps[:, None].astype(np.float32) * np.sin(np.pi * np.minimum(u, 1.0)) ** 2
    chirps = envelope * np.sin(2.0 * np.pi * cycles)

    index = np.round(onsets * sample_rate).astype(np.int64)[:, None] + offsets
    keep = (u < 1.0) & (index < n)
    return np.bincount(index[keep], weights=chirps[keep], minlength=n).astype(np.float32)


def _voice(
    out: np.ndarray,
    sample_rate: int,
    start: float,
    length: float,
    freq: float,
    partials: tuple[float, ...],
    level: float,
    release: float,
    attack: float = 0.008,
    vibrato: float = 0.0,
    glide: float = 1.0,
) -> None:
    """Add one note to ``out``: additive partials (those above 0.45 * rate dropped, no aliasing),
    soft attack and release, a decay to 60 % sustain, optional delayed vibrato and pitch glide."""
    first = round(start * sample_rate)
    tau = _times(length, sample_rate)[: out.size - first]
    pitch = freq * np.float32(glide) ** (tau / length)
    pitch *= 1.0 + vibrato * _rise(tau - 0.2, 0.3) * np.sin(2.0 * np.pi * 5.5 * tau)
    phase = _phase(pitch, sample_rate)
    tone = np.zeros_like(tau)
    for k, amp in enumerate(partials, start=1):
        if amp and k * freq < 0.45 * sample_rate:
            tone += amp * np.sin(k * phase)
    envelope = _rise(tau, attack) * _rise(length - tau, release) * (0.6 + 0.4 * _decay(tau, 0.15))
    out[first : first + tau.size] += level * envelope * tone
