"""Campaign progress, one file per player profile, and the battle he left in the middle.

``campaign/KEY.json`` in the data folder (``KEY`` is the profile's key, as in ``profiles/``)::

    {"version": 1, "name": "Olga", "last": "mines",
     "levels": {"first-lesson": {"stars": 2, "wins": 1, "tries": 3,
                                 "best": {"shots": 58, "ships_lost": 2}}}}

``campaign/KEY.battle.json`` holds a battle in progress, rewritten as it goes on, so closing the
window loses nothing: ``{"version": 1, "level": ID, "seed": N, "game": {…the game's to_dict…}}``.
Both are written atomically. A damaged progress file keeps every valid value (one bad value
never throws the voyage away): the file is rewritten with them and its old text copied aside
(``NAME.broken-N``); a file that cannot be read at all is set aside and a fresh one started. A
battle that cannot be resumed is set aside. Each problem is reported in ``problems`` (a
``FileProblem``) for the screen that found it to show.

Pure Python: no pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .storage import (DataFileError, atomic_write_json, copy_aside, data_dir, keep_aside,
                      read_json)

VERSION = 1
BATTLE_VERSION = 1
MAX_STARS = 3


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


def _count(value, most: int | None = None) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and value >= 0
            and (most is None or value <= most))


def _entry(value, level_id: str, problems: list[str]) -> dict | None:
    """One level's entry, every valid value kept; what is not valid is named in ``problems``
    and left at its default (a win still counts one star: RULES of the campaign, one star for
    a win)."""
    where = f"key 'levels.{level_id}"
    if not isinstance(value, dict):
        problems.append(f"{where}': expected a table, got {_short(value)}")
        return None
    out = {}
    for k in ("wins", "tries", "stars"):
        v = value.get(k, 0)
        if _count(v, MAX_STARS if k == "stars" else None):
            out[k] = v
        else:
            problems.append(f"{where}.{k}': expected a count"
                            + (f" 0..{MAX_STARS}" if k == "stars" else "") + f", got {_short(v)}")
            out[k] = min(1, out["wins"]) if k == "stars" else 0
    best = value.get("best", {})
    if not isinstance(best, dict):
        problems.append(f"{where}.best': expected a table of counts, got {_short(best)}")
        best = {}
    out["best"] = {}
    for k, v in best.items():
        if _count(v):
            out["best"][k] = v
        else:
            problems.append(f"{where}.best.{k}': expected a count, got {_short(v)}")
    for k in value:
        if k not in ("stars", "wins", "tries", "best"):
            problems.append(f"{where}.{k}': not a key of a level's entry (dropped)")
    return out


def _short(value, limit: int = 40) -> str:
    words = repr(value)
    return words if len(words) <= limit else words[:limit - 1] + "…"


@dataclass(frozen=True)
class FileProblem:
    """A damaged progress or battle file, found and dealt with: ``outcome`` says how.

    ``afresh``: unreadable as a whole; set aside (``aside``), the voyage starts afresh.
    ``salvaged``: some values were wrong; they are named in ``problem``, the rest is kept and
    the file rewritten (the old one copied to ``aside``).
    ``left``: only looked at (the Captains list), left as it is for its captain to take up.
    ``battle``: a battle that cannot be resumed, set aside."""

    path: Path
    problem: str
    outcome: str
    aside: Path | None = None

    def __str__(self) -> str:
        kept = f" (kept as {self.aside.name})" if self.aside else ""
        return {"afresh": f"{self.path}: {self.problem}{kept}; the voyage starts afresh",
                "salvaged": f"{self.path}: {self.problem}; the rest of the voyage is kept{kept}",
                "left": f"{self.path}: {self.problem}; the file is left as it is",
                "battle": f"{self.path}: {self.problem}{kept}; the battle cannot be resumed",
                }[self.outcome]


def parse_progress(data, path, key: str, name: str = "") -> tuple[Progress, list[str]]:
    """A progress from the table read from ``path``, keeping every valid value, and what was
    not valid; raises DataFileError when nothing of it can be trusted (not a table, another
    format version)."""
    if not isinstance(data, dict):
        raise DataFileError(path, "expected a JSON object")
    if data.get("version") != VERSION:
        raise DataFileError(path, f"key 'version': expected {VERSION}, got "
                                  f"{_short(data.get('version'))}")
    problems: list[str] = []
    texts = {}
    for k in ("name", "last"):
        v = data.get(k, "")
        if not isinstance(v, str):
            problems.append(f"key '{k}': expected text, got {_short(v)}")
            v = ""
        texts[k] = v
    levels = data.get("levels", {})
    if not isinstance(levels, dict):
        problems.append(f"key 'levels': expected a table of levels, got {_short(levels)}")
        levels = {}
    entries = {}
    for level_id, value in levels.items():
        entry = _entry(value, level_id, problems)
        if entry is not None:
            entries[level_id] = entry
    for k in data:
        if k not in ("version", "name", "last", "levels"):
            problems.append(f"key '{k}': not a key of a progress file (dropped)")
    return Progress(key, texts["name"] or name, entries, texts["last"]), problems


class ProgressStore:
    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder else data_dir() / "campaign"
        self.problems: list[FileProblem] = []
        self.battle_changes = 0     # counts every change to saved battles, for screens to follow

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

    def load(self, key: str, name: str = "", repair: bool = True) -> Progress:
        """The progress of profile ``key``; a new one if there is none. A damaged file is
        reported in ``problems`` (a ``FileProblem``): with ``repair`` (the captain at the helm)
        what is valid is kept and the file rewritten, its old text copied aside, or, when
        nothing of it can be read, it is set aside and the voyage starts afresh; without
        ``repair`` (a look at another captain's voyage) the file is left untouched."""
        path = self.path(key)
        if not path.exists():
            return Progress(key, name)
        try:
            progress, problems = parse_progress(read_json(path), path, key, name)
        except DataFileError as exc:
            if not repair:
                self.problems.append(FileProblem(path, exc.problem, "left"))
                return Progress(key, name)
            self.problems.append(FileProblem(path, exc.problem, "afresh", keep_aside(path)))
            return Progress(key, name)
        if problems:
            words = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more"
                                               if len(problems) > 3 else "")
            if not repair:
                self.problems.append(FileProblem(path, words, "left"))
                return progress
            aside = copy_aside(path)
            try:
                self.save(progress)
            except OSError:
                pass        # the damaged file stays; it will be reported again next time
            self.problems.append(FileProblem(path, words, "salvaged", aside))
        return progress

    def save(self, progress: Progress) -> None:
        atomic_write_json(self.path(progress.key), progress.to_dict())

    # -- the battle in progress ------------------------------------------------------------
    def save_battle(self, key: str, level_id: str, seed: int, game: dict) -> None:
        self.battle_changes += 1
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
            self.drop_broken_battle(key, exc.problem)
            return None

    def drop_broken_battle(self, key: str, problem: str) -> None:
        """Set aside a saved battle that cannot be resumed, so nothing offers it again."""
        path = self.battle_path(key)
        aside = keep_aside(path)
        if aside is None:   # it cannot be moved: delete it rather than offer it again
            self.clear_battle(key)
        self.problems.append(FileProblem(path, problem, "battle", aside))
        self.battle_changes += 1

    def clear_battle(self, key: str) -> None:
        self.battle_changes += 1
        try:
            self.battle_path(key).unlink()
        except OSError:     # none there, or a read-only folder: nothing more to do
            pass
