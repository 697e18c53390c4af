"""Classic's table (issue 34; RULES.md §C, §D): what the Classic battle and game over screens
read of a game, made from one seat's ``ClassicView`` alone (``base.Table``). Pure.

Per field owner the screens read ``shots_at``, ``known_empty``, ``told``, ``ships``, ``names``,
``mines``, ``sweepers``, ``faded``, ``wrecks`` and ``sunk``; with the arcade arsenal (§A)
``stock`` (both are seen), ``defences`` and ``spent_defences``, ``swept`` (the radar's squares
on a field) and this seat's own radar findings (``radar``). For this seat's own field they come
from the view's own side; for the enemy's, from this seat's marks on it, the enemy ships it has
sunk, the names the rules announced (C3), and (§0, once the game is over) the enemy fleet the
view then shows. Nothing else is known.
"""

from __future__ import annotations

from ..rules.classic import (BOMBER, EMPTY, GIVE_CELL, KNOWN_MINE, RADAR, RELOCATE, SUNK,
                             SWEEPER, CellGiven, Decision, GiveCell, GiveMine,
                             MineGiven, Relocate, Relocated, Salvo, SalvoResult, Shot,
                             ShotResult, UseWeapon, WeaponResult)
from ..rules.errors import IllegalAction, RuleError
from ..rules.fleet import as_ship, assign_specs
from ..rules.classic.arsenal import covered, uses
from .base import Table, per_view

NOT_SHOTS = (EMPTY, KNOWN_MINE)     # marks on the enemy field that are no shot


