"""What the «Кораблики» battle screen says of the turn (issue 33): the header — whose turn and
which of its steps (move → act → end), in the same words all through it — the side panel with
the steps, what the viewer knows of both fleets (``render.korabliki_panel``), the picked piece,
what to do now or why not, and the panel's buttons.
"""

from __future__ import annotations

import pygame

from ...rules import korabliki as kr
from ...render import text, theme
from ...render.korabliki import rank_name
from ...render.korabliki_panel import STEPS, chip_rows, draw_chips, draw_steps, tally_of
from ...render.widgets import Button, panel


class TurnWords:
    """A mixin for the «Кораблики» battle scene: its header, side panel and the panel's
    buttons. ``step_shown`` and ``again_shown`` (which step of the turn shown, and whether that
    turn is one more after a won asking) follow the animation's cues; ``tally`` is what the
    viewer knows of both fleets as of the last action shown."""

    def _tally(self):
        """What the viewer knows of both fleets: as of the last action shown, and made anew
        when the screen goes to the other person (two on one screen)."""
        if self.tally is None or self.tally.player != self.viewer:
            self._count()
        return self.tally

    def _count(self) -> None:
        """The tally anew from the viewer's view (online, none before the first state)."""
        view = self.table.latest
        self.tally = tally_of(view) if view is not None else None

    def place_controls(self) -> None:
        """The buttons of the panel, as the state asks: the answers while one is asked of the
        person at the screen, the end of the turn and the bomb."""
        rect = self.panel_rect
        px = theme.font_px(self.size, 17)
        bh = int(px * 1.8)
        if self.human_answering:
            t = self.table
            rank = t.pieces[t.pending.target].rank
            n = len(t.answer_options(t.pending.target))
            y = rect.bottom - 8 - n * (bh + 4) + 4
            asked = (t.moves, t.pending.target)
            if asked != self._answers_for:     # the options of this asking, made once
                self._answers_for = asked
                self.answer_buttons = [
                    Button(lambda o=option: self._rank_words(rank, len(o)) + " " +
                           " ".join(self._cell(c) for c in o),
                           lambda i=i: self.choose_answer(i, True), hotkey=str(i + 1))
                    for i, option in enumerate(t.answer_options(t.pending.target))]
            for i, b in enumerate(self.answer_buttons):
                b.rect = pygame.Rect(rect.x + 10, y + i * (bh + 4), rect.w - 20, bh)
        bw = (rect.w - 20 - 6) // 2
        by = rect.bottom - bh - 8
        self.end_button.rect = pygame.Rect(rect.x + 10, by, bw, bh)
        self.bomb_button.rect = pygame.Rect(rect.x + 10 + bw + 6, by, bw, bh)

    def banner(self) -> tuple[str, tuple]:
        """The header: whose turn it is and which step of it (STEPS), as the screen has shown
        them, in the same words all the turn: "Your turn", "Another turn" after a won asking,
        the player's name when two share the screen, the opponent's name on his turn."""
        if self.over_shown:
            return self.tr("battle.over"), theme.ACCENT
        if self.human_answering:
            return self.tr("kor.answer_title"), theme.ACCENT
        player = self.turn_shown
        name = self._name(player)
        if self._mine(player):
            who = "kor.head.again" if self.again_shown else "kor.head.yours"
            who = self.tr(who + ("_named" if self.match.hot_seat else ""), name=name)
            colour = theme.GOOD
        else:
            who = self.tr(("kor.head.of" if self.match.hot_seat
                           else "kor.head.theirs_again" if self.again_shown
                           else "kor.head.theirs"), name=name)
            colour = theme.PLAYER_COLOURS[player]
        step = self.step_shown
        return self.tr("kor.head", who=who, num=STEPS.index(step) + 1,
                       step=self.tr(f"kor.step.{step}")), colour

    def _selected_row(self):
        """The picked piece's name (and the block it asks with), or None."""
        t = self.table
        if self.selected is None or self.selected not in t.pieces or \
                t.pieces[self.selected].owner != self.viewer:
            return None
        p = t.pieces[self.selected]
        words = rank_name(self.tr, p.rank)
        if self.human_to_act and p.rank in kr.COMBAT and len(self.block_choices()) > 1:
            block = self.block_choices()[self.block_index % len(self.block_choices())]
            words += " · " + self.tr("kor.block", n=len(block))
        return words

    def _hint(self) -> str:
        """What to do now, in the step the person is at."""
        if self.human_answering:
            return self.tr("kor.answer_hint")
        if self.table.phase == kr.MOVE:
            return self.tr("kor.hint_again" if self.again_shown else "kor.hint_move")
        return self.tr("kor.hint_act")

    def _draw_panel(self, surface) -> None:
        """The steps of the turn, what the viewer knows of both fleets, the quiet moves, the
        picked piece, what to do now (or why not), the buttons."""
        rect = self.panel_rect
        panel(surface, rect, 200)
        px = theme.font_px(self.size, 17)
        line = int(px * 1.3)
        x, y, w = rect.x + 10, rect.y + 8, rect.w - 20
        player = self.turn_shown
        colour = theme.GOOD if self._mine(player) else theme.PLAYER_COLOURS[player]
        y += draw_steps(surface, pygame.Rect(x, y, w, int(line * 1.2)),
                        [self.tr(f"kor.steps.{s}") for s in STEPS],
                        None if self.over_shown else STEPS.index(self.step_shown), colour)
        y += line // 3
        names = [self._name(0), self._name(1)]
        tally = self._tally()
        for row in chip_rows(tally, self.tr, names, theme.PLAYER_COLOURS) if tally else ():
            y += draw_chips(surface, x, y, w, row, px, line)
        quiet = self.tr("kor.quiet", n=self.table.quiet, limit=kr.DRAW_QUIET)
        text.draw(surface, quiet, (x, y), text.fit_px(quiet, px - 1, w), theme.TEXT_DIM)
        y += line
        picked = self._selected_row()
        if picked:
            text.draw(surface, picked, (x, y), text.fit_px(picked, px, w), theme.ACCENT)
            y += line
        if self.human_answering:
            for i, b in enumerate(self.answer_buttons):
                b.draw(surface, px - 1)
                if i == self.block_index % len(self.answer_buttons):
                    pygame.draw.rect(surface, theme.GOOD, b.rect, 3, border_radius=8)
            bottom = min(b.rect.y for b in self.answer_buttons) if self.answer_buttons \
                else rect.bottom
        else:
            bottom = self.end_button.rect.y
        if self.human_to_act:
            self.end_button.draw(surface, px)
            self.bomb_button.draw(surface, px)
        room = max(0, (bottom - 4 - y) // line)
        words, colour = (self.message, theme.BAD) if self.message_time > 0 and self.message \
            else (self._hint(), theme.TEXT_DIM)
        if self.human_to_move or self.human_to_act or self.human_answering or self.message:
            for i, ln in enumerate(text.wrap_most(words, px - 1, w, room)):
                text.draw(surface, ln, (x, y + i * line), px - 1, colour)
