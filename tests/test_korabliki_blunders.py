"""Issue 21, part 4: the «Кораблики» blunders a player saw the Admiral make, each staged as a
position reached through the rules engine (set-ups, then moves and ends of turn applied by
``KorablikiGame.apply``, the Admiral looking on and told every event as in a game), then the
Admiral's own decision checked. ``admiral_previous`` (the Admiral before the fix) is run on the
same positions to show each test can fail."""

import random

import pytest

from game.ai.korabliki import formation, make_korabliki_ai
from game.rules.korabliki import (ACT, BOMB, COMBAT, ES, LIN, MOVE, TK, Ask, Bomb, EndTurn,
                                  KorablikiConfig, KorablikiGame, Move, blast_zone)


def fleet(player: int, seed: int, where: dict) -> dict:
    """A formation with the ranks of ``where`` ({cell: rank}) swapped onto those cells."""
    setup = formation("balanced", player, random.Random(seed))
    for cell, rank in where.items():
        other = next(c for c, r in setup.items() if r == rank and c not in where)
        if cell in setup:
            setup[cell], setup[other] = setup[other], setup[cell]
        else:
            setup[cell] = setup.pop(other)
    assert all(setup[c] == r for c, r in where.items())
    return setup


def filler(game: KorablikiGame, player: int, cols: range, state: dict) -> Move:
    """A quiet move of ``player`` far from the staged fight: the same piece back and forth."""
    back = state.get(player)
    legal = game.legal_moves()
    if back is not None and back in legal:
        state[player] = Move(back.to, back.frm)
        return back
    move = next(m for m in legal if m.frm[0] in cols and m.to[0] in cols
                and game.pieces[m.frm].rank in COMBAT)
    state[player] = Move(move.to, move.frm)
    return move


def stage(setups, first: int, script: dict, admiral_seat: int, level: str, quiet_cols: dict):
    """Play ``script`` ({seat: [(from, to), …]}: each seat's moves in order, a quiet move when
    its list is done) until every list is used up; the Admiral in ``admiral_seat`` thinks at
    each of its turns (as in a game) but is overruled, and is told every event."""
    game = KorablikiGame(KorablikiConfig(), setups, first)
    ai = make_korabliki_ai(level, random.Random(3))
    script = {s: list(m) for s, m in script.items()}
    state: dict = {}
    while any(script.values()):
        seat = game.turn
        assert game.phase == MOVE
        if seat == admiral_seat:
            ai.act(game.view(seat), game.legal_actions())      # its thoughts; overruled
        if script[seat]:
            move = Move(*script[seat].pop(0))
        else:
            move = filler(game, seat, quiet_cols[seat], state)
        for action in (move, EndTurn()):
            assert game.phase in (MOVE, ACT) and not game.over
            ai.observe(game.apply(action))
    assert game.turn == admiral_seat and not game.over
    return game, ai


def admirals_turn(game, ai, seat: int) -> list:
    """The Admiral's whole turn (its move, then its act), applied; the actions it chose."""
    chosen = []
    while game.turn == seat and not game.over and len(chosen) < 8:
        action = ai.act(game.view(seat), game.legal_actions())
        assert action in game.legal_actions()
        chosen.append(action)
        ai.observe(game.apply(action))
    return chosen


# --- the bomb walked alone into the middle, where a torpedo boat asked it -------------------

def bomb_in_reach(level_name: str, steps: int):
    """The Admiral (seat 0) has its bomb in its front row (``steps`` = 1: already one step out
    into the middle zone) with its ships around it; an enemy torpedo boat has come across the
    middle zone to four rows from it. The Admiral to move."""
    mine = {(7, 10): BOMB, (6, 10): ES, (8, 10): ES, (7, 11): LIN}
    theirs = {(7, 4): TK}
    setups = [fleet(0, 1, mine), fleet(1, 2, theirs)]
    script = {0: [((7, 10), (7, 9))][:steps], 1: [((7, 4), (7, 5)), ((7, 5), (7, 6))]}
    return stage(setups, 0, script, 0, level_name, {0: range(13, 16), 1: range(13, 16)})


