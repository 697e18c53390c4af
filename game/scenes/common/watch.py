"""The spectator's screen (issue 37): a room watched live through a ``game.net.watcher.Watcher``.

It shows what BOTH players know and nothing else (the room's ``spectate``: the mode's public
view, the events with every side's secrets emptied): Classic's and Naval's two fields side by
side (each player's own field under his name, with every shot on it), «Кораблики»'s one board
(every piece where it stands, a blank back until its rank is turned up); the names, whose turn,
the move clock, the score, how many watch, the log of public events and the chat. It can do
nothing: Esc (or a click on "Esc: stop watching") leaves at once, and the connection says
``leave``.

``WatchScene(app, watcher)``: the watcher already made (and polled by this screen from then on;
closed when the screen is left).
"""

from __future__ import annotations

import pygame

from ...i18n.phrase import Join, Phrase
from ...render import text, theme
from ...render import watch as paint
from ...render.battle import draw_header, fields_layout
from ...render.board import BoardGeometry
from ...render.logpanel import LogPanel
from ...rules.base import LAPSES_LOSE, GameOver, TurnLapsed
from ...rules.coords import board_letters
from .base import Scene
from .online_battle import clock_left, told_clock

LOG_H, GAP, LOG_W = 200, 46, 0.64     # the log under the fields (as the battles lay it out)


