"""Find an opponent, the leaderboard and the listing to watch (issue 37), through the game's
screens against a real server on loopback (``Hosted``: the lobby in the one process): two Apps
queue, are paired, place, one resigns, both game overs say the rating's move; the leaderboard
shows both with the player's own row lit; the listing shows the game. And the client's side
alone: a server of protocol 1 is spoken to in protocol 1; nobody at the lobby's address: the
game hosts one there itself."""

from __future__ import annotations

import socket

import pygame
import pytest

from game.net import identity
from game.net.client import NetThread
from game.net.server import Hosted
from game.net.session import LobbySession
from game.render import text
from game.scenes.common.online_battle import OnlineBattle
from game.scenes.common.online_board import LeaderboardScene
from game.scenes.common.online_find import FindScene, QueueScene, RatedGameOver
from game.scenes.common.online_watch import WatchMenuScene
from game.scenes.common.watch import WatchScene

from .helpers import click, key
from .test_online import close, frames, make_app, shoot, top


@pytest.fixture
def server(tmp_path):
    hosted = Hosted(tmp_path / "server", "127.0.0.1", 0)
    assert hosted.port is not None, hosted.error
    yield hosted
    hosted.stop()


def player(home, name, size, lang, port):
    """An App of its own identity (two Apps share one data folder here) set to find
    opponents on the server at ``port``."""
    app = make_app(home, name, size, lang)
    app.flow._identity = identity.new_key()
    app.settings.online_name = name
    app.settings.match_server = f"127.0.0.1:{port}"
    return app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def queue(app, kind="classic"):
    app.flow.online()
    app.flow.find()
    form = top(app)
    assert isinstance(form, FindScene)
    app.settings.match_kind = kind
    form.find()
    assert isinstance(top(app), QueueScene)
    return top(app)


@pytest.mark.parametrize("size, lang", [((1280, 720), "en"), ((800, 600), "ru")])
def test_two_players_find_each_other_play_and_see_their_ratings_move(tmp_path, home, server,
                                                                       size, lang):
    tag = f"{lang}-{size[0]}x{size[1]}"
    anna = boris = None
    try:
        anna = player(home, "Anna", size, lang, server.port)
        boris = player(home, "Boris", size, lang, server.port)
        wait = queue(anna)
        frames([anna], until=lambda: wait.lobby.waiting is not None)
        frames([anna], 3)
        # a new player on this server is told so, and where his identity lives
        assert wait.lobby.player == {"tag": wait.lobby.player["tag"], "known": False}
        assert anna.tr("find.new_player", tag=wait.lobby.player["tag"]) in \
            [line for line, _ in wait.notes()]
        assert wait.status()[0] == anna.tr("find.searching")
        shoot(anna, f"find-queue-{tag}", tmp_path)
        queue(boris)

        def placing(app):
            return type(top(app)).__name__ == "PlacementScene"
        frames([anna, boris], until=lambda: placing(anna) and placing(boris))
        assert anna.flow.session.match["opponent"]["name"] == "Boris"
        assert anna.flow.session.remote.state["match"] == {"kind": "classic", "rated": True}
        for app in (anna, boris):
            top(app).auto_place()
            top(app).ready()
        frames([anna, boris], until=lambda: isinstance(top(anna), OnlineBattle)
               and isinstance(top(boris), OnlineBattle))
        assert top(anna).session.remote.state["clock"] == 30      # a queued game's clock
        top(boris).resign()
        frames([anna, boris], until=lambda: all(
            isinstance(top(app), RatedGameOver) and top(app).rating is not None
            for app in (anna, boris)), dt=0.2)
        won, lost = top(anna).rating, top(boris).rating
        assert won["rating"] > 1500 > lost["rating"] and won["change"] > 0 > lost["change"]
        frames([anna, boris], 40, dt=0.1)
        words = anna.tr("find.rating", rating=f"{won['rating']} (+{round(won['change'])})")
        assert words in top(anna).insight
        shoot(anna, f"find-gameover-won-{tag}", tmp_path)
        shoot(boris, f"find-gameover-lost-{tag}", tmp_path)

        # the leaderboard: both, the player's own row lit; ←/→ another kind, asked anew
        boris.flow.to_title()
        boris.flow.online()
        boris.flow.leaderboard()
        board = top(boris)
        assert isinstance(board, LeaderboardScene) and board.kind == "classic"
        frames([boris], until=lambda: board.board is not None)
        assert [row["name"] for row in board.rows] == ["Anna", "Boris"]
        assert board.board["you"]["place"] == 2
        frames([boris], 3)
        shoot(boris, f"leaderboard-{tag}", tmp_path)
        boris.step(0.1, [key(pygame.K_RIGHT)])
        assert board.kind == "arcade"
        frames([boris], until=lambda: board.board is not None)
        assert board.rows == [] and board.status()[0] == boris.tr("board.empty")
        boris.step(0.1, click(board.tabs[0].center))
        assert board.kind == "classic" and boris.settings.match_kind == "classic"
        lobby = board.lobby
        boris.step(0.1, [key(pygame.K_ESCAPE)])
        assert lobby.closed and not isinstance(top(boris), LeaderboardScene)
    finally:
        close(anna, boris)
        for app in (anna, boris):
            if app is not None:
                app.flow.lobby_close()


