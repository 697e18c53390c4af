"""Where players meet on the server (issue 37): a hello's player, the lobby's messages, a room
made from the lobby's ticket, what a matched room tells the lobby, and spectators. A part of
``Server`` (``server.py``), which it mixes in: it reads the server's rooms, guard, limits,
lobby, reports and ticket key, and answers as every handler there does (a list of (connection,
message), or a ``ProtocolError`` having changed nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..modes import MODES
from ..rules.jsonform import clean_text
from . import cluster, identity, tickets
from .protocol import CLAIM_DEFAULT, MAX_NAME, ProtocolError
from .room import Room

if TYPE_CHECKING:
    from .server import Conn

ENDED = {"left": "its player left", "over": "the match is over and both players left",
         "waited": "nobody joined it in time", "idle": "nobody was seated in it for long",
         "no_show": "the other player of the match did not come"}


def ended(code: str, why: str) -> dict:
    """What a seat or a spectator of room ``code`` hears when it ends."""
    return {"type": "error", "code": "room_ended",
            "message": f"room {code} has ended ({ENDED[why]})"}


class Meeting:
    """The server's handlers of issue 37 (mixed into ``Server``)."""

    def _identified(self, conn: Conn, msg: dict, now: float) -> tuple[dict, list]:
        """A hello with a player's key: the connection plays as his id (the key is kept
        nowhere); welcome says his tag and whether the lobby knew him. (A connection that
        was another player leaves that one's place in the queue.)"""
        player = identity.player_id(msg["player"])
        out = [] if conn.player in (None, player) or self.lobby is None \
            else self.lobby.dropped(conn, conn.player, now)
        conn.player = player
        conn.name = clean_text(msg.get("name") or "", MAX_NAME)
        # (a room process has no lobby to ask: a player with a ticket came through it)
        known = True if self.lobby is None else self.lobby.hello(conn.player, conn.name, now)
        return {"tag": identity.tag(conn.player), "known": known}, out

    def _lobby(self, conn: Conn, msg: dict, now: float) -> list:
        kind = msg["type"]
        lobby = self.lobby
        if kind == "leaderboard":
            return [(conn, lobby.leaderboard(msg["kind"], conn.player))]
        if kind == "games":
            return [(conn, lobby.games())]
        if kind == "report":
            raise ProtocolError("not_here", "this server's rooms report to its own lobby")
        if conn.player is None:
            raise ProtocolError("no_identity", "the lobby needs a hello with your player's key")
        if kind == "queue":
            return lobby.queue(conn, conn.player, conn.name, conn.address, msg["kind"],
                               msg.get("listed", True), now)
        if kind == "unqueue":
            return lobby.unqueue(conn.player, now, conn)
        if kind == "accept":
            return lobby.accept(conn.player, msg["match"], now)
        return [(conn, lobby.ratings(conn.player))]

    def _join_match(self, conn: Conn, msg: dict, now: float) -> list:
        """A player the lobby paired comes to his room with its ticket: the room is made from
        the ticket if it is not there yet, and he takes his seat (the ticket's seat only)."""
        if conn.player is None:
            raise ProtocolError("no_identity", "a ticket is taken only with your player's key")
        try:
            data = tickets.read(self.ticket_key, msg["ticket"], now)
            ids = [p["id"] for p in data["players"]]
            if conn.player not in ids:
                raise ProtocolError("not_your_ticket", "this ticket is another player's",
                                    "ticket")
            code = data["room"]
            room = self.rooms.get(code)
            if room is None and code in self.matches_ended:
                raise ProtocolError("room_ended", f"room {code} has ended", "ticket")
            if room is not None and (room.match or {}).get("match") != data["match"]:
                raise ProtocolError("bad_ticket", "this ticket is not this room's", "ticket")
        except ProtocolError:
            self.guard.failed_join(conn.address, now)
            raise
        except (KeyError, TypeError, ValueError, AttributeError):
            self.guard.failed_join(conn.address, now)
            raise ProtocolError("bad_ticket", "not a ticket of this server", "ticket") from None
        cluster.check_ticket_room(self.role, conn.version, conn.path, code)
        self.guard.may_join(conn.address, now, code)
        if room is None:
            room = self._match_room(data, now)
        seat = ids.index(conn.player)
        secret = room.sit_matched(seat, conn.name or data["players"][seat].get("name", ""),
                                  conn.legal, conn.address)
        out = self._seated(conn, room, seat, secret, now)
        self._report(room)
        return out

    def _match_room(self, data: dict, now: float) -> Room:
        """The room of a ticket, as the lobby set it out."""
        if len(self.rooms) >= self.limits.max_rooms:
            raise ProtocolError("server_full", f"this server holds {self.limits.max_rooms} "
                                "rooms; try later")
        entry = MODES[data["mode"]]
        room = Room(data["room"], entry.key, entry.rules.config_from_dict(data["config"]),
                    int(data["best_of"]), "lot", CLAIM_DEFAULT, self._seed(), opened=now)
        room.clock = int(data["clock"])
        room.match = {"match": data["match"], "kind": data["kind"], "rated": bool(data["rated"]),
                      "ids": [p["id"] for p in data["players"]], "reported": None,
                      "listed": bool(data.get("listed", True))}
        self.rooms[room.code] = room
        return room

    def _report(self, room: Room) -> None:
        """A matched room's news for the lobby: a rated game's result once, how it stands."""
        if not room.match:
            return
        result = room.result()
        if result is not None:
            self.reports.result(result)
            room.match["reported"] = result["id"]
        self.reports.status(room.code, room.status())

    def _watch(self, conn: Conn, msg: dict, now: float) -> list:
        """A spectator comes (issue 37): counted like a join (watching is no way to guess
        codes), at most ``watchers_per_room``; it hears the room at once (with its chat), and
        the seats hear how many watch."""
        self.guard.may_join(conn.address, now, msg["room"], rejoin=True)   # (holds no seat)
        room = self._found(conn, msg["room"], now)
        if len(room.watchers) >= self.limits.watchers_per_room:
            raise ProtocolError("watch_full", f"room {room.code} has "
                                f"{self.limits.watchers_per_room} spectators already", "room")
        conn.watching = room.code
        room.watchers.add(conn)
        room.watched = True
        self._report(room)                 # (a listed game says how many watch it)
        return [(c, m | {"chat": room.chat} if c is conn and m["type"] == "spectate" else m)
                for c, m in self._route(room, room.broadcast(now))]

    def _spectator_says(self, conn: Conn, kind: str) -> list:
        """A spectator can do nothing: it may ping (answered before this) and leave."""
        if kind != "leave":
            raise ProtocolError("spectator", "a spectator can do nothing: only ping and leave")
        code = conn.watching
        return [(conn, {"type": "left", "room": code})] + self._unwatch(conn)

    def _unwatch(self, conn: Conn) -> list:
        """A spectator left or dropped: forgotten, and the seats hear how many watch now."""
        code, conn.watching = conn.watching, None
        room = self.rooms.get(code)
        if room is None or conn not in room.watchers:
            return []
        room.watchers.discard(conn)
        if not room.watchers:
            room.unwatched()
        self._report(room)
        return self._route(room, room.broadcast(self.clock()))

    def _watchers_ended(self, room: Room, code: str, why: str) -> list:
        """Room ``code`` ended: its spectators hear so and watch nothing."""
        out = []
        for conn in room.watchers:
            conn.watching = None
            out.append((conn, ended(code, why)))
        room.watchers.clear()
        return out
