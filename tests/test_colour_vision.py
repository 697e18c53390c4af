"""Issue 38: every board state a player must tell apart stays apart in every palette, seen with
every colour vision (render.vision: Machado 2009; achromat: lightness alone, so no pair is
told by hue alone), and a change of palette shows at once."""

import numpy as np
import pygame
import pytest

from game.render import swatches, theme, vision
from game.render.board import BoardGeometry, BoardPicture, draw_board
from game.rules.classic import EMPTY, HIT, MISS
from game.rules.coords import LETTER_SETS


@pytest.fixture(autouse=True)
def _screen():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield
    theme.configure()


@pytest.fixture
def broken(monkeypatch):
    """A palette made to fail, put among the real ones for one test."""
    def make(**colours):
        monkeypatch.setitem(theme.PALETTES, "broken", colours)
        return "broken"
    return make


def test_every_pair_of_states_stays_apart_in_every_palette_and_vision():
    out = swatches.table()
    assert set(out["table"]) == {"normal", "deutan", "tritan", "contrast"}
    below = [(p, v, pair, d) for p, rows in out["table"].items() for v, row in rows.items()
             for pair, d in row.items() if d < vision.THRESHOLD]
    assert below == []
    assert out["smallest"]["distance"] >= vision.THRESHOLD
    pairs = next(iter(next(iter(out["table"].values())).values()))
    assert "hit|miss" in pairs and "water|halo" in pairs and "own_side|enemy_side" in pairs
    assert "mine|mine_known" in pairs and "ship|sunk" in pairs and "water|defence" in pairs
    assert "ghost_ok|ghost_off" in pairs and "aim_ok|aim_off" in pairs


@pytest.mark.parametrize("palette, visions", [("deutan", ("protan", "deutan")),
                                               ("tritan", ("tritan",))])
def test_a_palette_keeps_its_visions_signal_colours_far_apart(palette, visions):
    """The signals also read by colour (the two sides, good and bad, an aim that may or may not
    go, a hit and a found mine) lie twice the threshold apart, as flat colours, for the eyes a
    palette is made for; the normal palette does not manage it for them."""
    out = swatches.table(palettes=("normal", palette), visions=visions)["signals"]
    for v in visions:
        assert min(out[palette][v].values()) >= 2 * vision.THRESHOLD, (palette, v)
        assert min(out["normal"][v].values()) < 2 * vision.THRESHOLD, v


def test_a_halo_in_the_seas_own_colour_fails(broken):
    name = broken(HALO=theme.WATER_DEEP, HALO_RIM=theme.WATER_DEEP,
                  WATER_LIGHT=theme.WATER_DEEP)
    out = swatches.table(palettes=(name,), visions=("normal",))
    assert out["smallest"]["pair"] == "water|halo"
    assert out["smallest"]["distance"] < vision.THRESHOLD


def test_a_red_green_halo_passes_normal_eyes_and_fails_a_deuteranope(broken):
    """A halo dot that differs from the sea in red against green alone, at one lightness:
    plain to normal eyes, lost to a deuteranope and a protanope (the simulation matters)."""
    sea, dot = (150, 112, 100), (100, 132, 100)
    name = broken(WATER_DEEP=sea, WATER_LIGHT=sea, HALO=dot, HALO_RIM=dot)
    rows = swatches.table(palettes=(name,))["table"][name]
    assert rows["normal"]["water|halo"] >= vision.THRESHOLD
    assert rows["deutan"]["water|halo"] < vision.THRESHOLD
    assert rows["protan"]["water|halo"] < vision.THRESHOLD
    assert rows["achromat"]["water|halo"] < vision.THRESHOLD


def _board() -> np.ndarray:
    surf = pygame.Surface((96, 96))
    picture = BoardPicture(ships=[[(0, 0), (1, 0)]], marks={(0, 0): HIT, (1, 1): MISS,
                                                           (2, 2): EMPTY})
    draw_board(surf, BoardGeometry(0, 0, 32, 3, 3), picture, LETTER_SETS["latin"], 0.3)
    return pygame.surfarray.array3d(surf)


