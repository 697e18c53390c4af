"""What each player may be sent (issue 23, game.net.visibility): for random games of every mode
and option, no message built from ``events_for`` and the player's view holds anything that view
does not; the check catches real leaks; and the computer players play exactly as well from what
they are sent as from the game itself."""

from __future__ import annotations

import dataclasses
import functools
import json
import random

import pytest

from game.modes import MODES as ENTRIES
from game.modes import SOAK_LIMIT, computer_game
from game.net import visibility
from game.net.codec import action_from_json, action_to_json, decode, encode
from game.net.visibility import events_for, leaks
from game.rules import base, classic, korabliki, naval
from game.rules.modes import MODES

from .test_net_codec import CONFIGS, IDS, random_play


def message(mode: str, game, player: int, events) -> dict:
    """The state message the server sends ``player`` after an action (as the brief shapes it),
    through JSON text as it travels."""
    out = {"type": "state", "view": encode(game.view(player)),
           "events": [encode(e) for e in events_for(mode, events, player)]}
    if game.turn == player and not game.over:
        out["legal"] = [action_to_json(mode, a) for a in game.legal_actions()]
    return json.loads(json.dumps(out))


@functools.lru_cache(maxsize=None)
def play_and_check(mode: str, name: str, seed: int) -> frozenset:
    """A seeded random game of a config of CONFIGS, every message to both players checked;
    the event classes it met (kept: the tests below share the games)."""
    config = CONFIG_OF[mode, name]
    seen = set()
    for game, _, events in random_play(mode, config, seed):
        for p in (0, 1):
            assert leaks(mode, game, p, message(mode, game, p, events)) == []
        kept = events_for(mode, events, 0)
        assert len(kept) == len(events), "an event of the rules is not classified"
        seen |= {type(e).__name__ for e in events}
    return frozenset(seen)


CONFIG_OF = {(m, name): cfg for m, name, cfg in CONFIGS}


@pytest.mark.parametrize("mode,name,config", CONFIGS, ids=IDS)
def test_no_message_of_a_random_game_holds_what_the_receiver_may_not_know(mode, name, config):
    assert "GameOver" in play_and_check(mode, name, 1)


@pytest.mark.parametrize("mode,name,config", CONFIGS, ids=IDS)
def test_no_leak_in_more_seeds(mode, name, config):
    play_and_check(mode, name, 2)     # one more seed each


def lapsed_and_checked(mode: str, seed: int = 4) -> frozenset:
    """§0's run-out turns, in a random game: every fifth action the clock runs out (so in the
    middle of turns and decisions too) until a player loses on time; every message checked."""
    m = MODES[mode]
    rng = random.Random(seed)
    game = m.random_game(next(iter(m.presets.values())), rng)
    seen, n = set(), 0
    while not game.over:
        n += 1
        events = game.apply(base.Lapse() if n % 5 == 0 else m.random_action(game, rng))
        if n % 5 == 0 and game.lapses == (1, 1):
            game.lapses = (0, 0)            # play on through more of the game
        for p in (0, 1):
            assert leaks(mode, game, p, message(mode, game, p, events)) == []
        assert len(events_for(mode, events, 0)) == len(events)
        seen |= {type(e).__name__ for e in events}
    return frozenset(seen)


def test_the_random_games_checked_meet_every_event_class():
    """So the check above saw every kind of event, the secret ones included (a salvo's answers
    come as one ShotResult each: SalvoResult is only the history's; a run-out turn, §0, comes
    only from the server's clock: ``lapsed_and_checked``)."""
    for mode in MODES:
        met = set().union(*(play_and_check(m, name, 1) for m, name, _ in CONFIGS if m == mode))
        met |= lapsed_and_checked(mode)
        assert met == set(visibility.FIELDS[mode]) - {"SalvoResult"}, mode


@pytest.mark.parametrize("mode,name", [("classic", "dutchman"), ("classic", "minesweepers"),
                                       ("naval", "naval"), ("korabliki", "korabliki")])
def test_the_events_of_many_actions_at_once_leak_nothing(mode, name):
    """A player who comes back is sent the events he missed, many actions at once: facts of
    earlier actions (a miss the Dutchman has since faded, a shell shot down before the last
    volley, a piece turned up that has moved since) are still his to know."""
    config = CONFIG_OF[mode, name]
    sent: list = [[], []]
    checked = 0
    for n, (game, _, events) in enumerate(random_play(mode, config, seed=3)):
        for p in (0, 1):
            sent[p] += events_for(mode, events, p)
        if n % 97 == 96 or game.over:
            for p in (0, 1):
                assert leaks(mode, game, p, _msg(view=game.view(p), events=sent[p])) == []
            checked += 1
    assert checked >= 2


