"""``python -m game.bench net --abuse``: one address attacks a real server while honest players
from other addresses play (issue 35).

One ``python -m game.server`` process with its default limits (``limits.py``), its own data
folder, its log (stderr) kept in a file so the tracebacks in it can be counted. From one
address, 127.0.0.1, an attacker in three waves:

1. ``SILENT`` connections that never say hello, opened at once: the server takes as many as an
   address may hold (``--max-connections``) and refuses the rest; each one it took must be
   closed ``hello_timeout`` within ``--hello-within`` (and a second).
2. ``IDLE`` connections that say hello and then nothing, opened at once, held ``IDLE_HOLD``
   seconds: taken and refused as above.
3. Until the honest games are over: ``CREATORS`` workers create rooms as fast as they are let
   (each room then left, which ends it, or dropped, which keeps it held), ``GUESSERS`` join
   codes drawn at random, ``FLOODERS`` send chat, actions out of turn and junk faster than the
   server reads them. Each worker connects, does one round of its work, lets the connection
   go and connects again a moment later, so the connections the address may hold at once go
   round all of them (and the refused attempts are counted).

Meanwhile honest pairs, each player from an address of its own (127.0.0.2, .3, …), play
``HONEST_EACH`` games of every mode (the quick players of ``bench net``), every message checked
for leaks, each action's round trip timed. The rooms the attacker holds at the end are counted
in the server's store (the seats taken from 127.0.0.1). Then the server is stopped, started again
on the same folder, and an honest ``create`` must be answered ``joined``.

With the third wave, the queue (issue 37): from a second address, ``QUEUER`` (so its attack is
at full strength, not starved of connections by the first's workers), ``QUEUE_WORKERS``
connections, each with an identity key of its own (a new one for each connection), queue for
the game kinds and leave the queue at once, or wait to be paired and then decline the ready
check (``unqueue``) or let it lapse, as fast as the lobby lets them (``queue_per_address``,
``queue_rate``, refused after ``DECLINES`` declines). Meanwhile ``QUEUE_PLAYERS`` honest players
from addresses of their own (``matchbench``) queue, play ``QUEUE_GAMES`` games each and queue
again: their waits from queue to ``matched`` are measured (``queue.wait_s``), their games
checked for leaks as ``bench net --match`` checks them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from ..modes import MODES
from . import protocol
from .bench import LEVELS, MODE_KEYS, SeatClient, ServerProcess, Table, Tally, loopback
from .client import LinkClosed, connect_ws
from .limits import Limits
from .matchbench import MatchBench, make_players, match_kinds, open_v2

ATTACKER = "127.0.0.1"
SILENT, IDLE, CREATORS, GUESSERS, FLOODERS = 200, 500, 100, 40, 20
IDLE_HOLD = 5.0        # seconds the idle connections the server took are held
HELLO_WITHIN = 5.0     # the server's default (``Limits.hello_within``)
HONEST_EACH = 20       # honest games of every mode
HONEST_ROOMS = 3       # ... played at once (as ``bench net``: its one process plays them all)
RETRY = 2.0            # seconds (on average) a worker waits before it connects again
GUESSES = 10           # joins one guesser tries on one connection
GUESS_PACE = 0.1       # seconds between them
FLOOD = 250            # messages one flooder sends on one connection
FLOOD_PACE = 0.02      # seconds between them (50 a second: the server reads 30)
ANSWER_WITHIN = 2.0    # seconds an attacker waits for an answer (past its rate, none comes)
DEADLINE = 600.0       # the honest games are given up after this long (a bound, never met)
QUEUER = "127.1.0.1"    # the address that attacks the queue
QUEUE_WORKERS = 8      # its connections at once, each a player of its own
QUEUE_PLAYERS = 16     # honest players who queue meanwhile (four of every game kind) ...
QUEUE_GAMES = 4        # ... and play this many games each
QUEUE_ARRIVALS = 10.0  # ... coming over this many seconds
QUEUE_FIRST = 600      # their addresses: loopback(600) on (their spectators' from 700)
QUEUE_KINDS = None     # the game kinds queued for (None: every one of match_kinds())
LAPSE = 0.5            # of its pairings, the share the attacker lets lapse (the rest: declined)
# the honest queued players' levels: each mode's second weakest (the quick hunters)
QUEUE_LEVELS = {mode: entry.levels[1] for mode, entry in MODES.items()}
HELLO = {"type": "hello", "version": protocol.VERSION, "game": "sea-battle"}
FIRST = next(iter(MODES.values()))       # the rooms made are of the first mode, first preset
CREATE = {"type": "create", "mode": FIRST.key, "name": "x",
          "config": next(iter(FIRST.rules.presets.values())).to_dict()}
JUNK = ('{"type": "chat", "text": "buy gold"}', '{"type": "act", "action": [0, 0], "moves": 0}',
        '{"type": "resign"}', "not json {", '{"type": "explode"}', '{"type": "next"}')


class Attacker:
    """The counts of everything the attacker did and was answered."""

    def __init__(self, url: str, rng: random.Random):
        self.url, self.rng = url, rng
        self.n = Counter()
        self.stop = asyncio.Event()
        self.answered = 0                # replies the flooders heard

    async def open(self, kind: str, hello: bool = True):
        """One connection from the attacker's address: the WebSocket, its hello answered
        ``welcome`` (or, ``hello`` False, as it opened); else None, counted ``<kind>_refused``
        (and the server's refusal by its code)."""
        from websockets.exceptions import ConnectionClosed
        try:
            ws = await asyncio.wait_for(connect_ws(self.url, 10, ATTACKER), 10)
        except Exception as exc:       # refused in the handshake, or no answer
            self.refused(kind, type(exc).__name__)
            return None
        if not hello:
            return ws
        with contextlib.suppress(ConnectionClosed):     # (a refusal may have closed it)
            await ws.send(json.dumps(HELLO))
        reply = await self.answer(ws, ("welcome",), 10)
        if reply.get("type") == "welcome":
            self.n[f"{kind}_accepted"] += 1
            return ws
        self.refused(kind, reply.get("code", "closed"))
        await ws.close()
        return None

    def refused(self, kind: str, code: str) -> None:
        self.n[f"{kind}_refused"] += 1
        self.n["refusal:" + code] += 1

    @staticmethod
    async def answer(ws, kinds: tuple, timeout: float = ANSWER_WITHIN) -> dict:
        """The next message of one of ``kinds`` or an error ({} if the connection ended or
        nothing came in time), skipping others."""
        from websockets.exceptions import ConnectionClosed
        with contextlib.suppress(ConnectionClosed, asyncio.TimeoutError):
            async with asyncio.timeout(timeout):
                while True:
                    message = json.loads(await ws.recv())
                    if message.get("type") in kinds or message.get("type") == "error":
                        return message
        return {}

    # -- wave 1: connections that never say hello -------------------------------------------
    async def silent(self, count: int = SILENT, within: float = HELLO_WITHIN) -> None:
        """``count`` connections at once that never say hello; those the server took must be
        closed within ``within`` seconds (its ``--hello-within``) and one more."""
        async def one():
            t0 = time.monotonic()
            ws = await self.open("silent", hello=False)
            if ws is None:
                return
            from websockets.exceptions import ConnectionClosed
            try:
                async with asyncio.timeout(within + 1):
                    message = json.loads(await ws.recv())
            except (ConnectionClosed, asyncio.TimeoutError):
                message = None
            if message is not None:
                code = message.get("code", message.get("type"))
            else:            # closed without a word, or (a defect) still open
                code = "closed" if ws.close_code is not None else "still_open"
            if code == "too_many_connections":
                self.refused("silent", code)
            else:
                self.n["silent_accepted"] += 1
                self.n["refusal:" + code] += 1
                if code in ("hello_timeout", "closed") and time.monotonic() - t0 <= within + 1:
                    self.n["silent_closed"] += 1
            await ws.close()
        await asyncio.gather(*(one() for _ in range(count)))

    # -- wave 2: connections that say hello, then nothing -----------------------------------
    async def idle(self, count: int = IDLE) -> list:
        """``count`` connections at once that say hello and then nothing: those the server
        took (the caller closes them)."""
        socks = await asyncio.gather(*(self.open("idle") for _ in range(count)))
        return [ws for ws in socks if ws is not None]

    # -- wave 3: rooms, guesses, floods -----------------------------------------------------
    async def worker(self, kind: str, work) -> None:
        """Connect (again a moment after a refusal), do one round of ``work``, let the
        connection go, and again: the address's connections go round its workers."""
        from websockets.exceptions import ConnectionClosed
        while not self.stop.is_set():
            ws = await self.open(kind)
            if ws is not None:
                try:
                    await work(ws)
                except ConnectionClosed:
                    self.n[f"{kind}_closed_by_server"] += 1
                finally:
                    await ws.close()
            await self.pause(RETRY * (0.5 + self.rng.random()))

    async def pause(self, seconds: float) -> None:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.stop.wait(), seconds)

    async def creator(self, ws) -> None:
        """Create, then leave (the room ends) and create again, or drop the connection (the
        room stays held), until a create is refused."""
        while not self.stop.is_set():
            await ws.send(json.dumps(CREATE))
            reply = await self.answer(ws, ("joined",))
            if reply.get("type") != "joined":
                self.n["creates_refused"] += 1
                self.n["refusal:" + reply.get("code", "unanswered")] += 1
                return
            self.n["creates_accepted"] += 1
            if self.rng.random() < 0.5:
                await ws.send('{"type": "leave"}')
                await self.answer(ws, ("left",))
                continue
            return      # the connection dropped: its seat held until the room ends

    async def guesser(self, ws) -> None:
        """``GUESSES`` joins of codes drawn at random (of the right form)."""
        for _ in range(GUESSES):
            if self.stop.is_set():
                return
            code = "".join(self.rng.choice(protocol.CODE_ALPHABET)
                           for _ in range(protocol.CODE_LENGTH))
            await ws.send(json.dumps({"type": "join", "room": code, "name": "x"}))
            self.n["guesses"] += 1
            reply = await self.answer(ws, ("joined",))
            if reply.get("type") == "joined":
                self.n["codes_guessed"] += 1
                return
            self.n["refusal:" + reply.get("code", "unanswered")] += 1
            await self.pause(GUESS_PACE)

    async def flooder(self, ws) -> None:
        """Chat, act out of turn, resign, junk: faster than the server reads (its replies
        are counted as they come)."""
        async def hearing():
            async for _ in ws:
                self.answered += 1
        ear = asyncio.create_task(hearing())
        try:
            for _ in range(FLOOD):
                if self.stop.is_set() or ear.done():
                    return
                await ws.send(self.rng.choice(JUNK))
                self.n["flood_sent"] += 1
                await asyncio.sleep(FLOOD_PACE)
        finally:
            ear.cancel()

    async def busy(self) -> None:
        await asyncio.gather(
            *(self.worker("creator", self.creator) for _ in range(CREATORS)),
            *(self.worker("guesser", self.guesser) for _ in range(GUESSERS)),
            *(self.worker("flooder", self.flooder) for _ in range(FLOODERS)))


