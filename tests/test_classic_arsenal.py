"""The arcade arsenal of Classic (RULES.md §A, option C8): each sentence of §A as a test, the
config's refusals, the strict reader, the notation, and seeded random play of the Arcade preset.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from game.i18n import Translator, describe
from game.rules import classic as cl
from game.rules.coords import format_cell, parse_cell
from game.rules.errors import ConfigError, IllegalAction, PlacementError
from game.rules.jsonform import CodecError

ARCADE = cl.PRESETS["arcade"]
# every weapon three times, and no air defence unless a test places one
MANY = cl.ClassicConfig(arsenal=True, radar=3, air_strike=3, bomber=3, atomic=3)

# a legal Russian fleet (no touching) with room at the bottom right for pieces
FLEET = [((0, 0), (1, 0), (2, 0), (3, 0)), ((5, 0), (6, 0), (7, 0)), ((0, 2), (0, 3), (0, 4)),
         ((9, 0), (9, 1)), ((2, 2), (3, 2)), ((5, 2), (6, 2)), ((8, 3),), ((2, 6),), ((4, 8),),
         ((9, 9),)]
# B's fleet far from A's shots at the bottom right: its pieces go there
FLEET_B = FLEET


def start(config=MANY, first=0, opened=True, **pieces):
    """A game of ``config`` with FLEET on both sides, each side's ``pieces`` (mines=[[A's],
    [B's]], ...); ``opened``: A's first turn already over (A missed at J5, B missed at J5), so
    A may use a weapon now."""
    game = cl.ClassicGame(config, [FLEET, FLEET_B], first, **pieces)
    if opened:
        game.apply(cl.Shot((9, 4)))
        game.apply(cl.Shot((9, 4)))
    return game


def state(game) -> dict:
    return game.to_dict() | {"views": [repr(game.view(p)) for p in (0, 1)]}


# --- the config -------------------------------------------------------------------------

def test_the_arsenal_is_off_by_default_and_writes_nothing_then():
    """§A: "It is off by default"; a config without it is written as before the arsenal."""
    config = cl.ClassicConfig()
    assert not config.arsenal and config.stock == {}
    assert not {"arsenal", "radar", "air_strike", "bomber", "atomic",
                "air_defence"} & set(config.to_dict())
    for name, preset in cl.PRESETS.items():
        if name != "arcade":
            assert "arsenal" not in preset.to_dict(), name


def test_the_arcade_preset_is_the_russian_fleet_with_its_stock():
    """§A: "the preset Arcade turns it on with the standard 10×10 Russian fleet" — "preset
    Arcade: radar 2, air strike 1, bomber 1, atomic bomb 1, air defence 1"."""
    assert (ARCADE.width, ARCADE.height, ARCADE.fleet) == (10, 10, cl.RUSSIAN_FLEET)
    assert ARCADE.stock == {"radar": 2, "air_strike": 1, "bomber": 1, "atomic": 1,
                            "air_defence": 1}
    assert cl.preset_of(ARCADE) == "arcade" and list(cl.PRESETS)[-1] == "arcade"
    assert cl.ClassicConfig.from_dict(ARCADE.to_dict()) == ARCADE


@pytest.mark.parametrize("options,code,params", [
    ({"arsenal": True, "salvo": "afloat"}, "conflict", {"key": "arsenal", "other": "salvo"}),
    ({"arsenal": True, "width": 20, "height": 20, "fleet": (cl.ShipSpec(6),), "shapes": "any",
      "touching": "free", "halo": False, "relocate": True},
     "conflict", {"key": "arsenal", "other": "relocate"}),
    ({"radar": 1}, "needs_option", {"key": "radar", "needs": "arsenal"}),
    ({"air_defence": 2}, "needs_option", {"key": "air_defence", "needs": "arsenal"}),
    ({"arsenal": True, "bomber": 4}, "bad_option", {"key": "bomber", "expected": "0..3",
                                                    "got": 4}),
    ({"arsenal": True, "atomic": -1}, "bad_option", {"key": "atomic", "expected": "0..3",
                                                     "got": -1}),
    ({"arsenal": 1}, "bad_option", {"key": "arsenal", "expected": "true|false", "got": 1}),
])
def test_configs_the_arsenal_cannot_play_are_refused_with_a_reason(options, code, params):
    """§A: "Not combinable with salvo (C4) or the Flying Dutchman (§D)"; 0–3 of each."""
    with pytest.raises(ConfigError) as err:
        cl.ClassicConfig(**options)
    assert err.value.code == code and err.value.params == params
    for lang in ("ru", "uk", "en", "no"):
        assert describe(err.value, Translator(lang)) != str(err.value)


def test_a_stored_config_with_the_arsenal_is_read_back_and_checked():
    data = MANY.to_dict()
    assert cl.ClassicConfig.from_dict(data) == MANY
    with pytest.raises(ConfigError):
        cl.ClassicConfig.from_dict(data | {"salvo": "fixed"})


# --- the stock --------------------------------------------------------------------------

def test_both_sides_see_both_stocks_as_they_stand():
    """§A: "Each side has the same stock ... Both sides always see both stocks as they
    stand"; "The stock is spent only by use"."""
    game = start(ARCADE, defences=[[(7, 7)], [(7, 7)]])
    full = {"radar": 2, "air_strike": 1, "bomber": 1, "atomic": 1, "air_defence": 1}
    for p in (0, 1):
        assert game.view(p).stock == full == game.view(p).enemy_stock
    game.apply(cl.UseWeapon(cl.RADAR, (5, 5)))
    assert game.view(0).stock["radar"] == 1 == game.view(1).enemy_stock["radar"]
    assert game.view(1).stock == full


def test_a_weapon_with_no_charge_left_is_refused_and_changes_nothing():
    game = start(ARCADE, defences=[[(7, 7)], [(7, 7)]])
    game.apply(cl.UseWeapon(cl.ATOMIC, (5, 5)))
    game.apply(cl.Shot((9, 5)))                      # B misses
    before = state(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(cl.UseWeapon(cl.ATOMIC, (2, 7)))
    assert (err.value.code, err.value.params) == ("no_charge", {"weapon": "atomic"})
    assert state(game) == before
    assert describe(err.value, Translator("ru")) == "Атомная бомба: зарядов не осталось"
    assert describe(err.value, Translator("en")) == "Atomic bomb: no charge left"


# --- using them ---------------------------------------------------------------------------

def test_no_weapon_on_the_very_first_turn_of_the_game():
    """§A: "A weapon may not be used on the very first turn of the game": the first player's
    opening turn, its extra shots after hits included; the other side's first turn may."""
    game = start(opened=False)
    assert game.view(0).first_turn and not [a for a in game.legal_actions()
                                            if isinstance(a, cl.UseWeapon)]
    before = state(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(cl.UseWeapon(cl.RADAR, (5, 5)))
    assert err.value.code == "weapon_first_turn" and state(game) == before
    game.apply(cl.Shot((0, 0)))                      # a hit: still A's first turn
    with pytest.raises(IllegalAction):
        game.apply(cl.UseWeapon(cl.AIR_STRIKE, (5, 5)))
    game.apply(cl.Shot((9, 5)))                      # a miss: B's turn
    assert not game.view(1).first_turn
    game.apply(cl.UseWeapon(cl.AIR_STRIKE, (5, 5)))  # B's first turn may use one
    assert any(isinstance(a, cl.UseWeapon) for a in game.legal_actions())


def test_after_a_weapon_the_turn_passes_whatever_it_hit():
    """§A: "After a weapon, the turn passes to the opponent whatever it hit (no extra
    shot)"."""
    game = start()
    events = game.apply(cl.UseWeapon(cl.AIR_STRIKE, (1, 1)))   # hits the four-deck
    result = events[0]
    assert any(r.outcome == cl.HIT for r in result.results)
    assert game.turn == 1 and cl.TurnChanged(1) in events


def test_an_air_strike_shoots_every_cell_of_a_3x3_square_answered_as_a_salvo():
    """§A: "Air strike: every cell of a 3×3 square is shot at once"; "A weapon's cells are
    answered together, as a salvo is: hits, misses and every ship sunk (with its halo marked,
    as after a shot)"."""
    game = start()
    result = game.apply(cl.UseWeapon(cl.AIR_STRIKE, (8, 2)))[0]
    assert result.cells == tuple((x, y) for y in (1, 2, 3) for x in (7, 8, 9))
    outcomes = {r.cell: r.outcome for r in result.results}
    assert outcomes[(9, 1)] == cl.HIT and outcomes[(7, 1)] == cl.MISS
    assert outcomes[(8, 3)] == cl.SUNK                 # the one-decker at I4
    sunk = next(r for r in result.results if r.outcome == cl.SUNK)
    assert sunk.ship == ((8, 3),) and (7, 4) in sunk.halo
    assert game.view(0).target[(7, 4)] == cl.EMPTY
    assert [s for s in game.view(0).enemy_sunk] == [((8, 3),)]


def test_the_square_off_the_field_is_lost():
    """§A: "(its centre on any cell of the enemy field; the part off the field is lost)"."""
    game = start()
    assert game.weapon_cells(cl.RADAR, (0, 0)) == ((0, 0), (1, 0), (0, 1), (1, 1))
    assert len(game.weapon_cells(cl.ATOMIC, (0, 9))) == 9
    assert len(game.weapon_cells(cl.ATOMIC, (5, 5))) == 25


def test_a_cell_already_shot_is_covered_again_to_no_effect():
    """§A: "A cell already shot or already known empty is covered again to no effect, and a
    weapon may be aimed so"."""
    game = start()
    game.apply(cl.UseWeapon(cl.AIR_STRIKE, (8, 2)))
    game.apply(cl.Shot((9, 6)))                        # B misses
    before = dict(game.shots_at[1])
    result = game.apply(cl.UseWeapon(cl.AIR_STRIKE, (8, 2)))[0]
    assert result.results == () and len(result.cells) == 9
    assert game.shots_at[1] == before


def test_a_bomber_shoots_a_whole_row_or_column():
    """§A: "Bomber: every cell of one whole row or one whole column is shot at once"."""
    game = start()
    result = game.apply(cl.UseWeapon(cl.BOMBER, (0, 0)))[0]
    assert result.cells == tuple((x, 0) for x in range(10))
    assert sum(r.outcome == cl.SUNK for r in result.results) == 2  # the 4- and 3-deckers
    game.apply(cl.Shot((9, 6)))
    result = game.apply(cl.UseWeapon(cl.BOMBER, (0, 0), vertical=True))[0]
    assert result.cells == tuple((0, y) for y in range(10))


def test_on_a_wider_board_the_bomber_flies_ten_cells_of_its_choice():
    """§A: "on boards wider or taller than 10, a line of 10 consecutive cells of one row or
    column, chosen by the shooter"; a line that does not fit is refused and changes nothing."""
    config = cl.ClassicConfig(width=16, height=16, fleet=cl.LARGE_16_FLEET, arsenal=True,
                              bomber=2)
    game = cl.new_game(config, random.Random(3), first=0)
    game.opened = True
    assert game.weapon_cells(cl.BOMBER, (6, 4)) == tuple((x, 4) for x in range(6, 16))
    before = state(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(cl.UseWeapon(cl.BOMBER, (7, 4)))
    assert err.value.code == "line_off_board" and state(game) == before
    with pytest.raises(IllegalAction):
        game.apply(cl.UseWeapon(cl.BOMBER, (3, 8), vertical=True))
    assert describe(err.value, Translator("en"), "latin", (16, 16)) == \
        "The bomber's line from H5 runs off the board"
    result = game.apply(cl.UseWeapon(cl.BOMBER, (3, 6), vertical=True))[0]
    assert result.cells == tuple((3, y) for y in range(6, 16))


def test_on_a_10x10_board_a_line_starts_at_the_edge():
    game = start()
    with pytest.raises(IllegalAction) as err:
        game.apply(cl.UseWeapon(cl.BOMBER, (1, 5)))
    assert err.value.code == "line_off_board"
    with pytest.raises(IllegalAction) as err:
        game.apply(cl.UseWeapon(cl.AIR_STRIKE, (1, 5), vertical=True))
    assert err.value.code == "weapon_not_line"


def test_an_atomic_bomb_shoots_every_cell_of_a_5x5_square():
    """§A: "Atomic bomb: every cell of a 5×5 square is shot at once"."""
    game = start()
    result = game.apply(cl.UseWeapon(cl.ATOMIC, (2, 2)))[0]
    assert result.cells == tuple((x, y) for y in range(5) for x in range(5))
    target = game.view(0).target       # each cell shot, or known empty round a ship it sank
    assert all(target.get(c) in (cl.MISS, cl.HIT, cl.SUNK, cl.EMPTY) for c in result.cells)
    assert {r.cell for r in result.results} == {c for c in result.cells if target[c] != cl.EMPTY}
    assert sum(r.outcome == cl.SUNK for r in result.results) == 3  # A1-D1, A3-A5, C3-D3


def test_the_radar_shows_what_occupies_its_square_and_damages_nothing():
    """§A: "Every occupied cell in it is shown to the shooter as what occupies it — a ship
    deck, a mine, a minesweeper or an air defence — without damaging or setting off anything;
    the shooter may shoot those cells later (a shown deck is then a sure hit). Its owner sees
    which square was swept"."""
    config = replace(MANY, width=16, height=16, fleet=cl.LARGE_16_FLEET, mines=1,
                     sweepers=1, air_defence=1)
    fleet = [((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)), ((6, 0), (7, 0), (8, 0), (9, 0)),
             ((11, 0), (12, 0), (13, 0), (14, 0)), ((0, 2), (1, 2), (2, 2)),
             ((4, 2), (5, 2), (6, 2)), ((8, 2), (9, 2), (10, 2)), ((12, 2), (13, 2)),
             ((0, 4), (1, 4)), ((3, 4), (4, 4)), ((6, 4), (7, 4)), ((9, 4),), ((11, 4),),
             ((13, 4),), ((15, 4),), ((0, 6),)]
    pieces = {"mines": [[(10, 10)], [(10, 10)]], "sweepers": [[(12, 10)], [(12, 10)]],
              "defences": [[(11, 12)], [(11, 12)]]}
    game = cl.ClassicGame(config, [fleet, fleet], 0, **pieces)
    game.opened = True
    events = game.apply(cl.UseWeapon(cl.RADAR, (11, 11)))
    result = events[0]
    assert dict(result.shown) == {(10, 10): cl.MINE, (12, 10): cl.SWEEPER,
                                  (11, 12): cl.AIR_DEFENCE}
    assert result.results == () and game.shots_at[1] == {}
    assert game.view(0).radar == dict(result.shown)
    assert game.view(1).incoming_radar == ((11, 11),)
    assert game.view(1).spent_defences == ()      # the radar passes the air defence
    told_b = game.events_for(1, events)[0]
    assert told_b.shown == () and told_b.cell == (11, 11)
    # a shown deck is a sure hit
    game.apply(cl.Shot((15, 15)))
    game.apply(cl.UseWeapon(cl.RADAR, (1, 1)))
    assert game.view(0).radar[(0, 0)] == cl.DECK
    game.apply(cl.Shot((15, 14)))
    assert game.apply(cl.Shot((0, 0)))[0].outcome == cl.HIT
    assert (0, 0) not in game.view(0).radar


def test_mines_and_minesweepers_in_a_strike_are_destroyed_without_going_off():
    """§A: "Mines and minesweepers inside an air strike, bomber or atomic square are destroyed
    without going off (no cell given, no mine revealed), and shown to both"."""
    config = replace(MANY, width=16, height=16, fleet=cl.LARGE_16_FLEET, mines=2, sweepers=1)
    game = cl.new_game(config, random.Random(5), first=0)
    game.opened = True
    mine, sweeper = game.mines[1][0], game.sweepers[1][0]
    events = game.apply(cl.UseWeapon(cl.ATOMIC, mine))
    result = events[0]
    assert mine in result.destroyed
    assert not any(isinstance(e, cl.DecisionNeeded) for e in events) and game.turn == 1
    assert game.view(0).target[mine] == cl.MINE and mine in game.view(1).spent_mines
    assert game.given == [[], []] and game.told == [[], []]
    rng = random.Random(1)
    while game.turn != 0 or game.decision is not None:
        game.apply(cl.random_action(game, rng))
    if sweeper not in result.destroyed:
        events = game.apply(cl.UseWeapon(cl.AIR_STRIKE, sweeper))
        assert sweeper in events[0].destroyed
    assert sweeper not in game.view(1).own_sweepers
    assert game.view(0).target[sweeper] == cl.SWEEPER and game.pending == []


# --- air defence --------------------------------------------------------------------------

def test_an_air_defence_is_placed_under_the_touching_rule_of_a_mine():
    """§A: "a one-cell installation set on an empty cell of the own field during placement,
    under the same touching rule as a mine"."""
    config = replace(ARCADE)
    with pytest.raises(PlacementError) as err:
        cl.ClassicGame(config, [FLEET, FLEET], 0, defences=[[(8, 4)], [(7, 7)]])
    assert err.value.code == "piece_touch" and err.value.params["other"] == "ship"
    assert describe(err.value, Translator("ru"), "russian") == "ПВО на И5 касается: корабль на И4"
    with pytest.raises(PlacementError) as err:
        cl.ClassicGame(config, [FLEET, FLEET], 0, defences=[[], [(7, 7)]])
    assert err.value.code == "piece_count"
    touching = cl.ClassicConfig(mines=1, mines_touch=True, arsenal=True, air_defence=1)
    cl.check_piece_at(touching, cl.AIR_DEFENCE, (8, 4), FLEET)     # "mines may touch"
    with pytest.raises(PlacementError):
        cl.check_piece_at(ARCADE, cl.AIR_DEFENCE, (5, 5), FLEET, defences=[(6, 6)])


def test_an_air_defence_shoots_down_the_first_strike_near_it_whole():
    """§A: "The first enemy air strike or bomber whose cells include any cell within one cell
    of it (its 3×3 neighbourhood) is shot down whole — none of its cells is shot — and the air
    defence is then spent and shown to both"."""
    config = replace(MANY, air_defence=1)
    game = start(config, defences=[[(7, 7)], [(7, 7)]])
    events = game.apply(cl.UseWeapon(cl.AIR_STRIKE, (5, 8)))   # covers G9, within one of H8
    result = events[0]
    assert result.downed == (7, 7) and result.results == () and result.outcome == "downed"
    assert game.shots_at[1] == {(9, 4): cl.MISS} and game.turn == 1
    assert game.view(0).enemy_defences == ((7, 7),) == game.view(1).spent_defences
    assert game.view(0).enemy_stock["air_defence"] == 0
    game.apply(cl.Shot((9, 6)))
    result = game.apply(cl.UseWeapon(cl.AIR_STRIKE, (5, 8)))[0]   # the next one passes
    assert result.downed is None and result.results[0] == cl.ShotResult(0, (4, 7), cl.MISS)


def test_a_bomber_near_an_air_defence_is_shot_down_too():
    game = start(replace(MANY, air_defence=1), defences=[[(7, 7)], [(7, 7)]])
    result = game.apply(cl.UseWeapon(cl.BOMBER, (0, 8)))[0]
    assert result.downed == (7, 7) and result.results == ()


def test_radar_and_the_atomic_bomb_pass_an_air_defence_and_the_bomb_destroys_it():
    """§A: "Radar and the atomic bomb pass it; the atomic bomb destroys it if its square
    covers it"."""
    game = start(replace(MANY, air_defence=1), defences=[[(7, 7)], [(7, 7)]])
    result = game.apply(cl.UseWeapon(cl.ATOMIC, (6, 6)))[0]
    assert result.downed is None and len(result.cells) == 25 and len(result.results) > 20
    assert (7, 7) in result.destroyed
    assert game.view(1).spent_defences == ((7, 7),) == game.view(0).enemy_defences
    assert game.shots_at[1][(7, 7)] == cl.MISS


def test_a_shot_on_the_air_defence_is_a_miss_that_reveals_and_spends_it():
    """§A: "A shot on the air defence's own cell is a miss that reveals it and spends it"."""
    game = start(replace(MANY, air_defence=1), defences=[[(7, 7)], [(7, 7)]])
    events = game.apply(cl.Shot((7, 7)))
    assert events[0].outcome == cl.MISS and cl.DefenceSpent(1, (7, 7)) in events
    assert game.turn == 1
    assert game.view(0).enemy_defences == ((7, 7),) == game.view(1).spent_defences
    assert all(e.cell == (7, 7) for p in (0, 1) for e in game.events_for(p, events)
               if isinstance(e, cl.DefenceSpent))


def test_the_air_defence_cell_reaches_nobody_until_it_is_revealed():
    game = start(replace(MANY, air_defence=1), defences=[[(7, 7)], [(7, 7)]])
    game.apply(cl.UseWeapon(cl.ATOMIC, (2, 2)))        # far from it: it stays unseen
    view = game.view(0)
    assert view.enemy_defences == () and view.enemy_stock["air_defence"] == 1
    assert (7, 7) not in view.radar and (7, 7) not in view.target


def test_a_weapon_may_sink_the_last_ship_and_win():
    """A game with the arsenal is won as always (§C: the whole enemy fleet sunk)."""
    game = start()
    for ship in FLEET[1:]:
        for c in ship:
            game.shots_at[1][c] = cl.HIT
    game.sunk[1] = list(range(1, 10))
    events = game.apply(cl.UseWeapon(cl.BOMBER, (0, 0)))
    assert isinstance(events[-1], cl.GameOver) and game.winner == 0


def test_refusals_say_why_in_every_language():
    off = start(cl.ClassicConfig())
    with pytest.raises(IllegalAction) as err:
        off.apply(cl.UseWeapon(cl.RADAR, (1, 1)))
    codes = [err.value]
    game = start()
    for action in (cl.UseWeapon("laser", (1, 1)), cl.UseWeapon(cl.RADAR, (10, 1))):
        with pytest.raises(IllegalAction) as err:
            game.apply(action)
        codes.append(err.value)
    assert [e.code for e in codes] == ["arsenal_off", "weapon_unknown", "off_board"]
    mines = start(replace(MANY, mines=1), mines=[[(7, 7)], [(7, 7)]])
    mines.apply(cl.Shot((7, 7)))                      # A strikes B's mine: A owes a cell
    assert mines.decision == cl.Decision(0, cl.GIVE_CELL) and mines.turn == 0
    with pytest.raises(IllegalAction) as err:
        mines.apply(cl.UseWeapon(cl.RADAR, (1, 1)))
    assert err.value.code == "decision_pending"
    for code in ("arsenal_off", "weapon_first_turn", "no_charge", "line_off_board",
                 "weapon_not_line", "cannot_place_defences"):
        for lang in ("ru", "uk", "en", "no"):
            tr = Translator(lang)
            assert tr.has(f"error.{code}"), (code, lang)


# --- writing --------------------------------------------------------------------------------

ACTIONS = [cl.UseWeapon(cl.RADAR, (1, 1)), cl.UseWeapon(cl.AIR_STRIKE, (3, 4)),
           cl.UseWeapon(cl.ATOMIC, (5, 5)), cl.UseWeapon(cl.BOMBER, (0, 4)),
           cl.UseWeapon(cl.BOMBER, (3, 0), True), cl.UseWeapon(cl.BOMBER, (2, 4)),
           cl.UseWeapon(cl.BOMBER, (3, 6), True)]


@pytest.mark.parametrize("action", ACTIONS)
def test_a_weapon_use_comes_back_from_its_json(action):
    data = json.loads(json.dumps(cl.action_to_json(action)))
    assert cl.action_from_json(data) == action


@pytest.mark.parametrize("data", [{"radar": [1]}, {"radar": [1, 2], "atomic": [1, 1]},
                                  {"bomber": [0, 1]}, {"bomber": {"row": [0, 1], "column": [0, 1]}},
                                  {"bomber": {"diagonal": [0, 1]}}, {"air": [1, 1]},
                                  {"atomic": [True, 1]}])
def test_the_strict_reader_refuses_a_malformed_weapon(data):
    with pytest.raises(CodecError):
        cl.action_from_json(data)


@pytest.mark.parametrize("letters", ["latin", "russian", "ukrainian", "respublika"])
def test_the_notation_of_the_weapons_comes_back_in_every_letter_set(letters):
    """§A: "Notation: Радар Б2, Авиа Г5, Бомбардировщик ряд 5 / Бомбардировщик столбец Г,
    Атом Е6 (the centre cell; a line by its row or column)" — written with the records'
    English words, read in both."""
    fmt = lambda c: format_cell(c, letters)            # noqa: E731
    parse = lambda w: parse_cell(w, 16, 16, letters) if letters != "respublika" \
        else parse_cell(w, 10, 10, letters)            # noqa: E731
    for action in ACTIONS:
        text = cl.action_to_text(action, fmt)
        assert cl.action_from_text(text, parse) == action, text
    if letters == "russian":
        assert [cl.action_to_text(a, fmt) for a in ACTIONS[:5]] == [
            "radar Б2", "air Г5", "atomic Е6", "bomber row 5", "bomber column Г"]
        assert cl.action_from_text("Радар Б2", parse) == ACTIONS[0]
        assert cl.action_from_text("Авиа Г5", parse) == ACTIONS[1]
        assert cl.action_from_text("Атом Е6", parse) == ACTIONS[2]
        assert cl.action_from_text("Бомбардировщик ряд 5", parse) == ACTIONS[3]
        assert cl.action_from_text("Бомбардировщик столбец Г", parse) == ACTIONS[4]


def test_a_downed_strike_is_written_downed():
    """§A: "Сбит when an air defence shoots a strike down"."""
    game = start(replace(MANY, air_defence=1), defences=[[(7, 7)], [(7, 7)]])
    events = game.apply(cl.UseWeapon(cl.AIR_STRIKE, (7, 7)))
    assert cl.outcome_text(events) == "downed"
    assert set(cl.outcome_text(events).split()) <= cl.OUTCOME_WORDS


def test_a_setup_with_air_defences_comes_back_and_one_without_is_written_as_before():
    setup = cl.random_setup(ARCADE, random.Random(2))
    assert len(setup.defences) == 1
    data = json.loads(json.dumps(cl.setup_to_json(setup)))
    assert cl.setup_from_json(ARCADE, data) == setup
    cl.check_setup(ARCADE, setup)
    plain = cl.random_setup(cl.ClassicConfig(), random.Random(2))
    assert set(cl.setup_to_json(plain)) == {"ships", "mines", "sweepers"}
    with pytest.raises(CodecError):
        cl.setup_from_json(ARCADE, data | {"defences": [[1]]})


def test_a_config_without_air_defences_draws_nothing_more_from_the_rng():
    rng = random.Random(4)
    ships = cl.random_fleet(cl.ClassicConfig(), rng)
    before = rng.getstate()
    assert cl.random_defences(cl.ClassicConfig(), ships, [], [], rng) == []
    assert rng.getstate() == before


def test_a_saved_arcade_game_is_rebuilt_the_same():
    rng = random.Random(8)
    game = cl.new_game(ARCADE, rng)
    for _ in range(60):
        if game.over:
            break
        game.apply(cl.random_action(game, rng))
    back = cl.ClassicGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert back.to_dict() == game.to_dict()
    assert [back.view(p) for p in (0, 1)] == [game.view(p) for p in (0, 1)]


# --- random play --------------------------------------------------------------------------

def test_seeded_random_play_of_arcade_games_finishes_every_game_using_every_weapon():
    used, downed = set(), 0
    for seed in range(40):
        rng = random.Random(seed)
        game = cl.new_game(ARCADE if seed % 2 else MANY, rng)
        for _ in range(1000):
            if game.over:
                break
            action = cl.random_action(game, rng)
            events = game.apply(action)
            if isinstance(action, cl.UseWeapon):
                used.add(action.weapon)
                downed += events[0].downed is not None
        assert game.over, seed
    assert used == set(cl.WEAPONS) and downed > 0


def test_a_mine_beside_a_ship_the_blast_sinks_is_destroyed_too():
    """C5's "mines may touch": a mine in the halo of a ship the same blast sinks is still in
    the square, so destroyed (§A), and not left marked empty."""
    config = cl.ClassicConfig(mines=1, mines_touch=True, arsenal=True, atomic=1)
    game = start(config, mines=[[(3, 7)], [(3, 7)]])     # touches the one-decker at C7
    result = game.apply(cl.UseWeapon(cl.ATOMIC, (2, 7)))[0]
    assert (3, 7) in result.destroyed
    assert game.view(0).target[(3, 7)] == cl.MINE and (3, 7) in game.view(1).spent_mines


def test_an_arcade_game_is_written_as_a_record_and_read_back(tmp_path):
    from game.data.record import load_record, record_text

    rng = random.Random(11)
    game = cl.new_game(ARCADE, rng)
    while not game.over:
        game.apply(cl.random_action(game, rng))
    assert any(isinstance(a, cl.UseWeapon) for _, a, _ in game.history)
    text = record_text(game, "russian")
    assert "defence A: " in text and "\noption arsenal: true\n" in text
    back = load_record(tmp_path / "r.txt", text).game
    assert back.to_dict() == game.to_dict()


def test_a_run_out_first_turn_ends_it_too():
    """§0's run-out turn passes the turn as a miss: the first turn is then over (§A)."""
    from game.rules.base import Lapse

    game = start(opened=False)
    game.apply(Lapse())
    assert game.turn == 1 and not game.view(1).first_turn
    game.apply(cl.UseWeapon(cl.RADAR, (4, 4)))


def test_every_weapon_use_legal_actions_lists_is_legal_and_the_list_stays_short():
    for config in (MANY, replace(MANY, width=16, height=16, fleet=cl.LARGE_16_FLEET)):
        game = cl.new_game(config, random.Random(1), first=0)
        game.opened = True
        uses = [a for a in game.legal_actions() if isinstance(a, cl.UseWeapon)]
        assert {a.weapon for a in uses} == set(cl.WEAPONS)
        for a in uses:
            game.check(a)
        covered = {c for a in uses if a.weapon == cl.AIR_STRIKE
                   for c in game.weapon_cells(a.weapon, a.cell)}
        assert len(covered) == config.width * config.height    # the squares tile the board
        assert len(uses) <= 2 * config.width * config.height
