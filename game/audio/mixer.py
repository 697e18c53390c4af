"""The game's sound player: the synthesised effects on ``pygame.mixer``.

``Audio`` never raises because of the sound system. When the mixer cannot start (no audio device,
SDL_mixer missing, a sample format we cannot feed) it stays silent and the game plays on without
sound, as pygame's examples do.
"""

from __future__ import annotations

import logging

import numpy as np
import pygame

from .synth import SOUND_NAMES, synthesize, to_mixer_array

CHANNELS = 24  # enough for a salvo of shots, splashes and blasts at once

_log = logging.getLogger(__name__)


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, float(value)))


def _pan_levels(level: float, pan: float) -> tuple[float, float]:
    """Left and right volume for ``pan`` in [-1, 1]: a balance control, so a centred sound keeps
    its full level on both sides and a sound panned hard left is silent on the right."""
    pan = _clamp(pan, -1.0, 1.0)
    return level * min(1.0, 1.0 - pan), level * min(1.0, 1.0 + pan)


class Audio:
    """Plays the game's sounds by name (see ``game.audio.synth.SOUND_NAMES``).

    Nothing touches pygame until ``start()``; until then, and for good if it fails, the object is
    silent: ``play()`` does nothing.
    """

    def __init__(self, volume: float = 0.8, muted: bool = False, seed: int = 0) -> None:
        self._volume = _clamp(volume, 0.0, 1.0)
        self._muted = bool(muted)
        self._seed = seed
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._stereo = False

    @property
    def enabled(self) -> bool:
        """True once ``start()`` has loaded every sound into a working mixer."""
        return bool(self._sounds)

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

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
            sounds = {}
            for name in SOUND_NAMES:
                samples = to_mixer_array(synthesize(name, frequency, self._seed), fmt, channels)
                sound = pygame.sndarray.make_sound(samples)
                # pygame copies the bytes as they are: a mixer whose true sample type differs from
                # the one its reported format implies (-32 is also SDL's int32) would play noise.
                if np.asarray(sound).dtype != samples.dtype:
                    raise ValueError(f"mixer format {fmt} holds {np.asarray(sound).dtype} samples")
                sounds[name] = sound
            pygame.mixer.set_num_channels(max(CHANNELS, pygame.mixer.get_num_channels()))
        except Exception as error:  # pygame.error, a missing mixer module, an odd format: no sound
            _log.warning("sound disabled: %s", error)
            return False
        self._sounds = sounds
        self._stereo = channels > 1
        return True

    def play(self, name: str, volume: float = 1.0, pan: float = 0.0) -> None:
        """Play sound ``name`` at ``volume`` (0..1, times the master volume), panned by ``pan``
        (-1 left .. 1 right, when the mixer is stereo). Unknown names raise ValueError."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(SOUND_NAMES)}")
        level = self._volume * _clamp(volume, 0.0, 1.0)
        if self._muted or level <= 0.0 or not self._sounds:
            return
        try:
            # force=True takes over the longest-playing channel when all are busy.
            channel = pygame.mixer.find_channel(True)
            if channel is None:
                return
            # The volume is set before the sound starts so no buffer goes out at full level.
            if self._stereo:
                channel.set_volume(*_pan_levels(level, pan))
            else:
                channel.set_volume(level)
            channel.play(self._sounds[name])
        except pygame.error as error:  # the mixer was closed under us
            _log.warning("sound not played: %s", error)

    def set_volume(self, volume: float) -> None:
        """Set the master volume, clamped to 0..1."""
        self._volume = _clamp(volume, 0.0, 1.0)

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also cuts every sound that is playing."""
        self._muted = bool(muted)
        if self._muted:
            self.stop()

    def stop(self) -> None:
        """Stop every sound that is playing."""
        if not self._sounds:
            return
        try:
            pygame.mixer.stop()
        except pygame.error as error:  # the mixer was closed under us
            _log.warning("sound not stopped: %s", error)
