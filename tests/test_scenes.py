"""Every scene driven headless by synthetic events, asserting the state that results."""

import json

import pygame
import pytest

from game.app import App
from game.rules.classic import MISS, ClassicConfig, Shot
from game.scenes.common.base import Scene, SceneStack
from game.scenes.classic.battle import BattleScene
from game.scenes.common.curtain import LOCK, CurtainScene
from game.scenes.common.dialogs import ConfirmScene, PauseScene
from game.scenes.classic.gameover import GameOverScene
from game.match import COMPUTER, HUMAN, Match, Seat
from game.scenes.classic.placement import PlacementScene
from game.scenes.common.settings import SettingsScene
from game.scenes.quick_match import SetupScene
from game.scenes.common.title import TitleScene

from .helpers import click, key, typed
from .test_fleet import LEGAL

SIZE = (1280, 720)


# --- event helpers ------------------------------------------------------------------------

def frames(app, n=1, events=()):
    app.step(1 / 60, list(events))
    for _ in range(n - 1):
        app.step(1 / 60, [])


def lift_curtain(app, n=40):
    """The player taking the seat at the hand-over curtain on top: once its lock has passed
    (input begun before the curtain dies with it), Enter; then ``n`` frames."""
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene)
    frames(app, max(1, int((LOCK - curtain.t) * 60) + 2))
    frames(app, n, [key(pygame.K_RETURN)])


def settle(app, limit=3000):
    """Run frames until no animation is pending in the battle (or ``limit`` frames pass)."""
    for _ in range(limit):
        top = app.scenes.top
        if not isinstance(top, BattleScene) or not top.busy:
            return
        frames(app)


def running_app(size, seed: int):
    """The body of an ``app`` fixture: the game at its title screen, quit after the test."""
    a = App(size=size, seed=seed)
    a.scenes.push(TitleScene(a))
    frames(a, 2)
    yield a
    a.quit()


def pushed(app, scene):
    """``scene`` on top of the stack, two frames on."""
    app.scenes.push(scene)
    frames(app, 2)
    return scene


def seats(kinds, level: str):
    """Seats P0, P1 of ``kinds`` (a computer of ``level``), without a personality."""
    return tuple(Seat(k, f"P{i}", level if k == COMPUTER else "", opponent="")
                 for i, k in enumerate(kinds))


@pytest.fixture
def app(home):
    yield from running_app(SIZE, 7)


def start_quick_match(app, first="0"):
    app.settings.quick_match.update({"opponent": "boatswain", "first": first})
    frames(app, 1, [key(pygame.K_DOWN), key(pygame.K_RETURN)])   # Title: Quick match
    assert isinstance(app.scenes.top, SetupScene)
    frames(app, 1, [key(pygame.K_RETURN)])          # Setup: Start (selected first)
    assert isinstance(app.scenes.top, PlacementScene)
    return app.scenes.top


def place_legal_fleet_by_keyboard(app, scene):
    for ship in sorted(LEGAL, key=len, reverse=True):
        assert scene.held is not None and len(scene.held) == len(ship)
        target = ship[0]
        dx, dy = target[0] - scene.cursor[0], target[1] - scene.cursor[1]
        events = [key(pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)] * abs(dx)
        events += [key(pygame.K_DOWN if dy > 0 else pygame.K_UP)] * abs(dy)
        events.append(key(pygame.K_RETURN))
        frames(app, 1, events)
    assert sorted(scene.placed) == sorted(LEGAL)


# --- the scene stack ----------------------------------------------------------------------

class Probe(Scene):
    def __init__(self, log, name, opaque=True):
        super().__init__(app=None)
        self.log, self.name, self.opaque = log, name, opaque

    def enter(self): self.log.append(f"enter {self.name}")
    def exit(self): self.log.append(f"exit {self.name}")
    def pause(self): self.log.append(f"pause {self.name}")
    def resume(self): self.log.append(f"resume {self.name}")
    def handle(self, event): self.log.append(f"event {self.name}")
    def update(self, dt): self.log.append(f"update {self.name}")
    def draw(self, surface): self.log.append(f"draw {self.name}")


def test_scene_stack_life_cycle_without_a_window():
    log = []
    stack = SceneStack()
    a, b, c = Probe(log, "a"), Probe(log, "b", opaque=False), Probe(log, "c")
    stack.push(a)
    stack.push(b)
    stack.handle(None)
    stack.update(0.1)
    stack.draw(None)
    assert log == ["enter a", "pause a", "enter b", "event b", "update b", "draw a", "draw b"]
    log.clear()
    stack.replace(c)
    stack.draw(None)
    assert log == ["exit b", "enter c", "draw c"]
    log.clear()
    stack.pop()
    assert log == ["exit c", "resume a"] and stack.top is a
    stack.reset(b)
    assert list(stack) == [b]


