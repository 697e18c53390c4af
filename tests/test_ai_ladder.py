"""Issue 3: the ladder of computer opponents, placement styles, learning the player, the
fleet sampler (RULES.md §C: touching rules C1, shapes C2, fleets C3)."""

import collections
import itertools
import math
import random
import statistics

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from game.ai.admiral import AdmiralShooter
from game.ai.layouts import (STYLES, corner_packing, make_layout, perelman_layout,
                             spread_singles, uniform_layout)
from game.ai.opponents import CHANCE, OPPONENTS, TRIGGERS, VARIANTS, remark
from game.ai.sampler import Knowledge, estimate
from game.ai.shooters import LADDER, make_shooter
from game.i18n import LANGUAGES, table
from game.rules.classic import (EMPTY, HIT, MISS, SUNK, PRESETS, ClassicConfig, ClassicGame, Shot,
                                random_fleet, validate_fleet)
from game.rules.fleet import ShipSpec, placements, validate_ships

BENT = ClassicConfig(fleet=tuple(ShipSpec(s) for s in (4, 3, 2, 2, 1)), shapes="bent",
                     touching="corners")
CONFIGS = {"russian": PRESETS["russian"], "milton-bradley": PRESETS["milton-bradley"],
           "bent": BENT}


# --- placement styles ------------------------------------------------------------------------

@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_style_places_a_legal_fleet(style, name):
    cfg = CONFIGS[name]
    rng = random.Random(11)
    for _ in range(3):
        validate_fleet(cfg, make_layout(style, cfg, rng, first_shots=[1] * 100))


def all_layouts(cfg):
    """Every legal layout of a tiny fleet, as frozensets of ships."""
    options = [placements(cfg.width, cfg.height, s, cfg.shapes) for s in cfg.sizes]
    out = set()
    for combo in itertools.product(*options):
        try:
            validate_ships(list(combo), cfg.width, cfg.height, cfg.shapes, cfg.touching)
        except Exception:
            continue
        out.add(frozenset(combo))
    return out


def test_uniform_layouts_are_exactly_uniform():
    cfg = ClassicConfig(width=5, height=5, fleet=(ShipSpec(3), ShipSpec(2), ShipSpec(1)))
    legal = all_layouts(cfg)
    rng = random.Random(5)
    n = 40 * len(legal)
    counts = collections.Counter(frozenset(uniform_layout(cfg, rng)) for _ in range(n))
    assert set(counts) == legal
    # chi-square against the uniform distribution: 99.9% quantile for the degrees of freedom
    chi2 = sum((c - 40) ** 2 / 40 for c in counts.values())
    dof = len(legal) - 1
    assert chi2 < dof + 3.1 * math.sqrt(2 * dof)


def test_perelman_packs_multi_deck_ships_in_a_corner_and_spreads_the_singles():
    cfg = PRESETS["russian"]
    rng = random.Random(2)
    for _ in range(10):
        ships = perelman_layout(cfg, rng)
        multi = [c for s in ships if len(s) > 1 for c in s]
        reach = min(max(max(x if not cx else 9 - x, y if not cy else 9 - y) for x, y in multi)
                    for cx in (0, 1) for cy in (0, 1))
        assert reach <= 6, ships  # the multi-deck ships hug one corner
        singles = [s[0] for s in ships if len(s) == 1]
        assert min(math.dist(a, b) for a, b in itertools.combinations(singles, 2)) >= 3


def test_adaptive_avoids_where_the_player_fires_first():
    cfg = PRESETS["russian"]
    heat = [0] * 100
    for y in range(5):
        for x in range(5):
            heat[y * 10 + x] = 10  # this player always opens in the top-left quarter
    rng = random.Random(4)
    inside = sum(1 for _ in range(30) for s in make_layout("adaptive", cfg, rng, heat)
                 for x, y in s if x < 5 and y < 5)
    assert inside / 30 < 0.25 * 20 * 0.5  # far fewer ship cells there than a quarter of 20


# --- the fleet sampler -------------------------------------------------------------------------

def exact_marginals(view):
    cfg = view.config
    sizes = list(view.enemy_afloat)
    options = [placements(cfg.width, cfg.height, s, cfg.shapes) for s in sizes]
    hits = {c for c, m in view.target.items() if m == HIT}
    empty = {c for c, m in view.target.items() if m in (MISS, EMPTY)}
    counts = np.zeros(cfg.width * cfg.height)
    total = 0
    for combo in itertools.product(*options):
        try:
            validate_ships(list(view.enemy_sunk) + list(combo), cfg.width, cfg.height,
                           cfg.shapes, cfg.touching)
        except Exception:
            continue
        cells = {c for s in combo for c in s}
        if cells & empty or not hits <= cells or any(set(s) <= hits for s in combo):
            continue
        total += 1
        for x, y in cells:
            counts[y * cfg.width + x] += 1
    return counts / total


@pytest.mark.parametrize("touching,shapes", [("none", "straight"), ("free", "straight"),
                                             ("corners", "bent")])
