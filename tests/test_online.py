"""Play online from the game's screens (issue 23): Host and Join through the title's menu, today's
placement and Classic battle with the other player at another "computer" (a second App), the
game over; the remote game holds no more than its seat's view; the join form is remembered."""

from __future__ import annotations

import dataclasses
import os
import random
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.net import codec, visibility
from game.net.classic_remote import ClassicRemote
from game.rules.classic import PRESETS, Shot, new_game, random_action
from game.rules.errors import RuleError
from game.scenes.common import online as online_screens
from game.scenes.common.gameover import GameOverScene
from game.scenes.common.online import JoinScene, OnlineWaitScene
from game.scenes.common.online_battle import OnlineBattle
from game.scenes.common.quick_match import SetupScene

SHOTS = os.environ.get("SEABATTLE_SHOTS")     # a folder: the test's screenshots are kept there


def shoot(app, name, tmp_path):
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(folder / f"{name}.png"))


def frames(apps, n=1, dt=1 / 30, until=None, limit=600):
    """Step every app ``n`` frames (or until ``until()``, at most ``limit``)."""
    for i in range(limit if until else n):
        for app in apps:
            app.step(dt, [])
        if until is not None and until():
            return i
    assert until is None, "the apps never got there"


def make_app(home, name, size, lang):
    app = App(size=size, settings_path=home / f"{name}.json", seed=7, audio=False)
    app.settings.language = lang
    app.apply_settings()
    app.flow.to_title()
    return app


def top(app):
    return app.scenes.top


# -- the remote game holds only its seat's view ------------------------------------------------

def enemy_cells_known(remote: ClassicRemote) -> set:
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
    remote = ClassicRemote(config, 0, sent.append)
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
    remote = ClassicRemote(game.config, 0, lambda a: None)
    leaky = dataclasses.replace(game.view(0), enemy_ships=tuple(game.ships[1]))
    remote.take({"moves": 0, "turn": 0}, leaky, [])
    assert beyond_view(remote, game, 0)


def test_the_remote_game_sends_the_act_and_refuses_what_its_view_refuses():
    config = PRESETS["russian"]
    game = new_game(config, random.Random(2))
    sent = []
    me = game.turn
    remote = ClassicRemote(config, me, sent.append)
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
    err = remote.rule_error({"code": "already_shot", "params": codec.encode({"cell": (0, 0)})})
    assert err.code == "already_shot" and err.params == {"cell": (0, 0)}
