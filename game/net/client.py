"""The client's side of the protocol (issue 23). Pure (no pygame):

- ``Link``: one WebSocket to a server, after the handshake (``open_link``): send a message,
  receive the next one (parsed JSON), in asyncio. The benchmarks' computer players use it.
- ``Remote``: what one seat knows of its room, kept from the server's messages: the phase, the
  seats, the score, its view and the last events (decoded by ``codec``), the chat, the last
  error. The game's screens read it.
- ``NetThread``: a ``Link`` in a thread of its own for the game's screens, which ``send``
  without waiting and ``poll`` what came each frame; a dropped connection is tried again and
  the seat taken up again with its secret (``rejoin``). Protocol 2 (issue 37): the URL holds
  the path (``protocol.LOBBY_PATH``, ``ROOM_PATH`` + code), the hello the player's key and
  name; a server of protocol 1 is spoken to in protocol 1.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time

from . import codec, patch
from .protocol import SERVER_SCHEMAS, VERSION, ProtocolError, check, parse, write

CLIENT_LIMIT = 8 * 1024 * 1024     # the largest message a client takes (a long game's view)


class LinkClosed(ConnectionError):
    """The connection ended (``reason`` says how)."""


PACE = 25.0     # messages a second a client sends at most (the server's limit is 30, burst 60)


class Link:
    def __init__(self, ws):
        self.ws = ws
        self.tokens, self.stamp = PACE, time.monotonic()
        self.sent = 0.0
        self.had: dict = {}       # the fields this connection was last sent whole (patch.py)
        self.version = VERSION    # the protocol the server welcomed (open_link)
        self.welcome: dict = {}   # ... and its welcome (protocol 2: {"player": {tag, known}})

    async def send(self, message: dict) -> None:
        """Send ``message``, keeping under the server's rate (waiting when needed)."""
        from websockets.exceptions import ConnectionClosed
        now = time.monotonic()
        self.tokens = min(PACE, self.tokens + (now - self.stamp) * PACE)
        self.stamp = now
        if self.tokens < 1:
            await asyncio.sleep((1 - self.tokens) / PACE)
            self.tokens, self.stamp = 1.0, time.monotonic()
        self.tokens -= 1
        self.sent = time.perf_counter()    # when it left (the pace's wait not counted)
        try:
            await self.ws.send(write(message))
        except ConnectionClosed as exc:
            raise LinkClosed(str(exc)) from None

    async def recv(self, timeout: float | None = None) -> dict:
        """The next message from the server, checked (``protocol.read``); one that breaks the
        protocol comes back as an error naming what was wrong, so the game goes on."""
        from websockets.exceptions import ConnectionClosed
        try:
            async with asyncio.timeout(timeout):    # (no task made per message)
                text = await self.ws.recv()
        except ConnectionClosed as exc:
            raise LinkClosed(str(exc)) from None
        try:
            data = parse(text, CLIENT_LIMIT, server=True)
            if isinstance(data, dict) and data.get("type") == "state":
                data = patch.grow(data, self.had)      # a state sent as changes, made whole
            return check(data, SERVER_SCHEMAS)
        except patch.PatchError as exc:     # this connection's states cannot be followed now:
            await self.ws.close(1002, "a patch that does not fit")   # a new one is sent whole
            raise LinkClosed(f"the server sent a change the game cannot follow: {exc}") from None
        except ProtocolError as exc:
            return {"type": "error", "code": "bad_server_message",
                    "message": f"the server sent a message the game cannot read: {exc}"[:400]}

    async def close(self) -> None:
        await self.ws.close()


async def open_link(url: str, legal: bool = False, timeout: float = 10.0,
                    version: int = VERSION, patches: bool = True,
                    source: str | None = None, player: str | None = None,
                    name: str | None = None) -> Link:
    """Connect to ``url`` (ws://host:port, and a path for protocol 2) and say hello;
    ``legal``: the server adds the legal actions when this seat is to act (a computer player
    that chooses among them); ``patches``: states come as changes to the last (``patch.py``),
    made whole by ``recv``; ``source``: the local address to connect from (the benches spread
    their players over loopback addresses, 127.0.0.2 on, as players come from many addresses);
    ``player`` and ``name``: who plays (protocol 2, issue 37: the installation's key, the
    captain's name). A server of protocol 1 that refuses the hello is spoken to in protocol 1
    on a new connection (``link.version`` says which was welcomed; the player is then unknown).
    Raises ``LinkClosed`` or ``ConnectionError`` naming the problem (an old game is told to
    update)."""
    link = await _hello(url, legal, timeout, version, patches, source, player, name)
    if isinstance(link, Link):
        return link
    if version > 1 and _old_server(link):       # a server of before issue 37: protocol 1
        link = await _hello(url, legal, timeout, 1, patches, source, None, None)
        if isinstance(link, Link):
            return link
    raise ConnectionError(link.get("message", "the server did not welcome us"))


