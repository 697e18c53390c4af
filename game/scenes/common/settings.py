"""Settings: language, letter set, halo marking, the effects' and the music's volumes, mute, the
sound style (today's or 1977's), animation speed, the colour vision palette, reduced motion, the
text and interface scale (issue 38), window.

Every change takes effect at once; leaving the screen saves the settings (atomically)."""

from __future__ import annotations

import pygame

from ...data.settings import ANIM_SPEEDS, COLOUR_VISIONS, SOUND_STYLES, UI_SCALES, WINDOW_MIN
from ...i18n import LANGUAGES
from ...rules.coords import LETTER_SETS, fallback_letter_set
from ...render import theme
from ...render.mode_art import draw_board_sample, mode_art
from ...render.widgets import Item, panel
from .dialogs import MenuScene

VOLUMES = [round(v / 10, 1) for v in range(11)]
# window sizes offered (those the screen can hold), besides the size the window has now
WINDOW_SIZES = ((800, 600), (1024, 768), (1280, 720), (1366, 768), (1600, 900), (1920, 1080),
                (2560, 1440))


def window_sizes(current: tuple[int, int]) -> list[tuple[int, int]]:
    """The sizes to choose from: the usual ones that fit the desktop, and ``current``."""
    desktops = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
    room = max(desktops, default=(10 ** 5, 10 ** 5))
    sizes = {sz for sz in WINDOW_SIZES
             if sz[0] <= room[0] and sz[1] <= room[1]
             and sz[0] >= WINDOW_MIN[0] and sz[1] >= WINDOW_MIN[1]}
    sizes.add(tuple(current))
    return sorted(sizes)


def letters_item(app, columns=lambda: 10) -> Item:
    """The letter set choice (shared with the match set-up): "" follows the language. It shows
    the letters of a board of ``columns()`` columns as the battle will write them (a set too
    short for the board gives way to Latin there, so it does here)."""
    def words(key: str) -> str:
        n = columns()
        letters = fallback_letter_set(key or app.settings.letter_set, n).letters[:n]
        sample = " ".join(letters)     # spaced, however long: "ABCDEFGHIJKL" reads as a word
        return app.tr("settings.letters_default", letters=sample) if not key else sample

    return Item(lambda: app.tr("settings.letters"),
                values=lambda: [""] + [k for k, ls in LETTER_SETS.items()
                                       if ls.supports(columns())],
                get=lambda: app.settings.letters,
                set=lambda v: setattr(app.settings, "letters", v), show=words)