# --- events_for ----------------------------------------------------------------------------

def _first(mode: str, config, kind: type, seed: int = 1, where=lambda e: True):
    """The first action of a seeded random game whose events hold a ``kind`` (such that
    ``where``): (game, events)."""
    for s in range(seed, seed + 20):
        for game, _, events in random_play(mode, config, s):
            if any(isinstance(e, kind) and where(e) for e in events):
                return game, events
    raise AssertionError(f"no {kind.__name__} in 20 games")


def test_intercept_options_go_to_the_defender_only():
    game, events = _first("naval", naval.NavalConfig(), naval.InterceptNeeded)
    need = next(e for e in events if isinstance(e, naval.InterceptNeeded))
    assert need.options
    defender, attacker = need.player, 1 - need.player
    mine = next(e for e in events_for("naval", events, defender)
                if isinstance(e, naval.InterceptNeeded))
    theirs = next(e for e in events_for("naval", events, attacker)
                  if isinstance(e, naval.InterceptNeeded))
    assert mine == need and theirs == naval.InterceptNeeded(defender, ())
    assert game.view(attacker).turn == defender       # his view says the defender decides


def test_answer_options_go_to_the_answerer_only():
    game, events = _first("korabliki", korabliki.KorablikiConfig(), korabliki.AnswerNeeded)
    need = events[0]
    assert len(need.options) > 1
    answerer = need.player
    assert events_for("korabliki", events, answerer) == [need]
    assert events_for("korabliki", events, 1 - answerer) == [
        korabliki.AnswerNeeded(answerer, need.target, ())]


def test_an_event_class_the_table_does_not_know_is_not_sent():
    @dataclasses.dataclass(frozen=True)
    class Spyglass:
        player: int
        enemy_ships: tuple

    events = [base.TurnChanged(1), Spyglass(1, ((0, 0),))]
    assert events_for("classic", events, 0) == [base.TurnChanged(1)]


def test_every_field_of_every_event_class_is_classified_and_checked():
    for mode, classes in visibility._CLASSES.items():
        assert set(classes) == set(visibility.FIELDS[mode])
        for name, cls in classes.items():
            assert {f.name for f in dataclasses.fields(cls)} == set(visibility.FIELDS[mode][name])
            for kind in visibility.FIELDS[mode][name].values():
                assert kind == visibility.PUBLIC or callable(MODES[mode].told.CHECKS[kind])


def test_every_event_dataclass_of_the_rules_is_in_the_table():
    """A new event class in a rules module must be classified (or it is never sent)."""
    not_events = {"ClassicConfig", "NavalConfig", "KorablikiConfig", "ClassicView",
                  "NavalView", "KorablikiView", "Setup", "Decision", "NavalShip", "Piece",
                  "EnemyPiece", "Shot", "Salvo", "GiveCell", "GiveMine", "Relocate", "Volley",
                  "Intercept", "Move", "Ask", "Answer", "Bomb", "TorpedoStrike", "EndTurn"}
    for mode, module in (("classic", classic), ("naval", naval), ("korabliki", korabliki)):
        for name, obj in vars(module).items():
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) \
                    and obj.__module__ == module.__name__ and not name.startswith("_") \
                    and name not in not_events:
                assert name in visibility.FIELDS[mode], f"{mode}: {name} is not classified"


# --- the check can fail --------------------------------------------------------------------

def _msg(view=None, events=(), legal=None) -> dict:
    out = {"type": "state", "events": [encode(e) for e in events]}
    if view is not None:
        out["view"] = encode(view)
    if legal is not None:
        out["legal"] = legal
    return json.loads(json.dumps(out))


def _classic_midgame(config=None, seed: int = 2, actions: int = 30):
    config = config or classic.ClassicConfig()
    for n, (game, _, _) in enumerate(random_play("classic", config, seed)):
        if n == actions:
            return game
    raise AssertionError("the game ended early")


def test_the_other_players_view_is_a_leak():
    game = _classic_midgame()
    lines = leaks("classic", game, 0, _msg(view=game.view(1)))
    assert any("view.own_ships" in line for line in lines)
    assert leaks("classic", game, 0, _msg(view=game.view(0))) == []


