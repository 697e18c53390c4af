"""The arcade arsenal on Classic's battle screen (RULES.md §A, issue 36 part 4): choosing a weapon
by key and click, its target shape following the pointer and turning, Esc back to a plain shot,
a typed coordinate aiming it, a refused use saying why and changing nothing, a weapon's cues
ending with its marks on the fields, skipping, and the curtain hiding it on one screen."""

import random

import pygame
import pytest

from game.app import App
from game.i18n import describe
from game.match import COMPUTER, HUMAN, Match, Seat
from game.rules.classic import (AIR_STRIKE, ATOMIC, BOMBER, DECK, MISS, PRESETS, RADAR, Shot,
                                UseWeapon, WeaponResult, random_setup)
from game.rules.errors import IllegalAction
from game.scenes.classic.battle import BattleScene
from game.scenes.common.curtain import CurtainScene

from .helpers import click, key, moved_on, mouse, typed


@pytest.fixture
def app(home):
    app = App(size=(1280, 720), seed=7, audio=False)
    app.settings.letters = "latin"
    yield app
    app.quit()


def frames(app, n=1, events=()):
    app.step(1 / 60, list(events))
    for _ in range(n - 1):
        app.step(1 / 60, [])


def open_battle(app, preset="arcade", kinds=(HUMAN, COMPUTER), opened=True):
    """An Arcade battle, the person first; ``opened``: each side has missed once, so weapons
    may be used (§A: not on the very first turn)."""
    cfg = PRESETS[preset]
    match = Match(cfg, (Seat(kinds[0], "A"), Seat(kinds[1], "B", "hunter")), first="0", seed=3)
    rng = random.Random(2)
    scene = BattleScene(app, match, match.new_game([random_setup(cfg, rng),
                                                    random_setup(cfg, rng)]))
    app.scenes.push(scene)
    frames(app)
    if opened:
        moved_on(scene, Shot(water(scene, 1)), Shot(water(scene, 0)))
        scene._sync()
    assert scene.human_to_move
    return scene


def water(scene, owner):
    g = scene.game
    taken = {c for s in g.ships[owner] for c in s} | set(g.defences[owner])
    return next((x, y) for y in range(g.config.height) for x in range(g.config.width)
                if (x, y) not in taken and (x, y) not in g.shots_at[owner]
                and (x, y) not in g.known_empty[owner])


def settle(app, scene, limit=900):
    for _ in range(limit):
        if not scene.busy:
            return
        frames(app)
    raise AssertionError("the cues never ended")


def chip(scene, weapon, owner=None):
    owner = scene.viewer if owner is None else owner
    return next(r for w, r in scene.chips[owner] if w == weapon)


def test_keys_and_clicks_choose_a_weapon_and_esc_goes_back_to_a_plain_shot(app):
    scene = open_battle(app)
    frames(app, 1, typed("2"))
    assert scene.weapon == AIR_STRIKE and not scene.typed
    frames(app, 1, click(chip(scene, BOMBER).center))
    assert scene.weapon == BOMBER
    frames(app, 1, typed("4"))
    assert scene.weapon == ATOMIC
    frames(app, 1, [key(pygame.K_ESCAPE)])
    assert scene.weapon is None and app.scenes.top is scene      # no pause: only the weapon
    frames(app, 1, typed("1"))
    assert scene.weapon == RADAR
    assert not scene.game.history[2:]                            # nothing fired
    # the enemy's arsenal is seen, read only: a click on it chooses nothing
    frames(app, 1, [key(pygame.K_ESCAPE)] + click(chip(scene, RADAR, 1).center))
    assert scene.weapon is None


