"""The game in a Linux desktop's menu (issue 38): ``seabattle --install-desktop`` writes the
shipped entry (``assets/icon/seabattle.desktop``) into ``$XDG_DATA_HOME/applications`` and the
icon, each size of it, into the ``hicolor`` theme under ``$XDG_DATA_HOME/icons`` (by default
under ``~/.local/share``), for this user alone; ``--uninstall-desktop`` takes them away again.

The entry's ``Exec`` is the command that started the game (the ``seabattle`` command of a
pipx or pip install, the program of a download, or ``main.py`` of a clone) by its full path,
so the menu starts the same game wherever it lies and whatever the desktop's PATH is.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from . import resources
from .data.storage import env_folder, home

NAME = "seabattle"            # the entry's and the icon's name (Icon=seabattle)
ENTRY = "icon/seabattle.desktop"
ICON_PNG = re.compile(r"seabattle-(\d+)\.png")


def data_home() -> Path:
    return env_folder("XDG_DATA_HOME") or home() / ".local" / "share"


def command() -> list[str]:
    """The command line that starts this game again."""
    if getattr(sys, "frozen", False):                 # a download (tools/build_app.py)
        return [sys.executable]
    if resources.ASSETS.parent == Path(__file__).resolve().parent:     # installed
        found = shutil.which(NAME)
        return [found] if found else [sys.executable, "-m", "game"]
    return [sys.executable, str(resources.CLONE / "main.py")]


def exec_line(argv: list[str]) -> str:
    """``Exec=`` of the Desktop Entry spec: an argument with a reserved character (a space,
    a quote ...) in double quotes, with ``"``, ``` ` ```, ``$`` and ``\\`` escaped by a backslash;
    ``%`` doubled; then every backslash doubled, as in any string value of the file."""
    def one(arg: str) -> str:
        arg = arg.replace("%", "%%")
        if re.search(r"[\s\"'`$\\<>~|&;*?#()]", arg):
            return '"' + re.sub(r'(["`$\\])', r"\\\1", arg) + '"'
        return arg
    return "Exec=" + " ".join(one(a) for a in argv).replace("\\", "\\\\")


def files(target: Path) -> dict[Path, Path | str]:
    """Where each file goes under ``target`` (a data home), and what it is: a shipped file's
    path, or the entry's text."""
    source = resources.ASSETS / "icon"
    out: dict[Path, Path | str] = {}
    for png in sorted(source.glob("seabattle-*.png")):
        px = ICON_PNG.fullmatch(png.name)
        if px:
            size = f"{px[1]}x{px[1]}"
            out[target / "icons" / "hicolor" / size / "apps" / f"{NAME}.png"] = png
    out[target / "icons" / "hicolor" / "scalable" / "apps" / f"{NAME}.svg"] = \
        source / f"{NAME}.svg"
    entry = (resources.ASSETS / ENTRY).read_text(encoding="utf-8")
    out[target / "applications" / f"{NAME}.desktop"] = re.sub(
        r"^Exec=.*$", lambda _: exec_line(command()), entry, count=1, flags=re.M)
    return out


def install(target: Path | None = None) -> list[Path]:
    """Write the entry and the icons under ``target`` (the data home); the files written."""
    written = []
    for path, what in files(target or data_home()).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(what, Path):
            shutil.copyfile(what, path)
        else:
            path.write_text(what, encoding="utf-8")
        written.append(path)
    return written


def uninstall(target: Path | None = None) -> list[Path]:
    """Take away what ``install`` wrote; the files removed."""
    gone = [path for path in files(target or data_home()) if path.is_file()]
    for path in gone:
        path.unlink()
    return gone
