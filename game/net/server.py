"""The game server (issue 23): ``python -m game.server [--host H] [--port P] [--data DIR]``.

One asyncio process holds many rooms (``game.net.room``), each a game in the rules engine; it
reads every client's message through ``protocol.read`` (size, JSON, schema), lets only a seat's
own connection act for it, applies the action through the rules' own ``check``, stores the room
(``game.net.store``) and only then answers, each seat with its own view. A bad message gets an
error naming what was wrong and changes nothing; a flood is cut by a token bucket; no message
stops the server. The game hosts one on a free port in a thread of its own (``host_in_thread``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..modes import MODES
from ..rules.errors import RuleError
from ..rules.jsonform import echoed
from . import cluster, codec, limits as limits_mod, patch, protocol, tickets
from .limits import Guard, Limits
from .lobby import Lobby
from .meeting import Meeting, ended
from .protocol import (CLAIM_DEFAULT, CODE_ALPHABET, CODE_LENGTH, LOBBY, VERSIONS,
                       ProtocolError, read, write)
from .room import DONE, WAITING, WATCHERS, Room
from .store import Store

log = logging.getLogger("seabattle.server")

RATE = 30.0          # messages a second a connection may send, on average
BURST = 60.0         # ... and at once
CUT_OFF = 300        # refused messages (forgotten at RATE a second) that close the connection
DONE_GRACE = 60.0    # seconds a finished match's room waits for a seat that dropped
SWEEP_EVERY = 5.0    # seconds between looks for rooms that have ended
WIRE_LIMIT = 4 * protocol.MAX_BYTES   # the transport drops bigger frames (close code 1009)
LOBBY_REPLIES = ("queued", "unqueued", "ratings", "leaderboard", "games")   # carry an "id" back


def _finished(room: Room) -> bool:
    """Is the room's match over? A queued game is one game: drawn, it is over as much as a won
    one (its series of one is never decided by a draw, so its phase stays OVER)."""
    return room.phase == DONE or bool(room.match and room.game is not None and room.game.over)


@dataclass(eq=False)      # a connection is itself: compared and hashed by identity
class Conn:
    """One client's connection: the room and seat it holds once it joined."""
    send: object                       # a callable taking the message's text
    address: str = ""                  # the client's address, as limits count it
    version_ok: bool = False
    version: int = 0                   # the protocol it speaks (VERSIONS)
    path: str = "/"                    # the WebSocket URL's path it came on (protocol 2)
    player: str | None = None          # protocol 2: the player's id (identity.py), from hello
    name: str = ""                     # ... and the name it gave
    watching: str | None = None        # the room it watches (a spectator holds no seat)
    cluster: bool = False              # a room process's link to the lobby (its report signed)
    legal: bool = False
    room: str | None = None
    seat: int | None = None
    tokens: float = BURST
    stamp: float = 0.0
    strikes: float = 0.0               # refused messages, forgotten at RATE a second
    told_rate: bool = False            # it heard it is over the rate (said once)
    closing: bool = False
    told_claim: bool = False           # it heard it may claim the game
    patches: bool = False              # it asked for states as changes (patch.py)
    sent: dict = field(default_factory=dict)   # ... and was last sent these fields whole


