"""What one address may do on the server (issue 35, parts 1, 2 and 5): connections, messages,
rooms created and held, joins and failed joins, each refused by its code past its limit while
another address plays on; rooms that end are deleted from memory and the store; chat is kept
as moves are."""

from __future__ import annotations

import pytest

from game.net.limits import Guard, Limits, address_key, forwarded_for
from game.net.store import Store
from game.rules.classic import PRESETS as CLASSIC_PRESETS

from .net_helpers import Desk, seated_room

RUSSIAN = CLASSIC_PRESETS["russian"].to_dict()


def create(desk, conn, step=0.1) -> dict:
    return desk.reply(conn, {"type": "create", "mode": "classic", "config": RUSSIAN,
                             "name": "A"}, step)


def stored_codes(folder) -> set:
    store = Store(folder)
    try:
        return {code for (code,) in store.db.execute("SELECT code FROM rooms")}
    finally:
        store.close()


def test_addresses_count_an_ipv6_household_by_its_64_and_a_proxy_only_by_its_last_entry():
    assert address_key("203.0.113.7") == "203.0.113.7"
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:ffff::9") \
        == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:198.51.100.4") == "198.51.100.4"
    # the client may write anything before the entry our proxy adds: only the last counts
    assert forwarded_for("1.1.1.1, 203.0.113.9", "10.0.0.2") == "203.0.113.9"
    assert forwarded_for("203.0.113.9, not-an-ip", "10.0.0.2") == "10.0.0.2"
    assert forwarded_for(None, "10.0.0.2") == "10.0.0.2"


def test_an_address_holds_only_so_many_connections_and_forgets_what_it_no_longer_holds():
    guard = Guard(Limits(max_connections=3))
    assert [guard.connect("a") for _ in range(3)] == [None] * 3
    assert guard.connect("a").code == "too_many_connections"
    assert guard.connect("b") is None            # another address is not counted with it
    guard.disconnect("a", 0.0)
    assert guard.connect("a") is None
    for key in ("a", "a", "a", "b"):
        guard.disconnect(key, 0.0)
    assert guard.addresses == {}                 # nothing open, held or spent: forgotten


def test_rooms_created_and_held_by_one_address_are_capped_and_another_address_is_not(tmp_path):
    desk = Desk(tmp_path, limits=Limits(creates=5, rooms_held=3))
    codes = []
    for _ in range(3):
        conn = desk.hello(address="10.0.0.1")
        codes.append(create(desk, conn)["room"])
    refused = create(desk, desk.hello(address="10.0.0.1"))
    assert refused["code"] == "too_many_rooms"
    # leaving a waiting room ends it: the address holds one fewer, and it is gone for good
    leaver = desk.server.seats[(codes[0], 0)]
    assert desk.reply(leaver, {"type": "leave"})["type"] == "left"
    assert codes[0] not in desk.server.rooms and codes[0] not in stored_codes(tmp_path)
    create(desk, desk.hello(address="10.0.0.1"))
    desk.reply(desk.server.seats[(codes[1], 0)], {"type": "leave"})
    create(desk, desk.hello(address="10.0.0.1"))
    # five made in ten minutes: the sixth waits, though the address holds only three
    desk.reply(desk.server.seats[(codes[2], 0)], {"type": "leave"})
    assert create(desk, desk.hello(address="10.0.0.1"))["code"] == "too_many_creates"
    assert create(desk, desk.hello(address="10.0.0.2"))["type"] == "joined"
    desk.clock.now += 120                               # a fifth of the window: one more
    assert create(desk, desk.hello(address="10.0.0.1"))["type"] == "joined"
    assert len(desk.server.rooms) == 4 and desk.server.guard.held("10.0.0.1") == 3


