"""What each player may be sent (issue 23, issue 34): the events of an action a player may see,
and a check that a message sent to a player holds nothing his own view does not. Pure: no
pygame, no network, and no mode's name: every mode's part is its rules package's own, reached
through ``game.rules.modes``.

``events_for(mode, events, player)``: the rules' own ``Game.events_for`` (every event the rules
return, the other side's secrets emptied: each game names its ``SECRETS``), less any event of a
class the mode's table of fields does not classify.

``leaks(mode, game, player, message)`` is the check the tests and the network bench run on every
message: the view must be the player's own, and every fact an event or a legal action states
about the OTHER side must be held in ``game.view(player)`` or be his own side's. Each field of
each event class is classified per mode (the mode's ``told.FIELDS``: PUBLIC, or the name of a
check in its ``told.CHECKS``); a class or field missing there is itself a leak ("unclassified
field X.y"), so a new field cannot slip through unexamined. What the view forgets but the
player was shown, the mode's ``told.memory`` adds; its legal actions, ``told.legal`` checks.
"""

from __future__ import annotations

from dataclasses import fields

from ..rules.base import PUBLIC
from ..rules.modes import MODES
from .codec import CodecError, action_from_json, decode

# PUBLIC: anyone may know it (who acted, an answer's word, a decision's kind, how a game
# ended, an act anyone sees made). Every other kind names a fact checked by the mode's CHECKS.

_SHARED = {
    "TurnChanged": {"player": PUBLIC, "again": PUBLIC},
    "GameOver": {"winner": PUBLIC, "reason": PUBLIC},
    "TurnLapsed": {"player": PUBLIC, "count": PUBLIC},     # §0: whose time ran out, how often
}

FIELDS: dict[str, dict[str, dict[str, str]]] = {
    mode: _SHARED | entry.told.FIELDS for mode, entry in MODES.items()}

# the event classes of each mode, by name (what a decoded event must be one of)
_CLASSES = {mode: {c.__name__: c for c in entry.game.EVENTS} for mode, entry in MODES.items()}


def events_for(mode: str, events: list, player: int) -> list:
    """The events of one action (or several) that ``player`` may be sent: the rules' own
    (``Game.events_for``, the other side's secrets emptied); an event of a class ``FIELDS``
    does not classify for ``mode`` is left out rather than sent unexamined."""
    table = FIELDS[mode]
    return [e for e in MODES[mode].game.events_for(player, events) if type(e).__name__ in table]


# --- the check -----------------------------------------------------------------------------

class _Seen:
    """What ``player`` holds, from his view (and, where the view forgets what he was shown, from
    the rules' own record of what was shown to him: the mode's ``told.memory``). The mode's
    checks read it: ``me``, ``other``, ``view``, ``game``, ``mark(cell)``, ``marked(...)`` and
    ``check(event, name)`` for an event inside another."""

    def __init__(self, mode: str, game, player: int):
        self.mode, self.game, self.me, self.other = mode, game, player, 1 - player
        self.told = MODES[mode].told
        self.view = game.view(player)
        self.told.memory(self, game, player)

    def mark(self, cell):
        return self.view.target.get(cell)

    def marked(self, cells, allowed, what: str, name: str) -> list:
        """A line for each of ``cells`` an event says is ``what`` while the receiver's target
        field has no mark there among ``allowed``."""
        out = []
        for c in cells:
            mark = self.mark(c)
            if mark not in allowed:
                out.append(f"event {name} says {c} is {what}, but the view has "
                           f"{'nothing there' if mark is None else mark!r}")
        return out

    def check(self, e, name: str) -> list:
        """The facts one decoded event states that the receiver does not hold, one line each."""
        table = FIELDS[self.mode].get(type(e).__name__)
        if table is None or _CLASSES[self.mode].get(type(e).__name__) is not type(e):
            return [f"unclassified event {type(e).__name__} in {name}"]
        out = [f"unclassified field {type(e).__name__}.{f.name}" for f in fields(e)
               if f.name not in table]
        done = set()
        for fname, kind in table.items():
            check = self.told.CHECKS.get(kind) if kind != PUBLIC else None
            if check is None or check in done:
                if kind != PUBLIC and check is None:
                    out.append(f"field {type(e).__name__}.{fname} has no check {kind!r}")
                continue
            done.add(check)          # a cell and its answer: one check of both
            out += check(self, e, name)
        return out


def _raw_fields(data, name: str, mode: str) -> list:
    """An event's class and fields as sent, before decoding: any the table does not classify."""
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        return []
    table = FIELDS[mode].get(data["t"])
    if table is None:
        return [f"unclassified event {data['t'][:40]} in {name}"]
    given = data.get("f")
    return [f"unclassified field {data['t']}.{str(f)[:40]}" for f in
            (given if isinstance(given, dict) else ()) if f not in table]


