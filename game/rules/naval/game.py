"""Naval, the 12×12 game of guns, torpedo lanes, air strikes and Aegis anti-air (RULES.md §N).

Pure rules, no pygame. One player's turn is one ``Volley``: a shot from every intact gun (the
battleship's two as a pair of side neighbours), and at most one ability, a torpedo down a row or
an air strike inside a 3×3 square. When the defender's Aegis anti-air mount is intact and any
shell or plane is aimed within its reach, the rules wait for the defender's ``Intercept`` (the
pending decision, with ``turn`` set to the defender so the hand-over curtain works as in Classic);
then the whole volley is answered at once (§N: shot down, hits, the rest misses; sunk ships).

Points §N leaves open, settled here (also in docs/rules.md):

- N-a. A volley names exactly as many gun shots as the attacker has intact guns (fewer only when
  fewer cells are left to name); when the battleship's two guns are intact and two side-neighbouring
  cells are left to name, two of the shots are its pair. An air strike sends 1 to ``planes``
  planes (the seed says planes "can" be launched). A volley must attack with something.
- N-b. One volley names each cell at most once (guns and planes together), and never a cell the
  attacker already knows (a miss, a hit, or the halo of a sunk ship). A cell whose shell or plane
  was shot down stays unknown and may be named again.
- N-c. A torpedo stops at the first ship cell of its row, hit before or not (a wreck still
  stops it); the cells before it are marked as misses.
- N-d. The submarine's tube fires no shell until its torpedo is spent; then it is a gun.
- N-e. The anti-air mount defends during the volley in which it is hit (all of a volley is
  answered at once, interceptions first).
- N-f. Ceasefire (§N, as RULES.md now settles it): when 20 volleys in a row (10 by each side)
  hit no ship cell, the battle ends on points: more intact weapons wins (each intact gun, tube —
  with its torpedo or, once spent, as a gun — anti-air mount and flight-deck cell counts one),
  then more intact ship cells, then a draw. ``quiet`` counts those volleys; ``ceasefire`` holds
  how it was decided.
- N-g. Weapons sit on distinct cells of their ship; the flight deck is three cells in a line.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from ..base import (FLEET, Clocked, Concession, Decision, GameOver, Lapse,  # noqa: F401
                    OneRules, Saved, Told, TurnChanged, TurnLapsed)       # (shared)
from ..coords import Cell
from ..errors import ConfigError, IllegalAction, PlacementError
from ..fleet import AROUND, Ship, as_ship, normalise, orientations, shape_forms

SIZE = 12          # the 10×10 main field and its ring
RING = 1
KINDS = ("carrier", "aegis", "battleship", "submarine", "patrol")  # biggest first
SHIP_CELLS = {"patrol": 2, "submarine": 3, "battleship": 4, "aegis": 5, "carrier": 8}
KIND_OF_SIZE = {n: k for k, n in SHIP_CELLS.items()}
ARMS = {"patrol": (("gun", 1),), "submarine": (("tube", 1),), "battleship": (("gun", 2),),
        "aegis": (("gun", 1), ("aa", 1)), "carrier": (("deck", 3),)}
WEAPONS = ("gun", "tube", "aa", "deck")
PIECES = ("guns", "tubes", "aas", "decks")        # the game's attributes, one per weapon kind
AA_RANGE = 3       # Chebyshev distance of the anti-air's reach (a 7×7 square)
AA_SHELLS = 2      # shells one mount may shoot down a turn; planes: any number
CEASEFIRE = 20     # N-f: volleys in a row that hit no ship cell end the battle on points
DISARMED = "disarmed"    # §N: the loser has ships afloat but no weapon that can attack
CARRIER_FORM = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (1, 1), (2, 1), (3, 1))

MISS, HIT, SUNK, EMPTY = "miss", "hit", "sunk", "empty"
DOWN = "down"                     # an answer only: the shell or plane was shot down
KNOWN = (MISS, HIT, SUNK, EMPTY)  # marks a cell may not be named again under
INTERCEPT = "intercept"           # the decision the defender makes


@dataclass(frozen=True)
class NavalConfig(OneRules):
    """Naval has one field and one fleet."""

    width: int = SIZE
    height: int = SIZE


PRESETS = {"naval": NavalConfig()}


def on_main(cell: Cell) -> bool:
    return RING <= cell[0] < SIZE - RING and RING <= cell[1] < SIZE - RING


def in_field(cell) -> bool:
    return (isinstance(cell, tuple) and len(cell) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
            and 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE)


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@lru_cache(maxsize=None)
def forms(kind: str) -> tuple[tuple[Cell, ...], ...]:
    """Every orientation of a ship of ``kind`` (the carrier's four rotations, §N)."""
    if kind == "carrier":
        return tuple(sorted(orientations(CARRIER_FORM)))
    return shape_forms(SHIP_CELLS[kind], "straight")


@lru_cache(maxsize=None)
def ship_placements(kind: str) -> tuple[Ship, ...]:
    """Every legal position of one ship: inside the 12×12, at least one cell on the main 10×10."""
    out = []
    for form in forms(kind):
        fw = max(x for x, _ in form) + 1
        fh = max(y for _, y in form) + 1
        for oy in range(SIZE - fh + 1):
            for ox in range(SIZE - fw + 1):
                ship = tuple(sorted((x + ox, y + oy) for x, y in form))
                if any(on_main(c) for c in ship):
                    out.append(ship)
    return tuple(out)


def deck_options(cells: Sequence[Cell]) -> list[tuple[Cell, Cell, Cell]]:
    """The 3-cell straight lines lying on a carrier's ``cells`` (where its flight deck may go)."""
    own = set(cells)
    out = []
    for x, y in sorted(own):
        for dx, dy in ((1, 0), (0, 1)):
            line = ((x, y), (x + dx, y + dy), (x + 2 * dx, y + 2 * dy))
            if all(c in own for c in line):
                out.append(line)
    return out


def _halo(cells: Sequence[Cell]) -> list[Cell]:
    own = set(cells)
    out = set()
    for x, y in cells:
        for dx, dy in AROUND:
            n = (x + dx, y + dy)
            if n not in own and 0 <= n[0] < SIZE and 0 <= n[1] < SIZE:
                out.add(n)
    return sorted(out)


# --- ships and fleets ---------------------------------------------------------------------

@dataclass(frozen=True)
class NavalShip:
    """One ship: its kind, its cells and its weapons, ``(weapon, cell)`` pairs."""

    kind: str
    cells: Ship
    weapons: tuple[tuple[str, Cell], ...]

    def cells_of(self, weapon: str) -> tuple[Cell, ...]:
        return tuple(c for w, c in self.weapons if w == weapon)


def make_ship(cells: Sequence[Cell], weapons: dict | Sequence = ()) -> NavalShip:
    """A ship from its cells (the kind follows from the size) and its weapons, given as
    ``{weapon: [cells]}`` or ``[(weapon, cell)]``."""
    ship = as_ship(tuple(tuple(c) for c in cells))
    kind = KIND_OF_SIZE.get(len(ship))
    if kind is None:
        raise PlacementError("fleet_count", size=len(ship), expected=0, got=1)
    pairs = ([(w, tuple(c)) for w, cs in weapons.items() for c in cs]
             if isinstance(weapons, dict) else [(w, tuple(c)) for w, c in weapons])
    order = {w: i for i, w in enumerate(WEAPONS)}
    return NavalShip(kind, ship, tuple(sorted(pairs, key=lambda p: (order.get(p[0], 9), p[1]))))


def check_ship(kind: str, cells: Sequence[Cell], others: Sequence[Sequence[Cell]] = ()) -> None:
    """Can a ship of ``kind`` stand on ``cells`` beside the ships ``others`` (§N)?"""
    ship = as_ship(tuple(tuple(c) for c in cells))
    for c in ship:
        if not in_field(c):
            raise PlacementError("ship_off_board", ship=ship, cell=c)
    if len(set(ship)) != len(ship) or len(ship) != SHIP_CELLS[kind] \
            or normalise(ship) not in set(forms(kind)):
        raise PlacementError("bad_shape", ship=ship, shapes="naval")
    if not any(on_main(c) for c in ship):
        raise PlacementError("on_ring", ship=ship)
    owner = {c: as_ship(tuple(tuple(x) for x in o)) for o in others for c in o}
    for c in ship:
        if c in owner:
            raise PlacementError("overlap", ship=ship, other=owner[c], cell=c)
    for x, y in ship:
        for dx, dy in AROUND:
            n = (x + dx, y + dy)
            if n in owner:
                code = "touch_side" if (dx == 0 or dy == 0) else "touch_corner"
                raise PlacementError(code, ship=ship, other=owner[n], cell=n, touching="none")


def check_weapons(ship: NavalShip) -> None:
    """Are ``ship``'s weapons the ones its kind carries, each on its own cell of the ship (N-g)?"""
    seen = set()
    for weapon, cell in ship.weapons:
        if weapon not in WEAPONS:
            raise PlacementError("weapon_unknown", weapon=weapon)
        if cell not in ship.cells:
            raise PlacementError("weapon_off_ship", weapon=weapon, cell=cell, ship=ship.cells)
        if cell in seen:
            raise PlacementError("weapons_share", cell=cell, ship=ship.cells)
        seen.add(cell)
    need = dict(ARMS[ship.kind])
    for weapon in WEAPONS:
        got = len(ship.cells_of(weapon))
        if got != need.get(weapon, 0):
            raise PlacementError("weapon_count", weapon=weapon, kind=ship.kind,
                                 expected=need.get(weapon, 0), got=got)
    deck = ship.cells_of("deck")
    if deck and tuple(sorted(deck)) not in deck_options(ship.cells):
        raise PlacementError("deck_not_line", ship=ship.cells)


def validate_fleet(ships: Sequence[NavalShip]) -> None:
    """One ship of each kind, each legal beside the others, each armed as its kind (§N)."""
    have = [s.kind for s in ships]
    for kind in KINDS:
        if have.count(kind) != 1:
            raise PlacementError("fleet_count", size=SHIP_CELLS[kind], expected=1,
                                 got=have.count(kind))
    for i, ship in enumerate(ships):
        check_ship(ship.kind, ship.cells, [s.cells for s in ships[:i]])
        check_weapons(ship)


def random_ship_cells(rng: random.Random, placed: Sequence[Sequence[Cell]] = (),
                      kinds: Sequence[str] = KINDS, attempts: int = 500) -> list[Ship]:
    """Random legal cells for each of ``kinds`` beside the ships ``placed``."""
    start = {c for s in placed for c in s} | {n for s in placed for n in _halo(s)}
    for _ in range(attempts):
        blocked = set(start)
        out = []
        for kind in kinds:
            options = [s for s in ship_placements(kind) if not blocked.intersection(s)]
            if not options:
                break
            ship = rng.choice(options)
            out.append(ship)
            blocked.update(ship)
            blocked.update(_halo(ship))
        else:
            return out
    raise PlacementError("cannot_place", sizes=tuple(SHIP_CELLS[k] for k in kinds),
                         width=SIZE, height=SIZE)


def random_weapons(kind: str, cells: Sequence[Cell], rng: random.Random) -> NavalShip:
    """The weapons of one ship on random cells of it."""
    cells = as_ship(tuple(tuple(c) for c in cells))
    if kind == "carrier":
        return make_ship(cells, {"deck": list(rng.choice(deck_options(cells)))})
    need = [w for w, n in ARMS[kind] for _ in range(n)]
    spots = rng.sample(list(cells), len(need))
    return make_ship(cells, list(zip(need, spots)))


def random_fleet(rng: random.Random) -> list[NavalShip]:
    return [random_weapons(k, c, rng) for k, c in zip(KINDS, random_ship_cells(rng))]


# --- actions ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Volley:
    """One turn's attack: single gun shots, the battleship's ``pair`` (two side neighbours), and
    at most one ability: a ``torpedo`` down a row, or an ``air`` strike inside a 3×3 square."""

    shots: tuple[Cell, ...] = ()
    pair: tuple[Cell, ...] = ()
    torpedo: int | None = None
    air: tuple[Cell, ...] = ()

    @property
    def shells(self) -> tuple[Cell, ...]:
        return tuple(self.shots) + tuple(self.pair)

    @property
    def targets(self) -> tuple[Cell, ...]:
        return self.shells + tuple(self.air)


@dataclass(frozen=True)
class Intercept:
    """The defender's choice: which incoming cells (up to 2 shells, any planes in reach) the
    anti-air mount shoots down."""

    cells: tuple[Cell, ...] = ()


# --- events -------------------------------------------------------------------------------

@dataclass(frozen=True)
class VolleyFired:
    """``player`` named these targets; the answer follows (after the defender's interception)."""

    player: int
    volley: Volley


@dataclass(frozen=True)
class InterceptNeeded:
    player: int                 # the defender
    options: tuple[Cell, ...]   # incoming cells within reach of the mount


@dataclass(frozen=True)
class VolleyResult:
    """The answer to a volley, in §N's order: shot down, hits (guns, planes, torpedo), the rest
    misses; ``sunk`` the ships whose last cell was hit. ``halo``: cells now known empty."""

    player: int                          # the attacker
    volley: Volley
    downed: tuple[Cell, ...]
    hits: tuple[Cell, ...]
    misses: tuple[Cell, ...]
    torpedo_path: tuple[Cell, ...] = ()  # water the torpedo crossed, from its entry edge
    torpedo_hit: Cell | None = None
    sunk: tuple[tuple[str, Ship], ...] = ()
    halo: tuple[Cell, ...] = ()

    @property
    def outcome(self) -> str:
        """One word per target in the order named (down / hit / miss), the torpedo's hit or
        miss, then ``sunk`` per ship sunk; records compare this text."""
        words = []
        for c in self.volley.targets:
            words.append(DOWN if c in self.downed else HIT if c in self.hits else MISS)
        if self.volley.torpedo is not None:
            words.append(HIT if self.torpedo_hit is not None else MISS)
        words += ["sunk"] * len(self.sunk)
        return " ".join(words)


# --- the view one player has --------------------------------------------------------------

@dataclass(frozen=True)
class NavalView:
    """What ``player`` may know: his own fleet and weapons, what each side has learnt of the
    other's field, and the enemy's ships only once sunk (all of them once the game is over)."""

    player: int
    config: NavalConfig
    turn: int
    first: int
    winner: int | None
    over: bool
    own: tuple[NavalShip, ...]
    own_hits: frozenset          # enemy hits on my ships
    incoming: dict               # what the enemy knows of my field: cell -> MISS/HIT/SUNK/EMPTY
    target: dict                 # what I know of the enemy field
    downed: tuple[Cell, ...]     # my last volley's targets shot down (still unknown)
    enemy_sunk: tuple[tuple[str, Ship], ...]
    enemy_afloat: tuple[str, ...]
    guns: int                    # shells I fire next turn
    pair: bool                   # two of them are the battleship's pair
    torpedo_ready: bool
    planes: int
    aa: Cell | None              # my anti-air mount, while intact
    ability_allowed: bool        # not the first player's first turn
    enemy_shells: int            # how many shells the enemy fired last (his intact guns, then)
    pending: str | None = None
    incoming_volley: Volley | None = None   # when I must intercept
    options: tuple[Cell, ...] = ()          # the incoming cells my mount reaches
    enemy_fleet: tuple[NavalShip, ...] | None = None
    quiet: int = 0                          # N-f: volleys in a row that hit no ship cell
    flak_own: frozenset = frozenset()       # cells over my field my Aegis ever shot down at
    flak_target: frozenset = frozenset()    # cells over the enemy's where mine were shot down

    @property
    def my_turn(self) -> bool:
        return not self.over and self.turn == self.player

    def targetable(self) -> list[Cell]:
        return [(x, y) for y in range(SIZE) for x in range(SIZE)
                if self.target.get((x, y)) not in KNOWN]

    def torpedo_from_left(self) -> bool:
        """§N: the first player's torpedoes enter from the left edge, the other's the right."""
        return self.player == self.first


# --- the game -----------------------------------------------------------------------------

class NavalGame(Saved, Concession, Clocked, Told):
    """One Naval game between players 0 ("A") and 1 ("B")."""

    mode = "naval"
    # what each player may be told (Told): the interception's options show where the
    # DEFENDER's anti-air mount stands, so only he gets them
    EVENTS = (TurnChanged, GameOver, VolleyFired, InterceptNeeded, VolleyResult, TurnLapsed)
    SECRETS = {InterceptNeeded: ("player", ("options",))}

    def __init__(self, config: NavalConfig, fleets: Sequence[Sequence[NavalShip]],
                 first: int = 0):
        if first not in (0, 1):
            raise ConfigError("bad_option", key="first", expected="0|1", got=first)
        if len(fleets) != 2:
            raise ConfigError("bad_option", key="fleets", expected="two fleets", got=len(fleets))
        self.config = config
        self.fleets: list[list[NavalShip]] = []
        for player, fleet in enumerate(fleets):
            fleet = sorted(fleet, key=lambda s: KINDS.index(s.kind) if s.kind in KINDS else 9)
            try:
                validate_fleet(fleet)
            except PlacementError as exc:
                exc.params["player"] = player
                raise
            self.fleets.append(list(fleet))
        self.owner = [{c: i for i, s in enumerate(f) for c in s.cells} for f in self.fleets]
        self.weapon_at = [{c: w for s in f for w, c in s.weapons} for f in self.fleets]
        self.first = first
        self.turn = first
        self.winner: int | None = None
        self.drawn = False
        self.end_reason = ""            # GameOver's reason: FLEET, DISARMED or "ceasefire"
        self.hits: list[set[Cell]] = [set(), set()]        # ship cells hit on p's field
        self.marks: list[dict[Cell, str]] = [{}, {}]       # what p's enemy knows of p's field
        self.downed: list[tuple[Cell, ...]] = [(), ()]     # last volley's shot down, on p's field
        self.flak: list[set[Cell]] = [set(), set()]        # every cell shot down over p's field
        #                                                  (both sides were told: not a shot)
        self.sunk: list[list[int]] = [[], []]              # p's ships sunk, in order
        self.torpedo_used = [False, False]
        self.shells_fired = [0, 0]                         # p's last volley's shells
        self.volleys = 0
        self.quiet = 0                                     # N-f: volleys in a row hitting no ship
        self.ceasefire: tuple[str, tuple[int, int]] | None = None   # N-f: ("weapons"|"cells"|
        #                                                  "draw", the two sides' counts)
        self.history: list[tuple[int, object, object]] = []
        self.pending: Decision | None = None
        self.volley: Volley | None = None                 # waiting for the interception

    # -- records name the weapons by kind, one cell each --
    @property
    def initial_ships(self) -> list[list[Ship]]:
        return [[s.cells for s in f] for f in self.fleets]

    def _pieces(self, weapon: str) -> tuple[tuple[Cell, ...], ...]:
        return tuple(tuple(c for s in f for w, c in s.weapons if w == weapon) for f in self.fleets)

    # each side's weapons of one kind, by cell (PIECES: the names records list them by)
    guns = property(lambda self: self._pieces("gun"))
    tubes = property(lambda self: self._pieces("tube"))
    aas = property(lambda self: self._pieces("aa"))
    decks = property(lambda self: self._pieces("deck"))

    # -- queries --
    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn

    @property
    def decision(self):
        return self.pending

    def intact(self, player: int, weapon: str) -> list[Cell]:
        return [c for s in self.fleets[player] for w, c in s.weapons
                if w == weapon and c not in self.hits[player]]

    def battleship_guns(self, player: int) -> int:
        ship = next(s for s in self.fleets[player] if s.kind == "battleship")
        return sum(1 for c in ship.cells_of("gun") if c not in self.hits[player])

    def gun_count(self, player: int) -> int:
        """Shells ``player`` fires a turn: intact guns, and the tube once its torpedo is spent."""
        n = len(self.intact(player, "gun"))
        if self.torpedo_used[player]:
            n += len(self.intact(player, "tube"))
        return n

    def torpedo_ready(self, player: int) -> bool:
        return not self.torpedo_used[player] and bool(self.intact(player, "tube"))

    def planes(self, player: int) -> int:
        return len(self.intact(player, "deck"))

    def aa_mount(self, player: int) -> Cell | None:
        mounts = self.intact(player, "aa")
        return mounts[0] if mounts else None

    def points(self, player: int) -> tuple[int, int]:
        """N-f: ``player``'s intact weapons (each gun, tube, anti-air mount and flight-deck cell
        counts one) and intact ship cells, what a ceasefire is decided on."""
        weapons = sum(1 for s in self.fleets[player] for _, c in s.weapons
                      if c not in self.hits[player])
        cells = sum(len(s.cells) for s in self.fleets[player]) - len(self.hits[player])
        return weapons, cells

    def _cease_fire(self) -> GameOver:
        """N-f: decide the battle on points: weapons, then ship cells, then a draw."""
        a, b = self.points(0), self.points(1)
        self.end_reason = "ceasefire"
        for i, basis in enumerate(("weapons", "cells")):
            if a[i] != b[i]:
                self.winner = 0 if a[i] > b[i] else 1
                self.ceasefire = (basis, (a[i], b[i]))
                return GameOver(self.winner, "ceasefire")
        self.drawn = True
        self.ceasefire = ("draw", (a[0], b[0]))
        return GameOver(None, "ceasefire")

    @property
    def result_detail(self) -> str:
        """How a ceasefire decided the battle, for records: "on points 6–4" (weapons), "on
        ship cells 20–18", or "on points 6–6" for a draw; "" when it ended by fire."""
        if self.ceasefire is None:
            return ""
        basis, (a, b) = self.ceasefire
        if self.winner is not None:
            a, b = (a, b) if self.winner == 0 else (b, a)     # the winner's count first
        return f"on {'ship cells' if basis == 'cells' else 'points'} {a}–{b}"

    def armed(self, player: int) -> bool:
        """§N: can ``player`` still attack (a gun, an unused torpedo, a flight-deck cell)?"""
        return self.gun_count(player) > 0 or self.torpedo_ready(player) or self.planes(player) > 0

    def ability_allowed(self) -> bool:
        return self.volleys > 0

    def targetable(self, player: int) -> list[Cell]:
        """Cells ``player`` may name on the enemy field."""
        known = self.marks[1 - player]
        return [(x, y) for y in range(SIZE) for x in range(SIZE) if known.get((x, y)) not in KNOWN]

    def volley_shape(self, player: int) -> tuple[int, bool]:
        """(single shots, pair?) that ``player``'s next volley must name (N-a)."""
        free = self.targetable(player)
        total = min(self.gun_count(player), len(free))
        if self.battleship_guns(player) == 2 and total >= 2 and _has_pair(set(free)):
            return total - 2, True
        return total, False

    def torpedo_lane(self, attacker: int, row: int) -> tuple[list[Cell], Cell | None]:
        """The water a torpedo of ``attacker`` crosses in ``row`` and the ship cell it stops at."""
        defender = 1 - attacker
        xs = range(SIZE) if attacker == self.first else range(SIZE - 1, -1, -1)
        path = []
        for x in xs:
            if (x, row) in self.owner[defender]:
                return path, (x, row)
            path.append((x, row))
        return path, None

    def intercept_options(self, volley: Volley | None = None) -> list[Cell]:
        """The incoming cells the defender's mount can reach (shells and planes)."""
        volley = volley if volley is not None else self.volley
        if volley is None:
            return []
        mount = self.aa_mount(self._defender())
        if mount is None:
            return []
        return [c for c in volley.targets if chebyshev(c, mount) <= AA_RANGE]

    def _defender(self) -> int:
        """The player being attacked now (while an interception is pending, the one deciding)."""
        return self.pending.player if self.pending else 1 - self.turn

    def view(self, player: int) -> NavalView:
        enemy = 1 - player
        shots, pair = self.volley_shape(player) if not self.over else (0, False)
        pending = self.pending.kind if self.pending and self.pending.player == player else None
        return NavalView(
            player=player, config=self.config, turn=self.turn, first=self.first,
            winner=self.winner, over=self.over, own=tuple(self.fleets[player]),
            own_hits=frozenset(self.hits[player]), incoming=dict(self.marks[player]),
            target=dict(self.marks[enemy]), downed=self.downed[enemy],
            enemy_sunk=tuple((self.fleets[enemy][i].kind, self.fleets[enemy][i].cells)
                             for i in self.sunk[enemy]),
            enemy_afloat=tuple(s.kind for i, s in enumerate(self.fleets[enemy])
                               if i not in self.sunk[enemy]),
            guns=shots + 2 * pair, pair=pair, torpedo_ready=self.torpedo_ready(player),
            planes=self.planes(player), aa=self.aa_mount(player),
            ability_allowed=self.ability_allowed(), enemy_shells=self.shells_fired[enemy],
            pending=pending,
            incoming_volley=self.volley if pending else None,
            options=tuple(self.intercept_options()) if pending else (),
            enemy_fleet=tuple(self.fleets[enemy]) if self.over else None,
            quiet=self.quiet, flak_own=frozenset(self.flak[player]),
            flak_target=frozenset(self.flak[enemy]),
        )

    def legal_actions(self) -> list:
        """Legal actions, the volleys only by a representative few (their number explodes): for
        each cell one volley that names it, with and without each ability the rules allow; for a
        pending interception, shooting nothing down and each single target in reach."""
        if self.over:
            return []
        if self.pending is not None:
            return [Intercept(())] + [Intercept((c,)) for c in self.intercept_options()]
        me = self.turn
        free = self.targetable(me)
        singles, pair = self.volley_shape(me)
        fs = set(free)
        pairs = [(c, n) for c in free for n in ((c[0] + 1, c[1]), (c[0], c[1] + 1)) if n in fs]
        out = []
        for i, cell in enumerate(free):
            p = ()
            if pair:
                p = next((q for q in pairs if cell in q), pairs[i % len(pairs)])
            rest = [c for c in free[i:] + free[:i] if c not in p]
            shots = tuple(rest[:singles])
            out.append(Volley(shots, p))
        if self.ability_allowed():
            base = out[0]
            if self.torpedo_ready(me):
                out += [replace_volley(base, torpedo=row) for row in range(SIZE)]
            planes = self.planes(me)
            if planes:
                for c in free[:: max(1, len(free) // 12)]:
                    square = [d for d in free if c[0] <= d[0] < c[0] + 3 and c[1] <= d[1] < c[1] + 3
                              and d not in base.targets]
                    if square:
                        out.append(replace_volley(base, air=tuple(square[:planes])))
        return [v for v in out if v.targets or v.torpedo is not None]

    def clone(self) -> "NavalGame":
        """An independent copy (for search): nothing done to it reaches this game."""
        return copy.deepcopy(self)

    def to_dict(self) -> dict:
        from .writing import action_to_json      # the writing reads this module's actions
        return {
            "mode": self.mode,
            "config": self.config.to_dict(),
            "fleets": [[{"kind": s.kind, "cells": [list(c) for c in s.cells],
                         "weapons": [[w, list(c)] for w, c in s.weapons]} for s in f]
                       for f in self.fleets],
            "first": self.first,
            "moves": [[p, action_to_json(a)] for p, a, _ in self.history],
        } | self.concession_dict()

    @classmethod
    def from_dict(cls, data: dict) -> "NavalGame":
        """Rebuild a game by replaying its moves, so a saved state can never be inconsistent."""
        cls.check_saved(data)
        from .writing import action_from_json    # the writing reads this module's actions
        config = NavalConfig.from_dict(data.get("config", {}))
        try:
            fleets = [[make_ship([_cell(c) for c in s["cells"]],
                                 [(str(w), _cell(c)) for w, c in s["weapons"]]) for s in f]
                      for f in data["fleets"]]
            moves = [(int(p), action_from_json(a)) for p, a in data.get("moves", [])]
            first = data.get("first", 0)
        except (KeyError, TypeError, ValueError, IndexError):
            raise ConfigError("bad_option", key="fleets/moves",
                              expected="ships with cells and weapons", got="malformed") from None
        return cls(config, fleets, first).replay(moves, data)

    # -- checking --
    def check(self, action) -> None:
        """Raise IllegalAction with the reason if ``action`` may not be played now."""
        if isinstance(action, Lapse):
            return self.check_lapse()
        if self.over:
            raise IllegalAction("game_over")
        if self.pending is not None:
            if not isinstance(action, Intercept):
                raise IllegalAction("decision_pending", decision=INTERCEPT,
                                    player=self.pending.player)
            self._check_intercept(action)
            return
        if isinstance(action, Intercept):
            raise IllegalAction("nothing_to_intercept")
        if not isinstance(action, Volley):
            raise IllegalAction("wrong_action", action=type(action).__name__)
        self._check_volley(action)

    def _check_volley(self, v: Volley) -> None:
        me = self.turn
        for group in (v.shots, v.pair, v.air):
            if not isinstance(group, tuple):
                raise IllegalAction("bad_cell", cell=group)
        known = self.marks[1 - me]
        for c in v.targets:
            if not in_field(c):
                raise IllegalAction("bad_cell" if not isinstance(c, tuple) else "off_board",
                                    cell=c)
            if known.get(c) in (MISS, HIT, SUNK):
                raise IllegalAction("already_shot", cell=c)
            if known.get(c) == EMPTY:
                raise IllegalAction("known_empty", cell=c)
        if len(set(v.targets)) != len(v.targets):
            raise IllegalAction("volley_repeats")
        singles, pair = self.volley_shape(me)
        if pair and len(v.pair) != 2:
            raise IllegalAction("pair_required")
        if not pair and v.pair:
            raise IllegalAction("no_pair")
        if v.pair and chebyshev(v.pair[0], v.pair[1]) != 1 or v.pair and (
                v.pair[0][0] != v.pair[1][0] and v.pair[0][1] != v.pair[1][1]):
            raise IllegalAction("pair_not_adjacent", cell=v.pair[0], other=v.pair[1])
        if len(v.shots) != singles:
            raise IllegalAction("volley_size", shots=singles + 2 * pair,
                                got=len(v.shots) + len(v.pair))
        if v.torpedo is not None or v.air:
            if not self.ability_allowed():
                raise IllegalAction("no_ability_first_turn")
            if v.torpedo is not None and v.air:
                raise IllegalAction("one_ability")
        if v.torpedo is not None:
            if isinstance(v.torpedo, bool) or not isinstance(v.torpedo, int) \
                    or not 0 <= v.torpedo < SIZE:
                raise IllegalAction("bad_row", row=v.torpedo)
            if not self.torpedo_ready(me):
                raise IllegalAction("no_torpedo")
        if v.air:
            planes = self.planes(me)
            if planes == 0:
                raise IllegalAction("no_planes")
            if len(v.air) > planes:
                raise IllegalAction("too_many_planes", planes=planes, got=len(v.air))
            xs = [c[0] for c in v.air]
            ys = [c[1] for c in v.air]
            if max(xs) - min(xs) > 2 or max(ys) - min(ys) > 2:
                raise IllegalAction("air_not_square")
        if not v.targets and v.torpedo is None:
            raise IllegalAction("volley_empty")

    def _check_intercept(self, action: Intercept) -> None:
        cells = action.cells
        if not isinstance(cells, tuple):
            raise IllegalAction("bad_cell", cell=cells)
        if len(set(cells)) != len(cells):
            raise IllegalAction("volley_repeats")
        reach = set(self.intercept_options())
        volley = self.volley
        for c in cells:
            if c not in volley.targets:
                raise IllegalAction("not_incoming", cell=c)
            if c not in reach:
                raise IllegalAction("out_of_reach", cell=c, mount=self.aa_mount(self._defender()))
        shells = [c for c in cells if c in volley.shells]
        if len(shells) > AA_SHELLS:
            raise IllegalAction("too_many_shells", shells=AA_SHELLS, got=len(shells))

    # -- the one way the state changes --
    def apply(self, action) -> list:
        self.check(action)
        if isinstance(action, Lapse):
            events = self.apply_lapse()
            if self.over:       # lost on time while the rules waited for his interception
                self.pending = self.volley = None
            return events
        self.played(self.turn)
        if self.pending is not None:
            return self._intercept(action.cells, action)
        me = self.turn
        fired = VolleyFired(me, action)
        self.volley = action
        self.turn = me
        options = self.intercept_options(action) if action.targets else []
        if options:
            self.pending = Decision(1 - me, INTERCEPT)
            self.turn = 1 - me
            self.history.append((me, action, fired))
            return [fired, InterceptNeeded(1 - me, tuple(options))]
        self.volley = None
        result = self._resolve(action, ())
        self.history.append((me, action, result))
        return [fired, result] + self._after(result)

    def _intercept(self, downed, logged) -> list:
        """The defender's interception (``logged``: the action the history keeps), then the
        whole volley answered."""
        decider = self.pending.player
        volley = self.volley
        self.pending = None
        self.volley = None
        self.turn = 1 - decider
        result = self._resolve(volley, tuple(downed))
        self.history.append((decider, logged, result))
        return [result] + self._after(result)

    def _lapse_turn(self, player: int, lapsed: TurnLapsed) -> list:
        """§0: an attacker whose time ran out fires nothing: the turn passes (it is no volley:
        neither the first volley that abilities wait for, N-a, nor a quiet one, N-f). A
        defender whose time ran out while the rules waited for his interception shoots nothing
        down, and the volley is answered."""
        if self.pending is not None:
            return self._intercept((), Lapse())
        self.history.append((player, Lapse(), lapsed))
        self.turn = 1 - player
        return [TurnChanged(self.turn)]

    def _resolve(self, v: Volley, downed: tuple[Cell, ...]) -> VolleyResult:
        me, enemy = self.turn, 1 - self.turn
        owner, marks = self.owner[enemy], self.marks[enemy]
        hits, misses = [], []
        for c in v.targets:
            if c in downed:
                continue
            (hits if c in owner else misses).append(c)
        path, torpedo_hit = ((), None)
        if v.torpedo is not None:
            path, torpedo_hit = self.torpedo_lane(me, v.torpedo)
            self.torpedo_used[me] = True
        for c in list(misses) + list(path):
            if c not in marks:
                marks[c] = MISS
        struck = hits + ([torpedo_hit] if torpedo_hit is not None else [])
        damaged = any(c not in self.hits[enemy] for c in struck)   # a torpedo into a wreck: no
        for c in struck:
            self.hits[enemy].add(c)
            marks.setdefault(c, HIT)
            if marks[c] == MISS:       # cannot happen: a ship cell is never marked a miss
                marks[c] = HIT
        sunk, halo = [], []
        for i, ship in enumerate(self.fleets[enemy]):
            if i not in self.sunk[enemy] and all(c in self.hits[enemy] for c in ship.cells):
                self.sunk[enemy].append(i)
                sunk.append((ship.kind, ship.cells))
                for c in ship.cells:
                    marks[c] = SUNK
                for c in _halo(ship.cells):
                    if c not in marks:
                        marks[c] = EMPTY
                        halo.append(c)
        self.downed[enemy] = tuple(downed)
        self.flak[enemy].update(downed)
        self.shells_fired[me] = len(v.shells)
        self.volleys += 1
        self.quiet = 0 if damaged else self.quiet + 1      # N-f: a ship cell hit, or one more
        return VolleyResult(me, v, tuple(downed), tuple(hits), tuple(misses), tuple(path),
                            torpedo_hit, tuple(sunk), tuple(halo))

    def _after(self, result: VolleyResult) -> list:
        me, enemy = result.player, 1 - result.player
        if not self.armed(enemy):       # §N: sunk, or afloat with nothing left to attack with
            self.winner = me
            self.end_reason = FLEET if len(self.sunk[enemy]) == len(self.fleets[enemy]) \
                else DISARMED
            return [GameOver(me, self.end_reason)]
        if self.quiet >= CEASEFIRE:
            return [self._cease_fire()]
        self.turn = enemy
        return [TurnChanged(enemy)]


def replace_volley(v: Volley, **changes) -> Volley:
    return replace(v, **changes)


def _has_pair(free: set) -> bool:
    return any((x + 1, y) in free or (x, y + 1) in free for x, y in free)


def _cell(c) -> Cell:
    return (int(c[0]), int(c[1]))