def _old_server(refusal: dict) -> bool:
    """Is ``refusal`` (a hello's) a server's of protocol 1 only: the version, or a field of
    protocol 2's hello it does not know?"""
    return refusal.get("code") == "version" or (
        refusal.get("code") == "unknown_field" and refusal.get("field") in ("player", "name"))


async def _hello(url, legal, timeout, version, patches, source, player, name):
    """A connection welcomed (a ``Link``), or the refusal of its hello (a dict)."""
    try:
        ws = await asyncio.wait_for(connect_ws(url, timeout, source), timeout)
    except (OSError, asyncio.TimeoutError) as exc:
        raise ConnectionError(f"cannot reach {url}: {exc or 'no answer'}") from None
    except Exception as exc:     # the library's handshake errors (not a WebSocket server)
        raise ConnectionError(f"cannot reach {url}: {exc}") from None
    link = Link(ws)
    hello = {"type": "hello", "version": version, "game": "sea-battle", "legal": legal}
    if player is not None:
        hello["player"] = player
    if name is not None and version > 1:
        hello["name"] = name
    await link.send(hello | ({"patches": True} if patches else {}))
    reply = await link.recv(timeout)
    if patches and reply.get("type") == "error" and reply.get("field") == "patches":
        await link.send(hello)     # a server of before states went as changes: sent whole
        reply = await link.recv(timeout)
    if reply.get("type") != "welcome":
        await ws.close()
        return reply
    link.version, link.welcome = reply.get("version", version), reply
    return link


def connect_ws(url: str, timeout: float = 10.0, source: str | None = None, **options):
    """The WebSocket connection of a client (as the server's: no per-message compression),
    from ``source`` when given (``create_connection``'s ``local_addr``; any free port)."""
    from websockets.asyncio.client import connect
    if source is not None:
        options["local_addr"] = (source, 0)
    return connect(url, max_size=CLIENT_LIMIT, open_timeout=timeout, ping_interval=20,
                   ping_timeout=20, compression=None, **options)


class Remote:
    """One seat's knowledge of its room, from the server's messages (``take``)."""

    def __init__(self):
        self.room: str | None = None
        self.seat: int | None = None
        self.secret: str | None = None
        self.mode: str | None = None
        self.config: dict | None = None
        self.state: dict = {}
        self._view = self._events = None     # decoded when first read
        self._views = codec.DecodeMemo()     # ... reusing what the last view's decoding made
        self.chat: list = []          # (seat, "text" | "phrase", words)
        self.error: dict | None = None
        self.states = 0               # states taken (a screen redraws when it changes)

    @property
    def view(self):
        """This seat's view of the game (the rules' own, decoded), or None before the battle."""
        if self._view is None and "view" in self.state:
            self._view = self._views.decode(self.state["view"], "view")
        return self._view

    @property
    def events(self) -> list:
        """The events of the last state this seat may see (decoded)."""
        if self._events is None:
            self._events = [codec.decode(e) for e in self.state.get("events", [])]
        return self._events

    @property
    def phase(self) -> str | None:
        return self.state.get("phase")

    @property
    def moves(self) -> int:
        return self.state.get("moves", 0)

    @property
    def my_turn(self) -> bool:
        return (self.phase == "battle" and self.state.get("turn") == self.seat)

    def take(self, message: dict) -> dict:
        """Keep what ``message`` says; returns it."""
        kind = message.get("type")
        if kind == "joined":
            self.room, self.seat = message["room"], message["seat"]
            self.secret = message.get("secret", self.secret)
            self.mode, self.config = message["mode"], message["config"]
            self.chat = [tuple(line) for line in message.get("chat", [])]
        elif kind == "state":
            self.state = message
            self._view = self._events = None
            self.states += 1
        elif kind == "chat":
            key = "text" if "text" in message else "phrase"
            self.chat.append((message["seat"], key, message[key]))
        elif kind == "error":
            self.error = message
        return message

    def act(self, action) -> dict:
        """The message that plays ``action`` on the game as this seat last saw it."""
        return {"type": "act", "action": codec.action_to_json(self.mode, action),
                "moves": self.moves}

    def rejoin(self) -> dict:
        return {"type": "rejoin", "room": self.room, "seat": self.seat, "secret": self.secret}


