"""The Кораблики computer players (game.ai.korabliki): sensible set-ups, legal play at every level,
knowledge that never rules out the truth and never reads a hidden rank, and the bench's contract
lines. Strength is measured by the bench; here only a generous behavioural bound."""

import copy
import json
import random

import pytest

from game import bench
from game.modes import duel_winner
from game.ai.korabliki import (FORMATIONS, KORABLIKI_LEVELS, R, Knowledge, chebyshev,
                               fort_cells, formation, make_korabliki_ai)
from game.rules.korabliki import (BOMB, FORT, MIN, TK, Answer, AnswerNeeded, Ask,
                                  KorablikiConfig, KorablikiGame, Moved, side_neighbours,
                                  validate_setup, zone_cells)


def play(levels, seed, first=0, limit=20000, each=None, before=None, tell=(True, True)):
    """A whole game between two levels; ``before(game, seat, ai, view, legal)`` is called before
    each decision (it may return the action the decision must give), ``each(game, seat, ai,
    view, legal, action)`` before every action is applied. Every action must be one the game
    offers. ``tell``: which seats are given the events (the battle screen need not)."""
    rng = random.Random(seed)
    ais = [make_korabliki_ai(levels[p], random.Random(rng.getrandbits(32))) for p in (0, 1)]
    game = KorablikiGame(KorablikiConfig(), [ais[0].setup(0), ais[1].setup(1)], first)
    n = 0
    while not game.over and n < limit:
        seat = game.turn
        view, legal = game.view(seat), game.legal_actions()
        expect = before(game, seat, ais[seat], view, legal) if before is not None else None
        action = ais[seat].act(view, legal)
        assert action in legal, (levels[seat], view.phase, action)
        assert expect is None or expect == action
        if each is not None:
            each(game, seat, ais[seat], view, legal, action)
        events = game.apply(action)
        for ai, told in zip(ais, tell):
            if told:
                ai.observe(events)
        n += 1
    return game, n


# --- set-ups --------------------------------------------------------------------------------

@pytest.mark.parametrize("style", FORMATIONS)
@pytest.mark.parametrize("player", (0, 1))
def test_every_formation_is_a_valid_fleet(style, player):
    for seed in range(25):
        setup = formation(style, player, random.Random(seed))
        validate_setup(player, setup)
        assert set(setup) <= set(zone_cells(player)) and len(setup) == 52