def test_a_view_that_says_one_thing_more_is_a_leak():
    game = _classic_midgame()
    view = game.view(0)
    ship = game.ships[1][0]
    more = dataclasses.replace(view, target=view.target | {ship[0]: classic.HIT})
    assert leaks("classic", game, 0, _msg(view=more)) == ["view.target is not the receiver's own"]


def test_unfiltered_intercept_options_are_a_leak():
    game, events = _first("naval", naval.NavalConfig(), naval.InterceptNeeded)
    need = next(e for e in events if isinstance(e, naval.InterceptNeeded))
    attacker = 1 - need.player
    lines = leaks("naval", game, attacker, _msg(events=events))
    assert lines and all("anti-air" in line for line in lines)
    assert leaks("naval", game, attacker, _msg(events=events_for("naval", events,
                                                                  attacker))) == []
    assert leaks("naval", game, need.player, _msg(events=events)) == []


def test_unfiltered_answer_options_are_a_leak():
    game, events = _first("korabliki", korabliki.KorablikiConfig(), korabliki.AnswerNeeded)
    asker = 1 - events[0].player
    assert any("blocks of ships" in line for line in leaks("korabliki", game, asker,
                                                            _msg(events=events)))
    assert leaks("korabliki", game, asker,
                 _msg(events=events_for("korabliki", events, asker))) == []


def test_a_radar_answer_told_to_its_owner_or_a_hidden_air_defence_is_a_leak():
    """§A: "a radar's answer reaches only the shooter; the air defence's cell reaches nobody
    until §A reveals it"."""
    config = classic.PRESETS["arcade"]
    rng = random.Random(6)
    game = classic.new_game(config, rng, first=0)
    game.apply(classic.Shot(game.shootable(0)[0]))
    while game.turn != 0 or game.decision is not None:
        game.apply(classic.Shot(game.shootable(game.turn)[0]))
    hidden = game.defences[1][0]
    events = game.apply(classic.UseWeapon(classic.RADAR, hidden))
    assert events[0].shown and events[0].shooter == 0
    assert any("radar" in line for line in leaks("classic", game, 1, _msg(events=events)))
    assert leaks("classic", game, 1, _msg(events=events_for("classic", events, 1))) == []
    assert leaks("classic", game, 0, _msg(events=events, view=game.view(0))) == []
    told = [classic.DefenceSpent(1, hidden)]
    assert any("air defence" in line for line in leaks("classic", game, 0, _msg(events=told)))
    more = dataclasses.replace(game.view(0), enemy_defences=(hidden,))
    assert leaks("classic", game, 0, _msg(view=more))


def test_an_event_naming_an_unhit_enemy_ship_cell_is_a_leak():
    game = _classic_midgame()
    me = 0
    unhit = next(c for s in game.ships[1] for c in s if c not in game.shots_at[1])
    water = next((x, y) for y in range(10) for x in range(10)
                 if (x, y) not in game._ship_at[1] and (x, y) not in game.shots_at[1]
                 and (x, y) not in game.known_empty[1])
    forged = [classic.ShotResult(me, unhit, classic.HIT),
              classic.ShotResult(me, water, classic.MISS),
              classic.CellGiven(1, unhit),
              classic.ShotResult(me, unhit, classic.SUNK, game.ships[1][0], "", ()),
              classic.ShotResult(me, (0, 0), classic.MISS, (), "", (unhit,)),
              classic.SalvoResult(me, (classic.ShotResult(me, unhit, classic.HIT),))]
    for e in forged:
        assert leaks("classic", game, me, _msg(events=[e])), e
    # the same events are the receiver's own side when he is the target: no leak
    assert leaks("classic", game, 1, _msg(events=forged[:3])) == []


