"""Settings: remembered, validated, saved atomically; a broken file never stops the game."""

import json
import os

import pytest

from game.data.settings import Settings, SettingsStore
from game.data.storage import atomic_write_text


def test_round_trip(home):
    store = SettingsStore()
    s = Settings(language="uk", letters="ukrainian", halo=False, volume=0.3, muted=True,
                 anim_speed=2.0, fullscreen=False, window=[1024, 700],
                 quick_match={"opponent": "boatswain"})
    store.save(s)
    assert store.load() == s and store.problems == []
    assert json.loads((home / "settings.json").read_text())["version"] == 1


def test_bad_values_fall_back_and_are_named(home):
    (home / "settings.json").write_text(json.dumps(
        {"language": "klingon", "volume": "loud", "halo": False, "shoe_size": 44}))
    store = SettingsStore()
    s = store.load()
    assert s.language == Settings().language and s.volume == 0.8 and s.halo is False
    text = "\n".join(store.problems)
    assert "settings.json" in text
    assert "'language'" in text and "klingon" in text
    assert "'volume'" in text and "a number from 0 to 1" in text
    assert "'shoe_size'" in text


def test_corrupt_file_is_kept_aside(home):
    (home / "settings.json").write_text("{not json")
    store = SettingsStore()
    assert store.load() == Settings()
    assert (home / "settings.json.broken-1").read_text() == "{not json"
    assert "not valid JSON" in store.problems[0] and "settings.json" in store.problems[0]
    store.save(Settings())
    assert SettingsStore().load() == Settings()


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    target = tmp_path / "a.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert sorted(os.listdir(tmp_path)) == ["a.json"]


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "a.json"
    atomic_write_text(target, "old")

    def boom(*args):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="disk full"):   # the caller hears of it, to tell the player
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["a.json"]
