"""The computer admirals a player can choose, weakest first: each has a name, a level of the
shooting ladder, a placement style and a voice. Names, descriptions and remarks live in the
translations under ``opponent.<key>.*`` and ``remark.<key>.*``."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Opponent:
    key: str
    shooter: str        # the level of the ladder (game.ai.shooters.LADDER)
    level: int
    placement: str      # the placement style (game.ai.layouts.STYLES)
    remembers: bool = False  # learns where this player hides his ships


OPPONENTS: tuple[Opponent, ...] = (
    Opponent("cabin_boy", "random", 1, "random"),
    Opponent("boatswain", "hunter", 2, "random"),
    Opponent("navigator", "parity", 3, "edges"),
    Opponent("captain", "density", 4, "adaptive"),
    Opponent("admiral", "admiral", 5, "perelman", remembers=True),
)


def opponent(key: str) -> Opponent:
    for o in OPPONENTS:
        if o.key == key:
            return o
    raise KeyError(key)


# What an opponent may comment on: only things both players see happen. A remark is chosen
# from the trigger and the dice alone, so it can never give away where its own ships are.
TRIGGERS = ("start", "they_miss", "they_hit", "they_sink", "we_miss", "we_hit", "we_sink",
            "we_win", "we_lose")
VARIANTS = 2
CHANCE = {"start": 1.0, "we_win": 1.0, "we_lose": 1.0, "they_sink": 0.8, "we_sink": 0.7,
          "they_hit": 0.45, "we_hit": 0.3, "they_miss": 0.15, "we_miss": 0.12}


def remark(opponent_key: str, trigger: str, rng: random.Random) -> str | None:
    """The translation key of a remark for ``trigger``, or None (not every event deserves one)."""
    if trigger not in TRIGGERS:
        raise ValueError(trigger)
    if rng.random() >= CHANCE[trigger]:
        return None
    return f"remark.{opponent_key}.{trigger}.{rng.randrange(VARIANTS)}"
