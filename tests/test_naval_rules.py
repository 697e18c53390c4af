"""Naval, RULES.md §N: the rules engine point by point, and properties of random legal play."""

from __future__ import annotations

import copy
import random

import pytest

from game.data.record import load_record, record_text
from game.rules import naval as n
from game.rules.errors import IllegalAction, PlacementError
from game.rules.naval import Intercept, Volley


def fleet_a():
    """A fixed fleet: carrier top-left, Aegis on row 6, battleship upright at column 9."""
    return [
        n.make_ship([(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (2, 2), (3, 2), (4, 2)],
                    {"deck": [(2, 1), (3, 1), (4, 1)]}),
        n.make_ship([(x, 5) for x in range(1, 6)], {"gun": [(1, 5)], "aa": [(3, 5)]}),
        n.make_ship([(8, y) for y in range(1, 5)], {"gun": [(8, 1), (8, 4)]}),
        n.make_ship([(1, 9), (2, 9), (3, 9)], {"tube": [(1, 9)]}),
        n.make_ship([(8, 8), (8, 9)], {"gun": [(8, 8)]}),
    ]


def game(first=0):
    return n.NavalGame(n.NavalConfig(), [fleet_a(), fleet_a()], first)


def snapshot(g):
    return copy.deepcopy((g.hits, g.marks, g.turn, g.volleys, g.torpedo_used, g.pending,
                          g.volley, g.history, g.winner))


def play(g, volley, intercept=()):
    """Fire ``volley``; when the defender is asked, intercept ``intercept``."""
    events = g.apply(volley)
    if g.pending is not None:
        events += g.apply(Intercept(tuple(intercept)))
    return events


def result(events):
    return next(e for e in events if isinstance(e, n.VolleyResult))


def opening(g):
    """A quiet first volley far from everything (row 12 is ring water in fleet_a)."""
    return Volley(((0, 11), (3, 11)), ((5, 11), (6, 11)))


# --- field and placement ------------------------------------------------------------------

def test_carrier_has_four_rotations_and_every_placement_touches_the_main_field():
    assert len(n.forms("carrier")) == 4
    for kind in n.KINDS:
        assert all(any(n.on_main(c) for c in s) for s in n.ship_placements(kind))
        assert all(0 <= x < 12 and 0 <= y < 12 for s in n.ship_placements(kind) for x, y in s)


def test_a_ship_may_overhang_the_ring_but_not_lie_wholly_on_it():
    n.check_ship("patrol", [(0, 3), (1, 3)])               # half on the ring: fine
    with pytest.raises(PlacementError) as e:
        n.check_ship("patrol", [(0, 3), (0, 4)])           # all on the ring
    assert e.value.code == "on_ring"
    with pytest.raises(PlacementError) as e:
        n.check_ship("patrol", [(11, 0), (11, 1)])
    assert e.value.code == "on_ring"


def test_ships_may_not_touch_even_by_corners():
    with pytest.raises(PlacementError) as e:
        n.check_ship("patrol", [(6, 3), (6, 4)], [[(5, 2), (5, 1)]])
    assert e.value.code == "touch_corner"
    with pytest.raises(PlacementError) as e:
        n.check_ship("patrol", [(6, 2), (6, 3)], [[(5, 2), (5, 1)]])
    assert e.value.code == "touch_side"


def test_shapes_and_weapons_are_checked():
    with pytest.raises(PlacementError) as e:
        n.check_ship("submarine", [(1, 1), (2, 1), (2, 2)])
    assert e.value.code == "bad_shape"
    ship = n.make_ship([(1, 1), (2, 1), (3, 1), (4, 1)], {"gun": [(1, 1)]})
    with pytest.raises(PlacementError) as e:
        n.check_weapons(ship)
    assert e.value.code == "weapon_count" and e.value.params["expected"] == 2
    ship = n.make_ship([(1, 1), (2, 1), (3, 1), (4, 1)], {"gun": [(1, 1), (1, 1)]})
    with pytest.raises(PlacementError) as e:
        n.check_weapons(ship)
    assert e.value.code == "weapons_share"
    ship = n.make_ship([(1, 1), (2, 1)], {"gun": [(5, 5)]})
    with pytest.raises(PlacementError) as e:
        n.check_weapons(ship)
    assert e.value.code == "weapon_off_ship"
    carrier = fleet_a()[0].cells
    with pytest.raises(PlacementError) as e:
        n.check_weapons(n.make_ship(carrier, {"deck": [(1, 1), (2, 1), (2, 2)]}))
    assert e.value.code == "deck_not_line"
    # the extension's three cells are a legal deck too
    n.check_weapons(n.make_ship(carrier, {"deck": [(2, 2), (3, 2), (4, 2)]}))


def test_a_fleet_needs_one_ship_of_each_kind():
    fleet = fleet_a()[:-1]
    with pytest.raises(PlacementError) as e:
        n.validate_fleet(fleet)
    assert e.value.code == "fleet_count" and e.value.params["size"] == 2


def test_random_fleets_are_legal():
    rng = random.Random(3)
    for _ in range(50):
        n.validate_fleet(n.random_fleet(rng))


# --- a turn -------------------------------------------------------------------------------

def test_one_shot_per_intact_gun_with_the_battleships_pair():
    g = game()
    assert g.volley_shape(0) == (2, True)        # patrol + Aegis singles, battleship's pair
    before = snapshot(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 11),), ((5, 11), (6, 11))))
    assert e.value.code == "volley_size"
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 11), (1, 11), (5, 11), (6, 11))))
    assert e.value.code == "pair_required"
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 11), (3, 11)), ((5, 11), (6, 10))))
    assert e.value.code == "pair_not_adjacent"        # corners are not neighbours
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 11), (3, 11)), ((5, 11), (7, 11))))
    assert e.value.code == "pair_not_adjacent"
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 11), (0, 11)), ((5, 11), (6, 11))))
    assert e.value.code == "volley_repeats"
    assert snapshot(g) == before                       # refused, never half-applied
    events = play(g, opening(g))
    assert result(events).misses == ((0, 11), (3, 11), (5, 11), (6, 11))
    assert g.turn == 1                                 # hits or not, turns alternate


