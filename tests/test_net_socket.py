"""The server over real WebSockets on 127.0.0.1 (issue 23): two clients play a Classic game; one
drops and comes back with its seat's secret; the server is stopped and started again on the
same folder and the game goes on; an oversized frame or an old client is refused and the
server stays up; the game's own connection thread (``NetThread``) takes its seat again by
itself."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from game.match import COMPUTER, Match, Seat
from game.modes import MODES
from game.net import codec
from game.net.client import NetThread, open_link
from game.net.server import WIRE_LIMIT, Hosted
from game.rules.classic import PRESETS

CONFIG = PRESETS["russian"]


@pytest.fixture
def hosted(tmp_path):
    server = Hosted(tmp_path, host="127.0.0.1")
    assert server.port, server.error
    yield server
    server.stop()


async def until(link, phase=None, kind="state", moves=None):
    """The next message of ``kind`` (in ``phase``, at ``moves``), skipping others."""
    while True:
        message = await link.recv(10)
        if message["type"] == kind and (phase is None or message.get("phase") == phase) \
                and (moves is None or message.get("moves") == moves):
            return message


async def seat_two(url):
    a, b = await open_link(url), await open_link(url)
    await a.send({"type": "create", "mode": "classic", "config": CONFIG.to_dict(),
                  "name": "Anna", "first": "0"})
    joined_a = await until(a, kind="joined")
    await b.send({"type": "join", "room": joined_a["room"], "name": "Boris"})
    joined_b = await until(b, kind="joined")
    match = Match(CONFIG, (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")), seed=4)
    for link, setup in zip((a, b), match.computer_setups()):
        await link.send({"type": "setup", "setup": codec.setup_to_json("classic", setup)})
    await until(a, "battle")
    await until(b, "battle")
    return a, b, joined_a, joined_b


async def shoot(links, rng, moves: int, turn: int) -> tuple[int, int]:
    """One random shot by the seat to act (from its own view); both hear the new state."""
    link = links[turn]
    view = link.last_view
    cells = [c for c in view.unknown_cells()]
    await link.send({"type": "act", "action": list(rng.choice(cells)), "moves": moves})
    states = [await until(x, moves=moves + 1) for x in links]
    for x, s in zip(links, states):
        x.last_view = codec.decode(s["view"])
    return moves + 1, states[0]["turn"]


def test_two_clients_play_drop_come_back_and_the_server_restarts(tmp_path):
    async def main():
        server = Hosted(tmp_path, host="127.0.0.1")
        url = f"ws://127.0.0.1:{server.port}"
        a, b, ja, jb = await seat_two(url)
        rng = random.Random(2)
        links = [a, b]
        # the views as the battle began (a fresh state for each seat through a rejoin)
        moves, turn = 0, 0
        for seat, j in ((0, ja), (1, jb)):
            links[seat] = await open_link(url)
            await links[seat].send({"type": "rejoin", "room": ja["room"], "seat": seat,
                                    "secret": j["secret"]})
            state = await until(links[seat], "battle")
            links[seat].last_view = codec.decode(state["view"])
        for _ in range(12):
            moves, turn = await shoot(links, rng, moves, turn)
        # B's connection drops: A hears that B is gone
        await links[1].close()
        gone = await until(links[0])
        assert gone["seats"][1]["here"] is False
        # the server is stopped and started again on the same folder and port
        port = server.port
        await links[0].close()
        server.stop()
        server = Hosted(tmp_path, host="127.0.0.1", port=port)
        for seat, j in ((0, ja), (1, jb)):
            links[seat] = await open_link(url)
            await links[seat].send({"type": "rejoin", "room": ja["room"], "seat": seat,
                                    "secret": j["secret"], "seen": moves})
            state = await until(links[seat], "battle")
            assert state["moves"] == moves            # nothing lost
            links[seat].last_view = codec.decode(state["view"])
        turn = state["turn"]
        for _ in range(6):
            moves, turn = await shoot(links, rng, moves, turn)
        for link in links:
            await link.close()
        server.stop()
    asyncio.run(main())


def test_oversized_frames_and_old_clients_are_refused_and_the_server_stays_up(hosted):
    url = f"ws://127.0.0.1:{hosted.port}"

    async def main():
        link = await open_link(url)
        await link.send({"type": "chat", "text": "x" * 20000})
        reply = await link.recv(5)
        assert reply["code"] == "too_big"           # said, and the connection kept
        await link.ws.send("y" * (WIRE_LIMIT + 10))  # past the transport's limit: closed
        with pytest.raises(Exception):
            await link.recv(5)
        with pytest.raises(ConnectionError, match="update your game"):
            await open_link(url, version=0)
        again = await open_link(url)                # the server is still up
        await again.send({"type": "ping"})
        assert (await again.recv(5))["type"] == "pong"
        await again.close()
    asyncio.run(main())


def test_the_games_connection_thread_takes_its_seat_again_by_itself(hosted):
    url = f"ws://127.0.0.1:{hosted.port}"
    net = NetThread(url, retry=0.1)
    net.send({"type": "create", "mode": "naval",
              "config": MODES["naval"].rules.presets["naval"].to_dict(), "name": "Anna"})
    deadline = time.monotonic() + 10
    while net.remote.phase != "waiting" and time.monotonic() < deadline:
        net.poll()
        time.sleep(0.02)
    assert net.remote.phase == "waiting" and net.remote.secret
    room = net.remote.room
    # the connection is cut under it: it connects again and takes up seat 0 with its secret
    states = net.remote.states
    asyncio.run_coroutine_threadsafe(net._link.ws.close(), net._loop).result(5)
    while net.remote.states == states and time.monotonic() < deadline + 10:
        net.poll()
        time.sleep(0.02)
    assert net.remote.room == room and net.remote.seat == 0 and net.remote.phase == "waiting"
    assert net.status == "open"
    net.close()


def test_a_server_that_breaks_the_protocol_is_said_and_nothing_fails():
    """The client's side reads the server's messages through the protocol too: junk, a wrong
    type, a state with a view of an unknown class come back as errors naming the problem."""
    from websockets.asyncio.server import serve

    from game.net.client import Remote

    async def junk(ws):
        await ws.recv()                                   # hello
        await ws.send('{"type": "welcome", "version": 1}')
        for text in ("not json", "[1]", '{"type": "state", "seat": 7}',
                     '{"type": "chat", "seat": 0, "phrase": "__import__"}'):
            await ws.send(text)
        await ws.wait_closed()

    async def main():
        async with serve(junk, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            link = await open_link(f"ws://127.0.0.1:{port}")
            replies = [await link.recv(5) for _ in range(4)]
            await link.close()
        return replies
    replies = asyncio.run(main())
    assert [r["code"] for r in replies] == ["bad_server_message"] * 4
    assert "room" in replies[2]["message"] and "phrase" in replies[3]["message"]
    remote = Remote()
    remote.take({"type": "state", "phase": "battle", "view": {"t": "os.system", "f": {}}})
    with pytest.raises(codec.CodecError, match="os.system"):
        remote.view
