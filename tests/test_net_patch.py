"""States sent as changes (issue 23, game.net.patch): ``grow`` undoes ``shrink`` on random JSON
trees and on the states of played games of every mode; ``apply`` leaves the value it is given
as it was; a patch that does not fit is a ``PatchError`` naming the op, never a wrong state; and
over a real socket a client that asked for patches reads the very states one that did not."""

from __future__ import annotations

import asyncio
import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.net import patch
from game.net.patch import PatchError, apply, diff, grow, shrink
from tests.test_net_codec import CONFIGS, IDS, random_play

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "hit"]),
    lambda inner: st.lists(inner, max_size=6)
    | st.dictionaries(st.sampled_from(["t", "f", "x", "y", "items"]), inner, max_size=4),
    max_leaves=30)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(json_values, json_values)
def test_apply_of_diff_makes_the_new_value_and_leaves_the_old_one(old, new):
    kept = copy.deepcopy(old)
    ops = diff(old, new)
    assert apply(old, ops) == new
    assert old == kept                       # copied where changed, never changed in place
    assert json.loads(json.dumps(ops)) == ops     # the ops are JSON themselves


@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.fixed_dictionaries({"view": json_values, "legal": st.lists(json_values)}),
                min_size=1, max_size=5))
def test_grow_undoes_shrink_over_a_connection(states):
    sent, had = {}, {}
    for number, fields in enumerate(states):
        message = {"type": "state", "moves": number} | fields
        wire = json.loads(json.dumps(shrink(dict(message), sent)))   # as the client reads it
        assert grow(wire, had) == message


def states_of(mode, config, seed):
    """What a seat is sent after every move of a random game: its own view, encoded as the
    server does (seat 0)."""
    from game.net import codec
    memo = codec.Memo()
    for game, _, _ in random_play(mode, config, seed, limit=300):
        yield {"type": "state", "moves": len(game.history), "config": config.to_dict(),
               "view": memo.encode(game.view(0))}


@pytest.mark.parametrize("mode,name,config", CONFIGS, ids=IDS)
def test_played_games_states_grow_back_whole_and_are_smaller(mode, name, config):
    sent, had = {}, {}
    whole = shrunk = 0
    for message in states_of(mode, config, seed=5):
        text = json.dumps(shrink(message, sent))
        whole += len(json.dumps(message))
        shrunk += len(text)
        assert grow(json.loads(text), had) == json.loads(json.dumps(message))
    assert shrunk < whole / 2, (shrunk, whole)     # what the patches are for


@pytest.mark.parametrize("ops,words", [
    ("not a list", "list of ops"),
    ([[["view", "g", "x"], 1]], "no place 'g'"),
    ([[["view"], 5, 1, []]], "splices outside"),
    ([[[]]], "deletes the whole field"),
    ([[["view", "f", "gone"]]], "a key that is not there"),
    ([[["view", "f", "a", 7], 1]], "no place 7"),
    ([[["view", "t", "deeper"], 1]], "goes into a str"),
    ([{"path": []}], "op 0 is not"),
])
def test_a_patch_that_does_not_fit_is_named_and_changes_nothing(ops, words):
    value = {"view": {"t": "X", "f": {"a": [1, 2]}}}
    kept = copy.deepcopy(value)
    with pytest.raises(PatchError, match=words):
        apply(value, ops)
    assert value == kept


def test_a_patch_to_a_field_never_sent_whole_is_refused():
    with pytest.raises(PatchError, match="never sent whole"):
        grow({"type": "state", "patch": {"view": []}}, {})
    with pytest.raises(PatchError, match="not patched"):
        grow({"type": "state", "patch": {"seats": []}}, {"seats": []})


def test_many_changes_go_whole():
    sent = {}
    old, new = {str(i): i for i in range(200)}, {str(i): -i for i in range(200)}
    shrink({"type": "state", "view": old}, sent)
    message = shrink({"type": "state", "view": new}, sent)
    assert len(diff(old, new)) > patch.MAX_OPS
    assert "patch" not in message and message["view"] == new
    assert sent["view"] is new          # the next patch is made against it