def test_a_ship_name_is_a_leak_unless_the_game_announces_types():
    game, events = _first("classic", classic.ClassicConfig(), classic.ShotResult, seed=2,
                          where=lambda e: e.outcome == classic.SUNK)
    sunk = next(e for e in events if isinstance(e, classic.ShotResult)
                and e.outcome == classic.SUNK)
    named = dataclasses.replace(sunk, ship_name="carrier")
    assert leaks("classic", game, sunk.shooter, _msg(events=[sunk])) == []
    assert any("announces no types" in line
               for line in leaks("classic", game, sunk.shooter, _msg(events=[named])))
    mb = classic.PRESETS["milton-bradley"]
    game, events = _first("classic", mb, classic.ShotResult, seed=2,
                          where=lambda e: e.outcome == classic.SUNK)
    sunk = next(e for e in events if isinstance(e, classic.ShotResult)
                and e.outcome == classic.SUNK)
    assert sunk.ship_name and leaks("classic", game, sunk.shooter, _msg(events=[sunk])) == []
    wrong = next(s.name for s in mb.fleet if s.size != len(sunk.ship))
    assert any("the fleet has not" in line for line in leaks(
        "classic", game, sunk.shooter, _msg(events=[dataclasses.replace(sunk,
                                                                         ship_name=wrong)])))


def test_a_forged_event_with_an_unknown_field_or_class_is_reported():
    game = _classic_midgame()
    data = encode(base.TurnChanged(1))
    data["f"]["enemy_fleet"] = [[0, 0]]
    assert leaks("classic", game, 0, {"events": [data]}) == \
        ["unclassified field TurnChanged.enemy_fleet"]
    spy = {"t": "Spyglass", "f": {"cells": [[0, 0]]}}
    assert leaks("classic", game, 0, {"events": [spy]}) == \
        ["unclassified event Spyglass in events[0]"]
    # a rules class that is no event of this mode
    assert leaks("classic", game, 0, _msg(events=[naval.InterceptNeeded(1, ((0, 0),))])) == \
        ["unclassified event InterceptNeeded in events[0]"]


def test_a_korabliki_rank_not_turned_up_is_a_leak():
    game = None
    for g, _, _ in random_play("korabliki", korabliki.KorablikiConfig(), 3):
        game = g
        if len(g.history) > 40:
            break
    me = game.turn
    hidden = next(p for p in game.own(1 - me) if not p.revealed)
    mine = next(p for p in game.own(me))
    forged = [korabliki.Asked(me, mine.cell, hidden.cell, hidden.rank, (hidden.cell,), "won"),
              korabliki.Struck(me, mine.cell, hidden.cell, hidden.rank, "sunk"),
              korabliki.Blast(me, mine.cell, (), ((1 - me, hidden.cell, hidden.rank),))]
    for e in forged:
        lines = leaks("korabliki", game, me, _msg(events=[e]))
        assert lines and all("does not know it" in line for line in lines), e
    # the other side's own piece: no leak for him
    assert leaks("korabliki", game, 1 - me, _msg(events=forged)) == []


def test_a_naval_answer_the_attacker_has_not_seen_is_a_leak():
    game, _ = _first("naval", naval.NavalConfig(), naval.VolleyResult)
    me = 0
    ship = game.fleets[1][0]
    hidden = [c for c in ship.cells if c not in game.marks[1]]
    forged = [naval.VolleyResult(me, naval.Volley(), (), (hidden[0],), ()),
              naval.VolleyResult(me, naval.Volley(), (hidden[0],), (), ()),
              naval.VolleyResult(me, naval.Volley(), (), (), (), (), hidden[0]),
              naval.VolleyResult(me, naval.Volley(), (), (), (), (), None,
                                 ((ship.kind, ship.cells),))]
    for e in forged:
        assert leaks("naval", game, me, _msg(events=[e])), e
    assert leaks("naval", game, 1, _msg(events=forged)) == []


def test_legal_actions_of_the_other_side_are_a_leak():
    game, events = _first("korabliki", korabliki.KorablikiConfig(), korabliki.AnswerNeeded)
    answerer = events[0].player
    legal = [action_to_json("korabliki", a) for a in game.legal_actions()]
    assert leaks("korabliki", game, answerer, _msg(legal=legal)) == []
    assert any("not a piece of the receiver's" in line
               for line in leaks("korabliki", game, 1 - answerer, _msg(legal=legal)))
    game, events = _first("naval", naval.NavalConfig(), naval.InterceptNeeded)
    defender = events[-1].player
    legal = [action_to_json("naval", a) for a in game.legal_actions()]
    assert leaks("naval", game, defender, _msg(legal=legal)) == []
    assert any("not in reach" in line
               for line in leaks("naval", game, 1 - defender, _msg(legal=legal)))
    game, _ = _first("classic", classic.PRESETS["mines"], classic.DecisionNeeded)
    if game.decision is not None and game.decision.kind == classic.GIVE_CELL:
        giver = game.decision.player
        legal = [action_to_json("classic", a) for a in game.legal_actions()]
        assert leaks("classic", game, giver, _msg(legal=legal)) == []
        assert any("not a cell of the receiver's fleet" in line
                   for line in leaks("classic", game, 1 - giver, _msg(legal=legal)))


