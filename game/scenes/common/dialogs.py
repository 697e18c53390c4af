"""Overlays drawn over a frozen scene: the pause menu and yes/no confirmations."""

from __future__ import annotations

import pygame

from ...i18n.phrase import Phrase, say
from ...render import text, theme
from ...render.widgets import Item, Menu, centred, panel, veil
from .base import Scene, menu_or_escape


class MenuScene(Scene):
    """A screen whose work is a menu: a big title, the menu on a panel sized to it, and Esc to
    go back. ``heading()`` gives the title; ``draw_below(panel_rect)`` adds what a screen needs."""

    def __init__(self, app, items: list[Item], base_px: int = 30, on_change=None):
        super().__init__(app)
        self.menu = Menu(items, on_change=on_change, sound=app.sound, base_px=base_px,
                         clock=lambda: self.t)

    def heading(self) -> str:
        return ""

    def handle(self, event) -> None:
        menu_or_escape(self, event, self.back)

    def _panel_rect(self) -> pygame.Rect:
        w, h = self.size
        # a small window gives the menu more of its width, so values stay readable; a menu
        # taller than the window under the title scrolls (a large text)
        room = h - 2 * self.heading_room()
        width = self.menu.panel_width(min(w * 0.9, 820 * max(theme.unit(self.size), 0.8)),
                                      self.size, 30)
        return centred(width, min(self.menu.height(self.size) + 40, room), (w // 2, int(h * 0.5)))

    def heading_room(self) -> int:
        """The height the title's letters take at the top (kept free at the foot too)."""
        return int(50 * theme.unit(self.size) + theme.font_px(self.size, 52) * 0.45)

    def layout(self) -> None:
        self.menu.layout(self._panel_rect().inflate(-30, -20), self.size)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        text.draw(surface, self.heading(), (w / 2, 50 * u), theme.font_px(self.size, 52),
                  theme.ACCENT, "center", shadow=True)
        rect = self._panel_rect()
        panel(surface, rect, 220)
        self.menu.draw(surface, self.t)
        self.draw_below(surface, rect)

    def draw_below(self, surface: pygame.Surface, rect: pygame.Rect) -> None: ...


class OverlayScene(MenuScene):
    """A dimmed screen over a frozen scene, with a panel holding a title (a string, or a Phrase
    that follows the language) and a menu."""

    opaque = False

    def __init__(self, app, title: str, items: list[Item], width: float = 0.46):
        super().__init__(app, items)
        self.title = title
        self.width = width

    def _panel_rect(self) -> pygame.Rect:
        w, h = self.size
        row = theme.font_px(self.size, 30) * 1.7
        ph = min(int(row * (len(self.menu.items) + 1.8)), h - 20)   # a long one scrolls
        width = self.menu.panel_width(w * self.width, self.size, 40)
        rect = pygame.Rect(0, 0, int(width), ph)
        rect.center = (w // 2, h // 2)
        return rect

    def layout(self) -> None:
        rect = self._panel_rect()
        px = theme.font_px(self.size, 34)
        self.lines = text.wrap_most(say(self.title, self.tr), px, rect.w - 30, 2)
        top = rect.y + int(px * (1.0 + 1.1 * len(self.lines)))
        self.menu.layout(pygame.Rect(rect.x + 20, top, rect.w - 40, rect.bottom - top - 10),
                         self.size)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        veil(surface, (0, 0, 0, 150))
        rect = self._panel_rect()
        panel(surface, rect, 255)   # opaque: a dialog over the pause menu hides its words
        px = theme.font_px(self.size, 34)
        for i, line in enumerate(self.lines):
            text.draw(surface, line, (rect.centerx, rect.y + px * (0.9 + 1.1 * i)), px,
                      theme.ACCENT, "center")
        self.menu.draw(surface, self.t)


class ConfirmScene(OverlayScene):
    """Yes / No; No is selected first, so Enter alone never destroys anything."""

    def __init__(self, app, question: str, on_yes, on_no=None):
        self.on_yes = on_yes
        self.on_no = on_no
        super().__init__(app, question, [
            Item(lambda: self.tr("dialog.no"), self._no),
            Item(lambda: self.tr("dialog.yes"), self._yes),
        ])

    def _yes(self) -> None:
        self.app.scenes.pop()
        self.on_yes()

    def _no(self) -> None:
        self.app.scenes.pop()
        if self.on_no:
            self.on_no()

    def back(self) -> None:
        self._no()


def battle_match(app):
    """The match of the battle being played under the top scenes, or None."""
    for scene in reversed(list(app.scenes)):
        match = getattr(scene, "match", None)
        if match is not None:
            return match
    return None


def confirm_abandon(app, on_abandon=None) -> None:
    """Ask before a game in progress is abandoned; its record is kept either way. The battle
    is gone from what is kept to resume (the voyage's save, a quick match's), and a campaign
    battle's chart comes back."""
    def yes():
        if on_abandon:
            on_abandon()
        match = battle_match(app)
        if match is not None:
            match.abandoned()
            if getattr(match, "campaign", None) is not None:
                app.flow.to_chart()
                return
        app.flow.to_title()
    app.scenes.push(ConfirmScene(app, Phrase("dialog.abandon"), yes))


class PauseScene(OverlayScene):
    """The battle's pause. ``on_resign`` / ``on_offer_draw`` (RULES.md §0, given where the match
    allows them): each behind a confirmation; ``draw_to`` names whom the draw is offered.
    ``on_save_chart`` (a campaign battle): "Save and back to the chart", the battle kept for
    the chart to offer again."""

    PAD = {"start": pygame.K_ESCAPE}     # Start opened the pause; it closes it too

    def __init__(self, app, on_save_record=None, on_abandon=None, on_resign=None,
                 on_offer_draw=None, draw_to: str = "", on_save_chart=None):
        self.on_abandon = on_abandon
        items = [Item(lambda: self.tr("pause.resume"), self.back)]
        if on_save_chart:
            items.append(Item(lambda: self.tr("pause.save_chart"), on_save_chart))
        items.append(Item(lambda: self.tr("menu.settings"), app.flow.settings))
        if on_save_record:
            items.append(Item(lambda: self.tr("pause.save_record"), on_save_record))
        if on_offer_draw:
            items.append(Item(lambda: self.tr("pause.offer_draw"), lambda: self._confirm(
                Phrase("dialog.offer_draw", name=draw_to), on_offer_draw)))
        if on_resign:
            items.append(Item(lambda: self.tr("pause.resign"),
                              lambda: self._confirm(Phrase("dialog.resign"), on_resign)))
        items.append(Item(lambda: self.tr("pause.quit"),
                          lambda: confirm_abandon(app, self.on_abandon)))
        super().__init__(app, Phrase("pause.title"), items)

    def _confirm(self, question, then) -> None:
        """Yes: the pause closes over the battle, and ``then`` acts."""
        def yes():
            self.app.scenes.pop()
            then()
        self.app.scenes.push(ConfirmScene(self.app, question, yes))