def test_a_client_that_asks_for_patches_reads_the_same_states_as_one_that_does_not(tmp_path,
                                                                                 monkeypatch):
    """Two pairs of links play the same seeded Classic game on one server, one pair asking for
    patches and one not: every state each seat reads is the same."""
    from game.net.client import open_link
    from game.net.server import Hosted
    from tests.test_net_socket import CONFIG, until
    from game.match import COMPUTER, Match, Seat
    from game.net import codec

    grown = []
    real_grow = patch.grow
    monkeypatch.setattr(patch, "grow", lambda m, had: grown.append("patch" in m)
                        or real_grow(m, had))
    server = Hosted(tmp_path, host="127.0.0.1")
    assert server.port, server.error
    url = f"ws://127.0.0.1:{server.port}"

    async def play(patches: bool):
        a = await open_link(url, patches=patches)
        b = await open_link(url, patches=patches)
        await a.send({"type": "create", "mode": "classic", "config": CONFIG.to_dict(),
                      "name": "A", "first": "0"})
        room = (await until(a, kind="joined"))["room"]
        await b.send({"type": "join", "room": room, "name": "B"})
        await until(b, kind="joined")
        match = Match(CONFIG, (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")),
                      seed=4)
        for link, setup in zip((a, b), match.computer_setups()):
            await link.send({"type": "setup", "setup": codec.setup_to_json("classic", setup)})
        seen = [[], []]
        states = [await until(a, "battle"), await until(b, "battle")]
        rng = random.Random(9)
        links = (a, b)
        for moves in range(40):
            turn = states[0]["turn"]
            view = codec.decode(states[turn]["view"])
            cell = rng.choice(view.unknown_cells())
            await links[turn].send({"type": "act", "moves": moves,
                                    "action": list(cell)})
            for seat in (0, 1):
                states[seat] = await until(links[seat], moves=moves + 1)
                seen[seat].append({k: v for k, v in states[seat].items() if k != "room"})
            if states[0]["phase"] != "battle":
                break
        await a.close()
        await b.close()
        return seen

    try:
        plain = asyncio.run(play(False))
        assert not any(grown)
        patched = asyncio.run(play(True))
        assert sum(grown) >= 80          # both seats' states of 40 moves came as changes
    finally:
        server.stop()
    assert len(plain[0]) == 40
    assert patched == plain


@pytest.mark.parametrize("mode,name,config", CONFIGS, ids=IDS)
def test_a_decode_memo_reads_patched_states_as_decode_does(mode, name, config):
    """A client reads each state made whole from a patch with a ``DecodeMemo``: what it
    decodes is what ``decode`` makes of it, a part reused from the last view is the same part
    unchanged, and a decoded view shares nothing changeable with the last one (a piece of
    «Кораблики» changed in one view is not changed in the next)."""
    from game.net import codec
    from game.rules.korabliki import Piece
    sent, had = {}, {}
    memo = codec.DecodeMemo()
    last = None
    reused = 0
    for message in states_of(mode, config, seed=8):
        data = grow(json.loads(json.dumps(shrink(message, sent))), had)["view"]
        view = memo.decode(data, "view")
        assert view == codec.decode(data, "view")
        if last is not None:
            for piece in getattr(last, "own", ()):
                if isinstance(piece, Piece):
                    piece.rank = "spoilt"            # a player's code changing its old view
            for mark in getattr(last, "target", {}), getattr(last, "incoming", {}):
                mark.clear()
            assert view == codec.decode(data, "view")
            reused += len(memo.last)
        last = view
    assert reused > 0


def test_a_decode_memo_refuses_a_reused_object_where_another_class_belongs():
    from game.net import codec
    from game.rules.korabliki import EnemyPiece
    memo = codec.DecodeMemo()
    node = codec.encode(EnemyPiece(1, (2, 3), None, False))
    node = json.loads(json.dumps(node))
    memo.decode(node)
    with pytest.raises(codec.CodecError, match="a Piece belongs here, not a EnemyPiece"):
        memo.decode({"t": "KorablikiView", "f": {
            "player": 0, "turn": 0, "phase": "move", "winner": None, "over": False,
            "own": [node], "enemy": [], "quiet": 0, "moved_piece": None,
            "pending_target": None, "answer_options": [], "enemy_fleet": None,
            "pending_ship": None}})


def test_a_server_that_knows_no_patches_is_greeted_again_and_sends_states_whole(tmp_path,
                                                                                monkeypatch):
    """A game that asks for patches joins a friend's server of before them: that server
    refuses the field it does not know, the game says hello again without it, and plays."""
    from game.net import protocol
    from game.net.client import open_link
    from game.net.server import Hosted
    from tests.test_net_socket import CONFIG, until

    old_hello = {k: v for k, v in protocol.SCHEMAS["hello"].items() if k != "patches"}
    monkeypatch.setitem(protocol.SCHEMAS, "hello", old_hello)
    server = Hosted(tmp_path, host="127.0.0.1")
    assert server.port, server.error

    async def main():
        link = await open_link(f"ws://127.0.0.1:{server.port}")
        await link.send({"type": "create", "mode": "classic", "config": CONFIG.to_dict(),
                         "name": "A"})
        await until(link, kind="joined")
        state = await until(link, "waiting")
        await link.close()
        return state

    try:
        state = asyncio.run(main())
    finally:
        server.stop()
    assert "patch" not in state and state["config"] == CONFIG.to_dict()
