"""Settings: remembered, validated, saved atomically; a broken file never stops the game."""

import json
import os

import pytest

from game.data.settings import Settings, SettingsStore
from game.data.storage import atomic_write_text


def test_round_trip(home):
    store = SettingsStore()
    s = Settings(language="uk", letters="ukrainian", halo=False, effects_volume=0.3,
                 music_volume=0.9, muted=True, sound_style="1977", anim_speed=2.0, fullscreen=False, window=[1024, 700],
                 quick_match={"opponent": "boatswain"})
    store.save(s)
    assert store.load() == s and store.problems == []
    assert json.loads((home / "settings.json").read_text())["version"] == 2


def test_bad_values_fall_back_and_are_named(home):
    (home / "settings.json").write_text(json.dumps(
        {"version": 2, "language": "klingon", "music_volume": "loud", "halo": False,
         "sound_style": "1984", "shoe_size": 44}))
    store = SettingsStore()
    s = store.load()
    assert s.language == Settings().language and s.music_volume == 0.6 and s.halo is False
    assert s.sound_style == "modern"
    text = "\n".join(store.problems)
    assert "settings.json" in text
    assert "'language'" in text and "klingon" in text
    assert "'music_volume'" in text and "a number from 0 to 1" in text
    assert "'sound_style'" in text and "1984" in text
    assert "'shoe_size'" in text


def test_a_version_1_file_is_upgraded_its_volume_becomes_the_effects(home):
    (home / "settings.json").write_text(json.dumps(
        {"version": 1, "language": "ru", "volume": 0.3, "muted": True}))
    store = SettingsStore()
    s = store.load()
    assert store.problems == []
    assert (s.effects_volume, s.music_volume, s.muted, s.language) == (0.3, 0.6, True, "ru")
    store.save(s)
    saved = json.loads((home / "settings.json").read_text())
    assert saved["version"] == 2 and saved["effects_volume"] == 0.3 and "volume" not in saved
    assert SettingsStore().load() == s


def test_a_version_1_file_with_a_bad_volume_falls_back_and_says_so(home):
    (home / "settings.json").write_text(json.dumps({"version": 1, "volume": 7}))
    store = SettingsStore()
    assert store.load().effects_volume == 0.8
    assert "a number from 0 to 1" in store.problems[0] and "7" in store.problems[0]


def test_a_version_2_file_has_no_plain_volume(home):
    (home / "settings.json").write_text(json.dumps({"version": 2, "volume": 0.3}))
    store = SettingsStore()
    assert store.load().effects_volume == 0.8
    assert "unknown key 'volume'" in store.problems[0]


@pytest.mark.parametrize(("version", "says"), [
    (3, "made by a newer game"), ("two", "key 'version'"), (0, "key 'version'")])
def test_an_unreadable_version_is_reported_and_known_keys_still_read(home, version, says):
    (home / "settings.json").write_text(json.dumps(
        {"version": version, "effects_volume": 0.4, "music_volume": 0.2}))
    store = SettingsStore()
    s = store.load()
    assert (s.effects_volume, s.music_volume) == (0.4, 0.2)
    assert says in store.problems[0] and "settings.json" in store.problems[0]


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