def test_the_target_shape_follows_the_pointer_and_turns(app):
    scene = open_battle(app)
    geo = scene.geo_of(1)
    frames(app, 1, typed("3") + [mouse(pygame.MOUSEMOTION, geo.center((3, 4)))])
    assert scene.weapon == BOMBER and scene.cursor == (3, 4)
    row = tuple((x, 4) for x in range(10))
    column = tuple((3, y) for y in range(10))
    assert scene.aim_cells(scene.cursor) == row
    frames(app, 1, [key(pygame.K_TAB)])
    assert scene.aim_cells(scene.cursor) == column
    frames(app, 1, [mouse(pygame.MOUSEBUTTONDOWN, geo.center((3, 4)), button=3)])
    assert scene.aim_cells(scene.cursor) == row
    frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert scene.aim_cells(scene.cursor) == column
    frames(app, 1, typed("4"))
    assert len(scene.aim_cells((4, 4))) == 25 and len(scene.aim_cells((0, 0))) == 9
    frames(app, 1, typed("1"))
    assert len(scene.aim_cells((4, 4))) == 9 and len(scene.aim_cells((0, 0))) == 4
    assert not scene.game.history[2:]


def test_a_typed_coordinate_aims_the_weapon_and_enter_fires_it(app):
    scene = open_battle(app)
    frames(app, 1, typed("2") + typed("e7"))
    assert scene.weapon == AIR_STRIKE and scene.cursor == (4, 6)
    assert len(scene.game.history) == 2                  # aimed, not fired
    frames(app, 1, [key(pygame.K_RETURN)])
    assert scene.game.history[-1][1] == UseWeapon(AIR_STRIKE, (4, 6))
    assert scene.weapon is None                          # back to a plain shot


def test_a_refused_use_says_why_and_changes_nothing(app):
    scene = open_battle(app, opened=False)               # §A: not on the very first turn
    before = scene.game.to_dict()
    frames(app, 1, typed("1"))
    assert scene.weapon is None
    assert scene.message == describe(IllegalAction("weapon_first_turn"), app.tr, "latin")
    assert scene.game.to_dict() == before
    moved_on(scene, Shot(water(scene, 1)), Shot(water(scene, 0)))
    frames(app, 1, typed("4"))
    assert scene.weapon == ATOMIC
    scene.game.stock[0][ATOMIC] = 0                      # spent meanwhile: the rules refuse
    moved_on(scene)
    before = scene.game.to_dict()
    frames(app, 1, click(scene.geo_of(1).center((5, 5))))
    words = describe(IllegalAction("no_charge", weapon=ATOMIC), app.tr, "latin")
    assert scene.message == words and app.tr("arsenal.atomic") in words
    assert scene.game.to_dict() == before and not scene.busy
    frames(app, 1, [key(pygame.K_ESCAPE)] + typed("4"))  # and it cannot be chosen again
    assert scene.weapon is None and scene.message == words


def _fire(app, scene, weapon, cell, vertical=False):
    scene.vertical = vertical
    frames(app, 1, typed(str(1 + [RADAR, AIR_STRIKE, BOMBER, ATOMIC].index(weapon))))
    frames(app, 1, click(scene.geo_of(1).center(cell)))
    result = scene.game.history[-1][2]
    assert isinstance(result, WeaponResult) and result.weapon == weapon
    return result


def test_an_air_strike_plays_its_planes_and_leaves_its_marks(app):
    scene = open_battle(app)
    ship = scene.game.ships[1][0]
    r = _fire(app, scene, AIR_STRIKE, ship[0])
    seen_planes = False
    for _ in range(900):
        if not scene.busy:
            break
        seen_planes = seen_planes or bool(scene.strike.planes)
        frames(app)
    assert seen_planes and not scene.busy
    if r.downed is None:
        marks = scene.fields[1].marks
        assert all(marks.get(x.cell) == x.outcome for x in r.results if x.outcome != "sunk")
        assert any(x.outcome != MISS for x in r.results)
    words = app.tr("log.weapon.air_strike", cell=scene._cell(r.cell))
    assert any(words in str(line[0]) for line in scene.log)      # §A's notation: "Air E5"


