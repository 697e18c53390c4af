"""Game over: the result on its banner and why the game ended (issue 33), both fleets revealed
(RULES.md §0, the loser's right to inspect), the statistics counted up, a campaign battle's stars
revealed one by one, and a rematch in which the loser moves first (after a draw: who does).

What every mode shares; each mode's screen (``game.scenes.modes``) adds its statistics, its
fields and its own ends of a game.
"""

from __future__ import annotations

import random

import pygame

from ...rules.base import AGREED, FLEET, LAPSED, RESIGNED
from ...rules.coords import board_letters
from ...render import frame_log, motion, text, theme
from ...render.board import BoardGeometry, burning_ship
from ...render.effects import Effects
from ...render.finale import (FIREWORKS, RIBBONS, Confetti, StarReveal, count_up, draw_bunting,
                              draw_ribbon, dusk, ease_out, punch)
from ...render.widgets import Item, Menu, panel, tint
from .base import Scene, menu_or_escape
from .voyage_battle import liveries
from ...match import HUMAN


class GameOverBase(Scene):
    music = ""         # silence: the result's own fanfare or lament plays (app.music_wanted)
    INTRO = 1.1         # seconds the panels take to slide into their places
    SHOW = 6.0          # seconds of fireworks after a victory

    def __init__(self, app, match, game, elapsed: float, record_path=None,
                 insight: str | None = None):
        super().__init__(app)
        self.match = match
        self.game = game
        self.elapsed = elapsed
        self.record_path = record_path
        self.insight = insight
        self.letters = board_letters(match.letters, game.config.width, game.config.height)
        self.stats = [self.player_stats(p) for p in (0, 1)]
        self.liveries = liveries(app, match)     # the person's paint and flag (issue 22)
        humans = match.humans
        self.left = humans[0] if len(humans) == 1 else 0
        self.campaign = match.campaign
        if self.campaign is not None:   # a level of the voyage: its result waits on the chart
            items = [Item(lambda: self.tr("campaign.to_chart"), self.to_chart)]
        else:
            items = [Item(self.rematch_words, self.rematch)]
        items += self.own_items()
        if self.campaign is None:
            items.append(Item(lambda: self.tr("gameover.menu"), self.app.flow.to_title))
        self.menu = Menu(items, sound=app.sound, base_px=26)
        self.show = Effects(random.Random(match.seed ^ 0xF17E))   # fireworks, the last ship
        self.confetti = Confetti(random.Random(match.seed ^ 0xC0FE))
        result = getattr(self.campaign, "result", None)     # a campaign battle's stars
        self.stars = StarReveal(result.stars, result.level.max_stars) if result else None
        # a key or click during the intro puts everything in place; with reduced motion it
        # is in place from the start (no fireworks, confetti, sliding or counting: a fade in)
        self.skipped = motion.reduced()
        self._next_firework = 0.3
        self._next_confetti = 0.3
        self._sent_down = False
        self._chimed = 0

    # -- the show (issue 20, 33): panels slide in, fireworks and confetti or the last ship going
    #    down, the numbers counted up, a campaign battle's stars landing one by one -----------
    COUNT_FROM, COUNT = 0.5, 1.3    # when the numbers start counting up, and for how long

    @property
    def celebrating(self) -> bool:
        """A victory to celebrate: a person beat the computer, or two people played."""
        return self.game.winner is not None and (self.human_won or len(self.match.humans) != 1)

    def intro(self) -> float:
        """How far the panels have come in (1: in their places)."""
        return 1.0 if self.skipped else min(1.0, self.t / self.INTRO)

    def counted(self) -> float:
        """How far the numbers have counted up (1: their true values)."""
        return 1.0 if self.skipped else ease_out((self.t - self.COUNT_FROM) / self.COUNT)

    def stars_landed(self) -> int:
        """A campaign battle's stars in their slots now (0 for any other game)."""
        return self.stars.landed(None if self.skipped else self.t) if self.stars else 0

    def skip_show(self) -> None:
        """Everything in its place at once: no more fireworks (the confetti in the air falls
        on, behind the words)."""
        self.skipped = True
        self.show.clear()

    @property
    def showing(self) -> bool:
        """Something of the show still moves (a key first ends it)."""
        ends = max(self.INTRO + 0.5, self.COUNT_FROM + self.COUNT,
                   self.stars.ends_at if self.stars else 0.0)
        return not self.skipped and (self.t < ends or bool(self.show.sinkings))

    def own_items(self) -> list:
        """The mode's own rows of the menu, after the rematch's (Classic: how each computer
        thought)."""
        return []

    def last_sunk(self):
        """The cells of the last ship sunk in the game, which goes down again after a defeat
        (None: the mode shows none)."""
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.show.update(dt)
        self.confetti.update(dt, self.size[1])
        if self.skipped:
            return
        self._land_stars()
        if (not self._sent_down and not self.celebrating and self.game.winner is not None
                and self.t >= self.INTRO * 0.8):
            self._sent_down = True        # a defeat: the last ship goes down again, slowly
            ship = self.last_sunk()
            if ship:
                loser = 1 - self.game.winner
                geo = self.field_geometry(0 if loser == self.left else 1)
                self.show.scale = geo.cell / 40
                sprite, origin, vertical = burning_ship(geo.cell, ship,
                                                        livery=self.liveries.get(loser))
                self.show.sink(sprite, sprite.get_rect(topleft=geo.cell_rect(origin).topleft),
                               vertical, 3.6)
        if self.celebrating and self.t < self.SHOW:
            self._celebrate(dt)

    def _celebrate(self, dt: float) -> None:
        """Fireworks bursting all over the screen, thick at first; confetti shot from both
        lower corners, then falling from the top."""
        w, h = self.size
        rng = self.show.rng
        self._next_firework -= dt
        if self._next_firework <= 0:
            early = self.t < 2.5
            self._next_firework = rng.uniform(0.15, 0.35) if early else rng.uniform(0.3, 0.6)
            self.show.scale = theme.unit(self.size)
            opening = self.t < 0.5          # the opening salvo: one burst over each third
            for third in range(3) if opening else (None,):
                x = rng.uniform(0.06, 0.94) if third is None else (third + rng.random()) / 3
                self.show.firework((x * w, rng.uniform(0.08, 0.7) * h), rng.choice(FIREWORKS),
                                   rng.uniform(1.1, 1.7))
        self._next_confetti -= dt
        if self._next_confetti <= 0:
            self.confetti.unit = theme.unit(self.size)
            if self.t < 0.5:                # both corners fire, then it rains
                self.confetti.cannons(self.size, 70)
                self.confetti.rain(self.size, 90)
            else:
                self.confetti.rain(self.size, 12)
            self._next_confetti = 0.6

    def _land_stars(self) -> None:
        """A star landing in its slot: a burst of gold round it and a chime."""
        landed = self.stars_landed()
        if landed > self._chimed:
            centres, size = self.stars.big_centres(self.size)
            for c in centres[self._chimed:landed]:
                self.show.scale = size / 60
                self.show.firework(c, (255, 206, 64), 0.8)
            self._chimed = landed
            self.app.sound("sink")

    def player_stats(self, player: int) -> dict:
        """What ``player`` did in the game, counted the mode's way (``stats_rows`` shows it)."""
        raise NotImplementedError

    @property
    def human_won(self) -> bool:
        w = self.game.winner
        return w is not None and self.match.seats[w].kind == HUMAN

    def enter(self) -> None:
        lone_human = len(self.match.humans) == 1
        self.app.sound("defeat" if lone_human and not self.human_won else "victory")

    def to_chart(self) -> None:
        self.app.flow.to_chart(self.campaign.result)

    def leave(self) -> None:
        if self.campaign is not None:
            self.to_chart()
        else:
            self.app.flow.to_title()

    def rematch_words(self) -> str:
        """The rematch's button: the next game of a series, a new series, or a rematch whose
        first player §0/C7 name: the loser; after a draw, the last loser, the chosen first
        player, or the lot."""
        series = self.match.series
        if series.best_of > 1:
            if series.over:
                return self.tr("gameover.new_series")
            return self.tr("gameover.next_game", n=series.games + 1, total=series.best_of)
        if self.game.winner is not None:
            return self.tr("gameover.rematch")
        first = self.match.next_first()
        if first is not None:
            return self.tr("gameover.rematch_first", name=self.match.seats[first].name)
        return self.tr("gameover.rematch_plain" if self.match.online else "gameover.rematch_lot")

    def rematch(self) -> None:
        if self.match.series.over:
            self.match.new_series()
        self.app.flow.start(self.match, replace=True)

    def handle(self, event) -> None:
        if self.showing and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.skip_show()      # a key or click puts the panels in place, and still acts
        menu_or_escape(self, event, self.leave, click=False)

    def _headline(self) -> tuple[str, tuple]:
        """The result in a word, and the ink it is written in on its ribbon."""
        ink = RIBBONS[self._ribbon_kind()][2]
        if self.game.winner is None:
            return self.tr("gameover.draw"), ink
        series = self.match.series
        if series.best_of > 1 and series.over:
            return self.tr("gameover.series_won", name=self.match.seats[series.winner].name,
                           a=series.score[0], b=series.score[1]), ink
        if len(self.match.humans) == 1:
            return self.tr("gameover.victory" if self.human_won else "gameover.defeat"), ink
        return self.tr("gameover.wins", name=self.match.seats[self.game.winner].name), ink

    def reason_words(self) -> str:
        """Why the game ended, as the rules said it (``GameOver.reason``, which the game keeps
        as ``end_reason``): each mode adds its own ends (``mode_reason``)."""
        g = self.game
        reason = getattr(g, "end_reason", "")
        loser = None if g.winner is None else self.match.seats[1 - g.winner].name
        if reason == RESIGNED:
            if getattr(g, "claimed", None) is not None:    # online: gone past the room's time
                return self.tr("why.claimed", name=loser)
            return self.tr("gameover.resigned", name=loser)
        if reason == AGREED:
            return self.tr("why.agreed")
        if reason == LAPSED:         # §0: two of his turns in a row ran out on the move clock
            return self.tr("why.lapsed", name=loser)
        if reason == FLEET:
            dutchman = getattr(g.config, "relocate", False)      # §D: the Flying Dutchman
            return self.tr("why.dutchman" if dutchman else "why.fleet", name=loser)
        return self.mode_reason(reason, loser)

    def mode_reason(self, reason: str, loser: str | None) -> str:
        """The words for an end of this mode's own (none in Classic)."""
        return ""

    def _areas(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Each side's field area and stats panel, in their final places."""
        w, h = self.size
        u = theme.unit(self.size)
        m = int(16 * u)
        px = theme.font_px(self.size, 20)
        stats_h = self.stats_h(px)
        top = self.band_bottom() + int(theme.font_px(self.size, 24) * 1.25)   # the names' room
        bottom = h - stats_h - self.footer_h(px) - m
        out = []
        for side in (0, 1):
            x0 = m if side == 0 else w // 2 + m // 2
            area = pygame.Rect(x0, top, w // 2 - int(1.5 * m), bottom - top)
            out.append((area, pygame.Rect(x0, bottom + m // 2, area.w, stats_h)))
        return out

    def field_geometry(self, side: int) -> BoardGeometry:
        """The field of ``side`` (0 left) in its final place."""
        cfg = self.game.config
        return BoardGeometry.fit(self._areas()[side][0], cfg.width, cfg.height)

    def slide(self, side: int) -> int:
        """How far ``side``'s field and its stats panel still are from their places: they come
        in from their own edge of the screen (never across the menu)."""
        k = ease_out(self.intro())
        return int((1 - k) * self.size[0] * 0.6 * (-1 if side == 0 else 1))

    def stats_rects(self) -> list[pygame.Rect]:
        """Where each side's stats panel is drawn now (left, then right)."""
        return [self._areas()[side][1].move(self.slide(side), 0) for side in (0, 1)]

    # -- the banner: the result on a ribbon, why the game ended under it -----------------------
    BANNER_Y, BANNER_PX = 40, 54    # the ribbon's middle (layout units) and its word's size

    def band_bottom(self) -> int:
        """The bottom of the banner and the line under it: where the fields may begin."""
        rect = self._banner()[0]
        return int(rect.bottom + rect.h * 0.12 + theme.font_px(self.size, 21) * 1.3)

    def _ribbon_kind(self) -> str:
        if self.game.winner is None or len(self.match.humans) != 1:
            return "even"
        return "victory" if self.human_won else "defeat"

    def _banner(self) -> tuple:
        """The ribbon's rectangle, the word's surface and its centre, and the centres and size
        of a campaign battle's star slots beside the word on the ribbon."""
        words, colour = self._headline()
        u = theme.unit(self.size)
        px = theme.font_px(self.size, self.BANNER_PX)
        word = text.outlined(words, px, colour, glow=self.celebrating)
        h = int(px * 1.25)
        slots = self.stars.slots if self.stars else 0
        star_size = h * 0.62
        stars_w = slots * star_size * 1.15 + (star_size * 0.4 if slots else 0)
        group = word.get_width() + stars_w
        rect = pygame.Rect(0, 0, int(min(self.size[0] - 4 * h, group + 40 * u)), h)
        rect.center = (self.size[0] // 2, int(self.BANNER_Y * u))
        left = rect.centerx - group / 2
        centre = (left + word.get_width() / 2, rect.centery)
        x0 = left + word.get_width() + star_size * 0.4
        homes = [(x0 + (i + 0.5) * star_size * 1.15, rect.centery) for i in range(slots)]
        return rect, word, centre, homes, star_size

    def _draw_banner(self, surface) -> None:
        """The result on its ribbon (unfurling, the word punching in), flags beside it after a
        victory, and why the game ended under it."""
        rect, word, centre, _, _ = self._banner()
        k = 1.0 if self.skipped else ease_out(self.t / 0.45)
        draw_ribbon(surface, rect.inflate(-int(rect.w * (1 - k)), 0),
                    *RIBBONS[self._ribbon_kind()][:2])
        scale = punch(self.intro() * 2.5)
        img = word if abs(scale - 1) < 0.01 else pygame.transform.smoothscale_by(word, scale)
        surface.blit(img, img.get_rect(center=centre))
        frame_log.words(surface, img.get_rect(center=centre), self._headline()[0])
        if self.celebrating:       # flags dressing the line either side of the ribbon
            w, u = self.size[0], theme.unit(self.size)
            hoisted = 1.0 if self.skipped else ease_out(self.t / 1.6)
            size = max(10, 18 * u)
            reach = rect.h * 1.4
            draw_bunting(surface, 0, rect.left - reach, 0, size, self.t, hoisted)
            draw_bunting(surface, rect.right + reach, w, 0, size, self.t + 0.7, hoisted)
        why = self.reason_words()
        if why:
            px = theme.font_px(self.size, 21)
            text.draw(surface, why, (rect.centerx, rect.bottom + rect.h * 0.12),
                      text.fit_px(why, px, int(self.size[0] * 0.92)), theme.TEXT, "midtop",
                      shadow=True)

    def _draw_stars(self, surface) -> None:
        """A campaign battle's stars: landing in the middle, then home on the ribbon."""
        if self.stars:
            _, _, _, homes, star_size = self._banner()
            self.stars.draw(surface, None if self.skipped else self.t, homes, star_size)

    def _draw_show(self, surface) -> None:
        """The celebration behind the panels and the words: fireworks and confetti, or the
        last ship going down after a defeat."""
        self.show.draw(surface)
        self.confetti.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        sides = ((0, self.left), (1, 1 - self.left))
        for side, owner in sides:
            geo = self.field_geometry(side).moved(self.slide(side), 0)
            self._draw_field(surface, geo, owner)
            if not self.celebrating and self.game.winner is not None:   # a defeat's dusk
                dusk(surface, geo.grid, 1.0 if self.skipped else ease_out(self.t / 2.5))
            name_px = theme.font_px(self.size, 24)
            seat = self.match.seats[owner]
            text.draw(surface, self.tr("gameover.fleet_of", name=seat.name),
                      (geo.grid.centerx, geo.outer.y - name_px * 0.7), name_px,
                      theme.PLAYER_COLOURS[owner], "center")
        self._draw_show(surface)
        for (side, owner), rect in zip(sides, self.stats_rects()):
            self._draw_stats(surface, owner, rect)
        self._draw_banner(surface)
        self._draw_footer(surface, self.footer_top())
        self._draw_stars(surface)
        if motion.reduced() and self.t < motion.FADE:     # the result fading in, still
            dark = int(16 * (1 - self.t / motion.FADE)) * 16
            if dark:
                surface.blit(tint(self.size, (*theme.BG, min(255, dark))), (0, 0))

    def _draw_field(self, surface, geo: BoardGeometry, owner: int) -> None:
        """``owner``'s whole field, every ship shown (§0: the loser's right to inspect)."""
        raise NotImplementedError

    def stats_rows(self, player: int) -> list:
        """(label, value) of ``player``'s statistics, two to a line on his panel."""
        raise NotImplementedError

    def stats_h(self, px: int) -> int:
        """The stats panels' height: the name, then the longer side's rows, two to a line."""
        lines = max((len(self.stats_rows(p)) + 1) // 2 for p in (0, 1))
        text_bottom = 8 + int(px * 1.25) * lines + px       # as _draw_stats writes them
        return max(int(px * 3.9), text_bottom + 6)

    def _draw_stats(self, surface, player: int, rect: pygame.Rect) -> None:
        panel(surface, rect, 190)
        px = theme.font_px(self.size, 20)
        rows = self.stats_rows(player)
        line = int(px * 1.25)
        seat = self.match.seats[player]
        text.draw(surface, seat.name, (rect.x + 12, rect.y + 8), px, theme.PLAYER_COLOURS[player])
        k = self.counted()
        for i, (label, value) in enumerate(rows):
            col = i % 2
            row = i // 2
            x = rect.x + 12 + col * rect.w // 2
            y = rect.y + 8 + line * (1 + row)
            text.draw(surface, f"{label}: {count_up(value, k)}", (x, y), px, theme.TEXT)

    def _draw_footer(self, surface, top: int) -> None:
        w, h = self.size
        px = theme.font_px(self.size, 20)
        minutes, seconds = divmod(int(self.elapsed * self.counted()), 60)
        info = self.tr("stats.time", time=f"{minutes}:{seconds:02d}")
        series = self.match.series
        if series.best_of > 1:
            info += "   " + self.tr("battle.series", n=series.best_of, a=series.score[0],
                                    b=series.score[1])
        elif self.match.games > 1:
            info += "   " + self.tr("stats.score", a=self.match.score[0], b=self.match.score[1])
        y = top + px * 0.9
        text.draw(surface, info, (w / 2, y), px, theme.TEXT_DIM, "center")
        if self.insight:
            y += px * 1.3
            text.draw(surface, self.insight, (w / 2, y), px, theme.ACCENT, "center")
        self.menu.draw(surface, self.t)

    def footer_h(self, px: int) -> int:
        return self.menu.height(self.size) + int(px * (2.9 if self.insight else 1.6))

    def footer_top(self) -> int:
        """Where the footer (time, score, insight, menu) begins: below both fields' stats."""
        m = int(16 * theme.unit(self.size))
        return self.size[1] - self.footer_h(theme.font_px(self.size, 20)) - m + m // 2

    def layout(self) -> None:
        """The menu, under the footer's lines (as ``_draw_footer`` writes them)."""
        w, u, px = self.size[0], theme.unit(self.size), theme.font_px(self.size, 20)
        y = self.footer_top() + px * 0.9 + (px * 1.3 if self.insight else 0)
        self.menu.layout(pygame.Rect(w // 2 - int(280 * u), int(y + px * 0.7), int(560 * u),
                                     self.menu.height(self.size)), self.size)
