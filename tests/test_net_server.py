"""The server that owns the game (issue 23): rooms of every mode played to the end through the
protocol's messages, refusals that name what was wrong and change nothing, a restarted server
that resumes every game, claims, series, draws and chat (RULES.md §0, C7)."""

from __future__ import annotations

import json
import random

import pytest

from game.modes import MODES
from game.net import codec, protocol
from game.net.protocol import VERSION
from game.net.room import Room
from game.rules.classic import PRESETS as CLASSIC_PRESETS

from .net_helpers import Desk, place, seated_room, snapshot

CONFIGS = [(key, config) for key, entry in MODES.items()
           for config in list(entry.rules.presets.values())[:1]]


def play(desk, room, conns, rng, until=None) -> int:
    """Random legal actions (the rules' own ``random_action``) sent by the seat to act, until
    the game is over (or ``until`` moves); every action's replies are states for both seats."""
    game, n = room.game, 0
    while not game.over and (until is None or len(game.history) < until):
        action = MODES[room.mode].rules.random_action(game, rng)
        seat = game.turn
        out = desk.say(conns[seat], {"type": "act", "moves": len(game.history),
                                     "action": codec.action_to_json(room.mode, action)})
        assert [m["type"] for _, m in out] == ["state", "state"], out
        assert {c for c, _ in out} == set(conns)
        n += 1
    return n


@pytest.mark.parametrize("mode, config", CONFIGS, ids=[k for k, _ in CONFIGS])
def test_a_room_of_every_mode_plays_to_the_end(tmp_path, mode, config):
    desk = Desk(tmp_path)
    room, conns, _ = seated_room(desk, config)
    assert room.phase == "battle"
    play(desk, room, conns, random.Random(3), until=400)
    replies = desk.say(conns[0], {"type": "resign"}) if not room.game.over else []
    assert room.game.over and room.phase == "done"
    for conn, message in replies:
        seat = 0 if conn is conns[0] else 1
        assert message["view"] == codec.encode(room.game.view(seat))


@pytest.mark.parametrize("mode, config", CONFIGS, ids=[k for k, _ in CONFIGS])
def test_a_restarted_server_resumes_every_game_where_it_stood(tmp_path, mode, config):
    desk = Desk(tmp_path)
    room, conns, secrets = seated_room(desk, config)
    play(desk, room, conns, random.Random(5), until=30)
    before = snapshot(room), [codec.encode(room.game.view(p)) for p in (0, 1)]
    desk.restart()
    again = desk.server.rooms[room.code]
    assert (snapshot(again), [codec.encode(again.game.view(p)) for p in (0, 1)]) == before
    # a seat comes back with its secret, hears what it missed, and plays on
    conn = desk.hello()
    out = desk.say(conn, {"type": "rejoin", "room": room.code, "seat": 0, "secret": secrets[0],
                          "seen": 20})
    state = [m for c, m in out if c is conn and m["type"] == "state"][0]
    assert state["moves"] == 30 and state["view"] == before[1][0]
    missed = again._events_since(20)
    assert len(state["events"]) <= len(missed) and state["seats"][1]["here"] is False


