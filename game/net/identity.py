"""A player's identity without passwords (issue 37, docs/protocol.md "Players").

The client: each installation makes a random key once (``KEY_BYTES`` from the system's source)
and keeps it in ``<data folder>/identity.json``; its ``hello`` of protocol 2 carries the key. A
broken file is never written over: it is moved aside (``identity.json.broken-N``) and a new key
made, and the caller is told (losing the file starts a new player; the screen says so).

The server: ``player_id(key)`` is the only form any process keeps (a digest the key cannot be
read back from; another installation cannot make it without the key), and ``tag(id)`` its short
public form, shown beside a name so two captains of one name are told apart.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from pathlib import Path
from typing import NamedTuple

from ..data.storage import DataFileError, atomic_write_json, keep_aside, read_json
from .protocol import KEY_BYTES, TAG_LENGTH

FILE = "identity.json"
FORMAT = 1
_PREFIX = b"sea-battle/player/"
_KEY = re.compile(f"[0-9a-f]{{{KEY_BYTES * 2}}}")


def player_id(key: str) -> str:
    """The player a key stands for: sha256 of our prefix and the key's bytes, in hex."""
    return hashlib.sha256(_PREFIX + bytes.fromhex(key)).hexdigest()


def tag(player: str) -> str:
    """The short public form of a player's id, shown beside his name."""
    return player[:TAG_LENGTH].upper()


def new_key() -> str:
    return secrets.token_bytes(KEY_BYTES).hex()


class Loaded(NamedTuple):
    key: str
    made_now: bool          # a new player: no key was kept before (or it was broken)
    problem: str | None     # what was wrong with the file kept before, said to the player


def _read(path: Path) -> str:
    """The key kept in ``path``; DataFileError names what is wrong with it."""
    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataFileError(path, f"not an identity of format {FORMAT}")
    key = data.get("key")
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise DataFileError(path, f"its key is not {KEY_BYTES * 2} hexadecimal digits")
    return key


def load_or_make(folder) -> Loaded:
    """This installation's key: read from ``folder``/identity.json, else made and written there
    (atomically). A broken file is moved aside first and the problem returned; if it cannot be
    moved, the new key is not written (nothing is overwritten) and the problem says that too,
    as it does when the folder cannot be written."""
    path = Path(folder) / FILE
    problem = None
    if path.exists():
        try:
            return Loaded(_read(path), False, None)
        except DataFileError as exc:
            aside = keep_aside(path)
            if aside is None:
                return Loaded(new_key(), True, f"{exc} (it could not be moved aside: this "
                                                "identity is not kept)")
            problem = f"{exc} (kept as {aside.name}; a new player starts)"
    key = new_key()
    try:
        atomic_write_json(path, {"format": FORMAT, "key": key})
    except OSError as exc:           # the game goes on, as a player new each time it starts
        problem = f"{path}: cannot be written ({exc.strerror}): this identity is not kept"
    return Loaded(key, True, problem)
