"""The Naval placement screen (RULES.md §N), driven headless by synthetic events, and the Naval
drawing helpers."""

import random

import pygame
import pytest

from game.i18n import Translator, describe
from game.render.board import BoardGeometry
from game.render import naval as draw
from game.rules import naval
from game.rules.errors import PlacementError
from game.rules.fleet import normalise
from game.scenes.naval.placement import NavalPlacementScene, needs_of

from .helpers import click, key, mouse, open_set_up


def make(home, size=(1280, 720), lang="en", seed=3):
    return open_set_up(NavalPlacementScene, ["Ann"], size, lang, seed=seed)


@pytest.fixture
def screen(home):
    app, scene, done = make(home)
    yield app, scene, done
    app.quit()


def press(app, *keys):
    for k in keys:
        app.handle(key(k))


def walk(app, scene, target):
    """Arrow keys from the cursor to ``target``."""
    dx, dy = target[0] - scene.cursor[0], target[1] - scene.cursor[1]
    press(app, *([pygame.K_RIGHT if dx > 0 else pygame.K_LEFT] * abs(dx)))
    press(app, *([pygame.K_DOWN if dy > 0 else pygame.K_UP] * abs(dy)))
    assert scene.cursor == target


def same_fleet(ships, fleet):
    return ({(s.kind, s.cells, s.weapons) for s in ships}
            == {(s.kind, s.cells, s.weapons) for s in fleet})


# --- the whole fleet ----------------------------------------------------------------------

def test_auto_place_gives_a_valid_fleet_and_enter_finishes(screen):
    app, scene, done = screen
    for _ in range(5):                          # A again draws a whole new fleet
        press(app, pygame.K_a)
        assert scene.complete
        naval.validate_fleet(scene.fleet())
    app.step(1 / 60, [])
    press(app, pygame.K_RETURN)
    assert len(done) == 1
    naval.validate_fleet(done[0])
    assert sorted(s.kind for s in done[0]) == sorted(naval.KINDS)


def test_the_keyboard_alone_places_and_arms_a_chosen_fleet(screen):
    app, scene, done = screen
    target = naval.random_fleet(random.Random(21))
    by_kind = {s.kind: s for s in target}
    for kind in naval.KINDS:                    # the dock hands the ships out biggest first
        assert scene.held == kind and scene.phase == "ships"
        want = normalise(by_kind[kind].cells)
        for _ in range(4):
            if scene.form == want:
                break
            press(app, pygame.K_r)
        assert scene.form == want
        mx = min(x for x, _ in by_kind[kind].cells)
        my = min(y for _, y in by_kind[kind].cells)
        walk(app, scene, (mx + scene.grab[0], my + scene.grab[1]))
        assert scene.ghost() == by_kind[kind].cells
        press(app, pygame.K_RETURN)
        assert scene.ships[kind] == by_kind[kind].cells, scene.message
    assert scene.phase == "weapons" and not scene.complete
    app.step(1 / 60, [])
    for ship in target:
        if ship.kind == "carrier":
            deck = ship.cells_of("deck")
            walk(app, scene, deck[1])
            for _ in range(8):
                press(app, pygame.K_SPACE)
                if sorted(c for _, c in scene.arms["carrier"]) == sorted(deck):
                    break
        else:
            for weapon in needs_of(ship.kind):   # placed in the order the ship needs them
                cell = next(c for w, c in ship.weapons
                            if w == weapon and (w, c) not in scene.arms.get(ship.kind, []))
                walk(app, scene, cell)
                press(app, pygame.K_SPACE)
        assert scene.armed(ship.kind)
    assert scene.complete
    app.step(1 / 60, [])
    press(app, pygame.K_RETURN)
    assert len(done) == 1
    naval.validate_fleet(done[0])
    assert same_fleet(done[0], target)


def test_tab_cycles_the_dock_and_then_the_unarmed_ships(screen):
    app, scene, done = screen
    seen = []
    for _ in range(5):
        seen.append(scene.held)
        press(app, pygame.K_TAB)
    assert seen == list(naval.KINDS) and scene.held == "carrier"
    press(app, pygame.K_TAB, pygame.K_TAB)
    assert scene.held == "battleship"
    press(app, pygame.K_a)
    scene.arms.pop("submarine")
    scene.cursor = (0, 0)
    press(app, pygame.K_TAB)
    assert scene.kind_at(scene.cursor) == "submarine"


