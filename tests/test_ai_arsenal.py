"""The computer and the arcade arsenal (RULES.md §A): each rung fires it when it should, never
on the game's first turn nor without a charge, takes what the radar showed as certain, keeps
clear of the enemy's air defence, and places its own where it guards most (game.ai.arsenal)."""

import random
from dataclasses import replace

import numpy as np
import pytest

from game.ai import arsenal
from game.ai.captain import decide
from game.ai.shooters import LADDER, NO_ARSENAL, make_shooter
from game.modes import computer_game
from game.rules.classic import (AIR_DEFENCE, AIR_STRIKE, ATOMIC, BOMBER, DECK, PRESETS, RADAR,
                                WEAPONS, ClassicGame, Shot, UseWeapon, validate_pieces)

ARCADE = PRESETS["arcade"]
# player 0's fleet and player 1's (the one the computer at seat 0 fires at), no touching
FLEET_A = [[(0, 0), (1, 0), (2, 0), (3, 0)], [(0, 2), (1, 2), (2, 2)], [(5, 0), (6, 0), (7, 0)],
           [(9, 4), (9, 5)], [(4, 2), (5, 2)], [(7, 2), (8, 2)], [(0, 9)], [(2, 9)], [(4, 9)],
           [(6, 9)]]
FLEET_B = [[(2, 4), (3, 4), (4, 4), (5, 4)], [(0, 0), (0, 1), (0, 2)], [(9, 7), (9, 8), (9, 9)],
           [(4, 0), (5, 0)], [(7, 0), (8, 0)], [(2, 7), (2, 8)], [(0, 9)], [(5, 9)], [(7, 8)],
           [(9, 4)]]
DEFENCES = [[(5, 6)], [(6, 6)]]


def opened(config=ARCADE, **kw) -> ClassicGame:
    """An Arcade game whose first turn is over (player 1 missed): player 0 to fire."""
    game = ClassicGame(config, [FLEET_A, FLEET_B], first=1, defences=DEFENCES, **kw)
    game.apply(Shot((5, 5)))        # player 1 misses on player 0's empty water
    assert game.turn == 0 and not game.view(0).first_turn
    return game


def rung(level: str, seed: int = 1, config=ARCADE):
    return make_shooter(level, config, random.Random(seed))


def test_boatswain_fires_the_bomber_along_a_wounded_ships_row():
    game = opened()
    game.apply(Shot((3, 4)))        # a hit on the four-decker lying along row 5
    action = decide(rung("hunter"), game.view(0), random.Random(1))
    assert action == UseWeapon(BOMBER, (0, 4))


def test_boatswain_fires_the_bomber_down_a_standing_ships_column():
    game = opened()
    game.apply(Shot((0, 0)))
    game.apply(Shot((0, 1)))        # two hits one above the other: the ship stands upright
    action = decide(rung("hunter"), game.view(0), random.Random(1))
    assert action == UseWeapon(BOMBER, (0, 0), True)


def test_a_deck_the_radar_showed_is_shot_next_by_every_rung():
    for level in LADDER:
        game = opened()
        game.apply(UseWeapon(RADAR, (3, 3)))    # shows the four-decker's decks (2..4, 4)
        game.apply(Shot((8, 7)))                # player 1 misses; player 0 again
        shown = sorted(c for c, k in game.view(0).radar.items() if k == DECK)
        assert shown == [(2, 4), (3, 4), (4, 4)]
        action = decide(rung(level), game.view(0), random.Random(2))
        assert action == Shot((2, 4)), level


def test_cells_the_radar_showed_empty_or_mined_are_known_for_judging():
    game = opened()
    game.apply(UseWeapon(RADAR, (6, 6)))        # the enemy air defence at (6, 6), no deck
    game.apply(Shot((8, 7)))
    view = game.view(0)
    assert view.radar == {(6, 6): AIR_DEFENCE}
    known = arsenal.known(view, [(6, 6)])
    assert {c for y in (5, 6, 7) for c in ((5, y), (6, y), (7, y))} <= set(known.target)
    assert arsenal.known(view, []) is not view and (6, 6) in arsenal.known(view, []).target
    plain = ClassicGame(PRESETS["russian"], [FLEET_A, FLEET_B]).view(0)
    assert arsenal.known(plain, [(6, 6)]) is plain       # the arsenal off: nothing changes


