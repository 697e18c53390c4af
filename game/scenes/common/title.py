"""The title screen: an attract-mode battle between two computer admirals plays behind the menu,
as on an arcade cabinet; above it the game's name over a fleet under way (``render/title.py``)."""

from __future__ import annotations

import pygame

from ...data.progress import ProgressStore
from ...rules.classic import ClassicConfig
from ...render import text, theme
from ...render import title as art
from ...render.widgets import Item, Menu, centred, panel, star, tint
from .base import Scene, menu_or_escape
from ..classic.battle import BattleScene
from .dialogs import ConfirmScene
from ...match import COMPUTER, Match, Seat

DEMO_RESTART = 3.0  # seconds the finished demo battle stays on screen


class TitleScene(Scene):
    music = "title"    # the title theme, under the menus opened over it (app.music_wanted)

    def __init__(self, app):
        super().__init__(app)
        self.menu = Menu([
            Item(lambda: self.tr("menu.campaign"), app.flow.voyage),
            Item(lambda: self.tr("menu.quick_match"),
                 lambda: app.flow.quick_match("computer")),
            Item(lambda: self.tr("menu.two_players"),
                 lambda: app.flow.quick_match("two")),
            Item(lambda: self.tr("menu.settings"), app.flow.settings),
            Item(lambda: self.tr("menu.quit"), self.ask_quit),
        ], sound=app.sound, base_px=34)
        self.demo = None
        self.demo_wait = 0.0
        self.art: art.TitleLayout | None = None
        self.captain = self._captain()
        self._new_demo()

    def _captain(self):
        """The current captain's voyage (his name, rank, stars) if he has set out on it; only
        a look (a damaged file is the chart's to report and mend)."""
        key = self.app.settings.profile
        store = ProgressStore()
        if not store.path(key).exists():
            return None
        progress = store.load(key, repair=False)
        return progress if progress.levels else None

    def resume(self) -> None:
        self.captain = self._captain()      # back from the chart: his rank may have risen

    def _new_demo(self) -> None:
        seed = self.app.new_seed()
        match = Match(ClassicConfig(), (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")),
                      letters=self.app.settings.letter_set, seed=seed)
        self.demo = BattleScene(self.app, match, match.new_game(match.computer_setups()),
                                demo=True)
        self.demo_wait = 0.0

    def ask_quit(self) -> None:
        self.app.scenes.push(ConfirmScene(self.app, self.tr("dialog.quit"), self.app.quit))

    def handle(self, event) -> None:
        menu_or_escape(self, event, self.ask_quit, click=False)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.demo.update(dt)
        if self.demo.game.over and not self.demo.busy:
            self.demo_wait += dt
            if self.demo_wait > DEMO_RESTART:
                self._new_demo()

    def _panel_rect(self) -> pygame.Rect:
        w, h = self.size
        return centred(min(w * 0.5, 520 * theme.unit(self.size)), h * 0.5, (w // 2, int(h * 0.58)))

    def layout(self) -> None:
        self.menu.layout(self._panel_rect().inflate(-30, -20), self.size)
        self.art = art.TitleLayout(self.size, self.tr("title"))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        self.demo.draw(surface)
        top = self.art.lane.bottom          # the band above is painted whole by draw_band
        surface.blit(tint((w, h - top), (4, 10, 24, 120)), (0, top))
        art.draw_band(surface, self.art, self.t, self.tr("title"), self.tr("subtitle"))
        u = theme.unit(self.size)
        panel(surface, self._panel_rect(), 200)
        self.menu.draw(surface, self.t)
        keys = text.draw(surface, self.tr("title.keys"), (w / 2, h - 12 * u),
                         theme.font_px(self.size, 18), theme.TEXT_DIM, "midbottom", shadow=True)
        if self.captain is not None:
            self._draw_rank(surface, (self._panel_rect().bottom + keys.y) / 2)

    def _draw_rank(self, surface, y: float) -> None:
        """The captain's rank line under the menu: his name, rank and stars."""
        progress = self.captain
        name = progress.name or (self.tr("setup.you") if progress.key == "player"
                                 else progress.key)
        px = theme.font_px(self.size, 22)
        words = self.tr("chart.title_rank", name=name, rank=self.tr(progress.rank.name_key),
                        stars=progress.total_stars)
        r = text.draw(surface, words, (self.size[0] / 2 + px * 0.7, y), px, theme.TEXT, "center",
                      shadow=True)
        star(surface, (r.x - px * 0.8, r.centery), px * 1.1, theme.ACCENT)
