"""RULES.md §0's move clock on the server (issue 35, part 6): Host offers it (``create``'s
``clock``: off, 15, 30 or 60 s a turn); the room keeps the deadline of the player to act on the
server's clock; ``state`` says the clock and the seconds left; ``Server.tick`` applies the rules'
``Lapse`` when the time runs out (the turn lost, the game on the second in a row) and tells both
seats; the clock stops while the player to act is gone; a restart keeps it."""

from __future__ import annotations

import json

import pytest

from game.modes import MODES
from game.net import protocol
from game.net.room import Room
from game.rules.base import LAPSED
from game.rules.classic import ClassicConfig

from .net_helpers import Desk, place


def clocked_room(desk: Desk, clock: int = 15, config=None):
    """Two seats in a Classic room with a ``clock``, both set up: the battle is on."""
    config = config or ClassicConfig()
    a, b = desk.hello(), desk.hello()
    joined = desk.reply(a, {"type": "create", "mode": "classic", "config": config.to_dict(),
                            "name": "Anna", "first": "0", "clock": clock})
    assert joined["type"] == "joined", joined
    joined_b = desk.reply(b, {"type": "join", "room": joined["room"], "name": "Boris"})
    place(desk, joined["room"], (a, b), 7)
    return desk.server.rooms[joined["room"]], [a, b], [joined["secret"], joined_b["secret"]]


def states(out, conn=None) -> list:
    return [m for c, m in out if m["type"] == "state" and (conn is None or c is conn)]


def shoot(desk, room, conn):
    """The player to act shoots the first cell he may (a miss or a hit)."""
    cell = room.game.shootable(room.game.turn)[0]
    return desk.say(conn, {"type": "act", "action": list(cell),
                           "moves": len(room.game.history)})


def test_create_offers_only_the_clocks_host_offers():
    for clock in protocol.CLOCKS:
        protocol.check({"type": "create", "mode": "classic", "config": {}, "name": "A",
                        "clock": clock})
    for bad in (10, -1, 61, True, "15"):
        with pytest.raises(protocol.ProtocolError) as exc:
            protocol.check({"type": "create", "mode": "classic", "config": {}, "name": "A",
                            "clock": bad})
        assert exc.value.code == "bad_field" and exc.value.field == "clock"