def test_no_ability_on_the_first_players_first_turn():
    g = game(first=1)
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 11), (3, 11)), ((5, 11), (6, 11)), torpedo=5))
    assert e.value.code == "no_ability_first_turn"
    play(g, opening(g))
    assert g.ability_allowed()
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 11), (3, 11)), ((5, 11), (6, 11)), torpedo=5, air=((7, 7),)))
    assert e.value.code == "one_ability"


def test_a_lost_battleship_gun_ends_the_pair_and_a_known_cell_cannot_be_named():
    g = game()
    play(g, opening(g))
    play(g, Volley(((8, 1), (0, 0)), ((10, 11), (11, 11))))   # B hits A's battleship gun
    assert g.volley_shape(0) == (3, False)
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 11), (1, 10), (2, 10))))
    assert e.value.code == "already_shot"


def test_torpedo_enters_from_the_first_players_left_and_the_seconds_right():
    g = game(first=0)
    play(g, opening(g))
    events = play(g, Volley(((0, 0), (1, 0)), ((10, 11), (11, 11)), torpedo=5))
    r = result(events)
    # B moved second: his torpedo enters A's field from the right edge and runs left
    assert r.torpedo_path == ((11, 5), (10, 5), (9, 5), (8, 5), (7, 5), (6, 5))
    assert r.torpedo_hit == (5, 5)
    assert all(g.marks[0][c] == n.MISS for c in r.torpedo_path)
    assert g.marks[0][(5, 5)] == n.HIT
    g2 = game(first=0)
    path, hit = g2.torpedo_lane(0, 5)
    assert path == [(0, 5)] and hit == (1, 5)


def test_torpedo_stops_at_a_wreck_and_is_used_once_then_the_tube_is_a_gun():
    g = game(first=0)
    play(g, opening(g))
    play(g, opening(g))
    assert g.volley_shape(0) == (2, True)
    play(g, Volley(((1, 5), (0, 3)), ((8, 11), (9, 11)), torpedo=5))   # A: hit Aegis at (1,5)
    assert g.torpedo_used[0] and not g.torpedo_ready(0)
    assert g.gun_count(0) == 5                                          # the tube now shoots
    path, hit = g.torpedo_lane(0, 5)
    assert path == [(0, 5)] and hit == (1, 5)                           # N-c: the wreck stops it
    assert g.volley_shape(1) == (1, True)                               # B lost the Aegis's gun
    play(g, Volley(((0, 0),), ((10, 11), (11, 11))))
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((2, 3), (0, 4), (6, 3)), ((6, 10), (7, 10)), torpedo=2))
    assert e.value.code == "no_torpedo"


