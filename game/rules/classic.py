"""Classic "Морской бой" as a pure state machine (RULES.md §0 and §C).

``ClassicConfig`` is the frozen description of the variant (board, fleet, touching and shape
rules, halo marking, type announcement); every later option plugs in here as a field.
``ClassicGame`` holds the state; ``apply(action)`` checks the action completely before changing
anything and returns the events it caused; ``view(player)`` is what one player may know.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Iterable, Sequence

from .coords import MAX_SIDE, Cell
from .errors import ConfigError, IllegalAction, PlacementError
from .fleet import (SHAPE_RULES, TOUCHING_RULES, Ship, ShipSpec, as_ship, assign_specs, halo,
                    in_board, random_ships, validate_ships)

MISS, HIT, SUNK = "miss", "hit", "sunk"
EMPTY = "empty"  # a cell known to be empty from a sunk ship's halo (§C)

MIN_SIDE = 5


def fleet_of(*counts_by_size: tuple[int, int]) -> tuple[ShipSpec, ...]:
    """``fleet_of((4, 1), (3, 2))`` -> one four-deck, two three-deck ships."""
    return tuple(ShipSpec(size) for size, n in counts_by_size for _ in range(n))


RUSSIAN_FLEET = fleet_of((4, 1), (3, 2), (2, 3), (1, 4))
MILTON_BRADLEY_FLEET = (ShipSpec(5, "carrier"), ShipSpec(4, "battleship"), ShipSpec(3, "cruiser"),
                        ShipSpec(3, "submarine"), ShipSpec(2, "destroyer"))


@dataclass(frozen=True)
class ClassicConfig:
    width: int = 10
    height: int = 10
    fleet: tuple[ShipSpec, ...] = RUSSIAN_FLEET
    touching: str = "none"      # C1
    shapes: str = "straight"    # C2
    halo: bool = True           # §C: mark a sunk ship's halo as known-empty for the shooter
    announce: bool = False      # C3: a sunk ship's type is announced (Milton Bradley)

    mode = "classic"

    def __post_init__(self):
        self.validate()

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(s.size for s in self.fleet)

    @property
    def fleet_cells(self) -> int:
        return sum(self.sizes)

    def validate(self) -> None:
        for name in ("width", "height"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not MIN_SIDE <= v <= MAX_SIDE:
                raise ConfigError("bad_option", key=name, expected=f"{MIN_SIDE}..{MAX_SIDE}",
                                  got=v)
        if self.touching not in TOUCHING_RULES:
            raise ConfigError("bad_option", key="touching", expected="|".join(TOUCHING_RULES),
                              got=self.touching)
        if self.shapes not in SHAPE_RULES:
            raise ConfigError("bad_option", key="shapes", expected="|".join(SHAPE_RULES),
                              got=self.shapes)
        if not self.fleet or any(not isinstance(s.size, int) or not 1 <= s.size <= MAX_SIDE
                                 for s in self.fleet):
            raise ConfigError("bad_option", key="fleet", expected="ship sizes 1..20",
                              got=self.sizes)
        for name in ("halo", "announce"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError("bad_option", key=name, expected="true|false",
                                  got=getattr(self, name))

    def to_dict(self) -> dict:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["fleet"] = list(self.sizes)
        if any(s.name for s in self.fleet):
            out["names"] = [s.name for s in self.fleet]
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "ClassicConfig":
        if not isinstance(data, dict):
            raise ConfigError("bad_option", key="options", expected="a table of options",
                              got=type(data).__name__)
        known = {f.name for f in fields(cls)} | {"names"}
        for key in data:
            if key not in known:
                raise ConfigError("unknown_option", key=key)
        kwargs = {k: v for k, v in data.items() if k not in ("fleet", "names")}
        if "fleet" in data:
            sizes = data["fleet"]
            names = data.get("names")
            if names is None and isinstance(sizes, list):
                names = [""] * len(sizes)
            if (not isinstance(sizes, list) or not isinstance(names, list)
                    or len(names) != len(sizes)
                    or not all(isinstance(s, int) and not isinstance(s, bool) for s in sizes)
                    or not all(isinstance(n, str) for n in names)):
                raise ConfigError("bad_option", key="fleet",
                                  expected="a list of ship sizes (and as many names)", got=sizes)
            kwargs["fleet"] = tuple(ShipSpec(s, n) for s, n in zip(sizes, names))
        try:
            return cls(**kwargs)
        except TypeError as exc:  # a value of the wrong kind somewhere
            raise ConfigError("bad_option", key="options", expected="valid values",
                              got=str(exc)) from None


PRESETS: dict[str, ClassicConfig] = {
    "russian": ClassicConfig(),
    "milton-bradley": ClassicConfig(fleet=MILTON_BRADLEY_FLEET, touching="free", announce=True),
}


# --- actions and events -------------------------------------------------------------------

@dataclass(frozen=True)
class Shot:
    """The action of Classic: name one cell of the enemy field."""

    cell: Cell


@dataclass(frozen=True)
class ShotResult:
    """What a shot did. ``halo`` lists the cells newly known empty on the shooter's view."""

    shooter: int
    cell: Cell
    outcome: str                   # MISS / HIT / SUNK
    ship: Ship = ()                # the whole ship, when sunk
    ship_name: str = ""            # its type, when sunk and the variant announces types
    halo: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class TurnChanged:
    player: int


