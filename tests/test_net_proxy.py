"""The proxy in front of a cluster (issue 37, ``deploy/``): the configuration and map
``proxy.py`` writes (every letter to exactly one room process, the paths to their backends),
HAProxy itself taking it and routing real WebSockets by path on loopback (skipped, saying why,
where HAProxy is not installed), and ``bench net --shards`` refusing to run without it (rc 2)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.net import proxy
from game.net.client import open_link
from game.net.protocol import CODE_ALPHABET, CREATE_PATH, LOBBY_PATH, ROOM_PATH
from game.net.room import Room
from game.net.server import Server, serve
from game.net.shards import NO_PROXY, Proxy, free_ports
from game.rules.classic import PRESETS

ROOT = Path(__file__).resolve().parent.parent
HAPROXY = shutil.which("haproxy")
needs_haproxy = pytest.mark.skipif(HAPROXY is None, reason="HAProxy is not installed here "
                                   "(apt-get install haproxy): the generated configuration is "
                                   "still checked by the tests that need no proxy")


@pytest.mark.parametrize("n", [1, 2, 3, 7, 31])
def test_every_letter_goes_to_exactly_one_room_process(n):
    processes = proxy.plan(n, base_port=9000)
    rooms = processes[1:]
    assert processes[0] == proxy.Process("lobby", 9000)
    assert sorted("".join(p.letters for p in rooms)) == sorted(CODE_ALPHABET)
    assert [p.port for p in rooms] == list(range(9001, 9001 + n))
    lines = [line.split() for line in proxy.map_text(processes).splitlines()
             if not line.startswith("#")]
    assert len(lines) == len(CODE_ALPHABET)
    for path, backend in lines:
        code = path[len(ROOM_PATH):] + "BCDEFGH"
        owner = next(p for p in rooms if code[0] in p.letters)
        assert backend == owner.name == proxy.route(processes, ROOM_PATH + code)


def test_the_paths_route_to_the_lobby_the_creates_and_the_first_process():
    processes = proxy.plan(2)
    assert proxy.route(processes, LOBBY_PATH) == "lobby"
    assert proxy.route(processes, CREATE_PATH + "?x") == "create"
    assert proxy.route(processes, "/") == "rooms1"           # a protocol-1 client
    assert proxy.route(processes, ROOM_PATH) is None
    assert proxy.route(processes, ROOM_PATH + "0BCDEFGH") is None   # no code's letter
    text = proxy.haproxy_config(processes, "/x/rooms.map", maxconn=999)
    for line in ("bind 127.0.0.1:8765", "maxconn 999", "option forwardfor",
                 "timeout tunnel", "use_backend %[path,map_beg(/x/rooms.map,nowhere)]",
                 "server rooms1 127.0.0.1:9001", "server rooms2 127.0.0.1:9002",
                 "server lobby 127.0.0.1:9000", "sc0_conn_cur gt 16", "balance roundrobin"):
        assert line in text, line
    with pytest.raises(ValueError):
        proxy.plan(0)


@needs_haproxy
def test_haproxy_takes_the_generated_configuration(tmp_path):
    processes = proxy.plan(3)
    (tmp_path / "rooms.map").write_text(proxy.map_text(processes))
    (tmp_path / "haproxy.cfg").write_text(proxy.haproxy_config(processes,
                                                               str(tmp_path / "rooms.map")))
    done = subprocess.run([HAPROXY, "-c", "-f", str(tmp_path / "haproxy.cfg")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stdout + done.stderr, done.stdout + done.stderr


@needs_haproxy
def test_haproxy_routes_each_path_to_its_process(tmp_path):
    """Two room processes and the lobby (servers in this process, on loopback), HAProxy in front:
    creates go to both room processes in turn; a join on a room's path reaches the process that
    made it; a code of no letter is refused by the proxy; the lobby's path reaches the lobby."""
    async def scenario():
        front, *ports = free_ports(4)
        processes = [proxy.Process(p.name, port, p.letters)
                     for p, port in zip(proxy.plan(2), ports)]
        servers = [Server(tmp_path / p.name, seed=1, role="lobby" if p.name == "lobby"
                          else "rooms", letters=p.letters or None, cluster_key=b"k" * 32)
                   for p in processes]
        stop = asyncio.Event()
        up = [asyncio.create_task(serve(s, "127.0.0.1", p.port, stop=stop))
              for s, p in zip(servers, processes)]
        (tmp_path / "rooms.map").write_text(proxy.map_text(processes))
        (tmp_path / "haproxy.cfg").write_text(proxy.haproxy_config(
            processes, str(tmp_path / "rooms.map"), bind=f"127.0.0.1:{front}", maxconn=200))
        haproxy = Proxy(tmp_path / "haproxy.cfg", front, tmp_path / "haproxy.log")
        await haproxy.start()
        try:
            url = haproxy.url
            made = []
            for i in range(2):
                link = await open_link(url + CREATE_PATH, source=f"127.0.0.{10 + i}")
                await link.send({"type": "create", "mode": "classic", "name": "A",
                                 "config": PRESETS["russian"].to_dict()})
                joined = await link.recv(5)
                made.append((joined["room"], link))
            letters = {p.name: p.letters for p in processes}
            owners = sorted(next(n for n, ls in letters.items() if ls and code[0] in ls)
                            for code, _ in made)
            assert owners == ["rooms1", "rooms2"]          # round robin over both
            for (code, _), i in zip(made, (20, 21)):
                link = await open_link(url + ROOM_PATH + code, source=f"127.0.0.{i}")
                await link.send({"type": "join", "room": code, "name": "B"})
                assert (await link.recv(5))["type"] == "joined"
                await link.close()
            with pytest.raises(ConnectionError):        # the proxy answers 503 itself
                await open_link(url + ROOM_PATH + "0BCDEFGH", source="127.0.0.30")
            link = await open_link(url + LOBBY_PATH, source="127.0.0.31")
            await link.send({"type": "create", "mode": "classic", "name": "A",
                             "config": PRESETS["russian"].to_dict()})
            assert (await link.recv(5))["code"] == "wrong_server"    # the lobby answered
            await link.close()
            for _, link in made:
                await link.close()
        finally:
            await haproxy.stop()
            stop.set()
            await asyncio.gather(*up)
            for s in servers:
                s.close()
    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_the_shards_bench_without_haproxy_says_how_to_get_it_and_stops_with_rc_2(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "game.bench", "net", "--shards", "2",
                           "--games", "2", "--seed", "1"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert NO_PROXY in done.stderr and "apt-get install haproxy" in done.stderr
    assert done.stdout == ""


def test_a_letter_moves_only_once_its_owner_makes_and_holds_none_of_it(tmp_path, capsys):
    """``deploy/run.py move``: the map sends a letter elsewhere only when no room of it would
    be left behind (its players would be sent where their room is not)."""
    sys.path.insert(0, str(ROOT / "deploy"))
    try:
        import make_config
        import run
    finally:
        sys.path.remove(str(ROOT / "deploy"))
    make_config.write(2, tmp_path, base_port=19300)
    run.add(tmp_path)
    with pytest.raises(SystemExit, match="still makes codes of K"):
        run.move(tmp_path, "K", "rooms3")
    plan = json.loads((tmp_path / "cluster.json").read_text())
    plan["processes"][2]["makes"] = plan["processes"][2]["letters"].replace("K", "")
    make_config.write_files(tmp_path, plan)
    store = Server(tmp_path / "data" / "rooms2", role="rooms", letters="K")   # a room of K
    store.store.save(Room("KBCDEFGH", "classic", PRESETS["russian"]))
    store.close()
    with pytest.raises(SystemExit, match="still holds 1 rooms of K"):
        run.move(tmp_path, "K", "rooms3")
    assert "/v2/room/K rooms2" in (tmp_path / "rooms.map").read_text()
    assert "server rooms3" not in (tmp_path / "haproxy.cfg").read_text().split(
        "backend create")[1].split("backend rooms1")[0]        # no creates before letters
