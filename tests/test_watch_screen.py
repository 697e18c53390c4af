"""The spectator's screen (issue 37, ``scenes.common.watch``): a room of each mode watched
through the game's ``Watcher`` (fed what a real server's spectator hears: ``gallery.watch``);
it shows the public boards and the log, can do nothing, and Esc leaves at once saying so."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.gallery.watch import Heard, spectated
from game.net.watcher import Watcher
from game.rules.classic import PRESETS
from game.rules.korabliki import KorablikiConfig
from game.rules.naval import NavalConfig
from game.scenes.common.base import Scene
from game.scenes.common.watch import WatchScene

from .helpers import click, key

ROOMS = [("classic", PRESETS["arcade"], 40), ("naval", NavalConfig(), 12),
         ("korabliki", KorablikiConfig(), 60)]


class Told(Heard):
    """The spectator's connection, keeping what the screen sends."""

    def __init__(self, messages):
        super().__init__(messages)
        self.sent: list = []

    def send(self, message) -> None:
        self.sent.append(message)


def opened(watcher, size=(1280, 720), lang="en"):
    app = App(size=size, seed=3, audio=False)
    app.settings.language = lang
    app.apply_settings()
    app.scenes.push(Scene(app))                 # where Esc goes back to
    scene = app.scenes.push(WatchScene(app, watcher))
    app.step(1 / 60, [])
    return app, scene


def watched(mode, config, moves, **kw) -> Watcher:
    w = spectated(mode, config, moves, seed=2, chat=((0, "hello"),), **kw)
    w.net = Told(w.net.messages)
    return w


@pytest.mark.parametrize("mode,config,moves", ROOMS, ids=[r[0] for r in ROOMS])
def test_the_screen_shows_the_public_game_and_esc_leaves_at_once(mode, config, moves):
    watcher = watched(mode, config, moves)
    app, scene = opened(watcher)
    assert watcher.board is not None and scene.geos
    log = [words for words, _ in scene.log]
    assert any("hello" in line for line in log) and len(log) > 5, log
    before = (watcher.spectates, len(watcher.chat), dict(watcher.state))
    for _ in range(5):
        app.step(1 / 60, [])
        app.draw()
    assert (watcher.spectates, len(watcher.chat), dict(watcher.state)) == before
    words, _ = scene.headline()
    assert watcher.name_of(watcher.state["turn"]) in words
    lines = [w for w, _ in scene.status_lines()]
    assert "1 watching" in lines and any(watcher.room in w for w in lines)
    app.step(1 / 60, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is not scene
    assert watcher.net.sent == [{"type": "leave"}] and watcher.closed


def test_a_click_on_the_words_leaves_too_and_nothing_else_is_sent():
    watcher = watched("classic", PRESETS["russian"], 10)
    app, scene = opened(watcher, (800, 600), "ru")
    for k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_TAB, pygame.K_r, pygame.K_UP):
        app.step(1 / 60, [key(k)])
    app.step(1 / 60, click(scene.geos[1].grid.center))
    assert watcher.net.sent == [] and app.scenes.top is scene
    app.step(1 / 60, click(scene.leave_rect.center))
    assert app.scenes.top is not scene and watcher.net.sent == [{"type": "leave"}]


def test_the_screen_says_a_room_waiting_and_why_it_cannot_watch():
    watcher = Watcher("127.0.0.1", 1, "ABCDEFGH", net=Told([]))
    app, scene = opened(watcher)
    assert scene.headline()[0] == app.tr("online.connecting")
    watcher.net.messages = [{"type": "error", "code": "watch_full", "message": "full"}]
    app.step(1 / 60, [])
    app.draw()
    assert scene.headline()[0] == app.tr("watch.error_full")
    other = Watcher("127.0.0.1", 1, "ABCDEFGH", net=Told([{
        "type": "spectate", "room": "ABCDEFGH", "phase": "waiting", "mode": "naval",
        "config": {}, "seats": [{"name": "Anna", "here": True, "placed": False, "gone": None},
                                None],
        "series": {"best_of": 1, "score": [0, 0], "games": 0}, "watchers": 1, "chat": []}]))
    app, scene = opened(other, (800, 600), "ru")
    assert scene.headline()[0] == app.tr("watch.waiting") and other.board is None
    app.draw()


def test_a_finished_game_shows_its_winner_and_both_fleets():
    watcher = watched("classic", PRESETS["russian"], 400)
    app, scene = opened(watcher)
    board = watcher.board
    assert board.over and all(side.ships for side in board.sides)
    assert scene.headline()[0] == app.tr("watch.won", name=watcher.name_of(board.winner))
    assert any(app.tr("watch.won", name=watcher.name_of(board.winner)) == words
               for words, _ in scene.log)
    app.draw()


def test_the_flow_opens_the_screen_and_every_mode_has_its_boards():
    from game.modes import MODES
    app = App(size=(800, 600), seed=3, audio=False)
    watcher = watched("naval", NavalConfig(), 4)
    app.flow.watch(watcher)
    assert isinstance(app.scenes.top, WatchScene) and app.scenes.top.watcher is watcher
    assert all(app.flow.screens_of(mode).watch is not None
               and app.flow.screens_of(mode).public_line is not None for mode in MODES)
    assert app.flow.screens_of("chess") is None


def test_a_server_that_sends_junk_is_shown_nothing_and_nothing_fails():
    """A spectate of another kind of board (a player's own view), seats and a score that are
    no such things: the screen shows no board and goes on."""
    from game.net import codec
    from game.rules.modes import MODES
    import random
    game = MODES["classic"].random_game(PRESETS["russian"], random.Random(1))
    junk = {"type": "spectate", "room": "ABCDEFGH", "phase": "battle", "mode": "classic",
            "config": {}, "seats": ["Anna", 7], "series": {"best_of": "x", "score": "1:0"},
            "watchers": 1, "turn": 5, "board": codec.encode(game.view(0)), "events": []}
    watcher = Watcher("127.0.0.1", 1, "ABCDEFGH", net=Told([junk]))
    app, scene = opened(watcher)
    app.draw()
    assert scene.board is None and watcher.name_of(0) == ""
    watcher.net.messages = [junk | {"mode": "chess", "board": {"t": "map", "items": []}}]
    app.step(1 / 60, [])
    app.draw()
    assert scene.board is None
