"""Classic "Морской бой" and its options, and the Flying Dutchman, as a pure state machine
(RULES.md §0, §C with C1–C7, and §D).

``ClassicConfig`` is the frozen description of the variant: board, fleet, touching (C1) and
shape (C2) rules, halo marking, type announcement (C3), salvo (C4), mines (C5), minesweepers
(C6), the Flying Dutchman's relocation (§D) and the arcade arsenal (§A, option C8: radar, air
strike, bomber, atomic bomb, air defence). A series of games (C7) is ``game.rules.series``.

``ClassicGame`` holds the state; ``apply(action)`` checks the action completely before changing
anything and returns the events it caused; ``view(player)`` is what one player may know.

Actions: ``Shot`` (one cell), ``Salvo`` (C4: several cells at once), and three decisions the
rules ask of a player in the middle of a turn: ``GiveCell`` (C5: the shooter who hit a mine
gives one whole cell of his fleet), ``GiveMine`` (C6: the shooter who hit a minesweeper gives one
of his live mines) and ``Relocate`` (§D: the owner of a hit Dutchman moves what is left of it,
or leaves it). While a decision is pending, ``turn`` is the player who must make it.
``UseWeapon`` (§A) fires one weapon of the arsenal instead of a shot; its answer is one
``WeaponResult``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Sequence

from ..base import (FLEET, Clocked, Concession, Decision, GameOver, Lapse,  # noqa: F401
                    Saved, Told, TurnChanged, TurnLapsed)                 # (shared)
from ..coords import MAX_SIDE, Cell
from ..errors import ConfigError, IllegalAction, PlacementError
from ..fleet import (AROUND, SHAPE_RULES, SHIP_NAMES, TOUCHING_RULES, Ship, ShipSpec, as_ship,
                     assign_specs, connected, halo, in_board, neighbours, validate_ships)

MISS, HIT, SUNK = "miss", "hit", "sunk"
MINE, SWEEPER = "mine", "sweeper"   # a shot on an enemy mine (C5) / minesweeper (C6)
EMPTY = "empty"            # a cell known to be empty from a sunk ship's halo (§C)
KNOWN_MINE = "known-mine"  # an enemy mine a hit minesweeper told us of: don't shoot (C6)
WRECK = "wreck"            # §D: a Dutchman's deck lost before the ship last moved
NO_SHIP = (MISS, EMPTY, SUNK, MINE, SWEEPER, KNOWN_MINE, WRECK)  # marks that rule a ship out

GIVE_CELL, GIVE_MINE, RELOCATE = "give_cell", "give_mine", "relocate"

# §A, the arcade arsenal (option C8): the four fired weapons, in the order of the battle
# screen's keys 1-4, and the placed air defence (a one-cell piece set up like a mine)
RADAR, AIR_STRIKE, BOMBER, ATOMIC = "radar", "air_strike", "bomber", "atomic"
WEAPONS = (RADAR, AIR_STRIKE, BOMBER, ATOMIC)
AIR_DEFENCE = "air_defence"
ARSENAL = WEAPONS + (AIR_DEFENCE,)   # the config's counts, 0..MAX_CHARGES each
MAX_CHARGES = 3
BOMBER_LINE = 10                  # §A: a bomber's line is 10 cells (or the whole side if shorter)
DECK = "deck"                     # what a radar shows: DECK, MINE, SWEEPER or AIR_DEFENCE

SALVO_RULES = ("off", "afloat", "fixed")
MINE_EFFECTS = ("give", "skip")
MIN_SIDE = 5
MAX_MINES = 3


def fleet_of(*counts_by_size: tuple[int, int]) -> tuple[ShipSpec, ...]:
    """``fleet_of((4, 1), (3, 2))`` -> one four-deck, two three-deck ships."""
    return tuple(ShipSpec(size) for size, n in counts_by_size for _ in range(n))


RUSSIAN_FLEET = fleet_of((4, 1), (3, 2), (2, 3), (1, 4))
MILTON_BRADLEY_FLEET = (ShipSpec(5, "carrier"), ShipSpec(4, "battleship"), ShipSpec(3, "cruiser"),
                        ShipSpec(3, "submarine"), ShipSpec(2, "destroyer"))
LARGE_16_FLEET = fleet_of((5, 1), (4, 2), (3, 3), (2, 4), (1, 5))
LARGE_18_FLEET = fleet_of((6, 1), (5, 2), (4, 3), (3, 4), (2, 5), (1, 6))
SCATTER_FLEET = fleet_of((1, 20))


@dataclass(frozen=True)
class ClassicConfig:
    width: int = 10
    height: int = 10
    fleet: tuple[ShipSpec, ...] = RUSSIAN_FLEET
    touching: str = "none"      # C1
    shapes: str = "straight"    # C2 ("bent"); §D ("any")
    halo: bool = True           # §C: mark a sunk ship's halo as known-empty for the shooter
    announce: bool = False      # C3: a sunk ship's type is announced (Milton Bradley)
    salvo: str = "off"          # C4: "afloat" (one shot per own ship afloat) or "fixed"
    salvo_shots: int = 3        # C4: shots per salvo when ``salvo`` is "fixed"
    mines: int = 0              # C5: mines per side, 0..3
    mine_effect: str = "give"   # C5: "give" a whole cell, or "skip" the next turn (seed 001)
    mines_touch: bool = False   # C5: mines may touch ships and other mines
    sweepers: int = 0           # C6: minesweepers per side, 0..3 (needs mines)
    relocate: bool = False      # §D: a hit ship may move what is left of it (one-ship fleets)
    arsenal: bool = False       # §A (C8): the arcade arsenal; the counts below need it
    radar: int = 0              # §A: charges per side, 0..3 each
    air_strike: int = 0
    bomber: int = 0
    atomic: int = 0
    air_defence: int = 0        # §A: air defences each side places, 0..3

    mode = "classic"

    def __post_init__(self):
        self.validate()

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(s.size for s in self.fleet)

    @property
    def fleet_cells(self) -> int:
        return sum(self.sizes)

    @property
    def stock(self) -> dict[str, int]:
        """§A: each side's arsenal at the start, weapon -> charges (AIR_DEFENCE: pieces); empty
        when the arsenal is off."""
        return {k: getattr(self, k) for k in ARSENAL} if self.arsenal else {}

    @property
    def bomber_line(self) -> int:
        """§A: the cells of a bomber's line: 10, or the whole side on a board narrower."""
        return min(BOMBER_LINE, self.width, self.height)

    def validate(self) -> None:
        for name in ("width", "height"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not MIN_SIDE <= v <= MAX_SIDE:
                raise ConfigError("bad_option", key=name, expected=f"{MIN_SIDE}..{MAX_SIDE}",
                                  got=v)
        for name, allowed in (("touching", TOUCHING_RULES), ("shapes", SHAPE_RULES),
                              ("salvo", SALVO_RULES), ("mine_effect", MINE_EFFECTS)):
            if getattr(self, name) not in allowed:
                raise ConfigError("bad_option", key=name, expected="|".join(allowed),
                                  got=getattr(self, name))
        if not self.fleet or any(not isinstance(s.size, int) or isinstance(s.size, bool)
                                 or not 1 <= s.size <= MAX_SIDE for s in self.fleet):
            raise ConfigError("bad_option", key="fleet", expected="ship sizes 1..20",
                              got=self.sizes)
        for spec in self.fleet:      # (a key of the rules, never a player's text: C3)
            if spec.name not in ("",) + SHIP_NAMES:
                raise ConfigError("bad_option", key="names", expected="|".join(SHIP_NAMES),
                                  got=spec.name)
        for name in ("halo", "announce", "mines_touch", "relocate", "arsenal"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError("bad_option", key=name, expected="true|false",
                                  got=getattr(self, name))
        for name, low, high in (("salvo_shots", 1, 10), ("mines", 0, MAX_MINES),
                                ("sweepers", 0, MAX_MINES),
                                *((k, 0, MAX_CHARGES) for k in ARSENAL)):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
                raise ConfigError("bad_option", key=name, expected=f"{low}..{high}", got=v)
        if self.sweepers and not self.mines:
            raise ConfigError("needs_option", key="sweepers", needs="mines")
        if self.relocate:
            if len(self.fleet) != 1:
                raise ConfigError("bad_option", key="fleet", expected="one ship (Flying Dutchman)",
                                  got=self.sizes)
            for name in ("mines", "sweepers"):
                if getattr(self, name):
                    raise ConfigError("conflict", key=name, other="relocate")
            if self.salvo != "off":
                raise ConfigError("conflict", key="salvo", other="relocate")
        if not self.arsenal:
            for name in ARSENAL:
                if getattr(self, name):
                    raise ConfigError("needs_option", key=name, needs="arsenal")
        else:       # §A: "Not combinable with salvo (C4) or the Flying Dutchman (§D)"
            if self.salvo != "off":
                raise ConfigError("conflict", key="arsenal", other="salvo")
            if self.relocate:
                raise ConfigError("conflict", key="arsenal", other="relocate")
        if self.shapes == "any" and not self.relocate and len(self.fleet) != 1:
            raise ConfigError("bad_option", key="shapes", expected="straight|bent",
                              got=self.shapes)

    def to_dict(self) -> dict:
        out = {f.name: getattr(self, f.name) for f in fields(self)
               if self.arsenal or f.name not in ("arsenal",) + ARSENAL}  # §A: off, unwritten
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
            config = cls(**kwargs)
        except TypeError as exc:  # a value of the wrong kind somewhere
            raise ConfigError("bad_option", key="options", expected="valid values",
                              got=str(exc)) from None
        # a config read from outside (a file, the network) holds no more pieces than its board
        # has cells: the cheap bound of deal.check_placeable's refusal (which may take seconds to
        # try; the options screen lets a board shrink before its fleet and asks it at the end)
        if (config.fleet_cells + config.mines + config.sweepers + config.air_defence
                > config.width * config.height):
            raise ConfigError("cannot_place", width=config.width, height=config.height,
                              fleet=config.sizes, mines=config.mines, sweepers=config.sweepers)
        return config


# The set-up screen's presets (issue order); each fills every option, any may then be changed.
PRESETS: dict[str, ClassicConfig] = {
    "russian": ClassicConfig(),
    "milton-bradley": ClassicConfig(fleet=MILTON_BRADLEY_FLEET, touching="free", announce=True),
    "large-16": ClassicConfig(width=16, height=16, fleet=LARGE_16_FLEET),
    "large-18": ClassicConfig(width=18, height=18, fleet=LARGE_18_FLEET),
    "scatter-20": ClassicConfig(width=20, height=20, fleet=SCATTER_FLEET),
    "mines": ClassicConfig(mines=1),
    "minesweepers": ClassicConfig(width=16, height=16, fleet=LARGE_16_FLEET, mines=3,
                                  sweepers=1),
    "salvo": ClassicConfig(salvo="afloat"),
    "dutchman": ClassicConfig(width=20, height=20, fleet=(ShipSpec(6),), shapes="any",
                              touching="free", halo=False, relocate=True),
    "arcade": ClassicConfig(arsenal=True, radar=2, air_strike=1, bomber=1, atomic=1,
                            air_defence=1),   # §A: the Russian fleet with the arsenal
}


def preset_of(config: ClassicConfig) -> str:
    """The preset ``config`` equals, or "custom"."""
    for key, preset in PRESETS.items():
        if preset == config:
            return key
    return "custom"


# --- actions ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Shot:
    """Name one cell of the enemy field."""

    cell: Cell


@dataclass(frozen=True)
class Salvo:
    """C4: name several cells of the enemy field at once."""

    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class GiveCell:
    """C5: after hitting a mine, the shooter gives the mine's owner one cell of his own fleet
    that holds a ship and is not yet hit."""

    cell: Cell


@dataclass(frozen=True)
class GiveMine:
    """C6: after hitting a minesweeper, the shooter tells its owner where one of his own live
    mines is."""

    cell: Cell


@dataclass(frozen=True)
class Relocate:
    """§D: the owner of a hit Dutchman moves what is left of it to ``cells`` (any legal shape of
    the remaining size), or leaves it where it is (``cells`` None)."""

    cells: tuple[Cell, ...] | None = None


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


# --- events -------------------------------------------------------------------------------

@dataclass(frozen=True)
class ShotResult:
    """What one shot did. ``halo`` lists the cells newly known empty on the shooter's view."""

    shooter: int
    cell: Cell
    outcome: str                   # MISS / HIT / SUNK / MINE / SWEEPER
    ship: Ship = ()                # the whole ship, when sunk
    ship_name: str = ""            # its type, when sunk and the variant announces types
    halo: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class SalvoResult:
    """C4: every answer of one salvo, in the order the cells were named."""

    shooter: int
    results: tuple[ShotResult, ...]

    @property
    def outcome(self) -> str:
        return " ".join(r.outcome for r in self.results)


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


@dataclass(frozen=True)
class CellGiven:
    """C5: ``player`` gave one of his ship cells to the owner of the mine he hit."""

    player: int
    cell: Cell
    outcome: str = "given"


@dataclass(frozen=True)
class MineGiven:
    """C6: ``player`` told the sweeper's owner where one of his mines is (``cell`` None: he had
    none left to tell)."""

    player: int
    cell: Cell | None
    outcome: str = "told"


@dataclass(frozen=True)
class Relocated:
    """§D: ``player``'s Dutchman moved (``moved``) or stayed. Where it went is not in the event:
    the shooter learns only that his older marks no longer tell."""

    player: int
    moved: bool

    @property
    def outcome(self) -> str:
        return "moved" if self.moved else "stayed"


@dataclass(frozen=True)
class DecisionNeeded:
    """The rules wait for ``player`` to make a decision of ``kind`` (GIVE_CELL, GIVE_MINE,
    RELOCATE) before play goes on."""

    player: int
    kind: str


@dataclass(frozen=True)
class TurnSkipped:
    """C5, seed 001's variant: ``player`` loses this turn for having hit a mine."""

    player: int


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
    incoming: dict            # cell -> MISS/HIT/SUNK/MINE/SWEEPER: the enemy's shots on my field
    target: dict              # cell -> MISS/HIT/SUNK/EMPTY/MINE/SWEEPER/KNOWN_MINE: my marks
    enemy_sunk: tuple[Ship, ...]
    enemy_afloat: tuple[int, ...]          # sizes of enemy ships not yet sunk (public)
    enemy_ships: tuple[Ship, ...] | None = None  # only after the game is over
    pending: str | None = None             # the decision the rules wait for from me
    options: tuple[Cell, ...] = ()         # the cells I may give (GIVE_CELL / GIVE_MINE)
    salvo: int = 0                         # shots in my next salvo (C4), 0 without salvos
    own_mines: tuple[Cell, ...] = ()       # C5
    spent_mines: tuple[Cell, ...] = ()     # my mines the enemy has set off
    own_sweepers: tuple[Cell, ...] = ()    # C6, the ones still afloat
    given: tuple[Cell, ...] = ()           # enemy ship cells given to me (C5), not yet shot
    gave: tuple[Cell, ...] = ()            # cells of mine I gave the enemy (C5)
    told: tuple[Cell, ...] = ()            # mines of mine I told the enemy of (C6)
    faded: tuple[Cell, ...] = ()           # §D: my marks from before the Dutchman last moved
    incoming_faded: tuple[Cell, ...] = ()  # §D: the enemy's faded marks on my field
    own_wrecks: tuple[Cell, ...] = ()      # §D: decks of my Dutchman lost for good
    incoming_empty: tuple[Cell, ...] = ()  # the halo the enemy marked round my sunk ships
    deciding: str | None = None            # the decision the rules wait for, of either player
                                           # (DecisionNeeded is told to both), None: a shot
    enemy_salvo: int = 0                   # shots in the enemy's next salvo (C4; his ships
                                           # afloat are public), 0 without salvos
    # §A, the arcade arsenal (all empty when it is off)
    stock: dict = field(default_factory=dict)        # weapon -> my charges left
                                                     # (AIR_DEFENCE: my live air defences)
    enemy_stock: dict = field(default_factory=dict)  # the enemy's, as it stands (§A: both
                                                     # always see both stocks)
    radar: dict = field(default_factory=dict)  # cell -> DECK/MINE/SWEEPER/AIR_DEFENCE: what
                                               # my radar showed on the enemy field, not shot
    own_defences: tuple[Cell, ...] = ()    # my air defences, live and spent
    spent_defences: tuple[Cell, ...] = ()  # those of them spent (shown to both)
    enemy_defences: tuple[Cell, ...] = ()  # the enemy's air defences revealed (all spent)
    incoming_radar: tuple[Cell, ...] = ()  # the centres of the enemy's radar sweeps on my field
    first_turn: bool = False               # the game's very first turn: no weapon yet (§A)

    @property
    def my_turn(self) -> bool:
        return self.winner is None and self.enemy_ships is None and self.turn == self.player

    def unknown_cells(self) -> list[Cell]:
        w, h = self.config.width, self.config.height
        return [(x, y) for y in range(h) for x in range(w) if (x, y) not in self.target]


# --- the game -----------------------------------------------------------------------------

class ClassicGame(Saved, Concession, Clocked, Told):
    """State of one Classic game between players 0 ("A") and 1 ("B").

    ``solo=True`` is target practice: player 1 never shoots, a miss leaves the turn with player
    0, and player 0 needs no fleet (the AI benchmark measures shots to sink a fleet this way).

    ``mines``, ``sweepers`` and ``defences`` give each player's mines (C5), minesweepers (C6)
    and air defences (§A)."""

    mode = "classic"
    # what each player may be told (Told): every Classic event is public or about his own side
    EVENTS = (TurnChanged, GameOver, ShotResult, SalvoResult, CellGiven, MineGiven, Relocated,
              DecisionNeeded, TurnSkipped, TurnLapsed, WeaponResult, DefenceSpent)
    # §A: "Every occupied cell in it is shown to the shooter": a radar's answer is his alone
    SECRETS = {WeaponResult: ("shooter", ("shown",))}

    def __init__(self, config: ClassicConfig, fleets: Sequence[Sequence[Sequence[Cell]]],
                 first: int = 0, solo: bool = False,
                 mines: Sequence[Sequence[Cell]] = ((), ()),
                 sweepers: Sequence[Sequence[Cell]] = ((), ()),
                 defences: Sequence[Sequence[Cell]] = ((), ())):
        if first not in (0, 1) or (solo and first != 0):
            raise ConfigError("bad_option", key="first", expected="0|1", got=first)
        if solo and (config.mines or config.salvo == "afloat"):
            raise ConfigError("conflict", key="solo", other="mines" if config.mines else "salvo")
        if len(fleets) != 2 or len(mines) != 2 or len(sweepers) != 2 or len(defences) != 2:
            raise ConfigError("bad_option", key="fleets", expected="two fleets", got=len(fleets))
        self.config = config
        self.solo = solo
        self.ships: list[list[Ship]] = []
        self.names: list[list[str]] = []
        self.mines: list[tuple[Cell, ...]] = []
        self.sweepers: list[tuple[Cell, ...]] = []
        self.defences: list[tuple[Cell, ...]] = []
        for player, fleet in enumerate(fleets):
            ships = [as_ship(s) for s in fleet]
            pm = tuple(tuple(c) for c in mines[player])
            ps = tuple(tuple(c) for c in sweepers[player])
            pd = tuple(tuple(c) for c in defences[player])
            if solo and player == 0 and not ships:
                self.ships.append([])
                self.names.append([])
                self.mines.append(())
                self.sweepers.append(())
                self.defences.append(())
                continue
            try:
                validate_fleet(config, ships)
                validate_pieces(config, ships, pm, ps, pd)
            except PlacementError as exc:
                exc.params["player"] = player
                raise
            self.ships.append(ships)
            self.names.append([spec.name for spec in assign_specs(ships, config.fleet)])
            self.mines.append(pm)
            self.sweepers.append(ps)
            self.defences.append(pd)
        self.initial_ships = [list(s) for s in self.ships]
        self.first = first
        self.turn = first
        self.winner: int | None = None
        self.drawn = False      # only by agreement (§0): one fleet always goes down first
        self._index()
        self.shots_at: list[dict[Cell, str]] = [{}, {}]   # on player p's field, in order
        self.known_empty: list[set[Cell]] = [set(), set()]  # halo marks on p's field
        self.sunk: list[list[int]] = [[], []]               # p's ships sunk, in order
        self.history: list[tuple[int, object, object]] = []
        self.pending: list[Decision] = []
        self.after_pending = first      # whose turn it is once the decisions are made
        self.given: list[list[Cell]] = [[], []]        # p's ship cells given to the enemy (C5)
        self.told: list[list[Cell]] = [[], []]         # p's mines told to the enemy (C6)
        self.skips = [0, 0]                            # turns p must skip (C5, seed 001)
        self.faded: list[set[Cell]] = [set(), set()]   # §D: faded marks on p's field
        self.wrecks: list[list[Cell]] = [[], []]       # §D: p's lost decks
        # §A, the arcade arsenal: p's charges left; p's air defences spent (shown to both);
        # what p's radar showed on the enemy field (cell -> kind); the centres of the radar
        # sweeps on p's field; pieces on p's field a weapon destroyed; whether the game's very
        # first turn is over
        self.stock = [{w: config.stock[w] for w in WEAPONS if w in config.stock}
                      for _ in range(2)]
        self.spent_defences: list[list[Cell]] = [[], []]
        self.radar: list[dict[Cell, str]] = [{}, {}]
        self.swept: list[list[Cell]] = [[], []]
        self.destroyed: list[set[Cell]] = [set(), set()]
        self.opened = False

    def _index(self) -> None:
        self._ship_at = [{c: i for i, s in enumerate(ships) for c in s} for ships in self.ships]

    # -- queries --
    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn

    @property
    def decision(self) -> Decision | None:
        return self.pending[0] if self.pending else None

    def shootable(self, player: int) -> list[Cell]:
        """Cells ``player`` may shoot now on the enemy field (in reading order)."""
        enemy = 1 - player
        w, h = self.config.width, self.config.height
        shot, empty, known = self.shots_at[enemy], self.known_empty[enemy], self.told[enemy]
        return [(x, y) for y in range(h) for x in range(w)
                if (x, y) not in shot and (x, y) not in empty and (x, y) not in known]

    def salvo_size(self, player: int | None = None) -> int:
        """C4: how many cells ``player``'s next salvo names (0 when salvos are off)."""
        if self.config.salvo == "off":
            return 0
        player = self.turn if player is None else player
        if self.config.salvo == "afloat":
            n = len(self.ships[player]) - len(self.sunk[player])
        else:
            n = self.config.salvo_shots
        return max(1, min(n, len(self.shootable(player))))

    def decision_options(self) -> list[Cell]:
        """The cells the pending GIVE_CELL / GIVE_MINE decision may name."""
        d = self.decision
        if d is None:
            return []
        p = d.player
        if d.kind == GIVE_CELL:
            whole = [c for ship in self.ships[p] for c in ship if c not in self.shots_at[p]]
            fresh = [c for c in whole if c not in self.given[p]]
            return sorted(fresh or whole)
        if d.kind == GIVE_MINE:
            return [c for c in self._live_mines(p) if c not in self.told[p]]
        return []

    def stock_of(self, player: int) -> dict[str, int]:
        """§A: ``player``'s arsenal as it stands: charges left per weapon, and his air defences
        not yet spent (both sides see both stocks). Empty when the arsenal is off."""
        if not self.config.arsenal:
            return {}
        live = len(self.defences[player]) - len(self.spent_defences[player])
        return dict(self.stock[player]) | {AIR_DEFENCE: live}

    def weapon_cells(self, weapon: str, cell: Cell, vertical: bool = False) -> tuple[Cell, ...]:
        """§A: the cells of the enemy field ``UseWeapon(weapon, cell, vertical)`` covers, in
        reading order: a 3×3 square (radar, air strike) or 5×5 (atomic bomb) round ``cell``,
        the part off the field lost; the bomber's line from ``cell`` (cut at the edge: the
        check refuses a line that does not fit)."""
        w, h = self.config.width, self.config.height
        x0, y0 = cell
        if weapon == BOMBER:
            n = self.config.bomber_line
            line = [(x0, y0 + i) if vertical else (x0 + i, y0) for i in range(n)]
            return tuple(c for c in line if in_board(c, w, h))
        r = 2 if weapon == ATOMIC else 1
        return tuple((x, y) for y in range(y0 - r, y0 + r + 1) for x in range(x0 - r, x0 + r + 1)
                     if in_board((x, y), w, h))

    def weapon_uses(self, player: int | None = None) -> list:
        """§A: a representative few of the weapon uses ``player`` may make now (``legal_actions``
        lists these): each weapon with a charge left, the squares on a grid that tiles the
        board (every third cell, every fifth for the atomic bomb, and the last row and column),
        and every line the bomber may fly. Any other centre is as legal."""
        player = self.turn if player is None else player
        if (not self.config.arsenal or self.over or self.decision is not None
                or not self.opened or player != self.turn):
            return []
        w, h = self.config.width, self.config.height
        out: list = []
        for weapon in WEAPONS:
            if not self.stock[player].get(weapon):
                continue
            if weapon == BOMBER:
                n = self.config.bomber_line
                out += [UseWeapon(BOMBER, (x, y)) for y in range(h) for x in range(w - n + 1)]
                out += [UseWeapon(BOMBER, (x, y), True) for x in range(w) for y in range(h - n + 1)]
                continue
            r = 2 if weapon == ATOMIC else 1
            xs = sorted(set(range(r, w, 2 * r + 1)) | {max(0, w - 1 - r)})
            ys = sorted(set(range(r, h, 2 * r + 1)) | {max(0, h - 1 - r)})
            out += [UseWeapon(weapon, (x, y)) for y in ys for x in xs]
        return out

    def _live_mines(self, player: int) -> list[Cell]:
        return [c for c in self.mines[player] if c not in self.shots_at[player]]

    def legal_actions(self) -> list:
        """Every legal action; but salvos and relocations, whose number explodes, only by a
        representative few: for each legal cell one salvo that names it (with the legal cells
        after it), and staying put. ``random_action`` draws from all of them."""
        if self.over:
            return []
        d = self.decision
        if d is not None:
            if d.kind == RELOCATE:
                return [Relocate(None)]
            cls = GiveCell if d.kind == GIVE_CELL else GiveMine
            return [cls(c) for c in self.decision_options()]
        cells = self.shootable(self.turn)
        if self.config.salvo != "off":
            n = self.salvo_size()
            return [Salvo(tuple(cells[(i + k) % len(cells)] for k in range(n)))
                    for i in range(len(cells))]
        return [Shot(c) for c in cells] + self.weapon_uses()

    def check(self, action) -> None:
        """Raise IllegalAction with the reason if ``action`` may not be played now."""
        if isinstance(action, Lapse):
            if self.solo:       # target practice has no clock
                raise IllegalAction("wrong_action", action="Lapse")
            return self.check_lapse()
        if self.over:
            raise IllegalAction("game_over")
        d = self.decision
        if d is not None:
            want = {GIVE_CELL: GiveCell, GIVE_MINE: GiveMine, RELOCATE: Relocate}[d.kind]
            if not isinstance(action, want):
                raise IllegalAction("decision_pending", decision=d.kind, player=d.player)
            if d.kind == RELOCATE:
                self._check_relocation(action.cells)
            else:
                self._check_cell(action.cell)
                if action.cell not in self.decision_options():
                    raise IllegalAction("not_yours_to_give" if d.kind == GIVE_CELL
                                        else "not_a_live_mine", cell=action.cell)
            return
        if isinstance(action, Shot):
            if self.config.salvo != "off":
                raise IllegalAction("salvo_required", shots=self.salvo_size())
            self.check_target(action.cell)
        elif isinstance(action, Salvo):
            if self.config.salvo == "off":
                raise IllegalAction("salvo_off")
            cells = action.cells
            if not isinstance(cells, tuple):
                raise IllegalAction("bad_cell", cell=cells)
            for c in cells:
                self.check_target(c)
            if len(set(cells)) != len(cells):
                raise IllegalAction("salvo_repeats")
            n = self.salvo_size()
            if len(cells) != n:
                raise IllegalAction("salvo_size", shots=n, got=len(cells))
        elif isinstance(action, UseWeapon):
            self._check_weapon(action)
        else:
            raise IllegalAction("wrong_action", action=type(action).__name__)

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

    def _check_cell(self, cell) -> None:
        if not (isinstance(cell, tuple) and len(cell) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise IllegalAction("bad_cell", cell=cell)
        if not in_board(cell, self.config.width, self.config.height):
            raise IllegalAction("off_board", cell=cell)

    def check_target(self, cell) -> None:
        """Refuse a cell the shooter may not name now (off the board, shot, known empty): one
        cell of a salvo being marked (C4), checked before the whole salvo is."""
        self._check_cell(cell)
        enemy = 1 - self.turn
        if cell in self.shots_at[enemy]:
            raise IllegalAction("already_shot", cell=cell)
        if cell in self.known_empty[enemy]:
            raise IllegalAction("known_empty", cell=cell)
        if cell in self.told[enemy]:
            raise IllegalAction("known_mine", cell=cell)

    def _check_relocation(self, cells) -> None:
        if cells is None:
            return
        if not isinstance(cells, tuple):
            raise IllegalAction("bad_cell", cell=cells)
        for c in cells:
            self._check_cell(c)
        owner = self.decision.player
        left = len(self.ships[owner][0])
        if len(set(cells)) != len(cells) or len(cells) != left:
            raise IllegalAction("relocate_size", size=left, got=len(set(cells)))
        for c in cells:
            if c in self.wrecks[owner]:
                raise IllegalAction("relocate_on_wreck", cell=c)
        if not connected(cells, AROUND):
            raise IllegalAction("relocate_shape")

    # -- the one way the state changes --
    def apply(self, action) -> list:
        self.check(action)
        if isinstance(action, Lapse):
            return self.apply_lapse()
        self.played(self.turn)
        if self.pending:
            return self._decide(action)
        if isinstance(action, UseWeapon):
            return self._use_weapon(action)
        shooter, enemy = self.turn, 1 - self.turn
        cells = action.cells if isinstance(action, Salvo) else (action.cell,)
        results = []
        events: list = []
        next_turn = shooter
        decisions: list[Decision] = []
        spent: list = []
        for cell in cells:
            if cell in self.defences[enemy] and cell not in self.spent_defences[enemy]:
                # §A: "A shot on the air defence's own cell is a miss that reveals it and
                # spends it"
                self.spent_defences[enemy].append(cell)
                spent.append(DefenceSpent(enemy, cell))
            r = self._fire(shooter, enemy, cell)
            results.append(r)
            if r.outcome == MISS:
                next_turn = enemy
            elif r.outcome == MINE:
                next_turn = enemy
                if self.config.mine_effect == "skip":
                    self.skips[shooter] += 1
                else:
                    decisions.append(Decision(shooter, GIVE_CELL))
            elif r.outcome == SWEEPER:
                next_turn = enemy
                decisions.append(Decision(shooter, GIVE_MINE))
            elif r.outcome == HIT and self.config.relocate:
                decisions.append(Decision(enemy, RELOCATE))
        if isinstance(action, Salvo):
            next_turn = enemy  # C4: hits give no extra turn in salvo mode
            result = SalvoResult(shooter, tuple(results))
        else:
            result = results[0]
        self.opened = self.opened or next_turn != shooter
        if self.solo:
            next_turn = 0
        self.history.append((shooter, action, result))
        events.extend(results)
        events.extend(spent)
        if len(self.sunk[enemy]) == len(self.ships[enemy]):
            self.winner, self.end_reason = shooter, FLEET
            events.append(GameOver(shooter, FLEET))
            return events
        # a sweeper's shooter with no mine left to tell only says so (C6)
        for d in list(decisions):
            if d.kind == GIVE_MINE and not [c for c in self._live_mines(d.player)
                                            if c not in self.told[d.player]]:
                decisions.remove(d)
                events.append(MineGiven(d.player, None))
        self.pending = decisions
        self.after_pending = next_turn
        events.extend(self._advance())
        return events

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

    def _fire(self, shooter: int, enemy: int, cell: Cell) -> ShotResult:
        self.faded[enemy].discard(cell)
        if cell in self.mines[enemy]:
            self.shots_at[enemy][cell] = MINE
            return ShotResult(shooter, cell, MINE)
        if cell in self.sweepers[enemy]:
            self.shots_at[enemy][cell] = SWEEPER
            return ShotResult(shooter, cell, SWEEPER)
        idx = self._ship_at[enemy].get(cell)
        if idx is None:
            self.shots_at[enemy][cell] = MISS
            return ShotResult(shooter, cell, MISS)
        if self.config.relocate:
            return self._hit_dutchman(shooter, enemy, cell, idx)
        ship = self.ships[enemy][idx]
        self.shots_at[enemy][cell] = HIT
        if not all(self.shots_at[enemy].get(c) in (HIT, SUNK) for c in ship):
            return ShotResult(shooter, cell, HIT)
        for c in ship:
            self.shots_at[enemy][c] = SUNK
        self.sunk[enemy].append(idx)
        marks: tuple[Cell, ...] = ()
        if self.config.halo:
            marks = tuple(c for c in halo(ship, self.config.width, self.config.height,
                                          self.config.touching)
                          if c not in self.shots_at[enemy] and c not in self.known_empty[enemy])
            self.known_empty[enemy].update(marks)
        name = self.names[enemy][idx] if self.config.announce else ""
        return ShotResult(shooter, cell, SUNK, ship, name, marks)

    def _hit_dutchman(self, shooter: int, enemy: int, cell: Cell, idx: int) -> ShotResult:
        """§D: the hit deck is lost for good; the ship is one deck shorter."""
        self.wrecks[enemy].append(cell)
        self.ships[enemy][idx] = tuple(c for c in self.ships[enemy][idx] if c != cell)
        self._ship_at[enemy].pop(cell, None)
        if self.ships[enemy][idx]:
            self.shots_at[enemy][cell] = HIT
            return ShotResult(shooter, cell, HIT)
        wreck = as_ship(self.wrecks[enemy])
        for c in wreck:
            self.shots_at[enemy][c] = SUNK
        self.sunk[enemy].append(idx)
        return ShotResult(shooter, cell, SUNK, wreck, self.names[enemy][idx]
                          if self.config.announce else "")

    def _decide(self, action, lapsed: TurnLapsed | None = None) -> list:
        """The pending decision made by ``action`` (``lapsed``: made by the rules for a player
        whose time ran out; the history keeps the lapse)."""
        d = self.pending.pop(0)
        p = d.player
        if d.kind == GIVE_CELL:
            self.given[p].append(action.cell)
            result = CellGiven(p, action.cell)
        elif d.kind == GIVE_MINE:
            self.told[p].append(action.cell)
            result = MineGiven(p, action.cell)
        else:
            result = self._relocate(p, action.cells)
        self.history.append((p, action, result) if lapsed is None else (p, Lapse(), lapsed))
        return [result] + self._advance()

    def _lapse_turn(self, player: int, lapsed: TurnLapsed) -> list:
        """§0: a shooter whose time ran out fires nothing, as if he had missed: the turn
        passes (a salvo of nothing, C4; a Dutchman's shot, §D; a turn lost to a mine, C5, is
        then skipped as after a miss). A decision the rules wait for is made by them: a hit
        Dutchman stays (§D), the first of the cells he may give is given (C5, C6)."""
        d = self.decision
        if d is not None:
            if d.kind == RELOCATE:
                return self._decide(Relocate(None), lapsed)
            kind = GiveCell if d.kind == GIVE_CELL else GiveMine
            return self._decide(kind(self.decision_options()[0]), lapsed)
        self.opened = True
        self.history.append((player, Lapse(), lapsed))
        self.after_pending = 1 - player
        return self._advance()

    def _relocate(self, owner: int, cells) -> Relocated:
        current = self.ships[owner][0]
        if cells is None or as_ship(cells) == current:
            return Relocated(owner, False)
        self.ships[owner][0] = as_ship(cells)
        self._index()
        marks = self.shots_at[owner]
        for c, mark in list(marks.items()):
            if mark == MISS:   # the shooter's misses no longer tell where the ship is
                del marks[c]
                self.faded[owner].add(c)
            elif mark == HIT:  # lost decks stay lost, but no longer mark the ship
                marks[c] = WRECK
        return Relocated(owner, True)

    def _advance(self) -> list:
        """Hand the turn to whoever must act next: the next decision, or the next shooter
        (skipping a turn lost to a mine, C5 variant)."""
        events: list = []
        if self.pending:
            nxt = self.pending[0].player
            events.append(DecisionNeeded(nxt, self.pending[0].kind))
        else:
            nxt = self.after_pending
            guard = 0
            while self.skips[nxt] and guard < 8:
                self.skips[nxt] -= 1
                events.append(TurnSkipped(nxt))
                nxt = 1 - nxt
                guard += 1
        if nxt != self.turn:
            self.turn = nxt
            events.append(TurnChanged(nxt))
        return events

    # -- what a player may see --
    def view(self, player: int) -> ClassicView:
        enemy = 1 - player
        target = dict(self.shots_at[enemy])
        for c in self.known_empty[enemy]:
            target[c] = EMPTY
        for c in self.told[enemy]:
            target.setdefault(c, KNOWN_MINE)
        sunk_idx = set(self.sunk[enemy])
        if self.config.relocate:
            afloat = tuple(len(s) for i, s in enumerate(self.ships[enemy]) if i not in sunk_idx)
            enemy_sunk = tuple(as_ship(self.wrecks[enemy]) for _ in self.sunk[enemy])
        else:
            afloat = tuple(sorted((len(s) for i, s in enumerate(self.ships[enemy])
                                   if i not in sunk_idx), reverse=True))
            enemy_sunk = tuple(self.ships[enemy][i] for i in self.sunk[enemy])
        d = self.decision
        mine = d is not None and d.player == player and not self.over
        return ClassicView(
            player=player,
            config=self.config,
            turn=self.turn,
            winner=self.winner,
            own_ships=tuple(self.ships[player]),
            incoming=dict(self.shots_at[player]),
            target=target,
            enemy_sunk=enemy_sunk,
            enemy_afloat=afloat,
            enemy_ships=tuple(self.ships[enemy]) if self.over else None,
            pending=d.kind if mine else None,
            options=tuple(self.decision_options()) if mine else (),
            salvo=self.salvo_size(player) if self.config.salvo != "off" and not self.over else 0,
            own_mines=self.mines[player],
            spent_mines=tuple(c for c in self.mines[player] if c in self.shots_at[player]),
            own_sweepers=tuple(c for c in self.sweepers[player]
                               if c not in self.shots_at[player]),
            given=tuple(c for c in self.given[enemy] if c not in self.shots_at[enemy]),
            gave=tuple(self.given[player]),
            told=tuple(self.told[player]),
            faded=tuple(sorted(self.faded[enemy])),
            incoming_faded=tuple(sorted(self.faded[player])),
            own_wrecks=tuple(self.wrecks[player]),
            incoming_empty=tuple(sorted(self.known_empty[player])),
            deciding=d.kind if d is not None and not self.over else None,
            enemy_salvo=(self.salvo_size(enemy) if self.config.salvo != "off" and not self.over
                         else 0),
            **(self._arsenal_view(player) if self.config.arsenal else {}),
        )

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

    # -- copies and persistence --
    def clone(self) -> "ClassicGame":
        other = ClassicGame.__new__(ClassicGame)
        other.__dict__.update(self.__dict__)
        other.ships = [list(s) for s in self.ships]
        other._index()
        other.shots_at = [dict(d) for d in self.shots_at]
        other.known_empty = [set(s) for s in self.known_empty]
        other.sunk = [list(s) for s in self.sunk]
        other.history = list(self.history)
        other.pending = list(self.pending)
        other.given = [list(s) for s in self.given]
        other.told = [list(s) for s in self.told]
        other.skips = list(self.skips)
        other.faded = [set(s) for s in self.faded]
        other.wrecks = [list(s) for s in self.wrecks]
        other.stock = [dict(s) for s in self.stock]
        other.spent_defences = [list(s) for s in self.spent_defences]
        other.radar = [dict(s) for s in self.radar]
        other.swept = [list(s) for s in self.swept]
        other.destroyed = [set(s) for s in self.destroyed]
        return other

    def to_dict(self) -> dict:
        from .writing import action_to_json      # the writing reads this module's actions
        out = {
            "mode": self.mode,
            "config": self.config.to_dict(),
            "fleets": [[[list(c) for c in ship] for ship in ships] for ships in self.initial_ships],
            "first": self.first,
            "moves": [[p, action_to_json(a)] for p, a, _ in self.history],
        }
        if self.config.mines:
            out["mines"] = [[list(c) for c in m] for m in self.mines]
        if self.config.sweepers:
            out["sweepers"] = [[list(c) for c in s] for s in self.sweepers]
        if self.config.air_defence:
            out["defences"] = [[list(c) for c in d] for d in self.defences]
        return out | ({"solo": True} if self.solo else {}) | self.concession_dict()

    @classmethod
    def from_dict(cls, data: dict) -> "ClassicGame":
        """Rebuild a game by replaying its moves, so a saved state can never be inconsistent."""
        cls.check_saved(data)
        from .writing import action_from_json    # the writing reads this module's actions
        config = ClassicConfig.from_dict(data.get("config", {}))
        try:
            fleets = [[tuple(tuple(c) for c in ship) for ship in ships] for ships in data["fleets"]]
            pieces = {k: [[(int(c[0]), int(c[1])) for c in side] for side in data.get(k, ([], []))]
                      for k in ("mines", "sweepers", "defences")}
            moves = [(int(p), action_from_json(a)) for p, a in data.get("moves", [])]
            first = data.get("first", 0)
        except (KeyError, TypeError, ValueError, IndexError):
            raise ConfigError("bad_option", key="fleets/moves",
                              expected="lists of [x, y] cells", got="malformed") from None
        game = cls(config, fleets, first, solo=data.get("solo") is True, **pieces)
        return game.replay(moves, data)


def validate_fleet(config: ClassicConfig, ships: Sequence[Sequence[Cell]]) -> None:
    """Refuse a fleet that breaks the rules of ``config``, naming the ship, cell and rule."""
    ships = [as_ship(s) for s in ships]
    validate_ships(ships, config.width, config.height, config.shapes, config.touching)
    assign_specs(ships, config.fleet)


def _may_touch(config: ClassicConfig, kind: str, other: str) -> bool:
    """C5/C6: a minesweeper touches nothing; a mine touches ships and mines only when the
    option "mines may touch" is on. §A: an air defence is under the same touching rule as a
    mine (it counts as one beside a mine or another air defence)."""
    like_mine = ("mine", AIR_DEFENCE)
    return kind in like_mine and other in ("ship",) + like_mine and config.mines_touch


def check_piece_at(config: ClassicConfig, kind: str, cell: Cell, ships: Sequence[Ship],
                   mines: Sequence[Cell] = (), sweepers: Sequence[Cell] = (),
                   defences: Sequence[Cell] = ()) -> None:
    """Can one more ``kind`` piece ("mine", "sweeper" or AIR_DEFENCE, §A) go on ``cell``
    beside the ships, mines, minesweepers and air defences already placed? The error names the
    piece, the cell and what it touches (the placement screen asks this)."""
    w, h = config.width, config.height
    if not in_board(cell, w, h):
        raise PlacementError("piece_off_board", piece=kind, cell=cell)
    ship_at = {c for s in ships for c in s}
    placed = ({c: "mine" for c in mines} | {c: "sweeper" for c in sweepers}
              | {c: AIR_DEFENCE for c in defences})
    if cell in ship_at or cell in placed:
        raise PlacementError("piece_overlap", piece=kind, cell=cell)
    for n in neighbours(cell, w, h):
        other = "ship" if n in ship_at else placed.get(n)
        if other is not None and not (_may_touch(config, kind, other)
                                      and (other == "ship" or _may_touch(config, other, kind))):
            raise PlacementError("piece_touch", piece=kind, cell=cell, other=other, at=n)


def validate_pieces(config: ClassicConfig, ships: Sequence[Sequence[Cell]],
                    mines: Sequence[Cell], sweepers: Sequence[Cell],
                    defences: Sequence[Cell] = ()) -> None:
    """C5/C6/§A: the right number of mines, minesweepers and air defences, each on the board, on
    a free cell, and touching nothing it may not touch (sides or corners)."""
    for kind, cells, want in (("mine", mines, config.mines),
                              ("sweeper", sweepers, config.sweepers),
                              (AIR_DEFENCE, defences, config.air_defence)):
        if len(cells) != want:
            raise PlacementError("piece_count", piece=kind, expected=want, got=len(cells))
    ships = [as_ship(s) for s in ships]
    placed: dict[str, list[Cell]] = {"mine": [], "sweeper": [], AIR_DEFENCE: []}
    for kind, cells in (("mine", mines), ("sweeper", sweepers), (AIR_DEFENCE, defences)):
        for c in cells:
            check_piece_at(config, kind, c, ships, placed["mine"], placed["sweeper"],
                           placed[AIR_DEFENCE])
            placed[kind].append(c)
