"""Synthesised sound effects, made with numpy and the standard library only (never pygame).

``synthesize(name)`` returns a mono float32 signal in [-1, 1] that starts and ends at zero.
Everything is vectorised numpy, so the whole set takes a few tens of milliseconds at 44.1 kHz and
the game can build it at start-up instead of shipping audio files.

Command line: ``python -m game.audio.synth --wav DIR`` writes every sound as ``DIR/NAME.wav``.
"""

from __future__ import annotations

import argparse
import math
import wave
from pathlib import Path

import numpy as np

SOUND_NAMES = ("launch", "whistle", "splash", "hit", "sink", "victory", "defeat", "click", "refuse",
               # issue 20: names the effects call; their own sounds replace the borrowed ones
               "torpedo", "engines", "bomb", "flak", "mine", "sweep", "atom", "kill", "turn",
               "curtain")

MIN_SAMPLE_RATE = 8000  # the lowest rate audio devices offer; below it the hiss bands vanish

# pygame.mixer.get_init() format -> (dtype, full-scale value, value of silence).
# pygame-ce reports its float32 mixer (the one init(size=32) opens) as -32: the sign flag of SDL's
# AUDIO_F32 is set. It never reports +32, but that is the size one passes to init(), so it is
# accepted as the same format.
_MIXER_FORMATS = {
    -8: (np.int8, 127.0, 0.0),
    8: (np.uint8, 127.0, 128.0),
    -16: (np.int16, 32767.0, 0.0),
    16: (np.uint16, 32767.0, 32768.0),
    -32: (np.float32, 1.0, 0.0),
    32: (np.float32, 1.0, 0.0),
}

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


# --- the sounds ---------------------------------------------------------------------------------


