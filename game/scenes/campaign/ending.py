"""When a voyage ends (issue 22): the closing scene, then the credits.

The closing scene shows the voyage's chart with every route lit and the ship sailing it from
the first port to the last, the voyage's ``ending`` words, the captain's rank and stars and his
medals. Any key or click goes on to the credits (Esc straight back to the chart); the credits
roll up the screen: the game, its makers, the fonts and the map (as ``assets/README.md`` lists
them), the music; any key or click ends them.
"""

from __future__ import annotations

from collections import deque

import pygame

from ...render import frame_log, motion, text, theme
from ...render.chart import along, draw_chart_ship, load_coast, sheet_unit
from ...render.easing import smooth
from ...render.rewards import draw_medal, rank_badge
from ...render.sea import draw_water
from ...render.widgets import panel, star, tint, veil
from ...rewards import MEDALS
from ..common.base import Scene
from .pane import ChartPane

PORT_TIME = 1.1       # seconds the ship takes from one port to the next
MOST_TIME = 14.0      # the whole voyage sailed in at most this
GUARD = 0.3           # seconds before a key is taken (the one that closed the result)
CREDITS = ("title", "made", "", "game_head", "game", "", "fonts_head", "font_russo", "font_pt",
           "", "map_head", "map", "", "sound_head", "sound", "", "tools_head", "tools", "", "",
           "thanks")
CREDIT_SPEED = 42.0   # pixels a second at 1280×720
PAGE_TIME = 5.0       # reduced motion: seconds each page of the credits stays (none roll)


def sailed_path(pane: ChartPane) -> list:
    """The voyage's whole way on ``pane``: port after port in their order, each leg along the
    routes between them (through the ports between, if the two are not joined directly)."""
    n = len(pane.ports)
    links: dict[int, list[int]] = {i: [] for i in range(n)}
    for a, b in pane.routes:
        links[a].append(b)
        links[b].append(a)
    path: list = []
    for a in range(n - 1):
        legs = _hops(links, a, a + 1) or [a, a + 1]
        for x, y in zip(legs, legs[1:]):
            way = pane.way(x, y)
            path.extend(way if not path else way[1:])
    return path or list(pane.ports[:1])


def _hops(links, start: int, goal: int) -> list[int]:
    """The fewest ports from ``start`` to ``goal`` along the routes (breadth first), or []."""
    before = {start: None}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        if at == goal:
            hops = [goal]
            while before[hops[-1]] is not None:
                hops.append(before[hops[-1]])
            return hops[::-1]
        for nxt in sorted(links[at]):
            if nxt not in before:
                before[nxt] = at
                todo.append(nxt)
    return []


