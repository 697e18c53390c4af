"""Naval and «Кораблики» online (issue 23): the remote games hold no more than their seat's view
over whole random games, answer the screens as the rules would, and refuse what the rules
refuse in the rules' own words."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.net import codec, visibility
from game.net.korabliki_remote import KorablikiRemote
from game.net.naval_remote import NavalRemote
from game.rules import korabliki as kr
from game.rules import naval as nv
from game.rules.errors import RuleError


def feed(remote, game, events, mode):
    """What the server sends ``remote``'s seat after ``events``, through the codec."""
    seat = remote.seat
    seen = visibility.events_for(mode, events, seat)
    remote.take({"moves": len(game.history), "turn": game.turn},
                codec.decode(codec.encode(game.view(seat))),
                [codec.decode(codec.encode(e)) for e in seen])


def refusal(check, action):
    try:
        check(action)
    except RuleError as exc:
        return exc.code, exc.params
    return None


# -- Naval ----------------------------------------------------------------------------------

def naval_beyond_view(remote: NavalRemote, game: nv.NavalGame) -> list:
    """What ``remote`` holds of the enemy that its seat's view does not show, one line each."""
    seat, enemy = remote.seat, 1 - remote.seat
    view = game.view(seat)
    out = []
    shown = set(view.target) | {c for _, s in view.enemy_sunk for c in s}
    weapons_shown: set = set()
    if view.enemy_fleet is not None:
        shown |= {c for s in view.enemy_fleet for c in s.cells}
        weapons_shown = {c for s in view.enemy_fleet for _, c in s.weapons}
    held = {c for s in remote.fleets[enemy] for c in s.cells} | set(remote.hits[enemy]) \
        | set(remote.marks[enemy])
    out += [f"enemy cell {c}" for c in held - shown]
    out += [f"enemy weapon {c}" for s in remote.fleets[enemy] for _, c in s.weapons
            if c not in weapons_shown]
    if remote.aa_mount(enemy) is not None:
        out.append("the enemy's mount")
    if view.pending is None and (remote.intercept_options() or remote.volley is not None):
        out.append(f"an interception not this seat's: {remote.intercept_options()}")
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_naval_remote_game_holds_no_more_than_the_view(seed):
    rng = random.Random(seed)
    game = nv.new_game(nv.NavalConfig(), rng)
    remotes = [NavalRemote(game.config, s, lambda a: None) for s in (0, 1)]
    for r in remotes:
        feed(r, game, [], "naval")
    intercepts = 0
    while not game.over:
        events = game.apply(nv.random_action(game, rng))
        intercepts += any(isinstance(e, nv.InterceptNeeded) for e in events)
        for r in remotes:
            feed(r, game, events, "naval")
            s = r.seat
            assert naval_beyond_view(r, game) == []
            # its own side: the whole truth, as the rules hold it
            assert r.fleets[s] == game.fleets[s] and r.marks[s] == game.marks[s]
            assert r.hits[s] == game.hits[s] and set(r.sunk[s]) == set(game.sunk[s])
            assert r.turn == game.turn and r.over == game.over and r.quiet == game.quiet
            mine = game.pending is not None and game.pending.player == s
            assert (r.pending is not None) == mine
            if mine:
                assert r.intercept_options() == game.intercept_options()
                assert r.volley == game.volley
            assert r.aa_mount(s) == game.aa_mount(s)
            # the enemy's ships as the screen lists them: what is afloat, what is sunk
            kinds = sorted(k.kind for k in r.fleets[1 - s])
            assert kinds == sorted(k.kind for k in game.fleets[1 - s])
    assert intercepts, "no interception in the whole game: the check saw none"
    for r in remotes:        # §0: the game over shows everything, and the same statistics
        assert r.fleets == game.fleets and r.winner == game.winner
        assert [r.points(p) for p in (0, 1)] == [game.points(p) for p in (0, 1)]
        assert r.ceasefire == game.ceasefire
        assert [nv.volley_stats(r, p) for p in (0, 1)] == \
            [nv.volley_stats(game, p) for p in (0, 1)]


def test_the_naval_check_sees_a_remote_game_given_the_enemy_fleet():
    """The check above can fail: a view that held the enemy fleet mid-game is caught."""
    game = nv.new_game(nv.NavalConfig(), random.Random(5))
    remote = NavalRemote(game.config, 0, lambda a: None)
    leaky = dataclasses.replace(game.view(0), enemy_fleet=tuple(game.fleets[1]))
    remote.take({"moves": 0, "turn": 0}, leaky, [])
    found = naval_beyond_view(remote, game)
    assert any("enemy cell" in f for f in found) and any("enemy weapon" in f for f in found)
    leaky = dataclasses.replace(game.view(0), options=((3, 3),), pending=nv.INTERCEPT)
    remote.take({"moves": 0, "turn": 0}, leaky, [])
    assert any("interception" in f for f in naval_beyond_view(remote, game))


