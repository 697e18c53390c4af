"""The "Кораблики" set-up screen (RULES.md §K), driven headless by synthetic events; saved
formations; the drawing helpers the set-up and the battle share."""

import json
import random

import pygame
import pytest

from game.data import formations as store
from game.data.storage import DataFileError
from game.render import korabliki as draw
from game.rules import korabliki as kor
from game.rules.coords import LETTER_SETS
from game.scenes.korabliki.placement import KorablikiSetupScene, formation_styles

from .helpers import key, mouse, open_set_up


def make(size=(1280, 720), lang="en", player=0, seed=3):
    return open_set_up(KorablikiSetupScene, ["Ann", "Bob"], size, lang, player, seed)


@pytest.fixture
def screens(home):
    made = []

    def open_(**kw):
        made.append(make(**kw))
        return made[-1]
    yield open_
    for app, _, _ in made:
        app.quit()


def press(app, *keys, mod=0):
    for k in keys:
        app.handle(key(k, mod))


def walk(app, scene, cell):
    """Arrow keys from the cursor to board ``cell`` (the cursor moves in screen terms)."""
    target = draw.to_screen(cell, scene.flip)
    dx, dy = target[0] - scene.cursor[0], target[1] - scene.cursor[1]
    press(app, *([pygame.K_RIGHT if dx > 0 else pygame.K_LEFT] * abs(dx)))
    press(app, *([pygame.K_DOWN if dy > 0 else pygame.K_UP] * abs(dy)))
    assert scene.board_cursor() == cell


def centre(scene, cell):
    return draw.board_rect(scene.geo, cell, scene.flip).center


def drag(app, start, end):
    app.handle(mouse(pygame.MOUSEMOTION, start))
    app.handle(mouse(pygame.MOUSEBUTTONDOWN, start))
    app.handle(mouse(pygame.MOUSEMOTION, end))
    app.handle(mouse(pygame.MOUSEBUTTONUP, end))


def mirrored(setup):
    return {(kor.WIDTH - 1 - x, kor.HEIGHT - 1 - y): r for (x, y), r in setup.items()}


# --- whole fleets -------------------------------------------------------------------------

@pytest.mark.parametrize("player", [0, 1])
def test_auto_gives_a_valid_setup_in_every_style_and_enter_finishes(screens, player):
    app, scene, done = screens(player=player)
    styles = formation_styles()
    assert styles[0] == "random"
    seen = []
    for _ in styles:
        press(app, pygame.K_a)
        assert scene.complete
        kor.validate_setup(player, scene.setup)
        seen.append(scene.style)
        press(app, pygame.K_s)                  # the next style
    assert sorted(seen) == sorted(styles) and scene.style == styles[0]
    app.step(1 / 60, [])
    press(app, pygame.K_RETURN)
    assert len(done) == 1
    kor.validate_setup(player, done[0])
    assert done[0] == scene.setup and done[0] is not scene.setup


def test_auto_in_the_random_style_completes_a_partial_fleet(screens):
    app, scene, _ = screens()
    press(app, pygame.K_RETURN)                 # a battleship where the cursor is
    first = scene.board_cursor()
    assert scene.setup == {first: kor.LIN}
    press(app, pygame.K_a)
    assert scene.setup[first] == kor.LIN and scene.complete
    kor.validate_setup(0, scene.setup)


@pytest.mark.parametrize("player", [0, 1])
def test_the_keyboard_alone_sets_up_a_chosen_fleet(screens, player):
    app, scene, done = screens(player=player, size=(800, 600))
    target = kor.random_setup(player, random.Random(40 + player))
    for rank in reversed(kor.RANKS):            # Tab (back and forth) chooses the rank
        for _ in range(len(kor.RANKS)):
            if scene.rank == rank:
                break
            press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        assert scene.rank == rank
        for cell in sorted(c for c, r in target.items() if r == rank):
            walk(app, scene, cell)
            press(app, pygame.K_RETURN)
            assert scene.setup.get(cell) == rank, scene.message
    assert scene.setup == target and scene.complete
    app.step(1 / 60, [])
    press(app, pygame.K_RETURN)
    assert done == [target]
    kor.validate_setup(player, done[0])