def _view_diff(got, want) -> list:
    if type(got) is not type(want):
        return [f"view is a {type(got).__name__}, not the receiver's {type(want).__name__}"]
    return [f"view.{f.name} is not the receiver's own" for f in fields(want)
            if getattr(got, f.name) != getattr(want, f.name)]


def leaks(mode: str, game, player: int, message: dict) -> list[str]:
    """Every thing in ``message`` (sent to ``player`` while ``game`` stands, after the action
    that made it) that ``game.view(player)`` does not hold: one line each, empty when clean.
    Looks at ``"view"`` (must be his view exactly), ``"events"`` (every field classified and
    every fact about the other side known to him) and ``"legal"`` (his own actions only);
    other keys of a message (room, seats, series...) are the server's own and not looked at."""
    if not isinstance(message, dict):
        return ["the message is not an object"]
    seen = _Seen(mode, game, player)
    out: list[str] = []
    if "view" in message:
        try:
            out += _view_diff(decode(message["view"], "view"), seen.view)
        except CodecError as exc:
            out.append(f"view does not decode: {exc}")
    events = message.get("events", [])
    if not isinstance(events, list):
        out.append("events is not a list")
        events = []
    for i, data in enumerate(events):
        name = f"events[{i}]"
        raw = _raw_fields(data, name, mode)
        if raw:
            out += raw
            continue
        try:
            e = decode(data, name)
        except CodecError as exc:
            out.append(f"event does not decode: {exc}")
            continue
        out += seen.check(e, f"{type(e).__name__} ({name})")
    legal = message.get("legal", [])
    if not isinstance(legal, list):
        out.append("legal is not a list")
        legal = []
    for i, data in enumerate(legal):
        try:
            a = action_from_json(mode, data, f"legal[{i}]")
        except CodecError as exc:
            out.append(f"legal action does not decode: {exc}")
            continue
        out += seen.told.legal(seen, a, f"{type(a).__name__} (legal[{i}])")
    return out


# --- a spectator (issue 37) ------------------------------------------------------------------

def public_view(mode: str, game):
    """What both players of ``game`` know (the mode's own ``told.public_view``): the board a
    spectator is sent."""
    return MODES[mode].told.public_view(game)


def spectator_events(mode: str, events: list) -> list:
    """The events a spectator may be sent: the rules' own ``events_for`` for nobody's seat (every
    side's secrets emptied), less any event of a class the mode does not classify."""
    return events_for(mode, events, -1)


def spectator_leaks(mode: str, game, message: dict) -> list[str]:
    """Everything in ``message`` (a ``spectate`` sent while ``game`` stands, after the action
    that made it) that not BOTH players know: one line each, empty when clean. The events are
    checked against each player's view (``leaks`` for seat 0 and for seat 1: a fact about one
    side that only that side's owner knows is a leak for the other); no field a mode's
    ``SECRETS`` names may be filled; the board must be ``public_view(game)`` exactly; and a
    player's own view or legal actions have no place in it."""
    if not isinstance(message, dict):
        return ["the message is not an object"]
    out = [f"a spectator is sent {key!r}" for key in ("view", "legal") if key in message]
    events = {"events": message.get("events", [])}
    for p in (0, 1):
        out += [f"(seat {p}) {line}" for line in leaks(mode, game, p, events)]
    secrets = {cls.__name__: names for cls, (_, names) in MODES[mode].game.SECRETS.items()}
    for i, data in enumerate(events["events"] if isinstance(events["events"], list) else ()):
        try:
            e = decode(data, f"events[{i}]")
        except CodecError:
            continue                          # said above by leaks
        out += [f"events[{i}] {type(e).__name__}.{name} holds a player's secret"
                for name in secrets.get(type(e).__name__, ()) if getattr(e, name, None)]
    if "board" in message:
        want = public_view(mode, game)
        try:
            got = decode(message["board"], "board")
        except CodecError as exc:
            out.append(f"board does not decode: {exc}")
        else:
            if type(got) is not type(want):
                out.append(f"board is a {type(got).__name__}, not {type(want).__name__}")
            else:
                out += [f"board.{f.name} is not what both players know" for f in fields(want)
                        if getattr(got, f.name) != getattr(want, f.name)]
    elif message.get("type") == "spectate" and getattr(game, "history", None) is not None \
            and message.get("phase") in ("battle", "over", "done"):
        out.append("a spectate of a game holds no board")
    return list(dict.fromkeys(out))
