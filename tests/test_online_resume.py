"""A closed game window takes its seat up again (issue 23, part 3): the seat is kept in a file of
the data folder, "Return to room" in "Play online" rejoins with its secret and goes on where the
room stands; a host's own server is started again on its data folder; a broken file is named and
ignored; a room gone or a secret refused is said and forgotten; leaving on purpose forgets it."""

from __future__ import annotations

import json
import socket

import pygame
import pytest

from game.app import App
from game.data.online_seat import NAME, SeatStore
from game.net.session import Session
from game.rules.classic import PRESETS
from game.scenes.classic.gameover import GameOverScene
from game.scenes.common.online import AddressScene, OnlineMenuScene, OnlineWaitScene
from game.scenes.common.online_battle import OnlineBattle

from .net_helpers import on_clock
from .helpers import click
from .test_online import close, fight, frames, shoot, top

CREATE = {"type": "create", "mode": "classic", "config": PRESETS["russian"].to_dict(),
          "name": "Anna", "first": "0"}


def new_app(folder, size=(1280, 720), lang="en"):
    """A game window whose data folder (settings, the kept seat) is ``folder``."""
    app = App(size=size, settings_path=folder / "settings.json", seed=7, audio=False)
    app.settings.language = lang
    app.apply_settings()
    app.flow.to_title()
    return app


def placing(app):
    return type(top(app)).__name__ == "PlacementScene"


def to_placement(home):
    """A host and a guest, each with its own data folder, in a Classic room's placement."""
    host, guest = new_app(home / "host"), new_app(home / "guest")
    host.flow.online_host_room(CREATE)
    session = host.flow.session
    frames([host], until=lambda: session.remote.room is not None)
    guest.flow.online_connect(Session("127.0.0.1", session.port),
                              {"type": "join", "room": session.remote.room, "name": "Boris"})
    frames([host, guest], until=lambda: placing(host) and placing(guest))
    return host, guest


def to_battle(home):
    """A host and a guest, each with its own data folder, in a Classic battle."""
    host, guest = to_placement(home)
    for app in (host, guest):
        top(app).auto_place()
        top(app).ready()
    frames([host, guest], until=lambda: all(isinstance(top(a), OnlineBattle)
                                            for a in (host, guest)))
    return host, guest


def close_window(app) -> None:
    """The window closed mid-game: no "leave" sent, the connection and screens dropped."""
    session = app.flow.session
    session.net.close()
    if session.hosted is not None:
        session.hosted.stop()
    app.flow.session = None
    app.quit()


def play_some(apps, moves=6):
    a, b = (top(app) for app in apps)
    start = a.game.moves
    while a.game.moves < start + moves and not a.game.over:
        for scene in (a, b):
            if scene._free_to_act:
                scene.fire(scene.game.view(scene.viewer).unknown_cells()[0])
            scene.skip()
        frames(apps, 2, dt=0.2)


def menu_labels(app):
    return [item.label() for item in top(app).menu.items]


def return_to_room(app):
    app.flow.online()
    menu = top(app)
    assert isinstance(menu, OnlineMenuScene)
    first = menu.menu.items[0]
    first.on_activate()
    return menu


def test_a_guest_whose_window_closed_returns_to_the_battle_and_plays_on(tmp_path, home, local):
    host = guest = again = None
    try:
        host, guest = to_battle(home)
        code = host.flow.session.remote.room
        kept = json.loads((home / "guest" / NAME).read_text(encoding="utf-8"))
        assert (kept["room"], kept["seat"], kept["hosting"]) == (code, 1, False)
        assert kept["secret"] == guest.flow.session.remote.secret
        play_some([host, guest])
        frames([host, guest], dt=0.05,                # both have heard the last move
               until=lambda: top(host).game.moves == top(guest).game.moves)
        moves = top(host).game.moves
        close_window(guest)
        a = top(host)
        frames([host], until=lambda: a.gone_words() is not None, dt=0.05)

        again = new_app(home / "guest")          # the game opened again: same data folder
        again.flow.online()
        assert menu_labels(again)[0] == f"Return to room {code}"
        return_to_room(again)
        assert isinstance(top(again), OnlineWaitScene)
        frames([host, again], until=lambda: isinstance(top(again), OnlineBattle), dt=0.05)
        b = top(again)
        assert b.viewer == 1 and b.game.moves == moves      # the battle as it stands
        frames([host, again], until=lambda: a.gone_words() is None, dt=0.05)
        fight([host, again], a, b)                           # and plays on to the end
        assert top(host).game.winner == top(again).game.winner is not None
        assert isinstance(top(again), GameOverScene)
        top(again).leave()                                   # the match done and left
        assert not (home / "guest" / NAME).exists()
    finally:
        close(host, guest, again)


