"""The monkey (``python -m game.bench monkey``): the whole game driven by random input. A short
run on a fixed seed must play through several screens without a crash, the same seed must give
the same summary line, and a crash must be counted, reported once and survived."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

from game import monkey
from game import app as app_module
from game.scenes.common.base import SceneStack

ROOT = Path(__file__).resolve().parents[1]
EVENTS, SEED = 500, 1


def bench_monkey(home: Path, events: int, seed: int):
    env = dict(os.environ, SEABATTLE_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game.bench", "monkey", "--events", str(events),
                          "--seed", str(seed)], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1]), out.stderr


def test_the_monkey_plays_through_the_screens_without_a_crash_and_repeats_itself(tmp_path):
    # two processes (each with its own string hashing), one seed: one line
    first, err = bench_monkey(tmp_path, EVENTS, SEED)
    assert set(first) == {"events", "frames", "crashes", "scenes", "weapons", "comfort",
                          "controller"}
    # issue 38: a game controller among the hands, plugged in and its buttons pressed
    assert first["controller"]["plugged"] >= 1 and first["controller"]["events"] > 0
    assert first["events"] == EVENTS and first["frames"] >= EVENTS // 2
    assert first["crashes"] == 0, err          # the tracebacks, if the game crashed
    assert "TitleScene" in first["scenes"]
    assert len(first["scenes"]) >= 6, first["scenes"]
    assert sum(first["scenes"].values()) == first["frames"]
    # issue 38: the first start is a player's with reduced motion and 150 % text; every frame
    # is counted under its palette, its scale and its motion
    comfort = first["comfort"]
    assert comfort["reduced_motion"] > 0 and comfort["scale_150"] > 0, comfort
    for prefix in ("palette_", "scale_"):
        assert sum(v for k, v in comfort.items() if k.startswith(prefix)) == first["frames"]
    assert comfort["reduced_motion"] + comfort.get("full_motion", 0) == first["frames"]
    second, _ = bench_monkey(tmp_path, EVENTS, SEED)
    assert second == first
    # the player's own data folder is never touched: the monkey keeps its files elsewhere
    assert list(tmp_path.iterdir()) == []


def test_a_crash_is_counted_each_time_reported_once_and_the_game_starts_again(home, monkeypatch):
    original = SceneStack.handle

    def fragile(self, event):
        if event.type == pygame.KEYUP:
            raise ZeroDivisionError("no screen can take a key let go")
        original(self, event)

    monkeypatch.setattr(SceneStack, "handle", fragile)
    launched = []
    launch = app_module.launch
    monkeypatch.setattr(app_module, "launch",
                        lambda *a, **k: launched.append(launch(*a, **k)) or launched[-1])
    err = io.StringIO()
    m = monkey.Monkey(100, 3, err=err)       # a seed whose run both crashes and quits
    result = m.run()
    assert result["events"] == 100
    assert result["crashes"] >= 2 and m.quits >= 1
    assert m.starts == 1 + result["crashes"] + m.quits
    text = err.getvalue()
    # one report: the innermost frame of the game's own code names the crash
    assert text.count("ZeroDivisionError: no screen can take a key let go") == 1
    assert text.count("# monkey crash") == 1
    assert "ZeroDivisionError at game/app.py" in text
    # every game it started thought at once, in its own worker given to the app; the data
    # folder is given back
    assert len(launched) == m.starts
    assert all(a.thinker is m.thinker for a in launched)
    assert isinstance(m.thinker, monkey.Synchronous)
    assert os.environ["SEABATTLE_HOME"] == str(home)
    assert list(home.iterdir()) == []


def test_the_monkey_fires_the_arsenal_in_an_arcade_battle_and_counts_it(home):
    """§A: in an Arcade battle the monkey chooses weapons (keys 1-4, Tab) as it clicks the
    enemy field, and its summary counts the weapons the person fired."""
    import random

    from game.app import App
    from game.match import COMPUTER, HUMAN, Match, Seat
    from game.rules.classic import PRESETS, WeaponResult, random_setup
    from game.scenes.classic.battle import BattleScene
    m = monkey.Monkey(10 ** 6, 3)
    m.pg, m.keys = pygame, monkey._key_table()
    m.app = App(size=(1280, 720), seed=3, audio=False, thinker=monkey.Synchronous())
    cfg = PRESETS["arcade"]
    match = Match(cfg, (Seat(HUMAN, "A"), Seat(COMPUTER, "B", "hunter")), first="0", seed=3)
    rng = random.Random(2)
    scene = BattleScene(m.app, match, match.new_game([random_setup(cfg, rng),
                                                      random_setup(cfg, rng)]))
    m.app.scenes.push(scene)
    for _ in range(60):
        if scene.game.over or m.weapons >= 2 or m.app.scenes.top is not scene:
            break
        for dt, events in m._purpose_BattleScene(scene):
            m._frame(dt, events)
    fired = [r for p, _, r in scene.game.history if p == 0 and isinstance(r, WeaponResult)]
    assert len(fired) >= 2 and m.weapons == len(fired)
    m.app.quit()


def test_the_monkey_changes_the_palette_motion_and_size_in_the_settings(home):
    """Issue 38: on the settings screen the monkey now and then steps the colour vision, reduced
    motion and the text size rows, so every one of them is played with."""
    from game.scenes.common.settings import SettingsScene
    m = monkey.Monkey(events=10, seed=4, err=io.StringIO())
    m.pg = pygame
    m.keys = monkey._key_table()
    m.app = app_module.App(size=(1280, 720), seed=1, audio=False)
    scene = m.app.scenes.push(SettingsScene(m.app))
    m.app.step(0.02, [])
    rows = set()
    for _ in range(40):
        for _dt, events in m._purpose_SettingsScene(scene):
            for event in events:
                if event.type == pygame.MOUSEBUTTONDOWN:
                    rows |= {item.label() for item in m._menu_items(scene)
                             if item.is_choice and item.right.collidepoint(event.pos)}
    labels = {scene.tr(k) for k in ("settings.colour_vision", "settings.reduced_motion",
                                     "settings.ui_scale")}
    assert labels <= rows, rows
    m.app.quit()


def test_the_monkey_waits_for_a_connecting_screen_to_hear_the_server(monkeypatch):
    """A screen still connecting (its seat not yet given) is looked at until the server's first
    answers are all in, so what the next frame shows does not hang on how fast loopback was
    (issue 38: with a controller among its inputs, seed 1 reached the online waiting screen,
    where Esc leaves or asks as the connection is made or not yet, and two runs differed)."""
    import queue
    import threading
    import types

    inbox = queue.Queue()
    net = types.SimpleNamespace(status="connecting", _in=inbox,
                                remote=types.SimpleNamespace(seat=None))
    scene = types.SimpleNamespace(session=types.SimpleNamespace(net=net))

    def server():
        net.status = "open"
        for message in ("welcome", "joined", "state"):
            inbox.put(message)
            threading.Event().wait(0.02)

    threading.Timer(0.2, server).start()
    monkey.Monkey._settle(scene, bound=5.0)
    assert net.status == "open" and inbox.qsize() == 3
    # a screen with no connection, or a seat given, is not waited on
    net.remote.seat = 0
    inbox.put("more")
    monkey.Monkey._settle(scene, bound=5.0)
    monkey.Monkey._settle(types.SimpleNamespace(), bound=5.0)
