"""Issue 20, parts 2 and 3 (Classic): damage you can see, ships going down, the kill moment,
the effects sized to the cell, and the game over's show. Behaviour, never wall-clock time."""

import random

import pygame
import pytest

from game.render import damage
from game.render.board import BoardGeometry, draw_wreck, ship_surface
from game.render.effects import Effects
from game.render.moments import Moments

DT = 1 / 60


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((640, 480))
    pygame.font.init()


def lit(surf: pygame.Surface) -> int:
    """How many pixels of ``surf`` are not transparent."""
    return pygame.mask.from_surface(surf, 8).count()


@pytest.mark.parametrize("cell", (12, 24, 80))
def test_a_burning_cell_is_a_loop_of_few_frames_made_once_per_cell_size(cell):
    frames = damage.fire_frames(cell)
    assert damage.fire_frames(cell) is frames          # cached, not drawn again
    assert len(frames) == damage.FRAMES
    assert all(f.get_size() == (cell, int(cell * 1.5)) for f in frames)
    assert len({pygame.image.tobytes(f, "RGBA") for f in frames}) > 1   # it moves
    assert damage.fire_frames(cell + 1) is not frames
    # a holed, burning deck: much of the cell is drawn, some of it flame-coloured
    assert lit(frames[0]) > cell * cell * 0.2
    pixels = pygame.surfarray.pixels3d(frames[0])
    flame = ((pixels[..., 0] > 200) & (pixels[..., 2] < 120)).sum()
    del pixels
    assert flame > 0


def test_a_miss_leaves_ripples_and_a_float_not_a_dot():
    cell = 40
    frames = damage.ripple_frames(cell)
    assert damage.ripple_frames(cell) is frames
    # far more than a dot of a ninth of the cell: rings across most of it
    assert all(lit(f) > cell * cell * 0.12 for f in frames)
    rect = pygame.mask.from_surface(frames[0], 8).get_bounding_rects()
    assert max(r.w for r in rect) > cell * 0.5


def test_a_wreck_is_its_class_darkened_below_the_surface_and_cached():
    cell = 32
    cells = ((2, 3), (3, 3), (4, 3), (5, 3))
    afloat, _, _ = ship_surface(cell, cells, (150, 160, 172), (84, 92, 104))
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    geo = BoardGeometry(0, 0, cell, 10, 8)
    draw_wreck(surface, geo, cells)
    before = len(damage._wrecks)
    draw_wreck(surface, geo, cells)                    # the same wreck: no new sprite
    assert len(damage._wrecks) == before
    wreck = surface.subsurface(geo.cell_rect((2, 3)).union(geo.cell_rect((5, 3))))
    assert lit(wreck) > lit(afloat) * 0.7              # still the whole hull
    mean = pygame.transform.average_color(wreck, consider_alpha=True)
    bright = pygame.transform.average_color(afloat, consider_alpha=True)
    assert sum(mean[:3]) < sum(bright[:3])             # darker than afloat
    assert mean[2] >= mean[0]                          # tinted by the water


def test_splash_columns_stand_two_cells_at_most_and_every_effect_ends():
    fx = Effects(random.Random(2), scale=30 / 40)      # a 30-pixel cell
    fx.splash((100, 100))
    fx.mine_blast((200, 100))
    fx.sweep((250, 150))
    fx.explosion((150, 150), 1.6)                      # a sunk ship's cell, the finale's
    fx.firework((50, 50), (255, 120, 90))
    fx.shell((0, 0), (300, 200), 0.55)
    sprite, _, vertical = ship_surface(30, ((1, 1), (2, 1), (3, 1)), (150, 160, 172),
                                       (84, 92, 104))
    fx.sink(sprite, sprite.get_rect(topleft=(30, 30)), vertical)
    assert max(c.height for c in fx.columns) <= 2 * 30     # a miss's column (issue 33)
    assert max(r.radius + r.speed * r.life for r in fx.rings) <= 2 * 30 + 1   # shock rings
    screen = pygame.Surface((400, 300))
    for _ in range(int(4 / DT)):
        fx.update(DT)
        fx.draw(screen)
    assert not (fx.columns or fx.sinkings or fx.shells or fx.rings or fx.particles
                or fx.lights)


