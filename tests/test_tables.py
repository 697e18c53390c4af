"""Each seat's table (issue 34): made from that seat's view and events alone, it reads as the
rules' own game wherever the battle screens read it, for both seats at every step of random
games of every mode; the computer players are told only their own seat's events."""

import random
from dataclasses import replace

import pytest

from game.modes import MODES as ENTRIES
from game.rules import classic as cl
from game.rules import korabliki as kr
from game.rules import naval as nv
from game.rules.errors import RuleError
from game.rules.modes import MODES
from game.tables.base import LocalFeeder, Sender, Table


def play(mode: str, preset: str, seed: int, steps: int, each):
    """Random legal play of ``steps`` actions through a LocalFeeder; ``each(game, tables)`` after
    the start and after every action."""
    m = MODES[mode]
    rng = random.Random(seed)
    game = m.random_game(m.presets[preset], rng)
    feeder = LocalFeeder(game, ENTRIES[mode].table)
    each(game, feeder.tables, rng)
    for _ in range(steps):
        if game.over:
            break
        seat = game.turn
        feeder.tables[seat].apply(m.random_action(game, rng))
        each(game, feeder.tables, rng)
    if not game.over:               # a long game: its end as a resignation shows it (§0)
        feeder.resign(game.turn)
        each(game, feeder.tables, rng)
        assert all(t.over and t.conceded == game.conceded for t in feeder.tables.values())
    return game, feeder


def refusal(check, *args):
    try:
        check(*args)
    except RuleError as exc:
        return exc.code
    return None


# --- Classic ---------------------------------------------------------------------------------

def marks(g, owner: int) -> dict:
    """The marks on ``owner``'s field as the battle screen sets them (a halo cell a salvo had
    named is shown as known empty, C4)."""
    out = dict(g.shots_at[owner])
    out.update({c: cl.EMPTY for c in g.known_empty[owner]})
    return out


def classic_matches(game: cl.ClassicGame, tables: dict, rng) -> None:
    for s, t in tables.items():
        assert ENTRIES["classic"].measure(t, s) == ENTRIES["classic"].measure(game, s)
        e = 1 - s
        assert t.turn == game.turn and t.over == game.over and t.winner == game.winner
        assert t.moves == len(game.history)
        for p in (s, e):
            assert marks(t, p) == marks(game, p)
            assert t.known_empty[p] == game.known_empty[p]
            assert t.faded[p] == game.faded[p]
            assert sorted(t.sunk[p]) == sorted(game.view(1 - p).enemy_sunk)
        assert t.told[s] == set(game.told[s])
        assert t.told[e] == {c for c in game.told[e] if c not in game.shots_at[e]}
        assert t.ships[s] == game.ships[s] and t.names[s] == game.names[s]
        assert list(t.mines[s]) == list(game.mines[s])
        assert sorted(t.sweepers[s]) == sorted(game.sweepers[s])
        assert list(t.wrecks[s]) == list(game.wrecks[s])
        assert t.decision == game.decision
        # §A: a radar's findings are its shooter's alone: the other seat saw the sweep only
        assert t.history == [(p, None, r if not isinstance(r, cl.WeaponResult) or p == s
                              else replace(r, shown=())) for p, _, r in game.history]
        if game.config.relocate:
            for p in (s, e):
                assert t.dutchman_decks(p) == len(game.ships[p][0])
        if game.over:
            assert t.ships[e] == game.ships[e]
            continue
        if game.config.salvo != "off":
            for p in (None, s, e):
                assert t.salvo_size(p) == game.salvo_size(p)
        if game.turn != s:
            assert t.legal_actions() == [] and t.decision_options() == []
            continue
        assert t.decision_options() == game.decision_options()
        assert t.legal_from_view() == game.legal_actions() == t.legal_actions()
        if game.decision is None:
            for _ in range(4):
                cell = (rng.randrange(game.config.width), rng.randrange(game.config.height))
                both = cell in game.shots_at[e] and cell in game.known_empty[e]
                assert refusal(t.check_target, cell) == refusal(game.check_target, cell)
                assert refusal(t.check_target_view, cell) == (
                    "known_empty" if both else refusal(game.check_target, cell))


@pytest.mark.parametrize("preset", sorted(MODES["classic"].presets))
def test_a_classic_table_reads_as_the_game_for_both_seats(preset):
    play("classic", preset, 2, 160, classic_matches)


# --- Naval -------------------------------------------------------------------------------------

