"""The game's music, played from note data: a small score format of our own, rendered with numpy.

A score (``assets/music/NAME.score``) is plain text::

    # a comment (a '#' that starts a word; G#4 is a note)
    tempo 116            quarter notes a minute
    steps 16             steps to a bar (16: a step is a sixteenth)
    part lead square 0.5     a part: its name, instrument and level
    G4-3 G4-1 C5-4 | C5-3 D5-1 E5-4 C5-8 | % |

A note is a pitch and its length in steps (``C#5-2``, ``Bb3-4``), ``r-N`` rests, ``|`` ends a
bar, ``%`` repeats the bar before. The kit plays ``k`` (kick), ``s`` (snare) and ``h`` (hi-hat).
Every bar fills ``steps`` exactly and every part has as many bars, so a score loops without a
seam: each note dies away inside its own length, and the rendered loop starts and ends at zero.

``render(score, rate)`` turns a score into a mono float32 signal; ``load(name)`` reads a score,
raising ``ScoreError`` (naming the file and line) when it is missing or wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .dsp import _SQUARISH, _TRIANGLE, _decay, _finish, _noise, _rise, _times, _voice
from ..resources import ASSETS

MUSIC_DIR = ASSETS / "music"
TRACKS = ("title", "battle")
# The bosses' stingers (issue 22): a short phrase of their own over the music, named by a
# level's ``[boss] stinger``; each is ``assets/music/stinger-<name>.score``.
STINGERS = ("perelman", "dutchman", "maltese", "odessan", "ice")

# An instrument's partials (harmonic amplitudes), attack and release in seconds.
INSTRUMENTS = {
    "square": (_SQUARISH, 0.006, 0.03),
    "pulse": ((1.0, 0.7, 0.5, 0.35, 0.25, 0.15, 0.1), 0.004, 0.03),   # a thin, reedy lead
    "triangle": (_TRIANGLE, 0.01, 0.04),
    "organ": ((1.0, 0.5, 0.0, 0.25, 0.0, 0.0, 0.0, 0.12), 0.02, 0.06),
    "kit": ((), 0.0, 0.0),
}
DRUMS = ("k", "s", "h")
ARTICULATION = 0.88   # a note sounds for this share of its length: a march is played detached

_COMMENT = re.compile(r"(^|\s)#.*$")   # "#" after a space; G#4 is a note
_NOTE = re.compile(r"^([A-G])(#|b)?(\d)-(\d+)$")
_REST = re.compile(r"^r-(\d+)$")
_DRUM = re.compile(r"^([ksh])-(\d+)$")
_SEMITONES = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


class ScoreError(ValueError):
    """A score that cannot be read: the message names the file and the line."""


@dataclass
class Part:
    name: str
    instrument: str
    level: float
    bars: list = field(default_factory=list)   # per bar: [(step, length, pitch Hz or drum)]


@dataclass
class Score:
    tempo: float = 120.0
    steps: int = 16
    parts: list = field(default_factory=list)

    @property
    def bars(self) -> int:
        return len(self.parts[0].bars) if self.parts else 0

    def seconds(self) -> float:
        return self.bars * self.steps * 15.0 / self.tempo


def pitch(name: str, accidental: str | None, octave: int) -> float:
    """Equal-tempered frequency of a note name (A4 = 440 Hz)."""
    semis = _SEMITONES[name] + {"#": 1, "b": -1, None: 0}[accidental] + 12 * (octave - 4)
    return 440.0 * 2.0 ** (semis / 12.0)


def parse(text: str, where: str = "score") -> Score:
    """Read a score from its text; ``where`` names it in errors."""
    score = Score()
    part = None
    bar: list = []
    used = 0

    def fail(line_no: int, message: str):
        raise ScoreError(f"{where}, line {line_no}: {message}")

    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line:
            continue
        words = line.split()
        if words[0] in ("tempo", "steps"):
            if len(words) != 2 or part is not None:
                fail(line_no, f"'{words[0]} N' comes once, before the parts")
            try:
                value = float(words[1]) if words[0] == "tempo" else int(words[1])
            except ValueError:
                fail(line_no, f"'{words[1]}' is not a number")
            if not (20 <= value <= 300 if words[0] == "tempo" else 1 <= value <= 64):
                fail(line_no, f"{words[0]} {words[1]} is out of range")
            setattr(score, words[0], value)
            continue
        if words[0] == "part":
            if bar:
                fail(line_no, "the bar before this part is not closed with '|'")
            if len(words) != 4 or words[2] not in INSTRUMENTS:
                fail(line_no, f"expected 'part NAME INSTRUMENT LEVEL', instrument one of "
                              f"{', '.join(INSTRUMENTS)}")
            try:
                level = float(words[3])
            except ValueError:
                fail(line_no, f"level '{words[3]}' is not a number")
            part = Part(words[1], words[2], level)
            score.parts.append(part)
            continue
        if part is None:
            fail(line_no, "notes before the first 'part'")
        for word in words:
            if word == "|":
                if used != score.steps:
                    fail(line_no, f"a bar of part '{part.name}' holds {used} steps, not "
                                  f"{score.steps}")
                part.bars.append(bar)
                bar, used = [], 0
                continue
            if word == "%":
                if bar or not part.bars:
                    fail(line_no, "'%' repeats a whole bar, after one")
                bar, used = list(part.bars[-1]), score.steps
                continue
            drum, note, rest = _DRUM.match(word), _NOTE.match(word), _REST.match(word)
            if rest:
                length, sound = int(rest.group(1)), None
            elif part.instrument == "kit" and drum:
                length, sound = int(drum.group(2)), drum.group(1)
            elif part.instrument != "kit" and note:
                length = int(note.group(4))
                sound = pitch(note.group(1), note.group(2), int(note.group(3)))
            else:
                fail(line_no, f"'{word}' is not a {'drum' if part.instrument == 'kit' else 'note'}")
            if length < 1:
                fail(line_no, f"'{word}' has no length")
            if sound is not None:
                bar.append((used, length, sound))
            used += length
    if bar:
        raise ScoreError(f"{where}: the last bar is not closed with '|'")
    if not score.parts or not score.bars:
        raise ScoreError(f"{where}: no parts with notes")
    for p in score.parts:
        if len(p.bars) != score.bars:
            raise ScoreError(f"{where}: part '{p.name}' has {len(p.bars)} bars, "
                             f"part '{score.parts[0].name}' {score.bars}")
    return score


def load(name: str, folder: Path | None = None) -> Score:
    path = Path(folder or MUSIC_DIR) / f"{name}.score"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScoreError(f"{path}: cannot be read ({exc.__class__.__name__}: "
                         f"{getattr(exc, 'strerror', None) or exc})") from None
    return parse(text, str(path))


def _drum_kit(sample_rate: int, rng: np.random.Generator) -> dict:
    """The kit's three sounds, each a short grain: a kick (a sine dropping 130 -> 45 Hz), a snare
    (a band of noise over a 190 Hz body), a hi-hat (a tick of high noise)."""
    t = _times(0.3, sample_rate)
    rattle, hiss = _noise(rng, t.size, sample_rate, (1200.0, 7000.0), (6000.0, None))
    kick_phase = np.cumsum(45.0 + 85.0 * _decay(t, 0.03)) * (2.0 * np.pi / sample_rate)
    kick = np.sin(kick_phase).astype(np.float32) * _decay(t, 0.12)
    snare = 0.7 * rattle * _decay(t, 0.06) + 0.5 * np.sin(2 * np.pi * 190.0 * t) * _decay(t, 0.04)
    hat = hiss * _decay(t, 0.015)
    return {k: (_rise(t, 0.001) * g).astype(np.float32)
            for k, g in (("k", kick), ("s", snare), ("h", 0.5 * hat))}


def render(score: Score, sample_rate: int = 44100, seed: int = 0) -> np.ndarray:
    """The score as one loop: a mono float32 signal of exactly its bars' length (steps land on
    whole samples, so the loop keeps time however often it repeats), peak 0.7."""
    step = round(sample_rate * 15.0 / score.tempo)
    out = np.zeros(score.bars * score.steps * step, dtype=np.float32)
    kit = _drum_kit(sample_rate, np.random.default_rng([seed, 99]))
    for part in score.parts:
        partials, attack, release = INSTRUMENTS[part.instrument]
        for b, bar in enumerate(part.bars):
            for at, length, sound in bar:
                first = (b * score.steps + at) * step
                if isinstance(sound, str):
                    n = min(kit[sound].size, length * step, out.size - first)
                    grain = kit[sound][:n] * _rise(np.arange(n, 0, -1, dtype=np.float32),
                                                   round(0.003 * sample_rate))
                    out[first:first + n] += np.float32(part.level) * grain
                else:
                    seconds = length * step * ARTICULATION / sample_rate
                    _voice(out, sample_rate, first / sample_rate, seconds, sound, partials,
                           part.level, release=release, attack=attack)
    return _finish(out, sample_rate, peak=0.7, fade_in=0.001, fade_out=0.001)
