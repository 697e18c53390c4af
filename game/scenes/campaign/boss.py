"""A boss's scene (issue 22): before the battle his portrait and words (``[boss] before``) with
his stinger over the music; after it his words on a win (``[boss] after``), the level's
``[defeat]`` on a loss. Any key or click goes on; Esc goes back (before the battle: to the
briefing, the battle not begun).
"""

from __future__ import annotations

import math

import pygame

from ...render import motion, text, theme
from ...render.portrait import draw_portrait
from ...render.sea import draw_water
from ...render.widgets import panel, veil
from ..common.base import Scene

TYPE_RATE = 45.0      # letters a second as the words appear
GUARD = 0.25          # seconds after opening when input is not yet taken (a held key)


def boss_words(level, when: str, won: bool, lang: str) -> str:
    """The words of ``level``'s boss scene: "before" the battle, or after it (his own on a
    win, the level's defeat text on a loss)."""
    if when == "before":
        return level.text("boss_before", lang)
    if won:
        return level.text("boss_after", lang) or level.text("victory", lang)
    return level.text("defeat", lang) or level.text("boss_after", lang)


class BossScene(Scene):
    """The boss faces the captain. ``on_done`` runs when a key or click goes on (the scene has
    left the stack); ``on_back`` when Esc does (None: Esc goes on too)."""

    def __init__(self, app, level, when: str, on_done, on_back=None, won: bool = True):
        super().__init__(app)
        self.level = level
        self.when = when
        self.won = won
        self.on_done = on_done
        self.on_back = on_back
        self.done = False

    def enter(self) -> None:
        if self.when == "before" and self.level.boss is not None and self.level.boss.stinger:
            audio = getattr(self.app, "audio", None)
            if audio is not None:
                audio.play_stinger(self.level.boss.stinger)
                while audio.problems:
                    self.app.notify(audio.problems.pop(0), 8.0)

    @property
    def words(self) -> str:
        return boss_words(self.level, self.when, self.won, self.app.settings.language)

    def handle(self, event) -> None:
        if self.t < GUARD or self.done:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                self.on_back is not None:
            self.done = True
            self.app.sound("click")
            self.app.scenes.pop()
            self.on_back()
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.done = True
            self.app.sound("click")
            self.app.scenes.pop()
            self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        draw_water(surface, surface.get_rect(), self.t * 0.4)
        dark = (10, 6, 20, 200) if self.when == "before" or not self.won else (4, 16, 30, 170)
        veil(surface, dark)
        lang = self.app.settings.language
        m = int(28 * u)
        side = int(min(h * 0.52, w * 0.32))
        glow = 0.5 + 0.5 * math.sin(motion.still(self.t) * 2.2)   # (still: reduced motion)
        centre = (m + int(side * 0.62), h // 2 - int(30 * u))
        colour = theme.BAD if self.when == "before" else (theme.GOOD if self.won else theme.BAD)
        ring = side * (0.58 + 0.02 * glow)
        pygame.draw.circle(surface, colour, centre, ring, max(2, int(3 * u)))
        portrait = pygame.Rect(0, 0, side, side)
        portrait.center = centre
        draw_portrait(surface, portrait, self.level.opponent.portrait, self.t)
        name = self.level.name(lang)
        npx = theme.font_px(self.size, 32)
        text.draw(surface, name, (centre[0], centre[1] + ring + npx * 0.4),
                  text.fit_px(name, npx, int(side * 1.25), face="display"), theme.ACCENT,
                  "midtop", shadow=True, face="display")
        x = int(centre[0] + ring + m)
        pad = int(22 * u)
        hpx = theme.font_px(self.size, 24)
        width = w - x - m
        words = self.words
        px, lines = text.fit_block(words, theme.font_px(self.size, 30), width - 2 * pad,
                                   int(h * 0.6))
        box = pygame.Rect(x, 0, width, int(2 * pad + hpx * 1.8 + len(lines) * int(px * 1.2)))
        box.centery = centre[1]
        panel(surface, box, 210)
        head = self.tr("boss.scene_before" if self.when == "before" else
                       ("boss.scene_won" if self.won else "boss.scene_lost"),
                       port=self.level.text("port", lang))
        hpx = theme.font_px(self.size, 24)
        text.draw(surface, head, (box.x + pad, box.y + pad),
                  text.fit_px(head, hpx, box.w - 2 * pad), colour)
        shown = words[:int(max(0.0, self.t - 0.3) * TYPE_RATE)]
        inner = pygame.Rect(box.x + pad, box.y + pad + int(hpx * 1.8), box.w - 2 * pad,
                            box.h - 2 * pad - int(hpx * 1.8))
        left = len(shown)
        y = inner.y
        for line in lines:                  # the words appear letter by letter, wrapped whole
            part = line[:max(0, left)]
            left -= len(line) + 1
            if part:
                text.draw(surface, part, (inner.x, y), px, theme.TEXT)
            y += int(px * 1.2)
        if self.t > GUARD:
            hint = self.tr("boss.scene_keys" if self.on_back is not None else
                           "boss.scene_keys_on")
            kpx = theme.font_px(self.size, 18)
            alpha = 0.55 + 0.45 * math.sin(motion.still(self.t) * 3)
            c = tuple(int(v * alpha) for v in theme.TEXT)
            text.draw(surface, hint, (w - m, h - m), kpx, c, "bottomright")
