"""The arcade arsenal (RULES.md §A, option C8) before the battle: its rows in the rules menu, the
preset Arcade, its refusals said in words, the rules in words, and the air defence placed like a
mine (issue 36, parts 2 and 3)."""

import pygame
import pytest

from game.ai.layouts import STYLES
from game.i18n import LANGUAGES, Translator
from game.i18n.phrase import say
from game.match import COMPUTER, HUMAN, Match, Seat
from game.modes import MODES
from game.render.board import BoardGeometry, draw_air_defence, draw_mine, draw_sweeper
from game.rules.classic import (AIR_DEFENCE, ARSENAL, PRESETS, ClassicConfig, validate_pieces)
from game.scenes.classic.options import PRESET_KEYS, RulesScene, load_rules
from game.scenes.classic.placement import PlacementScene

from .test_fleet import LEGAL
from .helpers import click, key
from .test_scenes import frames, running_app

ARCADE = PRESETS["arcade"]


@pytest.fixture
def app(home):
    yield from running_app((1280, 720), 11)


def rules_scene(app, lang="en", preset=None):
    app.settings.language = lang
    app.apply_settings()
    choices = app.settings.quick_match
    if preset is not None:
        choices["rules"] = PRESETS[preset].to_dict()
    scene = RulesScene(app, choices)
    app.scenes.push(scene)
    frames(app, 1)
    return scene


def row(scene, key_: str):
    """The menu's row whose label is ``key_``'s words."""
    label = scene.tr(key_)
    return next(i for i, it in enumerate(scene.menu.items) if it.label() == label)


# --- part 2: the rules menu ------------------------------------------------------------------

def test_the_arsenal_row_turns_on_its_counts_which_are_shown_only_while_it_is_on(app):
    scene = rules_scene(app)
    labels = [scene.tr(f"arsenal.{w}") for w in ARSENAL]
    shown = lambda: [it.label() for it in scene.menu.items]          # noqa: E731
    assert not scene.menu.items[row(scene, "rules.arsenal")].get()
    assert not set(labels) & set(shown())
    scene.menu.index = row(scene, "rules.arsenal")
    frames(app, 1, [key(pygame.K_RETURN)])                   # off -> on
    assert scene.config.arsenal and set(labels) <= set(shown())
    assert scene.menu.current.label() == scene.tr("rules.arsenal")  # still the row chosen
    # §A: turned on, it starts from the Arcade preset's stock
    assert {w: getattr(scene.config, w) for w in ARSENAL} == ARCADE.stock
    scene.menu.index = row(scene, "arsenal.radar")
    frames(app, 1, [key(pygame.K_RIGHT)])                    # radar 2 -> 3
    scene.menu.index = row(scene, "arsenal.atomic")
    frames(app, 1, [key(pygame.K_LEFT)])                     # atomic bomb 1 -> 0
    assert (scene.config.radar, scene.config.atomic) == (3, 0) and scene.preset == "custom"
    frames(app, 1, [key(pygame.K_ESCAPE)])                   # back: remembered
    assert app.scenes.top is not scene
    remembered, _ = load_rules(app.settings.quick_match)
    assert remembered.arsenal and (remembered.radar, remembered.atomic) == (3, 0)
    again = rules_scene(app)                                 # the menu opens as it was left
    assert again.config == remembered
    again.menu.index = row(again, "rules.arsenal")
    frames(app, 1, [key(pygame.K_RETURN)])                   # on -> off: no charges left over
    assert not again.config.arsenal and not again.config.stock
    frames(app, 1)
    assert not set(labels) & {it.label() for it in again.menu.items}
    assert all(getattr(again.config, w) == 0 for w in ARSENAL)


