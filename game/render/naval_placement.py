"""Drawing the Naval placement screen (RULES.md §N): the ring, the ships and their weapons, the
ship in hand, the dock of silhouettes with the weapons each still needs, the help and the
buttons. State and layout come from the scene (``game.scenes.naval.placement``).
"""

from __future__ import annotations

import pygame

from ..rules import naval
from . import text, theme
from .board import BoardGeometry, BoardPicture, draw_board, livery_colours
from .cache import Lru
from .naval import draw_aa_reach, draw_hull, draw_ring, draw_weapon, draw_weapons, weapon_glyph
from .placement import (draw_buttons, draw_carried, draw_centred, draw_ghost, draw_help,
                        draw_lines, help_room)
from .paint import fly_flag
from .widgets import panel, tick, tint

SIZE = naval.SIZE
UNARMED = (176, 170, 150)     # a ship still without all its weapons

# where the dock's silhouettes show each weapon (the deck: its first cell of three)
DOCK_SPOTS = {"patrol": [(0, 0)], "submarine": [(1, 0)], "battleship": [(0, 0), (3, 0)],
              "aegis": [(0, 0), (3, 0)], "carrier": [(1, 0)]}

_faded_cache = Lru(32)


def _faded(weapon: str, size: int) -> pygame.Surface:
    """A weapon's glyph, faded: one still to place."""
    surf = _faded_cache.get((weapon, size))
    if surf is None:
        surf = weapon_glyph(weapon, size).copy()
        surf.set_alpha(90)
        _faded_cache[(weapon, size)] = surf
    return surf


