"""The "Кораблики" battle (RULES.md §K): pieces as small ships, bows toward the enemy.

Own ranks are written on the hulls; enemy pieces are blank until revealed (then a badge keeps
their rank). A turn: pick a piece (its legal moves light up), move it; then optionally act:
pick a combat ship and an enemy beside it to ask "ЧТО ЭТО?" (B chooses the block it asks
with), a torpedo and its target, or the atomic bomb (X); or end the turn (Enter). When the
enemy asks one of your ships that could answer as a block, you choose the answer (understating
is allowed). The board is turned so the viewer's zone is at the bottom; in a two-person game the
curtain falls before each turn and before the other's answer.

As every battle scene here, this one passes actions to the rules and plays back the events they
return: what the board shows (``self.display``) changes on the animation's cues, and is set
from the viewer's table whenever nothing is playing (and as the curtain hands the screen over).
"""

from __future__ import annotations

import random

import pygame

from ...ai.opponents import BOSS_VOICES
from ...i18n.phrase import Phrase
from ...rules import korabliki as kr
from ...render import theme
from ...render.korabliki import (board_rect, cell_at, draw_cell_tint, draw_cursor, draw_pieces,
                                draw_scorch, draw_scorched, draw_sea_board, fit_geometry,
                                to_screen)
from ...render.korabliki_moment import draw_moment
from ...render.strike import Strike
from ...render.widgets import Button
from ..common.base import ARROWS
from ..common.dialogs import ConfirmScene
from ..common.battle_base import BattleBase
from .show import BlastShow, EventShow, Ghost, Shown, scorched_zones
from .turn import TurnWords
from ...match import HUMAN



def step_board(cell, key: int, flip: bool):
    """Arrow keys move the cursor as the board is drawn (turned for player 1)."""
    dx, dy = ARROWS[key]
    if flip:
        dx, dy = -dx, -dy
    return (max(0, min(kr.WIDTH - 1, cell[0] + dx)), max(0, min(kr.HEIGHT - 1, cell[1] + dy)))


