"""The arcade arsenal on Classic's battle screen (RULES.md §A, issue 36): a mixin of
``BattleScene``. Nothing of it acts, draws or draws from an rng when the config's arsenal is
off.

Choosing: each side's arsenal is a row of weapons under its field (the enemy's read only, §A:
both stocks are seen); keys 1–4 or a click choose the radar, the air strike, the bomber or the
atomic bomb; the target shape follows the pointer (the squares round it, the bomber's row or
column through it, turned with the right button, the wheel or Tab); Esc goes back to a plain
shot; a typed coordinate aims it, a click or Enter fires it (``UseWeapon``). A use the rules
refuse says why and changes nothing.

Showing: a ``WeaponResult`` plays as its spectacle (the radar's beam, the air strike's planes,
the bomber walking its bombs along the line, the atomic column and scorch, an air defence's
tracers and a strike going down in flames), its shots answered together as a salvo's; the
boards then show its marks, what the radar saw, the squares swept and the air defences.
"""

from __future__ import annotations

import pygame

from ...i18n.phrase import Join, Phrase
from ...render import theme
from ...render.arsenal import (BOMB_FALL, Bomber, RadarSweep, Scorch, chip_rects,
                               draw_aim, draw_defences, draw_row, draw_seen, draw_swept,
                               row_area)
from ...render.korabliki import draw_scorched
from ...render.strike import Bomb, Plane
from ...rules.classic import (AIR_DEFENCE, AIR_STRIKE, ATOMIC, BOMBER, MISS, RADAR, SUNK,
                             WEAPONS, DefenceSpent, UseWeapon, WeaponResult)
from ...rules.errors import RuleError
from .words import weapon_words
from ...i18n import describe
from ...pad import typed

KEYS = "1234"           # the keys of WEAPONS, in order
ROW = 34                # the arsenal row's height (in layout units) under each field
PLANE_SPEED = 5.0       # cells a second (the air strike's, as Naval's)
BOMBER_SPEED = 6.0      # cells a second along its line
TRACERS = 0.35          # seconds the air defence fires before a plane is hit
SCORCHED = 0.7          # how dark the atomic square stays (its marks show through)


def scorched_squares(history) -> dict:
    """Per field owner, the squares the atomic bombs of ``history`` have burnt for the rest of
    the game, each as (its centre, its cells)."""
    out = {0: [], 1: []}
    for shooter, _, result in history:
        if isinstance(result, WeaponResult) and result.weapon == ATOMIC:
            out[1 - shooter].append((result.cell, result.cells))
    return out


def weapon_key(chosen, stock: dict, step: int) -> str:
    """The digit that chooses the weapon ``step`` places on from ``chosen``, round the weapons
    in ``stock`` and the plain shot ("": none to step to); the plain shot is the chosen
    weapon's own digit again (it puts the weapon down)."""
    ring = [None] + [w for w in WEAPONS if stock.get(w, 0) > 0]
    i = ring.index(chosen) if chosen in ring else 0
    target = ring[(i + step) % len(ring)] or chosen
    return KEYS[WEAPONS.index(target)] if target else ""


