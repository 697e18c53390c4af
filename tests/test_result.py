"""Issue 33: the result of a game in every mode (a big banner, why the game ended, the numbers
counted up, a campaign battle's stars revealed one by one, confetti and fireworks, the draw's
rematch), the kill moment bright and a miss a real splash."""

import random

import pygame
import pytest

from game.render import theme
from game.render.effects import Effects
from game.render.moments import banner

BG = theme.BG


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.init()
    yield


# -- the kill moment and the splash ---------------------------------------------------------

def test_a_blast_lights_the_water_round_it_and_leaves_the_rest_of_the_screen_dark():
    """The kill moment was a grey wash: every explosion lit the whole screen. Now its light
    falls round the blast; a far corner keeps the night sea's colour."""
    screen = pygame.Surface((640, 480))
    fx = Effects(random.Random(1), scale=1.0)
    fx.explosion((320, 240), 0.9)
    fx.update(0.03)
    fx.particles.clear()            # the fireball itself: only the light is looked at here
    fx.rings.clear()
    screen.fill(BG)
    fx.draw(screen)
    assert tuple(screen.get_at((5, 5)))[:3] == BG
    lit = screen.get_at((320 + 15, 240 + 10))
    assert lit.r > BG[0] + 60 and lit.r > lit.b         # warm light near the blast


def test_the_kill_word_is_lit_and_glows_in_its_colour():
    surf = banner("Sunk!", "Cruiser", 80, theme.ACCENT, theme.TEXT, 1000)
    w, h = surf.get_size()
    pixels = [surf.get_at((x, y)) for x in range(0, w, 2) for y in range(0, h // 2, 2)]
    bright = [p for p in pixels if p.a > 200 and p.r > 240 and p.g > theme.ACCENT[1] + 20]
    assert bright, "the face is lit above its colour at its top"
    halo = [p for p in pixels if 0 < p.a < 160 and p.r > 200 and p.g > 150]
    assert len(halo) > 50, "a soft glow of the word's colour round it"


@pytest.mark.parametrize("scale", (0.6, 1.0, 1.5))
def test_a_miss_throws_a_column_of_water_with_droplets_and_rings_sized_in_cells(scale):
    fx = Effects(random.Random(2), scale=scale)
    fx.splash((100, 100))
    cell = 40 * scale
    main = max(fx.columns, key=lambda c: c.height)
    assert main.height == pytest.approx(2 * cell)          # two cells of water thrown up
    assert len(fx.columns) >= 3                           # and the crown's sheets beside it
    assert len(fx.rings) >= 3                             # rings running out on the surface
    drops = [p for p in fx.particles if p.gravity > 0]
    assert len(drops) >= 20 and max(-p.vy for p in drops) > 4 * cell   # thrown high, falling