class SettingsScene(MenuScene):
    def __init__(self, app):
        s = app.settings
        items = [
            Item(lambda: self.tr("settings.language"), values=lambda: list(LANGUAGES),
                 get=lambda: s.language, set=lambda v: setattr(s, "language", v),
                 show=lambda v: self.tr(f"language.{v}")),
            letters_item(app),
            Item(lambda: self.tr("settings.halo"), values=lambda: [True, False],
                 get=lambda: s.halo, set=lambda v: setattr(s, "halo", v), show=self._on_off),
            Item(lambda: self.tr("settings.effects_volume"), values=lambda: VOLUMES,
                 get=lambda: round(s.effects_volume, 1),
                 set=lambda v: setattr(s, "effects_volume", v), show=self._percent),
            Item(lambda: self.tr("settings.music_volume"), values=lambda: VOLUMES,
                 get=lambda: round(s.music_volume, 1),
                 set=lambda v: setattr(s, "music_volume", v), show=self._percent),
            Item(lambda: self.tr("settings.sound"), values=lambda: [False, True],
                 get=lambda: s.muted, set=lambda v: setattr(s, "muted", v),
                 show=self._sound_words, enabled=lambda: app.audio.enabled),
            Item(lambda: self.tr("settings.sound_style"), values=lambda: list(SOUND_STYLES),
                 get=lambda: s.sound_style, set=lambda v: setattr(s, "sound_style", v),
                 show=lambda v: self.tr(f"settings.style_{v}")),
            Item(lambda: self.tr("settings.anim_speed"), values=lambda: list(ANIM_SPEEDS),
                 get=lambda: s.anim_speed, set=lambda v: setattr(s, "anim_speed", v),
                 show=lambda v: f"{v:g}×"),
            Item(lambda: self.tr("settings.colour_vision"), values=lambda: list(COLOUR_VISIONS),
                 get=lambda: s.colour_vision, set=lambda v: setattr(s, "colour_vision", v),
                 show=lambda v: self.tr(f"settings.vision_{v}")),
            Item(lambda: self.tr("settings.reduced_motion"), values=lambda: [False, True],
                 get=lambda: s.reduced_motion, set=lambda v: setattr(s, "reduced_motion", v),
                 show=self._on_off),
            Item(lambda: self.tr("settings.ui_scale"), values=lambda: list(UI_SCALES),
                 get=lambda: s.ui_scale, set=lambda v: setattr(s, "ui_scale", v),
                 show=lambda v: f"{v}%"),
            Item(lambda: self.tr("settings.window"), values=lambda: [False, True],
                 get=lambda: s.fullscreen, set=app.set_fullscreen,
                 show=lambda v: self.tr("settings.fullscreen" if v else "settings.windowed")),
            Item(lambda: self.tr("settings.window_size"),
                 values=lambda: window_sizes(tuple(s.window)),
                 get=lambda: tuple(s.window), set=app.set_window_size,
                 show=lambda v: f"{v[0]}×{v[1]}"),
            Item(lambda: self.tr("menu.back"), self.back),
        ]
        super().__init__(app, items, base_px=28, on_change=self.changed)

    def heading(self) -> str:
        return self.tr("menu.settings")

    # -- the pictures: the ship's wheel, and a corner of a board as the settings make it -----
    def layout(self) -> None:
        """The rows' panel; beside it (a wide window) or over it (where there is height) the
        wheel's card and the board's corner; neither where there is room for neither."""
        w, h = self.size
        u = theme.unit(self.size)
        width = int(min(w * 0.9, 820 * max(u, 0.8)))
        top = int(50 * u + theme.font_px(self.size, 52) * 0.6 + 10 * u)
        panel_h = min(self.menu.height(self.size) + 40, h - top - int(10 * u))   # or it scrolls
        side = (w - width) // 2 - int(30 * u)
        gap = int(10 * u)
        self.wheel = self.sample = pygame.Rect(0, 0, 0, 0)
        if side >= 160 * u:
            y = max(top, min((h - panel_h) // 2 + int(20 * u), h - panel_h - int(10 * u)))
            self.panel_rect = pygame.Rect((w - width) // 2, y, width, panel_h)
            card = pygame.Rect(0, 0, side, side * 2 // 3)
            self.wheel = card.move(int(15 * u), self.panel_rect.y)
            self.sample = card.move(w - int(15 * u) - side, self.panel_rect.y)
        else:
            band = min(int(max(120 * u, h * 0.2)), h - top - panel_h - 2 * gap)
            if band < 48:
                band = 0
            y = top + max(0, (h - top - panel_h - band - 2 * gap) // 2)
            if band:
                x = (w - width) // 2
                self.wheel = pygame.Rect(x, y, band * 3 // 2, band)
                self.sample = pygame.Rect(x + width - band * 2, y, band * 2, band)
                y += band + gap
            self.panel_rect = pygame.Rect((w - width) // 2, y, width, panel_h)
        self.menu.layout(self.panel_rect.inflate(-30, -20), self.size)

    def _panel_rect(self) -> pygame.Rect:
        return self.panel_rect

    def draw_below(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if not self.wheel.w:
            return
        surface.blit(mode_art("settings", self.wheel.w, self.wheel.h), self.wheel)
        panel(surface, self.sample, 200)
        s = self.app.settings
        letters = fallback_letter_set(s.letter_set, 10).letters[:5]
        draw_board_sample(surface, self.sample.inflate(-8, -8), letters, s.halo)

    @staticmethod
    def _percent(v: float) -> str:
        return f"{round(v * 100)}%"

    def _sound_words(self, muted: bool) -> str:
        """On or muted; with no audio device (the mixer did not open), that."""
        if not self.app.audio.enabled:
            return self.tr("settings.no_device")
        return self.tr("settings.muted" if muted else "settings.sound_on")

    def _on_off(self, v: bool) -> str:
        return self.tr("settings.on" if v else "settings.off")

    def changed(self) -> None:
        self.app.apply_settings()

    def back(self) -> None:
        self.app.save_settings()
        self.app.scenes.pop()
