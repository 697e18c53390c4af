"""How the computer thought, with the arcade arsenal (§A): a weapon's turn is shown on the heat
map by its square or line, and said with what it found."""

import pytest

from game.render import theme
from game.match import COMPUTER, HUMAN, Match, Seat
from game.rules.classic import PRESETS, UseWeapon
from game.scenes.classic.thinking import ThinkingScene

from .test_ai_arsenal import opened
from .test_scenes import frames, running_app


@pytest.fixture
def app(home):
    yield from running_app((800, 600), 7)


def test_a_weapons_turn_is_outlined_and_said(app):
    game = opened()                                   # the computer sits at seat 0 here
    game.apply(UseWeapon("bomber", (0, 4)))           # along row 5: five decks
    game.apply(UseWeapon("atomic", (5, 5)))           # the person's answer, not a thought
    match = Match(PRESETS["arcade"], (Seat(COMPUTER, "Admiral", "admiral"), Seat(HUMAN, "Nina")))
    belief = [0.01] * 100
    scene = ThinkingScene(app, match, game, 0, [(2, (0, 4), belief)])
    app.scenes.push(scene)
    frames(app, 2)
    assert scene.said(2) == "Move 1 of 1: the bomber along row 5 — decks hit: 5"
    geo = scene.field_geometry()
    outline = geo.cell_rect((0, 4)).union(geo.cell_rect((9, 4)))
    assert app.screen.get_at((outline.centerx, outline.top - 1))[:3] == theme.CURSOR[:3]
    assert app.screen.get_at((outline.centerx, outline.top - geo.cell))[:3] != theme.CURSOR[:3]
