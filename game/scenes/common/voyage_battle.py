"""What a campaign battle adds to every battle screen (issue 22): the teaching hints at the
moment they apply, the person's measure beside the star limits of his difficulty, and a boss's
strength bar. Outside the campaign it shows nothing.

A hint (``game.hints``) is one the mode's ``hints_for`` finds in the events the screen plays,
that the level lists and the captain has not seen: it waits until the cues that led to it have
played, then shows in a small panel at the top of the log's place, the log below it (nothing stops
meanwhile), is marked seen and the progress saved. A click on it, Enter or Esc puts it away
(that Esc opens no pause), and so does the person's next action (issue 33).
"""

from __future__ import annotations

import pygame

from ...data.progress import ProgressStore
from ...hints import due, hint_key
from ...render import theme
from ...render.paint import Livery
from ...render.voyage_battle import draw_limits, hint_height, hint_panel, strength_bar

STAR_KEYS = (("two", 2), ("three", 3))


def limit_parts(tr, metrics: tuple, measured: dict, limits: dict) -> list:
    """The limits line as parts (``render.voyage_battle.draw_limits``): the measures the
    limits name ("Shots 48", "Lost 1"), then each star's limits ("★★ ≤ 60", "★★★ ≤ 50, lost ≤
    3"); a star already out of reach is dimmed."""
    named = [m for m in metrics if any(m in lim for lim in limits.values())]
    parts = []
    for i, m in enumerate(named):
        if i:
            parts.append(("text", "·", theme.TEXT_DIM))
        parts.append(("text", tr(f"battle.limits.{m}", n=measured.get(m, 0)), theme.TEXT))
    for key, n in STAR_KEYS:
        lim = limits.get(key)
        if not lim:
            continue
        missed = any(measured.get(m, 0) > v for m, v in lim.items())
        colour = theme.TEXT_DIM if missed else theme.ACCENT
        words = ", ".join(tr(f"battle.limits.le.{m}", n=lim[m]) for m in metrics if m in lim)
        parts.append(("text", "·", theme.TEXT_DIM))
        parts.append(("stars", n, colour))
        parts.append(("text", words, theme.TEXT_DIM if missed else theme.TEXT))
    return parts


def liveries(app, match, demo: bool = False) -> dict:
    """{seat: Livery}: the person's fleet in his captain's paint and flag (the campaign's
    captain, or in a quick match the captain of the profile at the helm); nothing for two
    people on one screen or computers alone."""
    humans = getattr(match, "humans", ())      # (a screen tried alone has a stand-in match)
    if demo or len(humans) != 1:
        return {}
    battle = getattr(match, "campaign", None)
    if battle is not None:
        progress = battle.voyage.progress
    else:
        key = getattr(app.settings, "profile", "")
        store = ProgressStore()
        if not key or not store.path(key).exists():
            return {}
        progress = store.load(key, repair=False)    # only looked at: a damaged file waits
    return {humans[0]: Livery(progress.paint, progress.flag)}


