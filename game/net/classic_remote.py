"""Classic's remote game (issue 23, §C): what the Classic battle and game over screens read of a
game, made from this seat's ``ClassicView`` alone (``remote_game.RemoteGame``). Pure.

Per field owner the screens read ``shots_at``, ``known_empty``, ``told``, ``ships``, ``names``,
``mines``, ``sweepers``, ``faded`` and ``wrecks``. For this seat's own field they come from the
view's own side; for the enemy's, from this seat's marks on it, the enemy ships it has sunk,
and (§0, once the game is over) the enemy fleet the view then shows. Nothing else is known.
"""

from __future__ import annotations

from ..rules.classic import (EMPTY, HIT, KNOWN_MINE, MINE, MISS, SUNK, SWEEPER,
                             Decision, Salvo, SalvoResult, Shot, ShotResult)
from ..rules.errors import IllegalAction, RuleError
from ..rules.fleet import assign_specs
from .remote_game import RemoteGame

SHOT_MARKS = (MISS, HIT, SUNK, MINE, SWEEPER)


class ClassicRemote(RemoteGame):
    def __init__(self, config, seat: int, send):
        super().__init__("classic", config, seat, send)
        self.enemy_names: dict = {}       # a sunk enemy ship (frozenset) -> its announced name

    # -- the end and the turn ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        v = self.latest
        return v is not None and (v.winner is not None or v.enemy_ships is not None)

    @property
    def decision(self):
        """The decision the rules wait for from this seat (the other's is not known here)."""
        v = self.latest
        return Decision(self.seat, v.pending) if v is not None and v.pending else None

    def decision_options(self) -> list:
        return list(self.latest.options) if self.decision is not None else []

    def salvo_size(self, player: int | None = None) -> int:
        return self.latest.salvo if self.latest is not None else 0

    def check(self, action) -> None:
        super().check(action)
        if self.turn != self.seat:
            raise IllegalAction("not_your_turn")
        if isinstance(action, Shot) and self.decision is None:
            self.check_target(action.cell)
        elif isinstance(action, Salvo) and self.decision is None:
            for cell in action.cells:
                self.check_target(cell)

    def check_target(self, cell) -> None:
        """A cell this seat may not name: off the board, shot, known empty or a told mine."""
        cfg = self.config
        if not (isinstance(cell, tuple) and len(cell) == 2
                and 0 <= cell[0] < cfg.width and 0 <= cell[1] < cfg.height):
            raise IllegalAction("bad_cell", cell=cell)
        mark = self.latest.target.get(cell)
        if mark in SHOT_MARKS:
            raise IllegalAction("already_shot", cell=cell)
        if mark == EMPTY:
            raise IllegalAction("known_empty", cell=cell)
        if mark == KNOWN_MINE:
            raise IllegalAction("known_mine", cell=cell)

    # -- per field owner, from the view --------------------------------------------------------
    def _pair(self, own, enemy) -> list:
        out = [None, None]
        out[self.seat], out[self.enemy] = own, enemy
        return out

    @property
    def shots_at(self) -> list:
        v = self.latest
        return self._pair(dict(v.incoming),
                          {c: m for c, m in v.target.items() if m in SHOT_MARKS})

    @property
    def known_empty(self) -> list:
        # the enemy's halo marks on this seat's field are not in its view: none shown
        return self._pair(set(), {c for c, m in self.latest.target.items() if m == EMPTY})

    @property
    def told(self) -> list:
        v = self.latest
        return self._pair(set(v.told), {c for c, m in v.target.items() if m == KNOWN_MINE})

    def _enemy_ships(self) -> list:
        v = self.latest
        return list(v.enemy_ships) if v.enemy_ships is not None else list(v.enemy_sunk)

    @property
    def ships(self) -> list:
        return self._pair(list(self.latest.own_ships), self._enemy_ships())

    @property
    def names(self) -> list:
        own = self.latest.own_ships
        try:
            mine = [s.name for s in assign_specs(own, self.config.fleet)]
        except RuleError:
            mine = [""] * len(own)
        if not self.config.announce:
            return self._pair([""] * len(own), [""] * len(self._enemy_ships()))
        return self._pair(mine, [self.enemy_names.get(frozenset(s), "")
                                 for s in self._enemy_ships()])

    @property
    def mines(self) -> list:
        return self._pair(tuple(self.latest.own_mines), ())

    @property
    def sweepers(self) -> list:
        return self._pair(tuple(self.latest.own_sweepers), ())

    @property
    def faded(self) -> list:
        v = self.latest
        return self._pair(set(v.incoming_faded), set(v.faded))

    @property
    def wrecks(self) -> list:
        return self._pair(tuple(self.latest.own_wrecks), ())

    def view(self, player: int):
        """This seat's view; asked for the enemy's, only what this seat knows the enemy knows
        of it: the enemy's sunk ships are this seat's own sunk ships (the screens read
        ``enemy_sunk`` of it to draw this seat's wrecks)."""
        if player == self.seat:
            return self.latest
        v = self.latest
        own_sunk = tuple(s for s in v.own_ships if s and all(v.incoming.get(c) == SUNK
                                                             for c in s))
        return _EnemySide(own_sunk)

    def together(self, events) -> bool:
        return self.config.salvo != "off"       # C4: one state, one salvo

    # -- the statistics: the shots this seat saw ----------------------------------------------
    def observe(self, events) -> None:
        run: list = []           # the shots of one action (a salvo's, C4), then the next

        def close():
            if len(run) > 1:
                self.history.append((run[0].shooter, None, SalvoResult(run[0].shooter,
                                                                       tuple(run))))
            elif run:
                self.history.append((run[0].shooter, None, run[0]))
            run.clear()

        salvos = self.config.salvo != "off"
        for e in events:
            if not isinstance(e, ShotResult):
                close()
                continue
            if e.outcome == SUNK and e.ship_name:
                self.enemy_names[frozenset(e.ship)] = e.ship_name
            if not salvos or (run and run[0].shooter != e.shooter):
                close()
            run.append(e)
        close()


class _EnemySide:
    """What the screens may read of the other seat's view: the ships of this seat it sank."""

    def __init__(self, enemy_sunk):
        self.enemy_sunk = enemy_sunk
