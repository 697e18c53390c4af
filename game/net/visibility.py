"""What each player may be sent (issue 23): the events of an action a player may see, and a check
that a message sent to a player holds nothing his own view does not. Pure: no pygame, no network.

``events_for(mode, events, player)``: every event the rules return, except the other side's
secret, redacted. Reading the rules, the secrets that events carry are two:

- Naval's ``InterceptNeeded.options`` lists the incoming cells within reach of the DEFENDER's
  anti-air mount, so it shows where the mount stands: only the defender gets them; the attacker
  is told only that the defender now decides (the event with no options; his view's ``turn``
  says as much).
- «Кораблики»'s ``AnswerNeeded.options`` are the blocks of ships the answerer could name (his
  ranks side by side): only the answerer gets them; the asker gets the event without them.

Every other field of every event is public or about the receiver's own side (the table ``FIELDS``
says which, field by field); an event of a class the table does not know is not sent at all.

``leaks(mode, game, player, message)`` is the check the tests and the network bench run on every
message: the view must be the player's own, and every fact an event or a legal action states
about the OTHER side (a ship or weapon cell, a shot's answer, a piece's rank, an answer's block,
the anti-air's reach) must be held in ``game.view(player)`` — marks on his target field, the
ships he has sunk, ranks turned up, public positions — or be his own side's. Each field of each
event class is classified in ``FIELDS`` per mode; a class or field missing there is itself a
leak ("unclassified field X.y"), so a new field cannot slip through unexamined.
"""

from __future__ import annotations

from dataclasses import fields, replace

from ..rules import base, classic, korabliki, naval
from ..rules.fleet import as_ship
from .codec import CodecError, action_from_json, decode

# --- which field of which event is what ----------------------------------------------------
# PUBLIC: anyone may know it (who acted, an answer's word, a decision's kind, how a game
# ended, an act anyone sees made). Every other kind names a fact checked by ``_CHECKS``.
PUBLIC = "public"

_SHARED = {
    "TurnChanged": {"player": PUBLIC, "again": PUBLIC},
    "GameOver": {"winner": PUBLIC, "reason": PUBLIC},
}

FIELDS: dict[str, dict[str, dict[str, str]]] = {
    "classic": _SHARED | {
        # the shot cell with its answer lies on the field of the shooter's enemy
        "ShotResult": {"shooter": PUBLIC, "cell": "shot", "outcome": "shot", "ship": "sunk_ship",
                       "ship_name": "ship_name", "halo": "halo"},
        "SalvoResult": {"shooter": PUBLIC, "results": "shots"},
        "CellGiven": {"player": PUBLIC, "cell": "given_cell", "outcome": PUBLIC},
        "MineGiven": {"player": PUBLIC, "cell": "told_mine", "outcome": PUBLIC},
        "Relocated": {"player": PUBLIC, "moved": PUBLIC},     # §D: where it went is not said
        "DecisionNeeded": {"player": PUBLIC, "kind": PUBLIC},
        "TurnSkipped": {"player": PUBLIC},
    },
    "naval": _SHARED | {
        # the volley's targets lie on the defender's field; what was fired, the defender sees
        # arrive (VolleyFired is the cue of his interception)
        "VolleyFired": {"player": PUBLIC, "volley": PUBLIC},
        "InterceptNeeded": {"player": PUBLIC, "options": "aa_reach"},
        "VolleyResult": {"player": PUBLIC, "volley": PUBLIC, "downed": "downed",
                         "hits": "hit_cells", "misses": "water_cells",
                         "torpedo_path": "water_cells", "torpedo_hit": "hit_cell",
                         "sunk": "sunk_ships", "halo": "naval_halo"},
    },
    "korabliki": _SHARED | {
        # every move, removal and blast is seen by both (§K); ranks are the secret
        "Moved": {"player": PUBLIC, "piece": PUBLIC, "frm": PUBLIC, "to": PUBLIC,
                  "via": PUBLIC},
        "AnswerNeeded": {"player": PUBLIC, "target": PUBLIC, "options": "answer_blocks"},
        "Asked": {"player": PUBLIC, "ship": PUBLIC, "target": PUBLIC, "rank": "asked_rank",
                  "answered": "answered", "outcome": PUBLIC, "removed": PUBLIC},
        # the striking piece is a torpedo by the act itself, seen by both
        "Struck": {"player": PUBLIC, "torpedo": PUBLIC, "target": PUBLIC,
                   "rank": "struck_rank", "outcome": PUBLIC, "removed": PUBLIC},
        "Blast": {"owner": PUBLIC, "centre": PUBLIC, "zone": PUBLIC, "revealed": "turned_up",
                  "chained": PUBLIC, "chain_zone": PUBLIC},
    },
}

