"""What every computer opponent is, whatever the mode (issue 19), and the one loop that plays a
game between two of them.

A player sets up its side (``set_up(player)``: Classic's ships, Naval's armed fleet, «Кораблики»'s
formation), acts on what its side may see (``act(view, legal)``: a shot, a volley, a move or an
asking act — and also the answer to any decision the rules wait for from it: Classic's given cell
and told mine (C5, C6), the Dutchman's relocation (§D), Naval's interception (§N), «Кораблики»'s
answer (§K)), and is told the events of every action as its own seat may know them
(``observe(events)``: ``game.events_for(seat, events)``, the other side's secrets emptied). ``belief``: what it believed of each enemy cell when
it last chose, where it has one (None otherwise); the game over screen shows it. A player that
chooses among the rules' legal actions sets ``wants_legal`` and is given them; the others get
None (Classic's and Naval's legal lists are only representative, and costly to build).
"""

from __future__ import annotations

import time
from typing import Callable, Protocol, runtime_checkable


@runtime_checkable
class Player(Protocol):
    wants_legal: bool
    belief: object

    def set_up(self, player: int): ...

    def act(self, view, legal: list | None): ...

    def observe(self, events: list) -> None: ...

    def accepts_draw(self, view) -> bool: ...


def accepts_draw(player, view) -> bool:
    """RULES.md §0: does the computer ``player`` accept a draw offered now, judging from its
    ``view`` alone? A player that cannot judge declines (Classic's have no draw to offer)."""
    judge = getattr(player, "accepts_draw", None)
    return bool(judge(view)) if judge is not None else False


def decide(player: Player, game, seat: int | None = None):
    """The action ``player`` takes now for ``seat`` (the seat to act by default), from the view
    of that seat alone."""
    seat = game.turn if seat is None else seat
    return player.act(game.view(seat), game.legal_actions() if player.wants_legal else None)


def play_out(game, players, limit: int,
             timed: Callable[[int, float], None] | None = None) -> int:
    """Play ``game`` on between ``players`` (by seat) until it is over or ``limit`` actions were
    taken; return the actions taken. Every action goes through the rules' own check (``apply``);
    every player is told the events of it its own seat may know (``events_for``), never the
    other side's secrets. ``timed(seat, ms)``, if given, hears how long each decision took (the
    benches print it; nothing else depends on it)."""
    actions = 0
    while not game.over and actions < limit:
        seat = game.turn
        t0 = time.perf_counter()
        action = decide(players[seat], game, seat)
        if timed is not None:
            timed(seat, (time.perf_counter() - t0) * 1000)
        events = game.apply(action)
        for each, p in enumerate(players):
            p.observe(game.events_for(each, events))
        actions += 1
    return actions


def of_level(table: dict, mode: str, level: str, rng):
    """The player of ``table`` (level -> class, weakest first) at ``level``, with ``rng``; an
    unknown level is refused by name, with the known ones."""
    if level not in table:
        raise ValueError(f"unknown {mode} level {level!r}; known: {', '.join(table)}")
    return table[level](rng)