class QueueAttacker:
    """From ``QUEUER``: players that queue and leave, or are paired and decline, as fast as
    the lobby lets them; the counts of what they did and were answered."""

    def __init__(self, url: str, rng: random.Random, stop: asyncio.Event):
        self.url, self.rng, self.stop = url + protocol.LOBBY_PATH, rng, stop
        self.n = Counter()
        self.kinds = list(QUEUE_KINDS or match_kinds())

    async def worker(self) -> None:
        """One connection after another (a new player each), queueing until told to stop."""
        from .matchbench import Player
        while not self.stop.is_set():
            who = Player(-1, "", "", 0, f"{self.rng.getrandbits(256):064x}", 0.0, QUEUER)
            try:
                link = await open_v2(self.url, QUEUER, who)
            except Exception:            # refused in the handshake or after, or no answer
                self.n["connections_refused"] += 1
                await self.pause(1.0)
                continue
            self.n["connections"] += 1
            try:
                for _ in range(10):
                    if self.stop.is_set() or not await self.round(link):
                        break
            except LinkClosed:
                self.n["closed_by_server"] += 1
            finally:
                await link.close()

    async def round(self, link) -> bool:
        """Queue once, then leave at once or decline the pairing: False when refused."""
        await link.send({"type": "queue", "kind": self.rng.choice(self.kinds)})
        reply = await self.heard(link, ("queued",), 5.0)
        if reply.get("type") != "queued":
            self.n["queues_refused"] += 1
            self.n["refusal:" + reply.get("code", "unanswered")] += 1
            await self.pause(0.5)
            return False
        self.n["queues"] += 1
        if self.rng.random() < 0.5:           # queue and leave
            await link.send({"type": "unqueue"})
            self.n["left"] += 1
            await self.heard(link, ("unqueued",), 2.0)
            return True
        found = await self.heard(link, ("match_found",), 15.0)
        if found.get("type") != "match_found":
            await link.send({"type": "unqueue"})
            self.n["left"] += 1
            await self.heard(link, ("unqueued",), 2.0)
            return True
        self.n["paired"] += 1
        if self.rng.random() < 1 - LAPSE:     # a decline at once
            await link.send({"type": "unqueue"})
            self.n["declined"] += 1
            await self.heard(link, ("unqueued",), 2.0)
        else:                                 # no answer: the ready check lapses
            self.n["lapsed"] += 1
            await self.heard(link, ("unqueued", "matched"), 10.0)
        return True

    async def heard(self, link, kinds: tuple, timeout: float) -> dict:
        """The next message of one of ``kinds`` or an error ({} when none came in time, or
        the attack was told to stop)."""
        async def listen() -> dict:
            while True:
                message = await link.recv()
                if message.get("type") in kinds or message.get("type") == "error":
                    return message
        ear, stop = asyncio.ensure_future(listen()), asyncio.ensure_future(self.stop.wait())
        done, _ = await asyncio.wait((ear, stop), timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        for task in (ear, stop):
            task.cancel()
        return ear.result() if ear in done and not ear.cancelled() else {}

    async def pause(self, seconds: float) -> None:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.stop.wait(), seconds)

    async def run(self) -> None:
        await asyncio.gather(*(self.worker() for _ in range(QUEUE_WORKERS)))

    def counts(self) -> dict:
        n = self.n
        return {"connections": [n["connections"], n["connections_refused"]],
                "queues": [n["queues"], n["queues_refused"]], "left": n["left"],
                "paired": n["paired"], "declined": n["declined"], "lapsed": n["lapsed"],
                "refusals": {k.split(":", 1)[1]: v for k, v in sorted(n.items())
                             if k.startswith("refusal:")}}


