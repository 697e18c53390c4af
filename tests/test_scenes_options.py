"""The screens of every Classic option and the Flying Dutchman (issue 4, parts 1–6), driven
headless by synthetic events."""

import pygame
import pytest

from game.app import App
from game.rules.classic import (GIVE_CELL, MINE, PRESETS, RELOCATE, ClassicConfig, Relocate,
                                Salvo, Setup, Shot, fleet_of)
from game.scenes.classic.battle import BattleScene
from game.scenes.classic.gameover import GameOverScene
from game.match import COMPUTER, HUMAN, Match, Seat
from game.scenes.classic.dutchman import PaintShipScene
from game.scenes.classic.placement import PlacementScene
from game.scenes.classic.options import RulesScene, load_rules
from game.scenes.quick_match import SetupScene
from game.scenes.common.title import TitleScene

from .test_fleet import LEGAL
from .test_scenes import frames, key, running_app, settle, typed

SIZES = [(1280, 720), (800, 600)]


@pytest.fixture
def app(home):
    yield from running_app((1280, 720), 11)


def battle_with(app, config, setups=None, first=0, kind=COMPUTER, level="hunter"):
    match = Match(config, (Seat(HUMAN, "You"), Seat(kind, "Bot", level)), first=str(first),
                  seed=5)
    setups = setups or [match.computer_fleet(0), match.computer_fleet(1)]
    battle = BattleScene(app, match, match.new_game(setups), keep_record=False)
    app.scenes.push(battle)
    frames(app, 2)
    return battle


# --- part 1: presets and options ------------------------------------------------------------

def test_rules_screen_presets_fill_options_and_are_remembered(app, home):
    choices = app.settings.quick_match
    scene = RulesScene(app, choices)
    app.scenes.push(scene)
    frames(app, 2)
    frames(app, 1, [key(pygame.K_RIGHT)])            # Preset: Russian -> Milton Bradley
    assert load_rules(choices)[0] == PRESETS["milton-bradley"]
    scene.set_preset("dutchman")
    assert load_rules(choices)[0].relocate
    scene.set_preset("russian")
    scene.change(mines=2)                              # any option may then change
    assert scene.preset == "custom" and load_rules(choices)[0].mines == 2
    scene.set_series(3)
    frames(app, 1, [key(pygame.K_ESCAPE)])             # back, remembered in the settings
    assert not isinstance(app.scenes.top, RulesScene)
    saved = app.settings.quick_match
    assert saved["rules"]["mines"] == 2 and saved["series"] == 3


def test_a_fleet_that_cannot_be_placed_is_refused_with_a_reason(app):
    scene = RulesScene(app, app.settings.quick_match)
    app.scenes.push(scene)
    frames(app, 1)
    scene.change(width=8, height=8)
    scene.set_fleet_text("4 4 4 4 4 4 4 4 4 4 4 4")
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is scene and "cannot be placed" in scene.message
    scene.set_fleet_text("4 3")
    scene.back()
    assert app.scenes.top is not scene


def test_typing_a_fleet_and_an_impossible_option_keep_the_last_legal_rules(app):
    scene = RulesScene(app, app.settings.quick_match)
    app.scenes.push(scene)
    frames(app, 1)
    scene.menu.index = 2                               # Ships (decks): a text field
    frames(app, 1, [key(pygame.K_BACKSPACE)] * 40 + typed("5 4 3 3 2"))
    assert scene.config.sizes == (5, 4, 3, 3, 2)
    frames(app, 1, typed("x"))
    assert scene.config.sizes == (5, 4, 3, 3, 2) and scene.message
    assert not scene.change(sweepers=1)                # minesweepers need mines
    assert scene.config.sweepers == 0 and scene.message


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_starts_and_draws_at_every_size(home, size, preset):
    a = App(size=size, seed=2)
    a.settings.quick_match.update({"opponent": "boatswain", "first": "0",
                                   "rules": PRESETS[preset].to_dict()})
    a.scenes.push(TitleScene(a))
    setup = SetupScene(a, "computer")
    a.scenes.push(setup)
    frames(a, 2)
    setup.start()
    frames(a, 2)
    top = a.scenes.top
    assert isinstance(top, PaintShipScene if preset == "dutchman" else PlacementScene)
    frames(a, 2, [key(pygame.K_a)])
    frames(a, 2, [key(pygame.K_RETURN)])
    battle = a.scenes.top
    assert isinstance(battle, BattleScene) and battle.game.config == \
        (PRESETS[preset] if preset == "dutchman" else
         PRESETS[preset].__class__(**{**PRESETS[preset].__dict__, "halo": a.settings.halo}))
    for _ in range(200):                               # let both sides play a little
        if battle.human_to_move:
            if battle.game.config.salvo != "off":
                for c in battle.game.shootable(0)[:battle.game.salvo_size()]:
                    battle.fire(c)
                battle.fire_salvo()
            else:
                battle.fire(battle.game.shootable(0)[0])
        elif battle.human_deciding in ("give_cell", "give_mine"):
            battle.decide_cell(battle.game.decision_options()[0])
        elif isinstance(a.scenes.top, PaintShipScene):
            a.scenes.top.stay()
        frames(a, 1, [key(pygame.K_SPACE)] if battle.busy else [])
    assert a.screen.get_size() == size
    a.quit()


# --- part 2: shaped ships ---------------------------------------------------------------------