class ClosingScene(Scene):
    """The voyage ``voyage_id`` of ``chart`` (the chart screen) sailed to its end."""

    def __init__(self, app, chart, voyage_id: str):
        super().__init__(app)
        self.chart = chart
        self.voyage = chart.voyage
        self.vdef = next((v for v in self.voyage.voyages if v.id == voyage_id),
                         self.voyage.voyages[0])
        self.levels = self.voyage.ports(self.vdef.id)
        coast, _ = load_coast()
        self.pane = ChartPane(coast)

    def layout_key(self):
        return self.size, self.app.settings.language

    def lay_out(self, w: int, h: int, u: float) -> None:
        m = int(16 * u)
        side = min(h - 2 * m, int(w * 0.55))
        self.map = pygame.Rect(m, (h - side) // 2, side, side)
        self.side = pygame.Rect(self.map.right + m, m, w - self.map.right - 2 * m, h - 2 * m)
        lang = self.app.settings.language
        words = (self.tr("ending.title"), self.vdef.text("name", lang),
                 max(14, int(22 * sheet_unit(self.map.size))))
        self.pane.lay_out(self.map, self.levels, self.vdef.chart, words, max(7, int(10 * u)),
                          theme.font_px(self.size, 15),
                          [lv.text("port", lang) for lv in self.levels], u)
        self.path = sailed_path(self.pane)

    @property
    def duration(self) -> float:
        return min(MOST_TIME, PORT_TIME * max(1, len(self.levels) - 1))

    def handle(self, event) -> None:
        if self.t < GUARD or event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return
        self.app.sound("click")
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        self.app.scenes.replace(CreditsScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        draw_water(surface, surface.get_rect(), self.t * 0.4)
        veil(surface, (4, 10, 24, 140))
        progress = self.voyage.progress
        n = len(self.levels)
        face = self.pane.face(["won"] * n, [progress.stars(lv.id) for lv in self.levels],
                              lambda i: True, u)
        surface.blit(face, self.map.topleft)
        self.pane.draw_compass(surface, self.t, u, theme.font_px(self.size, 16))
        if self.path:
            k = 1.0 if motion.reduced() else smooth(self.t / self.duration)   # (home at once)
            x, y = along(self.path, k)
            draw_chart_ship(surface, (x, y - 4 * u), 26 * u, self.t)
        self._draw_side(surface, u)

    def _draw_side(self, surface, u: float) -> None:
        box = self.side
        panel(surface, box, 225)
        pad = int(20 * u)
        lang = self.app.settings.language
        x, y, width = box.x + pad, box.y + pad, box.w - 2 * pad
        big = theme.font_px(self.size, 36)
        head = self.tr("ending.title")
        text.draw(surface, head, (box.centerx, y), text.fit_px(head, big, width, face="display"),
                  theme.ACCENT, "midtop", shadow=True, face="display")
        y += big * 1.2
        name = self.vdef.text("name", lang)
        if name:
            npx = theme.font_px(self.size, 22)
            text.draw(surface, name, (box.centerx, y), text.fit_px(name, npx, width),
                      theme.TEXT_DIM, "midtop")
            y += npx * 1.6
        progress = self.voyage.progress
        medals = [m for m in MEDALS if m in progress.medals]
        medal_h = int(96 * u) * ((len(medals) + 3) // 4)
        rank_h = int(60 * u)
        keys_h = int(theme.font_px(self.size, 15) * 1.3)
        foot = box.bottom - pad - keys_h        # the keys' line under the medals
        room = foot - medal_h - rank_h - int(y)
        words = self.vdef.text("ending", lang)
        if words:
            px, lines = text.fit_block(words, theme.font_px(self.size, 22), width, room)
            for line in lines:
                text.draw(surface, line, (x, y), px, theme.TEXT)
                y += int(px * 1.2)
        y = foot - medal_h - rank_h
        rank = progress.rank
        rpx = theme.font_px(self.size, 24)
        who = self.tr("ending.rank", name=self.chart.captain, rank=self.tr(rank.name_key))
        rank_badge(surface, (x + rpx * 0.8, y + rank_h * 0.35), rpx, rank.index)
        text.draw(surface, who, (x + rpx * 2, y + rank_h * 0.35),
                  text.fit_px(who, rpx, int(width - rpx * 2)), theme.ACCENT, "midleft")
        spx = theme.font_px(self.size, 18)
        stars = self.tr("ending.stars", n=sum(progress.stars(lv.id) for lv in self.levels),
                        total=sum(lv.max_stars for lv in self.levels))     # this voyage's
        star(surface, (x + rpx * 0.8, y + rank_h * 0.8), spx * 1.1, theme.ACCENT)
        text.draw(surface, stars, (x + rpx * 2, y + rank_h * 0.8), spx, theme.TEXT, "midleft")
        y += rank_h
        step = width / 4
        mpx = theme.font_px(self.size, 14)
        for i, medal in enumerate(medals):
            cx = x + step * (i % 4 + 0.5)
            cy = y + (i // 4) * int(96 * u) + 50 * u
            draw_medal(surface, (cx, cy), 18 * u, medal, True, self.t)
            label = self.tr(f"medal.{medal}.name")
            text.draw(surface, label, (cx, cy + 22 * u), text.fit_px(label, mpx, int(step - 4)),
                      theme.TEXT, "midtop")
        if self.t > GUARD:
            keys = self.tr("ending.keys")
            kpx = text.fit_px(keys, theme.font_px(self.size, 15), box.w - 2 * pad)
            text.draw(surface, keys, (box.right - pad, box.bottom - 6 * u), kpx, theme.TEXT_DIM,
                      "bottomright")


class CreditsScene(Scene):
    """The credits rolling up over the sea (with reduced motion: still pages fading one into
    the next); any key or click (or their end) goes back."""

    def handle(self, event) -> None:
        if self.t < GUARD or event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return
        self.app.sound("click")
        self.app.scenes.pop()

    def lines(self) -> list[tuple[str, int, tuple, str]]:
        """Each line of the credits: words, size, colour, face."""
        out = []
        for key in CREDITS:
            if not key:
                out.append(("", theme.font_px(self.size, 20), theme.TEXT, "text"))
            elif key == "title":
                out.append((self.tr("title"), theme.font_px(self.size, 56), theme.ACCENT,
                            "display"))
            elif key.endswith("_head"):
                out.append((self.tr(f"credits.{key}"), theme.font_px(self.size, 26),
                            theme.ACCENT, "text"))
            else:
                out.append((self.tr(f"credits.{key}"), theme.font_px(self.size, 22),
                            theme.TEXT, "text"))
        return out

    def height(self) -> int:
        return sum(int(px * 1.5) for _, px, _, _ in self.lines())

    def pages(self) -> list[list]:
        """The lines in pages that each fit most of the window (reduced motion's credits)."""
        room, out, used = self.size[1] * 0.8, [[]], 0
        for line in self.lines():
            step = int(line[1] * 1.5)
            if out[-1] and used + step > room:
                out.append([])
                used = 0
            out[-1].append(line)
            used += step
        return out

    def update(self, dt: float) -> None:
        super().update(dt)
        if motion.reduced():
            if self.t > PAGE_TIME * len(self.pages()):
                self.app.scenes.pop()
            return
        if self.t * CREDIT_SPEED * theme.unit(self.size) > self.size[1] + self.height():
            self.app.scenes.pop()          # rolled off the top: back to the chart

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        draw_water(surface, surface.get_rect(), self.t * 0.4)
        veil(surface, (2, 6, 16, 190))
        lines = self.lines()
        y = h - self.t * CREDIT_SPEED * theme.unit(self.size)
        if motion.reduced():            # a still page, fading in and out
            pages = self.pages()
            i = min(len(pages) - 1, int(self.t / PAGE_TIME))
            lines = pages[i]
            y = (h - sum(int(px * 1.5) for _, px, _, _ in lines)) / 2
        frame_log.box(surface, surface.get_rect(), "roll")     # the credits roll out of sight
        for words, px, colour, face in lines:
            if words and -px * 2 < y < h + px:
                text.draw(surface, words, (w / 2, y), text.fit_px(words, px, int(w * 0.9),
                                                                  face=face),
                          colour, "midtop", shadow=True, face=face)
            y += int(px * 1.5)
        if motion.reduced():
            into = self.t % PAGE_TIME
            dark = int(16 * (1 - min(1.0, into / motion.FADE, (PAGE_TIME - into) / motion.FADE)))
            if dark > 0:
                surface.blit(tint((w, h), (2, 6, 16, min(255, dark * 16))), (0, 0))
        frame_log.box(surface, surface.get_rect(), "window")
        if self.t > GUARD:
            kpx = theme.font_px(self.size, 15)
            text.draw(surface, self.tr("credits.keys"), (w - 12, h - 8), kpx, theme.TEXT_DIM,
                      "bottomright")
