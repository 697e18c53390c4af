"""What the battle screens show (issue 18, item 11): every ship afloat listed, result words on
the board, the aim following typed coordinates, the right words in the status panel."""

import pygame
import pytest

from game.render.effects import Effects
from game.rules.classic import LARGE_18_FLEET
from game.render.battle import afloat_groups, afloat_layout

import random


def test_result_words_rise_inside_the_board_never_over_its_letters_or_numbers():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((640, 640))
    pygame.font.init()
    fx = Effects(random.Random(1))
    grid = pygame.Rect(100, 120, 400, 400)
    for pos in ((102, 122), (498, 125), (300, 519), (101, 300)):   # corner, edges
        fx.texts.clear()
        fx.float_text("Мимо!", pos, 28, (255, 255, 255), bounds=grid)
        ft = fx.texts[0]
        for _ in range(80):                              # its whole life, 1/60 s a step
            rect = ft.surf.get_rect(center=ft.pos)
            assert grid.contains(rect), (pos, rect)
            fx.update(1 / 60)
            if not fx.texts:
                break


def test_every_size_of_a_large_fleet_has_its_count_under_the_board(home):
    pygame.font.init()
    sizes = sorted((s.size for s in LARGE_18_FLEET), reverse=True)
    assert len(sizes) == 21
    afloat = sizes[2:]                                  # the two largest sunk
    groups = afloat_groups(sizes, afloat)
    assert groups == [(6, 0), (5, 1), (4, 3), (3, 4), (2, 5), (1, 6)]
    cell, px, rows = afloat_layout(groups, 360, 60, 30)
    assert [(size, n) for row in rows for _, size, n in row] == groups
    for row in rows:
        assert all(0 <= x and x + size * cell <= 360 for x, size, _ in row)
        assert all(a[0] + a[1] * cell < b[0] for a, b in zip(row, row[1:]))   # apart


def test_placement_help_names_mirror_shapes_and_mines_only_where_they_apply(home):
    from game.app import App
    from game.rules.classic import PRESETS, ClassicConfig
    from game.match import COMPUTER, HUMAN, Match, Seat
    from game.scenes.classic.placement import PlacementScene
    app = App(size=(1280, 720), seed=1)
    seats = (Seat(HUMAN, "A"), Seat(COMPUTER, "B", "hunter"))
    shapes, pieces = app.tr("place.help_shapes"), app.tr("place.help_pieces")
    for cfg, want_shapes, want_pieces in ((PRESETS["russian"], False, False),
                                          (PRESETS["mines"], False, True),
                                          (ClassicConfig(shapes="bent"), True, False)):
        scene = PlacementScene(app, Match(cfg, seats), 0, lambda ships: None)
        words = scene.help_text()
        assert (shapes in words) == want_shapes and (pieces in words) == want_pieces, cfg
    app.quit()


def test_the_next_ships_ghost_does_not_cover_the_ship_just_placed(home):
    import pygame as pg
    from game.app import App
    from game.rules.classic import PRESETS
    from game.match import COMPUTER, HUMAN, Match, Seat
    from game.scenes.classic.placement import PlacementScene
    from .test_scenes import key
    app = App(size=(1280, 720), seed=1)
    scene = PlacementScene(app, Match(PRESETS["russian"], (Seat(HUMAN, "A"),
                                                          Seat(COMPUTER, "B", "hunter"))),
                           0, lambda ships: None)
    app.scenes.push(scene)
    app.step(1 / 60, [key(pg.K_RETURN)])               # the four-deck at A1–D1
    assert len(scene.placed) == 1 and scene.held is not None
    assert not scene.ghost_shown                       # the three-deck is not drawn over it
    app.step(1 / 60, [key(pg.K_DOWN), key(pg.K_DOWN)])
    assert scene.ghost_shown                           # it follows the cursor again
    app.quit()


