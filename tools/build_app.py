"""Build Sea Battle as a program to download: one folder with the game, Python and every library
in it, made by PyInstaller for the machine this runs on (issue 38).

    python3 tools/build_app.py            # -> build/app/dist/SeaBattle/ (prints folder and size)
    python3 tools/build_app.py --smoke    # ... and starts it headless to its first frame

Run it with any Python 3.11 or newer from a clone. It makes its own build environment
(``build/app/venv``: PyInstaller and the game's requirements; nothing is installed into the
project's ``.venv``), then freezes ``main.py`` with the shipped files at the places
``game/resources.py`` looks for them inside the package: ``assets/`` as ``game/_assets``,
``levels/`` as ``game/_levels``, the translations in ``game/i18n``.

The same script works on Linux, Windows and macOS (each builds for itself: PyInstaller does not
cross-compile). On Linux the program is ``SeaBattle/SeaBattle``; its window takes the icon from
the shipped PNGs, and ``SeaBattle/SeaBattle --install-desktop`` puts it in the desktop's menu.
On Windows it is ``SeaBattle\\SeaBattle.exe`` with the icon as a ``.ico`` (written here from the
PNGs: ``tools/make_icon.py``), no console window; on macOS an application bundle,
``SeaBattle.app``, with the icon as a ``.icns``. Zip the folder (or the bundle) to hand it out.
There a program without a console prints nothing, so ``--smoke`` wants ``--console`` too.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

NAME = "SeaBattle"
PYINSTALLER = "pyinstaller>=6.10"
WINDOWS = sys.platform.startswith("win")
MACOS = sys.platform == "darwin"


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if WINDOWS else "bin/python")


def build_env(venv: Path) -> Path:
    """The build environment's Python, with PyInstaller and the game's requirements (made the
    first time; pip brings them up to date each time, which is quick once they are there)."""
    if not venv_python(venv).is_file():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv_python(venv)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", PYINSTALLER, "-r",
                    str(ROOT / "requirements.txt")], check=True)
    return python


def icon_file(work: Path) -> Path | None:
    """The program's icon in the form this system's PyInstaller embeds (None on Linux, where a
    program file carries no icon: the window and the desktop entry have theirs)."""
    if not (WINDOWS or MACOS):
        return None
    from make_icon import SIZES, icns, ico
    pngs = {px: (ROOT / "assets" / "icon" / f"seabattle-{px}.png").read_bytes() for px in SIZES}
    work.mkdir(parents=True, exist_ok=True)
    path = work / ("seabattle.ico" if WINDOWS else "seabattle.icns")
    path.write_bytes(ico(pngs) if WINDOWS else icns(pngs))
    return path


def pyinstaller_args(out: Path, console: bool = False) -> list[str]:
    data = [(ROOT / "assets", "game/_assets"), (ROOT / "levels", "game/_levels"),
            (ROOT / "game" / "i18n" / "*.json", "game/i18n")]
    args = ["--noconfirm", "--clean", "--onedir", "--name", NAME,
            "--distpath", str(out / "dist"), "--workpath", str(out / "work"),
            "--specpath", str(out), "--paths", str(ROOT),
            "--collect-submodules", "game",         # the gallery's parts are imported by name
            "--exclude-module", "tkinter"]
    for source, inside in data:
        args += ["--add-data", f"{source}{os.pathsep}{inside}"]
    icon = icon_file(out / "icon")
    if icon is not None:
        args += ["--icon", str(icon)]
        if not console:
            args.append("--windowed")      # no console window (so nothing printed); macOS: .app
    return args + [str(ROOT / "main.py")]


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def made_folder(out: Path) -> Path:
    """What to hand out: the macOS bundle (a build without --console), else the folder."""
    bundle = out / "dist" / f"{NAME}.app"
    return bundle if MACOS and bundle.is_dir() else out / "dist" / NAME


def program(out: Path) -> Path:
    folder = made_folder(out)
    if folder.suffix == ".app":
        return folder / "Contents" / "MacOS" / NAME
    return folder / (f"{NAME}.exe" if WINDOWS else NAME)


def first_frame(exe: Path, home: Path) -> float:
    """Start the built program headless (dummy video and audio, a data folder of its own)
    until its first frame; the milliseconds it says that took, from the process's start. A
    shipped file it did not find (``game.assets`` says so on stderr) fails the build."""
    home.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env |= {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SEABATTLE_HOME": str(home),
            "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SEABATTLE_T0": repr(time.time())}
    done = subprocess.run([str(exe), "--first-frame-exit"], env=env, cwd=home,
                          capture_output=True, text=True, timeout=120)
    line = [ln for ln in done.stdout.splitlines() if ln.startswith("first_frame_ms")]
    if done.returncode != 0 or not line:
        raise SystemExit(f"the built program showed no first frame (exit {done.returncode}):\n"
                         f"{done.stdout}\n{done.stderr}")
    missing = [ln for ln in done.stderr.splitlines() if ln.startswith("asset ")]
    if missing:
        raise SystemExit("the built program lacks shipped files:\n" + "\n".join(missing))
    return float(line[-1].split()[1])


def build(out: Path, venv: Path, console: bool = False) -> dict:
    """Build the program; what it took: {"setup_s", "build_s", "folder_mb", "path"}."""
    t0 = time.perf_counter()
    python = build_env(venv)
    t1 = time.perf_counter()
    subprocess.run([str(python), "-m", "PyInstaller", "--log-level", "WARN",
                    *pyinstaller_args(out, console)], check=True, cwd=ROOT)
    t2 = time.perf_counter()
    folder = made_folder(out)
    return {"setup_s": round(t1 - t0, 1), "build_s": round(t2 - t1, 1),
            "folder_mb": round(folder_size(folder) / 2 ** 20, 1), "path": str(folder),
            "program": str(program(out))}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build Sea Battle as a one-folder program "
                                     "with PyInstaller, for this machine's system.")
    parser.add_argument("--out", default=str(ROOT / "build" / "app"),
                        help="the build's folder (default build/app; the program in dist/)")
    parser.add_argument("--venv", default=None,
                        help="the build environment (default OUT/venv)")
    parser.add_argument("--smoke", action="store_true",
                        help="then start the program headless to its first frame")
    parser.add_argument("--console", action="store_true",
                        help="Windows, macOS: keep the console (what --smoke reads the first "
                        "frame's time from; a player's build goes without)")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    made = build(out, Path(args.venv).resolve() if args.venv else out / "venv", args.console)
    print(f"{made['path']}  {made['folder_mb']} MB  (built in {made['build_s']} s, "
          f"the build environment {made['setup_s']} s)")
    print(f"run it: {made['program']}")
    if args.smoke:
        print(f"first_frame_ms {first_frame(Path(made['program']), out / 'smoke-home'):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
