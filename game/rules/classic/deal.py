"""Dealing a Classic game (§C, §D): random pieces, fleets and set-ups, a new game from the
set-ups, a random legal action (the conformance tests' and the cabin boy's), and the shots'
statistics of a game. Pure; every draw from the ``rng`` given.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..coords import Cell
from ..errors import ConfigError, IllegalAction, PlacementError
from ..fleet import Ship, random_polyking, random_ships
from .game import (AIR_DEFENCE, BOMBER, HIT, RELOCATE, SUNK, WEAPONS, ClassicConfig, ClassicGame,
                   Relocate, Salvo, SalvoResult, Shot, ShotResult, UseWeapon, WeaponResult,
                   check_piece_at)


def random_pieces(config: ClassicConfig, ships: Sequence[Ship], rng,
                  attempts: int = 50) -> tuple[list[Cell], list[Cell]]:
    """Mines and minesweepers at random legal cells around ``ships``."""
    w, h = config.width, config.height
    for _ in range(attempts):
        mines: list[Cell] = []
        sweepers: list[Cell] = []
        for kind, want, out in (("mine", config.mines, mines),
                                ("sweeper", config.sweepers, sweepers)):
            cells = [(x, y) for y in range(h) for x in range(w)]
            rng.shuffle(cells)
            for c in cells:
                if len(out) == want:
                    break
                try:
                    check_piece_at(config, kind, c, ships, mines, sweepers)
                except PlacementError:
                    continue
                out.append(c)
        if len(mines) == config.mines and len(sweepers) == config.sweepers:
            return mines, sweepers
    raise PlacementError("cannot_place_pieces", mines=config.mines, sweepers=config.sweepers)


def random_defences(config: ClassicConfig, ships: Sequence[Ship], mines: Sequence[Cell],
                    sweepers: Sequence[Cell], rng, attempts: int = 50) -> list[Cell]:
    """§A: the air defences at random legal cells beside the pieces placed (nothing drawn from
    ``rng`` when the config has none)."""
    if not config.air_defence:
        return []
    w, h = config.width, config.height
    for _ in range(attempts):
        out: list[Cell] = []
        cells = [(x, y) for y in range(h) for x in range(w)]
        rng.shuffle(cells)
        for c in cells:
            if len(out) == config.air_defence:
                return out
            try:
                check_piece_at(config, AIR_DEFENCE, c, ships, mines, sweepers, out)
            except PlacementError:
                continue
            out.append(c)
        if len(out) == config.air_defence:
            return out
    raise PlacementError("cannot_place_defences", defences=config.air_defence)


def random_fleet(config: ClassicConfig, rng) -> list[Ship]:
    if config.shapes == "any" and len(config.sizes) == 1:
        return [random_polyking(config.sizes[0], config.width, config.height, rng)]
    return random_ships(config.sizes, config.width, config.height, config.shapes,
                        config.touching, rng)


@dataclass
class Setup:
    """One side's pieces before the battle: ships, mines (C5), minesweepers (C6), air
    defences (§A)."""

    ships: list
    mines: list = field(default_factory=list)
    sweepers: list = field(default_factory=list)
    defences: list = field(default_factory=list)


def random_setup(config: ClassicConfig, rng, ships=None) -> Setup:
    ships = ships if ships is not None else random_fleet(config, rng)
    if not (config.mines or config.sweepers or config.air_defence):
        return Setup(list(ships))
    mines, sweepers = random_pieces(config, ships, rng) if config.mines else ([], [])
    defences = random_defences(config, ships, mines, sweepers, rng)
    return Setup(list(ships), mines, sweepers, defences)


def check_placeable(config: ClassicConfig, seed: int = 0) -> None:
    """Refuse, before a game starts, a fleet (and mines) that cannot be placed under the chosen
    rules: ConfigError("cannot_place") naming the board and fleet."""
    rng = random.Random(seed)
    try:
        random_setup(config, rng)
    except PlacementError:
        raise ConfigError("cannot_place", width=config.width, height=config.height,
                          fleet=config.sizes, mines=config.mines,
                          sweepers=config.sweepers) from None


def play_game(config: ClassicConfig, setups: Sequence[Setup], first: int) -> ClassicGame:
    return ClassicGame(config, [s.ships for s in setups], first,
                       mines=[s.mines for s in setups], sweepers=[s.sweepers for s in setups],
                       defences=[s.defences for s in setups])


def new_game(config: ClassicConfig, rng, fleets: Iterable | None = None,
             first: int | None = None) -> ClassicGame:
    """A game with random set-ups where none are given and the first player drawn by lot."""
    fleets = list(fleets) if fleets is not None else [None, None]
    setups = [random_setup(config, rng, f) for f in fleets]
    if first is None:
        first = rng.randrange(2)
    return play_game(config, setups, first)


def random_relocation(game: ClassicGame, rng) -> Relocate:
    """§D: a random legal answer to a pending relocation (stay, or any legal new shape)."""
    d = game.decision
    if d is None or d.kind != RELOCATE:
        raise IllegalAction("no_relocation_pending")
    owner = d.player
    left = len(game.ships[owner][0])
    if rng.random() < 0.3:
        return Relocate(None)
    w, h = game.config.width, game.config.height
    wrecks = set(game.wrecks[owner])
    for _ in range(200):
        cells = random_polyking(left, w, h, rng)
        if not wrecks.intersection(cells):
            return Relocate(cells)
    return Relocate(None)


def random_action(game: ClassicGame, rng):
    """Any legal action, at random (property tests and the soak bench)."""
    d = game.decision
    if d is not None:
        if d.kind == RELOCATE:
            return random_relocation(game, rng)
        return game.legal_actions()[rng.randrange(len(game.legal_actions()))]
    cells = game.shootable(game.turn)
    if game.config.salvo != "off":
        return Salvo(tuple(rng.sample(cells, game.salvo_size())))
    if game.weapon_uses():        # §A: only when the arsenal is on (else nothing is drawn)
        weapon = random_weapon(game, rng)
        if weapon is not None:
            return weapon
    return Shot(rng.choice(cells))


def random_weapon(game: ClassicGame, rng, chance: float = 0.2) -> UseWeapon | None:
    """§A: with ``chance``, a weapon with a charge left aimed anywhere it may go (a square's
    centre on any cell, a bomber's line wherever it fits); None otherwise."""
    if rng.random() >= chance:
        return None
    stock = game.stock[game.turn]
    weapon = rng.choice([w for w in WEAPONS if stock.get(w)])
    w, h = game.config.width, game.config.height
    if weapon != BOMBER:
        return UseWeapon(weapon, (rng.randrange(w), rng.randrange(h)))
    n = game.config.bomber_line
    if rng.random() < 0.5:
        return UseWeapon(BOMBER, (rng.randrange(w - n + 1), rng.randrange(h)))
    return UseWeapon(BOMBER, (rng.randrange(w), rng.randrange(h - n + 1)), True)


def shot_results(result) -> tuple[ShotResult, ...]:
    """The shots of one history entry: one, several (a salvo, a weapon of §A), or none (a
    decision)."""
    if isinstance(result, ShotResult):
        return (result,)
    if isinstance(result, (SalvoResult, WeaponResult)):
        return result.results
    return ()


def shot_stats(game: ClassicGame, player: int) -> dict:
    """Shots, hits, sinkings and the longest run of hits of ``player`` in ``game``."""
    shots = hits = sunk = streak = best = 0
    for shooter, _, result in game.history:
        if shooter != player:
            continue
        for r in shot_results(result):
            shots += 1
            if r.outcome in (HIT, SUNK):
                hits += 1
                sunk += r.outcome == SUNK
                streak += 1
                best = max(best, streak)
            else:
                streak = 0
    return {"shots": shots, "hits": hits, "sunk": sunk, "longest_streak": best,
            "accuracy": hits / shots if shots else 0.0}
