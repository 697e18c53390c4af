"""Drawing a sea board: water, grid, coordinate labels, ships, marks and the cursor."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..rules.classic import EMPTY, HIT, KNOWN_MINE, MINE, MISS, SUNK, SWEEPER, WRECK
from ..rules.coords import Cell, LetterSet
from . import damage, motion, text, theme
from .cache import Lru
from .sea import draw_water
from .hull import DUTCHMAN, shaped_sprite
from .naval_ships import NAVAL, naval_sprite
from .paint import fly_flag, patterned
from .ships import KINDS, ship_sprite, straight
from .widgets import tint


@dataclass(frozen=True)
class BoardGeometry:
    x: int          # top-left corner of cell (0, 0), labels lie left of and above it
    y: int
    cell: int
    cols: int
    rows: int

    @classmethod
    def fit(cls, rect: pygame.Rect, cols: int, rows: int, max_cell: int = 56) -> "BoardGeometry":
        """The largest board (with its label band) that fits in ``rect``, centred in it."""
        cell = int(min(rect.w / (cols + 0.9), rect.h / (rows + 0.9), max_cell))
        cell = max(cell, 8)
        label = int(cell * 0.9)
        w = cols * cell + label
        h = rows * cell + label
        x = rect.x + (rect.w - w) // 2 + label
        y = rect.y + (rect.h - h) // 2 + label
        return cls(x, y, cell, cols, rows)

    @property
    def grid(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.cols * self.cell, self.rows * self.cell)

    @property
    def outer(self) -> pygame.Rect:
        label = int(self.cell * 0.9)
        return pygame.Rect(self.x - label, self.y - label, self.cols * self.cell + label,
                           self.rows * self.cell + label)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        return pygame.Rect(self.x + cell[0] * self.cell, self.y + cell[1] * self.cell,
                           self.cell, self.cell)

    def center(self, cell: Cell) -> tuple[float, float]:
        return (self.x + (cell[0] + 0.5) * self.cell, self.y + (cell[1] + 0.5) * self.cell)

    def cell_at(self, pos) -> Cell | None:
        cx = (pos[0] - self.x) // self.cell
        cy = (pos[1] - self.y) // self.cell
        if 0 <= cx < self.cols and 0 <= cy < self.rows:
            return (int(cx), int(cy))
        return None

    def moved(self, dx: int, dy: int) -> "BoardGeometry":
        return BoardGeometry(self.x + dx, self.y + dy, self.cell, self.cols, self.rows)


@dataclass
class BoardPicture:
    """What one board shows right now (the scene keeps it in step with the animations)."""

    ships: list = field(default_factory=list)       # ship cell tuples drawn as afloat
    wrecks: list = field(default_factory=list)      # ship cell tuples drawn sunk
    marks: dict = field(default_factory=dict)       # cell -> MISS / HIT / SUNK / EMPTY / …
    pulses: dict = field(default_factory=dict)      # cell -> time left of a highlight ring
    mines: list = field(default_factory=list)       # C5: own mines (a circle)
    spent: list = field(default_factory=list)       # C5: own mines set off (a dot in the circle)
    sweepers: list = field(default_factory=list)    # C6: own minesweepers (a triangle)
    defences: list = field(default_factory=list)    # §A: air defences (an anti-aircraft gun)
    defences_spent: list = field(default_factory=list)   # §A: those of them spent (grey)
    given: list = field(default_factory=list)       # C5: enemy cells given to us: sure hits
    gave: list = field(default_factory=list)        # C5: own cells we gave away
    faded: list = field(default_factory=list)       # §D: marks from before the ship moved
    selected: list = field(default_factory=list)    # C4: cells marked for the next salvo
    kinds: dict = field(default_factory=dict)       # frozenset of a ship's cells -> its name
    hull: str | None = None                         # what a ship without a name is drawn as
                                                    # ("dutchman": §D's ghostly sailing ship)
    livery: object = None                           # the captain's paint and flag on these
                                                    # ships (render.paint.Livery; None: grey)


_grid_cache = Lru(16)
_label_cache = Lru(32)
def _grid_overlay(geo: BoardGeometry) -> pygame.Surface:
    key = (geo.cell, geo.cols, geo.rows)
    surf = _grid_cache.get(key)
    if surf is None:
        surf = pygame.Surface((geo.cols * geo.cell + 1, geo.rows * geo.cell + 1), pygame.SRCALPHA)
        width, inner, frame, frame_w = theme.GRID_LINE
        colour = (*theme.GRID, inner)
        for i in range(geo.cols + 1):
            pygame.draw.line(surf, colour, (i * geo.cell, 0), (i * geo.cell, geo.rows * geo.cell),
                             width)
        for j in range(geo.rows + 1):
            pygame.draw.line(surf, colour, (0, j * geo.cell), (geo.cols * geo.cell, j * geo.cell),
                             width)
        pygame.draw.rect(surf, (*theme.GRID, frame), surf.get_rect(), frame_w)
        _grid_cache[key] = surf
    return surf


def _labels(geo: BoardGeometry, letters: LetterSet, colour) -> pygame.Surface:
    key = (geo.cell, geo.cols, geo.rows, letters.key, colour)
    surf = _label_cache.get(key)
    if surf is None:
        label = int(geo.cell * 0.9)
        outer = geo.outer
        surf = pygame.Surface(outer.size, pygame.SRCALPHA)
        px = max(12, int(geo.cell * 0.52))
        for i in range(geo.cols):
            text.draw(surf, letters.letter(i), (label + (i + 0.5) * geo.cell, label * 0.55), px,
                      colour, "center")
        for j in range(geo.rows):
            text.draw(surf, str(j + 1), (label * 0.5, label + (j + 0.5) * geo.cell), px,
                      colour, "center")
        _label_cache[key] = surf
    return surf


def draw_ship(surface: pygame.Surface, geo: BoardGeometry, cells, colour, edge,
              detail=True) -> None:
    """A hull over ``cells``: inset blocks joined where cells share a side, a turret on each."""
    cells = set(cells)
    inset = max(2, geo.cell // 8)
    for c in cells:
        r = geo.cell_rect(c).inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(surface, colour, r, border_radius=max(2, geo.cell // 4))
        for dx, dy in ((1, 0), (0, 1)):
            if (c[0] + dx, c[1] + dy) in cells:
                a = geo.center(c)
                b = geo.center((c[0] + dx, c[1] + dy))
                bridge = pygame.Rect(0, 0, abs(b[0] - a[0]) + (geo.cell - 2 * inset) * (dx == 0),
                                     abs(b[1] - a[1]) + (geo.cell - 2 * inset) * (dy == 0))
                bridge.center = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                pygame.draw.rect(surface, colour, bridge)
    if detail:
        for c in cells:
            cx, cy = geo.center(c)
            pygame.draw.circle(surface, edge, (cx, cy), max(2, geo.cell // 6))


def draw_vessel(surface: pygame.Surface, geo: BoardGeometry, cells, colour, edge,
                kind: str | None = None) -> None:
    """A Classic ship seen from above: a straight one as the vessel of its class
    (``render.ships``; ``kind``, a ship's name, where the fleet names its ships), a bent one
    (C2) as one vessel whose hull follows its cells, and the Flying Dutchman (``kind``
    ``"dutchman"``, §D) as a ghostly sailing ship of its shape (``render.hull``); ``kind``
    ``"naval"``: the Naval ship its shape tells (``render.naval_ships``)."""
    cells = list(cells)
    if not cells:
        return
    if geo.cell < 6:
        draw_ship(surface, geo, cells, colour, edge)
        return
    sprite, corner, _ = ship_surface(geo.cell, cells, colour, edge, kind)
    surface.blit(sprite, geo.cell_rect(corner).topleft)


def ship_surface(cell: int, cells, colour, edge, kind: str | None = None):
    """A ship on a surface of its own, as ``draw_vessel`` draws it: (the surface, its top-left
    cell, whether it lies along a column). Cached by the sprite makers, except below 6 px a
    cell, where it is the joined blocks."""
    cells = set(cells)
    x0 = min(c[0] for c in cells)
    y0 = min(c[1] for c in cells)
    w = max(c[0] for c in cells) - x0 + 1
    h = max(c[1] for c in cells) - y0 + 1
    if cell < 6:
        surf = pygame.Surface((w * cell, h * cell), pygame.SRCALPHA)
        draw_ship(surf, BoardGeometry(0, 0, cell, w, h), {(x - x0, y - y0) for x, y in cells},
                  colour, edge)
        return surf, (x0, y0), h > w
    key = (tuple(sorted((x - x0, y - y0) for x, y in cells)), cell, kind, tuple(colour[:3]),
           tuple(edge[:3]))
    if kind == NAVAL:
        sprite, vertical = naval_sprite(cells, cell, colour, edge), h > w
    elif kind != DUTCHMAN and straight(cells) is not None:
        line = straight(cells)
        sprite, vertical = ship_sprite(line[0], cell, line[1], colour, edge, kind), line[1]
    else:
        shape = kind if kind in KINDS or kind == DUTCHMAN else None
        sprite, vertical = shaped_sprite(cells, cell, colour, edge, shape), h > w
    return patterned(sprite, key, cell, colour, edge), (x0, y0), vertical


def livery_colours(livery) -> tuple:
    """The hull and edge colours ships are drawn in: a captain's livery's, else the grey."""
    if livery is None:
        return theme.SHIP, theme.SHIP_DARK
    return livery.colour, livery.edge


def burning_ship(cell: int, cells, kind: str | None = None, livery=None):
    """The ship of ``cells`` as it was when its last cell was hit: afloat, every cell holed and
    burning (what ``render.damage.Sinking`` sends down), in its captain's ``livery``. Returns
    (surface, top-left cell, whether it lies along a column); a new surface each call (a
    sinking is rare)."""
    sprite, origin, vertical = ship_surface(cell, cells, *livery_colours(livery), kind)
    sprite = sprite.copy()
    for x, y in cells:
        frame = damage.fire_frames(cell)[(x + y) % damage.FRAMES]
        sprite.blit(frame, ((x - origin[0]) * cell,
                            (y - origin[1] + 1) * cell - frame.get_height()))
    return sprite, origin, vertical


def draw_wreck(surface: pygame.Surface, geo: BoardGeometry, cells, kind: str | None = None
               ) -> None:
    """A sunk ship: the wreck of its class lying dark below the surface (``render.damage``)."""
    cells = tuple(sorted(cells))
    x0 = min(c[0] for c in cells)
    y0 = min(c[1] for c in cells)
    key = (tuple((x - x0, y - y0) for x, y in cells), geo.cell, kind)

    def make():
        return ship_surface(geo.cell, cells, theme.WRECK_HULL, theme.WRECK_EDGE, kind)[::2]

    surface.blit(damage.submerge(make, geo.cell, key), geo.cell_rect((x0, y0)).topleft)


def draw_marks(surface: pygame.Surface, geo: BoardGeometry, marks: dict, t: float) -> None:
    """What the shots left: ripples and a float where one fell in the water, a scorched hole
    in a sunk ship, a holed deck burning where one hit (its smoke over the rest), halo dots."""
    dot = max(3, geo.cell // 10)    # a halo dot's radius (ringed dark, to read on light water)
    old_clip = surface.get_clip()
    surface.set_clip(geo.grid.clip(old_clip))      # the smoke stays over the sea
    burning = []
    for cell, mark in marks.items():
        if mark == MISS:
            damage.draw_ripple(surface, geo.cell_rect(cell), cell, t)
        elif mark == EMPTY:
            pygame.draw.circle(surface, theme.HALO_RIM, geo.center(cell), dot)
            pygame.draw.circle(surface, theme.HALO, geo.center(cell), dot - 1)
        elif mark == HIT:
            burning.append(cell)
        elif mark == SUNK:
            surface.blit(damage.scorch(geo.cell), geo.cell_rect(cell))
    for cell in burning:
        damage.draw_fire(surface, geo.cell_rect(cell), cell, t)
    surface.set_clip(old_clip)


def faded_ring(cell: int) -> tuple[int, int]:
    """Radius and line width of a faded mark (§D): a hollow ring a quarter of the cell wide, so
    it reads at every board size, never a speck."""
    return max(4, cell // 4), max(2, cell // 14)


def draw_cross(surface, geo: BoardGeometry, cell: Cell, colour, width_frac=0.12) -> None:
    r = geo.cell_rect(cell).inflate(-geo.cell // 3, -geo.cell // 3)
    w = max(2, int(geo.cell * width_frac))
    pygame.draw.line(surface, colour, r.topleft, r.bottomright, w)
    pygame.draw.line(surface, colour, r.topright, r.bottomleft, w)


def draw_board(surface: pygame.Surface, geo: BoardGeometry, picture: BoardPicture,
               letters: LetterSet, t: float, cursor: Cell | None = None,
               label_colour=None, dim: float = 0.0) -> None:
    grid = geo.grid
    draw_water(surface, grid, t)
    surface.blit(_labels(geo, letters, label_colour or theme.TEXT_DIM), geo.outer.topleft)
    colour, edge = livery_colours(picture.livery)
    for ship in picture.ships:
        draw_vessel(surface, geo, ship, colour, edge,
                    picture.kinds.get(frozenset(ship), picture.hull))
    fly_flag(surface, geo, picture.ships, picture.livery)
    for ship in picture.wrecks:
        draw_wreck(surface, geo, ship, picture.kinds.get(frozenset(ship), picture.hull))
    surface.blit(_grid_overlay(geo), grid.topleft)
    draw_marks(surface, geo, picture.marks, t)
    ring, rim = faded_ring(geo.cell)
    for cell in picture.faded:      # §D: a hollow ring, plainly unlike a live mark
        pygame.draw.circle(surface, theme.HALO, geo.center(cell), ring, rim)
    for cell in picture.mines:
        draw_mine(surface, geo, cell, cell in picture.spent)
    for cell in picture.sweepers:
        draw_sweeper(surface, geo, cell)
    for cell in picture.defences:
        draw_air_defence(surface, geo, cell, cell in picture.defences_spent)
    for cell, mark in picture.marks.items():
        if mark == MINE:
            draw_mine(surface, geo, cell, True)
        elif mark == SWEEPER:
            draw_sweeper(surface, geo, cell)
            draw_cross(surface, geo, cell, theme.BAD, 0.08)
        elif mark == KNOWN_MINE:
            draw_mine(surface, geo, cell, False, theme.MINE_KNOWN)
        elif mark == WRECK:
            draw_cross(surface, geo, cell, theme.WRECK_MARK, 0.1)
    for cell in picture.given:
        r = geo.cell_rect(cell).inflate(-geo.cell // 5, -geo.cell // 5)
        pygame.draw.rect(surface, theme.GOOD, r, max(2, geo.cell // 12), border_radius=geo.cell // 3)
        pygame.draw.circle(surface, theme.GOOD, geo.center(cell), max(2, geo.cell // 8))
    for cell in picture.gave:
        pygame.draw.rect(surface, theme.BAD, geo.cell_rect(cell).inflate(-2, -2), 2,
                         border_radius=geo.cell // 5)
    for n, cell in enumerate(picture.selected, 1):
        r = geo.cell_rect(cell).inflate(-geo.cell // 6, -geo.cell // 6)
        pygame.draw.ellipse(surface, theme.CURSOR, r, max(2, geo.cell // 12))
        if geo.cell >= 18:
            text.draw(surface, str(n), geo.center(cell), max(10, geo.cell // 2), theme.CURSOR,
                      "center")
    for cell, left in picture.pulses.items():
        r = geo.cell_rect(cell)
        grow = 0 if motion.reduced() else int((1 - min(1.0, left)) * geo.cell * 0.3)
        pygame.draw.rect(surface, theme.ACCENT, r.inflate(grow, grow), 2,
                         border_radius=geo.cell // 5)
    if dim > 0:
        surface.blit(tint(grid.size, (0, 0, 0, int(255 * dim))), grid.topleft)
    if cursor is not None:
        r = geo.cell_rect(cursor)
        surface.blit(tint((grid.w, geo.cell), (*theme.CURSOR, 28)), (grid.x, r.y))
        surface.blit(tint((geo.cell, grid.h), (*theme.CURSOR, 28)), (r.x, grid.y))
        pygame.draw.rect(surface, theme.CURSOR, r, max(2, geo.cell // 14),
                         border_radius=geo.cell // 6)


def draw_mine(surface, geo: BoardGeometry, cell: Cell, spent: bool, colour=None) -> None:
    """C5: a mine is a circle with horns; a spent one has a dot in the circle."""
    cx, cy = geo.center(cell)
    r = max(3, int(geo.cell * 0.3))
    colour = colour or theme.MINE
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(surface, colour, (cx, cy), (cx + dx * r * 1.35, cy + dy * r * 1.35),
                         max(1, geo.cell // 14))
    pygame.draw.circle(surface, colour, (cx, cy), r, 0 if not spent else max(2, geo.cell // 12))
    pygame.draw.circle(surface, theme.MINE_EDGE, (cx, cy), r + 1, 1)
    if spent:
        pygame.draw.circle(surface, theme.MINE_EDGE, (cx, cy), max(2, r // 3))


def draw_air_defence(surface, geo: BoardGeometry, cell: Cell, spent: bool = False) -> None:
    """§A: an air defence is an anti-aircraft gun seen from above: an eight-sided gun pit, the
    round mount in it and twin barrels raised to the upper right corner, unlike a mine's
    horned circle at any size; a spent one is grey, its barrels broken short."""
    cx, cy = geo.center(cell)
    n = geo.cell
    pit, mount = ((theme.TEXT_DIM, theme.GRID) if spent
                  else (theme.AIR_DEFENCE, theme.AIR_DEFENCE_DARK))
    r = max(3, n * 0.4)
    cut = r * 0.42
    octagon = [(cx - r + cut, cy - r), (cx + r - cut, cy - r), (cx + r, cy - r + cut),
               (cx + r, cy + r - cut), (cx + r - cut, cy + r), (cx - r + cut, cy + r),
               (cx - r, cy + r - cut), (cx - r, cy - r + cut)]
    pygame.draw.polygon(surface, pit, octagon)
    pygame.draw.polygon(surface, mount, octagon, max(1, n // 12))
    pygame.draw.circle(surface, mount, (cx, cy), max(2, int(n * 0.2)))
    reach = n * (0.2 if spent else 0.42)
    apart = max(1.0, n * 0.09)
    width = max(1, n // 10)
    for k in (-1, 1):              # two barrels, side by side across the line of fire
        x0, y0 = cx + k * apart * 0.7, cy + k * apart * 0.7
        pygame.draw.line(surface, mount if spent else theme.GUN_STEEL, (x0, y0),
                         (x0 + reach, y0 - reach), width)


def draw_sweeper(surface, geo: BoardGeometry, cell: Cell) -> None:
    """C6: a minesweeper is a triangle."""
    r = geo.cell_rect(cell).inflate(-geo.cell // 4, -geo.cell // 4)
    pygame.draw.polygon(surface, theme.SWEEPER, [(r.centerx, r.top), r.bottomleft, r.bottomright])


def draw_side_mark(surface, centre, size: float, own: bool, colour) -> None:
    """Whose board this is, by shape as well as colour (issue 38): an anchor by the own
    fleet's heading, a gun sight by the enemy's waters; ``size`` is the emblem's height. Each
    is drawn in ``colour`` over a dark outline, so it reads on any backing and in any palette."""
    cx, cy = centre
    r = size / 2
    width = max(2, round(size / 9))
    for ink, w in ((theme.BG, width + 2), (colour, width)):
        if own:   # a ring at the top, the shank, the stock across it, the curved arms
            ring = max(2, r * 0.22)
            pygame.draw.circle(surface, ink, (cx, cy - r + ring), ring, max(1, w - 1))
            pygame.draw.line(surface, ink, (cx, cy - r + 2 * ring), (cx, cy + r * 0.9), w)
            pygame.draw.line(surface, ink, (cx - r * 0.45, cy - r * 0.35),
                             (cx + r * 0.45, cy - r * 0.35), w)
            arc = pygame.Rect(0, 0, r * 1.6, r * 1.3)
            arc.midbottom = (round(cx), round(cy + r * 0.95))
            pygame.draw.arc(surface, ink, arc, 3.3, 6.12, w)
        else:     # a ring, four ticks through it, a dot in the middle
            pygame.draw.circle(surface, ink, (cx, cy), r * 0.68, w)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                pygame.draw.line(surface, ink, (cx + dx * r * 0.35, cy + dy * r * 0.35),
                                 (cx + dx * r, cy + dy * r), w)
            pygame.draw.circle(surface, ink, (cx, cy), max(1, w * 0.6))
