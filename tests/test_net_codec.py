"""The wire's codec (issue 23, game.net.codec): every view, event, action and set-up of every mode
goes to JSON and comes back equal; anything else is refused by whitelist, naming the place."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.modes import MODES as ENTRIES
from game.net import codec
from game.net.codec import (CodecError, action_from_json, action_to_json, check_setup, decode,
                            encode, setup_from_json, setup_to_json)
from game.rules import classic, korabliki, naval
from game.rules.errors import RuleError
from game.rules.modes import MODES

CLASSIC_EXTRA = {
    "skip-mines": classic.ClassicConfig(mines=2, mine_effect="skip", mines_touch=True),
    "fixed-salvo": classic.ClassicConfig(salvo="fixed", salvo_shots=4),
    "bent-corners": classic.ClassicConfig(shapes="bent", touching="corners"),
    # §A with mines and minesweepers on 16×16 (the bomber's lines of 10 chosen in a row)
    "arsenal-16": classic.ClassicConfig(width=16, height=16, fleet=classic.LARGE_16_FLEET,
                                        mines=3, sweepers=1, arsenal=True, radar=3,
                                        air_strike=3, bomber=3, atomic=3, air_defence=3),
}


def configs():
    """Every mode's presets, and Classic's options the presets leave out."""
    out = [(m, name, cfg) for m, mode in MODES.items() for name, cfg in mode.presets.items()]
    return out + [("classic", name, cfg) for name, cfg in CLASSIC_EXTRA.items()]


CONFIGS = configs()
IDS = [f"{m}-{name}" for m, name, _ in CONFIGS]


def random_play(mode: str, config, seed: int, limit: int = 4000):
    """A seeded random game: yields (game, action, events) after every action."""
    rules = MODES[mode]
    rng = random.Random(seed)
    game = rules.random_game(config, rng)
    for _ in range(limit):
        if game.over:
            return
        action = rules.random_action(game, rng)
        events = game.apply(action)
        yield game, action, events


def round_trip(obj):
    data = encode(obj)
    json.dumps(data, allow_nan=False)           # plain JSON, nothing else
    back = decode(json.loads(json.dumps(data)))
    assert back == obj or encode(back) == data, type(obj).__name__
    assert encode(back) == data
    return back


@pytest.mark.parametrize("mode,name,config", CONFIGS, ids=IDS)
def test_every_view_event_and_action_of_a_random_game_comes_back_equal(mode, name, config):
    seen = set()
    for n, (game, action, events) in enumerate(random_play(mode, config, seed=7)):
        for e in events:
            assert round_trip(e) == e
            seen.add(type(e).__name__)
        for p in (0, 1):      # every view; through JSON text and back again every tenth
            view = game.view(p)
            assert (round_trip(view) if n % 10 == 0 else decode(encode(view))) == view
        data = action_to_json(mode, action)
        assert action_from_json(mode, json.loads(json.dumps(data))) == action
    assert "GameOver" in seen
    assert round_trip(config) == config


def test_the_text_is_the_same_whatever_order_a_dict_or_set_was_filled_in():
    a = {(3, 1): "hit", (0, 2): "miss", (10, 0): "sunk"}
    b = dict(reversed(list(a.items())))
    assert json.dumps(encode(a)) == json.dumps(encode(b))
    assert encode(frozenset({(5, 5), (0, 1), (2, 2)})) == encode(frozenset({(2, 2), (5, 5),
                                                                            (0, 1)}))
    assert encode(a)["items"][0] == ((0, 2), "miss")      # sorted by the JSON text of the key


def test_lists_become_tuples_and_a_setup_keeps_its_lists():
    assert decode([[1, 2], [3, 4]]) == ((1, 2), (3, 4))
    setup = classic.Setup([((0, 0), (0, 1))], [(5, 5)], [])
    back = decode(encode(setup))
    assert back == setup and isinstance(back.ships, list)


def _view_data():
    game = MODES["classic"].random_game(classic.ClassicConfig(), random.Random(3))
    shooter = game.turn
    game.apply(classic.Shot(game.shootable(shooter)[0]))
    return json.loads(json.dumps(encode(game.view(shooter))))     # as a client reads it


@pytest.mark.parametrize("spoil,where", [
    (lambda d: d.update(t="Popen"), "view: unknown class"),
    (lambda d: d.update(t="_Decision"), "view: unknown class"),
    (lambda d: d["f"].pop("turn"), "view.turn: missing field"),
    (lambda d: d["f"].update(secret=1), "view.secret: ClassicView has no such field"),
    (lambda d: d["f"].update(turn=True), "view.turn: a whole number belongs here"),
    (lambda d: d["f"].update(turn=1.0), "view.turn: a whole number belongs here"),
    (lambda d: d["f"]["target"]["items"][0].__setitem__(0, [1, 2, 3]),
     "view.target.items[0].key: a cell (two numbers)"),
    (lambda d: d["f"]["target"]["items"][0].__setitem__(0, [True, 2]),
     "view.target.items[0].key[0]: a whole number"),
    (lambda d: d["f"]["own_ships"][2].__setitem__(1, ["1", 2]),
     "view.own_ships[2][1][0]: a whole number belongs here, not a string"),
    (lambda d: d["f"]["config"]["f"].update(width=99), "view.config: the rules refuse"),
    (lambda d: d["f"]["config"].update(t="NavalConfig"),
     "view.config: a ClassicConfig belongs here, not a NavalConfig"),
    (lambda d: d["f"]["target"]["items"].append(d["f"]["target"]["items"][0]),
     "a key given twice"),
    (lambda d: d["f"].update(incoming=[]), "view.incoming: a map belongs here, not a list"),
])
def test_decode_refuses_what_the_rules_objects_are_not_and_names_where(spoil, where):
    data = _view_data()
    spoil(data)
    with pytest.raises(CodecError) as caught:
        decode(data, "view")
    assert where in str(caught.value)


def test_decode_refuses_nesting_deeper_than_32():
    deep = [1]
    for _ in range(40):
        deep = [deep]
    with pytest.raises(CodecError, match="deeper than 32"):
        decode(deep)
    shallow = [1]
    for _ in range(20):
        shallow = [shallow]
    decode(shallow)
    very_deep = [1]
    for _ in range(5000):          # no RecursionError escapes either
        very_deep = [very_deep]
    with pytest.raises(CodecError):
        decode(very_deep)


def test_encode_refuses_what_the_whitelist_does_not_hold():
    from game.rules.series import Series
    with pytest.raises(CodecError, match="cannot encode a Series"):
        encode({"x": Series(3)})
    with pytest.raises(CodecError, match="value.items\\[0\\].* not finite"):
        encode({1: float("nan")})

    @dataclasses.dataclass(frozen=True)
    class _Pending:                 # a dataclass of no rules module
        player: int
    with pytest.raises(CodecError, match="cannot encode a _Pending"):
        encode(_Pending(0))

    @dataclasses.dataclass(frozen=True)
    class Decision:                 # the name of a class the network carries, another class
        player: int
        kind: str
    with pytest.raises(CodecError, match="Decision is not a class the network carries"):
        encode(Decision(0, "intercept"))


def test_the_whitelist_is_the_rules_dataclasses_and_nothing_else():
    names = set(codec.WHITELIST)
    assert {"ClassicView", "NavalView", "KorablikiView", "ShotResult", "VolleyResult", "Asked",
            "Shot", "Volley", "Move", "ClassicConfig", "NavalShip", "Piece", "ShipSpec",
            "TurnChanged", "GameOver", "Setup", "EnemyPiece"} <= names
    assert not any(n.startswith("_") for n in names)
    assert all(c.__module__.startswith("game.rules.") for c in codec.WHITELIST.values())


# --- actions -------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", list(MODES))
def test_every_legal_action_comes_back_equal(mode):
    for n, (game, _, _) in enumerate(random_play(mode, next(iter(MODES[mode].presets.values())),
                                                 seed=11, limit=300)):
        if n % 10 == 0 and not game.over:
            for a in game.legal_actions():
                assert action_from_json(mode, json.loads(json.dumps(
                    action_to_json(mode, a)))) == a


@pytest.mark.parametrize("mode,data,where", [
    ("classic", [True, 2], "action[0]: a whole number belongs here, not a boolean"),
    ("classic", [1.0, 2], "action[0]: a whole number"),
    ("classic", [1, 2, 3], "action: a cell [x, y]"),
    ("classic", ["1", "2"], "action[0]"),
    ("classic", {"salvo": [[0, 0]] * 401}, "action.salvo: 401 cells, more than the board's 400"),
    ("classic", {"salvo": []}, "at least one cell"),
    ("classic", {"give": [1, 2], "mine": [1, 2]}, "a Classic action is"),
    ("classic", {"fire": [1, 2]}, "action.fire: not a Classic action"),
    ("classic", {"move": [[0, 0], [1, {"t": "x"}]]}, "action.move[1][1]"),
    ("classic", None, "action"),
    ("naval", {"type": "volley", "shots": [], "pair": [], "torpedo": True, "air": []},
     "action.torpedo: a row number or null, not a boolean"),
    ("naval", {"type": "volley", "shots": [], "pair": [], "air": []}, "missing ['torpedo']"),
    ("naval", {"type": "volley", "shots": [], "pair": [], "torpedo": None, "air": [],
               "nuke": 1}, "unknown ['nuke']"),
    ("naval", {"type": "intercept", "cells": [[0, 0]] * 145}, "more than the board's 144"),
    ("naval", {"type": "wave"}, "action.type: must be one of"),
    ("naval", [1, 2], "an action object belongs here"),
    ("korabliki", {"type": "move", "from": [0, 0], "to": [0, 10 ** 30]}, "action.to[1]"),
    ("korabliki", {"type": "ask", "ship": [0, 0], "target": [0, 1]}, "missing ['block']"),
    ("korabliki", {"type": "bomb", "where": [1, 1]}, "unknown ['where']"),
    ("korabliki", {"type": "answer", "cells": "a1"}, "action.cells: a list of cells"),
    ("nowhere", [1, 2], "mode: unknown mode"),
])
def test_action_from_json_refuses_malformed_actions_naming_where(mode, data, where):
    with pytest.raises(CodecError) as caught:
        action_from_json(mode, data)
    assert where in str(caught.value)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["volley", "intercept", "move", "ask", "answer",
                                            "bomb", "torpedo", "end", "salvo", "give", "mine"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["type", "shots", "pair", "torpedo", "air", "cells", "from", "to",
                         "ship", "target", "block", "salvo", "give", "mine", "move", "x"]),
        inner, max_size=6),
    max_leaves=25)
CELLISH = st.lists(st.integers(-3, 25), min_size=2, max_size=2)


def _nearly_actions():
    """Well-shaped actions with junk in places, and junk: what a hostile client sends."""
    cells = st.lists(CELLISH, max_size=6)
    return st.one_of(
        JSON, CELLISH,
        st.fixed_dictionaries({"salvo": cells}), st.fixed_dictionaries({"give": CELLISH}),
        st.fixed_dictionaries({"move": st.none() | cells}),
        st.fixed_dictionaries({"type": st.just("volley"), "shots": cells, "pair": cells,
                               "torpedo": st.none() | st.integers(-2, 14) | st.booleans(),
                               "air": cells}),
        st.fixed_dictionaries({"type": st.just("intercept"), "cells": cells}),
        st.fixed_dictionaries({"type": st.just("move"), "from": CELLISH, "to": CELLISH}),
        st.fixed_dictionaries({"type": st.just("ask"), "ship": CELLISH, "target": CELLISH,
                               "block": cells}),
        st.fixed_dictionaries({"type": st.just("answer"), "cells": cells}),
        st.fixed_dictionaries({"type": st.just("torpedo"), "torpedo": CELLISH,
                               "target": CELLISH}))


def _games():
    """A game of each mode in the middle of play (and one waiting for a decision)."""
    out = {}
    for mode in MODES:
        cfg = next(iter(MODES[mode].presets.values()))
        for n, (game, _, _) in enumerate(random_play(mode, cfg, seed=5, limit=60)):
            if n == 40 or game.over:
                break
        out[mode] = game
    return out


GAMES = _games()


@settings(max_examples=250)
@given(mode=st.sampled_from(list(MODES)), data=_nearly_actions())
def test_a_hostile_action_is_a_codec_error_or_an_action_the_rules_check_calmly(mode, data):
    """Whatever arrives: a CodecError, or an action of the mode whose JSON is what was sent and
    which the rules' check refuses with a RuleError or accepts; never any other exception."""
    try:
        action = action_from_json(mode, data)
    except CodecError:
        return
    assert action_to_json(mode, action) == data
    game = GAMES[mode].clone()
    try:
        game.check(action)
    except RuleError:
        return


