"""How a Naval volley's answer is shown (RULES.md §N): everything launches together; shells arc,
the torpedo runs down its lane leaving a wake and bursts on the first hull, planes fly in and
drop, and the defender's Aegis knocks shells and planes out of the sky with its tracers. Each
result reaches the field it falls on only when its shell, plane or torpedo gets there.
"""

from __future__ import annotations

from ...rules import naval as nv
from ...render.naval import Flyer, Tracer

FLIGHT = 0.6       # seconds a shell flies
PLANE_TIME = 1.1   # seconds a plane flies to its target
TORPEDO_SPEED = 9  # cells a second


class VolleyShow:
    """A mixin for the Naval battle scene: the cues of one ``VolleyResult`` on its timeline,
    with its ``effects``, ``flyers``, ``tracers`` and ``fields``; ``geo_of``, ``_sound``,
    ``_log``, ``_answer_words``, ``_remark`` and ``_halo`` come from the scene."""

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

