"""The title screen: an attract-mode battle between two computer admirals plays behind the menu,
as on an arcade cabinet; above it the game's name over a fleet under way (``render/title.py``)."""

from __future__ import annotations

import pygame

from ...data.progress import ProgressStore
from ...render import frame_log, motion, text, theme
from ...render import title as art
from ...render.mode_art import icon
from ...render.widgets import Item, Menu, centred, panel, star, tint
from .base import Scene, menu_or_escape
from .dialogs import ConfirmScene

DEMO_RESTART = 3.0  # seconds the finished demo battle stays on screen
KEYS_BAND = (6, 12, 26)   # the band the line of keys lies on, over the demo's boards


class TitleScene(Scene):
    music = "title"    # the title theme, under the menus opened over it (app.music_wanted)
    PAD = {"y": pygame.K_m}   # a controller's Y: the medal case (M's)

    def __init__(self, app):
        super().__init__(app)
        self.menu = Menu([
            Item(lambda: self.tr("menu.campaign"), app.flow.voyage, icon=icon("campaign")),
            Item(lambda: self.tr("menu.quick_match"),
                 lambda: app.flow.quick_match("computer"), icon=icon("quick")),
            Item(lambda: self.tr("menu.two_players"),
                 lambda: app.flow.quick_match("two"), icon=icon("two")),
            Item(lambda: self.tr("menu.online"), app.flow.online, icon=icon("online")),
            Item(lambda: self.tr("menu.settings"), app.flow.settings, icon=icon("settings")),
            Item(lambda: self.tr("menu.quit"), self.ask_quit, icon=icon("quit")),
        ], sound=app.sound, base_px=34, clock=lambda: self.t)
        self.demo = None
        self.demo_wait = 0.0
        self.art: art.TitleLayout | None = None
        self.resume()
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
        self.captain_name = self.app.captain_name(self.captain.name) if self.captain else ""

    def _new_demo(self) -> None:
        self.demo = self.app.flow.demo()
        self.demo_wait = 0.0

    def ask_quit(self) -> None:
        self.app.scenes.push(ConfirmScene(self.app, self.tr("dialog.quit"), self.app.quit))

    def handle(self, event) -> None:
        if self.captain is not None and (
                (event.type == pygame.KEYDOWN and event.key == pygame.K_m
                 and not event.mod & pygame.KMOD_CTRL)
                or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                    and self._rank_rect().collidepoint(event.pos))):
            self.app.sound("click")
            self.app.flow.medal_case()      # M or a click on the rank line: the medal case
            return
        menu_or_escape(self, event, self.ask_quit, click=False)

    def update(self, dt: float) -> None:
        super().update(dt)
        if motion.reduced():      # the demo battle stands still behind the menu
            return
        self.demo.update(dt)
        if self.demo.game.over and not self.demo.busy:
            self.demo_wait += dt
            if self.demo_wait > DEMO_RESTART:
                self._new_demo()

    def _panel_rect(self) -> pygame.Rect:
        w, h = self.size
        # as wide as the rows' words need at their size (a larger text), within the window
        width = self.menu.panel_width(min(w * 0.5, 520 * theme.unit(self.size)), self.size, 30)
        need = self.menu.height(self.size) + 20
        if need <= h * 0.5 + theme.font_px(self.size, self.menu.base_px) // 2:   # (as Menu)
            return centred(width, h * 0.5, (w // 2, int(h * 0.58)))
        # a larger text: as tall as the rows need, between the sea lane and the keys' band
        # (and the captain's line over it), before they close up
        top = int(h * 0.30) + 4
        keys_px = text.fit_px(self.tr("title.keys"), theme.font_px(self.size, 18), w - 16)
        bottom = h - int(keys_px * 1.9) - 4
        if self.captain is not None:
            bottom -= int(theme.font_px(self.size, 22) * 1.8)
        height = min(need, bottom - top)
        return centred(width, height, (w // 2, (top + bottom) // 2))

    def layout(self) -> None:
        self.menu.layout(self._panel_rect().inflate(-30, -20), self.size)
        self.art = art.TitleLayout(self.size, self.tr("title"))
        # the keys' line at the foot, on a band of its own over the demo's boards
        w, h = self.size
        self.keys_px = text.fit_px(self.tr("title.keys"), theme.font_px(self.size, 18), w - 16)
        band = int(self.keys_px * 1.9)
        self.keys_band = pygame.Rect(0, h - band, w, band)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        self.demo.draw(surface)
        top = self.art.lane.bottom          # the band above is painted whole by draw_band
        surface.blit(tint((w, h - top), (4, 10, 24, 120)), (0, top))
        art.draw_band(surface, self.art, self.t, self.tr("title"), self.tr("subtitle"))
        panel(surface, self._panel_rect(), 200)
        self.menu.draw(surface, self.t)
        band = self.keys_band
        surface.fill(KEYS_BAND, band)
        pygame.draw.line(surface, theme.PANEL_EDGE, band.topleft, band.topright)
        frame_log.box(surface, band, "hint bar")
        text.draw(surface, self.tr("title.keys"), band.center, self.keys_px, theme.TEXT_DIM,
                  "center")
        if self.captain is not None:
            self._draw_rank(surface)

    def _rank_words(self) -> str:
        progress = self.captain
        return self.tr("chart.title_rank", name=self.captain_name,
                       rank=self.tr(progress.rank.name_key),
                       stars=progress.total_stars)

    def _rank_rect(self) -> pygame.Rect:
        """The captain's rank line under the menu (a click opens his medal case)."""
        px = theme.font_px(self.size, 22)
        tw, th = text.size(self._rank_words(), px)
        rect = pygame.Rect(0, 0, int(tw + px * 1.6), int(th))
        rect.center = (self.size[0] // 2,
                       int((self._panel_rect().bottom + self.keys_band.top) / 2))
        return rect

    def _draw_rank(self, surface) -> None:
        px = theme.font_px(self.size, 22)
        rect = self._rank_rect()
        panel(surface, rect.inflate(px, px // 2), 190, radius=8)
        text.draw(surface, self._rank_words(), (rect.right, rect.centery), px, theme.TEXT,
                  "midright", shadow=True)
        star(surface, (rect.x + px * 0.6, rect.centery), px * 1.1, theme.ACCENT)