_GAMES = {"classic": classic.ClassicGame, "naval": naval.NavalGame,
          "korabliki": korabliki.KorablikiGame}
# the event classes of each mode, by name (what a decoded event must be one of)
_CLASSES = {mode: {c.__name__: c for c in game.EVENTS} for mode, game in _GAMES.items()}


def events_for(mode: str, events: list, player: int) -> list:
    """The events of one action (or several) that ``player`` may be sent: the rules' own
    (``Game.events_for``, the other side's secrets emptied); an event of a class ``FIELDS``
    does not classify for ``mode`` is left out rather than sent unexamined."""
    table = FIELDS[mode]
    return [e for e in _GAMES[mode].events_for(player, events) if type(e).__name__ in table]


# --- the check -----------------------------------------------------------------------------

class _Seen:
    """What ``player`` holds, from his view (and, where the view forgets what he was shown —
    pieces turned up then removed, shells shot down before his last volley — from the rules'
    own record of what was shown to him)."""

    def __init__(self, mode: str, game, player: int):
        self.mode, self.game, self.me, self.other = mode, game, player, 1 - player
        self.view = game.view(player)
        _MEMORY[mode](self, game, player)

    def mark(self, cell):
        return self.view.target.get(cell)


def _kor_memory(seen: _Seen, game, player: int) -> None:
    # the enemy pieces whose rank he knows, by id: turned up on the board (his view), turned up
    # and then removed (§K: Piece.revealed, "the enemy knows its rank"; the view lists only the
    # pieces still on the board), or all of them once the game is over
    known = {p.id: p.rank for p in seen.view.enemy if p.rank is not None}
    known |= {p.id: p.rank for p in game.lost[seen.other] if p.revealed}
    seen.known_ids = known
    seen.ranks = {(p.cell, p.rank) for p in seen.view.enemy if p.rank is not None}
    seen.ranks |= {(p.cell, p.rank) for p in game.lost[seen.other] if p.revealed}
    if seen.view.enemy_fleet is not None:
        seen.ranks |= {(c, r) for c, r in seen.view.enemy_fleet}
    seen.paths = None


def _kor_paths(seen: _Seen) -> dict:
    """Every cell each piece has stood on (its set-up cell, then every move, all public), by
    id: an event of an earlier action names a piece where it stood then."""
    if seen.paths is None:
        game = seen.game
        paths: dict = {}
        n = 0
        for setup in game.setups:              # the ids as the game gave them
            for cell in setup:
                paths[n] = {cell}
                n += 1
        for _, _, events in game.history:
            for e in events or ():
                if isinstance(e, korabliki.Moved):
                    paths.setdefault(e.piece, set()).add(e.to)
        seen.paths = paths
    return seen.paths


def _naval_memory(seen: _Seen, game, player: int) -> None:
    # the view keeps only the last volley's shells shot down; his earlier volleys' answers
    # told him the others
    seen.downed = set(seen.view.downed) | {
        c for _, _, r in game.history
        if isinstance(r, naval.VolleyResult) and r.player == player for c in r.downed}


_MEMORY = {"classic": lambda seen, game, player: None, "naval": _naval_memory,
           "korabliki": _kor_memory}


def _cells_marked(seen: _Seen, cells, allowed, what: str, name: str) -> list:
    out = []
    for c in cells:
        mark = seen.mark(c)
        if mark not in allowed:
            out.append(f"event {name} says {c} is {what}, but the view has "
                       f"{'nothing there' if mark is None else mark!r}")
    return out


# Classic ----------------------------------------------------------------------------------

_CLASSIC_MARKS = {classic.MISS: (classic.MISS, classic.EMPTY),
                  classic.HIT: (classic.HIT, classic.SUNK, classic.WRECK),
                  classic.SUNK: (classic.SUNK,), classic.MINE: (classic.MINE,),
                  classic.SWEEPER: (classic.SWEEPER,)}


def _classic_shot(seen: _Seen, e, name: str) -> list:
    if e.shooter != seen.me:      # a shot on my own field
        return []
    if e.outcome not in _CLASSIC_MARKS:
        return [f"event {name} gives an unknown answer {e.outcome!r} at {e.cell}"]
    if e.outcome == classic.MISS and seen.view.config.relocate and (
            e.cell in seen.view.faded or e.cell in seen.view.target):
        return []       # §D: the miss has faded since, or the Dutchman has moved there since
    return _cells_marked(seen, [e.cell], _CLASSIC_MARKS[e.outcome], e.outcome, name)