def test_the_naval_remote_game_refuses_what_the_rules_refuse_in_their_words():
    rng = random.Random(8)
    game = nv.new_game(nv.NavalConfig(), rng)
    checked = 0
    for _ in range(60):
        if game.over:
            break
        me = game.turn
        remote = NavalRemote(game.config, me, lambda a: None)
        feed(remote, game, [], "naval")
        candidates = game.legal_actions()[:3] + [nv.random_action(game, rng)]
        if game.pending is None:
            v = game.view(me)
            known = next(iter(v.target), (0, 0))
            candidates += [nv.Volley(), nv.Volley(((0, 0), (0, 0))), nv.Volley(((20, 1),)),
                           nv.Volley((known,)), nv.Volley((), (), 3, ((1, 1),)),
                           nv.Volley((), (), 99), nv.Volley((), (), None, ((1, 1), (5, 5))),
                           nv.Intercept(())]
        else:
            candidates += [nv.Intercept(tuple(game.volley.targets)), nv.Intercept(((20, 20),)),
                           nv.Volley()]
        for action in candidates:
            assert refusal(remote.check, action) == refusal(game.check, action), action
            checked += 1
        game.apply(nv.random_action(game, rng))
    assert checked > 200
    sent = []
    remote = NavalRemote(game.config, game.turn, sent.append)
    feed(remote, game, [], "naval")
    if not game.over:
        action = game.legal_actions()[0]
        assert remote.apply(action) == [] and sent == [action]
        with pytest.raises(RuleError):          # no second act before the server answers
            remote.apply(action)


# -- «Кораблики» ------------------------------------------------------------------------------

def kor_beyond_view(remote: KorablikiRemote, game: kr.KorablikiGame) -> list:
    seat = remote.seat
    view = game.view(seat)
    ranks = {p.cell: p.rank for p in view.enemy}
    out = [f"enemy rank {p.rank} on {c}" for c, p in remote.pieces.items()
           if p.owner != seat and p.rank is not None and ranks.get(c) != p.rank]
    out += [f"a piece on {c} the view has not" for c in remote.pieces
            if c not in ranks and c not in {p.cell for p in view.own}]
    if view.pending_target is None and (remote.pending is not None
                                        or remote.answer_options(None)):
        out.append("an answer not this seat's")
    return out


@pytest.mark.parametrize("seed", [6, pytest.param(10, marks=pytest.mark.slow)])
def test_the_korabliki_remote_game_holds_no_more_than_the_view(seed):
    rng = random.Random(seed)
    game = kr.new_game(kr.KorablikiConfig(), rng)
    remotes = [KorablikiRemote(game.config, s, lambda a: None) for s in (0, 1)]
    for r in remotes:
        feed(r, game, [], "korabliki")
    answers = refused_same = 0
    while not game.over and len(game.history) < 1500:
        action = kr.random_action(game, rng)
        me = game.turn
        mine = remotes[me]
        if game.phase == kr.ANSWER:
            answers += 1
            assert mine.pending.target == game.pending.target
            assert mine.answer_options(mine.pending.target) == \
                game.answer_options(game.pending.target)
        elif game.phase == kr.MOVE:
            assert mine.has_move() == game.has_move()
            assert mine.legal_moves() == game.legal_moves()
        else:
            for a in game.legal_acts():
                assert refusal(mine.check, a) is None, a
        for probe in (action, kr.Move((0, 0), (0, 1)), kr.EndTurn(), kr.Bomb(),
                      kr.Answer(((0, 0),))):
            assert refusal(mine.check, probe) == refusal(game.check, probe), probe
            refused_same += 1
        events = game.apply(action)
        for r in remotes:
            feed(r, game, events, "korabliki")
            assert kor_beyond_view(r, game) == []
            s = r.seat
            assert {c: (p.rank, p.revealed) for c, p in r.pieces.items() if p.owner == s} == \
                {c: (p.rank, p.revealed) for c, p in game.pieces.items() if p.owner == s}
            assert set(r.pieces) == set(game.pieces)        # every position is public
            assert r.phase == game.phase and r.turn == game.turn and r.quiet == game.quiet
            assert [len(x) for x in r.lost] == [len(x) for x in game.lost]
    assert answers, "no answer was asked in the whole game: the check saw none"
    if game.over:
        for r in remotes:
            assert {c: p.rank for c, p in r.pieces.items()} == \
                {c: p.rank for c, p in game.pieces.items()}
            assert [r.forts(p) for p in (0, 1)] == [game.forts(p) for p in (0, 1)]


def test_the_korabliki_check_sees_a_remote_game_given_the_enemy_ranks():
    game = kr.new_game(kr.KorablikiConfig(), random.Random(3))
    remote = KorablikiRemote(game.config, 0, lambda a: None)
    view = game.view(0)
    leaky = dataclasses.replace(view, enemy=tuple(
        kr.EnemyPiece(p.id, p.cell, game.pieces[p.cell].rank, p.moved) for p in view.enemy))
    remote.take({"moves": 0, "turn": 0}, leaky, [])
    assert len(kor_beyond_view(remote, game)) == kr.FLEET_SIZE
