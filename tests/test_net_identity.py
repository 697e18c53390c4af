"""A player's identity (issue 37, part 1): the key kept once per installation, written
atomically, a broken file moved aside and said, never written over; the server's id and tag."""

from __future__ import annotations

import json

from game.net import identity
from game.net.protocol import KEY_BYTES, TAG_LENGTH


def test_a_key_is_made_once_and_read_back_the_same(tmp_path):
    first = identity.load_or_make(tmp_path)
    assert first.made_now and first.problem is None
    assert len(first.key) == KEY_BYTES * 2 and int(first.key, 16) >= 0
    kept = json.loads((tmp_path / "identity.json").read_text(encoding="utf-8"))
    assert kept == {"format": 1, "key": first.key}
    again = identity.load_or_make(tmp_path)
    assert (again.key, again.made_now, again.problem) == (first.key, False, None)
    assert not list(tmp_path.glob(".identity.json.*.tmp"))     # the atomic writer's leftovers
    assert identity.load_or_make(tmp_path / "other").key != first.key


def test_a_broken_file_is_moved_aside_and_said_never_overwritten(tmp_path):
    for n, broken in enumerate(['{"format": 1, "key": "abc"}', "not json {", '["x"]',
                                '{"format": 7, "key": "' + "0" * 64 + '"}']):
        (tmp_path / "identity.json").write_text(broken, encoding="utf-8")
        loaded = identity.load_or_make(tmp_path)
        assert loaded.made_now and "identity.json" in loaded.problem
        aside = tmp_path / f"identity.json.broken-{n + 1}"
        assert aside.read_text(encoding="utf-8") == broken      # kept as it was
        assert loaded.problem.endswith(f"(kept as {aside.name}; a new player starts)")
        assert identity.load_or_make(tmp_path).key == loaded.key     # the new one is kept


def test_the_server_keeps_only_a_digest_and_shows_its_tag():
    key = "ab" * KEY_BYTES
    pid = identity.player_id(key)
    assert len(pid) == 64 and key not in pid and pid == identity.player_id(key)
    assert pid != identity.player_id("ac" * KEY_BYTES)
    assert identity.tag(pid) == pid[:TAG_LENGTH].upper() and len(identity.tag(pid)) == TAG_LENGTH


def test_a_folder_that_cannot_be_written_gives_a_key_for_now_and_says_so(tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("x", encoding="utf-8")
    loaded = identity.load_or_make(blocked)
    assert loaded.made_now and len(loaded.key) == KEY_BYTES * 2
    assert "not kept" in loaded.problem


def test_a_broken_file_that_cannot_be_moved_is_left_as_it_is(tmp_path, monkeypatch):
    (tmp_path / "identity.json").write_text("{broken", encoding="utf-8")
    monkeypatch.setattr(identity, "keep_aside", lambda path: None)
    loaded = identity.load_or_make(tmp_path)
    assert loaded.made_now and "could not be moved aside" in loaded.problem
    assert (tmp_path / "identity.json").read_text(encoding="utf-8") == "{broken"
