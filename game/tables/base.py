"""A seat's table (issue 34): what one seat's battle screen reads. Pure: no pygame.

A table holds one seat's view of a game and the events that seat was told, and nothing else: the
turn, the end (winner, drawn, why, a concession), the history as the seat saw it, the decision
the rules wait for from it, ``check(action)`` and ``apply(action)``. It is the same whether the
other side is the computer, a person at the same screen or a person at another computer; only
its FEEDER differs:

- ``LocalFeeder`` holds the game played here: it applies each action with the rules and hands
  every seat's table ``game.view(seat)`` and ``game.events_for(seat, events)``. Two people on
  one screen have a table each; the screen reads the one of the person at it.
- ``Sender`` is a seat at another computer's game (the server holds it): the action is sent,
  and each state the server sends is handed to the table (``take``) with its events.

Each mode's table (``game.tables.<mode>``) reads its view for the screens (Classic's marks and
fleets per field owner, Naval's fields, «Кораблики»'s pieces) and says what the seat can tell of
an action from its view alone (``check_view``). What it works out of a view it works out once
per view (``per_view``): the screens read it every frame.
"""

from __future__ import annotations

import operator

from ..rules.base import AGREED, RESIGNED, GameOver
from ..rules.errors import IllegalAction


def of_view(name: str, doc: str | None = None) -> property:
    """A property of a table that is its seat's view's own ``name``, as the view holds it."""
    return property(operator.attrgetter("latest." + name), doc=doc)


def per_view(method):
    """A property of a table worked out once for each view it is handed (``take``)."""
    name = method.__name__

    def get(self):
        cache = self._cache
        if name not in cache:
            cache[name] = method(self)
        return cache[name]
    return property(get, doc=method.__doc__)


class Table:
    """One seat's table; a mode's table adds what its screens read of the view."""

    mode = ""

    def __init__(self, config, seat: int, feeder):
        self.config = config
        self.seat = seat
        self.feeder = feeder              # where the game is: LocalFeeder or Sender
        self.latest = None                # this seat's view, as last handed
        self.earlier = None               # the view handed before it (the board the events of
                                          # the last state start from)
        self.events: list = []            # the events of the last state handed
        self.moves = 0                    # the game's moves so far
        self.turn = 0
        self.history: list = []           # (player, None, result) of what this seat saw
        self.conceded: tuple | None = None
        self.end_reason = ""              # the GameOver's reason, as this seat was told
        self.claimed: int | None = None   # the seat that claimed the game of a gone player
        self.sent_at: int | None = None   # the moves count when this seat's act went out
        self._cache: dict = {}

    # -- from the feeder -------------------------------------------------------------------
    def take(self, state: dict, view, events) -> list:
        """A state (``moves``, ``turn``, and over the network the room's ``claimed``), this
        seat's ``view`` and the ``events`` it may know: kept; returns the events."""
        self.earlier, self.latest = self.latest, view
        self._cache = {}
        self.moves = state.get("moves", self.moves)
        self.turn = state.get("turn", self.turn)
        self.claimed = state.get("claimed")
        if self.sent_at is not None and self.moves != self.sent_at:
            self.sent_at = None
        events = list(events)
        for event in events:
            if not isinstance(event, GameOver):
                continue
            self.end_reason = event.reason
            if event.reason in (RESIGNED, AGREED):
                self.conceded = ((RESIGNED, 1 - event.winner) if event.reason == RESIGNED
                                 else (AGREED, None))
        self.observe(events)
        self.events = events
        return events

    def refused(self) -> None:
        """The seat's last action was refused where the game is: it may act again."""
        self.sent_at = None

    def observe(self, events) -> None:
        """What a mode keeps of the events it saw (its history for the statistics)."""

    def together(self, events) -> bool:
        """Do the events of one state play as one volley (a salvo's shells fly together)?"""
        return False

    # -- what the screens read ---------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """This seat acted and its answer has not come yet (no second action meanwhile)."""
        return self.sent_at is not None

    @property
    def winner(self):
        return getattr(self.latest, "winner", None)

    @property
    def enemy(self) -> int:
        return 1 - self.seat

    @property
    def over(self) -> bool:
        """The view says the game is over (Naval's and «Кораблики»'s say it in so many words;
        Classic's says it otherwise)."""
        return self.latest is not None and self.latest.over

    @property
    def drawn(self) -> bool:
        return self.over and self.winner is None

    def view(self, player: int):
        """This seat's view; the other seat's is never here."""
        if player != self.seat:
            raise IllegalAction("not_your_view", player=player)
        return self.latest

    def _pair(self, own, enemy) -> list:
        """Per field owner: this seat's ``own``, the enemy's ``enemy``."""
        out = [None, None]
        out[self.seat], out[self.enemy] = own, enemy
        return out

    # -- acting ------------------------------------------------------------------------------
    def check(self, action) -> None:
        """May this seat play ``action`` now? Where the game is played here, the rules' own
        check; over the network, what the seat can tell from its view (``check_view``; the
        server checks it all again)."""
        if self.over:
            raise IllegalAction("game_over")
        if self.waiting or self.turn != self.seat:
            raise IllegalAction("not_your_turn")
        self.feeder.check(self, "check", action)

    def check_view(self, action) -> None:
        """What this seat can tell of ``action`` from its own view (the mode's)."""

    def legal_actions(self) -> list:
        """This seat's legal actions now (none while the other acts): the rules' own list where
        the game is played here; over the network what its view tells (``legal_from_view``)."""
        if self.over or self.turn != self.seat:
            return []
        return self.feeder.legal_actions(self)

    def legal_from_view(self) -> list:
        """The legal actions this seat can tell from its view (the mode's)."""
        return []

    def apply(self, action) -> list:
        """Play ``action`` as this seat: the events it is told of it (over the network none
        yet: they come with the server's next state)."""
        self.check(action)
        self.events = []
        self.feeder.act(self, action)
        return self.events


class LocalFeeder:
    """The game played here, feeding a table per seat (``tables``): each action is applied by
    the rules, and every table is handed its seat's view and the events it may know."""

    def __init__(self, game, table: type, seats=(0, 1)):
        self.game = game
        self.tables = {seat: table(game.config, seat, self) for seat in seats}
        self.feed([])

    def feed(self, events) -> None:
        game = self.game
        state = {"moves": len(game.history), "turn": game.turn}
        for seat, table in self.tables.items():
            table.take(state, game.view(seat), game.events_for(seat, events))

    def act(self, table: Table, action) -> None:
        self.feed(self.game.apply(action))

    def check(self, table: Table, name: str, *args) -> None:
        """A check (``check``, or a mode's part of one) by the rules themselves."""
        getattr(self.game, name)(*args)

    def legal_actions(self, table: Table) -> list:
        return self.game.legal_actions()

    # §0: ending the game other than by an action
    def resign(self, player: int) -> None:
        self.feed(self.game.resign(player))

    def agree_draw(self) -> None:
        self.feed(self.game.agree_draw())


class Sender:
    """A seat of a game held elsewhere (a server): its action is sent (``send(action)``), and
    the states that come back are handed to its table (``Table.take``)."""

    game = None     # the game is not here

    def __init__(self, send):
        self.send = send

    def act(self, table: Table, action) -> None:
        table.sent_at = table.moves
        self.send(action)

    def check(self, table: Table, name: str, *args) -> None:
        """A check (``check``, or a mode's part of one) as far as the table's view tells it
        (``<name>_view``): the server's rules check it all again."""
        getattr(table, name + "_view")(*args)

    def legal_actions(self, table: Table) -> list:
        return table.legal_from_view()
