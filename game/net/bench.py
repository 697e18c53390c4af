"""``python -m game.bench net``: games between computer players that play through the protocol
against a real server on 127.0.0.1 (issue 23).

The server runs as its own process (``python -m game.server``), so it can be killed and started
again (``--faults``). Each game seats two computer players, each on its own WebSocket, that set
up, act and observe only through the messages they are sent. Every message a seat receives is
checked by ``visibility.leaks`` against a copy of the game the bench keeps for that seat (the
same set-ups and the same actions, applied in the order the seat heard of them), so ``leaks``
counts messages holding anything that seat's own view does not.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from ..match import COMPUTER, Match, Seat
from ..modes import MODES
from . import codec, visibility
from .client import LinkClosed, Remote, open_link
from .protocol import CREATE_PATH, ROOM_PATH

MODE_KEYS = tuple(MODES)
# quick players, whose games are the shortest (each mode's ``net_level``)
LEVELS = {mode: entry.net_level for mode, entry in MODES.items()}
CHECK_ALL = 10     # up to this many rooms at once every message is checked for leaks, past it
CHECK_SHARE = 0.1  # every message of a tenth of the games, drawn from the seed (the bench's one
                   # process must keep up with 500 rooms: a game not checked is not followed)
# past 10 rooms the bench's one process plays 1,000 players on one core: the lightest of each
# mode (the cabin boys, who fire and move at random over their own view) think for them, so
# the server, not the bench's own thinking, is what is measured
MANY_LEVELS = {mode: entry.levels[0] for mode, entry in MODES.items()}
ARRIVALS = 30.0       # ... and their rooms open over the first this many seconds, as people come
CALL_IT_A_DAY = 400   # past 10 rooms at once, a game this many moves long is drawn by agreement
                      # (§0: two people may agree a draw), so 500 rooms of the longest mode
                      # end within minutes at a person's pace
RECV_TIMEOUT = 120.0


def loopback(n: int) -> str:
    """The ``n``-th loopback address a bench's player connects from: 127.0.0.2, .3, … (Linux
    routes all of 127/8 to ``lo``; 127.0.0.1 is left to others, and a last byte of 0 or 255 is
    skipped), so each player is an address of its own, as people at home are, and the server's
    limits per address (``limits.py``) see what they would see on the internet."""
    x, y = divmod(n + 1, 254)          # 127.0.0.1 is the first of them, and skipped
    if x > 255:
        raise ValueError(f"{n}: more players than loopback addresses of 127.0.X.Y")
    return f"127.0.{x}.{y + 1}"


class CreateRefused(Exception):
    """A bench player's ``create`` was refused (its partner has no room to join)."""