def test_a_radar_shows_what_it_saw_to_its_owner_only_on_one_screen(app):
    scene = open_battle(app, kinds=(HUMAN, HUMAN))
    ship = scene.game.ships[1][0]
    r = _fire(app, scene, RADAR, ship[0])
    assert (ship[0], DECK) in r.shown
    assert scene.sweeps                          # the beam turns over the square
    for _ in range(900):
        if isinstance(app.scenes.top, CurtainScene):
            break
        frames(app)
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene)
    assert scene.viewer == 0 and scene.seen[0][ship[0]] == DECK      # seen before it fell
    curtain.on_ready()
    frames(app, 2)
    assert scene.viewer == 1 and scene.weapon is None
    assert not scene.table.radar                                     # not the other's to see
    assert r.cell in scene.swept_shown[1]         # §A: its owner sees which square was swept
    scene.draw(app.screen)


def test_skipping_ends_a_bomber_and_an_atomic_bomb_at_once_with_their_marks(app):
    scene = open_battle(app)
    r = _fire(app, scene, BOMBER, (0, 5))
    frames(app, 20)
    assert scene.bombers and scene.busy
    frames(app, 1, [key(pygame.K_SPACE)])
    assert not scene.bombers and not scene.strike.busy and not scene.effects.busy
    if r.downed is None:
        assert all(scene.fields[1].marks.get(x.cell) for x in r.results)
    # the computer answers; then the atomic bomb
    settle(app, scene)
    for _ in range(900):
        if scene.human_to_move or scene.game.over:
            break
        frames(app)
    if scene.game.over:
        return
    r = _fire(app, scene, ATOMIC, (5, 5))
    frames(app, 70)
    assert scene.scorches and scene.strike.mushrooms
    scene.draw(app.screen)
    frames(app, 1, [key(pygame.K_SPACE)])
    assert not scene.scorches and not scene.strike.mushrooms and not scene.effects.busy
    assert all(scene.fields[1].marks.get(x.cell) for x in r.results)


def test_without_the_arsenal_nothing_of_it_shows_or_answers(app):
    scene = open_battle(app, preset="russian")
    frames(app, 1, typed("1"))
    assert scene.weapon is None and not scene.arsenal and scene.chips == {0: [], 1: []}
    assert scene.typed == "1"                 # a digit is typing, as before


def test_a_seat_playing_elsewhere_tells_a_weapon_refused_from_its_view(app):
    """Online (``Sender``): the table refuses from its own view what the rules would (§A: not
    on the first turn, no charge left, a line off the board); the server checks it all again."""
    from game.tables.classic import ClassicTable
    scene = open_battle(app, opened=False)
    table = scene.tables[0]
    codes = []
    for action in (UseWeapon(RADAR, (4, 4)),):
        try:
            table.check_view(action)
        except IllegalAction as exc:
            codes.append(exc.code)
    moved_on(scene, Shot(water(scene, 1)), Shot(water(scene, 0)))
    table.check_view(UseWeapon(BOMBER, (3, 0), True))          # a column: fits
    scene.game.stock[0][BOMBER] = 0
    moved_on(scene)
    for action in (UseWeapon(BOMBER, (0, 3)), UseWeapon(ATOMIC, (9, 9))):
        try:
            table.check_view(action)
        except IllegalAction as exc:
            codes.append(exc.code)
    assert codes == ["weapon_first_turn", "no_charge"]
    assert isinstance(table, ClassicTable) and table.weapon_cells(ATOMIC, (9, 9)) == tuple(
        (x, y) for y in (7, 8, 9) for x in (7, 8, 9))


