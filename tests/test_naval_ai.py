"""The Naval computer players (game.ai.naval): legal in every action, sensible placement, an
anti-air that guards its weapons, a density that never aims at known cells, a Commodore stronger
than the Gunner, and the bench's soak and duel contract for Naval."""

import json
import random
from dataclasses import replace

import numpy as np
import pytest

from game import bench
from game.modes import duel_winner
from game.ai.naval import (NAVAL_LEVELS, CELLS, density, index, make_naval_ai, placement_table,
                           reach_mask, umbrella_fleet)
from game.rules.naval import (AA_RANGE, HIT, KNOWN, MISS, SHIP_CELLS, Intercept, NavalConfig,
                              NavalGame, Volley, chebyshev, random_fleet, validate_fleet)


def play(levels, seed, first=None, helpers=None, cap=3000):
    """A whole game between two levels; every action is checked by the rules before it is
    played. ``helpers``: other AIs whose ``intercept`` must also be legal at every interception."""
    rng = random.Random(seed)
    ais = [make_naval_ai(levels[p], random.Random(rng.getrandbits(32))) for p in (0, 1)]
    fleets = [ais[0].place(), ais[1].place()]
    game = NavalGame(NavalConfig(), fleets, rng.randrange(2) if first is None else first)
    actions = 0
    while not game.over and actions < cap:
        view = game.view(game.turn)
        action = ais[game.turn].act(view)
        if game.pending is not None:
            assert isinstance(action, Intercept)
            for helper in helpers or ():
                game.check(helper.intercept(view))
        else:
            assert isinstance(action, Volley)
            known = {c for c, m in view.target.items() if m in KNOWN}
            assert not known.intersection(action.targets)
        game.check(action)
        game.apply(action)
        actions += 1
    return game, ais, actions


@pytest.mark.parametrize("levels", [("random", "random"), ("gunner", "random"),
                                    ("gunner", "gunner"), ("commodore", "gunner"),
                                    ("random", "commodore"), ("commodore", "commodore"),
                                    ("navigator", "captain"), ("captain", "commodore")])
def test_every_level_plays_whole_games_legally(levels):
    for seed in range(3):
        game, _, _ = play(levels, seed)
        assert game.over


def test_any_level_intercepts_legally_for_any_defender():
    """The automatic interception of a person's anti-air is any level's ``intercept`` on his
    view: it must be legal whoever placed the fleet."""
    helpers = [make_naval_ai(level, random.Random(7)) for level in NAVAL_LEVELS]
    for seed in range(3):
        game, _, _ = play(("random", "gunner"), seed, helpers=helpers)
        assert game.over


def test_unknown_level_is_refused_naming_the_known_ones():
    with pytest.raises(ValueError) as err:
        make_naval_ai("admiral", random.Random(1))
    for level in NAVAL_LEVELS:
        assert level in str(err.value)


def test_every_level_places_a_legal_armed_fleet():
    for level in NAVAL_LEVELS:
        for seed in range(5):
            validate_fleet(make_naval_ai(level, random.Random(seed)).place())


def test_commodore_spreads_guns_and_shelters_weapons_under_its_anti_air():
    for seed in range(12):
        fleet = make_naval_ai("commodore", random.Random(seed)).place()
        validate_fleet(fleet)
        ships = {s.kind: s for s in fleet}
        a, b = ships["battleship"].cells_of("gun")
        assert chebyshev(a, b) >= 2                       # one hit never silences both
        mount = ships["aegis"].cells_of("aa")[0]
        assert chebyshev(ships["aegis"].cells_of("gun")[0], mount) >= 2
        attack = [c for s in fleet for w, c in s.weapons if w in ("gun", "tube", "deck")]
        covered = sum(1 for c in attack if chebyshev(c, mount) <= AA_RANGE)
        assert covered >= 6, (seed, covered, len(attack))