def test_typing_a_coordinate_moves_the_aim_and_a_bad_one_is_explained_in_the_chosen_letters(home):
    from game.i18n import Translator, describe
    from game.rules.coords import parse_cell
    from game.rules.errors import CoordError
    from game.scenes.common.title import TitleScene
    from .test_scenes import frames, quick_battle, typed
    from game.app import App
    app = App(size=(1280, 720), seed=7)
    app.scenes.push(TitleScene(app))
    frames(app, 2)
    app.settings.letters = "russian"
    battle = quick_battle(app)
    frames(app, 1, typed("д7"))
    assert battle.cursor == (4, 6) and not battle.game.history   # aimed, not fired
    try:
        parse_cell("7", 10, 10, "russian")
    except CoordError as exc:
        words = describe(exc, Translator("ru"), "russian")
    assert "Б7" in words and "B7" not in words
    app.quit()


def test_after_a_mine_the_status_panel_asks_for_a_cell_of_the_players_own_fleet(home, monkeypatch):
    import random as rnd
    from game.app import App
    from game.render import text
    from game.rules.classic import GIVE_CELL, PRESETS, random_setup
    from game.scenes.classic.battle import BattleScene
    from game.match import COMPUTER, HUMAN, Match, Seat
    from .test_scenes import frames
    app = App(size=(800, 600), seed=7)
    cfg = PRESETS["mines"]
    match = Match(cfg, (Seat(HUMAN, "A"), Seat(COMPUTER, "B", "hunter")), first="0", seed=3)
    rng = rnd.Random(2)
    battle = BattleScene(app, match, match.new_game([random_setup(cfg, rng),
                                                     random_setup(cfg, rng)]))
    app.scenes.push(battle)
    battle.fire(battle.game.mines[1][0])
    for _ in range(600):
        if not battle.busy:
            break
        frames(app)
    assert battle.human_deciding == GIVE_CELL
    said = []
    real = text.draw_block
    monkeypatch.setattr(text, "draw_block", lambda s, words, *a, **k: said.append(words) or
                        real(s, words, *a, **k))
    battle.draw(app.screen)
    assert said == [app.tr("battle.hint_give_cell")]
    app.quit()


def test_a_dutchmans_old_marks_show_as_hollow_rings_at_every_board_size():
    import pygame as pg
    from game.render.board import BoardGeometry, BoardPicture, draw_board
    from game.rules.coords import board_letters
    pg.display.init()
    if pg.display.get_surface() is None:
        pg.display.set_mode((640, 640))
    pg.font.init()
    letters = board_letters("latin", 20, 20)
    for cell in (14, 20, 32):
        geo = BoardGeometry(30, 30, cell, 20, 20)
        plain, marked = pg.Surface((700, 700)), pg.Surface((700, 700))
        draw_board(plain, geo, BoardPicture(), letters, 1.0)
        draw_board(marked, geo, BoardPicture(faded=[(3, 3)]), letters, 1.0)
        r = geo.cell_rect((3, 3))
        changed = sum(plain.get_at((x, y)) != marked.get_at((x, y))
                      for x in range(r.left, r.right) for y in range(r.top, r.bottom))
        assert changed >= cell * 2, (cell, changed)          # a ring one sees, not a speck
        assert plain.get_at(geo.center((3, 3))) == marked.get_at(geo.center((3, 3)))  # hollow


def test_korabliki_labels_fit_their_piece_at_every_size_in_every_language():
    import pygame as pg
    from game.i18n import LANGUAGES, Translator
    from game.render import korabliki as draw
    from game.rules import korabliki as kor
    pg.display.init()
    if pg.display.get_surface() is None:
        pg.display.set_mode((640, 640))
    pg.font.init()
    for lang in LANGUAGES:
        tr = Translator(lang)
        for rank in kor.RANKS:
            label = draw.rank_label(tr, rank)
            for s in (14, 18, 22, 26, 30, 40, 56):
                for max_w in (s * 0.92, s * 0.9, s * 0.96):
                    surf = pg.Surface((s, s), pg.SRCALPHA)
                    draw._label_plate(surf, s, label, (s / 2, s * 0.84), max_w, int(s * 0.44),
                                      (255, 255, 255), (10, 10, 10, 255))
                    box = surf.get_bounding_rect()
                    assert box.w <= int(max_w) and surf.get_rect().contains(box), \
                        (lang, label, s, box)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("preset, least", [("russian", 16), ("large-18", 12)])