def test_a_host_whose_window_closed_starts_its_server_again_and_plays_on(tmp_path, home,
                                                                        local):
    host = guest = again = None
    try:
        host, guest = to_battle(home)
        port = host.flow.session.port
        code = host.flow.session.remote.room
        kept = json.loads((home / "host" / NAME).read_text(encoding="utf-8"))
        assert (kept["room"], kept["seat"], kept["hosting"], kept["server_port"]) == \
            (code, 0, True, port)
        assert kept["server_data"]
        play_some([host, guest])
        frames([host, guest], dt=0.05,                # both have heard the last move
               until=lambda: top(host).game.moves == top(guest).game.moves)
        moves = top(guest).game.moves
        close_window(host)                        # the host's window, and its server, gone
        b = top(guest)
        frames([guest], until=lambda: guest.flow.session.net.status == "retrying", dt=0.05)

        again = new_app(home / "host")
        return_to_room(again)
        assert again.flow.session.hosted is not None and again.flow.session.port == port
        frames([again, guest], until=lambda: isinstance(top(again), OnlineBattle), dt=0.05)
        a = top(again)
        assert a.viewer == 0 and a.game.moves == moves
        # the guest's connection, tried again all along, finds the server back
        frames([again, guest], until=lambda: guest.flow.session.net.status == "open"
               and a.gone_words() is None and b.gone_words() is None, dt=0.1)
        fight([again, guest], a, b)
        assert top(again).game.winner == top(guest).game.winner is not None
    finally:
        close(host, guest, again)


def test_a_hosted_room_whose_port_is_taken_comes_back_on_another_and_says_so(home, local):
    host = again = None
    blocker = socket.socket()
    try:
        host = new_app(home / "host")
        host.flow.online_host_room(CREATE)
        session = host.flow.session
        frames([host], until=lambda: session.remote.room is not None)
        port = session.port
        frames([host], 2)
        close_window(host)
        blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        blocker.bind(("127.0.0.1", port))
        blocker.listen()
        again = new_app(home / "host")
        return_to_room(again)
        new_port = again.flow.session.port
        assert new_port != port
        assert any(f"127.0.0.1:{new_port}" in words for words, _ in again.notices)
        frames([again], until=lambda: again.flow.session.remote.phase == "waiting", dt=0.05)
        assert not again.flow.session.returning
    finally:
        blocker.close()
        close(host, again)


def test_a_guest_follows_a_host_whose_server_came_back_on_another_port(tmp_path, home, local):
    """The host's window closes and its port is taken meanwhile: his server comes back on
    another, and his screen says the new address. The guest's battle says its link is down and
    offers "Another address"; typed there, the seat is taken up again at once (an attempt hung
    on the old port given up) and the game plays on; the kept seat and the join form follow."""
    host = guest = again = None
    blocker = socket.socket()
    try:
        host, guest = to_battle(home)
        port = host.flow.session.port
        play_some([host, guest])
        frames([host, guest], dt=0.05,                # both have heard the last move
               until=lambda: top(host).game.moves == top(guest).game.moves)
        b = top(guest)
        assert not b.address_button.enabled() and not b.address_button.rect.w
        close_window(host)
        blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        blocker.bind(("127.0.0.1", port))           # takes the connection, never answers
        blocker.listen()
        net = b.session.net
        frames([guest], until=lambda: b.session.unreachable, dt=0.05)
        frames([guest], until=lambda: not net._attempt.done(), dt=0.05)   # a try hangs there
        frames([guest], 2)
        assert b.banner()[0] == b.tr("online.link_down", address=f"127.0.0.1:{port}")
        assert b.address_button.enabled() and not b.can_claim
        shoot(guest, "link-down-guest-en-1280x720", tmp_path)

        again = new_app(home / "host")
        return_to_room(again)
        new_port = again.flow.session.port
        assert new_port != port
        frames([again, guest], until=lambda: isinstance(top(again), OnlineBattle), dt=0.05)
        guest.step(0.1, click(b.address_button.rect.center))
        form = top(guest)
        assert isinstance(form, AddressScene) and form.address == f"127.0.0.1:{port}"
        form.address = "nowhere:port"
        form.connect()
        assert form.problem == "online.error_address" and top(guest) is form
        shoot(guest, "another-address-en-1280x720", tmp_path)
        form.address = f"127.0.0.1:{new_port}"
        form.connect()
        assert top(guest) is b
        a = top(again)
        def kept():
            return json.loads((home / "guest" / NAME).read_text(encoding="utf-8"))
        frames([again, guest], until=lambda: b.session.net.status == "open"
               and not b.session.unreachable and a.gone_words() is None
               and b.gone_words() is None       # (the seat is kept as its rejoin is answered:
               and kept()["address"] == f"127.0.0.1:{new_port}",   # a frame or two later)
               dt=0.05, limit=60, wait=5.0)     # not the old try's 10 s
        assert kept()["address"] == f"127.0.0.1:{new_port}"
        assert guest.settings.online_address == f"127.0.0.1:{new_port}"
        assert a.game.moves == b.game.moves
        fight([again, guest], a, b)
        assert top(again).game.winner == top(guest).game.winner is not None
    finally:
        blocker.close()
        close(host, guest, again)


