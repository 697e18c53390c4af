"""The chart's words around its map: the header (the captain, his rank, his stars and the
difficulty, which a click changes) and the chosen port's column (the opponent's portrait, the
port's name and stars, who he is, the rules, what was done there, the menu and the keys).
"""

from __future__ import annotations

import functools

import pygame

from ...i18n.phrase import say
from ...modes import MODES
from ...rewards import RANKS
from ...render import text, theme
from ...render.chart import draw_stars
from ...render.portrait import draw_portrait
from ...render.widgets import panel, star
from .words import difficulty_colour, result_words


@functools.lru_cache(maxsize=256)
def _wrapped(words: str, px: int, width: int) -> tuple:
    """``text.wrap`` remembered: the details column wraps the same words every frame."""
    return tuple(text.wrap(words, px, width))


def _block(words: str, px: int, width: int, height: int) -> tuple:
    size, lines = _fitted(words, px, width, height)
    text.note_cut(words, lines)       # (outside the memory: the frame's check sees it each time)
    return size, lines


@functools.lru_cache(maxsize=32)
def _fitted(words: str, px: int, width: int, height: int) -> tuple:
    return text.fit_block(words, px, width, height)


class ChartDetails:
    """A mixin of ``VoyageScene``: it reads the scene's ``voyage``, ``level``, ``index``,
    ``menu``, ``captain``, ``header_h``, ``_info_box`` and ``_locked_words``."""

    def _draw_header(self, surface, u: float) -> None:
        """The title; on the right the captain, his rank and his stars with the difficulty
        beside them, and under them how many stars the next rank wants."""
        w = self.size[0]
        px = theme.font_px(self.size, 40)
        head = text.draw(surface, self.tr("campaign.title"), (20 * u, self.header_h / 2), px,
                         theme.ACCENT, "midleft", shadow=True)
        progress = self.voyage.progress
        spx = theme.font_px(self.size, 22)
        line1 = self.header_h * 0.38
        colour = difficulty_colour(self.voyage.difficulty)
        chip = self._difficulty_chip()
        text.draw(surface, self.tr(f"difficulty.{self.voyage.difficulty}"), chip.center, spx,
                  colour, "center")
        pygame.draw.rect(surface, colour, chip, 1, border_radius=5)
        words = self.tr("campaign.stars_total", n=progress.total_stars,
                        total=self.voyage.max_stars())
        r = text.draw(surface, words, (chip.x - spx * 0.6, line1), spx, theme.TEXT,
                      "midright")
        star(surface, (r.x - spx * 0.8, r.centery), spx * 1.1, theme.ACCENT)
        room = r.x - spx * 1.8 - head.right - spx
        who = self.tr("campaign.captain", name=self.captain) + " · " + self.tr(
            progress.rank.name_key)
        text.draw(surface, who, (r.x - spx * 1.8, line1), text.fit_px(who, spx, int(room)),
                  theme.TEXT, "midright")
        rank = progress.rank
        if rank.next_at is None:
            more = self.tr("chart.top_rank")
        else:
            more = self.tr("chart.to_next", n=rank.next_at - progress.total_stars,
                           rank=self.tr(f"rank.{RANKS[rank.index + 1][0]}"))
        kpx = theme.font_px(self.size, 15)
        text.draw(surface, more, (w - 20 * u, self.header_h * 0.8), kpx, theme.TEXT_DIM,
                  "midright")

    def _difficulty_chip(self) -> pygame.Rect:
        """The difficulty beside the stars in the header: a click changes it."""
        u = theme.unit(self.size)
        spx = theme.font_px(self.size, 22)
        tw, th = text.size(self.tr(f"difficulty.{self.voyage.difficulty}"), spx)
        chip = pygame.Rect(0, 0, int(tw + spx * 0.6), int(th + 2))
        chip.midright = (int(self.size[0] - 20 * u), int(self.header_h * 0.38))
        return chip

    def _draw_info(self, surface, u: float) -> None:
        """The chosen port's column: the opponent's portrait beside the port's name and stars,
        who he is and what he plays, the menu and the keys at the foot."""
        m = int(12 * u)
        box = self._info_box()
        panel(surface, box, 225)
        self.menu.draw(surface, self.t)
        keys = self.tr("chart.keys")
        kpx = theme.font_px(self.size, 15)
        kpx, klines = _block(keys, kpx, box.w - 2 * m, box.bottom - self.menu.rect.bottom - m)
        top = self.menu.rect.bottom + m // 2
        for k, line in enumerate(klines):
            text.draw(surface, line, (box.x + m, top + k * int(kpx * 1.2)), kpx, theme.TEXT_DIM)
        level = self.level
        if level is None:
            return
        lang = self.app.settings.language
        state = self.voyage.state(level)
        side = int(min(box.w * 0.34, 150 * u, (self.menu.rect.y - box.y) * 0.45))
        draw_portrait(surface, pygame.Rect(box.x + m, box.y + m, side, side),
                      level.opponent.portrait, self.t, state == "locked")
        x = box.x + 2 * m + side
        width = box.right - m - x
        px = theme.font_px(self.size, 20)
        big = theme.font_px(self.size, 30)
        y = box.y + m
        title = f"{self.index + 1}. {level.text('port', lang)}"
        tr = text.draw(surface, title, (x, y), text.fit_px(title, big, width), theme.ACCENT)
        y = tr.bottom + big * 0.45
        if state != "locked":
            size = big * 0.8
            centre = (x + size / 2 + (level.max_stars - 1) * size * 0.65, y)
            draw_stars(surface, centre, size, self.voyage.progress.stars(level.id),
                       level.max_stars, 1.3)
            won_at = self.voyage.progress.levels.get(level.id, {}).get("difficulty", "")
            if won_at:                  # what the stars were won at, beside them
                text.draw(surface, self.tr(f"difficulty.{won_at}"),
                          (centre[0] + level.max_stars * size * 0.7, y),
                          theme.font_px(self.size, 16), difficulty_colour(won_at), "midleft")
            y += size * 0.8
        name = self.tr("campaign.opponent", name=level.name(lang))
        for line in _wrapped(name, px, width)[:3]:
            text.draw(surface, line, (x, y), px, theme.TEXT)
            y += px * 1.2
        lines = [(say(MODES[level.mode].describe(level.config, preset=level.preset), self.tr),
                  theme.TEXT_DIM)]
        if state == "locked":
            lines.append((self._locked_words(level), theme.BAD))
        else:
            entry = self.voyage.progress.levels.get(level.id)
            if entry and entry.get("wins"):
                lines.append((self.tr("campaign.best", result=result_words(
                    self.tr, level, entry["best"])), theme.GOOD))
            elif entry:
                lines.append((self.tr("campaign.tries", n=entry["tries"]), theme.TEXT_DIM))
            else:
                lines.append((self.tr("campaign.unexplored"), theme.TEXT_DIM))
        y = max(y, box.y + m + side) + m
        bottom = self.menu.rect.y - m // 2
        for words, colour in lines:
            for line in _wrapped(words, px, box.w - 2 * m):
                if y + px > bottom:
                    break
                text.draw(surface, line, (box.x + m, y), px, colour)
                y += px * 1.2
            y += px * 0.3
