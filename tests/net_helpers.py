"""What the network tests share: a server driven without sockets (``Server.receive``) on a clock
the test moves, and two computer-set-up seats in a room of any mode (issue 23)."""

from __future__ import annotations

import json

from game.match import COMPUTER, Match, Seat
from game.net import codec
from game.net.protocol import VERSION
from game.net.server import Conn, Server


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Desk:
    """A server and its clock; ``say(conn, message)`` sends one message a tenth of a second
    after the last (well under the rate limit) and returns the replies as
    [(conn, message)]."""

    def __init__(self, folder, seed: int = 1, limits=None):
        self.folder, self.limits = folder, limits
        self.clock = Clock()
        self.server = Server(folder, clock=self.clock, seed=seed, limits=limits)

    def say(self, conn: Conn, message, step: float = 0.1) -> list:
        self.clock.now += step
        text = message if isinstance(message, (str, bytes)) else json.dumps(message)
        out = self.server.receive(conn, text)
        for room in self.server.rooms.values():      # what the store keeps, made quickly
            assert room.to_text() == json.dumps(room.to_dict(), ensure_ascii=False,
                                                separators=(",", ":"))
        return out

    def reply(self, conn: Conn, message, step: float = 0.1) -> dict:
        """The reply ``conn`` itself gets (its first message back)."""
        return next(m for c, m in self.say(conn, message, step) if c is conn)

    def hello(self, legal: bool = False, address: str = "", player: str | None = None,
              name: str = "") -> Conn:
        """A connection that said hello (with ``player``: a key, protocol 2's identity)."""
        conn = Conn(None, address)
        hello = {"type": "hello", "version": VERSION, "game": "sea-battle", "legal": legal}
        if player is not None:
            hello |= {"player": player, "name": name}
        assert self.reply(conn, hello)["type"] == "welcome"
        return conn

    def restart(self) -> None:
        """The server killed and started again on the same folder (the connections are gone)."""
        self.server.close()
        self.server = Server(self.folder, clock=self.clock, seed=99, limits=self.limits)


def seated_room(desk: Desk, config, first: str = "lot", best_of: int = 1, seed: int = 7,
                claim_after: int = 60):
    """Two seats in a new room of ``config``, both set up as the computer sets up (so the battle
    is on): (room, [conn A, conn B], [secret A, secret B])."""
    entry_key = Match(config, (Seat(COMPUTER, "A"), Seat(COMPUTER, "B"))).mode
    a, b = desk.hello(), desk.hello()
    joined = desk.reply(a, {"type": "create", "mode": entry_key, "config": config.to_dict(),
                            "name": "Anna", "first": first, "best_of": best_of,
                            "claim_after": claim_after})
    code = joined["room"]
    joined_b = desk.reply(b, {"type": "join", "room": code, "name": "Boris"})
    place(desk, code, (a, b), seed)
    return desk.server.rooms[code], [a, b], [joined["secret"], joined_b["secret"]]


def place(desk: Desk, code: str, conns, seed: int) -> None:
    """Both seats send the set-ups a match of ``seed`` deals its computers."""
    room = desk.server.rooms[code]
    match = Match(room.config, (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")),
                  seed=seed)
    for conn, setup in zip(conns, match.computer_setups()):
        reply = desk.reply(conn, {"type": "setup",
                                  "setup": codec.setup_to_json(room.mode, setup)})
        assert reply["type"] == "state", reply


def snapshot(room) -> str:
    """Everything a room is, to see that a refused message changed nothing."""
    return json.dumps([room.to_dict(), room.moves()], sort_keys=True)


def on_clock(monkeypatch, clock) -> None:
    """Every server made from now on in this test (the game's hosted one too) reads ``clock``."""
    defaults = list(Server.__init__.__defaults__)
    defaults[0] = clock
    monkeypatch.setattr(Server.__init__, "__defaults__", tuple(defaults))
