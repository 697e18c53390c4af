"""Issue 33: the result of a game in every mode (a big banner, why the game ended, the numbers
counted up, a campaign battle's stars revealed one by one, confetti and fireworks, the draw's
rematch), the kill moment bright and a miss a real splash."""

import random
import re

import pygame
import pytest

from game.render import text, theme
from game.render.effects import Effects
from game.render.moments import banner

BG = theme.BG


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.init()
    yield


# -- the kill moment and the splash ---------------------------------------------------------

def test_a_blast_lights_the_water_round_it_and_leaves_the_rest_of_the_screen_dark():
    """The kill moment was a grey wash: every explosion lit the whole screen. Now its light
    falls round the blast; a far corner keeps the night sea's colour."""
    screen = pygame.Surface((640, 480))
    fx = Effects(random.Random(1), scale=1.0)
    fx.explosion((320, 240), 0.9)
    fx.update(0.03)
    fx.particles.clear()            # the fireball itself: only the light is looked at here
    fx.rings.clear()
    screen.fill(BG)
    fx.draw(screen)
    assert tuple(screen.get_at((5, 5)))[:3] == BG
    lit = screen.get_at((320 + 15, 240 + 10))
    assert lit.r > BG[0] + 60 and lit.r > lit.b         # warm light near the blast


def test_the_kill_word_is_lit_and_glows_in_its_colour():
    surf = banner("Sunk!", "Cruiser", 80, theme.ACCENT, theme.TEXT, 1000)
    w, h = surf.get_size()
    pixels = [surf.get_at((x, y)) for x in range(0, w, 2) for y in range(0, h // 2, 2)]
    bright = [p for p in pixels if p.a > 200 and p.r > 240 and p.g > theme.ACCENT[1] + 20]
    assert bright, "the face is lit above its colour at its top"
    halo = [p for p in pixels if 0 < p.a < 160 and p.r > 200 and p.g > 150]
    assert len(halo) > 50, "a soft glow of the word's colour round it"


@pytest.mark.parametrize("scale", (0.6, 1.0, 1.5))
def test_a_miss_throws_a_column_of_water_with_droplets_and_rings_sized_in_cells(scale):
    fx = Effects(random.Random(2), scale=scale)
    fx.splash((100, 100))
    cell = 40 * scale
    main = max(fx.columns, key=lambda c: c.height)
    assert main.height == pytest.approx(2 * cell)          # two cells of water thrown up
    assert len(fx.columns) >= 3                           # and the crown's sheets beside it
    assert len(fx.rings) >= 3                             # rings running out on the surface
    drops = [p for p in fx.particles if p.gravity > 0]
    assert len(drops) >= 20 and max(-p.vy for p in drops) > 4 * cell   # thrown high, falling


# -- the result screen: why every game ended, in every mode ----------------------------------

from types import SimpleNamespace  # noqa: E402

from game.app import App  # noqa: E402
from game.campaign import Result  # noqa: E402
from game.data.progress import Progress  # noqa: E402
from game.gallery.battle import finished_game  # noqa: E402
from game.levels import load_levels  # noqa: E402
from game.match import COMPUTER, HUMAN, Match, Seat  # noqa: E402
from game.rules import classic as cl, korabliki as kr, naval as nv  # noqa: E402
from game.rules.base import GameOver, RESIGNED  # noqa: E402
from game.tables.base import Sender, Table  # noqa: E402
from game.rules.modes import MODES  # noqa: E402
from game.scenes.modes import SCREENS  # noqa: E402

from .test_korabliki_rules import arrange  # noqa: E402
from .test_modes_conformance import random_play  # noqa: E402

CLICK = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 3), button=1)


@pytest.fixture(scope="module")
def app():
    a = App(size=(800, 600), seed=1)
    yield a
    a.quit()