class ServerProcess:
    """``python -m game.server`` on 127.0.0.1, which the bench may kill and start again."""

    def __init__(self, data: str, seed: int, options: tuple = (), log=None):
        """``options``: more of the server's command line (its limits); ``log``: a file its
        log (stderr) is added to (else it is dropped)."""
        self.data, self.seed, self.port, self.proc = data, seed, 0, None
        self.options, self.log = tuple(options), log

    async def start(self) -> None:
        with contextlib.ExitStack() as files:
            log = files.enter_context(open(self.log, "ab")) if self.log else \
                asyncio.subprocess.DEVNULL
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port",
                str(self.port), "--data", self.data, "--seed", str(self.seed), *self.options,
                stdout=asyncio.subprocess.PIPE, stderr=log)
        while True:
            line = (await asyncio.wait_for(self.proc.stdout.readline(), 30)).decode()
            if not line:
                raise RuntimeError("the server did not start")
            if line.startswith("listening on"):
                self.port = int(line.split(":")[2].split()[0])
                return

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def kill(self) -> None:
        self.proc.kill()
        await self.proc.wait()

    def peak_mb(self) -> float | None:
        """The server process's peak resident memory (Linux's VmHWM), in MB."""
        return _peak_mb(self.proc.pid) if self.proc is not None else None

    def cpu_s(self) -> float | None:
        """The processor time the server process used so far (Linux), in seconds."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            return round((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), 1)
        except (OSError, ValueError, IndexError, AttributeError):
            return None

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()


@dataclass
class Tally:
    errors: int = 0
    leaks: int = 0
    stale: int = 0
    drops: int = 0
    rejoins: int = 0
    lost: int = 0
    actions: int = 0
    kills: int = 0
    checked: int = 0
    agreed: int = 0
    finished: int = 0
    create_refused: int = 0
    by_mode: Counter = field(default_factory=Counter)      # games finished, by mode
    round_trips: list = field(default_factory=list)
    heard_at: list = field(default_factory=list)   # ... and when each came back (perf_counter)
    first_problem: str = ""

    def problem(self, words: str, kind: str = "errors") -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if not self.first_problem:
            self.first_problem = words
            print(f"# net: {words}", file=sys.stderr)


class Table:
    """One game: its rules, both set-ups, both computer players, and the actions played so far
    (by move number), which each seat's copy of the game follows."""

    def __init__(self, index: int, seed: int, levels: dict = LEVELS, first: str = "lot"):
        self.index, self.seed = index, seed
        self.first = first           # who begins: the room's lot, or "0"/"1" chosen here
        self.mode = MODE_KEYS[index % len(MODE_KEYS)]
        entry = MODES[self.mode]
        presets = list(entry.rules.presets.values())
        self.config = presets[(index // len(MODE_KEYS)) % len(presets)]
        level = levels[self.mode]
        match = Match(self.config, (Seat(COMPUTER, "A", level), Seat(COMPUTER, "B", level)),
                      seed=seed)
        self.setups = match.computer_setups()
        self.players = match.players(decide_rng=random.Random(seed ^ 0xD1CE), fresh=True)
        self.actions: dict[int, object] = {}
        self.code: asyncio.Future = asyncio.get_running_loop().create_future()
        self.done = [False, False]

    def shadow(self, first: int):
        """The bench's own copy of the game, from the set-ups as the server read them."""
        setups = [codec.setup_from_json(self.mode, self.config,
                                        codec.setup_to_json(self.mode, s)) for s in self.setups]
        return MODES[self.mode].start(self.config, setups, first)


class SeatClient:
    """One computer player at one seat, over its own connection."""

    def __init__(self, table: Table, seat: int, server: ServerProcess, tally: Tally,
                 faults: random.Random | None, address: str | None = None):
        self.table, self.seat, self.server, self.tally = table, seat, server, tally
        self.address = address       # the loopback address it connects from (None: any)
        self.player = table.players[seat]
        self.remote = Remote()
        self.faults = faults
        self.copy = None             # the bench's copy of the game, as this seat heard it
        self.sent_at: tuple | None = None   # (moves, time) of the action in flight
        self.placed = None           # the connection the set-up was sent on
        self.acked = 0               # moves the server answered to this seat
        self.think = 0.0             # seconds a computer waits before acting, on average
        self.checked = True          # this game's messages are checked for leaks
        self.cap = None              # moves after which seat A offers a draw (None: never)
        self.offered = -1            # the move count it last offered (A) or took (B) a draw at
        self.pace = random.Random(table.seed ^ (seat + 11))
        self.retry = random.Random(table.seed ^ (seat + 23))   # when it tries a link again

    async def connect(self):
        """A connection (tried again for a minute while the server is down), and the seat:
        taken up again with its secret, or, before the room answered, asked for again."""
        deadline = time.monotonic() + 60
        pause = 0.1
        while True:
            try:
                link = await open_link(await self.url(), legal=self.player.wants_legal,
                                       source=self.address)
                if self.remote.secret is not None:
                    await link.send(self.remote.rejoin() | {"seen": self.remote.moves})
                elif self.seat == 0:
                    t = self.table
                    await link.send({"type": "create", "mode": t.mode, "name": "A",
                                     "config": t.config.to_dict()}
                                    | ({"first": t.first} if t.first != "lot" else {}))
                else:
                    try:
                        room = await self.table.code
                    except CreateRefused:       # seat A's create was refused: no game
                        await link.close()
                        raise
                    await link.send({"type": "join", "room": room, "name": "B"})
                return link
            except (ConnectionError, OSError, LinkClosed):
                if time.monotonic() > deadline:
                    raise
                # each player on its own time, as people's games are (a server started again
                # is not met by all of them at once), less often the longer it is down (a proxy
                # counts an address's new connections)
                await asyncio.sleep(pause * (0.5 + self.retry.random()))
                pause = min(1.0, pause * 1.5)

    async def url(self) -> str:
        """Where this seat connects: the server's address, and behind a proxy (``paths``)
        protocol 2's path: ``CREATE_PATH`` to make the room, its ``ROOM_PATH`` after."""
        if not getattr(self.server, "paths", False):
            return self.server.url
        if self.seat == 0 and self.remote.secret is None:
            return self.server.url + CREATE_PATH
        return self.server.url + ROOM_PATH + (self.remote.room or await self.table.code)

    async def run(self) -> None:
        t = self.table
        link = await self.connect()
        while not t.done[self.seat]:
            try:
                message = await link.recv(RECV_TIMEOUT)
                await self.take(link, message)
            except LinkClosed:      # the server went down, or the connection was lost
                self.tally.drops += 1
                link = await self.reconnect()
                continue
            if self.faults is not None and not t.done[self.seat] and \
                    self.faults.random() < 0.01:          # the window closed, the net lost
                await link.close()
                self.tally.drops += 1
                await asyncio.sleep(self.faults.random() * 0.3)
                link = await self.reconnect()
        await link.close()

    async def reconnect(self):
        self.sent_at = self.placed = None
        link = await self.connect()
        self.tally.rejoins += 1
        return link

    async def take(self, link, message: dict) -> None:
        kind = message.get("type")
        r = self.remote
        if kind == "joined" and self.seat == 0 and not self.table.code.done():
            self.table.code.set_result(message["room"])
        if kind == "error":
            if message.get("code") == "stale":
                self.tally.stale += 1
                return
            self.tally.problem(f"game {self.table.index} seat {self.seat}: {message}")
            if self.seat == 0 and not self.table.code.done():    # its create was refused
                self.tally.create_refused += 1
                self.table.code.set_exception(CreateRefused(message.get("code")))
                self.table.done[:] = [True, True]
            return
        before = r.moves
        r.take(message)
        if kind != "state":
            return
        if r.moves < self.acked:
            self.tally.problem(f"game {self.table.index}: the server forgot moves "
                               f"({r.moves} < {self.acked})", "lost")
        self.acked = max(self.acked, r.moves)
        if r.phase == "placing" and self.placed is not link \
                and not message["seats"][self.seat]["placed"]:
            self.placed = link          # sent on this connection (again after a drop)
            await link.send({"type": "setup", "setup": codec.setup_to_json(
                self.table.mode, self.table.setups[self.seat])})
            return
        if "view" not in message:
            return
        self.check(message)
        if r.events or r.moves != before:
            self.player.observe(r.events)
        if self.sent_at is not None and r.moves > self.sent_at[0]:
            now = time.perf_counter()
            self.tally.round_trips.append((now - self.sent_at[1]) * 1000)
            self.tally.heard_at.append(now)
            self.sent_at = None
        if r.phase in ("over", "done"):
            if not self.table.done[self.seat]:
                self.table.done[self.seat] = True
                if self.seat == 0:
                    self.tally.finished += 1
                    self.tally.by_mode[self.table.mode] += 1
            return
        if self.cap is not None and r.phase == "battle" and await self._agree(link, message):
            return
        if r.my_turn and self.sent_at is None:
            legal = message.get("legal")
            if legal is not None:
                legal = [codec.action_from_json(self.table.mode, a) for a in legal]
            action = self.player.act(r.view, legal)
            if self.think:            # as long as a quick person would take
                await asyncio.sleep(self.think * (0.5 + self.pace.random()))
            self.table.actions[r.moves] = action
            self.tally.actions += 1
            await link.send(r.act(action))
            self.sent_at = (r.moves, link.sent)

    async def _agree(self, link, message: dict) -> bool:
        """Past ``cap`` moves seat A offers a draw and seat B takes it (§0: two people may
        agree one). An act withdraws an offer, so A waits for the answer instead of acting, and
        B answers only with no act of its own on the way, once an offer: True while the bench
        must not act. (Else B's answer could reach the server after an act that withdrew the
        offer, and be refused, rightly: ``no_offer``.)"""
        r, offer = self.remote, message.get("draw_offer")
        if self.seat == 0 and r.moves >= self.cap:
            if offer is None and self.offered != r.moves:
                self.offered = r.moves
                await link.send({"type": "offer_draw"})
                return True
            return offer == 0
        if self.seat == 1 and offer == 0 and self.sent_at is None and self.offered != r.moves:
            self.offered = r.moves
            self.tally.agreed += 1
            await link.send({"type": "answer_draw", "accept": True})
            return True
        return False

    def check(self, message: dict) -> None:
        """Follow the game to where this message stands, and look for anything in it this
        seat's view does not hold (every message of a game that is ``checked``)."""
        if not self.checked:
            return
        moves = message["moves"]
        if self.copy is None:
            first = self.remote.view.turn if moves == 0 else None
            if first is None:
                return     # a game resumed mid-way before this seat saw it: nothing to follow
            self.copy = self.table.shadow(first)
        while len(self.copy.history) < moves:
            self.copy.apply(self.table.actions[len(self.copy.history)])
        if message["phase"] in ("over", "done") and not self.copy.over:
            self._end_copy(message)
        self.tally.checked += 1
        for line in visibility.leaks(self.table.mode, self.copy, self.seat, message):
            self.tally.problem(f"game {self.table.index} seat {self.seat} move {moves}: leak: "
                               f"{line}", "leaks")
            break

    def _end_copy(self, message: dict) -> None:
        view = self.remote.view
        if getattr(view, "winner", None) is not None:
            self.copy.resign(1 - view.winner)
        else:
            self.copy.agree_draw()


async def _faulty_server(server: ServerProcess, tally: Tally, rng: random.Random,
                         expected: int) -> None:
    """Kill the server twice at random moments of the run and start it again at once."""
    marks = sorted(rng.randint(expected // 6, expected // 2) for _ in range(2))
    for mark in marks:
        while tally.actions < mark:
            await asyncio.sleep(0.05)
        await server.kill()
        tally.kills += 1
        await server.start()


@contextlib.contextmanager
def _no_collector():
    """Past 10 rooms the bench's one process plays a thousand players, each of whom would be
    a process of its own on a machine of its own, and the garbage collector's passes over all
    their states at once (every few seconds, tens of milliseconds each; up to most of a second
    for a full pass) would stop every player together, to be counted in the round trips as the
    server's. So for the run the bench's own collector is off: what it leaves in cycles stays
    until the run ends (``bench_mb`` says the cost). The server's process keeps its collector
    (``server.quiet_collector``): that is what is measured."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
        gc.collect()


async def play(server, tally: Tally, games: int, seed: int, rooms: int, think: float,
               faults: bool = False, codes: list | None = None) -> None:
    """``games`` games of computer players, ``rooms`` at once, through ``server`` (anything with
    a ``url``; one with ``paths`` is a proxy, reached on protocol 2's paths), into ``tally``;
    ``codes``: each game's room code is added to it."""
    rng = random.Random(seed)
    seeds = [rng.getrandbits(32) for _ in range(games)]
    started = time.perf_counter()
    slots = asyncio.Semaphore(rooms)

    arrive = random.Random(seed ^ 0xA221)
    arrivals = [arrive.random() * ARRIVALS if rooms > CHECK_ALL else 0.0
                for _ in range(games)]

    async def one(i: int) -> None:
        await asyncio.sleep(arrivals[i])
        async with slots:
            table = Table(i, seeds[i], MANY_LEVELS if rooms > CHECK_ALL else LEVELS)
            clients = [SeatClient(table, s, server, tally,
                                  random.Random(seeds[i] ^ (s + 1)) if faults else None,
                                  loopback(2 * i + s))     # each player an address
                       for s in (0, 1)]
            checked = rooms <= CHECK_ALL or \
                random.Random(seeds[i] ^ 0xC4EC).random() < CHECK_SHARE
            for c in clients:
                c.think = think
                c.checked = checked
                if rooms > CHECK_ALL:
                    c.cap = CALL_IT_A_DAY
            try:
                await asyncio.gather(*(c.run() for c in clients))
            except Exception:
                tally.problem(f"game {i}: {traceback.format_exc()}")
            if codes is not None and clients[0].remote.room is not None:
                codes.append(clients[0].remote.room)

    async def progress() -> None:
        while True:
            await asyncio.sleep(60)
            trips = sorted(tally.round_trips)
            p99 = trips[int(len(trips) * 0.99) - 1] if trips else 0.0
            print(f"# net: {time.perf_counter() - started:.0f} s, {tally.finished} games "
                  f"over, {tally.actions} actions, p99 {p99:.1f} ms so far", file=sys.stderr,
                  flush=True)
    ticker = asyncio.create_task(progress())
    await asyncio.gather(*(one(i) for i in range(games)))
    ticker.cancel()


def summary(tally: Tally, games: int, rooms: int, think: float) -> dict:
    """What every ``net`` run of games says first (its JSON keys, in order)."""
    trips = sorted(tally.round_trips)
    return {"games": games, "finished": tally.finished, "errors": tally.errors,
            "leaks": tally.leaks,
            "action_ms_p50": round(statistics.median(trips), 2) if trips else 0.0,
            "action_ms_p99": round(trips[int(len(trips) * 0.99) - 1], 2) if trips else 0.0,
            "actions": tally.actions, "checked": tally.checked, "agreed_draws": tally.agreed,
            "rooms": rooms,
            "stale": tally.stale, "think_ms": round(think * 1000)}


async def run(games: int, seed: int, rooms: int, faults: bool, think: float,
              options: tuple = ()) -> dict:
    """``options``: more of the server's command line (its limits)."""
    data = tempfile.mkdtemp(prefix="seabattle-net-")
    server = ServerProcess(data, seed, options)
    tally = Tally()
    started = time.perf_counter()
    await server.start()
    killer = None
    quiet = contextlib.ExitStack()
    if rooms > CHECK_ALL:
        quiet.enter_context(_no_collector())
    try:
        if faults:
            killer = asyncio.create_task(_faulty_server(server, tally, random.Random(seed ^ 7),
                                                        games * 60))
        await play(server, tally, games, seed, rooms, think, faults)
    finally:
        if killer is not None:
            killer.cancel()
        quiet.close()
        peak, cpu = server.peak_mb(), server.cpu_s()
        await server.stop()
        shutil.rmtree(data, ignore_errors=True)
    out = summary(tally, games, rooms, think) | {
        "server_mb": peak, "server_cpu_s": cpu, "bench_mb": _peak_mb(),
        "seconds": round(time.perf_counter() - started, 1)}
    if faults:
        out |= {"drops": tally.drops, "rejoins": tally.rejoins, "kills": tally.kills,
                "lost": tally.lost}
    return out


def bench_net(args) -> dict:
    """``--think`` by default: none for a few rooms (as fast as the rules and the link go),
    about a second a move for many (a quick person: the load 500 rooms of people make)."""
    if args.hold:
        return hold(args.hold, args.seed)
    if getattr(args, "abuse", False):
        from .abuse import run as abuse
        return asyncio.run(abuse(args.seed))
    if getattr(args, "match", False):
        from . import matchbench
        kinds = tuple(args.kinds.split(",")) if args.kinds else None
        return asyncio.run(matchbench.run(args.players, args.seed,
                                          args.games_per_player or matchbench.GAMES,
                                          kinds=kinds))
    rooms = args.rooms or min(args.games, 3)
    think = args.think if args.think is not None else (0 if rooms <= CHECK_ALL else 1000)
    if getattr(args, "shards", 0):        # issue 37: room processes behind the proxy
        from .shards import bench_shards
        return bench_shards(args, think / 1000)
    return asyncio.run(run(args.games, args.seed, rooms, args.faults, think / 1000))


def _peak_mb(pid="self") -> float | None:
    """A process's peak resident memory (Linux's VmHWM), in MB (None where it cannot say)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError):
        pass
    return None


def _rss_mb() -> float:
    """This process's resident memory now (Linux), in MB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def hold(rooms: int, seed: int, moves: int = 40) -> dict:
    """How many rooms one server process holds: ``rooms`` rooms, each with a game ``moves``
    moves in (random legal moves, the modes in turn), made through ``Server.receive`` without
    sockets; the memory they take, and the time a restarted server needs to read them back
    (it replays every game through the rules)."""
    import json as _json

    from ..rules.modes import MODES as RULES
    from .protocol import write
    from .server import Conn, Server
    folder = tempfile.mkdtemp(prefix="seabattle-hold-")
    clock = [0.0]
    try:
        server = Server(folder, clock=lambda: clock[0], seed=seed)
        rng = random.Random(seed)
        base = _rss_mb()
        spent = {mode: [] for mode in MODE_KEYS}      # the server's time per action, by mode

        def say(conn, message):
            clock[0] += 1.0
            return server.receive(conn, _json.dumps(message))
        for i in range(rooms):
            mode = MODE_KEYS[i % len(MODE_KEYS)]
            config = next(iter(RULES[mode].presets.values()))
            a, b = Conn(None, loopback(2 * i)), Conn(None, loopback(2 * i + 1))
            for conn in (a, b):
                say(conn, {"type": "hello", "version": 1, "game": "sea-battle"})
            code = say(a, {"type": "create", "mode": mode, "config": config.to_dict(),
                           "name": "A"})[0][1]["room"]
            say(b, {"type": "join", "room": code, "name": "B"})
            match = Match(config, (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")),
                          seed=rng.getrandbits(32))
            for conn, setup in zip((a, b), match.computer_setups()):
                say(conn, {"type": "setup", "setup": codec.setup_to_json(mode, setup)})
            game = server.rooms[code].game
            for _ in range(moves):
                if game.over:
                    break
                action = RULES[mode].random_action(game, rng)
                t0 = time.perf_counter()
                for _, message in say((a, b)[game.turn], {
                        "type": "act", "moves": len(game.history),
                        "action": codec.action_to_json(mode, action)}):
                    write(message)          # the text each seat is sent
                spent[mode].append((time.perf_counter() - t0) * 1000)
            server.gone(a)
            server.gone(b)
        held = _rss_mb() - base
        server.close()
        t0 = time.perf_counter()
        again = Server(folder, seed=seed)
        restart = time.perf_counter() - t0
        kept = len(again.rooms)
        again.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    def cut(times, q):
        times = sorted(times)
        return round(times[min(len(times) - 1, int(len(times) * q))], 2) if times else 0.0
    return {"rooms": rooms, "moves_each": moves, "held_mb": round(held, 1),
            "kb_per_room": round(held * 1024 / rooms, 1), "restart_s": round(restart, 2),
            "restarted_rooms": kept,
            "server_action_ms": {m: {"p50": cut(t, 0.5), "p99": cut(t, 0.99)}
                                 for m, t in spent.items()}}