class NetThread:
    """A connection in a thread of its own, for a screen that must not wait: ``send`` queues a
    message, ``poll`` returns what came since (each also kept in ``remote``). When the
    connection drops, it is tried again every ``retry`` seconds and the seat taken up again; in a
    battle it says how many moves it heard (``seen``), so the server sends the events of those
    it missed, and the screen plays them."""

    def __init__(self, url: str, retry: float = 2.0, rejoin: dict | None = None,
                 player: str | None = None, name: str | None = None):
        self.url, self.retry = url, retry
        self.player, self.name = player, name     # protocol 2's hello (open_link)
        self.welcome: dict = {}          # the server's last welcome (its version, the player)
        self.links = 0                   # connections made (a lobby queues again on a new one)
        self.remote = Remote()
        if rejoin is not None:     # a kept seat (a closed window's): taken up on connecting
            self.remote.room, self.remote.seat = rejoin["room"], rejoin["seat"]
            self.remote.secret = rejoin["secret"]
        self.status = "connecting"       # connecting / open / retrying / closed
        self.problem: str | None = None  # why the last attempt failed (said on screen)
        self._in: queue.Queue = queue.Queue()
        self._out: asyncio.Queue | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        self._link: Link | None = None
        self._heard: int | None = None   # the moves of the battle as last heard (rejoin's seen)
        self._attempt: asyncio.Future | None = None     # the connection being tried
        self._wake: asyncio.Event | None = None         # set: try again now
        self._first: list = []
        self.thread = threading.Thread(target=self._run, name="seabattle-link", daemon=True)
        self.thread.start()

    def send(self, message: dict) -> None:
        if self._loop is None or self._out is None:
            self._first.append(message)
            return
        self._loop.call_soon_threadsafe(self._out.put_nowait, message)

    def poll(self) -> list:
        out = []
        while True:
            try:
                out.append(self.remote.take(self._in.get_nowait()))
            except queue.Empty:
                return out

    def retarget(self, url: str) -> None:
        """Try ``url`` at once, and from then on (the server came back at another address):
        an attempt still waiting on the old one is given up."""
        self.url = url
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._try_now)

    def _try_now(self) -> None:
        if self._attempt is not None and not self._attempt.done():
            self._attempt.cancel()
        if self._wake is not None:
            self._wake.set()

    async def _pause(self) -> None:
        """The wait before the next attempt (cut short by ``retarget``)."""
        self._wake.clear()
        try:
            await asyncio.wait_for(self._wake.wait(), self.retry)
        except asyncio.TimeoutError:
            pass

    def close(self) -> None:
        self._closed = True
        if self._loop is not None and self._out is not None:
            self._loop.call_soon_threadsafe(self._out.put_nowait, None)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop, self._out = asyncio.get_running_loop(), asyncio.Queue()
        self._wake = asyncio.Event()
        for message in self._first:
            self._out.put_nowait(message)
        while not self._closed:
            self._attempt = asyncio.ensure_future(open_link(self.url, player=self.player,
                                                            name=self.name))
            try:
                link = await self._attempt
            except asyncio.CancelledError:
                if asyncio.current_task().cancelling():
                    raise
                continue                           # given up for a new address: try it now
            except (ConnectionError, OSError) as exc:
                self.problem, self.status = str(exc), "retrying"
                await self._pause()
                continue
            self.status, self.problem, self._link = "open", None, link
            self.welcome = link.welcome | {"version": link.version}
            self.links += 1
            if self.remote.secret is not None:       # we had a seat: take it up again,
                seen = {} if self._heard is None else {"seen": self._heard}
                await link.send(self.remote.rejoin() | seen)   # hearing the moves missed
            try:
                await self._pump(link)
            except LinkClosed as exc:
                self.problem = str(exc)
            if not self._closed:
                self.status = "retrying"
                await self._pause()
        self.status = "closed"

    async def _pump(self, link: Link) -> None:
        async def reading():
            while True:
                message = await link.recv()
                if message.get("type") == "joined":     # the secret, for a rejoin
                    self.remote.secret = message.get("secret", self.remote.secret)
                    self.remote.room, self.remote.seat = message["room"], message["seat"]
                elif message.get("type") == "state":
                    self._heard = message.get("moves") if message.get("phase") == "battle" else None
                self._in.put(message)

        reader = asyncio.create_task(reading())
        try:
            while True:
                getter = asyncio.create_task(self._out.get())
                done, _ = await asyncio.wait({reader, getter},
                                             return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    getter.cancel()
                    reader.result()          # raises LinkClosed
                message = getter.result()
                if message is None:
                    await link.close()
                    return
                await link.send(message)
        finally:
            reader.cancel()
