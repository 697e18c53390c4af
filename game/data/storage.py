"""Where the game keeps its files, and how it writes them without ever losing one.

Files live in ``$SEABATTLE_HOME`` if set (tests and portable installs), else in the platform's
per-user data folder: ``%APPDATA%\\SeaBattle`` on Windows, ``~/Library/Application Support/
SeaBattle`` on macOS, ``$XDG_DATA_HOME/seabattle`` (default ``~/.local/share/seabattle``)
elsewhere. A variable set to nothing counts as unset, and so does a relative folder in
``APPDATA``, ``XDG_DATA_HOME`` or ``HOME`` (the XDG rule): saves never land in whatever folder
the game happened to be started from.
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


def env_folder(name: str) -> Path | None:
    """The absolute folder an environment variable names; None when it is unset, empty or
    relative."""
    value = os.environ.get(name, "")
    return Path(value) if value and os.path.isabs(value) else None


def home() -> Path:
    """The user's home folder, from ``HOME`` (``USERPROFILE`` on Windows) when it is usable,
    else from the system's user database."""
    found = env_folder("USERPROFILE" if sys.platform.startswith("win") else "HOME")
    if found is not None:
        return found
    try:
        import pwd
        return Path(pwd.getpwuid(os.getuid()).pw_dir)
    except (ImportError, KeyError, OSError):
        pass
    try:
        return Path.home()
    except RuntimeError:     # no home anywhere: the temporary folder rather than the working one
        return Path(tempfile.gettempdir())


def data_dir() -> Path:
    env = os.environ.get("SEABATTLE_HOME", "")
    if env:
        return Path(env)
    if sys.platform.startswith("win"):
        return (env_folder("APPDATA") or home() / "AppData" / "Roaming") / "SeaBattle"
    if sys.platform == "darwin":
        return home() / "Library" / "Application Support" / "SeaBattle"
    return (env_folder("XDG_DATA_HOME") or home() / ".local" / "share") / "seabattle"


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


def _aside_name(path: Path, why: str = "broken") -> Path:
    n = 1
    while path.with_name(f"{path.name}.{why}-{n}").exists():
        n += 1
    return path.with_name(f"{path.name}.{why}-{n}")


def keep_aside(path) -> Path | None:
    """Rename a broken file to ``NAME.broken-N`` so nothing is lost; return the new path, or
    None when there is no file or it cannot be moved (a read-only folder: the game goes on)."""
    path = Path(path)
    if not path.exists():
        return None
    aside = _aside_name(path)
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside


def copy_aside(path, why: str = "broken") -> Path | None:
    """Copy a damaged (or old-format, ``why`` = "v1") file to ``NAME.broken-N`` before the game
    rewrites what it could save of it; return the copy's path, or None when it cannot be
    written."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        aside = _aside_name(path, why)
        with open(aside, "xb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
    except OSError:
        return None
    return aside
