"""One person's online game from the game's screens (issue 23), pure (no pygame): the connection
(``client.NetThread``), the server the game hosts itself (``server.Hosted``) when it hosts, and
what the screens ask of them in words: the address to give, the other player's name, whether he
is here, what went wrong.
"""

from __future__ import annotations

import socket
from pathlib import Path

from .client import NetThread
from .protocol import CREATE_PATH, LOBBY_PATH, ROOM_PATH
from .server import Hosted

DEFAULT_PORT = 8765


def lan_address() -> str | None:
    """This machine's address on its network (what a friend on the LAN types), or None. A UDP
    socket "connected" to a private address sends nothing; it only picks the way out."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith(("127.", "0.")) else address


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """"host", "host:port" or "ws://host:port" as (host, port); ValueError if it is none."""
    text = text.strip()
    for prefix in ("ws://", "wss://"):
        if text.lower().startswith(prefix):
            text = text[len(prefix):]
    text = text.rstrip("/")
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, str(default_port)
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host or " " in host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(text)
    return host, int(port)


# what the screens say for each refusal that ends an attempt to join (i18n keys)
JOIN_ERRORS = {"no_room": "online.error_no_room", "room_full": "online.error_full",
               "version": "online.error_version", "bad_field": "online.error_code",
               "wrong_secret": "online.error_secret",
               # the server's limits per address (docs/network.md)
               "too_many_joins": "online.error_busy", "too_many_connections": "online.error_busy",
               "rate_limited": "online.error_busy", "hello_timeout": "online.error_busy",
               "too_many_rooms": "online.error_rooms", "too_many_creates": "online.error_rooms",
               "server_full": "online.error_server_full", "room_ended": "online.error_ended"}
GONE_SEAT = ("no_room", "wrong_secret")     # a kept seat that cannot be taken up again


class Session:
    """The connection of one seat: ``send``, ``poll`` each frame, ``close`` at the end (which
    also stops a hosted server). ``hosted``: the server this game runs (Host), else None."""

    def __init__(self, host: str, port: int, hosted: Hosted | None = None, retry: float = 1.0,
                 rejoin: dict | None = None, path: str | None = None,
                 player: str | None = None, name: str | None = None):
        self.host, self.port = host, port
        self.hosted = hosted
        # protocol 2's path: the room's (a kept seat's), or what the first message needs
        # (``room_path``, CREATE_PATH); a server of protocol 1 takes any
        self.path = path if path is not None else (
            ROOM_PATH + rejoin["room"] if rejoin is not None else CREATE_PATH)
        self.net = NetThread(self.url, retry=retry, rejoin=rejoin, player=player, name=name)
        self.match: dict | None = None       # a queued game's "matched" (its opponent, kind)
        self.error: dict | None = None       # the last refusal ("error" message)
        self.closed = False
        self.ended = False                   # the server ended the room (nobody came in time)
        self.listen: str | None = None       # where a hosted server listens
        self.hosting = False                 # this game made the room (Host)
        self.returning = rejoin is not None  # taking a kept seat up again, not yet back in
        self.on_seat = None                  # called with ``seat_record()`` when a seat is taken
        self.moved = False                   # the address changed: the seat is kept anew there

    @classmethod
    def host_here(cls, data: Path | str, port: int = 0, listen: str = "0.0.0.0",
                  rejoin: dict | None = None, **who) -> "Session":
        """Start a server in this game (on ``listen``, a free port by default) and connect to
        it; OSError says why it did not start. ``port`` taken (a kept room's server started
        again): a free one instead (``hosted.port`` says which). ``who``: the hello's player
        and name."""
        hosted = Hosted(data, listen, port)
        if hosted.port is None and port:
            hosted = Hosted(data, listen, 0)
        if hosted.port is None:
            raise OSError(hosted.error or "the server did not start")
        session = cls("127.0.0.1", hosted.port, hosted, rejoin=rejoin, **who)
        session.listen = listen
        return session

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}{self.path}"

    @property
    def remote(self):
        return self.net.remote

    def send(self, message: dict) -> None:
        try:
            self.net.send(message)
        except RuntimeError:         # the link's thread has ended (closed): nothing to send on
            pass

    def poll(self) -> list:
        out = self.net.poll()
        for message in out:
            if message.get("type") == "error":
                self.error = message
                self.ended = self.ended or message.get("code") == "room_ended"
            elif message.get("type") == "joined":
                self.returning = False
                if self.path != ROOM_PATH + message["room"]:   # made on CREATE_PATH: found
                    self.path = ROOM_PATH + message["room"]    # again by its code's path
                    self.net.url = self.url
                if ("secret" in message or self.moved) and self.on_seat is not None:
                    self.on_seat(self.seat_record())      # a new seat, or one at a new address
                self.moved = False
        return out

    def seat_record(self) -> dict:
        """What a closed game window needs to take this seat up again (``data.online_seat``)."""
        remote, hosted = self.remote, self.hosted
        return {"address": self.address, "room": remote.room, "seat": remote.seat,
                "secret": remote.secret, "mode": remote.mode, "hosting": self.hosting,
                "server_port": hosted.port if hosted is not None else None,
                "server_data": str(hosted.data) if hosted is not None else None}

    def move_to(self, host: str, port: int) -> None:
        """The server is at another address now (a host's server that came back on another
        port): the connection is tried there and the seat taken up again; the kept seat
        (``on_seat``) follows once the seat is taken there."""
        self.host, self.port = host, port
        self.moved = True
        self.net.retarget(self.url)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.send({"type": "leave"})
            self.net.close()
        except RuntimeError:         # closed already (its thread has ended)
            pass
        finally:
            if self.hosted is not None:
                self.hosted.stop()

    # -- what the screens say ------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.remote.seat

    def name_of(self, seat: int) -> str:
        seats = self.remote.state.get("seats") or [None, None]
        s = seats[seat] if seat in (0, 1) else None
        return s["name"] if s else ""

    def other_gone(self) -> int | None:
        """Seconds the other player has been gone (None: he is here, or not yet come)."""
        seat = self.remote.seat
        seats = self.remote.state.get("seats") or [None, None]
        other = seats[1 - seat] if seat in (0, 1) else None
        return None if other is None or other.get("here") else other.get("gone") or 0

    @property
    def unreachable(self) -> bool:
        """This seat's server does not answer now: its connection broke (or a kept seat's
        return finds nobody there) and is being tried again."""
        return (not self.closed and self.remote.seat is not None
                and self.net.status == "retrying")

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    def join_problem(self) -> str | None:
        """The i18n key of why joining has failed (None: nothing yet)."""
        joining = self.remote.seat is None or self.returning or self.ended
        if self.error is not None and joining:
            return JOIN_ERRORS.get(self.error.get("code"), "online.error_other")
        problem = self.net.problem or ""
        if self.net.status == "retrying" and joining:
            return "online.error_version" if "protocol" in problem else "online.error_reach"
        return None

    def addresses(self) -> list[str]:
        """host:port to give a friend: this machine on its network, then the same machine."""
        if self.hosted is None:          # a standalone server: its own address
            return [f"{self.host}:{self.port}"]
        lan = lan_address() if self.listen not in ("127.0.0.1", "localhost") else None
        return ([f"{lan}:{self.port}"] if lan else []) + [f"127.0.0.1:{self.port}"]


def room_path(code: str) -> str:
    """The path of protocol 2 a room's messages go on (a proxy routes on it)."""
    return ROOM_PATH + code