# --- placement ----------------------------------------------------------------------------

def test_place_a_fleet_by_keyboard_alone(app):
    scene = start_quick_match(app)
    place_legal_fleet_by_keyboard(app, scene)
    frames(app, 1, [key(pygame.K_RETURN)])  # Ready
    battle = app.scenes.top
    assert isinstance(battle, BattleScene)
    assert sorted(battle.game.ships[0]) == sorted(LEGAL)


def test_illegal_spot_is_refused_with_a_reason(app):
    scene = start_quick_match(app)
    frames(app, 1, [key(pygame.K_RETURN)])   # the four-deck at A1-D1
    frames(app, 1, [key(pygame.K_DOWN), key(pygame.K_RETURN)])  # a three-deck at A2: touches
    assert len(scene.placed) == 1
    assert "touches" in scene.message and "A1–D1" in scene.message
    frames(app, 1, [key(pygame.K_r)])        # rotate, R
    assert scene.held == ((0, 0), (0, 1), (0, 2))


def test_drag_from_the_dock_and_drop_on_the_board(app):
    scene = start_quick_match(app)
    scene.held = None
    frames(app)
    size, _, rect, _ = scene._dock_slots()[0]
    target = scene.geo.center((5, 5))
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
                    pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)])
    assert scene.placed == [((5, 5), (6, 5), (7, 5), (8, 5))]
    frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert scene.held == ((0, 0), (0, 1), (0, 2))  # the next ship, turned by the wheel


def test_auto_place_and_clear(app):
    scene = start_quick_match(app)
    frames(app, 1, [key(pygame.K_a)])
    assert scene.complete
    frames(app, 1, [key(pygame.K_c)])
    assert scene.placed == [] and not scene.complete


# --- the battle ---------------------------------------------------------------------------

def quick_battle(app, first="0"):
    scene = start_quick_match(app, first)
    frames(app, 1, [key(pygame.K_a)])
    frames(app, 1, [key(pygame.K_RETURN)])
    battle = app.scenes.top
    assert isinstance(battle, BattleScene)
    return battle


def test_fire_by_typed_coordinate_and_refusals_cost_no_turn(app):
    battle = quick_battle(app)
    app.settings.letters = "latin"
    assert battle.human_to_move
    frames(app, 1, typed("e5") + [key(pygame.K_RETURN)])
    assert battle.game.history[0][1] == Shot((4, 4))
    settle(app)
    while battle.game.turn != 0 and not battle.game.over:  # let the computer finish its turn
        frames(app, 30)
        settle(app)
    n = len(battle.game.history)
    frames(app, 1, typed("K11") + [key(pygame.K_RETURN)])
    assert len(battle.game.history) == n and battle.game.turn == 0
    assert "off the board" in battle.message
    frames(app, 1, typed("e5") + [key(pygame.K_RETURN)])
    assert len(battle.game.history) == n and battle.game.turn == 0
    assert "already been shot" in battle.message


def test_any_key_skips_the_animation(app):
    battle = quick_battle(app)
    frames(app, 1, [key(pygame.K_RETURN)])  # fire at the cursor
    assert battle.busy
    frames(app, 1, [key(pygame.K_x)])
    assert not battle.busy
    cell = battle.game.history[0][1].cell
    assert battle.fields[1].marks[cell] == battle.game.shots_at[1][cell]


def test_click_fires_and_the_shell_lands_before_the_mark_shows(app):
    battle = quick_battle(app)
    geo = battle.geo_of(1)
    frames(app, 1, click(geo.center((2, 3))))
    assert battle.game.history[0][1] == Shot((2, 3))
    assert (2, 3) not in battle.fields[1].marks  # the shell is still in the air
    settle(app)
    assert battle.fields[1].marks[(2, 3)] == battle.game.shots_at[1][(2, 3)]
    assert any(line.startswith("You: C4 — ") for line, _ in battle.log)


def test_computer_moves_when_it_is_its_turn(app):
    battle = quick_battle(app, first="1")
    assert battle.game.turn == 1 and not battle.human_to_move
    frames(app, 120)
    assert any(p == 1 for p, _, _ in battle.game.history)


