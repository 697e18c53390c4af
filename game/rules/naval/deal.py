"""Dealing a Naval game (§N): a game from its pieces (how records store them), a new game, a
random legal action (the conformance tests' and the cabin boy's), and the volleys' statistics.
Pure; every draw from the ``rng`` given.
"""

from __future__ import annotations

import random

from ..errors import PlacementError
from ..fleet import as_ship
from .game import (AA_SHELLS, SIZE, WEAPONS, Intercept, NavalConfig, NavalGame, Volley,
                   VolleyResult, make_ship, random_fleet)


# --- set-up, random play ------------------------------------------------------------------

def from_pieces(config: NavalConfig, fleets, first: int = 0, guns=((), ()), tubes=((), ()),
                aas=((), ()), decks=((), ())) -> NavalGame:
    """A game from ships as cell lists and weapons as cells per kind (how records store them):
    each weapon belongs to the ship whose cell it sits on."""
    built = []
    for p, fleet in enumerate(fleets):
        ships = [as_ship(tuple(tuple(c) for c in s)) for s in fleet]
        arms: list[list] = [[] for _ in ships]
        for weapon, cells in zip(WEAPONS, (guns[p], tubes[p], aas[p], decks[p])):
            for c in cells:
                c = tuple(c)
                home = next((i for i, s in enumerate(ships) if c in s), None)
                if home is None:
                    raise PlacementError("weapon_off_ship", weapon=weapon, cell=c, ship=(),
                                         player=p)
                arms[home].append((weapon, c))
        try:
            built.append([make_ship(s, a) for s, a in zip(ships, arms)])
        except PlacementError as exc:
            exc.params["player"] = p
            raise
    return NavalGame(config, built, first)


def new_game(config: NavalConfig, rng: random.Random, fleets=None, first=None) -> NavalGame:
    fleets = list(fleets) if fleets is not None else [random_fleet(rng), random_fleet(rng)]
    return NavalGame(config, fleets, rng.randrange(2) if first is None else first)


def random_intercept(game: NavalGame, rng: random.Random) -> Intercept:
    options = game.intercept_options()
    shells = [c for c in options if c in game.volley.shells]
    planes = [c for c in options if c not in game.volley.shells]
    pick = rng.sample(shells, rng.randint(0, min(AA_SHELLS, len(shells))))
    pick += [c for c in planes if rng.random() < 0.5]
    return Intercept(tuple(pick))


def random_volley(game: NavalGame, rng: random.Random, ability: float = 0.3) -> Volley:
    """A legal volley drawn at random; an ability with probability ``ability`` when allowed."""
    me = game.turn
    free = game.targetable(me)
    singles, pair = game.volley_shape(me)
    taken: set = set()
    pair_cells: tuple = ()
    if pair:
        fs = set(free)
        starts = [c for c in free if (c[0] + 1, c[1]) in fs or (c[0], c[1] + 1) in fs]
        a = rng.choice(starts)
        nexts = [n for n in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if n in fs]
        pair_cells = (a, rng.choice(nexts))
        taken.update(pair_cells)
    rest = [c for c in free if c not in taken]
    shots = tuple(rng.sample(rest, min(singles, len(rest))))
    taken.update(shots)
    torpedo, air = None, ()
    can_torpedo = game.ability_allowed() and game.torpedo_ready(me)
    planes = game.planes(me) if game.ability_allowed() else 0
    if (can_torpedo or planes) and (rng.random() < ability or not shots and not pair_cells):
        if can_torpedo and (not planes or rng.random() < 0.5):
            torpedo = rng.randrange(SIZE)
        else:
            left = [c for c in free if c not in taken]
            if left:
                cx, cy = rng.choice(left)
                ox, oy = cx - rng.randrange(3), cy - rng.randrange(3)
                square = [c for c in left if ox <= c[0] < ox + 3 and oy <= c[1] < oy + 3]
                air = tuple(rng.sample(square, rng.randint(1, min(planes, len(square)))))
    return Volley(shots, pair_cells, torpedo, air)


def random_action(game: NavalGame, rng: random.Random):
    if game.pending is not None:
        return random_intercept(game, rng)
    return random_volley(game, rng)


def volley_stats(game: "NavalGame", player: int) -> dict:
    """What ``player``'s volleys did: targets named, hits (torpedo included), shot down,
    volleys, and weapons of the enemy destroyed."""
    named = hits = downed = volleys = 0
    for _, _, result in game.history:
        if isinstance(result, VolleyResult) and result.player == player:
            volleys += 1
            named += len(result.volley.targets) + (result.volley.torpedo is not None)
            hits += len(result.hits) + (result.torpedo_hit is not None)
            downed += len(result.downed)
    enemy = 1 - player
    weapons = sum(1 for s in game.fleets[enemy] for _, c in s.weapons if c in game.hits[enemy])
    return {"shots": named, "hits": hits, "downed": downed, "volleys": volleys,
            "weapons": weapons, "accuracy": hits / named if named else 0.0}
