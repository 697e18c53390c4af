"""The battle: your fleet with the enemy's shots on the left, the enemy waters with yours on the
right (RULES.md §C).

The scene is a player of events: it passes an action to the rules, gets events back, and turns
each into timed cues (a shell in flight, a splash or an explosion, the mark, the log line, the
halo dots). What the boards show is kept in step with those cues, so a result never shows before
its shell lands. While cues are pending, any key or click skips them.
"""

from __future__ import annotations

import random

import pygame

from ...i18n.phrase import Phrase
from ...rules.classic import (EMPTY, GIVE_CELL, GIVE_MINE, HIT, KNOWN_MINE, MINE, MISS,
                             RELOCATE, SUNK, SWEEPER, WRECK, CellGiven, DefenceSpent, GameOver,
                             GiveCell, GiveMine, MineGiven, Relocate, Relocated, Salvo, Shot,
                             ShotResult, TurnChanged, TurnSkipped, UseWeapon, WeaponResult,
                             shot_results)
from ...rules.errors import RuleError
from ...i18n import describe
from ...render import text, theme
from ...render.battle import draw_afloat, status_panel
from ...render.board import (BoardGeometry, BoardPicture, burning_ship, draw_board,
                             livery_colours)
from ...render.strike import Strike
from ...render.widgets import Button
from ..common.battle_base import FieldsBattle
from .arsenal import ArsenalBattle
from .dutchman import PaintShipScene
from .showcase import ArsenalShowcase
from .words import shot_words

FLIGHT = 0.55      # seconds a shell flies