def test_junk_in_a_message_is_reported_not_raised():
    game = _classic_midgame()
    assert leaks("classic", game, 0, "hello") == ["the message is not an object"]
    assert leaks("classic", game, 0, {"events": 5}) == ["events is not a list"]
    lines = leaks("classic", game, 0, {"view": {"t": "ClassicView", "f": {}},
                                       "events": [[1, 2]], "legal": [{"x": 1}]})
    assert len(lines) == 3
    assert lines[0].startswith("view does not decode: view.")


# --- the computer players play from what they are sent -------------------------------------

def wire_game(mode: str, config, levels, seed: int):
    """``computer_game`` again, but each player acts on its view as decoded from the wire and
    observes only the events ``events_for`` gives its seat, decoded."""
    game, players = ENTRIES[mode].bench_game(config, levels, random.Random(seed), None, None)
    limit = SOAK_LIMIT * config.width * config.height
    actions = 0
    while not game.over and actions < limit:
        seat = game.turn
        view = decode(json.loads(json.dumps(encode(game.view(seat)))))
        legal = None
        if players[seat].wants_legal:
            legal = [action_from_json(mode, json.loads(json.dumps(action_to_json(mode, a))))
                     for a in game.legal_actions()]
        events = game.apply(players[seat].act(view, legal))
        for p, player in enumerate(players):
            player.observe([decode(encode(e)) for e in events_for(mode, events, p)])
        actions += 1
    return game, actions


@pytest.mark.parametrize("mode,levels,seeds", [
    ("classic", ("density", "parity"), (0, 1, 2)),
    ("classic", ("admiral", "hunter"), (0,)),
    ("naval", ("commodore", "navigator"), (0, 1, 2)),
    ("naval", ("gunner", "commodore"), (3,)),
    ("korabliki", ("admiral", "captain"), (0, 1)),
    ("korabliki", ("sailor", "admiral"), (2,)),
])
def test_computer_players_end_the_game_as_they_do_off_the_wire(mode, levels, seeds):
    config = next(iter(MODES[mode].presets.values()))
    for seed in seeds:
        local, n_local = computer_game(config, levels, seed)
        wired, n_wired = wire_game(mode, config, levels, seed)
        assert (wired.winner, wired.over, n_wired) == (local.winner, local.over, n_local)
        assert [a for _, a, _ in wired.history] == [a for _, a, _ in local.history]


def _mutations():
    """Real messages of a Classic, a Naval and a «Кораблики» game with one part replaced by
    junk: what a broken or hostile server might send. The check must report, never raise."""
    from hypothesis import strategies as st

    from .test_net_codec import JSON

    def spoil(args):
        mode, path_pick, junk = args
        game = GAMES_MID[mode]
        msg = message(mode, game, game.turn, EVENTS_MID[mode])
        spots = []

        def walk(node, setter):
            spots.append(setter)
            if isinstance(node, dict):
                for k in list(node):
                    walk(node[k], lambda v, n=node, k=k: n.__setitem__(k, v))
            elif isinstance(node, list):
                for i in range(len(node)):
                    walk(node[i], lambda v, n=node, i=i: n.__setitem__(i, v))
        walk(msg, lambda v: None)
        spots[path_pick % len(spots)](junk)
        return mode, game, msg

    return st.tuples(st.sampled_from(list(MODES)), st.integers(0, 10 ** 6), JSON).map(spoil)


def _mid_games():
    games, events = {}, {}
    for mode in MODES:
        cfg = next(iter(MODES[mode].presets.values()))
        for n, (game, _, evs) in enumerate(random_play(mode, cfg, seed=9)):
            if n == 25:
                break
        games[mode], events[mode] = game, evs
    return games, events


GAMES_MID, EVENTS_MID = _mid_games()


def test_a_spoilt_message_is_reported_not_raised():
    from hypothesis import given, settings

    @settings(max_examples=300)
    @given(case=_mutations())
    def check(case):
        mode, game, msg = case
        lines = leaks(mode, game, game.turn, msg)
        assert isinstance(lines, list) and all(isinstance(line, str) for line in lines)

    check()
