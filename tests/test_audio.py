"""Synthesised sounds (game.audio.synth) and the mixer wrapper (game.audio.mixer)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess  # noqa: E402
import sys  # noqa: E402
import wave  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.audio import music, synth, toy  # noqa: E402
from game.audio.mixer import RESERVED, Audio, _pan_levels  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

# Accepted length range in seconds of each sound (the design asks for roughly these).
DURATIONS = {
    "launch": (0.25, 0.5),
    "whistle": (0.45, 0.8),
    "splash": (0.5, 1.0),
    "hit": (1.0, 1.6),
    "sink": (2.5, 4.0),
    "victory": (1.5, 2.2),
    "defeat": (1.7, 2.5),
    "click": (0.02, 0.07),
    "refuse": (0.15, 0.3),
    "torpedo": (1.2, 1.8), "engines": (2.0, 3.0), "bomb": (1.3, 2.0), "flak": (0.9, 1.5),
    "mine": (1.8, 2.8), "sweep": (0.9, 1.5), "atom": (5.0, 7.0), "kill": (0.8, 1.3),
    "turn": (0.4, 0.9), "curtain": (0.6, 1.0),
}
NOISY = ("launch", "whistle", "splash", "hit", "sink", "click", "torpedo", "engines", "bomb", "flak",
         "mine", "sweep", "atom", "kill", "curtain")
RATE = 44100

# pygame.mixer.init() size -> the dtype pygame-ce gives that mixer's samples.
MIXER_SIZES = {8: np.uint8, -8: np.int8, 16: np.uint16, -16: np.int16, 32: np.float32}


@pytest.fixture(scope="module")
def sounds():
    return {name: synth.synthesize(name, RATE) for name in synth.SOUND_NAMES}


# --- synth ----------------------------------------------------------------------------------------


def test_names_are_the_documented_set():
    assert synth.SOUND_NAMES == tuple(DURATIONS)


@pytest.mark.parametrize("name", synth.SOUND_NAMES)
def test_sound_is_finite_mono_float32_within_full_scale(sounds, name):
    x = sounds[name]
    assert x.dtype == np.float32
    assert x.ndim == 1
    assert np.all(np.isfinite(x))
    assert np.max(np.abs(x)) <= 1.0


@pytest.mark.parametrize("name", synth.SOUND_NAMES)
def test_sound_has_its_designed_length(sounds, name):
    low, high = DURATIONS[name]
    assert low <= sounds[name].size / RATE <= high


@pytest.mark.parametrize("name", synth.SOUND_NAMES)
def test_sound_peak_is_audible_but_not_clipped(sounds, name):
    assert 0.3 <= np.max(np.abs(sounds[name])) <= 1.0


@pytest.mark.parametrize("name", synth.SOUND_NAMES)
def test_sound_starts_and_ends_at_silence(sounds, name):
    x = sounds[name]
    edge = int(0.0002 * RATE)  # 0.2 ms: a ramp, not a jump, even for the sharpest transient
    assert abs(x[0]) < 1e-3 and abs(x[-1]) < 1e-3
    assert np.max(np.abs(x[:edge])) < 0.1
    assert np.max(np.abs(x[-int(0.005 * RATE) :])) < 0.02  # the tail has died away, no cut


def test_whistle_is_quieter_than_the_blasts(sounds):
    whistle = np.max(np.abs(sounds["whistle"]))
    assert whistle <= 0.5
    assert whistle < np.max(np.abs(sounds["hit"])) and whistle < np.max(np.abs(sounds["sink"]))


def test_hit_is_a_loud_low_boom(sounds):
    x = sounds["hit"].astype(np.float64)
    assert np.max(np.abs(x)) >= 0.9
    spectrum = np.abs(np.fft.rfft(x)) ** 2
    freqs = np.fft.rfftfreq(x.size, 1.0 / RATE)
    assert spectrum[freqs < 500].sum() > spectrum[freqs >= 500].sum()  # most energy is low


def test_sink_ends_with_bubbles_after_the_blast(sounds):
    x = sounds["sink"]
    late = x[int(1.5 * RATE) : int(2.5 * RATE)]
    assert np.max(np.abs(late)) > 0.05  # still gurgling well after the blast


@pytest.mark.parametrize("name", synth.SOUND_NAMES)
def test_sound_is_deterministic(sounds, name):
    assert np.array_equal(synth.synthesize(name, RATE), sounds[name])
    seeded = synth.synthesize(name, RATE, seed=7)
    assert np.array_equal(synth.synthesize(name, RATE, seed=7), seeded)


@pytest.mark.parametrize("name", NOISY)
def test_noisy_sound_changes_with_the_seed(sounds, name):
    other = synth.synthesize(name, RATE, seed=1)
    assert other.shape == sounds[name].shape
    assert not np.array_equal(other, sounds[name])


@pytest.mark.parametrize("rate", [22050, 48000])
@pytest.mark.parametrize("name", synth.SOUND_NAMES)
def test_sound_keeps_its_length_at_other_rates(sounds, name, rate):
    x = synth.synthesize(name, rate)
    assert abs(x.size / rate - sounds[name].size / RATE) < 0.001
    assert np.all(np.isfinite(x)) and 0.3 <= np.max(np.abs(x)) <= 1.0


def test_unknown_sound_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match="kaboom"):
        synth.synthesize("kaboom")


def test_absurd_sample_rate_is_a_value_error():
    with pytest.raises(ValueError):
        synth.synthesize("click", 100)


# --- to_mixer_array -------------------------------------------------------------------------------

RAMP = np.array([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0], dtype=np.float32)


@pytest.mark.parametrize(
    ("fmt", "dtype", "expected"),
    [
        (-16, np.int16, [-32767, -32767, -16384, 0, 16384, 32767, 32767]),
        (16, np.uint16, [1, 1, 16384, 32768, 49152, 65535, 65535]),
        (-8, np.int8, [-127, -127, -64, 0, 64, 127, 127]),
        (8, np.uint8, [1, 1, 64, 128, 192, 255, 255]),
        (-32, np.float32, [-1.0, -1.0, -0.5, 0.0, 0.5, 1.0, 1.0]),
        (32, np.float32, [-1.0, -1.0, -0.5, 0.0, 0.5, 1.0, 1.0]),
    ],
)
@pytest.mark.parametrize("channels", [1, 2, 6])
def test_to_mixer_array_scales_clips_and_shapes(fmt, dtype, expected, channels):
    out = synth.to_mixer_array(RAMP, fmt, channels)
    assert out.dtype == dtype
    assert out.flags.c_contiguous
    expected = np.array(expected, dtype=dtype)
    if channels == 1:
        assert out.shape == (RAMP.size,)
        assert np.array_equal(out, expected)
    else:
        assert out.shape == (RAMP.size, channels)
        assert np.array_equal(out, np.repeat(expected[:, None], channels, axis=1))


@pytest.mark.parametrize("fmt", [-16, 16, -8, 8])
def test_to_mixer_array_never_wraps_around(fmt):
    out = synth.to_mixer_array(np.array([1.5, 1.0000001, np.inf, -1.5, -1.0000001, -np.inf]), fmt, 1)
    info = np.iinfo(out.dtype)
    assert np.all(out[:3].astype(np.int64) >= info.max - 1)
    assert np.all(out[3:].astype(np.int64) <= info.min + 1)


def test_to_mixer_array_rejects_an_unknown_format():
    with pytest.raises(ValueError):
        synth.to_mixer_array(RAMP, 24, 2)


@pytest.mark.parametrize("size", sorted(MIXER_SIZES))
@pytest.mark.parametrize("channels", [1, 2])
def test_to_mixer_array_is_what_pygame_expects(mixer, size, channels):
    """What get_init() reports, fed to to_mixer_array, gives samples pygame takes byte for byte."""
    pygame.mixer.init(frequency=22050, size=size, channels=channels)
    _, fmt, got_channels = pygame.mixer.get_init()
    samples = synth.to_mixer_array(synth.synthesize("click", 22050), fmt, got_channels)
    assert samples.dtype == MIXER_SIZES[size]
    sound = pygame.sndarray.make_sound(samples)
    assert np.array_equal(pygame.sndarray.array(sound), samples)


# --- write_wav and the command line ---------------------------------------------------------------


def test_write_wav_is_16_bit_mono(tmp_path, sounds):
    path = tmp_path / "hit.wav"
    synth.write_wav(path, sounds["hit"], RATE)
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, RATE)
        frames = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
    assert np.array_equal(frames, synth.to_mixer_array(sounds["hit"], -16, 1))


def test_command_line_writes_every_sound_its_1977_style_and_the_loops(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "game.audio.synth", "--wav", str(tmp_path), "--rate", "22050"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == sorted([f"{name}.wav" for name in synth.SOUND_NAMES]
                             + [f"1977-{name}.wav" for name in synth.SOUND_NAMES]
                             + [f"loop-{name}.wav" for name in synth.LOOPS])
    for path in tmp_path.iterdir():   # each is heard, and ends in silence (no click)
        with wave.open(str(path), "rb") as wav:
            assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
            frames = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
        assert np.max(np.abs(frames)) > 0.3 * 32767, path.name
        assert abs(int(frames[0])) <= 33 and abs(int(frames[-1])) <= 33, path.name


def test_synth_does_not_import_pygame():
    code = "import game.audio.synth, sys; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


# --- Audio ----------------------------------------------------------------------------------------


def test_audio_does_not_touch_pygame_before_start(mixer):
    audio = Audio(volume=0.5, muted=True)
    assert pygame.mixer.get_init() is None
    assert not audio.enabled
    assert (audio.volume, audio.muted) == (0.5, True)
    audio.play("hit")  # silent until started, no error


def test_audio_starts_and_plays_every_sound(mixer):
    audio = Audio()
    assert audio.start() is True
    assert audio.enabled
    assert pygame.mixer.get_num_channels() >= 24
    for name in synth.SOUND_NAMES:
        audio.play(name, volume=0.5, pan=-0.7)
    assert pygame.mixer.get_busy()
    audio.stop()
    assert not pygame.mixer.get_busy()


def test_audio_start_twice_keeps_its_sounds(mixer):
    audio = Audio()
    assert audio.start() and audio.start()
    audio.play("sink")
    assert pygame.mixer.get_busy()


@pytest.mark.parametrize(("size", "channels"), [(-16, 2), (16, 1), (-8, 2), (8, 1), (32, 2)])
def test_audio_uses_a_mixer_opened_by_someone_else(mixer, size, channels):
    pygame.mixer.init(frequency=22050, size=size, channels=channels)
    audio = Audio()
    assert audio.start()
    assert pygame.mixer.get_init() == (22050, -32 if size == 32 else size, channels)
    audio.play("sink", pan=1.0)
    assert pygame.mixer.get_busy()


def test_muted_audio_plays_nothing(mixer):
    audio = Audio(muted=True)
    assert audio.start()
    audio.play("sink")
    assert not pygame.mixer.get_busy()
    audio.set_muted(False)
    audio.play("sink")
    assert pygame.mixer.get_busy()


def test_muting_stops_what_is_playing(mixer):
    audio = Audio()
    audio.start()
    audio.play("sink")
    audio.set_muted(True)
    assert audio.muted
    assert not pygame.mixer.get_busy()


def test_zero_volume_plays_nothing(mixer):
    audio = Audio()
    audio.start()
    audio.play("sink", volume=0.0)
    assert not pygame.mixer.get_busy()
    audio.set_volume(0.0)
    audio.play("sink")
    assert not pygame.mixer.get_busy()


def test_volume_is_clamped():
    audio = Audio(volume=3.0)
    assert audio.volume == 1.0
    audio.set_volume(-1.0)
    assert audio.volume == 0.0
    audio.set_volume(0.25)
    assert audio.volume == 0.25


def test_pan_is_a_balance():
    assert _pan_levels(0.8, 0.0) == (0.8, 0.8)
    assert _pan_levels(0.8, -1.0) == (0.8, 0.0)
    assert _pan_levels(0.8, 1.0) == (0.0, 0.8)
    assert _pan_levels(1.0, 0.5) == (0.5, 1.0)
    assert _pan_levels(1.0, -5.0) == (1.0, 0.0)


def test_unknown_sound_raises_even_when_silent(mixer):
    with pytest.raises(ValueError, match="kaboom"):
        Audio().play("kaboom")
    audio = Audio()
    audio.start()
    with pytest.raises(ValueError, match="kaboom"):
        audio.play("kaboom")


def test_audio_without_a_device_is_silent(mixer, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio()
    assert audio.start() is False
    assert not audio.enabled
    audio.play("hit")
    audio.set_muted(True)
    audio.set_muted(False)
    audio.stop()
    with pytest.raises(ValueError):
        audio.play("kaboom")


def test_audio_without_a_mixer_module_is_silent(mixer, monkeypatch):
    def missing(*args, **kwargs):
        raise NotImplementedError("mixer module not available")  # as pygame's MissingModule does

    monkeypatch.setattr(pygame.mixer, "get_init", missing)
    audio = Audio()
    assert audio.start() is False
    audio.play("hit")


def test_audio_survives_the_mixer_closing_under_it(mixer):
    audio = Audio()
    assert audio.start()
    pygame.mixer.quit()
    audio.play("hit")
    audio.stop()


# --- what each of issue 20's sounds is ------------------------------------------------------------


def _spectrum(x, start=0.0, end=None):
    x = np.asarray(x, dtype=np.float64)[int(start * RATE) : None if end is None else int(end * RATE)]
    power = np.abs(np.fft.rfft(x * np.hanning(x.size))) ** 2
    return np.fft.rfftfreq(x.size, 1.0 / RATE), power


def test_engines_drone_on_a_steady_low_harmonic_series(sounds):
    freqs, power = _spectrum(sounds["engines"], 0.3, 0.9)
    low = (freqs > 40) & (freqs < 400)
    f0 = freqs[low][np.argmax(power[low])]
    assert 80 <= f0 <= 110

    def band(centre):
        return power[(freqs > centre - 6) & (freqs < centre + 6)].sum()

    for k in (1, 2, 3):   # each harmonic stands well above the gaps beside it
        assert band(k * f0) > 5 * band((k + 0.25) * f0)


def test_engines_pass_over_their_pitch_falls(sounds):
    def pitch(start):
        freqs, power = _spectrum(sounds["engines"], start, start + 0.4)
        low = (freqs > 60) & (freqs < 130)   # the fundamental
        return freqs[low][np.argmax(power[low])]

    assert pitch(0.3) > pitch(1.9)


def test_atom_is_a_long_low_rolling_rumble(sounds):
    x = sounds["atom"].astype(np.float64)
    assert x.size / RATE >= 5.0
    freqs, power = _spectrum(x)
    assert power[freqs < 200].sum() > 0.8 * power.sum()
    late = x[int(2.5 * RATE) : int(3.5 * RATE)]
    assert np.sqrt(np.mean(late ** 2)) > 0.05   # still rumbling seconds after the flash


def test_torpedo_runs_with_its_propellers_beating(sounds):
    x = sounds["torpedo"].astype(np.float64)[int(0.3 * RATE) : int(1.3 * RATE)]
    block = 220
    envelope = np.sqrt((x[: x.size // block * block].reshape(-1, block) ** 2).mean(axis=1))
    power = np.abs(np.fft.rfft(envelope - envelope.mean())) ** 2
    freqs = np.fft.rfftfreq(envelope.size, block / RATE)
    assert 18 <= freqs[1:][np.argmax(power[1:])] <= 28


def test_sweep_pings_on_its_sonar_tone(sounds):
    freqs, power = _spectrum(sounds["sweep"])
    assert abs(freqs[np.argmax(power)] - 1250) < 10


def test_mine_and_bomb_are_low_blasts_the_bomb_after_its_whistle(sounds):
    for name in ("mine", "bomb"):
        freqs, power = _spectrum(sounds[name])
        assert power[freqs < 500].sum() > power[freqs >= 500].sum(), name
    freqs, early = _spectrum(sounds["bomb"], 0.0, 0.12)
    _, later = _spectrum(sounds["bomb"], 0.2, 0.32)
    assert freqs[np.argmax(early)] > freqs[np.argmax(later)] > 300   # the whistle falls


def test_kill_stinger_sounds_a_c_major_chord(sounds):
    freqs, power = _spectrum(sounds["kill"], 0.2, 0.8)
    top = freqs[np.argsort(power)[-200:]]
    for note in (523.25, 659.26, 783.99):
        assert np.any(np.abs(top - note) < 4), note


def test_turn_bell_is_short_and_quiet_among_the_blasts(sounds):
    assert np.max(np.abs(sounds["turn"])) <= 0.4
    assert np.max(np.abs(sounds["turn"])) < np.max(np.abs(sounds["hit"]))


def test_flak_is_a_stream_of_rounds(sounds):
    x = np.abs(sounds["flak"][: int(0.4 * RATE)])
    block = int(0.01 * RATE)
    loud = x[: x.size // block * block].reshape(-1, block).max(axis=1) > 0.3
    onsets = np.count_nonzero(loud[1:] & ~loud[:-1]) + int(loud[0])
    assert onsets >= 4   # several separate rounds in the first 0.4 s, not one blast


# --- the 1977 style ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", synth.SOUND_NAMES)
def test_toy_sound_is_a_short_4_bit_bleep_that_ends_in_silence(name):
    x = toy.synthesize_toy(name, RATE)
    assert x.dtype == np.float32 and np.all(np.isfinite(x))
    assert 0.3 <= np.max(np.abs(x)) <= 1.0
    assert abs(x[0]) < 1e-3 and abs(x[-1]) < 1e-3
    assert x.size / RATE <= 3.5
    body = x[int(0.01 * RATE) : -int(0.01 * RATE)]   # between the fades: the toy's 15 levels
    assert len(np.unique(np.round(body, 5))) <= 15


def test_toy_sounds_differ_from_today_s():
    assert not np.array_equal(toy.synthesize_toy("hit", RATE)[:1000], synth.synthesize("hit")[:1000])


def test_unknown_toy_sound_is_a_value_error():
    with pytest.raises(ValueError, match="kaboom"):
        toy.synthesize_toy("kaboom")
