"""``python -m game.bench net --match``: players who do not know each other find games through
the server's queue (issue 37).

A real server process on 127.0.0.1 (``bench.ServerProcess``). ``--players`` bench players, each
on a loopback address of its own (``bench.loopback``), each with its own identity key (drawn
from the seed) and a hidden skill: a computer level of its game kind, the kinds of
``game.modes.match_kinds()`` and each mode's ``levels`` (weakest first) dealt in turn. They come
to the queue over ``ARRIVALS`` seconds (times drawn from the seed); each queues on the lobby's
path, accepts the ready check, takes its seat by ticket on the room's path (protocol 2), plays at
its level, leaves the room, asks its rating, and queues again, until it has played
``--games-per-player`` games.

Every message a seat receives is checked with ``visibility.leaks`` against the bench's copy of
the game (as ``bench net`` checks); a tenth of the games (drawn from the seed) are watched by a
spectator from an address of its own, and every ``spectate`` it hears is checked with
``visibility.spectator_leaks``. At the end: the waits from queue to ``matched``, the games, and,
per kind, Spearman's ρ of the ratings the server gave against the skill order (and on the first
kind, ρ after each player's k-th game: how many games the order needs).

Seeded: the players (kinds, levels, keys, arrival times), every game's set-ups and players'
choices (drawn from the two players and the games each had played) and which games are watched
come from the seed. Who meets whom depends on the queue at each moment, so on timing: the
pairings, and with them the ratings, ρ and the waits, may move a little from run to run.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
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
from ..modes import MODES, match_kinds, match_levels
from . import codec, identity, visibility
from .bench import CALL_IT_A_DAY, RECV_TIMEOUT, SeatClient, ServerProcess, Table, Tally, loopback
from .client import LinkClosed, Link, connect_ws
from .protocol import LOBBY_PATH, ROOM_PATH, VERSION

ARRIVALS = 120.0      # seconds over which the players first come to the queue
WATCH_SHARE = 0.1     # of the games, drawn from the seed, a spectator watches
CHECK_SHARE = 0.25    # ... and the games whose every seat message is checked for leaks (the
                      # watched ones too): the checks are most of the bench's own time, and its
                      # one process plays for 200 players (``bench net`` past 10 rooms: 0.1)
GAMES = 10            # games each player plays, by default (ρ ≥ 0.8 on the first kind needs
                      # fewer: the JSON's "spearman_after" says how many)
SPECTATORS_FROM = 1000    # spectators connect from loopback(1000 + n) on
FILL = 4              # a player who has had his games queues again once fewer than this many
                      # of his kind have not had theirs (so the last are never left alone)


def ranks(values: list) -> list[float]:
    """Each value's rank (1 = the smallest), ties taking the average of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list, ys: list) -> float | None:
    """Spearman's ρ of two lists (ties as average ranks: Pearson's r of the ranks); None when
    either list has fewer than two values or no spread."""
    if len(xs) != len(ys) or len(xs) < 2:
        return None
    a, b = ranks(xs), ranks(ys)
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    va, vb = sum((x - ma) ** 2 for x in a), sum((y - mb) ** 2 for y in b)
    if not va or not vb:
        return None
    return cov / (va * vb) ** 0.5


@dataclass
class Player:
    """One bench player: who it is, its hidden skill, and what happened to it."""
    index: int
    kind: str
    level: str
    skill: int              # the level's place in its mode's ``levels`` (0: the weakest; the
    #                         bench's rungs of a kind: ``modes.match_levels``)
    key: str                # its identity key (64 hex digits)
    arrive: float           # seconds after the start it first queues
    address: str            # the loopback address it connects from
    games: int = 0
    waits: list = field(default_factory=list)
    ratings: list = field(default_factory=list)     # its rating after each of its games

    @property
    def id(self) -> str:
        return identity.player_id(self.key)

    @property
    def name(self) -> str:
        return f"bench {self.index}"