class VoyageBattle:
    def __init__(self, scene):
        self.scene = scene
        match = scene.match
        self.battle = None if scene.demo else getattr(match, "campaign", None)
        self.person = match.humans[0] if match.humans else 0
        self.queue: list[str] = []
        self.current: str | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)      # the hint's panel, as last drawn
        self.close = pygame.Rect(0, 0, 0, 0)
        self._measured: tuple | None = None      # (moves, measures) as shown
        self._strength: tuple | None = None      # (left, total) as shown
        self.limits_rect = pygame.Rect(0, 0, 0, 0)   # the limits line, as last drawn

    @property
    def active(self) -> bool:
        return self.battle is not None

    # -- hints ----------------------------------------------------------------------------
    def observe(self, events) -> None:
        """The events of an action just applied: the hints they make due wait for the cues."""
        if not self.active:
            return
        keys = self.scene.match.entry.hints_for(events, self.person)
        for key in due(self.battle.level, self.battle.voyage.progress, keys):
            if key != self.current and key not in self.queue:
                self.queue.append(key)

    def update(self, busy: bool) -> None:
        """Once the cues have played: the next hint shows, marked seen and saved; the measure
        and the boss's strength shown catch up with the game."""
        if not self.active:
            return
        if self.current is None and self.queue and not busy:
            self.current = self.queue.pop(0)
            voyage = self.battle.voyage
            voyage.progress.mark_hint(self.current)
            problem = voyage.save()
            if problem:
                app = self.scene.app
                app.notify(app.tr("notice.profile_not_saved", error=problem))
        table, entry = self.scene.tables[self.person], self.scene.match.entry
        if not busy and (self._measured is None or self._measured[0] != table.moves):
            self._measured = (table.moves, entry.measure(table, self.person))
            if self.shows_boss:
                self._strength = entry.strength(self.scene._view())

    def dismiss(self) -> None:
        self.current = None
        self.rect = self.close = pygame.Rect(0, 0, 0, 0)
        self.scene.app.sound("click")

    def handle(self, event) -> bool:
        """A shown hint takes Enter, Esc and a click on it; True if the event was its. An Enter
        after a typed cell puts the hint away and still fires (it is the shot's)."""
        if self.current is None:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_ESCAPE):
            self.dismiss()
            return event.key == pygame.K_ESCAPE or not getattr(self.scene, "typed", "")
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rect.collidepoint(event.pos)):
            self.dismiss()
            return True
        return False

    # -- drawing --------------------------------------------------------------------------
    def draw_limits(self, surface, centre, px: int, width: int) -> None:
        """The person's measure and the star limits at the battle's difficulty, a line
        centred at ``centre``."""
        if not self.active or self._measured is None:
            return
        b = self.battle
        parts = limit_parts(self.scene.tr, self.scene.match.entry.metrics, self._measured[1],
                            b.level.limits(b.difficulty))
        if parts:
            self.limits_rect = draw_limits(surface, parts, centre, px, width)

    @property
    def shows_boss(self) -> bool:
        """A boss's battle with its strength bar."""
        boss = self.battle.level.boss if self.active else None
        return boss is not None and boss.bar

    def draw_boss(self, surface, rect: pygame.Rect, px: int) -> None:
        """The boss fleet's strength as the person may know it (his view), with the boss's
        name; it drops as the cues show it (when they are over)."""
        if not self.shows_boss:
            return
        scene = self.scene
        if self._strength is None:
            self._strength = scene.match.entry.strength(scene._view())
        left, total = self._strength
        if total:
            name = scene.tr("boss.bar", name=scene.seat(1 - self.person).say(scene.tr))
            strength_bar(surface, rect, left, total, name, px)

    def place_hint(self, area: pygame.Rect) -> pygame.Rect:
        """Where the shown hint goes: a panel across the top of ``area`` (the log's place, at
        most half of it, or all but the room of the log's newest line where half is too
        little for its words: 800×600 beside the arsenal's rows); returns what is left of
        ``area`` below it for the log, so the line just written is never under the hint
        (issue 33)."""
        if self.current is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return area
        scene = self.scene
        px = theme.font_px(scene.size, 20)
        words = scene.tr(hint_key(self.current))
        newest = int(px * 1.2) + 16          # one log line and the log panel's margins
        h = min(max(area.h // 2, area.h - newest),
                max(int(px * 2.2), hint_height(words, px, area.w)))
        self.rect = pygame.Rect(area.x, area.y, area.w, h)
        return pygame.Rect(area.x, area.y + h + 4, area.w, area.h - h - 4)

    def acted(self) -> None:
        """The person acted (a shot, a volley, a move): the hint has been read."""
        if self.current is not None:
            self.current = None
            self.rect = self.close = pygame.Rect(0, 0, 0, 0)

    def draw_hint(self, surface) -> None:
        """The shown hint, in its place (``place_hint``)."""
        if self.current is None or not self.rect.h:
            return
        px = theme.font_px(self.scene.size, 20)
        self.close = hint_panel(surface, self.rect, self.scene.tr(hint_key(self.current)), px)
