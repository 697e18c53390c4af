"""Play online from the game's screens (issue 23): Host and Join through the title's menu, today's
placement and Classic battle with the other player at another "computer" (a second App), the
game over; the seat's table (issue 34) holds no more than its seat's view; the join form is
remembered."""

from __future__ import annotations

import dataclasses
import os
import random
import time
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.net import codec, visibility
from game.rules.classic import PRESETS, Shot, new_game, random_action
from game.rules.errors import RuleError
from game.scenes.classic.gameover import GameOverScene
from game.scenes.common.online import JoinScene, OnlineWaitScene
from game.scenes.common.online_battle import OnlineBattle, rule_error
from game.scenes.quick_match import SetupScene
from game.tables.base import Sender
from game.tables.classic import ClassicTable

from .net_helpers import on_clock
from .helpers import click, key, typed

SHOTS = os.environ.get("SEABATTLE_SHOTS")     # a folder: the test's screenshots are kept there


def shoot(app, name, tmp_path):
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    app.draw()           # two apps share the one display surface: this one's frame
    pygame.image.save(app.screen, str(folder / f"{name}.png"))


def frames(apps, n=1, dt=1 / 30, until=None, limit=600, wait=15.0):
    """Step every app ``n`` frames (or until ``until()``: at least ``limit`` frames, and as
    long as ``wait`` seconds of real time, since the server and the links run in threads of
    their own and a reconnection takes real time, not frames)."""
    deadline = time.monotonic() + wait
    i = 0
    while i < (limit if until else n) or (until is not None and time.monotonic() < deadline):
        for app in apps:
            app.step(dt, [])
        if until is not None and until():
            return i
        if i >= limit:
            time.sleep(0.01)       # past the frames, the threads are waited for
        i += 1
    assert until is None, "the apps never got there"


def close(*apps):
    """Each app's session closed (None: an app the test did not get to make)."""
    for app in apps:
        if app is not None:
            app.flow.online_close()


def make_app(home, name, size, lang):
    app = App(size=size, settings_path=home / f"{name}.json", seed=7, audio=False)
    app.settings.language = lang
    app.apply_settings()
    app.flow.to_title()
    return app


def top(app):
    return app.scenes.top


# -- a seat's table over the network holds only its seat's view ------------------------------------------------

def enemy_cells_known(remote: ClassicTable) -> set:
    """Every enemy ship cell the remote game gives the screens (ships, shots, marks)."""
    e = remote.enemy
    cells = {c for ship in remote.ships[e] for c in ship}
    cells |= set(remote.shots_at[e]) | set(remote.known_empty[e]) | set(remote.told[e])
    return cells


def beyond_view(remote, game, seat) -> set:
    """Enemy ship cells the remote game holds that ``seat``'s view does not show."""
    view = game.view(seat)
    shown = set(view.target) | {c for s in view.enemy_sunk for c in s}
    if view.enemy_ships is not None:
        shown |= {c for s in view.enemy_ships for c in s}
    hidden_ships = {c for s in game.ships[1 - seat] for c in s}
    return (enemy_cells_known(remote) & hidden_ships) - shown


def test_the_remote_game_holds_no_more_than_the_view_and_plays_along():
    config = PRESETS["russian"]
    rng = random.Random(4)
    game = new_game(config, rng)
    sent = []
    remote = ClassicTable(config, 0, Sender(sent.append))
    remote.take({"moves": 0, "turn": game.turn}, game.view(0), [])
    while not game.over:
        action = random_action(game, rng)
        events = game.apply(action)
        seen = visibility.events_for("classic", events, 0)
        remote.take({"moves": len(game.history), "turn": game.turn},
                    codec.decode(codec.encode(game.view(0))),
                    [codec.decode(codec.encode(e)) for e in seen])
        assert beyond_view(remote, game, 0) == set()
        assert remote.turn == game.turn and remote.over == game.over
        assert remote.shots_at[0] == game.shots_at[0]      # its own field: the whole truth
        if not game.over:
            assert len(remote.ships[1]) == len(game.view(0).enemy_sunk)
    assert remote.winner == game.winner
    assert len(remote.history) == len(game.history)         # every shot was seen
    assert remote.view(0) == game.view(0)
    other = remote.view(1)        # of the other seat's view, only what this seat knows too
    assert set(other.enemy_sunk) == set(game.view(1).enemy_sunk)
    assert not hasattr(other, "own_ships") and not hasattr(other, "target")