def test_the_keyboard_moves_swaps_and_returns_pieces(screens):
    app, scene, _ = screens()
    a, b, c = (3, 12), (4, 12), (5, 13)
    walk(app, scene, a)
    press(app, pygame.K_RETURN)                 # a battleship on a
    press(app, pygame.K_TAB)                    # the second battleship? Tab moves on to KR
    assert scene.rank == kor.KR
    walk(app, scene, b)
    press(app, pygame.K_RETURN)
    assert scene.setup == {a: kor.LIN, b: kor.KR}
    # Space on a piece picks it up; Enter puts it down elsewhere
    walk(app, scene, a)
    press(app, pygame.K_SPACE)
    assert scene.lifted == (kor.LIN, a) and a not in scene.setup
    walk(app, scene, c)
    press(app, pygame.K_RETURN)
    assert scene.setup == {c: kor.LIN, b: kor.KR} and scene.lifted is None
    # put down on another piece: the two swap
    press(app, pygame.K_SPACE)
    walk(app, scene, b)
    press(app, pygame.K_SPACE)
    assert scene.setup == {b: kor.LIN, c: kor.KR}
    # Delete sends the piece under the cursor back to the tray
    left = scene.left(kor.LIN)
    press(app, pygame.K_DELETE)
    assert b not in scene.setup and scene.left(kor.LIN) == left + 1
    assert scene.rank == kor.LIN
    press(app, pygame.K_DELETE)                 # nothing there now: refused in words
    assert scene.message == app.tr("kor.setup.nothing_here")
    # Esc puts a lifted piece back where it was (and does not leave the screen)
    walk(app, scene, c)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_ESCAPE)
    assert scene.setup == {c: kor.KR} and app.scenes.top is scene
    press(app, pygame.K_c)
    assert scene.setup == {}


def test_ready_is_refused_until_the_fleet_is_complete(screens):
    app, scene, done = screens()
    scene.ready()
    assert not done
    assert "52" in scene.message                # how many are still to place


def test_the_cursor_stays_in_the_zone_and_esc_goes_back(screens):
    app, scene, _ = screens(player=1)
    press(app, *[pygame.K_UP] * 8)
    assert scene.board_cursor() in set(kor.zone_cells(1))
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is not scene


# --- the mouse ----------------------------------------------------------------------------

@pytest.mark.parametrize("player", [0, 1])
def test_a_cell_outside_the_zone_is_refused_with_the_reason(screens, player):
    app, scene, _ = screens(player=player)
    outside = (4, 7)                            # the middle zone
    app.handle(mouse(pygame.MOUSEMOTION, centre(scene, outside)))
    app.handle(mouse(pygame.MOUSEBUTTONDOWN, centre(scene, outside)))
    app.handle(mouse(pygame.MOUSEBUTTONUP, centre(scene, outside)))
    assert scene.setup == {}
    assert "E8" in scene.message and "zone" in scene.message
    enemy = kor.zone_cells(1 - player)[0]
    drag(app, scene.tiles[0][1].center, centre(scene, enemy))
    assert scene.setup == {}
    app.step(1 / 60, [])                        # the refusal shows under the board


def test_drag_from_the_tray_onto_the_board_then_move_and_swap(screens):
    app, scene, _ = screens(player=1)
    tiles = dict(scene.tiles)
    a, b, c = (2, 3), (9, 4), (9, 0)
    drag(app, tiles[kor.FORT].center, centre(scene, a))
    drag(app, tiles[kor.BOMB].center, centre(scene, b))
    assert scene.setup == {a: kor.FORT, b: kor.BOMB}
    drag(app, centre(scene, a), centre(scene, c))          # move
    assert scene.setup == {c: kor.FORT, b: kor.BOMB}
    drag(app, centre(scene, c), centre(scene, b))          # swap
    assert scene.setup == {b: kor.FORT, c: kor.BOMB}
    drag(app, centre(scene, b), centre(scene, (5, 7)))     # outside the zone: back home
    assert scene.setup == {b: kor.FORT, c: kor.BOMB}
    drag(app, centre(scene, b), scene.tray_rect.center)    # onto the tray: back to it
    assert scene.setup == {c: kor.BOMB} and scene.left(kor.FORT) == 2
    # click to pick up, click to place
    for pos in (centre(scene, c), centre(scene, a)):
        app.handle(mouse(pygame.MOUSEBUTTONDOWN, pos))
        app.handle(mouse(pygame.MOUSEBUTTONUP, pos))
    assert scene.setup == {a: kor.BOMB}
    # click a tray tile, then cells
    app.handle(mouse(pygame.MOUSEBUTTONDOWN, tiles[kor.MIN].center))
    app.handle(mouse(pygame.MOUSEBUTTONUP, tiles[kor.MIN].center))
    for cell in ((0, 0), (1, 0)):
        app.handle(mouse(pygame.MOUSEBUTTONDOWN, centre(scene, cell)))
        app.handle(mouse(pygame.MOUSEBUTTONUP, centre(scene, cell)))
    assert scene.setup == {a: kor.BOMB, (0, 0): kor.MIN, (1, 0): kor.MIN}
    app.handle(mouse(pygame.MOUSEBUTTONDOWN, centre(scene, (0, 0)), 3))   # right: to the tray
    assert (0, 0) not in scene.setup
    app.step(1 / 60, [])