def test_the_arcade_preset_is_in_the_list_with_its_words(app):
    assert "arcade" in PRESET_KEYS
    scene = rules_scene(app)
    scene.menu.index = row(scene, "rules.preset")
    for _ in range(len(PRESET_KEYS)):
        if scene.preset == "arcade":
            break
        frames(app, 1, [key(pygame.K_RIGHT)])
    assert scene.config == ARCADE and scene.preset == "arcade"
    assert load_rules(app.settings.quick_match)[0] == ARCADE
    for lang in LANGUAGES:
        tr = Translator(lang)
        assert tr("preset.arcade") != "preset.arcade"
        assert tr("preset_about.arcade") != "preset_about.arcade"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_arsenal_with_salvo_or_the_dutchman_is_refused_in_words(app, lang):
    tr = Translator(lang)
    scene = rules_scene(app, lang, "salvo")
    scene.menu.index = row(scene, "rules.arsenal")
    frames(app, 1, [key(pygame.K_RETURN)])                   # §A: not with salvo (C4)
    assert scene.config == PRESETS["salvo"]
    said = scene.message
    assert tr("rules.arsenal") in said and tr("rules.salvo") in said, said
    assert "“arsenal”" not in said and "«arsenal»" not in said
    scene.set_preset("arcade")
    assert not scene.change(salvo="afloat") and scene.config == ARCADE
    assert tr("rules.arsenal") in scene.message and tr("rules.salvo") in scene.message
    scene.set_preset("dutchman")                              # §A: not with the Dutchman (§D)
    assert not scene.set_arsenal(True) and not scene.config.arsenal
    assert tr("rules.arsenal") in scene.message and tr("rules.relocate") in scene.message
    scene.set_preset("russian")                               # a charge needs the arsenal
    assert not scene.change(radar=1) and scene.config == PRESETS["russian"]
    assert tr("arsenal.radar") in scene.message and tr("rules.arsenal") in scene.message


def test_the_rules_in_words_say_the_arsenal_when_it_is_on():
    tr = Translator("en")
    entry = MODES["classic"]
    custom = ClassicConfig(arsenal=True, radar=1, bomber=2)
    words = say(entry.describe(custom), tr)
    assert "arsenal" in words and "radar ×1" in words and "bomber ×2" in words, words
    assert "atomic" not in words                              # a weapon with no charge is not said
    assert "arsenal" not in say(entry.describe(PRESETS["russian"]), tr)
    assert tr("preset.arcade") in say(entry.describe(ARCADE), tr)
    level = say(entry.describe(custom, preset="russian"), tr)   # a campaign level's changes
    assert "radar ×1" in level and "bomber ×2" in level
    ru = say(entry.describe(custom), Translator("ru"))
    assert "арсенал" in ru and "радар ×1" in ru, ru


# --- part 3: the air defence placed like a mine ----------------------------------------------

FREE = (9, 9)        # beside no ship of LEGAL
TOUCHING = (0, 7)    # under the one-decker at А7 (§A: the touching rule of a mine)


def placing(app, config=ARCADE, lang="en"):
    app.settings.language = lang
    app.apply_settings()
    match = Match(config, (Seat(HUMAN, "You"), Seat(COMPUTER, "Bot", "hunter")), seed=1)
    done = []
    scene = PlacementScene(app, match, 0, done.append)
    app.scenes.push(scene)
    frames(app, 1)
    return scene, done


def with_ships(app, scene):
    scene.placed = list(LEGAL)
    scene.held = None
    scene.take_next()
    frames(app, 1)


def test_the_air_defence_waits_in_the_dock_and_is_placed_by_the_keys(app):
    scene, done = placing(app)
    assert scene.pieces_left[AIR_DEFENCE] == 1
    with_ships(app, scene)
    assert scene.held_piece == AIR_DEFENCE and not scene.complete
    arrows = [key(pygame.K_RIGHT)] * (FREE[0] - scene.cursor[0]) \
        + [key(pygame.K_DOWN)] * (FREE[1] - scene.cursor[1])
    frames(app, 1, arrows + [key(pygame.K_RETURN)])
    assert scene.defences == [FREE] and scene.held_piece is None and scene.complete
    frames(app, 1, [key(pygame.K_DELETE)])                   # lifted back up
    assert scene.defences == [] and scene.held_piece == AIR_DEFENCE
    frames(app, 1, [key(pygame.K_RETURN), key(pygame.K_RETURN)])   # put down, then Ready
    assert done and done[0].defences == [FREE]
    validate_pieces(ARCADE, done[0].ships, done[0].mines, done[0].sweepers, done[0].defences)


