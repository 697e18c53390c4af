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
from pathlib import Path

import pygame

from ..ai.opponents import remark
from ..i18n import describe
from ..i18n.phrase import Join, Phrase
from ..rules import naval as nv
from ..rules.coords import board_letters, parse_cell, typed_cell
from ..rules.errors import IllegalAction, RuleError
from ..render import text, theme
from ..render.board import BoardGeometry, BoardPicture, draw_board, draw_cross
from ..render.effects import Effects, Ring, Timeline, glow
from ..render.naval import draw_aa_reach, draw_hull, draw_ring, draw_weapons
from ..render.logpanel import LogPanel
from ..render.widgets import Button, panel, tint
from .records import RecordKeeper
from .base import ARROWS, Scene, step_cell, through_animation
from ..match import COMPUTER, HUMAN

FLIGHT = 0.6       # seconds a shell flies
PLANE_TIME = 1.1   # seconds a plane flies to its target
TORPEDO_SPEED = 9  # cells a second
AI_THINK = 0.5     # the computer's pause before it acts
TOOLS = ("guns", "torpedo", "air")


@dataclass
class Flyer:
    """A plane or a torpedo on its way (drawn by the scene; effects hold shells and smoke)."""

    kind: str                 # "plane" or "torpedo"
    start: tuple
    end: tuple
    duration: float
    t: float = 0.0
    wake: float = 0.0


@dataclass
class Tracer:
    start: tuple
    end: tuple
    life: float = 0.3
    span: float = 0.3


@dataclass
class Field:
    """What one field shows right now, as animated so far."""

    marks: dict = field(default_factory=dict)
    wrecks: list = field(default_factory=list)
    pulses: dict = field(default_factory=dict)
    lost: set = field(default_factory=set)     # own ship cells hit (weapons drawn destroyed)


def paint_field(surface, geo: BoardGeometry, letters, t: float, ships, marks: dict,
                wrecks=(), lost=(), pulses=None, cursor=None, dim: float = 0.0) -> None:
    """A Naval field: water, ring, the ``ships`` shown afloat (with their weapons), wrecks and
    marks. ``lost``: hit cells of the shown ships, whose weapons are drawn destroyed."""
    pic = BoardPicture(wrecks=[w for w in wrecks], marks=marks, pulses=pulses or {})
    draw_board(surface, geo, pic, letters, t, cursor=cursor, dim=dim)
    draw_ring(surface, geo)
    lost = set(lost)
    for ship in ships:
        if ship.cells in wrecks:
            continue
        draw_hull(surface, geo, ship.cells)
        draw_weapons(surface, geo, ship.weapons, lost)
        for c in ship.cells:
            if c in lost:
                draw_cross(surface, geo, c, theme.HIT)