def test_air_strike_planes_fit_one_square_and_count_intact_deck_cells():
    g = game()
    play(g, opening(g))
    play(g, Volley(((2, 1), (0, 0)), ((10, 11), (11, 11))))       # B hits A's deck at (2,1)
    assert g.planes(0) == 2 and g.planes(1) == 3
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 10), (3, 10)), ((5, 10), (6, 10)), air=((7, 9), (10, 9))))
    assert e.value.code == "air_not_square"
    with pytest.raises(IllegalAction) as e:                         # A has 2 planes left
        g.apply(Volley(((0, 10), (3, 10)), ((5, 10), (6, 10)), air=((9, 9), (9, 10), (10, 9))))
    assert e.value.code == "too_many_planes" and e.value.params["planes"] == 2
    play(g, Volley(((0, 10), (3, 10)), ((5, 10), (6, 10)), air=((9, 9), (9, 10))))
    assert g.planes(1) == 3 and g.marks[1][(9, 9)] == n.MISS


# --- the Aegis ----------------------------------------------------------------------------

def test_aegis_asks_its_owner_and_shoots_down_at_most_two_shells_in_reach():
    g = game()
    # A's shells at B's Aegis (mount at (3,5)): (1,5) (2,5) (2,6) in reach; (8,8) out of reach
    events = g.apply(Volley(((1, 5), (8, 8)), ((2, 5), (2, 6))))
    need = next(e for e in events if isinstance(e, n.InterceptNeeded))
    assert need.player == 1 and set(need.options) == {(1, 5), (2, 5), (2, 6)}
    assert g.turn == 1 and g.view(1).pending == n.INTERCEPT and g.view(0).pending is None
    before = snapshot(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(Intercept(((1, 5), (2, 5), (2, 6))))
    assert e.value.code == "too_many_shells"
    with pytest.raises(IllegalAction) as e:
        g.apply(Intercept(((8, 8),)))
    assert e.value.code == "out_of_reach"
    with pytest.raises(IllegalAction) as e:
        g.apply(Intercept(((6, 6),)))
    assert e.value.code == "not_incoming"
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((0, 0),)))
    assert e.value.code == "decision_pending"
    assert snapshot(g) == before
    r = result(g.apply(Intercept(((1, 5), (2, 5)))))
    assert r.downed == ((1, 5), (2, 5)) and r.hits == ((8, 8),) and r.misses == ((2, 6),)
    assert r.outcome == "down hit down miss"      # in the order named: shots, then the pair
    # shot down cells stay unknown to the attacker and may be named again
    assert (1, 5) not in g.marks[1] and g.view(0).downed == ((1, 5), (2, 5))
    assert g.turn == 1


def test_what_the_aegis_shot_down_stays_known_to_both_sides_for_the_whole_game():
    """Issue 33, defect 6: the shells and planes shot down over a field are a mark both sides
    keep (the attacker was told them); it is not a shot (the cell may be named again) and it
    outlives the next volley, a save and a copy."""
    g = game()
    play(g, Volley(((1, 5), (8, 8)), ((2, 5), (2, 6))), intercept=((1, 5), (2, 5)))
    assert g.flak[1] == {(1, 5), (2, 5)} and g.flak[0] == set()
    assert g.view(1).flak_own == {(1, 5), (2, 5)} and g.view(0).flak_target == {(1, 5), (2, 5)}
    assert g.view(0).flak_own == frozenset() and g.view(1).flak_target == frozenset()
    play(g, Volley(((0, 11),), ((5, 11), (6, 11))))       # B answers (a gun lost); A again
    play(g, Volley(((0, 0), (1, 0)), ((10, 11), (11, 11))))
    assert g.view(0).downed == () and g.view(0).flak_target == {(1, 5), (2, 5)}
    assert (1, 5) in g.targetable(0)                      # not a shot: it may be named again
    again = n.NavalGame.from_dict(g.to_dict())
    assert again.flak == g.flak and g.clone().flak == g.flak


