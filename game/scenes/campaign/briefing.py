"""The briefing before a campaign battle: the opponent's portrait and words, the port, the
rules, who begins and at what difficulty, and what earns each star; a battle left in the
middle is resumed or begun anew from here."""

from __future__ import annotations

import pygame

from ...i18n.phrase import say
from ...levels import STAR_KEYS
from ...modes import MODES
from ...render import text, theme
from ...render.portrait import draw_portrait
from ...render.widgets import Item, centred, star
from ..common.base import menu_or_escape
from ..common.dialogs import ConfirmScene
from .boss import BossScene
from .overlay import OverChart
from .sailing import start_level
from .words import difficulty_colour, first_words, limits_words


class BriefingScene(OverChart):
    """Before the battle: the opponent's portrait and words, the rules, what earns the stars."""

    def __init__(self, app, chart, level):
        self.level = level
        saved = chart.saved
        self.saved = saved if saved and saved.get("level") == level.id else None
        if self.saved:
            items = [Item(lambda: self.tr("campaign.resume"), self.resume_battle),
                     Item(lambda: self.tr("campaign.start_anew"), self.start_anew)]
        else:
            items = [Item(lambda: self.tr("campaign.set_sail"), self.sail)]
        items.append(Item(lambda: self.tr("menu.back"), self.back))
        super().__init__(app, chart, items)

    @property
    def difficulty(self) -> str:
        """What the battle is played at: a saved one's own, else the captain's."""
        if self.saved:
            return self.saved.get("difficulty", "normal")
        return self.chart.voyage.difficulty

    def sail(self, met: bool = False) -> None:
        """A new battle; against a boss, his scene first (Esc there comes back here)."""
        if self.level.boss is not None and not met:
            self.app.scenes.push(BossScene(self.app, self.level, "before",
                                           lambda: self.sail(met=True), on_back=lambda: None))
            return
        self.app.scenes.pop()
        start_level(self.app, self.chart.voyage, self.level)

    def resume_battle(self) -> None:
        """(Not ``resume``: that is the scene's own, called when a dialog over it closes.)"""
        self.app.scenes.pop()
        start_level(self.app, self.chart.voyage, self.level, self.saved)

    def start_anew(self) -> None:
        def yes():
            self.chart.voyage.store.clear_battle(self.chart.voyage.key)
            self.sail()
        self.app.scenes.push(ConfirmScene(self.app, self.tr("campaign.anew_q"), yes))

    def handle(self, event) -> None:
        menu_or_escape(self, event, self.back)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        box = self._backing(surface)
        m = int(18 * u)
        lv = self.level
        lang = self.app.settings.language
        side = int(min(box.w * 0.3, box.h * 0.45))
        draw_portrait(surface, pygame.Rect(box.x + m, box.y + m, side, side), lv.opponent.portrait,
                 self.t)
        name_px = theme.font_px(self.size, 24)
        name = lv.name(lang)
        text.draw(surface, name, (box.x + m + side / 2, box.y + m + side + name_px * 0.3),
                  text.fit_px(name, name_px, side + m), theme.TEXT, "midtop")
        x = box.x + 2 * m + side
        width = box.right - m - x
        y = box.y + m
        big = theme.font_px(self.size, 40)
        port = lv.text("port", lang)
        text.draw(surface, port, (x, y), text.fit_px(port, big, width), theme.ACCENT, shadow=True)
        y += big * 1.1
        px = theme.font_px(self.size, 20)
        difficulty = self.difficulty
        first = first_words(self.tr, lv, name, difficulty)
        level_words = self.tr("chart.briefing_difficulty",
                              difficulty=self.tr(f"difficulty.{difficulty}"))
        rules = say(MODES[lv.mode].describe(lv.config, preset=lv.preset), self.tr)
        for words, colour in ((rules, theme.TEXT_DIM), (first, theme.TEXT_DIM),
                              (level_words, difficulty_colour(difficulty))):
            text.draw(surface, words, (x, y), text.fit_px(words, px, width), colour)
            y += px * 1.25
        y += px * 0.4
        bpx = theme.font_px(self.size, 22)
        menu_h = self.menu.height(self.size)
        stars_h = int(px * 1.35 * (1 + len(lv.stars)))
        room = box.bottom - m - menu_h - stars_h - y
        lines = text.wrap(lv.text("briefing", lang), bpx, width)
        while len(lines) * bpx * 1.22 > room and bpx > 14:   # small windows: smaller type
            bpx -= 1
            lines = text.wrap(lv.text("briefing", lang), bpx, width)
        for line in lines:
            text.draw(surface, line, (x, y), bpx, theme.TEXT)
            y += bpx * 1.22
        y = box.bottom - m - menu_h - stars_h
        rows = [(1, self.tr("campaign.star_one"))]
        limits = lv.limits(difficulty)
        rows += [(n, limits_words(self.tr, limits[k])) for n, k in enumerate(STAR_KEYS, 2)
                 if k in limits]
        earned = self.chart.voyage.progress.stars(lv.id)
        for n, words in rows:
            for k in range(n):
                star(surface, (x + px * 0.6 + k * px * 1.05, y + px * 0.55), px * 0.95,
                     theme.ACCENT if n <= earned else theme.TEXT_DIM, filled=n <= earned)
            text.draw(surface, words, (x + px * 3.6, y), text.fit_px(words, px, width - px * 3.6),
                      theme.TEXT)
            y += px * 1.35
        self.menu.draw(surface, self.t)

    def _box(self) -> pygame.Rect:
        w, h = self.size
        return centred(min(w * 0.92, 1040 * theme.unit(self.size)), h * 0.86, (w // 2, h // 2))

    def layout(self) -> None:
        """The menu at the panel's foot, right of the portrait (as ``draw`` writes beside it)."""
        box, u = self._box(), theme.unit(self.size)
        m = int(18 * u)
        side = int(min(box.w * 0.3, box.h * 0.45))
        x = box.x + 2 * m + side
        menu_h = self.menu.height(self.size)
        self.menu.layout(pygame.Rect(x, box.bottom - m - menu_h,
                                     min(box.right - m - x, int(420 * u)), menu_h), self.size)