def test_enter_refuses_an_unarmed_fleet_with_the_reason(screen):
    app, scene, done = screen
    press(app, pygame.K_a)
    scene.arms.pop("battleship")
    scene.cursor = next(c for c in [(x, y) for x in range(12) for y in range(12)]
                        if scene.kind_at(c) is None)
    press(app, pygame.K_RETURN)
    assert not done
    assert "Battleship" in scene.message and "gun ×2" in scene.message


# --- illegal spots ------------------------------------------------------------------------

def test_a_ship_wholly_on_the_ring_is_refused_with_the_reason(screen):
    app, scene, done = screen
    press(app, pygame.K_TAB, pygame.K_TAB, pygame.K_TAB, pygame.K_TAB)
    assert scene.held == "patrol"
    scene.cursor = (0, 0)                       # (0, 0)-(1, 0): both on the top row, the ring
    assert scene.ghost() == ((0, 0), (1, 0))
    app.step(1 / 60, [])                        # the red ghost and its reason are drawn
    press(app, pygame.K_RETURN)
    assert "patrol" not in scene.ships
    assert "wholly on the ring" in scene.message and "A1–B1" in scene.message
    scene.cursor = (0, 1)                       # (0, 1)-(1, 1): B2 is on the main field
    press(app, pygame.K_RETURN)
    assert scene.ships["patrol"] == ((0, 1), (1, 1))


def test_ships_may_overhang_the_ring_but_not_touch(screen):
    app, scene, done = screen
    press(app, pygame.K_r)                      # the carrier, turned
    scene.cursor = (11, 3)
    ghost = scene.ghost()
    assert any(naval.on_main(c) for c in ghost) and not all(naval.on_main(c) for c in ghost)
    press(app, pygame.K_RETURN)
    assert scene.ships["carrier"] == ghost, scene.message
    carrier = set(ghost)
    # the aegis upright beside it: refused, with the reason
    scene.held, scene.form, scene.grab = "aegis", tuple((0, i) for i in range(5)), (0, 0)
    scene.cursor = (min(x for x, _ in carrier) - 1, min(y for _, y in carrier))
    problem = scene.ghost_problem()
    assert problem is not None and problem.code in ("touch_side", "touch_corner")
    press(app, pygame.K_RETURN)
    assert "aegis" not in scene.ships
    assert scene.message == describe(problem, Translator("en"), "latin")
    assert "touches" in scene.message


def test_refusals_read_in_russian(home):
    app, scene, done = make(home, lang="ru")
    press(app, pygame.K_TAB, pygame.K_TAB, pygame.K_TAB, pygame.K_TAB)
    scene.cursor = (0, 11)
    press(app, pygame.K_RETURN)
    assert "целиком лежит на кольце" in scene.message and "А12–Б12" in scene.message
    app.quit()


def test_every_new_error_code_has_words_in_every_language():
    from game.i18n import LANGUAGES
    errors = [PlacementError("on_ring", ship=((0, 0), (1, 0))),
              PlacementError("weapon_off_ship", weapon="gun", cell=(3, 3), ship=()),
              PlacementError("weapons_share", cell=(3, 3), ship=((3, 3), (4, 3))),
              PlacementError("weapon_count", weapon="gun", kind="battleship", expected=2, got=1),
              PlacementError("deck_not_line", ship=((1, 1), (2, 1), (3, 1))),
              PlacementError("weapon_unknown", weapon="laser")]
    for lang in LANGUAGES:
        tr = Translator(lang)
        for err in errors:
            words = describe(err, tr, "latin")
            assert words != str(err) and "{" not in words, (lang, err.code, words)
        for kind in naval.KINDS:
            assert tr(f"naval.ship.{kind}") != f"naval.ship.{kind}"
        for weapon in naval.WEAPONS:
            assert tr(f"naval.weapon.{weapon}") != f"naval.weapon.{weapon}"


# --- weapons ------------------------------------------------------------------------------