def result_of(app, game, kinds=(HUMAN, COMPUTER), campaign=None, **match):
    """The mode's result screen of ``game`` between Nina and the Boatswain, after a frame."""
    seats = tuple(Seat(k, name, "hunter" if k == COMPUTER else "")
                  for k, name in zip(kinds, ("Nina", "Boatswain")))
    m = Match(game.config, seats, seed=1, campaign=campaign, **match)
    m.finish(game)
    scene = SCREENS[m.mode].game_over(app, m, game, 100.0)
    app.scenes.reset(scene)
    app.step(1 / 60, [])
    return scene


def played(mode, seed, until=lambda g: True, limit=300):
    """A game of ``mode`` played with random moves to its end, the first of seeds from
    ``seed`` whose end ``until`` accepts."""
    for s in range(seed, seed + limit):
        g = random_play(mode, s)
        if until(g):
            return g
    raise AssertionError("no such game")


def midgame(mode, seed=3):
    return random_play(mode, seed, 10)


def resigned(mode, who):
    g = midgame(mode)
    g.resign(who)
    return g


def agreed(mode):
    g = midgame(mode)
    g.agree_draw()
    return g


def claimed(mode):
    """Online: the room took the gone player (Nina) to resign; the remote game says so."""
    g = resigned(mode, 0)
    g.claimed = 1
    return g


def dutchman():
    rng = random.Random(4)
    g = MODES["classic"].random_game(cl.PRESETS["dutchman"], rng)
    while not g.over:
        g.apply(MODES["classic"].random_action(g, rng))
    return g


def korabliki_drawn_by(reason):
    """«Кораблики» drawn by one blast taking both last forts, or by no fort left to take
    (RULES.md §K), through the rules as their own tests reach them."""
    if reason == "forts-both":
        g = arrange({(5, 7): (0, kr.BOMB), (5, 5): (0, kr.FORT), (6, 8): (1, kr.FORT),
                     (9, 9): (0, kr.TK)}, forts=False)
        g.apply(kr.Move((9, 9), (9, 8)))
        g.apply(kr.Bomb())
    else:
        g = arrange({(5, 7): (0, kr.TOR), (6, 7): (1, kr.KR), (9, 9): (0, kr.TK)})
        g.apply(kr.Move((9, 9), (9, 8)))
        del g.pieces[(9, 8)]
        g.apply(kr.TorpedoStrike((5, 7), (6, 7)))
    assert g.end_reason == reason
    return g


ENDS = {   # (mode, how the game ended) -> (the game, the words on its result screen, in English)
    ("classic", "fleet"): (lambda: finished_game(3, True)[1], "Whole fleet sunk: Boatswain"),
    ("classic", "dutchman"): (dutchman, "The Flying Dutchman sunk: "),
    ("classic", "resigned"): (lambda: resigned("classic", 0), "Nina resigned"),
    ("classic", "agreed"): (lambda: agreed("classic"), "Both sides agreed a draw"),
    ("classic", "claimed"): (lambda: claimed("classic"), "Gone too long: Nina"),
    ("naval", "fleet"): (lambda: played("naval", 0, lambda g: g.end_reason == "fleet"),
                         "Whole fleet sunk: "),
    ("naval", "disarmed"): (lambda: played("naval", 0, lambda g: g.end_reason == nv.DISARMED),
                            "No weapon left to attack with: "),
    ("naval", "ceasefire"): (lambda: played("naval", 0, lambda g: g.ceasefire is not None),
                             "Ceasefire after 20 volleys without a hit: "),
    ("naval", "resigned"): (lambda: resigned("naval", 1), "Boatswain resigned"),
    ("naval", "agreed"): (lambda: agreed("naval"), "Both sides agreed a draw"),
    ("naval", "claimed"): (lambda: claimed("naval"), "Gone too long: Nina"),
    ("korabliki", "forts"): (lambda: played("korabliki", 0, lambda g: g.end_reason == "forts"),
                             "Both forts destroyed: "),
    ("korabliki", "forts-both"): (lambda: korabliki_drawn_by("forts-both"),
                                  "The last forts of both sides fell in one blast"),
    ("korabliki", "no-attackers"): (lambda: korabliki_drawn_by("no-attackers"),
                                    "Neither side can destroy a fort any more"),
    ("korabliki", "quiet"): (lambda: played("korabliki", 1, lambda g: g.end_reason == "quiet"),
                             "200 moves in a row without a loss"),
    ("korabliki", "resigned"): (lambda: resigned("korabliki", 0), "Nina resigned"),
    ("korabliki", "agreed"): (lambda: agreed("korabliki"), "Both sides agreed a draw"),
}


