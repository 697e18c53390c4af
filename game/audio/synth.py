"""Synthesised sound effects, made with numpy and the standard library only (never pygame).

``synthesize(name)`` returns a mono float32 signal in [-1, 1] that starts and ends at zero.
Everything is vectorised numpy, so the whole set takes a few tens of milliseconds at 44.1 kHz and
the game can build it at start-up instead of shipping audio files.

``synthesize_loop(name)`` gives the loops: the sea's ambience and the music (``game.audio.music``,
played from the scores in ``assets/music/``); ``game.audio.toy`` has the "1977" style's sounds.

Command line: ``python -m game.audio.synth --wav DIR`` writes every sound as ``DIR/NAME.wav``, each
in the 1977 style as ``DIR/1977-NAME.wav``, and the loops as ``DIR/loop-NAME.wav``.
"""

from __future__ import annotations

import argparse
import sys
import wave
from pathlib import Path

import numpy as np

from . import arsenal, music
from .toy import synthesize_toy
from .dsp import (
    _BLAST_BANDS, _C4, _C5, _C6, _D4, _E5, _EB4, _G4, _G5, _SQUARISH, _TRIANGLE, _bubbles,
    _decay, _explosion, _finish, _noise, _phase, _rise, _saturate, _times, _unit, _voice,
)

SOUND_NAMES = ("launch", "whistle", "splash", "hit", "sink", "victory", "defeat", "click", "refuse",
               # issue 20: the new effects' own sounds (game/audio/arsenal.py)
               "torpedo", "engines", "bomb", "flak", "mine", "sweep", "atom", "kill", "turn",
               "curtain")

LOOPS = ("ambience",) + music.TRACKS   # played over and over: the sea, the title and battle music

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
    **arsenal.GENERATORS,   # issue 20's effects: the torpedo, planes, anti-air, ...
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


def synthesize_loop(name: str, sample_rate: int = 44100, seed: int = 0,
                    folder: Path | None = None) -> np.ndarray:
    """The loop ``name`` (see ``LOOPS``) as a mono float32 array that starts and ends at zero, so
    it repeats without a click. Music comes from its score (in ``folder``, by default
    ``assets/music/``): a missing or broken score raises ``music.ScoreError``."""
    if name not in LOOPS:
        raise ValueError(f"unknown loop {name!r}; expected one of {', '.join(LOOPS)}")
    if sample_rate < MIN_SAMPLE_RATE:
        raise ValueError(f"sample rate {sample_rate} Hz is below {MIN_SAMPLE_RATE} Hz")
    if name == "ambience":
        rng = np.random.default_rng([seed, len(SOUND_NAMES)])
        return arsenal._ambience(sample_rate, rng).astype(np.float32, copy=False)
    return music.render(music.load(name, folder), sample_rate, seed)


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
    parser = argparse.ArgumentParser(description="Write every game sound, its 1977 style and the loops as WAV files.")
    parser.add_argument("--wav", required=True, type=Path, metavar="DIR", help="output folder")
    parser.add_argument("--rate", type=int, default=44100, help="sample rate in Hz")
    parser.add_argument("--seed", type=int, default=0, help="seed of the noise")
    args = parser.parse_args(argv)
    args.wav.mkdir(parents=True, exist_ok=True)
    made = [(name, lambda n=name: synthesize(n, args.rate, args.seed)) for name in SOUND_NAMES]
    made += [(f"1977-{name}", lambda n=name: synthesize_toy(n, args.rate, args.seed))
             for name in SOUND_NAMES]
    made += [(f"loop-{name}", lambda n=name: synthesize_loop(n, args.rate, args.seed))
             for name in LOOPS]
    failed = 0
    for name, make in made:
        try:
            mono = make()
        except music.ScoreError as exc:
            print(f"not written: {exc}", file=sys.stderr)
            failed += 1
            continue
        path = args.wav / f"{name}.wav"
        write_wav(path, mono, args.rate)
        print(f"{path}: {mono.size / args.rate:.3f} s, peak {np.max(np.abs(mono)):.3f}")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
