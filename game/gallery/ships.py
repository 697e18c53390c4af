"""Gallery: every ship class at 16, 32 and 64 pixels a cell, afloat and wrecked."""

from __future__ import annotations

import pygame

from ..render import theme
from ..render.ships import CLASSES, ship_sprite
from . import shot


@shot
def classic_ships(gallery) -> None:
    kinds = [(n, name) for n, name in CLASSES.items()] + [(3, "submarine")]  # + Milton Bradley's
    for cell in (16, 32, 64):
        pad = cell // 2
        width = pad + sum(n * cell + pad for n, _ in kinds)
        sheet = pygame.Surface((width, pad + 2 * (cell + pad)))
        sheet.fill(theme.BG)
        x = pad
        for n, name in kinds:
            for row, (colour, edge) in enumerate(((theme.SHIP, theme.SHIP_DARK),
                                                  (theme.WRECK, (40, 30, 30)))):
                y = pad + row * (cell + pad)
                pygame.draw.rect(sheet, (20, 60, 110), (x, y, n * cell, cell))
                sheet.blit(ship_sprite(n, cell, False, colour, edge, name), (x, y))
            x += n * cell + pad
        gallery.save(sheet, f"ships-classic-{cell}px.png")
