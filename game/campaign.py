"""The voyage: the campaign's levels (``game.levels``) with one player's progress
(``game.data.progress``), the match each level makes, and what a finished battle earns.

The person always sits at seat 0 of a campaign match; the level's opponent at seat 1.
``autoplay`` plays a level with the computer in both seats (the tests' proof that every level
can be won; the star limits are measured with it). Pure Python: no pygame.

Difficulty (issue 22), chosen per captain: Easy moves every opponent one step down its mode's
``ladder`` and loosens the star limits, Hard one step up (an opponent already at the top stays
there but plays first) and tightens them (``Level.limits``). Stars remember what they were
won at. What a battle earns besides stars: medals (``game.rewards``) for the mode's feats, a
boss beaten on Hard, a voyage finished, three stars on every port of a voyage.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .ai.player import play_out
from .data.progress import DIFFICULTIES, Progress, ProgressStore
from .i18n.phrase import Said
from .levels import (Level, finished_voyages, last_port, load_levels, load_voyages, metrics,
                     open_levels)
from .rewards import voyage_medal
from .match import COMPUTER, HUMAN, Match, Seat
from .modes import MODES, restore_game

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
    difficulty: str = "normal"
    medals: list = field(default_factory=list)   # medals first earned in this battle
    voyage_finished: str = ""       # the voyage this win finished for the first time
    rank_before: int = 0            # the captain's rank index before and after the battle
    rank_after: int = 0


def _step(level: Level, by: int) -> str:
    ladder = MODES[level.mode].ladder
    own = level.opponent.ai
    if own not in ladder:           # a level outside the ladder (a bench-only one) stays
        return own
    return ladder[max(0, min(len(ladder) - 1, ladder.index(own) + by))]


def opponent_level(level: Level, difficulty: str = "normal") -> str:
    """The level's opponent at ``difficulty``: one step down its mode's ladder on Easy, one up
    on Hard (the top stays the top)."""
    return _step(level, {"easy": -1, "hard": 1}.get(difficulty, 0))


def first_of(level: Level, difficulty: str = "normal") -> str:
    """Who moves first: the level's own choice, except on Hard against an opponent already at
    the top of its ladder, who plays first."""
    ladder = MODES[level.mode].ladder
    if difficulty == "hard" and ladder and level.opponent.ai == ladder[-1]:
        return "opponent"
    return level.first


def step_below(level: Level) -> str:
    """The self-play player a level's star limits are measured with: its opponent's level one
    step down the ladder (the cabin boy's own level at the bottom)."""
    return _step(level, -1)


class Voyage:
    def __init__(self, key: str = "player", name: str = "", folder=None,
                 store: ProgressStore | None = None):
        self.levels, self.problems = load_levels(folder)
        self.voyages, _ = load_voyages(folder)      # their problems are in self.problems
        self.store = store or ProgressStore()
        self.progress: Progress = self.store.load(key, name)
        self.key = key
        self._settle()

    def _settle(self) -> None:
        """Medals a progress has earned but does not hold (an upgraded version-1 file whose
        voyage's last port is won)."""
        for vid in sorted(finished_voyages(self.levels, self.progress.won)):
            if vid not in self.progress.voyages:
                self.progress.voyages.append(vid)
            self.progress.award(voyage_medal(vid), last_port(self.levels, vid).id)

    @property
    def difficulty(self) -> str:
        return self.progress.difficulty

    def set_difficulty(self, difficulty: str) -> None:
        if difficulty not in DIFFICULTIES:
            raise ValueError(difficulty)
        self.progress.difficulty = difficulty

    def voyage_of(self, level: Level):
        return next((v for v in self.voyages if v.id == level.voyage), None)

    def ports(self, voyage_id: str) -> list[Level]:
        return [lv for lv in self.levels if lv.voyage == voyage_id]

    def voyage_open(self, voyage_id: str) -> bool:
        v = next((v for v in self.voyages if v.id == voyage_id), None)
        return v is None or not v.after or v.after in finished_voyages(self.levels,
                                                                       self.progress.won)

    def level(self, level_id: str) -> Level | None:
        return next((lv for lv in self.levels if lv.id == level_id), None)

    def opened(self) -> set[str]:
        return open_levels(self.levels, self.progress.won, self.voyages)

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

    def finish(self, level: Level, game, difficulty: str | None = None) -> Result:
        """Record a finished battle of ``level`` played at ``difficulty`` (the captain's):
        stars, the best result, medals, levels opened, a voyage ended; the saved battle is
        gone."""
        difficulty = difficulty or self.difficulty
        before = self.opened()
        rank_before = self.progress.rank.index
        won = game.winner == PLAYER
        measured = metrics(game, PLAYER)
        stars = level.stars_for(measured if won else None, difficulty)
        entry = self.progress.record(level.id, stars, measured, difficulty)
        medals = [m for m in sorted(MODES[level.mode].feats(game, PLAYER))
                  if self.progress.award(m, level.id, difficulty)]
        if won and level.boss is not None and difficulty == "hard" and self.progress.award(
                "boss_hard", level.id, difficulty):
            medals.append("boss_hard")
        ended = ""
        if won and level.voyage not in self.progress.voyages and level.voyage in \
                finished_voyages(self.levels, self.progress.won):
            ended = level.voyage
            self.progress.voyages.append(ended)
            if self.progress.award(voyage_medal(ended), level.id, difficulty):
                medals.append(voyage_medal(ended))
        ports = self.ports(level.voyage)
        if won and all(self.progress.stars(lv.id) >= lv.max_stars for lv in ports) and \
                self.progress.award("all_stars", level.id, difficulty):
            medals.append("all_stars")
        self.store.clear_battle(self.key)
        opened = [lv for lv in self.levels if lv.id in self.opened() - before]
        if opened:          # the chart, now and after a restart, opens on the port just opened
            self.progress.last = opened[0].id
        return Result(level, won, game.winner is None, stars, measured, entry["stars"], opened,
                      difficulty, medals, ended, rank_before, self.progress.rank.index)


class Battle:
    """The link between a campaign match and its voyage: saves the battle as it goes, records
    its end. Problems writing files are collected in ``problems`` for the screen to show."""

    def __init__(self, voyage: Voyage, level: Level, seed: int,
                 difficulty: str = "normal"):
        self.voyage = voyage
        self.level = level
        self.seed = seed
        self.difficulty = difficulty
        self.result: Result | None = None
        self.problems: list[str] = []

    def save(self, game) -> None:
        try:
            self.voyage.store.save_battle(self.voyage.key, self.level.id, self.seed,
                                          game.to_dict(), self.difficulty)
        except OSError as exc:
            self.problems.append(exc.strerror or str(exc))

    def finish(self, game) -> None:
        self.result = self.voyage.finish(self.level, game, self.difficulty)
        problem = self.voyage.save()
        if problem:
            self.problems.append(problem)

    def abandon(self) -> None:
        self.voyage.store.clear_battle(self.voyage.key)


def make_match(level: Level, seed: int, player: str, lang: str = "en", letters: str = "latin",
               voyage: Voyage | None = None, profile=None, player_ai: str | None = None,
               difficulty: str | None = None) -> Match:
    """The match a level makes at ``difficulty`` (the voyage's captain's, else Normal): the
    person (or, for ``autoplay``, the computer ``player_ai``) at seat 0, the level's opponent,
    moved along its ladder by the difficulty, at seat 1."""
    if difficulty is None:
        difficulty = voyage.difficulty if voyage is not None else "normal"
    opp = level.opponent
    if player_ai is None:
        me = Seat(HUMAN, player)
    else:
        me = Seat(COMPUTER, player, player_ai, "random")
    them = Seat(COMPUTER, level.name(lang), opponent_level(level, difficulty), opp.placement,
                opp.personality, opp.remembers,
                label=Said(lambda tr: level.name(tr.lang)))   # follows the language
    match = Match(level.config, (me, them), first=FIRST[first_of(level, difficulty)],
                  letters=letters, seed=seed, profile=profile)
    if voyage is not None:
        match.campaign = Battle(voyage, level, seed, difficulty)
    return match


def restore(level: Level, saved: dict):
    """The game of a saved battle of ``level``; raises ValueError naming what does not fit."""
    return restore_game(saved.get("game"), level.mode, level.config)


def autoplay(level: Level, seed: int, player_ai: str | None = None,
             difficulty: str = "normal"):
    """Play ``level`` at ``difficulty`` with the computer in both seats (``player_ai`` at the
    person's seat; by default the level's ``step_below`` player, with whom its star limits are
    measured), from the same set-up code the game uses; return the game."""
    match = make_match(level, seed, "A", player_ai=player_ai or step_below(level),
                       difficulty=difficulty)
    players = match.players(decide_rng=random.Random(seed ^ 0xA070))
    game = match.new_game([players[0].set_up(0), players[1].set_up(1)])
    play_out(game, [players[0], players[1]], AUTOPLAY_LIMIT)
    return game
