"""The icon and the Linux desktop entry (issue 38): the PNGs are what ``tools/make_icon.py``
draws and look like the hand-written SVG; the Windows and macOS icons hold them; the entry
names the game in the four languages; ``seabattle --install-desktop`` puts the entry (with the
full path of the command) and the icons in a data home and takes them away again; the window
carries the icon."""

from __future__ import annotations

import configparser
import importlib.util
import struct
import sys
from pathlib import Path

import pygame
import pytest

from game import app as app_module, desktop, resources

ROOT = Path(__file__).resolve().parents[1]
ICON = ROOT / "assets" / "icon"


def _make_icon():
    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "tools" / "make_icon.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _mean_difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """The mean difference of two same-sized images, per channel (RGBA), 0..255."""
    import numpy as np
    arrays = []
    for s in (a, b):
        s = s.convert_alpha() if pygame.display.get_surface() else s
        rgb = pygame.surfarray.array3d(s).astype(float)
        alpha = pygame.surfarray.array_alpha(s).astype(float)[..., None]
        arrays.append(np.concatenate([rgb * alpha / 255, alpha], axis=2))
    return float(abs(arrays[0] - arrays[1]).mean())


def test_every_png_is_what_the_script_draws_and_the_svg_shows():
    make = _make_icon()
    for px in make.SIZES:
        png = pygame.image.load(str(ICON / f"seabattle-{px}.png"))
        assert png.get_size() == (px, px)
        assert png.get_at((0, 0)).a == 0          # transparent outside the rounded tile
        assert png.get_at((px // 2, px // 2)).a == 255
    for px in (64, 256):
        png = pygame.image.load(str(ICON / f"seabattle-{px}.png"))
        assert _mean_difference(png, make.draw(px)) < 0.5, px     # the script's, as committed
        svg = pygame.image.load_sized_svg(str(ICON / "seabattle.svg"), (px, px))
        assert _mean_difference(png, svg) < 3, px      # the same design (edges differ a little)
    # a changed design is seen: the SVG against a PNG drawn without its sight
    plain = pygame.image.load(str(ICON / "seabattle-256.png"))
    pygame.draw.circle(plain, (18, 52, 96), (128, 128), 84)
    assert _mean_difference(plain, pygame.image.load_sized_svg(str(ICON / "seabattle.svg"),
                                                               (256, 256))) > 3


def test_the_windows_and_macos_icons_hold_the_pngs():
    make = _make_icon()
    pngs = {px: (ICON / f"seabattle-{px}.png").read_bytes() for px in make.SIZES}
    ico = make.ico(pngs)
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind) == (0, 1) and count == len([s for s in pngs if s <= 256])
    for i in range(count):
        w, h, _, _, _, _, size, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * i)
        px = w or 256
        assert w == h and ico[offset:offset + size] == pngs[px]
    icns = make.icns(pngs)
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    at, found = 8, {}
    while at < len(icns):
        kind, size = icns[at:at + 4], struct.unpack(">I", icns[at + 4:at + 8])[0]
        found[kind] = icns[at + 8:at + size]
        at += size
    assert found == {t: pngs[px] for px, t in make.ICNS_TYPES.items()}


def test_the_desktop_entry_names_the_game_in_four_languages():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ICON / "seabattle.desktop", encoding="utf-8")
    e = entry["Desktop Entry"]
    assert e["Type"] == "Application" and e["Exec"] == "seabattle" and e["Icon"] == "seabattle"
    assert e["Categories"] == "Game;BoardGame;" and e["Terminal"] == "false"
    assert (e["Name"], e["Name[ru]"], e["Name[uk]"], e["Name[nb]"]) == (
        "Sea Battle", "Морской бой", "Морський бій", "Sjøslag")
    for lang in ("", "[ru]", "[uk]", "[nb]"):
        assert e["Comment" + lang]


@pytest.mark.parametrize("argv", [["/opt/Sea Battle/SeaBattle"],
                                  ["/usr/bin/python3", "/a/main.py"]])
def test_install_desktop_writes_the_entry_with_the_command_and_the_icons(tmp_path, monkeypatch,
                                                                          capsys, argv):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(desktop, "command", lambda: argv)
    assert app_module.main(["--install-desktop"]) == 0
    written = [Path(line) for line in capsys.readouterr().out.split("\n") if line]
    entry = (tmp_path / "applications" / "seabattle.desktop").read_text(encoding="utf-8")
    exec_line = next(line for line in entry.splitlines() if line.startswith("Exec="))
    assert exec_line == desktop.exec_line(argv)
    if " " in argv[0]:
        assert exec_line == 'Exec="/opt/Sea Battle/SeaBattle"'
    else:
        assert exec_line == "Exec=" + " ".join(argv)
    shipped = (resources.ASSETS / "icon" / "seabattle.desktop").read_text(encoding="utf-8")
    assert entry.replace(exec_line, "Exec=seabattle") == shipped
    for px in _make_icon().SIZES:
        png = tmp_path / "icons" / "hicolor" / f"{px}x{px}" / "apps" / "seabattle.png"
        assert png.read_bytes() == (ICON / f"seabattle-{px}.png").read_bytes()
    assert (tmp_path / "icons/hicolor/scalable/apps/seabattle.svg").is_file()
    assert sorted(written) == sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert app_module.main(["--uninstall-desktop"]) == 0
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]


def test_the_command_of_a_clone_is_its_main_py():
    assert desktop.command() == [sys.executable, str(ROOT / "main.py")]


def test_the_window_carries_the_icon(home, monkeypatch):
    given = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon", lambda s: (given.append(s), real(s)))
    app = app_module.App(size=(800, 600), seed=1, audio=False)
    try:
        assert len(given) == 1 and given[0].get_size() == (64, 64)
    finally:
        app.quit()