async def honest(server: ServerProcess, tally: Tally, seed: int) -> None:
    """``HONEST_EACH`` games of every mode, ``HONEST_ROOMS`` at once; each player from a
    loopback address of its own."""
    rng = random.Random(seed)
    games = HONEST_EACH * len(MODE_KEYS)
    seeds = [rng.getrandbits(32) for _ in range(games)]
    # who begins is drawn here, not by the room's lot: the server draws its rooms' seeds in
    # the order creates reach it, which the attacker's timing changes; so the honest games
    # are the same games at every run of a seed
    firsts = [str(rng.randrange(2)) for _ in range(games)]
    slots = asyncio.Semaphore(HONEST_ROOMS)

    async def one(i: int) -> None:
        async with slots:
            table = Table(i, seeds[i], LEVELS, firsts[i])
            clients = [SeatClient(table, s, server, tally, None, loopback(2 * i + s))
                       for s in (0, 1)]
            try:
                await asyncio.gather(*(c.run() for c in clients))
            except Exception as exc:
                tally.problem(f"game {i}: {type(exc).__name__}: {exc}")
    await asyncio.gather(*(one(i) for i in range(games)))


def held_in_store(data: str, address: str) -> tuple[int, int]:
    """(rooms in the server's store, of which a seat was taken from ``address``), read from
    its SQLite file without writing to it."""
    db = sqlite3.connect(f"file:{Path(data) / 'rooms.sqlite3'}?mode=ro", uri=True)
    try:
        rooms = [json.loads(text) for (text,) in db.execute("SELECT state FROM rooms")]
    finally:
        db.close()
    held = sum(any(s and s.get("address") == address for s in room.get("seats", []))
               for room in rooms)
    return len(rooms), held