def draw_naval_placement(surface, scene) -> None:
    """The screen of ``scene`` (a NavalPlacementScene)."""
    size = scene.size
    weapons = scene.phase == "weapons"
    title = draw_centred(surface, size, scene.seat_title, 34, 40, theme.ACCENT, shadow=True)
    draw_centred(surface, size, scene.tr("naval.place.step_weapons" if weapons
                                         else "naval.place.step_ships"),
                 68, 24, theme.TEXT, margin=40, below=title)
    geo = scene.geo
    cursor = scene.cursor if scene.held is None and scene.mouse is None else None
    draw_board(surface, geo, BoardPicture(), scene.letters, scene.t)
    draw_ring(surface, geo)
    if not weapons:
        shade = tint((geo.cell, geo.cell), (0, 0, 0, 80))
        own = {c for s in scene.ships.values() for c in s}
        halo = {(x + dx, y + dy) for x, y in own for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        for cell in halo - own:
            if 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE:
                surface.blit(shade, geo.cell_rect(cell).topleft)
    aa = [c for w_, c in scene.arms.get("aegis", ()) if w_ == "aa"]
    if aa:
        draw_aa_reach(surface, geo, aa[0], 34)
    focus = scene.kind_at(scene.cursor) if weapons else None
    for kind, cells in scene.ships.items():
        hull, edge = livery_colours(scene.livery)
        colour = UNARMED if weapons and not scene.armed(kind) else hull
        draw_hull(surface, geo, cells, colour, edge)
        if kind == focus:
            _outline(surface, geo, cells, theme.ACCENT)
        draw_weapons(surface, geo, scene.arms.get(kind, ()), hull=cells)
    fly_flag(surface, geo, list(scene.ships.values()), scene.livery)
    if weapons and focus == "carrier" and cursor is not None:
        _deck_preview(surface, geo, scene)
    if cursor is not None:
        r = geo.cell_rect(cursor)
        pygame.draw.rect(surface, theme.CURSOR, r, max(2, geo.cell // 14),
                         border_radius=geo.cell // 6)
    if scene.held is not None:
        if scene.mouse is not None:
            draw_carried(surface, geo, scene.form, scene.grab, scene.mouse, draw_hull,
                         scene.livery)
        else:
            draw_ghost(surface, geo, scene.ghost(), scene.ghost_problem() is None, draw_hull)
    _draw_side(surface, scene)
    _draw_message(surface, scene)


def _outline(surface, geo, cells, colour) -> None:
    cells = set(cells)
    width = max(2, geo.cell // 12)
    for x, y in cells:
        r = geo.cell_rect((x, y))
        if (x, y - 1) not in cells:
            pygame.draw.line(surface, colour, r.topleft, r.topright, width)
        if (x, y + 1) not in cells:
            pygame.draw.line(surface, colour, r.bottomleft, r.bottomright, width)
        if (x - 1, y) not in cells:
            pygame.draw.line(surface, colour, r.topleft, r.bottomleft, width)
        if (x + 1, y) not in cells:
            pygame.draw.line(surface, colour, r.topright, r.bottomright, width)


def _deck_preview(surface, geo, scene) -> None:
    """Where a click would put the flight deck: the next line through the cursor."""
    arms = scene.next_deck(scene.ships["carrier"], scene.arms.get("carrier", ()), scene.cursor)
    for _, c in arms:
        r = geo.cell_rect(c).inflate(-geo.cell // 8, -geo.cell // 8)
        pygame.draw.rect(surface, theme.CURSOR, r, max(1, geo.cell // 18),
                         border_radius=geo.cell // 6)


def _draw_message(surface, scene) -> None:
    geo = scene.geo
    msg, colour = scene.message, theme.BAD
    if not msg and scene.held is not None and scene.mouse is None:
        problem = scene.ghost_problem()
        if problem is not None:
            msg = scene.words(problem)
    if not msg and scene.phase == "weapons":
        kind = scene.kind_at(scene.cursor)
        if kind is not None:
            name = scene.tr(f"naval.ship.{kind}")
            left = scene.missing(kind)
            msg = (scene.tr("naval.place.needs", ship=name, items=scene.items(left)) if left
                   else scene.tr("naval.place.armed", ship=name))
            colour = theme.ACCENT if left else theme.GOOD
    if msg:
        draw_lines(surface, msg, (geo.outer.x, geo.grid.bottom + 8 * theme.unit(scene.size)),
                   theme.font_px(scene.size, 21), geo.outer.w + 40, colour,
                   bottom=scene.size[1])


def _draw_side(surface, scene) -> None:
    u = theme.unit(scene.size)
    px = scene.row_px
    dock = scene.dock_rect
    panel(surface, dock, 200)
    weapons = scene.phase == "weapons"
    head = scene.tr("naval.place.arms" if weapons else "place.dock")
    text.draw(surface, head, (dock.x + 14, dock.y + 8 * u), px, theme.TEXT)
    focus = scene.kind_at(scene.cursor) if weapons else scene.held
    for kind, rect, cell in scene._dock_rows():
        _dock_row(surface, scene, kind, rect, cell, kind == focus, weapons)
    if not weapons and not scene.remaining:
        text.draw(surface, scene.tr("place.all_placed"), dock.center, px, theme.GOOD, "center")
    words = scene.tr("naval.place.help_weapons" if weapons else "naval.place.help_ships")
    draw_help(surface, words + "\n" + scene.tr("naval.place.ring"),
              help_room(scene.side, dock.bottom + 10 * u, scene.buttons), scene.help_px, 1.25)
    draw_buttons(surface, scene.buttons, theme.font_px(scene.size, 20))


def _dock_row(surface, scene, kind, rect, cell, focused: bool, weapons: bool) -> None:
    """One ship of the dock: its silhouette with the weapons it carries (placed ones bright,
    missing ones faded), its name and what it carries or still needs."""
    u = theme.unit(scene.size)
    px = scene.row_px
    geo = BoardGeometry(rect.x, rect.y, cell, 5, 2)
    hull, edge = livery_colours(scene.livery)
    colour = theme.ACCENT if focused else hull
    draw_hull(surface, geo, scene.first_form(kind), colour, edge)
    left = scene.missing(kind) if weapons else []
    need = scene.needs_of(kind)
    placed = {w: need.count(w) - left.count(w) for w in need}
    for weapon, spot in zip(need, DOCK_SPOTS[kind]):
        done = placed[weapon] > 0
        placed[weapon] -= 1
        spots = [(spot[0] + i, spot[1]) for i in range(3)] if weapon == "deck" else [spot]
        for c in spots:
            if done:
                draw_weapon(surface, geo, weapon, c)
            else:
                glyph = _faded(weapon, max(6, int(cell * (0.95 if weapon == "deck" else 0.8))))
                surface.blit(glyph, glyph.get_rect(center=geo.center(c)))
    x0 = rect.x + 5 * cell + int(12 * u)
    right = scene.dock_rect.right - 10
    name = scene.tr(f"naval.ship.{kind}")
    npx = text.fit_px(name, px, right - x0)
    if weapons and not left:
        words, wcol = scene.tr("naval.place.armed_short"), theme.GOOD
    else:
        words = scene.items(left if weapons else need)
        wcol = theme.ACCENT if weapons else theme.TEXT_DIM
    mid = rect.y + cell * 0.5
    nr = text.draw(surface, name, (x0, mid), npx, colour if focused else theme.TEXT, "midleft")
    # what it carries (or still needs): after the name, or under it if there is room
    wx, wy = nr.right + int(10 * u), mid
    if text.size(words, 12)[0] > right - wx and rect.h >= npx + scene.help_px:
        wx, wy = x0, nr.bottom + scene.help_px * 0.6
    wpx = text.fit_px(words, scene.help_px, right - wx, 12)
    if text.size(words, wpx)[0] <= right - wx:
        if weapons and not left:
            tick(surface, (wx + wpx * 0.4, wy), wpx * 0.8, theme.GOOD)
            wx += int(wpx * 1.1)
        text.draw(surface, words, (wx, wy), wpx, wcol, "midleft")
