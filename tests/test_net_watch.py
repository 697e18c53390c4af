"""Spectators (issue 37): a connection that watches a room hears only what BOTH players know —
the mode's public view, the events with every side's secrets emptied, the names, the score, the
chat — and can do nothing; the players hear how many watch; a room that ends tells its
spectators; and the leak check (``visibility.spectator_leaks``) catches a spectator sent a
player's secret."""

from __future__ import annotations

import json
import random

import pytest

from game.net import codec, protocol, visibility
from game.net.limits import Limits
from game.net.server import Conn
from game.rules import classic, korabliki, naval
from game.rules.modes import MODES

from .net_helpers import Desk, seated_room, snapshot

CONFIGS = [("classic", classic.PRESETS["russian"]), ("classic", classic.PRESETS["arcade"]),
           ("classic", classic.PRESETS["minesweepers"]), ("classic", classic.PRESETS["dutchman"]),
           ("naval", naval.NavalConfig()), ("korabliki", korabliki.KorablikiConfig())]
IDS = ["classic", "arcade", "minesweepers", "dutchman", "naval", "korabliki"]


def watch(desk: Desk, code: str, address: str = "") -> tuple[Conn, dict]:
    conn = desk.hello(address=address)
    first = desk.reply(conn, {"type": "watch", "room": code})
    assert first["type"] == "spectate", first
    return conn, first


def heard(out: list, conn: Conn) -> list:
    return [m for c, m in out if c is conn]


def through_json(message: dict) -> dict:
    """As it travels (and as a client checks it)."""
    back = json.loads(protocol.write(message))
    protocol.check(back, protocol.SERVER_SCHEMAS)
    return back


def play(desk: Desk, room, conns, watcher, moves: int, seed: int = 5):
    """``moves`` random legal actions by the seats; after each, every message the spectator
    heard, with the game as it stood then. Yields (message, game)."""
    rng = random.Random(seed)
    rules = MODES[room.mode]
    for _ in range(moves):
        game = room.game
        if game.over:
            return
        action = rules.random_action(game, rng)
        out = desk.say(conns[game.turn], {"type": "act", "moves": len(game.history),
                                          "action": codec.action_to_json(room.mode, action)})
        for message in heard(out, watcher):
            yield through_json(message), room.game


@pytest.mark.parametrize("mode,config", CONFIGS, ids=IDS)
def test_a_spectator_hears_only_what_both_players_know(tmp_path, mode, config):
    desk = Desk(tmp_path)
    room, conns, _ = seated_room(desk, config, seed=3)
    watcher, first = watch(desk, room.code)
    assert visibility.spectator_leaks(mode, room.game, through_json(first)) == []
    told, kinds = 0, set()
    for message, game in play(desk, room, conns, watcher, 120):
        assert message["type"] == "spectate"
        assert visibility.spectator_leaks(mode, game, message) == []
        assert message["moves"] == len(game.history) and message["watchers"] == 1
        kinds |= {e["t"] for e in message["events"]}
        told += 1
    assert told >= 40 and {"TurnChanged"} < kinds, (told, kinds)


def test_the_arcade_radar_is_never_told_to_a_spectator(tmp_path):
    """§A: what a radar showed is the shooter's alone: the spectator's event has it empty and
    his board has no radar at all, while the shooter's own state has it."""
    desk = Desk(tmp_path)
    room, conns, _ = seated_room(desk, classic.PRESETS["arcade"], first="0", seed=3)
    watcher, _ = watch(desk, room.code)
    miss = next(c for c in room.game.shootable(0) if c not in room.game._ship_at[1])
    desk.say(conns[0], {"type": "act", "moves": 0, "action": codec.action_to_json(
        "classic", classic.Shot(miss))})
    miss = next(c for c in room.game.shootable(1) if c not in room.game._ship_at[0])
    desk.say(conns[1], {"type": "act", "moves": 1, "action": codec.action_to_json(
        "classic", classic.Shot(miss))})
    centre = next(s for s in room.game.ships[1] if len(s) == 4)[1]
    out = desk.say(conns[0], {"type": "act", "moves": 2, "action": codec.action_to_json(
        "classic", classic.UseWeapon(classic.RADAR, centre))})
    mine = heard(out, conns[0])[0]
    shown = [e for e in mine["events"] if e["t"] == "WeaponResult"][0]["f"]["shown"]
    assert shown, "the shooter is shown what his radar found"
    spectate = through_json(heard(out, watcher)[0])
    event = [e for e in spectate["events"] if e["t"] == "WeaponResult"][0]
    assert event["f"]["shown"] == []
    board = codec.decode(spectate["board"])
    assert not hasattr(board, "radar") and "radar" not in spectate["board"]["f"]
    assert all(c not in board.sides[1].marks for c, _ in shown)
    assert visibility.spectator_leaks("classic", room.game, spectate) == []


