"""Reduced motion (issue 38, part 3): with the setting on, the sea stands still, a shot's cue is
a short fade where nothing moves, a kill has no slow motion and its moment is short; with it off
the battle moves as it always did."""

import pygame
import pytest

from game.match import COMPUTER, HUMAN, Match
from game.render import motion, theme
from game.rules.classic import ClassicConfig, Shot
from game.scenes.classic.battle import BattleScene

from .test_fleet import LEGAL
from .test_scenes import frames, running_app, seats

DT = 1 / 60


@pytest.fixture
def app(home):
    yield from running_app((800, 600), 7)


@pytest.fixture
def reduced(app):
    app.settings.reduced_motion = True
    app.apply_settings()
    assert theme.REDUCED_MOTION
    yield app
    app.settings.reduced_motion = False
    app.apply_settings()


def battle(app):
    """A Classic battle on the screen, the person (player 0) to shoot."""
    match = Match(ClassicConfig(), seats((HUMAN, COMPUTER), "random"), first="0", seed=3)
    scene = BattleScene(app, match, match.new_game([LEGAL, LEGAL]), keep_record=False)
    app.scenes.push(scene)
    frames(app, 2)
    return scene


def ship_cell(scene, decks: int):
    """A cell of one of the enemy's ships of ``decks`` cells (a hit; a one-deck sinks)."""
    return next(s for s in scene.game.ships[1] if len(s) == decks)[0]


def grid_pixels(app, scene, owner: int) -> bytes:
    rect = scene.geo_of(owner).grid
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def played(app, scene, action, limit: float = 3.0):
    """``action`` played, the frames stepped until its cues are over (at most ``limit``
    seconds); returns the seconds it took and what each frame's camera and boards were."""
    scene.play(action)
    seen, t = [], 0.0
    while scene.timeline.busy and t < limit:
        frames(app)
        t += DT
        seen.append((scene.camera(), scene.geo_of(0).grid.copy(), scene.geo_of(1).grid.copy(),
                     scene.moments.time_scale, scene.moments.scale()))
    return t, seen


def test_with_reduced_motion_the_sea_and_the_marks_stand_still(reduced):
    app = reduced
    scene = battle(app)
    played(app, scene, Shot(ship_cell(scene, 4)))       # a burning hit on the enemy's field
    assert scene.board(1).marks, "the hit left no mark"
    while scene.effects.texts:                          # the word "Hit!" has faded
        frames(app)
    before = [grid_pixels(app, scene, o) for o in (0, 1)]
    frames(app, 47)                                     # most of a second later
    after = [grid_pixels(app, scene, o) for o in (0, 1)]
    assert before == after


def test_a_shot_is_a_short_fade_that_moves_nothing(reduced):
    app = reduced
    scene = battle(app)
    rects = (scene.geo_of(0).grid.copy(), scene.geo_of(1).grid.copy())
    t, seen = played(app, scene, Shot(ship_cell(scene, 4)))
    assert t <= motion.FADE + 2 * DT, f"the shot's cue took {t:.2f} s"
    assert not scene.effects.particles and not scene.effects.shells
    for camera, left, right, slow, _ in seen:
        assert camera == (0, 0) and (left, right) == rects and slow == 1.0


def test_a_kill_has_no_slow_motion_no_shake_and_a_short_moment(reduced):
    app = reduced
    scene = battle(app)
    rects = (scene.geo_of(0).grid.copy(), scene.geo_of(1).grid.copy())
    scene.play(Shot(ship_cell(scene, 1)))
    shown, t = 0.0, 0.0
    while (scene.timeline.busy or scene.moments.active) and t < 5:
        frames(app)
        t += DT
        assert scene.camera() == (0, 0) and scene.effects.shake_offset() == (0, 0)
        assert (scene.geo_of(0).grid, scene.geo_of(1).grid) == rects
        assert scene.moments.time_scale == 1.0 and scene.moments.scale() == 1.0
        shown += DT * scene.moments.active
    assert shown > 0, "the kill had no moment"
    assert shown <= motion.FADE + 2 * DT, f"the moment lasted {shown:.2f} s"
    assert t <= 2 * motion.FADE + 2 * DT, f"the kill's cues took {t:.2f} s"


def test_the_computers_pause_keeps_its_time_with_reduced_motion(reduced):
    """Only the cues get shorter: the computer still waits its AI_THINK before it shoots."""
    app = reduced
    scene = battle(app)
    water = next((x, y) for x in range(10) for y in range(10)
                 if all((x, y) not in s for s in scene.game.ships[1]))
    scene.play(Shot(water))                     # a miss: the computer's turn
    moves = len(scene.game.history)
    t = 0.0
    while len(scene.game.history) == moves and t < 3:
        frames(app)
        t += DT
    assert len(scene.game.history) > moves
    assert t >= scene.AI_THINK


def test_without_reduced_motion_the_battle_moves_as_before(app):
    assert not theme.REDUCED_MOTION
    scene = battle(app)
    before = grid_pixels(app, scene, 1)
    frames(app, 47)
    assert grid_pixels(app, scene, 1) != before          # the sea rolls
    scene.play(Shot(ship_cell(scene, 1)))
    slow, moved = [], []
    for _ in range(120):
        frames(app)
        slow.append(scene.moments.time_scale)
        moved.append(scene.camera())
    assert min(slow) < 1.0                               # the kill's slow motion
    assert any(c != (0, 0) for c in moved)               # the shake and the nudge
    assert scene.effects.particles or scene.effects.sinkings


def test_motion_helpers_follow_the_setting(app):
    assert motion.still(2.5) == 2.5 and motion.pace() == 1.0
    app.settings.reduced_motion = True
    app.apply_settings()
    try:
        assert motion.still(2.5) == 0.0 and motion.pace() == motion.PACE
    finally:
        app.settings.reduced_motion = False
        app.apply_settings()


