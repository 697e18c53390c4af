"""One person's online game from the game's screens (issue 23), pure (no pygame): the connection
(``client.NetThread``), the server the game hosts itself (``server.Hosted``) when it hosts, and
what the screens ask of them in words: the address to give, the other player's name, whether he
is here, what went wrong.
"""

from __future__ import annotations

import socket
from pathlib import Path

from .client import NetThread
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
                 rejoin: dict | None = None):
        self.host, self.port = host, port
        self.hosted = hosted
        self.net = NetThread(f"ws://{host}:{port}", retry=retry, rejoin=rejoin)
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
                  rejoin: dict | None = None) -> "Session":
        """Start a server in this game (on ``listen``, a free port by default) and connect to
        it; OSError says why it did not start. ``port`` taken (a kept room's server started
        again): a free one instead (``hosted.port`` says which)."""
        hosted = Hosted(data, listen, port)
        if hosted.port is None and port:
            hosted = Hosted(data, listen, 0)
        if hosted.port is None:
            raise OSError(hosted.error or "the server did not start")
        session = cls("127.0.0.1", hosted.port, hosted, rejoin=rejoin)
        session.listen = listen
        return session

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
        self.net.retarget(f"ws://{host}:{port}")

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
