"""What every battle scene shares (issue 19, part 4): the seats and who sits at the screen, the
timeline and effects, the log and the computers' remarks, refusals, the computer's turn in a
worker thread, the hand-over curtain, the header, the record and the pause.

A scene of a mode passes actions to its rules and plays back the events they return; what it
shows changes on the animation's cues. It reads a seat's table (``game.tables``, issue 34), the
table of the person at the screen (``table``), never the game itself: built on a game, it plays
it here (``LocalFeeder``, a table per seat; two people on one screen see each his own as the
curtain passes the screen); built on a table, the game is elsewhere (online). The finished game
(``game``) is kept, saved and shown at the end. ``BattleBase`` is the frame of that;
``FieldsBattle`` adds the two fields side by side of Classic and Naval (own fleet left, enemy
waters right).
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from ...ai.opponents import remark
from ...i18n import describe
from ...i18n.phrase import Join, Phrase
from ...match import COMPUTER, HUMAN, Match, Seat
from ...render import motion, text, theme
from ...render.battle import draw_header, fields_layout, small_ring
from ...render.board import BoardGeometry, draw_side_mark
from ...render.effects import Effects, Timeline
from ...render.logpanel import LogPanel
from ...render.moments import Moments, banner
from ...rules.coords import board_letters, parse_cell, typed_cell
from ...rules.errors import RuleError
from ...tables.base import LocalFeeder, Table
from .base import ARROWS, Scene, step_cell, through_animation
from .concede import Concessions
from .curtain import CurtainScene
from .records import RecordKeeper
from .voyage_battle import VoyageBattle, liveries


class BattleBase(Concessions, RecordKeeper, Scene):
    demo = False        # Classic's attract mode behind the title menu: silent, no panels
    music = "battle"    # the battle loop and the sea under it (app.music_wanted)
    AI_THINK = 0.45     # the computer's pause before it acts
    HEADER = (32, 34)   # the header's font size and height
    LOG = (19, False, 10)   # the log's font size, whether it fits its lines, its padding
    PAD = {"start": pygame.K_ESCAPE}   # a controller's Start: the pause (Esc's)

    def __init__(self, app, match, game, width: int, height: int, keep_record: bool = True):
        super().__init__(app)
        self.match = match
        if isinstance(game, Table):           # a seat of a game held elsewhere (online)
            self.feeder, self.tables = game.feeder, {game.seat: game}
        else:                                 # the game is played here: a table per seat
            self.feeder = LocalFeeder(game, match.entry.table)
            self.tables = self.feeder.tables
        self.keep_record = keep_record and not self.demo
        self.letters = board_letters(match.letters, width, height)
        self.board_size = (width, height)
        humans = match.humans
        turn = next(iter(self.tables.values())).turn
        self.viewer = turn if match.hot_seat else (humans[0] if humans else 0)
        self.timeline = Timeline()
        self.effects = Effects(random.Random(match.seed ^ 0x5EA))
        self.moments = Moments()      # a kill's big word, slow motion and nudge
        self._aims: dict = {}         # two on one screen: each player's aim, kept for his turn
        self.message = ""
        self.message_time = 0.0
        self.log = LogPanel(lambda: self.app.tr)   # the whole game, said in today's language
        self.elapsed = 0.0
        self.finished = False
        self.remark_rng = random.Random(match.seed ^ 0x7E3A)
        self.ai_rng = random.Random(match.seed ^ 0xD1CE)   # the computers' decisions (Classic's)
        # the computer players by seat (game.ai.player.Player); the worker alone calls them
        self.ais = match.players(decide_rng=self.ai_rng, fresh=True)
        self.record_path: Path | None = None
        self._saved_moves = -1
        self.thinking = None      # the computer's choice being worked out in the worker
        self._then = None         # what takes that choice when it is ready
        self.turn_shown = turn    # whose turn the screen shows: moves with the cues
        self.over_shown = self.table.over
        self.voyage = VoyageBattle(self)   # a campaign battle's hints, limits and boss bar
        self.liveries = liveries(app, match, self.demo)   # the person's paint and flag

    @property
    def table(self):
        """The table of the person at the screen: what the screen shows and checks."""
        return self.tables[self.viewer]

    @property
    def game(self):
        """The game as this screen holds it, for what is done beside and after the play (its
        record, a campaign's save, the game over): the rules' own where it is played here, the
        seat's table where it is played elsewhere."""
        return self.feeder.game if self.feeder.game is not None else self.table

    def livery_of(self, owner: int):
        """The paint and flag ``owner``'s fleet is drawn in (None: the plain grey)."""
        return self.liveries.get(owner)

    replaying = False     # the moves of a resumed battle are being played again (no cues)

    def _begin(self) -> None:
        """Show the game as it stands; the computers greet a new one. A battle resumed (its
        window closed, a campaign's battle saved) plays its moves again first, every cue
        skipped, so its log, marks and wrecks are as they were (issue 33); online the seat's
        table has only its view to show."""
        if self.table.moves and not self.match.online and not self.demo:
            self.replay()
        self._sync()
        if not self.table.moves:
            for p in self.ais:
                self._remark(p, "start")

    def replay(self) -> None:
        """Play ``game``'s moves again on the screen from its start, every cue skipped and
        silent, nothing asked of anyone (no curtain, no computer's turn): the tables hear them
        all again, as they would have."""
        final, kept = self.feeder, self.tables
        data = {k: v for k, v in final.game.to_dict().items() if k not in ("moves", "ended")}
        replayed = LocalFeeder(type(final.game).from_dict(data), self.match.entry.table)
        self.feeder, self.tables = replayed, replayed.tables
        self._sync()
        self.replaying = True
        self.app.audio.hush(True)
        done = False
        try:
            for p in self.ais:
                self._remark(p, "start")
            for _, action, _ in final.game.history:
                self.show(self._act(action))
                self.timeline.skip()
            done = True
        finally:
            self.app.audio.hush(False)
            self.replaying = False
            if done:        # the moves have brought it where the game is: the same game on
                replayed.game = final.game
            else:
                self.feeder, self.tables = final, kept
        self.effects.clear()
        self.moments.clear()
        self.turn_shown, self.over_shown = self.table.turn, self.table.over

    def _act(self, action) -> list:
        """Play ``action`` for the seat the rules wait for, through its table: the events the
        person at the screen is told of it (online none yet: they come with the next state)."""
        self.tables[self.table.turn].apply(action)
        return self.table.events

    def show(self, events) -> None:
        """Queue the cues of ``events`` (what one action caused): the mode's."""

    # -- who acts -----------------------------------------------------------------------------
    def seat(self, player: int):
        return self.match.seats[player]

    def _name(self, player: int) -> str:
        return self.seat(player).name

    def _mine(self, player: int) -> bool:
        """Does the person at the screen play ``player`` now?"""
        return self.seat(player).kind == HUMAN and player == self.viewer

    @property
    def _free_to_act(self) -> bool:
        """The person at the screen is the one the rules wait for, and nothing is playing."""
        return not self.table.over and not self.busy and self._mine(self.table.turn)

    def _view(self):
        """What the viewer may see of the game: his table's view."""
        return self.table.latest

    @property
    def busy(self) -> bool:
        return self.timeline.busy or self.thinking is not None

    @property
    def waiting_for_viewer(self) -> bool:
        """The rules wait for the person at the screen, though the screen may still show what
        led there: a click then finishes the animation and acts."""
        return not self.table.over and self.thinking is None and self._mine(self.table.turn)

    # -- words --------------------------------------------------------------------------------
    def _cell(self, cell) -> str:
        return f"{self.letters.letter(cell[0])}{cell[1] + 1}"

    def _sound(self, name: str, skipping: bool, x: float | None = None, volume=1.0) -> None:
        if skipping or self.demo:
            return
        pan = 0.0 if x is None else max(-1.0, min(1.0, (x / self.size[0]) * 2 - 1))
        self.app.sound(name, volume, pan)

    def refuse(self, message: str) -> None:
        self.message = message
        self.message_time = 4.0
        self.app.sound("refuse")

    def attempt(self, action) -> bool:
        """Play the person's ``action`` if the rules allow it, else say why; True if played."""
        try:
            self.table.check(action)
        except RuleError as exc:
            self.refuse(describe(exc, self.tr, self.letters))
            return False
        self.message = ""
        self.voyage.acted()
        self.play(action)
        return True

    def _log(self, player: int, words) -> None:
        if self.demo:
            return
        self.log.append((Join(self.seat(player), words, sep=": "), theme.PLAYER_COLOURS[player]))

    def _remark(self, player: int, trigger: str) -> None:
        """A computer admiral's comment on something both sides saw (never on its own fleet)."""
        seat = self.seat(player)
        if self.demo or not seat.opponent:
            return
        key = remark(seat.opponent, trigger, self.remark_rng)
        if key:
            self.log.append((Phrase("battle.remark", name=seat, text=Phrase(key)),
                             theme.TEXT_DIM))

    # -- the turn and the end -----------------------------------------------------------------
    def _turn_changed(self, player: int) -> None:
        if player != self.turn_shown:
            self._sound("turn", False)   # the turn passes: the ship's bell
        self.turn_shown = player
        if self.match.hot_seat and not self.table.over and player != self.viewer:
            self._curtain(player, self.tr("curtain.turn", name=self._name(player)))

    def _curtain(self, player: int, message: str, then=None, follows: bool = False) -> None:
        """Two people on one screen: the curtain falls, and the screen goes to ``player``;
        ``follows``: the events of the last action play once it lifts (``then``)."""
        if self.replaying:
            return
        def ready():
            self.app.scenes.pop()
            self.drop_typing()            # what the last player typed is not the next one's
            self.effects.clear()          # ... nor his splashes and words, over his view
            if hasattr(self, "cursor"):   # ... nor his aim: each keeps his own
                self._aims[self.viewer] = self.cursor
                self.cursor = self._aims.get(player) or self.first_aim(player)
            self.viewer = player
            self.turn_shown = player
            self.laid_out = None          # the fields change sides: lay them out again
            self._handed_over(player, follows)
            if then is not None:
                then()
        self.app.scenes.push(CurtainScene(self.app, message, ready, on_abandon=self.save_record,
                                          avoid=self.aim_zones()))

    def first_aim(self, player: int):
        """Where ``player``'s aim starts: the middle of the board."""
        return (self.board_size[0] // 2, self.board_size[1] // 2)

    def aim_zones(self) -> list:
        """Where this screen takes aim (its boards): the curtain keeps its button clear of
        them, so a click meant for the battle never lifts it (issue 33)."""
        return []

    def _hand_over(self, player: int, events, volume: float) -> bool:
        """Two people on one screen, after an act the other side answers in secret: the act
        sounds, the curtain falls before anything answers it, and ``events`` play behind it,
        so nothing hidden shows to the one who acted (§N, §K)."""
        self._sound("launch", False, volume=volume)
        self.timeline.add(0.3, lambda s: self._curtain(
            player, self.tr("curtain.turn", name=self._name(player)),
            then=lambda: self._queue(events), follows=True))
        return True

    def _handed_over(self, player: int, follows: bool = False) -> None:
        """What the screen shows ``player`` as the curtain lifts (his mode says); ``follows``:
        the last action's events are still to play, from the board as it stood before it."""

    def kill_moment(self, board: pygame.Rect, pos, cell: float, ship: str | None = None,
                    final: bool = False, ours: bool = False) -> None:
        """A ship went down at ``pos`` on the board ``board`` (a rect, ``cell`` pixels a
        cell): the big word ("Убил!", "Sunk!") punches in over the board with ``ship`` (a
        translated ship's name) under it, or, ``final``, that the whole fleet is sunk; the
        battle slows for a moment and the camera is nudged; the screen stays busy while it
        plays, so any key skips it. ``ours``: the viewer's own ship (the words in red)."""
        if self.demo:
            return
        u = theme.unit(self.size)
        px = int(min(max(cell * 1.6, 44 * u), 96 * u) * (1.25 if final else 1.0))
        colour = theme.BAD if ours else theme.ACCENT
        sub = self.tr("moment.fleet_sunk") if final else ship
        surf = banner(self.tr("moment.sunk"), sub, px, colour, theme.TEXT, int(board.w * 0.96))
        centre = (board.centerx, board.centery)
        self.moments.kill(surf, centre, final, (pos[0] - centre[0], pos[1] - centre[1] + 1),
                          cell)
        self._sound("kill", False, pos[0])
        if final:
            self.effects.flash = max(self.effects.flash, 0.6)
            self.effects.shake(8, 0.9)
        self.timeline.add(2.2 if final else 1.0, lambda s: None)   # busy while it plays

    def _last_words(self, event) -> None:
        self.over_shown = True
        for p in self.ais:
            if event.winner is not None:
                self._remark(p, "we_win" if event.winner == p else "we_lose")

    def end(self) -> None:
        """The battle is over, its last cue played: the match finished, its record kept and the
        game over screen in its place (once; the title's demo only stops)."""
        if self.finished:
            return
        self.finished = True
        if self.demo:
            return
        self.match.finish(self.game)
        self.save_record()
        self.app.flow.game_over(self, **self._result())

    def _result(self) -> dict:
        """What the game over screen shows besides the game (Classic: how the computer
        thought)."""
        return {}

    # -- the computer's turn ------------------------------------------------------------------
    def _computer_move(self, skipping: bool) -> None:
        t = self.table
        actor = t.turn           # whom the rules wait for: a decision's player while one is due
        if t.over or self.seat(actor).kind != COMPUTER:
            return
        self.think(self._deciding(actor), lambda action: self._decided(actor, action), skipping)

    def _deciding(self, player: int):
        """A call, made off the screen's thread, that returns ``player``'s action: what it
        reads (its own table's view and legal actions) is taken now, on this thread. (Classic's captain
        draws its decision's generator from ``ai_rng``, which nothing else uses while a
        decision is in flight.)"""
        ai, table = self.ais[player], self.tables[player]
        view = table.latest
        legal = table.legal_actions() if ai.wants_legal else None
        return lambda: ai.act(view, legal)

    def _decided(self, player: int, action) -> None:
        self.play(action)

    def think(self, decide, decided, skipping: bool) -> None:
        """Run ``decide()`` in the worker and give its answer to ``decided`` on the screen's
        thread, when ``update`` finds it done (or at once while the cues are skipped). One
        choice at a time, and ``busy`` meanwhile: nothing plays, so the game is not changed
        while the worker reads a view of it, and a computer player is never called from two
        threads at once (anything else that tells it of the game, such as «Кораблики»'s
        ``observe``, must wait for ``thinking`` to be None). A game already over (resigned or
        drawn by agreement while a cue still meant to ask the computer) asks nothing."""
        if self.table.over or self.replaying:
            return
        if skipping:
            decided(decide())
            return
        self.thinking, self._then = self.app.thinker.submit(decide), decided

    def _thought(self) -> None:
        future, decided = self.thinking, self._then
        self.thinking = self._then = None
        decided(future.result())

    # -- input --------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.voyage.handle(event):  # a hint shown takes its own Enter, Esc and click
            return
        if self.log.handle(event):     # the log scrolls, even while the shells fly
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self._cancel():
                self.app.sound("click")
                self.open_pause()
            return
        if through_animation(self, event):
            self.handle_input(event)

    def _cancel(self) -> bool:
        """Esc: drop what is half typed or picked (True), else the pause opens."""
        return False

    def type_ahead(self, event) -> bool:
        """While the screen is busy: keep ``event`` if it is typing (True), never a skip."""
        return False

    def drop_typing(self) -> None:
        """Forget what is typed (the seat passes)."""

    def fire_typed(self) -> None:
        """Act on what was typed and entered while the screen was busy, once it is not."""

    def handle_input(self, event) -> None: ...

    def skip(self) -> None:
        if self.thinking is not None:
            self._thought()
        self.timeline.skip()
        self.effects.shells.clear()
        self.effects.sinkings.clear()
        self.moments.clear()

    # -- time ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        speed = self.app.settings.anim_speed
        if not self.table.over:
            self.elapsed += dt
        slow = self.moments.time_scale    # a kill's slow motion
        cues = speed * motion.pace()      # reduced motion: the cues run fast, drawn as fades
        self.moments.update(dt * cues)
        self.timeline.update(dt * cues * slow)
        if self.thinking is not None and self.thinking.done():
            self._thought()
            self.timeline.update(0.0)   # what it sets off at once starts now, as a cue's would
        self.voyage.update(self.timeline.busy)
        self.effects.update(dt * speed * slow)
        self.message_time = max(0.0, self.message_time - dt)
        self.animate(dt, cues)
        t = self.table
        if not t.over and not self.busy and self.seat(t.turn).kind == COMPUTER:
            # the computer's pause keeps its time, however fast the cues run
            self.timeline.add(self.AI_THINK * motion.pace(), self._computer_move)
        self.settle(dt * speed)
        self.fire_typed()
        if not self.demo:
            self.layout()
            self.log.place(self.log_area(), theme.font_px(self.size, self.LOG[0]))

    def animate(self, dt: float, speed: float) -> None:
        """The mode's own moving things, before the computer's turn is looked at."""

    def settle(self, dt: float) -> None:
        """The last of a frame's time: prompts, fires."""

    def layout(self) -> None:
        """The fields once per window size (``lay_out``), then the buttons as the state asks
        (``place_controls``): the stack calls this before each event and each drawing, so a
        click finds the buttons the screen shows."""
        super().layout()
        if not self.demo:
            self.place_controls()

    def place_controls(self) -> None:
        """Place the mode's buttons for the state of the game (the fields are laid out)."""

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Every battle's frame (issue 33): the mode's own picture (``draw_battle``) through
        the camera (the shake, a kill moment's nudge), then what every mode shares over it: the
        kill moment, and in a campaign the boss's bar and a hint."""
        self.layout()
        offset = self.camera()
        self.draw_battle(surface, offset)
        if self.demo:
            return
        self.moments.draw(surface, offset)
        self._draw_voyage(surface)

    def camera(self) -> tuple[int, int]:
        """How far the picture is pushed now: the effects' shake and a moment's nudge."""
        (sx, sy), (nx, ny) = self.effects.shake_offset(), self.moments.offset()
        return (sx + nx, sy + ny)

    def draw_battle(self, surface: pygame.Surface, offset: tuple[int, int]) -> None:
        """The mode's boards, pieces, effects and panels, the boards moved by ``offset``."""

    def _applied(self, events) -> None:
        """After every action the screen passes to the rules: the hints its events make due."""
        self.voyage.observe(events)

    def _draw_header(self, surface, x: float | None = None) -> tuple[int, int]:
        """The header, and under it in a campaign battle the measure and the star limits."""
        words, colour = self.banner()
        y, px = draw_header(surface, self.size, words, colour, *self.HEADER, x=x)
        w = self.size[0]
        self.voyage.draw_limits(surface, (w / 2 if x is None else x, y + px * 0.95),
                                theme.font_px(self.size, 18), self.LIMITS_WIDTH * w)
        return y, px

    LIMITS_WIDTH = 0.5    # the limits line's room, a share of the window's width

    def _draw_voyage(self, surface) -> None:
        """Over the rest: a boss's strength bar, a hint's panel over the log."""
        rect = self.boss_rect()
        if rect is not None:
            self.voyage.draw_boss(surface, rect, theme.font_px(self.size, 17))
        self.voyage.draw_hint(surface)

    def boss_rect(self):
        """Where the boss's strength bar goes (None: nowhere)."""
        return None

    def log_area(self) -> pygame.Rect:
        """Where the log's lines go: its place, below a campaign hint when one shows."""
        return self.voyage.place_hint(self.log_rect)

    def _draw_log(self, surface) -> None:
        px, fit, pad = self.LOG
        self.log.draw(surface, self.log_area(), theme.font_px(self.size, px), fit=fit, pad=pad)

    # -- the frames bench (python -m game.bench frames) ----------------------------------------
    @classmethod
    def showcase(cls, app, config, seed: int):
        """Two computers at ``config``, set up as a match of ``seed`` sets them up, in a battle
        staged (``stage``) to show the most at once."""
        match = Match(config, (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")),
                      seed=seed)
        scene = cls(app, match, match.new_game(match.computer_setups()), keep_record=False)
        scene.stage()
        return scene

    def stage(self) -> None:
        """What the frames bench sets going at once (nothing: the battle plays itself)."""

    def showcase_over(self) -> bool:
        """The staged battle has shown what it was for: the bench stages the next."""
        return self.finished or self.app.scenes.top is not self

    @property
    def in_flight(self) -> bool:
        """Something of the battle's is flying (shells; the mode's planes, torpedoes, blasts)."""
        return bool(self.effects.shells)

    SHOWS_BUSY = False   # the frames bench reports the frames with something in flight

    @classmethod
    def showcase_stats(cls, battles: list) -> dict:
        """What the frames bench adds to its line for this mode, from the battles it staged."""
        return {}


class FieldsBattle(BattleBase):
    """Two fields side by side (Classic, Naval): the viewer's own on the left, the enemy's on
    the right, the log and a status panel under them; a cell may be typed."""

    LOG_ROOM = (150, 30, 0.58)   # the log's height, the gap above it, its share of the width
    HALO_MARK = HIT_MARK = None   # the mode's marks (its rules'): a cell a sunk ship's halo
                                  # shows empty, a hit that burns until its ship sinks

    def lay_out(self, w: int, h: int, u: float) -> None:
        cols, rows = self.board_size
        left, right, log, status = fields_layout(self.size, cols, rows, *self.LOG_ROOM,
                                                 demo=self.demo)
        # the fields before the rects: the monkey aims at what vars(scene) holds, in order
        self._geo = {"left": left, "right": right}
        self.log_rect, self.status_rect = log, status
        self.effects.scale = left.cell / 40

    def aim_zones(self) -> list:
        self.layout()
        return [geo.outer for geo in self._geo.values()]

    def geo_of(self, owner: int) -> BoardGeometry:
        """The geometry of ``owner``'s field: the viewer's own field is on the left."""
        self.layout()
        return self._geo["left" if owner == self.viewer else "right"]

    def board(self, owner: int):
        """What ``owner``'s field shows, as animated so far (marks, wrecks, pulses): the
        mode's ``fields``, one per owner."""
        return self.fields[owner]

    def _sync(self) -> None:
        """Show the game as it stands (a new game, or one being resumed): each field."""
        for owner in (0, 1):
            self.sync_field(owner, self.board(owner))

    def sync_field(self, owner: int, field) -> None:
        """Set ``field`` (``board(owner)``) to what the game holds for ``owner``."""
        raise NotImplementedError

    typed_armed = False   # Enter pressed on a typed target while the screen was busy
    TOOL_KEYS = ""        # digits that choose a tool when typed first (Naval's 1, 2, 3)

    def _cancel(self) -> bool:
        if self.typed:
            self.drop_typing()
            return True
        return False

    def _type(self, chars: str) -> None:
        self.typed = (self.typed + chars)[:4]
        self.cursor = typed_cell(self.typed, *self.board_size, self.letters) or self.cursor

    def drop_typing(self) -> None:
        self.typed = ""
        self.typed_armed = False

    def type_ahead(self, event) -> bool:
        """Typing while a turn plays (issue 33): a key that types, Backspace, and the text go to
        the typing line, and Enter on a typed target arms it to be fired (``enter_typed``) as
        soon as input is taken; none of them skips the animation. A tool's digit typed first
        is not kept (no tool is chosen on the other side's turn)."""
        if self.demo or self.seat(self.viewer).kind != HUMAN:
            return False
        if event.type == pygame.TEXTINPUT:
            chars = event.text.strip()
            if chars and not (not self.typed and chars[0] in self.TOOL_KEYS):
                self._type(chars)
                self.typed_armed = False
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            self.typed_armed = False
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typed:
            self.typed_armed = True
            self.app.sound("click")
            return True
        ch = getattr(event, "unicode", "")
        return bool(ch) and ch.isprintable() and not ch.isspace()

    def fire_typed(self) -> None:
        if (self.typed_armed and self.typed and not self.busy and self.human_to_move
                and self.app.scenes.top is self):
            self.typed_armed = False
            self.enter_typed()

    def enter_typed(self) -> None:
        """Enter after a typed cell: the mode's act on it (fire, mark)."""

    def _pointer(self, event, geo, cursor, act):
        """The pointer over one board: moving the mouse moves ``cursor``, a left click calls
        ``act(cell)``, the arrows step round the board. Returns (cursor, event used)."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            cell = geo.cell_at(event.pos)
            if cell is None or (event.type == pygame.MOUSEBUTTONDOWN and event.button != 1):
                return cursor, False
            if event.type == pygame.MOUSEBUTTONDOWN:
                act(cell)
            return cell, True
        if event.type == pygame.KEYDOWN and event.key in ARROWS:
            return step_cell(cursor, event.key, *self.board_size, wrap=True), True
        return cursor, False

    def act_typed(self, act) -> None:
        """Enter after a typed cell: the cursor goes there and ``act(cell)`` (fire, mark)."""
        cell = self._typed_cell()
        if cell is not None:
            self.cursor = cell
            act(cell)

    def typed_line(self, blink: bool) -> str:
        """The typing line's words: what is typed, and once entered ahead, that it waits; with
        a controller in hand and nothing typed, none."""
        if self.typed_armed and self.typed:
            return self.tr("battle.typed_armed", typed=self.typed)
        if not self.typed and self.app.input_device == "pad":
            return ""              # a controller types nothing: no line asking it to (issue 38)
        return self.tr("battle.typed", typed=self.typed + ("_" if blink else ""))

    def _typed_cell(self):
        """The cell typed so far (the line is cleared), or None and the reason said."""
        try:
            return parse_cell(self.typed, *self.board_size, self.letters)
        except RuleError as exc:
            self.refuse(describe(exc, self.tr, self.letters))
            return None
        finally:
            self.typed = ""

    def _halo(self, owner: int, cell, skipping: bool) -> None:
        self.board(owner).marks.setdefault(cell, self.HALO_MARK)
        if not skipping:
            self.effects.rings.append(small_ring(self.geo_of(owner), cell))

    def animate(self, dt: float, speed: float) -> None:
        for owner in (0, 1):
            pulses = self.board(owner).pulses
            for c in list(pulses):
                pulses[c] -= dt
                if pulses[c] <= 0:
                    del pulses[c]

    def _burn(self, dt: float) -> None:
        """Hit ships keep burning until they sink."""
        for owner in (0, 1):
            geo = self.geo_of(owner)
            for cell, mark in self.board(owner).marks.items():
                if mark == self.HIT_MARK:
                    self.effects.fire(geo.center(cell), dt)

    def banner(self) -> tuple[str, tuple]:
        """The header's words: what the screen shows, never the state ahead of it. "Your turn"
        only while input is taken; the other side's name only once its turn is shown."""
        if self.over_shown:
            return self.tr("battle.over"), theme.ACCENT
        prompt = self._prompt()
        if prompt:
            return prompt, theme.ACCENT
        seat = self.seat(self.turn_shown)
        if self.human_to_move:
            if self.match.hot_seat:
                return self.tr("battle.turn_of", name=seat.name), theme.GOOD
            return self.tr("battle.your_turn"), theme.GOOD
        colour = theme.PLAYER_COLOURS[self.turn_shown]
        if seat.kind == COMPUTER:
            return self._computer_words(seat), colour
        if self.match.hot_seat:
            return self.tr("battle.firing", name=seat.name), colour
        return self.tr("battle.you_fire"), colour

    def _prompt(self) -> str | None:
        """The header while the person at the screen is asked something of his own field."""
        return None

    def _computer_words(self, seat) -> str:
        return self.tr("battle.enemy_turn", name=seat.name)

    def _draw_titles(self, surface) -> None:
        px = theme.font_px(self.size, 22)
        v = self.viewer
        for side, owner, key in (("left", v, "battle.own_fleet"),
                                 ("right", 1 - v, "battle.enemy_waters")):
            geo = self._geo[side]
            colour = theme.PLAYER_COLOURS[owner]
            if side == "right" and self.voyage.shows_boss:    # the boss's bar instead
                bar = self.boss_rect()
                draw_side_mark(surface, (bar.x - px * 0.7, bar.centery), px * 1.1, False, colour)
                self._draw_afloat(surface, geo, owner, px)
                continue
            title = self.tr(key, name=self._name(owner))
            drawn = text.draw(surface, title, (geo.grid.centerx, geo.outer.y - px * 0.8), px,
                              colour, "center")
            # whose field it is by shape too (issue 38): an anchor, a gun sight
            draw_side_mark(surface, (drawn.x - px * 0.7, drawn.centery), px * 1.1,
                           side == "left", colour)
            self._draw_afloat(surface, geo, owner, px)

    def _draw_afloat(self, surface, geo: BoardGeometry, owner: int, px: int) -> None: ...

    def boss_rect(self):
        """The boss's bar takes the enemy field's title row (clear of the limits line)."""
        geo = self._geo["right"]
        px = theme.font_px(self.size, 22)
        h = int(px * 1.25)
        rect = pygame.Rect(geo.grid.x, int(geo.outer.y - px * 0.8 - h / 2), geo.grid.w, h)
        lim = self.voyage.limits_rect
        if lim.w and lim.colliderect(rect) and lim.right + 8 < rect.right - 6 * px:
            rect.width -= lim.right + 8 - rect.x
            rect.x = lim.right + 8
        return rect