def armed_screen(app, scene):
    """Every ship placed, none armed."""
    press(app, pygame.K_a)
    scene.arms = {}
    return scene.ships


def test_clicks_on_a_ship_place_cycle_and_remove_its_weapons(screen):
    app, scene, done = screen
    ships = armed_screen(app, scene)
    a, b, c = ships["aegis"][:3]
    assert scene.arm(a) and scene.arms["aegis"] == [("gun", a)]
    assert scene.arm(b) and sorted(scene.arms["aegis"]) == [("aa", b), ("gun", a)]
    assert scene.armed("aegis")
    assert not scene.arm(c)                     # full: refused, with words
    assert "all weapons are placed" in scene.message
    assert scene.arm(a)                         # the gun turns into the AA: they swap
    assert sorted(scene.arms["aegis"]) == [("aa", a), ("gun", b)]
    assert scene.arm(a)                         # past the last kind: off
    assert scene.arms["aegis"] == [("gun", b)] and scene.missing("aegis") == ["aa"]
    scene.arm(c)
    assert sorted(scene.arms["aegis"]) == [("aa", c), ("gun", b)]
    # a single weapon moves where the click is
    p, q = ships["patrol"]
    scene.arm(p)
    scene.arm(q)
    assert scene.arms["patrol"] == [("gun", q)]
    # two guns on two cells of the battleship; the submarine's tube
    for cell in ships["battleship"][:2]:
        scene.arm(cell)
    assert [w for w, _ in scene.arms["battleship"]] == ["gun", "gun"]
    scene.arm(ships["submarine"][0])
    assert scene.arms["submarine"] == [("tube", ships["submarine"][0])]
    for kind in ("aegis", "patrol", "battleship", "submarine"):
        naval.check_weapons(naval.make_ship(ships[kind], scene.arms[kind]))


def test_the_carrier_deck_rotates_among_the_lines_through_the_clicked_cell(screen):
    app, scene, done = screen
    ships = armed_screen(app, scene)
    carrier = ships["carrier"]
    options = naval.deck_options(carrier)
    for cell in carrier:
        through = [o for o in options if cell in o]
        seen = []
        for _ in range(len(through)):
            assert scene.arm(cell)
            deck = tuple(sorted(c for _, c in scene.arms["carrier"]))
            assert deck in through
            naval.check_weapons(naval.make_ship(carrier, scene.arms["carrier"]))
            seen.append(deck)
        assert sorted(seen) == sorted(through)  # every line through the cell, once each
        scene.arm(cell)                         # after the last: the deck comes off
        assert scene.arms["carrier"] == [] and scene.missing("carrier") == ["deck"]


def test_auto_weapons_arms_the_unarmed_and_keeps_the_armed(screen):
    app, scene, done = screen
    ships = armed_screen(app, scene)
    scene.arm(ships["patrol"][1])
    kept = list(scene.arms["patrol"])
    press(app, pygame.K_w)
    assert scene.complete and scene.arms["patrol"] == kept
    naval.validate_fleet(scene.fleet())
    press(app, pygame.K_w)                      # all armed: W draws them all again
    naval.validate_fleet(scene.fleet())


def test_clear_and_lift_go_back_to_the_ships(screen):
    app, scene, done = screen
    press(app, pygame.K_a)
    cell = scene.ships["submarine"][0]
    scene.cursor = cell
    press(app, pygame.K_DELETE)
    assert scene.phase == "ships" and scene.held == "submarine"
    assert "submarine" not in scene.ships and "submarine" not in scene.arms
    press(app, pygame.K_RETURN)                 # put straight back where it was
    assert scene.phase == "weapons" and not scene.armed("submarine")
    press(app, pygame.K_c)
    assert scene.ships == {} and scene.arms == {} and scene.held == "carrier"


