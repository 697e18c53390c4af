"""The computer admirals a player can choose, weakest first, for each mode: each has a name, a
level of that mode's computer player, a placement style, a voice and a face. Names live in the
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
    def portrait(self) -> dict:
        """His face, as ``game.data.portrait`` features (the same admiral in every mode)."""
        return dict(FACES[self.key])

    @property
    def name_key(self) -> str:
        return f"opponent.{self.key}.name"

    @property
    def about_key(self) -> str:
        if self.mode == "classic":
            return f"opponent.{self.key}.about"
        return f"opponent.{self.mode}.{self.key}.about"


# The quick match's admirals' faces (game.data.portrait's features), by key: the boy in his cap,
# the boatswain in his oilskins and pipe, the sailor, the navigator's monocle, the captain's
# beard and pipe, the commodore's and the admiral's bicornes and medals.
FACES: dict[str, dict] = {
    "cabin_boy": {"hat": "cap", "beard": "none", "skin": "#f2cfb2", "hair": "#c8903e",
                  "coat": "#3a6ea5"},
    "sailor": {"hat": "cap", "beard": "stubble", "skin": "#e9c09e", "hair": "#2b1d12",
               "coat": "#24507a"},
    "boatswain": {"hat": "sou-wester", "beard": "moustache", "skin": "#e6b48e", "hair": "#6b4a2a",
                  "coat": "#c9a227", "pipe": True, "medals": 1},
    "navigator": {"hat": "peaked", "beard": "stubble", "skin": "#f0c8a8", "hair": "#3a2a1a",
                  "coat": "#1c3a6e", "monocle": True, "medals": 1},
    "captain": {"hat": "peaked", "beard": "full", "skin": "#e8b894", "hair": "#5a3a20",
                "coat": "#1b2d52", "pipe": True, "medals": 2},
    "commodore": {"hat": "bicorne", "beard": "moustache", "skin": "#d8a47f", "hair": "#4a4a4a",
                  "coat": "#22303f", "medals": 3},
    "admiral": {"hat": "bicorne", "beard": "white", "skin": "#f0cfc0", "hair": "#e0e0e0",
                "coat": "#0f1f3d", "medals": 5},
}

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
