""""Кораблики" game over: the whole board turned face up (RULES.md §0: both sides see
everything), pieces lost and forts left, and a rematch."""

from __future__ import annotations

import pygame

from ...rules import korabliki as kr
from ...rules.coords import board_letters
from ...render import theme
from ...render.korabliki import draw_piece, draw_sea_board, fit_geometry, to_screen, viewer_colours
from ..common.gameover import GameOverScene


class KorablikiGameOverScene(GameOverScene):
    def __init__(self, app, match, game, elapsed: float, record_path=None):
        super().__init__(app, match, game, elapsed, record_path)
        self.letters = board_letters(match.letters, kr.WIDTH, kr.HEIGHT)

    def player_stats(self, player: int) -> dict:
        g = self.game
        return {"lost": len(g.lost[player]), "forts": g.forts(player),
                "left": len(g.own(player))}

    def draw_words(self) -> str:
        if self.game.quiet >= kr.DRAW_QUIET:            # K-f
            return self.tr("kor.gameover.draw", n=kr.DRAW_QUIET)
        return super().draw_words()

    def stats_rows(self, player: int) -> list:
        st = self.stats[player]
        return [(self.tr("kor.stats.lost"), str(st["lost"])),
                (self.tr("kor.stats.forts"), str(st["forts"]))]

    def footer_top(self) -> int:
        return self.size[1] - self.footer_h(theme.font_px(self.size, 20)) - int(
            14 * theme.unit(self.size))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        self._draw_headline(surface, 34 * u, 46)     # it punches in (issue 20)
        m = int(14 * u)
        px = theme.font_px(self.size, 20)
        area = pygame.Rect(m, int(64 * u), int(w * 0.66), self.footer_top() - int(64 * u))
        dx, _ = self.slide(0)                       # the board and the panels slide in
        final = fit_geometry(area)
        geo = final.moved(dx, 0)
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
        x = final.outer.right + m
        sw = w - x - m
        stats_h = int(px * 3.9)
        for i, player in enumerate((self.left, 1 - self.left)):
            rect = pygame.Rect(x, area.y + i * (stats_h + m) + self.slide(1)[1], sw, stats_h)
            self._draw_stats(surface, player, rect)
        self._draw_show(surface)      # the flags and fireworks of a victory
        self._draw_footer(surface, area.bottom)
