"""Placement files: one fleet per line, the board's cells row by row from the top-left corner
(A1, B1, … J1, A2, …): ``.`` for water, any other character for a ship cell. Cells with the same
character joined by sides are one ship. Used by ``python -m game.bench ai --placements FILE``.
"""

from __future__ import annotations

from pathlib import Path

from ..i18n import Translator, describe
from ..rules.classic import ClassicConfig, validate_fleet
from ..rules.errors import RuleError
from ..rules.fleet import SIDES, Ship
from .storage import DataFileError


def parse_placement(line: str, config: ClassicConfig) -> list[Ship]:
    """The ships of one line; RuleError (or ValueError for a wrong length) if it is not legal."""
    w, h = config.width, config.height
    cells = line.strip()
    if len(cells) != w * h:
        raise ValueError(f"expected {w * h} cells ({w}x{h}), got {len(cells)}")
    grid = {(i % w, i // w): ch for i, ch in enumerate(cells) if ch != "."}
    ships = []
    seen = set()
    for start in sorted(grid, key=lambda c: (c[1], c[0])):
        if start in seen:
            continue
        ch = grid[start]
        todo, ship = [start], []
        seen.add(start)
        while todo:
            c = todo.pop()
            ship.append(c)
            for dx, dy in SIDES:
                n = (c[0] + dx, c[1] + dy)
                if n not in seen and grid.get(n) == ch:
                    seen.add(n)
                    todo.append(n)
        ships.append(tuple(sorted(ship)))
    validate_fleet(config, ships)
    return ships


def format_placement(ships, config: ClassicConfig, symbols: str = "abcdefghijklmnopqrstuvwxyz0123456789") -> str:
    """One line for ``ships``; neighbouring ships get different characters."""
    w, h = config.width, config.height
    grid = ["."] * (w * h)
    for i, ship in enumerate(ships):
        for x, y in ship:
            grid[y * w + x] = symbols[i % len(symbols)]
    return "".join(grid)


def load_placements(path, config: ClassicConfig) -> list[list[Ship]]:
    """Every placement of a file; DataFileError naming the line and the rule broken."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(path, f"cannot be read ({exc})") from None
    out = []
    tr = Translator("en")
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            out.append(parse_placement(line, config))
        except RuleError as exc:
            raise DataFileError(path, f"not a legal placement: {describe(exc, tr)}", n) from None
        except ValueError as exc:
            raise DataFileError(path, f"not a placement: {exc}", n) from None
    if not out:
        raise DataFileError(path, "no placements in the file")
    return out
