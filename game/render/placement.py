"""Drawing the placement screens: what they share (the centred heading, the refusal line, the
help column, a ship in hand) and the Classic fleet and the Flying Dutchman's drawn ship (RULES.md
§C, §D). The screens' state and layout come from the scene (``game.scenes.common.placement_base``);
nothing here changes them.
"""

from __future__ import annotations

import pygame

from ..i18n import describe
from ..rules.classic import check_piece_at
from ..rules.errors import PlacementError
from ..rules.fleet import as_ship, blocked_steps, neighbours
from . import text, theme
from .board import (BoardGeometry, BoardPicture, draw_air_defence, draw_board, draw_mine,
                    draw_cross, draw_ship, draw_sweeper, draw_vessel, livery_colours)
from .widgets import panel, tint


# -- shared -----------------------------------------------------------------------------------
def draw_centred(surface, size, words: str, y: float, base_px: int, colour, shadow=False,
                 margin: int | None = None, least: int = 12,
                 below: pygame.Rect | None = None) -> pygame.Rect:
    """A line centred across the window at ``y`` design units down; with ``margin`` it
    shrinks (not below ``least`` px) to fit the width less the margin; with ``below`` (the
    line above it, as drawn) it keeps clear of it however large the text (issue 38: at 150 %
    a heading's second line ran into the first). Returns where it was drawn."""
    px = theme.font_px(size, base_px)
    if margin is not None:
        px = text.fit_px(words, px, size[0] - margin, least)
    centre = y * theme.unit(size)
    if below is not None:     # the two lines' letters apart (a line's box has room above
        centre = max(centre, below.centery + (below.h + text.size(words, px)[1]) * 0.45)
    return text.draw(surface, words, (size[0] / 2, centre), px, colour, "center",
                     shadow=shadow)


