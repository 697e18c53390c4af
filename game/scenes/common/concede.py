"""Resigning and a draw (RULES.md §0), and the pause menu that offers them: what every battle
screen shares. A mixin of ``BattleBase``: it uses the scene's ``table`` and ``tables`` (each
seat's), ``feeder`` (where the game is), ``game`` (a campaign's save), ``match``, ``viewer``,
``seat``, ``ais``, ``log``, ``timeline``, ``_curtain``, ``refuse``, ``_log``, ``_last_words``
and ``end``."""

from __future__ import annotations

from ...ai.player import accepts_draw
from ...i18n.phrase import Phrase
from ...match import COMPUTER
from ...render import theme
from ...rules.base import RESIGNED
from .dialogs import ConfirmScene


class Concessions:
    def open_pause(self) -> None:
        """The pause menu, with "Resign" and "Offer a draw" where the match allows them, and
        "Save and back to the chart" in a campaign battle."""
        m, live = self.match, not self.table.over and not self.finished
        self.app.flow.pause(
            self.save_record_now, self.save_record,
            on_resign=self.resign if live and m.may_resign else None,
            on_offer_draw=self.offer_draw if live and m.may_offer_draw else None,
            draw_to=self._name(1 - self.viewer),
            on_save_chart=self.save_to_chart if live and m.campaign is not None else None)

    def save_to_chart(self) -> None:
        """A campaign battle kept as it stands (the game's own moves: the computer's choice
        in flight is dropped and made again on resuming) and the chart again, which offers
        to resume it exactly, as after the window is closed."""
        self.thinking = self._then = None
        if not self.game.over:
            self.match.campaign.save(self.game)
        for problem in self.match.campaign.problems:
            self.app.notify(self.tr("notice.profile_not_saved", error=problem))
        self.match.campaign.problems.clear()
        self.app.flow.to_chart()
        self.app.notify(self.tr("pause.save_chart_done"), 5.0)

    def resign(self) -> None:
        """§0: the person at the screen resigns; the other side wins."""
        if not self.table.over:
            self.feeder.resign(self.viewer)
            self._conceded(self.table.events)

    def offer_draw(self) -> None:
        """§0: two people: the curtain falls, the other side accepts or declines, and the seat
        comes back if he declines; the computer accepts only when it judges itself no better
        off (its ``accepts_draw``, from its own view)."""
        offerer, other = self.viewer, 1 - self.viewer
        if self.table.over:
            return
        if self.seat(other).kind == COMPUTER:
            if accepts_draw(self.ais[other], self.tables[other].latest):
                self.agree_draw()
            else:
                self.refuse(self.tr("draw.declined", name=self._name(other)))
                self.log.append((Phrase("draw.declined", name=self.seat(other)), theme.TEXT_DIM))
            return

        def declined():
            self._curtain(offerer, self.tr("draw.declined_curtain", name=self._name(other),
                                           other=self._name(offerer)))

        def answer():
            self.app.scenes.push(ConfirmScene(
                self.app, Phrase("dialog.accept_draw", name=self._name(offerer)),
                self.agree_draw, declined))
        self._curtain(other, self.tr("draw.offer_curtain", name=self._name(offerer),
                                     other=self._name(other)), then=answer)

    def agree_draw(self) -> None:
        if not self.table.over:
            self.feeder.agree_draw()
            self._conceded(self.table.events)

    def _conceded(self, events) -> None:
        """The game ended by §0: the computer's choice in flight is dropped (the worker's
        answer is never played), the log says it, and the game over follows what still plays."""
        self.thinking = self._then = None
        self.message = ""
        for event in events:
            if event.reason == RESIGNED:
                self._log(1 - event.winner, Phrase("log.resigned"))
            else:
                self.log.append((Phrase("log.draw_agreed"), theme.ACCENT))
            self._last_words(event)
        self.timeline.add(1.0, lambda s: self.end())

