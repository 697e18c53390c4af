"""Issue 38: the text and interface scale. Every screen of the game (every screen class, a stop
of ``game.gallery.scaled``'s walk each) at 150 % at 800×600 and 1280×720, in Russian (the
longest words) and English: no words leave their box or the window (``render.frame_log``).
At 100 % a seeded frame is the one it was before the scale existed."""

import pygame
import pytest

from game.gallery import scaled
from game.render import frame_log, text, theme
from game.render.widgets import panel, veil


@pytest.fixture(autouse=True)
def normal_scale_after():
    yield
    theme.configure()                    # the scale is the theme's: leave it as it was


def test_every_screen_class_is_a_stop_of_the_walk():
    walked = {stop.screen for stop in scaled.STOPS}
    missing = sorted(set(scaled.scene_classes()) - walked - scaled.BASES)
    assert not missing, f"screens the scale walk does not visit: {missing}"
    assert not walked & scaled.BASES


def test_the_check_sees_words_that_leave_their_panel_or_the_window(home):
    app = scaled.scaled_app((800, 600), "en")
    screen = app.screen
    frame = frame_log.start()
    try:
        panel(screen, pygame.Rect(10, 10, 200, 60))
        text.draw(screen, "fits", (20, 20), 20, theme.TEXT)
        text.draw(screen, "a line much too long for its little panel", (20, 40), 20, theme.TEXT)
        text.draw(screen, "off the edge", (790, 300), 20, theme.TEXT)
        off = pygame.Surface((100, 100))
        text.draw(off, "not the window's", (90, 90), 20, theme.TEXT)
        text.draw(screen, "over", (400, 400), 20, theme.TEXT)
        text.draw(screen, "words", (410, 402), 20, theme.TEXT)
        text.fit_block("one two three four five six seven", 20, 60, 30)   # room for a line
        text.draw(screen, "covered", (300, 500), 20, theme.TEXT)
        panel(screen, pygame.Rect(290, 505, 100, 40))                    # over its foot
        text.draw(screen, "runs onto it", (230, 520), 20, theme.TEXT)
        veil(screen, (0, 0, 0, 150))                   # a dialog: the screen is under it
        panel(screen, pygame.Rect(0, 0, 800, 600))
    finally:
        frame_log.stop()
    found = frame_log.faults(frame, (800, 600))
    assert len(found) == 6, found
    assert "much too long" in found[0] and "panel" in found[0]
    assert "off the edge" in found[1] and "window" in found[1]
    assert "'words'" in found[2] and "drawn over 'over'" in found[2]
    assert "cut short" in found[3]
    assert "'covered'" in found[4] and "under a panel drawn later" in found[4]
    assert "'runs onto it'" in found[5] and "runs onto" in found[5]
    app.quit()


def test_the_frame_log_is_off_unless_started(home):
    app = scaled.scaled_app((800, 600), "en", 100)
    assert frame_log._frame is None
    text.draw(app.screen, "words", (10, 10), 20, theme.TEXT)
    assert frame_log._frame is None
    app.quit()


# (800x600, 1280x720) in Russian, taken before the scale was honoured (the title, the
# leaderboard and the «Кораблики» battle again once their hint bar, tabs, rows and plates were
# noted as boxes: their pixels compared identical to main's)
AT_100 = {
    "title": ("945a42d2abbe", "5a617c7669dc"),
    "setup-classic": ("7a20e2790278", "c9013964df6a"),
    "setup-naval": ("d06cbae6b230", "b2fcdf847f72"),
    # at 1280x720 the skeleton's three new rows had pushed the panel over the heading and
    # past the window's foot: its rows now close up (was "461580b17592")
    "settings": ("d6de42a6a409", "67083e7b7229"),
    "rules": ("c6dd9546d2ab", "b6a0ff8f5e2e"),
    "placement-classic": ("1a8275d18065", "c1c85e565947"),
    "placement-naval": ("3482868d7f2d", "185ddc4f43ac"),
    "placement-korabliki": ("060189f8f768", "3e35eb23577a"),
    "paint-ship": ("ae4e9ae092d1", "39cb16d8b73d"),
    "curtain": ("bc9ae1bf0750", "e9f332d6a417"),
    "battle-campaign": ("b9c359cfb1fc", "22ee1f6edd02"),
    "battle-naval": ("fe415a43c30e", "6fdc6d5df507"),
    "battle-korabliki": ("a33bc647b282", "7efa19234b12"),
    "thinking": ("c10f236193dc", "5cfa5df24819"),
    "result-classic-won": ("835b0ba7cae7", "cffca8204b05"),
    "result-classic-lost": ("3ca436c6074d", "9e3a85a4aa32"),
    "result-naval": ("efc891aac35e", "56238d80a005"),
    "result-korabliki": ("2f7d7bbf8cbe", "a11809683df2"),
    # at 800x600 in Russian the chart's keys had lost their last words ("Esc: назад"): the
    # menu over them now leaves their lines room (the chart under the briefing and result too)
    "chart": ("571862f59d9a", "d1f004f8edef"),
    "briefing": ("309ad3f4be09", "36cb7447c2f7"),
    "voyage-result": ("928ae8f1b989", "0549a3c1e05e"),
    "captains": ("2bfba0f2b0e0", "237bb011fbd9"),
    "medals": ("8e7b6d1241c4", "6c4ad6cc1158"),
    "boss": ("d9aa55e3a6db", "677cb6a98af7"),
    "closing": ("b55580240383", "fa30d131a9c3"),
    "online": ("a5b538bc766a", "ba0ec98342de"),
    "join": ("1fd8be5f4783", "6c411bb2228f"),
    "find": ("43052ade9436", "8ad4d535bc0a"),
    "queue": ("c036eae19ee5", "bc4f9a40145b"),
    "leaderboard": ("37e5ec7ccead", "eb5d42c57f76"),
    "watch-list": ("209aa9063749", "3460fea51c8f"),
}