def draw_lines(surface, words: str, pos, px: int, width: int, colour, step: float = 1.2,
               most: int = 2, bottom: int | None = None) -> None:
    """``words`` wrapped to ``width`` from ``pos``: at most ``most`` lines, and with ``bottom``
    only as many as fit above it."""
    if bottom is not None:
        most = min(most, max(1, int((bottom - pos[1]) // (px * step))))
    for i, line in enumerate(text.wrap_most(words, px, width, most)):
        text.draw(surface, line, (pos[0], pos[1] + i * px * step), px, colour)


HELP_MIN_PX = 11     # the help's least size (a 640×480 window)


def fit_help(words: str, px: int, width: int, height: int, step: float) -> tuple:
    """The help's size, line step and lines: the largest size up to ``px`` at which all of
    ``words`` fit in ``width``×``height``; at the least size, the lines closer together before
    any is left out."""
    for spacing in (step, 1.1, 1.0):
        size, lines = text.fit_block(words, px, width, height, HELP_MIN_PX, spacing)
        if len(lines) == len(text.wrap(words, size, width)):
            break
    return size, int(size * spacing), lines


def draw_help(surface, words: str, rect: pygame.Rect, px: int, step: float) -> None:
    """The help (paragraphs split by newlines) in ``rect``, whole, at the largest size that
    lets it be (see ``fit_help``)."""
    size, line_step, lines = fit_help(words, px, rect.w, rect.h, step)
    for i, line in enumerate(lines):
        text.draw(surface, line, (rect.x, rect.y + i * line_step), size, theme.TEXT_DIM)


def help_room(side: pygame.Rect, top: float, buttons) -> pygame.Rect:
    """Where a set-up's help goes: across ``side`` from ``top`` down to the buttons."""
    bottom = min(b.rect.y for b in buttons) - 4
    return pygame.Rect(side.x, int(top), side.w, max(0, bottom - int(top)))


def draw_buttons(surface, buttons, px: int) -> None:
    for b in buttons:
        b.draw(surface, px)


def draw_carried(surface, geo: BoardGeometry, form, grab, mouse, draw_fn, livery=None) -> None:
    """A ship off the board follows the pointer, held by its ``grab`` cell (in its captain's
    ``livery``)."""
    gx, gy = grab
    origin = (mouse[0] - (gx + 0.5) * geo.cell, mouse[1] - (gy + 0.5) * geo.cell)
    free = BoardGeometry(int(origin[0]), int(origin[1]), geo.cell, 1, 1)
    draw_fn(surface, free, form, *livery_colours(livery))


def draw_ghost(surface, geo: BoardGeometry, cells, ok: bool, draw_fn) -> None:
    """Where the ship in hand would go: its cells on the board tinted green, or red and crossed
    out if it may not go there (issue 38: not by colour alone), and the ship in that colour
    (``draw_fn``'s drawing when it lies wholly on the board; a part hanging off is only the
    blocks that are on it)."""
    colour = theme.GOOD if ok else theme.BAD
    visible = [c for c in cells if 0 <= c[0] < geo.cols and 0 <= c[1] < geo.rows]
    for cell in visible:
        surface.blit(tint((geo.cell, geo.cell), (*colour, 90)), geo.cell_rect(cell).topleft)
    whole = len(visible) == len(list(cells))
    (draw_fn if whole else draw_ship)(surface, geo, visible, colour, theme.SHIP_DARK)
    if not ok:
        for cell in visible:
            draw_cross(surface, geo, cell, theme.SHIP_DARK, 0.14)


# -- Classic (§C) -----------------------------------------------------------------------------
def draw_classic(surface, scene) -> None:
    """The Classic placement screen of ``scene`` (a PlacementScene)."""
    size = scene.size
    u = theme.unit(size)
    draw_centred(surface, size, scene.seat_title, 40, 40, theme.ACCENT, shadow=True)
    geo = scene.geo
    draw_board(surface, geo, BoardPicture(ships=scene.placed, mines=scene.mines,
                                          sweepers=scene.sweepers, defences=scene.defences,
                                          livery=scene.livery),
               scene.letters, scene.t,
               cursor=scene.cursor if scene.held is None and scene.mouse is None else None)
    c = scene.config
    steps = blocked_steps(c.touching)
    shade = tint((geo.cell, geo.cell), (0, 0, 0, 70))
    blocked = {n for ship in scene.placed for cell in ship
               for n in neighbours(cell, c.width, c.height, steps)} - {
                   cell for ship in scene.placed for cell in ship}
    for cell in blocked:
        surface.blit(shade, geo.cell_rect(cell).topleft)
    _classic_ghost(surface, scene)
    _classic_side(surface, scene)
    msg = scene.message
    if not msg and scene.ghost_shown and scene.mouse is None:
        problem = scene.ghost_problem()
        if problem is not None:
            msg = describe(problem, scene.tr, scene.letters)
    if msg:
        draw_lines(surface, msg, (geo.outer.x, geo.grid.bottom + 10 * u),
                   theme.font_px(size, 21), geo.outer.w + 40, theme.BAD)


def _classic_ghost(surface, scene) -> None:
    geo = scene.geo
    if scene.held_piece is not None and scene.mouse is None:
        try:
            check_piece_at(scene.config, scene.held_piece, scene.cursor, scene.placed,
                           scene.mines, scene.sweepers, scene.defences)
            colour = theme.GOOD
        except PlacementError:
            colour = theme.BAD
        surface.blit(tint((geo.cell, geo.cell), (*colour, 90)), geo.cell_rect(scene.cursor).topleft)
        draw_piece(surface, geo, scene.cursor, scene.held_piece)
        return
    if scene.held is None:
        return
    if scene.mouse is not None:
        draw_carried(surface, geo, scene.held, scene.grab, scene.mouse, draw_vessel,
                     scene.livery)
    elif scene.ghost_shown:
        draw_ghost(surface, geo, scene.ghost(), scene.ghost_problem() is None, draw_vessel)


def draw_piece(surface, geo: BoardGeometry, cell, kind: str) -> None:
    """One piece placed like a mine: a mine (C5), a minesweeper (C6), an air defence (§A)."""
    if kind == "mine":
        draw_mine(surface, geo, cell, False)
    elif kind == "sweeper":
        draw_sweeper(surface, geo, cell)
    else:
        draw_air_defence(surface, geo, cell)


def _classic_side(surface, scene) -> None:
    size = scene.size
    u = theme.unit(size)
    px = theme.font_px(size, 22)
    dock = scene.dock_rect
    panel(surface, dock, 200)
    text.draw(surface, scene.tr("place.dock"), (dock.x + 14, dock.y + 10), px, theme.TEXT)
    held_size = len(scene.held) if scene.held is not None else None
    for entry, count, rect, cell in scene._dock_slots():
        if isinstance(entry, str):   # a mine, a minesweeper or an air defence
            draw_piece(surface, BoardGeometry(rect.x, rect.y, cell, 1, 1), (0, 0), entry)
            label = f"×{count}  " + scene.tr(f"piece.{entry}")
            colour = theme.ACCENT if entry == scene.held_piece else theme.TEXT
            text.draw(surface, label, (rect.right + 12, rect.centery), px, colour, "midleft")
            continue
        geo = BoardGeometry(rect.x, rect.y, cell, entry, 1)
        hull, edge = livery_colours(scene.livery)
        colour = theme.ACCENT if entry == held_size else hull
        draw_vessel(surface, geo, [(i, 0) for i in range(entry)], colour, edge)
        text.draw(surface, f"×{count}", (rect.right + 12, rect.centery), px, theme.TEXT, "midleft")
    if not scene.remaining and not any(scene.pieces_left.values()):
        text.draw(surface, scene.tr("place.all_placed"), dock.center, px, theme.GOOD, "center")
    draw_help(surface, scene.help_text(), help_room(scene.side, dock.bottom + 12 * u,
                                                    scene.buttons),
              theme.font_px(size, 18), 1.25)
    draw_buttons(surface, scene.buttons, theme.font_px(size, 20))


# -- the Flying Dutchman's drawn ship (§D) ----------------------------------------------------
def draw_paint(surface, scene) -> None:
    """The screen of ``scene`` (a PaintShipScene): the board with the cells drawn so far."""
    size, geo, side = scene.size, scene.geo, scene.side
    draw_centred(surface, size, scene.title, 40, 36, theme.ACCENT, shadow=True)
    problem = scene.problem()
    ok = problem is None
    pic = BoardPicture(ships=[as_ship(scene.cells)] if ok and scene.cells else [],
                       marks=scene.marks,
                       wrecks=[tuple(sorted(scene.wrecks))] if scene.wrecks else [],
                       hull="dutchman")
    draw_board(surface, geo, pic, scene.letters, scene.t, cursor=scene.cursor)
    colour = theme.GOOD if ok else theme.ACCENT
    for cell in scene.cells:
        surface.blit(tint((geo.cell, geo.cell), (*colour, 120)), geo.cell_rect(cell).topleft)
    for cell in scene.start:
        pygame.draw.rect(surface, theme.TEXT_DIM, geo.cell_rect(cell), 1)
    panel(surface, side.clip(pygame.Rect(side.x, side.y, side.w, side.h // 2)), 200)
    px = theme.font_px(size, 20)
    y = side.y + 10
    for line in text.wrap_most(scene.tr("paint.help", n=scene.size_needed), px, side.w - 20, 8):
        text.draw(surface, line, (side.x + 10, y), px, theme.TEXT)
        y += px * 1.25
    status = scene.message or problem or scene.tr("paint.ok")
    for line in text.wrap_most(status, px, side.w - 20, 3):
        text.draw(surface, line, (side.x + 10, y + px * 0.5), px,
                  theme.GOOD if ok and not scene.message else theme.BAD)
        y += px * 1.25
    draw_buttons(surface, scene.buttons, theme.font_px(size, 20))
