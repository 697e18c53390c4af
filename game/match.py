"""A match: who plays (people or computer opponents), the rules, and the games played so far
(pure: the screens that play a match follow each other in ``game.scenes.flow``; the campaign
builds matches here without a screen). The loser of a game moves first in the next (RULES.md §0).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .ai.arsenal import computer_setup
from .ai.layouts import make_layout
from .i18n.phrase import Phrase, say
from .modes import MODES, mode_of
from .rules.classic import Setup, random_fleet, random_setup
from .rules.errors import PlacementError, RuleError
from .rules.series import Series

HUMAN, COMPUTER = "human", "computer"
REMOTE = "remote"      # a person at another computer, over the network (issue 23)


def _is(kind):
    """A check that a value read from a file is a ``kind`` (a bool is no number)."""
    return lambda v: isinstance(v, kind) and (kind is bool or not isinstance(v, bool))


def _number(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _count(v) -> bool:
    return _number(v) and 0 <= v < 1000


def _loser(v) -> bool:
    return v is None or (_number(v) and v in (0, 1))


@dataclass
class Seat:
    kind: str                 # HUMAN, COMPUTER or REMOTE
    name: str                 # shown in the log and on screens
    shooter: str = ""         # the computer's level of the ladder (game.ai.shooters)
    placement: str = "random"  # the computer's placement style (game.ai.layouts)
    opponent: str = ""        # the computer's personality (game.ai.opponents), for remarks
    remembers: bool = False   # the computer learns from the human's profile
    label: object = None      # the name as words of the game (a Phrase): it follows the language

    def say(self, tr) -> str:
        """The name in the language of ``tr`` (a given name stays as it is)."""
        return say(self.label, tr) if self.label is not None else self.name

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "name": self.name, "shooter": self.shooter,
               "placement": self.placement, "opponent": self.opponent,
               "remembers": self.remembers}
        label = self.label
        if isinstance(label, Phrase) and all(isinstance(v, (str, int)) for v in
                                             label.fields.values()):
            out["label"] = {"key": label.key, "fields": dict(label.fields)}
        return out

    @classmethod
    def from_dict(cls, data) -> "Seat":
        """A seat as ``to_dict`` wrote it; ValueError names what does not fit."""
        if not isinstance(data, dict):
            raise ValueError("a seat: expected a table")
        fits = {"kind": lambda v: v in (HUMAN, COMPUTER), "remembers": _is(bool),
                **dict.fromkeys(("name", "shooter", "placement", "opponent"), _is(str))}
        for key, ok in fits.items():
            if not ok(data.get(key)):
                raise ValueError(f"a seat's key {key!r}: {data.get(key)!r} does not fit")
        label = data.get("label")
        if label is not None:
            fields = label.get("fields") if isinstance(label, dict) else None
            if not (isinstance(fields, dict) and isinstance(label.get("key"), str)
                    and all(isinstance(v, (str, int)) for v in fields.values())):
                raise ValueError(f"a seat's key 'label': {label!r} does not fit")
            label = Phrase(label["key"], **fields)
        return cls(data["kind"], data["name"], data["shooter"], data["placement"],
                   data["opponent"], data["remembers"], label)


@dataclass
class Match:
    config: object            # the rules of any mode (game.modes)
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
    keeper: object = None     # keeps a quick match's battle to resume (data.saved_battle)

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
    def entry(self):
        """This match's mode in the registry (``game.modes``)."""
        return mode_of(self.config)

    @property
    def mode(self) -> str:
        return self.entry.key

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Two people on one screen: fleets must hide behind the curtain."""
        return len(self.humans) == 2

    @property
    def may_resign(self) -> bool:
        """RULES.md §0: a person at the screen may resign at any time."""
        return bool(self.humans)

    @property
    def may_offer_draw(self) -> bool:
        """RULES.md §0: two people may agree a draw in every mode; against the computer a draw
        may be offered only where the mode lets it (Naval, «Кораблики»)."""
        return self.hot_seat or self.online or (len(self.humans) == 1
                                                and self.entry.computer_draws)

    @property
    def online(self) -> bool:
        """One seat is a person at another computer (issue 23): no curtain, no computer."""
        return any(s.kind == REMOTE for s in self.seats)

    def next_first(self) -> int | None:
        """Who moves first in the next game, as far as it is known before it starts: the
        loser of the last game that had one (a draw changes nothing), else the one chosen;
        None when the lot will decide."""
        if self.last_loser is not None:  # "В случае продолжения баталии первый ход делает проигравший"
            return self.last_loser
        return None if self.first == "lot" else int(self.first)

    def first_player(self) -> int:
        first = self.next_first()
        return self.rng.randrange(2) if first is None else first

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
        return computer_setup(cfg, self.rng, ships)   # §A: its air defences where they guard

    def player(self, i: int, decide_rng: random.Random | None = None, fresh: bool = False):
        """Seat ``i``'s computer player (``game.ai.player.Player``) at its personality's level in
        this mode, with its placement style and, if it remembers, the human's profile."""
        seat, cfg, entry = self.seats[i], self.config, self.entry
        memory = (self.profile.memory(cfg.width, cfg.height)
                  if seat.remembers and self.profile else None)
        return entry.player(entry.level_of(seat), cfg, random.Random(self.rng.getrandbits(32)),
                            decide_rng=decide_rng, memory=memory, style=seat.placement,
                            fleet=lambda: self.computer_fleet(i), fresh=fresh)

    def players(self, decide_rng: random.Random | None = None, fresh: bool = False) -> dict:
        """Every computer seat's player, by seat. Classic's decide with ``decide_rng`` (with
        ``fresh``, a generator of their own drawn from it for each decision)."""
        return {i: self.player(i, decide_rng, fresh) for i, seat in enumerate(self.seats)
                if seat.kind == COMPUTER}

    def computer_setups(self) -> list:
        """Each computer seat's set-up before the battle (None for a person's seat)."""
        return [self.entry.computer_setup(self, i) if seat.kind == COMPUTER else None
                for i, seat in enumerate(self.seats)]

    def helper(self):
        """The mode's strongest player, deciding for a person who asked it to (Naval's automatic
        interception, §N)."""
        entry = self.entry
        return entry.player(entry.best, self.config, random.Random(self.rng.getrandbits(32)))

    def new_game(self, setups):
        return self.entry.start(self.config, setups, self.first_player())

    def progressed(self, game) -> None:
        """After every action: a campaign battle is saved whenever it waits for the person, so
        closing the window loses nothing."""
        if game.over or self.seats[game.turn].kind != HUMAN:
            return
        if self.campaign is not None:
            self.campaign.save(game)
        if self.keeper is not None:
            self.keeper.save(self, game)

    def abandoned(self) -> None:
        if self.campaign is not None:
            self.campaign.abandon()
        if self.keeper is not None:
            self.keeper.clear()

    # -- a match kept with its battle in progress (issue 33) --------------------------------
    def to_dict(self) -> dict:
        """What makes this match again (``from_dict``): the rules, the seats, the series."""
        return {"mode": self.mode, "config": self.config.to_dict(),
                "seats": [s.to_dict() for s in self.seats], "first": self.first,
                "letters": self.letters, "seed": self.seed, "best_of": self.best_of,
                "auto_intercept": self.auto_intercept, "score": list(self.score),
                "games": self.games, "last_loser": self.last_loser,
                "series": self.series.to_dict()}

    @classmethod
    def from_dict(cls, data, profile=None) -> "Match":
        """The match ``to_dict`` wrote (``profile``: the person's, for a computer that learns);
        ValueError names the key that does not fit."""
        if not isinstance(data, dict):
            raise ValueError("expected a table")
        mode = data.get("mode")
        if mode not in MODES:
            raise ValueError(f"key 'mode': unknown mode {mode!r}")
        try:
            config = MODES[mode].rules.config_from_dict(data.get("config"))
        except (RuleError, TypeError, ValueError) as exc:   # its reader names the key
            raise ValueError(f"key 'config': {exc}") from None
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != 2:
            raise ValueError("key 'seats': expected two seats")

        def fits(key, ok) -> None:
            if not ok(data.get(key)):
                raise ValueError(f"key {key!r}: {data.get(key)!r} does not fit")
        fits("first", lambda v: v in ("lot", "0", "1"))
        fits("letters", _is(str))
        fits("seed", _number)
        fits("best_of", _number)
        fits("auto_intercept", _is(bool))
        fits("games", _count)
        fits("last_loser", _loser)
        fits("score", lambda v: isinstance(v, list) and len(v) == 2 and all(map(_count, v)))
        series = data.get("series")
        if not isinstance(series, dict):
            raise ValueError("key 'series': expected a table")
        match = cls(config, tuple(Seat.from_dict(s) for s in seats), first=data["first"],
                    letters=data["letters"], seed=data["seed"], profile=profile,
                    best_of=data["best_of"], auto_intercept=data["auto_intercept"])
        match.score, match.games = list(data["score"]), data["games"]
        match.last_loser = data["last_loser"]
        score = series.get("score")
        if not (isinstance(score, list) and len(score) == 2 and all(map(_count, score))
                and _loser(series.get("last_loser"))):
            raise ValueError(f"key 'series': {series!r} does not fit")
        match.series.score, match.series.last_loser = list(score), series["last_loser"]
        return match

    def finish(self, game) -> None:
        self.games += 1
        if self.campaign is not None:
            self.campaign.finish(game)
        if self.keeper is not None:
            self.keeper.clear()
        if game.winner is None:       # §N, N-f: a draw scores nothing; the same side begins
            return
        self.score[game.winner] += 1
        self.last_loser = 1 - game.winner
        if not self.series.over:
            self.series.record(game.winner)

