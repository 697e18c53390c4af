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

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from .errors import ConfigError


@dataclass(frozen=True)
class TurnChanged:
    """The turn (or a decision) passed to ``player``; ``again``: the same player moves again
    (§K: won an asking act, took a fort, swept a mine)."""
    player: int
    again: bool = False


@dataclass(frozen=True)
class GameOver:
    """The game ended: ``winner`` None is a draw; ``reason`` says why where a mode has
    several ways to end (§K: forts / forts-both / no-attackers / quiet)."""
    winner: int | None
    reason: str = ""


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

    def clone(self): ...

    def to_dict(self) -> dict: ...

    @classmethod
    def from_dict(cls, data: dict): ...
