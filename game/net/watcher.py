"""One spectator's connection from the game's screens (issue 37), pure (no pygame): connect, say
hello, ``watch {room}`` (again after a dropped connection), and keep what the server says: the
last ``spectate`` (the room's public facts, its board decoded: the mode's public view), the public
events since the screen last looked, the chat. It can send nothing but ``leave``.
"""

from __future__ import annotations

from . import codec
from .client import NetThread
from .protocol import ROOM_PATH
from .session import JOIN_ERRORS

EVENTS_KEPT = 200          # public events kept for a screen that has not yet looked

# what the screen says for each refusal that ends an attempt to watch (i18n keys)
WATCH_ERRORS = JOIN_ERRORS | {"watch_full": "watch.error_full",
                              "room_ended": "watch.error_ended"}


class WatchThread(NetThread):
    """``NetThread`` that asks to watch ``room`` on every connection it opens (a spectator
    holds no seat, so there is nothing to rejoin: it watches again)."""

    def __init__(self, url: str, room: str, retry: float = 2.0):
        self.room = room
        super().__init__(url, retry=retry)

    async def _pump(self, link) -> None:
        await link.send({"type": "watch", "room": self.room})
        await super()._pump(link)


class Watcher:
    """A spectator of room ``room`` on ``host``:``port``: ``poll`` each frame, ``close`` at the
    end. Reads: ``state`` (the last spectate), ``board`` (decoded), ``take_events()``, ``chat``
    ((seat, "text" | "phrase", words)), ``problem()`` (why watching failed, an i18n key)."""

    def __init__(self, host: str, port: int, room: str, retry: float = 1.0, net=None):
        self.host, self.port, self.room = host, port, room
        self.net = net if net is not None else \
            WatchThread(f"ws://{host}:{port}{ROOM_PATH}{room}", room, retry)
        self.state: dict = {}
        self.chat: list = []
        self.error: dict | None = None
        self.ended = False                 # the room ended (or it was never there)
        self.closed = False
        self.spectates = 0                 # spectates taken (a screen redraws when it changes)
        self._board = None
        self._boards = codec.DecodeMemo()
        self._events: list = []

    def poll(self) -> list:
        out = self.net.poll()
        for message in out:
            self.take(message)
        return out

    def take(self, message: dict) -> None:
        """Keep what ``message`` says."""
        kind = message.get("type")
        if kind == "spectate":
            self.state = message
            self._board = None
            self.spectates += 1
            self.error = None
            if "chat" in message:           # the lines kept: sent when it first came
                self.chat = [tuple(line) for line in message["chat"]]
            try:
                events = [codec.decode(e) for e in message.get("events", [])]
            except codec.CodecError:       # a server that breaks the protocol: nothing shown
                events = []
            self._events = (self._events + events)[-EVENTS_KEPT:]
        elif kind == "chat":
            key = "text" if "text" in message else "phrase"
            self.chat.append((message["seat"], key, message[key]))
        elif kind == "error":
            self.error = message
            self.ended = self.ended or message.get("code") in ("room_ended", "no_room")

    @property
    def board(self):
        """The game as both players know it (the mode's public view, decoded), or None."""
        if self._board is None and "board" in self.state:
            try:
                self._board = self._boards.decode(self.state["board"], "board")
            except codec.CodecError:
                return None
        return self._board

    def take_events(self) -> list:
        """The public events heard since the last call (decoded), oldest first."""
        out, self._events = self._events, []
        return out

    @property
    def mode(self) -> str | None:
        return self.state.get("mode")

    @property
    def watchers(self) -> int:
        return self.state.get("watchers", 0)

    def name_of(self, seat: int) -> str:
        seats = self.state.get("seats") or [None, None]
        s = seats[seat] if seat in (0, 1) and len(seats) == 2 else None
        name = s.get("name") if isinstance(s, dict) else None
        return name if isinstance(name, str) else ""

    def problem(self) -> str | None:
        """The i18n key of why watching has failed or stopped (None: all is well)."""
        if self.error is not None and (self.ended or not self.state):
            return WATCH_ERRORS.get(self.error.get("code"), "online.error_other")
        if self.net.status == "retrying":
            problem = self.net.problem or ""
            return "online.error_version" if "protocol" in problem else "online.error_reach"
        return None

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.net.send({"type": "leave"})
            self.net.close()
        except RuntimeError:         # closed already (its thread has ended)
            pass
