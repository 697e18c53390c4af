"""Many server processes behind one proxy (issue 37, part 6): what each role answers on which
path, the codes a room process makes, a room process's durable reports to the lobby (signed with
the cluster's key: a client cannot forge a result) and their link, which survives the lobby going
away."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.modes import match_kinds
from game.net import cluster
from game.net.protocol import CREATE_PATH, LOBBY_PATH, ROOM_PATH, VERSION
from game.net.server import Conn, Server, serve
from game.rules.classic import PRESETS

from .net_helpers import Desk, place

CONFIG = PRESETS["russian"].to_dict()
KEY = bytes(range(32))


class Spy:
    """The lobby a report reaches (spec §3: ``record``, ``ended``, ``status``), each call
    written down and handed on to the real one."""

    def __init__(self, lobby):
        self.lobby = lobby
        self.results, self.ended_rooms, self.statuses = {}, [], {}

    def record(self, result):
        if self.lobby.record(result):          # False: recorded already (by its id)
            self.results[result["id"]] = result

    def ended(self, code):
        self.ended_rooms.append(code)
        self.lobby.ended(code)

    def status(self, code, info):
        self.statuses[code] = info
        self.lobby.status(code, info)

    def __getattr__(self, name):
        return getattr(self.lobby, name)


def cluster_desk(tmp_path, role, letters=None, key=KEY) -> Desk:
    desk = Desk(tmp_path)
    desk.server.close()
    desk.server = Server(tmp_path, clock=desk.clock, seed=1, role=role, letters=letters,
                         cluster_key=key)
    if role == "lobby":
        desk.server.lobby = Spy(desk.server.lobby)
    return desk


def hello(desk, path="/", version=VERSION, address="127.0.0.9") -> Conn:
    conn = Conn(None, address, path=path)
    assert desk.reply(conn, {"type": "hello", "version": version,
                             "game": "sea-battle"})["type"] == "welcome"
    return conn


def create(desk, conn) -> dict:
    return desk.reply(conn, {"type": "create", "mode": "classic", "config": CONFIG,
                             "name": "Anna"})


# -- roles and paths ---------------------------------------------------------------------------

def test_a_room_process_makes_codes_of_its_letters_on_the_create_path_only(tmp_path):
    desk = cluster_desk(tmp_path, "rooms", letters="AB")
    codes = [create(desk, hello(desk, CREATE_PATH, address=f"127.0.0.{i + 2}"))["room"]
             for i in range(12)]
    assert all(code[0] in "AB" for code in codes) and {c[0] for c in codes} == {"A", "B"}
    for path in ("/", LOBBY_PATH, ROOM_PATH + codes[0]):
        assert create(desk, hello(desk, path))["code"] == "wrong_path"


def test_a_room_process_takes_a_rooms_messages_only_on_its_path(tmp_path):
    desk = cluster_desk(tmp_path, "rooms", letters="C")
    joined = create(desk, hello(desk, CREATE_PATH))
    code = joined["room"]
    other = "D" + code[1:]
    for path in ("/", CREATE_PATH, ROOM_PATH + other):
        b = hello(desk, path, address="127.0.0.3")
        refused = desk.reply(b, {"type": "join", "room": code, "name": "Boris"})
        assert refused["code"] == "wrong_path" and refused["field"] == "room"
        assert desk.reply(b, {"type": "rejoin", "room": code, "seat": 0,
                              "secret": joined["secret"]})["code"] == "wrong_path"
    b = hello(desk, ROOM_PATH + code, address="127.0.0.3")
    assert desk.reply(b, {"type": "join", "room": code, "name": "Boris"})["type"] == "joined"
    a = hello(desk, ROOM_PATH + code, address="127.0.0.4")      # the seat taken up again
    assert desk.reply(a, {"type": "rejoin", "room": code, "seat": 0,
                          "secret": joined["secret"]})["type"] == "joined"


def test_each_process_refuses_the_other_roles_messages_as_wrong_server(tmp_path):
    rooms = cluster_desk(tmp_path / "r", "rooms", letters="E")
    conn = hello(rooms, LOBBY_PATH)
    for message in ({"type": "queue", "kind": "classic"}, {"type": "ratings"},
                    {"type": "report", "report": {}, "sig": "0" * 64}):
        assert rooms.reply(conn, message)["code"] == "wrong_server"
    lobby = cluster_desk(tmp_path / "l", "lobby")
    conn = hello(lobby, CREATE_PATH)
    assert create(lobby, conn)["code"] == "wrong_server"
    assert lobby.reply(conn, {"type": "join", "room": "ABCDEFGH", "name": "B"})["code"] \
        == "wrong_server"
    assert lobby.reply(conn, {"type": "ping"})["type"] == "pong"


def test_a_version_1_client_and_one_process_are_served_on_any_path(tmp_path):
    rooms = cluster_desk(tmp_path / "r", "rooms", letters="F")
    old = hello(rooms, "/", version=1)
    code = create(rooms, old)["room"]
    assert code[0] == "F"
    assert rooms.reply(hello(rooms, "/", version=1, address="127.0.0.5"),
                       {"type": "join", "room": code, "name": "B"})["type"] == "joined"
    one = Desk(tmp_path / "one")         # role "all": every message on any path
    code = create(one, hello(one, LOBBY_PATH))["room"]
    assert one.reply(hello(one, CREATE_PATH, address="127.0.0.6"),
                     {"type": "join", "room": code, "name": "B"})["type"] == "joined"


def test_letters_and_roles_are_checked_when_the_server_is_made(tmp_path):
    for letters in ("A0", "AA", "a"):
        with pytest.raises(ValueError):
            Server(tmp_path, role="rooms", letters=letters)
    with pytest.raises(ValueError):
        Server(tmp_path, role="shard")
    desk = cluster_desk(tmp_path / "none", "rooms", letters="")   # its letters moved away
    assert create(desk, hello(desk, CREATE_PATH))["code"] == "server_full"


def test_a_path_is_routed_on_without_its_query():
    assert cluster.clean_path("/v2/room/ABCDEFGH?x=1") == "/v2/room/ABCDEFGH"
    assert cluster.clean_path("") == "/" and cluster.clean_path(None) == "/"
    assert cluster.path_code("/v2/room/ABCDEFGH") == "ABCDEFGH"
    assert cluster.path_code("/v2/room/abcdefgh") is None


# -- reports ------------------------------------------------------------------------------------

RESULT = {"id": "GHJKMNPQ/1", "kind": "classic", "players": ["a" * 64, "b" * 64],
          "names": ["Anna", "Boris"], "score": 1, "reason": "won", "moves": 61}


def test_the_lobby_records_a_signed_report_once_and_no_client_can_forge_one(tmp_path):
    desk = cluster_desk(tmp_path, "lobby")
    lobby = desk.server.lobby
    outbox = cluster.Outbox(desk.server.store.db, KEY, "GH")
    outbox.result(RESULT)
    (n, message), = outbox.pending()
    link = hello(desk, LOBBY_PATH)
    for _ in range(2):                      # sent again after a lost link: counted once
        assert desk.reply(link, message) == {"type": "reported", "id": str(n)}
    assert lobby.results == {RESULT["id"]: RESULT} and link.cluster
    assert lobby.db.execute("SELECT id FROM results").fetchall() == [(RESULT["id"],)]
    # a client, without the key: its own "result", a signature of another key, one changed
    thief = hello(desk, LOBBY_PATH, address="127.0.0.7")
    mine = {"id": "1", "what": "result", "data": RESULT | {"id": "X/1", "score": 0}}
    forged = [{"type": "report", "report": mine, "sig": "0" * 64},
              {"type": "report", "report": mine, "sig": cluster.sign(b"x" * 32, mine)},
              {"type": "report", "report": message["report"] | {"what": "ended"},
               "sig": message["sig"]},
              {"type": "report", "report": mine,      # a ticket's signature is no report's
               "sig": __import__("hmac").new(KEY, cluster.canonical(mine),
                                             "sha256").hexdigest()}]
    for bad in forged:
        assert desk.reply(thief, bad)["code"] == "bad_report"
    assert list(lobby.results) == [RESULT["id"]] and not lobby.ended_rooms
    assert lobby.db.execute("SELECT COUNT(*) FROM results").fetchone() == (1,)
    assert not thief.cluster
    one = Desk(tmp_path / "one")            # one process takes no reports at all
    assert one.reply(one.hello(), message)["code"] == "not_here"


def test_a_room_processs_outbox_is_durable_and_keeps_the_last_status(tmp_path):
    desk = cluster_desk(tmp_path, "rooms", letters="G")
    outbox = desk.server.reports
    outbox.result(RESULT)
    outbox.result(RESULT)                   # the same game's end made again after a restart
    outbox.status("GHJKMNPQ", {"moves": 3})
    outbox.flush()
    outbox.status("GHJKMNPQ", {"moves": 9})   # the last told replaces the one not yet sent
    outbox.status("GZZZZZZZ", {"moves": 1})
    outbox.flush()
    outbox.status("GZZZZZZZ", {"moves": 1})   # told again, unchanged: not written again
    outbox.flush()
    outbox.ended("GZZZZZZZ")                # its status is dropped with it
    desk.restart()
    desk.server.close()
    desk.server = Server(tmp_path, role="rooms", letters="G", cluster_key=KEY)
    sent = [m["report"] for _, m in desk.server.reports.pending()]
    assert [(r["what"], r["data"].get("room") or r["data"]["id"]) for r in sent] == [
        ("result", RESULT["id"]), ("status", "GHJKMNPQ"), ("ended", "GZZZZZZZ")]
    assert sent[1]["data"]["info"] == {"moves": 9} and sent[0]["from"] == "G"
    desk.server.reports.done(sent[0]["id"])
    assert len(desk.server.reports) == 2
    desk.server.close()


def test_reports_reach_the_lobby_over_a_link_that_comes_back(tmp_path):
    """The lobby's process over a real WebSocket on loopback: reports made while it is down
    wait in the outbox and arrive, each once, when it is back."""
    async def scenario():
        lobby = cluster_desk(tmp_path / "lobby", "lobby").server
        rooms = Server(tmp_path / "rooms", role="rooms", letters="H", cluster_key=KEY)
        port = []
        stop = asyncio.Event()
        up = asyncio.create_task(serve(lobby, "127.0.0.1", 0, ready=port.append, stop=stop))
        while not port:
            await asyncio.sleep(0.01)
        reporter = cluster.Reporter(rooms.reports, f"ws://127.0.0.1:{port[0]}{LOBBY_PATH}")
        sending = asyncio.create_task(reporter.run())
        rooms.reports.result(RESULT)
        await until(lambda: not len(rooms.reports))
        stop.set()
        await up                                      # the lobby goes away
        for n in range(3):
            rooms.reports.result(RESULT | {"id": f"HJKMNPQR/{n}"})
        rooms.reports.result(RESULT | {"id": "HJKMNPQR/9", "kind": "chess"})   # never taken
        rooms.reports.ended("HJKMNPQR")
        await asyncio.sleep(0.3)
        assert len(rooms.reports) == 5
        stop = asyncio.Event()
        up = asyncio.create_task(serve(lobby, "127.0.0.1", port[0], stop=stop))
        await until(lambda: not len(rooms.reports))
        sending.cancel()
        stop.set()
        await up
        assert sorted(lobby.lobby.results) == ["GHJKMNPQ/1"] + [f"HJKMNPQR/{n}"
                                                                for n in range(3)]
        assert lobby.lobby.ended_rooms == ["HJKMNPQR"] and reporter.links == 2
        rooms.close()
        lobby.close()
    asyncio.run(asyncio.wait_for(scenario(), 30))


async def until(done, within: float = 10.0) -> None:
    for _ in range(int(within / 0.02)):
        if done():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not in time")


def test_a_cluster_key_is_made_once_and_read_back_checked(tmp_path):
    key = cluster.make_key(tmp_path / "key")
    assert cluster.read_key(tmp_path / "key") == key and len(key) == 32
    assert (tmp_path / "key").stat().st_mode & 0o077 == 0
    (tmp_path / "bad").write_text("not a key")
    for path in (tmp_path / "bad", tmp_path / "none"):
        with pytest.raises(ValueError):
            cluster.read_key(path)
    assert json.loads(cluster.canonical({"b": 1, "a": "é"})) == {"a": "é", "b": 1}


# -- a matched game across processes --------------------------------------------------------------

def test_a_match_made_by_the_lobby_is_played_on_a_room_process_and_rated_by_its_report(tmp_path):
    """The lobby's process pairs two players and signs their tickets with the cluster's key; a
    room process takes each ticket on its room's path only, plays the game, and its result
    reaches the lobby as a signed report (no sockets: the link's messages handed by hand)."""
    kind = next(iter(match_kinds()))
    keys = ["%02x" % n * 32 for n in (1, 2)]
    lobby_desk, rooms_desk = cluster_desk(tmp_path / "l", "lobby"), \
        cluster_desk(tmp_path / "r", "rooms")
    lobby = lobby_desk.server.lobby
    queued = [lobby_desk.hello(address=f"127.0.0.{n + 2}", player=keys[n], name=f"P{n}")
              for n in (0, 1)]
    lobby_desk.say(queued[0], {"type": "queue", "kind": kind})
    out = lobby_desk.say(queued[1], {"type": "queue", "kind": kind})
    match = next(m for _, m in out if m["type"] == "match_found")["match"]
    lobby_desk.say(queued[0], {"type": "accept", "match": match})
    matched = {id(c): m for c, m in lobby_desk.say(queued[1], {"type": "accept",
                                                                "match": match})}
    tickets = [matched[id(c)] for c in queued]
    code = tickets[0]["room"]
    seats = []
    for n, ticket in enumerate(tickets):
        elsewhere = Conn(None, f"127.0.0.{n + 2}", path=ROOM_PATH + "ABCDEFGH")
        rooms_desk.reply(elsewhere, {"type": "hello", "version": VERSION,
                                     "game": "sea-battle", "player": keys[n]})
        assert rooms_desk.reply(elsewhere, {"type": "join_match", "ticket": ticket["ticket"]}
                                )["code"] == "wrong_path"
        conn = Conn(None, f"127.0.0.{n + 2}", path=ticket["path"])
        welcome = rooms_desk.reply(conn, {"type": "hello", "version": VERSION,
                                          "game": "sea-battle", "player": keys[n]})
        assert welcome["player"]["known"] is True
        assert rooms_desk.reply(conn, {"type": "join_match",
                                       "ticket": ticket["ticket"]})["type"] == "joined"
        seats.append(conn)
    place(rooms_desk, code, seats, 3)
    rooms_desk.say(seats[1], {"type": "resign"})
    outbox = rooms_desk.server.reports
    outbox.flush()
    link = hello(lobby_desk, LOBBY_PATH, address="127.0.0.1")
    for _, message in outbox.pending():
        reply = lobby_desk.reply(link, message)
        assert reply["type"] == "reported", reply
        outbox.done(reply["id"])
    assert not len(outbox)
    assert list(lobby.results) == [f"{code}/0"] and lobby.statuses[code]["moves"] == 0
    rated = [lobby_desk.reply(c, {"type": "ratings"})["kinds"][kind] for c in queued]
    assert rated[0]["rating"] > 1500 > rated[1]["rating"] and rated[0]["games"] == 1


@pytest.mark.parametrize("role", ["all", "lobby"])
def test_only_a_room_process_started_from_the_command_line_links_to_a_lobby(tmp_path, role):
    """``seabattle-server`` on its own (issue 38): one process, or the lobby's, has the lobby in
    it and no link to make; it used to start one to the URL None and log its failure for as long
    as it ran."""
    from game.net.server import from_args, parser
    key = tmp_path / "key"
    key.write_text(KEY.hex())
    args = ["--data", str(tmp_path / role), "--port", "0"]
    server = from_args(parser().parse_args(args + (["--role", role, "--cluster-key", str(key)]
                                                   if role != "all" else [])))
    try:
        assert server.reporter is None
    finally:
        server.close()
    rooms = from_args(parser().parse_args(args + ["--role", "rooms", "--cluster-key", str(key),
                                                  "--lobby", "ws://127.0.0.1:1/v2/lobby"]))
    try:
        assert rooms.reporter is not None and rooms.reporter.url.startswith("ws://")
    finally:
        rooms.close()
