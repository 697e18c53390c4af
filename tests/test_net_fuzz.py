"""Hostile messages (issue 23): malformed, oversized, out-of-turn and forged messages sent to a
room in battle. The server answers every one, never raises, stays up, and a message it refused
changes no game (hypothesis draws them)."""

from __future__ import annotations

import json
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.net import codec, protocol
from game.rules.classic import PRESETS, Shot

from .net_helpers import Desk, seated_room, snapshot

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner,
                                                                 max_size=6),
    max_leaves=30)

cells = st.lists(st.integers(-3, 14), min_size=2, max_size=2)
actions = st.one_of(cells, json_values, st.fixed_dictionaries({"salvo": st.lists(cells)}),
                    st.fixed_dictionaries({"give": json_values}),
                    st.fixed_dictionaries({"move": st.none() | st.lists(cells, max_size=30)}))
types = st.sampled_from(sorted(protocol.SCHEMAS) + ["", "eval", "__class__", "act "])


@st.composite
def messages(draw):
    kind = draw(types)
    body = {"type": kind}
    fields = protocol.SCHEMAS.get(kind, {})
    for name in fields:
        if draw(st.booleans()):
            body[name] = draw(actions if name in ("action", "setup") else json_values)
    if draw(st.booleans()):
        body[draw(st.text(max_size=10))] = draw(json_values)
    return body


raw_texts = st.one_of(
    st.text(max_size=200), st.binary(max_size=200),
    st.builds(lambda n: "[" * n, st.integers(1, 5000)),                   # deep nesting
    st.builds(lambda n: json.dumps({"type": "chat", "text": "я" * n}), st.integers(0, 9000)),
    st.just('{"type": "ping", "x": NaN}'), st.just('{"type": "act", "type": "resign"}'))

SENDERS = ("not_on_turn", "stranger", "on_turn")


def fresh():
    desk = Desk(tempfile.mkdtemp(prefix="seabattle-fuzz-"))
    room, conns, secrets = seated_room(desk, PRESETS["russian"], first="0")
    return desk, room, conns, secrets


def check_answered(desk, room, conn, text, before) -> None:
    out = desk.say(conn, text)
    mine = [m for c, m in out if c is conn]
    assert mine, "every message is answered"
    if mine[0]["type"] == "error":
        assert mine[0]["code"] and mine[0]["message"]
        assert mine[0]["code"] != "server_error", mine[0]
        assert snapshot(room) == before, text[:200]


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(messages(), st.sampled_from(SENDERS))
def test_hostile_messages_are_answered_and_change_no_game(message, sender):
    desk, room, (a, b), _ = fresh()
    stranger = desk.hello()
    conn = {"not_on_turn": b, "stranger": stranger, "on_turn": a}[sender]
    before = snapshot(room)
    try:
        text = json.dumps(message)
    except ValueError:
        return
    check_answered(desk, room, conn, text, before)
    if sender != "on_turn":      # nobody but the seat to act can change the battle
        assert json.loads(snapshot(room))[1] == json.loads(before)[1]
    # the server is still up and the game goes on
    view = room.game.view(room.game.turn)
    shooter = (a, b)[room.game.turn]
    if not room.game.over and view.pending is None and shooter.room is not None:
        cell = view.unknown_cells()[0]
        reply = desk.reply(shooter, {"type": "act", "action": list(cell),
                                     "moves": len(room.game.history)})
        assert reply["type"] == "state", reply


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(raw_texts)
def test_raw_junk_is_refused_with_a_reason(text):
    desk, room, (a, _), _ = fresh()
    before = snapshot(room)
    check_answered(desk, room, a, text, before)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(alphabet="0123456789abcdef", min_size=32, max_size=32), st.integers(0, 1))
def test_forged_secrets_open_no_seat(secret, seat):
    desk, room, _, secrets = fresh()
    eve = desk.hello()
    reply = desk.reply(eve, {"type": "rejoin", "room": room.code, "seat": seat,
                             "secret": secret})
    if secret == secrets[seat]:
        return      # 1 in 2**128: hypothesis found the secret
    assert reply["code"] == "wrong_secret"
    assert desk.reply(eve, {"type": "resign"})["code"] == "no_seat"
    assert not room.game.over


def test_the_fuzzers_check_can_fail():
    """A message that does change the game is seen to change it (the snapshot is no
    constant)."""
    desk, room, (a, _), _ = fresh()
    before = snapshot(room)
    desk.say(a, {"type": "act", "action": codec.action_to_json("classic", Shot((0, 0))),
                 "moves": 0})
    assert snapshot(room) != before
