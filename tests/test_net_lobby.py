"""The lobby (issue 37, parts 2 to 4) through the server, with no sockets: queue, pairing by
rating, the ready check, a room made from the tickets, a rated game, the leaderboard; declines,
limits, a ticket of another player, a restart."""

from __future__ import annotations

from game.modes import match_kinds
from game.net import identity, protocol
from game.net.limits import Limits
from game.net.lobby import ACCEPT_WITHIN, Lobby, window

from game.net.server import Conn

from .net_helpers import Desk, place

KIND = next(iter(match_kinds()))
KEYS = [f"{n:02x}" * 32 for n in range(1, 9)]


def player(desk, n: int, address: str = "10.0.0.1", name: str | None = None):
    return desk.hello(address=address, player=KEYS[n], name=name or f"P{n}")


def to(conn, out, kind: str) -> list:
    """What ``conn`` heard of ``kind`` (every message sent checked as a client checks it)."""
    for _, m in out:
        protocol.check(m, protocol.SERVER_SCHEMAS)
    return [m for c, m in out if c is conn and m["type"] == kind]


def queue(desk, conn, kind: str = KIND, **more) -> list:
    return desk.say(conn, {"type": "queue", "kind": kind} | more)


def paired(desk, a, b, **more) -> tuple:
    """a and b queue (a with ``more``), are paired, accept: their ``matched`` messages."""
    queue(desk, a, **more)
    found = to(a, queue(desk, b), "match_found")
    assert found, "not paired"
    match = found[0]["match"]
    assert desk.say(a, {"type": "accept", "match": match}) == []
    out = desk.say(b, {"type": "accept", "match": match})
    return to(a, out, "matched")[0], to(b, out, "matched")[0]


def test_two_players_queue_play_a_rated_game_and_see_it_on_the_leaderboard(tmp_path):
    desk = Desk(tmp_path)
    first = desk.reply(Conn(None, "10.0.0.1"), {"type": "hello", "version": 2, "id": 4,
                                                "game": "sea-battle", "player": KEYS[0]})
    assert first["player"]["known"] is False and first["id"] == 4
    a = player(desk, 0, name="Anna")
    welcome = desk.reply(a, {"type": "hello", "version": 2, "game": "sea-battle",
                             "player": KEYS[0], "name": "Anna"})
    assert welcome["player"] == {"tag": identity.tag(identity.player_id(KEYS[0])),
                                 "known": True}
    b = player(desk, 1, address="10.0.0.2", name="Boris")
    first = queue(desk, a)
    assert to(a, first, "queued")[0] | {"waited": 0} == {
        "type": "queued", "kind": KIND, "waited": 0, "window": 100, "waiting": 1}
    out = queue(desk, b)
    found = to(b, out, "match_found")[0]
    assert found["opponent"] == {"name": "Anna", "tag": identity.tag(a.player), "rating": 1500}
    assert found["accept_within"] == ACCEPT_WITHIN
    ma, mb = paired_again(desk, a, b, found["match"])
    assert ma["room"] == mb["room"] and ma["path"] == "/v2/room/" + ma["room"]
    code = ma["room"]
    joined = desk.reply(b, {"type": "join_match", "ticket": mb["ticket"]})
    assert joined["type"] == "joined" and joined["seat"] == 1 and joined["secret"]
    room = desk.server.rooms[code]
    assert room.phase == "waiting" and room.clock == 30
    assert desk.reply(player(desk, 2), {"type": "join", "room": code,
                                        "name": "Eve"})["code"] == "room_full"
    out = desk.say(a, {"type": "join_match", "ticket": ma["ticket"]})
    assert to(a, out, "joined")[0]["seat"] == 0
    state = to(a, out, "state")[0]
    assert state["match"] == {"kind": KIND, "rated": True} and state["phase"] == "placing"
    assert [g["room"] for g in desk.reply(a, {"type": "games"})["games"]] == [code]
    place(desk, code, (a, b), 3)
    desk.say(b, {"type": "resign"})                  # the shortest game: Boris resigns
    assert desk.reply(a, {"type": "games"})["games"] == []     # over: not listed
    assert room.game.over and room.match["reported"] == f"{code}/0"
    ra = desk.reply(a, {"type": "ratings"})["kinds"][KIND]
    rb = desk.reply(b, {"type": "ratings"})["kinds"][KIND]
    assert ra["rating"] > 1500 > rb["rating"] and ra["change"] == -rb["change"] > 0
    assert (ra["games"], ra["wins"], ra["place"], ra["last_room"]) == (1, 1, 1, code)
    assert (rb["games"], rb["wins"], rb["place"]) == (1, 0, 2)
    board = desk.reply(player(desk, 3), {"type": "leaderboard", "kind": KIND})
    assert [(r["place"], r["name"]) for r in board["top"]] == [(1, "Anna"), (2, "Boris")]
    assert board["you"] is None and board["players"] == 2
    assert desk.reply(b, {"type": "leaderboard", "kind": KIND})["you"]["place"] == 2
    # the same result reported again (a rematch's replay, a resend) changes nothing
    assert desk.server.lobby.record(room.result() or {
        "id": f"{code}/0", "kind": KIND, "players": room.match["ids"], "score": 1}) is False
    # a restart keeps the ratings, and the room its match
    desk.restart()
    again = desk.server.lobby.ratings(a.player)["kinds"][KIND]
    assert again == ra
    kept = desk.server.rooms[code]
    assert kept.match == room.match and kept.state_for(0, 0.0)["match"]["rated"] is True