@dataclass(frozen=True)
class GameOver:
    winner: int


# --- the view one player has --------------------------------------------------------------

@dataclass(frozen=True)
class ClassicView:
    """What ``player`` may know. Enemy ship cells appear only as hit/sunk marks, and the whole
    enemy fleet only once the game is over (§0: the loser's right to inspect)."""

    player: int
    config: ClassicConfig
    turn: int
    winner: int | None
    own_ships: tuple[Ship, ...]
    incoming: dict            # cell -> MISS/HIT/SUNK: the enemy's shots on my field
    target: dict              # cell -> MISS/HIT/SUNK/EMPTY: my marks on the enemy field
    enemy_sunk: tuple[Ship, ...]
    enemy_afloat: tuple[int, ...]          # sizes of enemy ships not yet sunk (public)
    enemy_ships: tuple[Ship, ...] | None = None  # only after the game is over

    @property
    def my_turn(self) -> bool:
        return self.winner is None and self.turn == self.player

    def unknown_cells(self) -> list[Cell]:
        w, h = self.config.width, self.config.height
        return [(x, y) for y in range(h) for x in range(w) if (x, y) not in self.target]


# --- the game -----------------------------------------------------------------------------

class ClassicGame:
    """State of one Classic game between players 0 ("A") and 1 ("B").

    ``solo=True`` is target practice: player 1 never shoots, a miss leaves the turn with player
    0, and player 0 needs no fleet (the AI benchmark measures shots to sink a fleet this way)."""

    mode = "classic"

    def __init__(self, config: ClassicConfig, fleets: Sequence[Sequence[Sequence[Cell]]],
                 first: int = 0, solo: bool = False):
        if first not in (0, 1) or (solo and first != 0):
            raise ConfigError("bad_option", key="first", expected="0|1", got=first)
        self.config = config
        self.solo = solo
        self.ships: list[list[Ship]] = []
        self.names: list[list[str]] = []
        for player, fleet in enumerate(fleets):
            ships = [as_ship(s) for s in fleet]
            if solo and player == 0 and not ships:
                self.ships.append([])
                self.names.append([])
                continue
            try:
                validate_fleet(config, ships)
            except PlacementError as exc:
                exc.params["player"] = player
                raise
            self.ships.append(ships)
            self.names.append([spec.name for spec in assign_specs(ships, config.fleet)])
        if len(self.ships) != 2:
            raise ConfigError("bad_option", key="fleets", expected="two fleets", got=len(fleets))
        self.first = first
        self.turn = first
        self.winner: int | None = None
        self._ship_at = [{c: i for i, s in enumerate(ships) for c in s} for ships in self.ships]
        self.shots_at: list[dict[Cell, str]] = [{}, {}]   # on player p's field, in order
        self.known_empty: list[set[Cell]] = [set(), set()]  # halo marks on p's field
        self.sunk: list[list[int]] = [[], []]               # p's ships sunk, in order
        self.history: list[tuple[int, Shot, ShotResult]] = []

    # -- queries --
    @property
    def over(self) -> bool:
        return self.winner is not None

    def legal_actions(self) -> list[Shot]:
        if self.over:
            return []
        enemy = 1 - self.turn
        w, h = self.config.width, self.config.height
        return [Shot((x, y)) for y in range(h) for x in range(w)
                if (x, y) not in self.shots_at[enemy] and (x, y) not in self.known_empty[enemy]]

    def check(self, action) -> None:
        """Raise IllegalAction with the reason if ``action`` may not be played now."""
        if self.over:
            raise IllegalAction("game_over")
        if not isinstance(action, Shot):
            raise IllegalAction("wrong_action", action=type(action).__name__)
        cell = action.cell
        if not (isinstance(cell, tuple) and len(cell) == 2
                and all(isinstance(v, int) for v in cell)):
            raise IllegalAction("bad_cell", cell=cell)
        if not in_board(cell, self.config.width, self.config.height):
            raise IllegalAction("off_board", cell=cell)
        enemy = 1 - self.turn
        if cell in self.shots_at[enemy]:
            raise IllegalAction("already_shot", cell=cell)
        if cell in self.known_empty[enemy]:
            raise IllegalAction("known_empty", cell=cell)

    # -- the one way the state changes --
    def apply(self, action) -> list:
        self.check(action)
        shooter, enemy = self.turn, 1 - self.turn
        cell = action.cell
        idx = self._ship_at[enemy].get(cell)
        events: list = []
        if idx is None:
            result = ShotResult(shooter, cell, MISS)
            self.shots_at[enemy][cell] = MISS
        else:
            ship = self.ships[enemy][idx]
            self.shots_at[enemy][cell] = HIT
            if all(self.shots_at[enemy].get(c) in (HIT, SUNK) for c in ship):
                for c in ship:
                    self.shots_at[enemy][c] = SUNK
                self.sunk[enemy].append(idx)
                marks: tuple[Cell, ...] = ()
                if self.config.halo:
                    marks = tuple(c for c in halo(ship, self.config.width, self.config.height,
                                                  self.config.touching)
                                  if c not in self.shots_at[enemy]
                                  and c not in self.known_empty[enemy])
                    self.known_empty[enemy].update(marks)
                name = self.names[enemy][idx] if self.config.announce else ""
                result = ShotResult(shooter, cell, SUNK, ship, name, marks)
            else:
                result = ShotResult(shooter, cell, HIT)
        self.history.append((shooter, action, result))
        events.append(result)
        if len(self.sunk[enemy]) == len(self.ships[enemy]):
            self.winner = shooter
            events.append(GameOver(shooter))
        elif result.outcome == MISS and not self.solo:
            self.turn = enemy
            events.append(TurnChanged(enemy))
        return events

    # -- what a player may see --
    def view(self, player: int) -> ClassicView:
        enemy = 1 - player
        target = dict(self.shots_at[enemy])
        for c in self.known_empty[enemy]:
            target[c] = EMPTY
        sunk_idx = set(self.sunk[enemy])
        return ClassicView(
            player=player,
            config=self.config,
            turn=self.turn,
            winner=self.winner,
            own_ships=tuple(self.ships[player]),
            incoming=dict(self.shots_at[player]),
            target=target,
            enemy_sunk=tuple(self.ships[enemy][i] for i in self.sunk[enemy]),
            enemy_afloat=tuple(sorted((len(s) for i, s in enumerate(self.ships[enemy])
                                       if i not in sunk_idx), reverse=True)),
            enemy_ships=tuple(self.ships[enemy]) if self.over else None,
        )

    # -- copies and persistence --
    def clone(self) -> "ClassicGame":
        other = ClassicGame.__new__(ClassicGame)
        other.config = self.config
        other.solo = self.solo
        other.ships = self.ships
        other.names = self.names
        other.first = self.first
        other.turn = self.turn
        other.winner = self.winner
        other._ship_at = self._ship_at
        other.shots_at = [dict(d) for d in self.shots_at]
        other.known_empty = [set(s) for s in self.known_empty]
        other.sunk = [list(s) for s in self.sunk]
        other.history = list(self.history)
        return other

    def to_dict(self) -> dict:
        return {
            "mode": self.mode,
            "config": self.config.to_dict(),
            "fleets": [[[list(c) for c in ship] for ship in ships] for ships in self.ships],
            "first": self.first,
            "moves": [[p, list(a.cell)] for p, a, _ in self.history],
        } | ({"solo": True} if self.solo else {})

    @classmethod
    def from_dict(cls, data: dict) -> "ClassicGame":
        """Rebuild a game by replaying its moves, so a saved state can never be inconsistent."""
        if not isinstance(data, dict) or data.get("mode") != cls.mode:
            raise ConfigError("bad_option", key="mode", expected=cls.mode,
                              got=data.get("mode") if isinstance(data, dict) else data)
        config = ClassicConfig.from_dict(data.get("config", {}))
        try:
            fleets = [[tuple(tuple(c) for c in ship) for ship in ships] for ships in data["fleets"]]
            moves = [(int(p), (int(c[0]), int(c[1]))) for p, c in data.get("moves", [])]
            first = data.get("first", 0)
        except (KeyError, TypeError, ValueError, IndexError):
            raise ConfigError("bad_option", key="fleets/moves",
                              expected="lists of [x, y] cells", got="malformed") from None
        game = cls(config, fleets, first, solo=data.get("solo") is True)
        for n, (player, cell) in enumerate(moves, 1):
            if player != game.turn:
                raise IllegalAction("not_your_turn", move=n, player=player)
            game.apply(Shot(cell))
        return game