def _launch(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A gun's report: a sharp crack over a low thump."""
    t = _times(0.35, sample_rate)
    hiss, low = _noise(rng, t.size, sample_rate, (1500.0, None), (None, 400.0))
    crack = hiss * _decay(t, 0.012)
    body = low * _decay(t, 0.07)
    thump = np.sin(_phase(45.0 + 75.0 * _decay(t, 0.04), sample_rate)) * _decay(t, 0.09)
    return _finish(0.6 * crack + 0.5 * body + thump, sample_rate, peak=0.8)


def _whistle(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A shell in flight: a sine gliding down from 1.9 kHz to 650 Hz over a breath of noise,
    swelling as it comes closer."""
    duration = 0.6
    t = _times(duration, sample_rate)
    pitch = 1900.0 * (650.0 / 1900.0) ** (t / duration)
    pitch *= 1.0 + 0.006 * np.sin(2.0 * np.pi * 7.0 * t)  # a slight tumble of the shell
    phase = _phase(pitch, sample_rate)
    tone = np.sin(phase) + 0.15 * np.sin(2.0 * phase)
    (breath,) = _noise(rng, t.size, sample_rate, (1200.0, 4000.0))
    envelope = _rise(t, 0.35) * _rise(duration - t, 0.08)
    return _finish(envelope * (tone + 0.25 * breath), sample_rate, peak=0.4)


def _splash(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """Water thrown up: a wash of band-passed noise with a hiss of spray and a low rising plop."""
    t = _times(0.75, sample_rate)
    wash, spray = _noise(rng, t.size, sample_rate, (250.0, 2500.0), (3000.0, None))
    wash *= _decay(t, 0.16)
    spray *= _decay(t, 0.07)
    plop = np.sin(_phase(350.0 - 240.0 * _decay(t, 0.05), sample_rate)) * _decay(t, 0.05)
    return _finish(_rise(t, 0.004) * (wash + 0.5 * spray + 0.8 * plop), sample_rate, peak=0.7)


def _hit(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """An explosion: deep boom and rumble, punchy attack, about 1.2 s of decay."""
    t = _times(1.3, sample_rate)
    bright, dark = _noise(rng, t.size, sample_rate, *_BLAST_BANDS)
    blast = _explosion(t, bright, dark, sample_rate, scale=1.0)
    return _finish(_saturate(_unit(blast), 2.0), sample_rate, peak=0.95, fade_out=0.05)


def _sink(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A ship going down: a long explosion, a second blast, then bubbles rising as it sinks."""
    t = _times(3.6, sample_rate)
    bright, dark = _noise(rng, t.size, sample_rate, *_BLAST_BANDS)
    blasts = _explosion(t, bright, dark, sample_rate, scale=2.2)
    blasts += 0.7 * _explosion(t - 0.35, bright, dark, sample_rate, scale=1.6)
    gurgle = _bubbles(t.size, sample_rate, rng, count=45, start=0.8, end=3.45)
    mix = _saturate(_unit(blasts), 2.5) + 0.3 * _unit(gurgle)
    return _finish(mix, sample_rate, peak=0.95, fade_out=0.08)


def _victory(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A bright fanfare: G4 C5 E5 G5 rising to a held C6 over a soft C-major chord."""
    out = np.zeros(round(1.8 * sample_rate), dtype=np.float32)
    for start, pitch in ((0.0, _G4), (0.13, _C5), (0.26, _E5), (0.39, _G5)):
        _voice(out, sample_rate, start, 0.17, pitch, _SQUARISH, level=1.0, release=0.05)
    _voice(out, sample_rate, 0.58, 1.22, _C6, _SQUARISH, 1.0, release=0.35, vibrato=0.004)
    for pitch, level in ((_C5, 0.35), (_E5, 0.3), (_G5, 0.3)):
        _voice(out, sample_rate, 0.58, 1.22, pitch, _TRIANGLE, level, release=0.4, attack=0.03)
    return _finish(out, sample_rate, peak=0.6)


def _defeat(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A slow falling phrase in C minor (G Eb D C), the last note sagging, over a low octave."""
    out = np.zeros(round(2.0 * sample_rate), dtype=np.float32)
    for start, pitch in ((0.0, _G4), (0.45, _EB4), (0.9, _D4)):
        _voice(out, sample_rate, start, 0.45, pitch, _TRIANGLE, 1.0, release=0.08, attack=0.03)
        _voice(out, sample_rate, start, 0.45, pitch / 2, _SQUARISH, 0.3, release=0.08, attack=0.03)
    last = dict(release=0.3, attack=0.03, glide=0.97)  # the held C sags a little as it fades
    _voice(out, sample_rate, 1.35, 0.65, _C4, _TRIANGLE, 1.0, vibrato=0.006, **last)
    _voice(out, sample_rate, 1.35, 0.65, _C4 / 2, _SQUARISH, 0.3, **last)
    return _finish(out, sample_rate, peak=0.55)


def _click(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A UI tick: a 2.2 kHz ping and a grain of noise, gone in 40 ms."""
    t = _times(0.04, sample_rate)
    ping = np.sin(2.0 * np.pi * 2200.0 * t) * _decay(t, 0.006)
    (grain,) = _noise(rng, t.size, sample_rate, (3000.0, None))
    grain *= _decay(t, 0.002)
    return _finish(ping + 0.5 * grain, sample_rate, peak=0.5, fade_in=0.001, fade_out=0.005)


def _refuse(sample_rate: int, rng: np.random.Generator) -> np.ndarray:
    """A soft low "bonk": a sine dropping from 220 Hz to 150 Hz over a 110 Hz buzz."""
    t = _times(0.2, sample_rate)
    bonk = np.sin(_phase(150.0 + 70.0 * _decay(t, 0.05), sample_rate)) * _decay(t, 0.06)
    buzz_phase = 2.0 * np.pi * 110.0 * t
    buzz = np.sin(buzz_phase) + 0.3 * np.sin(3 * buzz_phase) + 0.15 * np.sin(5 * buzz_phase)
    mix = _rise(t, 0.005) * (bonk + 0.5 * buzz * _decay(t, 0.07))
    return _finish(mix, sample_rate, peak=0.45, fade_out=0.03)


_GENERATORS = {
    "launch": _launch,
    "whistle": _whistle,
    "splash": _splash,
    "hit": _hit,
    "sink": _sink,
    "victory": _victory,
    "defeat": _defeat,
    "click": _click,
    "refuse": _refuse,
    # PROVISIONAL (issue 20, part 4 in progress): borrowed until each has its own voice
    "torpedo": _launch, "engines": _whistle, "bomb": _hit, "flak": _launch, "mine": _hit,
    "sweep": _splash, "atom": _sink, "kill": _victory, "turn": _click, "curtain": _splash,
}


# --- public interface ---------------------------------------------------------------------------


def synthesize(name: str, sample_rate: int = 44100, seed: int = 0) -> np.ndarray:
    """The sound ``name`` as a mono float32 array in [-1, 1], the same for the same arguments."""
    if name not in _GENERATORS:
        raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(SOUND_NAMES)}")
    if sample_rate < MIN_SAMPLE_RATE:
        raise ValueError(f"sample rate {sample_rate} Hz is below {MIN_SAMPLE_RATE} Hz")
    # Each sound draws its own noise stream: hit and sink often play together, and the same noise
    # under both would add up coherently.
    rng = np.random.default_rng([seed, SOUND_NAMES.index(name)])
    return _GENERATORS[name](sample_rate, rng).astype(np.float32, copy=False)


def to_mixer_array(mono: np.ndarray, fmt: int, channels: int) -> np.ndarray:
    """Convert a float signal to what ``pygame.sndarray.make_sound`` takes for a mixer reporting
    ``(frequency, fmt, channels)`` from ``pygame.mixer.get_init()``.

    The result has the mixer's sample type, values clipped to full scale (never wrapped), and is
    C-contiguous (pygame copies its bytes as they are): shape ``(n,)`` for a mono mixer (pygame
    rejects 2-D arrays there), ``(n, channels)`` with the signal on every channel otherwise.
    """
    if fmt not in _MIXER_FORMATS:
        raise ValueError(f"unsupported mixer format {fmt}")
    if channels < 1:
        raise ValueError(f"a mixer needs at least one channel, not {channels}")
    dtype, full_scale, silence = _MIXER_FORMATS[fmt]
    samples = np.clip(np.asarray(mono, dtype=np.float64), -1.0, 1.0) * full_scale + silence
    if np.issubdtype(dtype, np.integer):
        samples = np.rint(samples)
    samples = samples.astype(dtype)
    if channels > 1:
        samples = np.repeat(samples[:, None], channels, axis=1)
    return np.ascontiguousarray(samples)


def write_wav(path: str | Path, mono: np.ndarray, sample_rate: int) -> None:
    """Write a 16-bit mono WAV file (for listening to a sound, or checking it with sox)."""
    frames = to_mixer_array(mono, -16, 1).astype("<i2").tobytes()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(sample_rate)
        out.writeframes(frames)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write every game sound as a WAV file.")
    parser.add_argument("--wav", required=True, type=Path, metavar="DIR", help="output folder")
    parser.add_argument("--rate", type=int, default=44100, help="sample rate in Hz")
    parser.add_argument("--seed", type=int, default=0, help="seed of the noise")
    args = parser.parse_args(argv)
    args.wav.mkdir(parents=True, exist_ok=True)
    for name in SOUND_NAMES:
        mono = synthesize(name, args.rate, args.seed)
        path = args.wav / f"{name}.wav"
        write_wav(path, mono, args.rate)
        print(f"{path}: {mono.size / args.rate:.3f} s, peak {np.max(np.abs(mono)):.3f}")


if __name__ == "__main__":
    main()