def test_the_check_sees_a_remote_game_that_holds_the_enemy_fleet():
    """The check above can fail: a remote game given the whole enemy fleet is caught."""
    game = new_game(PRESETS["russian"], random.Random(1))
    remote = ClassicTable(game.config, 0, Sender(lambda a: None))
    leaky = dataclasses.replace(game.view(0), enemy_ships=tuple(game.ships[1]))
    remote.take({"moves": 0, "turn": 0}, leaky, [])
    assert beyond_view(remote, game, 0)


def test_the_remote_game_sends_the_act_and_refuses_what_its_view_refuses():
    config = PRESETS["russian"]
    game = new_game(config, random.Random(2))
    sent = []
    me = game.turn
    remote = ClassicTable(config, me, Sender(sent.append))
    remote.take({"moves": 0, "turn": me}, game.view(me), [])
    assert remote.apply(Shot((0, 0))) == [] and sent == [Shot((0, 0))]
    with pytest.raises(RuleError):          # no second act before the server answers
        remote.apply(Shot((1, 1)))
    remote.refused()
    events = game.apply(Shot((0, 0)))
    remote.take({"moves": 1, "turn": game.turn}, game.view(me), events)
    if game.turn == me:
        with pytest.raises(RuleError) as refused:
            remote.check(Shot((0, 0)))
        assert refused.value.code == "already_shot"
    err = rule_error({"code": "already_shot", "params": codec.encode({"cell": (0, 0)})})
    assert err.code == "already_shot" and err.params == {"cell": (0, 0)}


# -- two games, one hosting and one joining, through the screens -------------------------------

def unknown_cell(battle):
    view = battle.game.view(battle.viewer)
    free = view.unknown_cells()
    return free[0]


# both sizes and both languages, in two runs (each screen of them is drawn at all four in the
# screenshots the runs keep with SEABATTLE_SHOTS)
SIZES = [((1280, 720), "en"), ((800, 600), "ru")]


def to_battle(tmp_path, home, size, lang, shots=True, claim_after=30, series=None, clock=0):
    """A host and a guest (two Apps) through the menus, the join form and the placement into a
    Classic battle: (host app, guest app, host's battle, guest's battle)."""
    tag = f"{lang}-{size[0]}x{size[1]}"
    host, guest = make_app(home, "host", size, lang), make_app(home, "guest", size, lang)
    host.flow.online()
    frames([host])
    if shots:
        shoot(host, f"online-menu-{tag}", tmp_path)
    host.flow.online_host()
    setup = top(host)
    assert isinstance(setup, SetupScene) and setup.kind == "online"
    setup.choices.update(mode="classic", first="0", claim_after=claim_after, clock=clock)
    if series is not None:
        setup.choices.update(series=series)
    host.settings.online_name = "Anna"
    setup.start()
    wait = top(host)
    assert isinstance(wait, OnlineWaitScene) and wait.hosting
    frames([host], until=lambda: wait.session.remote.room is not None)
    port = wait.session.port
    code = wait.session.remote.room
    frames([host], 3)
    if shots:
        shoot(host, f"host-lobby-{tag}", tmp_path)

    guest.flow.online()
    guest.flow.online_join()
    form = top(guest)
    assert isinstance(form, JoinScene)
    guest.settings.online_address = f"127.0.0.1:{port}"
    guest.settings.online_room = code
    guest.settings.online_name = "Boris"
    frames([guest])
    if shots:
        shoot(guest, f"join-form-{tag}", tmp_path)
    form.join()

    def placing(app):
        return type(top(app)).__name__ == "PlacementScene"
    frames([host, guest], until=lambda: placing(host) and placing(guest))
    top(host).auto_place()
    top(host).ready()
    frames([host, guest], until=lambda: isinstance(top(host), OnlineWaitScene)
           and top(host).placed and top(host).session.remote.state["seats"][0]["placed"])
    frames([host, guest], 3)
    if shots:
        shoot(host, f"waiting-placement-{tag}", tmp_path)
    assert "Boris" in top(host).status()[0]
    top(guest).auto_place()
    top(guest).ready()
    frames([host, guest], until=lambda: isinstance(top(host), OnlineBattle)
           and isinstance(top(guest), OnlineBattle))
    return host, guest, top(host), top(guest)


