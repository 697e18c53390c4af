"""Player profiles: what the computer admirals remember of a player between games.

One JSON file per profile in ``profiles/`` of the data folder, written atomically, with a
format version. Per board size (``"10x10"``) a profile keeps, cell by cell, how often the
player's ships stood there and how often the player fired there among his first shots of a
game. A broken profile file is kept aside (``NAME.json.broken-N``) and a fresh one started.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from .storage import DataFileError, atomic_write_json, data_dir, keep_aside, read_json

VERSION = 1
FIRST_SHOTS = 10  # how many opening shots of a game count as "where he fires first"


def profile_key(name: str) -> str:
    """The file name of a player's profile: the name itself when it is a plain one, else a
    digest of it (names are matched without regard to case or surrounding spaces)."""
    plain = name.strip().lower()
    if re.fullmatch(r"[a-z0-9_-]{1,40}", plain):
        return plain
    return "u-" + hashlib.sha1(plain.encode("utf-8")).hexdigest()[:16]


def board_key(width: int, height: int) -> str:
    return f"{width}x{height}"


@dataclass
class Profile:
    key: str
    name: str
    ship_heat: dict = field(default_factory=dict)    # board key -> count per cell
    first_shots: dict = field(default_factory=dict)  # board key -> count per cell
    games: dict = field(default_factory=dict)        # board key -> games remembered

    def memory(self, width: int, height: int):
        """``(ship heat, games)`` for a board, as the Admiral wants it, or None."""
        key = board_key(width, height)
        if not self.games.get(key):
            return None
        return self.ship_heat[key], self.games[key]

    def opening(self, width: int, height: int) -> list | None:
        return self.first_shots.get(board_key(width, height))

    def remember(self, width: int, height: int, ships, shots) -> None:
        """Add one finished game: the player's ships and the cells he fired at, in order."""
        key = board_key(width, height)
        cells = width * height
        heat = self.ship_heat.setdefault(key, [0] * cells)
        first = self.first_shots.setdefault(key, [0] * cells)
        for ship in ships:
            for x, y in ship:
                heat[y * width + x] += 1
        for x, y in list(shots)[:FIRST_SHOTS]:
            first[y * width + x] += 1
        self.games[key] = self.games.get(key, 0) + 1

    def to_dict(self) -> dict:
        return {"version": VERSION, "name": self.name, "ship_heat": self.ship_heat,
                "first_shots": self.first_shots, "games": self.games}


def _counts(value, path, key) -> dict:
    if not isinstance(value, dict):
        raise DataFileError(path, f"key '{key}': expected a table of boards")
    for board, counts in value.items():
        m = re.fullmatch(r"(\d+)x(\d+)", str(board))
        if not m:
            raise DataFileError(path, f"key '{key}': board '{board}' is not WIDTHxHEIGHT")
        if key == "games":
            if not isinstance(counts, int) or counts < 0:
                raise DataFileError(path, f"key 'games.{board}': expected a count")
            continue
        size = int(m.group(1)) * int(m.group(2))
        if (not isinstance(counts, list) or len(counts) != size
                or not all(isinstance(c, int) and c >= 0 for c in counts)):
            raise DataFileError(path, f"key '{key}.{board}': expected {size} counts")
    return value


class ProfileStore:
    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder else data_dir() / "profiles"
        self.problems: list[str] = []

    def path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def load(self, key: str, name: str = "", repair: bool = True) -> Profile:
        """The profile ``key``; a new one if there is none; a fresh one (the broken file kept
        aside, the problem in ``problems``) if the file is broken. Without ``repair`` (a look
        at another captain, e.g. the Captains list) a broken file is reported and left as it
        is."""
        path = self.path(key)
        if not path.exists():
            return Profile(key, name or key)
        try:
            data = read_json(path)
            if not isinstance(data, dict):
                raise DataFileError(path, "expected a JSON object")
            if data.get("version") != VERSION:
                raise DataFileError(path, f"key 'version': expected {VERSION}, "
                                          f"got {data.get('version')!r}")
            return Profile(key, str(data.get("name") or name or key),
                           _counts(data.get("ship_heat", {}), path, "ship_heat"),
                           _counts(data.get("first_shots", {}), path, "first_shots"),
                           _counts(data.get("games", {}), path, "games"))
        except DataFileError as exc:
            if not repair:
                self.problems.append(f"{exc} (the file is left as it is)")
                return Profile(key, name or key)
            aside = keep_aside(path)
            kept = f"kept as {aside.name}; " if aside else ""
            self.problems.append(f"{exc} ({kept}a fresh profile started)")
            return Profile(key, name or key)

    def save(self, profile: Profile) -> None:
        atomic_write_json(self.path(profile.key), profile.to_dict())
