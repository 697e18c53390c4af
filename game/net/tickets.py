"""Match tickets (issue 37): what the lobby hands the two players it paired, and what the room
they go to reads to seat them. A ticket is the match's data as JSON, base64url, a dot, and the
HMAC-SHA256 of that text under a key only the servers hold (one process: random per Server; a
cluster: one key file every process reads). A player may read his ticket, never change it.

``data``: {match, room, kind, mode, config, clock, best_of, rated, players: [{id, name,
rating}, ...], made, listed}; a player's seat is his index in ``players``. ``made`` and the ``now`` a
ticket is read at come from one clock (the wall clock across processes).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json

from .protocol import TICKET_MAX, ProtocolError

LIFE = 600.0          # seconds a ticket is good for after it was made


def _sign(key: bytes, body: str) -> str:
    return hmac.new(key, body.encode("ascii"), hashlib.sha256).hexdigest()


def make(key: bytes, data: dict) -> str:
    """``data`` (holding ``made``) signed with ``key``."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"), sort_keys=True)
    body = base64.urlsafe_b64encode(text.encode("ascii")).decode("ascii").rstrip("=")
    ticket = f"{body}.{_sign(key, body)}"
    if len(ticket) > TICKET_MAX:
        raise ValueError(f"a ticket of {len(ticket)} characters (at most {TICKET_MAX})")
    return ticket


def _bad(why: str) -> ProtocolError:
    return ProtocolError("bad_ticket", f"not a ticket of this server ({why})", "ticket")


def read(key: bytes, text, now: float) -> dict:
    """The data of a ticket signed with ``key`` and not older than ``LIFE`` at ``now``;
    ``bad_ticket`` (its form or signature) or ``ticket_expired`` otherwise."""
    if not isinstance(text, str) or len(text) > TICKET_MAX or text.count(".") != 1:
        raise _bad("its form")
    body, sig = text.split(".")
    if not body.isascii() or not hmac.compare_digest(_sign(key, body).encode("ascii"),
                                                     sig.encode("utf-8", "replace")):
        raise _bad("its signature")
    try:
        data = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (binascii.Error, ValueError):
        raise _bad("its form") from None
    made = data.get("made") if isinstance(data, dict) else None
    if not isinstance(made, (int, float)) or isinstance(made, bool):
        raise _bad("its form")
    if now - made > LIFE:
        raise ProtocolError("ticket_expired", f"this ticket was made {now - made:.0f} s ago "
                            f"(good for {LIFE:.0f} s): queue again", "ticket")
    return data
