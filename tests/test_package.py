"""The game as a player installs it (issue 38): the wheel built from this repository holds every
module, translation, asset and level, mapped into the package; installed into a fresh virtual
environment outside the clone, its ``seabattle`` starts headless to its first frame from the
installed files, and its ``seabattle-server --port 0`` says the port it got and answers a
protocol ``hello`` over loopback.

The slowest test file of the suite: about 15 s on this 2-core machine (the build ~3 s, the
virtual environment ~4 s, pip installing the wheel and its dependencies from pip's cache ~5 s,
the game and the server ~2 s); the dependencies come from the index pip is set up with, through
its cache, which the suite's own ``pip install -r requirements-dev.txt`` has just filled.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import zipfile
from pathlib import Path

import pytest

import game
from game.net.client import open_link
from game.net.protocol import CREATE_PATH, VERSION

ROOT = Path(__file__).resolve().parents[1]
BIN = "Scripts" if os.name == "nt" else "bin"
# what a build of the clone does not need (and what it leaves: build/, *.egg-info)
NOT_BUILT = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                                   ".pytest_cache", ".hypothesis", "tests", "docs", "deploy")


def _run(argv, cwd, timeout=300, env=None) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, f"{argv}\n{done.stdout}\n{done.stderr}"
    return done


def _outside(tmp: Path) -> dict:
    """The environment of a program of the installed game: nothing points it at the clone."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV")}
    return env | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                  "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SEABATTLE_HOME": str(tmp / "home")}


def build_wheel(tmp: Path) -> Path:
    """The wheel of this repository, built from a copy of it (a build writes build/ and
    seabattle.egg-info beside pyproject.toml; the clone is left as it is)."""
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=NOT_BUILT)
    _run([sys.executable, "-m", "pip", "wheel", source, "--no-deps", "--wheel-dir", tmp / "dist"],
         cwd=tmp)
    built = list((tmp / "dist").glob("*.whl"))
    assert len(built) == 1, built
    return built[0]


def install(wheel: Path, tmp: Path) -> Path:
    """A fresh virtual environment in ``tmp`` with the wheel installed: its folder."""
    _run([sys.executable, "-m", "venv", tmp / "venv"], cwd=tmp)
    _run([tmp / "venv" / BIN / "python", "-m", "pip", "install", wheel], cwd=tmp,
         env=_outside(tmp))
    return tmp / "venv"


def test_the_wheel_installs_outside_the_clone_and_its_commands_run(tmp_path):
    """One test (one build, one installation: the suite's workers would each make their own
    for tests of their own)."""
    assert ROOT not in tmp_path.parents
    wheel = build_wheel(tmp_path)
    check_contents(wheel)
    try:
        venv = install(wheel, tmp_path)
        check_game(venv, tmp_path)
        check_server(venv, tmp_path)
    finally:       # ~150 MB, which pytest would keep for its last three runs
        shutil.rmtree(tmp_path / "venv", ignore_errors=True)


def _repo_files() -> set[str]:
    """What the wheel must hold: every module of game/, the translations, and every file of
    assets/ and levels/ at their places inside the package."""
    files = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")
             if "__pycache__" not in p.parts}
    files |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "game" / "i18n").glob("*.json")}
    for folder, inside in (("assets", "game/_assets"), ("levels", "game/_levels")):
        files |= {f"{inside}/{p.relative_to(ROOT / folder).as_posix()}"
                  for p in (ROOT / folder).rglob("*") if p.is_file()
                  and "__pycache__" not in p.parts}
    return files


def check_contents(wheel: Path) -> None:
    """Every module, translation, asset and level, the version, the commands, the dependencies."""
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        points = z.read(meta.replace("METADATA", "entry_points.txt")).decode()
        metadata = z.read(meta).decode()
    packaged = {n for n in names if not n.startswith("seabattle-")}
    assert packaged == _repo_files()
    for must in ("game/_assets/fonts/OFL-PTSans.txt", "game/_assets/fonts/RussoOne-Regular.ttf",
                 "game/_assets/music/title.score", "game/_assets/map/coast.json",
                 "game/_assets/icon/seabattle.desktop", "game/_assets/icon/seabattle-512.png",
                 "game/_levels/voyages/europe.toml", "game/i18n/uk.json"):
        assert must in packaged, must
    assert wheel.name == f"seabattle-{game.__version__}-py3-none-any.whl"
    assert f"\nVersion: {game.__version__}\n" in metadata
    assert "seabattle = game.app:main" in points
    assert "seabattle-server = game.net.server:main" in points
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for dependency in project["dependencies"]:
        assert f"Requires-Dist: {dependency}" in metadata


