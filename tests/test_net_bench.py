"""``bench net`` itself (issue 23): two games through a real server, every message checked
for leaks, as its command line reports them; each player connects from a loopback address of
its own (issue 35)."""

from __future__ import annotations

import asyncio

from game.net import bench


def test_bench_net_plays_games_through_a_real_server_and_checks_every_message():
    # each player from an address of its own: a server that lets an address hold one
    # connection and create one room plays them all (issue 35)
    out = asyncio.run(bench.run(games=2, seed=1, rooms=2, faults=False, think=0.0,
                                options=("--max-connections", "1", "--creates", "1")))
    assert out["finished"] == 2 and out["errors"] == 0 and out["leaks"] == 0
    assert out["checked"] >= out["actions"] > 0     # each seat hears every action
    assert out["server_cpu_s"] is not None and out["server_mb"] > 0


def test_bench_net_hold_keeps_more_rooms_than_one_address_may_hold():
    """``net --hold``: its rooms are played in process, each seat from an address of its own,
    so the limits per address do not stop it at the eighth room (issue 35)."""
    out = bench.hold(rooms=12, seed=1, moves=2)
    assert out["rooms"] == 12 and out["restarted_rooms"] == 12
