"""One room of the server (issue 23): two seats, the rules' game between them, a series (C7),
and what each seat is sent. Pure and synchronous: ``game.net.server`` owns the sockets, the
clock and the store, and calls one method per message; each returns the messages to send, by
seat, or raises ``ProtocolError`` (a bad message) or the rules' ``RuleError`` (an illegal
move) — in both cases having changed nothing.

Everything a seat is sent goes through ``state_for``: its own player's view (``Game.view``) and
the events of the last action it may see (``visibility.events_for``); never the other fleet.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import random
import secrets as secret_source
from dataclasses import dataclass, field

from ..modes import MODES
from ..rules.base import Lapse
from ..rules.errors import RuleError
from ..rules.jsonform import clean_text
from ..rules.series import Series
from . import codec, visibility
from .protocol import CLAIM_DEFAULT, MAX_CHAT, MAX_NAME, SECRET_BYTES, ProtocolError

FORMAT = 1          # the stored room's format (``to_dict``)
CHAT_KEPT = 30      # chat lines a room keeps for a seat that comes back

WAITING, PLACING, BATTLE, OVER, DONE = "waiting", "placing", "battle", "over", "done"
WATCHERS = "watchers"   # a message's target: every spectator of the room (issue 37)


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def new_secret() -> str:
    """A seat's secret: 128 bits from the system's source (not game randomness)."""
    return secret_source.token_hex(SECRET_BYTES)


def _digest(secret: str) -> str:
    """The room keeps only a digest of a seat's secret, so its stored state gives none away."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


@dataclass
class SeatState:
    name: str
    digest: str
    legal: bool = False            # the client asked for the legal actions (a computer)
    setup: object = None           # the set-up's JSON, once sent and valid
    here: bool = False             # connected now (the server keeps this)
    gone_at: float | None = None   # when the connection dropped (the server's clock)
    address: str = ""              # the address it was taken from (its holder's, for limits)

    def to_dict(self) -> dict:
        return {"name": self.name, "digest": self.digest, "legal": self.legal,
                "setup": self.setup, "address": self.address}


