"""A match: who plays (people or computer opponents), the rules, and the games played so far
(pure: the screens that play a match are ``game.scenes.match``; the campaign builds matches here
without a screen). The loser of a game moves first in the next (RULES.md §0).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .ai.layouts import make_layout
from .ai.shooters import make_shooter
from .i18n.phrase import say
from .rules.classic import (ClassicConfig, ClassicGame, Setup, play_game, random_fleet,
                             random_setup)
from .rules.errors import PlacementError
from .rules.korabliki import KorablikiConfig, KorablikiGame
from .rules.naval import NavalConfig, NavalGame
from .rules.series import Series

HUMAN, COMPUTER = "human", "computer"


@dataclass
class Seat:
    kind: str                 # HUMAN or COMPUTER
    name: str                 # shown in the log and on screens
    shooter: str = ""         # the computer's level of the ladder (game.ai.shooters)
    placement: str = "random"  # the computer's placement style (game.ai.layouts)
    opponent: str = ""        # the computer's personality (game.ai.opponents), for remarks
    remembers: bool = False   # the computer learns from the human's profile
    label: object = None      # the name as words of the game (a Phrase): it follows the language

    def say(self, tr) -> str:
        """The name in the language of ``tr`` (a given name stays as it is)."""
        return say(self.label, tr) if self.label is not None else self.name


@dataclass
class Match:
    config: ClassicConfig
    seats: tuple
    first: str = "lot"        # who moves first in the first game: "lot", "0" or "1"
    letters: str = "latin"
    seed: int = 0
    score: list = field(default_factory=lambda: [0, 0])
    games: int = 0
    last_loser: int | None = None
    profile: object = None    # the human's Profile (game.data.profiles) against the computer
    best_of: int = 1          # C7: a series of games; the loser moves first in the next
    auto_intercept: bool = False  # §N: a person's Aegis chooses for itself (a setting)
    campaign: object = None   # a level of the voyage being played (game.campaign.Battle)

    def __post_init__(self):
        self.rng = random.Random(self.seed)
        self.series = Series(self.best_of)

    def translate(self, tr) -> None:
        """The language changed: names the game gave (not the players) follow it."""
        for seat in self.seats:
            seat.name = seat.say(tr)

    def new_series(self) -> None:
        self.series = Series(self.best_of)

    @property
    def mode(self) -> str:
        if isinstance(self.config, KorablikiConfig):
            return "korabliki"
        return "naval" if isinstance(self.config, NavalConfig) else "classic"

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Two people on one screen: fleets must hide behind the curtain."""
        return len(self.humans) == 2

    def first_player(self) -> int:
        if self.last_loser is not None:  # "В случае продолжения баталии первый ход делает проигравший"
            return self.last_loser
        if self.first == "lot":
            return self.rng.randrange(2)
        return int(self.first)

    def computer_fleet(self, player: int) -> Setup:
        """The computer's ships in its placement style, with its mines and minesweepers."""
        cfg = self.config
        if cfg.shapes == "any":
            return random_setup(cfg, self.rng)
        opening = self.profile.opening(cfg.width, cfg.height) if self.profile else None
        try:
            ships = make_layout(self.seats[player].placement, cfg, self.rng, opening)
        except PlacementError:   # a style that finds no room on a crowded sea
            ships = random_fleet(cfg, self.rng)
        return random_setup(cfg, self.rng, ships)

    def shooters(self) -> dict:
        cfg = self.config
        out = {}
        for i, seat in enumerate(self.seats):
            if seat.kind != COMPUTER:
                continue
            memory = (self.profile.memory(cfg.width, cfg.height)
                      if seat.remembers and self.profile else None)
            out[i] = make_shooter(seat.shooter, cfg, random.Random(self.rng.getrandbits(32)),
                                  memory)
        return out

    def naval_ais(self) -> dict:
        """§N: the computer seats' Naval opponents, by the level of their personality."""
        from .ai.naval import make_naval_ai
        return {i: make_naval_ai(naval_level(seat), random.Random(self.rng.getrandbits(32)))
                for i, seat in enumerate(self.seats) if seat.kind == COMPUTER}

    def korabliki_ais(self) -> dict:
        """§K: the computer seats' opponents, by the level of their personality."""
        from .ai.korabliki import FORMATIONS, make_korabliki_ai
        out = {}
        for i, seat in enumerate(self.seats):
            if seat.kind == COMPUTER:
                ai = make_korabliki_ai(korabliki_level(seat), random.Random(self.rng.getrandbits(32)))
                if seat.placement in FORMATIONS and seat.placement != "random":
                    ai.styles = (seat.placement,)   # a campaign level's formation style
                out[i] = ai
        return out

    def helper_ai(self):
        """The Aegis officer who intercepts for a person who chose automatic interception."""
        from .ai.naval import make_naval_ai
        return make_naval_ai("commodore", random.Random(self.rng.getrandbits(32)))

    def new_game(self, setups) -> ClassicGame:
        if self.mode == "korabliki":
            return KorablikiGame(self.config, setups, self.first_player())
        if self.mode == "naval":
            return NavalGame(self.config, setups, self.first_player())
        setups = [s if isinstance(s, Setup) else Setup(list(s)) for s in setups]
        return play_game(self.config, setups, self.first_player())

    def progressed(self, game) -> None:
        """After every action: a campaign battle is saved whenever it waits for the person, so
        closing the window loses nothing."""
        if self.campaign is not None and not game.over and self.seats[game.turn].kind == HUMAN:
            self.campaign.save(game)

    def abandoned(self) -> None:
        if self.campaign is not None:
            self.campaign.abandon()

    def finish(self, game) -> None:
        self.games += 1
        if self.campaign is not None:
            self.campaign.finish(game)
        if game.winner is None:       # §N, N-f: a draw scores nothing; the same side begins
            return
        self.score[game.winner] += 1
        self.last_loser = 1 - game.winner
        if not self.series.over:
            self.series.record(game.winner)


def naval_level(seat: Seat) -> str:
    """The Naval opponent for a personality: the cabin boy fires at random, the boatswain hunts,
    every officer above them is a Commodore. A campaign level may name the Naval level itself."""
    from .ai.naval import LEVELS
    if seat.shooter in LEVELS:
        return seat.shooter
    return {"hunter": "gunner"}.get(seat.shooter, "commodore")


def korabliki_level(seat: Seat) -> str:
    """The "Кораблики" opponent for a personality: the cabin boy moves at random, the boatswain
    is a sailor, every officer above them plays as an admiral. A campaign level may name the
    level itself."""
    from .ai.korabliki import KORABLIKI_LEVELS
    if seat.shooter in KORABLIKI_LEVELS:
        return seat.shooter
    return {"hunter": "sailor"}.get(seat.shooter, "admiral")