@pytest.mark.parametrize("style", [s for s in FORMATIONS if s != "random"])
@pytest.mark.parametrize("player", (0, 1))
def test_forts_are_apart_guarded_and_clear_of_the_own_bomb(style, player):
    for seed in range(25):
        setup = formation(style, player, random.Random(seed))
        a, b = fort_cells(setup)
        assert chebyshev(a, b) > 4          # no 5×5 blast takes both
        bomb = next(c for c, r in setup.items() if r == BOMB)
        for fort in (a, b):
            assert all(n in setup for n in side_neighbours(fort))   # every side held
            assert chebyshev(fort, bomb) > 2                         # a blast on it spares them
            deep = {0: (13, 14), 1: (0, 1)}[player]
            assert fort[1] in deep
        # a minesweeper stands by some mine, so mines can move
        assert any(r == MIN and any(setup.get((c[0] + dx, c[1] + dy)) == "TRAL"
                                    for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                   for c, r in setup.items())


def test_formations_replay_from_the_seed_and_unknown_names_are_refused():
    for style in FORMATIONS:
        assert formation(style, 0, random.Random(5)) == formation(style, 0, random.Random(5))
    with pytest.raises(ValueError, match="fortress"):
        formation("turtle", 0, random.Random(1))


def test_levels_and_unknown_level():
    assert KORABLIKI_LEVELS[0] == "random"
    for level in KORABLIKI_LEVELS:
        ai = make_korabliki_ai(level, random.Random(1))
        validate_setup(1, ai.setup(1))
    with pytest.raises(ValueError, match="random, sailor, captain, admiral_previous, admiral"):
        make_korabliki_ai("grandmaster", random.Random(1))


# --- play ------------------------------------------------------------------------------------

@pytest.mark.parametrize("levels,seed", [(("random", "sailor"), 1), (("sailor", "admiral"), 2),
                                         (("admiral", "random"), 3), (("admiral", "admiral"), 4)])
def test_every_level_plays_legal_actions_to_the_end(levels, seed):
    game, n = play(levels, seed, first=seed % 2)
    assert game.over, n
    assert game.end_reason in ("forts", "forts-both", "no-attackers", "quiet")


def test_the_admirals_knowledge_never_rules_out_the_truth():
    """At every decision, each enemy piece afloat keeps a positive chance of its real rank (what
    moves, asking acts, strikes and blasts taught it is sound), and the forts still standing are
    never counted as lost."""
    checked = [0]

    def each(game, seat, ai, view, legal, action):
        if ai.key != "admiral" or ai.know is None:
            return
        post = ai.know.posterior()
        for p in game.own(1 - seat):
            assert post[p.id][R[p.rank]] > 0, (p.rank, p.cell, post[p.id])
        if ai.know.told:   # from the events the count of forts lost is exact
            assert ai.know.forts_left == max(1, game.forts(1 - seat))
        checked[0] += 1

    for seed, levels, tell in ((11, ("admiral", "sailor"), (True, True)),
                               (12, ("random", "admiral"), (True, True)),
                               (13, ("admiral", "sailor"), (False, True))):
        play(levels, seed, first=seed % 2, each=each, tell=tell)
    assert checked[0] > 300


def test_the_admiral_never_reads_a_hidden_rank():
    """Shuffle the enemy's hidden ranks among its hidden pieces: the view and the legal actions
    stay the same, and so does the admiral's choice (it sees nothing else)."""
    compared = [0]

    def before(game, seat, ai, view, legal):
        if ai.key != "admiral" or len(game.history) % 7:
            return None
        twin = copy.deepcopy(game)
        hidden = [p for p in twin.own(1 - seat) if not p.revealed]
        ranks = [p.rank for p in hidden]
        random.Random(len(game.history)).shuffle(ranks)
        for p, r in zip(hidden, ranks):
            p.rank = r
        assert twin.view(seat) == view
        assert twin.legal_actions() == legal
        compared[0] += 1
        return copy.deepcopy(ai).act(twin.view(seat), twin.legal_actions())

    play(("admiral", "sailor"), 21, first=0, before=before, limit=600)
    assert compared[0] > 20


def test_the_asker_never_learns_the_answering_sides_options():
    """``AnswerNeeded`` lists the blocks the asked side could name (K-b: not the asker's to
    know): the admiral's knowledge is the same whatever options it shows."""
    game, _ = play(("admiral", "random"), 5, limit=120)
    know = Knowledge(0)
    know.sync(game.view(0))
    enemy = next(p for p in game.own(1))
    a, b = copy.deepcopy(know), copy.deepcopy(know)
    a.observe([AnswerNeeded(1, enemy.cell, ((enemy.cell,),))])
    b.observe([AnswerNeeded(1, enemy.cell, ((enemy.cell,), (enemy.cell, (0, 0))))])
    assert all((a.posterior()[k] == b.posterior()[k]).all() for k in a.posterior())


def test_moves_teach_what_a_piece_is_not():
    """A piece that moved is no fort; one that moved with no piece of its side around is no
    mine; a double step is a torpedo boat's."""
    rng = random.Random(3)
    game = KorablikiGame(KorablikiConfig(), [formation("fortress", 0, rng),
                                             formation("fortress", 1, rng)], first=1)
    know = Knowledge(0)
    know.sync(game.view(0))
    enemy = {p.id: p for p in game.own(1)}
    tk = next(p for p in enemy.values() if p.rank == TK and p.cell[1] == 4
              and (p.cell[0], 5) not in game.pieces and (p.cell[0], 6) not in game.pieces)
    start = tk.cell
    events = game.apply(next(m for m in game.legal_moves() if m.frm == start
                             and m.to == (start[0], start[1] + 2)))
    assert isinstance(events[0], Moved) and events[0].via is not None
    know.observe(events)
    post = know.posterior()
    assert post[tk.id][R[TK]] == pytest.approx(1.0)
    alone = know.tracks[tk.id]
    assert alone.w[R[FORT]] == 0 and alone.w[R[MIN]] == 0


@pytest.mark.slow
def test_the_admiral_beats_the_random_player_and_the_sailor():
    """Strength, on a few seeded games (``game.bench duel --mode korabliki`` measures it)."""
    wins = sum(duel_winner("korabliki", ("admiral", "random"), seed, seed % 2) == 0
               for seed in range(6))
    assert wins >= 5
    wins = sum(duel_winner("korabliki", ("sailor", "admiral"), seed, seed % 2) == 1
               for seed in range(4))
    assert wins >= 3


# --- the bench's contract ----------------------------------------------------------------------

def test_soak_korabliki_prints_the_contract_line(capsys):
    assert bench.main(["soak", "--mode", "korabliki", "--games", "2", "--seed", "1",
                       "--ai", "random"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert list(data) == ["mode", "games", "finished", "errors", "mean_turns"]
    assert data["mode"] == "korabliki" and data["games"] == 2 and data["errors"] == 0
    assert data["finished"] == 2 and data["mean_turns"] > 0
    assert bench.main(["soak", "--mode", "korabliki", "--games", "1", "--seed", "2",
                       "--ai", "sailor", "--b", "admiral"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out.strip().splitlines()[-1])["errors"] == 0
    assert "move_ms_p99 admiral" in out.err
    with pytest.raises(SystemExit):
        bench.main(["soak", "--mode", "korabliki", "--games", "1", "--ai", "hunter"])


def test_duel_korabliki_prints_the_contract_line(capsys):
    assert bench.main(["duel", "--mode", "korabliki", "--a", "sailor", "--b", "random",
                       "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out.strip().splitlines()[-1])
    assert list(data) == ["a_wins", "b_wins", "draws", "mean_turns"]
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 2 and data["mean_turns"] > 0
    assert "move_ms_p99 sailor" in out.err and "move_ms_p99 random" in out.err
    with pytest.raises(SystemExit):
        bench.main(["duel", "--mode", "korabliki", "--a", "nobody", "--b", "sailor",
                    "--games", "1"])


# --- answering ---------------------------------------------------------------------------------

def staged_ask(mine, theirs, rank_mine, rank_theirs, revealed=True):
    """A game where player 1's revealed ship of ``rank_theirs`` on ``theirs`` asks player 0's
    ships of ``rank_mine`` on ``mine`` (the first of them asked): returns the game waiting for
    player 0's answer."""
    rng = random.Random(8)
    game = KorablikiGame(KorablikiConfig(), [formation("fortress", 0, rng),
                                             formation("fortress", 1, rng)], first=1)

    def put(p, cell):
        assert cell not in game.pieces
        del game.pieces[p.cell]
        p.cell = cell
        game.pieces[cell] = p

    ours = [p for p in game.own(0) if p.rank == rank_mine]
    for p, c in zip(ours, mine):
        put(p, c)
    asker = next(p for p in game.own(1) if p.rank == rank_theirs)
    put(asker, theirs)
    asker.revealed = revealed
    game.phase = "act"
    events = game.apply(Ask(theirs, mine[0]))
    assert isinstance(events[0], AnswerNeeded) and game.turn == 0
    return game


def test_the_answering_side_is_told_which_ship_asks():
    """Rules fix: the seed's asker names the asking ship, so the answering side's view names it
    (``pending_ship``), and only while it must answer."""
    game = staged_ask([(6, 8), (7, 8)], (6, 7), "TK", "ES")
    assert game.view(0).pending_ship == (6, 7)
    assert game.view(1).pending_ship is None
    game.apply(Answer(((6, 8),)))
    assert game.view(0).pending_ship is None


def test_the_admiral_answers_with_the_block_that_pays():
    # a revealed cruiser beats any block of submarines: name one, lose one
    game = staged_ask([(6, 8), (5, 8), (7, 8)], (6, 7), "PL", "KR")
    action = make_korabliki_ai("admiral", random.Random(1)).act(game.view(0),
                                                                 game.legal_actions())
    assert action == Answer(((6, 8),))
    # two or three patrol ships beat a lone destroyer: answer with a block, and win
    game = staged_ask([(6, 8), (5, 8), (7, 8)], (6, 7), "STOR", "ES")
    action = make_korabliki_ai("admiral", random.Random(1)).act(game.view(0),
                                                                 game.legal_actions())
    assert len(action.cells) >= 2
    events = game.apply(action)
    assert any(getattr(e, "outcome", "") == "lost" for e in events)


def test_the_admiral_sometimes_understates_its_block():
    """Asked by a ship it cannot see, the admiral answers with its three destroyers mostly, and
    now and then (by its own dice) with two of them: a bluff that hides the third."""
    sizes = set()
    for seed in range(40):
        game = staged_ask([(6, 8), (5, 8), (7, 8)], (6, 7), "ES", "KR", revealed=False)
        action = make_korabliki_ai("admiral", random.Random(seed)).act(game.view(0),
                                                                        game.legal_actions())
        assert action in game.legal_actions()
        sizes.add(len(action.cells))
    assert sizes == {2, 3}



def test_the_players_are_pure():
    """No pygame behind the computer players (they run in benches and tests without a screen)."""
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, game.ai.korabliki\n"
            "assert not [m for m in sys.modules if m.split('.')[0] == 'pygame']\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_the_captains_book_keeps_only_the_count():
    """The captain (a rung below the admiral) learns nothing from what a piece did but that it
    moved (no fort): a double step does not make it a torpedo boat in his book."""
    from game.ai.korabliki import Headcount
    rng = random.Random(3)
    game = KorablikiGame(KorablikiConfig(), [formation("fortress", 0, rng),
                                             formation("fortress", 1, rng)], first=1)
    know, plain = Knowledge(0), Headcount(0)
    for k in (know, plain):
        k.sync(game.view(0))
    tk = next(p for p in game.own(1) if p.rank == TK and p.cell[1] == 4
              and (p.cell[0], 5) not in game.pieces and (p.cell[0], 6) not in game.pieces)
    events = game.apply(next(m for m in game.legal_moves() if m.frm == tk.cell
                             and m.to == (tk.cell[0], tk.cell[1] + 2)))
    for k in (know, plain):
        k.observe(events)
        k.sync(game.view(0))
    assert know.posterior()[tk.id][R[TK]] == pytest.approx(1.0)
    assert plain.posterior()[tk.id][R[TK]] < 0.2
    assert plain.posterior()[tk.id][R[FORT]] == 0


def test_four_korabliki_opponents_from_random_to_admiral():
    from game.ai.opponents import roster
    ladder = roster("korabliki")
    assert [o.shooter for o in ladder] == ["random", "sailor", "captain", "admiral"]
    assert all(o.shooter in KORABLIKI_LEVELS for o in ladder)
