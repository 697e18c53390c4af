"""What one address may do on the server (issue 35): connections open at once, messages a second
across all of them, rooms created and held, join attempts and failed joins. Pure: the server
(``game.net.server``) asks and is answered with a ``ProtocolError`` to send, or ``None``.

An address is the client's IP as the server sees it (or, behind a proxy the operator trusts,
as the proxy says); an IPv6 address counts by its /64, which one household holds. Every
default is far above what several honest players behind one address do, and each has a
command-line option (``docs/network.md`` lists them).
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field, fields

from .protocol import ProtocolError


@dataclass(frozen=True)
class Limits:
    max_connections: int = 16       # connections one address holds open at once
    hello_within: float = 5.0       # seconds a connection has to say a valid hello
    address_rate: float = 60.0      # messages a second across an address's connections
    creates: int = 10               # rooms an address may create in CREATE_WINDOW seconds
    rooms_held: int = 8             # rooms an address holds a seat in at once
    joins: int = 30                 # join and rejoin attempts of an address a minute
    failed_joins: int = 20          # ... of which may fail (no room, full, wrong secret) an hour
    max_rooms: int = 20_000         # rooms one server holds
    watchers_per_room: int = 50     # spectators one room takes at once (issue 37)
    wait_limit: float = 3600.0      # seconds a room waits for its second player
    idle_limit: float = 86_400.0    # seconds a room lives with nobody connected to it
    trust_proxy: bool = False       # read the address from X-Forwarded-For
    # issue 37: the lobby's queue
    queue_per_address: int = 4      # players of one address in the queue at once
    queue_rate: float = 12.0        # queue messages of one address a minute
    match_wait: float = 30.0        # seconds a matched room waits for its second player

    @classmethod
    def from_args(cls, args) -> "Limits":
        return cls(**{f.name: getattr(args, f.name) for f in fields(cls)})


CREATE_WINDOW = 600.0
JOIN_WINDOW = 60.0
FAILED_WINDOW = 3600.0


def add_options(parser) -> None:
    """The limits as ``python -m game.server`` options."""
    d = Limits()
    group = parser.add_argument_group("limits per address (docs/network.md)")
    group.add_argument("--trust-proxy", action="store_true", help="take the client's address "
                       "from the last entry of X-Forwarded-For (only behind your own proxy)")
    for name, kind, words in (
            ("max_connections", int, "connections one address holds open at once"),
            ("hello_within", float, "seconds a connection has to say hello"),
            ("address_rate", float, "messages a second across one address's connections"),
            ("creates", int, "rooms one address may create in 10 minutes"),
            ("rooms_held", int, "rooms one address holds a seat in at once"),
            ("joins", int, "join attempts of one address a minute"),
            ("failed_joins", int, "failed join attempts of one address an hour"),
            ("max_rooms", int, "rooms this server holds"),
            ("watchers_per_room", int, "spectators one room takes at once"),
            ("wait_limit", float, "seconds a room waits for its second player"),
            ("idle_limit", float, "seconds a room lives with nobody connected"),
            ("queue_per_address", int, "players of one address in the queue at once"),
            ("queue_rate", float, "queue messages of one address a minute"),
            ("match_wait", float, "seconds a matched room waits for its second player")):
        group.add_argument("--" + name.replace("_", "-"), type=kind, default=getattr(d, name),
                           help=f"{words} (default {getattr(d, name):g})")


def address_key(host: str | None) -> str:
    """The address a limit counts: an IPv4 address as it is, an IPv6 one by its /64 (an IPv4
    address mapped into IPv6 as the IPv4 one); anything unreadable as itself."""
    if not host:
        return ""
    try:
        ip = ipaddress.ip_address(host.strip().split("%")[0])
    except ValueError:
        return host[:64]
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def forwarded_for(header: str | None, peer: str) -> str:
    """The client's address behind a trusted proxy: the last entry of ``X-Forwarded-For`` (the
    one our proxy added; entries before it are whatever the client claimed), else the peer."""
    if not header:
        return peer
    last = header.split(",")[-1].strip()
    try:
        ipaddress.ip_address(last.split("%")[0])
    except ValueError:
        return peer
    return last


@dataclass
class Bucket:
    """``size`` tokens, refilled evenly over ``window`` seconds."""
    size: float
    window: float
    tokens: float = -1.0
    stamp: float = 0.0

    def _fill(self, now: float) -> None:
        if self.tokens < 0:
            self.tokens, self.stamp = self.size, now
        self.tokens = min(self.size, self.tokens + max(0.0, now - self.stamp)
                          * self.size / self.window)
        self.stamp = now

    def has(self, now: float) -> bool:
        self._fill(now)
        return self.tokens >= 1

    def take(self, now: float) -> bool:
        if not self.has(now):
            return False
        self.tokens -= 1
        return True

    def full(self, now: float) -> bool:
        self._fill(now)
        return self.tokens >= self.size

    def wait(self, now: float) -> float:
        """Seconds until a token is back."""
        self._fill(now)
        return max(0.0, (1 - self.tokens) * self.window / self.size)


@dataclass
class Address:
    """What one address is doing now."""
    conns: int = 0
    messages: Bucket = None
    creates: Bucket = None
    joins: Bucket = None
    failed: Bucket = None
    rooms: set = field(default_factory=set)     # codes of the rooms it holds a seat in


class Guard:
    """Every address's counts, and the refusals past the limits."""

    def __init__(self, limits: Limits | None = None):
        self.limits = limits or Limits()
        self.addresses: dict[str, Address] = {}

    def _get(self, key: str) -> Address:
        a = self.addresses.get(key)
        if a is None:
            lim = self.limits
            a = self.addresses[key] = Address(
                messages=Bucket(2 * lim.address_rate, 2.0),
                creates=Bucket(lim.creates, CREATE_WINDOW),
                joins=Bucket(lim.joins, JOIN_WINDOW),
                failed=Bucket(lim.failed_joins, FAILED_WINDOW))
        return a

    # -- connections ----------------------------------------------------------------------
    def connect(self, key: str) -> ProtocolError | None:
        """A new connection from ``key``: counted, or refused."""
        a = self._get(key)
        if a.conns >= self.limits.max_connections:
            return ProtocolError("too_many_connections", f"your address holds "
                                f"{self.limits.max_connections} connections already")
        a.conns += 1
        return None

    def disconnect(self, key: str, now: float) -> None:
        a = self.addresses.get(key)
        if a is None:
            return
        a.conns = max(0, a.conns - 1)
        self.forget_idle(key, now)

    def forget_idle(self, key: str, now: float) -> None:
        """An address with nothing open, held or spent is forgotten (memory stays bounded)."""
        a = self.addresses.get(key)
        if (a is not None and not a.conns and not a.rooms and a.messages.full(now)
                and a.creates.full(now) and a.joins.full(now) and a.failed.full(now)):
            del self.addresses[key]

    def prune(self, now: float) -> None:
        """Forget every address with nothing open, held or spent (the server's sweep)."""
        for key in [k for k, a in self.addresses.items() if not a.conns and not a.rooms]:
            self.forget_idle(key, now)

    def message(self, key: str, now: float) -> bool:
        """May one more message of ``key`` be read now (across all its connections)?"""
        a = self._get(key)
        return a.messages.take(now)

    # -- rooms ----------------------------------------------------------------------------
    def _room_more(self, a: Address, code: str | None = None) -> None:
        """Raise ``too_many_rooms`` if ``a`` holds its most rooms and ``code`` is a new one."""
        if code not in a.rooms and len(a.rooms) >= self.limits.rooms_held:
            raise ProtocolError("too_many_rooms", f"your address holds a seat in "
                                f"{self.limits.rooms_held} rooms already: leave one first")

    def may_create(self, key: str, now: float, rooms_now: int) -> None:
        """Raise the refusal of a ``create`` from ``key``; else count it."""
        lim, a = self.limits, self._get(key)
        if rooms_now >= lim.max_rooms:
            raise ProtocolError("server_full", f"this server holds {lim.max_rooms} rooms; "
                                "try later")
        self._room_more(a)
        if not a.creates.take(now):
            raise ProtocolError("too_many_creates", f"your address made {lim.creates} rooms "
                                f"in ten minutes; wait {a.creates.wait(now):.0f} s")

    def may_join(self, key: str, now: float, code: str, rejoin: bool = False) -> None:
        """Raise the refusal of a ``join`` or ``rejoin`` of ``code`` from ``key`` (a seat taken
        up again is not a new room held)."""
        lim, a = self.limits, self._get(key)
        if not rejoin:
            self._room_more(a, code)
        if not a.failed.has(now):
            raise ProtocolError("too_many_joins", f"too many joins of rooms that are not "
                                f"there from your address; wait {a.failed.wait(now):.0f} s")
        if not a.joins.take(now):
            raise ProtocolError("too_many_joins", f"more than {lim.joins} joins a minute "
                                f"from your address; wait {a.joins.wait(now):.0f} s")

    def failed_join(self, key: str, now: float) -> None:
        self._get(key).failed.take(now)

    def hold(self, key: str, code: str) -> None:
        self._get(key).rooms.add(code)

    def release(self, key: str, code: str, now: float) -> None:
        a = self.addresses.get(key)
        if a is not None:
            a.rooms.discard(code)
            self.forget_idle(key, now)

    def held(self, key: str) -> int:
        a = self.addresses.get(key)
        return 0 if a is None else len(a.rooms)