def test_an_agreed_draw_is_half_and_a_rematch_is_rated_again(tmp_path):
    desk = Desk(tmp_path)
    a, b = player(desk, 0, address="10.0.0.1"), player(desk, 1, address="10.0.0.2")
    ma, mb = paired(desk, a, b, listed=False)
    desk.say(a, {"type": "join_match", "ticket": ma["ticket"]})
    desk.say(b, {"type": "join_match", "ticket": mb["ticket"]})
    assert desk.reply(a, {"type": "games"})["games"] == []     # Anna let it be unlisted
    place(desk, ma["room"], (a, b), 4)
    desk.say(a, {"type": "offer_draw"})
    desk.say(b, {"type": "answer_draw", "accept": True})
    ra = desk.reply(a, {"type": "ratings", "id": 9})
    assert ra["id"] == 9
    mine = ra["kinds"][KIND]
    assert (mine["rating"], mine["games"], mine["draws"], mine["change"]) == (1500, 1, 1, 0)
    desk.say(a, {"type": "next"})
    desk.say(b, {"type": "next"})
    place(desk, ma["room"], (a, b), 5)
    desk.say(a, {"type": "resign"})
    rows = desk.server.lobby.db.execute("SELECT id, score, reason FROM results ORDER BY id")
    assert rows.fetchall() == [(ma["room"] + "/0", 0.5, "agreed"),
                               (ma["room"] + "/1", 0.0, "resigned")]


def paired_again(desk, a, b, match):
    assert desk.say(a, {"type": "accept", "match": match}) == []
    out = desk.say(b, {"type": "accept", "match": match})
    return to(a, out, "matched")[0], to(b, out, "matched")[0]


def test_a_decline_puts_the_other_back_in_the_queue_keeping_his_time(tmp_path):
    desk = Desk(tmp_path)
    a, b, c = (player(desk, n, address=f"10.0.0.{n}") for n in range(3))
    queue(desk, a)
    desk.clock.now += 20
    found = to(b, queue(desk, b), "match_found")[0]
    desk.say(b, {"type": "accept", "match": found["match"]})
    desk.clock.now += ACCEPT_WITHIN + 0.5           # Anna never answers
    out = desk.server.tick()
    assert to(a, out, "unqueued") == [{"type": "unqueued", "reason": "no_answer"}]
    back = to(b, out, "queued")
    assert back and back[0]["waited"] == 5          # Boris keeps the time he queued at
    found = to(c, queue(desk, c), "match_found")
    assert found and found[0]["opponent"]["name"] == "P1"
    lobby = desk.server.lobby
    assert lobby.waiters[b.player].since < lobby.waiters[c.player].since


def test_three_declines_refuse_the_queue_for_a_while(tmp_path):
    desk = Desk(tmp_path)
    a = player(desk, 0, address="10.0.0.9")
    others = [player(desk, n, address=f"10.0.1.{n}") for n in range(1, 4)]
    for other in others:
        queue(desk, other)
        found = to(a, queue(desk, a), "match_found")[0]
        assert to(a, desk.say(a, {"type": "unqueue"}), "unqueued")     # a decline
        desk.say(other, {"type": "unqueue"})
    refused = desk.reply(a, {"type": "queue", "kind": KIND})
    assert refused["code"] == "queue_refused"
    desk.clock.now += 301
    assert to(a, queue(desk, a), "queued")
    assert found["match"]


