"""Ships that look like ships (issue 20, part 1): Classic's straight ships are drawn as the
vessel of their class, seen from above, at any cell size; bent ships keep the joined blocks."""

import pygame
import pytest

from game.render import board, theme
from game.render import korabliki as kor_art
from game.rules.coords import letter_set
from game.render.board import BoardGeometry, BoardPicture, draw_board, draw_ship, draw_vessel
from game.render.hull import DUTCHMAN, shaped_sprite, spine
from game.render.naval_ships import carrier_layout, naval_sprite
from game.rules import korabliki as kor
from game.rules import naval as naval_rules
from game.render.ships import CLASSES, ship_class, ship_sprite, straight

from .test_scenes import app  # noqa: F401  (the fixture: a game window, headless)


@pytest.mark.parametrize("cell", [12, 24, 80])
@pytest.mark.parametrize("length", sorted(CLASSES))
def test_every_class_has_a_bow_and_fits_its_cells(length, cell):
    flat = ship_sprite(length, cell, False, theme.SHIP, theme.SHIP_DARK)
    up = ship_sprite(length, cell, True, theme.SHIP, theme.SHIP_DARK)
    assert flat.get_size() == (length * cell, cell)
    assert up.get_size() == (cell, length * cell)
    w, h = flat.get_size()
    inset = max(2, cell // 8)
    bow_x = w - inset - 1
    assert flat.get_at((bow_x, h // 2)).a > 0            # the bow's point, on the centre line
    assert flat.get_at((bow_x, inset + 1)).a == 0        # ... and nothing beside it: pointed
    assert flat.get_at((inset + 2, h // 2)).a > 0        # the stern is there too
    assert up.get_at((h // 2, inset)).a > 0 or up.get_at((h // 2, inset + 1)).a > 0  # bow up


def _turret_pixels(length: int) -> int:
    """Pixels of the turrets' shade (0.62 of the hull's colour) on a 24-pixel sprite."""
    sprite = ship_sprite(length, 24, False, theme.SHIP, theme.SHIP_DARK)
    dark = tuple(int(c * 0.62) for c in theme.SHIP[:3])
    return sum(1 for x in range(sprite.get_width()) for y in range(24)
               if tuple(sprite.get_at((x, y)))[:3] == dark and sprite.get_at((x, y)).a)


def test_classes_differ_on_deck():
    assert [ship_class(n) for n in range(1, 7)] == ["patrol", "destroyer", "cruiser",
                                                     "battleship", "carrier", "flagship"]
    guns = {n: _turret_pixels(n) for n in range(1, 7)}
    assert guns[5] == 0                                   # a flight deck, no turret
    assert all(guns[n] > 0 for n in (1, 2, 3, 4, 6))
    assert guns[1] < guns[2] < guns[4] and guns[3] < guns[4] < guns[6]   # more guns, bigger


def test_sprites_are_made_once_per_size():
    a = ship_sprite(4, 30, True, theme.SHIP, theme.SHIP_DARK)
    assert ship_sprite(4, 30, True, theme.SHIP, theme.SHIP_DARK) is a
    assert ship_sprite(4, 31, True, theme.SHIP, theme.SHIP_DARK) is not a


def test_straight_lines_are_told_from_bent_ships():
    assert straight([(2, 3), (3, 3), (4, 3)]) == (3, False)
    assert straight([(5, 1), (5, 2)]) == (2, True)
    assert straight([(1, 1)]) == (1, False)
    assert straight([(1, 1), (2, 1), (2, 2)]) is None        # C2: bent
    assert straight([(1, 1), (3, 1)]) is None                # broken
    assert straight([]) is None


def _drawn(draw, cells):
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    draw(surface, BoardGeometry(0, 0, 24, 8, 8), cells, theme.SHIP, theme.SHIP_DARK)
    return pygame.image.tobytes(surface, "RGB")


def test_a_straight_ship_is_a_vessel_and_a_bent_one_is_one_hull_not_blocks():
    bent = [(1, 1), (2, 1), (2, 2)]
    assert _drawn(draw_vessel, bent) != _drawn(draw_ship, bent)
    line = [(1, 1), (2, 1), (3, 1)]
    assert _drawn(draw_vessel, line) != _drawn(draw_ship, line)


BENT = {"L3": [(0, 0), (0, 1), (1, 1)], "L4": [(0, 0), (0, 1), (0, 2), (1, 2)],
        "square": [(0, 0), (1, 0), (0, 1), (1, 1)], "zigzag": [(0, 0), (1, 0), (1, 1), (2, 1)]}
DUTCH = {"wave": [(0, 1), (1, 0), (2, 0), (2, 1), (3, 2), (4, 2)],
         "diagonal": [(0, 0), (1, 1), (2, 2)], "one": [(3, 3)],
         "star": [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2), (3, 0), (0, 3)]}


def _covers_its_cells(sprite, cells, cell):
    """Paint in every cell of the ship and none in the cells of its box that it lacks, beyond
    a margin of an eighth of a cell (the hull's joints, the Dutchman's sails and glow)."""
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    own = {(x - x0, y - y0) for x, y in cells}
    w, h = sprite.get_size()
    assert (w, h) == ((max(x for x, _ in own) + 1) * cell, (max(y for _, y in own) + 1) * cell)
    mask = pygame.mask.from_surface(sprite, 20)
    margin = cell // 8
    for cx in range(w // cell):
        for cy in range(h // cell):
            r = pygame.Rect(cx * cell, cy * cell, cell, cell)
            if (cx, cy) in own:
                assert mask.get_at(r.center), (cx, cy)
            else:
                inner = r.inflate(-2 * margin, -2 * margin)
                near = {(cx + dx, cy + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} & own
                if len(near) <= 1:       # a lone corner away from the hull: water
                    assert not any(mask.get_at((x, y)) for x in range(inner.left, inner.right)
                                   for y in range(inner.top, inner.bottom)), (cx, cy)


@pytest.mark.parametrize("cell", [12, 32, 80])
@pytest.mark.parametrize("name", sorted(BENT))
def test_a_bent_ship_is_one_vessel_over_exactly_its_cells(name, cell):
    cells = BENT[name]
    sprite = shaped_sprite(cells, cell, theme.SHIP, theme.SHIP_DARK)
    _covers_its_cells(sprite, cells, cell)
    mask = pygame.mask.from_surface(sprite, 20)
    assert len(mask.connected_components()) == 1          # one hull, not blocks


@pytest.mark.parametrize("cell", [12, 32, 80])
@pytest.mark.parametrize("name", sorted(DUTCH))
def test_the_dutchman_is_a_ghost_over_exactly_its_cells(name, cell):
    cells = DUTCH[name]
    sprite = shaped_sprite(cells, cell, theme.SHIP, theme.SHIP_DARK, DUTCHMAN)
    _covers_its_cells(sprite, cells, cell)
    alphas = {sprite.get_at((x, y)).a for x in range(sprite.get_width())
              for y in range(sprite.get_height())}
    assert max(alphas) < 255 and max(alphas) > 100       # translucent, but plainly there
    warship = shaped_sprite(cells, cell, theme.SHIP, theme.SHIP_DARK)
    assert pygame.image.tobytes(sprite, "RGBA") != pygame.image.tobytes(warship, "RGBA")


def test_the_spine_threads_every_cell_bow_last():
    assert spine(BENT["zigzag"]) == ((0, 0), (1, 0), (1, 1), (2, 1))
    assert spine([(0, 0), (0, 1), (1, 1)])[-1] == (1, 1)        # bow to the right
    path = spine(DUTCH["wave"], diagonal=True)
    assert sorted(path) == sorted(DUTCH["wave"])
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(path, path[1:]))


def test_shaped_sprites_are_made_once_per_size_and_shape():
    a = shaped_sprite([(4, 4), (4, 5), (5, 5)], 24, theme.SHIP, theme.SHIP_DARK)
    assert shaped_sprite([(0, 0), (0, 1), (1, 1)], 24, theme.SHIP, theme.SHIP_DARK) is a
    assert shaped_sprite([(0, 0), (0, 1), (1, 1)], 25, theme.SHIP, theme.SHIP_DARK) is not a
    assert shaped_sprite([(0, 0), (0, 1), (1, 1)], 24, theme.SHIP, theme.SHIP_DARK,
                         DUTCHMAN) is not a


def test_the_board_draws_the_dutchman_as_its_ghost_even_in_a_line(app, monkeypatch):  # noqa: F811
    surface = pygame.Surface((240, 240))
    line = [(1, 1), (2, 1), (3, 1)]
    drawn = []
    monkeypatch.setattr(board, "shaped_sprite",
                        lambda *a: drawn.append(a) or shaped_sprite(*a))
    draw_board(surface, BoardGeometry(20, 20, 24, 8, 8), BoardPicture(ships=[line]),
               letter_set("latin"), 0.0)
    assert drawn == []                                   # a warship of its class
    draw_board(surface, BoardGeometry(20, 20, 24, 8, 8),
               BoardPicture(ships=[line], hull=DUTCHMAN), letter_set("latin"), 0.0)
    assert [a[-1] for a in drawn] == [DUTCHMAN]


def test_a_named_ship_is_drawn_as_its_name_says():
    """Milton Bradley's submarine and cruiser are both three cells long; each looks its part."""
    sub = ship_sprite(3, 24, False, theme.SHIP, theme.SHIP_DARK, "submarine")
    cruiser = ship_sprite(3, 24, False, theme.SHIP, theme.SHIP_DARK, "cruiser")
    assert ship_sprite(3, 24, False, theme.SHIP, theme.SHIP_DARK) is cruiser   # by its length
    assert pygame.image.tobytes(sub, "RGBA") != pygame.image.tobytes(cruiser, "RGBA")
    assert ship_sprite(3, 24, False, theme.SHIP, theme.SHIP_DARK, "no such") is cruiser


def test_the_battle_names_milton_bradleys_ships_on_its_own_board(app):
    from game.match import COMPUTER, HUMAN, Match, Seat
    from game.rules.classic import PRESETS
    from game.scenes.classic.battle import BattleScene

    match = Match(PRESETS["milton-bradley"], (Seat(HUMAN, "Me"), Seat(COMPUTER, "B", "random")),
                  seed=4, first="0")
    game = match.new_game([match.computer_fleet(0), match.computer_fleet(1)])
    battle = BattleScene(app, match, game, keep_record=False)
    drawn = []
    import game.render.board as board
    real = board.draw_vessel
    board.draw_vessel = lambda *a, **k: drawn.append(a[5] if len(a) > 5 else k.get("kind"))
    try:
        battle.draw(app.screen)
    finally:
        board.draw_vessel = real
    assert sorted(k for k in drawn if k) == ["battleship", "carrier", "cruiser", "destroyer",
                                             "submarine"]


# -- Naval (§N): each ship as its kind, every orientation, weapons on top ----------------------

@pytest.mark.parametrize("cell", [12, 80])
@pytest.mark.parametrize("kind", naval_rules.KINDS)
def test_every_naval_ship_in_every_orientation_covers_its_cells(kind, cell):
    for form in naval_rules.forms(kind):
        sprite = naval_sprite(form, cell, theme.SHIP, theme.SHIP_DARK)
        _covers_its_cells(sprite, form, cell)
        assert len(pygame.mask.from_surface(sprite, 20).connected_components()) == 1


def test_naval_shapes_tell_their_kind():
    assert naval_sprite([(0, 0), (1, 0), (2, 0)], 24, theme.SHIP, theme.SHIP_DARK) is \
        ship_sprite(3, 24, False, theme.SHIP, theme.SHIP_DARK, "submarine")
    aegis = ship_sprite(5, 24, False, theme.SHIP, theme.SHIP_DARK, "aegis")
    assert naval_sprite([(x, 4) for x in range(5)], 24, theme.SHIP, theme.SHIP_DARK) is aegis
    assert aegis is not ship_sprite(5, 24, False, theme.SHIP, theme.SHIP_DARK)   # not a carrier
    layouts = {carrier_layout(f) for f in naval_rules.forms("carrier")}
    assert layouts == {(False, False), (False, True), (True, False), (True, True)}
    assert carrier_layout([(0, 0), (1, 0)]) is None


@pytest.mark.parametrize("cell", [16, 32, 64])
@pytest.mark.parametrize("turn", range(4))
def test_the_carriers_flight_deck_stays_on_its_hull_even_at_the_bow(app, cell, turn):  # noqa: F811
    """Issue 33: a flight deck laid to the bow drew its runway past the tapered bow. What the
    deck adds to a painted field lies on the hull's own pixels, in every orientation."""
    from game.render.naval import paint_field
    cells = sorted(naval_rules.forms("carrier")[turn])
    geo = BoardGeometry(0, 0, cell, 6, 6)
    letters = letter_set("latin")

    def painted(weapons):
        surf = pygame.Surface(geo.outer.size)
        ship = naval_rules.NavalShip("carrier", tuple(cells), tuple(weapons))
        paint_field(surf, geo, letters, 0.0, [ship], {})
        return surf

    hull = pygame.Surface(geo.outer.size, pygame.SRCALPHA)
    hull.blit(naval_sprite(cells, cell, theme.SHIP, theme.SHIP_DARK),
              geo.cell_rect((min(x for x, _ in cells), min(y for _, y in cells))).topleft)
    on_hull = pygame.mask.from_surface(hull)
    bare = painted(())
    for line in naval_rules.deck_options(cells):
        decked = painted(("deck", c) for c in line)
        added = pygame.mask.from_threshold(decked, (0, 0, 0, 0), (1, 1, 1, 255), bare, 1)
        added.invert()                                   # the pixels the deck changed
        assert added.count() > cell                      # the deck was drawn
        off = added.count() - added.overlap_area(on_hull, (0, 0))
        assert off <= cell // 8, f"{line}: {off} deck pixels off the hull"


def test_naval_hulls_paint_no_gun_of_their_own():
    """Weapons sit where the player put them: the unarmed hulls have no turret shade."""
    dark = tuple(int(c * 0.62) for c in theme.SHIP[:3])
    for n, kind in ((2, "naval-patrol"), (4, "naval-battleship"), (5, "aegis")):
        hull = ship_sprite(n, 24, False, theme.SHIP, theme.SHIP_DARK, kind)
        armed = ship_sprite(n, 24, False, theme.SHIP, theme.SHIP_DARK, "battleship")
        count = [sum(1 for x in range(s.get_width()) for y in range(24)
                     if s.get_at((x, y)).a and tuple(s.get_at((x, y)))[:3] == dark)
                 for s in (hull, armed)]
        assert count[0] < count[1] / 2, kind


# -- «Кораблики» (§K): every piece at the smallest and largest cell --------------------------

@pytest.mark.parametrize("size", [12, 80])
def test_every_korabliki_piece_draws_at_every_size_and_is_cached(app, size):  # noqa: F811
    own, enemy = kor_art.viewer_colours(False)
    backs = set()
    for rank in kor.RANKS:
        label = kor_art.rank_label(app.tr, rank)
        mine = kor_art.piece_surface(rank, size, own, True, label)
        assert mine.get_size() == (size, size)
        assert kor_art.piece_surface(rank, size, own, True, label) is mine
        assert pygame.mask.from_surface(mine, 20).count() > size * size // 10
        backs.add(pygame.image.tobytes(kor_art.piece_surface(None, size, enemy, False), "RGBA"))
        # a hidden piece shows nothing of its rank whatever label it is given
        hidden = kor_art.piece_surface(None, size, enemy, False, label)
        backs.add(pygame.image.tobytes(hidden, "RGBA"))
    assert len(backs) == 1


def test_korabliki_ranks_differ_by_silhouette_without_labels():
    own, _ = kor_art.viewer_colours(False)
    drawn = {pygame.image.tobytes(kor_art.piece_surface(r, 24, own, True), "RGBA")
             for r in kor.RANKS}
    assert len(drawn) == len(kor.RANKS)


def test_a_long_label_on_a_small_piece_is_shortened_not_squashed_to_a_smudge(app):  # noqa: F811
    assert kor_art.short_label("СТОР", 200) == "СТОР"
    short = kor_art.short_label("СТОР", 8)
    assert 1 <= len(short) < 4 and "СТОР".startswith(short)
