"""A game the screens can play whose rules are on the server (issue 23). Pure: no pygame.

A battle screen holds a rules ``game``, calls ``apply``, ``check`` and ``view`` and reads a few
attributes. Over the network the client holds no game: only its own player's view and the
events it is sent (``game.net.client.Remote``). ``RemoteGame`` gives the screen what it reads
from the latest view, and nothing else: ``apply`` sends the action (``send``) and returns no
events; the events of each "state" message are fed to the screen by ``take`` as if the rules
had returned them. Each mode adds what its own screen reads (``classic_remote`` for Classic);
the screens' registry (``game.scenes.modes``) names it.
"""

from __future__ import annotations

from ..rules.base import AGREED, RESIGNED, GameOver
from ..rules.errors import IllegalAction, RuleError
from . import codec


class RemoteGame:
    """The shared part: turn, the end, a history of what this seat saw, the moves counter."""

    def __init__(self, mode: str, config, seat: int, send):
        self.mode = mode
        self.config = config
        self.seat = seat
        self.send = send                  # (action) -> None: the act goes to the server
        self.latest = None                # this seat's view, decoded, as last sent
        self.moves = 0                    # the server's count of the game's moves
        self.turn = 0
        self.history: list = []           # (player, None, result) of what this seat saw
        self.conceded: tuple | None = None
        self.end_reason = ""              # the GameOver's reason, as this seat was told
        self.claimed: int | None = None   # the seat that claimed the game of a gone player
        self.sent_at: int | None = None   # the moves count when this seat last acted

    # -- from the server -------------------------------------------------------------------
    def take(self, state: dict, view, events) -> list:
        """A "state" message (its decoded ``view`` and ``events``): kept; returns the events
        for the screen to play."""
        self.latest = view
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
        return events

    def refused(self) -> None:
        """The server refused this seat's last action: it may act again."""
        self.sent_at = None

    def observe(self, events) -> None:
        """What a mode keeps of the events it saw (its history for the statistics)."""

    def together(self, events) -> bool:
        """Do the events of one state play as one volley (a salvo's shells fly together)?"""
        return False

    # -- what the screens read ---------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """This seat acted and the server has not answered yet (no second action meanwhile)."""
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
        Classic's own game says it otherwise)."""
        return self.latest is not None and self.latest.over

    @property
    def drawn(self) -> bool:
        return self.over and self.winner is None

    def view(self, player: int):
        """This seat's view; the other seat's is never here."""
        if player != self.seat:
            raise IllegalAction("not_your_view", player=player)
        return self.latest

    def check(self, action) -> None:
        """What this seat can tell from its own view (the server checks the rest)."""
        if self.over:
            raise IllegalAction("game_over")
        if self.waiting:
            raise IllegalAction("not_your_turn")

    def apply(self, action) -> list:
        """Send ``action`` as this seat; the events come back with the next state."""
        self.check(action)
        self.sent_at = self.moves
        self.send(action)
        return []

    def rule_error(self, rule: dict) -> RuleError:
        """The server's refusal ("illegal": ``rule`` {code, params}) as the rules' own error,
        so the screen says it as it says a local one."""
        try:
            params = codec.decode(rule.get("params") or {})
        except Exception:        # a refusal's words are never worth a failure
            params = {}
        params = params if isinstance(params, dict) else {}
        return IllegalAction(str(rule.get("code", "unknown")),
                             **{str(k): v for k, v in params.items()})