# --- set-ups -------------------------------------------------------------------------------

def _setups(mode: str, config, seed: int):
    rng = random.Random(seed)
    if mode == "classic":
        return [classic.random_setup(config, rng) for _ in (0, 1)]
    if mode == "naval":
        return [naval.random_fleet(rng) for _ in (0, 1)]
    return [korabliki.random_setup(p, rng) for p in (0, 1)]


@pytest.mark.parametrize("mode,name,config", CONFIGS, ids=IDS)
def test_a_setup_comes_back_equal_passes_the_rules_and_starts_the_game(mode, name, config):
    setups = _setups(mode, config, seed=4)
    back = []
    for p, s in enumerate(setups):
        data = json.loads(json.dumps(setup_to_json(mode, s)))
        got = setup_from_json(mode, config, data)
        assert setup_to_json(mode, got) == data and got == s
        check_setup(mode, config, got, p)
        back.append(got)
    game = ENTRIES[mode].start(config, back, 0)
    assert game.view(0) == ENTRIES[mode].start(config, setups, 0).view(0)


def test_the_computer_setups_of_the_screens_go_over_the_wire():
    """What ``entry.computer_setup`` and the placement screens hand on is what setup_to_json
    takes: Classic's Setup (or a bare list of ships), Naval's ships, «Кораблики»'s dict."""
    config = classic.PRESETS["minesweepers"]
    ships = classic.random_fleet(config, random.Random(1))
    data = setup_to_json("classic", ships)
    assert data["mines"] == [] and len(data["ships"]) == len(ships)
    with pytest.raises(RuleError):        # the preset needs its mines and sweeper
        check_setup("classic", config, setup_from_json("classic", config, data))