def check_game(venv: Path, installed: Path) -> None:
    """``seabattle`` starts headless to its first frame, from the installed files."""
    where = _run([venv / BIN / "python", "-c", "import game, game.resources as r; "
                  "print(game.__file__); print(r.ASSETS); print(r.LEVELS)"],
                 cwd=installed, env=_outside(installed)).stdout.split()
    for path in where:
        assert venv in Path(path).parents and ROOT not in Path(path).parents, where
    assert Path(where[1]).name == "_assets" and (Path(where[1]) / "fonts").is_dir()
    done = _run([venv / BIN / "seabattle", "--first-frame-exit"], cwd=installed, timeout=120,
                env=_outside(installed))
    assert re.search(r"^first_frame_ms \d+\.\d$", done.stdout, re.M), done.stdout
    assert "asset" not in done.stderr, done.stderr    # no shipped file missing
    print(done.stdout.strip())


def check_server(venv: Path, installed: Path) -> None:
    """``seabattle-server --port 0`` says the port it got and answers a hello; it is stopped
    (killed if it will not stop) whatever happens."""
    log = open(installed / "server.log", "w+", encoding="utf-8")
    server = subprocess.Popen([str(venv / BIN / "seabattle-server"), "--port", "0", "--data",
                               str(installed / "server-data")], cwd=installed,
                              env=_outside(installed), stdout=subprocess.PIPE, stderr=log,
                              text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(ln) for ln in server.stdout], daemon=True).start()
    try:
        first = lines.get(timeout=60)
        port = re.match(r"listening on ws://127\.0\.0\.1:(\d+) ", first)
        assert port, first

        async def hello():
            link = await open_link(f"ws://127.0.0.1:{port[1]}{CREATE_PATH}", timeout=10)
            await link.ws.close()
            return link.version, link.welcome

        version, welcome = asyncio.run(hello())
        assert welcome["type"] == "welcome" and version == VERSION, welcome
        print(first.strip(), welcome)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
        server.stdout.close()
        log.seek(0)
        said = log.read()
        log.close()
    assert "lobby's link" not in said and "Traceback" not in said, said


def _build_app():
    spec = importlib.util.spec_from_file_location("build_app", ROOT / "tools" / "build_app.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("system", ["linux", "windows", "macos"])
def test_the_download_carries_the_shipped_files_and_the_icon_of_its_system(tmp_path, monkeypatch,
                                                                         system):
    """tools/build_app.py's PyInstaller command (not run here: ``bench app`` runs it): the
    shipped files at the places inside the package where game/resources.py looks, main.py as
    the program, and the icon in the form each system embeds (none on Linux)."""
    build_app = _build_app()
    monkeypatch.setattr(build_app, "WINDOWS", system == "windows")
    monkeypatch.setattr(build_app, "MACOS", system == "macos")
    args = build_app.pyinstaller_args(tmp_path)
    data = dict(args[i + 1].rsplit(os.pathsep, 1) for i, a in enumerate(args) if a == "--add-data")
    assert data == {str(ROOT / "assets"): "game/_assets", str(ROOT / "levels"): "game/_levels",
                    str(ROOT / "game" / "i18n" / "*.json"): "game/i18n"}
    assert args[-1] == str(ROOT / "main.py") and "--onedir" in args
    icon = args[args.index("--icon") + 1] if "--icon" in args else None
    if system == "linux":
        assert icon is None
    else:
        head = Path(icon).read_bytes()[:4]
        assert head == (b"\0\0\1\0" if system == "windows" else b"icns"), icon
        assert "--windowed" in args
        assert "--windowed" not in build_app.pyinstaller_args(tmp_path, console=True)