def test_a_sinking_lists_breaks_and_goes_under():
    sprite = pygame.Surface((120, 40), pygame.SRCALPHA)
    sprite.fill((150, 160, 172, 255))
    s = damage.Sinking(sprite, pygame.Rect(100, 100, 120, 40), False, 2.0)
    screen = pygame.Surface((400, 300))
    drawn = []
    for t in (0.0, 1.0, 1.95):
        s.t = t
        screen.fill((0, 0, 0))
        damage.draw_sinking(screen, s)
        rgb = pygame.surfarray.array3d(screen)
        drawn.append(int((rgb.sum(axis=2) > 300).sum()))   # the hull's light grey
    assert drawn[0] > drawn[1] > drawn[2]              # less and less of it above the water
    s.t = 2.0
    assert s.done


def test_the_kill_moment_slows_time_nudges_and_ends():
    m = Moments()
    word = pygame.Surface((100, 40), pygame.SRCALPHA)
    m.kill(word, (200, 150), toward=(1, 0), cell=40)
    assert m.time_scale < 1
    seen = set()
    for _ in range(int(0.4 / DT)):
        m.update(DT)
        seen.add(m.offset())
    assert any(x > 0 for x, _ in seen)                # pushed toward the sunk ship
    for _ in range(int(3 / DT)):
        m.update(DT)
    assert not m.active and m.time_scale == 1 and m.offset() == (0, 0)
    final = m.kill(word, (0, 0), final=True)
    assert final.span > 1.6                          # the last ship's finale lasts longer
    m.clear()
    assert not m.active


# -- the Classic battle ---------------------------------------------------------------------

def hot_seat_battle(app):
    from game.match import HUMAN, Match, Seat
    from game.rules.classic import PRESETS
    from game.scenes.modes import SCREENS
    match = Match(PRESETS["russian"], (Seat(HUMAN, "A"), Seat(HUMAN, "B")), seed=5)
    game = match.new_game([match.entry.computer_setup(match, i) for i in (0, 1)])
    battle = SCREENS["classic"].battle(app, match, game)
    app.scenes.reset(battle)
    return battle


def small_ships(game, owner):
    return [s for s in game.ships[owner] if len(s) == 1]


def test_each_sunk_ship_gets_one_kill_moment_ends_a_wreck_and_skip_ends_the_show(home):
    from game.app import App
    from game.rules.classic import SUNK, Shot
    app = App(size=(1280, 720), seed=1)
    battle = hot_seat_battle(app)
    kills = []
    real = battle.moments.kill
    battle.moments.kill = lambda *a, **k: kills.append(a) or real(*a, **k)
    target = 1 - battle.game.turn
    first, second = small_ships(battle.game, target)[:2]
    battle.play(Shot(first[0]))
    seen_sinking = False
    for _ in range(int(6 / DT)):
        app.step(DT, [])
        seen_sinking |= bool(battle.effects.sinkings)
    assert len(kills) == 1 and seen_sinking
    assert first in battle.fields[target].wrecks
    assert battle.fields[target].marks[first[0]] == SUNK
    assert not battle.effects.sinkings and not battle.moments.active

    battle.play(Shot(second[0]))      # the next: skipped at once
    for _ in range(int(1.1 / DT)):   # the shell lands, the ship starts down, the word is up
        app.step(DT, [])
    assert len(kills) == 2 and battle.moments.active and battle.effects.sinkings
    battle.skip()
    assert not battle.moments.active and not battle.effects.sinkings
    assert not battle.timeline.busy
    assert second in battle.fields[target].wrecks     # it ends a wreck all the same
    app.step(DT, [])
    assert len(kills) == 2

    third = small_ships(battle.game, target)[2]        # skipped before it lands: no moment
    battle.play(Shot(third[0]))
    battle.skip()
    assert len(kills) == 2 and third in battle.fields[target].wrecks
    app.quit()


# -- the game over ----------------------------------------------------------------------------

@pytest.mark.parametrize("wins", (True, False))
def test_game_over_panels_slide_into_their_places_and_a_key_puts_them_there(home, wins):
    from game.app import App
    from game.gallery.battle import finished_game
    from game.scenes.classic.gameover import GameOverScene
    app = App(size=(800, 600), seed=1)
    match, game = finished_game(3, wins)
    scene = GameOverScene(app, match, game, 60.0)
    app.scenes.reset(scene)
    assert scene.slide(0) < 0 and scene.slide(1) > 0
    app.step(DT, [])
    assert scene.slide(0) != 0
    for _ in range(int(1.5 / DT)):
        app.step(DT, [])
    assert scene.slide(0) == 0 and scene.slide(1) == 0
    if wins:
        assert scene.celebrating and scene.show.particles        # fireworks
    else:
        assert scene.show.sinkings                                # the last ship goes down
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                     unicode="", scancode=0)])
    assert app.scenes.top is scene                    # the key ended the show
    assert not scene.showing and not scene.show.sinkings

    other = GameOverScene(app, match, game, 60.0)
    app.scenes.reset(other)
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)])
    assert other.slide(0) == 0 and other.slide(1) == 0   # at once in place
    app.quit()


