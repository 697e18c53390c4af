"""What the battle screens show (issue 18, item 11): every ship afloat listed, result words on
the board, the aim following typed coordinates, the right words in the status panel."""

import pygame

from game.render.effects import Effects
from game.rules.classic import LARGE_18_FLEET
from game.scenes.battle import afloat_rows

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


def test_every_ship_afloat_of_a_large_fleet_has_a_place_under_the_board():
    sizes = sorted((s.size for s in LARGE_18_FLEET), reverse=True)
    assert len(sizes) == 21
    rows = afloat_rows(sizes, 18 * 3)
    placed = [size for row in rows for _, size in row]
    assert placed == sizes
    for row in rows:
        assert all(x + size <= 18 * 3 for x, size in row)
        assert all(a[0] + a[1] < b[0] for a, b in zip(row, row[1:]))   # a cell apart
