"""Fairness you can see: step through a computer opponent's shots after the game, with what it
believed of every cell just before each shot, drawn as a glow over your own field.

The belief is what the shooter computed from its own view at the time (see ``Shooter.belief``),
so a player can check that it never knew more than the shots had told it.
"""

from __future__ import annotations

import pygame

from ...rules.classic import BOMBER, DECK, HIT, RADAR, SUNK, ClassicGame, UseWeapon
from ...rules.coords import board_letters, format_cell
from ...render import text, theme
from ...render.board import BoardGeometry, BoardPicture, draw_board
from ...render.heat import all_alike, draw_aim, draw_heat, draw_heat_legend
from ...render.widgets import arrow, panel
from ..common.base import Scene


class ThinkingScene(Scene):
    PAD = {"lb": pygame.K_HOME, "rb": pygame.K_END}   # a controller: the first, the last shot

    def __init__(self, app, match, game, player: int, thoughts: list):
        super().__init__(app)
        self.match = match
        self.game = game
        self.player = player              # the computer whose thinking is shown
        self.thoughts = thoughts          # (move number, cell, belief) per computer shot (or
                                          # weapon of the arcade arsenal, §A: its aim)
        self.index = 0
        self.letters = board_letters(match.letters, game.config.width, game.config.height)
        self._before: dict[int, dict] = {}

    def marks_before(self, move: int) -> dict:
        """The computer's marks on the player's field before move ``move`` (replayed)."""
        if move not in self._before:
            data = self.game.to_dict()
            data["moves"] = data["moves"][: move - 1]
            earlier = ClassicGame.from_dict(data)
            self._before[move] = earlier.view(self.player).target
        return self._before[move]

    def said(self, move: int) -> str:
        """The panel's line for the thought of move ``move``: the shot and its answer, or the
        weapon (§A), where it went and what it found."""
        _, action, result = self.game.history[move - 1]
        n, total = self.index + 1, len(self.thoughts)
        if not isinstance(action, UseWeapon):
            return self.tr("thinking.shot", n=n, total=total,
                           cell=format_cell(action.cell, self.letters),
                           result=self.tr(f"shot.{result.outcome}"))
        if action.weapon == BOMBER:
            weapon = (self.tr("thinking.bomber_column", column=self.letters.letter(action.cell[0]))
                      if action.vertical else
                      self.tr("thinking.bomber_row", row=action.cell[1] + 1))
        else:
            weapon = self.tr(f"thinking.{action.weapon}",
                             cell=format_cell(action.cell, self.letters))
        if result.downed is not None:
            found = self.tr("thinking.downed")
        elif action.weapon == RADAR:
            found = self.tr("thinking.shown", found=sum(k == DECK for _, k in result.shown))
        else:
            found = self.tr("thinking.hits",
                            hits=sum(r.outcome in (HIT, SUNK) for r in result.results))
        return self.tr("thinking.weapon", n=n, total=total, weapon=weapon, result=found)

    def handle(self, event) -> None:
        n = len(self.thoughts)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.sound("click")
                self.back()
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_SPACE, pygame.K_RETURN):
                self.index = min(n - 1, self.index + 1)
            elif event.key in (pygame.K_LEFT, pygame.K_UP):
                self.index = max(0, self.index - 1)
            elif event.key == pygame.K_HOME:
                self.index = 0
            elif event.key == pygame.K_END:
                self.index = n - 1
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                step = 1 if event.pos[0] > self.size[0] / 2 else -1
                self.index = max(0, min(n - 1, self.index + step))
            elif event.button == 3:
                self.back()
        elif event.type == pygame.MOUSEWHEEL:
            self.index = max(0, min(n - 1, self.index - event.y))

    def _area(self) -> pygame.Rect:
        w, h = self.size
        u = theme.unit(self.size)
        return pygame.Rect(int(w * 0.08), int(70 * u), int(w * 0.5), h - int(70 * u) - int(24 * u))

    def field_geometry(self) -> BoardGeometry:
        """Where the person's field is drawn, the glow over it."""
        return BoardGeometry.fit(self._area(), self.game.config.width, self.game.config.height)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        name = self.match.seats[self.player].name
        text.draw(surface, self.tr("thinking.title", name=name), (w / 2, 36 * u),
                  theme.font_px(self.size, 40), theme.ACCENT, "center", shadow=True)
        move, cell, belief = self.thoughts[self.index]
        human = 1 - self.player
        area = self._area()
        geo = self.field_geometry()
        draw_board(surface, geo, BoardPicture(ships=list(self.game.ships[human]),
                                              marks=self.marks_before(move)),
                   self.letters, self.t)
        draw_heat(surface, geo, belief)
        action = self.game.history[move - 1][1]
        if isinstance(action, UseWeapon):   # §A: the weapon's square or line, its aim marked
            draw_aim(surface, geo, self.game.weapon_cells(action.weapon, action.cell,
                                                          action.vertical),
                     None if action.weapon == BOMBER else action.cell, theme.CURSOR)
        else:
            r = geo.cell_rect(cell)
            pygame.draw.rect(surface, theme.CURSOR, r.inflate(6, 6), 3, border_radius=6)
        side = pygame.Rect(area.right + int(24 * u), area.y, w - area.right - int(48 * u),
                           area.h)
        panel(surface, side, 210)
        px = theme.font_px(self.size, 22)
        y = side.y + 14
        for line in text.wrap(self.said(move), px, side.w - 28):
            text.draw(surface, line, (side.x + 14, y), px, theme.TEXT)
            y += px * 1.3
        y += px * 0.3
        small = theme.font_px(self.size, 18)
        y += draw_heat_legend(surface, pygame.Rect(side.x + 14, y, side.w - 28, small * 2), small,
                              self.tr("thinking.less_likely"), self.tr("thinking.more_likely"))
        if all_alike(belief):     # nothing stood out: the glow is one colour, and says why
            for line in text.wrap(self.tr("thinking.all_alike"), small, side.w - 28):
                text.draw(surface, line, (side.x + 14, y), small, theme.ACCENT)
                y += small * 1.3
            y += small * 0.5
        for line in text.wrap(self.tr("thinking.note", name=name), small, side.w - 28):
            text.draw(surface, line, (side.x + 14, y), small, theme.TEXT_DIM)
            y += small * 1.3
        y += small
        for line in text.wrap(self.tr("thinking.keys"), small, side.w - 28):
            text.draw(surface, line, (side.x + 14, y), small, theme.TEXT_DIM)
            y += small * 1.3
        a = 18 * u
        if self.index > 0:
            arrow(surface, (side.x + side.w * 0.3, side.bottom - 30 * u), a, "left", theme.ACCENT)
        if self.index < len(self.thoughts) - 1:
            arrow(surface, (side.x + side.w * 0.7, side.bottom - 30 * u), a, "right", theme.ACCENT)