@pytest.mark.parametrize("mode,spoil,code", [
    ("classic", lambda d: d["ships"].pop(), "fleet_count"),
    ("classic", lambda d: d["ships"][0].__setitem__(0, [50, 50]), "ship_off_board"),
    ("classic", lambda d: d["ships"].append(d["ships"][-1]), "overlap"),
    ("classic", lambda d: d["ships"].append([]), "bad_shape"),
    ("naval", lambda d: d.pop(), "fleet_count"),
    ("naval", lambda d: d[0].update(kind="zeppelin"), "fleet_count"),
    ("naval", lambda d: d[1]["weapons"].append(["laser", d[1]["cells"][-1]]), "weapon"),
    ("naval", lambda d: d[2]["weapons"].clear(), "weapon_count"),
    ("korabliki", lambda d: d.pop(), "piece_count"),
    ("korabliki", lambda d: d[0].__setitem__(0, [0, 7]), "outside_zone"),
    ("korabliki", lambda d: d[0].__setitem__(1, "KING"), "unknown_rank"),
])
def test_check_setup_refuses_with_the_rules_own_error(mode, spoil, code):
    config = next(iter(MODES[mode].presets.values()))
    data = json.loads(json.dumps(setup_to_json(mode, _setups(mode, config, 2)[0])))
    spoil(data)
    setup = setup_from_json(mode, config, data)
    with pytest.raises(RuleError) as caught:
        check_setup(mode, config, setup, 0)
    assert caught.value.code.startswith(code)