def test_at_100_percent_every_word_and_box_stays_where_it_was(home):
    """Where each screen put every word and box at 100 %, as on main before the scale was
    honoured (its pixels were compared too, by hand: identical)."""
    changed = []
    for size, k in (((800, 600), 0), ((1280, 720), 1)):
        app = scaled.scaled_app(size, "ru", 100)
        for stop in scaled.STOPS:
            if stop.name in AT_100:
                got = scaled.fingerprint(app, stop)
                if got != AT_100[stop.name][k]:
                    changed.append(f"{stop.name} at {size}")
        app.quit()
    assert not changed, changed


def walked(size, lang: str, scale: int = 150) -> list[str]:
    """What the check finds on every stop of the walk."""
    app = scaled.scaled_app(size, lang, scale)
    found = []
    for stop in scaled.STOPS:
        found += scaled.visit(app, stop)
    app.quit()
    return found


CASES = [(size, lang) for size in ((800, 600), (1280, 720)) for lang in ("ru", "en")]


@pytest.mark.parametrize("size,lang", CASES, ids=[f"{w}x{h}-{lang}" for (w, h), lang in CASES])
def test_no_words_leave_their_box_at_150_percent(home, size, lang):
    found = walked(size, lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["uk", "no"])
def test_no_words_leave_their_box_at_150_percent_in_ukrainian_and_norwegian(home, lang):
    found = walked((800, 600), lang)
    assert not found, "\n".join(found)


def test_no_words_leave_their_box_at_125_percent(home):
    found = walked((800, 600), "ru", 125)
    assert not found, "\n".join(found)


def test_a_scale_chosen_mid_battle_lays_the_battle_out_anew(home):
    app = scaled.scaled_app((800, 600), "en", 100)
    scaled.visit(app, next(s for s in scaled.STOPS if s.name == "battle-naval"))
    battle = app.scenes.top
    before = battle.log_rect.h
    app.settings.ui_scale = 150            # as the settings, opened from the pause, do
    app.apply_settings()
    app.step(1 / 60, [])
    assert battle.log_rect.h > before
    app.quit()


def _ink_bands(surface, below: int) -> list:
    """The bands of rows above ``below`` where something is drawn on the background (across
    the middle two thirds of the window): a heading, its second line, the board's letters."""
    w = surface.get_width()
    inked = [any(max(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], theme.BG)) > 60
                 for x in range(w // 6, w * 5 // 6)) for y in range(below)]
    bands, start = [], None
    for y, ink in enumerate(inked + [False]):
        if ink and start is None:
            start = y
        elif not ink and start is not None:
            bands.append((start, y))
            start = None
    return bands


@pytest.mark.parametrize("name", ["placement-naval", "placement-korabliki"])
def test_at_150_percent_a_set_up_s_heading_its_step_and_the_board_stay_apart(home, name):
    """At 150 % in 800x600 the set-up's heading, the line under it and the board's letters each
    keep a clear row between them (the step line ran into the heading, and then into the
    board's letters: the check reads words' boxes, these touched by their letters' ink)."""
    app = scaled.scaled_app((800, 600), "ru", 150)
    scaled.visit(app, next(s for s in scaled.STOPS if s.name == name))
    bands = _ink_bands(app.screen, app.scenes.top.geo.grid.top)
    app.quit()
    assert len(bands) >= 3, bands
