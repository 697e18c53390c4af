"""The computer admirals a player can choose, weakest first, for each mode: each has a name, a
level of that mode's computer player, a placement style and a voice. Names live in the
translations under ``opponent.<key>.name``, descriptions under ``opponent.<key>.about`` (Classic)
or ``opponent.<mode>.<key>.about``, and remarks under ``remark.<voice>.*``."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Opponent:
    key: str
    shooter: str        # the level of the mode's computer player (Classic: shooters.LADDER,
                        # Naval: naval.NAVAL_LEVELS, «Кораблики»: korabliki.KORABLIKI_LEVELS)
    level: int
    placement: str      # the placement style (game.ai.layouts.STYLES)
    remembers: bool = False  # learns where this player hides his ships
    mode: str = "classic"
    voice: str = ""     # the Classic personality whose remarks it makes ("" = its own key)

    @property
    def personality(self) -> str:
        return self.voice or self.key

    @property
    def name_key(self) -> str:
        return f"opponent.{self.key}.name"

    @property
    def about_key(self) -> str:
        if self.mode == "classic":
            return f"opponent.{self.key}.about"
        return f"opponent.{self.mode}.{self.key}.about"


# Classic: the five rungs of the shooting ladder; also the personalities (voices) of the game.
OPPONENTS: tuple[Opponent, ...] = (
    Opponent("cabin_boy", "random", 1, "random"),
    Opponent("boatswain", "hunter", 2, "random"),
    Opponent("navigator", "parity", 3, "edges"),
    Opponent("captain", "density", 4, "adaptive"),
    Opponent("admiral", "admiral", 5, "perelman", remembers=True),
)

# Naval (RULES.md §N): four of its computer players (the captain, the commodore of issue 19,
# is kept for measuring, not offered); each places its own armed fleet.
NAVAL_OPPONENTS: tuple[Opponent, ...] = (
    Opponent("cabin_boy", "random", 1, "random", mode="naval"),
    Opponent("boatswain", "gunner", 2, "random", mode="naval"),
    Opponent("navigator", "navigator", 3, "random", mode="naval"),
    Opponent("commodore", "commodore", 4, "random", mode="naval", voice="captain"),
)

# «Кораблики» (RULES.md §K): its four computer players; each sets up in its own formations.
# The captain weighs acts as the admiral does, with a plainer book and a looser hand.
KORABLIKI_OPPONENTS: tuple[Opponent, ...] = (
    Opponent("cabin_boy", "random", 1, "random", mode="korabliki"),
    Opponent("sailor", "sailor", 2, "random", mode="korabliki", voice="boatswain"),
    Opponent("captain", "captain", 3, "random", mode="korabliki"),
    Opponent("admiral", "admiral", 4, "random", mode="korabliki"),
)

# The campaign's bosses speak in voices of their own (issue 22): a level's opponent may take
# one as its personality; their remarks are ``remark.<voice>.*`` like the others'.
BOSS_VOICES: tuple[str, ...] = (
    "perelman",     # the Perelman Admiral (Scapa Flow … Portsmouth): the cold professor of placements
    "dutchman",     # the Flying Dutchman's captain: cursed to sail till Doomsday
    "maltese",      # the Commodore of Malta: a knight of the Grand Harbour
    "odessan",      # the «Кораблики» Admiral at Odesa: a wry harbour admiral
    "polar",        # the admiral of the ice at Novaya Zemlya, the Arctic convoy's end
)

ROSTERS: dict[str, tuple[Opponent, ...]] = {
    "classic": OPPONENTS, "naval": NAVAL_OPPONENTS, "korabliki": KORABLIKI_OPPONENTS}


def roster(mode: str = "classic") -> tuple[Opponent, ...]:
    """The opponents of ``mode``, weakest first."""
    return ROSTERS[mode]


def first_opponent(mode: str = "classic") -> Opponent:
    """Whom a new player meets first: the middle of the ladder, neither a pushover nor the top."""
    ladder = roster(mode)
    return ladder[(len(ladder) - 1) // 2]


def opponent(key: str, mode: str = "classic") -> Opponent:
    for o in roster(mode):
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