def test_a_korabliki_setup_is_checked_in_its_seats_zone():
    config = korabliki.KorablikiConfig()
    mine = korabliki.random_setup(0, random.Random(1))
    check_setup("korabliki", config, mine, 0)
    check_setup("korabliki", config, mine)                  # no seat named: either zone
    with pytest.raises(RuleError, match="outside_zone"):
        check_setup("korabliki", config, mine, 1)


@pytest.mark.parametrize("mode,data,where", [
    ("classic", {"ships": [], "mines": []}, "missing ['sweepers']"),
    ("classic", {"ships": [[[0, 0]]] * 101, "mines": [], "sweepers": []},
     "setup.ships: a list of ships, no more than the board's cells"),
    ("classic", {"ships": [[[0, 0]] * 60, [[0, 0]] * 60], "mines": [], "sweepers": []},
     "more ship cells than the board's 100"),
    ("classic", {"ships": [[[0, False]]], "mines": [], "sweepers": []}, "setup.ships[0][0][1]"),
    ("naval", {"kind": "patrol"}, "setup: a list"),
    ("naval", [{"kind": "patrol", "cells": [[1, 1], [1, 2]], "weapons": [["gun", [1, 1]]] * 3}],
     "setup[0].weapons"),
    ("naval", [{"kind": 7, "cells": [], "weapons": []}], "setup[0].kind: a short word"),
    ("naval", [{"kind": "x" * 33, "cells": [], "weapons": []}], "setup[0].kind"),
    ("korabliki", [[[0, 0], "LIN"], [[0, 0], "KR"]], "setup[1][0]: a cell given twice"),
    ("korabliki", [[[0, 0], "LIN"]] * 241, "no more than 240"),
    ("korabliki", [[[0, 0], None]], "setup[0][1]"),
])
def test_setup_from_json_refuses_malformed_setups_naming_where(mode, data, where):
    config = next(iter(MODES[mode].presets.values()))
    with pytest.raises(CodecError) as caught:
        setup_from_json(mode, config, data)
    assert where in str(caught.value)


