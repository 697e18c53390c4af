"""The strike effects of Naval and «Кораблики» (issue 20, part 3): the torpedo, the air strike,
the Aegis's flak, mines, the sweep, the atomic blast's column and the scorch it leaves."""

import pygame
import pytest

from game.gallery import strike as staged
from game.render import strike as st
from game.render.korabliki import draw_scorched
from game.rules import korabliki as kr
from game.rules import naval as nv
from game.scenes.korabliki.battle import KorablikiBattleScene
from game.scenes.korabliki.show import scorched_zones

from .test_korabliki_battle import battle as kor_battle
from .test_korabliki_rules import arrange
from .test_scenes import frames, running_app


@pytest.fixture
def app(home):
    yield from running_app((1280, 720), 11)


@pytest.fixture
def heard(app, monkeypatch):
    """The names of the sounds the screens ask for, in order."""
    names = []
    monkeypatch.setattr(app, "sound", lambda name, volume=1.0, pan=0.0: names.append(name))
    return names


def run_until(app, done, limit=900):
    for _ in range(limit):
        if done():
            return True
        frames(app)
    return done()


# --- Naval ----------------------------------------------------------------------------------

def test_the_torpedo_runs_its_lane_and_stops_on_the_first_hull(app, heard):
    scene = staged.naval_battle(app, 3)
    staged.naval_fire(scene, staged.TORPEDO)                  # row 9: the patrol boat at I9
    assert run_until(app, lambda: scene.strike.torpedoes)
    tp = scene.strike.torpedoes[0]
    geo = scene.geo_of(1)
    assert geo.cell_rect((8, 8)).collidepoint(tp.end)         # it ends on the first hull
    assert tp.start[0] < geo.grid.left                         # from the attacker's edge
    cells = (tp.end[0] - tp.start[0]) / geo.cell
    assert 8 <= cells / tp.duration <= 14     # the eye can follow it: a lane in about a second
    assert "torpedo" in heard
    assert run_until(app, lambda: not tp.running)
    assert tp.head() == tp.end
    assert run_until(app, lambda: not scene.strike.busy and not scene.busy, 600)
    assert scene.fields[1].marks[(8, 8)] == nv.HIT


def test_a_torpedo_that_meets_no_hull_runs_out_past_the_far_edge(app):
    scene = staged.naval_battle(app, 3)
    staged.naval_fire(scene, nv.Volley(((6, 3), (0, 0)), ((10, 3), (10, 4)), torpedo=7))
    assert run_until(app, lambda: scene.strike.torpedoes)
    tp = scene.strike.torpedoes[0]
    assert tp.end[0] > scene.geo_of(1).grid.right
    assert run_until(app, lambda: not scene.strike.busy, 600)


def test_an_air_strike_flies_in_formation_bombs_and_every_plane_ends(app, heard):
    scene = staged.naval_battle(app, 3)
    staged.naval_fire(scene, staged.AIR, staged.AIR_DOWNED)
    assert run_until(app, lambda: scene.strike.planes)
    planes = list(scene.strike.planes)
    assert len(planes) == 3 and all(p.direction == 1 for p in planes)   # from the left
    downed = [p for p in planes if p.down_at is not None]
    assert len(downed) == 1
    starts = {p.ground(0.0) for p in planes}
    assert len(starts) == 3                               # no two planes on top of each other
    bombs = 0
    streams = set()
    for _ in range(600):
        bombs = max(bombs, len(scene.strike.bombs))
        streams.update(scene.strike.streams)
        if not scene.strike.busy:
            break
        frames(app)
    assert not scene.strike.busy                          # every plane, bomb and puff ended
    assert all(p.dropped for p in planes if p.down_at is None)
    assert not downed[0].dropped and downed[0].crashed    # the hit one fell into the sea
    assert bombs >= 1 and len(streams) == 2                # at the plane and at the shell
    # the enemy's tracers rise from under his field: they never show where his mount stands
    assert all(st_.src[1] > scene.geo_of(1).grid.bottom for st_ in streams)
    for name in ("engines", "bomb", "flak"):
        assert name in heard
    assert run_until(app, lambda: not scene.busy)
    shown = scene.fields[1].marks
    assert all(c in shown for c in ((3, 3), (4, 4)))       # the bombs' cells are shown
    assert (5, 3) not in shown                             # the downed plane's is not


