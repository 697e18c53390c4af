"""«Кораблики»'s side panel (issue 33): the steps of a turn with the one it is at, and what the
viewer knows of both fleets — each side's pieces afloat and forts, the viewer's own losses by
rank and which of his pieces the enemy knows, the enemy's pieces taken (by rank where it was
turned up, the rest as "?") and the enemy's ranks turned up afloat.

``tally_of(view)`` reads it all from the viewer's ``KorablikiView`` (the rules' filter of what
he may know, the same at one screen and online), so nothing hidden can show.

API:

- ``STEPS``: the steps of a turn, in order (move, act, end)
- ``tally_of(view) -> Tally``
- ``draw_steps(surface, rect, labels, current, colour) -> height``: the steps as pills joined by
  arrows, the current one filled
- ``chip_rows(tally, tr) -> rows``: the panel's lines of chips; ``draw_chips(surface, x, y,
  width, row, px) -> height``
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pygame

from ..rules import korabliki as kr
from . import frame_log, text, theme
from .korabliki import BADGE, HULL_DARK, rank_label
from .widgets import arrow

STEPS = (kr.MOVE, kr.ACT, "end")
UNKNOWN = "?"


@dataclass(frozen=True)
class Tally:
    """What ``player`` knows of both fleets (counts by rank, in ``kr.RANKS`` order)."""

    player: int
    afloat: tuple[int, int]          # own, enemy pieces on the board
    forts: tuple[int, int]           # own, enemy forts standing
    lost: dict                       # own pieces removed, by rank
    known: dict                      # own pieces afloat the enemy knows, by rank
    taken: dict                      # enemy pieces removed, by rank ("?": rank not known)
    seen: dict                       # enemy pieces afloat turned up, by rank


def _ordered(counts: Counter) -> dict:
    return {r: counts[r] for r in (*kr.RANKS, UNKNOWN) if counts[r]}


def tally_of(view) -> Tally:
    me = view.player
    lost = Counter(r for owner, r in view.lost if owner == me)
    taken = Counter(r or UNKNOWN for owner, r in view.lost if owner != me)
    known = Counter(p.rank for p in view.own if p.revealed)
    seen = Counter(p.rank for p in view.enemy if p.rank is not None)
    # a fort is never removed unseen (taken, or turned up by a blast): the enemy's standing
    # ones are his two less those taken
    forts = (sum(1 for p in view.own if p.rank == kr.FORT), kr.COUNTS[kr.FORT] - taken[kr.FORT])
    return Tally(me, (len(view.own), len(view.enemy)), forts, _ordered(lost), _ordered(known),
                 _ordered(taken), _ordered(seen))


def draw_steps(surface: pygame.Surface, rect: pygame.Rect, labels, current: int | None,
               colour) -> int:
    """The steps of a turn as pills in a row joined by arrows: those done dimmed, the current
    one filled in ``colour``, those to come outlined. Returns the height taken."""
    n = len(labels)
    gap = max(10, rect.h // 2)
    w = (rect.w - gap * (n - 1)) // n
    px = min(text.fit_px(f"{i + 1}. {lb}", int(rect.h * 0.62), w - 8, 10)
             for i, lb in enumerate(labels))
    for i, label in enumerate(labels):
        r = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h)
        words = f"{i + 1}. {label}"
        radius = rect.h // 2
        frame_log.box(surface, r, "step")
        if current is not None and i == current:
            pygame.draw.rect(surface, colour, r, border_radius=radius)
            text.draw(surface, words, r.center, px, HULL_DARK, "center")
        else:
            done = current is not None and i < current
            edge = theme.TEXT_DIM if done else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, r, 2, border_radius=radius)
            text.draw(surface, words, r.center, px, theme.TEXT_DIM if done else theme.TEXT,
                      "center")
        if i < n - 1:
            arrow(surface, (r.right + gap / 2, r.centery), gap * 0.55, "right", theme.TEXT_DIM)
    return rect.h


def chip_rows(tally: Tally, tr, names, colours) -> list:
    """The panel's lines: (words, colour, chips) — a fleet's line, then its chips rows, each
    chip (words, ink, plate)."""
    me, enemy = tally.player, 1 - tally.player

    def chips(counts: dict, plate) -> list:
        if not counts:
            return [(tr("kor.tally.none"), theme.TEXT_DIM, None)]
        return [(f"{UNKNOWN if r == UNKNOWN else rank_label(tr, r)} {n}", HULL_DARK,
                 theme.TEXT_DIM if r == UNKNOWN else plate) for r, n in counts.items()]
    own_plate = colours[me]
    return [
        (tr("kor.fleet_own", name=names[me], n=tally.afloat[0], forts=tally.forts[0]),
         colours[me], None),
        (tr("kor.tally.lost"), theme.TEXT_DIM, chips(tally.lost, own_plate)),
        (tr("kor.tally.known"), theme.TEXT_DIM, chips(tally.known, own_plate)),
        (tr("kor.fleet_enemy", name=names[enemy], n=tally.afloat[1], forts=tally.forts[1]),
         colours[enemy], None),
        (tr("kor.tally.taken"), theme.TEXT_DIM, chips(tally.taken, BADGE)),
        (tr("kor.tally.seen"), theme.TEXT_DIM, chips(tally.seen, BADGE)),
    ]


def draw_chips(surface: pygame.Surface, x: int, y: int, width: int, row, px: int,
               line: int) -> int:
    """One of ``chip_rows``: its words, then its chips flowing after them (wrapping under
    them); or a line of words alone. Returns the height taken."""
    words, colour, chips = row
    if chips is None:
        text.draw(surface, words, (x, y), text.fit_px(words, px, width), colour)
        return line
    cpx = max(10, px - 2)
    head = text.draw(surface, words, (x + 8, y + line / 2), cpx, colour, "midleft")
    cx, cy = head.right + 6, y
    for label, ink, plate in chips:
        w = text.size(label, cpx)[0] + 8
        if cx + w > x + width and cx > head.right + 6:
            cx, cy = head.right + 6, cy + line
        r = pygame.Rect(cx, cy + 1, w, line - 3)
        if plate is None:
            text.draw(surface, label, r.midleft, cpx, ink, "midleft")
        else:
            pygame.draw.rect(surface, plate, r, border_radius=max(2, r.h // 3))
            frame_log.box(surface, r, "plate")
            text.draw(surface, label, r.center, cpx, ink, "center")
        cx += w + 4
    return cy - y + line
