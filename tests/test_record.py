"""Game records and ``python -m game.replay`` (issue: game records)."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.data.record import RecordError, load_record, record_text, save_record
from game.rules.classic import PRESETS, ClassicConfig, Shot, new_game

ROOT = Path(__file__).resolve().parents[1]


def played(seed=3, moves=60, config=None, finish=False):
    rng = random.Random(seed)
    g = new_game(config or ClassicConfig(), rng)
    n = 0
    while not g.over and (finish or n < moves):
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    return g


def replay(path):
    return subprocess.run([sys.executable, "-m", "game.replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("letters", ["latin", "russian", "respublika", "snegurochka", "ukrainian"])
def test_round_trip_unfinished_game(tmp_path, letters):
    g = played()
    path = save_record(tmp_path / "game.txt", g, letters, ("Ann", "Боцман"))
    rec = load_record(path)
    assert rec.game.to_dict() == g.to_dict()
    assert rec.names == ["Ann", "Боцман"] and rec.letters == letters
    assert "result: unfinished" in path.read_text(encoding="utf-8")


def test_round_trip_finished_milton_bradley(tmp_path):
    g = played(config=PRESETS["milton-bradley"], finish=True)
    rec = load_record(save_record(tmp_path / "mb.txt", g))
    assert rec.game.winner == g.winner and rec.game.to_dict() == g.to_dict()


def test_replay_prints_one_line_per_shot_and_the_result(tmp_path):
    g = played(finish=True)
    path = save_record(tmp_path / "game.txt", g, "russian")
    out = replay(path)
    assert out.returncode == 0, out.stderr
    lines = [ln for ln in out.stdout.splitlines() if not ln.startswith("#")]
    shots = lines[:-1]
    assert len(shots) == len(g.history)
    player, action, result = g.history[11]
    from game.rules.coords import format_cell
    assert shots[11] == f"12 {'AB'[player]}: {format_cell(action.cell, 'russian')} {result.outcome}"
    assert lines[-1].startswith(f"result: {'AB'[g.winner]} wins")


def test_already_shot_cell_is_refused_with_line_and_reason(tmp_path):
    g = played()
    lines = record_text(g, "latin").splitlines()
    # find two moves by the same player and repeat the first one's cell in the second
    moves = [(i, ln) for i, ln in enumerate(lines) if ln[:1].isdigit()]
    i1, l1 = moves[0]
    who = l1.split(":")[0].split()[1]
    i2, l2 = next((i, ln) for i, ln in moves[1:] if ln.split(":")[0].split()[1] == who)
    number = l2.split()[0]
    lines[i2] = f"{number} {who}: {l1.split(':')[1].split()[0]}"
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines[: i2 + 1]) + "\n", encoding="utf-8")
    out = replay(path)
    assert out.returncode == 2
    assert f"bad.txt:{i2 + 1}:" in out.stderr
    assert "already been shot" in out.stderr


def _flip_outcome(line):
    words = line.split()
    words[-1] = "hit" if words[-1] == "miss" else "miss"
    return " ".join(words)


@pytest.mark.parametrize("mutate,needle", [
    (lambda ls: [ln if not ln.startswith("mode:") else "mode: chess" for ln in ls], "unknown mode"),
    (lambda ls: [ln if not ln.startswith("option width") else "option width: 99" for ln in ls],
     "width"),
    (lambda ls: ls[:8] + ["this is not a record line"] + ls[8:], "cannot read this line"),
    (lambda ls: [_flip_outcome(ln) if ln.startswith("1 ") else ln for ln in ls],
     "the rules give"),
    (lambda ls: [ln for ln in ls if not ln.startswith("ship A")], "no 'ship A:' lines"),
    (lambda ls: [("ship A: A1 A2 A3 A4 A5" if ln.startswith("ship A") else ln) for ln in ls],
     "fleet A"),
])
def test_malformed_files_exit_2_with_line_and_reason(tmp_path, mutate, needle):
    g = played(seed=5)
    lines = record_text(g, "latin").splitlines()
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(mutate(lines)) + "\n", encoding="utf-8")
    out = replay(path)
    assert out.returncode == 2, out.stdout
    assert out.stderr.startswith("error: ") and "bad.txt:" in out.stderr
    assert needle in out.stderr


def test_unreadable_file(tmp_path):
    path = tmp_path / "bin.txt"
    path.write_bytes(b"\xff\xfe\x00broken")
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert "UTF-8" in str(err.value)
    out = replay(tmp_path / "missing.txt")
    assert out.returncode == 2 and "missing.txt" in out.stderr


def test_a_naval_ceasefire_is_recorded_and_replayed_with_its_points(tmp_path):
    """§N ceasefire: the record's result and the replay say who won on points, and by how many."""
    from game.rules import naval as nv
    for seed in range(200):
        rng = random.Random(seed)
        g = nv.new_game(nv.NavalConfig(), rng)
        while not g.over:
            g.apply(nv.random_action(g, rng))
        if g.ceasefire is not None and g.winner is not None:
            break
    else:
        pytest.fail("no random Naval game in 200 ended in a ceasefire won on points")
    path = save_record(tmp_path / "naval.txt", g)
    basis, (a, b) = g.ceasefire
    high, low = max(a, b), min(a, b)
    word = "ship cells" if basis == "cells" else "points"
    expected = f"{'AB'[g.winner]} on {word} {high}–{low}"
    assert f"result: {expected}" in path.read_text(encoding="utf-8")
    rec = load_record(path)
    assert rec.game.winner == g.winner and rec.game.ceasefire == g.ceasefire
    out = replay(path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1].startswith(f"result: {expected} after")
