"""The modes the rules know, and how each writes its moves in notation.

A record (``game.data.record``) and the replay tool reach every mode only through this table, so
a new mode plugs in by adding one entry here and a module of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import classic


@dataclass(frozen=True)
class Mode:
    key: str
    config_from_dict: Callable[[dict], object]
    new_game: Callable  # (config, fleets, first) -> game
    action_to_text: Callable  # (action, format_cell) -> str
    action_from_text: Callable  # (text, parse_cell) -> action
    outcome_text: Callable  # (events of one action) -> str, e.g. "hit"
    outcome_words: frozenset  # the words outcome_text uses, so a record can tell them apart
    presets: dict  # name -> config
    random_game: Callable  # (config, rng) -> a new game with random legal set-up


def _classic_outcome(events) -> str:
    return " ".join(e.outcome for e in events if isinstance(e, classic.ShotResult))


MODES: dict[str, Mode] = {
    "classic": Mode(
        key="classic",
        config_from_dict=classic.ClassicConfig.from_dict,
        new_game=classic.ClassicGame,
        action_to_text=lambda action, fmt: fmt(action.cell),
        action_from_text=lambda text, parse: classic.Shot(parse(text)),
        outcome_text=_classic_outcome,
        outcome_words=frozenset((classic.MISS, classic.HIT, classic.SUNK)),
        presets=classic.PRESETS,
        random_game=classic.new_game,
    ),
}
