"""Drawing the «Кораблики» set-up screen (RULES.md §K): the zone, the pieces placed, the piece in
hand, the tray, the help, the buttons and the save / load dialog. State and layout come from the
scene (``game.scenes.korabliki.placement``); ``dialog_rect`` is the one piece of layout both share.
"""

from __future__ import annotations

import pygame

from ..rules import korabliki as kor
from ..rules.errors import PlacementError
from . import korabliki as draw
from . import text, theme
from .board import draw_cross
from .placement import draw_buttons, draw_centred, draw_help, draw_lines, help_room
from .widgets import panel, tint, veil

ZONE_TOP = kor.HEIGHT - kor.ZONE_ROWS     # the first screen row of the own zone
LIST_ROWS = 8                             # formations the load dialog shows at once


def dialog_rect(size, dialog: str, found, broken) -> pygame.Rect:
    """Where the save or load dialog stands, centred in a window of ``size``."""
    w, h = size
    u = theme.unit(size)
    px = theme.font_px(size, 24)
    small = theme.font_px(size, 18)
    rect = pygame.Rect(0, 0, int(min(w * 0.8, 620 * max(u, 0.8))), 0)
    if dialog == "save":
        rect.h = int(px * 3.3 + small * 4.5 + max(26, int(40 * u)) + 24)
    else:
        rows = min(LIST_ROWS, max(1, len(found)))
        extra = min(3, len(broken))
        rect.h = int(px * 1.6 + small * 1.4 * (rows + extra + 1) + 42 * u + 30)
    rect.center = (w // 2, h // 2)
    return rect


def draw_setup(surface, scene) -> None:
    """The screen of ``scene`` (a KorablikiSetupScene)."""
    size = scene.size
    title = draw_centred(surface, size, scene.seat_title, 28, 38, theme.ACCENT, shadow=True,
                         margin=20)
    draw_centred(surface, size, scene.tr("kor.setup.step"), 60, 21, theme.TEXT, margin=20,
                 below=title)
    geo = scene.geo
    draw.draw_sea_board(surface, geo, scene.letters, scene.t, scene.flip)
    grid = geo.grid
    surface.blit(tint((grid.w, ZONE_TOP * geo.cell), (0, 0, 0, 70)), grid.topleft)
    own, flag = _own(scene)
    hover = geo.cell_at(scene.mouse) if scene.mouse is not None else None
    for cell, rank in scene.setup.items():
        screen = draw.to_screen(cell, scene.flip)
        draw.draw_piece(surface, geo, screen, rank, own, True, label=scene.label_of(rank),
                        selected=scene.mouse is None and screen == scene.cursor, flag=flag)
    if scene.lifted is not None:
        origin = draw.to_screen(scene.lifted[1], scene.flip)
        pygame.draw.rect(surface, theme.ACCENT, geo.cell_rect(origin).inflate(-4, -4), 1,
                         border_radius=geo.cell // 5)
    _draw_ghost(surface, scene, hover)
    if scene.mouse is None:
        draw.draw_cursor(surface, geo, scene.cursor)
    _draw_side(surface, scene)
    _draw_message(surface, scene)
    if scene.dialog is not None:
        _draw_dialog(surface, scene)


def _own(scene) -> tuple:
    """The colour of the person's pieces and the flag his forts fly (his captain's livery,
    ``render.paint``; the owner's colour and a pennant without one)."""
    own, _ = draw.viewer_colours(scene.flip)
    livery = scene.livery
    return (own, None) if livery is None else (livery.piece(own), livery.flies)


def _draw_ghost(surface, scene, hover) -> None:
    """The piece in hand: under the pointer while dragging, else a faded preview on the cell it
    would go to (green in the zone, red outside)."""
    geo = scene.geo
    own, flag = _own(scene)
    rank = scene.held_rank()
    if rank is None:
        return
    label = scene.label_of(rank)
    dragged = scene.dragging is not None and (scene.dragging == "tray" or scene.lifted is not None)
    if dragged and scene.mouse is not None and hover is None:
        draw.draw_piece_at(surface, scene.mouse, geo.cell, rank, own, True, label=label,
                           flag=flag)
        return
    target = hover if scene.mouse is not None else scene.cursor
    if target is None:
        return
    cell = draw.from_screen(target, scene.flip)
    if scene.lifted is None and not dragged and cell in scene.setup:
        return                              # over a piece: a click would pick it up
    ok = cell in scene.zone
    draw.draw_cell_tint(surface, geo, target, (*(theme.GOOD if ok else theme.BAD), 70))
    if not ok:                      # crossed out too, not told by its colour alone (issue 38)
        draw_cross(surface, geo, target, theme.BAD, 0.1)
    if dragged and scene.mouse is not None:
        draw.draw_piece_at(surface, scene.mouse, geo.cell, rank, own, True, label=label,
                           flag=flag)
    else:
        draw.draw_piece(surface, geo, target, rank, own, True, dim=True, label=label, flag=flag)


def _draw_side(surface, scene) -> None:
    u = theme.unit(scene.size)
    own, _ = _own(scene)
    tray = scene.tray_rect
    panel(surface, tray, 200)
    px, help_px = scene.row_px, scene.help_px
    left = scene.left_total
    head = scene.tr("kor.setup.tray", left=left) if left else scene.tr("kor.setup.tray_done")
    text.draw(surface, head, (tray.x + 12, tray.y + 8 * u), text.fit_px(head, px, tray.w - 24),
              theme.TEXT if left else theme.GOOD)
    chosen = scene.held_rank()
    for rank, r in scene.tiles:
        _draw_tile(surface, scene, rank, r, rank == chosen, own)
    # the chosen rank in full
    y = tray.bottom - int(help_px * 1.6) - 2
    if chosen is not None:
        line = (scene.tr("kor.setup.lifted", name=scene.name_of(chosen),
                         cell=scene.cell_text(scene.lifted[1])) if scene.lifted is not None
                else scene.tr("kor.setup.chosen", name=scene.name_of(chosen),
                              left=scene.left(chosen)))
        text.draw(surface, line, (tray.x + 12, y), text.fit_px(line, help_px, tray.w - 24, 11),
                  theme.ACCENT)
    # help, as much as fits above the buttons
    draw_help(surface, scene.tr("kor.setup.help"),
              help_room(scene.side, tray.bottom + 8 * u, scene.buttons), help_px, 1.2)
    draw_buttons(surface, scene.buttons, scene.button_px)


def _draw_tile(surface, scene, rank: str, r: pygame.Rect, chosen: bool, own) -> None:
    """A rank of the tray: its piece, how many are left, and its name where there is room."""
    n = scene.left(rank)
    px, help_px = scene.row_px, scene.help_px
    if chosen:
        pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=6)
    icon = pygame.Rect(r.x + 3, r.y + 3, scene.icon, scene.icon)
    draw.draw_piece_at(surface, icon.center, scene.icon, rank, own, True, dim=n <= 0,
                       label=scene.label_of(rank))
    colour = theme.TEXT if n > 0 else theme.TEXT_DIM
    if scene.with_names:
        cr = text.draw(surface, f"×{n}", (icon.right + 6, r.centery), px, colour, "midleft")
        name = scene.name_of(rank)
        npx = text.fit_px(name, help_px, r.right - cr.right - 12, 11)
        text.draw(surface, name, (cr.right + 8, r.centery), npx,
                  theme.ACCENT if chosen else theme.TEXT_DIM, "midleft")
    else:
        count = f"{scene.label_of(rank)} ×{n}"
        cpx = text.fit_px(count, help_px, r.right - icon.right - 8, 11)
        text.draw(surface, count, (icon.right + 6, r.centery), cpx,
                  theme.ACCENT if chosen else colour, "midleft")


def _draw_message(surface, scene) -> None:
    geo = scene.geo
    msg, colour = scene.message, scene.message_colour
    if not msg and scene.mouse is not None:
        hover = draw.cell_at(geo, scene.mouse, scene.flip)
        rank = scene.held_rank()
        if hover is not None and hover not in scene.zone and rank is not None:
            msg, colour = scene.words(PlacementError("outside_zone", cell=hover, piece=rank,
                                                     player=scene.player)), theme.BAD
    if msg:
        draw_lines(surface, msg, (geo.outer.x, geo.grid.bottom + 5 * theme.unit(scene.size)),
                   theme.font_px(scene.size, 20), geo.outer.w, colour, step=1.15,
                   bottom=scene.size[1])


def _draw_dialog(surface, scene) -> None:
    w, h = scene.size
    veil(surface, (0, 0, 0, 150))
    px = theme.font_px(scene.size, 24)
    small = theme.font_px(scene.size, 18)
    rect = dialog_rect(scene.size, scene.dialog, scene.found, scene.broken)
    panel(surface, rect, 240, theme.ACCENT)
    title = scene.tr("kor.setup.save_title" if scene.dialog == "save" else "kor.setup.load_title")
    text.draw(surface, title, (rect.centerx, rect.y + px * 0.9), px, theme.ACCENT, "center")
    y = rect.y + px * 1.7
    x = rect.x + 16
    inner = rect.w - 32
    if scene.dialog == "save":
        field = pygame.Rect(x, y, inner, int(px * 1.6))
        pygame.draw.rect(surface, theme.BG, field, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, field, 2, border_radius=6)
        shown = scene.name + ("_" if int(scene.t * 2) % 2 == 0 else " ")
        text.draw(surface, shown, (field.x + 10, field.centery),
                  text.fit_px(shown, px, field.w - 20), theme.TEXT, "midleft")
        y = field.bottom + small * 0.6
        notes = [scene.tr("kor.setup.save_hint")]
        if scene.replaces:
            notes.append(scene.tr("kor.setup.save_replaces"))
        for i, note in enumerate(notes):
            colour = theme.TEXT_DIM if i == 0 else theme.ACCENT
            for line in text.wrap_most(note, small, inner, 2):
                text.draw(surface, line, (x, y), small, colour)
                y += small * 1.3
    else:
        if not scene.found:
            text.draw(surface, scene.tr("kor.setup.load_none"), (x, y), small, theme.TEXT_DIM)
            y += small * 1.4
        for i, (f, r) in enumerate(zip(scene.found, scene.list_rects)):
            if r.w == 0:
                continue                    # scrolled out of the list
            if i == scene.pick:
                surface.blit(tint(r.size, (*theme.ACCENT, 40)), r.topleft)
            text.draw(surface, f.name, (r.x + 8, r.centery), small,
                      theme.ACCENT if i == scene.pick else theme.TEXT, "midleft")
            y += small * 1.4
        for problem in scene.broken[:3]:
            line = scene.tr("kor.setup.broken_short", file=problem.path.name,
                            problem=problem.problem)
            text.draw(surface, line, (x, y), text.fit_px(line, small, inner, 11), theme.BAD)
            y += small * 1.4
        hint = scene.tr("kor.setup.load_hint")
        text.draw(surface, hint, (x, y), text.fit_px(hint, small, inner, 11), theme.TEXT_DIM)
    draw_buttons(surface, scene.dialog_buttons, theme.font_px(scene.size, 19))
