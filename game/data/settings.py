"""Player settings, remembered between runs in ``settings.json`` in the data folder.

Every key is checked on load. A key with a bad value falls back to its default and the problem
is reported (file, key, what was expected); a file that is not JSON at all is kept aside as
``settings.json.broken-N`` and fresh settings start. The game always goes on.

The file has a format ``version``. An older file is upgraded as it is read (version 1 had one
``volume``: it becomes the effects' volume, and the music starts at its default); a file from a
newer game is read as far as its keys are known, and that is reported.
"""

from __future__ import annotations

import locale
import os
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ..i18n import DEFAULT_LETTERS, LANGUAGES
from ..net.protocol import CODE_LENGTH, KINDS_MAX, MAX_NAME, is_code
from ..rules.coords import LETTER_SETS
from .storage import DataFileError, atomic_write_json, data_dir, keep_aside, read_json

VERSION = 2
SOUND_STYLES = ("modern", "1977")   # the effects as synthesised today, or as the 1977 toy's
# Keys renamed from one version to the next: UPGRADES[v] turns a version v file into v + 1.
UPGRADES = {1: {"volume": "effects_volume"}}
ANIM_SPEEDS = (0.5, 1.0, 2.0, 4.0)
WINDOW_MIN = (640, 480)
# issue 38: the palette for how the player sees colours, and the size of text and interface
COLOUR_VISIONS = ("normal", "deutan", "tritan", "contrast")
UI_SCALES = (100, 125, 150)
ADDRESS_LEN = 100    # characters of a remembered online address


def system_language() -> str:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            break
    else:
        value = (locale.getlocale()[0] or "")
    code = value.split(":")[0].split("_")[0].split(".")[0].lower()
    code = {"nb": "no", "nn": "no"}.get(code, code)
    return code if code in LANGUAGES else "en"


@dataclass
class Settings:
    language: str = field(default_factory=system_language)
    letters: str = ""            # "" = the language's own letter set
    halo: bool = True            # RULES.md §C: mark a sunk ship's halo
    effects_volume: float = 0.8
    music_volume: float = 0.6
    muted: bool = False
    sound_style: str = "modern"
    anim_speed: float = 1.0
    fullscreen: bool = False
    window: list = field(default_factory=lambda: [1280, 720])
    quick_match: dict = field(default_factory=dict)  # last choices on the quick match screen
    profile: str = "player"      # the player profile the computer admirals learn from
    online_address: str = ""     # Play online, Join: the host's address (host:port)
    online_server: str = ""      # ... Host: a standalone server's address ("": this computer)
    online_room: str = ""        # ... the room code last joined
    online_name: str = ""        # ... the name the other player sees
    match_server: str = ""       # ... Find an opponent (issue 37): the server ("": this network)
    match_kind: str = ""         # ... the game kind last queued for ("": the first)
    match_listed: bool = True    # ... the games queued for listed for spectators
    colour_vision: str = "normal"  # issue 38: the palette (COLOUR_VISIONS: normal; red-green,
                                   # deuteranopia and protanopia; tritanopia; high contrast)
    reduced_motion: bool = False   # ... no shake, no slow motion, effects a fade, a still sea
    ui_scale: int = 100            # ... text and interface, per cent (UI_SCALES)

    @property
    def letter_set(self) -> str:
        return self.letters or DEFAULT_LETTERS.get(self.language, "latin")


