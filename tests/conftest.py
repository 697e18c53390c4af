"""Headless test set-up: dummy video and audio drivers, and a private data folder, before
pygame or the game starts (as pyspacewar's conftest does)."""

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["SEABATTLE_HOME"] = tempfile.mkdtemp(prefix="seabattle-tests-")
os.environ["SEABATTLE_LISTEN"] = "127.0.0.1"     # a game that hosts listens on this machine only

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh data folder for one test."""
    monkeypatch.setenv("SEABATTLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def mixer():
    """A fresh dummy-driver mixer state for the test; closed afterwards (the sound tests)."""
    import pygame
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def local(monkeypatch):
    """A room a game hosts listens on this machine only (the online tests)."""
    from game.scenes.common import online
    monkeypatch.setattr(online, "LISTEN", "127.0.0.1")
