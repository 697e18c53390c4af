"""Where the server keeps its rooms (issue 23): one SQLite file under ``--data``: a row per
room holding the room's JSON (``Room.to_dict``) and a row per move of its game, written in one
transaction after every message that changed the room — before any reply goes out, so a reply a
client saw is never lost. A killed server, started again, finds every room as its last reply
left it. Moves are appended, never rewritten, so the thousandth move costs what the first did.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .protocol import ProtocolError
from .room import Room

FILE = "rooms.sqlite3"


class Store:
    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / FILE
        # autocommit off: each save is its own transaction; WAL keeps readers and a killed
        # writer safe, NORMAL sync survives a killed process (the OS holds what was written)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, "
                        "state TEXT NOT NULL)")
        self.db.execute("CREATE TABLE IF NOT EXISTS moves (code TEXT NOT NULL, n INTEGER NOT "
                        "NULL, move TEXT NOT NULL, PRIMARY KEY (code, n))")
        self.kept: dict[str, int] = {}     # moves of each room's game in the file

    def load(self, now: float) -> tuple[dict, list[str]]:
        """Every stored room, by code, and a line naming each room that could not be read
        (it stays in the file, untouched, for a person to look at)."""
        rooms, problems = {}, []
        for code, text in self.db.execute("SELECT code, state FROM rooms ORDER BY code"):
            try:
                data = json.loads(text)
                if not isinstance(data, dict):
                    raise ProtocolError("bad_room", "not a JSON object")
                moves = [json.loads(m) for (m,) in self.db.execute(
                    "SELECT move FROM moves WHERE code = ? ORDER BY n", (code,))]
                rooms[code] = Room.from_dict(data, now, moves)
                self.kept[code] = len(moves)
            except (ValueError, RecursionError) as exc:
                problems.append(f"{self.path}: room {code}: {exc}"[:300])
        return rooms, problems

    def save(self, room: Room) -> None:
        """The room as it stands: its row, and the moves its game made since the last save
        (a new game of a series starts its moves again)."""
        text = room.to_text()
        played = len(room.game.history) if room.game is not None else 0
        kept = self.kept.get(room.code, 0)
        with self.db:          # one transaction: all of it or none of it
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO rooms (code, state) VALUES (?, ?)",
                            (room.code, text))
            if played < kept:
                self.db.execute("DELETE FROM moves WHERE code = ?", (room.code,))
                kept = 0
            self.db.executemany("INSERT INTO moves (code, n, move) VALUES (?, ?, ?)",
                                [(room.code, kept + i, json.dumps(m, separators=(",", ":")))
                                 for i, m in enumerate(room.moves(kept))])
        self.kept[room.code] = played

    def delete(self, code: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))
            self.db.execute("DELETE FROM moves WHERE code = ?", (code,))
        self.kept.pop(code, None)

    def close(self) -> None:
        self.db.close()
