"""Naval's table (issue 34; RULES.md §N): what the Naval battle and game over screens read of a
game, made from one seat's ``NavalView`` alone (``base.Table``). Pure.

Per field owner the screens read ``fleets``, ``marks``, ``hits``, ``sunk`` and ``flak`` (what was
shot down over it). This seat's own come from its view's own side. Of the enemy's, this seat
knows what its view shows: its marks on the enemy field, the enemy ships it has sunk (kind and
cells, no weapons), the kinds still afloat (no cells), and, once the game is over (§0), the
whole enemy fleet with its weapons. The interception (§N) is asked of this seat only when its
view says so (``pending``), with the options of its own mount; the enemy's mount and its reach
are never here.
"""

from __future__ import annotations

from ..rules import naval as nv
from ..rules.base import Decision
from ..rules.errors import IllegalAction
from .base import Table, of_view, per_view

HIT_MARKS = (nv.HIT, nv.SUNK)


class NavalTable(Table):
    mode = "naval"

    # -- the turn and the end ------------------------------------------------------------------
    first = of_view("first")
    quiet = of_view("quiet", "N-f: volleys in a row that hit no ship cell.")

    @per_view
    def pending(self):
        """The interception the rules wait for from this seat (the other's is not known)."""
        v = self.latest
        return Decision(self.seat, v.pending) if v is not None and v.pending else None

    decision = pending

    @property
    def volley(self):
        """The volley this seat must answer (None unless it intercepts)."""
        return self.latest.incoming_volley if self.pending is not None else None

    def intercept_options(self, volley=None) -> list:
        return list(self.latest.options) if self.pending is not None else []

    def aa_mount(self, player: int):
        """This seat's own mount while intact; the enemy's is never known here."""
        return self.latest.aa if player == self.seat else None

    # -- per field owner, from the view -----------------------------------------------------
    @per_view
    def fleets(self) -> list:
        """Each side's fleet in its order (one ship of each kind, the biggest first): of the
        enemy's, the sunk ones with their cells and the rest by kind alone, until the game is
        over."""
        v = self.latest
        if v.enemy_fleet is not None:
            enemy = list(v.enemy_fleet)
        else:
            sunk = dict(v.enemy_sunk)
            kinds = sorted(list(sunk) + list(v.enemy_afloat), key=nv.KINDS.index)
            enemy = [nv.NavalShip(k, tuple(sunk.get(k, ())), ()) for k in kinds]
        return self._pair(list(v.own), enemy)

    @per_view
    def marks(self) -> list:
        v = self.latest
        return self._pair(dict(v.incoming), dict(v.target))

    @per_view
    def flak(self) -> list:
        """The cells over each field where a shell or a plane was shot down (both sides know)."""
        v = self.latest
        return self._pair(set(v.flak_own), set(v.flak_target))

    @per_view
    def hits(self) -> list:
        v = self.latest
        return self._pair(set(v.own_hits), {c for c, m in v.target.items() if m in HIT_MARKS})

    @per_view
    def sunk(self) -> list:
        hits = self.hits
        return [[i for i, s in enumerate(f) if s.cells and all(c in hits[p] for c in s.cells)]
                for p, f in enumerate(self.fleets)]

    def points(self, player: int) -> tuple[int, int]:
        """N-f: intact weapons and ship cells of ``player`` (the enemy's: once the game is
        over and its fleet is shown)."""
        fleet, hits = self.fleets[player], self.hits[player]
        weapons = sum(1 for s in fleet for _, c in s.weapons if c not in hits)
        cells = sum(len(s.cells) for s in fleet) - len(hits)
        return weapons, cells

    @property
    def ceasefire(self):
        """N-f: how a ceasefire decided the game, as the rules say it (None: it did not)."""
        if not self.over or self.end_reason != "ceasefire":
            return None
        a, b = self.points(0), self.points(1)
        for i, basis in enumerate(("weapons", "cells")):
            if a[i] != b[i]:
                return basis, (a[i], b[i])
        return "draw", (a[0], b[0])

    # -- what this seat may do, from its view -------------------------------------------------
    def check_view(self, action) -> None:
        if self.pending is not None:
            if not isinstance(action, nv.Intercept):
                raise IllegalAction("decision_pending", decision=nv.INTERCEPT, player=self.seat)
            self._check_intercept(action)
            return
        if isinstance(action, nv.Intercept):
            raise IllegalAction("nothing_to_intercept")
        if not isinstance(action, nv.Volley):
            raise IllegalAction("wrong_action", action=type(action).__name__)
        self._check_volley(action)

    def _check_volley(self, v) -> None:
        view = self.latest
        for c in v.targets:
            if not nv.in_field(c):
                raise IllegalAction("bad_cell" if not isinstance(c, tuple) else "off_board",
                                    cell=c)
            mark = view.target.get(c)
            if mark in (nv.MISS, nv.HIT, nv.SUNK):
                raise IllegalAction("already_shot", cell=c)
            if mark == nv.EMPTY:
                raise IllegalAction("known_empty", cell=c)
        if len(set(v.targets)) != len(v.targets):
            raise IllegalAction("volley_repeats")
        singles = view.guns - 2 * view.pair
        if view.pair and len(v.pair) != 2:
            raise IllegalAction("pair_required")
        if not view.pair and v.pair:
            raise IllegalAction("no_pair")
        if v.pair and (nv.chebyshev(v.pair[0], v.pair[1]) != 1 or (
                v.pair[0][0] != v.pair[1][0] and v.pair[0][1] != v.pair[1][1])):
            raise IllegalAction("pair_not_adjacent", cell=v.pair[0], other=v.pair[1])
        if len(v.shots) != singles:
            raise IllegalAction("volley_size", shots=view.guns, got=len(v.shots) + len(v.pair))
        if v.torpedo is not None or v.air:
            if not view.ability_allowed:
                raise IllegalAction("no_ability_first_turn")
            if v.torpedo is not None and v.air:
                raise IllegalAction("one_ability")
        if v.torpedo is not None:
            if isinstance(v.torpedo, bool) or not isinstance(v.torpedo, int) \
                    or not 0 <= v.torpedo < nv.SIZE:
                raise IllegalAction("bad_row", row=v.torpedo)
            if not view.torpedo_ready:
                raise IllegalAction("no_torpedo")
        if v.air:
            if view.planes == 0:
                raise IllegalAction("no_planes")
            if len(v.air) > view.planes:
                raise IllegalAction("too_many_planes", planes=view.planes, got=len(v.air))
            xs, ys = [c[0] for c in v.air], [c[1] for c in v.air]
            if max(xs) - min(xs) > 2 or max(ys) - min(ys) > 2:
                raise IllegalAction("air_not_square")
        if not v.targets and v.torpedo is None:
            raise IllegalAction("volley_empty")

    def _check_intercept(self, action) -> None:
        cells = action.cells
        if not isinstance(cells, tuple):
            raise IllegalAction("bad_cell", cell=cells)
        if len(set(cells)) != len(cells):
            raise IllegalAction("volley_repeats")
        volley = self.volley
        reach = set(self.intercept_options())
        for c in cells:
            if c not in volley.targets:
                raise IllegalAction("not_incoming", cell=c)
            if c not in reach:
                raise IllegalAction("out_of_reach", cell=c, mount=self.latest.aa)
        if len([c for c in cells if c in volley.shells]) > nv.AA_SHELLS:
            raise IllegalAction("too_many_shells", shells=nv.AA_SHELLS,
                                got=len([c for c in cells if c in volley.shells]))

    # the rules' own list of legal actions, run over this seat's view (its own volley's shape,
    # abilities and targets: the rules ask them of the player to act, who is this seat)
    def targetable(self, player: int) -> list:
        return self.latest.targetable()

    def volley_shape(self, player: int) -> tuple[int, bool]:
        v = self.latest
        return v.guns - 2 * v.pair, v.pair

    def ability_allowed(self) -> bool:
        return self.latest.ability_allowed

    def torpedo_ready(self, player: int) -> bool:
        return self.latest.torpedo_ready

    def planes(self, player: int) -> int:
        return self.latest.planes

    def legal_from_view(self) -> list:
        return nv.NavalGame.legal_actions(self)

    # -- what this seat saw: the volleys and their answers --------------------------------------
    def observe(self, events) -> None:
        for e in events:
            if isinstance(e, (nv.VolleyFired, nv.VolleyResult)):
                self.history.append((e.player, None, e))