# what the screens say for each refusal of the lobby (i18n keys)
LOBBY_ERRORS = {"not_here": "find.error_no_lobby", "unknown_type": "find.error_no_lobby",
                "no_identity": "find.error_identity", "queue_refused": "find.error_refused",
                "too_many_queues": "find.error_busy", "rate_limited": "find.error_busy",
                "too_many_connections": "find.error_busy", "server_full": "find.error_busy",
                "version": "online.error_version", "bad_field": "find.error_kind"}


class LobbySession:
    """The connection to a server's lobby (issue 37; ``protocol.LOBBY_PATH``), pure and
    threaded like a seat's: ``queue`` for a game kind (the ready check of a pairing answered
    at once: it only asks that the game is there), ``unqueue``, and the asks a screen makes
    (``ask_ratings``, ``ask_leaderboard``, ``ask_games``), whose answers are kept here as they
    come (``poll`` each frame). A connection that drops is tried again and the queue taken
    again. ``fallback`` (data folder, listen address): when nobody answers at the address, this
    game starts a server there itself (on the address's port, for the others on its
    network) and queues on it; ``hosted`` is that server."""

    def __init__(self, host: str, port: int, player: str, name: str, retry: float = 1.0,
                 fallback: tuple | None = None, net=None):
        self.host, self.port = host, port
        self.fallback = fallback
        self.hosted: Hosted | None = None
        self.host_problem: str | None = None   # why this game could not host one itself
        self.net = net if net is not None else NetThread(     # (``net``: the gallery's,
            f"ws://{host}:{port}{LOBBY_PATH}", retry=retry,   # which has heard already)
            player=player, name=name)
        self.kind: str | None = None           # the kind queued for (None: not queued)
        self.listed = True
        self.waiting: dict | None = None       # the last "queued" (waited, window, waiting)
        self.found: dict | None = None         # "match_found": the opponent, being checked
        self.matched: dict | None = None       # "matched": the room, its path and the ticket
        self.unqueued: str | None = None       # why the server took us off the queue
        self.ratings: dict | None = None       # the last "ratings"
        self.boards: dict = {}                 # kind -> the last "leaderboard"
        self.listing: list | None = None       # the last "games"
        self.error: dict | None = None         # the last refusal
        self.closed = False
        self._links = 0                        # connections seen (a new one queues again)

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def player(self) -> dict | None:
        """The welcome's word on this player ({"tag", "known"}), or None before it (or from a
        server of protocol 1, which has no lobby)."""
        return self.net.welcome.get("player")

    @property
    def open(self) -> bool:
        return self.net.status == "open"

    @property
    def unreachable(self) -> bool:
        return self.net.status == "retrying"

    def send(self, message: dict) -> None:
        try:
            self.net.send(message)
        except RuntimeError:       # the link's thread has ended
            pass

    def queue(self, kind: str, listed: bool = True) -> None:
        self.kind, self.listed = kind, listed
        self.waiting = self.found = self.matched = self.unqueued = self.error = None
        self.send({"type": "queue", "kind": kind, "listed": listed})

    def unqueue(self) -> None:
        if self.kind is not None and self.matched is None:
            self.send({"type": "unqueue"})
        self.kind = None

    def ask_ratings(self) -> None:
        self.send({"type": "ratings"})

    def ask_leaderboard(self, kind: str) -> None:
        self.send({"type": "leaderboard", "kind": kind})

    def ask_games(self) -> None:
        self.send({"type": "games"})

    def poll(self) -> list:
        self._host_if_alone()
        if self.net.links != self._links:          # a new connection: queue there again
            again = self._links > 0 and self.kind is not None and self.matched is None
            self._links = self.net.links
            if again:
                self.send({"type": "queue", "kind": self.kind, "listed": self.listed})
        out = self.net.poll()
        for message in out:
            kind = message.get("type")
            if kind == "queued":
                self.waiting, self.found = message, None
            elif kind == "match_found":
                self.found = message
                self.send({"type": "accept", "match": message["match"]})
            elif kind == "matched":
                self.matched, self.kind = message, None
            elif kind == "unqueued":
                self.unqueued, self.found, self.kind = message.get("reason", ""), None, None
            elif kind == "ratings":
                self.ratings = message
            elif kind == "leaderboard":
                self.boards[message["kind"]] = message
            elif kind == "games":
                self.listing = message["games"]
            elif kind == "error":
                self.error = message
                if message.get("code") in ("queue_refused", "too_many_queues", "no_identity",
                                           "not_here", "unknown_type", "bad_field"):
                    self.kind = None
        return out

    def _host_if_alone(self) -> None:
        """Nobody ever answered at the address: this game hosts the server there itself."""
        if (self.fallback is None or self.hosted is not None or self.host_problem is not None
                or self.net.links or self.net.status != "retrying"):
            return
        data, listen = self.fallback
        hosted = Hosted(data, listen, self.port)
        if hosted.port is None:
            self.host_problem = hosted.error or "the server did not start"
            hosted.stop()
            return
        self.hosted = hosted
        self.net.retarget(self.net.url)

    def problem(self) -> str | None:
        """The i18n key of what went wrong (None: nothing)."""
        if self.error is not None:
            return LOBBY_ERRORS.get(self.error.get("code"), "online.error_other")
        if self.net.welcome.get("version", 2) < 2:
            return "find.error_no_lobby"          # a server of protocol 1: no lobby there
        if self.unreachable and self.hosted is None and (self.fallback is None or
                                                         self.host_problem is not None):
            return "online.error_reach"
        return None

    def addresses(self) -> list[str]:
        """Where the others on this network find the server this game hosts (none: it hosts
        none)."""
        if self.hosted is None:
            return []
        listen = self.fallback[1] if self.fallback else ""
        lan = lan_address() if listen not in ("127.0.0.1", "localhost") else None
        return ([f"{lan}:{self.port}"] if lan else []) + [f"127.0.0.1:{self.port}"]

    def close(self) -> None:
        """Off the queue, the connection closed, and a server this game hosts stopped."""
        if self.closed:
            return
        self.closed = True
        self.unqueue()
        try:
            self.net.close()
        except RuntimeError:
            pass
        if self.hosted is not None:
            self.hosted.stop()