def test_no_weapon_on_the_games_first_turn():
    for level in LADDER:
        for seed in range(8):
            game = ClassicGame(ARCADE, [FLEET_A, FLEET_B], first=0, defences=DEFENCES)
            view = game.view(0)
            assert view.first_turn
            action = decide(rung(level, seed), view, random.Random(seed))
            assert isinstance(action, Shot), (level, seed)


def test_no_weapon_without_a_charge():
    game = opened()
    game.apply(Shot((3, 4)))                    # a wounded ship, the Boatswain's cue
    view = game.view(0)
    empty = replace(view, stock={w: 0 for w in view.stock})
    for level in LADDER:
        for seed in range(6):
            assert isinstance(decide(rung(level, seed), empty, random.Random(seed)), Shot)


def test_the_admiral_fires_early_and_the_bench_only_admiral_never_does():
    view = opened().view(0)
    fired = decide(rung("admiral"), view, random.Random(1))
    assert isinstance(fired, UseWeapon) and fired.weapon == ATOMIC
    assert NO_ARSENAL not in LADDER
    for seed in range(4):
        assert isinstance(decide(rung(NO_ARSENAL, seed), view, random.Random(seed)), Shot)


def test_the_admiral_never_aims_a_strike_its_belief_says_an_air_defence_guards():
    cfg = replace(ARCADE, atomic=0)             # no bomb, which the air defence lets through
    view = opened(cfg).view(0)
    guard = (6, 6)
    view = replace(view, radar={guard: AIR_DEFENCE}, stock={**view.stock, RADAR: 0})
    w = cfg.width
    p = np.full(w * cfg.height, 0.02)
    for y in range(4, 9):                       # the decks most likely round the air defence
        for x in range(4, 9):
            p[y * w + x] = 0.6
    p[guard[1] * w + guard[0]] = 0.0
    blind = arsenal.judge(view, p, guard=False)     # without the guard: straight at it
    assert blind is not None and blind.weapon in (AIR_STRIKE, BOMBER)
    assert _guarded(cfg, blind, guard)
    seen = arsenal.judge(view, p, guard=True)
    assert seen is None or seen.weapon == RADAR or not _guarded(cfg, seen, guard)


def _guarded(cfg, action, defence) -> bool:
    return any(abs(x - defence[0]) <= 1 and abs(y - defence[1]) <= 1
               for x, y in arsenal.shape(cfg, action.weapon, action.cell, action.vertical))


def test_a_likely_air_defence_lies_on_open_water_clear_of_known_decks():
    game = opened()
    game.apply(Shot((3, 4)))
    view = game.view(0)
    w = view.config.width
    open_ = np.array([1.0 if (i % w, i // w) not in view.target else 0.0 for i in range(100)])
    q = arsenal.defence_risk(view, open_ * 0.2, open_)
    assert q.sum() == pytest.approx(1.0)        # one enemy air defence not yet found
    for y in (3, 4, 5):
        for x in (2, 3, 4):
            assert q[y * w + x] == 0.0          # never beside a deck hit (§A: as a mine)
    assert not q[open_ == 0].any()              # nor on a cell shot


def test_its_air_defence_guards_the_most_of_its_fleet():
    rng = random.Random(3)
    ships = [tuple(s) for s in FLEET_A]
    (cell,) = arsenal.place_defences(ARCADE, ships, [], [], rng)
    validate_pieces(ARCADE, ships, [], [], [cell])
    best = max(arsenal._guarded(ARCADE, [c for s in ships for c in s], [(x, y)])
               for y in range(10) for x in range(10) if _legal(ships, (x, y)))
    assert arsenal._guarded(ARCADE, [c for s in ships for c in s], [cell]) == best
    quiet = random.Random(3)
    assert arsenal.place_defences(PRESETS["russian"], ships, [], [], quiet) == []
    assert quiet.random() == random.Random(3).random()      # nothing drawn without one


def _legal(ships, cell) -> bool:
    try:
        validate_pieces(ARCADE, ships, [], [], [cell])
    except Exception:
        return False
    return True


def test_a_seeded_arcade_game_between_computers_is_the_same_every_time():
    def played():
        game, _ = computer_game(ARCADE, ("hunter", "parity"), 7)
        return [(p, a) for p, a, _ in game.history]
    first = played()
    assert first == played()
    assert any(isinstance(a, UseWeapon) for _, a in first)
    assert all(isinstance(a, Shot) or a.weapon in WEAPONS for _, a in first)