def test_refusals_name_what_was_wrong_and_change_nothing(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = seated_room(desk, CLASSIC_PRESETS["russian"], first="0")
    before = snapshot(room)
    cases = [
        (b, {"type": "act", "action": [0, 0], "moves": 0}, "not_your_turn"),
        (a, {"type": "act", "action": [0, 0], "moves": 5}, "stale"),
        (a, {"type": "act", "action": [40, 0], "moves": 0}, "illegal"),
        (a, {"type": "act", "action": {"salvo": "x"}, "moves": 0}, "bad_field"),
        (a, {"type": "act", "action": [0, 0]}, "missing_field"),
        (a, {"type": "act", "action": [0, 0], "moves": 0, "cheat": 1}, "unknown_field"),
        (a, {"type": "teleport"}, "unknown_type"),
        (a, {"type": "setup", "setup": {}}, "wrong_phase"),
        (a, {"type": "next"}, "wrong_phase"),
        (a, {"type": "claim"}, "no_claim"),
        (a, {"type": "answer_draw", "accept": True}, "no_offer"),
        (a, {"type": "join", "room": room.code, "name": "again"}, "seated"),
        (a, "[1, 2", "bad_json"),
        (a, '{"type": "ping", "type": "ping"}', "bad_json"),
        (a, "x" * (protocol.MAX_BYTES + 1), "too_big"),
        (a, json.dumps({"type": "chat", "text": "x" * 500}), "too_long"),
        (a, {"type": "act", "action": [0, 0], "moves": True}, "bad_field"),
    ]
    for conn, message, code in cases:
        reply = desk.reply(conn, message)
        assert reply["type"] == "error" and reply["code"] == code, (message, reply)
        assert reply["message"]
        assert snapshot(room) == before, message
    illegal = desk.reply(a, {"type": "act", "action": [40, 0], "moves": 0})
    assert illegal["rule"]["code"]      # the rules' own reason, for the client to say


def test_an_old_client_is_told_to_update_and_nothing_is_done_before_hello(tmp_path):
    desk = Desk(tmp_path)
    from game.net.server import Conn
    conn = Conn(None)
    first = desk.reply(conn, {"type": "create", "mode": "classic", "config": {}, "name": "x"})
    assert first["code"] == "hello_first" and not desk.server.rooms
    old = desk.reply(conn, {"type": "hello", "version": 0, "game": "sea-battle"})
    assert old["code"] == "version" and "update your game" in old["message"]
    assert conn.closing


def test_the_room_code_alone_opens_nothing(tmp_path):
    """A third party who knows the code: the room is full, the seats need their secrets, and
    without a seat nothing can be done or watched."""
    desk = Desk(tmp_path)
    room, _, secrets = seated_room(desk, CLASSIC_PRESETS["russian"])
    before = snapshot(room)
    eve = desk.hello()
    assert desk.reply(eve, {"type": "join", "room": room.code, "name": "Eve"})["code"] \
        == "room_full"
    forged = "0" * 32 if secrets[0] != "0" * 32 else "1" * 32
    assert desk.reply(eve, {"type": "rejoin", "room": room.code, "seat": 0,
                            "secret": forged})["code"] == "wrong_secret"
    assert desk.reply(eve, {"type": "act", "action": [0, 0], "moves": 0})["code"] == "no_seat"
    assert desk.reply(eve, {"type": "chat", "phrase": "hot"})["code"] == "no_seat"
    assert snapshot(room) == before
    assert len(secrets[0]) == 32 and int(secrets[0], 16) >= 0      # 128 bits, hex
    assert secrets[0] not in snapshot(room)                        # only a digest is kept


def test_a_flood_is_cut_and_the_connection_closed(tmp_path):
    desk = Desk(tmp_path)
    conn = desk.hello()
    replies = [desk.say(conn, {"type": "ping"}, step=0.0001) for _ in range(70)]
    codes = [r[0][1].get("code", r[0][1]["type"]) if r else None for r in replies]
    assert codes[:50] == ["pong"] * 50 and "rate_limited" in codes
    assert codes[-1] is None          # refused again: said once, then nothing
    for _ in range(700):
        desk.say(conn, {"type": "ping"}, step=0.0001)
    assert conn.closing
    slow = desk.hello()
    assert all(desk.reply(slow, {"type": "ping"}, step=0.1)["type"] == "pong" for _ in range(200))


def test_a_gone_player_may_be_waited_for_then_claimed(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = seated_room(desk, CLASSIC_PRESETS["russian"], claim_after=60)
    told = desk.server.gone(b)                  # B's window closed
    state = [m for c, m in told if c is a][0]
    assert state["seats"][1]["here"] is False and state["can_claim"] is False
    assert desk.reply(a, {"type": "claim"})["code"] == "no_claim"
    desk.clock.now += 61
    ticked = desk.server.tick()
    assert [m["can_claim"] for c, m in ticked if c is a] == [True]
    claimed = desk.reply(a, {"type": "claim"})
    assert claimed["phase"] == "done" and room.game.winner == 0 and room.claimed == 0


def test_a_series_plays_on_with_the_loser_first(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = seated_room(desk, CLASSIC_PRESETS["russian"], best_of=3)
    first_game_first = room.game.turn
    desk.say((a, b)[first_game_first], {"type": "resign"})
    assert room.phase == "over" and room.series.score[1 - first_game_first] == 1
    state = desk.reply(b, {"type": "next"})
    assert state["phase"] == "placing" and state["series"]["games"] == 1
    place(desk, room.code, (a, b), seed=8)
    assert room.game.turn == first_game_first          # C7: the loser moves first
    desk.restart()
    assert desk.server.rooms[room.code].played == room.played


def test_a_draw_offered_and_accepted(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = seated_room(desk, MODES["naval"].rules.presets["naval"])
    offered = desk.say(a, {"type": "offer_draw"})
    assert all(m["draw_offer"] == 0 for _, m in offered)
    assert desk.reply(a, {"type": "answer_draw", "accept": True})["code"] == "no_offer"
    desk.say(b, {"type": "answer_draw", "accept": True})
    assert room.game.over and room.game.winner is None


def test_chat_lines_and_quick_phrases_reach_both_seats(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = seated_room(desk, CLASSIC_PRESETS["russian"])
    out = desk.say(a, {"type": "chat", "text": "  Мимо,\x00 мимо!\n "})
    assert [(m["seat"], m["text"]) for _, m in out] == [(0, "Мимо, мимо!")] * 2
    out = desk.say(b, {"type": "chat", "phrase": "hot"})
    assert {c for c, _ in out} == {a, b} and out[0][1]["phrase"] == "hot"
    assert desk.reply(b, {"type": "chat", "phrase": "secret_fleet"})["code"] == "bad_field"
    assert desk.reply(b, {"type": "chat", "text": "hi", "phrase": "hot"})["code"] == "bad_field"
    assert room.chat[-1] == [1, "phrase", "hot"]


def test_a_rematch_once_the_match_is_done_begins_with_the_loser(tmp_path):
    """RULES §0: the loser of the last game moves first in the next; a done room plays on."""
    desk = Desk(tmp_path)
    room, (a, b), _ = seated_room(desk, CLASSIC_PRESETS["russian"], first="0")
    desk.say(b, {"type": "resign"})
    assert room.phase == "done" and room.game.winner == 0
    state = desk.reply(a, {"type": "next"})
    assert state["phase"] == "placing" and room.series.score == [0, 0]
    assert desk.reply(b, {"type": "next"})["code"] == "wrong_phase"     # once is enough
    place(desk, room.code, (a, b), seed=9)
    assert room.phase == "battle" and room.game.turn == 1              # B lost: B begins
    assert len(room.played) == 1


def test_crafted_create_messages_are_refused_by_field_and_leave_no_room(tmp_path, caplog):
    """Issue 35: an even ``best_of`` and a lone surrogate (in a name, in the rules' ship names,
    in an unknown field's name) are each refused ``bad_field`` with a reply that can be sent,
    no traceback logged, no room left behind."""
    desk = Desk(tmp_path)
    conn = desk.hello()
    create = {"type": "create", "mode": "classic", "config": {}, "name": "Nina"}
    names = ["x"] * len(CLASSIC_PRESETS["russian"].fleet)
    cases = [
        (create | {"best_of": 2}, "bad_field"),
        (create | {"name": "\ud800"}, "bad_field"),
        (create | {"config": CLASSIC_PRESETS["russian"].to_dict() | {"names": ["\ud800"]
                                                                    + names[1:]}}, "bad_field"),
        (create | {"\ud800": 1}, "bad_field"),
    ]
    for message, code in cases:
        with caplog.at_level("ERROR"):
            reply = desk.reply(conn, message)
        assert reply["type"] == "error" and reply["code"] == code, (message, reply)
        json.dumps(reply, ensure_ascii=False).encode("utf-8")    # a reply that can be sent
        assert not desk.server.rooms, message
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_nothing_is_made_for_a_seat_that_is_gone_and_a_returning_seat_is_made_once(
        tmp_path, monkeypatch):
    """A room builds a state only for the seats connected: while one is gone each move makes
    one state, and the seat coming back has its own made once (what it missed), not twice."""
    desk = Desk(tmp_path)
    room, (a, b), secrets = seated_room(desk, CLASSIC_PRESETS["russian"], first="0")
    made = []
    real = Room.state_for
    monkeypatch.setattr(Room, "state_for",
                        lambda self, seat, *args, **kw: made.append(seat) or
                        real(self, seat, *args, **kw))
    desk.server.gone(b)
    made.clear()
    action = codec.action_to_json(room.mode, room.game.legal_actions()[0])
    desk.say(a, {"type": "act", "action": action, "moves": len(room.game.history)})
    assert made == [0]
    back = desk.hello()
    made.clear()
    out = desk.say(back, {"type": "rejoin", "room": room.code, "seat": 1, "secret": secrets[1],
                          "seen": 0})
    assert sorted(made) == [0, 1]
    assert [m["type"] for c, m in out if c is back] == ["joined", "state"]