def _classic_sunk(seen: _Seen, e, name: str) -> list:
    if e.shooter != seen.me or not e.ship:
        return []
    if as_ship(e.ship) not in {as_ship(s) for s in seen.view.enemy_sunk}:
        return [f"event {name} names the ship {tuple(e.ship)}, not one the view has sunk"]
    return []


def _classic_name(seen: _Seen, e, name: str) -> list:
    if e.shooter != seen.me or not e.ship_name:
        return []
    config = seen.view.config
    if not config.announce:
        return [f"event {name} names the ship {e.ship_name!r}; this game announces no types"]
    if not any(s.name == e.ship_name and s.size == len(e.ship) for s in config.fleet):
        return [f"event {name} names a ship {e.ship_name!r} of {len(e.ship)} decks the fleet "
                "has not"]
    return []


def _classic_halo(seen: _Seen, e, name: str) -> list:
    if e.shooter != seen.me:
        return []
    return _cells_marked(seen, e.halo, classic.NO_SHIP, "empty", name)


def _classic_shots(seen: _Seen, e, name: str) -> list:
    out = []
    for i, r in enumerate(e.results):
        if not isinstance(r, classic.ShotResult):
            out.append(f"event {name}.results[{i}] is a {type(r).__name__}")
            continue
        out += _check_event(seen, r, f"{name}.results[{i}]")
    return out


def _classic_given(seen: _Seen, e, name: str) -> list:
    if e.player == seen.me:           # a cell of my own fleet I gave
        return []
    if e.cell in seen.view.given or seen.mark(e.cell) in (classic.HIT, classic.SUNK,
                                                          classic.WRECK):
        return []
    return [f"event {name} names {e.cell} a cell of the enemy fleet, not given in the view"]


def _classic_told(seen: _Seen, e, name: str) -> list:
    if e.player == seen.me or e.cell is None:
        return []
    return _cells_marked(seen, [e.cell], (classic.KNOWN_MINE, classic.MINE), "a mine", name)


# Naval ------------------------------------------------------------------------------------

def _naval_reach(seen: _Seen, e, name: str) -> list:
    if e.player == seen.me or not e.options:
        return []
    return [f"event {name} shows the reach of the enemy's anti-air mount: {tuple(e.options)}"]


def _attacker(check):
    """Naval's answers are about the defender's field: checked when I am the attacker."""
    def run(seen: _Seen, e, name: str) -> list:
        return check(seen, e, name) if e.player == seen.me else []
    return run


_HIT = (naval.HIT, naval.SUNK)
_WATER = (naval.MISS, naval.EMPTY)


@_attacker
def _naval_downed(seen, e, name):
    return [f"event {name} says {c} was shot down; the view does not" for c in e.downed
            if c not in seen.downed]


@_attacker
def _naval_hits(seen, e, name):
    return _cells_marked(seen, e.hits, _HIT, "hit", name)


@_attacker
def _naval_water(seen, e, name):
    return _cells_marked(seen, tuple(e.misses) + tuple(e.torpedo_path), _WATER, "water", name)


@_attacker
def _naval_hit(seen, e, name):
    return [] if e.torpedo_hit is None else \
        _cells_marked(seen, [e.torpedo_hit], _HIT, "hit by the torpedo", name)


@_attacker
def _naval_sunk(seen, e, name):
    sunk = {(k, as_ship(s)) for k, s in seen.view.enemy_sunk}
    return [f"event {name} names the {k} on {tuple(s)}, not a ship the view has sunk"
            for k, s in e.sunk if (k, as_ship(s)) not in sunk]


@_attacker
def _naval_empty(seen, e, name):
    return _cells_marked(seen, e.halo, (naval.EMPTY,), "empty", name)


# «Кораблики» ------------------------------------------------------------------------------

def _kor_blocks(seen: _Seen, e, name: str) -> list:
    if e.player == seen.me or not e.options:
        return []
    return [f"event {name} shows the answerer's blocks of ships: {tuple(e.options)}"]


def _kor_known(seen: _Seen, cell, rank, name: str) -> list:
    if (cell, rank) in seen.ranks:
        return []
    paths = _kor_paths(seen)      # a piece he knows, named where it stood before it moved
    if any(r == rank and cell in paths.get(i, ()) for i, r in seen.known_ids.items()):
        return []
    return [f"event {name} names the enemy piece on {cell} a {rank}; the view does not know it"]