def test_skip_clears_every_strike_effect_and_shows_the_result(app):
    scene = staged.naval_battle(app, 3)
    staged.naval_fire(scene, staged.AIR, staged.AIR_DOWNED)
    frames(app, 40)
    assert scene.strike.planes and scene.busy
    scene.skip()
    assert not scene.strike.busy and not scene.in_flight
    assert (3, 3) in scene.fields[1].marks and (4, 4) in scene.fields[1].marks


# --- the effects themselves ------------------------------------------------------------------

def every_effect() -> st.Strike:
    s = st.Strike()
    s.torpedo((0, 50), (300, 50), 1.0, 30)
    s.plane(st.Plane((200, 100), 1, 240, 0.8, 1.6, 30))
    s.plane(st.Plane((200, 160), -1, 240, 0.8, 1.6, 30, down_at=0.4))
    s.stream((100, 400), (200, 100), 30)
    s.flak((200, 100), 30)
    s.column((50, 50), 30)
    s.mine((80, 80), 30)
    s.sweep((10, 10), (40, 10), 30)
    s.mushroom((150, 150), 30)
    return s


def test_every_effect_ends_on_its_own_and_draws_on_the_way():
    s = every_effect()
    surface = pygame.Surface((400, 400))
    for _ in range(60 * 6):
        s.update(1 / 60)
        s.draw(surface, (2, -1))
    assert not s.busy and not s.flying


def test_motion_runs_on_elapsed_time_not_frames():
    a, b = every_effect(), every_effect()
    for _ in range(60):
        a.update(1 / 60)
    for _ in range(6):
        b.update(1 / 6)
    assert a.torpedoes[0].head() == pytest.approx(b.torpedoes[0].head())
    assert a.planes[0].where()[0] == pytest.approx(b.planes[0].where()[0])
    assert a.mushrooms[0].t == pytest.approx(b.mushrooms[0].t)