def test_aegis_shoots_down_any_number_of_planes_and_defends_in_the_volley_that_hits_it():
    g = game()
    play(g, opening(g))
    play(g, opening(g))
    # A: a shell on B's mount (3,5) itself, and three planes in reach of it
    g.apply(Volley(((3, 5), (0, 3)), ((9, 11), (10, 11)), air=((2, 6), (3, 6), (4, 6))))
    assert g.pending is not None
    r = result(g.apply(Intercept(((2, 6), (3, 6), (4, 6)))))
    assert r.downed == ((2, 6), (3, 6), (4, 6)) and r.hits == ((3, 5),)
    assert g.aa_mount(1) is None        # the mount is gone now, after defending (N-e)
    g.apply(Volley(((0, 0), (1, 0)), ((10, 11), (11, 11))))
    g.apply(Volley(((2, 5), (0, 4)), ((6, 10), (7, 10))))
    assert g.pending is None             # no mount: no decision, the answer comes at once


def test_sunk_ship_is_announced_and_its_halo_known_empty():
    g = game()
    play(g, opening(g))
    play(g, opening(g))
    r = result(play(g, Volley(((8, 8), (8, 9)), ((9, 11), (10, 11)))))
    assert r.sunk == (("patrol", ((8, 8), (8, 9))),)
    assert r.outcome.endswith("sunk")
    assert g.marks[1][(8, 8)] == n.SUNK and g.marks[1][(7, 7)] == n.EMPTY
    assert ("patrol", ((8, 8), (8, 9))) in g.view(0).enemy_sunk
    assert "patrol" not in g.view(0).enemy_afloat
    play(g, Volley(((0, 0),), ((10, 11), (11, 11))))             # B: one gun fewer now
    with pytest.raises(IllegalAction) as e:
        g.apply(Volley(((9, 9), (0, 0)), ((1, 10), (2, 10))))
    assert e.value.code == "known_empty"


def test_a_player_with_no_weapon_left_loses_though_ships_float():
    g = game()
    g.hits[1].update({(8, 1), (8, 4), (8, 8), (1, 5), (2, 1), (3, 1), (4, 1)})  # all but tube
    assert g.armed(1)                                   # the unused torpedo can still attack
    g.torpedo_used[1] = True                            # spent: the tube is a gun now
    assert g.gun_count(1) == 1
    g.hits[1].add((1, 9))
    assert not g.armed(1)
    g2 = game()
    play(g2, opening(g2))
    g2.hits[0].update({(8, 1), (8, 4), (8, 8), (1, 5), (2, 1), (3, 1), (4, 1)})
    g2.torpedo_used[0] = True
    events = play(g2, Volley(((1, 9), (0, 0)), ((10, 11), (11, 11))))   # B hits A's last gun
    assert g2.winner == 1 and isinstance(events[-1], n.GameOver)
    assert g2.view(0).enemy_fleet is not None           # §0: the loser inspects the winner
    with pytest.raises(IllegalAction) as e:
        g2.apply(Volley())
    assert e.value.code == "game_over"


def _quiet_volleys(g, limit=n.CEASEFIRE):
    """Both sides fire into each other's Aegis reach and shoot everything down (§N ceasefire)."""
    events = []
    for _ in range(limit):
        g.apply(Volley(((2, 4),)))
        events += g.apply(Intercept(((2, 4),)))
        if g.over:
            break
    return events


def _one_gun_each(g):
    g.hits[0].update({(8, 1), (8, 4), (8, 8)})
    g.hits[1].update({(8, 1), (8, 4), (8, 8)})     # one gun each (the Aegis's), no pair


def test_ceasefire_level_on_weapons_and_cells_is_a_draw():
    """N-f: 20 volleys in a row hitting no ship cell end the battle on points; equal: a draw."""
    g = game()
    _one_gun_each(g)
    events = _quiet_volleys(g)
    assert g.drawn and g.winner is None and isinstance(events[-1], n.GameOver)
    assert events[-1].reason == "ceasefire" and g.volleys == n.CEASEFIRE
    assert g.ceasefire == ("draw", g.points(0)[:1] * 2) and g.result_detail == "on points 6–6"


def test_ceasefire_is_won_on_intact_weapons_first():
    g = game()
    _one_gun_each(g)
    g.hits[0].update({(2, 1), (3, 1)})              # two of A's flight-deck cells: fewer weapons
    g.hits[1].update({(1, 2), (2, 2), (3, 2), (4, 2), (5, 1)})   # B loses more cells, no weapon
    _quiet_volleys(g)
    assert g.winner == 1 and not g.drawn
    assert g.ceasefire == ("weapons", (4, 6)) and g.result_detail == "on points 6–4"
    assert g.points(0) == (4, 22 - 5) and g.points(1) == (6, 22 - 8)   # 22 ship cells a side