def test_online_a_seat_sends_its_weapon_and_reads_the_answers_through_the_codec():
    """A seat playing elsewhere (``Sender``): its weapon goes out as any act, and the server's
    states and events, encoded and decoded, give its table the arsenal as the rules hold it."""
    from game.net import codec, visibility
    from game.rules.classic import new_game, random_action
    from game.tables.base import Sender
    from game.tables.classic import ClassicTable
    rng = random.Random(5)
    game = new_game(PRESETS["arcade"], rng)
    sent = []
    remote = ClassicTable(game.config, 0, Sender(sent.append))
    remote.take({"moves": 0, "turn": game.turn}, game.view(0), [])
    used = 0
    while not game.over and len(game.history) < 400:
        if game.turn == 0 and not game.view(0).first_turn and game.stock[0].get(RADAR):
            action = UseWeapon(RADAR, (4, 4))
            remote.apply(action)
            assert sent[-1] == action and remote.waiting
        else:
            action = random_action(game, rng)
        used += isinstance(action, UseWeapon)
        events = game.apply(action)
        seen = visibility.events_for("classic", events, 0)
        remote.take({"moves": len(game.history), "turn": game.turn},
                    codec.decode(codec.encode(game.view(0))),
                    [codec.decode(codec.encode(e)) for e in seen])
        assert remote.stock == [game.stock_of(0), game.stock_of(1)]
        assert remote.radar == game.view(0).radar
    assert used and len(remote.history) == len(game.history)


def test_the_charges_shown_change_as_the_cues_show_them(app, monkeypatch):
    """The rows read the stocks as the cues have shown them: a weapon's charge goes as it
    flies, the enemy's air defence as it is seen shooting the strike down, not the moment the
    rules answered."""
    import game.scenes.classic.arsenal as screen
    rows = []
    monkeypatch.setattr(screen, "draw_row", lambda surface, chips, stock, *rest:
                        rows.append((chips, dict(stock))))
    scene = open_battle(app)
    drawn = {}

    def look():
        rows.clear()
        scene.draw(app.screen)
        drawn.update({0 if chips == scene.chips[0] else 1: stock for chips, stock in rows})
    guard = scene.game.defences[1][0]
    r = _fire(app, scene, AIR_STRIKE, guard)
    assert r.downed == guard
    look()
    assert drawn[0][AIR_STRIKE] == 0 and drawn[1]["air_defence"] == 1   # it flies
    frames(app, 20)
    look()
    assert drawn[0][AIR_STRIKE] == 0 and drawn[1]["air_defence"] == 1
    settle(app, scene)
    look()
    assert drawn[0][AIR_STRIKE] == 0 and drawn[1]["air_defence"] == 0


def test_a_weapon_that_sinks_the_last_ship_plays_the_whole_fleet_sunk(app, monkeypatch):
    """The fleet's last ship sunk by a weapon gets the finale's kill moment ("the whole fleet
    sunk"), as a shot's last sinking does."""
    scene = open_battle(app)
    ships = scene.game.ships[1]
    last = min(ships, key=len)
    moved_on(scene, *(Shot(c) for s in ships if s != last for c in s))
    scene._sync()
    moments = []
    real = scene.kill_moment
    monkeypatch.setattr(scene, "kill_moment", lambda *a, **k: (moments.append(
        k.get("final", a[4] if len(a) > 4 else False)), real(*a, **k)))
    _fire(app, scene, ATOMIC, last[0])
    assert scene.game.over
    settle(app, scene)
    assert moments == [True]


def test_an_atomic_bomb_leaves_its_square_scorched_for_the_rest_of_the_game(app):
    """As «Кораблики»'s, Classic's atomic scorch stays on the field once the blast has cooled
    (and on a battle resumed, from the game's history): a missed cell in it shows darker than
    a missed cell outside it."""
    scene = open_battle(app)
    geo = scene.geo_of(1)
    missed = next(c for c, m in scene.game.shots_at[1].items() if m == MISS)
    ships = {c for s in scene.game.ships[1] for c in s}
    centre = next((x, y) for x, y in ((4, 4), (5, 5), (4, 5), (5, 4), (6, 6))
                  if (x, y) not in ships and max(abs(x - missed[0]), abs(y - missed[1])) > 2)

    def darker(screen):
        scene.draw(screen)
        inside, outside = (sum(screen.get_at(geo.cell_rect(c).move(3, 3).topleft)[:3])
                           for c in (centre, missed))
        return inside < outside * 0.8

    _fire(app, scene, ATOMIC, centre)
    settle(app, scene)
    frames(app, 300)            # five seconds on: the blast long cooled
    assert darker(app.screen)
    scene = BattleScene(app, scene.match, scene.game)
    app.scenes.push(scene)
    frames(app)
    assert darker(app.screen)