def test_a_returning_seat_whose_server_moved_is_sent_there_from_the_waiting_screen(home, local):
    """A closed window's kept seat names an address where nobody answers now (the server moved):
    "Return to room" waits, says it cannot reach the server and offers Another address; typed
    there, the seat is taken up again where its room stands (the placement)."""
    host = guest = again = None
    dead = socket.socket()
    dead.bind(("127.0.0.1", 0))
    gone = dead.getsockname()[1]
    dead.close()                                      # a port where nothing listens
    try:
        host, guest = to_placement(home)
        session = host.flow.session
        close_window(guest)
        store = SeatStore(home / "guest" / NAME)
        store.save({**store.load(), "address": f"127.0.0.1:{gone}"})

        again = new_app(home / "guest")
        return_to_room(again)
        wait = top(again)
        assert isinstance(wait, OnlineWaitScene)
        frames([again], until=lambda: wait.address_button.rect.w > 0, dt=0.05)
        assert wait.status()[0] == again.tr("online.error_reach")
        again.step(0.1, click(wait.address_button.rect.center))
        form = top(again)
        assert isinstance(form, AddressScene) and form.address == f"127.0.0.1:{gone}"
        form.address = f"127.0.0.1:{session.port}"
        form.connect()
        frames([host, again], until=lambda: placing(again), dt=0.05)
        assert store.load()["address"] == f"127.0.0.1:{session.port}"
        assert not wait.address_button.enabled()
    finally:
        close(host, guest, again)


def test_a_room_gone_or_a_secret_refused_is_said_and_forgotten(home, local):
    host = guest = None
    try:
        host = new_app(home / "host")
        host.flow.online_host_room(CREATE)
        session = host.flow.session
        frames([host], until=lambda: session.remote.room is not None)
        store = SeatStore(home / "guest" / NAME)
        for room, secret, words in ((session.remote.room, "0" * 32, "online.error_secret"),
                                    ("ZZZZZZ", "0" * 32, "online.error_no_room")):
            store.save({"address": f"127.0.0.1:{session.port}", "room": room, "seat": 1,
                        "secret": secret, "mode": "classic", "hosting": False,
                        "server_port": None, "server_data": None})
            guest = new_app(home / "guest")
            return_to_room(guest)
            wait = top(guest)
            frames([host, guest], until=lambda: wait.status()[0] == guest.tr(words), dt=0.05)
            frames([guest], 2)
            assert not store.path.exists()
            guest.flow.online_close()
            guest.flow.online()
            assert guest.tr("online.host") == menu_labels(guest)[0]
            guest = None
    finally:
        close(host, guest)


def test_leaving_the_room_on_purpose_forgets_the_seat(home, local):
    host = new_app(home / "host")
    try:
        host.flow.online_host_room(CREATE)
        session = host.flow.session
        frames([host], until=lambda: session.remote.phase == "waiting")
        path = home / "host" / NAME
        assert path.exists()
        other = {**json.loads(path.read_text(encoding="utf-8")), "secret": "f" * 32}
        del other["version"]
        top(host).leave()                       # Esc, "Leave the room?" yes
        assert not path.exists()
        assert isinstance(top(host), OnlineMenuScene) and host.flow.session is None
        # a seat of another room is not forgotten by leaving this one
        SeatStore(path).save(other)
        host.flow.online_connect(Session("127.0.0.1", 1), {"type": "join", "room": "ABC234",
                                                           "name": "x"})
        host.flow.online_leave()
        assert path.exists()
    finally:
        host.flow.online_close()


