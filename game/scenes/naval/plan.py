"""Building a Naval turn (RULES.md §N) on the screen: the person marks a cell for every intact
gun (the battleship's two shots snap to a pair of side neighbours), may add one ability (a
torpedo lane or an air strike within a 3×3 square), and fires; as the defender, he picks what
his Aegis shoots down. The rules check the whole volley when it is fired; here each mark is
refused at once, for the reason the rules would give.
"""

from __future__ import annotations

from ...i18n import describe
from ...rules import naval as nv
from ...rules.errors import IllegalAction


class VolleyPlan:
    """A mixin for the Naval battle scene: ``tool``, ``pair_dir``, the plan (``shots``, ``pair``,
    ``torpedo``, ``air``) and ``shoot_down``; it uses the scene's ``human_to_move``,
    ``human_intercepting``, ``_view()``, ``refuse``, ``attempt`` and ``game``."""

    def clear_plan(self) -> None:
        self.shots: list = []
        self.pair: list = []
        self.torpedo: int | None = None
        self.air: list = []

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
            if self.shells_left() <= 2:    # only the pair's own two shells are left
                self.refuse(self.tr("naval.no_pair_room"))
                return
            # no room for the pair here: a single gun takes the cell (issue 33)
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

    # -- interception --------------------------------------------------------------------------
    def toggle_down(self, cell) -> None:
        if not self.human_intercepting:
            return
        t = self.table
        if cell in self.shoot_down:
            self.shoot_down.remove(cell)
            self.app.sound("click")
            return
        if cell not in t.intercept_options():
            reason = ("out_of_reach" if cell in t.volley.targets else "not_incoming")
            self.refuse(describe(IllegalAction(reason, cell=cell, mount=t.aa_mount(self.viewer)),
                                 self.tr, self.letters))
            return
        shells = [c for c in self.shoot_down + [cell] if c in t.volley.shells]
        if len(shells) > nv.AA_SHELLS:
            self.refuse(describe(IllegalAction("too_many_shells", shells=nv.AA_SHELLS,
                                               got=len(shells)), self.tr, self.letters))
            return
        self.shoot_down.append(cell)
        self.app.sound("click")

    def intercept(self) -> None:
        if self.human_intercepting and self.attempt(nv.Intercept(tuple(self.shoot_down))):
            self.shoot_down = []

