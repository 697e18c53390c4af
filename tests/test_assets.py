"""Shipped assets (issue 20, parts 6 and 8): the fonts are there with their licences and cover
every letter the game writes; a missing or broken asset falls back and is said once; the game
runs with ``assets/`` hidden."""

import json
import logging
from pathlib import Path

import pygame
import pytest

from game import assets
from game.app import App
from game.match import COMPUTER, Match, Seat
from game.render import text, title
from game.rules.classic import ClassicConfig

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ru", "uk", "no")


@pytest.fixture
def assets_at(monkeypatch):
    """Point ``game.assets`` at another folder for one test; put the real one back after."""
    def use(path):
        assets.set_root(path)
        text.reset()
    monkeypatch.setattr(assets, "problems", [])
    yield use
    assets.set_root(assets.ROOT)
    text.reset()


def _letters() -> set[str]:
    """Every character the translations write, and the letters the brief names."""
    chars = set("ґєіїҐЄІЇæøåÆØÅёЁ«»—–")
    for lang in LANGS:
        chars |= set(json.dumps(json.load(open(ROOT / "game" / "i18n" / f"{lang}.json",
                                               encoding="utf-8")), ensure_ascii=False))
    return {c for c in chars if ord(c) > 32}


def test_every_asset_and_licence_is_listed_in_the_readme():
    listed = (ROOT / "assets" / "README.md").read_text(encoding="utf-8")
    files = [p for p in (ROOT / "assets").rglob("*") if p.is_file() and p.name != "README.md"]
    assert files
    for p in files:
        assert f"`{p.relative_to(ROOT / 'assets').as_posix()}`" in listed, p
    for face, (name, _) in text.FACES.items():
        assert (ROOT / "assets" / name).is_file(), face
    assert "SIL OPEN FONT LICENSE Version 1.1" in (ROOT / "assets/fonts/OFL-PTSans.txt").read_text(
        encoding="utf-8-sig")
    assert "SIL OPEN FONT LICENSE Version 1.1" in (ROOT / "assets/fonts/OFL-RussoOne.txt").read_text(
        encoding="utf-8-sig")


@pytest.mark.parametrize("face", sorted(text.FACES))
def test_each_face_has_every_letter_the_game_writes(face):
    pygame.font.init()
    assert not text.fallback(face)
    f = text.font(30, face)
    missing = [c for c in sorted(_letters()) if f.metrics(c)[0] is None]
    assert not missing, f"{face} lacks {''.join(missing)}"


def test_text_keeps_the_old_sizes_capitals_and_widths():
    """The faces are opened so that a px means what it meant with pygame's own font: capitals
    about as high, words no wider (the layouts measured with it still fit)."""
    pygame.font.init()
    old = pygame.font.Font(None, 40)
    words = "Морской бой · Sea Battle · Sjøslag · Морський бій"
    assert text.size(words, 40)[0] <= old.size(words)[0]
    cap_old = old.metrics("H")[0][3]
    cap_new = text.font(40).metrics("H")[0][3]
    assert 0.9 * cap_old <= cap_new <= 1.2 * cap_old


def test_a_missing_asset_falls_back_and_is_said_once(tmp_path, assets_at, caplog):
    pygame.font.init()
    real = title.logo("МОРСКОЙ БОЙ", 40)
    assets_at(tmp_path)
    stand_in = title.logo("МОРСКОЙ БОЙ", 40)     # drawn again, with pygame's own font
    assert stand_in is not real and stand_in.get_width() > 0
    with caplog.at_level(logging.WARNING, logger="game.assets"):
        for px in (20, 30, 40):
            assert text.font(px, "display") is not None      # pygame's own font
        assert text.fallback("display")
        assert assets.image("ships/none.svg", (32, 32)) is None
        assert assets.read_json("map/none.json", {"land": []}) == {"land": []}
        assert assets.read_json("map/none.json") is None
    names = [name for name, _ in assets.problems]
    assert sorted(names) == ["fonts/RussoOne-Regular.ttf", "map/none.json", "ships/none.svg"]
    assert len(caplog.records) == 3