def test_join_says_what_went_wrong_and_remembers_the_form(tmp_path, home, local):
    app = make_app(home, "guest", (1280, 720), "en")
    try:
        app.flow.online()
        app.flow.online_join()
        form = top(app)
        app.settings.online_address = "not an address"
        app.settings.online_room = "ABC234"
        form.join()
        assert form.problem == "online.error_address" and app.flow.session is None
        app.settings.online_address = "127.0.0.1:1"          # nobody listens there
        form.join()
        frames([app], until=lambda: app.flow.session.join_problem() is not None, dt=0.05)
        assert app.flow.session.join_problem() == "online.error_reach"
        words = top(app).status()[0]
        assert words == app.tr("online.error_reach")
        app.flow.online_leave()
        # a real server, a room that is not there
        app.flow.online_host_room({"type": "create", "mode": "classic",
                                   "config": PRESETS["russian"].to_dict(), "name": "Anna"})
        port = app.flow.session.port
        hosted, app.flow.session = app.flow.session, None      # keep it open meanwhile
        app.flow.online_join()
        app.settings.online_address = f"127.0.0.1:{port}"
        app.settings.online_room = "ZZZZZZ"
        top(app).join()
        frames([app], until=lambda: app.flow.session.join_problem() is not None, dt=0.05)
        assert app.flow.session.join_problem() == "online.error_no_room"
        hosted.close()
        again = App(size=(1280, 720), settings_path=home / "guest.json", audio=False)
        assert (again.settings.online_address, again.settings.online_room) == \
            (f"127.0.0.1:{port}", "ZZZZZZ")
    finally:
        app.flow.online_close()


def test_esc_after_a_failed_connection_goes_back_to_the_form_without_a_question(home):
    """Issue 33: no room was joined, so there is no room to leave: Esc asks nothing."""
    app = make_app(home, "guest", (800, 600), "en")
    try:
        app.flow.online()
        app.flow.online_join()
        form = top(app)
        app.settings.online_address = "127.0.0.1:1"          # nobody listens there
        app.settings.online_room = "ABC234"
        form.join()
        frames([app], until=lambda: app.flow.session.join_problem() is not None, dt=0.05)
        app.step(1 / 30, [key(pygame.K_ESCAPE)])
        assert top(app) is form and app.flow.session is None
    finally:
        app.flow.online_close()


def test_a_session_that_cannot_be_opened_is_said_and_none_is_kept(home, monkeypatch):
    """Hosting on a server address that is none, hosting on a server that cannot start here, and
    returning to a kept seat whose address is none: each said, no session kept."""
    from game.scenes import flow as flow_module
    app = make_app(home, "host", (800, 600), "en")
    create = {"type": "create", "mode": "classic", "config": PRESETS["russian"].to_dict(),
              "name": "Anna"}
    app.settings.online_server = "not an address"
    app.flow.online_host_room(create)
    assert app.flow.session is None and app.notices[-1][0] == app.tr("online.error_address")

    def refused(app):
        raise OSError("no room here")
    monkeypatch.setattr(flow_module, "hosted_session", refused)
    app.settings.online_server = ""
    app.flow.online_host_room(create)
    assert app.flow.session is None
    assert app.notices[-1][0] == app.tr("online.error_host", error="no room here")
    app.seats.save({"address": "not an address", "room": "ABC234", "seat": 1,
                    "secret": "a" * 32, "mode": "classic", "hosting": False,
                    "server_port": None, "server_data": None})
    app.flow.online_return()
    assert app.flow.session is None and app.notices[-1][0] == app.tr("online.error_address")


