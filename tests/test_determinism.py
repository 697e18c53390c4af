"""One seed, one game (issue 34, part 6): every registered mode, under each of its presets, is
played by its two weakest computer levels from one seed, and the game's record
(``game.data.record``: every set-up, move and outcome as text) comes out the same to the byte
each time: twice in this process (the second after the first has filled any cache) and once in
a fresh process whose string hashes differ (no set's order slips into a game). A game from
another seed differs, so the comparison can fail.

A new mode is covered the day it is added to ``game.modes.MODES``."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.data.record import record_text
from game.modes import MODES, computer_game

ROOT = Path(__file__).resolve().parents[1]
SEED, OTHER = 1, 2
CASES = [(mode, preset) for mode, entry in MODES.items() for preset in entry.rules.presets]


def record(mode: str, preset: str, seed: int) -> str:
    """The record of a game of ``preset`` between ``mode``'s weakest level and the next."""
    entry = MODES[mode]
    game, _ = computer_game(entry.rules.presets[preset], entry.levels[:2], seed)
    return record_text(game)


def records(seed: int) -> dict:
    """Every case's record, keyed "mode/preset" (what the fresh process prints)."""
    return {f"{mode}/{preset}": record(mode, preset, seed) for mode, preset in CASES}


@pytest.mark.parametrize("mode,preset", CASES)
def test_the_same_seed_plays_the_same_game(mode, preset):
    first = record(mode, preset, SEED)
    assert record(mode, preset, SEED) == first
    assert first.rstrip().splitlines()[-1] != "result: unfinished"   # a whole game compared
    assert record(mode, preset, OTHER) != first


def test_a_fresh_process_with_other_hashes_plays_the_same_games():
    here = records(SEED)
    code = ("import json; from tests.test_determinism import records; "
            f"print(hash('seabattle')); print(json.dumps(records({SEED})))")
    for hash_seed in ("1", "2"):      # one of the two differs from this process's
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                             text=True, timeout=120,
                             env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert out.returncode == 0, out.stderr
        hashed, printed = out.stdout.splitlines()[-2:]
        if int(hashed) != hash("seabattle"):
            break
    else:
        pytest.fail("no other string hashes to play under")
    there = json.loads(printed)
    assert list(there) == list(here)
    for case, text in here.items():
        assert there[case] == text, f"{case}: another process played another game"
