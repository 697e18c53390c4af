"""The network protocol's messages (issue 23): their types, the fields each may hold, the limits,
and the errors a reply names. Pure: the server (``game.net.server``) and the client
(``game.net.client``) read and write messages only through here; ``docs/protocol.md`` is this
module in words.

A message is one WebSocket text frame holding one JSON object with a ``"type"``. Nothing read is
unpickled or evaluated: ``read(text)`` parses JSON (no NaN, no duplicate keys), checks the size,
the type and every field against ``SCHEMAS``, and raises ``ProtocolError`` naming what was wrong.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass

from ..rules.jsonform import echoed, json_kind

VERSION = 2           # this build's protocol (issue 37: paths, players, the lobby, spectators)
VERSIONS = (1, 2)     # ... and what a server still serves: a version-1 client plays by code
MAX_BYTES = 16_384    # the largest message a client may send (the largest set-up is ~1 KB)
MAX_CHAT = 200        # characters of one chat line
MAX_NAME = 24         # characters of a captain's name
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I/L: read aloud, typed by hand
CODE_LENGTH = 8       # a new room's code: 31**8 codes, so guessing finds none (docs/network.md)
CODE_LENGTHS = (6, 8)  # ... and what is read as one (a server of before issue 35 made six)
SECRET_BYTES = 16     # a seat's secret: 128 random bits, sent as 32 hex digits
CLAIM_RANGE = (10, 3600)   # seconds a gone player is waited for before the other may claim
CLAIM_DEFAULT = 120
CLOCKS = (0, 15, 30, 60)   # RULES.md §0's move clock a room may set: seconds a turn (0: off)

KEY_BYTES = 32        # a player's key (issue 37): made once per installation, sent as 64 hex
TAG_LENGTH = 6        # the public short form of a player's identity (shown beside a name)
MATCH_CLOCK = 30      # a queued game's move clock (§0), seconds a turn
KINDS_MAX = 16        # characters of a game kind's name (the registry's match_kinds)
TICKET_MAX = 2048     # characters of a match ticket (lobby -> room, signed: tickets.py)
TOP = 50              # players a leaderboard shows
LISTED_MAX = 50       # games in progress a listing shows

# the paths of protocol 2 (docs/protocol.md): a stock proxy routes on them, never on messages
LOBBY_PATH = "/v2/lobby"          # queue, ratings, leaderboard, the listing
CREATE_PATH = "/v2/create"        # a friend's room: any room process makes it
ROOM_PATH = "/v2/room/"           # + the code: join, rejoin, join_match, watch, a seat's play

# the seed's "information war" (seed 000): what a player may shout across the table
PHRASES = ("miss_miss", "hot", "cold", "not_there", "lucky", "well_fired", "hurry", "good_game")


class ProtocolError(ValueError):
    """A message the server (or client) will not read: ``code`` a stable word, ``field`` the
    part it concerns, and the English words of the problem. Both may echo what a client sent:
    they are kept short with what is not shown as itself escaped (``jsonform.echoed``), so the
    reply can always be written."""

    def __init__(self, code: str, problem: str, field: str | None = None):
        self.code, self.problem = code, echoed(problem, 300)
        self.field = None if field is None else echoed(field, 40)
        super().__init__(f"{code}: {self.problem}" + (f" (field {self.field!r})" if field else ""))

    def reply(self) -> dict:
        out = {"type": "error", "code": self.code, "message": self.problem}
        return out | ({"field": self.field} if self.field else {})


@dataclass(frozen=True)
class Field:
    kind: type | tuple             # the JSON type(s) the value must have
    required: bool = True
    max_len: int | None = None     # characters of a string, items of a list
    pattern: str | None = None     # a string's whole form
    choices: tuple = ()            # the values allowed
    lo: int | None = None          # an int's range
    hi: int | None = None

    def check(self, name: str, value) -> None:
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        if isinstance(value, bool) and bool not in kinds:      # JSON true is no number here
            raise ProtocolError("bad_field", f"{name} must be {_kind_words(kinds)}, not a "
                                "boolean", name)
        if not isinstance(value, kinds):
            raise ProtocolError("bad_field", f"{name} must be {_kind_words(kinds)}, not "
                                f"{json_kind(value)}", name)
        if self.max_len is not None and isinstance(value, (str, list, dict)) \
                and len(value) > self.max_len:
            raise ProtocolError("too_long", f"{name} holds {len(value)}, at most "
                                f"{self.max_len} allowed", name)
        if self.pattern is not None and isinstance(value, str) \
                and not re.fullmatch(self.pattern, value):
            raise ProtocolError("bad_field", f"{name} is not of the form {self.pattern}", name)
        if self.choices and value not in self.choices:
            raise ProtocolError("bad_field", f"{name} must be one of "
                                f"{', '.join(map(str, self.choices))}", name)
        if isinstance(value, int) and not isinstance(value, bool):
            if (self.lo is not None and value < self.lo) or \
                    (self.hi is not None and value > self.hi):
                raise ProtocolError("bad_field", f"{name} must be between {self.lo} and "
                                    f"{self.hi}", name)


def _kind_words(kinds) -> str:
    return " or ".join(json_kind(k()) if k is not type(None) else "null" for k in kinds)


_CODE = f"[{CODE_ALPHABET}]{{{CODE_LENGTHS[0]}}}(?:[{CODE_ALPHABET}]{{2}})?"
_SECRET = f"[0-9a-f]{{{SECRET_BYTES * 2}}}"
_NAME = Field(str, max_len=MAX_NAME)
_KEY = f"[0-9a-f]{{{KEY_BYTES * 2}}}"
_MATCH = "[0-9a-f]{16}"
_KIND = Field(str, max_len=KINDS_MAX)


def is_code(value) -> bool:
    """Is ``value`` a room code as this protocol reads one?"""
    return isinstance(value, str) and re.fullmatch(_CODE, value) is not None


# every message a client may send: its fields (besides "type" and an optional "id" the reply
# carries back)
SCHEMAS: dict[str, dict[str, Field]] = {
    "hello": {"version": Field(int, lo=0, hi=10 ** 6), "game": Field(str, max_len=32),
              "legal": Field(bool, required=False),
              "patches": Field(bool, required=False),
              # protocol 2: who plays (identity.py: the server keeps only a digest of the key)
              "player": Field(str, required=False, pattern=_KEY),
              "name": Field(str, required=False, max_len=MAX_NAME)},
    "create": {"mode": Field(str, max_len=16), "config": Field(dict, max_len=32),
               "best_of": Field(int, required=False, lo=1, hi=99),
               "first": Field(str, required=False, choices=("lot", "0", "1")),
               "claim_after": Field(int, required=False, lo=CLAIM_RANGE[0], hi=CLAIM_RANGE[1]),
               "clock": Field(int, required=False, choices=CLOCKS),
               "name": _NAME},
    "join": {"room": Field(str, pattern=_CODE), "name": _NAME},
    "rejoin": {"room": Field(str, pattern=_CODE), "seat": Field(int, lo=0, hi=1),
               "secret": Field(str, pattern=_SECRET),
               "seen": Field(int, required=False, lo=0, hi=10 ** 6)},
    "setup": {"setup": Field((dict, list), max_len=512)},
    "act": {"action": Field((dict, list)), "moves": Field(int, lo=0, hi=10 ** 6)},
    "resign": {},
    "offer_draw": {},
    "answer_draw": {"accept": Field(bool)},
    "next": {},
    "claim": {},
    "chat": {"text": Field(str, required=False, max_len=MAX_CHAT),
             "phrase": Field(str, required=False, choices=PHRASES)},
    "leave": {},
    "ping": {},
    # -- protocol 2, the lobby (LOBBY_PATH): needs a hello with "player" ----------------------
    "queue": {"kind": _KIND, "listed": Field(bool, required=False)},
    "unqueue": {},
    "accept": {"match": Field(str, pattern=_MATCH)},       # the ready check of a pairing
    "ratings": {},
    "leaderboard": {"kind": _KIND},
    "games": {},                                           # the listing of games to watch
    # a room process's report to the lobby (cluster only: signed with the cluster's key)
    "report": {"report": Field(dict, max_len=16), "sig": Field(str, pattern="[0-9a-f]{64}")},
    # -- protocol 2, a room (ROOM_PATH + code) -----------------------------------------------
    "join_match": {"ticket": Field(str, max_len=TICKET_MAX)},
    "watch": {"room": Field(str, pattern=_CODE)},
}

# every message the server sends, as a client checks it (unknown fields are let be)
_SEAT = Field(int, lo=0, hi=1)
_PHASE = Field(str, choices=("waiting", "placing", "battle", "over", "done"))
SERVER_SCHEMAS: dict[str, dict[str, Field]] = {
    "welcome": {"version": Field(int),
                "player": Field(dict, required=False)},   # {"tag", "known"}: protocol 2
    "joined": {"room": Field(str, pattern=_CODE), "seat": _SEAT, "mode": Field(str),
               "config": Field(dict), "best_of": Field(int, lo=1, hi=99),
               "claim_after": Field(int), "chat": Field(list, max_len=100),
               "secret": Field(str, required=False, pattern=_SECRET)},
    "state": {"room": Field(str, pattern=_CODE), "seat": _SEAT, "phase": _PHASE,
              "mode": Field(str), "config": Field(dict), "seats": Field(list, max_len=2),
              "series": Field(dict), "claim_after": Field(int), "can_claim": Field(bool),
              "draw_offer": Field((int, type(None))), "claimed": Field((int, type(None))),
              "clock": Field(int, required=False, choices=CLOCKS),
              "clock_left": Field((int, type(None)), required=False, lo=0),
              "moves": Field(int, required=False, lo=0), "turn": Field(int, required=False),
              "view": Field(dict, required=False), "events": Field(list, required=False),
              "legal": Field(list, required=False),    # (a "patch" is grown first: patch.py)
              "watchers": Field(int, required=False, lo=0),
              "match": Field(dict, required=False)},    # a queued game: {"kind", "rated"}
    "chat": {"seat": _SEAT, "text": Field(str, required=False, max_len=MAX_CHAT),
             "phrase": Field(str, required=False, choices=PHRASES)},
    "error": {"code": Field(str, max_len=40), "message": Field(str, max_len=400),
              "field": Field(str, required=False), "rule": Field(dict, required=False)},
    "pong": {},
    "left": {"room": Field((str, type(None)), required=False)},
    # -- protocol 2 ----------------------------------------------------------------------------
    "queued": {"kind": _KIND, "waited": Field(int, lo=0), "window": Field(int, lo=0),
               "waiting": Field(int, lo=0)},
    "unqueued": {"reason": Field(str, max_len=40)},
    "match_found": {"match": Field(str, pattern=_MATCH), "kind": _KIND,
                    "opponent": Field(dict), "accept_within": Field(int, lo=0)},
    "matched": {"match": Field(str, pattern=_MATCH), "room": Field(str, pattern=_CODE),
                "path": Field(str, max_len=64), "kind": _KIND, "ticket": Field(str),
                "opponent": Field(dict)},
    "ratings": {"player": Field(dict), "kinds": Field(dict)},
    "leaderboard": {"kind": _KIND, "top": Field(list, max_len=TOP),
                    "you": Field((dict, type(None))), "players": Field(int, lo=0)},
    "games": {"games": Field(list, max_len=LISTED_MAX)},
    "spectate": {"room": Field(str, pattern=_CODE), "phase": _PHASE, "mode": Field(str),
                 "config": Field(dict), "seats": Field(list, max_len=2),
                 "series": Field(dict), "watchers": Field(int, lo=0),
                 "clock": Field(int, required=False, choices=CLOCKS),
                 "clock_left": Field((int, type(None)), required=False, lo=0),
                 "moves": Field(int, required=False, lo=0), "turn": Field(int, required=False),
                 "board": Field(dict, required=False), "events": Field(list, required=False),
                 # the chat lines kept (as "joined" has them): only in the first, at once
                 "chat": Field(list, required=False, max_len=100)},
    "reported": {"id": Field(str, max_len=64)},
}

# what needs a seat: everything but the handshake, making or finding a room, and ping
LOBBY = frozenset({"queue", "unqueue", "accept", "ratings", "leaderboard", "games", "report"})
SEATED = frozenset(SCHEMAS) - {"hello", "create", "join", "rejoin", "ping", "join_match",
                               "watch"} - LOBBY


def _no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise ProtocolError("bad_json", f"the key {key!r} appears twice")
        out[key] = value
    return out


def _no_constant(name):
    raise ProtocolError("bad_json", f"{name} is not a JSON number")


EXACT = 2 ** 53       # JSON's exact integers (I-JSON, RFC 7493): no client needs a bigger one


def _exact_int(text: str) -> int:
    value = int(text) if len(text) <= 20 else EXACT + 1
    if abs(value) > EXACT:
        raise ProtocolError("bad_json", f"the number {text[:24]} is past ±2**53")
    return value


def _finite_float(text: str) -> float:
    value = float(text)         # 1e400 reads as infinity, which no reply could write back
    if not math.isfinite(value) or abs(value) > EXACT:
        raise ProtocolError("bad_json", f"the number {text[:24]} is past ±2**53")
    return value


def read(text: str | bytes, limit: int = MAX_BYTES, server: bool = False) -> dict:
    """One message from a client (or, ``server``, from the server: the client's side), checked
    against its schema; ``ProtocolError`` names what was wrong (too big, not JSON — a number
    past ±2**53 or a float that is not finite included —, not an object, an unknown type or
    field, a wrong value)."""
    return check(parse(text, limit, server), SERVER_SCHEMAS if server else SCHEMAS)


def parse(text: str | bytes, limit: int = MAX_BYTES, server: bool = False):
    """A message's JSON, not yet checked (``read`` checks it; a client first grows a state sent
    as changes, ``patch.grow``)."""
    size = len(text.encode("utf-8") if isinstance(text, str) else text)
    if size > limit:
        raise ProtocolError("too_big", f"a message of {size} bytes; at most {limit}")
    if isinstance(text, bytes):
        raise ProtocolError("not_text", "messages are JSON text frames, not binary")
    try:     # the server refuses a client's duplicate keys; a client reads the server's big
        #      states at the parser's own speed (it decodes them by whitelist after)
        data = json.loads(text, object_pairs_hook=None if server else _no_duplicates,
                          parse_constant=_no_constant,
                          **({} if server else {"parse_int": _exact_int,
                                                "parse_float": _finite_float}))
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {str(exc)[:80]}") from None
    if not server:
        _text_only(data, "")
    return data


_SURROGATE = re.compile("[\ud800-\udfff]")


def _text_only(value, where: str) -> None:
    """A client's strings (keys too) are text: JSON's ``\\ud800`` escapes can make a lone
    surrogate, which no reply, log or store could write back (issue 35). Refused as
    ``bad_field`` naming the field, never echoing it."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise ProtocolError("bad_field", f"{where or 'a value'} holds a lone surrogate, "
                                "which is no text", where.split(".")[0][:32])
    elif isinstance(value, dict):
        for key, item in value.items():
            if _SURROGATE.search(key):
                raise ProtocolError("bad_field", f"a field's name in {where or 'the message'} "
                                    "holds a lone surrogate, which is no text",
                                    where.split(".")[0][:32])
            _text_only(item, f"{where}.{key}" if where else key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _text_only(item, f"{where}[{i}]")


def check(data, schemas: dict | None = None) -> dict:
    """``data`` (parsed JSON) as a client's message (``SCHEMAS``), or ``ProtocolError``. With
    ``SERVER_SCHEMAS`` (what a client reads), fields it does not know are let be: a newer
    server may add them without a new version."""
    schemas = SCHEMAS if schemas is None else schemas
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object, not {json_kind(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in schemas:
        shown = kind if isinstance(kind, str) and len(kind) <= 32 else json_kind(kind)
        raise ProtocolError("unknown_type", f"no message type {shown!r}; known: "
                            f"{', '.join(schemas)}", "type")
    schema = schemas[kind]
    for name in data:
        if name not in schema and name not in ("type", "id") and schemas is SCHEMAS:
            raise ProtocolError("unknown_field", f"a {kind} message has no field "
                                f"{name[:32]!r}", name[:32])
    if "id" in data:
        Field(int, lo=0, hi=2 ** 31).check("id", data["id"])
    for name, field in schema.items():
        if name not in data:
            if field.required:
                raise ProtocolError("missing_field", f"a {kind} message needs {name}", name)
            continue
        field.check(name, data[name])
    if kind == "create" and data.get("best_of", 1) % 2 == 0:
        raise ProtocolError("bad_field", "best_of must be odd: a series is won by the first to "
                            "win more than half its games", "best_of")
    if kind == "chat" and ("text" in data) == ("phrase" in data) and schemas is SCHEMAS:
        raise ProtocolError("bad_field", "a chat message holds text or a phrase, one of them",
                            "text")
    return data


def write(message: dict) -> str:
    """A message as the text sent (compact, no NaN)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def version_error(version: int) -> ProtocolError:
    """The reply to a client of another protocol: update the game (or the server)."""
    side = "your game" if version < min(VERSIONS) else "the server"
    return ProtocolError("version", f"this server speaks protocol {VERSION}, the client "
                         f"{version}: update {side}", "version")
