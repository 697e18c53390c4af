"""Кораблики, RULES.md §K: every rule on a small arranged position, the strength table as a
table-driven test, and properties of random legal play (it ends; no view leaks a hidden rank)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from game.rules import korabliki as k
from game.rules.errors import IllegalAction, PlacementError
from game.rules.korabliki import (BOMB, ES, FORT, KR, LIN, MIN, PL, STOR, TK, TOR, TRAL, Answer,
                                  Ask, Bomb, EndTurn, Move, TorpedoStrike)

# The seed's "table of the comparative strength of every possible block", read left to right
# and top to bottom, strongest first (— cells skipped).
SEED_TABLE = """
2 ЛИН | 3 КР  | —
2 КР  | 3 ЭС  | ЛИН
2 ЭС  | 3 СТОР| КР
2 СТОР| 3 ТК  | ЭС
2 ТК  | 3 ТРАЛ| СТОР
2 ТРАЛ| 3 ПЛ  | ТК
2 ПЛ  | —     | ТРАЛ
—     | —     | ПЛ
"""
SEED_EXCEPTIONS = "3 ПЛ | 2 ПЛ | 2 ЛИН | ПЛ | ЛИН"
RU = {"ЛИН": LIN, "КР": KR, "ЭС": ES, "СТОР": STOR, "ТК": TK, "ТРАЛ": TRAL, "ПЛ": PL}


def _blocks(text: str) -> list[tuple[int, str]]:
    out = []
    for line in text.strip().splitlines():
        for cell in line.split("|"):
            words = cell.split()
            if not words or words == ["—"]:
                continue
            out.append((int(words[0]), RU[words[1]]) if len(words) == 2 else (1, RU[words[0]]))
    return out


ORDER = _blocks(SEED_TABLE)
EXCEPTIONS = _blocks(SEED_EXCEPTIONS)


def test_the_strength_table_is_the_seeds():
    assert len(ORDER) == 20 and len(set(ORDER)) == 20
    for i, j in combinations(range(len(ORDER)), 2):
        a, b = ORDER[i], ORDER[j]
        if {a[1], b[1]} == {LIN, PL}:
            continue                      # those pairs follow the exception below
        assert k.compare(a, b) == 1 and k.compare(b, a) == -1, (a, b)
    for block in ORDER:
        assert k.compare(block, block) == 0


def test_submarines_and_battleships_follow_the_exception():
    for i, j in combinations(range(len(EXCEPTIONS)), 2):
        a, b = EXCEPTIONS[i], EXCEPTIONS[j]
        if a[1] == b[1]:
            continue
        assert k.compare(a, b) == 1 and k.compare(b, a) == -1, (a, b)
    assert k.compare((1, PL), (1, LIN)) == 1       # "ПЛ берёт ЛИН"
    assert k.compare((1, PL), (1, KR)) == -1       # but nothing else


@pytest.mark.parametrize("i", range(len(k.COMBAT) - 2))
def test_two_of_the_next_beat_three_of_the_one_after_which_beat_one_of_the_rank_above(i):
    a, b, c = k.COMBAT[i:i + 3]
    if PL in (a, b, c) and LIN in (a, b, c):
        pytest.fail("consecutive ranks never hold both LIN and PL")
    assert k.compare((2, b), (3, c)) == 1 and k.compare((3, c), (1, a)) == 1


# --- arranged positions -------------------------------------------------------------------

def arrange(pieces: dict, turn: int = 0, forts=True) -> k.KorablikiGame:
    """A game whose board holds only ``pieces`` ({cell: (owner, rank)}); unless ``forts`` is
    False, each side also keeps a fort in a far corner so the game goes on."""
    rng = random.Random(0)
    g = k.KorablikiGame(k.KorablikiConfig(), [k.random_setup(0, rng), k.random_setup(1, rng)],
                        first=turn)
    g.pieces = {}
    layout = dict(pieces)
    if forts:
        layout.setdefault((15, 14), (0, FORT))
        layout.setdefault((0, 0), (1, FORT))
    for n, (cell, (owner, rank)) in enumerate(sorted(layout.items())):
        g.pieces[cell] = k.Piece(n, owner, rank, cell)
    g.turn = turn
    g._start_turn()
    return g


def after_move(g: k.KorablikiGame, piece_cell, to) -> None:
    g.apply(Move(piece_cell, to))


def test_asking_a_weaker_ship_takes_it_and_the_asker_moves_again():
    g = arrange({(5, 7): (0, KR), (5, 6): (1, ES), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    events = g.apply(Ask((5, 7), (5, 6)))
    asked = events[0]
    assert asked.outcome == "won" and asked.rank == ES and asked.removed == ((1, (5, 6)),)
    assert g.turn == 0 and g.phase == k.MOVE                 # §K: the turn stays
    assert isinstance(events[-1], k.TurnChanged) and events[-1].again
    with pytest.raises(IllegalAction) as e:      # K-e: the new turn starts with a move too
        g.check(Ask((5, 7), (5, 5) if (5, 5) in g.pieces else (4, 7)))
    assert e.value.code == "must_move_again"     # (issue 33: said so, not "cell taken")
    g.apply(Move((9, 8), (9, 7)))
    g.apply(k.EndTurn())
    assert not g.again


def test_asking_a_stronger_ship_loses_only_the_asking_one_and_the_turn_passes():
    g = arrange({(5, 7): (0, ES), (6, 7): (0, ES), (5, 6): (1, KR), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    events = g.apply(Ask((5, 7), (5, 6)))                     # a lone ES against KR: lost
    assert events[0].outcome == "lost" and events[0].removed == ((0, (5, 7)),)
    assert (6, 7) in g.pieces and g.turn == 1


def test_equal_strength_removes_both_blocks():
    g = arrange({(5, 7): (0, KR), (6, 7): (0, KR), (5, 6): (1, KR), (6, 6): (1, KR),
                 (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    g.apply(Ask((5, 7), (5, 6), ((5, 7), (6, 7))))            # asks with two cruisers
    assert g.phase == k.ANSWER and g.turn == 1               # the asked side decides
    v = g.view(1)
    assert v.pending_target == (5, 6) and set(v.answer_options) == {((5, 6),), ((5, 6), (6, 6))}
    events = g.apply(Answer(((5, 6), (6, 6))))               # two cruisers answer: equal
    assert events[0].outcome == "tied"
    assert set(events[0].removed) == {(0, (5, 7)), (0, (6, 7)), (1, (5, 6)), (1, (6, 6))}
    assert g.turn == 1


def test_a_block_may_be_understated_at_its_own_risk_but_never_overstated():
    layout = {(5, 7): (0, KR), (5, 6): (1, ES), (6, 6): (1, ES), (7, 6): (1, ES),
              (9, 9): (0, TK)}
    g = arrange(layout)
    after_move(g, (9, 9), (9, 8))
    g.apply(Ask((5, 7), (5, 6)))
    options = set(g.answer_options((5, 6)))
    assert options == {((5, 6),), ((5, 6), (6, 6)), ((5, 6), (6, 6), (7, 6))}
    with pytest.raises(IllegalAction) as e:                   # a block not joined to the ship
        g.apply(Answer(((5, 6), (7, 6))))
    assert e.value.code == "bad_answer"
    events = g.apply(Answer(((5, 6),)))                       # "ЭС": KR > ES, only it is lost
    assert events[0].outcome == "won" and events[0].removed == ((1, (5, 6)),)
    assert (6, 6) in g.pieces and (7, 6) in g.pieces
    g2 = arrange(layout)
    after_move(g2, (9, 9), (9, 8))
    g2.apply(Ask((5, 7), (5, 6)))
    events = g2.apply(Answer(((5, 6), (6, 6), (7, 6))))      # "three ЭС" > КР (3ЭС > ЛИН > КР)
    assert events[0].outcome == "lost" and events[0].removed == ((0, (5, 7)),)


def test_the_asker_must_use_a_real_block_of_his_own_rank():
    g = arrange({(5, 7): (0, KR), (6, 7): (0, ES), (8, 7): (0, KR), (5, 6): (1, ES),
                 (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    for block in (((5, 7), (6, 7)), ((5, 7), (8, 7)), ((6, 7),)):
        with pytest.raises(IllegalAction) as e:
            g.apply(Ask((5, 7), (5, 6), block))
        assert e.value.code == "bad_block"


def test_submarine_takes_battleship_but_two_battleships_take_a_submarine():
    g = arrange({(5, 7): (0, PL), (5, 6): (1, LIN), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    assert g.apply(Ask((5, 7), (5, 6)))[0].outcome == "won"
    g = arrange({(5, 7): (0, LIN), (6, 7): (0, LIN), (5, 6): (1, PL), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    assert g.apply(Ask((5, 7), (5, 6), ((5, 7), (6, 7))))[0].outcome == "won"
    g = arrange({(5, 7): (0, LIN), (5, 6): (1, PL), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    assert g.apply(Ask((5, 7), (5, 6)))[0].outcome == "lost"


def test_forts_are_taken_and_both_forts_win():
    g = arrange({(5, 7): (0, STOR), (5, 6): (1, FORT), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    events = g.apply(Ask((5, 7), (5, 6)))
    assert events[0].outcome == "took-fort" and g.turn == 0 and g.forts(1) == 1
    g.apply(Move((5, 7), (4, 7)))
    g.apply(EndTurn())
    g.pieces[(0, 1)] = k.Piece(99, 0, KR, (0, 1))             # beside the last fort (0, 0)
    g.turn, g.phase = 0, k.ACT
    events = g.apply(Ask((0, 1), (0, 0)))
    assert g.winner == 0 and isinstance(events[-1], k.GameOver) and events[-1].reason == "forts"


def test_asking_a_torpedo_or_a_mine():
    g = arrange({(5, 7): (0, ES), (5, 6): (1, TOR), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    events = g.apply(Ask((5, 7), (5, 6)))
    assert events[0].outcome == "torpedoed"
    assert set(events[0].removed) == {(1, (5, 6)), (0, (5, 7))} and g.turn == 1
    g = arrange({(5, 7): (0, TRAL), (5, 6): (1, MIN), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    events = g.apply(Ask((5, 7), (5, 6)))
    assert events[0].outcome == "swept" and events[0].removed == ((1, (5, 6)),) and g.turn == 0
    g = arrange({(5, 7): (0, LIN), (6, 7): (0, LIN), (5, 6): (1, MIN), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    events = g.apply(Ask((5, 7), (5, 6), ((5, 7), (6, 7))))  # K-c: the block does not matter
    assert events[0].outcome == "mined"
    assert set(events[0].removed) == {(1, (5, 6)), (0, (5, 7))} and (6, 7) in g.pieces


TORPEDO_CASES = [
    # target rank, outcome, removed (torpedo at (5, 7), target at (5, 6))
    (ES, "sunk", {(0, (5, 7)), (1, (5, 6))}),
    (FORT, "fort", {(0, (5, 7))}),                 # the fort is only turned up
    (MIN, "mine", {(0, (5, 7)), (1, (5, 6))}),
    (TOR, "torpedo", {(0, (5, 7)), (1, (5, 6))}),
]


@pytest.mark.parametrize("rank,outcome,removed", TORPEDO_CASES)
def test_torpedo_detonation_and_its_exceptions(rank, outcome, removed):
    g = arrange({(5, 7): (0, TOR), (5, 6): (1, rank), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    events = g.apply(TorpedoStrike((5, 7), (5, 6)))
    assert events[0].outcome == outcome and set(events[0].removed) == removed
    assert g.turn == 1
    if rank == FORT:
        assert g.pieces[(5, 6)].revealed and g.view(0).enemy[-1].rank is not None


def test_torpedo_against_the_bomb_sets_it_off():
    g = arrange({(5, 7): (0, TOR), (5, 6): (1, BOMB), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    events = g.apply(TorpedoStrike((5, 7), (5, 6)))
    assert events[0].outcome == "blast" and isinstance(events[1], k.Blast)
    assert (5, 7) not in g.pieces                              # the torpedo was in the zone


def test_the_blast_turns_up_its_5x5_sets_off_the_other_bomb_and_removes_everything_turned():
    layout = {
        (5, 7): (0, BOMB),          # my bomb
        (7, 8): (1, BOMB),          # the enemy bomb, inside my blast (dx 2, dy 1)
        (3, 5): (1, KR),            # corner of my zone
        (8, 9): (0, FORT),          # in both zones
        (9, 10): (1, ES),           # only in the enemy bomb's zone (dx 4 from mine)
        (2, 7): (0, LIN),           # outside both zones (dx 3)
        (12, 12): (1, TK),          # far away
        (9, 9): (0, TK),
    }
    g = arrange(layout)
    after_move(g, (9, 9), (9, 8))   # (9, 8) lies in the enemy bomb's zone only
    events = g.apply(Bomb())
    blast = events[0]
    assert isinstance(blast, k.Blast) and blast.centre == (5, 7) and blast.chained == (7, 8)
    turned = {c for _, c, _ in blast.revealed}
    assert turned == {(5, 7), (7, 8), (3, 5), (8, 9), (9, 10), (9, 8)}
    assert all(c not in g.pieces for c in turned)
    assert (2, 7) in g.pieces and (12, 12) in g.pieces
    assert ((1, (9, 10), ES)) in blast.revealed               # both sides see every turned piece
    assert g.turn == 1                                         # a blast gives no extra turn


def test_a_blast_that_takes_the_last_forts_of_both_sides_is_a_draw():
    g = arrange({(5, 7): (0, BOMB), (5, 5): (0, FORT), (6, 8): (1, FORT), (9, 9): (0, TK)},
                forts=False)
    after_move(g, (9, 9), (9, 8))
    events = g.apply(Bomb())
    assert g.drawn and g.winner is None and events[-1].reason == "forts-both"


def test_asking_the_bomb_sets_it_off():
    g = arrange({(5, 7): (0, KR), (5, 6): (1, BOMB), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    events = g.apply(Ask((5, 7), (5, 6)))
    assert events[0].outcome == "blast" and isinstance(events[1], k.Blast)
    assert (5, 7) not in g.pieces and g.turn == 1


# --- moves --------------------------------------------------------------------------------

def test_a_fort_never_moves_and_others_step_one_cell_to_a_free_side_neighbour():
    g = arrange({(5, 7): (0, FORT), (6, 7): (0, KR), (6, 6): (1, ES)})
    with pytest.raises(IllegalAction) as e:
        g.apply(Move((5, 7), (5, 6)))
    assert e.value.code == "fort_never_moves"
    with pytest.raises(IllegalAction) as e:
        g.apply(Move((6, 7), (6, 6)))
    assert e.value.code == "cell_taken"
    with pytest.raises(IllegalAction) as e:
        g.apply(Move((6, 7), (7, 6)))                          # diagonal
    assert e.value.code == "too_far"
    with pytest.raises(IllegalAction) as e:
        g.apply(Ask((6, 7), (6, 6)))                           # the move comes first
    assert e.value.code == "must_move"
    g.apply(Move((6, 7), (6, 8)))
    with pytest.raises(IllegalAction) as e:
        g.apply(Move((6, 8), (6, 9)))
    assert e.value.code == "already_moved"


def test_torpedo_boat_takes_two_steps_through_free_cells_only():
    g = arrange({(5, 7): (0, TK), (5, 6): (1, ES), (6, 7): (0, KR)})
    moves = {m.to for m in g.moves_of(g.pieces[(5, 7)])}
    assert (5, 9) in moves and (4, 6) in moves and (3, 7) in moves
    assert (5, 5) not in moves                                  # not through the enemy ship
    assert (7, 7) not in moves                                  # not through its own cruiser
    assert (6, 8) in moves                                      # round the corner via (5, 8)
    assert (5, 7) not in moves                                  # K-d: not back where it began
    events = g.apply(Move((5, 7), (5, 9)))
    assert events[0].via == (5, 8)


def test_mines_move_only_inside_their_own_sweepers_zone():
    g = arrange({(5, 7): (0, MIN), (9, 9): (0, KR)})
    assert g.moves_of(g.pieces[(5, 7)]) == []
    with pytest.raises(IllegalAction) as e:
        g.apply(Move((5, 7), (5, 6)))
    assert e.value.code == "mine_needs_sweeper"
    g = arrange({(5, 7): (0, MIN), (6, 8): (0, TRAL), (9, 9): (0, KR)})
    moves = {m.to for m in g.moves_of(g.pieces[(5, 7)])}
    assert moves == {(5, 8), (6, 7)}                            # only cells of that zone
    # two sweepers whose zones overlap: the mine may cross where they do
    g = arrange({(5, 7): (0, MIN), (6, 8): (0, TRAL), (4, 6): (1, TRAL), (9, 9): (0, KR)})
    assert {m.to for m in g.moves_of(g.pieces[(5, 7)])} == {(5, 8), (6, 7)}  # enemy's: no help


def test_a_player_with_no_move_goes_straight_to_the_act_or_passes():
    g = arrange({(0, 14): (0, FORT), (1, 14): (0, MIN), (14, 0): (1, KR)}, forts=False)
    g.pieces[(15, 0)] = k.Piece(90, 1, FORT, (15, 0))
    g.pieces[(13, 3)] = k.Piece(91, 1, FORT, (13, 3))
    g.pieces[(8, 14)] = k.Piece(92, 0, FORT, (8, 14))
    g._start_turn()
    assert g.phase == k.ACT and not g.legal_moves()
    assert g.legal_actions() == [EndTurn()]
    g.apply(EndTurn())
    assert g.turn == 1


def test_two_hundred_quiet_turns_draw_and_no_attacker_left_draws():
    g = arrange({(5, 7): (0, KR), (5, 2): (1, KR)})
    for n in range(k.DRAW_QUIET):
        if g.over:
            break
        me = g.turn
        p = next(p for p in g.own(me) if p.rank == KR)
        to = (p.cell[0] + (1 if n % 4 < 2 else -1), p.cell[1])
        g.apply(Move(p.cell, to))
        g.apply(EndTurn())
    assert g.drawn and g.end_reason == "quiet"
    g = arrange({(5, 7): (0, TOR), (6, 7): (1, KR), (9, 9): (0, TK)})
    after_move(g, (9, 9), (9, 8))
    g.apply(Ask((9, 8), (9, 7))) if (9, 7) in g.pieces else None
    del g.pieces[(9, 8)]
    g.apply(TorpedoStrike((5, 7), (6, 7)))                     # the last combat ship goes
    assert g.drawn and g.end_reason == "no-attackers"


def test_set_up_is_checked():
    rng = random.Random(1)
    setup = k.random_setup(0, rng)
    cell = next(iter(setup))
    bad = dict(setup)
    bad[(cell[0], 2)] = bad.pop(cell)
    with pytest.raises(PlacementError) as e:
        k.validate_setup(0, bad)
    assert e.value.code == "outside_zone"
    short = dict(setup)
    short.pop(cell)
    with pytest.raises(PlacementError) as e:
        k.validate_setup(0, short)
    assert e.value.code == "piece_count"
    k.validate_setup(1, k.random_setup(1, rng))


# --- properties of random play --------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_random_legal_play_ends_and_no_view_leaks_a_hidden_rank(seed):
    rng = random.Random(seed)
    g = k.new_game(k.KorablikiConfig(), rng)
    steps = 0
    while not g.over:
        for player in (0, 1):
            v = g.view(player)
            for e in v.enemy:
                real = g.pieces[e.cell]
                assert real.owner != player and real.id == e.id
                assert e.rank is None or (real.revealed and e.rank == real.rank)
            assert all(p.owner == player for p in v.own)
        g.apply(k.random_action(g, rng))
        steps += 1
        assert steps < 30_000
    assert g.winner is not None or g.drawn


def test_action_json_round_trip():
    for a in (Move((1, 2), (1, 4)), Ask((1, 2), (1, 3), ((1, 2), (2, 2))), Answer(((3, 3),)),
              Bomb(), TorpedoStrike((1, 1), (1, 2)), EndTurn()):
        assert k.action_from_json(k.action_to_json(a)) == a