def _check(key: str, value, default):
    """Return the value if it fits the key, else raise ValueError with what was expected."""
    if key == "language":
        if value not in LANGUAGES:
            raise ValueError(f"one of {', '.join(LANGUAGES)}")
    elif key == "letters":
        if value != "" and value not in LETTER_SETS:
            raise ValueError(f"\"\" or one of {', '.join(LETTER_SETS)}")
    elif key in ("halo", "muted", "fullscreen", "match_listed", "reduced_motion"):
        if not isinstance(value, bool):
            raise ValueError("true or false")
    elif key == "colour_vision":
        if value not in COLOUR_VISIONS:
            raise ValueError(f"one of {', '.join(COLOUR_VISIONS)}")
    elif key == "ui_scale":
        if isinstance(value, bool) or value not in UI_SCALES:
            raise ValueError(f"one of {', '.join(str(v) for v in UI_SCALES)}")
        value = int(value)
    elif key == "sound_style":
        if value not in SOUND_STYLES:
            raise ValueError(f"one of {', '.join(SOUND_STYLES)}")
    elif key in ("effects_volume", "music_volume"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise ValueError("a number from 0 to 1")
        value = float(value)
    elif key == "anim_speed":
        if value not in ANIM_SPEEDS:
            raise ValueError(f"one of {', '.join(str(s) for s in ANIM_SPEEDS)}")
        value = float(value)
    elif key == "window":
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                or value[0] < WINDOW_MIN[0] or value[1] < WINDOW_MIN[1]):
            raise ValueError(f"[width, height], at least {WINDOW_MIN[0]}×{WINDOW_MIN[1]}")
    elif key == "quick_match":
        if not isinstance(value, dict):
            raise ValueError("a table of choices")
    elif key == "profile":
        if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", value):
            raise ValueError("a profile name of letters, digits, - and _")
    elif key in ("online_address", "online_server", "match_server"):
        if not isinstance(value, str) or len(value) > ADDRESS_LEN or not value.isprintable():
            raise ValueError(f"an address (host:port) of at most {ADDRESS_LEN} characters")
    elif key == "match_kind":
        if not isinstance(value, str) or len(value) > KINDS_MAX or not value.isprintable():
            raise ValueError(f"a game kind's name of at most {KINDS_MAX} characters")
    elif key == "online_room":
        if value != "" and not is_code(value):
            raise ValueError(f"\"\" or a room code of {CODE_LENGTH} letters and digits")
    elif key == "online_name":
        if not isinstance(value, str) or len(value) > MAX_NAME or not value.isprintable():
            raise ValueError(f"a name of at most {MAX_NAME} characters")
    return value


class SettingsStore:
    """Loads and saves ``Settings``; ``problems`` lists what was wrong with the file."""

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path else data_dir() / "settings.json"
        self.problems: list[str] = []

    def load(self) -> Settings:
        self.problems = []
        settings = Settings()
        if not self.path.exists():
            return settings
        try:
            data = read_json(self.path)
        except DataFileError as exc:
            aside = keep_aside(self.path)
            kept = f"kept as {aside.name}; " if aside else ""
            self.problems.append(f"{exc} ({kept}default settings used)")
            return settings
        if not isinstance(data, dict):
            aside = keep_aside(self.path)
            kept = f"kept as {aside.name}; " if aside else ""
            self.problems.append(f"{self.path}: expected a JSON object "
                                 f"({kept}default settings used)")
            return settings
        known = {f.name for f in fields(Settings)}
        for key, value in self._upgraded(data).items():
            if key == "version":
                continue
            if key not in known:
                self.problems.append(f"{self.path}: unknown key '{key}' ignored")
                continue
            default = getattr(settings, key)
            try:
                setattr(settings, key, _check(key, value, default))
            except ValueError as exc:
                self.problems.append(f"{self.path}: key '{key}': expected {exc}, "
                                     f"got {value!r}; using {default!r}")
        return settings

    def _upgraded(self, data: dict) -> dict:
        """The file's keys as this version names them (a file without a version is version 1,
        as the first game wrote it)."""
        version = data.get("version", 1)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            self.problems.append(f"{self.path}: key 'version': expected a whole number from 1, "
                                 f"got {version!r}; read as version {VERSION}")
            return data
        if version > VERSION:
            self.problems.append(f"{self.path}: made by a newer game (settings version {version},"
                                 f" this game reads up to {VERSION}); known keys read")
            return data
        for step in range(version, VERSION):
            renamed = UPGRADES.get(step, {})
            data = {renamed.get(k, k): v for k, v in data.items()
                    if not (k in renamed.values() and k not in renamed)}
        return data

    def save(self, settings: Settings) -> None:
        data = asdict(settings)
        data["version"] = VERSION
        atomic_write_json(self.path, data)
