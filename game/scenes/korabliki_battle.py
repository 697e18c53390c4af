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
from the game itself whenever nothing is playing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pygame

from ..i18n import describe
from ..i18n.phrase import Join, Phrase, Said
from ..rules import korabliki as kr
from ..rules.coords import board_letters
from ..rules.errors import RuleError
from ..render import text, theme
from ..render.effects import Effects, Ring, Timeline
from ..render.korabliki import (board_rect, cell_at, draw_cell_tint, draw_cursor, draw_piece,
                                draw_piece_at, draw_sea_board, fit_geometry, rank_label,
                                rank_name, to_screen, viewer_colours)
from ..render.logpanel import LogPanel
from ..render.widgets import Button, panel
from .records import RecordKeeper
from .base import ARROWS, Scene, through_animation
from ..match import COMPUTER, HUMAN

BLAST_LINE = 4     # pieces a blast turns up, named per line of the log

AI_THINK = 0.35
SLIDE = 0.22


@dataclass
class Shown:
    """A piece as the board shows it now."""

    owner: int
    rank: str
    revealed: bool


@dataclass
class Ghost:
    """A piece leaving the board (sinking), or one sliding to its new cell."""

    owner: int
    rank: str
    revealed: bool
    start: tuple          # pixel centres
    end: tuple
    t: float
    span: float
    sinking: bool


@dataclass
class BlastShow:
    centre: kr.Cell
    zone: tuple
    t: float = 0.0
    span: float = 4.0


def step_board(cell, key: int, flip: bool):
    """Arrow keys move the cursor as the board is drawn (turned for player 1)."""
    dx, dy = ARROWS[key]
    if flip:
        dx, dy = -dx, -dy
    return (max(0, min(kr.WIDTH - 1, cell[0] + dx)), max(0, min(kr.HEIGHT - 1, cell[1] + dy)))