def test_a_spectator_can_do_nothing_but_ping_and_leave(tmp_path):
    desk = Desk(tmp_path)
    room, conns, secrets = seated_room(desk, classic.PRESETS["russian"], seed=3)
    watcher, _ = watch(desk, room.code)
    before = snapshot(room)
    game = room.game
    action = codec.action_to_json("classic", MODES["classic"].random_action(game, random.Random(1)))
    for message in ({"type": "act", "moves": len(game.history), "action": action},
                    {"type": "chat", "text": "hi"}, {"type": "resign"}, {"type": "offer_draw"},
                    {"type": "claim"}, {"type": "next"}, {"type": "setup", "setup": []},
                    {"type": "join", "room": room.code, "name": "Eve"},
                    {"type": "rejoin", "room": room.code, "seat": 0, "secret": secrets[0]},
                    {"type": "create", "mode": "classic", "config": {}, "name": "Eve"},
                    {"type": "watch", "room": room.code}, {"type": "queue", "kind": "classic"}):
        reply = desk.reply(watcher, message)
        assert reply["type"] == "error" and reply["code"] == "spectator", (message, reply)
    assert snapshot(room) == before and room.game is game
    assert desk.reply(watcher, {"type": "ping"})["type"] == "pong"
    out = desk.say(watcher, {"type": "leave"})
    assert heard(out, watcher) == [{"type": "left", "room": room.code}]
    assert not room.watchers and watcher.watching is None
    for seat in (0, 1):         # the players hear that nobody watches now
        assert heard(out, conns[seat])[0]["watchers"] == 0


def test_a_spectator_hears_the_chat_and_the_lines_before_it_came(tmp_path):
    desk = Desk(tmp_path)
    room, conns, _ = seated_room(desk, classic.PRESETS["russian"], seed=3)
    desk.say(conns[0], {"type": "chat", "text": "good luck"})
    watcher, first = watch(desk, room.code)
    assert first["chat"] == [[0, "text", "good luck"]]
    out = desk.say(conns[1], {"type": "chat", "phrase": "hot"})
    assert heard(out, watcher) == [{"type": "chat", "seat": 1, "phrase": "hot"}]
    assert all("chat" not in m for m, _ in play(desk, room, conns, watcher, 5))


def test_the_players_hear_how_many_watch_and_a_dropped_spectator_is_forgotten(tmp_path):
    desk = Desk(tmp_path)
    room, conns, _ = seated_room(desk, naval.NavalConfig(), seed=3)
    first = desk.reply(conns[0], {"type": "chat", "text": "x"})
    assert "watchers" not in desk.server.rooms[room.code].state_for(0, desk.clock.now)
    assert first["type"] == "chat"
    a = desk.hello()
    out = desk.say(a, {"type": "watch", "room": room.code})
    assert [m["watchers"] for c in conns for m in heard(out, c)] == [1, 1]
    b, spectate = watch(desk, room.code)
    assert spectate["watchers"] == 2
    out = desk.server.gone(a)            # its connection dropped
    assert a not in room.watchers and a.watching is None and len(room.watchers) == 1
    assert [m["watchers"] for c in conns for m in heard(out, c)] == [1, 1]
    assert heard(out, b)[0]["watchers"] == 1
    assert desk.server.gone(a) == []      # said once
    message, _ = next(play(desk, room, conns, b, 3))
    assert message["watchers"] == 1
    assert heard(desk.say(conns[0], {"type": "ping"}), conns[0]) == [{"type": "pong"}]


def test_a_room_takes_at_most_its_spectators(tmp_path):
    desk = Desk(tmp_path, limits=Limits(watchers_per_room=2))
    room, _, _ = seated_room(desk, classic.PRESETS["russian"], seed=3)
    watch(desk, room.code, "10.0.0.1")
    watch(desk, room.code, "10.0.0.2")
    late = desk.hello(address="10.0.0.3")
    reply = desk.reply(late, {"type": "watch", "room": room.code})
    assert reply["code"] == "watch_full" and late.watching is None and len(room.watchers) == 2