def make_players(count: int, seed: int, arrivals: float = ARRIVALS, first: int = 0,
                 levels=None, kinds=None) -> list[Player]:
    """``count`` players: the kinds dealt in turn, within a kind its rungs in turn
    (``modes.match_levels``: its mode's levels, or those far enough apart to be told apart)
    (or, ``levels``, each mode's one level given); keys and arrival times (over ``arrivals``
    seconds) drawn from the seed; addresses ``loopback(first)`` on; ``kinds``: only these."""
    names = list(kinds or match_kinds())
    kinds = match_kinds()
    unknown = [k for k in names if k not in kinds]
    if unknown:
        raise ValueError(f"no game kind {', '.join(unknown)}; kinds: {', '.join(kinds)}")
    rng = random.Random(seed ^ 0x9A7E)
    out = []
    for i in range(count):
        kind = names[i % len(names)]
        ladder = match_levels(kind)
        level = ladder[(i // len(names)) % len(ladder)] if levels is None \
            else levels[kinds[kind][0]]
        out.append(Player(i, kind, level, MODES[kinds[kind][0]].levels.index(level), f"{rng.getrandbits(256):064x}",
                          rng.random() * arrivals, loopback(first + i)))
    return out


async def open_v2(url: str, source: str, player: Player | None = None, legal: bool = False,
                  timeout: float = 10.0) -> Link:
    """A protocol-2 connection to ``url`` (with its path) from ``source``, its hello carrying
    the player's key and name (none for a spectator) and answered ``welcome``."""
    try:
        ws = await asyncio.wait_for(connect_ws(url, timeout, source), timeout)
    except (OSError, asyncio.TimeoutError) as exc:
        raise ConnectionError(f"cannot reach {url}: {exc or 'no answer'}") from None
    link = Link(ws)
    hello = {"type": "hello", "version": VERSION, "game": "sea-battle", "legal": legal,
             "patches": True}
    if player is not None:
        hello |= {"player": player.key, "name": player.name}
    await link.send(hello)
    reply = await link.recv(timeout)
    if reply.get("type") != "welcome":
        await link.close()
        raise ConnectionError(f"not welcomed: {reply}")
    return link


def ticket_data(ticket: str) -> dict:
    """What a match ticket says (its signed part is read, not checked: the server checks it)."""
    body = ticket.split(".", 1)[0]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


class MatchTable(Table):
    """One queued game: the two players' set-ups and computer players at their own levels,
    drawn from the seed and the two players (and how many games each had played)."""

    def __init__(self, room: str, kind: str, seats: list, seed: int, watch_share: float):
        self.room, self.kind, self.first = room, kind, "lot"
        self.mode, self.config = match_kinds()[kind]
        self.seat_players = seats
        draw = random.Random(f"{seed}/" + "/".join(f"{p.index}.{p.games}" for p in seats))
        self.seed = self.index = draw.getrandbits(32)
        match = Match(self.config, tuple(Seat(COMPUTER, p.name, p.level) for p in seats),
                      seed=self.seed)
        self.setups = match.computer_setups()
        self.players = match.players(decide_rng=random.Random(self.seed ^ 0xD1CE), fresh=True)
        self.watched = draw.random() < watch_share
        self.checked = self.watched or draw.random() < CHECK_SHARE
        self.actions: dict[int, object] = {}
        self.code = asyncio.get_running_loop().create_future()
        self.code.set_result(room)
        self.done = [False, False]
        self.opening: int | None = None      # who began, once a seat saw it
        self.ending: tuple | None = None     # how a game the rules did not end ended


class MatchSeat(SeatClient):
    """A bench player at its seat of a queued game, taken by ticket."""

    def __init__(self, table: MatchTable, seat: int, server, tally, ticket: str,
                 codes: Counter):
        super().__init__(table, seat, server, tally, None, table.seat_players[seat].address)
        self.ticket, self.who, self.codes = ticket, table.seat_players[seat], codes
        self.cap = CALL_IT_A_DAY      # a game this long is drawn by agreement (as bench net's)
        self.checked = table.checked
        self.left = False
        self.link = None

    async def connect(self):
        link = await open_v2(self.server.url + ROOM_PATH + self.table.room, self.address,
                             self.who, legal=self.player.wants_legal)
        if self.remote.secret is not None:
            await link.send(self.remote.rejoin() | {"seen": self.remote.moves})
        else:
            await link.send({"type": "join_match", "ticket": self.ticket})
        self.link = link
        return link

    async def take(self, link, message: dict) -> None:
        await super().take(link, message)
        if message.get("type") == "error":
            self.codes[message.get("code")] += 1
            if self.remote.room is None or message.get("code") == "room_ended":
                self.table.done[self.seat] = True      # no seat: counted as an error already
        if self.table.done[self.seat] and not self.left:
            self.left = True
            with contextlib.suppress(LinkClosed):
                await link.send({"type": "leave"})

    def check(self, message: dict) -> None:
        if message.get("moves") == 0 and self.remote.view is not None \
                and self.table.opening is None:
            self.table.opening = self.remote.view.turn
        super().check(message)

    def _end_copy(self, message: dict) -> None:
        view = self.remote.view
        winner = getattr(view, "winner", None)
        self.table.ending = ("won", winner) if winner is not None else ("draw", None)
        super()._end_copy(message)


class Spectator:
    """A spectator of one game, from an address of its own: every ``spectate`` it hears is
    checked with ``visibility.spectator_leaks`` against the bench's copy of the game."""

    def __init__(self, table: MatchTable, bench: "MatchBench", address: str):
        self.table, self.bench, self.address = table, bench, address
        self.copy = None
        self.tainted = False

    async def run(self) -> None:
        b, t = self.bench, self.table
        link = await open_v2(b.server.url + ROOM_PATH + t.room, self.address)
        await link.send({"type": "watch", "room": t.room})
        b.spectators += 1
        try:
            while True:
                message = await link.recv(RECV_TIMEOUT)
                kind = message.get("type")
                if kind == "error":
                    b.tally.problem(f"spectator of {t.room}: {message}")
                    return
                if kind != "spectate":
                    continue
                self.check(message)
                if message.get("phase") in ("over", "done"):
                    with contextlib.suppress(LinkClosed):
                        await link.send({"type": "leave"})
                    return
        finally:
            await link.close()

    def check(self, message: dict) -> None:
        t, b = self.table, self.bench
        moves = message.get("moves")
        if moves is None:              # placing: no game yet, nothing of it shown
            b.spectator_messages += 1
            self._check(message, None)
            return
        if self.copy is None:
            first = message.get("turn") if moves == 0 else t.opening
            if first is None:
                b.spectator_unchecked += 1
                return
            self.copy = t.shadow(first)
        while len(self.copy.history) < moves:
            self.copy.apply(t.actions[len(self.copy.history)])
        if message.get("phase") in ("over", "done") and not self.copy.over:
            if t.ending is None:
                b.spectator_unchecked += 1
                return
            if t.ending[0] == "won":
                self.copy.resign(1 - t.ending[1])
            else:
                self.copy.agree_draw()
        if b.taint and not self.tainted and "board" in message:     # the test's injected leak
            self.tainted = True
            message = dict(message, board=codec.encode(self.copy.view(0), "board"))
        b.spectator_messages += 1
        self._check(message, self.copy)

    def _check(self, message: dict, game) -> None:
        """Before the battle (no ``game``) a spectator is told nothing of either fleet."""
        lines = visibility.spectator_leaks(self.table.mode, game, message) if game is not None \
            else [f"a spectator is sent {key!r} before the battle" for key in
                  ("view", "legal", "board", "events") if message.get(key)]
        for line in lines:
            self.bench.tally.problem(f"spectator of {self.table.room} move "
                                     f"{message.get('moves')}: leak: {line}", "leaks")
            break


class MatchBench:
    """The run: the server, the players, their games and what was counted."""

    def __init__(self, players: list, seed: int, games: int, server,
                 taint: bool = False, spectators_from: int = SPECTATORS_FROM,
                 watch_share: float = WATCH_SHARE):
        """``server``: a ``ServerProcess`` (started by the caller)."""
        self.seed, self.games_each, self.taint = seed, games, taint
        self.watch_share = watch_share
        self.players = players
        self.by_id = {p.id: p for p in self.players}
        self.server = server
        self.spectators_from = spectators_from
        self.tally = Tally()
        self.tables: dict[str, MatchTable] = {}
        self.spectators = self.spectator_messages = self.spectator_unchecked = 0
        self.finished: dict[str, int] = dict.fromkeys(match_kinds(), 0)
        self.watchers = 0
        self.codes = Counter()          # the errors the players heard, by code
        # players of each kind short of their games: when fewer than FILL are, those who have
        # had theirs queue again (``fill``) until every one has (``all_played``)
        self.short = Counter(p.kind for p in players)
        self.fill = {kind: asyncio.Event() for kind in match_kinds()}
        self.all_played = {kind: asyncio.Event() for kind in match_kinds()}

    # -- one player's life -------------------------------------------------------------------
    async def life(self, p: Player) -> None:
        await asyncio.sleep(p.arrive)
        lobby = await open_v2(self.server.url + LOBBY_PATH, p.address, p)
        try:
            while not self.all_played[p.kind].is_set():
                if p.games >= self.games_each:
                    await self.fill[p.kind].wait()
                    if self.all_played[p.kind].is_set():
                        break
                since = time.monotonic()
                await lobby.send({"type": "queue", "kind": p.kind})
                matched = await self.paired(lobby, p)
                if matched is None:
                    return
                p.waits.append(time.monotonic() - since)
                await self.play(p, matched)
                p.games += 1
                p.ratings.append(await self.rating(lobby, p))
                if p.games == self.games_each:
                    self.short[p.kind] -= 1
                    if self.short[p.kind] < FILL:
                        self.fill[p.kind].set()
                    if not self.short[p.kind]:
                        self.all_played[p.kind].set()
        finally:
            await lobby.close()

    async def paired(self, lobby: Link, p: Player) -> dict | None:
        """Wait in the queue, accept the ready check: the ``matched`` message (None: refused,
        or, for a player who has had his games, everyone of his kind has had theirs)."""
        done = self.all_played[p.kind]
        while True:
            try:
                message = await lobby.recv(1.0 if p.games >= self.games_each else RECV_TIMEOUT)
            except TimeoutError:
                if not done.is_set():
                    continue
                await lobby.send({"type": "unqueue"})
                while (message := await lobby.recv(RECV_TIMEOUT))["type"] not in ("unqueued",
                                                                                 "matched"):
                    pass
                if message["type"] == "unqueued":
                    return None
            kind = message.get("type")
            if kind == "match_found":
                await lobby.send({"type": "accept", "match": message["match"]})
            elif kind == "matched":
                return message
            elif kind == "error" and message.get("code") == "no_match":
                continue     # the pairing broke before the accept came (the other declined
                #              or dropped): the lobby has put this player back in the queue
            elif kind == "error" or kind == "unqueued":
                self.tally.problem(f"player {p.index} in the queue: {message}")
                if kind == "error":
                    return None
                await lobby.send({"type": "queue", "kind": p.kind})

    async def play(self, p: Player, matched: dict) -> None:
        room, ticket = matched["room"], matched["ticket"]
        ids = [x["id"] for x in ticket_data(ticket)["players"]]
        seat = ids.index(p.id)
        table = self.tables.get(room)
        if table is None:
            table = self.tables[room] = MatchTable(room, matched["kind"],
                                                   [self.by_id[i] for i in ids], self.seed,
                                                   self.watch_share)
            if table.watched:
                self.watchers += 1
                asyncio.create_task(self.watch(table, loopback(self.spectators_from
                                                               + self.watchers)))
        client = MatchSeat(table, seat, self.server, self.tally, ticket, self.codes)
        try:
            await client.run()
        except Exception:
            self.tally.problem(f"player {p.index} in {room}: {traceback.format_exc()}")
            table.done[seat] = True
            if client.link is not None:      # its seat let go: the room ends
                await client.link.close()
        if seat == 0 and table.done[0] and client.remote.phase in ("over", "done"):
            self.finished[table.kind] += 1
        if all(table.done):
            self.tables.pop(room, None)

    async def watch(self, table: MatchTable, address: str) -> None:
        try:
            await Spectator(table, self, address).run()
        except Exception:
            self.tally.problem(f"spectator of {table.room}: {traceback.format_exc()}")

    async def rating(self, lobby: Link, p: Player) -> float | None:
        """The player's rating in its kind after its latest game, as the lobby says it."""
        for _ in range(20):
            await lobby.send({"type": "ratings"})
            while True:
                message = await lobby.recv(RECV_TIMEOUT)
                if message.get("type") in ("ratings", "error"):
                    break
            if message.get("type") == "error":
                self.tally.problem(f"player {p.index}'s ratings: {message}")
                return None
            mine = message["kinds"].get(p.kind) or {}
            if mine.get("games", 0) >= p.games:
                return mine.get("rating")
            await asyncio.sleep(0.1)        # the result not yet recorded: ask again
        self.tally.problem(f"player {p.index}: game {p.games} never rated")
        return None

    # -- the run -------------------------------------------------------------------------------
    async def lives(self) -> None:
        """Every player's life, until each has played its games (or failed: counted)."""
        started = time.perf_counter()

        async def progress() -> None:
            while True:
                await asyncio.sleep(60)
                print(f"# match: {time.perf_counter() - started:.0f} s, "
                      f"{sum(self.finished.values())} games over, "
                      f"{sum(p.games for p in self.players)} played", file=sys.stderr,
                      flush=True)
        ticker = asyncio.create_task(progress())
        lives = await asyncio.gather(*(self.life(p) for p in self.players),
                                     return_exceptions=True)
        ticker.cancel()
        for p, outcome in zip(self.players, lives):
            if isinstance(outcome, BaseException):
                self.tally.problem(f"player {p.index}: {type(outcome).__name__}: {outcome}")

    def waits(self) -> dict:
        """The waits from queue to ``matched``: their median and 95th percentile, seconds."""
        waits = sorted(w for p in self.players for w in p.waits)
        if not waits:
            return {"median": None, "p95": None}
        return {"median": round(statistics.median(waits), 1),
                "p95": round(waits[min(len(waits) - 1, int(len(waits) * 0.95))], 1)}

    def report(self, cpu, seconds: float) -> dict:
        played = sorted(p.games for p in self.players)
        by_kind = {}
        for kind in match_kinds():
            mine = [p for p in self.players if p.kind == kind and p.ratings
                    and p.ratings[-1] is not None]
            rho = spearman([p.ratings[-1] for p in mine], [p.skill for p in mine])
            by_kind[kind] = None if rho is None else round(rho, 3)
        first = next(iter(match_kinds()))
        after = {}
        for k in range(1, self.games_each + 1):
            mine = [p for p in self.players if p.kind == first and len(p.ratings) >= k
                    and p.ratings[k - 1] is not None]
            rho = spearman([p.ratings[k - 1] for p in mine], [p.skill for p in mine])
            after[k] = None if rho is None else round(rho, 3)
        return {
            "players": len(self.players), "paired": sum(bool(p.games) for p in self.players),
            "wait_s": self.waits(),
            "games_finished": sum(self.finished.values()), "finished_by_kind": self.finished,
            "errors": self.tally.errors, "error_codes": dict(self.codes),
            "leaks": self.tally.leaks,
            "checked": self.tally.checked, "agreed_draws": self.tally.agreed,
            "spectators": self.spectators, "spectator_messages": self.spectator_messages,
            "spectator_unchecked": self.spectator_unchecked,
            "games_per_player": {"min": played[0], "median": statistics.median(played),
                                 "max": played[-1]} if played else None,
            "spearman": by_kind, "spearman_kind": first, "spearman_after": after,
            "server_cpu_s": cpu, "seconds": round(seconds, 1)}


async def run(players: int, seed: int, games: int = GAMES, options: tuple = (),
              taint: bool = False, arrivals: float = ARRIVALS,
              watch_share: float = WATCH_SHARE, kinds=None) -> dict:
    """``options``: more of the server's command line; ``arrivals``: seconds over which the
    players first come; ``watch_share``: of the games, those watched; ``kinds``: only these
    game kinds (all of ``match_kinds()`` by default); ``taint``: each spectator's first
    message of a battle has its board swapped for a player's own view (the test's leak)."""
    data = tempfile.mkdtemp(prefix="seabattle-match-")
    server = ServerProcess(data, seed, options)
    bench = MatchBench(make_players(players, seed, arrivals, kinds=kinds), seed, games, server,
                       taint, watch_share=watch_share)
    started = time.perf_counter()
    await server.start()
    try:
        await bench.lives()
    finally:
        cpu = server.cpu_s()
        await server.stop()
        shutil.rmtree(data, ignore_errors=True)
    return bench.report(cpu, time.perf_counter() - started)