@pytest.mark.parametrize("content, problem", [
    ("{not json", "not valid JSON"),
    ('{"version": 1, "room": "abc"}', "key 'address' is missing"),
    ('[1, 2]', "expected a JSON object"),
])
def test_a_broken_seat_file_is_named_and_ignored(home, content, problem):
    folder = home / "guest"
    folder.mkdir()
    (folder / NAME).write_text(content, encoding="utf-8")
    app = new_app(folder)
    app.flow.online()
    assert menu_labels(app)[0] == app.tr("online.host")        # no "Return to room"
    said = [words for words, _ in app.notices if NAME in words]
    assert said and problem in said[0]
    assert not (folder / NAME).exists() and list(folder.glob(NAME + ".broken-*"))


def test_the_seat_file_checks_every_field(tmp_path):
    store = SeatStore(tmp_path / NAME)
    good = {"address": "127.0.0.1:8765", "room": "ABC234", "seat": 0, "secret": "a" * 32,
            "mode": "classic", "hosting": True, "server_port": 8765, "server_data": "/x"}
    store.save(good)
    assert store.load() == good and not store.problems
    for key, bad in (("seat", 2), ("seat", True), ("room", "abc234"), ("secret", "short"),
                     ("hosting", "yes"), ("server_port", 0), ("mode", "../x")):
        with pytest.raises(ValueError):
            store.save({**good, key: bad})
        data = {**good, key: bad, "version": 1}
        store.path.write_text(json.dumps(data), encoding="utf-8")
        assert store.load() is None and key in store.problems[-1]


@pytest.mark.parametrize("size, lang", [((1280, 720), "en"), ((800, 600), "en"),
                                        ((1280, 720), "ru"), ((800, 600), "ru")])
def test_the_menu_offers_the_return_first(tmp_path, home, size, lang):
    folder = home / "g"
    SeatStore(folder / NAME).save({
        "address": "192.168.1.20:8765", "room": "ABC234", "seat": 1, "secret": "a" * 32,
        "mode": "classic", "hosting": False, "server_port": None, "server_data": None})
    app = new_app(folder, size, lang)
    app.flow.online()
    frames([app], 3)
    assert menu_labels(app)[0] == app.tr("online.return", room="ABC234")
    assert "ABC234" in menu_labels(app)[0]
    shoot(app, f"online-menu-return-{lang}-{size[0]}x{size[1]}", tmp_path)
    pygame.event.clear()


def test_a_return_to_a_game_claimed_meanwhile_shows_its_game_over(home, local, monkeypatch):
    from .test_online import ShiftedClock
    clock = ShiftedClock()
    on_clock(monkeypatch, clock)
    host = guest = again = None
    try:
        host, guest = to_battle(home)
        close_window(guest)
        a = top(host)
        frames([host], until=lambda: a.gone_words() is not None, dt=0.05)
        clock.shift += 3600                       # the room's wait has passed
        frames([host], until=lambda: a.can_claim, dt=0.05)
        a.claim()
        frames([host], until=lambda: isinstance(top(host), GameOverScene), dt=0.2)
        again = new_app(home / "guest")
        return_to_room(again)
        frames([host, again], until=lambda: isinstance(top(again), GameOverScene), dt=0.1)
        assert top(again).game.winner == 0
        top(again).leave()
        assert not (home / "guest" / NAME).exists()
    finally:
        close(host, guest, again)


def test_a_host_returning_to_a_kept_seat_listens_where_seabattle_listen_says(monkeypatch):
    """The monkey and the tests keep a hosted server to this machine (SEABATTLE_LISTEN); a host's
    return to a kept seat started it on every network instead (online_listen ignored it)."""
    from game.scenes.common import online
    monkeypatch.setenv("SEABATTLE_LISTEN", "127.0.0.1")
    assert online.online_listen() == "127.0.0.1"
    monkeypatch.delenv("SEABATTLE_LISTEN")
    assert online.online_listen() == online.LISTEN