@pytest.mark.parametrize("size, lang", SIZES)
def test_host_and_join_play_a_classic_battle_through_the_screens(tmp_path, home, local,
                                                                   size, lang):
    tag = f"{lang}-{size[0]}x{size[1]}"
    host = guest = None
    try:
        host, guest, a, b = to_battle(tmp_path, home, size, lang)
        assert a.viewer == 0 and b.viewer == 1 and a.game.turn == 0     # the host fires first
        assert not a.match.hot_seat and a.match.online
        first = unknown_cell(a)
        a.fire(first)
        frames([host, guest], until=lambda: a.game.moves == 1 and b.game.moves == 1)
        b.say(phrase="hot")
        b.say("gl hf")
        frames([host, guest], until=lambda: "Boris: gl hf" in _log_words(a), limit=200)
        assert any(a.tr("phrase.hot") in line for line in _log_words(a))
        shot_chat = refused = False
        while not (a.game.over and b.game.over):
            if not refused and a._free_to_act:
                # the server's refusal is said as the rules' own (the screen's check bypassed)
                a.session.send(a.session.remote.act(Shot(first)))
                frames([host, guest], until=lambda: a.message_time > 0, dt=0.05)
                assert a.message == a.tr("error.already_shot",
                                         cell=f"{a.letters.letter(first[0])}{first[1] + 1}")
                refused = True
            for scene in (a, b):
                if scene._free_to_act:
                    scene.fire(unknown_cell(scene))
            for scene in (a, b):
                scene.skip()
            frames([host, guest], 2, dt=0.2)
            if not shot_chat and b._free_to_act and not a.busy:
                frames([host, guest], 2)
                assert a.banner()[0] == a.tr("online.thinking", name="Boris")
                shoot(host, f"battle-thinking-chat-{tag}", tmp_path)
                host.step(0.1, [key(pygame.K_TAB)] + typed("1"))     # a quick phrase
                assert a.chat is None
                host.step(0.1, [key(pygame.K_TAB)])
                shoot(host, f"battle-chat-phrases-{tag}", tmp_path)
                host.step(0.1, typed("nice shot"))
                shoot(host, f"battle-chat-typing-{tag}", tmp_path)
                host.step(0.1, [key(pygame.K_RETURN)])
                assert a.chat is None
                frames([host, guest], until=lambda: "Anna: nice shot" in _log_words(b))
                assert any(b.tr("phrase.miss_miss") in line for line in _log_words(b))
                shot_chat = True
            if a.game.moves > 400:
                raise AssertionError("the game never ended")
        assert shot_chat and refused
        frames([host, guest], until=lambda: isinstance(top(host), GameOverScene)
               and isinstance(top(guest), GameOverScene), dt=0.5)
        assert top(host).game.winner == top(guest).game.winner is not None
        frames([host, guest], 60, dt=0.1)
        shoot(host, f"game-over-host-{tag}", tmp_path)
        shoot(guest, f"game-over-guest-{tag}", tmp_path)
    finally:
        close(host, guest)


class ShiftedClock:
    """The server's clock, which the test moves on (the claim's wait passes at once)."""

    def __init__(self):
        self.shift = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.shift


@pytest.mark.parametrize("size, lang", SIZES)
def test_a_gone_player_is_waited_for_then_the_game_claimed(tmp_path, home, local, monkeypatch,
                                                           size, lang):
    clock = ShiftedClock()
    on_clock(monkeypatch, clock)
    tag = f"{lang}-{size[0]}x{size[1]}"
    host = guest = None
    try:
        host, guest, a, b = to_battle(tmp_path, home, size, lang, shots=False)
        guest.flow.session.net.close()           # the guest's window is gone
        frames([host], until=lambda: a.gone_words() is not None, dt=0.05)
        assert a.banner() == (a.tr("online.waiting_back", name="Boris", time="0:00"),
                              pytest.approx(a.banner()[1]))
        assert not a.can_claim
        clock.shift += 60                         # the room's 30 seconds have passed
        frames([host], until=lambda: a.can_claim, dt=0.05)
        frames([host], 3)
        shoot(host, f"waiting-back-claim-{tag}", tmp_path)
        host.step(0.1, click(a.claim_button.rect.center))
        frames([host], until=lambda: isinstance(top(host), GameOverScene), dt=0.2)
        over = top(host)
        assert over.game.winner == 0 and over.game.conceded == ("resigned", 1)
    finally:
        close(host, guest)