class Server(Meeting):
    """Rooms and connections, without sockets: ``receive(conn, text)`` answers one message
    (the tests and the fuzzer call it directly; ``serve`` wires it to WebSockets)."""

    def __init__(self, data: Path | str, clock=time.monotonic, seed: int | None = None,
                 limits: Limits | None = None, role: str = "all", letters: str | None = None,
                 cluster_key: bytes | None = None):
        """``role``, ``letters`` (the first letters of the codes it makes) and ``cluster_key``:
        a process of a cluster (``cluster.py``, ``docs/network.md``)."""
        if role not in cluster.ROLES:
            raise ValueError(f"role {role!r}: one of {', '.join(cluster.ROLES)}")
        self.role, self.letters = role, cluster.check_letters(letters)
        self.cluster_key = cluster_key
        self.clock = clock
        self.limits = limits or Limits()
        self.guard = Guard(self.limits)
        self.store = Store(data)
        now = clock()
        self.rooms, problems = self.store.load(now)
        for line in problems:
            log.warning("a stored room was not loaded: %s", line)
        self.problems = problems
        for room in self.rooms.values():       # what each address held, held still
            room.opened = now
            for s in room.seats:
                if s is not None:
                    self.guard.hold(s.address, room.code)
        self.seats: dict[tuple[str, int], Conn] = {}
        self.swept = now
        self.seed_source = secrets.SystemRandom() if seed is None else None
        self.next_seed = seed
        self.reporter: cluster.Reporter | None = None    # a room process's link to the lobby
        self._open_lobby(data, clock, seed)

    def _open_lobby(self, data, clock, seed) -> None:
        """Issue 37, one process ("all"): the lobby is here, the tickets' key is random, and a
        rated room's results go straight to the lobby. A cluster's processes sign tickets and
        reports with the cluster's key; a room process has no lobby: its results go to a
        durable outbox (``cluster.Outbox``) that its ``reporter`` sends to the lobby's
        process; the lobby's process holds no room."""
        key = self.cluster_key if self.cluster_key is not None else secrets.token_bytes(32)
        self.matches_ended: dict[str, float] = {}   # a matched room's code -> when it ended
        if self.role == "rooms":
            self.lobby = None
            self.ticket_key = key
            self.reports = cluster.Outbox(self.store.db, key, self.letters or "")
        else:
            self.lobby = Lobby(data, clock, seed, key, self.limits)
            self.lobby.taken = self.rooms.__contains__
            self.ticket_key = self.lobby.key
            self.reports = self.lobby           # result(r), ended(code), status(code, info)
        for room in self.rooms.values():
            if room.match:
                self.reports.status(room.code, room.status())

    # -- one message ------------------------------------------------------------------------
    def receive(self, conn: Conn, text) -> list:
        """Answer one message: a list of (connection, message) to send. Never raises for
        anything a client sends."""
        now = self.clock()
        if not self._allowed(conn, now):
            if conn.told_rate and not conn.closing:
                return []
            conn.told_rate = True
            return [(conn, ProtocolError("rate_limited", f"more than {RATE:.0f} messages a "
                                         "second on a connection, or "
                                         f"{self.limits.address_rate:.0f} from an address; "
                                         "wait").reply())]
        msg_id = None
        try:
            msg = read(text)
            msg_id = msg.get("id")
            out = self._dispatch(conn, msg, now)
        except ProtocolError as exc:
            out = [(conn, exc.reply())]
            if exc.code == "stale" and conn.room in self.rooms:   # resend the game as it is
                out.append((conn, self.rooms[conn.room].state_for(conn.seat, now)))
        except codec.CodecError as exc:     # a client's value said back: short, writable
            out = [(conn, {"type": "error", "code": "bad_field",
                           "message": echoed(str(exc), 300)})]
        except RuleError as exc:
            out = [(conn, {"type": "error", "code": "illegal", "message": echoed(str(exc), 300),
                           "rule": {"code": exc.code,
                                    "params": codec.encode(echoed(exc.params))}})]
        except Exception:          # a defect of ours: said, logged, and the server goes on
            log.exception("a message failed")
            out = [(conn, {"type": "error", "code": "server_error",
                           "message": "the server failed to handle that message"})]
        if msg_id is not None:
            for target, message in out:
                if target is conn and message.get("type") in ("error", "state", "welcome",
                                                               "joined", "pong", *LOBBY_REPLIES):
                    message["id"] = msg_id
                    break
        return out

    def _allowed(self, conn: Conn, now: float) -> bool:
        """The token buckets: ``RATE`` a second, ``BURST`` at once, for the connection, and the
        address's across all its connections (``limits``); a connection that keeps flooding far
        past either (``CUT_OFF`` strikes) is closed."""
        if conn.cluster:          # a room process's reports: as many as its rooms make
            return True
        passed = max(0.0, now - conn.stamp)
        conn.tokens = min(BURST, conn.tokens + passed * RATE)
        conn.strikes = max(0.0, conn.strikes - passed * RATE)
        conn.stamp = now
        if conn.tokens < 1 or not self.guard.message(conn.address, now):
            conn.strikes += 1
            conn.closing = conn.closing or conn.strikes >= CUT_OFF
            return False
        conn.tokens -= 1
        conn.told_rate = False
        return True

    def _dispatch(self, conn: Conn, msg: dict, now: float) -> list:
        kind = msg["type"]
        if kind == "ping":
            return [(conn, {"type": "pong"})]
        if kind == "hello":
            if msg["game"] != "sea-battle":
                raise ProtocolError("bad_field", "this is a Sea Battle server", "game")
            if msg["version"] not in VERSIONS:
                conn.closing = True
                raise protocol.version_error(msg["version"])
            conn.version_ok, conn.legal = True, bool(msg.get("legal", False))
            conn.version = msg["version"]
            conn.patches = bool(msg.get("patches", False))
            welcome, out = {"type": "welcome", "version": conn.version}, []
            if "player" in msg:                  # protocol 2: who plays (identity.py)
                welcome["player"], out = self._identified(conn, msg, now)
            return [(conn, welcome)] + out
        if not conn.version_ok:
            raise ProtocolError("hello_first", "say hello (with the protocol version) first")
        cluster.check_role(self.role, conn.version, conn.path, kind, msg)    # issue 37's paths
        if conn.watching is not None:            # issue 37: a spectator pings or leaves
            return self._spectator_says(conn, kind)
        if kind == "report":                     # a room process's, to the lobby's process
            out = [(conn, cluster.take_report(self.cluster_key, msg, self.lobby))]
            conn.cluster = True
            return out
        if kind in LOBBY:                        # issue 37: the queue, ratings, the listing
            return self._lobby(conn, msg, now)
        if kind == "join_match":
            if conn.room is not None or conn.watching is not None:
                raise ProtocolError("seated", "this connection is in a room already")
            return self._join_match(conn, msg, now)
        if kind == "watch":
            if conn.room is not None or conn.watching is not None:
                raise ProtocolError("seated", "this connection is in a room already")
            return self._watch(conn, msg, now)
        if kind in ("create", "join", "rejoin"):
            if conn.room is not None:
                raise ProtocolError("seated", f"this connection plays in room {conn.room} "
                                    "already")
            return getattr(self, "_" + kind)(conn, msg, now)
        if conn.room is None:
            raise ProtocolError("no_seat", f"the message {kind!r} needs a seat: join a room first")
        room, seat = self.rooms[conn.room], conn.seat
        if kind == "leave":
            return [(conn, {"type": "left", "room": conn.room})] + self.gone(conn, left=True)
        if kind == "setup":
            out = room.place(seat, msg["setup"], now)
        elif kind == "act":
            out = room.act(seat, msg["action"], msg["moves"], now)
        elif kind == "resign":
            out = room.resign(seat, now)
        elif kind == "offer_draw":
            out = room.offer_draw(seat, now)
        elif kind == "answer_draw":
            out = room.answer_draw(seat, msg["accept"], now)
        elif kind == "next":
            out = room.next_game(seat, now)
        elif kind == "claim":
            out = room.claim(seat, now)
        else:   # chat
            out = room.say(seat, msg.get("text"), msg.get("phrase"), now)
        self._report(room)
        self.store.save(room)      # before any reply: what a client saw (chat too) is kept
        return self._route(room, out)

    def _route(self, room: Room, out: list) -> list:
        sent = []
        for seat, message in out:
            if seat == WATCHERS:                 # every spectator of the room (issue 37)
                sent += [(conn, message) for conn in room.watchers]
            elif (room.code, seat) in self.seats:
                sent.append((self.seats[(room.code, seat)], message))
        return sent

    # -- rooms and seats ----------------------------------------------------------------------
    def _new_code(self) -> str:
        """A code nobody holds; in a room process of a cluster, one that begins with one of its
        ``letters`` (the proxy routes a code to its process by its first letter)."""
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET if i or not self.letters
                                          else self.letters) for i in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    def _seed(self) -> int:
        if self.seed_source is not None:
            return self.seed_source.getrandbits(32)
        self.next_seed += 1
        return self.next_seed

    def _create(self, conn: Conn, msg: dict, now: float) -> list:
        entry = MODES.get(msg["mode"])
        if entry is None:
            raise ProtocolError("bad_field", f"no mode {msg['mode'][:16]!r}; modes: "
                                f"{', '.join(MODES)}", "mode")
        config = entry.rules.config_from_dict(msg["config"])    # a ConfigError names it
        cluster.check_create(self.letters)
        self.guard.may_create(conn.address, now, len(self.rooms))   # counted once it is sure
        room = Room(self._new_code(), entry.key, config, msg.get("best_of", 1),
                    msg.get("first", "lot"), msg.get("claim_after", CLAIM_DEFAULT), self._seed(),
                    opened=now)
        room.clock = msg.get("clock", 0)                        # §0's move clock
        self.rooms[room.code] = room
        seat, secret = room.sit(msg["name"], conn.legal, conn.address)
        return self._seated(conn, room, seat, secret, now)

    def _join(self, conn: Conn, msg: dict, now: float) -> list:
        self.guard.may_join(conn.address, now, msg["room"])
        room = self._found(conn, msg["room"], now)
        try:
            seat, secret = room.sit(msg["name"], conn.legal, conn.address)
        except ProtocolError:
            self.guard.failed_join(conn.address, now)
            raise
        return self._seated(conn, room, seat, secret, now)

    def _rejoin(self, conn: Conn, msg: dict, now: float) -> list:
        self.guard.may_join(conn.address, now, msg["room"], rejoin=True)
        room = self._found(conn, msg["room"], now)
        if not room.owns(msg["seat"], msg["secret"]):
            self.guard.failed_join(conn.address, now)
            raise ProtocolError("wrong_secret", "that secret does not open that seat", "secret")
        return self._seated(conn, room, msg["seat"], None, now, msg.get("seen"))

    def _found(self, conn: Conn, code: str, now: float) -> Room:
        """The room ``code``; a code that is not there is a failed join of the address."""
        try:
            return self._room(code)
        except ProtocolError:
            self.guard.failed_join(conn.address, now)
            raise

    # -- issue 37 (protocol 2) -------------------------------------------------------------------
    def _room(self, code: str) -> Room:
        room = self.rooms.get(code)
        if room is None:
            raise ProtocolError("no_room", f"no room {code} on this server", "room")
        return room

    def _seated(self, conn: Conn, room: Room, seat: int, secret: str | None, now: float,
                seen: int | None = None):
        """``conn`` holds ``seat`` now (an older connection of the seat is let go)."""
        old = self.seats.get((room.code, seat))
        out = []
        if old is not None and old is not conn:
            old.room = old.seat = None
            old.closing = True
            out.append((old, {"type": "error", "code": "replaced",
                              "message": "this seat was taken up by another connection"}))
        conn.room, conn.seat = room.code, seat
        room.seats[seat].legal = conn.legal
        self._held_by(room, seat, conn.address, now)
        self.seats[(room.code, seat)] = conn
        joined = {"type": "joined", "room": room.code, "seat": seat, "mode": room.mode,
                  "config": room.config.to_dict(), "best_of": room.best_of,
                  "claim_after": room.claim_after, "chat": room.chat}
        if secret is not None:
            joined["secret"] = secret
        self.store.save(room)
        out.append((conn, joined))
        # (the seat coming back, ``seen``, hears what it missed)
        return out + self._route(room, room.present(seat, True, now, seen))

    def _held_by(self, room: Room, seat: int, address: str, now: float) -> None:
        """``seat`` of ``room`` is held from ``address`` now (a seat taken up again from another
        address moves with it)."""
        s = room.seats[seat]
        old, s.address = s.address, address
        if old != address and not any(x is not None and x.address == old for x in room.seats):
            self.guard.release(old, room.code, now)
        self.guard.hold(address, room.code)

    def gone(self, conn: Conn, left: bool = False) -> list:
        """A connection closed (or ``left``): its seat counts as gone from now. A match that
        is over ends when both have gone; a room waiting for its second player ends when the
        first leaves it."""
        out = [] if left or self.lobby is None else self.lobby.dropped(conn, conn.player,
                                                                       self.clock())
        if conn.watching is not None:
            return out + self._unwatch(conn)
        if conn.room is None or self.seats.get((conn.room, conn.seat)) is not conn:
            return out
        room, seat = self.rooms[conn.room], conn.seat
        del self.seats[(room.code, seat)]
        conn.room = conn.seat = None
        out += self._route(room, room.present(seat, False, self.clock()))
        nobody = not any(s is not None and s.here for s in room.seats)
        if left and nobody and (room.phase == WAITING or _finished(room)):
            out += self.end_room(room.code, "left")     # (its spectators hear it)
        return out

    def end_room(self, code: str, why: str) -> list:
        """Delete room ``code`` from memory and the store; a seat still connected to it hears
        that it ended (``closed``) and holds no seat."""
        room = self.rooms.pop(code, None)
        if room is None:
            return []
        self.store.delete(code)
        now, out = self.clock(), []
        if room.match:                  # the lobby forgets it; its ticket opens nothing now
            self.reports.ended(code)
            self.matches_ended[code] = now
        for seat, s in enumerate(room.seats):
            if s is None:
                continue
            self.guard.release(s.address, code, now)
            conn = self.seats.pop((code, seat), None)
            if conn is not None:
                conn.room = conn.seat = None
                out.append((conn, ended(code, why)))
        out += self._watchers_ended(room, code, why)
        log.info("room %s ended (%s)", code, why)
        return out

    def sweep(self, now: float) -> list:
        """Rooms that have ended: a match over whose seats all dropped ``DONE_GRACE`` ago, a
        room waiting for its second player past ``wait_limit``, one nobody has been connected
        to for ``idle_limit``; and addresses that hold and owe nothing are forgotten."""
        out = []
        lim = self.limits
        self.guard.prune(now)
        for code in [c for c, t in self.matches_ended.items() if now - t > tickets.LIFE]:
            del self.matches_ended[code]
        for code, room in list(self.rooms.items()):
            seated = [s for s in room.seats if s is not None]
            wait, why = (lim.match_wait, "no_show") if room.match else (lim.wait_limit, "waited")
            if any(s.here for s in seated):
                if room.phase == WAITING and now - room.opened >= wait:
                    out += self.end_room(code, why)
                continue
            quiet = min((now - s.gone_at for s in seated if s.gone_at is not None),
                        default=now - room.opened)
            if room.phase == WAITING and now - room.opened >= wait:
                out += self.end_room(code, why)
            elif _finished(room) and quiet >= DONE_GRACE:
                out += self.end_room(code, "over")
            elif quiet >= lim.idle_limit:
                out += self.end_room(code, "idle")
        return out

    def tick(self) -> list:
        """Once a second: a turn whose time ran out is lost (§0, the room's move clock); a seat
        that may now claim the game hears so; every few seconds, rooms that have ended are
        deleted."""
        now, out = self.clock(), []
        if now - self.swept >= SWEEP_EVERY:
            self.swept = now
            out += self.sweep(now)
        for code in dict.fromkeys(c for c, _ in self.seats):   # a clock runs with a player in
            lapsed = self.rooms[code].lapse_due(now)
            if lapsed:       # a turn whose time ran out is lost (§0, the room's clock): stored,
                self._report(self.rooms[code])
                self.store.save(self.rooms[code])                               # then told
                out += self._route(self.rooms[code], lapsed)
        for (code, seat), conn in list(self.seats.items()):
            room = self.rooms[code]
            if room.may_claim(seat, now) and not conn.told_claim:
                conn.told_claim = True
                out.append((conn, room.state_for(seat, now)))
            elif not room.may_claim(seat, now):
                conn.told_claim = False
        return out + ([] if self.lobby is None else self.lobby.tick(now))

    @staticmethod
    def outgoing(conn: Conn, message: dict) -> dict:
        """``message`` as it goes out on ``conn``, at the moment it is written: a state to a
        connection that asked for patches holds the changes since the last one it was sent
        (so the order they are made in is the order they are written in)."""
        if conn.patches and message.get("type") == "state":
            return patch.shrink(message, conn.sent)
        return message

    def close(self) -> None:
        self.store.close()
        if self.lobby is not None:
            self.lobby.close()