def test_the_queue_limits_of_an_address_and_the_identity_it_needs(tmp_path):
    desk = Desk(tmp_path, limits=Limits(queue_per_address=2, queue_rate=5))
    nobody = desk.hello()
    assert desk.reply(nobody, {"type": "queue", "kind": KIND})["code"] == "no_identity"
    assert desk.reply(nobody, {"type": "ratings"})["code"] == "no_identity"
    a, b, c = (player(desk, n, address="10.0.0.1") for n in range(3))
    assert desk.reply(a, {"type": "queue", "kind": "chess"})["code"] == "bad_field"
    kinds = list(match_kinds())
    queue(desk, a, kinds[0])
    queue(desk, b, kinds[1 % len(kinds)])
    assert desk.reply(c, {"type": "queue", "kind": KIND})["code"] == "too_many_queues"
    # a second queue of one player replaces his first (the old connection hears it)
    a2 = player(desk, 0, address="10.0.0.1")
    out = queue(desk, a2, kinds[0])
    assert to(a, out, "unqueued") == [{"type": "unqueued", "reason": "replaced"}]
    assert to(a2, out, "queued")
    for _ in range(2):
        assert to(a2, queue(desk, a2, kinds[0]), "queued")
    refused = desk.reply(a2, {"type": "queue", "kind": kinds[0]})
    assert refused["code"] == "too_many_queues"      # 5 taken a minute (refused ones aside)
    other = player(desk, 5, address="10.9.9.9")
    assert to(other, queue(desk, other, kinds[2 % len(kinds)]), "queued")


def test_a_ticket_opens_only_its_own_players_seat(tmp_path):
    desk = Desk(tmp_path)
    a, b = player(desk, 0, address="10.0.0.1"), player(desk, 1, address="10.0.0.2")
    ma, mb = paired(desk, a, b)
    eve = player(desk, 2, address="10.0.0.3")
    assert desk.reply(eve, {"type": "join_match", "ticket": ma["ticket"]})["code"] \
        == "not_your_ticket"
    assert desk.reply(desk.hello(), {"type": "join_match",
                                     "ticket": ma["ticket"]})["code"] == "no_identity"
    body, sig = ma["ticket"].split(".")
    assert desk.reply(b, {"type": "join_match", "ticket": body + "." + "0" * 64})["code"] \
        == "bad_ticket"
    assert ma["room"] not in desk.server.rooms      # nothing was made for them
    assert desk.reply(a, {"type": "join_match", "ticket": ma["ticket"]})["type"] == "joined"


def test_a_matched_room_the_second_player_never_comes_to_ends(tmp_path):
    desk = Desk(tmp_path)
    a, b = player(desk, 0, address="10.0.0.1"), player(desk, 1, address="10.0.0.2")
    ma, mb = paired(desk, a, b)
    desk.reply(a, {"type": "join_match", "ticket": ma["ticket"]})
    desk.clock.now += 36
    out = desk.server.tick()
    assert [m["code"] for m in to(a, out, "error")] == ["room_ended"]
    assert ma["room"] not in desk.server.rooms
    # he queues again keeping his time; the one who never came missed a pairing
    assert to(a, queue(desk, a), "queued")[0]["waited"] >= 36
    assert desk.reply(b, {"type": "join_match", "ticket": mb["ticket"]})["code"] == "room_ended"
    assert desk.server.lobby.declines[b.player]


def test_a_dropped_connection_leaves_the_queue(tmp_path):
    desk = Desk(tmp_path)
    a = player(desk, 0)
    queue(desk, a)
    assert a.player in desk.server.lobby.waiters
    desk.server.gone(a)
    assert a.player not in desk.server.lobby.waiters


def test_pairing_takes_the_nearest_rating_within_the_wider_window(tmp_path):
    assert window(0) == 100 and window(4) == 200 and window(100) == 1000
    desk = Desk(tmp_path)
    lobby = desk.server.lobby
    conns = [player(desk, n, address=f"10.0.0.{n}") for n in range(4)]
    for conn, rating in zip(conns, (1500, 1900, 1560, 1530)):
        lobby.queue(conn, conn.player, "x", conn.address, KIND, True, desk.clock.now)
        lobby.waiters[conn.player].rating = rating
    for w in lobby.waiters.values():
        w.match = None
    lobby.pairings.clear()
    out = lobby.pair(desk.clock.now)
    pairs = {(m["opponent"]["rating"]) for c, m in out if c is conns[0]}
    assert pairs == {1530}                          # nearest of those in the window
    assert not to(conns[1], out, "match_found")     # 1900: outside everyone's window yet
    desk.clock.now += 20                            # 600 points after 20 s
    out = lobby.pair(desk.clock.now)
    assert to(conns[1], out, "match_found")[0]["opponent"]["rating"] == 1560