def _log_words(scene):
    return [words for words, *_ in scene.log]


def test_the_join_form_is_kept_in_the_settings_and_a_bad_value_is_named(home):
    from game.data.settings import SettingsStore
    store = SettingsStore(home / "settings.json")
    settings = store.load()
    settings.online_address, settings.online_room = "192.168.1.20:8765", "ABC234"
    settings.online_name = "Anna"
    store.save(settings)
    again = store.load()
    assert (again.online_address, again.online_room, again.online_name) == \
        ("192.168.1.20:8765", "ABC234", "Anna") and not store.problems
    (home / "settings.json").write_text(
        '{"version": 2, "online_address": "a\\u0000b", "online_room": "abc", '
        '"online_name": 5}', encoding="utf-8")
    bad = store.load()
    assert (bad.online_address, bad.online_room, bad.online_name) == ("", "", "")
    assert len(store.problems) == 3
    assert all(k in " ".join(store.problems)
               for k in ("online_address", "online_room", "online_name"))


def test_an_address_is_read_as_host_and_port():
    from game.net.session import parse_address
    assert parse_address("192.168.1.20:9000") == ("192.168.1.20", 9000)
    assert parse_address(" ws://example.org:80/ ") == ("example.org", 80)
    assert parse_address("localhost") == ("localhost", 8765)
    assert parse_address("[::1]:8765") == ("::1", 8765)
    for bad in ("", "host:port", "a b:1", "host:0", "host:70000"):
        with pytest.raises(ValueError):
            parse_address(bad)


def fight(apps, a, b):
    """Both battles fire at the first cell they do not know until the game is over."""
    while not (a.game.over and b.game.over):
        for scene in (a, b):
            if scene._free_to_act:
                scene.fire(unknown_cell(scene))
            scene.skip()
        frames(apps, 2, dt=0.2)
        assert a.game.moves < 400, "the game never ended"
    frames(apps, until=lambda: all(isinstance(top(app), GameOverScene) for app in apps),
           dt=0.5)


def test_next_game_of_a_series_sets_up_again(tmp_path, home, local):
    host = guest = None
    try:
        host, guest, a, b = to_battle(tmp_path, home, (1280, 720), "en", shots=False,
                                      series=3)
        assert a.match.series.best_of == 3
        fight([host, guest], a, b)
        loser = 1 - top(host).game.winner
        assert top(host).match.series.score == top(guest).match.series.score
        for app in (host, guest):
            top(app).rematch()                 # "Next game": {"type": "next"}

        def placing(app):
            return type(top(app)).__name__ == "PlacementScene"
        frames([host, guest], until=lambda: placing(host) and placing(guest))
        for app in (host, guest):
            top(app).auto_place()
            top(app).ready()
        frames([host, guest], until=lambda: isinstance(top(host), OnlineBattle)
               and isinstance(top(guest), OnlineBattle))
        assert top(host).game.turn == loser      # C7: the loser fires first
        assert top(host).game.moves == 0
    finally:
        close(host, guest)


def test_a_room_hosted_on_a_standalone_server_both_can_reach(tmp_path, home):
    """Host with a server's address: the room is made there, and its address is the one shown;
    the game starts no server of its own."""
    from game.net.server import Hosted
    server = Hosted(tmp_path / "rooms", "127.0.0.1")
    host = guest = None
    try:
        host = make_app(home, "host", (1280, 720), "en")
        host.settings.online_server = f"127.0.0.1:{server.port}"
        host.flow.online()
        host.flow.online_host()
        top(host).choices.update(mode="classic")
        top(host).start()
        wait = top(host)
        frames([host], until=lambda: wait.session.remote.room is not None)
        assert wait.session.hosted is None
        assert wait.session.addresses() == [f"127.0.0.1:{server.port}"]
        guest = make_app(home, "guest", (1280, 720), "en")
        guest.flow.online()
        guest.flow.online_join()
        guest.settings.online_address = f"127.0.0.1:{server.port}"
        guest.settings.online_room = wait.session.remote.room
        top(guest).join()
        frames([host, guest], until=lambda: all(type(top(app)).__name__ == "PlacementScene"
                                                for app in (host, guest)))
    finally:
        close(host, guest)
        server.stop()
