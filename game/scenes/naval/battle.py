"""The Naval battle (RULES.md §N): a turn is built, then fired.

The player marks a cell for every intact gun (the battleship's two shots snap to a pair of side
neighbours), may add one ability (a torpedo lane, the whole row lit along its entry edge, or an
air strike, a 3×3 frame following the pointer), and presses Fire. Everything launches together:
shells arc, the torpedo runs down its lane leaving a wake and bursts on the first hull, planes fly
in and drop, and the enemy Aegis's tracers knock shells and planes out of the sky. The defender
chooses what to shoot down: a person through a prompt on his own field (or automatically, a
setting), the computer by itself.

Like the Classic battle, the scene only passes actions to the rules and shows the events they
return; what the boards show is kept in step with the animation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from ...i18n.phrase import Join
from ...pad import press, typed
from ...rules import naval as nv
from ...render import text, theme
from ...render.battle import status_panel
from ...render.board import BoardGeometry
from ...render.naval import (draw_aa_reach, draw_fleet_names, draw_incoming, draw_plan,
                             paint_field)
from ...render.strike import Strike
from ...render.widgets import Button
from ..common.base import ARROWS, step_cell
from ..common.battle_base import FieldsBattle
from .plan import VolleyPlan
from .show import VolleyShow
from .words import answer_words, request_words
from ...match import COMPUTER, HUMAN, REMOTE

TOOLS = ("guns", "torpedo", "air")


@dataclass
class Field:
    """What one field shows right now, as animated so far."""

    marks: dict = field(default_factory=dict)
    wrecks: list = field(default_factory=list)
    pulses: dict = field(default_factory=dict)
    lost: set = field(default_factory=set)     # own ship cells hit (weapons drawn destroyed)
    flak: set = field(default_factory=set)     # cells where the Aegis shot something down


class NavalBattleScene(VolleyPlan, VolleyShow, FieldsBattle):
    AI_THINK = 0.5
    HALO_MARK, HIT_MARK = nv.EMPTY, nv.HIT
    TOOL_KEYS = "123"     # typed first: the guns, the torpedo, the planes
    LOG = (18, True, 10)
    LOG_ROOM = (160, 20, 0.52)

    def __init__(self, app, match, game: nv.NavalGame, keep_record: bool = True):
        super().__init__(app, match, game, nv.SIZE, nv.SIZE, keep_record)
        self.fields = [Field(), Field()]
        self.strike = Strike(random.Random(match.seed ^ 0x57))
        self.cursor = (6, 6)
        self.own_cursor = None
        self.typed = ""
        self.tool = "guns"
        self.pair_dir = (1, 0)
        self.clear_plan()
        self.shoot_down: list = []
        self.buttons = [
            Button(lambda: self.tr("naval.tool.guns"), lambda: self.set_tool("guns"),
                   lambda: self.human_to_move, hotkey="1"),
            Button(lambda: self.tr("naval.tool.torpedo"), lambda: self.set_tool("torpedo"),
                   lambda: self.human_to_move and self._view().torpedo_ready, hotkey="2"),
            Button(lambda: self.tr("naval.tool.air"), lambda: self.set_tool("air"),
                   lambda: self.human_to_move and self._view().planes > 0, hotkey="3"),
        ]
        self.fire_button = Button(lambda: self.tr("naval.fire"), self.fire,
                                  lambda: self.human_to_move, hotkey="Enter")
        self.intercept_button = Button(
            lambda: self.tr("naval.intercept_go", n=len(self.shoot_down)), self.intercept,
            lambda: self.human_intercepting, hotkey="Enter")
        self.delegate_button = Button(lambda: self.tr("naval.intercept_for_me"), self.delegate,
                                      lambda: self.human_intercepting, hotkey="F")
        self._threat_seen: tuple | None = None      # (history length, threatened?) cached
        self.volley_by: int | None = None   # whose volley the screen shows in flight, till the
        #                                     turn passes (the curtain shows the defender's side)
        self._begin()

    # -- state ---------------------------------------------------------------------------------
    def sync_field(self, owner: int, f: Field) -> None:
        t = self.table
        f.marks = dict(t.marks[owner])
        f.wrecks = [t.fleets[owner][i].cells for i in t.sunk[owner]]
        f.lost = set(t.hits[owner])
        f.flak = set(t.flak[owner])

    @property
    def human_to_move(self) -> bool:
        return self._free_to_act and self.table.pending is None

    @property
    def human_intercepting(self) -> bool:
        t = self.table
        return (self._free_to_act and t.pending is not None and not self.match.auto_intercept
                and self._threatened(t.pending.player))

    def _threatened(self, defender: int) -> bool:
        """§N: does anything ``defender``'s Aegis reaches fall on one of his intact ship
        cells? If not, nobody is asked: the automatic officer decides (issue 21). He alone
        knows: his own table says."""
        key = (self.table.moves, defender)
        if self._threat_seen is None or self._threat_seen[0] != key:
            view = self.tables[defender].latest
            intact = {c for s in view.own for c in s.cells} - set(view.own_hits)
            self._threat_seen = (key, any(c in intact for c in view.options))
        return self._threat_seen[1]

    def delegate(self) -> None:
        """"Intercept for me": the automatic officer decides now and from then on."""
        if self.human_intercepting:
            self.match.auto_intercept = True
            defender = self.table.pending.player
            self._intercept_by(self.match.helper(), defender, False)

    # -- playing actions -----------------------------------------------------------------------
    def play(self, action) -> None:
        """Pass ``action`` to the rules and queue the animation of what it caused."""
        events = self._act(action)
        self.match.progressed(self.game)
        self._applied(events)
        if not self._hand_over_first(action, events):
            self.show(events)

    def show(self, events, together: bool = False) -> None:
        """Queue the animation of ``events`` (what one action caused). Online, they come with
        the server's states (issue 23)."""
        self._queue(events)

    def _hand_over_first(self, action, events) -> bool:
        """Two people on one screen: after a volley the screen goes to the defender before
        anything answers it, whether or not his Aegis can reach a shell, so the attacker learns
        nothing of the anti-air mount from the curtain or from what he saw before it (§N). He
        sees his volley's answer in the log and on the board when his turn comes again."""
        defender = 1 - self.viewer
        if (not self.match.hot_seat or not isinstance(action, nv.Volley) or self.table.over
                or self.seat(defender).kind != HUMAN):
            return False
        for event in events:
            if isinstance(event, nv.VolleyFired):
                self._log(event.player, self._request_words(event.volley))
                self.volley_by = event.player
        rest = [e for e in self.tables[defender].events if not isinstance(e, nv.VolleyFired)]
        return self._hand_over(defender, rest, 0.7)     # what follows, as the defender hears it

    def _queue(self, events) -> None:
        at = 0.0
        for event in events:
            if isinstance(event, nv.VolleyFired):
                self._log(event.player, self._request_words(event.volley))
                self.volley_by = event.player
            elif isinstance(event, nv.InterceptNeeded):
                at = self._ask_intercept(event, at)
            elif isinstance(event, nv.VolleyResult):
                at = self._animate_volley(event, at)
            elif isinstance(event, nv.TurnChanged):
                self.timeline.add(at + 0.2, lambda s, e=event: self._turn_changed(e.player))
                at += 0.2
            elif isinstance(event, nv.GameOver):
                self.timeline.add(at + 0.3, lambda s, e=event: self._last_words(e))
                self.timeline.add(at + 1.5, lambda s: self.end())

    def _turn_changed(self, player: int) -> None:
        self.volley_by = None
        super()._turn_changed(player)

    def _ask_intercept(self, event: nv.InterceptNeeded, at: float) -> float:
        """The defender decides: the computer (or the automatic setting) at once, a person
        through the prompt."""
        defender = event.player
        if self.seat(defender).kind == REMOTE:     # he decides at his own screen (issue 23)
            return at
        if (self.seat(defender).kind == COMPUTER or self.match.auto_intercept
                or not self._threatened(defender)):
            ai = self.ais.get(defender) or self.match.helper()
            self.timeline.add(at + 0.15, lambda s: self._intercept_by(ai, defender, s))
            return at + 0.15
        self.shoot_down = []         # two people: the hand-over came first (_hand_over_first)
        self.app.sound("refuse")     # the alarm: incoming
        return at

    def _intercept_by(self, ai, defender: int, skipping: bool) -> None:
        """The computer (or the automatic officer) picks what the Aegis shoots down."""
        view = self.tables[defender].latest
        self.think(lambda: ai.act(view, None), self.play, skipping)

    def _request_words(self, v: nv.Volley) -> Join:
        return request_words(v, self._cell)

    def _answer_words(self, r: nv.VolleyResult) -> Join:
        return answer_words(r, self._cell)

    def _handed_over(self, player: int, follows: bool = False) -> None:
        for c in self._last_targets(1 - player):      # where the other side aimed
            self.fields[player].pulses[c] = 2.5
        for c in self._last_targets(player):          # and his own last volley's answer
            self.fields[1 - player].pulses[c] = 2.5

    def _last_targets(self, player: int) -> list:
        """The cells ``player``'s last volley named (shown to the other after the curtain)."""
        for shooter, _, result in reversed(self.table.history):
            if shooter == player and isinstance(result, nv.VolleyFired):
                return list(result.volley.targets)
        return []

    def _log(self, player: int, words, answer: bool = False) -> None:
        if answer:
            self.log.append((Join("   » ", words), theme.TEXT))
        else:
            super()._log(player, words)

    # -- input ---------------------------------------------------------------------------------
    def skip(self) -> None:
        super().skip()
        self.strike.clear()

    def handle_input(self, event) -> None:
        if self.human_intercepting:
            self._handle_intercept(event)
            return
        if not self.human_to_move:
            return
        for b in self.buttons + [self.fire_button]:
            if b.handle(event):
                return
        right = self.geo_of(1 - self.viewer)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.turn_pair()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.turn_pair()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.cursor = self._aim(event, right, self.mark) or self.cursor
            return
        if event.type == pygame.TEXTINPUT:
            ch = event.text.strip()
            if not self.typed and ch in ("1", "2", "3"):
                self.set_tool(TOOLS[int(ch) - 1])
                return
            self._type(ch)
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in ARROWS:
            self.cursor = step_cell(self.cursor, event.key, nv.SIZE, nv.SIZE, wrap=True)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.typed:
                self.enter_typed()
            else:
                self.fire()
        elif event.key == pygame.K_SPACE and not self.typed:
            self.mark(self.cursor)
        elif event.key == pygame.K_TAB:
            self.turn_pair()
        elif event.key == pygame.K_BACKSPACE:
            if self.typed:
                self.typed = self.typed[:-1]
            else:
                self.undo()

    # a controller: A marks a cell, X fires, Y turns the pair, Back undoes; the shoulders
    # step through the tools; while shells come in, Y jumps between them and Back delegates
    PAD = {**FieldsBattle.PAD, "a": pygame.K_SPACE, "x": pygame.K_RETURN, "y": pygame.K_TAB,
           "back": pygame.K_BACKSPACE}

    def pad_keys(self) -> dict:
        keys = dict(self.PAD)
        if self.human_intercepting:
            keys["back"] = press(pygame.K_f)
        elif self.human_to_move:
            view = self._view()
            ready = [t for t, ok in zip(TOOLS, (True, view.torpedo_ready, view.planes > 0)) if ok]
            i = ready.index(self.tool) if self.tool in ready else 0
            keys["lb"] = typed(str(TOOLS.index(ready[(i - 1) % len(ready)]) + 1))
            keys["rb"] = typed(str(TOOLS.index(ready[(i + 1) % len(ready)]) + 1))
        return keys

    def enter_typed(self) -> None:
        self.act_typed(self.mark)

    @staticmethod
    def _aim(event, geo: BoardGeometry, act):
        """The cell of ``geo`` under the mouse (None: off the field); a left click on it
        calls ``act(cell)``."""
        cell = geo.cell_at(event.pos)
        if cell is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            act(cell)
        return cell

    def _handle_intercept(self, event) -> None:
        if self.intercept_button.handle(event) or self.delegate_button.handle(event):
            return
        geo = self.geo_of(self.viewer)
        options = self.table.intercept_options()
        cur = self.own_cursor or (options[0] if options else (6, 6))
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.own_cursor = self._aim(event, geo, self.toggle_down) or self.own_cursor
        elif event.type == pygame.KEYDOWN:
            if event.key in ARROWS:
                self.own_cursor = step_cell(cur, event.key, nv.SIZE, nv.SIZE, wrap=True)
            elif event.key == pygame.K_SPACE:
                self.toggle_down(cur)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.intercept()
            elif event.key == pygame.K_f:
                self.delegate()
            elif event.key == pygame.K_TAB and options:   # jump between incoming cells
                i = options.index(cur) + 1 if cur in options else 0
                self.own_cursor = options[i % len(options)]

    # -- time ----------------------------------------------------------------------------------
    def animate(self, dt: float, speed: float) -> None:
        self.strike.update(dt * speed)
        super().animate(dt, speed)

    def settle(self, dt: float) -> None:
        self._burn(dt)

    def place_controls(self) -> None:
        rect = self.status_rect      # the buttons under the status panel, as the state asks
        px = theme.font_px(self.size, 18)
        if self.human_intercepting:
            bh = int(px * 1.8)
            half = (rect.w - 26) // 2
            self.intercept_button.rect = pygame.Rect(rect.x + 10, rect.bottom - bh - 8, half, bh)
            self.delegate_button.rect = pygame.Rect(rect.x + 16 + half, rect.bottom - bh - 8,
                                                    half, bh)
            return
        self.intercept_button.rect = pygame.Rect(0, 0, 0, 0)
        self.delegate_button.rect = pygame.Rect(0, 0, 0, 0)
        bh = int(px * 1.7)
        gap = 6
        total = rect.w - 20 - 3 * gap
        tool_w = (total - int(total * 0.31)) // 3
        by = rect.bottom - bh - 8
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(rect.x + 10 + i * (tool_w + gap), by, tool_w, bh)
        x = rect.x + 10 + 3 * (tool_w + gap)
        self.fire_button.rect = pygame.Rect(x, by, rect.right - 10 - x, bh)

    # -- drawing -------------------------------------------------------------------------------
    def draw_battle(self, surface: pygame.Surface, offset) -> None:
        v = self.viewer
        t = self.table
        view = self._view()
        ox, oy = offset
        geo_l = self._geo["left"].moved(ox, oy)
        geo_r = self._geo["right"].moved(ox, oy)
        own = self.fields[v]
        intercepting = self.human_intercepting
        own_cursor = (self.own_cursor or (t.intercept_options() or [(6, 6)])[0]) \
            if intercepting else None
        paint_field(surface, geo_l, self.letters, self.t, t.fleets[v],
                    {c: m for c, m in own.marks.items() if m != nv.EMPTY},
                    own.wrecks, own.lost, own.pulses, cursor=own_cursor,
                    livery=self.livery_of(v), flak=own.flak)
        if view.aa is not None:
            draw_aa_reach(surface, geo_l, view.aa, 70 if intercepting else 12)
        if intercepting:
            draw_incoming(surface, geo_l, t.volley, t.intercept_options(), self.shoot_down)
        enemy = self.fields[1 - v]
        to_move = self.human_to_move
        paint_field(surface, geo_r, self.letters, self.t + 1.3, [], enemy.marks, enemy.wrecks,
                    (), enemy.pulses, cursor=self.cursor if to_move else None,
                    dim=0.3 if intercepting else 0.0, flak=enemy.flak)
        if to_move:
            draw_plan(surface, geo_r, self, self.cursor, v == t.first, nv.SIZE)
        self.effects.draw(surface, (ox, oy))
        self.strike.draw(surface, (ox, oy))
        self._draw_titles(surface)
        self._draw_header(surface)
        self._draw_log(surface)
        self._draw_status(surface)

    def _draw_afloat(self, surface, geo: BoardGeometry, owner: int, px: int) -> None:
        """The names of ``owner``'s ships under his field, the sunk ones dimmed and struck."""
        wrecks = self.fields[owner].wrecks
        names = [(self.tr(f"naval.ship.{s.kind}"), s.cells not in wrecks)
                 for s in self.table.fleets[owner]]
        draw_fleet_names(surface, geo, names, self.log_rect.y - geo.grid.bottom - 2, px)

    def _prompt(self) -> str | None:
        return self.tr("naval.intercept_title") if self.human_intercepting else None

    def status_words(self) -> tuple[str, str]:
        """The status panel's two lines while the person builds his volley: the shells still
        to aim (and the pair), then the ability as it stands (set, or what is on offer); on
        the other side's turn only that he fires (issue 33: next turn's weapons confused)."""
        view = self._view()
        if not self.human_to_move:
            firing = self.turn_shown if self.volley_by is None else self.volley_by
            if firing == self.viewer:                 # his own volley on its way
                return (self.tr("naval.status_flying"), "")
            return (self.tr("naval.status_waiting", name=self._name(firing)), "")
        words = self.tr("naval.shells", n=max(0, self.shells_left()), total=view.guns)
        if view.pair:
            words += " · " + self.tr("naval.pair_on" if self.pair else "naval.pair_off")
        if not view.ability_allowed:
            return words, self.tr("naval.no_ability_yet")
        if self.torpedo is not None:
            return words, self.tr("naval.torpedo_set", row=self.torpedo + 1)
        if self.air:
            return words, self.tr("naval.planes_set", n=len(self.air), total=view.planes)
        torpedo = "naval.torpedo_ready" if view.torpedo_ready else "naval.torpedo_none"
        return words, self.tr(torpedo) + " · " + self.tr("naval.planes", n=view.planes)

    def _draw_status(self, surface) -> None:
        rect = self.status_rect
        px, x, y, line = status_panel(surface, rect, self.size, 18, 10)
        view = self._view()
        if self.human_intercepting:
            t = self.table
            shells = [c for c in t.intercept_options() if c in t.volley.shells]
            planes = [c for c in t.intercept_options() if c not in t.volley.shells]
            chosen = len([c for c in self.shoot_down if c in t.volley.shells])
            rows = [self.tr("naval.intercept_shells", n=chosen, total=min(nv.AA_SHELLS, len(shells)),
                            reach=len(shells)),
                    self.tr("naval.intercept_planes", n=len(planes))]
            for i, words in enumerate(rows):
                text.draw(surface, words, (x, y + line * i), text.fit_px(words, px, rect.w - 20),
                          theme.TEXT)
            self.intercept_button.draw(surface, px)
            self.delegate_button.draw(surface, px)
            room = max(0, (self.intercept_button.rect.y - 2 - (y + line * 2)) // line)
            words = self.message if self.message_time > 0 and self.message else \
                self.tr("naval.intercept_hint")
            colour = theme.BAD if self.message_time > 0 and self.message else theme.TEXT_DIM
            for i, ln in enumerate(text.wrap_most(words, px - 2, rect.w - 20, room)):
                text.draw(surface, ln, (x, y + line * (2 + i)), px - 2, colour)
            return
        for i, words in enumerate(self.status_words()):
            text.draw(surface, words, (x, y + line * i), text.fit_px(words, px, rect.w - 20),
                      theme.ACCENT if i == 0 else theme.TEXT)
        by = self.fire_button.rect.y
        to_move = self.human_to_move
        if to_move:
            for i, b in enumerate(self.buttons):
                b.draw(surface, px - 3)
                if TOOLS[i] == self.tool:
                    pygame.draw.rect(surface, theme.GOOD, b.rect, 3, border_radius=8)
            self.fire_button.draw(surface, px)
        msg_y = y + line * 2
        if self.table.quiet > nv.CEASEFIRE // 2:     # §N: the ceasefire count, once past 10
            words = self.tr("naval.ceasefire", n=self.table.quiet, limit=nv.CEASEFIRE)
            text.draw(surface, words, (x, msg_y), text.fit_px(words, px - 2, rect.w - 20),
                      theme.ACCENT)
            msg_y += line
        room = pygame.Rect(x, msg_y, rect.w - 20, by - 2 - msg_y)
        if self.message_time > 0 and self.message:
            _draw_words(surface, self.message, room, px - 2, line, theme.BAD)
        elif room.h >= line:
            typed = self.typed_line(int(self.t * 2) % 2 == 0 and to_move)
            hint = ((typed + "   " if typed else "") + self.tr("naval.hint")) if to_move else \
                (typed + "   " if self.typed else "") + self.tr("battle.hint_busy")
            _draw_words(surface, hint, room, px - 3, line, theme.TEXT_DIM)

    # -- the frames bench --------------------------------------------------------------------
    SHOWS_BUSY = True

    @property
    def in_flight(self) -> bool:
        return bool(self.effects.shells or self.strike.flying)

    @classmethod
    def showcase_stats(cls, battles: list) -> dict:
        """How many volleys the staged battles fired, with a torpedo or planes, and with
        something shot down (the gunners fire an ability in most volleys, §N)."""
        results = [r for b in battles for _, _, r in b.game.history
                   if isinstance(r, nv.VolleyResult)]
        return {"volleys": len(results),
                "with_ability": sum(r.volley.torpedo is not None or bool(r.volley.air)
                                    for r in results),
                "with_interceptions": sum(bool(r.downed) for r in results)}


def _draw_words(surface, words: str, room: pygame.Rect, px: int, line: int, colour) -> None:
    """``words`` wrapped in ``room`` at ``px``, a ``line`` apart; when they need more lines
    than it has (a larger text), smaller, as many as fit."""
    if room.h < line:                    # no room for a line: none (the check hears of it)
        text.note_cut(words, [])
        return
    lines = text.wrap(words, px, room.w)
    if len(lines) * line > room.h:
        px, lines = text.fit_block(words, px, room.w, room.h)
        line = int(px * 1.2)
    for i, ln in enumerate(lines):
        text.draw(surface, ln, (room.x, room.y + line * i), px, colour)
