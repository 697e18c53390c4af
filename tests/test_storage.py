"""Where the saves go (issue 18, item 18): an environment variable set to nothing, or to a
relative folder, counts as unset, so saves never land in the folder the game was started from."""

import sys
from pathlib import Path

import pytest

from game.data import storage
from game.data.storage import data_dir


@pytest.fixture
def env(monkeypatch, tmp_path):
    for name in ("SEABATTLE_HOME", "XDG_DATA_HOME", "APPDATA", "USERPROFILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "platform", "linux")
    return monkeypatch, tmp_path / "home"


@pytest.mark.parametrize("value", ["", "relative/data"])
def test_an_empty_or_relative_xdg_data_home_means_the_default(env, value):
    mp, home = env
    mp.setenv("XDG_DATA_HOME", value)
    assert data_dir() == home / ".local" / "share" / "seabattle"
    assert data_dir().is_absolute()


def test_xdg_data_home_and_seabattle_home_when_set(env, tmp_path):
    mp, _ = env
    mp.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "seabattle"
    mp.setenv("SEABATTLE_HOME", str(tmp_path / "portable"))
    assert data_dir() == tmp_path / "portable"
    mp.setenv("SEABATTLE_HOME", "")                   # empty: as if unset
    assert data_dir() == tmp_path / "xdg" / "seabattle"


@pytest.mark.parametrize("value", ["", "."])
def test_an_empty_home_falls_back_to_the_user_database(env, value):
    mp, _ = env
    mp.setenv("HOME", value)
    base = data_dir()
    assert base.is_absolute() and base.parts[-3:] == (".local", "share", "seabattle")


def test_windows_appdata_empty_means_unset(env, tmp_path):
    mp, _ = env
    mp.setattr(sys, "platform", "win32")
    mp.setenv("USERPROFILE", str(tmp_path / "user"))
    mp.setenv("APPDATA", "")
    assert data_dir() == tmp_path / "user" / "AppData" / "Roaming" / "SeaBattle"
    mp.setenv("APPDATA", str(tmp_path / "roaming"))
    assert data_dir() == tmp_path / "roaming" / "SeaBattle"


def test_macos_follows_home(env):
    mp, home = env
    mp.setattr(sys, "platform", "darwin")
    assert data_dir() == home / "Library" / "Application Support" / "SeaBattle"
    assert storage.home() == Path(home)