class ArsenalBattle:
    """The arsenal's part of Classic's battle screen (mixed into ``BattleScene``)."""

    weapon: str | None = None     # the weapon chosen, None: a plain shot
    vertical = False              # the bomber flies a column (True) or a row

    def init_arsenal(self) -> None:
        cfg = self.game.config
        self.arsenal = bool(cfg.arsenal) and not self.demo
        self.seen = {0: {}, 1: {}}          # per shooter: what his radar showed, as cued
        self.swept_shown = {0: [], 1: []}   # per field owner: the radar squares shown on it
        self.spent_shown = {0: set(), 1: set()}   # per field owner: air defences spent, shown
        self.unshown = {0: {}, 1: {}}       # per side: charges fired whose cue is still to come
        self.scorches: list = []            # atomic squares cooling
        self.scorched = {0: [], 1: []}      # per field owner: (centre, cells) burnt for good
        self.bombers: list = []
        self.sweeps: list = []
        self.chips: dict = {0: [], 1: []}   # per side: (weapon, rect)
        if self.arsenal:
            self.TOOL_KEYS = KEYS
            log_h, gap, share = self.LOG_ROOM       # room for the rows under the fields (the
            self.LOG_ROOM = (log_h, gap + ROW, share)   # layout scales it with the text)
            self.laid_out = None

    # -- what is shown -----------------------------------------------------------------------
    def sync_arsenal(self) -> None:
        """The arsenal's marks as the tables hold them (a new or resumed game, online)."""
        if not self.arsenal:
            return
        self.scorched = scorched_squares(self.table.history)
        for seat, t in self.tables.items():
            self.seen[seat] = dict(t.radar)
            for owner in (0, 1):
                self.spent_shown[owner] |= set(t.spent_defences[owner])
                if owner == seat or not self.swept_shown[owner]:
                    self.swept_shown[owner] = list(t.swept[owner])

    def stock_shown(self, owner: int) -> dict:
        """``owner``'s arsenal as the cues have shown it (the table's runs ahead of them): a
        charge goes as its weapon flies, an air defence as it is seen spent."""
        t = self.table
        stock = dict(t.stock[owner])
        for weapon, n in self.unshown[owner].items():
            stock[weapon] = stock.get(weapon, 0) + n
        stock[AIR_DEFENCE] = stock.get(AIR_DEFENCE, 0) + len(
            set(t.spent_defences[owner]) - self.spent_shown[owner])
        return stock

    # -- choosing and aiming -------------------------------------------------------------------
    def choose(self, weapon: str | None) -> None:
        """Choose ``weapon`` (None: back to a plain shot); one the rules would refuse now (no
        charge, the first turn) is refused with their words and not chosen."""
        if weapon is None or weapon == self.weapon:
            self.weapon = None
            self.app.sound("click")
            return
        try:
            self.table.check(UseWeapon(weapon, self.anchor(weapon, self.cursor),
                                       self.vertical and weapon == BOMBER))
        except RuleError as exc:
            if exc.code in ("weapon_first_turn", "no_charge", "arsenal_off"):
                self.refuse(describe(exc, self.tr, self.letters))
                return
        self.message = ""
        self.weapon = weapon
        self.app.sound("click")

    def pad_keys(self) -> dict:
        """A controller's shoulders step through the arsenal's weapons (their digits)."""
        keys = dict(self.PAD)
        if self.arsenal and self.human_to_move:
            stock = self.stock_shown(self.viewer)
            for name, step in (("lb", -1), ("rb", 1)):
                digit = weapon_key(self.weapon, stock, step)
                keys[name] = typed(digit) if digit else None
        return keys

    def rotate(self) -> None:
        """The bomber's line turns between a row and a column."""
        self.vertical = not self.vertical
        self.app.sound("click")

    def anchor(self, weapon: str, cell):
        """The cell a ``UseWeapon`` names for ``weapon`` aimed at ``cell``: a square's centre,
        the bomber's first cell."""
        if weapon == BOMBER:
            return self.table.bomber_start(cell, self.vertical)
        return cell

    def aimed(self, cell) -> UseWeapon:
        weapon = self.weapon
        return UseWeapon(weapon, self.anchor(weapon, cell), self.vertical and weapon == BOMBER)

    def aim_cells(self, cell) -> tuple:
        a = self.aimed(cell)
        return self.table.weapon_cells(a.weapon, a.cell, a.vertical)

    def fire_weapon(self, cell) -> None:
        """A click or Enter with a weapon chosen: the rules are asked, and it flies or the
        refusal is said (nothing changes)."""
        if self.attempt(self.aimed(cell)):
            self.weapon = None
            self.typed = ""

    def handle_arsenal(self, event) -> bool:
        """The arsenal's keys and clicks; True if the event was its."""
        if not self.arsenal or not self.human_to_move:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for weapon, rect in self.chips[self.viewer]:
                if rect.collidepoint(event.pos):
                    self.choose(weapon)
                    return True
        if event.type == pygame.TEXTINPUT:
            ch = event.text.strip()
            if not self.typed and ch and ch in KEYS:
                self.choose(WEAPONS[KEYS.index(ch)])
                return True
            return False
        if self.weapon is None:
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3) or \
                event.type == pygame.MOUSEWHEEL or \
                (event.type == pygame.KEYDOWN and event.key == pygame.K_TAB):
            self.rotate()
            return True
        return False

    def _cancel(self) -> bool:
        """Esc: what is typed first, then the weapon chosen (back to a plain shot)."""
        if super()._cancel():
            return True
        if self.weapon is not None:
            self.choose(None)
            return True
        return False

    def drop_typing(self) -> None:
        super().drop_typing()
        self.weapon = None          # the next person at the screen chooses his own

    # -- the spectacle -------------------------------------------------------------------------
    def show_weapon(self, e: WeaponResult, at: float, last=None) -> float:
        """Queue the cues of one weapon from ``at``; returns when they end. ``last``: the
        fleet's last ship's sinking (a shot result of it), which plays the finale."""
        self.turn_shots[e.shooter].extend(r.cell for r in e.results)
        unshown = self.unshown[e.shooter]
        unshown[e.weapon] = unshown.get(e.weapon, 0) + 1

        def fired(skipping):
            unshown[e.weapon] -= 1
            self._log(e.shooter, self._weapon_words(e))

        self.timeline.add(at, fired)
        if e.weapon == RADAR:
            end = self._show_radar(e, at)
        elif e.weapon == ATOMIC:
            end = self._show_atomic(e, at)
        else:
            end = self._show_flight(e, at)
        if e.downed is not None:    # §A: shot down whole, the air defence spent ("Сбит")
            self.timeline.add(end - 0.9, lambda s: self._log(
                e.shooter, Phrase("log.weapon.downed", cell=self._cell(e.downed))))
            return end
        return self._answers(e, end, last)

    def _weapon_words(self, e: WeaponResult):
        return weapon_words(e, self._cell, self.letters)

    def _answers(self, e: WeaponResult, at: float, last=None) -> float:
        """After the impacts: the log's answers as a salvo's (each hit, sunk, mine by its cell,
        the misses counted), each ship sunk going down with its halo, destroyed pieces shown."""
        owner = 1 - e.shooter
        misses = sum(1 for r in e.results if r.outcome == MISS)
        words = [Join(self._cell(r.cell), Phrase(f"shot.{r.outcome}"), sep=" — ")
                 for r in e.results if r.outcome != MISS]
        if e.weapon != RADAR:
            if misses:
                words.append(Phrase("log.weapon.misses", n=misses))
            if not e.results:
                words.append(Phrase("log.weapon.nothing"))
        if words:
            self.timeline.add(at, lambda s: self._log(e.shooter, Join(*words, sep=", ")))
        defences = self.table.defences[owner]
        for c in e.destroyed:       # an air defence the atomic bomb covered
            if c in defences:
                self.timeline.add(at, lambda s, c=c: self.spent_shown[owner].add(c))
        end = at + 0.2
        sunk = [r for r in e.results if r.outcome == SUNK]
        for r in sunk:
            end = self._sink_run(r, end, r is last, (0.06, 0.3, 0.02, 0.15))
        return end + 0.1 if sunk else end

    def _sink_run(self, ev, end: float, final: bool, beat=(0.08, 0.35, 0.025, 0.2)) -> float:
        """A sunk ship's cells going down one after another from ``end``, then its halo (a
        shot's; a weapon's a little quicker, ``beat``: the cells' step, the pause, the halo's
        step, the pause after); returns when they end."""
        owner = 1 - ev.shooter
        step, pause, halo_step, after = beat
        for i, c in enumerate(ev.ship):
            self.timeline.add(end + step * i,
                              lambda s, c=c, i=i: self._sink_cell(ev, c, i, s, final))
        end += step * len(ev.ship) + pause
        for j, c in enumerate(ev.halo):
            self.timeline.add(end + halo_step * j, lambda s, c=c: self._halo(owner, c, s))
        return end + halo_step * len(ev.halo) + after

    def _hit_cell(self, owner: int, r, skipping: bool, power: float = 0.5) -> None:
        """One cell of a weapon landing: its mark, a light splash or a small burst (no log
        line: the weapon's answers are said together; many cells land at once)."""
        pic = self.fields[owner]
        pos = self.geo_of(owner).center(r.cell)
        pic.marks[r.cell] = r.outcome if r.outcome != SUNK else SUNK
        if r.outcome == MISS:
            if not skipping:
                self.effects.splash(pos, light=True)
        elif not skipping:
            self.effects.explosion(pos, power)

    def _show_radar(self, e: WeaponResult, at: float) -> float:
        owner = 1 - e.shooter
        geo = self.geo_of(owner)
        box = geo.cell_rect(e.cells[0]).union(geo.cell_rect(e.cells[-1]))

        def sweep(skipping):
            self._sound("sweep", skipping, box.centerx)   # the sonar ping
            if not skipping:
                self.sweeps.append(RadarSweep(box.copy()))

        def shown(skipping):
            self.seen[e.shooter].update(dict(e.shown))
            self.swept_shown[owner].append(e.cell)
            for c, _ in e.shown:
                self.fields[owner].pulses[c] = 1.5

        self.timeline.add(at, sweep)
        self.timeline.add(at + 0.9, shown)
        if e.shown:
            found = [Join(self._cell(c), Phrase(f"seen.{k}"), sep=" ") for c, k in e.shown]
            self.timeline.add(at + 0.95, lambda s: self._log(e.shooter, Join(*found, sep=", ")))
        elif e.shooter == self.viewer:
            self.timeline.add(at + 0.95, lambda s: self._log(e.shooter,
                                                             Phrase("log.weapon.empty")))
        return at + 1.35

    def _show_atomic(self, e: WeaponResult, at: float) -> float:
        owner = 1 - e.shooter
        geo = self.geo_of(owner)
        pos = geo.center(e.cell)
        src = self.geo_of(e.shooter).grid.center

        def launch(skipping):
            if not skipping:
                self.effects.shell(src, pos, 0.8)
            self._sound("whistle", skipping, pos[0], 0.6)

        def blast(skipping):
            self._sound("atom", skipping, pos[0])
            for r in e.results:
                self._hit_cell(owner, r, True)
            self.scorched[owner].append((e.cell, e.cells))     # burnt for the rest of the game
            if skipping:
                return
            self.effects.atomic(pos)
            self.strike.mushroom(pos, geo.cell)
            self.scorches.append(Scorch(tuple(geo.cell_rect(c) for c in e.cells)))

        self.timeline.add(at, launch)
        self.timeline.add(at + 0.8, blast)
        return at + 2.4

    def _show_flight(self, e: WeaponResult, at: float) -> float:
        """The air strike's planes (one a row of its square) or the bomber along its line; an
        air defence shooting them down in flames before they reach it."""
        owner = 1 - e.shooter
        geo = self.geo_of(owner)
        c = geo.cell
        d = 1 if self.geo_of(e.shooter).grid.centerx < geo.grid.centerx else -1
        colour = theme.PLAYER_COLOURS[e.shooter]
        downed = e.downed
        by_cell = {r.cell: r for r in e.results}
        end = at
        if e.weapon == AIR_STRIKE:
            rows = sorted({y for _, y in e.cells})
            planes = []
            entry = geo.grid.left - c * 2.5 if d > 0 else geo.grid.right + c * 2.5
            leave = geo.grid.right + c * 2 if d > 0 else geo.grid.left - c * 2
            speed = PLANE_SPEED * c
            drift = speed * BOMB_FALL * 0.6
            for k, y in enumerate(rows):
                row = sorted((cc for cc in e.cells if cc[1] == y), key=lambda cc: d * cc[0])
                dst = geo.center(row[len(row) // 2])
                over = dst[0] - d * drift
                release = abs(over - entry) / speed + 0.12 * k
                gone = release + abs(leave - over) / speed
                down_at = release - 0.35 if downed is not None else None
                planes.append((row, Plane(dst, d, speed, release, gone, c, colour, down_at,
                                          (k - 1) * 0.5)))

            def take_off(skipping):
                self._sound("engines", skipping, planes[0][1].ground(0)[0], 0.8)
                if not skipping:
                    for _, p in planes:
                        self.strike.plane(p)

            self.timeline.add(at, take_off)
            for row, p in planes:
                if downed is not None:
                    end = max(end, self._shot_down(owner, downed, at + p.down_at,
                                                   p.ground(p.down_at), at))
                    continue
                drop = at + p.release
                self.timeline.add(drop, lambda s, x=p.target[0]: self._sound("bomb", s, x, 0.7))
                for j, cc in enumerate(row):
                    land = drop + BOMB_FALL + 0.06 * j
                    if cc in by_cell:
                        self.timeline.add(land, lambda s, r=by_cell[cc]: self._land(owner, r, s))
                    end = max(end, land + 0.3)
            return end
        # the bomber: from beyond one end of its line to beyond the other
        first, last = geo.center(e.cells[0]), geo.center(e.cells[-1])
        if e.vertical:
            start, stop = (first[0], first[1] - c * 2), (last[0], last[1] + c * 2)
        elif d > 0:
            start, stop = (first[0] - c * 2, first[1]), (last[0] + c * 2, last[1])
        else:
            start, stop = (last[0] + c * 2, last[1]), (first[0] - c * 2, first[1])
        speed = BOMBER_SPEED * c
        down_at = None
        if downed is not None:      # hit as it comes within reach of the mount
            reach = min(range(len(e.cells)), key=lambda i: max(
                abs(e.cells[i][0] - downed[0]), abs(e.cells[i][1] - downed[1])))
            order = e.cells if (e.vertical or d > 0) else e.cells[::-1]
            i = order.index(e.cells[reach])
            down_at = max(0.3, (c * 2 + c * max(0, i - 1)) / speed)
        bomber = Bomber(start, stop, speed, c, colour, down_at)

        def fly(skipping):
            self._sound("engines", skipping, start[0], 0.9)
            if not skipping:
                self.bombers.append(bomber)

        self.timeline.add(at, fly)
        if down_at is not None:
            return self._shot_down(owner, downed, at + down_at, bomber.at(down_at), at) + 0.6
        order = e.cells if (e.vertical or d > 0) else e.cells[::-1]
        for i, cc in enumerate(order):
            over = (c * 2 + c * (i + 0.5) - c * 0.3) / speed      # just before the cell
            drop = at + over

            def release(skipping, cc=cc):
                if skipping:
                    return
                p = bomber.at(bomber.t)
                self.strike.bombs.append(Bomb(p, geo.center(cc), 1.3, c))
                if i % 3 == 0:
                    self._sound("bomb", skipping, p[0], 0.5)
            self.timeline.add(drop, release)
            if cc in by_cell:
                self.timeline.add(drop + BOMB_FALL,
                                  lambda s, r=by_cell[cc]: self._land(owner, r, s))
            end = max(end, drop + BOMB_FALL + 0.3)
        return max(end, at + bomber.span)

    def _land(self, owner: int, r, skipping: bool) -> None:
        self._hit_cell(owner, r, skipping)
        pos = self.geo_of(owner).center(r.cell)
        self._sound("splash" if r.outcome == MISS else "hit", skipping, pos[0], 0.5)

    def _shot_down(self, owner: int, cell, hit_at: float, where, earliest: float) -> float:
        """The air defence on ``cell`` fires its tracers so they meet the plane at ``where``
        (pixels) at ``hit_at``: flak, the plane goes down burning, the mount shows spent."""
        geo = self.geo_of(owner)
        aa = geo.center(cell)
        begin = max(earliest, hit_at - TRACERS)

        def guns(skipping):
            self._sound("flak", skipping, aa[0], 0.8)
            if not skipping:
                self.strike.stream(aa, where, geo.cell, max(0.12, hit_at - begin))

        def hit(skipping):
            self.spent_shown[owner].add(cell)
            self.fields[owner].pulses[cell] = 2.0
            if not skipping:
                self.strike.flak(where, geo.cell)
                self.effects.explosion(where, 0.4)
            self._sound("flak", skipping, where[0], 0.6)

        self.timeline.add(begin, guns)
        self.timeline.add(hit_at, hit)
        return hit_at + 1.0

    def show_spent(self, e: DefenceSpent, at: float) -> float:
        """A single shot on an air defence's own cell: a miss that reveals and spends it."""
        self.timeline.add(at, lambda s: self.spent_shown[e.player].add(e.cell))
        return at

    # -- time ------------------------------------------------------------------------------------
    def _sync(self) -> None:
        super()._sync()
        self.sync_arsenal()

    def skip(self) -> None:
        super().skip()
        self.strike.clear()
        self.sweeps.clear()
        self.scorches.clear()
        self.bombers.clear()

    def animate(self, dt: float, speed: float) -> None:
        super().animate(dt, speed)
        if not self.arsenal:
            return
        self.strike.update(dt * speed)
        for items in (self.sweeps, self.scorches, self.bombers):
            for it in items:
                it.t += dt * speed
        self.sweeps = [x for x in self.sweeps if not x.done]
        self.scorches = [x for x in self.scorches if not x.done]
        self.bombers = [x for x in self.bombers if not x.done]
        for b in self.bombers:          # one shot down trails smoke as it falls
            if b.down_at is not None and b.t >= b.down_at:
                self.strike._puff(b.where()[0], b.cell * 0.2, b.cell * 0.5, 1.1,
                                  (128, 126, 130), alpha=170)

    @property
    def in_flight(self) -> bool:
        return bool(self.effects.shells or self.strike.flying or self.bombers or self.sweeps)

    # -- layout and drawing ----------------------------------------------------------------------
    def place_arsenal(self) -> None:
        """The rows of weapons under each field, above the log (clickable: the viewer's)."""
        self.chips = {0: [], 1: []}
        if not self.arsenal:
            return
        u = theme.unit(self.size)
        h = max(18, int(ROW * u * 0.82 * theme.SCALE))   # its words grow with the text
        kinds = WEAPONS + (AIR_DEFENCE,)
        for owner in (0, 1):
            grid = self._geo["left" if owner == self.viewer else "right"].grid
            area = row_area(grid, self.log_rect.y - int(6 * u), h, len(kinds), self.size[0],
                            int(8 * u))
            self.chips[owner] = list(zip(kinds, chip_rects(area, len(kinds))))

    def arsenal_room(self) -> int:
        """The height the arsenal row takes under each field (0 without it)."""
        return int(ROW * theme.unit(self.size) * theme.SCALE) if self.arsenal else 0

    def draw_arsenal_fields(self, surface, geo_l, geo_r, offset) -> None:
        """Over the boards: air defences, the squares swept, what the radar saw, the effects'
        scorch and beams, the chosen weapon's shape."""
        if not self.arsenal:
            return
        v = self.viewer
        t = self.table
        cols, rows = self.board_size
        draw_swept(surface, geo_l, self.swept_shown[v], cols, rows)
        draw_swept(surface, geo_r, [c for c in self.swept_shown[1 - v]
                                    if c in t.swept[1 - v]], cols, rows)
        draw_defences(surface, geo_l, t.defences[v], self.spent_shown[v])
        draw_defences(surface, geo_r, [c for c in t.defences[1 - v]
                                       if c in self.spent_shown[1 - v]], self.spent_shown[1 - v])
        draw_seen(surface, geo_r, {c: k for c, k in self.seen[v].items() if c in t.radar})
        for geo, owner in ((geo_l, v), (geo_r, 1 - v)):
            draw_scorched(surface, geo, self.scorched[owner], False, SCORCHED)
        for items in (self.scorches, self.sweeps):
            for it in items:
                it.draw(surface, *offset)
        if self.weapon is not None and self.human_to_move:
            cells = self.aim_cells(self.cursor)
            draw_aim(surface, geo_r, cells, True, self.t)

    def draw_arsenal_over(self, surface, offset) -> None:
        """The bombers over everything on the fields (drawn with the strike's planes)."""
        for b in self.bombers:
            b.draw(surface, *offset)

    def draw_arsenal_rows(self, surface) -> None:
        """Both sides' rows of weapons with their charges; the viewer's keys and choice."""
        if not self.arsenal:
            return
        v = self.viewer
        for owner in (0, 1):
            mine = owner == v
            keys = KEYS if mine and self.app.input_device != "pad" else ""   # a pad: LB/RB
            draw_row(surface, self.chips[owner], self.stock_shown(owner),
                     self.weapon if mine else None, keys, mine and self.human_to_move,
                     theme.PLAYER_COLOURS[owner])

    def arsenal_status(self) -> str | None:
        """The status panel's line for the chosen weapon: its name and how to turn or drop
        it."""
        if self.weapon is None:
            return None
        name = self.tr(f"arsenal.{self.weapon}")
        key = "battle.weapon_line" if self.weapon == BOMBER else "battle.weapon_square"
        return self.tr(key, weapon=name)


__all__ = ["ArsenalBattle", "KEYS", "SCORCHED", "scorched_squares"]
