"""The computer admirals a player can choose, weakest first. Names and descriptions live in the
translations under ``opponent.<key>.name`` / ``opponent.<key>.about``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Opponent:
    key: str
    shooter: str   # the shooter key in game.ai.shooters
    level: int


OPPONENTS: tuple[Opponent, ...] = (
    Opponent("cabin_boy", "random", 1),
    Opponent("boatswain", "hunter", 2),
)


def opponent(key: str) -> Opponent:
    for o in OPPONENTS:
        if o.key == key:
            return o
    raise KeyError(key)
