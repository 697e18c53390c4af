"""The battle log: every line of the game, kept whole, in a panel that scrolls.

It is a ``Transcript`` (game.i18n.phrase): a list of ``(words, colour)`` lines that scenes
append to, each worded in the language of the moment when it is read, so a change of language
mid-game rewords the whole log. The wheel over the panel and PageUp/PageDown scroll it; a new
line does not move a view the player has scrolled back, and End (or scrolling to the bottom)
follows the newest line again.
"""

from __future__ import annotations

import re

import pygame

from ..i18n.phrase import Transcript
from . import frame_log, text, theme
from .cache import Lru
from .widgets import panel


# a coordinate in a line: one letter, then its row (a word of its own): «З3», «Ж10», «B5»
COORD = re.compile(r"(?<!\w)([^\W\d_])(\d{1,2})(?!\w)")


def letter_colour(colour) -> tuple:
    """The colour a coordinate's letter is drawn in, on a line of ``colour``: gold, or white
    on a gold line, so «З3» never reads «33»."""
    return theme.TEXT if tuple(colour[:3]) == theme.ACCENT else theme.ACCENT


def draw_line(surface, words: str, pos, px: int, colour) -> None:
    """One line of the log, each coordinate's letter in its own colour a hair before its
    number (the rest as one piece each side); the line made once and kept while shown."""
    line = _lines.get_or_make((words, px, tuple(colour)), lambda: _line(words, px, colour))
    surface.blit(line, pos)
    frame_log.words(surface, line.get_rect(topleft=pos), words)


_lines = Lru(120)


def _line(words: str, px: int, colour) -> pygame.Surface:
    pieces = []
    at = 0
    gap = max(1, px // 10)
    for m in COORD.finditer(words):
        if m.start() > at:
            pieces.append((words[at:m.start()], colour, 0))
        pieces.append((m.group(1), letter_colour(colour), gap))
        at = m.start(2)
    if at < len(words) or not pieces:
        pieces.append((words[at:], colour, 0))
    rendered = [(text.render(w, px, c), after) for w, c, after in pieces]
    surf = pygame.Surface((sum(r.get_width() + after for r, after in rendered),
                           max(r.get_height() for r, _ in rendered)), pygame.SRCALPHA)
    x = 0
    for r, after in rendered:
        surf.blit(r, (x, 0))
        x += r.get_width() + after
    return surf


class LogPanel(Transcript):
    def __init__(self, translator, lines=()):
        super().__init__(translator, lines)
        self.back = 0             # lines scrolled back from the newest
        self.rows = 1             # lines the panel showed last time it was drawn
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.pointer = None       # where the mouse was last seen (wheel events carry no pos)
        self.foot = 0             # pixels kept free under the lines (a caption's, the scene's)

    def append(self, line) -> None:
        super().append(line)
        if self.back:             # hold a view scrolled back where it is
            self.back += 1

    def scroll(self, lines: int) -> None:
        """Positive: back toward the first line; negative: toward the newest."""
        self.back = max(0, min(len(self) - self.rows, self.back + lines))

    def handle(self, event) -> bool:
        """The wheel over the panel and PageUp/PageDown/End; True if the event was the log's."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.pointer is not None and self.rect.collidepoint(self.pointer):
                self.scroll(3 * event.y)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            page = max(1, self.rows - 1)
            if event.key == pygame.K_PAGEUP:
                self.scroll(page)
                return True
            if event.key == pygame.K_PAGEDOWN:
                self.scroll(-page)
                return True
            if event.key == pygame.K_END and self.back:
                self.back = 0
                return True
        return False

    def place(self, rect: pygame.Rect, px: int) -> None:
        """Where the panel stands and how many lines of ``px`` it shows, for the wheel and the
        page keys: set as the screen is updated, never as it is drawn."""
        self.rect = pygame.Rect(rect)
        self.rows = max(1, (rect.h - 12 - self.foot) // int(px * 1.2))
        self.back = max(0, min(self.back, len(self) - self.rows))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, px: int, fit: bool = False,
             pad: int = 10) -> None:
        """The panel with as many lines as fit, ending ``back`` lines before the newest."""
        panel(surface, rect, 200)
        line_h = int(px * 1.2)
        rows = max(1, (rect.h - 12 - self.foot) // line_h)
        back = max(0, min(self.back, len(self) - rows))   # as placed, unless the size changed
        end = len(self) - back
        shown = self[max(0, end - rows):end]
        bar = 6 if len(self) > rows else 0
        width = rect.w - 2 * pad - bar
        for i, (words, colour) in enumerate(shown):   # said in today's language
            size = (text.fit_px(words, px, width - px // 2) if fit
                    else px if text.size(words, px)[0] <= width   # a long line (an arcade
                    else text.fit_px(words, px, width))           # turn's sum) is made to fit
            draw_line(surface, words, (rect.x + pad, rect.y + 6 + i * line_h), size, colour)
        if bar:                   # where the view stands in the whole game
            track = pygame.Rect(rect.right - bar - 4, rect.y + 8, bar, rect.h - 16)
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=3)
            h = max(8, track.h * rows // len(self))
            top = track.y + (track.h - h) * (len(self) - rows - back) // max(1, len(self) - rows)
            pygame.draw.rect(surface, theme.TEXT_DIM, (track.x, top, bar, h), border_radius=3)