def test_a_broken_font_falls_back_and_the_game_says_so(tmp_path, assets_at, home):
    (tmp_path / "fonts").mkdir()
    for name, _ in text.FACES.values():
        (tmp_path / name).write_bytes(b"not a font at all" * 50)
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assets_at(tmp_path)
    assert assets.read_json("broken.json", 7) == 7
    app = App(size=(800, 600), seed=1, audio=False)
    app.flow.opening(False)
    for _ in range(5):
        app.step(1 / 60, [])
    assert text.fallback("text") and text.fallback("display")
    shown = [message for message, _ in app.notices]
    for name, _ in text.FACES.values():
        assert sum(name in m for m in shown) == 1, shown
    for _ in range(5):
        app.step(1 / 60, [])
    assert len([m for m, _ in app.notices]) == len(shown)     # once, not every frame
    app.quit()


def test_the_game_runs_with_assets_hidden(tmp_path, assets_at, home):
    """The title, a battle and the chart, with an empty folder where ``assets/`` was."""
    assets_at(tmp_path)
    app = App(size=(800, 600), seed=4, audio=False)
    app.flow.opening(False)
    for _ in range(30):
        app.step(1 / 60, [])
    match = Match(ClassicConfig(), (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")),
                  seed=4)
    app.flow.start(match)
    for _ in range(60):
        app.step(1 / 20, [])
    assert type(app.scenes.top).__name__ == "BattleScene"
    app.flow.to_chart()
    for _ in range(30):
        app.step(1 / 60, [])
    assert type(app.scenes.top).__name__ == "VoyageScene"
    assert any("RussoOne" in m for m, _ in app.notices)
    assert app.running
    app.quit()


def test_words_are_measured_once_per_size_and_face(monkeypatch):
    """Screens fit and wrap words every frame: the font file is asked once per (words, size)."""
    pygame.font.init()
    real = text.font(23)
    asked = []

    class Counting:
        def size(self, words):
            asked.append(words)
            return real.size(words)

    monkeypatch.setitem(text._fonts, ("text", 23), Counting())
    monkeypatch.setattr(text, "_sizes", {})
    for _ in range(3):
        assert text.size("Морской бой", 23) == real.size("Морской бой")
        text.wrap("Морской бой ходит по морю", 23, 120)
    assert asked.count("Морской бой") == 1
    assert len(asked) == len(set(asked))


def test_images_load_at_their_size_and_a_broken_one_falls_back(tmp_path, assets_at):
    (tmp_path / "art").mkdir()
    (tmp_path / "art/dot.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
        '<circle cx="5" cy="5" r="4" fill="#ff0000"/></svg>', encoding="utf-8")
    (tmp_path / "art/broken.png").write_bytes(b"\x89PNG not really")
    assets_at(tmp_path)
    dot = assets.image("art/dot.svg", (40, 40))
    assert dot is not None and dot.get_size() == (40, 40)
    assert dot.get_at((20, 20))[:3] == (255, 0, 0)
    assert assets.image("art/broken.png") is None
    assert assets.image("art/broken.png") is None
    assert [name for name, _ in assets.problems] == ["art/broken.png"]
    assert assets.problems[0][1].startswith("not a usable image")


def test_text_that_is_not_utf8_falls_back_and_is_said_so(tmp_path, assets_at):
    (tmp_path / "latin1.json").write_bytes(b'{"word": "\xe6"}')
    assets_at(tmp_path)
    assert assets.read_bytes("latin1.json") == b'{"word": "\xe6"}'
    assert assets.read_text("latin1.json", "?") == "?"
    assert assets.read_json("latin1.json", {}) == {}
    assert assets.problems == [("latin1.json", "not UTF-8 text (invalid continuation byte)")]


@pytest.mark.parametrize("face", sorted(text.FACES))
def test_fit_px_finds_the_largest_size_that_fits(face):
    pygame.font.init()
    words = "Морський бій · Sjøslag"
    for width in (40, 120, 233, 400, 650, 2000):
        got = text.fit_px(words, 90, width, 12, face)
        naive = 90
        while naive > 12 and text.size(words, naive, face)[0] > width:
            naive -= 1
        assert got == naive, width