# --- the WebSocket side ---------------------------------------------------------------------

async def serve(server: Server, host: str, port: int, ready=None, stop=None) -> None:
    """Serve ``server`` on ``host``:``port`` (0: a free one) until ``stop`` (an asyncio.Event)
    is set; ``ready(port)`` is called once listening."""
    from websockets.asyncio.server import serve as ws_serve
    from websockets.exceptions import ConnectionClosed

    async def deliver(out) -> None:
        for target, message in out:
            ws = target.send
            try:     # made and written with no wait between: patches go out in order
                await ws.send(write(server.outgoing(target, message)))
                if target.closing and message.get("type") == "error":
                    await ws.close(1008, message.get("code", "")[:60])
            except ConnectionClosed:
                pass

    def address_of(ws) -> str:
        peer = ws.remote_address[0] if ws.remote_address else ""
        if server.limits.trust_proxy:
            peer = limits_mod.forwarded_for(ws.request.headers.get("X-Forwarded-For"), peer)
        return limits_mod.address_key(peer)

    async def refuse(ws, error: dict) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(write(error))
            await ws.close(1008, error["code"])

    async def hello_or_close(ws, conn: Conn) -> None:
        """A connection that says no valid hello within ``hello_within`` seconds is closed."""
        await asyncio.sleep(server.limits.hello_within)
        if not conn.version_ok:
            await refuse(ws, ProtocolError("hello_timeout", "no hello within "
                                           f"{server.limits.hello_within:g} s").reply())

    async def handler(ws) -> None:
        address = address_of(ws)
        refused = server.guard.connect(address)
        if refused is not None:
            await refuse(ws, refused.reply())
            return
        conn = Conn(ws, address, stamp=server.clock(),
                    path=cluster.clean_path(ws.request.path))
        watch = asyncio.create_task(hello_or_close(ws, conn))
        try:
            async for text in ws:
                await deliver(server.receive(conn, text))
                if conn.closing:
                    await ws.close(1008, "closed by the server")
                    break
        except ConnectionClosed:
            pass
        finally:
            watch.cancel()
            server.guard.disconnect(address, server.clock())
            await deliver(server.gone(conn))

    async def ticking() -> None:
        while True:
            await asyncio.sleep(1.0)
            await deliver(server.tick())

    stop = stop or asyncio.Event()
    # no per-message compression: a state goes as its changes (a few hundred bytes), which
    # deflate would barely shrink at a cost to every message on both sides
    async with ws_serve(handler, host, port, max_size=WIRE_LIMIT, ping_interval=20,
                        ping_timeout=20, close_timeout=1,      # a stop is quick
                        compression=None) as ws_server:
        bound = next(iter(ws_server.sockets)).getsockname()[1]
        log.info("serving on ws://%s:%d", host, bound)
        if ready is not None:
            ready(bound)
        ticker = asyncio.create_task(ticking())
        reporter = None if server.reporter is None else asyncio.create_task(
            server.reporter.run())
        await stop.wait()
        ticker.cancel()
        if reporter is not None:
            reporter.cancel()


