"""Game over: both fleets revealed (RULES.md §0, the loser's right to inspect), statistics,
and a rematch in which the loser moves first."""

from __future__ import annotations

import random

import pygame

from ...rules.classic import EMPTY, MINE, SUNK, shot_results, shot_stats
from ...rules.coords import board_letters
from ...render import text, theme
from ...render.board import BoardGeometry, BoardPicture, burning_ship, draw_board
from ...render.effects import Effects
from ...render.finale import FIREWORKS, draw_bunting, dusk, ease_out, punch
from ...render.widgets import Item, Menu, panel
from .base import Scene, menu_or_escape
from .voyage_battle import liveries
from ...match import HUMAN
from ..classic.thinking import ThinkingScene


class GameOverScene(Scene):
    music = ""         # silence: the result's own fanfare or lament plays (app.music_wanted)
    INTRO = 1.1         # seconds the panels take to slide into their places
    SHOW = 6.0          # seconds of fireworks after a victory

    def __init__(self, app, match, game, elapsed: float, record_path=None, thoughts=None,
                 insight: str | None = None):
        super().__init__(app)
        self.match = match
        self.game = game
        self.elapsed = elapsed
        self.record_path = record_path
        self.thoughts = thoughts or {}
        self.insight = insight
        self.letters = board_letters(match.letters, game.config.width, game.config.height)
        self.stats = [self.player_stats(p) for p in (0, 1)]
        self.liveries = liveries(app, match)     # the person's paint and flag (issue 22)
        humans = match.humans
        self.left = humans[0] if len(humans) == 1 else 0
        series = match.series
        if series.best_of > 1 and not series.over:
            label = lambda: self.tr("gameover.next_game", n=self.match.series.games + 1,  # noqa: E731
                                    total=self.match.series.best_of)
        elif series.best_of > 1:
            label = lambda: self.tr("gameover.new_series")  # noqa: E731
        else:
            label = lambda: self.tr("gameover.rematch")  # noqa: E731
        self.campaign = match.campaign
        if self.campaign is not None:   # a level of the voyage: its result waits on the chart
            items = [Item(lambda: self.tr("campaign.to_chart"), self.to_chart)]
        else:
            items = [Item(label, self.rematch)]
        for player, shots in self.thoughts.items():
            if shots and len(humans) == 1:
                name = match.seats[player].name
                items.append(Item(lambda name=name: self.tr("gameover.thinking", name=name),
                                  lambda p=player: self.show_thinking(p)))
        if self.campaign is None:
            items.append(Item(lambda: self.tr("gameover.menu"), self.app.flow.to_title))
        self.menu = Menu(items, sound=app.sound, base_px=26)
        self.show = Effects(random.Random(match.seed ^ 0xF17E))   # fireworks, the last ship
        self.skipped = False      # a key or click during the intro puts everything in place
        self._next_firework = 0.3
        self._sent_down = False

    # -- the show (issue 20): panels slide in, fireworks or the last ship going down -------
    @property
    def celebrating(self) -> bool:
        """A victory to celebrate: a person beat the computer, or two people played."""
        return self.game.winner is not None and (self.human_won or len(self.match.humans) != 1)

    def intro(self) -> float:
        """How far the panels have come in (1: in their places)."""
        return 1.0 if self.skipped else min(1.0, self.t / self.INTRO)

    def skip_show(self) -> None:
        self.skipped = True
        self.show.clear()

    @property
    def showing(self) -> bool:
        """Something of the show still moves (a key first ends it)."""
        return not self.skipped and (self.t < self.INTRO + 0.5 or bool(self.show.sinkings))

    def last_sunk(self):
        """The cells of the last ship sunk in the game (None if the history shows none)."""
        for entry in reversed(self.game.history):
            for r in reversed(shot_results(entry[-1])):
                if r.outcome == SUNK:
                    return r.ship
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.show.update(dt)
        if self.skipped:
            return
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
            self._next_firework -= dt
            if self._next_firework <= 0:
                self._next_firework = self.show.rng.uniform(0.25, 0.6)
                w, h = self.size
                rng = self.show.rng
                self.show.scale = theme.unit(self.size)
                self.show.firework((rng.uniform(0.1, 0.9) * w, rng.uniform(0.12, 0.45) * h),
                                   rng.choice(FIREWORKS), rng.uniform(0.8, 1.3))

    def player_stats(self, player: int) -> dict:
        return shot_stats(self.game, player)

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

    def rematch(self) -> None:
        if self.match.series.over:
            self.match.new_series()
        self.app.flow.start(self.match, replace=True)

    def show_thinking(self, player: int) -> None:
        self.app.scenes.push(ThinkingScene(self.app, self.match, self.game, player,
                                           self.thoughts[player]))

    def handle(self, event) -> None:
        if self.showing and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.skip_show()      # a key or click puts the panels in place, and still acts
        menu_or_escape(self, event, self.leave, click=False)

    def draw_words(self) -> str:
        """The headline of a drawn game (each mode says what drew it)."""
        return self.tr("gameover.draw")

    def _headline(self) -> tuple[str, tuple]:
        conceded = getattr(self.game, "conceded", None)    # RULES.md §0
        if self.game.winner is None:
            return (self.tr("gameover.draw_agreed") if conceded else self.draw_words()), \
                theme.ACCENT
        winner = self.match.seats[self.game.winner]
        series = self.match.series
        if series.best_of > 1 and series.over:
            champion = self.match.seats[series.winner]
            return (self.tr("gameover.series_won", name=champion.name, a=series.score[0],
                            b=series.score[1]),
                    theme.GOOD if champion.kind == HUMAN else theme.ACCENT)
        if conceded is not None:
            colour = (theme.ACCENT if len(self.match.humans) != 1
                      else theme.GOOD if self.human_won else theme.BAD)
            return self.tr("gameover.resigned", name=self.match.seats[conceded[1]].name), colour
        if len(self.match.humans) == 1:
            if self.human_won:
                return self.tr("gameover.victory"), theme.GOOD
            return self.tr("gameover.defeat"), theme.BAD
        return self.tr("gameover.wins", name=winner.name), theme.ACCENT

    def _areas(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Each side's field area and stats panel, in their final places."""
        w, h = self.size
        u = theme.unit(self.size)
        m = int(16 * u)
        px = theme.font_px(self.size, 20)
        stats_h = self.stats_h(px)
        top, bottom = int(72 * u), h - stats_h - self.footer_h(px) - m
        out = []
        for side in (0, 1):
            x0 = m if side == 0 else w // 2 + m // 2
            area = pygame.Rect(x0, top + int(26 * u), w // 2 - int(1.5 * m),
                               bottom - top - int(26 * u))
            out.append((area, pygame.Rect(x0, bottom + m // 2, area.w, stats_h)))
        return out

    def field_geometry(self, side: int) -> BoardGeometry:
        """The field of ``side`` (0 left) in its final place."""
        cfg = self.game.config
        return BoardGeometry.fit(self._areas()[side][0], cfg.width, cfg.height)

    def slide(self, side: int) -> tuple[int, int]:
        """How far ``side``'s field (x) and its stats panel (y) still are from their places."""
        k = ease_out(self.intro())
        return (int((1 - k) * self.size[0] * 0.6 * (-1 if side == 0 else 1)),
                int((1 - k) * self.size[1] * 0.5))

    def _draw_headline(self, surface, y: float, base: int) -> None:
        """The result, punching in at the start."""
        words, colour = self._headline()
        px = max(14, int(theme.font_px(self.size, base) * punch(self.intro() * 2.5)))
        text.draw(surface, words, (self.size[0] / 2, y), px, colour, "center", shadow=True)

    def _draw_show(self, surface) -> None:
        """The celebration over the panels: the flags and the fireworks of a victory, the last
        ship going down after a defeat."""
        w = self.size[0]
        self.show.draw(surface)
        if self.celebrating:       # flags dressing the line either side of the headline
            u = theme.unit(self.size)
            words, _ = self._headline()
            half = text.font(theme.font_px(self.size, 54)).size(words)[0] / 2 + 24 * u
            hoisted = 1.0 if self.skipped else ease_out(self.t / 1.6)
            size = max(10, 18 * u)
            draw_bunting(surface, 0, w / 2 - half, 0, size, self.t, hoisted)
            draw_bunting(surface, w / 2 + half, w, 0, size, self.t + 0.7, hoisted)

    def draw(self, surface: pygame.Surface) -> None:
        u = theme.unit(self.size)
        self._draw_headline(surface, 40 * u, 54)
        for side, owner in ((0, self.left), (1, 1 - self.left)):
            area, stats = self._areas()[side]
            dx, dy = self.slide(side)
            geo = self.field_geometry(side).moved(dx, 0)
            self._draw_field(surface, geo, owner)
            if not self.celebrating and self.game.winner is not None:   # a defeat's dusk
                dusk(surface, geo.grid, 1.0 if self.skipped else ease_out(self.t / 2.5))
            name_px = theme.font_px(self.size, 24)
            seat = self.match.seats[owner]
            text.draw(surface, self.tr("gameover.fleet_of", name=seat.name),
                      (geo.grid.centerx, geo.outer.y - name_px * 0.7), name_px,
                      theme.PLAYER_COLOURS[owner], "center")
            self._draw_stats(surface, owner, stats.move(0, dy))
        self._draw_show(surface)
        self._draw_footer(surface, self.footer_top())

    def _draw_field(self, surface, geo: BoardGeometry, owner: int) -> None:
        """``owner``'s whole field, every ship shown (§0: the loser's right to inspect)."""
        g = self.game
        sunk = list(g.view(1 - owner).enemy_sunk)
        marks = dict(g.shots_at[owner])
        marks.update({c: EMPTY for c in g.known_empty[owner]})
        pic = BoardPicture(ships=[s for s in g.ships[owner] if s not in sunk and s],
                           wrecks=sunk, marks={c: m for c, m in marks.items() if m != MINE},
                           mines=list(g.mines[owner]),
                           spent=[c for c in g.mines[owner] if c in g.shots_at[owner]],
                           sweepers=[c for c in g.sweepers[owner]
                                     if c not in g.shots_at[owner]],
                           faded=sorted(g.faded[owner]),
                           kinds={frozenset(s): n for s, n in zip(g.ships[owner], g.names[owner])
                                  if n},
                           hull="dutchman" if g.config.shapes == "any" else None,
                           livery=self.liveries.get(owner))
        draw_board(surface, geo, pic, self.letters, self.t)

    def stats_rows(self, player: int) -> list:
        st = self.stats[player]
        return [
            (self.tr("stats.shots"), str(st["shots"])),
            (self.tr("stats.hits"), str(st["hits"])),
            (self.tr("stats.accuracy"), f"{st['accuracy'] * 100:.0f}%"),
            (self.tr("stats.streak"), str(st["longest_streak"])),
        ]

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
        for i, (label, value) in enumerate(rows):
            col = i % 2
            row = i // 2
            x = rect.x + 12 + col * rect.w // 2
            y = rect.y + 8 + line * (1 + row)
            text.draw(surface, f"{label}: {value}", (x, y), px, theme.TEXT)

    def _draw_footer(self, surface, top: int) -> None:
        w, h = self.size
        px = theme.font_px(self.size, 20)
        minutes, seconds = divmod(int(self.elapsed), 60)
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