def test_the_mouse_places_arms_and_drags(screen):
    app, scene, done = screen
    geo = scene.geo
    # the carrier from the dock, dropped on the board
    kind, rect, _ = scene._dock_rows()[0]
    assert kind == "carrier"
    app.step(1 / 60, [mouse(pygame.MOUSEBUTTONDOWN, rect.center),
                      mouse(pygame.MOUSEMOTION, geo.center((3, 3))),
                      mouse(pygame.MOUSEBUTTONUP, geo.center((3, 3)))])
    assert "carrier" in scene.ships and (3, 3) in scene.ships["carrier"]
    for _ in range(4):
        press(app, pygame.K_a)
        if scene.complete:
            break
    scene.arms.pop("patrol")
    p = scene.ships["patrol"][0]
    app.step(1 / 60, click(geo.center(p)))        # a click arms
    assert scene.arms["patrol"] == [("gun", p)]
    # a drag lifts the ship back into the first step
    form = normalise(scene.ships["patrol"])
    others = [cells for k, cells in scene.ships.items() if k != "patrol"]

    def legal(cell):
        try:
            naval.check_ship("patrol", [(cell[0] + x, cell[1] + y) for x, y in form], others)
        except PlacementError:
            return False
        return cell not in scene.ships["patrol"]
    free = next((x, y) for y in range(1, 11) for x in range(1, 11) if legal((x, y)))
    app.step(1 / 60, [mouse(pygame.MOUSEMOTION, geo.center(p)),
                      mouse(pygame.MOUSEBUTTONDOWN, geo.center(p)),
                      mouse(pygame.MOUSEMOTION, geo.center(free))])
    assert scene.held == "patrol" and scene.dragging and "patrol" not in scene.ships
    app.step(1 / 60, [mouse(pygame.MOUSEBUTTONUP, geo.center(free))])
    assert scene.held is None and scene.ships["patrol"][0] == free
    assert scene.phase == "weapons" and not scene.armed("patrol")


def test_escape_goes_back(screen):
    app, scene, done = screen
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is not scene and not done


# --- drawing ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 480)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_screen_draws_in_both_steps_at_every_size(home, size, lang):
    app, scene, done = make(home, size, lang)
    app.step(1 / 60, [key(pygame.K_RETURN)])      # a ship placed (or refused)
    app.step(1 / 60, [mouse(pygame.MOUSEMOTION, (2, 2))])   # the pointer off the board
    press(app, pygame.K_a)
    scene.arms.pop("carrier")
    scene.cursor = scene.ships["carrier"][2]
    app.step(1 / 60, [])
    assert scene.phase == "weapons"
    assert scene.dock_rect.bottom <= scene.buttons[0].rect.y
    assert scene.geo.outer.right <= scene.side.x and scene.geo.grid.bottom <= size[1]
    app.quit()


def test_naval_drawing_helpers(home):
    pygame.display.init()
    surf = pygame.Surface((500, 500))
    geo = BoardGeometry(40, 40, 30, 12, 12)
    surf.fill((0, 0, 0))
    draw.draw_ring(surf, geo)
    assert surf.get_at(geo.cell_rect((0, 5)).center)[:3] != (0, 0, 0)    # the ring shaded
    assert surf.get_at(geo.cell_rect((5, 5)).center)[:3] == (0, 0, 0)    # the main field not
    assert draw._ring_surface(30, 12, 12) is draw._ring_surface(30, 12, 12)   # made once
    assert len(draw.ring_cells(12, 12)) == 44
    surf.fill((0, 0, 0))
    draw.draw_aa_reach(surf, geo, (0, 0), 80)
    assert surf.get_at(geo.cell_rect((3, 3)).center)[:3] != (0, 0, 0)   # inside the 7×7
    assert surf.get_at(geo.cell_rect((4, 4)).center)[:3] == (0, 0, 0)   # outside it
    assert surf.get_at((geo.x - 20, geo.y - 20))[:3] == (0, 0, 0)        # clipped to the board
    for weapon in draw.WEAPONS:
        for intact in (True, False):
            surf.fill((0, 0, 0))
            draw.draw_weapon(surf, geo, weapon, (5, 5), intact)
            assert surf.get_bounding_rect().colliderect(geo.cell_rect((5, 5)))
    ship = naval.random_fleet(random.Random(2))[0]
    draw.draw_hull(surf, geo, ship.cells)
    draw.draw_weapons(surf, geo, ship.weapons, lost=[ship.weapons[0][1]])
    draw.draw_deck(surf, geo, ship.cells_of("deck"), intact=set(ship.cells_of("deck")[1:]))