class BattleScene(ArsenalShowcase, ArsenalBattle, FieldsBattle):
    HALO_MARK, HIT_MARK = EMPTY, HIT
    PAD = {**FieldsBattle.PAD, "x": pygame.K_TAB}   # X: the bomber's row or column

    def __init__(self, app, match, game, demo: bool = False, keep_record: bool = True):
        self.demo = demo  # attract mode behind the title menu: silent, no panels
        cfg = game.config
        super().__init__(app, match, game, cfg.width, cfg.height, keep_record)
        self.fields = [BoardPicture(), BoardPicture()]  # per field owner, as animated so far
        self.cursor = (cfg.width // 2, cfg.height // 2)
        self.typed = ""
        self.turn_shots: list[list] = [[], []]  # cells each player shot in his current turn
        self.thoughts: dict[int, list] = {p: [] for p in self.ais}  # the fairness view
        self.salvo: list = []     # C4: the cells the human has marked for his next salvo
        self.prompted = -1        # the history length at which the human was last asked
        self.own_cursor = None    # the cursor on his own field while he gives a cell (C5, C6)
        self.fire_button = Button(lambda: self.tr("battle.fire_salvo", n=len(self.salvo),
                                                  total=self.table.salvo_size()),
                                  self.fire_salvo, lambda: self.salvo_ready, hotkey="Enter")
        self.strike = Strike(random.Random(match.seed ^ 0x57))   # §A's planes, bombs, flak
        self.init_arsenal()
        self._begin()

    # -- state shown on the boards --------------------------------------------------------
    def sync_field(self, owner: int, pic: BoardPicture) -> None:
        t = self.table
        pic.marks = dict(t.shots_at[owner])
        pic.marks.update({c: EMPTY for c in t.known_empty[owner]})
        pic.marks.update({c: KNOWN_MINE for c in t.told[owner] if c not in t.shots_at[owner]})
        pic.wrecks = list(t.sunk[owner])
        pic.kinds = {frozenset(s): n for s, n in zip(t.ships[owner], t.names[owner])
                     if n and s in pic.wrecks}     # a sunk ship's name the rules have told

    @property
    def human_to_move(self) -> bool:
        """The human at the screen may shoot now (no decision pending)."""
        return self._free_to_act and self.table.decision is None

    @property
    def human_deciding(self) -> str | None:
        """The decision (GIVE_CELL, GIVE_MINE, RELOCATE) the human at the screen must make."""
        d = self.table.decision
        return d.kind if d is not None and self._free_to_act else None

    @property
    def salvo_ready(self) -> bool:
        return (self.table.config.salvo != "off" and self.human_to_move
                and len(self.salvo) == self.table.salvo_size())

    # -- playing actions ---------------------------------------------------------------------
    def play(self, action) -> None:
        """Pass ``action`` to the rules and queue the animation of what it caused. A salvo's
        shells fly together (C4), a beat apart."""
        events = self._act(action)
        self.match.progressed(self.game)
        self._applied(events)
        self.salvo = []
        self.show(events, isinstance(action, Salvo))

    def show(self, events, salvo: bool = False) -> None:
        """Queue the animation of ``events`` (what one action caused; ``salvo``: its shells
        fly together). Online, they come with the server's states (issue 23)."""
        at = 0.0
        volley_end = 0.0
        over = any(isinstance(e, GameOver) for e in events)
        kills = [r for e in events for r in ((e,) if isinstance(e, ShotResult) else
                                             e.results if isinstance(e, WeaponResult) else ())
                 if r.outcome == SUNK]
        last = kills[-1] if over and kills else None   # the fleet's last ship: the finale
        for event in events:
            if isinstance(event, ShotResult):
                self.turn_shots[event.shooter].append(event.cell)
                if salvo:
                    volley_end = max(volley_end, self._animate_shot(event, at,
                                                                    event is last))
                    at += 0.09
                else:
                    at = self._animate_shot(event, at, event is last)
                continue
            if volley_end:
                at, volley_end = max(at, volley_end), 0.0
            if isinstance(event, WeaponResult):      # §A: one weapon, answered together
                at = self.show_weapon(event, at, last)
            elif isinstance(event, DefenceSpent):
                at = self.show_spent(event, at)
            elif isinstance(event, TurnChanged):
                self.timeline.add(at + 0.25, lambda s, e=event: self._turn_changed(e.player))
                at += 0.25
            elif isinstance(event, GameOver):
                self.timeline.add(at + 0.3, lambda s, e=event: self._last_words(e))
                self.timeline.add(at + (3.0 if last else 1.4), lambda s: self.end())
            elif isinstance(event, (CellGiven, MineGiven, Relocated, TurnSkipped)):
                self.timeline.add(at + 0.1, lambda s, e=event: self._told(e, s))
                at += 0.35
        if volley_end:
            self.timeline.add(volley_end, lambda s: None)

    def _told(self, event, skipping: bool) -> None:
        """The log line (and board change) of a decision or a lost turn."""
        if isinstance(event, CellGiven):
            self._log(event.player, Phrase("log.gave", cell=self._cell(event.cell)))
        elif isinstance(event, MineGiven):
            if event.cell is None:
                self._log(event.player, Phrase("log.no_mine"))
            else:
                self.fields[event.player].marks.setdefault(event.cell, KNOWN_MINE)
                self._log(event.player, Phrase("log.told", cell=self._cell(event.cell)))
                if not skipping:      # C6: the minesweeper sweeps the mine it was told
                    self.effects.sweep(self.geo_of(event.player).center(event.cell))
                self._sound("sweep", skipping)
        elif isinstance(event, Relocated):
            if event.moved:
                marks = self.fields[event.player].marks
                for c, m in list(marks.items()):
                    if m == MISS:
                        del marks[c]
                    elif m == HIT:
                        marks[c] = WRECK
                self._sound("whistle", skipping, volume=0.4)
            self._log(event.player, Phrase("log.moved" if event.moved else "log.stayed"))
        elif isinstance(event, TurnSkipped):
            self._log(event.player, Phrase("log.skipped", name=self.seat(event.player)))

    def _animate_shot(self, ev: ShotResult, at: float, final: bool = False) -> float:
        """Queue one shot's cues from ``at``: launch, flight, impact; a sunk ship goes down
        with its kill moment (``final``: the fleet's last). Returns when its cues end."""
        target_owner = 1 - ev.shooter
        src = self.geo_of(ev.shooter).grid.center
        dst = self.geo_of(target_owner).center(ev.cell)

        def launch(skipping):
            if skipping:
                return
            self.effects.muzzle(src)
            self.effects.shell(src, dst, FLIGHT)
            self._sound("launch", skipping, src[0], 0.7)
            self._sound("whistle", skipping, dst[0], 0.5)

        def impact(skipping):
            pic = self.fields[target_owner]
            dst_now = self.geo_of(target_owner).center(ev.cell)
            pic.marks[ev.cell] = ev.outcome if ev.outcome != SUNK else SUNK
            self._log(ev.shooter, shot_words(ev, self._cell))
            deed = {HIT: "hit", SUNK: "sink"}.get(ev.outcome, "miss")
            for p in self.ais:
                self._remark(p, ("we_" if ev.shooter == p else "they_") + deed)
            if ev.outcome == MINE:      # C5: a water column and a shock ring
                if not skipping:
                    self.effects.mine_blast(dst_now)
                self._sound("mine", skipping, dst_now[0])
            elif ev.outcome == SWEEPER:
                if not skipping:
                    self.effects.explosion(dst_now, 0.8)
                self._sound("hit", skipping, dst_now[0])
            elif ev.outcome == MISS:
                if not skipping:
                    self.effects.splash(dst_now)
                self._sound("splash", skipping, dst_now[0])
            else:
                if not skipping:
                    self.effects.explosion(dst_now, 1.0)
                self._sound("hit", skipping, dst_now[0])
            if not skipping and not self.demo and ev.outcome != SUNK:   # a kill has its moment
                colour = {HIT: theme.HIT, SUNK: theme.BAD, MINE: theme.BAD,
                          SWEEPER: theme.HIT}.get(ev.outcome, theme.MISS)
                px = int(self.geo_of(target_owner).cell * (0.9 if ev.outcome == SUNK else 0.7))
                self.effects.float_text(self.tr(f"shot.{ev.outcome}"),
                                        (dst_now[0], dst_now[1] - px), px, colour,
                                        bounds=self.geo_of(target_owner).grid)

        self.timeline.add(at, launch)
        self.timeline.add(at + FLIGHT, impact)
        end = at + FLIGHT + (0.35 if ev.outcome == MISS else 0.6 if ev.outcome == MINE else 0.45)
        if ev.outcome == SUNK:
            end = self._sink_run(ev, end, final)
        return end

    def _sink_cell(self, ev: ShotResult, cell, i: int, skipping: bool, final: bool = False
                   ) -> None:
        """A sunk ship's cell, one after another: the first sends the ship down (it lists,
        breaks, goes under; the wreck stays below) and plays the kill moment."""
        owner = 1 - ev.shooter
        pic = self.fields[owner]
        geo = self.geo_of(owner)
        pic.marks[cell] = SUNK
        if i == 0:
            pic.wrecks.append(ev.ship)
            if ev.ship_name:
                pic.kinds[frozenset(ev.ship)] = ev.ship_name
            self._sound("sink", skipping, geo.center(cell)[0])
            if not skipping:
                sprite, origin, vertical = burning_ship(geo.cell, ev.ship, ev.ship_name,
                                                        self.livery_of(owner))
                self.effects.sink(sprite, sprite.get_rect(topleft=geo.cell_rect(origin).topleft),
                                  vertical, 2.6 if final else 2.2)
                name = self.tr(f"ship.{ev.ship_name}") if ev.ship_name else None
                self.kill_moment(geo.grid, geo.center(cell), geo.cell, name, final,
                                 ours=owner == self.viewer and self._mine(owner))
        if not skipping:
            self.effects.explosion(geo.center(cell), 1.25 if not final else 1.6)

    def _turn_changed(self, player: int) -> None:
        self.turn_shots[player] = []
        super()._turn_changed(player)

    def _handed_over(self, player: int, follows: bool = False) -> None:
        for c in self.turn_shots_of_last(1 - player):   # where the other side just shot
            self.fields[player].pulses[c] = 2.5

    def turn_shots_of_last(self, player: int) -> list:
        """The cells ``player`` shot in his last turn (shown to the other after the curtain)."""
        shots = []
        for shooter, _, result in reversed(self.table.history):
            if shooter != player:
                if shots:
                    break
                continue
            shots += [r.cell for r in shot_results(result)]
        return shots

    def _result(self) -> dict:
        self._remember_player()
        insight = None
        for p, ai in self.ais.items():
            found = getattr(ai.shooter, "insight", lambda: None)()
            if found:
                insight = self.tr(found, name=self.seat(p).name)
        return {"thoughts": self.thoughts, "insight": insight}

    def _remember_player(self) -> None:
        """Teach the player's profile where his ships stood and where he fired first (the
        finished game's own record: this is after the play)."""
        profile = self.match.profile
        humans = self.match.humans
        if profile is None or len(humans) != 1:
            return
        h = humans[0]
        cfg = self.game.config
        shots = [r.cell for p, _, result in self.game.history if p == h
                 for r in shot_results(result)]
        profile.remember(cfg.width, cfg.height, self.game.ships[h], shots)
        self.app.save_profile(profile)

    # -- input -------------------------------------------------------------------------------
    def fire(self, cell) -> None:
        """The human names ``cell``: a shot, or in salvo mode (C4) a mark toggled on it; while a
        decision is asked of him, the cell of his own field he gives (C5, C6)."""
        kind = self.human_deciding
        if kind in (GIVE_CELL, GIVE_MINE):
            self.decide_cell(cell)
            return
        if not self.human_to_move:
            return
        if self.table.config.salvo != "off":
            self.mark_salvo(cell)
            return
        if self.weapon is not None:     # §A: the weapon chosen flies there
            self.fire_weapon(cell)
            return
        if self.attempt(Shot(cell)):
            self.typed = ""

    def enter_typed(self) -> None:
        self.act_typed(self.fire)

    def mark_salvo(self, cell) -> None:
        if cell in self.salvo:
            self.salvo.remove(cell)
            self.app.sound("click")
            return
        if len(self.salvo) >= self.table.salvo_size():
            self.refuse(self.tr("battle.salvo_full", n=self.table.salvo_size()))
            return
        try:
            self.table.check_target(cell)
        except RuleError as exc:
            self.refuse(describe(exc, self.tr, self.letters))
            return
        self.message = ""
        self.salvo.append(cell)
        self.app.sound("click")

    def fire_salvo(self) -> None:
        if not self.human_to_move:
            return
        self.attempt(Salvo(tuple(self.salvo)))

    def decide_cell(self, cell) -> None:
        kind = self.human_deciding
        self.attempt(GiveCell(cell) if kind == GIVE_CELL else GiveMine(cell))

    def ask_relocation(self) -> None:
        """§D: the human's Dutchman was hit; he draws where what is left goes, or stays."""
        t = self.table
        me = self.viewer
        ship = t.ships[me][0]
        marks = {c: m for c, m in self.fields[me].marks.items() if m in (HIT, WRECK, SUNK)}

        def done(cells):
            self.app.scenes.pop()
            self.play(Relocate(tuple(cells)))

        def stay():
            self.app.scenes.pop()
            self.play(Relocate(None))

        self.app.scenes.push(PaintShipScene(
            self.app, t.config, self.letters.key,
            self.tr("paint.move", n=len(ship)), len(ship), done, cells=ship,
            wrecks=t.wrecks[me], marks=marks, on_stay=stay,
            rng=random.Random(self.ai_rng.getrandbits(32))))

    def handle_input(self, event) -> None:
        if self.fire_button.handle(event):
            return
        if self.handle_arsenal(event):
            return
        deciding = self.human_deciding
        if deciding in (GIVE_CELL, GIVE_MINE):
            self._handle_decision(event)
            return
        right = self.geo_of(1 - self.viewer)
        self.cursor, used = self._pointer(event, right, self.cursor, self.fire)
        if used:
            return
        if event.type == pygame.TEXTINPUT:
            self._type(event.text.strip())
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.typed:
                    self.enter_typed()
                elif self.salvo_ready:
                    self.fire_salvo()
                else:
                    self.fire(self.cursor)
            elif event.key == pygame.K_SPACE and not self.typed:
                self.fire(self.cursor)
            elif event.key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                self._type("")

    def _handle_decision(self, event) -> None:
        """C5/C6: the human picks a cell of his own field (left board) to give."""
        cur = self.own_cursor or self.table.decision_options()[0]
        self.own_cursor, used = self._pointer(event, self.geo_of(self.viewer), cur,
                                              self.decide_cell)
        if not used and event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.decide_cell(cur)

    # -- time --------------------------------------------------------------------------------
    def settle(self, dt: float) -> None:
        moves = self.table.moves
        if (self.human_deciding == RELOCATE and self.prompted != moves
                and self.app.scenes.top is self):
            self.prompted = moves
            self.ask_relocation()

    def place_controls(self) -> None:
        b = self.fire_button     # the salvo's button, under the status panel (C4)
        if self.table.config.salvo != "off" and not self.table.over:
            rect = self.status_rect
            bh = int(theme.font_px(self.size, 20) * 1.7)
            b.rect = pygame.Rect(rect.x + 12, rect.bottom - bh - 8, rect.w - 24, bh)
        else:
            b.rect = pygame.Rect(0, 0, 0, 0)
        self.place_arsenal()

    def _decided(self, player: int, action) -> None:
        ai = self.ais[player]
        cells = (action.cell,) if isinstance(action, (Shot, UseWeapon)) else \
            action.cells if isinstance(action, Salvo) else ()   # a weapon (§A): its aim
        if ai.belief is not None and cells:
            self.thoughts[player].append((self.table.moves + 1, cells[0], ai.belief))
            ai.belief = None
        self.play(action)

    # -- drawing -----------------------------------------------------------------------------
    def draw_battle(self, surface: pygame.Surface, offset) -> None:
        v = self.viewer
        ox, oy = offset
        t = self.table
        own = self.fields[v]
        view = self._view()
        hull = "dutchman" if t.config.shapes == "any" else None    # §D: the ghostly ship
        own_pic = BoardPicture(
            ships=[s for s in t.ships[v] if s not in own.wrecks and s],
            wrecks=own.wrecks,
            marks={c: m for c, m in own.marks.items() if m not in (EMPTY, MINE)},
            pulses=own.pulses, mines=list(view.own_mines),
            spent=[c for c in view.own_mines if own.marks.get(c) == MINE],
            sweepers=[c for c in t.sweepers[v] if own.marks.get(c) != SWEEPER],
            gave=list(view.gave), faded=list(view.incoming_faded),
            kinds={frozenset(s): n for s, n in zip(t.ships[v], t.names[v]) if n}, hull=hull,
            livery=self.livery_of(v))
        enemy = self.fields[1 - v]
        enemy_pic = BoardPicture(ships=enemy.ships, wrecks=enemy.wrecks, marks=enemy.marks,
                                 pulses=enemy.pulses, given=list(view.given),
                                 faded=list(view.faded), selected=list(self.salvo), hull=hull,
                                 kinds=enemy.kinds)
        geo_l = self._geo["left"].moved(ox, oy)
        geo_r = self._geo["right"].moved(ox, oy)
        cursor = self.cursor if self.human_to_move else None
        deciding = self.human_deciding in (GIVE_CELL, GIVE_MINE)
        own_cursor = (self.own_cursor or t.decision_options()[0]) if deciding else None
        draw_board(surface, geo_l, own_pic, self.letters, self.t, cursor=own_cursor)
        if deciding:
            for c in t.decision_options():
                pygame.draw.rect(surface, theme.ACCENT, geo_l.cell_rect(c), 2,
                                 border_radius=geo_l.cell // 5)
        draw_board(surface, geo_r, enemy_pic, self.letters, self.t + 1.3, cursor=cursor,
                   dim=0.35 if deciding else 0.0)
        self.draw_arsenal_fields(surface, geo_l, geo_r, (ox, oy))
        self.effects.draw(surface, (ox, oy))
        if self.demo:
            return
        if self.arsenal:
            self.strike.draw(surface, (ox, oy))
            self.draw_arsenal_over(surface, (ox, oy))
        self._draw_titles(surface)
        self._draw_header(surface)
        self._draw_log(surface)
        self._draw_status(surface)
        self.draw_arsenal_rows(surface)

    def _draw_afloat(self, surface, geo: BoardGeometry, owner: int, px: int) -> None:
        """Under his board: each size of ``owner``'s ships, how many are still afloat."""
        fleet = sorted(self.table.config.sizes, reverse=True)
        afloat = list(fleet)
        for wreck in self.fields[owner].wrecks:
            if len(wreck) in afloat:
                afloat.remove(len(wreck))
        kind = None
        if self.table.config.relocate:     # §D: the Dutchman, one ship
            fleet = [self.table.dutchman_decks(owner)]
            afloat = fleet if len(afloat) else []
            kind = "dutchman"
        room = self.log_rect.y - geo.grid.bottom - 4 - self.arsenal_room()
        draw_afloat(surface, geo, fleet, afloat, room, kind,
                    livery_colours(self.livery_of(owner)))

    def _draw_header(self, surface, x=None):
        y, px = super()._draw_header(surface)
        if self.match.series.best_of > 1:
            sc = self.match.series.score
            text.draw(surface, self.tr("battle.series", n=self.match.series.best_of, a=sc[0],
                                       b=sc[1]), (self.size[0] / 2, y + px * 0.9),
                      theme.font_px(self.size, 18), theme.TEXT_DIM, "center")
        return y, px

    def _prompt(self) -> str | None:
        deciding = self.human_deciding
        return self.tr(f"battle.decide_{deciding}") if deciding else None

    def _computer_words(self, seat) -> str:
        d = self.table.decision   # C5, C6, §D: the computer decides, once the cues are over
        if d is not None and d.player == self.turn_shown and not self.timeline.busy:
            return self.tr("battle.deciding", name=seat.name)
        return super()._computer_words(seat)

    def _draw_status(self, surface) -> None:
        rect = self.status_rect
        px, x, y, line = status_panel(surface, rect, self.size, 20, 12)
        deciding = self.human_deciding
        if self.table.config.salvo != "off" and not self.table.over:
            n = self.table.salvo_size()
            text.draw(surface, self.tr("battle.salvo_left", n=n - len(self.salvo), total=n),
                      (rect.right - 12, y), px, theme.ACCENT, "topright")
            if self.human_to_move:
                self.fire_button.draw(surface, px - 2)
                rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - self.fire_button.rect.h - 8)
        if deciding not in (GIVE_CELL, GIVE_MINE):     # the aim and the typing line
            text.draw(surface, self.tr("battle.aim", cell=self._cell(self.cursor)), (x, y), px,
                      theme.CURSOR)
            words = self.typed_line(int(self.t * 2) % 2 == 0 and self.human_to_move)
            text.draw(surface, words, (x, y + line), text.fit_px(words, px, rect.w - 24),
                      theme.ACCENT if self.typed_armed else theme.TEXT)
            y += line * 2
        words_rect = pygame.Rect(x, y, rect.w - 24, rect.bottom - 6 - y)
        if self.message_time > 0 and self.message:
            text.draw_block(surface, self.message, words_rect, px, theme.BAD)
            return
        weapon = self.arsenal_status()
        if weapon and not self.busy:
            text.draw_block(surface, weapon, words_rect, px - 2, theme.ACCENT)
            return
        hint = ("battle.hint_busy" if self.busy else
                f"battle.hint_{deciding}" if deciding in (GIVE_CELL, GIVE_MINE) else
                "battle.hint_salvo" if self.table.config.salvo != "off" else
                "battle.hint_arsenal" if self.arsenal else "battle.hint")
        text.draw_block(surface, self.tr(hint), words_rect, px - 2, theme.TEXT_DIM)