def test_guessing_codes_runs_out_of_failed_joins_and_a_right_code_is_then_refused_too(tmp_path):
    desk = Desk(tmp_path, limits=Limits(failed_joins=5, joins=100))
    host = desk.hello(address="10.0.0.9")
    code = create(desk, host)["room"]
    guesser = desk.hello(address="10.0.0.1")
    wrong = "22222" + ("3" if code[-1] != "3" else "4")
    for _ in range(5):
        assert desk.reply(guesser, {"type": "join", "room": wrong, "name": "x"})["code"] \
            == "no_room"
    out = desk.reply(guesser, {"type": "join", "room": code, "name": "x"})
    assert out["code"] == "too_many_joins"                   # the guess would have been right
    assert desk.server.rooms[code].seats[1] is None
    friend = desk.hello(address="10.0.0.2")                   # an honest address is not hurt
    assert desk.reply(friend, {"type": "join", "room": code, "name": "B"})["type"] == "joined"
    desk.clock.now += 3600 / 5 + 1                            # a failed join is given back
    assert desk.reply(guesser, {"type": "join", "room": wrong, "name": "x"})["code"] \
        == "no_room"


def test_join_attempts_a_minute_are_capped(tmp_path):
    desk = Desk(tmp_path, limits=Limits(joins=4, failed_joins=100))
    conn = desk.hello(address="10.0.0.1")
    codes = [desk.reply(conn, {"type": "join", "room": "222222", "name": "x"})["code"]
             for _ in range(5)]
    assert codes == ["no_room"] * 4 + ["too_many_joins"]


def test_messages_are_counted_across_all_of_an_addresss_connections(tmp_path):
    desk = Desk(tmp_path, limits=Limits(address_rate=10))
    conns = [desk.hello(address="10.0.0.1") for _ in range(4)]   # a burst of 20, 19 left
    answers = [[m["type"] for _, m in desk.say(c, {"type": "ping"}, step=0.0)]
               for _ in range(6) for c in conns]                # each alone is well in bounds
    # refused past the address's burst, said once a connection
    assert answers == [["pong"]] * 19 + [["error"]] * 4 + [[]]
    other = desk.hello(address="10.0.0.2")
    assert desk.reply(other, {"type": "ping"}, step=0.0)["type"] == "pong"