def _umbrella_game(seed):
    """Player 1 a Commodore's fleet, player 0 a random one; player 0 fires first."""
    rng = random.Random(seed)
    defender = umbrella_fleet(rng)
    game = NavalGame(NavalConfig(), [random_fleet(rng), defender], first=0)
    ships = {s.kind: s for s in defender}
    mount = ships["aegis"].cells_of("aa")[0]
    own = {c for s in defender for c in s.cells}
    return game, defender, ships, mount, own


def _water_pair(own, far_from=None):
    for y in range(12):
        for x in range(11):
            pair = ((x, y), (x + 1, y))
            if not own.intersection(pair) and (
                    far_from is None or all(chebyshev(c, far_from) > AA_RANGE for c in pair)):
                return pair
    raise AssertionError("no water pair")


def test_commodore_shoots_down_the_shell_aimed_at_its_weapon():
    for seed in range(6):
        game, defender, ships, mount, own = _umbrella_game(seed)
        guns = [c for s in defender for w, c in s.weapons
                if w == "gun" and chebyshev(c, mount) <= AA_RANGE]
        assert guns
        gun = guns[0]
        water = next(c for c in ((x, y) for y in range(12) for x in range(12))
                     if c not in own and chebyshev(c, mount) <= AA_RANGE)
        singles, pair = game.volley_shape(0)
        assert (singles, pair) == (2, True)
        volley = Volley((water, gun), _water_pair(own, far_from=mount))
        game.apply(volley)
        view = game.view(1)
        assert view.pending == "intercept"
        action = make_naval_ai("commodore", random.Random(seed)).act(view)
        assert isinstance(action, Intercept) and gun in action.cells
        game.check(action)
        game.apply(action)
        assert gun not in game.hits[1]


def test_commodore_saves_its_mount_and_a_gun_before_a_plain_hull_cell():
    game, defender, ships, mount, own = _umbrella_game(3)
    line = ships["aegis"].cells
    plain = next(c for c in line if chebyshev(c, mount) == 1 and c not in ships["aegis"].cells_of("gun"))
    guns = [c for s in defender if s.kind != "aegis" for w, c in s.weapons
            if w == "gun" and chebyshev(c, mount) <= AA_RANGE]
    gun = guns[0]
    water = next(c for c in ((x, y) for y in range(12) for x in range(12)) if c not in own)
    game.apply(Volley((gun, water), (mount, plain)))
    view = game.view(1)
    action = make_naval_ai("commodore", random.Random(1)).intercept(view)
    assert set(action.cells) == {mount, gun}
    game.apply(action)
    assert plain in game.hits[1] and mount not in game.hits[1] and game.aa_mount(1) == mount


