"""The voyage: the campaign's levels (``game.levels``) with one player's progress
(``game.data.progress``), the match each level makes, and what a finished battle earns.

The person always sits at seat 0 of a campaign match; the level's opponent at seat 1.
``autoplay`` plays a level with the computer in both seats (the tests' proof that every level
can be won). Pure Python: no pygame.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .ai.player import play_out
from .data.progress import Progress, ProgressStore
from .i18n.phrase import Said
from .levels import Level, load_levels, metrics, open_levels
from .match import COMPUTER, HUMAN, Match, Seat
from .modes import MODES
from .rules.errors import RuleError

PLAYER, OPPONENT = 0, 1
FIRST = {"player": "0", "opponent": "1", "lot": "lot"}
AUTOPLAY_LIMIT = 20000   # actions; a level's game that runs longer counts as unfinished


@dataclass
class Result:
    """What one finished battle of a level came to."""

    level: Level
    won: bool
    draw: bool
    stars: int                      # earned in this battle (0 for a loss or draw)
    metrics: dict
    best_stars: int                 # the level's stars after it
    opened: list = field(default_factory=list)   # levels this result opened


class Voyage:
    def __init__(self, key: str = "player", name: str = "", folder=None,
                 store: ProgressStore | None = None):
        self.levels, self.problems = load_levels(folder)
        self.store = store or ProgressStore()
        self.progress: Progress = self.store.load(key, name)
        self.key = key

    def level(self, level_id: str) -> Level | None:
        return next((lv for lv in self.levels if lv.id == level_id), None)

    def opened(self) -> set[str]:
        return open_levels(self.levels, self.progress.won)

    def state(self, level: Level) -> str:
        """"locked", "open" or "won"."""
        if level.id in self.progress.won:
            return "won"
        return "open" if level.id in self.opened() else "locked"

    def current(self) -> Level | None:
        """Where the chart opens: the level chosen last while it is still to be won, else the
        newest open port not yet won (the furthest along the voyage), else the level chosen
        last, else the first."""
        opened = self.opened()
        last = self.level(self.progress.last)
        if last is not None and last.id in opened and last.id not in self.progress.won:
            return last
        fresh = [lv for lv in self.levels if lv.id in opened and lv.id not in self.progress.won]
        if fresh:
            return fresh[-1]
        if last is not None and last.id in opened:
            return last
        return self.levels[0] if self.levels else None

    def max_stars(self) -> int:
        return sum(lv.max_stars for lv in self.levels)

    # -- saving ----------------------------------------------------------------------------
    def save(self) -> str | None:
        """Write the progress; the problem in words if it could not be written."""
        try:
            self.store.save(self.progress)
        except OSError as exc:
            return exc.strerror or str(exc)
        return None

    def choose(self, level: Level) -> None:
        self.progress.last = level.id

    def saved_battle(self) -> dict | None:
        return self.store.load_battle(self.key)

    def finish(self, level: Level, game) -> Result:
        """Record a finished battle of ``level``: stars, the best result, levels opened; the
        saved battle is gone."""
        before = self.opened()
        won = game.winner == PLAYER
        measured = metrics(game, PLAYER)
        stars = level.stars_for(measured if won else None)
        entry = self.progress.record(level.id, stars, measured)
        self.store.clear_battle(self.key)
        opened = [lv for lv in self.levels if lv.id in self.opened() - before]
        if opened:          # the chart, now and after a restart, opens on the port just opened
            self.progress.last = opened[0].id
        return Result(level, won, game.winner is None, stars, measured, entry["stars"], opened)


class Battle:
    """The link between a campaign match and its voyage: saves the battle as it goes, records
    its end. Problems writing files are collected in ``problems`` for the screen to show."""

    def __init__(self, voyage: Voyage, level: Level, seed: int):
        self.voyage = voyage
        self.level = level
        self.seed = seed
        self.result: Result | None = None
        self.problems: list[str] = []

    def save(self, game) -> None:
        try:
            self.voyage.store.save_battle(self.voyage.key, self.level.id, self.seed,
                                          game.to_dict())
        except OSError as exc:
            self.problems.append(exc.strerror or str(exc))

    def finish(self, game) -> None:
        self.result = self.voyage.finish(self.level, game)
        problem = self.voyage.save()
        if problem:
            self.problems.append(problem)

    def abandon(self) -> None:
        self.voyage.store.clear_battle(self.voyage.key)


def make_match(level: Level, seed: int, player: str, lang: str = "en", letters: str = "latin",
               voyage: Voyage | None = None, profile=None, player_ai: str | None = None) -> Match:
    """The match a level makes: the person (or, for ``autoplay``, the computer ``player_ai``) at
    seat 0, the level's opponent at seat 1."""
    opp = level.opponent
    if player_ai is None:
        me = Seat(HUMAN, player)
    else:
        me = Seat(COMPUTER, player, player_ai, "random")
    them = Seat(COMPUTER, level.name(lang), opp.ai, opp.placement, opp.personality,
                opp.remembers, label=Said(lambda tr: level.name(tr.lang)))   # follows the language
    match = Match(level.config, (me, them), first=FIRST[level.first], letters=letters,
                  seed=seed, profile=profile)
    if voyage is not None:
        match.campaign = Battle(voyage, level, seed)
    return match


def restore(level: Level, saved: dict):
    """The game of a saved battle of ``level``; raises ValueError naming what does not fit."""
    data = saved.get("game")
    mode = data.get("mode") if isinstance(data, dict) else None
    if mode != level.mode or mode not in MODES:
        raise ValueError(f"the saved battle is {mode!r}, the level {level.mode!r}")
    try:
        game = MODES[mode].game_class.from_dict(data)
    except (RuleError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(f"the saved game cannot be replayed ({exc})") from None
    if game.config != level.config:
        raise ValueError("the level's rules have changed since the battle began")
    if game.over:
        raise ValueError("the saved battle is already over")
    return game


def autoplay(level: Level, seed: int, player_ai: str | None = None):
    """Play ``level`` with the computer in both seats (``player_ai`` at the person's seat, the
    mode's best by default), from the same set-up code the game uses; return the game."""
    match = make_match(level, seed, "A", player_ai=player_ai or MODES[level.mode].best)
    players = match.players(decide_rng=random.Random(seed ^ 0xA070))
    game = match.new_game([players[0].set_up(0), players[1].set_up(1)])
    play_out(game, [players[0], players[1]], AUTOPLAY_LIMIT)
    return game