def test_ceasefire_then_on_intact_ship_cells():
    g = game()
    _one_gun_each(g)
    g.hits[1].update({(1, 2), (2, 2)})              # no weapon there: B has fewer ship cells
    _quiet_volleys(g)
    assert g.winner == 0 and g.ceasefire == ("cells", (19, 17))
    assert g.result_detail == "on ship cells 19–17"


def test_a_hit_starts_the_ceasefire_count_again_and_a_miss_does_not():
    g = game()
    _one_gun_each(g)
    _quiet_volleys(g, n.CEASEFIRE - 2)
    assert g.quiet == n.CEASEFIRE - 2 and not g.over
    g.apply(Volley(((8, 2),)))                      # B's battleship, out of its Aegis's reach
    assert g.quiet == 0
    g.apply(Volley(((0, 0),)))                      # A misses in the ring: quiet again
    assert g.quiet == 1 and not g.over


# --- views --------------------------------------------------------------------------------

def test_a_view_never_shows_enemy_ships_or_weapons():
    g = game()
    play(g, Volley(((8, 8), (0, 0)), ((10, 11), (11, 11))))
    v = g.view(0)
    assert v.enemy_fleet is None
    assert set(v.target) == {(8, 8), (0, 0), (10, 11), (11, 11)}
    assert v.target[(8, 8)] == n.HIT
    assert v.guns == 4 and v.pair and v.planes == 3 and v.torpedo_ready and v.aa == (3, 5)
    assert g.view(1).incoming == v.target and (8, 8) in g.view(1).own_hits


# --- properties of random legal play ------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_random_legal_play_ends_and_keeps_every_invariant(seed):
    rng = random.Random(seed)
    g = n.new_game(n.NavalConfig(), rng)
    for _ in range(3000):
        if g.over:
            break
        me = g.turn
        if g.pending is None:
            guns = g.gun_count(me)
            action = n.random_action(g, rng)
            events = g.apply(action)
            assert len(action.shells) <= guns                       # never more than guns
        else:
            mount = g.aa_mount(me)
            action = n.random_action(g, rng)
            assert all(n.chebyshev(c, mount) <= n.AA_RANGE for c in action.cells)
            events = g.apply(action)
        for e in events:
            if isinstance(e, n.VolleyResult) and e.volley.torpedo is not None:
                defender = 1 - e.player
                assert not any(c in g.owner[defender] for c in e.torpedo_path)   # never passes
                if e.torpedo_hit is not None:
                    assert e.torpedo_hit in g.owner[defender]
                    assert len(e.torpedo_path) == abs(e.torpedo_hit[0] - e.torpedo_path[0][0]) \
                        if e.torpedo_path else True
            if isinstance(e, n.VolleyResult):
                assert not set(e.downed) & set(e.hits) and not set(e.downed) & set(e.misses)
    assert g.over
    if g.ceasefire is not None:                 # N-f: decided on points after 20 quiet volleys
        assert g.quiet == n.CEASEFIRE
    elif g.winner is not None:                  # won by fire: the loser has nothing left
        assert not g.armed(1 - g.winner)


def test_a_record_with_a_forged_answer_is_refused():
    rng = random.Random(5)
    g = n.new_game(n.NavalConfig(), rng, first=0)
    while len(g.history) < 6:
        g.apply(n.random_action(g, rng))
    text = record_text(g)
    lines = text.splitlines()
    i = next(i for i, ln in enumerate(lines)
             if ln[:1].isdigit() and ({"hit", "miss"} & set(ln.split())))
    lines[i] = " ".join("hit" if w == "miss" else "miss" if w == "hit" else w
                        for w in lines[i].split())
    with pytest.raises(Exception) as e:
        load_record("forged.txt", "\n".join(lines))
    assert "forged.txt" in str(e.value)


def test_action_json_round_trip():
    for a in (Volley(((1, 2),), ((3, 3), (3, 4)), 5, ()), Volley((), (), None, ((1, 1), (2, 2))),
              Intercept(((1, 1),)), Intercept()):
        assert n.action_from_json(n.action_to_json(a)) == a