def naval_matches(game: nv.NavalGame, tables: dict, rng) -> None:
    for s, t in tables.items():
        assert ENTRIES["naval"].measure(t, s) == ENTRIES["naval"].measure(game, s)
        e = 1 - s
        assert t.turn == game.turn and t.over == game.over and t.winner == game.winner
        assert t.first == game.first and t.quiet == game.quiet
        for p in (s, e):
            assert t.marks[p] == game.marks[p]
            assert t.hits[p] == set(game.hits[p])
            assert t.flak[p] == set(game.flak[p])
            assert sorted(t.sunk[p]) == sorted(game.sunk[p])
            assert [k.kind for k in t.fleets[p]] == [k.kind for k in game.fleets[p]]
            for i in game.sunk[p]:
                assert t.fleets[p][i].cells == game.fleets[p][i].cells
        assert t.fleets[s] == game.fleets[s]
        assert t.aa_mount(s) == game.aa_mount(s)
        mine = game.pending is not None and game.pending.player == s
        assert (t.pending is not None) == mine
        if mine:
            assert t.volley == game.volley and t.intercept_options() == game.intercept_options()
        fired = [r.volley.targets for _, _, r in t.history if isinstance(r, nv.VolleyFired)]
        volleys = [a.targets for _, a, _ in game.history if isinstance(a, nv.Volley)]
        assert fired == volleys
        if game.over:
            assert t.fleets[e] == game.fleets[e]
        elif game.turn == s:
            assert t.legal_from_view() == game.legal_actions() == t.legal_actions()
        else:
            assert t.legal_actions() == []


@pytest.mark.parametrize("seed", range(3))
def test_a_naval_table_reads_as_the_game_for_both_seats(seed):
    play("naval", "naval", seed, 120, naval_matches)


# --- «Кораблики» --------------------------------------------------------------------------------

def korabliki_matches(game: kr.KorablikiGame, tables: dict, rng) -> None:
    from game.scenes.korabliki.show import scorched_zones
    for s, t in tables.items():
        assert ENTRIES["korabliki"].measure(t, s) == ENTRIES["korabliki"].measure(game, s)
        assert t.turn == game.turn and t.over == game.over and t.winner == game.winner
        assert t.phase == game.phase and t.quiet == game.quiet and t.again == game.again
        assert set(t.pieces) == set(game.pieces)
        for cell, p in game.pieces.items():
            q = t.pieces[cell]
            assert (q.id, q.owner, q.moved, q.revealed) == (p.id, p.owner, p.moved, p.revealed)
            known = p.owner == s or p.revealed or game.over
            assert q.rank == (p.rank if known else None)
        assert scorched_zones(t.history) == scorched_zones(game.history)
        if game.over or game.turn != s:
            assert t.legal_actions() == []
            continue
        if game.phase == kr.ANSWER:
            assert t.pending.target == game.pending.target and t.pending.ship == game.pending.ship
            assert t.answer_options(t.pending.target) == game.answer_options(game.pending.target)
        assert t.legal_from_view() == game.legal_actions() == t.legal_actions()
        assert t.has_move() == game.has_move()
        for p in game.own(s):
            assert t.moves_of(t.pieces[p.cell]) == game.moves_of(p)
            if p.rank in kr.COMBAT:
                assert t.blocks_with(t.pieces[p.cell]) == game.blocks_with(p)


@pytest.mark.parametrize("seed", range(2))
def test_a_korabliki_table_reads_as_the_game_for_both_seats(seed):
    play("korabliki", "korabliki", seed, 150, korabliki_matches)


# --- the table itself --------------------------------------------------------------------------

def test_a_table_acts_through_its_feeder_and_keeps_each_view_once():
    """Locally the rules check and apply at once and every seat's table hears its events; over
    the network the act is sent, the table waits, and what it works out of a view is worked out
    once per view."""
    m = MODES["classic"]
    game = m.random_game(m.presets["russian"], random.Random(4))
    feeder = LocalFeeder(game, ENTRIES["classic"].table)
    me = feeder.tables[game.turn]
    other = feeder.tables[1 - game.turn]
    with pytest.raises(RuleError):
        other.apply(cl.Shot((0, 0)))          # not his turn: nothing is played
    assert game.history == []
    first = me.shots_at
    assert me.shots_at is first               # once per view ...
    told = me.apply(cl.Shot((0, 0)))
    assert told and told == other.events and len(game.history) == 1
    assert me.shots_at is not first           # ... and anew for the next
    sent = []
    remote = ENTRIES["classic"].table(game.config, other.seat, Sender(sent.append))
    remote.take({"moves": 1, "turn": game.turn}, game.view(other.seat), [])
    if game.turn == other.seat:
        assert remote.apply(cl.Shot((1, 1))) == [] and sent == [cl.Shot((1, 1))]
        assert remote.waiting
        with pytest.raises(RuleError):
            remote.check(cl.Shot((2, 2)))     # one act at a time
        remote.refused()
        assert not remote.waiting
    assert isinstance(remote, Table)