def test_bent_ships_change_shape_rotate_and_mirror_on_the_placement_screen(app):
    cfg = ClassicConfig(fleet=fleet_of((4, 1), (3, 1)), shapes="bent")
    match = Match(cfg, (Seat(HUMAN, "You"), Seat(COMPUTER, "Bot", "hunter")), seed=1)
    scene = PlacementScene(app, match, 0, lambda setup: None)
    app.scenes.push(scene)
    frames(app, 1)
    shapes = set()
    for _ in range(4):
        frames(app, 1, [key(pygame.K_t)])
        shapes.add(scene.held)
    assert len(shapes) == 4                            # line, L, square, zigzag
    from game.rules.fleet import canonical, normalise
    L = canonical(((0, 0), (0, 1), (0, 2), (1, 2)))
    while canonical(scene.held) != L:
        frames(app, 1, [key(pygame.K_t)])
    turns = set()
    for _ in range(4):
        frames(app, 1, [key(pygame.K_r)])
        turns.add(scene.held)
    assert len(turns) == 4 and all(canonical(t) == L for t in turns)
    before = scene.held
    frames(app, 1, [key(pygame.K_f)])
    assert scene.held == normalise([(-x, y) for x, y in before])   # mirrored
    frames(app, 1, [key(pygame.K_DOWN)] * 4 + [key(pygame.K_RIGHT)] * 4 + [key(pygame.K_RETURN)])
    assert len(scene.placed) == 1


# --- part 3: salvo ------------------------------------------------------------------------------

def test_salvo_marks_counts_and_fires_together(app):
    battle = battle_with(app, PRESETS["salvo"], [Setup(LEGAL), Setup(LEGAL)])
    game = battle.game
    assert game.salvo_size() == 10
    battle.fire((0, 6))
    battle.fire((0, 6))                                # a second click unmarks
    assert battle.salvo == []
    for x in range(10):
        battle.fire((x, 9))
    battle.fire((5, 5))                                # the eleventh is refused
    assert len(battle.salvo) == 10 and battle.message
    frames(app, 1, [key(pygame.K_RETURN)])             # Enter fires the salvo
    assert isinstance(game.history[-1][1], Salvo) and len(game.history) == 1
    assert game.turn == 1 and battle.salvo == []


# --- part 4: mines and minesweepers ---------------------------------------------------------

def test_a_human_who_hits_a_mine_chooses_the_cell_he_gives(app):
    cfg = ClassicConfig(mines=1)
    battle = battle_with(app, cfg, [Setup(LEGAL, [(9, 9)]), Setup(LEGAL, [(9, 0)])])
    game = battle.game
    battle.fire((9, 0))
    settle(app)
    assert battle.human_deciding == GIVE_CELL
    battle.fire((9, 9))                                # one's own mine is no ship cell
    assert game.decision is not None and battle.message
    frames(app, 1, [key(pygame.K_RETURN)])             # the keyboard picks the first choice
    assert game.given[0] and game.turn == 1
    assert game.view(0).target[(9, 0)] == MINE


def test_the_computer_gives_the_cell_that_gives_least_away(app):
    cfg = ClassicConfig(mines=1)
    battle = battle_with(app, cfg, [Setup(LEGAL, [(9, 9)]), Setup(LEGAL, [(9, 0)])], first=1)
    game = battle.game
    game.apply(Shot((0, 0)))                           # the computer's four-deck was hit ...
    game.apply(Shot((9, 9)))                           # ... and it steps on the human's mine
    from game.ai.captain import decide
    import random
    action = decide(battle.ais[1].shooter, game.view(1), random.Random(0))
    assert action.cell in LEGAL[0]                     # a cell of the wounded ship


# --- part 6: the Flying Dutchman ------------------------------------------------------------

def test_a_hit_dutchman_asks_its_human_owner_where_to_go(app):
    ship_a = ((0, 0), (1, 1), (2, 1), (3, 2), (3, 3), (4, 3))
    ship_b = ((10, 10), (11, 10), (12, 11), (12, 12), (13, 13), (14, 13))
    match = Match(PRESETS["dutchman"], (Seat(HUMAN, "You"), Seat(COMPUTER, "Bot", "hunter")),
                  first="1", seed=5)
    battle = BattleScene(app, match, match.new_game([Setup([ship_a]), Setup([ship_b])]),
                         keep_record=False)
    app.scenes.push(battle)
    game = battle.game
    battle.play(Shot((0, 0)))                          # as if the computer had hit
    assert game.decision.kind == RELOCATE
    settle(app)
    frames(app, 2)
    paint = app.scenes.top
    assert isinstance(paint, PaintShipScene) and paint.size_needed == 5
    frames(app, 1, [key(pygame.K_a)])                  # a random legal shape
    frames(app, 1, [key(pygame.K_RETURN)])
    assert app.scenes.top is battle
    assert isinstance(game.history[-1][1], Relocate) and game.decision is None
    assert len(game.ships[0][0]) == 5 and (0, 0) not in game.ships[0][0]


# --- part 5: series -----------------------------------------------------------------------------

def test_a_series_keeps_score_and_ends_when_one_side_has_won_enough(app):
    match = Match(ClassicConfig(), (Seat(HUMAN, "You"), Seat(COMPUTER, "Bot", "hunter")),
                  first="0", seed=3, best_of=3)
    for winner in (0, 1, 0):
        game = match.new_game([LEGAL, LEGAL])
        for c in sorted({c for ship in LEGAL for c in ship}):
            while game.turn != winner:
                game.apply(game.legal_actions()[0])
            if not game.over:
                game.apply(Shot(c))
        match.finish(game)
        assert match.first_player() == 1 - winner      # the loser moves first next
    assert match.series.over and match.series.score == [2, 1]
    over = GameOverScene(app, match, game, 5.0)
    app.scenes.push(over)
    frames(app, 2)
    assert "series" in over._headline()[0]
    assert over.menu.items[0].label() == "New series"