def _kor_asked(seen: _Seen, e, name: str) -> list:
    return [] if e.player != seen.me else _kor_known(seen, e.target, e.rank, name)


def _kor_answered(seen: _Seen, e, name: str) -> list:
    if e.player != seen.me:
        return []
    return [p for c in e.answered for p in _kor_known(seen, c, e.rank, name)]


def _kor_struck(seen: _Seen, e, name: str) -> list:
    return [] if e.player != seen.me else _kor_known(seen, e.target, e.rank, name)


def _kor_turned(seen: _Seen, e, name: str) -> list:
    return [p for owner, c, rank in e.revealed if owner != seen.me
            for p in _kor_known(seen, c, rank, name)]


_CHECKS = {
    "shot": _classic_shot, "sunk_ship": _classic_sunk, "ship_name": _classic_name,
    "halo": _classic_halo, "shots": _classic_shots, "given_cell": _classic_given,
    "told_mine": _classic_told,
    "aa_reach": _naval_reach, "downed": _naval_downed, "hit_cells": _naval_hits,
    "water_cells": _naval_water, "hit_cell": _naval_hit, "sunk_ships": _naval_sunk,
    "naval_halo": _naval_empty,
    "answer_blocks": _kor_blocks, "asked_rank": _kor_asked, "answered": _kor_answered,
    "struck_rank": _kor_struck, "turned_up": _kor_turned,
}


def _check_event(seen: _Seen, e, name: str) -> list:
    """The facts one decoded event states that ``seen`` does not hold, one line each."""
    table = FIELDS[seen.mode].get(type(e).__name__)
    if table is None or _CLASSES[seen.mode].get(type(e).__name__) is not type(e):
        return [f"unclassified event {type(e).__name__} in {name}"]
    out = [f"unclassified field {type(e).__name__}.{f.name}" for f in fields(e)
           if f.name not in table]
    done = set()
    for fname, kind in table.items():
        if kind == PUBLIC or _CHECKS[kind] in done:
            continue
        done.add(_CHECKS[kind])          # a cell and its answer: one check of both
        out += _CHECKS[kind](seen, e, name)
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


# legal actions: each must be the receiver's own to make, naming only his own pieces

def _classic_legal(seen: _Seen, a, name: str) -> list:
    v = seen.view
    if isinstance(a, classic.GiveCell) and a.cell not in {c for s in v.own_ships for c in s}:
        return [f"legal {name} gives {a.cell}, not a cell of the receiver's fleet"]
    if isinstance(a, classic.GiveMine) and a.cell not in v.own_mines:
        return [f"legal {name} tells {a.cell}, not a mine of the receiver's"]
    return []


def _naval_legal(seen: _Seen, a, name: str) -> list:
    v = seen.view
    if isinstance(a, naval.Intercept):
        return [f"legal {name} shoots down {c}, not in reach of the receiver's mount"
                for c in a.cells if c not in v.options]
    out = []
    shells = len(a.shots) + len(a.pair)
    if shells > v.guns or (a.pair and not v.pair):
        out.append(f"legal {name} fires {shells} shells (pair {bool(a.pair)}): not the "
                   "receiver's guns")
    if a.torpedo is not None and not v.torpedo_ready:
        out.append(f"legal {name} fires a torpedo the receiver has not")
    if len(a.air) > v.planes:
        out.append(f"legal {name} sends {len(a.air)} planes, more than the receiver's")
    return out


_KOR_OWN = {korabliki.Move: lambda a: (a.frm,), korabliki.Ask: lambda a: (a.ship,) + a.block,
            korabliki.Answer: lambda a: a.cells, korabliki.TorpedoStrike: lambda a: (a.torpedo,)}


def _korabliki_legal(seen: _Seen, a, name: str) -> list:
    own = {p.cell: p.rank for p in seen.view.own}
    out = [f"legal {name} moves or names {c}, not a piece of the receiver's"
           for c in _KOR_OWN.get(type(a), lambda a: ())(a) if c not in own]
    if isinstance(a, korabliki.Bomb) and korabliki.BOMB not in own.values():
        out.append(f"legal {name} sets off a bomb the receiver has not")
    return out


# legal actions: each must be the receiver's own to make, naming only his own pieces
_LEGAL = {"classic": _classic_legal, "naval": _naval_legal, "korabliki": _korabliki_legal}


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
        out += _check_event(seen, e, f"{type(e).__name__} ({name})")
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
        out += _LEGAL[mode](seen, a, f"{type(a).__name__} (legal[{i}])")
    return out
