"""Gallery: the strike effects of Naval and «Кораблики» (issue 20, part 3): a torpedo mid-lane, an
air strike mid-flight with the Aegis's flak, the atomic blast at its peak. Each is a battle
screen driven by fixed actions, so the pictures are the same every run.
"""

from __future__ import annotations

import random

from ..match import COMPUTER, HUMAN, Match, Seat
from ..rules import korabliki as kr
from ..rules import naval as nv
from ..scenes.korabliki.battle import KorablikiBattleScene
from ..scenes.naval.battle import NavalBattleScene
from . import shot

SIZE = (1280, 720)


def naval_fleet() -> list:
    """A fixed Naval fleet: the carrier at the top, the Aegis on row 6 with its mount in the
    middle, the battleship upright on the right, the submarine and the patrol boat low."""
    return [
        nv.make_ship([(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (2, 2), (3, 2), (4, 2)],
                     {"deck": [(2, 1), (3, 1), (4, 1)]}),
        nv.make_ship([(x, 5) for x in range(2, 7)], {"gun": [(2, 5)], "aa": [(4, 5)]}),
        nv.make_ship([(9, y) for y in range(1, 5)], {"gun": [(9, 1), (9, 4)]}),
        nv.make_ship([(1, 9), (2, 9), (3, 9)], {"tube": [(1, 9)]}),
        nv.make_ship([(8, 8), (9, 8)], {"gun": [(8, 8)]}),
    ]


def naval_battle(app, seed: int, then=()) -> NavalBattleScene:
    """A Naval battle, the person (left) against the computer, both past their first turns
    (an ability may be used); ``then``: (volley, what the Aegis shoots down) played after."""
    seats = (Seat(HUMAN, "Nelson", ""), Seat(COMPUTER, "Ushakov", "hunter", opponent=""))
    match = Match(nv.NavalConfig(), seats, first="0", seed=seed)
    game = nv.NavalGame(match.config, [naval_fleet(), naval_fleet()], 0)
    openings = (nv.Volley(((10, 10), (11, 11)), ((10, 6), (10, 7))),
                nv.Volley(((11, 1), (11, 2)), ((0, 11), (1, 11))))
    for volley, downed in [(v, None) for v in (openings[0], openings[0], openings[1],
                                                  openings[1])] + list(then):
        for e in game.apply(volley):
            if isinstance(e, nv.InterceptNeeded) and downed is not None:
                game.apply(nv.Intercept(tuple(downed)))
    scene = NavalBattleScene(app, match, game, keep_record=False)
    app.scenes.reset(scene)
    return scene


def naval_fire(scene: NavalBattleScene, volley: nv.Volley, downed=()) -> None:
    """The person fires ``volley``; the enemy's Aegis shoots down ``downed``; the screen
    shows it from the start."""
    g = scene.game
    events = list(g.apply(volley))
    if g.pending is not None:
        events += g.apply(nv.Intercept(tuple(downed)))
    scene._queue([e for e in events if not isinstance(e, nv.InterceptNeeded)])


TORPEDO = nv.Volley(((6, 3), (0, 0)), ((10, 3), (10, 4)), torpedo=8)
AIR = nv.Volley(((6, 7), (11, 5)), ((0, 7), (0, 8)), air=((3, 3), (4, 4), (5, 3)))
AIR_DOWNED = ((5, 3), (6, 7))
# the computer's answer into the person's Aegis: two shells and three planes it can reach
INCOMING = nv.Volley(((2, 5), (6, 5)), ((3, 2), (4, 2)), air=((3, 4), (4, 4), (5, 5)))


def _with_bomb_at(setup: dict, cell) -> dict:
    setup = dict(setup)
    bomb = next(c for c, r in setup.items() if r == kr.BOMB)
    other = setup.pop(cell, None)
    del setup[bomb]
    setup[cell] = kr.BOMB
    if other is not None:
        setup[bomb] = other
    return setup


def korabliki_blast(app, seed: int) -> KorablikiBattleScene:
    """«Кораблики», the person (bottom) against the computer: both bombs sail out of their
    front rows to two rows apart, and the person's goes off and sets off the enemy's (a
    chain) over a full board."""
    seats = (Seat(HUMAN, "Nelson", ""), Seat(COMPUTER, "Ushakov", "hunter", opponent=""))
    match = Match(kr.KorablikiConfig(), seats, first="0", seed=seed)
    rng = random.Random(seed)
    game = kr.KorablikiGame(match.config, [_with_bomb_at(kr.random_setup(0, rng), (7, 10)),
                                           _with_bomb_at(kr.random_setup(1, rng), (8, 4))], 0)
    for frm, to in (((7, 10), (7, 9)), ((8, 4), (8, 5)), ((7, 9), (7, 8)), ((8, 5), (8, 6))):
        game.apply(kr.Move(frm, to))
        game.apply(kr.EndTurn())
    game.apply(next(m for m in game.legal_moves() if m.frm != (7, 8)))
    scene = KorablikiBattleScene(app, match, game, keep_record=False)
    app.scenes.reset(scene)
    scene.play(kr.Bomb())
    return scene


@shot
def naval_torpedo(gallery) -> None:
    app = gallery.app(SIZE)
    scene = naval_battle(app, gallery.seed)
    naval_fire(scene, TORPEDO)
    gallery.run_frames(app, 42)           # the torpedo half-way down its lane
    gallery.save(app.screen.copy(), "strike-naval-torpedo-1280x720.png")
    app.quit()


@shot
def naval_air_strike(gallery) -> None:
    app = gallery.app(SIZE)
    scene = naval_battle(app, gallery.seed)
    naval_fire(scene, AIR, AIR_DOWNED)
    for _ in range(240):                  # the planes diving as the Aegis's flak hits one
        app.step(1 / 60, [])
        if any(p.down_at is not None and p.t >= p.down_at + 0.2 for p in scene.strike.planes):
            break
    gallery.save(app.screen.copy(), "strike-naval-air-1280x720.png")
    app.quit()


@shot
def naval_intercept(gallery) -> None:
    """The person chooses what his Aegis shoots down (a shell and a plane chosen), then the
    marks the shot-down ones leave on both fields (his own and, from his air strike before,
    the enemy's)."""
    for size, lang in ((SIZE, "ru"), ((800, 600), "en")):
        app = gallery.app(size)
        app.settings.language = lang
        app.apply_settings()
        scene = naval_battle(app, gallery.seed, [(AIR, AIR_DOWNED), (INCOMING, None)])
        scene.shoot_down = [(2, 5), (4, 4)]
        gallery.run_frames(app, 2)
        name = f"{size[0]}x{size[1]}-{lang}"
        gallery.save(app.screen.copy(), f"strike-naval-intercept-{name}.png")
        scene.intercept()
        scene.skip()
        gallery.run_frames(app, 2)
        gallery.save(app.screen.copy(), f"strike-naval-shot-down-{name}.png")
        app.quit()


@shot
def korabliki_atomic(gallery) -> None:
    for size in (SIZE, (800, 600)):
        app = gallery.app(size)
        korabliki_blast(app, gallery.seed)
        gallery.run_frames(app, 100)      # the chained second blast, both columns rising
        gallery.save(app.screen.copy(), f"strike-korabliki-atomic-{size[0]}x{size[1]}.png")
        app.quit()


SINK = nv.Volley(((8, 8), (9, 8)), ((0, 3), (0, 4)))     # the enemy's patrol boat, whole


@shot
def naval_sinking(gallery) -> None:
    """A Naval ship going down under its kill moment ("Sunk!" and the ship's name), the moment
    every mode shares (issue 33), at both window sizes."""
    for size in (SIZE, (800, 600)):
        app = gallery.app(size)
        scene = naval_battle(app, gallery.seed)
        naval_fire(scene, SINK)
        for _ in range(240):
            app.step(1 / 60, [])
            if scene.moments.active and scene.moments.current.t > 0.3:
                break
        gallery.save(app.screen.copy(), f"battle-naval-sinking-{size[0]}x{size[1]}.png")
        app.quit()
