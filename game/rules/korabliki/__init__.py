"""«Кораблики», the game of moving pieces whose ranks are hidden (RULES.md §K): the whole of the
mode's contract, in one package (issue 34).

- ``game``: the pieces, actions, events, the view one player has and ``KorablikiGame``, the
  state machine (and what each player may be told: ``events_for``);
- ``deal``: a game from a record's pieces, a new game, a random legal action;
- ``writing``: the JSON forms of actions and set-ups (one strict reader for saves, replays,
  records and the network) and the notation of records;
- ``told``: field by field, what a player may be told, for the network's leak check.
"""

from .deal import *  # noqa: F401,F403
from .writing import (CELLS, FIELD_TYPES, OUTCOME_WORDS, action_from_json,  # noqa: F401
                    action_from_text, action_to_json, action_to_text, check_setup, outcome_text,
                    setup_from_json, setup_to_json)
from .game import *  # noqa: F401,F403
from . import told  # noqa: F401  (what a player may be told: the leak check's table)
