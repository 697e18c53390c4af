"""What every mode's game is (issue 19): the protocol the rules of each mode implement, and the
events every mode shares, defined once.

A game is a pure state machine (STYLE.md): ``legal_actions()``, ``check(action)`` (raises a
RuleError naming why), ``apply(action) -> events`` (all or nothing), ``view(player)`` (what
that player may know), ``turn`` (who must act now, a decision included), ``over``, ``winner``
(None while playing or when drawn), ``drawn``, ``history``, ``clone()`` (an independent copy
for search), ``to_dict()`` / ``from_dict()``. ``tests/test_modes_conformance.py`` checks every
registered mode against it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from .errors import ConfigError, IllegalAction


@dataclass(frozen=True)
class TurnChanged:
    """The turn (or a decision) passed to ``player``; ``again``: the same player moves again
    (§K: won an asking act, took a fort, swept a mine)."""
    player: int
    again: bool = False


@dataclass(frozen=True)
class GameOver:
    """The game ended: ``winner`` None is a draw; ``reason`` says why (``FLEET``: the loser's
    fleet sunk; §N: disarmed / ceasefire; §K: forts / forts-both / no-attackers / quiet; §0:
    resigned / agreed). The game keeps it as ``end_reason`` for the result screen."""
    winner: int | None
    reason: str = ""


@dataclass(frozen=True)
class Decision:
    """A decision the rules wait for before play goes on: ``player`` must make one of ``kind``
    (Classic's C5 and C6 and §D: give a cell or a mine, relocate; §N: intercept). Kept by the
    game while it waits; what a player is told of it is said by an event and the view."""
    player: int
    kind: str


class OneRules:
    """The config of a mode with one set of rules (§N, §K): nothing to choose, so nothing to
    write; it exists so that records and menus treat every mode alike."""

    def to_dict(self) -> dict:
        return {}

    @classmethod
    def from_dict(cls, data: dict):
        for key in data:
            raise ConfigError("unknown_option", key=key)
        return cls()


@runtime_checkable
class Game(Protocol):
    turn: int
    history: list

    @property
    def over(self) -> bool: ...

    def legal_actions(self) -> list: ...

    def check(self, action) -> None: ...

    def apply(self, action) -> list: ...

    def view(self, player: int): ...

    def events_for(self, player: int, events) -> list: ...

    def clone(self): ...

    def to_dict(self) -> dict: ...

    @classmethod
    def from_dict(cls, data: dict): ...


# --- a saved game, rebuilt ------------------------------------------------------------------

class Saved:
    """A game kept as its set-up and its moves (``to_dict``) and rebuilt by playing them again
    (``from_dict``), so a saved state can never be inconsistent. Each mode's game mixes this in
    beside Concession; its ``from_dict`` reads its own set-up between the two steps here."""

    @classmethod
    def check_saved(cls, data) -> None:
        """``from_dict``'s first step: refuse what is not a saved game of this mode."""
        if not isinstance(data, dict) or data.get("mode") != cls.mode:
            raise ConfigError("bad_option", key="mode", expected=cls.mode,
                              got=data.get("mode") if isinstance(data, dict) else data)

    def replay(self, moves, data: dict):
        """``from_dict``'s last step: the saved ``moves`` ((player, action), in order) played
        again, each by the player whose turn it is, then the game ended as the saved one ended
        (Concession). Returns the game."""
        for n, (player, action) in enumerate(moves, 1):
            if player != self.turn:
                raise IllegalAction("not_your_turn", move=n, player=player)
            self.apply(action)
        self.replay_concession(data)
        return self


# --- what each player may be told ------------------------------------------------------------

PUBLIC = "public"   # a field of an event anyone may know (a mode's ``told.FIELDS``)


class Told:
    """What each player may be told of the events a game returns (issue 34), beside what he may
    see (``view(player)``). A mode's game names ``EVENTS``, the event classes its rules return,
    and ``SECRETS``, per event class the field naming the one player it is for and the fields
    only he may have. ``events_for`` gives a player every event the rules return, the other
    side's secrets emptied; an event of a class the mode does not name is left out rather than
    told unexamined. The screens, the computer players and the server all hear the events
    through it."""

    EVENTS: tuple = (TurnChanged, GameOver)
    SECRETS: dict = {}

    @classmethod
    def events_for(cls, player: int, events) -> list:
        out = []
        for e in events:
            kind = type(e)
            if kind not in cls.EVENTS:
                continue
            secret = cls.SECRETS.get(kind)
            if secret is not None and getattr(e, secret[0]) != player:
                e = replace(e, **{f: () for f in secret[1]})
            out.append(e)
        return out


# --- §0: resigning and an agreed draw, the same in every mode ----------------------------

RESIGNED, AGREED = "resigned", "agreed"
FLEET = "fleet"          # Classic, §D and §N: the loser's whole fleet sunk


class Concession:
    """RULES.md §0: "In every mode a player may resign at any time; resigning loses the game".
    Two people may also agree a draw (against the computer only where §0 lets it be offered).
    Each mode's game mixes this in: the end is set on the game itself (``winner`` / ``drawn``),
    said as ``GameOver(winner, "resigned" | "agreed")``, and kept in ``to_dict()`` under
    ``"ended"`` so a saved or replayed game ends the same way. ``conceded`` is None while the
    game was not ended so, else ``(RESIGNED, the player who resigned)`` or ``(AGREED, None)``."""

    conceded: tuple | None = None
    end_reason: str = ""      # why the game ended (``GameOver.reason``); "" while it goes on

    def check_concede(self, player: int | None = None) -> None:
        """Refuse (IllegalAction) to end a game that is already over, or for no player."""
        if self.over:
            raise IllegalAction("game_over")
        if player is not None and player not in (0, 1):
            raise IllegalAction("bad_player", player=player)

    def resign(self, player: int) -> list:
        """§0: ``player`` resigns, and the other side wins."""
        self.check_concede(player)
        self.conceded = (RESIGNED, player)
        self._end(1 - player)
        return [GameOver(1 - player, RESIGNED)]

    def agree_draw(self) -> list:
        """§0: both sides agreed a draw (an offer the other side accepted)."""
        self.check_concede()
        self.conceded = (AGREED, None)
        self._end(None)
        return [GameOver(None, AGREED)]

    def _end(self, winner: int | None) -> None:
        self.winner = winner
        self.drawn = winner is None
        self.end_reason = self.conceded[0]

    def concession_dict(self) -> dict:
        """What ``to_dict`` adds: nothing for a game played to its end."""
        if self.conceded is None:
            return {}
        kind, player = self.conceded
        return {"ended": {"by": kind} | ({} if player is None else {"player": player})}

    def replay_concession(self, data: dict) -> None:
        """``from_dict``'s last step: end the rebuilt game as the saved one ended."""
        ended = data.get("ended")
        if ended is None:
            return
        if not isinstance(ended, dict) or ended.get("by") not in (RESIGNED, AGREED):
            raise ConfigError("bad_option", key="ended", expected="resigned or agreed",
                              got=ended)
        if ended["by"] == AGREED:
            self.agree_draw()
        else:
            self.resign(ended.get("player", -1))


# --- §0: the move clock, the same in every mode --------------------------------------------

LAPSED = "lapsed"        # GameOver's reason: two of the loser's turns in a row ran out (§0)
LAPSES_LOSE = 2          # §0: "Two such lost turns in a row lose the game"


@dataclass(frozen=True)
class Lapse:
    """RULES.md §0, the move clock: the time of the player to act ran out. Only the server
    applies it (its clock, not a player, decides): a player never chooses it, so it is in no
    ``legal_actions`` and no ``random_action``; a room refuses it from a seat. Kept in the
    history like any move, so records, replays, saves and the network carry it as they are."""


@dataclass(frozen=True)
class TurnLapsed:
    """§0: ``player``'s time ran out and he lost that turn; ``count``: his turns run out in a
    row, this one included (at ``LAPSES_LOSE`` he has lost the game: a GameOver follows)."""
    player: int
    count: int


class Clocked:
    """RULES.md §0: "A player whose clock runs out loses that turn ... Two such lost turns in a
    row lose the game." Each mode's game mixes this in. "In a row" counts the player's OWN
    turns: the other side's moves between two lapses of his do not break the row; a move of his
    own does (``played``). ``apply_lapse`` counts, ends the game on the second (said as
    ``GameOver(winner, "lapsed")``), else lets the mode pass the turn as §0 says for it
    (``_lapse_turn``: as if he had missed, fired nothing or passed)."""

    lapses: tuple = (0, 0)    # each player's turns run out in a row (a tuple: clones share it)

    def check_lapse(self) -> None:
        """Refuse (IllegalAction) a lapse when no one is to act."""
        if self.over:
            raise IllegalAction("game_over")

    def played(self, player: int) -> None:
        """``player`` made a move of his own: his row of lapses is broken."""
        if self.lapses[player]:
            self.lapses = tuple(0 if p == player else n for p, n in enumerate(self.lapses))

    def apply_lapse(self) -> list:
        """§0: the player to act loses this turn (checked by the mode's ``check``)."""
        me = self.turn
        count = self.lapses[me] + 1
        self.lapses = tuple(count if p == me else n for p, n in enumerate(self.lapses))
        lapsed = TurnLapsed(me, count)
        if count < LAPSES_LOSE:
            return [lapsed] + self._lapse_turn(me, lapsed)
        self.history.append((me, Lapse(), self.lapse_result(lapsed)))
        self.winner, self.end_reason = 1 - me, LAPSED
        return [lapsed, GameOver(1 - me, LAPSED)]

    def lapse_result(self, lapsed: TurnLapsed, events=()):
        """The history's result of a lapse (Classic's and Naval's: the event itself; a mode
        whose history keeps each action's events as a tuple overrides this)."""
        return lapsed

    def _lapse_turn(self, player: int, lapsed: TurnLapsed) -> list:
        raise NotImplementedError
