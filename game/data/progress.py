"""Campaign progress, one file per player profile, and the battle he left in the middle.

``campaign/KEY.json`` in the data folder (``KEY`` is the profile's key, as in ``profiles/``)::

    {"version": 2, "name": "Olga", "last": "mines", "difficulty": "normal",
     "levels": {"first-lesson": {"stars": 2, "wins": 1, "tries": 3,
                                 "best": {"shots": 58, "ships_lost": 2},
                                 "difficulty": "normal"}},        # what the stars were won at
     "medals": {"untouched": {"level": "first-lesson", "difficulty": "normal"}},
     "hints": ["first_hit"],                  # the teaching hints this captain has seen
     "voyages": ["europe"],                   # the voyages he has finished
     "paint": "grey", "flag": "ensign"}       # his fleet's paint scheme and flag

Version 1 (before issue 22) had only ``name``, ``last`` and ``levels`` (no ``difficulty`` in an
entry): it is upgraded on load (``upgrade``), nothing lost: its stars count as won on "normal",
and the file is rewritten as version 2, its old text copied aside (``NAME.v1-N``).

``campaign/KEY.battle.json`` holds a battle in progress, rewritten as it goes on, so closing the
window loses nothing: ``{"version": 1, "level": ID, "seed": N, "difficulty": "normal",
"game": {…the game's to_dict…}}`` (``difficulty``: what the battle began at, so a change on the
chart never changes a battle under way; a file without it began on "normal").
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

VERSION = 2
BATTLE_VERSION = 1
MAX_STARS = 3
DIFFICULTIES = ("easy", "normal", "hard")
HARDER = {d: i for i, d in enumerate(DIFFICULTIES)}
DEFAULT_PAINT, DEFAULT_FLAG = "grey", "ensign"
KEY_WORD = re.compile(r"[a-z0-9_-]{1,40}")     # a medal, hint, voyage, paint or flag key


@dataclass
class Progress:
    key: str
    name: str = ""
    levels: dict = field(default_factory=dict)   # level id -> {"stars", "wins", "tries", "best",
                                                 #               "difficulty"}
    last: str = ""                               # the level chosen last, where the map opens
    difficulty: str = "normal"                   # easy | normal | hard (game.campaign)
    medals: dict = field(default_factory=dict)   # medal key -> {"level", "difficulty"}
    hints: list = field(default_factory=list)    # hints seen
    voyages: list = field(default_factory=list)  # voyages finished
    paint: str = DEFAULT_PAINT
    flag: str = DEFAULT_FLAG

    def stars(self, level_id: str) -> int:
        return self.levels.get(level_id, {}).get("stars", 0)

    @property
    def won(self) -> set[str]:
        return {k for k, v in self.levels.items() if v.get("wins", 0) > 0}

    @property
    def total_stars(self) -> int:
        return sum(v.get("stars", 0) for v in self.levels.values())

    @property
    def rank(self):
        from ..rewards import rank_of
        return rank_of(self.total_stars)

    def record(self, level_id: str, stars: int, metrics: dict | None,
               difficulty: str = "normal") -> dict:
        """Add one finished battle (``stars`` 0 for a loss or a draw) played at ``difficulty``;
        return the level's entry. Stars and the best result only ever improve; the entry's
        ``difficulty`` is the one its stars were won at (the harder on equal stars)."""
        entry = self.levels.setdefault(level_id, {"stars": 0, "wins": 0, "tries": 0, "best": {},
                                                  "difficulty": ""})
        entry["tries"] += 1
        if stars > 0:
            entry["wins"] += 1
            best = entry["best"]
            for k, v in (metrics or {}).items():
                best[k] = min(best.get(k, v), v)
            was = entry.get("difficulty", "")
            if stars > entry["stars"] or (stars == entry["stars"]
                                          and HARDER[difficulty] > HARDER.get(was, -1)):
                entry["difficulty"] = difficulty
        entry["stars"] = max(entry["stars"], stars)
        return entry

    def seen_hint(self, key: str) -> bool:
        return key in self.hints

    def mark_hint(self, key: str) -> None:
        if key not in self.hints:
            self.hints.append(key)

    def award(self, medal: str, level_id: str = "", difficulty: str = "normal") -> bool:
        """Give ``medal`` (once); True if it is new."""
        if medal in self.medals:
            return False
        self.medals[medal] = {"level": level_id, "difficulty": difficulty}
        return True

    def to_dict(self) -> dict:
        return {"version": VERSION, "name": self.name, "levels": self.levels, "last": self.last,
                "difficulty": self.difficulty, "medals": self.medals, "hints": self.hints,
                "voyages": self.voyages, "paint": self.paint, "flag": self.flag}


def upgrade(data: dict) -> dict:
    """A version-1 progress table as version 2, nothing lost: every entry's stars count as won
    on "normal" (the only difficulty there was); no medal, hint or finished voyage is invented
    (``game.campaign`` gives the voyage medals a won last port has earned when it loads)."""
    out = dict(data)
    levels = data.get("levels")
    if isinstance(levels, dict):
        out["levels"] = {k: ({**v, "difficulty": "normal" if v.get("stars", 0) else ""}
                             if isinstance(v, dict) else v) for k, v in levels.items()}
    out["version"] = VERSION
    return out


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
    won_at = value.get("difficulty", "")
    if won_at != "" and won_at not in DIFFICULTIES:
        problems.append(f"{where}.difficulty': expected " + "|".join(DIFFICULTIES)
                        + f" or \"\", got {_short(won_at)}")
        won_at = "normal" if out["stars"] else ""
    out["difficulty"] = won_at
    for k in value:
        if k not in ("stars", "wins", "tries", "best", "difficulty"):
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
    not valid; raises DataFileError when nothing of it can be trusted (not a table, an unknown
    format version). A version-1 table is upgraded first (``upgrade``)."""
    if not isinstance(data, dict):
        raise DataFileError(path, "expected a JSON object")
    if data.get("version") == 1:
        data = upgrade(data)
    if data.get("version") != VERSION:
        raise DataFileError(path, f"key 'version': expected {VERSION} (or 1, upgraded), got "
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
    progress = Progress(key, texts["name"] or name, entries, texts["last"])
    difficulty = data.get("difficulty", "normal")
    if difficulty in DIFFICULTIES:
        progress.difficulty = difficulty
    else:
        problems.append("key 'difficulty': expected " + "|".join(DIFFICULTIES)
                        + f", got {_short(difficulty)}")
    progress.medals = _medals(data.get("medals", {}), problems)
    for k in ("hints", "voyages"):
        setattr(progress, k, _keys(data.get(k, []), k, problems))
    for k, default in (("paint", DEFAULT_PAINT), ("flag", DEFAULT_FLAG)):
        v = data.get(k, default)
        if isinstance(v, str) and KEY_WORD.fullmatch(v):
            setattr(progress, k, v)
        else:
            problems.append(f"key '{k}': expected a {k}'s name, got {_short(v)}")
    for k in data:
        if k not in ("version", "name", "last", "levels", "difficulty", "medals", "hints",
                     "voyages", "paint", "flag"):
            problems.append(f"key '{k}': not a key of a progress file (dropped)")
    return progress, problems


def _keys(value, what: str, problems: list[str]) -> list[str]:
    if not isinstance(value, list):
        problems.append(f"key '{what}': expected a list of names, got {_short(value)}")
        return []
    out = []
    for v in value:
        if isinstance(v, str) and KEY_WORD.fullmatch(v):
            if v not in out:
                out.append(v)
        else:
            problems.append(f"key '{what}': expected names, got {_short(v)}")
    return out


def _medals(value, problems: list[str]) -> dict:
    if not isinstance(value, dict):
        problems.append(f"key 'medals': expected a table of medals, got {_short(value)}")
        return {}
    out = {}
    for medal, how in value.items():
        if not KEY_WORD.fullmatch(medal) or not isinstance(how, dict):
            problems.append(f"key 'medals.{medal}': expected a table (level, difficulty), "
                            f"got {_short(how)}")
            continue
        level = how.get("level", "")
        difficulty = how.get("difficulty", "normal")
        if not isinstance(level, str) or difficulty not in DIFFICULTIES:
            problems.append(f"key 'medals.{medal}': expected a level id and a difficulty, "
                            f"got {_short(how)}")
            level, difficulty = "", "normal"
        out[medal] = {"level": level, "difficulty": difficulty}
    return out


class ProgressStore:
    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder else data_dir() / "campaign"
        self.problems: list[FileProblem] = []
        self.upgraded: list[tuple[Path, Path | None]] = []   # version-1 files rewritten as 2
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
            data = read_json(path)
            progress, problems = parse_progress(data, path, key, name)
        except DataFileError as exc:
            if not repair:
                self.problems.append(FileProblem(path, exc.problem, "left"))
                return Progress(key, name)
            self.problems.append(FileProblem(path, exc.problem, "afresh", keep_aside(path)))
            return Progress(key, name)
        if not problems and isinstance(data, dict) and data.get("version") == 1 and repair:
            aside = copy_aside(path, "v1")
            try:
                self.save(progress)
            except OSError:
                pass        # still version 1 on disc: it is upgraded again next time
            self.upgraded.append((path, aside))
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
    def save_battle(self, key: str, level_id: str, seed: int, game: dict,
                    difficulty: str = "normal") -> None:
        self.battle_changes += 1
        atomic_write_json(self.battle_path(key), {"version": BATTLE_VERSION, "level": level_id,
                                                  "seed": seed, "difficulty": difficulty,
                                                  "game": game})

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
            if data.setdefault("difficulty", "normal") not in DIFFICULTIES:
                raise DataFileError(path, "key 'difficulty': expected "
                                    + "|".join(DIFFICULTIES))
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
