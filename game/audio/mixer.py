"""The game's sound player: the synthesised effects, the music and the sea on ``pygame.mixer``.

``Audio`` never raises because of the sound system. When the mixer cannot start (no audio device,
SDL_mixer missing, a sample format we cannot feed) it stays silent and the game plays on without
sound, as pygame's examples do.

Effects play on any free channel; two channels are reserved, one for the music and one for the
sea's ambience, each a loop. The loops take a moment to render (the scores in ``assets/music/``,
about a quarter of a second for all three), so ``update()`` (every frame) makes them at its
second call, once the first frame is on the screen, and then starts what is wanted. (Not in a
worker thread: numpy's FFT and most of its loops keep the interpreter's lock, so a thread would
slow every frame for a second instead of one frame once.) Rendered loops are kept for the
process. A missing or broken score means no music, said once in ``problems``; the effects play
on.
"""

from __future__ import annotations

import logging
import operator
import time
from typing import Callable

import numpy as np
import pygame

from . import music
from .music import ScoreError
from .synth import LOOPS, SOUND_NAMES, synthesize, synthesize_loop, to_mixer_array
from .toy import synthesize_toy

CHANNELS = 24  # enough for a salvo of shots, splashes and blasts at once
STYLES = ("modern", "1977")        # the effects' sound style; "1977": the electronic toy's bleeps
SEA_LEVEL = 0.35                    # the ambience under a battle, times the effects volume
WITH_SEA = ("battle",)              # music that has the sea under it
FADE_MS = 600                       # music fades in over this
RESERVED = 2                        # channels 0 (music) and 1 (the sea)

_log = logging.getLogger(__name__)

# Loops already rendered in this process, by (name, mixer spec, seed, folder): a new Audio (a new
# App, in the tests) plays them at once instead of rendering again. None: cannot be made.
_RENDERED: dict[tuple, np.ndarray | None] = {}


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, float(value)))


def _pan_levels(level: float, pan: float) -> tuple[float, float]:
    """Left and right volume for ``pan`` in [-1, 1]: a balance control, so a centred sound keeps
    its full level on both sides and a sound panned hard left is silent on the right."""
    pan = _clamp(pan, -1.0, 1.0)
    return level * min(1.0, 1.0 - pan), level * min(1.0, 1.0 + pan)


def _read_only(name: str, doc: str | None = None) -> property:
    """A property that reads the attribute ``name`` and cannot be set."""
    return property(operator.attrgetter(name), doc=doc)