def test_watching_is_no_way_to_guess_codes(tmp_path):
    """A code that is not there is a failed join of the address: soon it may watch nothing."""
    desk = Desk(tmp_path, limits=Limits(failed_joins=3))
    room, _, _ = seated_room(desk, classic.PRESETS["russian"], seed=3)
    conn = desk.hello(address="10.9.9.9")
    codes = [c for c in ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD") if c != room.code][:3]
    assert [desk.reply(conn, {"type": "watch", "room": c})["code"] for c in codes] == \
        ["no_room"] * 3
    assert desk.reply(conn, {"type": "watch", "room": room.code})["code"] == "too_many_joins"
    assert conn.watching is None and not room.watchers


def test_a_room_that_ends_tells_its_spectators(tmp_path):
    desk = Desk(tmp_path)
    a = desk.hello()
    code = desk.reply(a, {"type": "create", "mode": "korabliki", "config": {},
                          "name": "Anna"})["room"]
    watcher, first = watch(desk, code)
    assert first["phase"] == "waiting" and "board" not in first
    out = desk.say(a, {"type": "leave"})         # the room waiting for its second player ends
    assert code not in desk.server.rooms
    assert heard(out, watcher)[-1] == {"type": "error", "code": "room_ended",
                                       "message": f"room {code} has ended (its player left)"}
    assert watcher.watching is None
    assert desk.reply(watcher, {"type": "ping"})["type"] == "pong"


@pytest.mark.parametrize("message", [
    {"type": "watch"}, {"type": "watch", "room": "abcdef"}, {"type": "watch", "room": 7},
    {"type": "watch", "room": "ZZZZZZZZZZ"}, {"type": "watch", "room": "\u202eABCDE"},
    {"type": "watch", "room": ["ABCDEF"]}, {"type": "watch", "room": None},
    {"type": "watch", "room": "ABCDEF", "seat": 0}])
def test_hostile_watch_messages_get_coded_answers(tmp_path, message):
    desk = Desk(tmp_path)
    room, conns, _ = seated_room(desk, classic.PRESETS["russian"], seed=3)
    conn = desk.hello()
    reply = desk.reply(conn, message)
    assert reply["type"] == "error" and reply["code"] in ("bad_field", "unknown_field",
                                                          "missing_field", "no_room"), reply
    assert conn.watching is None and not room.watchers
    # a seat may not watch (it plays), nor a stranger before its hello
    assert desk.reply(conns[0], {"type": "watch", "room": room.code})["code"] == "seated"
    assert desk.reply(Conn(None), {"type": "watch", "room": room.code})["code"] == "hello_first"


# --- the check can fail ----------------------------------------------------------------------

def _midgame(mode: str, config, seed: int = 2, actions: int = 40):
    rules = MODES[mode]
    rng = random.Random(seed)
    game = rules.random_game(config, rng)
    events = []
    for _ in range(actions):
        events = game.apply(rules.random_action(game, rng))
    return game, events


@pytest.mark.parametrize("mode,config", CONFIGS, ids=IDS)
def test_a_state_made_for_a_seat_is_a_leak_to_a_spectator(mode, config):
    game, events = _midgame(mode, config)
    for seat in (0, 1):
        state = {"type": "spectate", "view": codec.encode(game.view(seat)),
                 "board": codec.encode(game.view(seat)),
                 "events": [codec.encode(e) for e in visibility.events_for(mode, events, seat)]}
        lines = visibility.spectator_leaks(mode, game, json.loads(json.dumps(state)))
        assert "a spectator is sent 'view'" in lines
        assert any(line.startswith("board is a") for line in lines), lines
    clean = {"board": codec.encode(visibility.public_view(mode, game)),
             "events": [codec.encode(e) for e in visibility.spectator_events(mode, events)]}
    assert visibility.spectator_leaks(mode, game, json.loads(json.dumps(clean))) == []


def test_a_hidden_fact_on_the_board_or_in_an_event_is_a_leak():
    game, _ = _midgame("classic", classic.PRESETS["arcade"])
    public = visibility.public_view("classic", game)
    ship = game.ships[1][0]
    cell = next(c for c in ship if c not in game.shots_at[1])
    side = public.sides[1]
    peeked = type(side)(**{**side.__dict__, "marks": side.marks | {cell: classic.HIT}})
    board = type(public)(**{**public.__dict__, "sides": (public.sides[0], peeked)})
    lines = visibility.spectator_leaks("classic", game, {"board": codec.encode(board)})
    assert lines == ["board.sides is not what both players know"]
    radar = classic.WeaponResult(0, classic.RADAR, cell, False, (cell,), (), ((cell, "deck"),))
    lines = visibility.spectator_leaks("classic", game, {"events": [codec.encode(radar)]})
    assert "events[0] WeaponResult.shown holds a player's secret" in lines
    kor, _ = _midgame("korabliki", korabliki.KorablikiConfig())
    hidden = next(p for p in kor.own(1) if not p.revealed)
    asked = korabliki.Asked(0, (0, 0), hidden.cell, hidden.rank, (hidden.cell,), "lost")
    assert visibility.spectator_leaks("korabliki", kor, {"events": [codec.encode(asked)]})


@pytest.mark.parametrize("mode,config", CONFIGS, ids=IDS)
def test_the_public_view_is_what_each_player_knows_of_each_field(mode, config):
    """Side p of the public view is p's enemy's knowledge of p's field, and p holds the same
    marks on his own field (his view's ``incoming`` side): both know it."""
    game, _ = _midgame(mode, config, actions=60)
    public = visibility.public_view(mode, game)
    if mode == "korabliki":
        for p in (0, 1):
            own = {q.id: q for q in game.view(p).own}
            for piece in public.pieces[p]:
                assert own[piece.id].cell == piece.cell
                assert piece.rank is None or own[piece.id].revealed or game.over
        return
    for p in (0, 1):
        mine, theirs = game.view(p), game.view(1 - p)
        assert public.sides[p].marks == theirs.target
        incoming = dict(mine.incoming) | {c: "empty" for c in getattr(mine, "incoming_empty", ())}
        assert {c: m for c, m in public.sides[p].marks.items() if m != "known_mine"} == \
            {c: m for c, m in incoming.items()}


# --- the game's spectator connection (``game.net.watcher``), over a real socket -----------------

def test_the_games_watcher_watches_a_room_over_loopback_and_hears_its_chat(tmp_path):
    import time

    from game.net.client import NetThread
    from game.net.server import Hosted
    from game.net.watcher import Watcher

    hosted = Hosted(tmp_path, host="127.0.0.1")
    assert hosted.port, hosted.error
    player = NetThread(f"ws://127.0.0.1:{hosted.port}", retry=0.2)
    watcher = None

    def until(check, what: str):
        end = time.monotonic() + 10
        while time.monotonic() < end:
            player.poll()
            if watcher is not None:
                watcher.poll()
            if check():
                return
            time.sleep(0.02)
        raise AssertionError(f"no {what} in 10 s")
    try:
        player.send({"type": "create", "mode": "naval", "config": {}, "name": "Anna"})
        until(lambda: player.remote.room is not None, "room")
        player.send({"type": "chat", "text": "ahoy"})
        until(lambda: player.remote.chat, "chat line")
        watcher = Watcher("127.0.0.1", hosted.port, player.remote.room, retry=0.2)
        until(lambda: watcher.state.get("phase") == "waiting", "spectate")
        assert watcher.chat == [(0, "text", "ahoy")] and watcher.board is None
        assert watcher.name_of(0) == "Anna" and watcher.watchers == 1
        until(lambda: player.remote.state.get("watchers") == 1, "watchers on the player's side")
        player.send({"type": "chat", "phrase": "hot"})
        until(lambda: len(watcher.chat) == 2, "the chat line")
        assert watcher.chat[-1] == (0, "phrase", "hot") and watcher.problem() is None
        watcher.close()
        until(lambda: player.remote.state.get("watchers") == 0, "the spectator gone")
    finally:
        if watcher is not None:
            watcher.close()
        player.close()
        hosted.stop()


def test_a_watcher_says_why_it_cannot_watch():
    from game.net.watcher import Watcher

    class Net:           # no thread: the messages a server sends, as they would come
        status, problem = "open", None

        def poll(self):
            return []

    w = Watcher("127.0.0.1", 1, "ABCDEFGH", net=Net())
    w.take({"type": "error", "code": "no_room", "message": "no room"})
    assert w.problem() == "online.error_no_room" and w.ended
    w = Watcher("127.0.0.1", 1, "ABCDEFGH", net=Net())
    w.take({"type": "error", "code": "watch_full", "message": "full"})
    assert w.problem() == "watch.error_full"
