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


def test_abuse_with_the_queue_keeps_its_lines_and_measures_honest_waits(monkeypatch):
    """``net --abuse`` in small (issue 37): every line of its JSON is still there, and the
    queue's: honest queued players paired and their waits measured while an address queues,
    leaves and declines."""
    from game.net import abuse
    for name, value in (("SILENT", 2), ("IDLE", 2), ("IDLE_HOLD", 0.1), ("HONEST_EACH", 1),
                        ("CREATORS", 2), ("GUESSERS", 1), ("FLOODERS", 1),
                        ("MODE_KEYS", abuse.MODE_KEYS[:1]), ("QUEUE_PLAYERS", 4),
                        ("QUEUE_GAMES", 1), ("QUEUE_WORKERS", 2), ("QUEUE_ARRIVALS", 0.5),
                        ("QUEUE_KINDS", tuple(abuse.match_kinds())[:1]),
                        ("LAPSE", 0.0)):     # (a lapse keeps the other waiting 5 s)
        monkeypatch.setattr(abuse, name, value)
    out = asyncio.run(abuse.run(seed=1, hello_within=0.3))
    assert {"honest_finished", "honest_games", "honest_errors", "leaks", "attacker",
            "rooms_in_store", "tracebacks", "restart_create_ok", "seconds"} <= set(out)
    assert out["honest_errors"] == 0 and out["leaks"] == 0 and out["tracebacks"] == 0
    assert out["restart_create_ok"]
    queue = out["queue"]
    # (one who had his game queues on while another of his kind has not had his)
    assert queue["paired"] == 4 and queue["games_finished"] >= 2
    assert queue["games_per_player"]["min"] == 1
    assert queue["errors"] == 0 and queue["leaks"] == 0
    assert queue["wait_s"]["p95"] is not None
    assert {"connections", "queues", "left", "paired", "declined", "lapsed",
            "refusals"} <= set(queue["attacker"])
    assert queue["attacker"]["queues"][0] > 0
