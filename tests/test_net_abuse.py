"""The server's limits per address against the real ``python -m game.server`` process, as
``bench net --abuse`` tries them at scale (issue 35): from one address a connection that never
says hello is closed after ``--hello-within``, the 17th connection held at once is refused
``too_many_connections``, and a player at another address meanwhile creates a room as ever."""

from __future__ import annotations

import asyncio
import random

from game.net.abuse import CREATE, Attacker
from game.net.bench import ServerProcess, loopback
from game.net.client import open_link


def test_loopback_addresses_start_at_2_and_skip_0_and_255():
    addresses = [loopback(n) for n in range(600)]
    assert addresses[:2] == ["127.0.0.2", "127.0.0.3"] and len(set(addresses)) == 600
    assert all(0 < int(a.split(".")[3]) < 255 for a in addresses)
    assert "127.0.0.1" not in addresses


def test_one_address_is_held_to_its_connections_and_silence_is_closed(tmp_path):
    log = tmp_path / "server.log"

    async def main():
        server = ServerProcess(str(tmp_path / "data"), 1, ("--hello-within", "0.3"), log)
        await server.start()
        try:
            attacker = Attacker(server.url, random.Random(1))
            await attacker.silent(2, within=0.3)
            held = await attacker.idle(17)
            honest = await open_link(server.url, source=loopback(0))
            await honest.send(CREATE)
            while (reply := await honest.recv(5))["type"] not in ("joined", "error"):
                pass
            await honest.close()
            for ws in held:
                await ws.close()
        finally:
            await server.stop()
        return attacker.n, len(held), reply

    n, held, reply = asyncio.run(main())
    assert n["silent_accepted"] == 2 and n["silent_closed"] == 2
    assert n["refusal:hello_timeout"] == 2
    assert held == n["idle_accepted"] == 16 and n["idle_refused"] == 1
    assert n["refusal:too_many_connections"] == 1
    assert reply["type"] == "joined"
    assert "Traceback" not in log.read_text()
