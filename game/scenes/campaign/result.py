"""The result after a campaign battle: the stars it earned popping in, the opponent's last word,
what the battle came to and the stars it missed, the ports it opened, new medals and a rank
risen; a voyage finished first has its closing scene after it."""

from __future__ import annotations

import pygame

from ...render import motion, text, theme
from ...render.widgets import Item, centred, star
from ..common.base import menu_or_escape
from .awards import draw_awards
from .ending import ClosingScene
from .overlay import OverChart
from .words import missed_words, result_words


class ResultScene(OverChart):
    """After the battle: the stars it earned, the opponent's last word, the ports it opened."""

    DIM = 140

    def __init__(self, app, chart, result):
        self.result = result
        items = [Item(lambda: self.tr("campaign.continue"), self.go_on)]
        if not result.won:
            items.insert(0, Item(lambda: self.tr("campaign.try_again"), self.again))
        super().__init__(app, chart, items)
        self.chimed = 0
        if result.opened:      # the ship sails on to the first port this win opened
            chart.select_level(result.opened[0])

    def again(self) -> None:
        self.app.scenes.pop()
        self.chart.open_briefing()

    def go_on(self) -> None:
        """Back to the chart; a voyage this battle finished first has its closing scene."""
        self.app.scenes.pop()
        if self.result.voyage_finished:
            self.app.scenes.push(ClosingScene(self.app, self.chart, self.result.voyage_finished))

    def handle(self, event) -> None:
        menu_or_escape(self, event, self.go_on, click=False)

    def update(self, dt: float) -> None:
        super().update(dt)
        shown = min(self.result.stars, int(max(0.0, self.t - 0.4) / 0.35) + (self.t > 0.4))
        if shown > self.chimed:
            self.chimed = shown
            self.app.sound("sink")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        box = self._backing(surface)
        r = self.result
        lang = self.app.settings.language
        m = int(18 * u)
        if r.won:
            head, colour, words = self.tr("gameover.victory"), theme.GOOD, r.level.text("victory", lang)
        elif r.draw:
            head, colour = self.tr("campaign.draw"), theme.ACCENT
            words = r.level.text("defeat", lang)
        else:
            head, colour, words = self.tr("gameover.defeat"), theme.BAD, r.level.text("defeat", lang)
        big = theme.font_px(self.size, 50)
        y = box.y + m
        text.draw(surface, head, (box.centerx, y), big, colour, "midtop", shadow=True)
        y += big * 1.05
        text.draw(surface, r.level.text("port", lang), (box.centerx, y),
                  theme.font_px(self.size, 22), theme.TEXT_DIM, "midtop")
        y += theme.font_px(self.size, 22) * 1.4
        size = 46 * u
        shown = 0 if self.t < 0.4 else min(r.stars, 1 + int((self.t - 0.4) / 0.35))
        x0 = box.centerx - (r.level.max_stars - 1) * size * 0.6
        for i in range(r.level.max_stars):
            c = (x0 + i * size * 1.2, y + size / 2)
            if i < shown:
                pop = 1.0 if motion.reduced() else min(1.0, (self.t - 0.4 - i * 0.35) / 0.2)
                star(surface, c, size * (0.6 + 0.4 * pop), theme.ACCENT)
            else:
                star(surface, c, size, theme.TEXT_DIM, filled=False)
        y += size * 1.3
        px = theme.font_px(self.size, 21)
        width = box.w - 2 * m
        menu_h = self.menu.height(self.size)
        lines = []
        if words:
            lines += [(line, theme.TEXT) for line in text.wrap(words, px, width)]
        lines.append((result_words(self.tr, r.level, r.metrics), theme.TEXT_DIM))
        lines += [(words, theme.BAD) for words in missed_words(self.tr, r)]
        if r.opened:
            ports = ", ".join(lv.text("port", lang) for lv in r.opened)
            lines.append((self.tr("campaign.opened", ports=ports), theme.ACCENT))
        awards = box.bottom - m - menu_h - self._awards_h()
        for line, col in lines:
            if y + px > awards:
                break
            text.draw(surface, line, (box.centerx, y), text.fit_px(line, px, width), col, "midtop")
            y += px * 1.25
        if self._awards_h():
            draw_awards(surface, self, pygame.Rect(box.x + m, awards, width, self._awards_h()),
                        max(0.0, self.t - 0.4 - r.stars * 0.35))
        self.menu.draw(surface, self.t)

    def _awards_h(self) -> int:
        """The height of the band of new medals and a rank risen (0: none this battle)."""
        u = theme.unit(self.size)
        r = self.result
        return int((106 * u if r.medals else 0) + (34 * u if r.rank_after > r.rank_before else 0))

    def _box(self) -> pygame.Rect:
        w, h = self.size
        u = theme.unit(self.size)
        return centred(min(w * 0.8, 820 * u), min(h * 0.92, 520 * u + self._awards_h()),
                       (w // 2, h // 2))

    def layout(self) -> None:
        """The menu at the foot of the panel, centred."""
        box, u = self._box(), theme.unit(self.size)
        m = int(18 * u)
        menu_rect = pygame.Rect(0, 0, int(min(box.w - 2 * m, 420 * u)),
                                self.menu.height(self.size))
        menu_rect.midbottom = (box.centerx, box.bottom - m)
        self.menu.layout(menu_rect, self.size)
