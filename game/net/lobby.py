"""The lobby (issue 37, docs/protocol.md "The lobby"): the queue of each game kind, pairing by
rating, the ready check, match tickets, and the players' Glicko-2 ratings, leaderboard and the
listing of games to watch.

Pure and clocked, as a room is: the server owns the sockets and the clock and calls one method
per message (``now`` passed in); each returns the messages to send as [(who, message)], ``who``
being whatever the caller gave for the connection (the server's ``Conn``), or raises a coded
``ProtocolError`` having changed nothing. Ratings and results live in ``lobby.sqlite3`` in the
server's data folder (one transaction per change), kept apart from the rooms.

It is also what a matched room reports to (``result``, ``ended``, ``status``): in one process
the server hands the room's results straight to it.
"""

from __future__ import annotations

import math
import random
import secrets
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..modes import match_kinds
from ..rules.jsonform import clean_text
from . import glicko, identity, tickets
from .limits import Bucket, Limits
from .protocol import (CODE_ALPHABET, CODE_LENGTH, LISTED_MAX, MATCH_CLOCK, MAX_NAME, ROOM_PATH,
                       TOP, ProtocolError)

FILE = "lobby.sqlite3"
TELL_EVERY = 2.0          # seconds between a waiter's ``queued``
ACCEPT_WITHIN = 5         # seconds a pairing's ready check waits for both ``accept``
WINDOW_START, WINDOW_GROWTH, WINDOW_MAX = 100.0, 25.0, 1000.0   # rating points; points a second
DECLINES, DECLINE_WINDOW, REFUSED_FOR = 3, 600.0, 300.0   # 3 in 10 min: refused 5 min
KEEP_SINCE = 120.0        # seconds a player whose match never began keeps his place in time
RATE_WINDOW = 60.0        # ``queue_rate`` counts queue messages a minute

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, name TEXT NOT NULL, "
    "seen REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS ratings (player TEXT NOT NULL, kind TEXT NOT NULL, "
    "rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL, games INTEGER NOT NULL, "
    "wins INTEGER NOT NULL, draws INTEGER NOT NULL, change REAL, last_room TEXT, "
    "PRIMARY KEY (player, kind))",
    "CREATE INDEX IF NOT EXISTS ratings_board ON ratings (kind, rating)",
    "CREATE TABLE IF NOT EXISTS results (id TEXT PRIMARY KEY, kind TEXT NOT NULL, "
    "a TEXT NOT NULL, b TEXT NOT NULL, score REAL NOT NULL, reason TEXT NOT NULL, "
    "moves INTEGER NOT NULL, at REAL NOT NULL)",
)


@dataclass
class Waiter:
    """A player in a kind's queue (or in a pairing's ready check)."""
    player: str
    name: str
    who: object               # his connection, as the caller knows it
    address: str
    kind: str
    listed: bool
    since: float              # when he first queued (kept when a pairing falls through)
    rating: float
    told: float = 0.0         # when he last heard ``queued``
    match: str | None = None  # the pairing whose ready check he is in


@dataclass
class Pairing:
    """Two waiters in a ready check."""
    match: str
    kind: str
    waiters: tuple
    deadline: float
    accepted: set = field(default_factory=set)


@dataclass
class Playing:
    """A match handed out (tickets made), until its room ends: for the listing, and to learn
    who never came."""
    room: str
    kind: str
    players: list             # ids, by seat
    names: list
    ratings: list
    since: list               # each one's place in time in the queue
    addresses: list
    listed: bool
    made: float
    seated: set = field(default_factory=set)   # ids that came to the room
    moves: int = 0
    watchers: int = 0
    playing: bool = True      # its game is on (not over, not waiting for a rematch)

    @property
    def started(self) -> bool:
        """Both came: the match is on (it is listed; its end keeps nobody's place)."""
        return len(self.seated) == 2


def window(waited: float) -> float:
    """The ratings a waiter may be paired within, either side of his own."""
    return min(WINDOW_MAX, WINDOW_START + WINDOW_GROWTH * max(0.0, waited))