class KorablikiBattleScene(RecordKeeper, Scene):
    def __init__(self, app, match, game: kr.KorablikiGame, keep_record: bool = True):
        super().__init__(app)
        self.match = match
        self.game = game
        self.keep_record = keep_record
        self.letters = board_letters(match.letters, kr.WIDTH, kr.HEIGHT)
        self.ais = match.korabliki_ais()
        humans = match.humans
        self.viewer = game.turn if match.hot_seat else (humans[0] if humans else 0)
        self.timeline = Timeline()
        self.effects = Effects(random.Random(match.seed ^ 0x5EA))
        self.ghosts: list[Ghost] = []
        self.blasts: list[BlastShow] = []
        self.display: dict = {}
        self.cursor = (7, 11) if self.viewer == 0 else (8, 3)
        self.selected = None
        self.block_index = 0
        self.message = ""
        self.message_time = 0.0
        self.log = LogPanel(lambda: self.app.tr)   # the whole game, said in today's language
        self.elapsed = 0.0
        self.finished = False
        self.record_path: Path | None = None
        self._saved_moves = -1
        self.remark_rng = random.Random(match.seed ^ 0x7E3A)
        self.ai_rng = random.Random(match.seed ^ 0xD1CE)
        self.end_button = Button(lambda: self.tr("kor.end_turn"), self.end_turn,
                                 lambda: self.human_to_act, hotkey="Enter")
        self.bomb_button = Button(lambda: self.tr("kor.bomb"), self.ask_bomb,
                                  lambda: self.human_to_act and self._has_bomb(), hotkey="X")
        self.answer_buttons: list[Button] = []
        self._layout_size = None
        self.turn_shown = game.turn   # whose turn the screen shows: moves with the cues
        self.over_shown = game.over
        self._sync()
        if not game.history:
            for p in self.ais:
                self._remark(p, "start")

    # -- state --------------------------------------------------------------------------------
    @property
    def flip(self) -> bool:
        return self.viewer == 1

    def _sync(self) -> None:
        self.display = {c: Shown(p.owner, p.rank, p.revealed) for c, p in self.game.pieces.items()}

    def seat(self, player: int):
        return self.match.seats[player]

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    def _mine(self, player: int) -> bool:
        """Does the person at the screen play ``player`` now?"""
        return self.seat(player).kind == HUMAN and player == self.viewer

    @property
    def human_to_move(self) -> bool:
        g = self.game
        return (not g.over and not self.busy and g.phase == kr.MOVE and self._mine(g.turn))

    @property
    def human_to_act(self) -> bool:
        g = self.game
        return (not g.over and not self.busy and g.phase == kr.ACT and self._mine(g.turn))

    @property
    def human_answering(self) -> bool:
        g = self.game
        return (not g.over and not self.busy and g.phase == kr.ANSWER and self._mine(g.turn))

    @property
    def waiting_for_viewer(self) -> bool:
        """The rules wait for the person at the screen, though the screen may still show what
        led there: a click then finishes the animation and acts."""
        g = self.game
        return not g.over and self._mine(g.turn)

    def _has_bomb(self) -> bool:
        return any(p.rank == kr.BOMB for p in self.game.own(self.game.turn))

    # -- layout -------------------------------------------------------------------------------
    def _layout(self) -> None:
        if self._layout_size == self.size:
            return
        self._layout_size = self.size
        w, h = self.size
        u = theme.unit(self.size)
        m = int(14 * u)
        top = int(64 * u)
        board_w = int(w * 0.62)
        self.geo = fit_geometry(pygame.Rect(m, top, board_w - m, h - top - m))
        self.effects.scale = self.geo.cell / 40
        right = self.geo.outer.right + m
        self.panel_rect = pygame.Rect(right, top, w - right - m, int((h - top - m) * 0.5))
        self.log_rect = pygame.Rect(right, self.panel_rect.bottom + m // 2, self.panel_rect.w,
                                    h - self.panel_rect.bottom - m // 2 - m)

    def centre(self, cell) -> tuple:
        self._layout()
        return board_rect(self.geo, cell, self.flip).center

    # -- the human's turn ---------------------------------------------------------------------
    def click(self, cell) -> None:
        """A click (or Space) on a board cell."""
        g = self.game
        if self.human_answering:
            for i, option in enumerate(g.answer_options(g.pending.target)):
                if cell in option:
                    self.block_index = i
            return
        if not (self.human_to_move or self.human_to_act):
            return
        me = g.turn
        piece = g.pieces.get(cell)
        if piece is not None and piece.owner == me:
            if self.selected == cell:
                self.selected = None
            else:
                self.selected = cell
                self.block_index = 0
            self.app.sound("click")
            return
        if self.selected is None:
            if piece is not None:
                self.refuse(self.tr("kor.pick_own"))
            return
        if g.phase == kr.MOVE:
            self.attempt(kr.Move(self.selected, cell))
            return
        mine = g.pieces.get(self.selected)
        if piece is None or mine is None:
            self.refuse(self.tr("kor.pick_target"))
            return
        if mine.rank == kr.TOR:
            self.attempt(kr.TorpedoStrike(self.selected, cell))
        else:
            block = self.block_choices()[self.block_index % len(self.block_choices())]
            self.attempt(kr.Ask(self.selected, cell, block if len(block) > 1 else ()))

    def block_choices(self) -> list:
        g = self.game
        p = g.pieces.get(self.selected) if self.selected else None
        if p is None or p.rank not in kr.COMBAT:
            return [()]
        return g.blocks_with(p)

    def next_block(self) -> None:
        if self.human_answering:
            n = len(self.game.answer_options(self.game.pending.target))
            self.block_index = (self.block_index + 1) % n
        else:
            self.block_index = (self.block_index + 1) % max(1, len(self.block_choices()))
        self.app.sound("click")

    def end_turn(self) -> None:
        if self.human_to_act or (self.human_to_move and not self.game.has_move()):
            self.attempt(kr.EndTurn())

    def ask_bomb(self) -> None:
        if not (self.human_to_act and self._has_bomb()):
            return
        from .dialogs import ConfirmScene
        self.app.scenes.push(ConfirmScene(self.app, self.tr("kor.bomb_confirm"),
                                          lambda: self.attempt(kr.Bomb())))

    def choose_answer(self, index: int, give_if_chosen: bool = False) -> None:
        """1–3 or a click on an answer chooses it; Enter gives it, and so does a click on the
        answer already chosen (``give_if_chosen``)."""
        if not self.human_answering:
            return
        n = len(self.game.answer_options(self.game.pending.target))
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
        options = self.game.answer_options(self.game.pending.target)
        i = self.block_index if index is None else index
        if 0 <= i < len(options):
            self.attempt(kr.Answer(options[i]))

    def attempt(self, action) -> bool:
        try:
            self.game.check(action)
        except RuleError as exc:
            self.refuse(describe(exc, self.tr, self.letters))
            return False
        self.message = ""
        self.play(action)
        return True

    def refuse(self, message: str) -> None:
        self.message = message
        self.message_time = 4.0
        self.app.sound("refuse")

    # -- playing events -----------------------------------------------------------------------
    def play(self, action) -> None:
        player = self.game.turn
        events = self.game.apply(action)
        self.match.progressed(self.game)
        if isinstance(action, kr.Move):
            self.block_index = 0
        else:
            self.selected = None
            self.block_index = 0
        if isinstance(action, kr.Move) and self._mine(player):
            self.selected = action.to    # the moved piece stays picked for the act
        if not self._hand_over_first(action, player, events):
            self._queue(events)

    def _hand_over_first(self, action, player: int, events) -> bool:
        """Two people on one screen: after an asking act the screen goes to the asked side
        before anything answers it, whether or not he may answer with a block, so the asker
        learns nothing of the hidden ranks from the curtain or from what he saw before it
        (§K). He reads the outcome in the log, and sees it if his turn comes again."""
        g = self.game
        other = 1 - player
        if (not self.match.hot_seat or not isinstance(action, kr.Ask) or g.over
                or self.seat(other).kind != HUMAN):
            return False
        self._sound("launch", False, 0.5)
        self.timeline.add(0.3, lambda s: self._curtain(
            other, self.tr("curtain.turn", name=self._name(other)),
            then=lambda: self._queue(events)))
        return True

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
                self.timeline.add(at + 0.1, lambda s, e=e: self._turn_changed(e))
                at += 0.1
            elif isinstance(e, kr.GameOver):
                self.timeline.add(at + 0.3, lambda s, e=e: self._log_end(e))
                self.timeline.add(at + 1.8, lambda s: self._game_over())
        self.timeline.add(at + 0.05, lambda s: self._sync())

    def _cell(self, cell) -> str:
        return f"{self.letters.letter(cell[0])}{cell[1] + 1}"

    def _name(self, player: int) -> str:
        return self.seat(player).name

    def _rank_words(self, rank: str, n: int = 1, tr=None) -> str:
        label = rank_label(tr or self.tr, rank)
        return label if n == 1 else f"{n} {label}"

    def _sound(self, name: str, skipping: bool, volume: float = 1.0) -> None:
        if not skipping:
            self.app.sound(name, volume)

    def _show_move(self, e: kr.Moved, at: float) -> float:
        shown = self.display.get(e.frm)
        if shown is None:
            return at
        path = [e.frm] + ([e.via] if e.via else []) + [e.to]

        def go(skipping):
            piece = self.display.pop(e.frm, None)
            if piece is None or skipping:
                if piece is not None:
                    self.display[e.to] = piece
                return
            for i in range(len(path) - 1):
                self.ghosts.append(Ghost(piece.owner, piece.rank, piece.revealed,
                                         self.centre(path[i]), self.centre(path[i + 1]),
                                         -i * SLIDE, SLIDE, False))
        self.timeline.add(at, go)
        end = at + SLIDE * (len(path) - 1)
        self.timeline.add(end, lambda s: self._land(e.to, shown))
        if e.via:        # a torpedo boat's two steps: the log names the cell it passed
            words = Phrase("kor.log.move_via", frm=self._cell(e.frm), via=self._cell(e.via),
                           to=self._cell(e.to))
        else:
            words = Phrase("kor.log.move", frm=self._cell(e.frm), to=self._cell(e.to))
        self.timeline.add(end, lambda s: self._log(e.player, words))
        return end + 0.05

    def _land(self, cell, shown: Shown) -> None:
        self.display[cell] = shown

    def _ask_answer(self, e: kr.AnswerNeeded, at: float) -> float:
        """The asked side chooses its answer: the computer at once, a person by the prompt
        (two people on one screen: the hand-over came first, _hand_over_first)."""
        self.block_index = 0
        if self.seat(e.player).kind == COMPUTER:
            def decide(skipping):
                g = self.game
                action = self.ais[e.player].act(g.view(e.player), g.legal_actions())
                self.play(action)
            self.timeline.add(at + AI_THINK, decide)
            return at + AI_THINK
        self.timeline.add(at, lambda s: self._log(
            1 - e.player, Phrase("kor.log.asks", cell=self._cell(e.target))))
        return at

    def _show_asked(self, e: kr.Asked, at: float) -> float:
        asker, target = self.centre(e.ship), self.centre(e.target)
        n = len(e.answered)

        def guns(skipping):
            if skipping:
                return
            self.effects.muzzle(asker)
            self.effects.muzzle(target)
            self.app.sound("launch", 0.6)
            px = max(14, self.geo.cell // 2)
            self.effects.float_text(self._rank_words(e.rank, n), (target[0], target[1] - px), px,
                                    theme.ACCENT, bounds=self.geo.grid)
            for c in e.answered:
                if c in self.display:
                    self.display[c].revealed = True
        words = Phrase(f"kor.log.asked_{e.outcome.replace('-', '_')}",
                       target=self._cell(e.target),
                       rank=Said(lambda tr: self._rank_words(e.rank, n, tr)))
        deed = {"won": "hit", "took-fort": "sink", "swept": "hit"}.get(e.outcome, "miss")

        def told(skipping):            # the outcome in the log as the pieces show it
            self._log(e.player, words)
            for p in self.ais:
                self._remark(p, ("we_" if e.player == p else "they_") + deed)
        self.timeline.add(at, guns)
        self.timeline.add(at + 0.5, lambda s: self._sink(e.removed, s))
        self.timeline.add(at + 0.5, told)
        return at + 1.1

    def _sink(self, removed, skipping: bool) -> None:
        for owner, c in removed:
            piece = self.display.pop(c, None)
            if piece is None:
                continue
            if not skipping:
                pos = self.centre(c)
                self.ghosts.append(Ghost(piece.owner, piece.rank, piece.revealed, pos,
                                         (pos[0], pos[1] + self.geo.cell * 0.4), 0.0, 0.9, True))
                self.effects.explosion(pos, 0.6)
        if removed:
            self._sound("sink", skipping, 0.7)

    def _show_struck(self, e: kr.Struck, at: float) -> float:
        def boom(skipping):
            if not skipping:
                self.effects.explosion(self.centre(e.target), 1.0)
            self._sound("hit", skipping)
            if e.target in self.display:
                self.display[e.target].revealed = True
        words = Phrase(f"kor.log.struck_{e.outcome}", target=self._cell(e.target),
                       rank=Said(lambda tr: self._rank_words(e.rank, 1, tr)))
        self.timeline.add(at, boom)
        self.timeline.add(at + 0.4, lambda s: self._sink(e.removed, s))
        self.timeline.add(at + 0.4, lambda s: self._log(e.player, words))
        return at + 0.9

    def _show_blast(self, e: kr.Blast, at: float) -> float:
        """The atomic blast: a white flash and a shock ring, the 5×5 square scorched, every piece
        in it turned face up; the second bomb chaining; then everything turned sinks."""
        first_zone = set(e.zone)

        def flash(centre, zone, skipping):
            if skipping:
                return
            pos = self.centre(centre)
            fx = self.effects
            fx.flash = 1.0
            fx.shake(14, 1.0)
            s = fx.scale
            fx.rings.append(Ring(pos, 6 * s, 520 * s, 0.9, 0.9, (255, 245, 220), 5))
            fx.rings.append(Ring(pos, 4 * s, 260 * s, 1.4, 1.4, (255, 170, 90), 3))
            fx.explosion(pos, 2.2)
            # the mushroom: a rising stem and a rolling cap of smoke and fire
            fx._spray(pos, 26, 60 * s, 2.6, 14 * s, (255, 140, 50), drag=1.6, grow=30 * s,
                      up_bias=150 * s, spread=0.25)
            fx._spray((pos[0], pos[1] - 90 * s), 36, 120 * s, 3.2, 19 * s, (120, 110, 105),
                      drag=1.8, grow=26 * s, additive=False, up_bias=40 * s, spread=1.6,
                      opacity=0.7)
            self.blasts.append(BlastShow(centre, tuple(zone)))
            self.app.sound("sink", 1.0)
            self.app.sound("hit", 1.0)

        def turn_up(cells, skipping):
            shown = []
            for owner, c, rank in e.revealed:
                if c in cells and c in self.display:
                    self.display[c].revealed = True
                if c in cells:
                    shown.append((self._cell(c), rank))
            # the log names the pieces as they are turned up, a few to a line, each line
            # worded in the language of the moment
            for i in range(0, len(shown), BLAST_LINE):
                part = shown[i:i + BLAST_LINE]
                self.log.append((Said(lambda tr, part=part: "   " + ", ".join(
                    f"{cell} {rank_label(tr, rank)}" for cell, rank in part)), theme.TEXT_DIM))

        self.timeline.add(at, lambda s: self._log(
            e.owner, Phrase("kor.log.blast", name=self.seat(e.owner), cell=self._cell(e.centre))))
        self.timeline.add(at, lambda s: flash(e.centre, e.zone, s))
        self.timeline.add(at + 0.35, lambda s: turn_up(first_zone, s))
        end = at + 0.9
        if e.chained is not None:
            chain = set(e.chain_zone) - first_zone
            self.timeline.add(end, lambda s: self._log(
                1 - e.owner, Phrase("kor.log.chain", cell=self._cell(e.chained))))
            self.timeline.add(end, lambda s: flash(e.chained, e.chain_zone, s))
            self.timeline.add(end + 0.35, lambda s: turn_up(chain, s))
            end += 0.9
        removed = tuple((o, c) for o, c, _ in e.revealed)
        self.timeline.add(end + 1.2, lambda s: self._sink(removed, s))
        return end + 2.0

    def _turn_changed(self, e: kr.TurnChanged) -> None:
        self.turn_shown = e.player
        if e.again:
            self._log(e.player, Phrase("kor.log.again"))
        if self.match.hot_seat and not self.game.over and e.player != self.viewer:
            self._curtain(e.player, self.tr("curtain.turn", name=self._name(e.player)))

    def _curtain(self, player: int, message: str, then=None) -> None:
        from .curtain import CurtainScene

        def ready():
            self.app.scenes.pop()
            self.viewer = player
            self.turn_shown = player
            self.selected = None
            self._layout_size = None
            if then is not None:
                then()
        self.app.scenes.push(CurtainScene(self.app, message, ready, on_abandon=self.save_record))

    def _log(self, player: int, words) -> None:
        self.log.append((Join(self.seat(player), words, sep=": "), theme.PLAYER_COLOURS[player]))

    def _log_end(self, e: kr.GameOver) -> None:
        self.over_shown = True
        if e.winner is None:
            self.log.append((Phrase(f"kor.draw.{e.reason.replace('-', '_')}"), theme.ACCENT))
        else:
            self.log.append((Phrase("gameover.wins", name=self.seat(e.winner)), theme.ACCENT))
        for p in self.ais:
            if e.winner is not None:
                self._remark(p, "we_win" if e.winner == p else "we_lose")

    def _remark(self, player: int, trigger: str) -> None:
        """The information war: a computer admiral talks of what both sides saw, and bluffs
        from a fixed list chosen by the dice alone (never from its own fleet)."""
        seat = self.seat(player)
        if not seat.opponent:
            return
        rng = self.remark_rng
        if trigger in ("start", "we_win", "we_lose") or rng.random() < 0.3:
            key = f"kor.remark.{trigger}.{rng.randrange(3)}"
            if self.app.tr.has(key):
                self.log.append((Phrase("battle.remark", name=seat, text=Phrase(key)),
                                 theme.TEXT_DIM))

    def _game_over(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.match.finish(self.game)
        self.save_record()
        from .korabliki_gameover import KorablikiGameOverScene
        self.app.scenes.replace(KorablikiGameOverScene(self.app, self.match, self.game,
                                                       self.elapsed, self.record_path))

    # -- input --------------------------------------------------------------------------------
    def skip(self) -> None:
        self.timeline.skip()
        self.ghosts.clear()
        self.effects.shells.clear()

    def handle(self, event) -> None:
        if self.log.handle(event):     # the log scrolls, even while the shells fly
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.selected = None
                return
            from .dialogs import PauseScene
            self.app.sound("click")
            self.app.scenes.push(PauseScene(self.app, self.save_record_now, self.save_record))
            return
        if not through_animation(self, event):
            return
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

    def _next_piece(self) -> None:
        """Tab with nothing picked: the cursor jumps to the next own piece that can move."""
        g = self.game
        if not (self.human_to_move or self.human_to_act):
            return
        movers = sorted({m.frm for m in g.legal_moves()}) if g.phase == kr.MOVE else \
            sorted({c for c, p in g.pieces.items() if p.owner == g.turn
                    and any(n in g.pieces and g.pieces[n].owner != g.turn
                            for n in kr.side_neighbours(c))})
        if not movers:
            return
        after = [c for c in movers if c > self.cursor]
        self.cursor = after[0] if after else movers[0]

    # -- time ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        speed = self.app.settings.anim_speed
        if not self.game.over:
            self.elapsed += dt
        self.timeline.update(dt * speed)
        self.effects.update(dt * speed)
        for gh in self.ghosts:
            gh.t += dt * speed
        self.ghosts = [gh for gh in self.ghosts if gh.t < gh.span]
        for b in self.blasts:
            b.t += dt * speed
        self.blasts = [b for b in self.blasts if b.t < b.span]
        self.message_time = max(0.0, self.message_time - dt)
        g = self.game
        if not g.over and not self.busy and self.seat(g.turn).kind == COMPUTER:
            self.timeline.add(AI_THINK, self._computer_move)

    def _computer_move(self, skipping: bool) -> None:
        g = self.game
        if g.over or self.seat(g.turn).kind != COMPUTER:
            return
        player = g.turn
        action = self.ais[player].act(g.view(player), g.legal_actions())
        self.play(action)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        geo = self.geo
        ox, oy = self.effects.shake_offset()
        if ox or oy:
            geo = geo.moved(ox, oy)
        flip = self.flip
        own_colour, enemy_colour = viewer_colours(flip)
        draw_sea_board(surface, geo, self.letters, self.t, flip)
        for b in self.blasts:   # the scorched 5×5 square
            k = round(b.t / b.span * 24) / 24      # a few shades: cached tints, not one a frame
            heat = (255, int(200 * (1 - k)), int(80 * (1 - k)), int(150 * (1 - k * 0.6)))
            for c in b.zone:
                draw_cell_tint(surface, geo, to_screen(c, flip), heat)
        g = self.game
        over = g.over and not self.busy
        hints = self._hints()
        for c, rgba in hints:
            draw_cell_tint(surface, geo, to_screen(c, flip), rgba)
        for c, shown in self.display.items():
            own = shown.owner == self.viewer
            rank = shown.rank if (own or shown.revealed or over) else None
            draw_piece(surface, geo, to_screen(c, flip), rank,
                       own_colour if own else enemy_colour, own,
                       revealed_badge=not own and rank is not None, selected=c == self.selected,
                       tr=self.tr, known=own and shown.revealed)
        for gh in self.ghosts:
            if gh.t < 0:
                continue
            k = min(1.0, gh.t / gh.span)
            pos = (gh.start[0] + (gh.end[0] - gh.start[0]) * k + ox,
                   gh.start[1] + (gh.end[1] - gh.start[1]) * k + oy)
            own = gh.owner == self.viewer
            rank = gh.rank if (own or gh.revealed) else None
            size = int(geo.cell * (1 - 0.5 * k)) if gh.sinking else geo.cell
            draw_piece_at(surface, pos, max(6, size), rank, own_colour if own else enemy_colour,
                          own, revealed_badge=not own and rank is not None, dim=gh.sinking,
                          tr=self.tr)
        if self.human_to_move or self.human_to_act or self.human_answering:
            draw_cursor(surface, geo, to_screen(self.cursor, flip))
        self.effects.draw(surface, (ox, oy))
        self._draw_header(surface)
        self._draw_panel(surface)
        self._draw_log(surface)

    def _hints(self) -> list:
        """Cells to light: the legal moves of the picked piece, the enemies it may ask or
        strike, the block it asks with; the blocks the asked side may answer with."""
        g = self.game
        out = []
        if self.human_answering:
            options = g.answer_options(g.pending.target)
            for c in options[self.block_index % len(options)]:
                out.append((c, (255, 196, 64, 110)))
            out.append((g.pending.ship, (240, 80, 70, 110)))
            return out
        if self.selected is None or self.selected not in g.pieces:
            return out
        if self.human_to_move:
            for m in g.moves_of(g.pieces[self.selected]):
                out.append((m.to, (90, 220, 120, 80)))
        elif self.human_to_act:
            me = g.turn
            p = g.pieces[self.selected]
            if p.rank in kr.COMBAT or p.rank == kr.TOR:
                for n in kr.side_neighbours(self.selected):
                    q = g.pieces.get(n)
                    if q is not None and q.owner != me:
                        out.append((n, (240, 80, 70, 110)))
            if p.rank in kr.COMBAT:
                block = self.block_choices()[self.block_index % len(self.block_choices())]
                for c in block:
                    out.append((c, (255, 196, 64, 80)))
        return out

    def _draw_header(self, surface) -> None:
        w = self.size[0]
        px = theme.font_px(self.size, 28)
        y = int(30 * theme.unit(self.size))
        words, colour = self.banner()
        px = text.fit_px(words, px, int(w * 0.96))
        text.draw(surface, words, (self.geo.grid.centerx, y), px, colour, "center", shadow=True)

    def banner(self) -> tuple[str, tuple]:
        """The header's words, from what the screen has shown (see BattleScene.banner)."""
        g = self.game
        if self.over_shown:
            return self.tr("battle.over"), theme.ACCENT
        if self.human_answering:
            return self.tr("kor.answer_title"), theme.ACCENT
        seat = self.seat(self.turn_shown)
        if self.human_to_move or self.human_to_act:
            words = self.tr("kor.your_move" if g.phase == kr.MOVE else "kor.your_act")
            if self.match.hot_seat:
                words = f"{seat.name}: {words}"
            return words, theme.GOOD
        colour = theme.PLAYER_COLOURS[self.turn_shown]
        if seat.kind == COMPUTER and not self.busy:
            return self.tr("battle.enemy_turn", name=seat.name), colour
        return seat.name, colour

    def _draw_panel(self, surface) -> None:
        rect = self.panel_rect
        panel(surface, rect, 200)
        px = theme.font_px(self.size, 17)
        line = int(px * 1.3)
        x, y = rect.x + 10, rect.y + 8
        g = self.game
        v = self.viewer
        rows = []
        for p, key in ((v, "kor.fleet_own"), (1 - v, "kor.fleet_enemy")):
            shown = [s for s in self.display.values() if s.owner == p]   # as animated so far
            shown += [gh for gh in self.ghosts   # a piece on its way to a new cell
                      if gh.owner == p and not gh.sinking and 0 <= gh.t < gh.span]
            forts = sum(1 for s in shown if s.rank == kr.FORT)
            rows.append((self.tr(key, name=self._name(p), n=len(shown), forts=forts),
                         theme.PLAYER_COLOURS[p]))
        rows.append((self.tr("kor.quiet", n=g.quiet, limit=kr.DRAW_QUIET), theme.TEXT_DIM))
        if self.selected is not None and self.selected in g.pieces and \
                g.pieces[self.selected].owner == v:
            p = g.pieces[self.selected]
            words = rank_name(self.tr, p.rank)
            if self.human_to_act and p.rank in kr.COMBAT and len(self.block_choices()) > 1:
                block = self.block_choices()[self.block_index % len(self.block_choices())]
                words += " · " + self.tr("kor.block", n=len(block))
            rows.append((words, theme.ACCENT))
        for words, colour in rows:
            text.draw(surface, words, (x, y), text.fit_px(words, px, rect.w - 20), colour)
            y += line
        bh = int(px * 1.8)
        if self.human_answering:
            options = g.answer_options(g.pending.target)
            rank = g.pieces[g.pending.target].rank
            self.answer_buttons = []
            for i, option in enumerate(options):
                b = Button(lambda o=option: self._rank_words(rank, len(o)) + " " +
                           " ".join(self._cell(c) for c in o),
                           lambda i=i: self.choose_answer(i, True), hotkey=str(i + 1))
                b.rect = pygame.Rect(rect.x + 10, y + i * (bh + 4), rect.w - 20, bh)
                b.draw(surface, px - 1)
                if i == self.block_index % len(options):
                    pygame.draw.rect(surface, theme.GOOD, b.rect, 3, border_radius=8)
                self.answer_buttons.append(b)
            y += len(options) * (bh + 4)
            hint = self.tr("kor.answer_hint")
        else:
            hint = self.tr("kor.hint_move" if g.phase == kr.MOVE else "kor.hint_act")
        gap = 6
        bw = (rect.w - 20 - gap) // 2
        by = rect.bottom - bh - 8
        self.end_button.rect = pygame.Rect(rect.x + 10, by, bw, bh)
        self.bomb_button.rect = pygame.Rect(rect.x + 10 + bw + gap, by, bw, bh)
        if self.human_to_act:
            self.end_button.draw(surface, px)
            self.bomb_button.draw(surface, px)
        room = max(0, (by - 4 - y) // line)
        words, colour = (self.message, theme.BAD) if self.message_time > 0 and self.message \
            else (hint, theme.TEXT_DIM)
        if self.human_to_move or self.human_to_act or self.human_answering or self.message:
            for i, ln in enumerate(text.wrap(words, px - 1, rect.w - 20)[:room]):
                text.draw(surface, ln, (x, y + i * line), px - 1, colour)

    def _draw_log(self, surface) -> None:
        self.log.draw(surface, self.log_rect, theme.font_px(self.size, 16), fit=True,
                      pad=8)