SETUPISH = st.one_of(
    JSON,
    st.fixed_dictionaries({"ships": st.lists(st.lists(CELLISH, max_size=5), max_size=12),
                           "mines": st.lists(CELLISH, max_size=4),
                           "sweepers": st.lists(CELLISH, max_size=4)}),
    st.lists(st.fixed_dictionaries({
        "kind": st.sampled_from(naval.KINDS + ("boat",)),
        "cells": st.lists(CELLISH, max_size=9),
        "weapons": st.lists(st.tuples(st.sampled_from(naval.WEAPONS + ("x",)), CELLISH)
                            .map(list), max_size=4)}), max_size=7),
    st.lists(st.tuples(CELLISH, st.sampled_from(korabliki.RANKS + ("Q",))).map(list),
             max_size=60))


@settings(max_examples=250)
@given(mode=st.sampled_from(list(MODES)), data=SETUPISH, seat=st.sampled_from([0, 1, None]))
def test_a_hostile_setup_is_a_codec_error_or_a_rule_error_never_a_crash(mode, data, seat):
    config = next(iter(MODES[mode].presets.values()))
    try:
        setup = setup_from_json(mode, config, data)
    except CodecError:
        return
    try:
        check_setup(mode, config, setup, seat)
    except RuleError:
        return
    other = _setups(mode, config, 1)[1 if seat == 0 else 0]
    pair = [setup, other] if seat in (0, None) else [other, setup]
    if mode == "korabliki" and seat is None:
        return                       # either zone passed: the seat decides where it stands
    ENTRIES[mode].start(config, pair, 0)          # what passed the check starts a game


def _arrays(value, where="value"):
    """The places in an encoded value that hold a list (the encoder writes tuples)."""
    if isinstance(value, list):
        yield where
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _arrays(v, f"{where}[{i}]")
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _arrays(v, f"{where}.{k}")


@pytest.mark.parametrize("mode,name,config", CONFIGS, ids=IDS)
def test_a_memo_writes_what_encode_writes_and_a_view_handed_out_never_changes(mode, name,
                                                                              config):
    """The server encodes each seat's views with a ``Memo``, which reuses what equals the last
    view: it must write the very text ``encode`` writes, which holds only if the rules never
    change a view they have handed out; both are checked after every move of a random game."""
    import copy
    memos = (codec.Memo(), codec.Memo())
    kept = []          # (a view, a deep copy made when it was handed out)
    reused = 0
    for n, (game, _, _) in enumerate(random_play(mode, config, seed=11, limit=300)):
        for p in (0, 1):
            view = game.view(p)
            last = memos[p].enc
            data = memos[p].encode(view)
            assert json.dumps(data) == json.dumps(encode(view)), (n, p)
            assert data == encode(view)
            if last is not None and isinstance(data, dict):
                reused += sum(data["f"][f] is last["f"][f] for f in data["f"])
            if n % 7 == 0:
                kept.append((view, copy.deepcopy(view)))
        if n % 25 == 0:
            assert not list(_arrays(data))
    for view, then in kept:
        assert view == then, type(view).__name__
    assert reused > 0


def test_a_memo_names_the_place_of_what_it_cannot_encode():
    memo = codec.Memo()
    memo.encode({"a": (1, 2)})
    with pytest.raises(CodecError, match="view.items\\[0\\].* not finite"):
        memo.encode({"a": float("inf")}, "view")
    assert memo.encode(((1, 2), "x")) == ((1, 2), "x")


def test_the_legal_actions_json_is_frozen_and_made_once():
    move = korabliki.Move((1, 1), (1, 2))
    first = codec.action_json_kept("korabliki", move)
    assert first is codec.action_json_kept("korabliki", korabliki.Move((1, 1), (1, 2)))
    assert json.loads(json.dumps(first)) == action_to_json("korabliki", move)
    assert not list(_arrays(first))