class WatchScene(Scene):
    music = "battle"

    def __init__(self, app, watcher):
        super().__init__(app)
        self.watcher = watcher
        self.log = LogPanel(lambda: self.app.tr)
        self._chat = 0                 # chat lines of the watcher written in the log
        self._clock = None             # (seconds left as told, app time then, running)
        self._seen = -1                # the spectates taken when the screen last looked
        self.geos: tuple = ()
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.leave_rect = pygame.Rect(0, 0, 0, 0)

    # -- what the server says ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        w = self.watcher
        w.poll()
        for e in w.take_events():
            self._said(e)
        for seat, kind, words in w.chat[self._chat:]:
            said = Phrase(f"phrase.{words}") if kind == "phrase" else words
            if seat in (0, 1):
                self.log.append((Join(w.name_of(seat), said, sep=": "),
                                 theme.PLAYER_COLOURS[seat]))
        self._chat = len(w.chat)
        if w.spectates != self._seen:
            self._seen = w.spectates
            self._clock = told_clock(w.state, self.app.time)
        self.layout()
        self.log.place(self.log_rect, self._log_px())

    def clock_left(self) -> float | None:
        return clock_left(self._clock, self.app.time)

    # -- the log's words ------------------------------------------------------------------------
    def _cell(self, cell) -> str:
        return f"{self.letters.letter(cell[0])}{cell[1] + 1}"

    def _log(self, player: int, words) -> None:
        if player in (0, 1):
            self.log.append((Join(self.watcher.name_of(player), words, sep=": "),
                             theme.PLAYER_COLOURS[player]))

    def _said(self, e) -> None:
        """One public event as a line of the log, in the battle screens' own words (the mode's
        ``public_line``)."""
        if isinstance(e, TurnLapsed):
            self._log(e.player, Phrase("log.lapsed_lost" if e.count >= LAPSES_LOSE
                                       else "log.lapsed"))
        elif isinstance(e, GameOver):
            self.log.append((self._result(e.winner), theme.ACCENT))
        elif self.screens is not None and self.screens.public_line is not None:
            line = self.screens.public_line(e, self._cell, self.watcher.name_of, self.letters)
            if line is not None:
                self._log(*line)

    def _result(self, winner):
        if winner is None:
            return Phrase("watch.draw")
        return Phrase("watch.won", name=self.watcher.name_of(winner))

    # -- what the person does: leave ------------------------------------------------------------
    def handle(self, event) -> None:
        if self.log.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.leave_rect.collidepoint(event.pos):
            self.back()

    def back(self) -> None:
        """Esc: leave at once (a spectator has nothing to lose), saying so to the server."""
        self.watcher.close()
        self.app.scenes.pop()

    def exit(self) -> None:
        self.watcher.close()

    # -- layout ----------------------------------------------------------------------------------
    @property
    def screens(self):
        """This room's mode's screens (the registry's entry, through the flow), None before the
        server has said the mode."""
        return self.app.flow.screens_of(self.watcher.mode)

    @property
    def boards(self):
        """How this room's mode shows its game to a spectator (``render.watch.WatchBoards``)."""
        return None if self.screens is None else self.screens.watch

    @property
    def board(self):
        """The public view to show: the watcher's, if it is of this mode's kind (a server that
        sends anything else is shown nothing)."""
        board, boards = self.watcher.board, self.boards
        return board if boards is not None and isinstance(board, boards.kind) else None

    @property
    def dims(self) -> tuple[int, int]:
        board, boards = self.board, self.boards
        if board is not None and boards is not None:
            return boards.size(board)
        return 10, 10

    @property
    def letters(self):
        return board_letters(self.app.settings.letter_set, *self.dims)

    def layout_key(self):
        boards = self.boards
        return (self.size, boards and boards.fields, self.dims, self.app.settings.language)

    def lay_out(self, w: int, h: int, u: float) -> None:
        px = theme.font_px(self.size, 18)
        cols, rows = self.dims
        boards = self.boards
        if boards is not None and boards.fields == 1:     # one board, the log beside it
            m = int(16 * u)
            top = int(70 * u)
            self.board_rect = pygame.Rect(m, top + int(px * 1.4), int(w * 0.58),
                                          h - top - m - int(px * 2.8))
            self.geos = (BoardGeometry.fit(self.board_rect, cols, rows, 48),)
            right = pygame.Rect(self.board_rect.right + m, top, w - self.board_rect.right - 2 * m,
                                h - top - m)
            self.status_rect = pygame.Rect(right.x, right.y, right.w, int(px * 1.3 * 6 + 16))
            self.log_rect = pygame.Rect(right.x, self.status_rect.bottom + m, right.w,
                                        right.bottom - self.status_rect.bottom - m)
        else:                                             # each player's field, side by side
            left, right, self.log_rect, self.status_rect = fields_layout(
                self.size, cols, rows, LOG_H, GAP, LOG_W)
            self.geos = (left, right)
        words = self.tr("watch.esc")
        self.leave_rect = pygame.Rect(0, 0, text.size(words, px)[0] + 16, int(px * 1.5))
        self.leave_rect.bottomright = (self.status_rect.right - 6, self.status_rect.bottom - 6)

    def _log_px(self) -> int:
        return theme.font_px(self.size, 18)

    # -- drawing ---------------------------------------------------------------------------------
    def headline(self) -> tuple[str, tuple]:
        w = self.watcher
        state = w.state
        problem = w.problem()
        if problem is not None:
            return self.tr(problem), theme.BAD
        phase = state.get("phase")
        board = self.board
        if not state:
            return self.tr("online.connecting"), theme.TEXT_DIM
        if phase == "waiting":
            return self.tr("watch.waiting"), theme.TEXT_DIM
        if board is None or phase == "placing":
            return self.tr("watch.placing"), theme.TEXT_DIM
        if board.over:
            return self._result(board.winner).say(self.tr), theme.ACCENT
        turn = state.get("turn")
        turn = turn if turn in (0, 1) else board.turn
        return self.tr("watch.turn", name=w.name_of(turn)), theme.PLAYER_COLOURS[turn]

    def status_lines(self) -> list:
        w, tr = self.watcher, self.tr
        state = w.state
        lines = [(tr("watch.title", room=w.room), theme.TEXT)]
        series = state.get("series") or {}
        score, best = series.get("score"), series.get("best_of")
        if (isinstance(score, list) and len(score) == 2 and isinstance(best, int)
                and (best > 1 or any(score))):
            lines.append((tr("watch.score", a=score[0], b=score[1]), theme.TEXT))
        left = self.clock_left()
        if left is not None:
            seconds = int(left + 0.999)
            lines.append((tr("online.clock_left", time=f"{seconds // 60}:{seconds % 60:02d}"),
                          theme.BAD if seconds <= 5 else theme.TEXT))
        for seat, s in enumerate(state.get("seats") or ()):
            if isinstance(s, dict) and not s.get("here"):
                lines.append((tr("watch.away", name=w.name_of(seat)), theme.BAD))
        for owner, side in enumerate(getattr(self.board, "sides", ())):
            stock = getattr(side, "stock", None)
            if stock:         # §A: both sides always see both stocks as they stand
                said = " · ".join(f"{tr('arsenal.' + k)} {n}" for k, n in stock.items())
                lines.append((f"{w.name_of(owner)}: {said}", theme.PLAYER_COLOURS[owner]))
        lines.append((tr("watch.watching", n=w.watchers), theme.TEXT_DIM))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        w = self.watcher
        board = self.board
        u = theme.unit(self.size)
        words, colour = self.headline()
        draw_header(surface, self.size, words, colour, 32, 34)
        px = theme.font_px(self.size, 22)
        boards = self.boards
        if board is not None and boards is not None and len(self.geos) == boards.fields == 1:
            geo = self.geos[0]            # one board: player 1 over it, player 0 under it
            boards.draw(surface, geo, board, None, self.letters, self.t, self.tr)
            outer = geo.outer
            paint.name_over(surface, outer, w.name_of(1), theme.PLAYER_COLOURS[1], px,
                            outer.top - int(px * 0.7))
            paint.name_over(surface, outer, w.name_of(0), theme.PLAYER_COLOURS[0], px,
                            outer.bottom + int(px * 0.8))
        elif board is not None and boards is not None and len(self.geos) == boards.fields:
            for owner, geo in enumerate(self.geos):
                boards.draw(surface, geo, board, owner, self.letters, self.t + 1.3 * owner,
                            self.tr)
                paint.name_over(surface, geo.outer, w.name_of(owner),
                                theme.PLAYER_COLOURS[owner], px, int(geo.outer.top - 14 * u))
        self.log.draw(surface, self.log_rect, self._log_px(), fit=True)
        paint.status(surface, self.status_rect, self.status_lines(), theme.font_px(self.size, 18))
        small = theme.font_px(self.size, 18)
        text.draw(surface, self.tr("watch.esc"), self.leave_rect.center, small, theme.TEXT_DIM,
                  "center")
