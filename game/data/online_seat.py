"""The seat of the online game in progress (issue 23), kept in a small file so that a game window
closed mid-game can take its seat up again ("Return to room" in "Play online"): where the room
is, the seat and its secret, the mode, and whether this game hosts it (with the server's port
and data folder when the server is the game's own). Written atomically; read back checked: a
broken file is named in ``problems`` (and kept aside), never a crash.
"""

from __future__ import annotations

from pathlib import Path

from ..net.protocol import is_code
from .storage import DataFileError, atomic_write_json, keep_aside, read_json

NAME = "online-seat.json"
VERSION = 1
FIELDS = ("address", "room", "seat", "secret", "mode", "hosting", "server_port", "server_data")


def _problem(data) -> str | None:
    """What is wrong with ``data`` as a kept seat (None: nothing)."""
    if not isinstance(data, dict):
        return "expected a JSON object"
    if data.get("version") != VERSION:
        return f"key 'version': expected {VERSION}, got {data.get('version')!r}"
    extra = set(data) - set(FIELDS) - {"version"}
    if extra:
        return f"unknown key '{sorted(extra)[0]}'"
    checks = {
        "address": lambda v: isinstance(v, str) and 0 < len(v) <= 200 and v.isprintable(),
        "room": is_code,
        "seat": lambda v: v in (0, 1) and not isinstance(v, bool),
        "secret": lambda v: isinstance(v, str) and 16 <= len(v) <= 200 and v.isprintable(),
        "mode": lambda v: isinstance(v, str) and 0 < len(v) <= 32 and v.isidentifier(),
        "hosting": lambda v: isinstance(v, bool),
        "server_port": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)
                                              and 0 < v < 65536),
        "server_data": lambda v: v is None or (isinstance(v, str) and 0 < len(v) <= 4096),
    }
    for key, ok in checks.items():
        if key not in data:
            return f"key '{key}' is missing"
        if not ok(data[key]):
            return f"key '{key}': {data[key]!r} is not a valid value"
    return None


class SeatStore:
    """``load`` the kept seat (a dict of ``FIELDS``, or None), ``save`` one, ``clear`` it."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.problems: list[str] = []

    def load(self) -> dict | None:
        if not self.path.exists():
            return None
        try:
            data = read_json(self.path)
        except DataFileError as exc:
            self._broken(str(exc))
            return None
        problem = _problem(data)
        if problem is not None:
            self._broken(f"{self.path}: {problem}")
            return None
        return {key: data[key] for key in FIELDS}

    def _broken(self, problem: str) -> None:
        aside = keep_aside(self.path)
        kept = f"kept as {aside.name}; " if aside else ""
        self.problems.append(f"{problem} ({kept}no room to return to)")

    def save(self, seat: dict) -> None:
        data = {key: seat.get(key) for key in FIELDS}
        data["version"] = VERSION
        problem = _problem(data)
        if problem is not None:
            raise ValueError(problem)
        atomic_write_json(self.path, data)

    def clear(self, secret: str | None = None) -> None:
        """Forget the kept seat (only if it is the seat of ``secret``, when given)."""
        if secret is not None:
            try:
                kept = read_json(self.path)
            except DataFileError:
                return
            if not isinstance(kept, dict) or kept.get("secret") != secret:
                return
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