def test_pause_confirm_and_quit_keeps_the_record(app, home):
    battle = quick_battle(app)
    frames(app, 1, [key(pygame.K_RETURN)])
    settle(app)
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, PauseScene)
    frames(app, 1, [key(pygame.K_ESCAPE)])  # Esc resumes
    assert app.scenes.top is battle
    frames(app, 1, [key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    pause.menu.index = len(pause.menu.items) - 1   # Quit to menu
    frames(app, 1, [key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, ConfirmScene)
    frames(app, 1, [key(pygame.K_RETURN)])   # "No" is selected first
    assert app.scenes.top is pause
    frames(app, 1, [key(pygame.K_RETURN), key(pygame.K_DOWN), key(pygame.K_RETURN)])  # Yes
    assert isinstance(app.scenes.top, TitleScene) and len(app.scenes) == 1
    records = list((home / "records").glob("*.txt"))
    assert len(records) == 1
    assert "result: unfinished" in records[0].read_text(encoding="utf-8")


def finish_by_human(app, battle):
    """Sink the computer's fleet with the human's shots (misses let the computer play)."""
    enemy = [c for ship in battle.game.ships[1] for c in ship]
    for _ in range(400):
        if battle.game.over:
            break
        if battle.human_to_move:
            target = next(c for c in enemy if c not in battle.game.shots_at[1]
                          and c not in battle.game.known_empty[1])
            battle.fire(target)
        frames(app, 1, [key(pygame.K_SPACE)] if battle.busy else [])
    for _ in range(200):
        if isinstance(app.scenes.top, GameOverScene):
            break
        frames(app, 10)


def test_game_over_reveals_both_fleets_and_rematch_lets_the_loser_move_first(app):
    battle = quick_battle(app, first="0")
    finish_by_human(app, battle)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    assert over.game.winner == 0 and over.stats[0]["hits"] == 20
    assert over.match.score == [1, 0]
    frames(app, 1, [key(pygame.K_RETURN)])  # Rematch
    placement = app.scenes.top
    assert isinstance(placement, PlacementScene)
    frames(app, 1, [key(pygame.K_a), key(pygame.K_RETURN)])
    rematch = app.scenes.top
    assert isinstance(rematch, BattleScene)
    assert rematch.game.first == 1  # the computer lost, so it moves first


# --- two people on one screen -------------------------------------------------------------

def test_hand_over_curtain_between_placements_and_turns(app):
    app.settings.quick_match.update({"first": "0", "name1": "Аня", "name2": "Борис"})
    frames(app, 1, [key(pygame.K_DOWN)] * 2 + [key(pygame.K_RETURN)])  # Two players
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.kind == "two"
    frames(app, 1, [key(pygame.K_RETURN)])  # Start
    assert isinstance(app.scenes.top, CurtainScene)
    frames(app, 1, [key(pygame.K_x)])       # a stray key does not open the curtain
    assert isinstance(app.scenes.top, CurtainScene)
    lift_curtain(app)
    first = app.scenes.top
    assert isinstance(first, PlacementScene) and first.player == 0
    frames(app, 1, [key(pygame.K_a), key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, CurtainScene)  # Борис may not see Аня's fleet
    lift_curtain(app)
    second = app.scenes.top
    assert isinstance(second, PlacementScene) and second.player == 1
    frames(app, 1, [key(pygame.K_a), key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, CurtainScene)
    lift_curtain(app)
    battle = app.scenes.top
    assert isinstance(battle, BattleScene) and battle.viewer == 0 == battle.game.turn
    # Аня fires at a cell of Борис's field that is water: the turn passes behind the curtain
    water = next((x, y) for y in range(10) for x in range(10)
                 if all((x, y) not in s for s in battle.game.ships[1]))
    battle.fire(water)
    settle(app)
    assert isinstance(app.scenes.top, CurtainScene)
    drawn = []
    battle.draw = lambda surface: drawn.append(1)
    frames(app)
    assert drawn == []  # the curtain is opaque: the battle underneath is not drawn at all
    del battle.draw
    assert battle.viewer == 0
    lift_curtain(app)
    assert app.scenes.top is battle and battle.viewer == 1
    assert battle.fields[1].pulses  # Борис sees where Аня's shot fell on his field


# --- settings -----------------------------------------------------------------------------

def test_settings_change_apply_and_are_remembered(app, home):
    frames(app, 1, [key(pygame.K_DOWN)] * 4 + [key(pygame.K_RETURN)])   # Settings (after
    # Campaign, Quick match, Two players, Play online)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    scene.menu.index = 0
    frames(app, 1, [key(pygame.K_RIGHT)])  # language: the next one
    lang = app.settings.language
    assert app.tr.lang == lang
    scene.menu.index = 3  # effects volume
    before = app.settings.effects_volume
    frames(app, 1, [key(pygame.K_LEFT)])
    assert app.settings.effects_volume == pytest.approx(round(before - 0.1, 1))
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, TitleScene)
    saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    assert saved["language"] == lang and saved["effects_volume"] == app.settings.effects_volume


def test_broken_settings_file_is_reported_and_the_game_starts(home):
    (home / "settings.json").write_text("[1, 2", encoding="utf-8")
    a = App(size=SIZE, seed=1)
    a.scenes.push(TitleScene(a))
    frames(a, 2)
    assert a.notices and "settings.json" in a.notices[0][0]
    assert (home / "settings.json.broken-1").exists()
    a.quit()


# --- every screen draws at a small window too ---------------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 480)])
def test_every_scene_draws_at_every_size(home, size):
    a = App(size=size, seed=3)
    match = Match(ClassicConfig(), (Seat(HUMAN, "You"), Seat(COMPUTER, "Bot", "hunter")),
                  first="0", seed=3)
    fleets = [LEGAL, match.computer_fleet(1)]
    game = match.new_game(fleets)
    battle = BattleScene(a, match, game, keep_record=False)
    for scene in (TitleScene(a), SetupScene(a, "computer"), SetupScene(a, "two"),
                  SettingsScene(a), PlacementScene(a, match, 0, lambda ships: None), battle,
                  PauseScene(a), CurtainScene(a, "Pass the seat", lambda: None)):
        a.scenes.push(scene)
        frames(a, 3)
    battle.fire((0, 0))
    frames(a, 90)
    finished = match.new_game([LEGAL, LEGAL])
    for c in sorted({c for ship in LEGAL for c in ship}):
        while finished.turn != 0:
            finished.apply(finished.legal_actions()[0])
        finished.apply(Shot(c))
    match.finish(finished)
    a.scenes.push(GameOverScene(a, match, finished, 12.0))
    frames(a, 3)
    assert a.screen.get_size() == size
    a.quit()


# --- issue 3: styles, learning the player, fairness you can see -----------------------------

def test_placement_styles_cycle_and_auto_place_in_that_style(app):
    scene = start_quick_match(app)
    before = scene.style
    frames(app, 1, [key(pygame.K_s)])
    assert scene.style != before
    while scene.style != "perelman":
        frames(app, 1, [key(pygame.K_s)])
    frames(app, 1, [key(pygame.K_a)])
    assert scene.complete
    multi = [c for ship in scene.placed if len(ship) > 1 for c in ship]
    assert min(max(max(x if not cx else 9 - x, y if not cy else 9 - y) for x, y in multi)
               for cx in (0, 1) for cy in (0, 1)) <= 6
    assert app.settings.quick_match["placement_style"] == "perelman"  # remembered


def test_after_a_game_the_profile_remembers_and_the_thinking_can_be_replayed(app, home):
    battle = quick_battle(app, first="1")  # the computer fires first, so it has thoughts
    finish_by_human(app, battle)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    saved = json.loads((home / "profiles" / "player.json").read_text(encoding="utf-8"))
    assert saved["games"]["10x10"] == 1 and sum(saved["ship_heat"]["10x10"]) == 20
    assert sum(saved["first_shots"]["10x10"]) == 10
    labels = [item.label() for item in over.menu.items]
    assert "How Boatswain thought" in labels
    over.menu.index = labels.index("How Boatswain thought")
    frames(app, 1, [key(pygame.K_RETURN)])
    from game.scenes.classic.thinking import ThinkingScene
    thinking = app.scenes.top
    assert isinstance(thinking, ThinkingScene) and thinking.index == 0
    move, cell, belief = thinking.thoughts[0]
    assert belief[cell[1] * 10 + cell[0]] > 0  # it fired where it believed a ship could be
    frames(app, 1, [key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert thinking.index == min(2, len(thinking.thoughts) - 1)
    frames(app, 1, [key(pygame.K_END)])
    assert thinking.index == len(thinking.thoughts) - 1
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is over


def test_each_player_name_has_its_own_profile(app, home):
    from game.data.profiles import profile_key
    frames(app, 1, [key(pygame.K_DOWN), key(pygame.K_RETURN)])  # Title: Quick match
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    labels = [item.label() for item in setup.menu.items]
    setup.menu.index = labels.index("Your name")
    frames(app, 1, typed("Ольга"))
    setup.menu.index = labels.index("Start")
    frames(app, 1, [key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, PlacementScene)
    assert app.settings.profile == profile_key("Ольга") == profile_key(" ольга ")
    assert profile_key("Olga") == "olga" and profile_key("Ольга") != profile_key("Olga")
    frames(app, 1, [key(pygame.K_a)])
    frames(app, 1, [key(pygame.K_RETURN)])
    battle = app.scenes.top
    assert isinstance(battle, BattleScene)
    assert battle.match.seats[0].name == "Ольга"
    finish_by_human(app, battle)
    saved = json.loads((home / "profiles" / f"{profile_key('Ольга')}.json").read_text("utf-8"))
    assert saved["name"] == "Ольга" and saved["games"]["10x10"] == 1
    assert not (home / "profiles" / "player.json").exists()
