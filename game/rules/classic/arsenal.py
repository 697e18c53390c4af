"""The arcade arsenal of Classic (RULES.md §A, option C8): the radar, the air strike, the bomber
and the atomic bomb fired instead of a shot, and the air defence placed like a mine. Its action,
its events, and ``Arsenal``, the part of ``ClassicGame`` that checks and fires a weapon and
shows the arsenal in a view (``ClassicGame`` mixes it in; it reads the game's own state).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..base import FLEET, GameOver
from ..coords import Cell
from ..errors import IllegalAction
from ..fleet import in_board
from .shots import MINE, SWEEPER, ShotResult

# §A, the arcade arsenal (option C8): the four fired weapons, in the order of the battle
# screen's keys 1-4, and the placed air defence (a one-cell piece set up like a mine)
RADAR, AIR_STRIKE, BOMBER, ATOMIC = "radar", "air_strike", "bomber", "atomic"
WEAPONS = (RADAR, AIR_STRIKE, BOMBER, ATOMIC)
AIR_DEFENCE = "air_defence"
ARSENAL = WEAPONS + (AIR_DEFENCE,)   # the config's counts, 0..MAX_CHARGES each
MAX_CHARGES = 3
BOMBER_LINE = 10                  # §A: a bomber's line is 10 cells (or the whole side if shorter)
DECK = "deck"                     # what a radar shows: DECK, MINE, SWEEPER or AIR_DEFENCE


@dataclass(frozen=True)
class UseWeapon:
    """§A: instead of a shot, fire one weapon of the arsenal at the enemy field.

    ``weapon`` is RADAR, AIR_STRIKE, BOMBER or ATOMIC. For the radar, the air strike (3×3) and
    the atomic bomb (5×5) ``cell`` is the square's centre, on any cell of the board (the part off
    the field is lost). For the bomber ``cell`` is the first cell of its line of
    ``config.bomber_line`` cells: rightwards along row ``cell[1]``, or downwards along column
    ``cell[0]`` when ``vertical``; the whole line must lie on the board (on a 10×10 board a row
    starts at column 0 and a column at row 0). ``vertical`` means nothing for the squares and
    must stay False for them."""

    weapon: str
    cell: Cell
    vertical: bool = False


@dataclass(frozen=True)
class WeaponResult:
    """§A: what one weapon did, answered together as a salvo is (C4).

    ``cells`` are every cell the weapon covered on the board, in reading order (the squares'
    part off the field is lost). ``results`` are the shots of the cells newly shot, in that
    order: a cell already shot or known empty is covered again to no effect and has none. In
    them a mine or minesweeper answers MINE / SWEEPER, but inside a weapon's cells it is
    destroyed without going off (no cell given, no mine told): it is also in ``destroyed``. An
    air defence's cell answers MISS and is in ``destroyed`` too (a shot on it spends it; the
    atomic bomb destroys it).

    ``downed`` is the cell of the enemy air defence that shot an air strike or bomber down
    whole: then ``results`` and ``destroyed`` are empty and the air defence is spent and shown
    to both. The radar shoots nothing: ``shown`` pairs each occupied cell of its square not
    shot before with what occupies it (DECK, MINE, SWEEPER or AIR_DEFENCE); only the shooter
    is told them (the other side's copy has ``shown`` empty; its owner sees the square swept,
    from ``cell``)."""

    shooter: int
    weapon: str
    cell: Cell
    vertical: bool
    cells: tuple[Cell, ...]
    results: tuple[ShotResult, ...] = ()
    shown: tuple[tuple[Cell, str], ...] = ()
    downed: Cell | None = None
    destroyed: tuple[Cell, ...] = ()

    @property
    def outcome(self) -> str:
        """The answers in words, as a salvo's; ``downed`` when shot down, ``swept`` for the
        radar."""
        if self.downed is not None:
            return "downed"
        if self.weapon == RADAR:
            return "swept"
        return " ".join(r.outcome for r in self.results)


@dataclass(frozen=True)
class DefenceSpent:
    """§A: a single shot landed on ``player``'s air defence at ``cell``: a miss that reveals
    it and spends it (the ShotResult before this event answers MISS)."""

    player: int
    cell: Cell


def covered(config, weapon: str, cell: Cell, vertical: bool = False) -> tuple[Cell, ...]:
    """§A: the cells of the enemy field ``UseWeapon(weapon, cell, vertical)`` covers on a board
    of ``config``, in reading order: a 3×3 square (radar, air strike) or 5×5 (atomic bomb) round
    ``cell``, the part off the field lost; the bomber's line from ``cell`` (cut at the edge: the
    check refuses a line that does not fit)."""
    w, h = config.width, config.height
    x0, y0 = cell
    if weapon == BOMBER:
        n = config.bomber_line
        line = [(x0, y0 + i) if vertical else (x0 + i, y0) for i in range(n)]
        return tuple(c for c in line if in_board(c, w, h))
    r = 2 if weapon == ATOMIC else 1
    return tuple((x, y) for y in range(y0 - r, y0 + r + 1) for x in range(x0 - r, x0 + r + 1)
                 if in_board((x, y), w, h))


def uses(config, stock: dict) -> list:
    """§A: a representative few of the weapon uses a side with ``stock`` (weapon -> charges)
    may make on a board of ``config``: each weapon with a charge left, the squares on a grid
    that tiles the board (every third cell, every fifth for the atomic bomb, and the last row
    and column), and every line the bomber may fly. Any other centre is as legal."""
    w, h = config.width, config.height
    out: list = []
    for weapon in WEAPONS:
        if not stock.get(weapon):
            continue
        if weapon == BOMBER:
            n = config.bomber_line
            out += [UseWeapon(BOMBER, (x, y)) for y in range(h) for x in range(w - n + 1)]
            out += [UseWeapon(BOMBER, (x, y), True) for x in range(w) for y in range(h - n + 1)]
            continue
        r = 2 if weapon == ATOMIC else 1
        xs = sorted(set(range(r, w, 2 * r + 1)) | {max(0, w - 1 - r)})
        ys = sorted(set(range(r, h, 2 * r + 1)) | {max(0, h - 1 - r)})
        out += [UseWeapon(weapon, (x, y)) for y in ys for x in xs]
    return out


class Arsenal:
    """§A in ``ClassicGame``: each side's stock, the cells a weapon covers, the uses it may
    make, the check of a use, its firing and the view's arsenal fields."""

    def stock_of(self, player: int) -> dict[str, int]:
        """§A: ``player``'s arsenal as it stands: charges left per weapon, and his air defences
        not yet spent (both sides see both stocks). Empty when the arsenal is off."""
        if not self.config.arsenal:
            return {}
        live = len(self.defences[player]) - len(self.spent_defences[player])
        return dict(self.stock[player]) | {AIR_DEFENCE: live}

    def weapon_cells(self, weapon: str, cell: Cell, vertical: bool = False) -> tuple[Cell, ...]:
        """§A: the cells of the enemy field ``UseWeapon(weapon, cell, vertical)`` covers
        (``covered``)."""
        return covered(self.config, weapon, cell, vertical)

    def weapon_uses(self, player: int | None = None) -> list:
        """§A: a representative few of the weapon uses ``player`` may make now (``legal_actions``
        lists these): each weapon with a charge left, the squares on a grid that tiles the
        board (every third cell, every fifth for the atomic bomb, and the last row and column),
        and every line the bomber may fly. Any other centre is as legal."""
        player = self.turn if player is None else player
        if (not self.config.arsenal or self.over or self.decision is not None
                or not self.opened or player != self.turn):
            return []
        return uses(self.config, self.stock[player])

    def _check_weapon(self, action: UseWeapon) -> None:
        """§A: refuse a weapon use with its reason: the arsenal off, no such weapon, the very
        first turn of the game, no charge left, a square's centre off the board, a line that
        does not fit."""
        if not self.config.arsenal:
            raise IllegalAction("arsenal_off")
        weapon = action.weapon
        if not isinstance(weapon, str) or weapon not in WEAPONS:
            raise IllegalAction("weapon_unknown", weapon=str(weapon)[:40])
        if not isinstance(action.vertical, bool) or (action.vertical and weapon != BOMBER):
            raise IllegalAction("weapon_not_line", weapon=weapon)
        self._check_cell(action.cell)
        if not self.opened:     # §A: "A weapon may not be used on the very first turn"
            raise IllegalAction("weapon_first_turn")
        if not self.stock[self.turn].get(weapon):
            raise IllegalAction("no_charge", weapon=weapon)
        if weapon == BOMBER:
            n = self.config.bomber_line
            if len(self.weapon_cells(weapon, action.cell, action.vertical)) != n:
                raise IllegalAction("line_off_board", cell=action.cell, length=n)

    def _use_weapon(self, action: UseWeapon) -> list:
        """§A: one weapon instead of a shot; its cells answered together, as a salvo's; the
        turn passes whatever it hit."""
        shooter, enemy = self.turn, 1 - self.turn
        weapon = action.weapon
        self.stock[shooter][weapon] -= 1
        cells = self.weapon_cells(weapon, action.cell, action.vertical)
        results: list[ShotResult] = []
        shown: list[tuple[Cell, str]] = []
        destroyed: list[Cell] = []
        downed = None
        if weapon == RADAR:     # shows, damages and sets off nothing; its owner sees the square
            self.swept[enemy].append(action.cell)
            for c in cells:
                kind = self._occupant(enemy, c)
                if kind is not None:
                    shown.append((c, kind))
                    self.radar[shooter][c] = kind
        else:
            if weapon in (AIR_STRIKE, BOMBER):      # radar and the atomic bomb pass it
                downed = self._guard(enemy, cells)
            if downed is not None:                  # shot down whole: none of its cells shot
                self.spent_defences[enemy].append(downed)
            else:
                fresh = [c for c in cells if c not in self.shots_at[enemy]
                         and c not in self.known_empty[enemy]]  # the rest: to no effect
                for c in fresh:
                    piece = self._occupant(enemy, c) not in (None, DECK)
                    if c in self.known_empty[enemy]:    # in the halo of a ship it just sank
                        if not piece:
                            continue
                        self.known_empty[enemy].discard(c)  # a mine there (C5's "may touch")
                    if piece:
                        destroyed.append(c)         # a mine, minesweeper or air defence
                    results.append(self._strike(shooter, enemy, c))
        result = WeaponResult(shooter, weapon, action.cell, action.vertical, cells,
                              tuple(results), tuple(shown), downed, tuple(destroyed))
        self.history.append((shooter, action, result))
        events: list = [result]
        if len(self.sunk[enemy]) == len(self.ships[enemy]):
            self.winner, self.end_reason = shooter, FLEET
            events.append(GameOver(shooter, FLEET))
            return events
        self.opened = True
        self.after_pending = 0 if self.solo else enemy
        events.extend(self._advance())
        return events

    def _occupant(self, player: int, cell: Cell) -> str | None:
        """§A, the radar: what occupies ``cell`` of ``player``'s field and is not known there
        yet (a deck not hit, a live mine or minesweeper, an air defence not spent), or None."""
        if cell in self.shots_at[player]:
            return None
        if cell in self._ship_at[player]:
            return DECK
        if cell in self.mines[player]:
            return MINE
        if cell in self.sweepers[player]:
            return SWEEPER
        if cell in self.defences[player] and cell not in self.spent_defences[player]:
            return AIR_DEFENCE
        return None

    def _guard(self, player: int, cells: Sequence[Cell]) -> Cell | None:
        """§A: the first of ``player``'s live air defences with any of ``cells`` within one
        cell of it (its 3×3 neighbourhood), or None."""
        for d in self.defences[player]:
            if d not in self.spent_defences[player] and any(
                    abs(c[0] - d[0]) <= 1 and abs(c[1] - d[1]) <= 1 for c in cells):
                return d
        return None

    def _strike(self, shooter: int, enemy: int, cell: Cell) -> ShotResult:
        """§A: one cell of an air strike, bomber or atomic bomb, not shot before. A mine or
        minesweeper there is destroyed without going off (marked as shot, shown to both); an
        air defence there (only the atomic bomb reaches it) is destroyed, its cell a miss."""
        if cell in self.mines[enemy] or cell in self.sweepers[enemy]:
            outcome = MINE if cell in self.mines[enemy] else SWEEPER
            self.shots_at[enemy][cell] = outcome
            return ShotResult(shooter, cell, outcome)
        if cell in self.defences[enemy] and cell not in self.spent_defences[enemy]:
            self.spent_defences[enemy].append(cell)
        return self._fire(shooter, enemy, cell)

    def _arsenal_view(self, player: int) -> dict:
        """§A: the view's arsenal fields (none of them when the arsenal is off)."""
        enemy = 1 - player
        return dict(
            stock=self.stock_of(player),
            enemy_stock=self.stock_of(enemy),
            radar={c: k for c, k in self.radar[player].items()
                   if c not in self.shots_at[enemy] and c not in self.destroyed[enemy]},
            own_defences=self.defences[player],
            spent_defences=tuple(self.spent_defences[player]),
            enemy_defences=tuple(self.spent_defences[enemy]),
            incoming_radar=tuple(self.swept[player]),
            first_turn=not self.opened,
        )
