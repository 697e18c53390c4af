"""``python -m game.bench net --shards N``: the games of ``bench net`` played through a cluster
on loopback (issue 37): the lobby, ``N`` room processes and the real HAProxy in front of them,
configured by ``proxy.py`` as ``deploy/`` configures it. Every player speaks protocol 2 to the
proxy's one address (``CREATE_PATH`` to make a room, ``ROOM_PATH + code`` to join it and after),
from a loopback address of its own. One room process is killed mid-run and started again on its
folder: its games must resume (``lost`` 0). The bench installs nothing: with no ``haproxy`` on
PATH it says how to get one and stops (rc 2).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import socket
import sys
import tempfile
import time
from pathlib import Path

from . import cluster, proxy
from .bench import (CHECK_ALL, ServerProcess, Tally, _no_collector, _peak_mb, play, summary)
from .protocol import LOBBY_PATH

NO_PROXY = ("bench net --shards needs HAProxy (the proxy deploy/ configures), and there is no "
            "`haproxy` on PATH. Install it (Debian/Ubuntu: `sudo apt-get install haproxy`; "
            "macOS: `brew install haproxy`) and run the bench again; it installs nothing "
            "itself.")


def free_ports(n: int) -> list[int]:
    """``n`` ports free on 127.0.0.1 now (the proxy's configuration names them before the
    processes start)."""
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(socket.socket()) for _ in range(n)]
        for s in socks:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in socks]


class Proxy:
    """HAProxy on ``port`` with the configuration file ``config``: the players' one address."""
    paths = True          # reached on protocol 2's paths (``SeatClient.url``)
    cpu_s = ServerProcess.cpu_s      # (read from /proc as a server's)

    def __init__(self, config: Path, port: int, log: Path):
        self.config, self.port, self.log, self.proc = config, port, log, None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def start(self) -> None:
        with open(self.log, "ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                "haproxy", "-f", str(self.config), "-db", stdout=log, stderr=log)
        for _ in range(200):
            if self.proc.returncode is not None:
                break
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                return
            await asyncio.sleep(0.05)
        raise RuntimeError(f"haproxy did not start: {self.log.read_text()[-600:]}")

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()


async def _kill_one(shards: list, tally: Tally, rng: random.Random, games: int,
                    spent: list, killed: list, started: float) -> None:
    """Kill one room process (drawn from ``rng``) mid-run (after 80 to 120 actions a game: a
    game of the run takes about 250), and start it again on its folder after a second."""
    victim = rng.randrange(len(shards))
    mark = rng.randint(games * 80, games * 120)
    while tally.actions < mark:
        await asyncio.sleep(0.05)
    spent[victim] = shards[victim].cpu_s() or 0.0       # (the process started again counts anew)
    killed[0] = round(time.perf_counter() - started)
    await shards[victim].kill()
    tally.kills += 1
    await asyncio.sleep(1.0)
    await shards[victim].start()


async def run(games: int, seed: int, rooms: int, think: float, shards: int = 2,
              kill: bool = True) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="seabattle-shards-"))
    front, *ports = free_ports(shards + 2)
    processes = proxy.plan(shards)
    processes = [proxy.Process(p.name, port, p.letters) for p, port in zip(processes, ports)]
    key_file = folder / "cluster.key"
    cluster.make_key(key_file)
    (folder / "rooms.map").write_text(proxy.map_text(processes))
    (folder / "haproxy.cfg").write_text(proxy.haproxy_config(
        processes, str(folder / "rooms.map"), bind=f"127.0.0.1:{front}",
        maxconn=8 * rooms + 200, threads=1))     # (one thread: it shares 2 cores with the rest)
    common = ("--cluster-key", str(key_file), "--trust-proxy")
    lobby = ServerProcess(str(folder / "lobby"), seed, ("--role", "lobby") + common)
    lobby.port = processes[0].port
    lobby_url = f"ws://127.0.0.1:{lobby.port}{LOBBY_PATH}"
    rooms_procs = [ServerProcess(str(folder / p.name), seed + i + 1,
                                 ("--role", "rooms", "--letters", p.letters, "--lobby",
                                  lobby_url) + common)
                   for i, p in enumerate(processes[1:])]
    for p, proc in zip(processes[1:], rooms_procs):
        proc.port = p.port
    front_proxy = Proxy(folder / "haproxy.cfg", front, folder / "haproxy.log")
    tally = Tally()
    started = time.perf_counter()
    killer = None
    quiet = contextlib.ExitStack()
    if rooms > CHECK_ALL:
        quiet.enter_context(_no_collector())
    codes: list = []
    spent = [0.0] * shards          # processor seconds of a room process before it was killed
    killed = [None]                 # ... and when, seconds into the run
    try:
        for process in [lobby, *rooms_procs]:
            await process.start()
        await front_proxy.start()
        if kill:
            killer = asyncio.create_task(_kill_one(rooms_procs, tally,
                                                   random.Random(seed ^ 0x5A4D), games, spent,
                                                   killed, started))
        await play(front_proxy, tally, games, seed, rooms, think, codes=codes)
    finally:
        if killer is not None:
            killer.cancel()
        quiet.close()
        stats = [(p.peak_mb(), round((p.cpu_s() or 0.0) + before, 1))
                 for p, before in zip(rooms_procs, spent)]
        proxy_cpu = front_proxy.cpu_s()
        for process in [front_proxy, *rooms_procs, lobby]:
            await process.stop()
        shutil.rmtree(folder, ignore_errors=True)
    per_shard = {p.name: sum(code[0] in p.letters for code in codes)
                 for p in processes[1:]}
    out = summary(tally, games, rooms, think) | {
        "shards": shards, "proxy": "haproxy " + _haproxy_version(),
        "rooms_per_shard": per_shard,
        "shard_mb": [mb for mb, _ in stats], "shard_cpu_s": [cpu for _, cpu in stats],
        "proxy_cpu_s": proxy_cpu, "bench_mb": _peak_mb(),
        "bench_cpu_s": round(sum(os.times()[:2]), 1),
        "action_ms_p99_by_minute": by_minute(tally, started), "killed_at_s": killed[0],
        "drops": tally.drops, "rejoins": tally.rejoins, "kills": tally.kills,
        "lost": tally.lost + (games - tally.finished - tally.create_refused),
        "seconds": round(time.perf_counter() - started, 1)}
    return out


def by_minute(tally: Tally, started: float) -> list:
    """The round trips' 99th percentile in each minute of the run (where the slow ones are:
    rooms arriving, the kill, a machine shared with other work)."""
    minutes: dict[int, list] = {}
    for at, ms in zip(tally.heard_at, tally.round_trips):
        minutes.setdefault(int((at - started) // 60), []).append(ms)
    return [round(sorted(v)[max(0, int(len(v) * 0.99) - 1)], 1) if v else None
            for v in (minutes.get(m, []) for m in range(max(minutes, default=-1) + 1))]


def _haproxy_version() -> str:
    import subprocess
    try:
        line = subprocess.run(["haproxy", "-v"], capture_output=True, text=True,
                              timeout=10).stdout.split("\n")[0]
        return line.split()[2]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "?"


def bench_shards(args, think: float) -> dict:
    if shutil.which("haproxy") is None:
        print(NO_PROXY, file=sys.stderr)
        raise SystemExit(2)
    rooms = args.rooms or min(args.games, 3)
    return asyncio.run(run(args.games, args.seed, rooms, think, args.shards))
