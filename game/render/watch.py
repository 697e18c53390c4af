"""What a spectator's screen draws (issue 37): each mode's board as BOTH players know it (the
mode's public view, ``told.public_view``), with the boards the battle screens draw — Classic's
and Naval's two fields side by side, «Кораблики»'s one board — and the names, the status lines.
Nothing here knows more than the public view holds: there is no own side to show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from . import text, theme
from .board import BoardGeometry, BoardPicture, draw_board
from .korabliki import HEIGHT as KOR_HEIGHT, WIDTH as KOR_WIDTH, draw_piece, draw_sea_board
from .naval import paint_field
from ..rules.classic import told as classic_told
from ..rules.korabliki import told as korabliki_told
from ..rules.naval import SIZE, told as naval_told
from .widgets import panel


@dataclass(frozen=True)
class WatchBoards:
    """How a mode's game is shown to a spectator (``scenes.modes.Screens.watch``): ``fields`` 2:
    each player's own field side by side (``draw`` called per owner), 1: one board for both
    (owner None); ``size``: (columns, rows) of a board of the public view."""
    kind: type            # the mode's public view (its ``told.public_view``'s class)
    fields: int
    size: Callable        # (public view) -> (columns, rows)
    draw: Callable        # (surface, geo, public view, owner or None, letters, t, tr)


def classic_field(surface, geo: BoardGeometry, side, config, letters, t: float) -> None:
    """One Classic field as both know it: every shot and its answer, the sunk ships as wrecks,
    the halo, C5's given cells, §D's faded marks, §A's spent air defences; the whole fleet once
    the game is over (§0)."""
    sunk = [tuple(s) for s in side.sunk]
    ships = [tuple(s) for s in side.ships or () if tuple(s) not in sunk]
    pic = BoardPicture(ships=ships, wrecks=sunk, marks=dict(side.marks), gave=list(side.given),
                       faded=list(side.faded), defences=list(side.defences),
                       defences_spent=list(side.defences),
                       hull="dutchman" if config.relocate else None)
    draw_board(surface, geo, pic, letters, t)


def _classic(surface, geo, board, owner, letters, t, tr) -> None:
    classic_field(surface, geo, board.sides[owner], board.config, letters, t)


def naval_field(surface, geo: BoardGeometry, side, letters, t: float) -> None:
    """One Naval field as both know it: hits, misses, the torpedo's water, the halo, the sunk
    ships, the cells shot down; the whole fleet and its weapons once the game is over (§0)."""
    lost = [c for c, m in side.marks.items() if m in ("hit", "sunk")]
    paint_field(surface, geo, letters, t, side.fleet or (), dict(side.marks),
                wrecks=[cells for _, cells in side.sunk], lost=lost, flak=side.flak)


def _naval(surface, geo, board, owner, letters, t, tr) -> None:
    naval_field(surface, geo, board.sides[owner], letters, t)


def korabliki_board(surface, geo: BoardGeometry, public, owner, letters, t: float,
                    tr) -> None:
    """The «Кораблики» board as both know it, player 0's zone at the bottom: every piece where
    it stands in its owner's colour, a blank back unless its rank was turned up (§K), every rank
    once the game is over; the piece moved this turn and the asked one framed."""
    draw_sea_board(surface, geo, letters, t, flip=False)
    framed = {public.moved} | set(public.asking or ())
    for owner, pieces in enumerate(public.pieces):
        colour = theme.PLAYER_COLOURS[owner]
        for piece in pieces:
            draw_piece(surface, geo, piece.cell, piece.rank, colour, owner == 0,
                       revealed_badge=piece.rank is not None, selected=piece.cell in framed,
                       tr=tr)


CLASSIC = WatchBoards(classic_told.ClassicPublic, 2,
                      lambda b: (b.config.width, b.config.height), _classic)
NAVAL = WatchBoards(naval_told.NavalPublic, 2, lambda b: (SIZE, SIZE), _naval)
KORABLIKI = WatchBoards(korabliki_told.KorablikiPublic, 1, lambda b: (KOR_WIDTH, KOR_HEIGHT),
                        korabliki_board)


def name_over(surface, rect: pygame.Rect, words: str, colour, px: int, y: int) -> None:
    """A player's name (and what is said of him) centred over ``rect``, fitted to its width."""
    px = text.fit_px(words, px, rect.w)
    text.draw(surface, words, (rect.centerx, y), px, colour, "center", shadow=True)


def status(surface, rect: pygame.Rect, lines, px: int) -> None:
    """The status panel: ``lines`` of (words, colour), each fitted to the panel's width."""
    panel(surface, rect, 200)
    line = int(px * 1.3)
    for i, (words, colour) in enumerate(lines):
        y = rect.y + 8 + i * line
        if y + line > rect.bottom:
            break
        size = text.fit_px(words, px, rect.w - 20)
        text.draw(surface, words, (rect.x + 10, y), size, colour)