class Hosted:
    """A server running in a thread of the game (Host in "Play online"): ``port`` once up,
    ``stop()`` to end it."""

    def __init__(self, data: Path | str, host: str = "0.0.0.0", port: int = 0):
        self.port: int | None = None
        self.error: str | None = None
        self.data = Path(data)           # where its rooms are kept (a restart resumes them)
        self._ready = threading.Event()
        self._loop = None
        self._stop = None
        self.thread = threading.Thread(target=self._run, args=(Path(data), host, port),
                                       name="seabattle-server", daemon=True)
        self.thread.start()
        self._ready.wait(10.0)

    def _run(self, data: Path, host: str, port: int) -> None:
        async def main():
            self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
            server = Server(data)
            try:
                await serve(server, host, port, ready=self._up, stop=self._stop)
            finally:
                server.close()
        try:
            asyncio.run(main())
        except OSError as exc:
            self.error = str(exc)
        finally:
            self._ready.set()

    def _up(self, port: int) -> None:
        self.port = port
        self._ready.set()

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(5.0)


def quiet_collector() -> None:
    """The garbage collector of a server process, set for rooms that live long: what was read
    back at the start is set aside (``gc.freeze``: it lives as long as the server), and a full
    pass, which walks every object the rooms hold (a third of a second at 500 busy rooms), comes
    after 100 passes of the middle generation instead of 10 (it still waits, as always, until a
    quarter of what it would walk is new). The young passes, a few milliseconds each, are left
    as they are. Measured with ``bench net --rooms 500``: ``docs/network.md``."""
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 100)


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m game.server`` (``seabattle-server`` installed)."""
    parser = argparse.ArgumentParser(prog="python -m game.server",
                                     description="The Sea Battle network server.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on "
                        "(0.0.0.0: every network of this machine)")
    parser.add_argument("--port", type=int, default=8765, help="port (0: a free one)")
    parser.add_argument("--data", default="server-data", help="folder of the rooms' SQLite file")
    parser.add_argument("--seed", type=int, help="seed the rooms' lots (benchmarks, tests)")
    group = parser.add_argument_group("a cluster: many processes behind one proxy "
                                      "(deploy/README.md)")
    group.add_argument("--role", default="all", choices=cluster.ROLES,
                       help="all: one process answers everything (default); rooms: a room "
                       "process; lobby: the one lobby process")
    group.add_argument("--letters", help="a room process: the first letters of the codes it "
                       "makes (the proxy's map sends those codes to it)")
    group.add_argument("--cluster-key", help="the file of the cluster's key (64 hex digits, "
                       "the same for every process): tickets and reports are signed with it")
    group.add_argument("--lobby", help="a room process: the lobby's URL its reports go to "
                       "(ws://host:port/v2/lobby)")
    limits_mod.add_options(parser)
    return parser


def from_args(args) -> Server:
    """The server the command line ``args`` asks for (a room process with its link to the
    lobby); ``ValueError`` saying what is wrong with them."""
    key = cluster.read_key(args.cluster_key) if args.cluster_key else None
    if args.role != "all" and key is None:
        raise ValueError(f"--role {args.role} needs --cluster-key")
    if args.role == "rooms" and not args.lobby:
        raise ValueError("--role rooms needs --lobby (where its reports go)")
    server = Server(args.data, seed=args.seed, limits=Limits.from_args(args),
                    role=args.role, letters=args.letters, cluster_key=key)
    if args.role == "rooms":        # elsewhere the lobby is in this process: no link to make
        server.reporter = cluster.Reporter(server.reports, args.lobby)
    return server


def main(argv=None) -> int:
    command = parser()
    args = command.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        server = from_args(args)
    except ValueError as exc:
        command.error(str(exc))
    quiet_collector()
    for line in server.problems:
        print(f"not loaded: {line}", flush=True)

    def ready(port: int) -> None:
        print(f"listening on ws://{args.host}:{port} ({len(server.rooms)} rooms)", flush=True)
    try:
        asyncio.run(serve(server, args.host, args.port, ready=ready))
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0