class Audio:
    """Plays the game's sounds by name (see ``game.audio.synth.SOUND_NAMES``).

    Nothing touches pygame until ``start()``; until then, and for good if it fails, the object is
    silent: ``play()`` does nothing. ``clock`` (seconds) tells when the loops' fade-in is over;
    a test passes one it moves itself.
    """

    def __init__(self, volume: float = 0.8, muted: bool = False, seed: int = 0,
                 music_volume: float = 0.6, style: str = "modern", music_dir=None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._volume = _clamp(volume, 0.0, 1.0)          # the effects' volume
        self._music_volume = _clamp(music_volume, 0.0, 1.0)
        self._muted = bool(muted)
        self._seed = seed
        self._style = style if style in STYLES else "modern"
        self._music_dir = music_dir
        self._clock = clock               # seconds: tells when the loops' fade-in is over
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._styles: dict[str, dict] = {}
        self._spec = None
        self._stereo = False
        self._wanted = ""                 # the music asked for ("" none)
        self._playing = None              # the music the music channel plays (None: nothing)
        self._loops: dict[str, np.ndarray | None] = {}   # rendered loops (None: cannot be made)
        self._loop_sounds: dict[str, pygame.mixer.Sound] = {}
        self._primed = False              # update() has run once: the first frame is shown
        self._settle_at: float | None = None   # when the loops' fade-in is over (levels set again)
        self._turn = 0                    # the channel taken over when every one is busy
        self._stingers: dict[str, pygame.mixer.Sound | None] = {}   # made as first played
        self.stinger_played = ""          # the last stinger started (tests follow it)
        self.problems: list[str] = []     # what went wrong with the music, for the player

    @property
    def enabled(self) -> bool:
        """True once ``start()`` has loaded every sound into a working mixer."""
        return bool(self._sounds)

    # what the set_* methods set, read as it is
    volume = _read_only("_volume", "The effects' volume, 0..1.")
    muted = _read_only("_muted")
    music_volume = _read_only("_music_volume", "The music's volume, 0..1.")
    style = _read_only("_style", "The effects' sound style (STYLES).")
    music = _read_only("_wanted", 'The music asked for ("" for none), whether or not it can be '
                       "heard.")
    playing = _read_only("_playing", "The music the music channel is playing now (None: none).")

    def start(self) -> bool:
        """Open the mixer (unless already open) and build every sound for its format.

        Returns ``enabled``. Any failure leaves the object silent; it is logged, never raised.
        """
        if self._sounds:
            return True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            spec = pygame.mixer.get_init()
            if spec is None:
                raise pygame.error("the mixer did not start")
            frequency, fmt, channels = spec
            sounds = self._build(synthesize, spec)
            pygame.mixer.set_num_channels(max(CHANNELS, pygame.mixer.get_num_channels()))
            pygame.mixer.set_reserved(RESERVED)
            self._channels = (pygame.mixer.Channel(0), pygame.mixer.Channel(1))
        except Exception as error:  # pygame.error, a missing mixer module, an odd format: no sound
            _log.warning("sound disabled: %s", error)
            return False
        self._spec = spec
        self._styles = {"modern": sounds}
        self._stereo = channels > 1
        self._sounds = sounds
        self.set_style(self._style)
        return True

    def _build(self, make, spec) -> dict:
        frequency, fmt, channels = spec
        sounds = {}
        for name in SOUND_NAMES:
            samples = to_mixer_array(make(name, frequency, self._seed), fmt, channels)
            sound = pygame.sndarray.make_sound(samples)
            # pygame copies the bytes as they are: a mixer whose true sample type differs from
            # the one its reported format implies (-32 is also SDL's int32) would play noise.
            if np.asarray(sound).dtype != samples.dtype:
                raise ValueError(f"mixer format {fmt} holds {np.asarray(sound).dtype} samples")
            sounds[name] = sound
        return sounds

    def set_style(self, style: str) -> None:
        """Play the effects in ``style`` (see ``STYLES``; anything else is "modern"). The 1977
        set is made the first time it is chosen."""
        self._style = style if style in STYLES else "modern"
        if not self._spec:
            return
        if self._style not in self._styles:
            try:
                self._styles[self._style] = self._build(synthesize_toy, self._spec)
            except Exception as error:  # the mixer was closed under us
                _log.warning("sound style %s not made: %s", self._style, error)
                return
        self._sounds = self._styles[self._style]

    def play(self, name: str, volume: float = 1.0, pan: float = 0.0) -> None:
        """Play sound ``name`` at ``volume`` (0..1, times the master volume), panned by ``pan``
        (-1 left .. 1 right, when the mixer is stereo). Unknown names raise ValueError."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(SOUND_NAMES)}")
        level = self._volume * _clamp(volume, 0.0, 1.0)
        if self._muted or self._hushed or level <= 0.0 or not self._sounds:
            return
        try:
            # A free channel (never a reserved one: the music's and the sea's); when all are
            # busy, the next in turn is taken over. (find_channel(True) is not used: it would
            # take the oldest channel of all, which is the music's.)
            channel = pygame.mixer.find_channel(False)
            if channel is None:
                count = pygame.mixer.get_num_channels() - RESERVED
                self._turn = (self._turn + 1) % count
                channel = pygame.mixer.Channel(RESERVED + self._turn)
            # The volume is set before the sound starts so no buffer goes out at full level.
            if self._stereo:
                channel.set_volume(*_pan_levels(level, pan))
            else:
                channel.set_volume(level)
            channel.play(self._sounds[name])
        except pygame.error as error:  # the mixer was closed under us
            _log.warning("sound not played: %s", error)

    def set_volume(self, volume: float) -> None:
        """Set the effects' volume (the sea's follows it), clamped to 0..1."""
        self._volume = _clamp(volume, 0.0, 1.0)
        self._level_loops()

    def set_music_volume(self, volume: float) -> None:
        """Set the music's volume, clamped to 0..1."""
        self._music_volume = _clamp(volume, 0.0, 1.0)
        self._level_loops()

    _hushed = False

    def hush(self, on: bool) -> None:
        """No effect plays while ``on`` (a resumed battle's moves played again, unheard);
        the music and the sea go on."""
        self._hushed = bool(on)

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also cuts every sound that is playing, the music too (it starts
        again on unmuting, at the next ``update``)."""
        self._muted = bool(muted)
        if self._muted:
            self.stop()

    def stop(self) -> None:
        """Stop every sound that is playing, the music and the sea too."""
        self._playing = None
        if not self._sounds:
            return
        try:
            pygame.mixer.stop()
        except pygame.error as error:  # the mixer was closed under us
            _log.warning("sound not stopped: %s", error)

    # -- a boss's stinger ------------------------------------------------------------------------
    def play_stinger(self, name: str) -> bool:
        """Play the boss's stinger ``name`` (``music.STINGERS``: ``assets/music/stinger-NAME
        .score``) once, over the music, at the music's volume: silent when the sound is muted or
        the music turned down to nothing. Made the first time it is played; a missing or broken
        score is said once in ``problems``. True if it started."""
        if name not in music.STINGERS:
            raise ValueError(f"unknown stinger {name!r}; expected one of "
                             f"{', '.join(music.STINGERS)}")
        if self._muted or self._music_volume <= 0.0 or not self._sounds:
            return False
        if name not in self._stingers:
            self._stingers[name] = None
            try:
                frequency, fmt, channels = self._spec
                score = music.load(f"stinger-{name}", self._music_dir)
                mono = music.render(score, frequency, self._seed)
                self._stingers[name] = pygame.sndarray.make_sound(
                    to_mixer_array(mono, fmt, channels))
            except ScoreError as error:
                self.problems.append(f"no {name} stinger: {error}")
            except Exception as error:  # never let the music stop the game
                _log.warning("stinger %s not made: %s", name, error)
        sound = self._stingers[name]
        if sound is None:
            return False
        try:
            channel = pygame.mixer.find_channel(False) or pygame.mixer.Channel(RESERVED)
            channel.set_volume(self._music_volume)
            channel.play(sound)
        except pygame.error as error:  # the mixer was closed under us
            _log.warning("stinger not played: %s", error)
            return False
        self.stinger_played = name
        return True

    # -- music and the sea ----------------------------------------------------------------------
    def set_music(self, name: str) -> None:
        """Ask for the music ``name`` (one of ``music.TRACKS``, "" for none); it starts at an
        ``update`` once it is ready, and keeps playing while the same name is asked for."""
        if name and name not in LOOPS:
            raise ValueError(f"unknown music {name!r}; expected one of {', '.join(LOOPS)}")
        self._wanted = name

    def render_loops(self, names=LOOPS) -> None:
        """Make the loops ``names`` now (``update`` makes each as it is first wanted, never on
        the first frame; tests may call it)."""
        for name in names:
            if name in self._loops:
                continue
            key = (name, self._spec, self._seed, str(self._music_dir))
            if key not in _RENDERED:
                try:
                    frequency, fmt, channels = self._spec
                    mono = synthesize_loop(name, frequency, self._seed, self._music_dir)
                    _RENDERED[key] = to_mixer_array(mono, fmt, channels)
                except ScoreError as error:
                    self.problems.append(f"no {name} music: {error}")
                    _RENDERED[key] = None
                except Exception as error:  # never let the music stop the game
                    _log.warning("loop %s not made: %s", name, error)
                    _RENDERED[key] = None
            self._loops[name] = _RENDERED[key]

    def update(self) -> None:
        """Every frame: start the music asked for (and the sea under a battle) once it is ready,
        stop it when none is asked for. Never raises."""
        if not self._sounds:
            return
        if self._settle_at is not None and self._clock() >= self._settle_at:
            self._settle_at = None       # SDL ends a fade-in at the level the channel had when
            self._level_loops()          # it began: a change made during the fade, set now
        want = "" if self._muted else self._wanted
        if want == (self._playing or ""):
            return
        needed = [want, "ambience"] if want in WITH_SEA else [want]
        if want and any(name not in self._loops for name in needed):
            if not self._primed:   # the first frame goes out before the loops are made
                self._primed = True
                return
            self.render_loops(needed)   # one piece at a time: the title's, a battle's
        try:
            music, sea = self._channels
            music.stop()
            sea.stop()
            self._playing = want or None
            self._level_loops()          # before the loops start: their fade-in ends there
            if want:
                for channel, name in ((music, want), (sea, "ambience" if want in WITH_SEA else "")):
                    sound = self._loop_sound(name) if name else None
                    if sound is not None:
                        channel.play(sound, loops=-1, fade_ms=FADE_MS)
                self._settle_at = self._clock() + FADE_MS / 1000
        except pygame.error as error:   # the mixer was closed under us
            _log.warning("music not played: %s", error)
            self._playing = want or None

    def _loop_sound(self, name: str):
        if name not in self._loop_sounds and self._loops.get(name) is not None:
            self._loop_sounds[name] = pygame.sndarray.make_sound(self._loops[name])
        return self._loop_sounds.get(name)

    def _level_loops(self) -> None:
        if not self._sounds or not self._playing:
            return
        try:
            music, sea = self._channels
            music.set_volume(self._music_volume)
            sea.set_volume(self._volume * SEA_LEVEL)
        except pygame.error as error:
            _log.warning("music volume not set: %s", error)