def test_the_state_says_the_clock_and_the_seconds_left(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = clocked_room(desk)
    assert room.clock == 15 and room.game.turn == 0
    desk.clock.now += 4.5
    state = desk.reply(a, {"type": "ping"}) and room.state_for(0, desk.clock.now)
    assert state["clock"] == 15 and state["clock_left"] == 11
    protocol.check(json.loads(json.dumps(state)), protocol.SERVER_SCHEMAS)
    off, _, _ = clocked_room(desk, clock=0)
    told = off.state_for(0, desk.clock.now)
    assert "clock" not in told and "clock_left" not in told     # as before the clock


def test_a_turn_run_out_passes_it_and_both_seats_hear(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = clocked_room(desk)
    desk.clock.now += 14
    assert desk.server.tick() == []                  # not yet
    desk.clock.now += 1.5
    out = desk.server.tick()
    assert room.game.turn == 1 and room.game.history[-1][0] == 0
    for conn in (a, b):
        events = states(out, conn)[0]["events"]
        assert {"t": "TurnLapsed", "f": {"player": 0, "count": 1}} in events
    assert states(out, b)[0]["clock_left"] == 15      # a whole turn for the other
    assert desk.server.tick() == []


def test_two_of_his_turns_run_out_in_a_row_lose_him_the_game(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = clocked_room(desk)
    desk.clock.now += 16
    desk.server.tick()                               # Anna's first
    while room.game.turn == 1:                       # Boris shoots (a hit: again)
        shoot(desk, room, b)
    desk.clock.now += 16
    out = desk.server.tick()                         # Anna's second, his moves between
    assert room.game.over and room.game.winner == 1 and room.game.end_reason == LAPSED
    assert room.phase == "done" and room.series.score == [0, 1]
    assert {"t": "GameOver", "f": {"winner": 1, "reason": LAPSED}} in states(out, a)[0]["events"]
    desk.clock.now += 100
    assert desk.server.tick() == []                  # no clock once it is over


def test_a_move_of_his_own_in_time_breaks_the_row(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = clocked_room(desk)
    desk.clock.now += 16
    desk.server.tick()
    while room.game.turn == 1:
        shoot(desk, room, b)
    while room.game.turn == 0:
        desk.clock.now += 10                          # in time, each shot
        shoot(desk, room, a)
    while room.game.turn == 1:
        shoot(desk, room, b)
    desk.clock.now += 16
    desk.server.tick()
    assert not room.game.over and room.game.lapses[0] == 1


def test_each_action_has_its_own_time(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = clocked_room(desk)
    desk.clock.now += 10
    shoot(desk, room, a)
    desk.clock.now += 10                            # 20 s since the battle began
    assert desk.server.tick() == []


def test_a_seat_may_not_send_a_lapse(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = clocked_room(desk)
    reply = desk.reply(a, {"type": "act", "action": {"lapse": None}, "moves": 0})
    assert reply["type"] == "error" and reply["code"] == "bad_field"
    assert room.game.history == []


def test_the_clock_stops_while_the_player_to_act_is_gone(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), secrets = clocked_room(desk)
    desk.clock.now += 5
    desk.server.gone(a)
    desk.clock.now += 50
    assert desk.server.tick() == [] and room.clock_left(desk.clock.now) == 10
    assert room.state_for(1, desk.clock.now)["clock_left"] == 10
    back = desk.hello()
    desk.say(back, {"type": "rejoin", "room": room.code, "seat": 0, "secret": secrets[0]})
    desk.clock.now += 9
    assert desk.server.tick() == []
    desk.clock.now += 1.5
    assert desk.server.tick() and room.game.turn == 1


def test_a_restart_keeps_the_clock_and_gives_a_whole_turn_once_he_is_back(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), secrets = clocked_room(desk, clock=30)
    desk.clock.now += 20
    desk.restart()
    again = desk.server.rooms[room.code]
    assert again.clock == 30 and again.clock_left(desk.clock.now) == 30
    desk.clock.now += 100                             # nobody back: nothing runs out
    assert desk.server.tick() == []
    conn = desk.hello()
    desk.say(conn, {"type": "rejoin", "room": room.code, "seat": 0, "secret": secrets[0]})
    desk.clock.now += 29
    desk.server.tick()                                # (Anna may claim: Boris is long gone)
    assert again.game.history == []
    desk.clock.now += 1.5
    desk.server.tick()
    assert again.game.turn == 1
    desk.restart()                                    # and the lapse itself was kept
    assert desk.server.rooms[room.code].game.lapses == (1, 0)


def test_an_old_stored_room_loads_with_no_clock(tmp_path):
    desk = Desk(tmp_path)
    room, _, _ = clocked_room(desk)
    data = json.loads(room.to_text())
    assert data["clock"] == 15
    del data["clock"]                               # as a room was stored before the clock
    old = Room.from_dict(data, desk.clock.now, room.moves())
    assert old.clock == 0 and old.clock_left(desk.clock.now) is None


@pytest.mark.parametrize("mode", ["naval", "korabliki"])
def test_every_mode_loses_a_turn_on_the_clock(tmp_path, mode):
    desk = Desk(tmp_path)
    config = next(iter(MODES[mode].rules.presets.values()))
    a, b = desk.hello(), desk.hello()
    joined = desk.reply(a, {"type": "create", "mode": mode, "config": config.to_dict(),
                            "name": "Anna", "first": "0", "clock": 60})
    desk.reply(b, {"type": "join", "room": joined["room"], "name": "Boris"})
    place(desk, joined["room"], (a, b), 7)
    room = desk.server.rooms[joined["room"]]
    desk.clock.now += 61
    desk.server.tick()
    desk.clock.now += 61
    desk.server.tick()
    desk.clock.now += 61
    desk.server.tick()
    assert room.game.over and room.game.winner == 1 and room.game.end_reason == LAPSED