def drawn_words(app, scene) -> list[str]:
    """Every line of words ``scene`` writes on one frame."""
    lines = []
    real = text.draw
    text.draw = lambda surface, words, *a, **k: lines.append(words) or real(surface, words,
                                                                            *a, **k)
    try:
        scene.draw(app.screen)
    finally:
        text.draw = real
    return lines


@pytest.mark.parametrize("mode, end", list(ENDS))
def test_the_result_says_why_the_game_ended(app, mode, end):
    """Issue 33: "say why every game ended, in every mode, on the result screen" — read from
    the rules' end (``GameOver.reason``, kept by the game), drawn under the banner."""
    make, words = ENDS[(mode, end)]
    game = make()
    scene = result_of(app, game)
    drawn = drawn_words(app, scene)
    assert any(line.startswith(words) for line in drawn), (words, drawn)
    app.settings.language = "ru"
    try:
        assert scene.reason_words() and scene.reason_words() != scene.tr("why.fleet", name="")
    finally:
        app.settings.language = "en"


def test_a_naval_defeat_with_ships_afloat_says_it_was_for_want_of_weapons(app):
    """The issue's case: a submarine (or any ship) still afloat, nothing left to attack with.
    The rules say it (``GameOver(winner, "disarmed")``) and the screen names the ships."""
    game = naval_disarmed()
    loser = 1 - game.winner
    afloat = [s.kind for i, s in enumerate(game.fleets[loser]) if i not in game.sunk[loser]]
    assert afloat and not game.armed(loser)
    scene = result_of(app, game)
    words = scene.reason_words()
    for kind in afloat:
        assert scene.tr(f"naval.ship.{kind}") in words
    sunk = played("naval", 0, lambda g: g.end_reason == "fleet")
    assert all(len(sunk.sunk[p]) == len(sunk.fleets[p]) for p in (1 - sunk.winner,))


def naval_disarmed():
    return played("naval", 0, lambda g: g.end_reason == nv.DISARMED)


def test_a_seats_table_keeps_why_its_game_ended_and_who_claimed_it():
    """Online the screens read a seat's table: it keeps the GameOver's reason and the room's
    claim, so the result says "gone too long" rather than "resigned"."""
    g = Table(cl.PRESETS["russian"], 0, Sender(lambda action: None))
    g.take({"claimed": 1, "moves": 3}, SimpleNamespace(winner=1, over=True),
           [GameOver(1, RESIGNED)])
    assert g.end_reason == RESIGNED and g.claimed == 1 and g.conceded == (RESIGNED, 0)


# -- the rematch after a draw ---------------------------------------------------------------

def test_after_a_draw_the_rematch_button_says_who_moves_first(app):
    """Issue 33: after a draw there is no loser; the button said "(the loser moves first)".
    It names who begins by §0 and C7, as ``Match.first_player`` will choose."""
    label = lambda scene: scene.menu.items[0].label()         # noqa: E731
    won = result_of(app, finished_game(3, True)[1])
    assert label(won) == "Rematch (the loser moves first)"
    by_lot = result_of(app, agreed("naval"))
    assert label(by_lot) == "Rematch (first move by lot)"
    chosen = result_of(app, agreed("naval"), first="1")
    assert label(chosen) == "Rematch (Boatswain moves first)"
    assert chosen.match.first_player() == 1
    # a draw after a lost game: the last loser still begins
    seats = (Seat(HUMAN, "Nina"), Seat(COMPUTER, "Boatswain", "hunter"))
    match = Match(cl.PRESETS["russian"], seats, seed=1, first="1")
    match.finish(finished_game(3, True)[1])                   # Nina won, the Boatswain lost
    draw = agreed("classic")
    match.finish(draw)
    scene = SCREENS["classic"].game_over(app, match, draw, 10.0)
    assert label(scene) == "Rematch (Boatswain moves first)" and match.first_player() == 1