def test_a_finished_match_both_have_left_is_deleted_and_a_restart_does_not_bring_it_back(
        tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = seated_room(desk, CLASSIC_PRESETS["russian"])
    desk.reply(a, {"type": "resign"})
    assert room.phase == "done"
    desk.reply(a, {"type": "leave"})
    assert room.code in desk.server.rooms          # the other is still looking at the result
    desk.reply(b, {"type": "leave"})
    assert room.code not in desk.server.rooms and room.code not in stored_codes(tmp_path)
    desk.restart()
    assert room.code not in desk.server.rooms


def test_a_room_that_waited_too_long_ends_and_its_player_hears_so(tmp_path):
    desk = Desk(tmp_path, limits=Limits(wait_limit=600))
    host = desk.hello(address="10.0.0.1")
    code = create(desk, host)["room"]
    desk.clock.now += 599
    assert desk.server.tick() == [] and code in desk.server.rooms
    desk.clock.now += 10
    out = desk.server.tick()
    assert out == [(host, {"type": "error", "code": "room_ended",
                           "message": f"room {code} has ended (nobody joined it in time)"})]
    assert code not in desk.server.rooms and code not in stored_codes(tmp_path)
    assert host.room is None and desk.server.guard.held("10.0.0.1") == 0


@pytest.mark.parametrize("resign", [False, True])
def test_rooms_nobody_sits_in_end_after_the_idle_limit_and_a_dropped_match_after_a_minute(
        tmp_path, resign):
    desk = Desk(tmp_path, limits=Limits(idle_limit=7200))
    room, (a, b), _ = seated_room(desk, CLASSIC_PRESETS["russian"])
    if resign:
        desk.reply(a, {"type": "resign"})
    desk.server.gone(a)
    desk.server.gone(b)                             # both dropped (not left)
    desk.clock.now += 61
    desk.server.tick()
    assert (room.code in desk.server.rooms) is not resign    # a finished match: a minute
    desk.clock.now += 7200
    desk.server.tick()
    assert room.code not in desk.server.rooms and stored_codes(tmp_path) == set()


def test_what_an_address_holds_survives_a_restart(tmp_path):
    desk = Desk(tmp_path, limits=Limits(rooms_held=2))
    for _ in range(2):
        create(desk, desk.hello(address="10.0.0.1"))
    desk.restart()
    assert create(desk, desk.hello(address="10.0.0.1"))["code"] == "too_many_rooms"


def test_a_full_server_refuses_a_create_but_takes_back_a_seat(tmp_path):
    desk = Desk(tmp_path, limits=Limits(max_rooms=1))
    host = desk.hello(address="10.0.0.1")
    joined = create(desk, host)
    assert create(desk, desk.hello(address="10.0.0.2"))["code"] == "server_full"
    desk.server.gone(host)
    back = desk.hello(address="10.0.0.3")
    out = desk.reply(back, {"type": "rejoin", "room": joined["room"], "seat": 0,
                            "secret": joined["secret"]})
    assert out["type"] == "joined"
    assert desk.server.guard.held("10.0.0.3") == 1 and desk.server.guard.held("10.0.0.1") == 0


def test_a_chat_line_is_stored_before_it_is_relayed(tmp_path):
    desk = Desk(tmp_path)
    room, (a, b), _ = seated_room(desk, CLASSIC_PRESETS["russian"])
    out = desk.say(a, {"type": "chat", "text": "good luck"})
    assert [m["type"] for _, m in out] == ["chat", "chat"]
    desk.restart()          # as a kill -9: what was committed is all there is
    assert desk.server.rooms[room.code].chat[-1] == [0, "text", "good luck"]


class _Link:
    """A connection that hears what the test says (no socket)."""

    def __init__(self, seat):
        from game.net.client import Remote
        self.remote, self.status, self.problem, self.heard = Remote(), "open", None, []
        self.remote.seat = seat

    def poll(self):
        out, self.heard = self.heard, []
        return [self.remote.take(m) for m in out]


@pytest.mark.parametrize("seat, code, key", [
    (None, "too_many_joins", "online.error_busy"),
    (None, "too_many_connections", "online.error_busy"),
    (None, "too_many_rooms", "online.error_rooms"),
    (None, "too_many_creates", "online.error_rooms"),
    (None, "server_full", "online.error_server_full"),
    (0, "room_ended", "online.error_ended"),       # a host waiting for a friend who never came
])
def test_the_game_says_each_limit_in_words(seat, code, key):
    from game.net.session import Session
    session = Session.__new__(Session)
    session.error, session.returning, session.closed, session.ended = None, False, False, False
    session.net = _Link(seat)
    session.net.heard.append({"type": "error", "code": code, "message": "..."})
    session.poll()
    assert session.join_problem() == key


def test_new_rooms_have_eight_letter_codes_and_a_six_letter_one_is_still_read(tmp_path):
    from game.net.protocol import CODE_ALPHABET, is_code
    desk = Desk(tmp_path)
    code = create(desk, desk.hello())["room"]
    assert len(code) == 8 and set(code) <= set(CODE_ALPHABET)
    assert is_code(code) and is_code("K7QX2M") and not is_code("K7QX2MP")
    assert not is_code("K7QX2M0O") and not is_code(code + "AB")
    guest = desk.hello(address="10.0.0.2")
    assert desk.reply(guest, {"type": "join", "room": "K7QX2M", "name": "B"})["code"] == "no_room"
    assert desk.reply(guest, {"type": "join", "room": "K7QX2M0", "name": "B"})["code"] \
        == "bad_field"


def test_addresses_that_went_away_are_forgotten_by_the_sweep(tmp_path):
    """A thousand addresses that each joined once and left are not kept for ever."""
    desk = Desk(tmp_path)
    for i in range(1000):
        conn = desk.hello(address=f"10.1.{i // 250}.{i % 250}")
        desk.reply(conn, {"type": "join", "room": "22222222", "name": "x"}, step=0.0)
        desk.server.guard.disconnect(conn.address, desk.clock.now)
    assert len(desk.server.guard.addresses) == 1000         # each spent a join, a failed one
    desk.clock.now += 3600                                  # ... given back within the hour
    desk.server.tick()
    assert desk.server.guard.addresses == {}