def test_density_is_zero_on_known_cells_and_follows_a_hit():
    game, ais, _ = play(("commodore", "gunner"), 11, cap=12)
    view = game.view(0)
    assert view.target
    p = density(view)
    assert p.shape == (CELLS,) and (p >= 0).all() and (p <= 1).all()
    for c, mark in view.target.items():
        assert p[index(c)] == 0
    # a single hit in open water: its side neighbours are the likeliest cells of all
    fresh = replace(view, target={(5, 5): HIT, (2, 2): MISS}, enemy_afloat=tuple(SHIP_CELLS))
    q = density(fresh)
    best = sorted(range(CELLS), key=lambda i: -q[i])[:4]
    assert {(i % 12, i // 12) for i in best} == {(4, 5), (6, 5), (5, 4), (5, 6)}
    assert q[index((5, 5))] == 0 and q[index((2, 2))] == 0


def test_density_shares_the_hits_out_exactly_as_a_full_count_does():
    """Two ships afloat and two separate hits: the density is the share of all pairs of legal
    positions (each hit covered by exactly one ship) that put a ship on each cell."""
    game = NavalGame(NavalConfig(), [random_fleet(random.Random(1)), random_fleet(random.Random(2))])
    target = {(3, 3): HIT, (8, 7): HIT, (3, 4): MISS, (7, 7): MISS, (8, 8): MISS}
    view = replace(game.view(0), target=target, enemy_afloat=("submarine", "patrol"))
    got = density(view)
    blocked = np.zeros(CELLS)
    hits = np.zeros(CELLS)
    for c, m in target.items():
        (hits if m == HIT else blocked)[index(c)] = 1
    legal = {}
    for kind in ("submarine", "patrol"):
        _, cells, halo = placement_table(kind)
        ok = (cells @ blocked == 0) & (halo @ hits == 0) & (cells @ hits < SHIP_CELLS[kind])
        legal[kind] = cells[ok]
    want = np.zeros(CELLS)
    total = 0
    for s in legal["submarine"]:
        for b in legal["patrol"]:
            cover_s, cover_b = s * hits, b * hits
            if (cover_s * cover_b).any() or not ((cover_s + cover_b) == hits).all():
                continue
            want += s + b
            total += 1
    want /= total
    want[(blocked + hits) > 0] = 0
    assert np.allclose(got, want, atol=1e-6)


def test_commodore_learns_where_the_enemy_mount_stands():
    """Shells shot down fell within reach of the enemy's mount: the Aegis positions the
    density keeps are those that reach every one of them."""
    game = NavalGame(NavalConfig(), [random_fleet(random.Random(1)), random_fleet(random.Random(2))])
    view = replace(game.view(0), target={(0, 0): MISS}, downed=((6, 6), (8, 8)))
    ai = make_naval_ai("commodore", random.Random(1))
    ai._learn(view)
    region = ai.aa_region
    assert region is not None and region.sum() == (reach_mask((6, 6)) * reach_mask((8, 8))).sum()
    only_aegis = replace(view, enemy_afloat=("aegis",))
    p = density(only_aegis, region)
    # the mount stands in the square 5..9 × 5..9, on the Aegis, a line of five
    for i in np.flatnonzero(p):
        assert chebyshev((i % 12, i // 12), (7, 7)) <= 2 + 4
    assert density(only_aegis)[index((1, 10))] > 0 and p[index((1, 10))] == 0


def test_commodore_belief_is_a_row_by_row_map():
    game, ais, _ = play(("commodore", "gunner"), 4, cap=8)
    assert len(ais[0].belief) == CELLS and all(0 <= v <= 1 for v in ais[0].belief)


def test_commodore_beats_the_gunner_in_most_games():
    rng = random.Random(2024)
    wins = sum(duel_winner("naval", ("commodore", "gunner"), rng.getrandbits(32), i % 2) == 0
               for i in range(20))
    assert wins >= 15


def _last_json(capsys):
    out = capsys.readouterr().out.strip().splitlines()
    return json.loads(out[-1])


def test_soak_naval_prints_the_contract_line(capsys):
    assert bench.main(["soak", "--mode", "naval", "--games", "3", "--seed", "1"]) == 0
    data = _last_json(capsys)
    assert list(data) == ["mode", "games", "finished", "errors", "mean_turns"]
    assert data["mode"] == "naval" and data["games"] == 3
    assert data["errors"] == 0 and data["finished"] == 3 and data["mean_turns"] > 0
    assert bench.main(["soak", "--mode", "naval", "--games", "2", "--seed", "2",
                       "--ai", "commodore", "--b", "random"]) == 0
    assert _last_json(capsys)["finished"] == 2
    with pytest.raises(SystemExit):
        bench.main(["soak", "--mode", "naval", "--games", "1", "--ai", "hunter"])


def test_duel_prints_the_contract_line(capsys):
    assert bench.main(["duel", "--mode", "naval", "--a", "commodore", "--b", "gunner",
                       "--games", "2", "--seed", "1"]) == 0
    data = _last_json(capsys)
    assert list(data) == ["a_wins", "b_wins", "draws", "mean_volleys"]
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 2 and data["mean_volleys"] > 0
    assert bench.main(["duel", "--mode", "classic", "--a", "hunter", "--b", "random",
                       "--games", "2", "--seed", "1"]) == 0
    data = _last_json(capsys)
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 2 and data["mean_shots"] > 0
    with pytest.raises(SystemExit):
        bench.main(["duel", "--mode", "naval", "--a", "nobody", "--b", "gunner", "--games", "1"])
