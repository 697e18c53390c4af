"""The title screen's art (issue 20, part 7): the logo and the wakes are made once per size, the
fleet moves with time (not frames) and comes round, and the name fits the window in every
language at 800x600 and 1280x720."""

import pygame
import pytest

from game.app import App
from game.render import text, title
from game.scenes.common.title import TitleScene


def test_logo_and_wake_are_made_once_per_size():
    pygame.font.init()
    a = title.logo("МОРСКОЙ БОЙ", 60)
    assert title.logo("МОРСКОЙ БОЙ", 60) is a
    assert title.logo("МОРСКОЙ БОЙ", 40) is not a
    assert title.logo("МОРСКОЙ БОЙ", 40).get_width() < a.get_width()
    w = title.wake(4, 30)
    assert title.wake(4, 30) is w and title.wake(4, 20) is not w
    assert w.get_width() > 4 * 30 and w.get_height() == 90


def test_the_fleet_steams_right_at_its_speed_in_formation_and_comes_round():
    width, cell = 1280, 30
    loop = width + title.column_length(cell)
    at0 = title.fleet_positions(width, cell, 0.0)
    assert any(0 <= x and x + n * cell <= width for x, n, _ in at0)   # in sight at once
    at1 = title.fleet_positions(width, cell, 1.0)
    for (x0, n0, k0), (x1, n1, k1) in zip(at0, at1):
        assert (n0, k0) == (n1, k1)
        assert (x1 - x0) % loop == pytest.approx(title.SPEED * cell)
    # the column keeps its order: each ship's bow a gap behind the stern ahead (mod the loop)
    for (xa, _, _), (xb, nb, _) in zip(at0, at0[1:]):
        assert (xa - (xb + nb * cell)) % loop == pytest.approx(title.GAP * cell)
    # a whole loop later every ship is back where it was; on the way each leaves and returns
    later = title.fleet_positions(width, cell, loop / (title.SPEED * cell))
    assert [x for x, _, _ in later] == pytest.approx([x for x, _, _ in at0])
    seen = [title.fleet_positions(width, cell, t)[0][0] for t in range(0, 80)]
    assert min(seen) < 0 and max(seen) > width


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["ru", "uk", "en", "no"])
def test_the_name_and_subtitle_fit_above_the_fleet(size, lang, home):
    app = App(size=size, seed=1, audio=False)
    app.settings.language = lang
    app.apply_settings()
    app.flow.opening(False)
    app.step(1 / 60, [])
    scene = app.scenes.top
    assert isinstance(scene, TitleScene)
    lay = scene.art
    logo = title.logo(app.tr("title"), lay.logo_px)
    rect = logo.get_rect(center=lay.logo_centre)
    assert rect.left >= 0 and rect.right <= size[0] and rect.top >= 0
    sub_w, sub_h = text.size(app.tr("subtitle"), lay.sub_px)
    assert sub_w <= size[0] - 20
    assert rect.bottom - 4 <= lay.sub_centre[1] - sub_h / 2      # the name above the subtitle
    assert lay.sub_centre[1] + sub_h / 2 <= lay.lane.top + 2      # the subtitle above the sea
    assert lay.lane.bottom <= scene._panel_rect().top            # the fleet above the menu
    assert lay.cell >= 12
    app.quit()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_keys_line_lies_on_a_plain_band_clear_of_the_menu(size, home, monkeypatch):
    """Issue 33: the title's line of keys ran over the demo battle's board. It lies on a band
    of its own: beside the words, all along the line, one plain colour; the menu and the
    captain's badge end above it."""
    app = App(size=size, seed=1, audio=False)
    app.flow.opening(False)
    app.step(1 / 60, [])
    scene = app.scenes.top
    drawn = {}
    real = text.draw

    def spy(surface, words, *args, **kw):
        rect = real(surface, words, *args, **kw)
        drawn[words] = rect
        return rect
    monkeypatch.setattr(text, "draw", spy)
    app.step(1 / 60, [])
    monkeypatch.setattr(text, "draw", real)
    line = drawn[app.tr("title.keys")]
    assert 0 <= line.left and line.right <= size[0] and line.bottom <= size[1]
    beside = [x for x in range(0, size[0], 5) if not line.left - 3 <= x <= line.right + 3]
    colours = {tuple(app.screen.get_at((x, line.centery)))[:3] for x in beside}
    assert len(colours) == 1, colours
    assert scene._panel_rect().bottom < line.top
    app.quit()
