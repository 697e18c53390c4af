"""«Кораблики»'s moments on the board (issue 33): an asking — the two pieces raised,
«ЧТО ЭТО?» over them, their ranks turned up as cards, the winner striking, the loser going down —
and a reveal — a piece a torpedo hit raised and its rank turned up ("A MINE!", "A FORT!").

A moment knows only what the scene gives it: each raised piece as the viewer sees it before and
after the cards turn, and each card's words, or None for a card that stays face down (a rank the
viewer may not know). Everything is sized in cells and runs on elapsed time (``t``, seconds);
the scene's ``skip`` drops the moments at once. With reduced motion (``render.motion``) a
moment is its end state, still, fading in and out: the pieces where they stand, the cards turned
beside them, the word; the loser fades away.

API:

- ``Look(rank, colour, bow_up, label="", badge=False, flag=None)``: a piece as the viewer sees it
  (``rank`` None: its blank back), drawn by ``korabliki.piece_surface``
- ``Raised(cell, centre, before, after, card, fate, toward=None)``: one piece; ``before`` /
  ``after``: its ``Look`` before and after the cards turn; ``card``: (big words, small words)
  or None; ``fate``: "stays", "strikes" or "down"
- ``CardMoment(raised, word, reveal, cell, board, timing=ASKING)``; ``.update(dt)``, ``.done``,
  ``.hidden()`` (the board cells it draws itself), ``.down_at`` (seconds in: the loser goes)
- ``draw_moment(surface, moment, offset=(0, 0))``
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from . import motion, text, theme
from .cache import Lru
from .korabliki import HULL_DARK, piece_surface
from .moments import banner
from .widgets import tint
from .easing import ease_out


@dataclass(frozen=True)
class Timing:
    """When each part of a moment plays, in seconds from its start."""

    rise: float          # the pieces lift
    flip: float          # the cards start to turn
    flip_span: float
    strike: float        # the winner lunges
    down: float          # the loser goes (the scene removes it from the board then)
    span: float          # the whole moment


ASKING = Timing(rise=0.22, flip=0.42, flip_span=0.26, strike=0.95, down=1.15, span=1.7)
REVEAL = Timing(rise=0.15, flip=0.05, flip_span=0.24, strike=0.3, down=0.6, span=1.25)

LIFT = 1.7           # a raised piece's size, in cells
RAISE = 0.35         # how high it lifts, in cells
CARD = (1.7, 2.1)    # a card's width and height, in cells
CARD_FACE = (250, 244, 228)
CARD_BACK = (54, 70, 104)
DIM = 150            # the board's darkening at the moment's height (alpha)
APART = 0.3          # raised pieces move this far apart, in cells


@dataclass(frozen=True)
class Look:
    """A piece as the viewer sees it: ``rank`` None is its blank back; ``label`` the rank
    written on it, in a badge (``badge``) on an enemy's; ``flag`` a fort's (a captain's)."""

    rank: str | None
    colour: tuple
    bow_up: bool
    label: str = ""
    badge: bool = False
    flag: str | None = None

    def surface(self, size: int) -> pygame.Surface:
        return piece_surface(self.rank, size, self.colour, self.bow_up, self.label, self.badge,
                             flag=self.flag)


@dataclass
class Raised:
    cell: tuple                    # the board cell it stands on
    centre: tuple                  # its pixel centre on the board
    before: Look                   # as the viewer sees it, before the cards turn
    after: Look
    card: tuple | None             # (big words, small words), None: stays face down
    fate: str = "stays"            # "stays", "strikes" (at the other) or "down"
    toward: tuple | None = None    # whom it strikes: a pixel centre


@dataclass
class CardMoment:
    raised: list
    word: str | None               # over the pieces from the start («ЧТО ЭТО?»)
    reveal: str | None             # in its place once the cards have turned ("A MINE!")
    cell: int                      # pixels a board cell
    board: pygame.Rect             # the grid: the words and cards stay on it
    timing: Timing = ASKING
    t: float = 0.0
    _pics: dict = field(default_factory=dict, repr=False)

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def done(self) -> bool:
        return self.t >= self.timing.span

    @property
    def down_at(self) -> float:
        return self.timing.down

    def hidden(self) -> set:
        """The board cells whose pieces the moment draws itself (raised, or going down)."""
        return {r.cell for r in self.raised}


def _lifted(m: CardMoment, r: Raised, rise: float) -> tuple:
    """Where a raised piece stands at ``rise`` (0..1): up off the water, and apart from the
    other piece raised with it."""
    c = m.cell
    x, y = r.centre[0], r.centre[1] - RAISE * c * rise
    others = [o.centre for o in m.raised if o is not r]
    if others:
        dx, dy = r.centre[0] - others[0][0], r.centre[1] - others[0][1]
        d = math.hypot(dx, dy) or 1.0
        x += dx / d * APART * c * rise
        y += dy / d * APART * c * rise
    return x, y


_shadows = Lru(64)


def _shadow(w: int, h: int) -> pygame.Surface:
    """A soft dark ellipse: a raised piece's shadow on the water (one per size)."""
    surf = _shadows.get((w, h))
    if surf is None:
        surf = _shadows[(w, h)] = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.ellipse(surf, (0, 0, 0, 80), surf.get_rect())
    return surf


def _card_surface(words, w: int, h: int, colour) -> pygame.Surface:
    """A card: its face with the rank's words (big) and name (small), edged in the owner's
    colour; ``words`` None: its back, a "?" on it."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(3, w // 8)
    edge = max(2, w // 16)
    if words is None:
        pygame.draw.rect(surf, CARD_BACK, surf.get_rect(), border_radius=r)
        inner = surf.get_rect().inflate(-edge * 3, -edge * 3)
        pygame.draw.rect(surf, (*colour[:3],), inner, max(1, edge // 2), border_radius=r // 2)
        px = text.fit_px("?", int(h * 0.5), w - 2 * edge, 8, face="display")
        text.draw(surf, "?", surf.get_rect().center, px, theme.TEXT, "center", face="display")
    else:
        big, small = words
        pygame.draw.rect(surf, CARD_FACE, surf.get_rect(), border_radius=r)
        room = w - 3 * edge
        px = text.fit_px(big, int(h * 0.34), room, 8, face="display")
        y = h * (0.42 if small else 0.5)
        text.draw(surf, big, (w / 2, y), px, HULL_DARK, "center", face="display")
        if small:
            spx = text.fit_px(small, int(h * 0.15), room, 8)
            if spx >= 9:
                text.draw(surf, small, (w / 2, h * 0.76), spx, (70, 60, 50), "center")
    pygame.draw.rect(surf, colour[:3], surf.get_rect(), edge, border_radius=r)
    return surf


def _layout(m: CardMoment) -> tuple:
    """Where the cards and the word go: a row of cards above the raised pieces (below them when
    the pieces stand near the board's top), the word beyond the cards; all kept on the board.
    Returns (card centres, word centre)."""
    c = m.cell
    cw, ch = CARD[0] * c, CARD[1] * c
    xs = [r.centre[0] for r in m.raised]
    ys = [r.centre[1] for r in m.raised]
    mid = sum(xs) / len(xs)
    n = len(m.raised)
    order = sorted(range(n), key=lambda i: (xs[i], ys[i]))
    gap = cw + 0.15 * c
    centres = [None] * n
    above = min(ys) - c * (LIFT / 2 + RAISE + APART + 0.1) - ch / 2
    word_h = 0.9 * c
    if above - ch / 2 - word_h < m.board.top:
        cy = max(ys) + c * (LIFT / 2 + APART + 0.1) + ch / 2
        wy = cy + ch / 2 + word_h * 0.6
    else:
        cy = above
        wy = cy - ch / 2 - word_h * 0.6
    left = mid - gap * (n - 1) / 2
    left = max(m.board.left + cw / 2, min(m.board.right - cw / 2 - gap * (n - 1), left))
    for slot, i in enumerate(order):
        centres[i] = (left + slot * gap, cy)
    return centres, (max(m.board.left, min(m.board.right, mid)), wy)


def _pic(m: CardMoment, key, make):
    pic = m._pics.get(key)
    if pic is None:
        pic = m._pics[key] = make()
    return pic


def draw_moment(surface: pygame.Surface, m: CardMoment, offset=(0, 0)) -> None:
    """The moment at its time ``m.t``: the board darkened, the raised pieces, the cards and the
    word; the winner's lunge and the loser going down."""
    tm, t, c = m.timing, m.t, m.cell
    still = motion.reduced()
    if still:         # the cards turned, before any lunge; nothing lifts, all of it fades
        t = tm.flip + tm.flip_span
        fade, rise = motion.fade_in_out(m.t / tm.span), 0.0
    else:
        fade = 1.0 - ease_out((t - (tm.span - 0.3)) / 0.3)      # the last 0.3 s: all fades
        rise = ease_out(t / tm.rise) * fade
    ox, oy = offset
    dim = int(DIM * min(1.0, t / tm.rise) * fade)
    if dim > 4:
        surface.blit(tint(m.board.size, (0, 0, 0, dim // 8 * 8)), m.board.move(ox, oy).topleft)
    flipped = t >= tm.flip + tm.flip_span / 2
    cards, word_at = _layout(m)
    size = max(8, round(c * LIFT))
    for i, r in enumerate(m.raised):
        x, y = _lifted(m, r, rise)
        x, y = x + ox, y + oy
        scale = 1 + (LIFT - 1) * rise
        if r.fate == "strikes" and r.toward is not None and tm.strike <= t < tm.down:
            k = math.sin(math.pi * (t - tm.strike) / (tm.down - tm.strike))
            x += (r.toward[0] - r.centre[0]) * 0.4 * k
            y += (r.toward[1] - r.centre[1]) * 0.4 * k
        alpha = 255
        if still and r.fate == "down":
            alpha = int(255 * max(0.0, 1 - m.t / tm.span))
        elif r.fate == "down" and t >= tm.down:
            k = ease_out((t - tm.down) / 0.45)
            if k >= 1:
                continue
            scale *= 1 - 0.5 * k
            y += c * 0.5 * k
            alpha = int(255 * (1 - k))
        look = r.after if flipped else r.before
        full = _pic(m, ("piece", i, flipped), lambda: look.surface(size))
        s = max(6, round(c * scale))
        pic = full if s == size else pygame.transform.smoothscale(full, (s, s))
        # its shadow on the water, a little below and to the side, as it lifts
        lift = RAISE * c * rise
        if lift > 1:
            shadow = _shadow(max(2, int(s * 0.6)), max(2, int(s * 0.28)))
            surface.blit(shadow, shadow.get_rect(center=(x + lift * 0.4, y + lift + s * 0.3)))
        if alpha < 255:
            pic = pic.copy()
            pic.set_alpha(alpha)
        surface.blit(pic, pic.get_rect(center=(round(x), round(y))))
        hit = (tm.strike + tm.down) / 2               # the lunge at its furthest
        if r.fate == "strikes" and r.toward is not None and hit <= t < tm.down + 0.2:
            # the blow lands: a bright ring spreading from the struck piece
            k = (t - hit) / (tm.down + 0.2 - hit)
            at = _lifted(m, next(o for o in m.raised if o.centre == r.toward), rise)
            pygame.draw.circle(surface, (255, 236, 160), (at[0] + ox, at[1] + oy),
                               c * (0.4 + 0.7 * k), max(1, round(c * 0.16 * (1 - k))))
        _draw_card(surface, m, i, r, cards[i], (x, y), t, fade, (ox, oy))
    _draw_word(surface, m, word_at, t, fade, flipped, (ox, oy))


def _draw_card(surface, m: CardMoment, i: int, r: Raised, centre, piece, t: float, fade: float,
               offset) -> None:
    tm, c = m.timing, m.cell
    start = tm.flip - 0.18
    if t < start or fade <= 0:
        return
    w, h = round(CARD[0] * c), round(CARD[1] * c)
    show = ease_out((t - start) / 0.18)                       # it slides in, face down
    k = (t - tm.flip) / tm.flip_span                       # then turns over
    face = r.card is not None and k >= 0.5
    colour = r.before.colour
    pic = _pic(m, ("card", i, face), lambda: _card_surface(r.card if face else None, w, h,
                                                            colour))
    width = w
    if r.card is not None and 0 <= k < 1:
        width = max(2, round(w * abs(math.cos(math.pi * k))))
    if width != w:
        pic = pygame.transform.scale(pic, (width, h))
    alpha = int(255 * show * fade)
    if alpha < 255:
        pic = pic.copy()
        pic.set_alpha(alpha)
    cx, cy = centre[0] + offset[0], centre[1] + offset[1] + (1 - show) * c * 0.4
    rect = pic.get_rect(center=(round(cx), round(cy)))
    # a thread from the card to its piece, in the owner's colour: whose card is whose
    end = rect.midbottom if rect.centery < piece[1] else rect.midtop
    pygame.draw.line(surface, colour[:3], (rect.centerx, end[1]), piece, max(1, c // 14))
    surface.blit(pic, rect)


def _draw_word(surface, m: CardMoment, at, t: float, fade: float, flipped: bool,
               offset) -> None:
    words = m.reveal if (flipped and m.reveal) else m.word
    if not words or fade <= 0:
        return
    start = 0.08 if words is m.word else m.timing.flip + m.timing.flip_span / 2
    k = (t - start) / 0.16
    if k < 0:
        return
    punch = 1 + 0.6 * (1 - ease_out(k))                        # it slams down to its size
    px = max(12, round(m.cell * 0.95))
    colour = theme.ACCENT if words is m.word else theme.TEXT
    pic = _pic(m, ("word", words), lambda: banner(words, None, px, colour, colour,
                                                  int(m.board.w * 0.96)))
    if punch > 1.01:
        pic = pygame.transform.smoothscale_by(pic, punch)
    if fade < 1:
        pic = pic.copy()
        pic.set_alpha(int(255 * fade))
    rect = pic.get_rect(center=(round(at[0] + offset[0]), round(at[1] + offset[1])))
    rect.clamp_ip(m.board.move(*offset))
    surface.blit(pic, rect)