class ClassicTable(Table):
    mode = "classic"

    def __init__(self, config, seat: int, feeder):
        super().__init__(config, seat, feeder)
        self.enemy_names: dict = {}       # a sunk enemy ship (frozenset) -> its announced name

    # -- the end and the turn ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        v = self.latest
        return v is not None and (v.winner is not None or v.enemy_ships is not None)

    @per_view
    def decision(self):
        """The decision the rules wait for (C5, C6, §D): whose and of what kind (DecisionNeeded
        is told to both); None while a shot is due."""
        v = self.latest
        return Decision(self.turn, v.deciding) if v is not None and v.deciding else None

    def decision_options(self) -> list:
        """The cells this seat may give now (its own decision's; the other's are not known)."""
        v = self.latest
        return list(v.options) if v is not None and v.pending else []

    def salvo_size(self, player: int | None = None) -> int:
        """C4: how many cells ``player``'s next salvo names (the turn's player by default)."""
        v = self.latest
        if v is None:
            return 0
        player = self.turn if player is None else player
        return v.salvo if player == self.seat else v.enemy_salvo

    def dutchman_decks(self, player: int) -> int:
        """§D: the decks ``player``'s Flying Dutchman has left (0 once sunk): his enemy sees its
        size afloat."""
        v = self.latest
        if player == self.seat:
            return len(v.own_ships[0]) if v.own_ships else 0
        return v.enemy_afloat[0] if v.enemy_afloat else 0

    # -- what this seat may do, from its view ---------------------------------------------------
    def check_view(self, action) -> None:
        if isinstance(action, Shot) and self.decision is None:
            self.check_target_view(action.cell)
        elif isinstance(action, Salvo) and self.decision is None:
            for cell in action.cells:
                self.check_target_view(cell)
        elif isinstance(action, UseWeapon) and self.decision is None:
            self.check_weapon_view(action)

    def check_weapon_view(self, action) -> None:
        """§A, what this seat can tell of a weapon's use from its view (the server checks it
        all): the very first turn, no charge left, a line that does not fit."""
        cfg = self.config
        if not cfg.arsenal:
            raise IllegalAction("arsenal_off")
        if self.latest.first_turn:
            raise IllegalAction("weapon_first_turn")
        if not self.latest.stock.get(action.weapon):
            raise IllegalAction("no_charge", weapon=action.weapon)
        if action.weapon == BOMBER:
            n = cfg.bomber_line
            if len(self.weapon_cells(action.weapon, action.cell, action.vertical)) != n:
                raise IllegalAction("line_off_board", cell=action.cell, length=n)

    def weapon_cells(self, weapon: str, cell, vertical: bool = False) -> tuple:
        """§A: the cells of the enemy field a weapon aimed at ``cell`` covers (the rules'
        ``arsenal.covered``)."""
        return covered(self.config, weapon, cell, vertical)

    def weapon_uses(self) -> list:
        """§A: the weapon uses the rules list (``arsenal.uses``), as this seat's view tells
        them: none on the very first turn."""
        v, cfg = self.latest, self.config
        if not cfg.arsenal or v.first_turn:
            return []
        return uses(cfg, v.stock)

    def bomber_start(self, cell, vertical: bool):
        """§A: the first cell of the bomber's line through ``cell``: its row (or column) whole
        on a board of 10, else 10 cells round ``cell``, kept on the board."""
        cfg = self.config
        n = cfg.bomber_line
        x, y = cell
        if vertical:
            return (x, max(0, min(cfg.height - n, y - n // 2)))
        return (max(0, min(cfg.width - n, x - n // 2)), y)

    # -- §A: the arsenal, per side --------------------------------------------------------------
    @per_view
    def stock(self) -> list:
        """Per side, its arsenal as it stands (weapon -> charges; air defences live): both
        sides see both (§A)."""
        v = self.latest
        return self._pair(dict(v.stock), dict(v.enemy_stock))

    @per_view
    def defences(self) -> list:
        """Per field owner, the air defences this seat knows: all its own, the enemy's
        revealed."""
        v = self.latest
        return self._pair(tuple(v.own_defences), tuple(v.enemy_defences))

    @per_view
    def spent_defences(self) -> list:
        v = self.latest
        return self._pair(tuple(v.spent_defences), tuple(v.enemy_defences))

    @per_view
    def swept(self) -> list:
        """Per field owner, the centres of radar sweeps this seat knows of on it: the enemy's
        on its own field (§A: its owner sees which square was swept), its own on the
        enemy's."""
        v = self.latest
        mine = tuple(r.cell for p, _, r in self.history
                     if p == self.seat and isinstance(r, WeaponResult) and r.weapon == RADAR)
        return self._pair(tuple(v.incoming_radar), mine)

    @property
    def radar(self) -> dict:
        """What this seat's radar showed on the enemy field and is not shot since (§A: cell ->
        DECK, MINE, SWEEPER or AIR_DEFENCE)."""
        return self.latest.radar

    def check_target(self, cell) -> None:
        """C4: one cell of a salvo being marked, checked before the whole salvo is (the rules'
        own check where the game is played here)."""
        self.feeder.check(self, "check_target", cell)

    def check_target_view(self, cell) -> None:
        """A cell this seat may not name: off the board, shot, known empty or a told mine."""
        cfg = self.config
        if not (isinstance(cell, tuple) and len(cell) == 2
                and 0 <= cell[0] < cfg.width and 0 <= cell[1] < cfg.height):
            raise IllegalAction("bad_cell", cell=cell)
        mark = self.latest.target.get(cell)
        if mark == EMPTY:
            raise IllegalAction("known_empty", cell=cell)
        if mark == KNOWN_MINE:
            raise IllegalAction("known_mine", cell=cell)
        if mark is not None:
            raise IllegalAction("already_shot", cell=cell)

    def legal_from_view(self) -> list:
        """The decision's cells while one is asked of this seat (§D: staying put), else a shot
        at every cell it may name (a salvo of the next ones from each, as the rules list
        them)."""
        v = self.latest
        if v.pending == RELOCATE:
            return [Relocate(None)]
        if v.pending:
            kind = GiveCell if v.pending == GIVE_CELL else GiveMine
            return [kind(c) for c in v.options]
        cells = v.unknown_cells()
        if not v.salvo:
            return [Shot(c) for c in cells] + self.weapon_uses()
        return [Salvo(tuple(cells[(i + k) % len(cells)] for k in range(v.salvo)))
                for i in range(len(cells))]

    # -- per field owner, from the view --------------------------------------------------------
    @per_view
    def shots_at(self) -> list:
        v = self.latest
        return self._pair(dict(v.incoming),
                          {c: m for c, m in v.target.items() if m not in NOT_SHOTS})

    @per_view
    def known_empty(self) -> list:
        v = self.latest
        return self._pair(set(v.incoming_empty),
                          {c for c, m in v.target.items() if m == EMPTY})

    @per_view
    def told(self) -> list:
        v = self.latest
        return self._pair(set(v.told), {c for c, m in v.target.items() if m == KNOWN_MINE})

    def _enemy_ships(self) -> list:
        v = self.latest
        return list(v.enemy_ships) if v.enemy_ships is not None else list(v.enemy_sunk)

    @per_view
    def ships(self) -> list:
        return self._pair(list(self.latest.own_ships), self._enemy_ships())

    @per_view
    def sunk(self) -> list:
        """Each side's sunk ships as the screens draw their wrecks (§D: the Dutchman's lost
        decks, once all are lost)."""
        v = self.latest
        if self.config.relocate:
            own = (as_ship(v.own_wrecks),) if v.own_ships and not v.own_ships[0] else ()
        else:
            own = tuple(s for s in v.own_ships if s and all(v.incoming.get(c) == SUNK
                                                            for c in s))
        return self._pair(own, v.enemy_sunk)

    @per_view
    def names(self) -> list:
        """Each ship's name (C3): this seat's own by its fleet; of the enemy's, those the rules
        announced as they went down."""
        own = self.latest.own_ships
        try:
            mine = [s.name for s in assign_specs(own, self.config.fleet)]
        except RuleError:
            mine = [""] * len(own)
        return self._pair(mine, [self.enemy_names.get(frozenset(s), "")
                                 for s in self._enemy_ships()])

    @per_view
    def mines(self) -> list:
        return self._pair(tuple(self.latest.own_mines), ())

    @per_view
    def sweepers(self) -> list:
        """C6: this seat's minesweepers, those afloat and those the enemy hit."""
        v = self.latest
        hit = sorted(c for c, m in v.incoming.items() if m == SWEEPER)
        return self._pair(tuple(v.own_sweepers) + tuple(hit), ())

    @per_view
    def faded(self) -> list:
        v = self.latest
        return self._pair(set(v.incoming_faded), set(v.faded))

    @per_view
    def wrecks(self) -> list:
        return self._pair(tuple(self.latest.own_wrecks), ())

    def view(self, player: int):
        """This seat's view; asked for the enemy's, only what this seat knows the enemy knows
        of it: the enemy's sunk ships are this seat's own sunk ships (the game over screen reads
        ``enemy_sunk`` of it to draw this seat's wrecks)."""
        if player == self.seat:
            return self.latest
        return _EnemySide(self.sunk[self.seat])

    def together(self, events) -> bool:
        return self.config.salvo != "off"       # C4: one state, one salvo

    # -- what this seat saw: each action's result, as the rules' history holds them -----------
    def observe(self, events) -> None:
        run: list = []           # the shots of one action (a salvo's, C4), then the next
        salvos = self.config.salvo != "off"

        def close():
            if salvos and run:
                self.history.append((run[0].shooter, None, SalvoResult(run[0].shooter,
                                                                       tuple(run))))
            elif run:
                self.history.append((run[0].shooter, None, run[0]))
            run.clear()

        for e in events:
            if isinstance(e, WeaponResult):      # §A: one weapon, one entry
                close()
                self.history.append((e.shooter, None, e))
                continue
            if not isinstance(e, ShotResult):
                close()
                if isinstance(e, (CellGiven, Relocated)) or (isinstance(e, MineGiven)
                                                             and e.cell is not None):
                    self.history.append((e.player, None, e))     # a decision made
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