class NavalBattleScene(RecordKeeper, Scene):
    def __init__(self, app, match, game: nv.NavalGame, keep_record: bool = True):
        super().__init__(app)
        self.match = match
        self.game = game
        self.keep_record = keep_record
        self.letters = board_letters(match.letters, nv.SIZE, nv.SIZE)
        self.ais = match.naval_ais()
        humans = match.humans
        self.viewer = game.turn if match.hot_seat else (humans[0] if humans else 0)
        self.timeline = Timeline()
        self.effects = Effects(random.Random(match.seed ^ 0x5EA))
        self.fields = [Field(), Field()]
        self.flyers: list[Flyer] = []
        self.tracers: list[Tracer] = []
        self.cursor = (6, 6)
        self.own_cursor = None
        self.typed = ""
        self.message = ""
        self.message_time = 0.0
        self.log = LogPanel(lambda: self.app.tr)   # the whole game, said in today's language
        self.elapsed = 0.0
        self.finished = False
        self.remark_rng = random.Random(match.seed ^ 0x7E3A)
        self.ai_rng = random.Random(match.seed ^ 0xD1CE)
        self.record_path: Path | None = None
        self._saved_moves = -1
        self.tool = "guns"
        self.pair_dir = (1, 0)
        self.clear_plan()
        self.shoot_down: list = []
        self.waiting = False        # a computer move is queued on the timeline
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
        self._geo: dict = {}
        self._layout_size = None
        self._view_key = None
        self.turn_shown = game.turn   # whose turn the screen shows: moves with the cues
        self.over_shown = game.over
        self._sync_from_game()
        if not game.history:
            for p in self.ais:
                self._remark(p, "start")

    # -- state ---------------------------------------------------------------------------------
    def _sync_from_game(self) -> None:
        g = self.game
        for owner in (0, 1):
            f = self.fields[owner]
            f.marks = dict(g.marks[owner])
            f.wrecks = [g.fleets[owner][i].cells for i in g.sunk[owner]]
            f.lost = set(g.hits[owner])

    def _view(self) -> nv.NavalView:
        key = (len(self.game.history), self.viewer)
        if self._view_key != key:
            self._view_key, self._view_cache = key, self.game.view(self.viewer)
        return self._view_cache

    def seat(self, player: int):
        return self.match.seats[player]

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    @property
    def human_to_move(self) -> bool:
        g = self.game
        return (not g.over and not self.busy and g.pending is None
                and self.seat(g.turn).kind == HUMAN and g.turn == self.viewer)

    @property
    def waiting_for_viewer(self) -> bool:
        """The rules wait for the person at the screen (a volley or an interception), though
        the screen may still show what led there: a click then finishes the animation."""
        g = self.game
        actor = g.pending.player if g.pending is not None else g.turn
        return not g.over and actor == self.viewer and self.seat(actor).kind == HUMAN

    @property
    def human_intercepting(self) -> bool:
        g = self.game
        return (not g.over and not self.busy and g.pending is not None
                and g.pending.player == self.viewer and self.seat(self.viewer).kind == HUMAN
                and not self.match.auto_intercept)

    def clear_plan(self) -> None:
        self.shots: list = []
        self.pair: list = []
        self.torpedo: int | None = None
        self.air: list = []

    # -- layout --------------------------------------------------------------------------------
    def _layout(self) -> None:
        if self._layout_size == self.size:
            return
        self._layout_size = self.size
        w, h = self.size
        u = theme.unit(self.size)
        m = int(16 * u)
        top = int(92 * u)
        bottom = h - int(160 * u) - int(20 * u)
        left = pygame.Rect(m, top, w // 2 - int(1.5 * m), bottom - top)
        right = pygame.Rect(w // 2 + m // 2, top, w // 2 - int(1.5 * m), bottom - top)
        self._geo = {"left": BoardGeometry.fit(left, nv.SIZE, nv.SIZE),
                     "right": BoardGeometry.fit(right, nv.SIZE, nv.SIZE)}
        self.effects.scale = self._geo["left"].cell / 40
        self.log_rect = pygame.Rect(m, h - int(160 * u), int(w * 0.52) - m, int(160 * u) - m)
        self.status_rect = pygame.Rect(self.log_rect.right + m, self.log_rect.y,
                                       w - self.log_rect.right - 2 * m, self.log_rect.h)

    def geo_of(self, owner: int) -> BoardGeometry:
        self._layout()
        return self._geo["left" if owner == self.viewer else "right"]

    # -- building a turn -----------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        if not self.human_to_move:
            return
        view = self._view()
        if tool != "guns" and not view.ability_allowed:
            self.refuse(describe(IllegalAction("no_ability_first_turn"), self.tr, self.letters))
            return
        if tool == "torpedo" and not view.torpedo_ready:
            self.refuse(describe(IllegalAction("no_torpedo"), self.tr, self.letters))
            return
        if tool == "air" and view.planes == 0:
            self.refuse(describe(IllegalAction("no_planes"), self.tr, self.letters))
            return
        self.tool = tool
        self.app.sound("click")

    def planned(self) -> list:
        return list(self.shots) + list(self.pair) + list(self.air)

    def shells_left(self) -> int:
        return self._view().guns - len(self.shots) - len(self.pair)

    def _free(self, cell) -> bool:
        return (0 <= cell[0] < nv.SIZE and 0 <= cell[1] < nv.SIZE
                and self._view().target.get(cell) not in nv.KNOWN and cell not in self.planned())

    def mark(self, cell) -> None:
        """A click (or Space) on the enemy field with the current tool."""
        if not self.human_to_move:
            return
        if self.tool == "torpedo":
            self.torpedo = None if self.torpedo == cell[1] else cell[1]
            self.air = []
            self.app.sound("click")
            return
        if cell in self.pair:
            self.pair = []
            self.app.sound("click")
            return
        if cell in self.shots:
            self.shots.remove(cell)
            self.app.sound("click")
            return
        if cell in self.air:
            self.air.remove(cell)
            self.app.sound("click")
            return
        known = self._view().target.get(cell)
        if known in nv.KNOWN:
            code = "known_empty" if known == nv.EMPTY else "already_shot"
            self.refuse(describe(IllegalAction(code, cell=cell), self.tr, self.letters))
            return
        view = self._view()
        if self.tool == "air":
            if len(self.air) >= view.planes:
                self.refuse(describe(IllegalAction("too_many_planes", planes=view.planes,
                                                   got=len(self.air) + 1), self.tr, self.letters))
                return
            xs = [c[0] for c in self.air] + [cell[0]]
            ys = [c[1] for c in self.air] + [cell[1]]
            if max(xs) - min(xs) > 2 or max(ys) - min(ys) > 2:
                self.refuse(describe(IllegalAction("air_not_square"), self.tr, self.letters))
                return
            self.air.append(cell)
            self.torpedo = None
            self.app.sound("click")
            return
        if self.shells_left() <= 0:
            self.refuse(self.tr("naval.no_shells_left"))
            return
        if view.pair and not self.pair:
            dx, dy = self.pair_dir
            for step in ((dx, dy), (-dx, -dy), (dy, dx), (-dy, -dx)):
                other = (cell[0] + step[0], cell[1] + step[1])
                if self._free(other):
                    self.pair = [cell, other]
                    self.app.sound("click")
                    return
            self.refuse(self.tr("naval.no_pair_room"))
            return
        if view.pair and self.shells_left() <= 2 and len(self.pair) < 2:
            self.refuse(self.tr("naval.pair_first"))
            return
        self.shots.append(cell)
        self.app.sound("click")

    def turn_pair(self) -> None:
        """Turn the battleship's pair (and the next one) between across and down."""
        self.pair_dir = (self.pair_dir[1], self.pair_dir[0])
        if len(self.pair) == 2:
            a = self.pair[0]
            other = (a[0] + self.pair_dir[0], a[1] + self.pair_dir[1])
            self.pair = []
            if self._free(other):
                self.pair = [a, other]
            else:
                self.mark(a)
        self.app.sound("click")

    def undo(self) -> None:
        if self.air:
            self.air.pop()
        elif self.torpedo is not None:
            self.torpedo = None
        elif self.shots:
            self.shots.pop()
        elif self.pair:
            self.pair = []

    def volley(self) -> nv.Volley:
        return nv.Volley(tuple(self.shots), tuple(self.pair), self.torpedo, tuple(self.air))

    def fire(self) -> None:
        if not self.human_to_move:
            return
        if self.attempt(self.volley()):
            self.clear_plan()
            self.tool = "guns"

    def attempt(self, action) -> bool:
        try:
            self.game.check(action)
        except RuleError as exc:
            self.refuse(describe(exc, self.tr, self.letters))
            return False
        self.message = ""
        self.play(action)
        return True

    # -- interception --------------------------------------------------------------------------
    def toggle_down(self, cell) -> None:
        if not self.human_intercepting:
            return
        g = self.game
        if cell in self.shoot_down:
            self.shoot_down.remove(cell)
            self.app.sound("click")
            return
        if cell not in g.intercept_options():
            reason = ("out_of_reach" if cell in g.volley.targets else "not_incoming")
            self.refuse(describe(IllegalAction(reason, cell=cell, mount=g.aa_mount(self.viewer)),
                                 self.tr, self.letters))
            return
        shells = [c for c in self.shoot_down + [cell] if c in g.volley.shells]
        if len(shells) > nv.AA_SHELLS:
            self.refuse(describe(IllegalAction("too_many_shells", shells=nv.AA_SHELLS,
                                               got=len(shells)), self.tr, self.letters))
            return
        self.shoot_down.append(cell)
        self.app.sound("click")

    def intercept(self) -> None:
        if self.human_intercepting and self.attempt(nv.Intercept(tuple(self.shoot_down))):
            self.shoot_down = []

    # -- playing actions -----------------------------------------------------------------------
    def play(self, action) -> None:
        """Pass ``action`` to the rules and queue the animation of what it caused."""
        events = self.game.apply(action)
        self.match.progressed(self.game)
        if not self._hand_over_first(action, events):
            self._queue(events)

    def _hand_over_first(self, action, events) -> bool:
        """Two people on one screen: after a volley the screen goes to the defender before
        anything answers it, whether or not his Aegis can reach a shell, so the attacker learns
        nothing of the anti-air mount from the curtain or from what he saw before it (§N). He
        sees his volley's answer in the log and on the board when his turn comes again."""
        g = self.game
        defender = 1 - self.viewer
        if (not self.match.hot_seat or not isinstance(action, nv.Volley) or g.over
                or self.seat(defender).kind != HUMAN):
            return False
        rest = []
        for event in events:
            if isinstance(event, nv.VolleyFired):
                self._log(event.player, self._request_words(event.volley))
            else:
                rest.append(event)
        self._sound("launch", False, None, 0.7)
        self.timeline.add(0.3, lambda s: self._curtain(
            defender, self.tr("curtain.turn", name=self.seat(defender).name),
            then=lambda: self._queue(rest)))
        return True

    def _queue(self, events) -> None:
        at = 0.0
        for event in events:
            if isinstance(event, nv.VolleyFired):
                self._log(event.player, self._request_words(event.volley))
            elif isinstance(event, nv.InterceptNeeded):
                at = self._ask_intercept(event, at)
            elif isinstance(event, nv.VolleyResult):
                at = self._animate_volley(event, at)
            elif isinstance(event, nv.TurnChanged):
                self.timeline.add(at + 0.2, lambda s, e=event: self._turn_changed(e.player))
                at += 0.2
            elif isinstance(event, nv.GameOver):
                self.timeline.add(at + 0.3, lambda s, e=event: self._last_words(e))
                self.timeline.add(at + 1.5, lambda s: self._game_over())

    def _ask_intercept(self, event: nv.InterceptNeeded, at: float) -> float:
        """The defender decides: the computer (or the automatic setting) at once, a person
        through the prompt."""
        defender = event.player
        if self.seat(defender).kind == COMPUTER or self.match.auto_intercept:
            ai = self.ais.get(defender) or self.match.helper_ai()
            choice = ai.intercept(self.game.view(defender))
            self.timeline.add(at + 0.15, lambda s: self.play(choice))
            return at + 0.15
        self.shoot_down = []         # two people: the hand-over came first (_hand_over_first)
        self.app.sound("refuse")     # the alarm: incoming
        return at

    def _request_words(self, v: nv.Volley) -> Join:
        parts = []
        if v.shells:
            parts.append(" ".join(self._cell(c) for c in v.shells))
        if v.air:
            parts.append(Join(Phrase("naval.log.air"), *(self._cell(c) for c in v.air), sep=" "))
        if v.torpedo is not None:
            parts.append(Phrase("naval.log.torpedo", row=v.torpedo + 1))
        return Join(*parts, sep=" · ")

    def _answer_words(self, r: nv.VolleyResult) -> Join:
        parts = []
        if r.downed:
            parts.append(Phrase("naval.log.down", cells=" ".join(self._cell(c) for c in r.downed)))
        hits = list(r.hits) + ([r.torpedo_hit] if r.torpedo_hit is not None else [])
        if hits:
            parts.append(Phrase("naval.log.hit", cells=" ".join(self._cell(c) for c in hits)))
        if not r.downed and not hits:
            parts.append(Phrase("naval.log.all_miss"))
        for kind, _ in r.sunk:
            parts.append(Phrase("naval.log.sunk", ship=Phrase(f"naval.ship.{kind}")))
        return Join(*parts, sep=" · ")

    def _cell(self, cell) -> str:
        return f"{self.letters.letter(cell[0])}{cell[1] + 1}"

    def _sound(self, name: str, skipping: bool, x: float | None = None, volume=1.0) -> None:
        if skipping:
            return
        pan = 0.0 if x is None else max(-1.0, min(1.0, (x / self.size[0]) * 2 - 1))
        self.app.sound(name, volume, pan)

    def _aa_source(self, defender: int, target) -> tuple:
        """Where the tracers come from: the mount itself for its owner; for anyone else a point
        under the field, so the animation never shows where the enemy's mount stands."""
        geo = self.geo_of(defender)
        if defender == self.viewer:
            mount = self.game.aa_mount(defender)
            if mount is None:
                mount = next((c for s in self.game.fleets[defender] for w, c in s.weapons
                              if w == "aa"), (6, 6))
            return geo.center(mount)
        return (geo.center(target)[0], geo.grid.bottom + geo.cell)

    def _animate_volley(self, r: nv.VolleyResult, at: float) -> float:
        attacker, defender = r.player, 1 - r.player
        v = r.volley
        geo_a = self.geo_of(attacker)
        end = at
        for i, c in enumerate(v.shells):
            src = (geo_a.grid.centerx + self.effects.rng.uniform(-1, 1) * geo_a.cell * 2,
                   geo_a.grid.centery + self.effects.rng.uniform(-1, 1) * geo_a.cell * 2)
            start = at + 0.07 * i
            end = max(end, self._animate_shell(r, c, src, start))
        for i, c in enumerate(v.air):
            end = max(end, self._animate_plane(r, c, at + 0.15 + 0.1 * i))
        if v.torpedo is not None:
            end = max(end, self._animate_torpedo(r, at + 0.1))
        end += 0.35
        self.timeline.add(end, lambda s: self._log(attacker, self._answer_words(r),
                                                   answer=True))
        for kind, cells in r.sunk:
            self.timeline.add(end, lambda s, cells=cells: self._sink(defender, cells, s))
            end += 0.08 * len(cells) + 0.3
        for j, c in enumerate(r.halo):
            self.timeline.add(end + 0.02 * j, lambda s, c=c: self._halo(defender, c, s))
        end += 0.02 * len(r.halo) + 0.2
        deed = "sink" if r.sunk else "hit" if (r.hits or r.torpedo_hit) else "miss"
        for p in self.ais:
            self.timeline.add(end, lambda s, p=p: self._remark(
                p, ("we_" if attacker == p else "they_") + deed))
        return end

    def _impact(self, defender: int, cell, hit: bool, skipping: bool, power=1.0) -> None:
        f = self.fields[defender]
        pos = self.geo_of(defender).center(cell)
        if hit:
            f.marks[cell] = nv.HIT
            f.lost.add(cell)
            if not skipping:
                self.effects.explosion(pos, power)
            self._sound("hit", skipping, pos[0])
        else:
            f.marks.setdefault(cell, nv.MISS)
            if not skipping:
                self.effects.splash(pos)
            self._sound("splash", skipping, pos[0], 0.7)

    def _flak(self, defender: int, cell, at_point, skipping: bool) -> None:
        """The Aegis's tracers meet a shell or a plane in the air: a puff, nothing below."""
        if skipping:
            return
        self.tracers.append(Tracer(self._aa_source(defender, cell), at_point))
        self.effects.explosion(at_point, 0.45)
        self._sound("launch", skipping, at_point[0], 0.5)

    def _animate_shell(self, r: nv.VolleyResult, cell, src, start: float) -> float:
        defender = 1 - r.player
        dst = self.geo_of(defender).center(cell)
        down = cell in r.downed
        k = 0.72 if down else 1.0
        mid = (src[0] + (dst[0] - src[0]) * k, src[1] + (dst[1] - src[1]) * k - 30 * self.effects.scale)

        def launch(skipping):
            if skipping:
                return
            self.effects.muzzle(src)
            self.effects.shell(src, mid if down else dst, FLIGHT * k)
            self._sound("launch", skipping, src[0], 0.5)

        self.timeline.add(start, launch)
        if down:
            self.timeline.add(start + FLIGHT * k, lambda s: self._flak(defender, cell, mid, s))
            self.timeline.add(start + FLIGHT * k + 0.05,
                              lambda s: self.fields[defender].pulses.__setitem__(cell, 1.0))
            return start + FLIGHT * k + 0.3
        self.timeline.add(start + FLIGHT,
                          lambda s: self._impact(defender, cell, cell in r.hits, s))
        return start + FLIGHT + 0.3

    def _animate_plane(self, r: nv.VolleyResult, cell, start: float) -> float:
        defender = 1 - r.player
        geo = self.geo_of(defender)
        dst = geo.center(cell)
        from_left = self.geo_of(r.player).grid.centerx < geo.grid.centerx
        src = (geo.grid.left - geo.cell * 3 if from_left else geo.grid.right + geo.cell * 3,
               dst[1] - geo.cell * 2)
        down = cell in r.downed
        k = 0.8 if down else 1.0
        stop = (src[0] + (dst[0] - src[0]) * k, src[1] + (dst[1] - src[1]) * k)

        def take_off(skipping):
            if not skipping:
                self.flyers.append(Flyer("plane", src, stop, PLANE_TIME * k))
                self._sound("whistle", skipping, src[0], 0.4)

        self.timeline.add(start, take_off)
        if down:
            self.timeline.add(start + PLANE_TIME * k, lambda s: self._flak(defender, cell, stop, s))
            return start + PLANE_TIME * k + 0.3
        self.timeline.add(start + PLANE_TIME,
                          lambda s: self._impact(defender, cell, cell in r.hits, s))
        return start + PLANE_TIME + 0.3

    def _animate_torpedo(self, r: nv.VolleyResult, start: float) -> float:
        defender = 1 - r.player
        geo = self.geo_of(defender)
        row = r.volley.torpedo
        from_left = r.player == self.game.first
        edge_x = geo.grid.left - geo.cell * 0.5 if from_left else geo.grid.right + geo.cell * 0.5
        y = geo.center((0, row))[1]
        cells = list(r.torpedo_path) + ([r.torpedo_hit] if r.torpedo_hit is not None else [])
        stop = geo.center(cells[-1])[0] if r.torpedo_hit is not None else (
            geo.grid.right + geo.cell * 0.5 if from_left else geo.grid.left - geo.cell * 0.5)
        duration = max(0.2, abs(stop - edge_x) / geo.cell / TORPEDO_SPEED)

        def launch(skipping):
            if not skipping:
                self.flyers.append(Flyer("torpedo", (edge_x, y), (stop, y), duration))
                self._sound("whistle", skipping, edge_x, 0.3)

        self.timeline.add(start, launch)
        for c in r.torpedo_path:
            x = geo.center(c)[0]
            when = start + duration * abs(x - edge_x) / max(1.0, abs(stop - edge_x))
            self.timeline.add(when, lambda s, c=c: self.fields[defender].marks.setdefault(c, nv.MISS))
        if r.torpedo_hit is not None:
            hit = r.torpedo_hit
            self.timeline.add(start + duration,
                              lambda s: self._impact(defender, hit, True, s, power=1.4))
        return start + duration + 0.3

    def _sink(self, owner: int, cells, skipping: bool) -> None:
        f = self.fields[owner]
        for c in cells:
            f.marks[c] = nv.SUNK
            f.lost.add(c)
            if not skipping:
                self.effects.explosion(self.geo_of(owner).center(c), 0.9)
        f.wrecks.append(cells)
        self._sound("sink", skipping, self.geo_of(owner).center(cells[0])[0])

    def _halo(self, owner: int, cell, skipping: bool) -> None:
        self.fields[owner].marks.setdefault(cell, nv.EMPTY)
        if not skipping:
            geo = self.geo_of(owner)
            self.effects.rings.append(Ring(geo.center(cell), 2, geo.cell * 0.6, 0.35, 0.35,
                                           theme.HALO, 1))

    def _turn_changed(self, player: int) -> None:
        self.turn_shown = player
        if self.match.hot_seat and not self.game.over and player != self.viewer:
            self._curtain(player, self.tr("curtain.turn", name=self.seat(player).name))

    def _curtain(self, player: int, message: str, then=None) -> None:
        from .curtain import CurtainScene

        def ready():
            self.app.scenes.pop()
            self.viewer = player
            self.turn_shown = player
            self._layout_size = None
            self._view_key = None
            for c in self._last_targets(1 - player):      # where the other side aimed
                self.fields[player].pulses[c] = 2.5
            for c in self._last_targets(player):          # and his own last volley's answer
                self.fields[1 - player].pulses[c] = 2.5
            if then is not None:
                then()
        self.app.scenes.push(CurtainScene(self.app, message, ready, on_abandon=self.save_record))

    def _last_targets(self, player: int) -> list:
        """The cells ``player``'s last volley named (shown to the other after the curtain)."""
        for shooter, action, _ in reversed(self.game.history):
            if shooter == player and isinstance(action, nv.Volley):
                return list(action.targets)
        return []

    def _remark(self, player: int, trigger: str) -> None:
        seat = self.seat(player)
        if not seat.opponent:
            return
        key = remark(seat.opponent, trigger, self.remark_rng)
        if key:
            self.log.append((Phrase("battle.remark", name=seat, text=Phrase(key)),
                             theme.TEXT_DIM))

    def _last_words(self, event: nv.GameOver) -> None:
        self.over_shown = True
        for p in self.ais:
            if event.winner is not None:
                self._remark(p, "we_win" if event.winner == p else "we_lose")

    def _game_over(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.match.finish(self.game)
        self.save_record()
        from .naval_gameover import NavalGameOverScene
        self.app.scenes.replace(NavalGameOverScene(self.app, self.match, self.game,
                                                   self.elapsed, self.record_path))

    def _log(self, player: int, words, answer: bool = False) -> None:
        colour = theme.PLAYER_COLOURS[player]
        if answer:
            words = Join("   » ", words)
            colour = theme.TEXT
        else:
            words = Join(self.seat(player), words, sep=": ")
        self.log.append((words, colour))

    def refuse(self, message: str) -> None:
        self.message = message
        self.message_time = 4.0
        self.app.sound("refuse")

    # -- input ---------------------------------------------------------------------------------
    def skip(self) -> None:
        self.timeline.skip()
        self.effects.shells.clear()
        self.flyers.clear()
        self.tracers.clear()

    def handle(self, event) -> None:
        if self.log.handle(event):     # the log scrolls, even while the shells fly
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.typed:
                self.typed = ""
                return
            from .dialogs import PauseScene
            self.app.sound("click")
            self.app.scenes.push(PauseScene(self.app, self.save_record_now, self.save_record))
            return
        if not through_animation(self, event):
            return
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
            cell = right.cell_at(event.pos)
            if cell is not None:
                self.cursor = cell
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    self.mark(cell)
            return
        if event.type == pygame.TEXTINPUT:
            ch = event.text.strip()
            if not self.typed and ch in ("1", "2", "3"):
                self.set_tool(TOOLS[int(ch) - 1])
                return
            self.typed = (self.typed + ch)[:4]
            self.cursor = typed_cell(self.typed, nv.SIZE, nv.SIZE, self.letters) or self.cursor
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in ARROWS:
            self.cursor = step_cell(self.cursor, event.key, nv.SIZE, nv.SIZE, wrap=True)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.typed:
                self.mark_typed()
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

    def mark_typed(self) -> None:
        try:
            cell = parse_cell(self.typed, nv.SIZE, nv.SIZE, self.letters)
        except RuleError as exc:
            self.typed = ""
            self.refuse(describe(exc, self.tr, self.letters))
            return
        self.typed = ""
        self.cursor = cell
        self.mark(cell)

    def _handle_intercept(self, event) -> None:
        if self.intercept_button.handle(event):
            return
        geo = self.geo_of(self.viewer)
        options = self.game.intercept_options()
        cur = self.own_cursor or (options[0] if options else (6, 6))
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            cell = geo.cell_at(event.pos)
            if cell is not None:
                self.own_cursor = cell
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    self.toggle_down(cell)
        elif event.type == pygame.KEYDOWN:
            if event.key in ARROWS:
                self.own_cursor = step_cell(cur, event.key, nv.SIZE, nv.SIZE, wrap=True)
            elif event.key == pygame.K_SPACE:
                self.toggle_down(cur)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.intercept()
            elif event.key == pygame.K_TAB and options:   # jump between incoming cells
                i = options.index(cur) + 1 if cur in options else 0
                self.own_cursor = options[i % len(options)]

    # -- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        speed = self.app.settings.anim_speed
        if not self.game.over:
            self.elapsed += dt
        self.timeline.update(dt * speed)
        self.effects.update(dt * speed)
        for fl in self.flyers:
            fl.t += dt * speed
            if fl.kind == "torpedo":
                fl.wake += dt * speed
                if fl.wake > 0.03 and fl.t < fl.duration:
                    fl.wake = 0.0
                    self.effects._spray(self._flyer_pos(fl), 1, 8 * self.effects.scale, 0.9,
                                        3 * self.effects.scale, (150, 200, 235), drag=2,
                                        grow=5 * self.effects.scale, spread=0.3)
        self.flyers = [fl for fl in self.flyers if fl.t < fl.duration]
        for tr in self.tracers:
            tr.life -= dt * speed
        self.tracers = [tr for tr in self.tracers if tr.life > 0]
        self.message_time = max(0.0, self.message_time - dt)
        for f in self.fields:
            for c in list(f.pulses):
                f.pulses[c] -= dt
                if f.pulses[c] <= 0:
                    del f.pulses[c]
        g = self.game
        if not g.over and not self.busy:
            actor = g.pending.player if g.pending is not None else g.turn
            if self.seat(actor).kind == COMPUTER:
                self.timeline.add(AI_THINK, self._computer_move)
        for owner in (0, 1):
            geo = self.geo_of(owner)
            for cell, mark in self.fields[owner].marks.items():
                if mark == nv.HIT:
                    self.effects.fire(geo.center(cell), dt * speed)

    def _computer_move(self, skipping: bool) -> None:
        g = self.game
        if g.over:
            return
        actor = g.pending.player if g.pending is not None else g.turn
        if self.seat(actor).kind != COMPUTER:
            return
        self.play(self.ais[actor].act(g.view(actor)))

    # -- drawing -------------------------------------------------------------------------------
    def _flyer_pos(self, fl: Flyer) -> tuple:
        k = min(1.0, fl.t / fl.duration)
        return (fl.start[0] + (fl.end[0] - fl.start[0]) * k,
                fl.start[1] + (fl.end[1] - fl.start[1]) * k)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        v = self.viewer
        g = self.game
        view = self._view()
        ox, oy = self.effects.shake_offset()
        geo_l = self._geo["left"].moved(ox, oy)
        geo_r = self._geo["right"].moved(ox, oy)
        own = self.fields[v]
        intercepting = self.human_intercepting
        own_cursor = (self.own_cursor or (g.intercept_options() or [(6, 6)])[0]) \
            if intercepting else None
        paint_field(surface, geo_l, self.letters, self.t, g.fleets[v],
                    {c: m for c, m in own.marks.items() if m != nv.EMPTY},
                    own.wrecks, own.lost, own.pulses, cursor=own_cursor)
        if view.aa is not None:
            draw_aa_reach(surface, geo_l, view.aa, 70 if intercepting else 12)
        if intercepting:
            self._draw_incoming(surface, geo_l)
        enemy = self.fields[1 - v]
        to_move = self.human_to_move
        paint_field(surface, geo_r, self.letters, self.t + 1.3, [], enemy.marks, enemy.wrecks,
                    (), enemy.pulses, cursor=self.cursor if to_move else None,
                    dim=0.3 if intercepting else 0.0)
        if to_move:
            self._draw_plan(surface, geo_r)
        self.effects.draw(surface, (ox, oy))
        self._draw_flyers(surface, (ox, oy))
        self._draw_titles(surface)
        self._draw_header(surface)
        self._draw_log(surface)
        self._draw_status(surface)

    def _draw_incoming(self, surface, geo: BoardGeometry) -> None:
        g = self.game
        options = set(g.intercept_options())
        for c in g.volley.targets:
            r = geo.cell_rect(c)
            plane = c in g.volley.air
            colour = theme.BAD if c in options else theme.TEXT_DIM
            cx, cy = r.center
            rad = geo.cell * 0.38
            pygame.draw.circle(surface, colour, (cx, cy), rad, max(2, geo.cell // 14))
            pygame.draw.line(surface, colour, (cx - rad, cy), (cx + rad, cy), 1)
            pygame.draw.line(surface, colour, (cx, cy - rad), (cx, cy + rad), 1)
            if plane:
                _plane_shape(surface, (cx, cy), geo.cell * 0.28, colour, 1)
            if c in self.shoot_down:
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(-2, -2), max(2, geo.cell // 10),
                                 border_radius=geo.cell // 4)

    def _draw_plan(self, surface, geo: BoardGeometry) -> None:
        lw = max(2, geo.cell // 12)
        for n, c in enumerate(self.shots, 1):
            r = geo.cell_rect(c).inflate(-geo.cell // 6, -geo.cell // 6)
            pygame.draw.ellipse(surface, theme.CURSOR, r, lw)
        if len(self.pair) == 2:
            a, b = (geo.cell_rect(c) for c in self.pair)
            pygame.draw.rect(surface, theme.ACCENT, a.union(b).inflate(-geo.cell // 8, -geo.cell // 8),
                             lw, border_radius=geo.cell // 3)
        for c in self.air:
            _plane_shape(surface, geo.center(c), geo.cell * 0.36, theme.GOOD, 0)
        hover = self.cursor
        if self.tool == "torpedo" or self.torpedo is not None:
            row = self.torpedo if self.torpedo is not None else hover[1]
            from_left = self.viewer == self.game.first
            band = pygame.Rect(geo.grid.x, geo.y + row * geo.cell, geo.grid.w, geo.cell)
            alpha = 90 if self.torpedo is not None else 45
            surface.blit(tint(band.size, (*theme.GOOD, alpha)), band.topleft)
            edge_x = geo.grid.left - geo.cell * 0.45 if from_left else geo.grid.right + geo.cell * 0.45
            tip = geo.cell * 0.35 * (1 if from_left else -1)
            cy = band.centery
            pygame.draw.polygon(surface, theme.GOOD, [(edge_x + tip, cy), (edge_x - tip, cy - tip),
                                                      (edge_x - tip, cy + tip)])
        if self.tool == "air":
            xs = [c[0] for c in self.air] or [hover[0]]
            ys = [c[1] for c in self.air] or [hover[1]]
            x0 = max(0, min(min(xs), hover[0] - 1, nv.SIZE - 3))
            y0 = max(0, min(min(ys), hover[1] - 1, nv.SIZE - 3))
            x0 = max(x0, max(xs) - 2)
            y0 = max(y0, max(ys) - 2)
            frame = pygame.Rect(geo.x + x0 * geo.cell, geo.y + y0 * geo.cell, 3 * geo.cell,
                                3 * geo.cell)
            pygame.draw.rect(surface, theme.GOOD, frame, lw, border_radius=geo.cell // 4)

    def _draw_flyers(self, surface, offset) -> None:
        ox, oy = offset
        s = self.effects.scale
        for fl in self.flyers:
            x, y = self._flyer_pos(fl)
            x, y = x + ox, y + oy
            if fl.kind == "plane":
                pygame.draw.circle(surface, (10, 20, 30), (x + 6 * s, y + 14 * s), max(2, 4 * s))
                _plane_shape(surface, (x, y), 12 * s, (230, 236, 245), 0,
                             1 if fl.end[0] >= fl.start[0] else -1)
            else:
                d = 1 if fl.end[0] >= fl.start[0] else -1
                body = pygame.Rect(0, 0, 18 * s, 6 * s)
                body.center = (x, y)
                pygame.draw.ellipse(surface, (30, 36, 44), body)
                spr = glow(5 * s, (120, 200, 255), 5)
                surface.blit(spr, (x - d * 10 * s - spr.get_width() / 2, y - spr.get_height() / 2),
                             special_flags=pygame.BLEND_RGB_ADD)
        for tr in self.tracers:
            k = tr.life / tr.span
            colour = (int(255 * k), int(230 * k), int(120 * k))
            a = (tr.start[0] + ox, tr.start[1] + oy)
            b = (tr.end[0] + ox, tr.end[1] + oy)
            for j in (0.0, 0.35, 0.7):   # dashed bursts climbing to the target
                p0 = (a[0] + (b[0] - a[0]) * j, a[1] + (b[1] - a[1]) * j)
                p1 = (a[0] + (b[0] - a[0]) * (j + 0.22), a[1] + (b[1] - a[1]) * (j + 0.22))
                pygame.draw.line(surface, colour, p0, p1, max(2, int(2 * s)))

    def _draw_titles(self, surface) -> None:
        px = theme.font_px(self.size, 22)
        v = self.viewer
        for side, owner, key in (("left", v, "battle.own_fleet"),
                                 ("right", 1 - v, "battle.enemy_waters")):
            geo = self._geo[side]
            title = self.tr(key, name=self.seat(owner).name)
            text.draw(surface, title, (geo.grid.centerx, geo.outer.y - px * 0.8), px,
                      theme.PLAYER_COLOURS[owner], "center")
            afloat = [s.kind for i, s in enumerate(self.game.fleets[owner])
                      if s.cells not in self.fields[owner].wrecks]
            words = " · ".join(self.tr(f"naval.ship.{k}") for k in afloat)
            small = max(12, int(px * 0.7))
            words = words if text.size(words, small)[0] < geo.grid.w else str(len(afloat))
            text.draw(surface, words, (geo.grid.centerx, geo.grid.bottom + small * 0.9), small,
                      theme.TEXT_DIM, "center")

    def _draw_header(self, surface) -> None:
        w = self.size[0]
        px = theme.font_px(self.size, 32)
        y = int(34 * theme.unit(self.size))
        words, colour = self.banner()
        px = text.fit_px(words, px, int(w * 0.96))
        text.draw(surface, words, (w / 2, y), px, colour, "center", shadow=True)

    def banner(self) -> tuple[str, tuple]:
        """The header's words, from what the screen has shown (see BattleScene.banner)."""
        if self.over_shown:
            return self.tr("battle.over"), theme.ACCENT
        if self.human_intercepting:
            return self.tr("naval.intercept_title"), theme.ACCENT
        seat = self.seat(self.turn_shown)
        if self.human_to_move:
            if self.match.hot_seat:
                return self.tr("battle.turn_of", name=seat.name), theme.GOOD
            return self.tr("battle.your_turn"), theme.GOOD
        colour = theme.PLAYER_COLOURS[self.turn_shown]
        if seat.kind == COMPUTER:
            return self.tr("battle.enemy_turn", name=seat.name), colour
        if self.match.hot_seat:
            return self.tr("battle.firing", name=seat.name), colour
        return self.tr("battle.you_fire"), colour

    def _draw_log(self, surface) -> None:
        self.log.draw(surface, self.log_rect, theme.font_px(self.size, 18), fit=True,
                      pad=10)


    def _draw_status(self, surface) -> None:
        rect = self.status_rect
        panel(surface, rect, 200)
        px = theme.font_px(self.size, 18)
        x, y = rect.x + 10, rect.y + 8
        line = int(px * 1.3)
        view = self._view()
        if self.human_intercepting:
            g = self.game
            shells = [c for c in g.intercept_options() if c in g.volley.shells]
            planes = [c for c in g.intercept_options() if c not in g.volley.shells]
            chosen = len([c for c in self.shoot_down if c in g.volley.shells])
            rows = [self.tr("naval.intercept_shells", n=chosen, total=min(nv.AA_SHELLS, len(shells)),
                            reach=len(shells)),
                    self.tr("naval.intercept_planes", n=len(planes))]
            for i, words in enumerate(rows):
                text.draw(surface, words, (x, y + line * i), text.fit_px(words, px, rect.w - 20),
                          theme.TEXT)
            bh = int(px * 1.8)
            self.intercept_button.rect = pygame.Rect(rect.x + 10, rect.bottom - bh - 8,
                                                     rect.w - 20, bh)
            self.intercept_button.draw(surface, px)
            room = max(0, (self.intercept_button.rect.y - 2 - (y + line * 2)) // line)
            words = self.message if self.message_time > 0 and self.message else \
                self.tr("naval.intercept_hint")
            colour = theme.BAD if self.message_time > 0 and self.message else theme.TEXT_DIM
            for i, ln in enumerate(text.wrap(words, px - 2, rect.w - 20)[:room]):
                text.draw(surface, ln, (x, y + line * (2 + i)), px - 2, colour)
            return
        self.intercept_button.rect = pygame.Rect(0, 0, 0, 0)
        left = self.shells_left()
        torpedo = ("naval.torpedo_ready" if view.torpedo_ready else "naval.torpedo_none")
        words = self.tr("naval.shells", n=max(0, left), total=view.guns)
        if view.pair:
            words += " · " + self.tr("naval.pair_on" if self.pair else "naval.pair_off")
        text.draw(surface, words, (x, y), text.fit_px(words, px, rect.w - 20), theme.ACCENT)
        words = self.tr(torpedo) + " · " + self.tr("naval.planes", n=view.planes)
        if not view.ability_allowed:
            words = self.tr("naval.no_ability_yet")
        text.draw(surface, words, (x, y + line), text.fit_px(words, px, rect.w - 20), theme.TEXT)
        bh = int(px * 1.7)
        gap = 6
        total = rect.w - 20 - 3 * gap
        fire_w = int(total * 0.31)
        tool_w = (total - fire_w) // 3
        by = rect.bottom - bh - 8
        to_move = self.human_to_move
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(rect.x + 10 + i * (tool_w + gap), by, tool_w, bh)
            if to_move:
                b.draw(surface, px - 3)
                if TOOLS[i] == self.tool:
                    pygame.draw.rect(surface, theme.GOOD, b.rect, 3, border_radius=8)
        self.fire_button.rect = pygame.Rect(rect.x + 10 + 3 * (tool_w + gap), by,
                                            rect.right - 10 - (rect.x + 10 + 3 * (tool_w + gap)), bh)
        if to_move:
            self.fire_button.draw(surface, px)
        msg_y = y + line * 2
        room = max(0, (by - 2 - msg_y) // line)
        if self.message_time > 0 and self.message:
            for i, ln in enumerate(text.wrap(self.message, px - 2, rect.w - 20)[:room]):
                text.draw(surface, ln, (x, msg_y + line * i), px - 2, theme.BAD)
        elif room:
            typed = self.typed + ("_" if int(self.t * 2) % 2 == 0 and to_move else "")
            hint = (self.tr("battle.typed", typed=typed) + "   " + self.tr("naval.hint")) \
                if to_move else self.tr("battle.hint_busy")
            for i, ln in enumerate(text.wrap(hint, px - 3, rect.w - 20)[:room]):
                text.draw(surface, ln, (x, msg_y + line * i), px - 3, theme.TEXT_DIM)


def _plane_shape(surface, centre, size: float, colour, width: int, direction: int = 1) -> None:
    """A small aircraft seen from above, nose toward ``direction`` (1: right, -1: left)."""
    cx, cy = centre
    d = direction
    pts = [(cx + d * size, cy), (cx + d * size * 0.2, cy - size * 0.15),
           (cx - d * size * 0.1, cy - size * 0.9), (cx - d * size * 0.35, cy - size * 0.9),
           (cx - d * size * 0.2, cy - size * 0.15), (cx - d * size * 0.75, cy - size * 0.12),
           (cx - d * size * 0.95, cy - size * 0.45), (cx - d * size, cy),
           (cx - d * size * 0.95, cy + size * 0.45), (cx - d * size * 0.75, cy + size * 0.12),
           (cx - d * size * 0.2, cy + size * 0.15), (cx - d * size * 0.35, cy + size * 0.9),
           (cx - d * size * 0.1, cy + size * 0.9), (cx + d * size * 0.2, cy + size * 0.15)]
    pygame.draw.polygon(surface, colour, pts, width)