async def restart_create(server: ServerProcess) -> tuple[bool, str]:
    """The server stopped, started again on its folder: is an honest ``create`` (from an
    address of its own) answered ``joined``? And what did it answer."""
    from .client import open_link
    await server.stop()
    await server.start()
    link = await open_link(server.url, source=loopback(4000))
    await link.send(CREATE)
    while True:
        reply = await link.recv(10)
        if reply.get("type") in ("joined", "error"):
            await link.close()
            return reply.get("type") == "joined", reply.get("code", "joined")


async def run(seed: int, hello_within: float = HELLO_WITHIN) -> dict:
    """``hello_within``: the server's ``--hello-within`` (a test's is short)."""
    folder = Path(tempfile.mkdtemp(prefix="seabattle-abuse-"))
    data, log = str(folder / "data"), folder / "server.log"
    options = ("--hello-within", str(hello_within)) if hello_within != HELLO_WITHIN else ()
    server = ServerProcess(data, seed, options, log=log)
    tally = Tally()
    attacker = Attacker("", random.Random(seed ^ 0xBAD))
    started = time.perf_counter()
    try:
        await server.start()
        attacker.url = server.url
        games = asyncio.create_task(asyncio.wait_for(honest(server, tally, seed), DEADLINE))
        await attacker.silent(SILENT, hello_within)
        idle = await attacker.idle(IDLE)
        await asyncio.sleep(IDLE_HOLD)
        await asyncio.gather(*(ws.close() for ws in idle))
        busy = asyncio.create_task(attacker.busy())
        queuer = QueueAttacker(server.url, random.Random(seed ^ 0x0DE), attacker.stop)
        queue_attack = asyncio.create_task(queuer.run())
        queued = MatchBench(make_players(QUEUE_PLAYERS, seed, QUEUE_ARRIVALS, QUEUE_FIRST,
                                         QUEUE_LEVELS, QUEUE_KINDS), seed, QUEUE_GAMES, server,
                            spectators_from=QUEUE_FIRST + 100)
        try:
            await asyncio.wait_for(asyncio.gather(games, queued.lives()), DEADLINE)
        except asyncio.TimeoutError:
            tally.problem(f"the honest games were not over in {DEADLINE:.0f} s")
        attacker.stop.set()
        await busy
        await queue_attack
        await asyncio.sleep(1.0)        # the last connections' ends reach the server
        rooms, held = held_in_store(data, ATTACKER)
        peak, cpu = server.peak_mb(), server.cpu_s()
        ok, said = await restart_create(server)
    finally:
        await server.stop()
        tracebacks = sum(line.startswith("Traceback") for line in
                         log.read_text(errors="replace").splitlines()) if log.exists() else None
        shutil.rmtree(folder, ignore_errors=True)
    n, trips = attacker.n, sorted(tally.round_trips)
    kinds = ("silent", "idle", "creator", "guesser", "flooder")
    return {
        "honest_finished": {m: tally.by_mode[m] for m in MODE_KEYS},
        "honest_games": HONEST_EACH * len(MODE_KEYS),
        "honest_errors": tally.errors, "honest_create_refused": tally.create_refused,
        "leaks": tally.leaks, "honest_actions": tally.actions, "checked": tally.checked,
        "action_ms_p50": round(statistics.median(trips), 2) if trips else 0.0,
        "action_ms_p99": round(trips[int(len(trips) * 0.99) - 1], 2) if trips else 0.0,
        "attacker": {
            "connections": [sum(n[f"{k}_accepted"] for k in kinds),
                             sum(n[f"{k}_refused"] for k in kinds)],
            **{k: [n[f"{k}_accepted"], n[f"{k}_refused"]] for k in kinds},
            "silent_closed_in_time": n["silent_closed"],
            "creates": [n["creates_accepted"], n["creates_refused"]],
            "rooms_held": held, "rooms_held_cap": Limits().rooms_held,
            "guesses": n["guesses"], "codes_guessed": n["codes_guessed"],
            "flood": [n["flood_sent"], attacker.answered],
            "refusals": {k.split(":", 1)[1]: v for k, v in sorted(n.items())
                         if k.startswith("refusal:")}},
        "rooms_in_store": rooms, "server_mb": peak, "server_cpu_s": cpu,
        "queue": {"players": QUEUE_PLAYERS, "games_each": QUEUE_GAMES,
                  **{k: v for k, v in queued.report(None, 0.0).items()
                     if k in ("paired", "wait_s", "games_finished", "errors", "leaks", "checked",
                              "spectators", "spectator_messages", "games_per_player")},
                  "attacker": queuer.counts()},
        "tracebacks": tracebacks, "restart_create_ok": ok, "restart_said": said,
        "seconds": round(time.perf_counter() - started, 1)}
