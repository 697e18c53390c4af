"""Many server processes behind one address (issue 37, ``docs/network.md``): what a process's
role lets it answer on which path, the cluster's key, and a room process's reports to the lobby.

- Roles: ``"all"`` (one process: every message on any path), ``"rooms"`` (a room process: the
  lobby's messages are refused ``wrong_server``; a protocol-2 room message must come on its
  room's path, ``ROOM_PATH + code``, or ``create`` on ``CREATE_PATH``, else ``wrong_path``),
  ``"lobby"`` (the lobby process: every room message is refused ``wrong_server``). A protocol-1
  client names no path: it is served as before wherever its messages may be answered.
- The cluster's key (``--cluster-key FILE``: 32 random bytes as 64 hex digits, the same file for
  every process): tickets are signed with it (``tickets.py``), and reports with a key drawn from
  it (``report_key``), so one can never pass for the other.
- ``Outbox``: the reports a room process owes the lobby (a rated game's result, a matched room
  that ended, a matched room's status for the listing), kept in the process's own
  ``rooms.sqlite3`` until the lobby said ``reported``; ``Reporter`` sends them over one
  WebSocket, and after a lost link (or a restart) sends every one not yet acknowledged again.
  The lobby records them idempotently (a result by its id), so a report sent twice counts once.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import secrets
import sqlite3
from pathlib import Path

from .protocol import (CREATE_PATH, LOBBY, ROOM_PATH, SCHEMAS, VERSION, ProtocolError,
                       is_code, write)

log = logging.getLogger("seabattle.cluster")

ROLES = ("all", "rooms", "lobby")
# what a room process answers (the rest of SCHEMAS but the handshake is the lobby's)
ROOM_MESSAGES = frozenset(SCHEMAS) - LOBBY - {"hello", "ping"}
WHATS = ("result", "ended", "status")     # the reports a room process makes
KEY_HEX = 64
WINDOW = 200          # reports in flight on the link at once
STATUS_EVERY = 2.0    # seconds between writes of the rooms' statuses that changed
RETRY = (0.2, 5.0)    # seconds before the reporter connects again: first, at most


# -- paths and roles -----------------------------------------------------------------------------

def clean_path(path: str | None) -> str:
    """A WebSocket URL's path as routed on: without its query, at most 64 characters."""
    return (path or "/").split("?", 1)[0][:64] or "/"


def path_code(path: str) -> str | None:
    """The room code a path names (``ROOM_PATH + code``), or None."""
    if path.startswith(ROOM_PATH) and is_code(path[len(ROOM_PATH):]):
        return path[len(ROOM_PATH):]
    return None


def check_role(role: str, version: int, path: str, kind: str, msg: dict) -> None:
    """Raise the refusal of message ``kind`` on ``path`` from a client of protocol ``version``
    by a process of ``role``; else nothing."""
    if role == "all" or kind in ("hello", "ping"):
        return
    if (kind in LOBBY) != (role == "lobby"):
        other = "the lobby" if kind in LOBBY else "a room server"
        raise ProtocolError("wrong_server", f"this is a {role} server: {kind!r} goes to "
                            f"{other} ({_paths_of(kind)})", "type")
    if role != "rooms" or version < 2:
        return
    if kind == "create" and path != CREATE_PATH:
        raise ProtocolError("wrong_path", f"a room is created on {CREATE_PATH}, not "
                            f"{path!r}", "type")
    if kind in ("join", "rejoin", "watch") and path != ROOM_PATH + msg["room"]:
        raise ProtocolError("wrong_path", f"room {msg['room']} is played on "
                            f"{ROOM_PATH}{msg['room']}, not {path!r}", "room")
    if kind == "join_match" and path_code(path) is None:
        raise ProtocolError("wrong_path", f"a match is joined on {ROOM_PATH} and its room's "
                            f"code, not {path!r}", "ticket")


def check_ticket_room(role: str, version: int, path: str, room: str) -> None:
    """A room process takes a ticket only on its room's path (the proxy routed it here)."""
    if role == "rooms" and version >= 2 and path != ROOM_PATH + room:
        raise ProtocolError("wrong_path", f"the ticket's room {room} is played on "
                            f"{ROOM_PATH}{room}, not {path!r}", "ticket")


def _paths_of(kind: str) -> str:
    from .protocol import LOBBY_PATH
    if kind in LOBBY:
        return LOBBY_PATH
    return CREATE_PATH if kind == "create" else ROOM_PATH + "<code>"


def check_letters(letters: str | None) -> str | None:
    """A room process's ``--letters``: the first letters of the codes it makes (each one of
    the code alphabet's, none twice; none: it makes no room, its letters moving away), or None
    (any)."""
    from .protocol import CODE_ALPHABET
    if letters is None:
        return None
    if any(c not in CODE_ALPHABET for c in letters) or len(set(letters)) != len(letters):
        raise ValueError(f"--letters {letters!r}: letters of {CODE_ALPHABET}, each once")
    return letters