def test_the_fleet_tally_under_each_board_is_big_enough_to_read(home, monkeypatch, size, preset,
                                                                least):
    """Issue 33: the ships afloat under each board were specks (cells of 6 to 11 px at 800×600);
    a silhouette per size with its count now takes the room there is, inside the board's width
    and above the log, both boards alike."""
    from game.app import App
    from game.match import COMPUTER, HUMAN, Match, Seat
    from game.render import battle as battle_art
    from game.rules.classic import PRESETS
    from game.scenes.classic.battle import BattleScene
    app = App(size=size, seed=1)
    match = Match(PRESETS[preset], (Seat(HUMAN, "A"), Seat(COMPUTER, "B", "hunter")), seed=1)
    game = match.new_game([match.entry.computer_setup(match, i) for i in (0, 1)])
    scene = BattleScene(app, match, game, keep_record=False)
    app.scenes.push(scene)
    app.step(1 / 60, [])
    drawn = []
    real = battle_art.draw_vessel
    monkeypatch.setattr(battle_art, "draw_vessel", lambda s, geo, *a, **k: drawn.append(geo)
                        or real(s, geo, *a, **k))
    app.draw()
    assert drawn and min(g.cell for g in drawn) >= least, [g.cell for g in drawn]
    for side in ("left", "right"):
        grid = scene._geo[side].grid
        mine = [g for g in drawn if grid.left <= g.grid.centerx <= grid.right]
        assert mine and all(grid.left <= g.grid.left and g.grid.right <= grid.right
                            and g.grid.bottom <= scene.log_rect.y for g in mine)
    app.quit()


def test_the_thinking_glow_spreads_over_the_beliefs_range_and_has_a_legend(home, monkeypatch):
    """Issue 33: early on every open cell is nearly as likely as the next, and scaled to the
    largest belief they all glowed the same yellow. Scaled to the range the computer believed,
    its coolest and hottest cells differ plainly, and a legend says which end is which."""
    from game.app import App
    from game.match import COMPUTER, HUMAN, Match, Seat
    from game.render import text as text_mod
    from game.rules.classic import PRESETS, Shot
    from game.scenes.classic.thinking import ThinkingScene
    app = App(size=(1280, 720), seed=1)
    match = Match(PRESETS["russian"], (Seat(COMPUTER, "B", "hunter"), Seat(HUMAN, "A")), seed=1)
    game = match.new_game([match.entry.computer_setup(match, i) for i in (0, 1)])
    game.apply(Shot((9, 9)))
    belief = [0.0095 + 0.001 * ((x + y) % 10) / 9 for y in range(10) for x in range(10)]
    belief[99] = 0.0
    cool, hot = (0, 0), (9, 0)                       # 0.0095 and 0.0105
    scene = ThinkingScene(app, match, game, 0, [(1, (4, 4), belief)])
    app.scenes.push(scene)
    said = []
    real = text_mod.draw
    monkeypatch.setattr(text_mod, "draw", lambda s, words, *a, **k: said.append(str(words))
                        or real(s, words, *a, **k))
    app.step(1 / 60, [])
    app.draw()
    geo = scene.field_geometry()
    colours = [app.screen.get_at(geo.cell_rect(c).move(2, 2).topleft) for c in (cool, hot)]
    assert sum(abs(a - b) for a, b in zip(colours[0][:3], colours[1][:3])) > 120, colours
    assert app.tr("thinking.less_likely") in said and app.tr("thinking.more_likely") in said
    assert app.tr("thinking.all_alike") not in said           # it is said only when so
    scene.thoughts[0] = (1, (4, 4), [0.01] * 99 + [0.0])
    said.clear()
    app.draw()
    assert app.tr("thinking.all_alike") in said
    app.quit()
