"""Naval's five ships seen from above (RULES.md §N, seed 004; issue 20, part 1).

- patrol boat ("Охранный катер", 2 cells): a slim hull, its bridge and mast;
- submarine ("Подлодка", 3): a long rounded hull with its sail;
- battleship ("Линкор", 4): a long superstructure and two funnels;
- Aegis ("Эгида", 5): its tall bridge with the phased-array radar's faces on both sides, a
  funnel aft and a helicopter pad at the stern;
- aircraft carrier ("Авианосец", 8: ``XXXXX`` over ``.XXX.``): the flight deck's slab with its
  side extension (the sponson) hanging off one long side, the island, the lifts.

Every weapon sits where its owner put it, so no hull paints a gun: the weapon glyphs
(``render.naval``) go on top, the flight deck's runway too, and stay readable on these hulls.
Each sprite is drawn once per (kind, cell size, orientation, colours) and cached.
"""

from __future__ import annotations

import pygame

from .cache import Lru
from .hull import shaped_sprite
from .ships import ship_sprite, straight

NAVAL = "naval"        # BoardPicture.hull for a Naval board: every ship drawn as its kind
# a straight ship's length -> the kind it is in Naval (one of each, §N)
BY_LENGTH = {2: "naval-patrol", 3: "submarine", 4: "naval-battleship", 5: "aegis"}
CARRIER_CELLS = 8
_cache = Lru(96)


def _shade(colour, k: float):
    return tuple(max(0, min(255, int(c * k))) for c in colour[:3])


def carrier_layout(cells) -> tuple[bool, bool] | None:
    """(vertical, flipped) of a carrier's ``cells`` — its line of five along x (or y when
    vertical), the extension below it (or right) unless flipped — or None if the cells are
    not a carrier."""
    cells = set(cells)
    if len(cells) != CARRIER_CELLS:
        return None
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    shape = {(x - x0, y - y0) for x, y in cells}
    line = {(i, 0) for i in range(5)}
    ext = {(i, 1) for i in range(1, 4)}
    if shape == line | ext:
        return False, False
    if shape == {(x, 1 - y) for x, y in line | ext}:
        return False, True
    if shape == {(y, x) for x, y in line | ext}:
        return True, False
    if shape == {(1 - y, x) for x, y in line | ext}:
        return True, True
    return None


def naval_sprite(cells, cell: int, colour, edge) -> pygame.Surface:
    """The sprite of a Naval ship over ``cells`` (its top-left at the top-left of the cells'
    bounding box): the kind its shape tells (one of each in a fleet), or, for a shape no ship
    has (a ship being placed, half off the board), one hull over the cells."""
    cells = list(cells)
    line = straight(cells)
    if line is not None and line[0] in BY_LENGTH:
        length, vertical = line
        return ship_sprite(length, cell, vertical, colour, edge, BY_LENGTH[length])
    layout = carrier_layout(cells)
    if layout is None:
        return shaped_sprite(cells, cell, colour, edge)
    key = (layout, cell, tuple(colour[:3]), tuple(edge[:3]))
    surf = _cache.get(key)
    if surf is None:
        surf = _carrier(cell, colour, edge)
        vertical, flipped = layout
        if vertical:
            surf = pygame.transform.rotate(surf, 90)    # the bow up, the extension right
            if flipped:
                surf = pygame.transform.flip(surf, True, False)
        elif flipped:
            surf = pygame.transform.flip(surf, False, True)
        _cache[key] = surf
    return surf


def _carrier(c: int, colour, edge) -> pygame.Surface:
    """The carrier lying along x, bow to the right, its extension below: one flat deck."""
    surf = pygame.Surface((5 * c, 2 * c), pygame.SRCALPHA)
    i = max(2, c // 8)
    hull = [(i, i * 1.5), (4.35 * c, i), (5 * c - i, 0.4 * c), (5 * c - i, 0.62 * c),
            (4.3 * c, c - i), (4 * c - i, 2 * c - i), (c + i, 2 * c - i), (c - i, c - i * 0.5),
            (i * 1.5, c - i)]
    pygame.draw.polygon(surf, _shade(colour, 0.8), hull)
    centre = (2.5 * c, 0.9 * c)
    deck = [(x + (centre[0] - x) * 0.04, y + (centre[1] - y) * 0.1) for x, y in hull]
    flight = _shade(colour, 0.72)
    pygame.draw.polygon(surf, flight, deck)
    line = max(1, c // 24)
    pygame.draw.polygon(surf, edge, hull, line)
    light = _shade(colour, 1.3)
    u = c / 10
    # the deck's edge markings: a dashed light line round the slab
    for a, b in zip(deck, deck[1:] + deck[:1]):
        n = max(1, int(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 // (2 * u)))
        for k in range(0, n, 2):
            p0 = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
            p1 = (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1] + (b[1] - a[1]) * (k + 1) / n)
            pygame.draw.line(surf, light, p0, p1, max(1, round(u * 0.35)))
    # two lifts on the slab, the island on the far side from the extension
    for x, y in ((1.5 * c, 1.45 * c), (3.5 * c, 1.45 * c)):
        lift = pygame.Rect(0, 0, 3.2 * u, 3.2 * u)
        lift.center = (x, y)
        pygame.draw.rect(surf, _shade(colour, 0.6), lift)
    island = pygame.Rect(0, 0, 9 * u, 2.6 * u)
    island.topleft = (3.05 * c, i + 0.4 * u)
    pygame.draw.rect(surf, light, island, border_radius=max(1, int(u * 0.5)))
    pygame.draw.rect(surf, edge, island, line, border_radius=max(1, int(u * 0.5)))
    pygame.draw.circle(surf, _shade(colour, 0.5), (island.x + 6 * u, island.centery),
                       max(1, 0.9 * u))
    return surf