def validate_fleet(config: ClassicConfig, ships: Sequence[Sequence[Cell]]) -> None:
    """Refuse a fleet that breaks the rules of ``config``, naming the ship, cell and rule."""
    ships = [as_ship(s) for s in ships]
    validate_ships(ships, config.width, config.height, config.shapes, config.touching)
    assign_specs(ships, config.fleet)


def random_fleet(config: ClassicConfig, rng) -> list[Ship]:
    return random_ships(config.sizes, config.width, config.height, config.shapes,
                        config.touching, rng)


def new_game(config: ClassicConfig, rng, fleets: Iterable | None = None,
             first: int | None = None) -> ClassicGame:
    """A game with random fleets where none are given and the first player drawn by lot."""
    fleets = list(fleets) if fleets is not None else [None, None]
    fleets = [f if f is not None else random_fleet(config, rng) for f in fleets]
    if first is None:
        first = rng.randrange(2)
    return ClassicGame(config, fleets, first)


def shot_stats(game: ClassicGame, player: int) -> dict:
    """Shots, hits, sinkings and the longest run of hits of ``player`` in ``game``."""
    shots = hits = sunk = streak = best = 0
    for shooter, _, result in game.history:
        if shooter != player:
            continue
        shots += 1
        if result.outcome == MISS:
            streak = 0
        else:
            hits += 1
            sunk += result.outcome == SUNK
            streak += 1
            best = max(best, streak)
    return {"shots": shots, "hits": hits, "sunk": sunk, "longest_streak": best,
            "accuracy": hits / shots if shots else 0.0}
