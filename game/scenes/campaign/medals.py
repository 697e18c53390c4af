"""The medal case (issue 22): every medal (earned ones bright, with the port and the difficulty
they were won at; the others dim, with what earns them), and the paints and flags of the
captain's fleet: an unlocked one is chosen with Enter or a click (saved in his progress), a
locked one says what unlocks it.

Keys: Left/Right look along a row, Up/Down (or Tab) change rows, Enter chooses, Esc goes back.
"""

from __future__ import annotations

import pygame

from ...rewards import FLAGS, MEDALS, PAINTS, RANKS, unlock_words, unlocked_flags, \
    unlocked_paints
from ...render import text, theme
from ...render.rewards import draw_flag, draw_medal, draw_paint_sample, rank_badge
from ...render.sea import draw_water
from ...render.widgets import panel, veil
from ..common.base import Scene

ROWS = ("medals", "paints", "flags")
COLUMNS = 4          # medals to a row of the case


class MedalCaseScene(Scene):
    def __init__(self, app, voyage, captain: str = ""):
        super().__init__(app)
        self.voyage = voyage
        self.captain = captain
        self.row = 0
        self.index = 0
        self.rects: dict[str, list[pygame.Rect]] = {r: [] for r in ROWS}

    # -- what is in it ---------------------------------------------------------------------
    @property
    def progress(self):
        return self.voyage.progress

    def keys(self, row: str) -> list[str]:
        if row == "medals":
            return list(MEDALS)
        return [k for k, _ in (PAINTS if row == "paints" else FLAGS)]

    def unlocked(self, row: str) -> list[str]:
        return unlocked_paints(self.progress) if row == "paints" else \
            unlocked_flags(self.progress)

    def chosen(self, row: str) -> str:
        return self.progress.paint if row == "paints" else self.progress.flag

    def choose(self, row: str, key: str) -> bool:
        """Paint the fleet or hoist the flag ``key``; refused (with what unlocks it) while it
        is locked. True if chosen."""
        if row == "medals":
            return False
        if key not in self.unlocked(row):
            self.app.sound("refuse")
            self.app.notify(self._unlock(row, key), 3.0)
            return False
        setattr(self.progress, "paint" if row == "paints" else "flag", key)
        problem = self.voyage.save()
        if problem:
            self.app.notify(self.tr("notice.profile_not_saved", error=problem))
        self.app.sound("click")
        return True

    def _unlock(self, row: str, key: str) -> str:
        words, fields = unlock_words(PAINTS if row == "paints" else FLAGS, key)
        if "rank" in fields:
            fields = {"rank": self.tr(f"rank.{fields['rank']}")}
        elif "medal" in fields:
            fields = {"medal": self.tr(f"medal.{fields['medal']}.name")}
        return self.tr(words, **fields)

    def _name(self, row: str, key: str) -> str:
        if row == "medals":
            return self.tr(f"medal.{key}.name")
        return self.tr(f"{'paint' if row == 'paints' else 'flag'}.{key}")

    def about(self, row: str, key: str) -> tuple[str, tuple]:
        """The words under the case for what is chosen, and their colour."""
        if row == "medals":
            won = self.progress.medals.get(key)
            about = self.tr(f"medal.{key}.about")
            if won is None:
                return self.tr("medals.not_yet", about=about), theme.TEXT_DIM
            level = self.voyage.level(won.get("level", ""))
            port = level.text("port", self.app.settings.language) if level else "—"
            return self.tr("medals.earned", about=about, port=port,
                           difficulty=self.tr(f"difficulty.{won['difficulty']}")), theme.GOOD
        if key not in self.unlocked(row):
            return self._unlock(row, key), theme.BAD
        if key == self.chosen(row):
            return self.tr("medals.in_use"), theme.GOOD
        return self.tr("medals.choose"), theme.TEXT

    # -- input -------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            row = ROWS[self.row]
            n = len(self.keys(row))
            if event.key == pygame.K_ESCAPE:
                self.app.sound("click")
                self.back()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.index = (self.index + (1 if event.key == pygame.K_RIGHT else -1)) % n
                self.app.sound("click")
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                down = event.key == pygame.K_DOWN or (event.key == pygame.K_TAB and
                                                      not event.mod & pygame.KMOD_SHIFT)
                self._move_row(1 if down else -1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(row, self.keys(row)[self.index])
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            hit = self._at(event.pos)
            if hit is not None:
                self.row, self.index = ROWS.index(hit[0]), hit[1]
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    self.choose(hit[0], self.keys(hit[0])[hit[1]])

    def _move_row(self, step: int) -> None:
        """Up and down: within the medals' grid first, then to the paints and the flags."""
        if ROWS[self.row] == "medals":
            i = self.index + step * COLUMNS
            if 0 <= i < len(MEDALS):
                self.index = i
                self.app.sound("click")
                return
        was = ROWS[self.row]
        self.row = (self.row + step) % len(ROWS)
        now = ROWS[self.row]
        if was == "medals":                 # from the grid's column
            self.index = self.index % COLUMNS
        elif now == "medals":               # into the grid's nearest row
            last = (len(MEDALS) - 1) // COLUMNS * COLUMNS if step < 0 else 0
            self.index = min(last + min(self.index, COLUMNS - 1), len(MEDALS) - 1)
        self.index = min(self.index, len(self.keys(now)) - 1)
        self.app.sound("click")

    def _at(self, pos):
        self.layout()
        for row in ROWS:
            for i, rect in enumerate(self.rects[row]):
                if rect.collidepoint(pos):
                    return row, i
        return None

    # -- layout and drawing --------------------------------------------------------------------
    def layout_key(self):
        return self.size

    def lay_out(self, w: int, h: int, u: float) -> None:
        m = int(16 * u)
        self.header = pygame.Rect(0, 0, w, int(70 * u))
        # the foot holds a name and a line under it: taller when the text is (issue 38)
        pad, px, wpx = int(14 * u), theme.font_px(self.size, 22), theme.font_px(self.size, 18)
        foot_h = max(int(70 * u), int(pad * 1.0 + px * 1.2 + wpx * 1.25))
        self.foot = pygame.Rect(m, h - int(8 * u) - foot_h, w - 2 * m, foot_h)
        top, bottom = self.header.bottom, self.foot.y - m // 2
        medals_h = int((bottom - top) * 0.54)
        self.case = pygame.Rect(m, top, w - 2 * m, medals_h)
        rows = -(-len(MEDALS) // COLUMNS)
        cw, ch = (self.case.w - 2 * m) / COLUMNS, (self.case.h - 2 * m) / rows
        self.rects["medals"] = [pygame.Rect(int(self.case.x + m + (i % COLUMNS) * cw),
                                            int(self.case.y + m + (i // COLUMNS) * ch),
                                            int(cw), int(ch)) for i in range(len(MEDALS))]
        rest = bottom - self.case.bottom - m // 2
        self.shelves = []
        for k, row in enumerate(("paints", "flags")):
            shelf = pygame.Rect(m, self.case.bottom + m // 2 + k * rest // 2, w - 2 * m,
                                rest // 2 - m // 2)
            self.shelves.append(shelf)
            label_w = int(min(220 * u, shelf.w * 0.24))
            n = len(self.keys(row))
            sw = (shelf.w - label_w - m) / n
            self.rects[row] = [pygame.Rect(int(shelf.x + label_w + i * sw), shelf.y + m // 2,
                                           int(sw) - m // 2, shelf.h - m) for i in range(n)]
            self.label_w = label_w

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        draw_water(surface, surface.get_rect(), self.t * 0.4)
        veil(surface, (4, 10, 24, 150))
        self._draw_header(surface, u)
        panel(surface, self.case, 225)
        px = theme.font_px(self.size, 18)
        for i, (key, rect) in enumerate(zip(MEDALS, self.rects["medals"])):
            earned = key in self.progress.medals
            chosen = ROWS[self.row] == "medals" and i == self.index
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-4, -4), 2, border_radius=8)
            radius = min(rect.w * 0.16, rect.h * 0.2)
            draw_medal(surface, (rect.centerx, rect.y + rect.h * 0.5), radius, key, earned,
                       self.t)
            name = self._name("medals", key)
            text.draw(surface, name, (rect.centerx, rect.y + rect.h * 0.5 + radius * 1.15),
                      text.fit_px(name, px, rect.w - 10), theme.ACCENT if earned else
                      theme.TEXT_DIM, "midtop")
        for shelf, row in zip(self.shelves, ("paints", "flags")):
            self._draw_shelf(surface, shelf, row, u)
        self._draw_foot(surface, u)

    def _draw_header(self, surface, u: float) -> None:
        w = self.size[0]
        px = theme.font_px(self.size, 40)
        text.draw(surface, self.tr("medals.title"), (20 * u, self.header.centery), px,
                  theme.ACCENT, "midleft", shadow=True)
        progress = self.progress
        rank = progress.rank
        spx = theme.font_px(self.size, 22)
        words = self.tr("medals.count", n=len([m for m in MEDALS if m in progress.medals]),
                        total=len(MEDALS))
        r = text.draw(surface, words, (w - 20 * u, self.header.centery), spx, theme.TEXT,
                      "midright")
        who = self.tr(f"rank.{RANKS[rank.index][0]}")
        if self.captain:
            who = f"{self.captain} · {who}"
        r2 = text.draw(surface, who, (r.x - spx * 1.4, self.header.centery), spx, theme.TEXT,
                       "midright")
        rank_badge(surface, (r2.x - spx * 1.2, self.header.centery), spx * 0.9, rank.index)

    def _draw_shelf(self, surface, shelf: pygame.Rect, row: str, u: float) -> None:
        panel(surface, shelf, 225)
        px = theme.font_px(self.size, 20)
        label = self.tr(f"medals.{row}")
        text.draw(surface, label, (shelf.x + 14 * u, shelf.centery),
                  text.fit_px(label, px, self.label_w - int(20 * u)), theme.ACCENT, "midleft")
        unlocked = self.unlocked(row)
        chosen = self.chosen(row)
        spx = theme.font_px(self.size, 15)
        for i, (key, rect) in enumerate(zip(self.keys(row), self.rects[row])):
            locked = key not in unlocked
            if ROWS[self.row] == row and i == self.index:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
            if key == chosen:
                pygame.draw.rect(surface, theme.GOOD, rect.inflate(-6, -6), 2, border_radius=6)
            art = pygame.Rect(rect.x + 8, rect.y + 6, rect.w - 16, int(rect.h * 0.6) - 6)
            if row == "paints":
                draw_paint_sample(surface, art, key, locked)
            else:
                fh = int(min(art.h * 0.9, art.w * 0.45))
                flag = pygame.Rect(0, 0, int(fh * 1.5), fh)
                flag.center = art.center
                draw_flag(surface, flag, key, self.t, locked)
            name = self._name(row, key)
            text.draw(surface, name, (rect.centerx, rect.bottom - 4), text.fit_px(
                name, spx, rect.w - 8), theme.TEXT_DIM if locked else theme.TEXT, "midbottom")

    def _draw_foot(self, surface, u: float) -> None:
        panel(surface, self.foot, 235)
        row = ROWS[self.row]
        key = self.keys(row)[self.index]
        px = theme.font_px(self.size, 22)
        pad = int(14 * u)
        name = self._name(row, key)
        text.draw(surface, name, (self.foot.x + pad, self.foot.y + pad * 0.7), px, theme.ACCENT)
        words, colour = self.about(row, key)
        wpx = theme.font_px(self.size, 18)
        text.draw(surface, words, (self.foot.x + pad, self.foot.y + pad * 0.7 + px * 1.2),
                  text.fit_px(words, wpx, self.foot.w - 2 * pad), colour)
        kpx = theme.font_px(self.size, 15)
        text.draw(surface, self.tr("medals.keys"), (self.foot.right - pad, self.foot.y + pad * 0.7),
                  kpx, theme.TEXT_DIM, "topright")