@dataclass
class Room:
    code: str
    mode: str
    config: object                  # the rules' config (a mode's)
    best_of: int = 1
    first: str = "lot"              # who fires first in the first game: lot, "0" or "1"
    claim_after: int = CLAIM_DEFAULT
    seed: int = 0                   # the lots of every game in the room
    seats: list = field(default_factory=lambda: [None, None])
    game: object = None             # the game being played (or the last, once over)
    played: list = field(default_factory=list)    # finished games' to_dict, in order
    series: Series = None
    draw_offer: int | None = None
    chat: list = field(default_factory=list)     # [seat, "text" | "phrase", words]
    claimed: int | None = None      # the seat that claimed the game of a gone player
    opened: float = 0.0             # when the server made it, or read it back (its clock)
    clock: int = 0                  # §0's move clock: seconds a turn (0: off)
    deadline: float | None = None   # when the time of the player to act runs out (the
    #                                 server's clock); None: no clock running (off, paused)
    left: float | None = None       # while paused (he is gone): the seconds he has left
    match: dict | None = None       # issue 37, a queued game: {match, kind, rated, ids, reported}
    _head: dict | None = field(default=None, repr=False)   # the game's to_dict but its moves
    _views: tuple = field(default_factory=lambda: (codec.Memo(), codec.Memo()), repr=False)
    _texts: dict = field(default_factory=dict, repr=False)  # to_text's big parts, as last written
    # issue 37: the connections watching (the server's; never stored), and the board's memo
    watchers: set = field(default_factory=set, repr=False, compare=False)
    watched: bool = field(default=False, repr=False, compare=False)   # anyone ever watched
    _board: codec.Memo = field(default_factory=codec.Memo, repr=False, compare=False)

    def __post_init__(self):
        if self.series is None:
            self.series = Series(self.best_of)

    # -- what the room is ---------------------------------------------------------------
    @property
    def entry(self):
        return MODES[self.mode]

    @property
    def phase(self) -> str:
        if None in self.seats:          # (a matched room's players may come in either order)
            return WAITING
        if self.game is None:
            return PLACING
        if not self.game.over:
            return BATTLE
        return DONE if self.series.over or self.claimed is not None else OVER

    # -- seats --------------------------------------------------------------------------
    def sit(self, name: str, legal: bool = False, address: str = "") -> tuple[int, str]:
        """A newcomer takes the free seat: (seat, its secret). The secret is said once."""
        if None not in self.seats or self.match is not None:     # a match's seats: its tickets'
            raise ProtocolError("room_full", f"room {self.code} has two players already")
        seat = self.seats.index(None)
        secret = new_secret()
        self.seats[seat] = SeatState(clean_text(name, MAX_NAME) or f"Player {seat + 1}",
                                     _digest(secret), legal, address=address)
        return seat, secret

    # -- a queued game (issue 37): its seats are its ticket's players' -----------------------
    def sit_matched(self, seat: int, name: str, legal: bool = False, address: str = "") -> str:
        """The ticket's player of ``seat`` takes it (again: the ticket opens it as a secret
        would, and a new secret is said): its secret."""
        secret = new_secret()
        old = self.seats[seat]
        if old is None:
            self.seats[seat] = SeatState(clean_text(name, MAX_NAME) or f"Player {seat + 1}",
                                         _digest(secret), legal, address=address)
        else:
            old.digest = _digest(secret)
        return secret

    def result(self) -> dict | None:
        """The result of a rated room's game that is over (None otherwise, or once it was
        reported): seat 0's score, 1, 0 or ½; a resignation, a lapse or a claim is a loss."""
        m, game = self.match, self.game
        if not m or not m.get("rated") or game is None or not game.over:
            return None
        rid = f"{self.code}/{len(self.played)}"
        if m.get("reported") == rid:
            return None
        score = 0.5 if game.winner is None else 1 - game.winner
        return {"id": rid, "kind": m["kind"], "players": list(m["ids"]),
                "names": [s.name for s in self.seats], "score": score,
                "reason": "claimed" if self.claimed is not None else game.end_reason,
                "moves": len(game.history)}

    def status(self) -> dict:
        """How a matched room stands, for the lobby's listing (enough for a lobby started
        again to list it)."""
        m = self.match
        return {"kind": m["kind"], "ids": list(m["ids"]), "listed": m.get("listed", True),
                "names": [s.name if s else "" for s in self.seats],
                "seated": [i for i, s in zip(m["ids"], self.seats) if s is not None],
                "moves": 0 if self.game is None else len(self.game.history),
                "playing": self.phase in (PLACING, BATTLE)}

    def owns(self, seat: int, secret: str) -> bool:
        """Does ``secret`` open ``seat``? (compared in constant time)"""
        s = self.seats[seat] if seat in (0, 1) else None
        return s is not None and hmac.compare_digest(s.digest, _digest(secret))

    def present(self, seat: int, here: bool, now: float) -> list:
        """The server saw ``seat`` come (``here``) or go: both seats hear of it."""
        s = self.seats[seat]
        s.here = here
        s.gone_at = None if here else now
        self._wind(now)
        out = self.broadcast(now)
        if not here:     # what speeds a seat's views and the store is let go while nobody plays
            self._views[seat].forget()
            if not any(x is not None and x.here for x in self.seats):
                self._texts.clear()
        return out

    def may_claim(self, seat: int, now: float) -> bool:
        """RULES §0 as the room applies it: a player gone longer than ``claim_after`` seconds
        from a battle loses it, if the other claims it."""
        other = self.seats[1 - seat] if seat in (0, 1) else None
        return (self.phase == BATTLE and other is not None and not other.here
                and other.gone_at is not None and now - other.gone_at >= self.claim_after)

    # -- what a seat may do -------------------------------------------------------------
    def place(self, seat: int, data, now: float) -> list:
        """A seat's set-up: decoded, checked by the rules, kept; the battle starts when both
        sides are in."""
        if self.phase != PLACING:
            raise ProtocolError("wrong_phase", f"no set-up is taken while the room is "
                                f"{self.phase}")
        if self.seats[seat].setup is not None:
            raise ProtocolError("wrong_phase", "your set-up is in already")
        setup = codec.setup_from_json(self.mode, self.config, data)
        codec.check_setup(self.mode, self.config, setup, seat)
        self.seats[seat].setup = codec.frozen(data)      # (kept: tuples, see codec)
        if all(s.setup is not None for s in self.seats):
            self._start(now)
        return self.broadcast(now)

    def _lot(self) -> int:
        """Who begins game number ``len(played)``: the last loser (C7), else the lot or the
        choice; the lot of each game comes from the room's seed."""
        if self.first != "lot":
            lot = int(self.first)
        else:
            lot = random.Random(self.seed * 1009 + len(self.played)).randrange(2)
        return self.series.first_player(lot)

    def _start(self, now: float) -> None:
        setups = [codec.setup_from_json(self.mode, self.config, codec.thawed(s.setup))
                  for s in self.seats]
        self.game = self.entry.start(self.config, setups, self._lot())
        self.draw_offer = None
        self._head = None
        self._turn_begins(now)

    # -- §0's move clock ------------------------------------------------------------------
    def _turn_begins(self, now: float) -> None:
        """A whole turn's time for the player to act now (each action the rules wait for has
        its own: a shot after a hit, a decision, a move and then the act after it)."""
        on = self.clock and self.phase == BATTLE
        self.left = float(self.clock) if on else None
        self.deadline = None
        self._wind(now)

    def _wind(self, now: float) -> None:
        """The clock runs only while the player to act is connected: it stops when he goes
        (keeping what he had left) and goes on when he is back (the claim rule, §0 as the room
        applies it, covers a player who stays away)."""
        if self.phase != BATTLE or not self.clock:
            self.deadline = self.left = None
            return
        here = self.seats[self.game.turn].here
        if here and self.deadline is None and self.left is not None:
            self.deadline, self.left = now + self.left, None
        elif not here and self.deadline is not None:
            self.deadline, self.left = None, max(0.0, self.deadline - now)

    def clock_left(self, now: float) -> int | None:
        """Whole seconds the player to act has left (rounded up), None with no clock on."""
        if self.deadline is not None:
            return max(0, math.ceil(self.deadline - now))
        return None if self.left is None else math.ceil(self.left)

    def lapse_due(self, now: float) -> list:
        """§0: the time of the player to act ran out: the rules' own ``Lapse`` (the turn lost,
        the game on the second in a row) applied, and both seats told."""
        if self.deadline is None or now < self.deadline or self.phase != BATTLE:
            return []
        events = self.game.apply(Lapse())
        self.draw_offer = None
        return self._after(events, now)

    def act(self, seat: int, data, moves: int, now: float) -> list:
        """A seat's action: refused unless it is that seat's to make, on the game as the seat
        last saw it (``moves``), and legal by the rules' own ``check``."""
        game = self._battle(seat)
        if moves != len(game.history):
            raise ProtocolError("stale", f"the game has {len(game.history)} moves; your action "
                                f"was made on {moves}: here is the game as it stands", "moves")
        if game.turn != seat:
            raise ProtocolError("not_your_turn", "the other player is to act", "action")
        action = codec.action_from_json(self.mode, data)
        if isinstance(action, Lapse):
            raise ProtocolError("bad_field", "a turn runs out only by the server's clock",
                                "action")
        game.check(action)              # a RuleError names why; nothing has changed
        events = game.apply(action)
        self.draw_offer = None
        return self._after(events, now)

    def _events_since(self, since: int) -> list:
        """The events of every move of this game after the first ``since``, made again by
        replaying its moves (the rules' own record holds the moves, not what each said; a seat
        coming back is rare, so the events are not kept for it)."""
        game = self.game
        data = game.to_dict()
        moves = data.pop("moves")
        data.pop("ended", None)
        replay = type(game).from_dict(data | {"moves": []})
        out = []
        for n, (_, action) in enumerate(moves):
            events = replay.apply(codec.action_from_json(self.mode, action))
            if n >= since:
                out += events
        return out

    def _battle(self, seat: int):
        if self.phase != BATTLE:
            raise ProtocolError("wrong_phase", f"there is no battle on: the room is "
                                f"{self.phase}")
        return self.game

    def _after(self, events: list, now: float) -> list:
        if self.game.over:
            self._finish()
        self._turn_begins(now)
        return self.broadcast(now, events)

    def _finish(self) -> None:
        if self.game.winner is not None and not self.series.over:
            self.series.record(self.game.winner)

    def resign(self, seat: int, now: float) -> list:
        """§0: resigning loses the game (in a series, that game)."""
        return self._after(self._battle(seat).resign(seat), now)

    def offer_draw(self, seat: int, now: float) -> list:
        """§0: two people may agree a draw in every mode; the other side answers."""
        self._battle(seat)
        self.draw_offer = seat
        return self.broadcast(now)

    def answer_draw(self, seat: int, accept: bool, now: float) -> list:
        game = self._battle(seat)
        if self.draw_offer != 1 - seat:
            raise ProtocolError("no_offer", "no draw was offered to you")
        self.draw_offer = None
        return self._after(game.agree_draw(), now) if accept else self.broadcast(now)

    def claim(self, seat: int, now: float) -> list:
        """The other player has been gone past the room's time: he is taken to resign."""
        if not self.may_claim(seat, now):
            raise ProtocolError("no_claim", f"a game may be claimed only when the other "
                                f"player has been gone {self.claim_after} s in a battle")
        self.claimed = seat
        return self._after(self.game.resign(1 - seat), now)

    def next_game(self, seat: int, now: float) -> list:
        """C7: the next game of the series: both sides set up again. Once the match is done,
        a rematch: a new series of the same length in the same room, whose first game the
        loser of the last begins (RULES §0)."""
        if self.phase not in (OVER, DONE):
            raise ProtocolError("wrong_phase", f"no next game while the room is {self.phase}")
        if self.phase == DONE:
            loser = None if self.game.winner is None else 1 - self.game.winner
            self.series = Series(self.best_of)
            self.series.last_loser = loser
            self.claimed = None
        self.played.append(self.game.to_dict())
        self.game = None
        for s in self.seats:
            s.setup = None
        return self.broadcast(now)

    def say(self, seat: int, text: str | None, phrase: str | None, now: float) -> list:
        """A line of chat or a quick phrase, heard by both seats (and kept for a while)."""
        if text is not None:
            text = clean_text(text, MAX_CHAT)
            if not text:
                raise ProtocolError("bad_field", "an empty chat line", "text")
        line = [seat, "text", text] if text is not None else [seat, "phrase", phrase]
        self.chat = (self.chat + [line])[-CHAT_KEPT:]
        message = {"type": "chat", "seat": seat, line[1]: line[2]}
        return [(p, message) for p in (0, 1) if self.seats[p] is not None] + \
            ([(WATCHERS, message)] if self.watchers else [])

    # -- what a seat is sent --------------------------------------------------------------
    def broadcast(self, now: float, events=()) -> list:
        out = [(p, self.state_for(p, now, events)) for p in (0, 1) if self.seats[p] is not None]
        return out + self.spectate(now, events)

    def _seats(self, now: float) -> list:
        """The public facts of the seats: names, presence, set-ups in, how long gone."""
        return [None if s is None else
                {"name": s.name, "here": s.here, "placed": s.setup is not None,
                 "gone": None if s.here or s.gone_at is None else round(now - s.gone_at)}
                for s in self.seats]

    def _series(self) -> dict:
        game = self.game
        return {"best_of": self.best_of, "score": list(self.series.score),
                "games": len(self.played) + (game is not None and game.over)}

    def state_for(self, seat: int, now: float, events=(), since: int | None = None) -> dict:
        """Everything ``seat`` is told of the room: never more than its own player's view, the
        events it may see, and the public facts (names, presence, score, phase). ``since``: a
        seat coming back saw the game at that many moves; it is sent the events of every move
        after (a computer player keeps its memory whole)."""
        game = self.game
        if since is not None and game is not None and since < len(game.history):
            events = self._events_since(since)
        out = {
            "type": "state", "room": self.code, "seat": seat, "phase": self.phase,
            "mode": self.mode, "config": self.config.to_dict(),
            "seats": self._seats(now), "series": self._series(),
            "claim_after": self.claim_after, "can_claim": self.may_claim(seat, now),
            "draw_offer": self.draw_offer, "claimed": self.claimed,
        }
        if self.match:                  # a queued game (issue 37)
            out["match"] = {"kind": self.match["kind"], "rated": bool(self.match.get("rated"))}
        if self.clock:                  # §0's move clock (a room without one says nothing)
            out["clock"] = self.clock
        if self.watched:                # issue 37: how many watch (once anyone has)
            out["watchers"] = len(self.watchers)
        if game is not None:
            out["moves"] = len(game.history)
            out["turn"] = game.turn
            if self.clock:
                out["clock_left"] = self.clock_left(now)
            out["view"] = self._views[seat].encode(game.view(seat), "view")
            out["events"] = [codec.encode(e)
                             for e in visibility.events_for(self.mode, list(events), seat)]
            if self.seats[seat].legal and not game.over and game.turn == seat:
                out["legal"] = tuple(codec.action_json_kept(self.mode, a)
                                     for a in game.legal_actions())
        return out

    # -- what a spectator is sent (issue 37) ----------------------------------------------
    def spectate(self, now: float, events=(), chat: bool = False) -> list:
        """What every spectator hears after a change: ``[(WATCHERS, spectate)]`` (nothing when
        nobody watches). Only the public facts: names, presence, score, phase, the clock, the
        board as BOTH players know it (the mode's ``public_view``) and the events with every
        side's secrets emptied. ``chat``: the lines kept, for one who just came."""
        if not self.watchers:
            return []
        game = self.game
        out = {"type": "spectate", "room": self.code, "phase": self.phase, "mode": self.mode,
               "config": self.config.to_dict(),
               "seats": self._seats(now), "series": self._series(),
               "watchers": len(self.watchers)}
        if self.clock:
            out["clock"] = self.clock
        if game is not None:
            out["moves"] = len(game.history)
            out["turn"] = game.turn
            if self.clock:
                out["clock_left"] = self.clock_left(now)
            out["board"] = self._board.encode(visibility.public_view(self.mode, game), "board")
            out["events"] = [codec.encode(e)
                             for e in visibility.spectator_events(self.mode, list(events))]
        if chat:
            out["chat"] = self.chat
        return [(WATCHERS, out)]

    def unwatched(self) -> None:
        """Nobody watches now: the board's memo is let go."""
        self._board.forget()

    # -- kept in the store --------------------------------------------------------------
    def moves(self, start: int = 0) -> list:
        """The moves of the game from ``start`` on, as the rules write them: the store appends
        each move, so a long game costs the same to keep at its last move as at its first."""
        if self.game is None:
            return []
        return [[p, codec.action_to_json(self.mode, a)]
                for p, a, _ in self.game.history[start:]]

    def _game_dict(self) -> dict | None:
        """The game as its rules write it, without its moves (kept apart, ``moves``)."""
        if self.game is None:
            return None
        if self._head is None:
            self._head = codec.frozen({k: v for k, v in self.game.to_dict().items()
                                       if k not in ("moves", "ended")})
        return self._head | self.game.concession_dict()

    def to_dict(self) -> dict:
        """The room but its game's moves (``moves``): ``from_dict(to_dict(), now, moves())``
        rebuilds it."""
        more = {"clock": self.clock} if self.clock else {}     # (none: as stored before it)
        if self.match:                                         # (a room of a friend: none)
            more["match"] = self.match
        return {"format": FORMAT, "code": self.code, "mode": self.mode,
                "config": self.config.to_dict(), "best_of": self.best_of, "first": self.first,
                "claim_after": self.claim_after, "seed": self.seed,
                "seats": [None if s is None else s.to_dict() for s in self.seats],
                "game": self._game_dict(),
                "played": self.played, "score": list(self.series.score),
                "last_loser": self.series.last_loser, "draw_offer": self.draw_offer,
                "chat": self.chat, "claimed": self.claimed} | more

    def to_text(self) -> str:
        """``to_dict`` as the store keeps it: the text ``json.dumps`` writes (compact, not
        ASCII-only), made quickly. Its two big parts, the seats (with their set-ups) and the game
        (its set-ups, without its moves), are the same after almost every message; each is
        written again only when it is no longer equal to the one last written."""
        pieces, run = [], {}          # "key":value texts, in to_dict's order
        for key, value in self.to_dict().items():
            if key not in ("seats", "game"):
                run[key] = value
                continue
            if run:
                pieces.append(_dumps(run)[1:-1])
                run = {}
            kept = self._texts.get(key)
            if kept is None or kept[0] != value:
                kept = self._texts[key] = (value, _dumps(value))
            pieces.append(f"{_dumps(key)}:{kept[1]}")
        if run:
            pieces.append(_dumps(run)[1:-1])
        return "{" + ",".join(pieces) + "}"

    @classmethod
    def from_dict(cls, data: dict, now: float, moves: list = ()) -> "Room":
        """A stored room as it was (the game replayed from its moves by the rules, so a stored
        state cannot be inconsistent); every seat counts as gone since ``now``. Raises
        ``ProtocolError`` naming what is wrong with a broken one."""
        try:
            if data.get("format") != FORMAT:
                raise ProtocolError("bad_room", f"format {data.get('format')!r}, not {FORMAT}")
            entry = MODES[data["mode"]]
            room = cls(str(data["code"]), data["mode"], entry.rules.config_from_dict(data["config"]),
                       int(data["best_of"]), str(data["first"]), int(data["claim_after"]),
                       int(data["seed"]))
            room.seats = [None if s is None else
                          SeatState(str(s["name"]), str(s["digest"]), bool(s["legal"]),
                                    codec.frozen(s["setup"]), False, now,
                                    str(s.get("address", ""))[:64])
                          for s in data["seats"]]
            if data["game"] is not None:
                room.game = entry.game_class.from_dict(data["game"] | {"moves": list(moves)})
            room.played = list(data["played"])
            room.series.score = [int(x) for x in data["score"]]
            room.series.last_loser = data["last_loser"]
            room.draw_offer = data["draw_offer"]
            room.chat = list(data["chat"])[-CHAT_KEPT:]
            room.claimed = data["claimed"]
            room.clock = int(data.get("clock", 0))      # (a room stored before the clock: off)
            room.match = data.get("match")              # (a friend's room, an old one: None)
            m = room.match
            if m is not None and not (isinstance(m, dict) and isinstance(m.get("kind"), str)
                                      and len(m.get("ids", ())) == 2):
                raise ValueError("its match is not a match")
            room._turn_begins(now)     # a restart: a whole turn, once the player is back
        except ProtocolError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, RuleError) as exc:
            raise ProtocolError("bad_room", f"{type(exc).__name__}: {exc}"[:200]) from None
        return room