class Lobby:
    def __init__(self, folder: Path | str, clock=time.monotonic, seed: int | None = None,
                 key: bytes | None = None, limits: Limits | None = None):
        self.clock = clock
        self.limits = limits or Limits()
        self.key = key if key is not None else secrets.token_bytes(32)
        self.rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
        self.kinds = match_kinds()
        self.waiters: dict[str, Waiter] = {}          # by player id, queued or in a check
        self.pairings: dict[str, Pairing] = {}        # by match id
        self.playing: dict[str, Playing] = {}         # by room code
        self.declines: dict[str, list] = {}           # id or address -> times of declines
        self.refused: dict[str, float] = {}           # id or address -> refused until
        self.kept: dict[str, tuple] = {}              # id -> (since, until): KEEP_SINCE
        self.rates: dict[str, Bucket] = {}            # address -> its queue messages
        self.taken = lambda code: False               # the server's: is a room code in use?
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path / FILE, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        for statement in _SCHEMA:
            self.db.execute(statement)

    # -- players --------------------------------------------------------------------------
    def hello(self, player: str, name: str, now: float) -> bool:
        """A player said hello (his name kept as the one he last gave): had he been seen?"""
        known = self.db.execute("SELECT 1 FROM players WHERE id = ?", (player,)).fetchone()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO players (id, name, seen) VALUES (?, ?, ?)",
                            (player, clean_text(name, MAX_NAME), now))
        return known is not None

    def _name(self, player: str) -> str:
        row = self.db.execute("SELECT name FROM players WHERE id = ?", (player,)).fetchone()
        return row[0] if row else ""

    def rating(self, player: str, kind: str) -> glicko.Rating:
        row = self.db.execute("SELECT rating, rd, vol FROM ratings WHERE player = ? AND kind = ?",
                              (player, kind)).fetchone()
        return glicko.Rating(*row) if row else glicko.NEW

    # -- the queue ------------------------------------------------------------------------
    def _kind(self, kind: str) -> str:
        if kind not in self.kinds:
            raise ProtocolError("bad_field", f"no game kind {kind[:16]!r}; kinds: "
                                f"{', '.join(self.kinds)}", "kind")
        return kind

    def _refused_for(self, keys, now: float) -> float:
        return max((self.refused.get(k, 0.0) - now for k in keys), default=0.0)

    def queue(self, who, player: str, name: str, address: str, kind: str, listed: bool,
              now: float) -> list:
        """``player`` queues for ``kind`` (a second queue of his replaces the first)."""
        self._kind(kind)
        wait = self._refused_for((player, address), now)
        if wait > 0:
            raise ProtocolError("queue_refused", f"too many pairings declined or missed: "
                                f"queue again in {wait:.0f} s")
        rate = self.rates.setdefault(address, Bucket(self.limits.queue_rate, RATE_WINDOW))
        if not rate.has(now):
            raise ProtocolError("too_many_queues", f"more than {self.limits.queue_rate:g} "
                                f"queues a minute from your address; wait {rate.wait(now):.0f} s")
        held = sum(1 for w in self.waiters.values() if w.address == address and w.player != player)
        if held >= self.limits.queue_per_address:
            raise ProtocolError("too_many_queues", f"your address has "
                                f"{self.limits.queue_per_address} players in the queue already")
        rate.take(now)
        out = []
        old = self.waiters.get(player)
        since = now
        if old is not None:       # (his own connection queuing again is not told it)
            out += self._leave(old, now, "replaced" if old.who is not who else None,
                               declined=old.match is not None)
            if old.kind == kind:
                since = old.since
        kept = self.kept.pop(player, None)
        if kept is not None and kept[1] >= now:
            since = min(since, kept[0])
        waiter = Waiter(player, clean_text(name, MAX_NAME), who, address, kind, listed, since,
                        self.rating(player, kind).rating, told=now)
        self.waiters[player] = waiter
        out.append((who, self._queued(waiter, now)))
        return out + self.pair(now)

    def _waiting(self) -> dict:
        """Waiters of each kind not in a ready check."""
        counts: dict[str, int] = {}
        for x in self.waiters.values():
            if x.match is None:
                counts[x.kind] = counts.get(x.kind, 0) + 1
        return counts

    def _queued(self, w: Waiter, now: float, waiting: dict | None = None) -> dict:
        w.told = now
        waiting = self._waiting() if waiting is None else waiting
        return {"type": "queued", "kind": w.kind, "waited": int(now - w.since),
                "window": int(window(now - w.since)), "waiting": waiting.get(w.kind, 0)}

    def unqueue(self, player: str, now: float, who=None) -> list:
        """``player`` leaves the queue (in a ready check: a decline)."""
        w = self.waiters.get(player)
        if w is None:
            return [(who, {"type": "unqueued", "reason": "left"})] if who is not None else []
        return self._leave(w, now, "left", declined=w.match is not None)

    def dropped(self, who, player: str | None, now: float) -> list:
        """The connection ``who`` of ``player`` closed: its entry leaves the queue."""
        w = self.waiters.get(player) if player is not None else None
        if w is None or w.who is not who:
            return []
        return self._leave(w, now, None, declined=w.match is not None)

    def _leave(self, w: Waiter, now: float, reason: str | None, declined: bool) -> list:
        """``w`` leaves the queue, heard as ``reason`` (None: nobody to tell); a ready check he
        was in falls through (the other back in the queue, keeping his place in time)."""
        self.waiters.pop(w.player, None)
        out = [] if reason is None else [(w.who, {"type": "unqueued", "reason": reason})]
        if declined:
            self._declined(w.player, w.address, now)
        pairing = self.pairings.pop(w.match, None) if w.match is not None else None
        w.match = None
        if pairing is not None:
            for other in pairing.waiters:
                if other is not w and self.waiters.get(other.player) is other:
                    other.match = None
                    out.append((other.who, self._queued(other, now)))
        return out

    def _declined(self, player: str, address: str, now: float) -> None:
        """A pairing declined or missed, counted for the player and his address."""
        for key in (player, address):
            times = [t for t in self.declines.get(key, []) if now - t < DECLINE_WINDOW]
            times.append(now)
            self.declines[key] = times
            if len(times) >= DECLINES:
                self.refused[key] = now + REFUSED_FOR

    # -- pairing and the ready check ------------------------------------------------------
    def pair(self, now: float) -> list:
        """Pair whoever may be: per kind, the oldest waiter first, with the waiter of the
        nearest rating within the wider of their two windows (looked for outwards from his
        rating, so a long queue costs n log n, not n squared)."""
        out = []
        kinds: dict[str, list] = {}
        for w in self.waiters.values():
            if w.match is None:
                kinds.setdefault(w.kind, []).append(w)
        for free in kinds.values():
            by_rating = sorted(free, key=lambda w: (w.rating, w.since, w.player))
            at = {id(w): n for n, w in enumerate(by_rating)}
            for w in sorted(free, key=lambda w: (w.since, w.player)):
                if w.match is None:
                    best = self._nearest(w, by_rating, at[id(w)], now)
                    if best is not None:
                        out += self._found(w, best, now)
        return out

    @staticmethod
    def _nearest(w: Waiter, by_rating: list, n: int, now: float) -> Waiter | None:
        """The free waiter of the rating nearest ``w``'s (``by_rating[n]``) within the wider
        of their two windows."""
        mine = window(now - w.since)
        lo, hi = n - 1, n + 1
        while lo >= 0 or hi < len(by_rating):
            below = abs(w.rating - by_rating[lo].rating) if lo >= 0 else math.inf
            above = abs(by_rating[hi].rating - w.rating) if hi < len(by_rating) else math.inf
            gap = min(below, above)
            if gap > WINDOW_MAX:
                return None
            if below <= above:
                c, lo = by_rating[lo], lo - 1
            else:
                c, hi = by_rating[hi], hi + 1
            if c.match is None and c.player != w.player and gap <= max(mine,
                                                                       window(now - c.since)):
                return c
        return None

    def _new_id(self) -> str:
        return "%016x" % self.rng.getrandbits(64)

    def _found(self, a: Waiter, b: Waiter, now: float) -> list:
        match = self._new_id()
        while match in self.pairings:
            match = self._new_id()
        pairing = Pairing(match, a.kind, (a, b), now + ACCEPT_WITHIN)
        self.pairings[match] = pairing
        a.match = b.match = match
        return [(x.who, {"type": "match_found", "match": match, "kind": x.kind,
                         "opponent": self._face(y), "accept_within": ACCEPT_WITHIN})
                for x, y in ((a, b), (b, a))]

    @staticmethod
    def _face(w: Waiter) -> dict:
        return {"name": w.name, "tag": identity.tag(w.player), "rating": round(w.rating)}

    def accept(self, player: str, match: str, now: float) -> list:
        """``player`` is there for pairing ``match``; both there: the match is made."""
        pairing = self.pairings.get(match)
        w = self.waiters.get(player)
        if pairing is None or w is None or w not in pairing.waiters or now > pairing.deadline:
            raise ProtocolError("no_match", "no pairing of yours waits for that answer", "match")
        pairing.accepted.add(player)
        if len(pairing.accepted) < 2:
            return []
        return self._matched(pairing, now)

    def _new_code(self) -> str:
        while True:
            code = "".join(self.rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.playing and not self.taken(code):
                return code

    def _matched(self, pairing: Pairing, now: float) -> list:
        del self.pairings[pairing.match]
        players = list(pairing.waiters)
        for w in players:
            del self.waiters[w.player]
        room = self._new_code()
        mode, config = self.kinds[pairing.kind]
        listed = all(w.listed for w in players)
        data = {"match": pairing.match, "room": room, "kind": pairing.kind, "mode": mode,
                "config": config.to_dict(), "clock": MATCH_CLOCK, "best_of": 1, "rated": True,
                "players": [{"id": w.player, "name": w.name, "rating": round(w.rating)}
                            for w in players], "made": now, "listed": listed}
        ticket = tickets.make(self.key, data)
        self.playing[room] = Playing(room, pairing.kind, [w.player for w in players],
                                     [w.name for w in players], [w.rating for w in players],
                                     [w.since for w in players], [w.address for w in players],
                                     listed, now)
        return [(x.who, {"type": "matched", "match": pairing.match, "room": room,
                         "path": ROOM_PATH + room, "kind": pairing.kind, "ticket": ticket,
                         "opponent": self._face(y)})
                for x, y in ((players[0], players[1]), (players[1], players[0]))]

    def tick(self, now: float) -> list:
        """Every second: ready checks that ran out, pairings, each waiter's ``queued`` every
        ``TELL_EVERY`` s; matches nobody came to are forgotten; old counts let go."""
        out = []
        for pairing in [p for p in self.pairings.values() if now > p.deadline]:
            for w in pairing.waiters:
                if w.player not in pairing.accepted and self.waiters.get(w.player) is w:
                    out += self._leave(w, now, "no_answer", declined=True)
        out += self.pair(now)
        waiting = self._waiting()
        for w in self.waiters.values():
            if w.match is None and now - w.told >= TELL_EVERY:
                out.append((w.who, self._queued(w, now, waiting)))
        wait = self.limits.match_wait
        for code in [c for c, p in self.playing.items()
                     if not p.started and now - p.made > wait + 2 * TELL_EVERY]:
            self.ended(code, now)      # nobody made its room (or the room said nothing)
        self._forget(now)
        return out

    def _forget(self, now: float) -> None:
        """Counts past their time are let go, so memory stays bounded."""
        for key in [k for k, times in self.declines.items()
                    if all(now - t >= DECLINE_WINDOW for t in times)]:
            del self.declines[key]
        for key in [k for k, until in self.refused.items() if until < now]:
            del self.refused[key]
        for key in [k for k, (_, until) in self.kept.items() if until < now]:
            del self.kept[key]
        for key in [k for k, b in self.rates.items() if b.full(now)]:
            del self.rates[key]

    # -- what rooms report ----------------------------------------------------------------
    def status(self, code: str, info: dict) -> None:
        """A matched room says how it stands (``Room.status``): ``seated`` (the ids that came),
        ``moves``, ``watchers``. A match both came to that the lobby does not hold (it was
        started again since) is taken in for the listing from what the room says."""
        p = self.playing.get(code)
        if p is None:
            p = self._adopted(code, info)
            if p is None:
                return
        p.seated |= {x for x in info.get("seated", ()) if x in p.players}
        p.moves = int(info.get("moves", p.moves))
        p.watchers = int(info.get("watchers", p.watchers))
        p.playing = bool(info.get("playing", p.playing))

    def _adopted(self, code: str, info: dict) -> Playing | None:
        ids, kind = list(info.get("ids", ())), info.get("kind")
        if kind not in self.kinds or len(ids) != 2 or set(info.get("seated", ())) != set(ids):
            return None
        now = self.clock()
        p = self.playing[code] = Playing(
            code, kind, ids, list(info.get("names", ("", ""))),
            [self.rating(x, kind).rating for x in ids], [now, now], ["", ""],
            bool(info.get("listed", True)), now)
        return p

    def ended(self, code: str, now: float | None = None) -> None:
        """A matched room ended. If its match never began, whoever came keeps his place in time
        (``KEEP_SINCE``) to queue again; whoever never came missed a pairing (a decline)."""
        p = self.playing.pop(code, None)
        if p is None or p.started:
            return
        now = self.clock() if now is None else now
        for player, since, address in zip(p.players, p.since, p.addresses):
            if player in p.seated:
                self.kept[player] = (since, now + KEEP_SINCE)
            else:
                self._declined(player, address, now)

    def result(self, r: dict) -> bool:
        return self.record(r)

    def record(self, r: dict) -> bool:
        """A rated game's end: both players rated (Glicko-2, one period each), kept in one
        transaction. Idempotent by the result's id: False if it was recorded already."""
        rid, kind, players, score = self._checked(r)
        if self.db.execute("SELECT 1 FROM results WHERE id = ?", (rid,)).fetchone():
            return False
        before = [self.rating(p, kind) for p in players]
        after = glicko.game(before[0], before[1], score)
        room = rid.split("/")[0]
        names = list(r.get("names", ("", "")))[:2]
        with self.db:
            self.db.execute("BEGIN")
            for n, player in enumerate(players):
                mine = score if n == 0 else 1.0 - score
                row = self.db.execute("SELECT games, wins, draws FROM ratings WHERE player = ? "
                                      "AND kind = ?", (player, kind)).fetchone() or (0, 0, 0)
                self.db.execute(
                    "INSERT OR REPLACE INTO ratings (player, kind, rating, rd, vol, games, wins, "
                    "draws, change, last_room) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (player, kind, after[n].rating, after[n].rd, after[n].vol, row[0] + 1,
                     row[1] + (mine == 1.0), row[2] + (mine == 0.5),
                     after[n].rating - before[n].rating, room))
                name = names[n] if n < len(names) and isinstance(names[n], str) else ""
                self.db.execute("INSERT OR IGNORE INTO players (id, name, seen) VALUES "
                                "(?, ?, ?)", (player, clean_text(name, MAX_NAME), self.clock()))
            self.db.execute("INSERT INTO results (id, kind, a, b, score, reason, moves, at) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (rid, kind, players[0], players[1], score,
                             str(r.get("reason", ""))[:40], int(r.get("moves", 0)), self.clock()))
        return True

    def _checked(self, r) -> tuple:
        """A result's id, kind, two players and seat 0's score, or ``bad_report``."""
        try:
            rid, kind, players, score = r["id"], r["kind"], list(r["players"]), r["score"]
            ok = (isinstance(rid, str) and 0 < len(rid) <= 64 and kind in self.kinds
                  and len(players) == 2 and players[0] != players[1]
                  and all(isinstance(p, str) and len(p) == 64 for p in players)
                  and score in (0, 0.5, 1) and not isinstance(score, bool)
                  and isinstance(r.get("moves", 0), int))
        except (KeyError, TypeError):
            ok = False
        if not ok:
            raise ProtocolError("bad_report", "not a game's result")
        return rid, kind, players, float(score)

    # -- what a player asks ---------------------------------------------------------------
    def _place(self, kind: str, rating: float) -> int:
        above = self.db.execute("SELECT COUNT(*) FROM ratings WHERE kind = ? AND games > 0 AND "
                                "rating > ?", (kind, rating)).fetchone()[0]
        return above + 1

    def ratings(self, player: str) -> dict:
        """``player``'s rating in every kind."""
        kinds = {}
        for kind in self.kinds:
            row = self.db.execute("SELECT rating, rd, games, wins, draws, change, last_room "
                                  "FROM ratings WHERE player = ? AND kind = ?",
                                  (player, kind)).fetchone()
            rating, rd, games, wins, draws, change, last_room = row or (
                glicko.NEW.rating, glicko.NEW.rd, 0, 0, 0, None, None)
            kinds[kind] = {"rating": round(rating), "rd": round(rd), "games": games,
                           "wins": wins, "draws": draws,
                           "place": self._place(kind, rating) if games else None,
                           "change": None if change is None else round(change),
                           "last_room": last_room}
        return {"type": "ratings", "player": {"tag": identity.tag(player),
                                              "name": self._name(player)}, "kinds": kinds}

    def leaderboard(self, kind: str, player: str | None) -> dict:
        """The top ``TOP`` of ``kind`` (players with a game), and ``player``'s own place."""
        self._kind(kind)
        rows = self.db.execute(
            "SELECT r.player, p.name, r.rating, r.rd, r.games FROM ratings r LEFT JOIN players p "
            "ON p.id = r.player WHERE r.kind = ? AND r.games > 0 ORDER BY r.rating DESC, "
            "r.games DESC, r.player LIMIT ?", (kind, TOP)).fetchall()
        top, place, last = [], 0, None
        for n, (pid, name, rating, rd, games) in enumerate(rows):
            if rating != last:
                place, last = n + 1, rating
            top.append(self._row(place, pid, name, rating, rd, games))
        you = None
        if player is not None:
            row = self.db.execute("SELECT r.rating, r.rd, r.games, p.name FROM ratings r "
                                  "LEFT JOIN players p ON p.id = r.player WHERE r.player = ? "
                                  "AND r.kind = ? AND r.games > 0", (player, kind)).fetchone()
            if row is not None:
                you = self._row(self._place(kind, row[0]), player, row[3], *row[:3])
        count = self.db.execute("SELECT COUNT(*) FROM ratings WHERE kind = ? AND games > 0",
                                (kind,)).fetchone()[0]
        return {"type": "leaderboard", "kind": kind, "top": top, "you": you, "players": count}

    @staticmethod
    def _row(place, player, name, rating, rd, games) -> dict:
        return {"place": place, "name": name or "", "tag": identity.tag(player),
                "rating": round(rating), "rd": round(rd), "games": games}

    def games(self) -> dict:
        """Matched games in progress both players let be listed."""
        shown = [p for p in self.playing.values()
                 if p.listed and p.started and p.playing][:LISTED_MAX]
        return {"type": "games", "games": [
            {"room": p.room, "kind": p.kind, "names": p.names,
             "tags": [identity.tag(x) for x in p.players],
             "ratings": [round(x) for x in p.ratings], "moves": p.moves,
             "watchers": p.watchers, "path": ROOM_PATH + p.room} for p in shown]}

    def close(self) -> None:
        self.db.close()

