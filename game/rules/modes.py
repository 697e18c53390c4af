"""The modes the rules know: per mode, the whole of its contract as the rest of the game reaches
it (issue 34). Each mode's package (``game.rules.<mode>``) owns its config, its game, how its
moves and set-ups are written (``writing``: one strict JSON reader for saves, replays, records
and the network; the notation of records) and what each player may be told (``Game.events_for``
beside ``Game.view``; ``told``: the leak check's table). This table names them, so a record,
the replay tool and the network reach every mode through it, and a new mode plugs in by adding
one entry here and a package of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable

from . import classic, korabliki, naval


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
    random_action: Callable  # (game, rng) -> any legal action, drawn at random
    package: ModuleType      # the mode's rules package: its dataclasses travel by name
    game: type               # its Game: events_for(player, events), EVENTS, SECRETS
    action_to_json: Callable     # (action) -> its JSON form
    action_from_json: Callable   # (data, where, limit) -> the action; CodecError naming where
    setup_to_json: Callable      # (one side's set-up) -> its JSON form
    setup_from_json: Callable    # (config, data, where) -> the set-up; CodecError naming where
    check_setup: Callable        # (config, set-up, seat or None) -> None; the rules' refusal
    cells: int                   # the most cells its board has (no list of cells is longer)
    field_types: dict            # (class, field) -> the type a bare dict/tuple field holds
    told: ModuleType             # FIELDS, CHECKS, memory, legal: what a player may be told
    pieces: tuple = ("mines", "sweepers", "defences")  # one-cell pieces a record lists, by game
                                                      # attribute (defences: §A)
    ships: bool = True       # a record must list ships ("ship A: …" lines)


def _entry(package, key: str, config: type, game: type, new_game, **rest) -> Mode:
    """A mode's entry from its rules package: every part of the contract is the package's own."""
    forms = package.writing
    return Mode(key, config.from_dict, new_game, forms.action_to_text, forms.action_from_text,
                forms.outcome_text, forms.OUTCOME_WORDS, package.PRESETS, package.new_game,
                package.random_action, package, game, forms.action_to_json,
                forms.action_from_json, forms.setup_to_json, forms.setup_from_json,
                forms.check_setup, forms.CELLS, forms.FIELD_TYPES, package.told, **rest)


MODES: dict[str, Mode] = {
    "classic": _entry(classic, "classic", classic.ClassicConfig, classic.ClassicGame,
                      classic.ClassicGame),
    "naval": _entry(naval, "naval", naval.NavalConfig, naval.NavalGame, naval.from_pieces,
                    pieces=naval.PIECES),
    "korabliki": _entry(korabliki, "korabliki", korabliki.KorablikiConfig,
                        korabliki.KorablikiGame, korabliki.from_pieces,
                        pieces=korabliki.PIECES, ships=False),
}
