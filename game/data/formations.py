"""Saved "Кораблики" formations (RULES.md §K): a whole set-up of 52 pieces kept under a name.

One JSON file per formation in ``data_dir()/"formations"``, written atomically::

    {"format": "seabattle-korabliki-formation", "version": 1, "name": "Two walls",
     "rows": ["LIN KR . TK …", …]}

``rows`` are the five rows of the own zone as its owner sees them: the front row (nearest the
enemy) first, each row left to right as the owner sees it, 16 space-separated ranks or ``.``.
Stored that way a formation belongs to no player: one saved by player 0 loads for player 1 turned
half round into his zone (the same picture from his side of the board).

A broken file (not JSON, another format, a newer version, a wrong shape, a fleet the rules do not
allow) raises ``DataFileError`` naming the file and the problem; ``list_formations`` reports such
files and skips them, so the screen never crashes on them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..i18n import Translator, describe
from ..rules import korabliki as kor
from ..rules.errors import PlacementError
from .storage import DataFileError, atomic_write_json, data_dir, read_json

FORMAT = "seabattle-korabliki-formation"
VERSION = 1
EMPTY = "."
NAME_MAX = 40


@dataclass(frozen=True)
class Formation:
    name: str
    path: Path
    rows: tuple[str, ...]

    def setup(self, player: int) -> dict:
        """The formation as ``{cell: rank}`` in ``player``'s zone."""
        return from_rows(self.rows, player)


def formations_dir() -> Path:
    return data_dir() / "formations"


def _board_cell(player: int, col: int, depth: int) -> tuple[int, int]:
    """The board cell at ``col`` (left to right as ``player`` sees it) and ``depth`` rows back
    from his front row. Player 1 sees the board turned half round."""
    y = kor.front_rows(player)[depth]
    x = col if player == 0 else kor.WIDTH - 1 - col
    return (x, y)


def to_rows(setup: dict, player: int) -> list[str]:
    """``setup`` (``{cell: rank}`` in ``player``'s zone) as five rows, the front row first."""
    rows = []
    for depth in range(kor.ZONE_ROWS):
        rows.append(" ".join(setup.get(_board_cell(player, col, depth), EMPTY)
                             for col in range(kor.WIDTH)))
    return rows


def from_rows(rows, player: int) -> dict:
    """The set-up that ``rows`` describe, in ``player``'s zone; ValueError if their shape is
    wrong (not 5 rows of 16 entries)."""
    if not isinstance(rows, (list, tuple)) or len(rows) != kor.ZONE_ROWS:
        raise ValueError(f"“rows” must be a list of {kor.ZONE_ROWS} rows")
    setup = {}
    for depth, row in enumerate(rows):
        if not isinstance(row, str):
            raise ValueError(f"row {depth + 1} is not text")
        tokens = row.split()
        if len(tokens) != kor.WIDTH:
            raise ValueError(f"row {depth + 1} has {len(tokens)} entries, not {kor.WIDTH}")
        for col, token in enumerate(tokens):
            if token != EMPTY:
                setup[_board_cell(player, col, depth)] = token
    return setup


def slug(name: str) -> str:
    """A file name for ``name``: letters and digits kept (any alphabet), the rest ``_``."""
    base = re.sub(r"[^\w]+", "_", name.strip().lower(), flags=re.UNICODE).strip("_")
    return (base or "formation")[:NAME_MAX]


def clean_name(name: str) -> str:
    return " ".join(str(name).split())[:NAME_MAX]


def save_formation(name: str, setup: dict, player: int, folder=None) -> Path:
    """Save a whole, legal set-up of ``player`` under ``name`` (a file of the same name is
    replaced). Raises PlacementError if the set-up is not legal, ValueError for an empty name,
    OSError if the file cannot be written."""
    name = clean_name(name)
    if not name:
        raise ValueError("a formation needs a name")
    kor.validate_setup(player, setup)
    folder = Path(folder) if folder is not None else formations_dir()
    path = folder / f"{slug(name)}.json"
    atomic_write_json(path, {"format": FORMAT, "version": VERSION, "name": name,
                             "rows": to_rows(setup, player)})
    return path


def load_formation(path, tr: Translator | None = None) -> Formation:
    """Read one formation file; DataFileError naming the file and the problem if it is broken
    (``tr`` words a rules problem, English by default)."""
    path = Path(path)
    data = read_json(path)
    if not isinstance(data, dict):
        raise DataFileError(path, "expected a JSON object")
    if data.get("format") != FORMAT:
        raise DataFileError(path, f"not a formation (“format” should be “{FORMAT}”)")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise DataFileError(path, "“version” is missing or not a whole number")
    if version > VERSION:
        raise DataFileError(path, f"made by a newer version of the game (format version "
                                  f"{version}, this game reads up to {VERSION})")
    if version < 1:
        raise DataFileError(path, f"unknown format version {version}")
    name = data.get("name")
    if not isinstance(name, str) or not clean_name(name):
        raise DataFileError(path, "“name” is missing or empty")
    try:
        setup = from_rows(data.get("rows"), 0)
        kor.validate_setup(0, setup)
    except ValueError as exc:
        raise DataFileError(path, str(exc)) from None
    except PlacementError as exc:
        words = describe(exc, tr or Translator("en"))
        raise DataFileError(path, f"not a legal fleet: {words}") from None
    return Formation(clean_name(name), path, tuple(data["rows"]))


def list_formations(folder=None, tr: Translator | None = None):
    """``(formations sorted by name, problems)``: every readable formation in the folder, and a
    DataFileError for each broken file (skipped)."""
    folder = Path(folder) if folder is not None else formations_dir()
    found, problems = [], []
    if not folder.is_dir():
        return found, problems
    for path in sorted(folder.glob("*.json")):
        try:
            found.append(load_formation(path, tr))
        except DataFileError as exc:
            problems.append(exc)
    found.sort(key=lambda f: f.name.casefold())
    return found, problems


def saved_slugs(folder=None) -> frozenset[str]:
    """The file names (``slug``) of the formations saved in the folder: a name whose slug is
    among them replaces that file."""
    folder = Path(folder) if folder is not None else formations_dir()
    return frozenset(p.stem for p in folder.glob("*.json"))


def free_name(base: str, folder=None) -> str:
    """``base 1``, ``base 2``, … the first whose file does not exist yet."""
    folder = Path(folder) if folder is not None else formations_dir()
    n = 1
    while (folder / f"{slug(f'{base} {n}')}.json").exists():
        n += 1
    return f"{base} {n}"
