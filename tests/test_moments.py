"""A ship sunk has its moment in every mode (issue 33, defect 2): the big "Sunk!" with the
ship's name is drawn on the screen, by the one mechanism every battle screen shares."""

import pygame
import pytest

from game.match import COMPUTER, HUMAN, Match
from game.rules import korabliki as kr
from game.rules import naval as nv
from game.rules.classic import ClassicConfig, Shot
from game.scenes.classic.battle import BattleScene
from game.scenes.korabliki.battle import KorablikiBattleScene
from game.scenes.naval.battle import NavalBattleScene

from .test_fleet import LEGAL
from .test_korabliki_rules import arrange
from .test_naval_rules import fleet_a
from .test_scenes import frames, running_app, seats


@pytest.fixture
def app(home):
    yield from running_app((800, 600), 7)


def classic(app):
    match = Match(ClassicConfig(), seats((HUMAN, COMPUTER), "random"), first="0", seed=3)
    scene = BattleScene(app, match, match.new_game([LEGAL, LEGAL]), keep_record=False)
    boat = next(s for s in scene.game.ships[1] if len(s) == 1)
    return scene, lambda: scene.play(Shot(boat[0]))


def naval(app):
    match = Match(nv.NavalConfig(), seats((HUMAN, COMPUTER), "gunner"), first="0", seed=5)
    scene = NavalBattleScene(app, match, nv.NavalGame(match.config, [fleet_a(), fleet_a()], 0),
                             keep_record=False)
    # the patrol boat's two cells, and the battleship's pair far from the Aegis's reach
    return scene, lambda: scene.play(nv.Volley(((8, 8), (8, 9)), ((5, 11), (6, 11))))


def korabliki(app):
    g = arrange({(5, 7): (0, kr.LIN), (5, 6): (1, kr.LIN), (9, 9): (0, kr.TK)})
    match = Match(kr.KorablikiConfig(), seats((HUMAN, COMPUTER), "random"), first="0", seed=5)
    scene = KorablikiBattleScene(app, match, g, keep_record=False)

    def ask():
        scene.play(kr.Move((9, 9), (9, 8)))
        while scene.busy:                          # the move is shown before the act
            frames(app)
        scene.play(kr.Ask((5, 7), (5, 6)))        # equal battleships: both go down
    return scene, ask


@pytest.mark.parametrize("make", [classic, naval, korabliki],
                         ids=["classic", "naval", "korabliki"])
def test_a_sunk_ship_has_its_moment_on_the_screen(app, make, monkeypatch):
    scene, sink = make(app)
    app.scenes.push(scene)
    frames(app, 2)
    shown = []
    real = scene.moments.draw

    def draw(surface, offset=(0, 0)):
        if scene.moments.current is not None:
            shown.append(scene.moments.current)
        real(surface, offset)
    monkeypatch.setattr(scene.moments, "draw", draw)
    sink()
    for _ in range(400):
        frames(app)
        if shown and scene.moments.current is None:
            break
    assert shown, "no kill moment was drawn"
    assert shown[0].surf.get_width() > 50       # the big word, not an empty picture
