"""How a Naval volley's answer is shown (RULES.md §N): everything launches together; shells arc,
the torpedo runs down its lane leaving a wake and bursts on the first hull, planes fly in and
drop, and the defender's Aegis knocks shells and planes out of the sky with its tracers. Each
result reaches the field it falls on only when its shell, plane or torpedo gets there.
"""

from __future__ import annotations

from ...rules import naval as nv
from ...render import theme
from ...render.board import burning_ship
from ...render.naval_ships import NAVAL
from ...render.strike import BOMB_FALL, Plane

FLIGHT = 0.6        # seconds a shell flies
PLANE_SPEED = 8.0   # cells a second an aircraft flies
TORPEDO_SPEED = 11  # cells a second: a whole lane in about a second
TRACERS = 0.2       # seconds a tracer round takes to reach what it is fired at


class VolleyShow:
    """A mixin for the Naval battle scene: the cues of one ``VolleyResult`` on its timeline,
    with its ``effects``, ``strike`` (torpedoes, planes, tracers: render/strike.py) and
    ``fields``; ``geo_of``, ``_sound``, ``_log``, ``_answer_words``, ``_remark``, ``_halo``
    and ``livery_of`` come from the scene."""

    def _aa_source(self, defender: int, target) -> tuple:
        """Where the tracers come from: the mount itself for its owner; for anyone else a point
        under the field, so the animation never shows where the enemy's mount stands."""
        geo = self.geo_of(defender)
        if defender == self.viewer:
            mount = self.table.aa_mount(defender)
            if mount is None:
                mount = next((c for s in self.table.fleets[defender] for w, c in s.weapons
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
        if v.air:
            end = max(end, self._animate_air(r, at + 0.15))
        if v.torpedo is not None:
            end = max(end, self._animate_torpedo(r, at + 0.1))
        end += 0.35
        self.timeline.add(end, lambda s: self._log(attacker, self._answer_words(r),
                                                   answer=True))
        for kind, cells in r.sunk:
            self.timeline.add(end, lambda s, kind=kind, cells=cells:
                              self._sink(defender, cells, s, kind))
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

    def _aegis_fires(self, defender: int, cell, at_point, hit_at: float, earliest: float) -> None:
        """The Aegis's tracer stream climbs toward ``at_point`` so its rounds arrive as the
        shell or plane gets there (``hit_at`` on the timeline); it cannot open fire before
        ``earliest``."""
        begin = max(earliest, hit_at - 0.45 - TRACERS)
        fire = max(0.12, hit_at - TRACERS - begin + 0.05)
        geo = self.geo_of(defender)

        def guns(skipping):
            if skipping:
                return
            self.strike.stream(self._aa_source(defender, cell), at_point, geo.cell, fire)
            self._sound("flak", skipping, at_point[0], 0.7)
        self.timeline.add(begin, guns)

    def _flak(self, defender: int, cell, at_point, skipping: bool) -> None:
        """The Aegis's tracers meet a shell or a plane in the air: it bursts in flak, nothing
        falls on the field but the mark of what was shot down over it, kept all game."""
        self.fields[defender].flak.add(cell)
        if skipping:
            return
        self.strike.flak(at_point, self.geo_of(defender).cell)
        self.effects.explosion(at_point, 0.35)
        self._sound("flak", skipping, at_point[0], 0.6)

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
            self._aegis_fires(defender, cell, mid, start + FLIGHT * k, start)
            self.timeline.add(start + FLIGHT * k, lambda s: self._flak(defender, cell, mid, s))
            self.timeline.add(start + FLIGHT * k + 0.05,
                              lambda s: self.fields[defender].pulses.__setitem__(cell, 1.0))
            return start + FLIGHT * k + 0.3
        self.timeline.add(start + FLIGHT,
                          lambda s: self._impact(defender, cell, cell in r.hits, s))
        return start + FLIGHT + 0.3

    def air_planes(self, r: nv.VolleyResult) -> list:
        """The planes of ``r``'s air strike, one a cell: they come in from the attacker's side
        in a V (the middle row leads), each dives on its cell and drops as it passes over it,
        then climbs away past the far edge; the ones the Aegis hits fall short, burning."""
        attacker, defender = r.player, 1 - r.player
        geo = self.geo_of(defender)
        cell = geo.cell
        d = 1 if self.geo_of(attacker).grid.centerx < geo.grid.centerx else -1
        entry = geo.grid.left - cell * 2.5 if d > 0 else geo.grid.right + cell * 2.5
        leave = geo.grid.right + cell * 2 if d > 0 else geo.grid.left - cell * 2
        speed = PLANE_SPEED * cell
        drift = speed * BOMB_FALL * 0.6
        edge = geo.grid.left if d > 0 else geo.grid.right
        order = sorted(r.volley.air, key=lambda c: d * c[0])
        planes = []
        for k, c in enumerate(order):            # the lead, then wingmen behind, left, right
            dst = geo.center(c)
            over = dst[0] - d * drift                     # where the bomb leaves the plane
            release = abs(over - entry) / speed + 0.14 * k
            gone = release + abs(leave - over) / speed
            down_at = None
            if c in r.downed:     # hit over the field, a little short of its target
                short = (abs(over - edge) - 1.5 * cell) / speed
                down_at = release - max(0.1, min(0.5, short))
            wing = 0.0 if k == 0 else (-0.5 if k % 2 else 0.5) * ((k + 1) // 2)
            planes.append((c, Plane(dst, d, speed, release, gone, cell,
                                    theme.PLAYER_COLOURS[attacker], down_at, wing)))
        return planes

    def _animate_air(self, r: nv.VolleyResult, start: float) -> float:
        defender = 1 - r.player
        planes = self.air_planes(r)
        x0 = planes[0][1].ground(0)[0]

        def take_off(skipping):
            if skipping:
                return
            for _, plane in planes:
                self.strike.plane(plane)
            self._sound("engines", skipping, x0, 0.8)

        self.timeline.add(start, take_off)
        end = start
        for c, plane in planes:
            if plane.down_at is not None:
                hit_at = start + plane.down_at
                where = plane.ground(plane.down_at)
                self._aegis_fires(defender, c, where, hit_at, start)
                self.timeline.add(hit_at, lambda s, c=c, where=where: self._flak(defender, c,
                                                                                 where, s))
                end = max(end, hit_at + 0.3)
                continue
            drop = start + plane.release
            x = plane.target[0]
            self.timeline.add(drop, lambda s, x=x: self._sound("bomb", s, x, 0.7))
            self.timeline.add(drop + BOMB_FALL,
                              lambda s, c=c: self._impact(defender, c, c in r.hits, s))
            end = max(end, drop + BOMB_FALL + 0.3)
        return end

    def _animate_torpedo(self, r: nv.VolleyResult, start: float) -> float:
        defender = 1 - r.player
        geo = self.geo_of(defender)
        row = r.volley.torpedo
        from_left = r.player == self.table.first
        d = 1 if from_left else -1
        edge_x = geo.grid.left - geo.cell * 0.5 if from_left else geo.grid.right + geo.cell * 0.5
        y = geo.center((0, row))[1]
        hit = r.torpedo_hit
        # it stops against the near side of the first hull, or runs out past the far edge
        stop = geo.center(hit)[0] - d * geo.cell * 0.25 if hit is not None else (
            geo.grid.right + geo.cell * 0.5 if from_left else geo.grid.left - geo.cell * 0.5)
        duration = max(0.2, abs(stop - edge_x) / geo.cell / TORPEDO_SPEED)

        def launch(skipping):
            if not skipping:
                self.strike.torpedo((edge_x, y), (stop, y), duration, geo.cell)
                self._sound("torpedo", skipping, edge_x, 0.8)

        self.timeline.add(start, launch)
        for c in r.torpedo_path:
            x = geo.center(c)[0]
            when = start + duration * abs(x - edge_x) / max(1.0, abs(stop - edge_x))
            self.timeline.add(when, lambda s, c=c: self.fields[defender].marks.setdefault(c, nv.MISS))
        if hit is not None:
            def burst(skipping):
                self._impact(defender, hit, True, skipping, power=1.4)
                if not skipping:
                    self.strike.column(geo.center(hit), geo.cell, 1.6, 1.2)
            self.timeline.add(start + duration, burst)
        return start + duration + 0.3

    def _sink(self, owner: int, cells, skipping: bool, kind: str | None = None) -> None:
        """A ship goes down: it lists, breaks and sinks, its wreck stays below, and the kill
        moment names it (its kind is what the rules told, §N)."""
        f = self.fields[owner]
        geo = self.geo_of(owner)
        for c in cells:
            f.marks[c] = nv.SUNK
            f.lost.add(c)
            if not skipping:
                self.effects.explosion(geo.center(c), 0.9)
        f.wrecks.append(cells)
        self._sound("sink", skipping, geo.center(cells[0])[0])
        if not skipping:
            sprite, origin, vertical = burning_ship(geo.cell, cells, NAVAL,
                                                    self.livery_of(owner))
            self.effects.sink(sprite, sprite.get_rect(topleft=geo.cell_rect(origin).topleft),
                              vertical, 2.2)
            name = self.tr(f"naval.ship.{kind}") if kind else None
            self.kill_moment(geo.grid, geo.center(cells[0]), geo.cell, name,
                             ours=owner == self.viewer and self._mine(owner))