def test_a_wider_window_of_either_pairs_them(tmp_path):
    lobby = Lobby(tmp_path, seed=1)
    try:
        lobby.queue("old", "c" * 64, "Old", "a1", KIND, True, 0.0)
        lobby.waiters["c" * 64].rating = 1650          # waited 10 s at 10.0: window 350
        out = lobby.queue("new", "d" * 64, "New", "a2", KIND, True, 10.0)   # 1500, window 100
        assert [c for c, m in out if m["type"] == "match_found"] == ["old", "new"]
    finally:
        lobby.close()


def test_lobby_messages_with_junk_get_coded_answers(tmp_path):
    """Every lobby message, well-formed or not, from players in every state of the queue: a
    reply the client can read or a coded refusal, never server_error."""
    import random
    rng = random.Random(5)
    desk = Desk(tmp_path)
    conns = [player(desk, n, address=f"10.0.0.{n % 3}") for n in range(6)]
    values = [None, 0, -1, 1.5, "", "x" * 40, KIND, "0" * 16, "f" * 16, [], {}, True]
    for _ in range(400):
        conn = rng.choice(conns)
        kind = rng.choice(["queue", "unqueue", "accept", "ratings", "leaderboard", "games",
                           "report", "join_match"])
        message = {"type": kind}
        for name in protocol.SCHEMAS[kind]:
            if rng.random() < 0.8:
                message[name] = rng.choice(values)
        if kind == "accept" and rng.random() < 0.5 and desk.server.lobby.pairings:
            message["match"] = rng.choice(sorted(desk.server.lobby.pairings))
        if kind in ("queue", "leaderboard") and rng.random() < 0.5:
            message["kind"] = KIND
        out = desk.say(conn, message, step=rng.choice([0.1, 1.0, 3.0]))
        to(conn, out, "error")
        assert all(m.get("code") != "server_error" for _, m in out), (message, out)
        if rng.random() < 0.3:
            to(conn, desk.server.tick(), "error")


def test_a_stored_match_that_is_no_match_leaves_its_room_unread(tmp_path):
    import json
    desk = Desk(tmp_path)
    a, b = player(desk, 0, address="10.0.0.1"), player(desk, 1, address="10.0.0.2")
    ma, _ = paired(desk, a, b)
    desk.say(a, {"type": "join_match", "ticket": ma["ticket"]})
    db = desk.server.store.db
    state = json.loads(db.execute("SELECT state FROM rooms").fetchone()[0])
    state["match"] = {"ids": state["match"]["ids"]}            # no kind
    db.execute("UPDATE rooms SET state = ?", (json.dumps(state),))
    desk.restart()
    assert ma["room"] not in desk.server.rooms
    assert [ma["room"] in line for line in desk.server.problems] == [True]


def test_a_restarted_server_lists_the_matched_games_it_kept(tmp_path):
    desk = Desk(tmp_path)
    a, b = player(desk, 0, address="10.0.0.1"), player(desk, 1, address="10.0.0.2")
    ma, mb = paired(desk, a, b)
    desk.say(a, {"type": "join_match", "ticket": ma["ticket"]})
    desk.say(b, {"type": "join_match", "ticket": mb["ticket"]})
    place(desk, ma["room"], (a, b), 3)
    desk.restart()
    listed = desk.reply(player(desk, 4), {"type": "games"})["games"]
    assert [(g["room"], g["names"], g["ratings"], g["moves"]) for g in listed] == [
        (ma["room"], ["P0", "P1"], [1500, 1500], 0)]


def test_a_waiter_hears_queued_every_two_seconds_and_queuing_again_keeps_his_time(tmp_path):
    desk = Desk(tmp_path)
    a = player(desk, 0)
    queue(desk, a)
    desk.clock.now += 1.0
    assert not to(a, desk.server.tick(), "queued")
    desk.clock.now += 1.0
    told = to(a, desk.server.tick(), "queued")
    assert told and told[0]["waited"] == 2 and told[0]["window"] == 150
    out = queue(desk, a)                            # his own connection again: no "replaced"
    assert not to(a, out, "unqueued") and to(a, out, "queued")[0]["waited"] == 2