class KorablikiBattleScene(TurnWords, EventShow, BattleBase):
    AI_THINK = 0.35
    HEADER = (28, 30)
    LOG = (16, True, 8)
    LIMITS_WIDTH = 0.58     # the limits line under the header, over the board

    def __init__(self, app, match, game: kr.KorablikiGame, keep_record: bool = True):
        super().__init__(app, match, game, kr.WIDTH, kr.HEIGHT, keep_record)
        self.ghosts: list[Ghost] = []
        self.blasts: list[BlastShow] = []
        self.strike = Strike(random.Random(match.seed ^ 0x57))
        self.scorched: list = []
        self.card_moments: list = []      # an asking, a reveal (render.korabliki_moment)
        self.asking = None                # the last «ЧТО ЭТО?» played here (its block)
        self.tally = None                 # what the viewer knows of both fleets, as shown
        self.step_shown = kr.MOVE         # the step of the turn shown (STEPS)
        self.again_shown = self.table.again   # that turn is one more after a won asking (K-e)
        self.display: dict = {}
        self.cursor = self.first_aim(self.viewer)
        self.selected = None
        self.block_index = 0
        self.end_button = Button(lambda: self.tr("kor.end_turn"), self.end_turn,
                                 lambda: self.human_to_act, hotkey="Enter")
        self.bomb_button = Button(lambda: self.tr("kor.bomb"), self.ask_bomb,
                                  lambda: self.human_to_act and self._has_bomb(), hotkey="X")
        self.answer_buttons: list[Button] = []
        self._answers_for = None          # (history length, target) the answers were made for
        self._begin()

    # -- state --------------------------------------------------------------------------------
    @property
    def flip(self) -> bool:
        return self.viewer == 1

    def _sync(self) -> None:
        t = self.table
        self.display = {c: Shown(p.owner, p.rank, p.revealed) for c, p in t.pieces.items()}
        self.scorched = scorched_zones(t.history)  # online: blasts missed while away too
        self._count()
        self.step_shown = kr.MOVE if t.phase == kr.MOVE else kr.ACT

    @property
    def human_to_move(self) -> bool:
        return self._free_to_act and self.table.phase == kr.MOVE

    @property
    def human_to_act(self) -> bool:
        return self._free_to_act and self.table.phase == kr.ACT

    @property
    def human_answering(self) -> bool:
        return self._free_to_act and self.table.phase == kr.ANSWER

    def _has_bomb(self) -> bool:
        return any(p.rank == kr.BOMB for p in self.table.own(self.table.turn))

    # -- layout -------------------------------------------------------------------------------
    def lay_out(self, w: int, h: int, u: float) -> None:
        """The board on the left, the panel (more than half the height: the turn's steps and
        what both sides know) and the log on the right."""
        m = int(14 * u)
        top = int(64 * u)
        # the board as big as the height allows, up to two thirds of the width (on a small
        # window the width decides: the pieces' labels must stay readable)
        high = h - top - m
        cell = min(high / (kr.HEIGHT + 0.9), (w * 0.68 - m) / (kr.WIDTH + 0.9), 48)
        self.geo = fit_geometry(pygame.Rect(m, top, int(cell * (kr.WIDTH + 0.9)) + 1, high))
        self.effects.scale = self.geo.cell / 40
        right = self.geo.outer.right + m
        self.panel_rect = pygame.Rect(right, top, w - right - m, int((h - top - m) * 0.56))
        self.log_rect = pygame.Rect(right, self.panel_rect.bottom + m // 2, self.panel_rect.w,
                                    h - self.panel_rect.bottom - m // 2 - m)

    def first_aim(self, player: int):
        """By the player's own ships, at his end of the board."""
        return (7, 11) if player == 0 else (8, 3)

    def aim_zones(self) -> list:
        self.layout()
        return [self.geo.outer]

    def boss_rect(self):
        """The boss's bar over the panel, beside the header."""
        r, h = self.panel_rect, int(theme.font_px(self.size, 20) * 1.3)
        return pygame.Rect(r.x, max(4, r.y - h - int(12 * theme.unit(self.size))), r.w, h)

    def centre(self, cell) -> tuple:
        self.layout()
        return board_rect(self.geo, cell, self.flip).center

    # -- the human's turn ---------------------------------------------------------------------
    def click(self, cell) -> None:
        """A click (or Space) on a board cell."""
        t = self.table
        if self.human_answering:
            for i, option in enumerate(t.answer_options(t.pending.target)):
                if cell in option:
                    self.block_index = i
            return
        if not (self.human_to_move or self.human_to_act):
            return
        me = t.turn
        piece = t.pieces.get(cell)
        if piece is not None and piece.owner == me:
            if self.selected == cell:
                self.selected = None
            else:
                self.selected = cell
                self.block_index = 0
            self.app.sound("click")
            return
        if t.phase == kr.MOVE and piece is not None:
            # an enemy piece in the move step is an asking: the rules say it comes after a
            # move, even in the turn a won asking gave (K-e)
            self.attempt(kr.Ask(self.selected or cell, cell))
            return
        if self.selected is None:
            if piece is not None:
                self.refuse(self.tr("kor.pick_own"))
            return
        if t.phase == kr.MOVE:
            self.attempt(kr.Move(self.selected, cell))
            return
        mine = t.pieces.get(self.selected)
        if piece is None or mine is None:
            self.refuse(self.tr("kor.pick_target"))
            return
        if mine.rank == kr.TOR:
            self.attempt(kr.TorpedoStrike(self.selected, cell))
        else:
            block = self.block_choices()[self.block_index % len(self.block_choices())]
            self.attempt(kr.Ask(self.selected, cell, block if len(block) > 1 else ()))

    def block_choices(self) -> list:
        t = self.table
        p = t.pieces.get(self.selected) if self.selected else None
        if p is None or p.rank not in kr.COMBAT:
            return [()]
        return t.blocks_with(p)

    def next_block(self) -> None:
        if self.human_answering:
            n = len(self.table.answer_options(self.table.pending.target))
            self.block_index = (self.block_index + 1) % n
        else:
            self.block_index = (self.block_index + 1) % max(1, len(self.block_choices()))
        self.app.sound("click")

    def end_turn(self) -> None:
        if self.human_to_act or (self.human_to_move and not self.table.has_move()):
            self.attempt(kr.EndTurn())

    def ask_bomb(self) -> None:
        if not (self.human_to_act and self._has_bomb()):
            return
        self.app.scenes.push(ConfirmScene(self.app, self.tr("kor.bomb_confirm"),
                                          lambda: self.attempt(kr.Bomb())))

    def choose_answer(self, index: int, give_if_chosen: bool = False) -> None:
        """1–3 or a click on an answer chooses it; Enter gives it, and so does a click on the
        answer already chosen (``give_if_chosen``)."""
        if not self.human_answering:
            return
        n = len(self.table.answer_options(self.table.pending.target))
        if not 0 <= index < n:
            return
        if give_if_chosen and self.block_index % n == index:
            self.answer(index)
            return
        self.block_index = index
        self.app.sound("click")

    def answer(self, index: int | None = None) -> None:
        if not self.human_answering:
            return
        options = self.table.answer_options(self.table.pending.target)
        i = self.block_index if index is None else index
        if 0 <= i < len(options):
            self.attempt(kr.Answer(options[i]))

    # -- playing events -----------------------------------------------------------------------
    def play(self, action) -> None:
        player = self.table.turn
        if isinstance(action, kr.Ask):
            self.asking = action
        elif isinstance(action, kr.EndTurn):
            self.step_shown = "end"
        events = self._act(action)
        self.match.progressed(self.game)
        self._applied(events)
        if isinstance(action, kr.Move):
            self.block_index = 0
        else:
            self.selected = None
            self.block_index = 0
        if isinstance(action, kr.Move) and self._mine(player):
            self.selected = action.to    # the moved piece stays picked for the act
        if not self._hand_over_first(action, player, events):
            self.show(events)

    def _hand_over_first(self, action, player: int, events) -> bool:
        """Two people on one screen: after an asking act the screen goes to the asked side
        before anything answers it, whether or not he may answer with a block, so the asker
        learns nothing of the hidden ranks from the curtain or from what he saw before it
        (§K). He reads the outcome in the log, and sees it if his turn comes again."""
        other = 1 - player
        if (not self.match.hot_seat or not isinstance(action, kr.Ask) or self.table.over
                or self.seat(other).kind != HUMAN):
            return False
        return self._hand_over(other, self.tables[other].events, 0.5)   # as he hears them

    def _queue(self, events) -> None:
        at = 0.0
        for e in events:
            if isinstance(e, kr.Moved):
                at = self._show_move(e, at)
            elif isinstance(e, kr.AnswerNeeded):
                at = self._ask_answer(e, at)
            elif isinstance(e, kr.Asked):
                at = self._show_asked(e, at)
            elif isinstance(e, kr.Struck):
                at = self._show_struck(e, at)
            elif isinstance(e, kr.Blast):
                at = self._show_blast(e, at)
            elif isinstance(e, kr.TurnChanged):
                self.timeline.add(at + 0.1, lambda s, e=e: self._turn_changed(e.player, e.again))
                at += 0.1
            elif isinstance(e, kr.GameOver):
                self.timeline.add(at + 0.3, lambda s, e=e: self._log_end(e))
                self.timeline.add(at + 1.8, lambda s: self.end())
        self.timeline.add(at + 0.05, lambda s: self._sync())

    def _turn_changed(self, player: int, again: bool = False) -> None:
        if again:
            self._log(player, Phrase("kor.log.again"))
        self.again_shown = again
        self.step_shown = kr.MOVE if self.table.phase == kr.MOVE else kr.ACT
        super()._turn_changed(player)

    def _handed_over(self, player: int, follows: bool = False) -> None:
        """The board as ``player`` may see it, from his table: his ranks, the enemy's he has
        turned up. With the last action's events still to play (the asked side handed the
        screen, ``follows``), the board as it stood before them, as he knew it. With cues
        still playing (a draw offered mid-turn), each piece stays where the cues have it, its
        rank as he may know it; the last cue sets the board anew."""
        self.selected = None
        if follows:
            self.display = {c: Shown(p.owner, p.rank, p.revealed)
                            for c, p in self.table.pieces_before.items()}
            return
        if not self.timeline.busy:
            self._sync()
            return
        pieces = self.table.pieces
        for cell, shown in self.display.items():
            piece = pieces.get(cell)
            if piece is not None and piece.owner == shown.owner:
                shown.rank, shown.revealed = piece.rank, piece.revealed
            elif shown.owner != player and not shown.revealed:
                shown.rank = None         # the other's, moved on: not his to know

    def _log_end(self, e: kr.GameOver) -> None:
        if e.winner is None:
            self.log.append((Phrase(f"kor.draw.{e.reason.replace('-', '_')}"), theme.ACCENT))
        else:
            self.log.append((Phrase("gameover.wins", name=self.seat(e.winner)), theme.ACCENT))
        self._last_words(e)

    def _remark(self, player: int, trigger: str) -> None:
        """The information war: a computer admiral talks of what both sides saw, and bluffs
        from a fixed list chosen by the dice alone (never from its own fleet); a boss (issue
        22) has lines of its own, ``remark.<voice>.*``, as in the other modes."""
        seat = self.seat(player)
        if not seat.opponent:
            return
        if seat.opponent in BOSS_VOICES:    # a campaign boss speaks in its own voice
            super()._remark(player, trigger)
            return
        rng = self.remark_rng
        if trigger in ("start", "we_win", "we_lose") or rng.random() < 0.3:
            key = f"kor.remark.{trigger}.{rng.randrange(3)}"
            if self.app.tr.has(key):
                self.log.append((Phrase("battle.remark", name=seat, text=Phrase(key)),
                                 theme.TEXT_DIM))

    # -- input --------------------------------------------------------------------------------
    def skip(self) -> None:
        super().skip()
        self.ghosts.clear()
        self.blasts.clear()
        self.card_moments.clear()
        self.strike.clear()

    def _cancel(self) -> bool:
        if self.selected is None:
            return False
        self.selected = None
        return True

    def handle_input(self, event) -> None:
        if self.human_answering:
            for b in self.answer_buttons:
                if b.handle(event):
                    return
        for b in (self.end_button, self.bomb_button):
            if b.handle(event):
                return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            cell = cell_at(self.geo, event.pos, self.flip)
            if cell is not None:
                self.cursor = cell
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    self.click(cell)
                elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
                    self.selected = None
            return
        if event.type == pygame.MOUSEWHEEL:
            self.next_block()
            return
        if event.type == pygame.TEXTINPUT and self.human_answering and event.text in ("1", "2", "3"):
            self.choose_answer(int(event.text) - 1)
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in ARROWS:
            self.cursor = step_board(self.cursor, event.key, self.flip)
        elif event.key == pygame.K_SPACE:
            self.click(self.cursor)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.human_answering:
                self.answer()
            elif self.human_to_act:      # the button says "End turn [Enter]": so it is
                self.end_turn()
            else:
                self.click(self.cursor)
        elif event.key == pygame.K_TAB:
            if self.human_answering or self.selected is not None:
                self.next_block()
            else:
                self._next_piece()
        elif event.key == pygame.K_x:
            self.ask_bomb()
        elif event.key == pygame.K_e:
            self.end_turn()

    # a controller: A is Space (pick a piece, a cell), X Enter (end the turn, answer), Y and
    # the shoulders Tab (the next piece, block or answer), Back the bomb (X's key)
    PAD = {**BattleBase.PAD, "a": pygame.K_SPACE, "x": pygame.K_RETURN, "y": pygame.K_TAB,
           "lb": pygame.K_TAB, "rb": pygame.K_TAB, "back": pygame.K_x}

    def _next_piece(self) -> None:
        """Tab with nothing picked: the cursor jumps to the next own piece that can move."""
        t = self.table
        if not (self.human_to_move or self.human_to_act):
            return
        movers = sorted({m.frm for m in t.legal_moves()}) if t.phase == kr.MOVE else \
            sorted({c for c, p in t.pieces.items() if p.owner == t.turn
                    and any(n in t.pieces and t.pieces[n].owner != t.turn
                            for n in kr.side_neighbours(c))})
        if not movers:
            return
        after = [c for c in movers if c > self.cursor]
        self.cursor = after[0] if after else movers[0]

    # -- time ---------------------------------------------------------------------------------
    def animate(self, dt: float, speed: float) -> None:
        for gh in self.ghosts:
            gh.t += dt * speed
        self.ghosts = [gh for gh in self.ghosts if gh.t < gh.span]
        for b in self.blasts:
            b.t += dt * speed
        self.blasts = [b for b in self.blasts if b.t < b.span]
        for m in self.card_moments:
            m.update(dt * speed)
        self.card_moments = [m for m in self.card_moments if not m.done]
        self.strike.update(dt * speed)

    # -- drawing ------------------------------------------------------------------------------
    def draw_battle(self, surface: pygame.Surface, offset) -> None:
        geo = self.geo
        ox, oy = offset
        if ox or oy:
            geo = geo.moved(ox, oy)
        flip = self.flip
        draw_sea_board(surface, geo, self.letters, self.t, flip)
        draw_scorched(surface, geo, self.scorched, flip)
        draw_scorch(surface, geo, self.blasts, flip)
        for c, rgba in self._hints():
            draw_cell_tint(surface, geo, to_screen(c, flip), rgba)
        raised = set().union(*(m.hidden() for m in self.card_moments))
        draw_pieces(surface, geo, self.display, self.ghosts, self.viewer, self.selected,
                    self.table.over and not self.busy, self.tr, (ox, oy),
                    self.livery_of(self.viewer), hide=raised)
        if self.human_to_move or self.human_to_act or self.human_answering:
            draw_cursor(surface, geo, to_screen(self.cursor, flip))
        self.effects.draw(surface, (ox, oy))
        self.strike.draw(surface, (ox, oy))
        for m in self.card_moments:
            draw_moment(surface, m, (ox, oy))
        self._draw_header(surface, self.geo.grid.centerx)
        self._draw_panel(surface)
        self._draw_log(surface)

    def _hints(self) -> list:
        """Cells to light: the legal moves of the picked piece, the enemies it may ask or
        strike, the block it asks with; the blocks the asked side may answer with."""
        t = self.table
        out = []
        if self.human_answering:
            options = t.answer_options(t.pending.target)
            for c in options[self.block_index % len(options)]:
                out.append((c, (*theme.ACCENT, 110)))
            out.append((t.pending.ship, (*theme.BAD, 110)))
            return out
        if self.selected is None or self.selected not in t.pieces:
            return out
        if self.human_to_move:
            for m in t.moves_of(t.pieces[self.selected]):
                out.append((m.to, (*theme.GOOD, 80)))
        elif self.human_to_act:
            me = t.turn
            p = t.pieces[self.selected]
            if p.rank in kr.COMBAT or p.rank == kr.TOR:
                for n in kr.side_neighbours(self.selected):
                    q = t.pieces.get(n)
                    if q is not None and q.owner != me:
                        out.append((n, (*theme.BAD, 110)))
            if p.rank in kr.COMBAT:
                block = self.block_choices()[self.block_index % len(self.block_choices())]
                for c in block:
                    out.append((c, (*theme.ACCENT, 80)))
        return out

    # -- the frames bench --------------------------------------------------------------------
    SHOWS_BUSY = True

    def stage(self) -> None:
        """§K: the first player moves, and sets off his atomic bomb at once (a full board of
        104 pieces under the blast)."""
        if self.table.phase == kr.MOVE:
            mover = self.tables[self.table.turn]
            mover.apply(mover.legal_actions()[0])
        self._sync()
        self.play(kr.Bomb())
        game = self.game          # the staged battle's own game: what the bench counts
        self.pieces_at_blast = len(game.pieces) + sum(len(x) for x in game.lost)

    def showcase_over(self) -> bool:
        return super().showcase_over() or (self.t > 1.0 and not self.blasts)

    @property
    def in_flight(self) -> bool:
        return bool(self.effects.shells or self.blasts or self.strike.flying)

    @classmethod
    def showcase_stats(cls, battles: list) -> dict:
        return {"blasts": len(battles),
                "pieces_at_blast": min(b.pieces_at_blast for b in battles)}
