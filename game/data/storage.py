"""Where the game keeps its files, and how it writes them without ever losing one.

Files live in ``$SEABATTLE_HOME`` if set (tests and portable installs), else in the platform's
per-user data folder: ``%APPDATA%\\SeaBattle`` on Windows, ``~/Library/Application Support/
SeaBattle`` on macOS, ``$XDG_DATA_HOME/seabattle`` (default ``~/.local/share/seabattle``)
elsewhere.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path


class DataFileError(Exception):
    """A file the game reads is broken; the message names the file and the problem."""

    def __init__(self, path, problem: str, line: int | None = None):
        self.path = Path(path)
        self.problem = problem
        self.line = line
        where = f"{self.path}:{line}" if line else str(self.path)
        super().__init__(f"{where}: {problem}")


def data_dir() -> Path:
    env = os.environ.get("SEABATTLE_HOME")
    if env:
        base = Path(env)
    elif sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA", Path.home())) / "SeaBattle"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / "SeaBattle"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "seabattle"
    return base


def ensure_dir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write_text(path, text: str) -> None:
    """Write to a temporary file in the same folder, flush, fsync, then replace the target, so a
    crash leaves either the old file or the new one, never half of one."""
    path = Path(path)
    ensure_dir(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable where the platform allows it
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def atomic_write_json(path, data) -> None:
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n")


def read_json(path):
    """Read a JSON file; raise DataFileError naming the file and what is wrong with it."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(path, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise DataFileError(path, f"cannot be read ({exc.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(path, f"not valid JSON: {exc.msg} at line {exc.lineno}, "
                                  f"column {exc.colno}", exc.lineno) from None


def keep_aside(path) -> Path | None:
    """Rename a broken file to ``NAME.broken-N`` so nothing is lost; return the new path."""
    path = Path(path)
    if not path.exists():
        return None
    n = 1
    while True:
        aside = path.with_name(f"{path.name}.broken-{n}")
        if not aside.exists():
            os.replace(path, aside)
            return aside
        n += 1