def test_leaving_the_queue_takes_the_player_off_it_and_a_listed_game_can_be_picked(
        tmp_path, home, server, monkeypatch):
    anna = boris = carl = None
    try:
        anna = player(home, "Anna", (1280, 720), "en", server.port)
        boris = player(home, "Boris", (1280, 720), "en", server.port)
        carl = player(home, "Carl", (1280, 720), "en", server.port)
        wait = queue(anna, "arcade")
        frames([anna], until=lambda: wait.lobby.waiting is not None)
        lobby = wait.lobby
        anna.step(0.1, [key(pygame.K_ESCAPE)])        # Esc leaves the queue
        assert lobby.closed and anna.flow.lobby is None
        assert type(top(anna)).__name__ == "FindScene"
        # the queue is empty again: two others pair with each other, not with Anna
        waits = queue(boris, "arcade")         # (alone, once the server has heard Anna go)
        frames([boris], until=lambda: (waits.lobby.waiting or {}).get("waiting") == 1)
        queue(carl, "arcade")
        frames([boris, carl], until=lambda: all(
            app.flow.session is not None and app.flow.session.remote.phase == "placing"
            for app in (boris, carl)))
        assert boris.flow.session.match["opponent"]["name"] == "Carl"
        # the listing of games to watch names it
        anna.flow.to_title()
        anna.flow.online()
        anna.flow.watch_games()
        menu = top(anna)
        assert isinstance(menu, WatchMenuScene)
        frames([anna, boris, carl], until=lambda: menu.lobby.listing)
        frames([anna], 2)
        room = boris.flow.session.remote.room
        assert [g["room"] for g in menu.lobby.listing] == [room]
        row = menu.menu.items[len(menu.head)]
        assert "Boris" in row.label() and "Carl" in row.label()
        shoot(anna, "watch-listing-en-1280x720", tmp_path)
        menu.menu.index = len(menu.head)             # the game's row, picked: watched
        anna.step(0.1, [key(pygame.K_RETURN)])
        spectator = top(anna)
        assert isinstance(spectator, WatchScene) and spectator.watcher.room == room
        frames([anna, boris, carl], until=lambda: spectator.watcher.state.get("phase")
               == "placing" and spectator.watcher.state.get("watchers") == 1)
        for app in (boris, carl):               # the players see that one watches
            top(app).auto_place()
            top(app).ready()
        frames([anna, boris, carl], until=lambda: isinstance(top(boris), OnlineBattle)
               and top(boris).session.remote.state.get("watchers") == 1)
        drawn = []
        monkeypatch.setattr(text, "draw", lambda surface, words, *a, **k: drawn.append(words)
                            or pygame.Rect(0, 0, 1, 1))
        top(boris).draw(boris.screen)
        assert boris.tr("watch.watching", n=1) in drawn
        shoot(anna, "watch-from-listing-en-1280x720", tmp_path)
    finally:
        close(anna, boris, carl)
        for app in (anna, boris, carl):
            if app is not None:
                app.flow.lobby_close()


def test_a_server_of_protocol_1_is_spoken_to_in_protocol_1(tmp_path, monkeypatch):
    from game.net import server as server_module
    monkeypatch.setattr(server_module, "VERSIONS", (1,))     # a server of before issue 37
    hosted = Hosted(tmp_path, "127.0.0.1", 0)
    net = NetThread(f"ws://127.0.0.1:{hosted.port}/v2/create", retry=0.1,
                    player=identity.new_key(), name="Anna")
    try:
        frames([], until=lambda: net.status == "open", limit=10)
        assert net.welcome["version"] == 1 and "player" not in net.welcome
        net.send({"type": "create", "mode": "classic", "config": {}, "name": "Anna"})
        frames([], until=lambda: any(m["type"] == "joined" for m in net.poll()), limit=10)
    finally:
        net.close()
        hosted.stop()


def test_nobody_at_the_lobbys_address_the_game_hosts_a_server_there(tmp_path):
    port = free_port()
    lobby = LobbySession("127.0.0.1", port, identity.new_key(), "Anna", retry=0.1,
                         fallback=(tmp_path / "server", "127.0.0.1"))
    try:
        frames([], until=lambda: lobby.poll() is not None and lobby.open, limit=10)
        assert lobby.hosted is not None and lobby.hosted.port == port
        assert lobby.addresses() == [f"127.0.0.1:{port}"]
        assert lobby.player["known"] is False and lobby.problem() is None
        lobby.queue("classic")
        frames([], until=lambda: lobby.poll() is not None and lobby.waiting, limit=10)
        assert lobby.waiting["waiting"] == 1
    finally:
        lobby.close()
    assert lobby.hosted.thread.is_alive() is False     # closing stops the server it hosts
