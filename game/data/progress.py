"""Campaign progress, one file per player profile, and the battle he left in the middle.

``campaign/KEY.json`` in the data folder (``KEY`` is the profile's key, as in ``profiles/``)::

    {"version": 1, "name": "Olga", "last": "mines",
     "levels": {"first-lesson": {"stars": 2, "wins": 1, "tries": 3,
                                 "best": {"shots": 58, "ships_lost": 2}}}}

``campaign/KEY.battle.json`` holds a battle in progress, rewritten as it goes on, so closing the
window loses nothing: ``{"version": 1, "level": ID, "seed": N, "game": {…the game's to_dict…}}``.
Both are written atomically. A broken file is kept aside (``NAME.broken-N``) and a fresh one
started; the problem is reported in ``problems`` for the game to show.

Pure Python: no pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .storage import DataFileError, atomic_write_json, data_dir, keep_aside, read_json

VERSION = 1
BATTLE_VERSION = 1


@dataclass
class Progress:
    key: str
    name: str = ""
    levels: dict = field(default_factory=dict)   # level id -> {"stars", "wins", "tries", "best"}
    last: str = ""                               # the level chosen last, where the map opens

    def stars(self, level_id: str) -> int:
        return self.levels.get(level_id, {}).get("stars", 0)

    @property
    def won(self) -> set[str]:
        return {k for k, v in self.levels.items() if v.get("wins", 0) > 0}

    @property
    def total_stars(self) -> int:
        return sum(v.get("stars", 0) for v in self.levels.values())

    def record(self, level_id: str, stars: int, metrics: dict | None) -> dict:
        """Add one finished battle (``stars`` 0 for a loss or a draw); return the level's entry.
        Stars and the best result only ever improve."""
        entry = self.levels.setdefault(level_id, {"stars": 0, "wins": 0, "tries": 0, "best": {}})
        entry["tries"] += 1
        if stars > 0:
            entry["wins"] += 1
            best = entry["best"]
            for k, v in (metrics or {}).items():
                best[k] = min(best.get(k, v), v)
        entry["stars"] = max(entry["stars"], stars)
        return entry

    def to_dict(self) -> dict:
        return {"version": VERSION, "name": self.name, "levels": self.levels, "last": self.last}


def _entry(value, path, level_id) -> dict:
    where = f"key 'levels.{level_id}"
    if not isinstance(value, dict):
        raise DataFileError(path, f"{where}': expected a table")
    out = {}
    for k in ("stars", "wins", "tries"):
        v = value.get(k, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or (k == "stars" and v > 3):
            raise DataFileError(path, f"{where}.{k}': expected a count"
                                      + (" 0..3" if k == "stars" else ""))
        out[k] = v
    best = value.get("best", {})
    if not isinstance(best, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in best.values()):
        raise DataFileError(path, f"{where}.best': expected a table of counts")
    out["best"] = dict(best)
    return out


class ProgressStore:
    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder else data_dir() / "campaign"
        self.problems: list[str] = []

    def path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def battle_path(self, key: str) -> Path:
        return self.folder / f"{key}.battle.json"

    def keys(self) -> list[str]:
        """The profiles that have set out on the voyage."""
        if not self.folder.is_dir():
            return []
        return sorted(p.name[:-5] for p in self.folder.iterdir()
                      if re.fullmatch(r"[^.]+\.json", p.name))

    def load(self, key: str, name: str = "") -> Progress:
        """The progress of profile ``key``; a new one if there is none; a fresh one (the broken
        file kept aside, the problem in ``problems``) if the file is broken."""
        path = self.path(key)
        if not path.exists():
            return Progress(key, name)
        try:
            data = read_json(path)
            if not isinstance(data, dict):
                raise DataFileError(path, "expected a JSON object")
            if data.get("version") != VERSION:
                raise DataFileError(path, f"key 'version': expected {VERSION}, "
                                          f"got {data.get('version')!r}")
            levels = data.get("levels", {})
            if not isinstance(levels, dict):
                raise DataFileError(path, "key 'levels': expected a table of levels")
            last = data.get("last", "")
            name_in = data.get("name", "")
            if not isinstance(last, str) or not isinstance(name_in, str):
                raise DataFileError(path, "keys 'last', 'name': expected text")
            return Progress(key, name_in or name,
                            {str(k): _entry(v, path, k) for k, v in levels.items()}, last)
        except DataFileError as exc:
            aside = keep_aside(path)
            self.problems.append(f"{exc} (kept as {aside.name}; the voyage starts afresh)")
            return Progress(key, name)

    def save(self, progress: Progress) -> None:
        atomic_write_json(self.path(progress.key), progress.to_dict())

    # -- the battle in progress ------------------------------------------------------------
    def save_battle(self, key: str, level_id: str, seed: int, game: dict) -> None:
        atomic_write_json(self.battle_path(key), {"version": BATTLE_VERSION, "level": level_id,
                                                  "seed": seed, "game": game})

    def load_battle(self, key: str) -> dict | None:
        """The saved battle of profile ``key`` (``level``, ``seed``, ``game``), or None. A broken
        file is kept aside with a problem reported."""
        path = self.battle_path(key)
        if not path.exists():
            return None
        try:
            data = read_json(path)
            if not isinstance(data, dict) or data.get("version") != BATTLE_VERSION:
                raise DataFileError(path, f"key 'version': expected {BATTLE_VERSION}")
            if not isinstance(data.get("level"), str):
                raise DataFileError(path, "key 'level': expected a level id")
            if not isinstance(data.get("seed"), int) or isinstance(data.get("seed"), bool):
                raise DataFileError(path, "key 'seed': expected a number")
            if not isinstance(data.get("game"), dict):
                raise DataFileError(path, "key 'game': expected a saved game")
            return data
        except DataFileError as exc:
            self.drop_broken_battle(key, str(exc))
            return None

    def drop_broken_battle(self, key: str, problem: str) -> None:
        aside = keep_aside(self.battle_path(key))
        where = f" (kept as {aside.name})" if aside else ""
        self.problems.append(f"{problem}{where}; the battle cannot be resumed")

    def clear_battle(self, key: str) -> None:
        try:
            self.battle_path(key).unlink()
        except FileNotFoundError:
            pass