def test_an_air_defence_beside_a_ship_is_refused_with_the_reason(app):
    scene, _ = placing(app)
    with_ships(app, scene)
    scene.cursor = TOUCHING
    frames(app, 1, [key(pygame.K_RETURN)])
    assert scene.defences == [] and scene.held_piece == AIR_DEFENCE
    assert "air defence" in scene.message and "A7" in scene.message and "ship" in scene.message
    ru, _ = placing(app, lang="ru")
    with_ships(app, ru)
    ru.cursor = TOUCHING
    ru.place_piece()
    assert "ПВО" in ru.message and "A7" in ru.message and "корабль" in ru.message, ru.message


def test_an_air_defence_is_taken_from_the_dock_and_placed_by_the_mouse(app):
    scene, _ = placing(app)
    with_ships(app, scene)
    scene.held_piece = None                                   # the hand empty: take it again
    slot = next(rect for entry, rect in scene.dock_items() if entry == AIR_DEFENCE)
    frames(app, 1, click(slot.center))
    assert scene.held_piece == AIR_DEFENCE
    frames(app, 1, click(scene.geo.cell_rect(FREE).center))
    assert scene.defences == [FREE] and scene.complete


@pytest.mark.parametrize("style", list(STYLES))
def test_every_placement_style_sets_the_air_defences_too(app, style):
    config = ClassicConfig(width=12, height=12, arsenal=True, air_defence=3, mines=1, sweepers=1)
    scene, done = placing(app, config)
    app.settings.quick_match["placement_style"] = style
    frames(app, 1, [key(pygame.K_a)])
    assert len(scene.defences) == 3 and scene.complete
    frames(app, 1, [key(pygame.K_RETURN)])
    setup = done[0]
    validate_pieces(config, setup.ships, setup.mines, setup.sweepers, setup.defences)
    frames(app, 1)
    scene.clear()
    assert scene.defences == [] and scene.pieces_left[AIR_DEFENCE] == 3


@pytest.mark.parametrize("cell", [10, 14, 22, 34, 60])
def test_the_air_defence_is_drawn_unlike_a_mine_and_a_sweeper_at_every_cell_size(cell):
    def picture(draw):
        surface = pygame.Surface((cell, cell), pygame.SRCALPHA)
        draw(surface, BoardGeometry(0, 0, cell, 1, 1), (0, 0))
        return pygame.mask.from_surface(surface)

    gun = picture(draw_air_defence)
    mine = picture(lambda s, g, c: draw_mine(s, g, c, False))
    sweeper = picture(draw_sweeper)
    area = cell * cell
    assert gun.count() > area * 0.15                          # seen, not a speck
    for other in (mine, sweeper):                             # a shape of its own
        differ = gun.count() + other.count() - 2 * gun.overlap_area(other, (0, 0))
        assert differ > area * 0.12


def test_two_players_on_one_screen_each_place_their_air_defence(app):
    from game.scenes.classic.battle import BattleScene
    from .test_scenes import lift_curtain
    match = Match(ARCADE, (Seat(HUMAN, "Ann"), Seat(HUMAN, "Bob")), first="0", seed=4)
    app.flow.start(match)
    for _ in range(2):                      # behind the curtain, each his own side
        lift_curtain(app)
        scene = app.scenes.top
        assert isinstance(scene, PlacementScene) and scene.pieces_left[AIR_DEFENCE] == 1
        frames(app, 1, [key(pygame.K_a)])
        assert len(scene.defences) == 1
        frames(app, 1, [key(pygame.K_RETURN)])
    lift_curtain(app)                       # the battle, behind the curtain of the first
    battle = app.scenes.top
    assert isinstance(battle, BattleScene)
    assert all(len(d) == 1 for d in battle.game.defences)
