""""Кораблики" game over: the whole board turned face up (RULES.md §0: both sides see
everything), pieces lost and forts left, and a rematch."""

from __future__ import annotations

import pygame

from ...rules import korabliki as kr
from ...rules.coords import board_letters
from ...render import theme
from ...render.finale import dusk, ease_out
from ...render.korabliki import draw_piece, draw_sea_board, fit_geometry, to_screen, viewer_colours
from ..common.gameover import GameOverBase


class KorablikiGameOverScene(GameOverBase):
    def __init__(self, app, match, game, elapsed: float, record_path=None):
        super().__init__(app, match, game, elapsed, record_path)
        self.letters = board_letters(match.letters, kr.WIDTH, kr.HEIGHT)

    def player_stats(self, player: int) -> dict:
        g = self.game
        return {"lost": len(g.lost[player]), "forts": g.forts(player),
                "left": len(g.own(player))}

    BANNER_Y, BANNER_PX = 34, 46     # the ribbon's middle (layout units), its word's size

    def mode_reason(self, reason: str, loser: str | None) -> str:
        """§K: both forts of a side destroyed; a draw by one blast taking the last forts of
        both, by no fort that can still be taken, or by 200 moves without a loss."""
        if reason == "forts":
            return self.tr("why.forts", name=loser)
        if reason == "quiet":
            return self.tr("why.quiet", n=kr.DRAW_QUIET)
        key = {"forts-both": "why.forts_both", "no-attackers": "why.no_attackers"}.get(reason)
        return self.tr(key) if key else ""

    def stats_rows(self, player: int) -> list:
        st = self.stats[player]
        return [(self.tr("kor.stats.lost"), str(st["lost"])),
                (self.tr("kor.stats.forts"), str(st["forts"]))]

    def footer_top(self) -> int:
        return self.size[1] - self.footer_h(theme.font_px(self.size, 20)) - int(
            14 * theme.unit(self.size))

    def _board_area(self) -> pygame.Rect:
        u = theme.unit(self.size)
        top = self.band_bottom() + int(4 * u)
        return pygame.Rect(int(14 * u), top, int(self.size[0] * 0.66), self.footer_top() - top)

    def stats_rects(self) -> list[pygame.Rect]:
        """Both sides' panels stacked right of the board, coming in from the right."""
        m = int(14 * theme.unit(self.size))
        area = self._board_area()
        x = fit_geometry(area).outer.right + m
        stats_h = int(theme.font_px(self.size, 20) * 3.9)
        return [pygame.Rect(x + self.slide(1), area.y + i * (stats_h + m),
                            self.size[0] - x - m, stats_h) for i in (0, 1)]

    def draw(self, surface: pygame.Surface) -> None:
        area = self._board_area()
        geo = fit_geometry(area).moved(self.slide(0), 0)    # the board slides in
        flip = self.left == 1
        draw_sea_board(surface, geo, self.letters, self.t, flip)
        own_colour, enemy_colour = viewer_colours(flip)
        livery, flag = self.liveries.get(self.left), None
        if livery is not None:      # the person's captain's paint and flag (issue 22)
            own_colour, flag = livery.piece(own_colour), livery.flies
        for c, p in self.game.pieces.items():
            own = p.owner == self.left
            draw_piece(surface, geo, to_screen(c, flip), p.rank, own_colour if own else enemy_colour,
                       own, revealed_badge=not own, tr=self.tr, flag=flag if own else None)
        if not self.celebrating and self.game.winner is not None:   # a defeat's dusk
            dusk(surface, geo.outer, 1.0 if self.skipped else ease_out(self.t / 2.5))
        self._draw_show(surface)      # the fireworks and confetti of a victory
        for player, rect in zip((self.left, 1 - self.left), self.stats_rects()):
            self._draw_stats(surface, player, rect)
        self._draw_banner(surface)
        self._draw_footer(surface, area.bottom)
        self._draw_stars(surface)
