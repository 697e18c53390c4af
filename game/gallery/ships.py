"""Gallery: every ship class of every mode at 16, 32 and 64 pixels a cell — whole, hit (one or
two cells burning) and sunk — one sheet per mode and size; and the
battles of the modes whose ships these are, at the window sizes players use."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ..i18n import Translator
from ..render import theme
from ..render import korabliki as kor_art
from ..render.board import BoardGeometry, draw_marks, draw_vessel, draw_wreck
from ..render.hull import DUTCHMAN
from ..render.naval import draw_hull, draw_weapons
from ..render.naval_ships import NAVAL
from ..render.ships import CLASSES
from ..match import COMPUTER, HUMAN, Match, Seat
from ..rules import korabliki as kor
from ..rules import naval
from ..rules.classic import HIT, PRESETS, SUNK
from ..rules.modes import MODES
from ..scenes.modes import SCREENS
from . import shot
from .title import SIZES

CELLS = (16, 32, 64)
SEA = (20, 60, 110)
SEA_LINE = (34, 80, 132)


def _line(n: int):
    return [(i, 0) for i in range(n)]


def _sheet(entries, cell: int, draw) -> pygame.Surface:
    """Three rows (whole, hit, sunk) of ``entries`` (name, cells, extra), each drawn by
    ``draw(surface, geo, cells, extra, state)`` on its patch of sea."""
    pad = max(8, cell // 2)
    sizes = [(max(x for x, _ in c) + 1, max(y for _, y in c) + 1) for _, c, _ in entries]
    width = pad + sum(w * cell + pad for w, _ in sizes)
    row_h = max(h for _, h in sizes) * cell + pad
    sheet = pygame.Surface((width, pad + 3 * row_h))
    sheet.fill(theme.BG)
    x = pad
    for (name, cells, extra), (w, h) in zip(entries, sizes):
        for row, state in enumerate(("whole", "hit", "sunk")):
            geo = BoardGeometry(x, pad + row * row_h, cell, w, h)
            pygame.draw.rect(sheet, SEA, geo.grid)
            for i in range(w + 1):
                pygame.draw.line(sheet, SEA_LINE, (x + i * cell, geo.y), (x + i * cell,
                                                                          geo.y + h * cell))
            for j in range(h + 1):
                pygame.draw.line(sheet, SEA_LINE, (x, geo.y + j * cell), (x + w * cell,
                                                                          geo.y + j * cell))
            draw(sheet, geo, cells, extra, state)
        x += w * cell + pad
    return sheet


def _hits(cells):
    """The cells a "hit" picture marks: one, or two on a ship of four or more."""
    cells = sorted(cells)
    return cells[-1:] if len(cells) < 4 else [cells[1], cells[-1]]


def _classic(surface, geo, cells, kind, state) -> None:
    """As the boards draw it: afloat, burning where hit, or the wreck below the surface."""
    if state == "sunk":
        draw_wreck(surface, geo, cells, kind)
        draw_marks(surface, geo, {c: SUNK for c in cells}, 0.0)
        return
    draw_vessel(surface, geo, cells, theme.SHIP, theme.SHIP_DARK, kind)
    if state == "hit":
        draw_marks(surface, geo, {c: HIT for c in _hits(cells)}, 0.0)


@shot
def classic_ships(gallery) -> None:
    entries = [(name, _line(n), name) for n, name in CLASSES.items()]
    entries.append(("submarine", _line(3), "submarine"))           # Milton Bradley's
    for cell in CELLS:
        gallery.save(_sheet(entries, cell, _classic), f"ships-classic-{cell}px.png")


BENT = [("L3", [(0, 0), (0, 1), (1, 1)]), ("L4", [(0, 0), (0, 1), (0, 2), (1, 2)]),
        ("square", [(0, 0), (1, 0), (0, 1), (1, 1)]),
        ("zigzag", [(0, 0), (1, 0), (1, 1), (2, 1)]),
        ("zigzag-up", [(0, 2), (0, 1), (1, 1), (1, 0)])]
DUTCH = [("dutchman-6", [(0, 1), (1, 0), (2, 0), (3, 0), (4, 1), (5, 1)]),
         ("dutchman-8", [(0, 0), (1, 1), (2, 1), (2, 2), (3, 1), (4, 0), (1, 2), (0, 2)]),
         ("dutchman-3", [(0, 0), (1, 1), (2, 2)]), ("dutchman-1", [(0, 0)])]


@shot
def bent_and_dutchman(gallery) -> None:
    entries = [(n, c, None) for n, c in BENT] + [(n, c, DUTCHMAN) for n, c in DUTCH]
    for cell in CELLS:
        gallery.save(_sheet(entries, cell, _classic), f"ships-bent-dutchman-{cell}px.png")


def _naval(surface, geo, cells, weapons, state) -> None:
    if state == "sunk":
        _classic(surface, geo, cells, NAVAL, state)
        return
    draw_hull(surface, geo, cells)
    lost = _hits(cells) if state == "hit" else []
    draw_weapons(surface, geo, weapons, lost, cells)
    draw_marks(surface, geo, {c: HIT for c in lost}, 0.0)


@shot
def naval_ships(gallery) -> None:
    line = {n: _line(n) for n in (2, 3, 4, 5)}
    carrier = sorted(naval.CARRIER_FORM)
    entries = [("patrol", line[2], [("gun", (1, 0))]),
               ("submarine", line[3], [("tube", (2, 0))]),
               ("battleship", line[4], [("gun", (0, 0)), ("gun", (3, 0))]),
               ("aegis", line[5], [("gun", (4, 0)), ("aa", (1, 0))]),
               ("carrier", carrier, [("deck", (x, 1)) for x in (1, 2, 3)]),
               ("carrier", sorted((y, x) for x, y in carrier), [("deck", (0, y)) for y in (0, 1, 2)])]
    for cell in CELLS:
        gallery.save(_sheet(entries, cell, _naval), f"ships-naval-{cell}px.png")


@shot
def korabliki_pieces(gallery) -> None:
    """Every rank as its owner sees it (Russian and English labels), the blank back the enemy
    sees, the revealed enemy piece, and a piece going down (faded)."""
    own, enemy = kor_art.viewer_colours(False)
    tr = {lang: Translator(lang) for lang in ("ru", "en")}
    ranks = list(kor.RANKS)
    for cell in CELLS:
        pad = max(6, cell // 3)
        sheet = pygame.Surface((pad + len(ranks) * (cell + pad), pad + 5 * (cell + pad)))
        sheet.fill(theme.BG)
        for i, rank in enumerate(ranks):
            x = pad + i * (cell + pad)
            rows = ((rank, own, True, False, False, kor_art.rank_label(tr["ru"], rank)),
                    (rank, own, True, False, False, kor_art.rank_label(tr["en"], rank)),
                    (None, enemy, False, False, False, ""),
                    (rank, enemy, False, True, False, kor_art.rank_label(tr["ru"], rank)),
                    (rank, own, True, False, True, kor_art.rank_label(tr["ru"], rank)))
            for row, (r, colour, up, badge, dim, label) in enumerate(rows):
                y = pad + row * (cell + pad)
                pygame.draw.rect(sheet, SEA, (x, y, cell, cell))
                sheet.blit(kor_art.piece_surface(r, cell, colour, up, label, badge, dim=dim),
                           (x, y))
        gallery.save(sheet, f"ships-korabliki-{cell}px.png")


@shot
def mode_battles(gallery) -> None:
    """Naval's, «Кораблики»'s and the Dutchman's battles in play, at both window sizes."""
    for mode, config, frames in (("naval", None, 300), ("korabliki", None, 300),
                                 ("classic", PRESETS["dutchman"], 600)):
        for w, h in SIZES:
            app = gallery.app((w, h))
            cfg = config if config is not None else app_config(mode)
            battle = SCREENS[mode].battle.showcase(app, cfg, gallery.seed)
            app.scenes.reset(battle)
            gallery.run_frames(app, frames)
            name = "dutchman" if config is not None else mode
            gallery.save(app.screen.copy(), f"battle-{name}-{w}x{h}.png")
            app.quit()


def app_config(mode: str):
    """The default rules of ``mode``."""
    return next(iter(MODES[mode].presets.values()))


@shot
def placements(gallery) -> None:
    """The set-up screens after **A** (the fleet placed at random): Naval's ships with their
    weapons, a Classic fleet of bent ships (C2) and «Кораблики»'s pieces with the tray, at both
    window sizes."""
    bent = replace(PRESETS["russian"], shapes="bent")
    for mode, name, config in (("naval", "naval", app_config("naval")),
                               ("classic", "bent", bent),
                               ("korabliki", "korabliki", app_config("korabliki"))):
        for w, h in SIZES:
            app = gallery.app((w, h))
            match = Match(config, (Seat(HUMAN, "A"), Seat(COMPUTER, "B", "random")),
                          seed=gallery.seed)
            app.scenes.reset(SCREENS[mode].set_up(app, match, 0, lambda setup: None))
            gallery.run_frames(app, 5)
            app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0,
                                                 unicode="a", scancode=0)])
            gallery.run_frames(app, 30)
            gallery.save(app.screen.copy(), f"placement-{name}-{w}x{h}.png")
            app.quit()