def test_a_change_of_palette_shows_on_the_next_frame():
    first = _board()
    for palette in ("deutan", "tritan", "contrast"):
        assert theme.configure(palette)
        assert not np.array_equal(_board(), first), palette
    theme.configure("normal")
    assert np.array_equal(_board(), first)       # and back, nothing kept from the others


def test_a_battle_screen_follows_the_setting_at_once():
    from game.app import App
    from game.rules.classic import PRESETS
    from game.scenes.modes import SCREENS
    app = App(size=(800, 600), seed=1, audio=False)
    app.scenes.reset(SCREENS["classic"].battle.showcase(app, PRESETS["russian"], 1))
    app.step(0.0, [])
    before = pygame.surfarray.array3d(app.screen)
    app.settings.colour_vision = "contrast"
    app.apply_settings()
    app.step(0.0, [])
    assert theme.palette == "contrast"
    assert not np.array_equal(pygame.surfarray.array3d(app.screen), before)


@pytest.mark.parametrize("mode", ["classic", "naval"])
def test_both_fields_carry_their_sides_emblem(mode, monkeypatch):
    from game.app import App
    from game.modes import MODES
    from game.scenes.common import battle_base
    from game.scenes.modes import SCREENS
    drawn = []
    real = battle_base.draw_side_mark
    monkeypatch.setattr(battle_base, "draw_side_mark",
                        lambda s, c, size, own, colour: drawn.append(own) or real(s, c, size,
                                                                                  own, colour))
    app = App(size=(800, 600), seed=1, audio=False)
    config = next(iter(MODES[mode].rules.presets.values()))
    app.scenes.reset(SCREENS[mode].battle.showcase(app, config, 1))
    app.step(1 / 60, [])
    assert sorted(drawn) == [False, True]


def test_the_simulation_keeps_greys_and_joins_red_with_green():
    greys = np.array([[[0, 0, 0], [128, 128, 128], [255, 255, 255]]], float)
    for v in ("protan", "deutan", "tritan", "achromat"):
        assert np.abs(vision.simulate(greys, v) - greys).max() < 1.0, v
    red, green = np.array([[[200, 60, 40]]], float), np.array([[[90, 110, 40]]], float)
    normal = vision.delta_e(red, green).item()
    assert normal > 60

    def seen(v):
        return vision.delta_e(vision.simulate(red, v), vision.simulate(green, v)).item()
    assert seen("protan") < normal / 4 and seen("deutan") < normal / 4     # they confuse them
    assert seen("tritan") > normal / 2                                      # a tritanope does not
    x = np.arange(256, dtype=float)
    assert np.abs(vision.to_srgb(vision.to_linear(x)) - x).max() < 1e-6


def test_the_patch_measure_ignores_a_speck_and_sees_a_mark():
    a = np.zeros((32, 32, 3))
    speck, mark = a.copy(), a.copy()
    speck[10, 10] = 255
    mark[8:14, 8:14] = 255
    assert vision.distance(a, speck) < vision.THRESHOLD <= vision.distance(a, mark)


def test_the_korabliki_enemys_edge_is_dashed_and_the_own_solid():
    """«Кораблики»' one board: whose edge is whose by pattern as well as colour."""
    from game.render import korabliki
    cell = 20
    surf = korabliki._zones_surface(cell, theme.PLAYER_COLOURS[0], theme.PLAYER_COLOURS[1])
    w, h = korabliki.WIDTH * cell, korabliki.HEIGHT * cell

    def painted(y):          # the band is drawn opaque enough; the zone's tint under it faint
        return [surf.get_at((x, y))[3] >= 120 for x in range(3, w - 3)]
    top, bottom = painted(3), painted(h - 2)
    assert all(bottom)
    assert 0.3 < sum(top) / len(top) < 0.7           # dashes, half of the edge
