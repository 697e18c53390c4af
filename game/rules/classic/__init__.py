"""Classic "Морской бой" and its options, and the Flying Dutchman (RULES.md §0, §C with C1–C7,
and §D): the whole of the mode's contract, in one package (issue 34).

- ``game``: the config, actions, events, the view one player has and ``ClassicGame``, the
  state machine (and what each player may be told: ``ClassicGame.events_for``);
- ``deal``: random set-ups, a new game, a random legal action, the shots' statistics;
- ``writing``: the JSON forms of actions and set-ups (one strict reader for saves, replays,
  records and the network) and the notation of records;
- ``told``: field by field, what a player may be told, for the network's leak check.

Everything is read from here (``from game.rules import classic``); the mode's entry in
``game.rules.modes`` names the parts the rest of the game reaches through the registry.
"""

from .deal import *  # noqa: F401,F403
from .writing import (CELLS, FIELD_TYPES, OUTCOME_WORDS, action_from_json,  # noqa: F401
                    action_from_text, action_to_json, action_to_text, check_setup, outcome_text,
                    setup_from_json, setup_to_json)
from .game import *  # noqa: F401,F403
from . import told  # noqa: F401  (what a player may be told: the leak check's table)