# -- the cluster's key ---------------------------------------------------------------------------

def make_key(path: Path | str) -> bytes:
    """Write a new cluster key to ``path`` (readable by its owner only) and return it."""
    key = secrets.token_bytes(KEY_HEX // 2)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text(key.hex() + "\n")
    return key


def read_key(path: Path | str) -> bytes:
    """The cluster key in ``path``; ``ValueError`` naming what is wrong with it."""
    try:
        text = Path(path).read_text().strip()
    except OSError as exc:
        raise ValueError(f"cannot read the cluster key {path}: {exc.strerror}") from None
    if not re.fullmatch(f"[0-9a-f]{{{KEY_HEX}}}", text):
        raise ValueError(f"{path}: a cluster key is {KEY_HEX} hex digits (deploy/run.py makes "
                         "one)")
    return bytes.fromhex(text)


def report_key(key: bytes) -> bytes:
    """The key reports are signed with, drawn from the cluster's (tickets use the other)."""
    return hmac.new(key, b"sea-battle/report", hashlib.sha256).digest()


def canonical(report: dict) -> bytes:
    """The bytes a report's signature covers: its JSON, keys sorted, ASCII only."""
    return json.dumps(report, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")


def sign(key: bytes, report: dict) -> str:
    return hmac.new(report_key(key), canonical(report), hashlib.sha256).hexdigest()


def verify(key: bytes | None, report: dict, sig: str) -> bool:
    """Is ``sig`` the cluster's signature of ``report``? (compared in constant time)"""
    if key is None:
        return False
    try:
        return hmac.compare_digest(sign(key, report), sig)
    except (TypeError, ValueError):
        return False


def check_create(letters: str | None) -> None:
    """A room process whose letters all move away makes no room (the proxy sends it none)."""
    if letters == "":
        raise ProtocolError("server_full", "this process makes no new rooms now: create one "
                            f"on {CREATE_PATH}")


def take_report(key: bytes | None, msg: dict, lobby) -> dict:
    """A ``report`` message read by the lobby's process: its signature checked (a client
    without the cluster's key cannot make one: ``bad_report``), then handed to ``lobby``
    (``record(result)``, ``ended(code)``, ``status(code, info)``, each idempotent), and the
    ``reported`` reply that lets the room process forget it."""
    if key is None or lobby is None:
        raise ProtocolError("not_here", "this server takes no reports")
    report = msg["report"]
    if not verify(key, report, msg["sig"]):
        raise ProtocolError("bad_report", "the report's signature is not the cluster's", "sig")
    rid, what, data = report.get("id"), report.get("what"), report.get("data")
    if not (isinstance(rid, str) and 0 < len(rid) <= 64 and what in WHATS
            and isinstance(data, dict)):
        raise ProtocolError("bad_report", "a report holds id, what and data", "report")
    code = data.get("room")
    if what == "result":
        lobby.record(data)
    elif not is_code(code):
        raise ProtocolError("bad_report", "a report names its room", "report")
    elif what == "ended":
        lobby.ended(code)
    else:
        info = data.get("info")
        lobby.status(code, info if isinstance(info, dict) else {})
    return {"type": "reported", "id": rid}


# -- a room process's reports -----------------------------------------------------------------------

class Outbox:
    """The reports a room process owes the lobby, in its ``rooms.sqlite3`` (table ``outbox``):
    each written in its own transaction when made, deleted when the lobby acknowledged it. A
    result is kept by its id (made again after a restart replayed the same game's end, it is
    the same row); a room's status (told after every message of a matched room) is kept in
    memory and written every ``STATUS_EVERY`` s when it changed, replacing the one not yet
    sent (a lost one is made again: a restarted server tells every matched room's status); a
    room that ended drops its status. ``server.reports`` in a room process (the Lobby itself in
    one process)."""

    def __init__(self, db: sqlite3.Connection, key: bytes, source: str = ""):
        self.db, self.key, self.source = db, key, source
        self.wake = None                 # called when a report is added (the Reporter's)
        self.fresh: dict[str, dict] = {}     # statuses told, not yet written
        self.written: dict[str, dict] = {}   # ... and as last written, by room
        db.execute("CREATE TABLE IF NOT EXISTS outbox (n INTEGER PRIMARY KEY AUTOINCREMENT, "
                   "key TEXT NOT NULL UNIQUE, what TEXT NOT NULL, data TEXT NOT NULL)")

    def _put(self, key: str, what: str, data: dict, drop: str | None = None) -> None:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        with self.db:
            self.db.execute("BEGIN")
            if drop is not None:
                self.db.execute("DELETE FROM outbox WHERE key = ?", (drop,))
            self.db.execute("INSERT OR IGNORE INTO outbox (key, what, data) VALUES (?, ?, ?)",
                            (key, what, text))
        if self.wake is not None:
            self.wake()

    def result(self, result: dict) -> None:
        self._put("result/" + str(result["id"]), "result", result)

    def ended(self, code: str) -> None:
        self.fresh.pop(code, None)
        self.written.pop(code, None)
        self._put("ended/" + code, "ended", {"room": code}, drop="status/" + code)

    def status(self, code: str, info: dict) -> None:
        self.fresh[code] = info

    def flush(self) -> None:
        """The statuses told since the last flush that differ from what was written: written,
        in one transaction, each replacing its room's not yet sent."""
        rows = [(code, info) for code, info in self.fresh.items()
                if self.written.get(code) != info]
        self.fresh.clear()
        if not rows:
            return
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT OR REPLACE INTO outbox (key, what, data) VALUES "
                                "(?, 'status', ?)",
                                [("status/" + code, json.dumps({"room": code, "info": info},
                                                               sort_keys=True,
                                                               separators=(",", ":")))
                                 for code, info in rows])
        self.written.update(rows)
        if self.wake is not None:
            self.wake()

    def pending(self, after: int = 0, limit: int = WINDOW) -> list[tuple[int, dict]]:
        """Up to ``limit`` reports numbered past ``after``, oldest first: (n, its message)."""
        rows = self.db.execute("SELECT n, what, data FROM outbox WHERE n > ? ORDER BY n "
                               "LIMIT ?", (after, limit)).fetchall()
        out = []
        for n, what, data in rows:
            report = {"id": str(n), "what": what, "data": json.loads(data)}
            if self.source:
                report["from"] = self.source
            out.append((n, {"type": "report", "id": n, "report": report,
                            "sig": sign(self.key, report)}))
        return out

    def done(self, rid: str) -> None:
        """The lobby acknowledged report ``rid``."""
        if rid.isdigit():
            with self.db:
                self.db.execute("BEGIN")
                self.db.execute("DELETE FROM outbox WHERE n = ?", (int(rid),))

    def __len__(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]


class Reporter:
    """Sends a room process's ``Outbox`` to the lobby at ``url`` over one WebSocket, up to
    ``WINDOW`` reports in flight, for as long as the process runs; a lost link is made again
    (waiting longer each time, up to ``RETRY[1]`` s) and every report not acknowledged is sent
    again."""

    def __init__(self, outbox: Outbox, url: str):
        self.outbox, self.url = outbox, url
        self.event = asyncio.Event()
        outbox.wake = self.event.set
        self.sent = self.acked = self.links = 0

    async def run(self) -> None:
        pause = RETRY[0]
        while True:
            try:
                await self._link()
                pause = RETRY[0]
            except asyncio.CancelledError:
                raise
            except Exception as exc:      # down, refused, closed: connect again later
                log.info("the lobby's link: %s", str(exc)[:200] or type(exc).__name__)
            await asyncio.sleep(pause)
            pause = min(RETRY[1], pause * 2)

    async def _link(self) -> None:
        from .client import connect_ws
        async with connect_ws(self.url, 10.0) as ws:
            await ws.send(write({"type": "hello", "version": VERSION, "game": "sea-battle"}))
            reply = json.loads(await asyncio.wait_for(ws.recv(), 10.0))
            if reply.get("type") != "welcome":
                raise ConnectionError(f"the lobby said {reply}"[:200])
            self.links += 1
            flying: set[str] = set()
            last = 0

            async def acks() -> None:
                async for text in ws:
                    message = json.loads(text)
                    if message.get("type") == "reported":
                        self.outbox.done(message["id"])
                        flying.discard(message["id"])
                        self.acked += 1
                        self.event.set()
                    elif message.get("type") == "error":
                        rid = str(message.get("id"))
                        flying.discard(rid)
                        if message.get("code") == "bad_report" and message.get("field") != "sig":
                            self.outbox.done(rid)    # signed, but no report the lobby takes:
                            log.warning("the lobby refused report %s for good: %s", rid,  # gone
                                        str(message)[:300])
                        else:                        # (another key?) kept: sent on the next link
                            log.warning("the lobby refused a report: %s", str(message)[:300])
            reader = asyncio.create_task(acks())
            try:
                while not reader.done():
                    self.event.clear()
                    self.outbox.flush()
                    for n, message in self.outbox.pending(last, WINDOW - len(flying)):
                        await ws.send(write(message))
                        flying.add(str(n))
                        last = n
                        self.sent += 1
                    waiter = asyncio.create_task(self.event.wait())
                    await asyncio.wait((reader, waiter), timeout=STATUS_EVERY,
                                       return_when=asyncio.FIRST_COMPLETED)
                    waiter.cancel()
                reader.result()          # raises what closed the link
            finally:
                reader.cancel()