def test_a_sunk_named_ship_lies_on_the_target_board_as_the_wreck_of_its_kind(home):
    """Milton Bradley's fleet: the rules name a ship as it sinks, so the target board draws
    its wreck by that name (a submarine, not a cruiser), and a resumed game shows it again."""
    from game.app import App
    from game.match import HUMAN, Match, Seat
    from game.rules.classic import PRESETS, Shot
    from game.scenes.modes import SCREENS
    app = App(size=(800, 600), seed=1)
    match = Match(PRESETS["milton-bradley"], (Seat(HUMAN, "A"), Seat(HUMAN, "B")), seed=5)
    game = match.new_game([match.entry.computer_setup(match, i) for i in (0, 1)])
    battle = SCREENS["classic"].battle(app, match, game)
    app.scenes.reset(battle)
    target = 1 - game.turn
    names = dict(zip(map(frozenset, game.ships[target]), game.names[target]))
    sub = next(s for s in game.ships[target] if names[frozenset(s)] == "submarine")
    assert not battle.fields[target].kinds                 # nothing told before it sinks
    for c in sub:
        battle.play(Shot(c))
        battle.skip()
    assert battle.fields[target].kinds == {frozenset(sub): "submarine"}
    resumed = SCREENS["classic"].battle(app, match, game)
    assert resumed.fields[target].kinds == {frozenset(sub): "submarine"}
    app.quit()


# -- the kill moment in Naval and «Кораблики» ----------------------------------------------------

def _spy_kills(battle):
    kills = []
    real = battle.moments.kill
    battle.moments.kill = lambda *a, **k: kills.append(a) or real(*a, **k)
    return kills


def test_a_naval_ship_going_down_gets_its_moment_and_sinks_unless_skipped(home):
    from game.app import App
    from game.match import HUMAN, Match
    from game.rules import naval as nv
    from game.scenes.naval.battle import NavalBattleScene
    from .test_naval_rules import fleet_a
    from .test_scenes import seats
    app = App(size=(1280, 720), seed=1)
    match = Match(nv.NavalConfig(), seats((HUMAN, HUMAN), "hunter"), first="0", seed=5)
    battle = NavalBattleScene(app, match, nv.NavalGame(match.config, [fleet_a(), fleet_a()], 0),
                              keep_record=False)
    app.scenes.reset(battle)
    kills = _spy_kills(battle)
    patrol = [(8, 8), (8, 9)]
    battle._sink(1, patrol, True, "patrol")          # skipped: the state, no show
    assert kills == [] and not battle.effects.sinkings and patrol in battle.fields[1].wrecks
    battle._sink(1, patrol, False, "patrol")
    assert len(kills) == 1 and battle.effects.sinkings and battle.moments.active
    battle.skip()
    assert not battle.moments.active and not battle.effects.sinkings


def test_korabliki_names_only_the_big_losses_the_viewer_may_know(home):
    from game.app import App
    from game.match import HUMAN, Match
    from game.rules import korabliki as kr
    from game.scenes.korabliki.battle import KorablikiBattleScene
    from .test_korabliki_rules import arrange
    from .test_scenes import seats
    g = arrange({(3, 3): (0, kr.LIN), (4, 3): (0, kr.TK), (5, 10): (1, kr.LIN)})
    app = App(size=(1280, 720), seed=1)
    match = Match(kr.KorablikiConfig(), seats((HUMAN, HUMAN), "admiral"), first="0", seed=5)
    battle = KorablikiBattleScene(app, match, g, keep_record=False)
    app.scenes.reset(battle)
    kills = _spy_kills(battle)
    battle._sink([(0, (4, 3))], False)       # a torpedo boat: no moment of its own
    assert kills == []
    battle._sink([(1, (5, 10))], False)      # the enemy's battleship, never revealed: unnamed
    assert kills == []
    battle._sink([(0, (3, 3))], False)       # the viewer's own battleship
    assert len(kills) == 1