def blast_balance(game, centre, owner):
    """Pieces of the bomb's owner and of the other side a blast on ``centre`` would take."""
    own = enemy = 0
    for c in blast_zone(centre):
        p = game.pieces.get(c)
        if p is not None and p.rank != BOMB:
            own += p.owner == owner
            enemy += p.owner != owner
    return own, enemy


def bomb_left_to_be_asked(level_name: str, steps: int) -> bool:
    """After the Admiral's turn: is its bomb (not used) where an enemy piece can ask it next
    turn (a torpedo boat's double step) and a blast there would take more of its pieces?"""
    game, ai = bomb_in_reach(level_name, steps)
    bomb = next(p for p in game.own(0) if p.rank == BOMB)
    tk = next(p for p in game.own(1) if p.rank == TK and p.cell == (7, 6))
    own, enemy = blast_balance(game, bomb.cell, 0)
    assert tk.cell[1] - bomb.cell[1] == -4 + steps and own >= 3 and enemy == 0   # as staged
    chosen = admirals_turn(game, ai, 0)
    if any(isinstance(a, Bomb) for a in chosen) or not any(p.rank == BOMB for p in game.own(0)):
        return False                        # used
    bomb = next(p for p in game.own(0) if p.rank == BOMB)
    reach = [p for p in game.own(1)
             if abs(p.cell[0] - bomb.cell[0]) + abs(p.cell[1] - bomb.cell[1]) <= 3]
    own, enemy = blast_balance(game, bomb.cell, 0)
    return bool(reach) and own > enemy


@pytest.mark.parametrize("steps", (0, 1))
def test_the_admiral_does_not_walk_its_bomb_where_a_torpedo_boat_may_blow_up_its_ships(steps):
    assert not bomb_left_to_be_asked("admiral", steps)


@pytest.mark.parametrize("steps", (0, 1))
def test_the_previous_admiral_did(steps):
    assert bomb_left_to_be_asked("admiral_previous", steps)


# --- the advancing piece asked with a destroyer: the enemy bomb -----------------------------

def advancing_piece(level_name: str):
    """The enemy (seat 1) walks one piece — its bomb — from its front row across the middle to
    the Admiral's front row, where a destroyer, a battleship and more of the Admiral's ships
    stand. The Admiral (seat 0) to move."""
    mine = {(7, 10): ES, (8, 10): LIN, (6, 10): ES, (7, 11): LIN}
    theirs = {(7, 4): BOMB}
    setups = [fleet(0, 4, mine), fleet(1, 5, theirs)]
    script = {0: [], 1: [((7, 4), (7, 5)), ((7, 5), (7, 6)), ((7, 6), (7, 7)), ((7, 7), (7, 8)),
                         ((7, 8), (7, 9))]}
    return stage(setups, 1, script, 0, level_name, {0: range(13, 16), 1: range(13, 16)})


def asks_the_bomb(level_name: str) -> bool:
    game, ai = advancing_piece(level_name)
    bomb = next(p for p in game.own(1) if p.rank == BOMB)
    assert bomb.cell == (7, 9) and not bomb.revealed
    own, _ = blast_balance(game, bomb.cell, 1)
    assert own == 0
    chosen = admirals_turn(game, ai, 0)
    return any(isinstance(a, Ask) and a.target == (7, 9) for a in chosen)


def test_the_admiral_does_not_ask_an_advancing_piece_beside_its_battleship():
    assert not asks_the_bomb("admiral")


def test_the_previous_admiral_asked_it():
    assert asks_the_bomb("admiral_previous")


def test_the_admiral_sets_up_without_balanced_and_the_previous_one_as_before():
    """Issue 21, second round: the Admiral's fleets are laid out in fortress, blocks or
    bomb_front (balanced, its weakest against admiral_previous, dropped); admiral_previous and
    the captain still draw from the four styles, from the same rng as before."""
    for level, styles in (("admiral", ("fortress", "blocks", "bomb_front")),
                          ("admiral_previous", ("fortress", "balanced", "blocks", "bomb_front")),
                          ("captain", ("fortress", "balanced", "blocks", "bomb_front"))):
        seen = set()
        for seed in range(40):
            got = make_korabliki_ai(level, random.Random(seed)).setup(seed % 2)
            rng = random.Random(seed)
            style = rng.choice(styles)
            assert got == formation(style, seed % 2, rng)
            seen.add(style)
        assert seen == set(styles)