def test_sprites_are_drawn_once_per_size_and_grow_with_the_cell():
    for cell in (12, 80):
        assert st.torpedo_sprite(cell, 0) is st.torpedo_sprite(cell, 0)
        assert st.plane_sprite(cell, 90, (255, 0, 0)) is st.plane_sprite(cell, 90, (255, 0, 0))
    assert st.torpedo_sprite(80, 0).get_width() > 3 * st.torpedo_sprite(12, 0).get_width()
    assert st.plane_sprite(80, 0, (0, 0, 0)).get_width() > 3 * st.plane_sprite(12, 0,
                                                                               (0, 0, 0)).get_width()
    turned = st.torpedo_sprite(40, 90)
    assert turned.get_height() >= turned.get_width()
    wake = st.wake_sprite(40, 200, 0)
    assert wake.get_at((199, wake.get_height() // 2)).a > wake.get_at((5, wake.get_height() // 2)).a


# --- «Кораблики» ----------------------------------------------------------------------------

def test_the_atomic_blast_raises_its_column_and_both_squares_stay_scorched(app, heard):
    scene = staged.korabliki_blast(app, 3)
    blast = next(e for e in scene.game.history[-1][2] if isinstance(e, kr.Blast))
    assert blast.chained is not None                       # the staging sets off a chain
    frames(app, 30)
    assert scene.strike.mushrooms and "atom" in heard
    assert run_until(app, lambda: not scene.busy and not scene.strike.busy, 900)
    frames(app, 120)
    assert scene.scorched == [(blast.centre, blast.zone), (blast.chained, blast.chain_zone)]
    scene.draw(app.screen)
    again = KorablikiBattleScene(app, scene.match, scene.game, keep_record=False)
    assert again.scorched == scene.scorched                # a resumed game keeps its scorch
    assert scorched_zones([]) == []


def test_skip_during_the_blast_clears_it_but_leaves_the_scorch(app):
    scene = staged.korabliki_blast(app, 3)
    frames(app, 10)
    assert scene.strike.mushrooms and scene.blasts
    scene.skip()
    assert not scene.strike.busy and not scene.blasts and not scene.in_flight
    assert len(scene.scorched) == 2


def test_the_scorch_darkens_exactly_its_squares(app):
    scene = staged.korabliki_blast(app, 3)
    scene.layout()
    geo = scene.geo
    water = (40, 90, 150)
    surface = pygame.Surface(app.screen.get_size())
    surface.fill(water)
    zone = tuple((x, y) for x in range(2, 7) for y in range(4, 9))
    draw_scorched(surface, geo, [((4, 6), zone)], False)
    inside = surface.get_at(geo.cell_rect((4, 6)).topleft)
    outside = surface.get_at(geo.cell_rect((9, 6)).center)
    assert sum(inside[:3]) < sum(water) * 0.7 and tuple(outside[:3]) == water


def test_a_torpedo_strike_runs_to_its_target_and_bursts(app, heard):
    g = arrange({(5, 7): (0, kr.TOR), (5, 6): (1, kr.ES), (9, 9): (0, kr.TK)})
    scene = kor_battle(app, g)
    scene.attempt(kr.Move((9, 9), (9, 8)))
    run_until(app, lambda: not scene.busy)
    scene.attempt(kr.TorpedoStrike((5, 7), (5, 6)))
    frames(app, 2)
    assert "torpedo" in heard and scene.strike.torpedoes
    tp = scene.strike.torpedoes[0]
    assert tp.end[1] < tp.start[1]                          # toward the enemy, up the board
    assert (5, 7) not in scene.display                      # it has left its cell
    assert run_until(app, lambda: scene.strike.columns)     # the burst's column of water
    assert run_until(app, lambda: not scene.busy)
    assert (5, 6) not in scene.display


@pytest.mark.parametrize("asker, sound, effect", [(kr.KR, "mine", "rings"),
                                                  (kr.TRAL, "sweep", "sweeps")])
def test_a_mine_blows_up_the_asker_or_the_minesweeper_sweeps_it(app, heard, asker, sound, effect):
    g = arrange({(5, 7): (0, asker), (5, 6): (1, kr.MIN), (9, 9): (0, kr.TK)})
    scene = kor_battle(app, g)
    scene.attempt(kr.Move((9, 9), (9, 8)))
    run_until(app, lambda: not scene.busy)
    scene.attempt(kr.Ask((5, 7), (5, 6)))
    assert run_until(app, lambda: getattr(scene.strike, effect), 60)
    assert sound in heard
    assert run_until(app, lambda: not scene.busy)
    assert (5, 6) not in scene.display


def test_a_bombers_line_of_light_splashes_costs_what_three_plain_ones_do():
    """§A: a bomber's ten cells (and an air strike's nine) land at once, beside an atomic bomb
    in the worst frames; each cell's splash is the light one, so the frame holds what three
    plain misses would (the Arcade frames line's p99 went past 8 ms with full splashes)."""
    import random
    from game.render.effects import Effects
    plain, light = Effects(random.Random(1)), Effects(random.Random(1))
    for x in range(3):
        plain.splash((40.0 * x, 100.0))
    for x in range(10):
        light.splash((40.0 * x, 100.0), light=True)
    cost = lambda e: len(e.particles) + len(e.rings) + len(e.columns)   # noqa: E731
    assert 0 < cost(light) <= cost(plain)
    assert len(light.columns) == 10          # every cell still throws up its column of water