# --- formations ---------------------------------------------------------------------------

def test_formations_round_trip_and_mirror_for_the_other_player(home):
    setup = kor.random_setup(0, random.Random(8))
    path = store.save_formation("Two walls", setup, 0)
    assert path.parent == home / "formations" and path.exists()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == store.FORMAT and data["version"] == store.VERSION
    assert len(data["rows"]) == 5 and all(len(r.split()) == 16 for r in data["rows"])
    found, problems = store.list_formations()
    assert not problems and [f.name for f in found] == ["Two walls"]
    assert found[0].setup(0) == setup
    for_one = found[0].setup(1)
    kor.validate_setup(1, for_one)
    assert for_one == mirrored(setup)           # the same picture from his side of the board
    # the front row stays the front row
    assert {r for (x, y), r in setup.items() if y == kor.front_rows(0)[0]} == \
        {r for (x, y), r in for_one.items() if y == kor.front_rows(1)[0]}
    # saved by player 1, loaded by player 0: mirrored back
    store.save_formation("Ответ", for_one, 1)
    found, _ = store.list_formations()
    assert {f.name: f.setup(0) for f in found}["Ответ"] == setup


def test_an_illegal_setup_is_not_saved(home):
    setup = kor.random_setup(0, random.Random(8))
    setup.pop(next(iter(setup)))
    with pytest.raises(kor.PlacementError):
        store.save_formation("short", setup, 0)
    assert not (home / "formations").exists()


def test_broken_formation_files_are_reported_and_skipped(home):
    store.save_formation("good", kor.random_setup(0, random.Random(1)), 0)
    folder = home / "formations"
    (folder / "junk.json").write_text("{not json", encoding="utf-8")
    rows = store.to_rows(kor.random_setup(0, random.Random(2)), 0)
    rows[0] = rows[0].replace("LIN", "XX", 1) if "LIN" in rows[0] else "XX" + rows[0][1:]
    (folder / "short.json").write_text(json.dumps(
        {"format": store.FORMAT, "version": 1, "name": "short", "rows": rows[:4]}),
        encoding="utf-8")
    (folder / "newer.json").write_text(json.dumps(
        {"format": store.FORMAT, "version": 99, "name": "x", "rows": rows}), encoding="utf-8")
    (folder / "rank.json").write_text(json.dumps(
        {"format": store.FORMAT, "version": 1, "name": "r", "rows": rows}), encoding="utf-8")
    found, problems = store.list_formations()
    assert [f.name for f in found] == ["good"]
    named = {p.path.name: p.problem for p in problems}
    assert set(named) == {"junk.json", "short.json", "newer.json", "rank.json"}
    assert "JSON" in named["junk.json"] and "5 rows" in named["short.json"]
    assert "newer" in named["newer.json"] and "XX" in named["rank.json"]
    assert all(isinstance(p, DataFileError) and str(p.path) in str(p) for p in problems)


def test_the_screen_saves_and_loads_formations_and_skips_broken_ones(screens, home):
    app, scene, _ = screens()
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)          # incomplete: refused
    assert scene.dialog is None and scene.message == app.tr("kor.setup.save_incomplete")
    press(app, pygame.K_a)
    saved = dict(scene.setup)
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert scene.dialog == "save" and scene.name
    press(app, *[pygame.K_BACKSPACE] * 40)
    for ch in "Ёж 1":
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(1 / 60, [])
    press(app, pygame.K_RETURN)
    assert scene.dialog is None and "Ёж 1" in scene.message
    (home / "formations" / "broken.json").write_text("[1, 2", encoding="utf-8")
    press(app, pygame.K_c)
    assert scene.setup == {}
    press(app, pygame.K_l, mod=pygame.KMOD_CTRL)
    assert scene.dialog == "load" and [f.name for f in scene.found] == ["Ёж 1"]
    assert any("broken.json" in n[0] for n in app.notices)
    app.step(1 / 60, [])                        # the dialog lists the broken file too
    press(app, pygame.K_RETURN)
    assert scene.dialog is None and scene.setup == saved
    # the same formation for the other player, in his zone
    app2, scene2, done2 = screens(player=1)
    press(app2, pygame.K_l, mod=pygame.KMOD_CTRL)
    press(app2, pygame.K_RETURN)
    assert scene2.setup == mirrored(saved)
    press(app2, pygame.K_RETURN)
    assert done2 and kor.validate_setup(1, done2[0]) is None


