"""One generic test for every mode the rules know (the PettingZoo api_test idea): random legal
play through the mode's own interface always ends, every offered action passes the rules' check,
refused actions change nothing, and the state survives JSON. (What each view may hold is tested
per mode, e.g. tests/test_classic.py.)

A new mode is covered the day it is added to ``game.rules.modes.MODES``."""

import json
import random

import pytest

from game.rules.errors import RuleError
from game.rules.modes import MODES

CASES = [(mode, preset) for mode, m in MODES.items() for preset in m.presets]


@pytest.mark.parametrize("mode,preset", CASES)
@pytest.mark.parametrize("seed", range(6))
def test_random_legal_play(mode, preset, seed):
    m = MODES[mode]
    rng = random.Random(seed)
    game = m.random_game(m.presets[preset], rng)
    steps = 0
    while not game.over:
        actions = game.legal_actions()
        assert actions, "a game that is not over must offer a legal action"
        for a in actions[:3]:
            game.check(a)  # every offered action passes the rules' own check
        # the state is compared whole at every step of the first 200, then at every 10th (and
        # rebuilt from JSON every 17th, then every 170th): long games (§K) stay affordable
        early = steps < 200
        if early or steps % 10 == 0:
            state = json.dumps(game.to_dict(), sort_keys=True)
        with pytest.raises(RuleError):
            game.apply(object())  # nonsense is refused ...
        if early or steps % 10 == 0:
            assert json.dumps(game.to_dict(), sort_keys=True) == state  # ... and changes nothing
        events = game.apply(m.random_action(game, rng))
        assert events
        steps += 1
        assert steps < 40_000
        if steps % (17 if early else 170) == 0:
            again = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
            assert again.to_dict() == game.to_dict()
    assert game.winner in (0, 1) or getattr(game, "drawn", False)   # §N has draws (N-f)
    assert game.legal_actions() == []


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_mode_implements_the_game_protocol(mode):
    """game.rules.base: one protocol, and TurnChanged / GameOver defined once for all modes."""
    from game.rules import base
    m = MODES[mode]
    rng = random.Random(3)
    game = m.random_game(next(iter(m.presets.values())), rng)
    assert isinstance(game, base.Game)
    assert game.drawn is False and game.winner is None and not game.over
    copy = game.clone()
    before = json.dumps(game.to_dict(), sort_keys=True)
    seen = set()
    for _ in range(400):                      # play the copy on: the original stays as it was
        if copy.over:
            break
        for event in copy.apply(m.random_action(copy, rng)):
            seen.add(type(event))
    assert json.dumps(game.to_dict(), sort_keys=True) == before
    assert copy.history != game.history
    assert base.TurnChanged in seen
    for cls in seen:                          # no mode defines its own turn or end event
        assert cls.__name__ not in ("TurnChanged", "GameOver") or cls.__module__ == base.__name__