@pytest.mark.parametrize("make", ["classic", "naval", "korabliki"])
def test_every_modes_kill_is_still_and_short_with_reduced_motion(reduced, make):
    """A ship sunk in each mode (as ``test_moments`` sinks one): nothing shakes or slows, the
    boards stay put, and the whole show of it (its moment, its fades, the ship fading) is over
    in a few fades' time."""
    from . import test_moments
    app = reduced
    scene, sink = getattr(test_moments, make)(app)
    app.scenes.push(scene)
    frames(app, 2)
    cameras = [scene.camera()]
    sink()
    t, seen = 0.0, False

    def showing():
        strike = getattr(scene, "strike", None)
        return (scene.moments.active or scene.effects.fades or scene.effects.sinkings
                or (strike is not None and strike.fades))
    while (not seen or showing()) and t < 5:
        frames(app)
        t += DT
        seen = seen or scene.moments.active
        cameras.append(scene.camera())
        assert scene.moments.time_scale == 1.0 and scene.moments.scale() == 1.0
        assert not scene.effects.particles and not scene.effects.shells
    assert seen, "no kill moment"
    assert set(cameras) == {(0, 0)}
    assert t <= 3 * motion.FADE, f"the kill's show took {t:.2f} s"


@pytest.mark.parametrize("still", [False, True])
def test_the_curtain_parts_or_with_reduced_motion_fades_in_place(app, still):
    """The hand-over curtain opens by parting its two halves; with reduced motion its cloth
    stays whole and fades, within the short fade, before the turn is handed on."""
    from game.scenes.common.curtain import CurtainScene
    app.settings.reduced_motion = still
    app.apply_settings()
    ready = []
    try:
        curtain = CurtainScene(app, "B", lambda: ready.append(True))
        app.scenes.push(curtain)
        frames(app, 2)
        whole = pygame.image.tobytes(app.screen, "RGB")
        curtain.opening = 0.0                   # lifted
        frames(app, 6)
        mid = app.screen.copy()
        w, h = app.size
        centre = mid.get_at((w // 2, h // 4))[:3]
        edge = mid.get_at((4, h // 4))[:3]
        if still:                               # the same all across: a fade, no gap
            assert pygame.image.tobytes(mid, "RGB") != whole
            assert centre != theme.BG
        else:                                   # the seam has opened on the bare background
            assert centre == theme.BG and edge != theme.BG
        t = 6 / 60
        while not ready and t < 2:
            frames(app)
            t += DT
        assert ready and (t <= motion.FADE + 2 * DT) == still
    finally:
        app.settings.reduced_motion = False
        app.apply_settings()


def test_with_reduced_motion_the_credits_are_still_pages_and_end_by_themselves(reduced):
    from game.scenes.campaign.ending import PAGE_TIME, CreditsScene
    from game.scenes.common.base import Scene
    app = reduced
    below = Scene(app)
    app.scenes.push(below)
    credits = CreditsScene(app)
    app.scenes.push(credits)
    frames(app, 60)                                   # a second into the first page
    first = pygame.image.tobytes(app.screen, "RGB")
    frames(app, 60)
    assert pygame.image.tobytes(app.screen, "RGB") == first     # nothing rolls
    pages = len(credits.pages())
    assert pages >= 2
    frames(app, int(PAGE_TIME * 60))                  # the next page
    assert pygame.image.tobytes(app.screen, "RGB") != first
    for _ in range(pages * int(PAGE_TIME) + 2):
        if app.scenes.top is below:
            break
        frames(app, 60)
    assert app.scenes.top is below


@pytest.mark.parametrize("still", [False, True])
def test_a_victory_is_in_place_at_once_with_reduced_motion(app, still):
    """The game over after a victory: fireworks, confetti, sliding panels and counting numbers;
    with reduced motion everything is in its place from the start and nothing moves."""
    from game.gallery.battle import finished_game
    from game.scenes.modes import SCREENS
    app.settings.reduced_motion = still
    app.apply_settings()
    try:
        _, game = finished_game(5, True)
        match = Match(game.config, seats((HUMAN, COMPUTER), "hunter"), seed=5)
        match.finish(game)
        scene = SCREENS["classic"].game_over(app, match, game, 100.0)
        app.scenes.push(scene)
        frames(app, 30)
        half = pygame.image.tobytes(app.screen, "RGB")
        frames(app, 30)
        moving = scene.confetti.pieces or scene.show.particles
        assert bool(moving) != still
        assert (pygame.image.tobytes(app.screen, "RGB") == half) == still
        assert scene.showing != still
    finally:
        app.settings.reduced_motion = False
        app.apply_settings()


def test_a_radar_sweep_with_reduced_motion_is_the_square_lit_in_its_palette(reduced):
    """§A's radar with reduced motion: no turning beam, the swept square lit and fading, in the
    palette's radar colour (the merge of the palette part had left the still sweep naming a
    colour that no longer existed: the first still radar of a game would have crashed)."""
    from game.render.arsenal import RadarSweep

    surface = pygame.Surface((200, 200))
    sweep = RadarSweep(pygame.Rect(50, 50, 90, 90))
    sweep.t = sweep.span / 2
    sweep.draw(surface, 0, 0)
    lit = surface.get_at((95, 95))[:3]
    assert lit != (0, 0, 0) and surface.get_at((5, 5))[:3] == (0, 0, 0)
    edge = surface.get_at((50, 95))[:3]       # the square's frame, in the radar's colour
    assert max(edge) > 0 and [c > 0 for c in edge] == [c > 0 for c in theme.RADAR]