def test_the_save_dialog_reads_the_disk_when_it_opens_never_while_drawing(screens, monkeypatch):
    """Typing a name already saved says it will be replaced; the names saved are read when the
    dialog opens, not by every frame's drawing."""
    app, scene, _ = screens()
    press(app, pygame.K_a)
    store.save_formation("Ёж", scene.setup, scene.player)
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert scene.dialog == "save"

    def no_disk():
        raise AssertionError("the save dialog read the disk while drawing")
    monkeypatch.setattr(store, "formations_dir", no_disk)
    press(app, *[pygame.K_BACKSPACE] * 40)
    for ch in "Ёж":
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step(1 / 60, [])
    assert scene.replaces
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="2"))
    app.step(1 / 60, [])
    assert not scene.replaces


def test_esc_closes_a_dialog_without_leaving(screens):
    app, scene, _ = screens()
    press(app, pygame.K_l, mod=pygame.KMOD_CTRL)
    assert scene.dialog == "load" and not scene.found
    press(app, pygame.K_RETURN)                 # nothing to load: nothing happens
    press(app, pygame.K_ESCAPE)
    assert scene.dialog is None and app.scenes.top is scene


# --- drawing ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "ru", "uk", "no"])
def test_draws_at_both_sizes(screens, size, lang):
    app, scene, _ = screens(size=size, lang=lang, player=1)
    app.step(1 / 60, [])
    press(app, pygame.K_a)
    walk(app, scene, next(iter(scene.setup)))
    press(app, pygame.K_SPACE)                  # a piece in hand
    app.step(1 / 60, [])
    app.handle(mouse(pygame.MOUSEMOTION, centre(scene, (3, 7))))
    app.step(1 / 60, [])
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    app.step(1 / 60, [])
    # everything on screen: the board, the tray and the buttons
    w, h = size
    assert scene.geo.outer.left >= 0 and scene.geo.grid.bottom <= h
    assert scene.tray_rect.right <= w and scene.tray_rect.bottom < scene.buttons[0].rect.top
    assert all(b.rect.bottom <= h and b.rect.right <= w for b in scene.buttons)
    assert scene.geo.grid.right < scene.side.left


def test_screen_and_board_cells():
    for flip in (False, True):
        for cell in [(0, 0), (15, 14), (3, 11)]:
            assert draw.from_screen(draw.to_screen(cell, flip), flip) == cell
    assert draw.to_screen((0, 0), True) == (15, 14)
    # each player sees his own zone at the bottom of the screen
    for player, flip in ((0, False), (1, True)):
        rows = {draw.to_screen(c, flip)[1] for c in kor.zone_cells(player)}
        assert rows == set(range(10, 15))
    geo = draw.fit_geometry(pygame.Rect(0, 0, 800, 600))
    assert geo.cols == 16 and geo.rows == 15
    for flip in (False, True):
        cell = (2, 13)
        assert draw.cell_at(geo, draw.board_rect(geo, cell, flip).center, flip) == cell


def test_pieces_draw_every_rank_and_are_cached():
    pygame.display.init()
    surf = pygame.Surface((800, 600))
    geo = draw.fit_geometry(surf.get_rect())
    draw.draw_sea_board(surf, geo, LETTER_SETS["russian"], 0.5, True)
    own, enemy = draw.viewer_colours(True)
    for i, rank in enumerate(kor.RANKS):
        draw.draw_piece(surf, geo, (i, 12), rank, own, True, label=rank, selected=i == 0,
                        known=i == 1)
        draw.draw_piece(surf, geo, (i, 2), rank, enemy, False, revealed_badge=True, label=rank)
        draw.draw_piece(surf, geo, (i, 1), None, enemy, False)
    a = draw.piece_surface(kor.LIN, 30, own, True, "BB")
    assert draw.piece_surface(kor.LIN, 30, own, True, "BB") is a
    assert draw.piece_surface(kor.LIN, 30, own, False, "BB") is not a
    # a hidden piece never shows a label, whatever the caller passes
    blank = pygame.image.tobytes(draw.piece_surface(None, 30, enemy, False), "RGBA")
    for label in ("BB", "ЛИН"):
        back = draw.piece_surface(None, 30, enemy, False, label, revealed_badge=True)
        assert pygame.image.tobytes(back, "RGBA") == blank


def test_auto_uses_the_computer_formations_when_they_exist():
    kai = pytest.importorskip("game.ai.korabliki")
    from game.scenes.korabliki.placement import make_formation
    for style in kai.FORMATIONS:
        assert style in formation_styles()
        for player in (0, 1):
            assert (make_formation(style, player, random.Random(5))
                    == kai.formation(style, player, random.Random(5)))