def test_the_game_over_shows_the_air_defences_and_the_scorch(app, monkeypatch):
    """The fields shown whole after the game keep what the arsenal left: each side's air
    defences (spent ones broken) and the atomic bomb's scorched square."""
    import game.scenes.classic.gameover as over
    from game.scenes.classic.gameover import GameOverScene
    scene = open_battle(app)
    _fire(app, scene, ATOMIC, (4, 4))
    settle(app, scene)
    pictures, burns = {}, {}
    monkeypatch.setattr(over, "draw_board", lambda surface, geo, pic, *a, **k:
                        pictures.__setitem__(len(pictures), pic))
    monkeypatch.setattr(over, "draw_scorched", lambda surface, geo, b, *a:
                        burns.__setitem__(len(burns), list(b)), raising=False)
    end = GameOverScene(app, scene.match, scene.game, 60.0)
    app.scenes.push(end)
    frames(app)
    g = scene.game
    assert [p.defences for p in pictures.values()][:2] == [list(g.defences[0]),
                                                          list(g.defences[1])]
    assert [(4, 4)] in [[c for c, _ in b] for b in burns.values()]


def test_the_weapon_chips_grow_with_the_text_and_name_no_digit_keys_for_a_pad(app, monkeypatch):
    """Issue 38: at 150 % the row of weapons is half as tall again (its charges' words grew
    with every other text, and the fields gave it the room); once a controller is used the
    chips show no 1–4 keys, since its shoulder buttons switch the weapon (the hint says so)."""
    from game.scenes.classic import arsenal

    scene = open_battle(app)
    small = scene.chips[scene.viewer][0][1].h
    rows = []
    monkeypatch.setattr(arsenal, "draw_row", lambda surface, chips, stock, chosen, keys, *a:
                        rows.append(keys))
    frames(app)
    assert rows and rows[0] == arsenal.KEYS        # the keyboard: the weapons' digit keys
    app.settings.ui_scale = 150
    app.apply_settings()
    frames(app)
    big = scene.chips[scene.viewer][0][1].h
    assert big >= int(small * 1.4), (small, big)
    grid = scene.geo_of(1).grid
    assert scene.chips[scene.viewer][0][1].top > grid.bottom     # the row under its field
    app.use_device("pad")
    rows.clear()
    frames(app)
    assert rows and rows[0] == ""


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_at_150_percent_every_weapon_chip_holds_its_picture_count_and_key(home, size):
    """Issue 38: a larger text shrinks the fields; the row of weapons then grows wider than its
    field (centred under it, within its half of the window), so each chip still holds its
    picture, its ``×N`` and its key (they are drawn into a kept picture, which the walk of
    every screen does not read)."""
    from game.render.arsenal import chip_width

    app = App(size=size, seed=7, audio=False)
    app.settings.ui_scale = 150
    app.apply_settings()
    try:
        scene = open_battle(app)
        for owner in (0, 1):
            row = [rect for _, rect in scene.chips[owner]]
            for rect in row:
                assert rect.w >= chip_width(rect.h, True), (owner, rect)
            span = row[0].unionall(row[1:])
            assert span.left >= 0 and span.right <= size[0]
            assert (span.right <= size[0] // 2) != (span.left >= size[0] // 2)   # its own half
    finally:
        app.quit()