# -- the panels, the numbers, the stars -----------------------------------------------------

def numbers(line: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", line)]


@pytest.mark.parametrize("size", ((640, 480), (800, 600), (1280, 720)))
def test_the_stats_panels_never_slide_over_the_menu(size):
    """Issue 33: "the result's stats panels slide over the Rematch button". At every moment
    of their coming in, in every mode, no panel crosses a button of the menu."""
    a = App(size=size, seed=1)
    try:
        for mode in MODES:
            game = played(mode, 0) if mode != "classic" else finished_game(3, False)[1]
            scene = result_of(a, game)
            while scene.t < scene.INTRO + 0.1:
                buttons = [item.rect for item in scene.menu.items]
                for panel in scene.stats_rects():
                    assert panel.collidelist(buttons) == -1, (mode, scene.t, panel, buttons)
                a.step(1 / 30, [])
    finally:
        a.quit()


def test_the_numbers_count_up_to_their_true_values_and_a_click_puts_them_there(app):
    game = finished_game(3, True)[1]
    scene = result_of(app, game)
    final = [f"{label}: {value}" for p in (0, 1) for label, value in scene.stats_rows(p)]
    final.append(scene.tr("stats.time", time="1:40"))
    assert all(line not in drawn_words(app, scene) for line in final if numbers(line) != [0])
    while scene.t < scene.COUNT_FROM + scene.COUNT / 2:
        app.step(1 / 20, [])
    middle = drawn_words(app, scene)
    counting = [line for line in middle if line.split(":")[0] in {f.split(":")[0] for f in final}]
    assert len(counting) == len(final)
    for line in counting:                 # on their way up, none past its true value
        goal = next(f for f in final if f.split(":")[0] == line.split(":")[0])
        assert numbers(line) <= numbers(goal) or len(numbers(line)) != len(numbers(goal))
    assert any(line not in final for line in counting)
    while scene.t < scene.COUNT_FROM + scene.COUNT + 0.05:
        app.step(1 / 20, [])
    assert all(line in drawn_words(app, scene) for line in final)
    clicked = result_of(app, game)
    app.step(1 / 60, [CLICK])
    assert clicked.t < 0.1 and all(line in drawn_words(app, clicked) for line in final)


def campaign_of(stars: int, won: bool = True):
    level = next(lv for lv in load_levels()[0] if lv.max_stars == 3)
    result = Result(level, won, False, stars, {}, stars)
    return SimpleNamespace(result=result, level=level, finish=lambda game: None,
                           voyage=SimpleNamespace(progress=Progress("player")))


def test_a_campaign_battles_stars_are_revealed_one_by_one_as_earned(app):
    """Issue 33: the campaign's stars revealed one by one on the result itself: they land
    after the panels, one after another, exactly as many as were earned."""
    scene = result_of(app, finished_game(3, True)[1], campaign=campaign_of(2))
    seen, dt = [], 1 / 20
    while scene.t < 5:
        app.step(dt, [])
        seen.append(scene.stars_landed())
    assert seen == sorted(seen) and seen[-1] == 2 and 1 in seen
    assert seen.index(1) * dt > scene.INTRO and (seen.index(2) - seen.index(1)) * dt >= 0.3
    assert not scene.showing
    clicked = result_of(app, finished_game(3, True)[1], campaign=campaign_of(2))
    app.step(1 / 60, [CLICK])
    assert clicked.stars_landed() == 2 and clicked.counted() == 1 and not clicked.showing
    lost = result_of(app, finished_game(3, False)[1], campaign=campaign_of(0, won=False))
    for _ in range(40):
        app.step(0.1, [])
        assert lost.stars_landed() == 0