def test_sampler_matches_exact_enumeration(touching, shapes):
    cfg = ClassicConfig(width=5, height=5, touching=touching, shapes=shapes,
                        fleet=(ShipSpec(3), ShipSpec(2), ShipSpec(1)))
    rng = random.Random(8)
    game = ClassicGame(cfg, [(), random_fleet(cfg, rng)], 0, solo=True)
    ship_cells = [c for s in game.ships[1] for c in s]
    game.apply(Shot(ship_cells[0]))  # a hit, so the sampler must cover it
    for _ in range(4):
        free = [a for a in game.legal_actions() if a.cell not in ship_cells]
        game.apply(rng.choice(free))
    view = game.view(0)
    est = estimate(Knowledge.from_view(view), 30000, np.random.default_rng(1))
    assert np.abs(est.p - exact_marginals(view)).max() < 0.02


# --- the ladder ----------------------------------------------------------------------------

def practice(level, seed, cfg=PRESETS["russian"], layout=None, memory=None):
    rng = random.Random(seed)
    layout = layout or uniform_layout(cfg, rng)
    game = ClassicGame(cfg, [(), layout], 0, solo=True)
    shooter = make_shooter(level, cfg, random.Random(seed + 1), memory)
    while not game.over:
        view = game.view(0)
        action = shooter.choose(view)
        assert action.cell not in view.target, f"{level} shot a known cell"
        assert shooter.belief is not None and len(shooter.belief) == 100
        game.apply(action)
    return len(game.history), shooter


@pytest.mark.parametrize("level", LADDER)
@settings(max_examples=4)
@given(seed=st.integers(0, 10**6), name=st.sampled_from(sorted(CONFIGS)))
def test_every_level_finishes_every_fleet_without_shooting_known_cells(level, seed, name):
    practice(level, seed, CONFIGS[name])


@pytest.mark.parametrize("level", LADDER)
def test_levels_are_reproducible_from_a_seed(level):
    assert practice(level, 3)[0] == practice(level, 3)[0]


@pytest.mark.slow
def test_the_ladder_climbs():
    """A coarse check on a few seeded games (the bench measures it on thousands)."""
    means = {level: statistics.fmean(practice(level, s)[0] for s in range(12))
             for level in ("random", "hunter", "admiral")}
    assert means["random"] > means["hunter"] > means["admiral"]


def test_best_is_the_top_of_the_ladder():
    assert isinstance(make_shooter("best", PRESETS["russian"], random.Random(0)), AdmiralShooter)


def _shots_to_find_the_big_ships(layout, seed, memory):
    """Shots the Admiral needs to hit, and then to sink, every ship bigger than one deck."""
    cfg = PRESETS["russian"]
    game = ClassicGame(cfg, [(), layout], 0, solo=True)
    shooter = make_shooter("admiral", cfg, random.Random(seed), memory)
    first_hit = None
    while True:
        view = game.view(0)
        if first_hit is None and any(m in (HIT, SUNK) for m in view.target.values()):
            first_hit = len(game.history)
        if all(size == 1 for size in view.enemy_afloat):
            return first_hit, len(game.history)
        game.apply(shooter.choose(view))


@pytest.mark.slow
def test_the_admiral_learns_a_player_who_always_hides_in_the_same_corner():
    """Strength: the whole game is decided by the spread one-deck ships, which no memory finds,
    so the test measures what memory is for: how soon the corner fleet is hit and sunk."""
    cfg = PRESETS["russian"]
    rng = random.Random(21)
    heat = [0] * 100
    multi = [s for s in cfg.sizes if s > 1]

    def top_left():  # this player always packs his big ships into the top-left corner
        packed = corner_packing(cfg, rng, (0, 0), multi)
        return packed + spread_singles(cfg, rng, packed, 4)
    games = [top_left() for _ in range(11)]
    for lay in games[:3]:  # three earlier games
        for s in lay:
            for x, y in s:
                heat[y * 10 + x] += 1
    with_memory = [_shots_to_find_the_big_ships(lay, 60 + i, (heat, 3))
                   for i, lay in enumerate(games[3:])]
    without = [_shots_to_find_the_big_ships(lay, 60 + i, None) for i, lay in enumerate(games[3:])]
    assert sum(h for h, _ in with_memory) < sum(h for h, _ in without)
    assert sum(b for _, b in with_memory) < sum(b for _, b in without)


def test_the_admiral_sees_through_perelman():
    cfg = PRESETS["russian"]
    _, shooter = practice("admiral", 7, layout=perelman_layout(cfg, random.Random(7)))
    assert shooter.insight() == "insight.corner"


# --- personality ----------------------------------------------------------------------------

def test_every_remark_exists_in_every_language_and_names_no_cell():
    import re
    coordinate = re.compile(r"\b[A-ZА-ЯЁЄІЇ]\s?(10|[1-9])\b")
    for lang in LANGUAGES:
        words = table(lang)
        for o in OPPONENTS:
            for trigger in TRIGGERS:
                for n in range(VARIANTS):
                    text = words[f"remark.{o.key}.{trigger}.{n}"]
                    assert not coordinate.search(text), (lang, o.key, trigger, text)


def test_remarks_depend_only_on_the_trigger_and_the_dice():
    a = [remark("admiral", t, random.Random(1)) for t in TRIGGERS]
    b = [remark("admiral", t, random.Random(1)) for t in TRIGGERS]
    assert a == b
    assert all(k is None or k.startswith("remark.admiral.") for k in a)
    assert set(CHANCE) == set(TRIGGERS)
