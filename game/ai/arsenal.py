"""How the computer uses the arcade arsenal (RULES.md §A, option C8), rung by rung.

A shooter (``game.ai.shooters``) answers "where next?"; with the arsenal on, its turn
(``Shooter.turn``) may instead fire a weapon. What each rung does with one:

- the Cabin Boy now and then fires a weapon with a charge left at a random square or line;
- the Boatswain and the Navigator fire the bomber along the row (or column) of a wounded ship
  and the air strike on its hit; hunting, the Boatswain drops the atomic bomb and sweeps the
  radar at random open squares, the Navigator at the squares with the most open cells;
- the Captain and the Admiral judge from their belief (the chance of a deck in each cell): the
  weapon and aim with the most decks expected, when that beats a turn of plain shots; the radar
  kept for when their belief is flattest. The Admiral also weighs where the enemy's air defence
  may stand (a strike whose cells come within one cell of it is shot down whole, §A) and aims
  where it expects the most decks after that risk.

What the radar showed is certain knowledge (``known``): a shown deck is a sure hit, taken at
once (``sure_cells``), and every other cell of a swept square holds no deck; a shown mine,
minesweeper or air defence is never shot. Nothing here runs, and nothing is drawn from any
generator, when the arsenal is off.

The computer's own air defences stand where they guard the most of its fleet
(``place_defences``). Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import numpy as np

from ..rules.classic import (AIR_DEFENCE, AIR_STRIKE, ATOMIC, BOMBER, DECK, EMPTY, HIT, RADAR,
                             SUNK, WEAPONS, ClassicConfig, ClassicView, Setup, UseWeapon,
                             check_piece_at, random_setup)
from ..rules.coords import Cell
from ..rules.errors import PlacementError

FIRED = (ATOMIC, AIR_STRIKE, BOMBER)       # the weapons that shoot, the strongest first
# the fewest decks a weapon must be expected to find before a judging shooter spends it (the
# stock lasts the game, §A: spent early, the board is fullest); lower once few decks are left
MIN_DECKS = {ATOMIC: 3.0, AIR_STRIKE: 1.6, BOMBER: 1.8, RADAR: 1.0}
ENDGAME = 0.45             # ... never more than this share of the decks still unfound
RADAR_FLAT = 1.6           # the radar when the likeliest cell is at most this many times the
                           # mean of the open cells (the belief at its flattest: a shot learns
                           # little; a sweep shows a whole square for sure)
CHILD_CHANCE = 0.25        # the Cabin Boy's chance of firing a weapon in a turn
HUNT_CHANCE = 0.25         # the Boatswain's chance of an atomic bomb or a sweep while hunting


def ready(view: ClassicView) -> bool:
    """May ``view.player`` fire a weapon now (§A: the arsenal on, not the game's very first
    turn, no decision pending, a charge left)?"""
    return (view.config.arsenal and not view.first_turn and view.pending is None
            and any(view.stock.get(w) for w in WEAPONS))


def shape(config: ClassicConfig, weapon: str, cell: Cell, vertical: bool = False) -> tuple:
    """The cells ``UseWeapon(weapon, cell, vertical)`` covers (as the rules count them: a 3×3
    or 5×5 square round ``cell``, its part off the field lost; the bomber's line from
    ``cell``)."""
    return _cells(config.width, config.height, config.bomber_line, weapon, cell, vertical)


def _cells(w: int, h: int, line: int, weapon: str, cell: Cell, vertical: bool) -> tuple:
    x0, y0 = cell
    if weapon == BOMBER:
        run = [(x0, y0 + i) if vertical else (x0 + i, y0) for i in range(line)]
        return tuple((x, y) for x, y in run if 0 <= x < w and 0 <= y < h)
    r = 2 if weapon == ATOMIC else 1
    return tuple((x, y) for y in range(y0 - r, y0 + r + 1) for x in range(x0 - r, x0 + r + 1)
                 if 0 <= x < w and 0 <= y < h)


@lru_cache(maxsize=32)
def _aims(width: int, height: int, line: int, weapon: str):
    """Every aim of ``weapon`` on the board, as (cell, vertical) pairs, and the matrices of the
    cells each covers and of the cells within one cell of them (an air defence there downs
    it), [aims, cells]."""
    if weapon == BOMBER:
        aims = [((x, y), False) for y in range(height) for x in range(width - line + 1)]
        aims += [((x, y), True) for x in range(width) for y in range(height - line + 1)]
    else:
        aims = [((x, y), False) for y in range(height) for x in range(width)]
    cover = np.zeros((len(aims), width * height), dtype=np.float64)
    zone = np.zeros_like(cover)
    for i, (cell, vertical) in enumerate(aims):
        for x, y in _cells(width, height, line, weapon, cell, vertical):
            cover[i, y * width + x] = 1.0
            for ny in range(max(0, y - 1), min(height, y + 2)):
                for nx in range(max(0, x - 1), min(width, x + 2)):
                    zone[i, ny * width + nx] = 1.0
    return aims, cover, zone


def aims_of(config: ClassicConfig, weapon: str):
    return _aims(config.width, config.height, config.bomber_line, weapon)


# -- what the radar showed -----------------------------------------------------------------

def sure_cells(view: ClassicView) -> list[Cell]:
    """Decks the radar showed and not yet shot: sure hits (§A), in reading order."""
    return sorted((c for c, kind in view.radar.items() if kind == DECK and c not in view.target),
                  key=lambda c: (c[1], c[0]))


def known(view: ClassicView, swept) -> ClassicView:
    """``view`` with what the radar made certain marked known empty for the shooter's judgement
    (never for the rules): every cell of the squares swept (``swept``: their centres) that
    showed no deck, each shown mine, minesweeper or air defence, and the enemy's air defences
    revealed. The same view when the arsenal is off."""
    if not view.config.arsenal:
        return view
    clear: set[Cell] = set(view.enemy_defences)
    for centre in swept:
        clear.update(shape(view.config, RADAR, centre))
    clear.update(c for c, kind in view.radar.items() if kind != DECK)
    clear -= {c for c, kind in view.radar.items() if kind == DECK}
    clear -= set(view.target)
    if not clear:
        return view
    target = dict(view.target)
    target.update({c: EMPTY for c in clear})
    return replace(view, target=target)


# -- judging from a belief -------------------------------------------------------------------

def defence_risk(view: ClassicView, p: np.ndarray, open_: np.ndarray) -> np.ndarray:
    """The chance of one of the enemy's live air defences on each cell, as the belief ``p`` (a
    deck's chance per cell) has it: a radar-shown one for sure; the others on open cells, the
    likelier the freer of decks the cell and (unless mines may touch, §A: as a mine) its
    neighbours are, summing to the number not yet found."""
    cfg = view.config
    w, h = cfg.width, cfg.height
    q = np.zeros(w * h)
    shown = [c for c, kind in view.radar.items() if kind == AIR_DEFENCE]
    for x, y in shown:
        q[y * w + x] = 1.0
    left = view.enemy_stock.get(AIR_DEFENCE, 0) - len(shown)
    if left <= 0:
        return q
    free = np.clip(1.0 - p, 0.0, 1.0).reshape(h, w)
    weight = free.copy()
    if not cfg.mines_touch:
        padded = np.pad(free, 1, constant_values=1.0)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dx or dy:
                    weight = weight * padded[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]
        for c, mark in view.target.items():   # beside a known deck: no room for it
            if mark in (HIT, SUNK):
                x, y = c
                weight[max(0, y - 1):y + 2, max(0, x - 1):x + 2] = 0.0
    weight = weight.reshape(-1) * open_
    for x, y in shown:
        weight[y * w + x] = 0.0
    total = weight.sum()
    if total > 0:
        q += np.minimum(0.95, weight * (left / total))
    return q


def best_aim(view: ClassicView, weapon: str, p: np.ndarray, risk: np.ndarray | None = None):
    """(aim, decks expected) of ``weapon`` where ``p`` (a deck's chance per open cell, 0
    elsewhere) expects the most decks; ``risk``: each cell's chance of an air defence, which
    downs an air strike or bomber whole (the expectation is then of what gets through)."""
    aims, cover, zone = aims_of(view.config, weapon)
    expected = cover @ p
    if risk is not None and weapon in (AIR_STRIKE, BOMBER) and risk.any():
        through = np.exp(zone @ np.log(np.clip(1.0 - risk, 1e-9, 1.0)))
        expected = expected * through
    i = int(np.argmax(expected))
    return aims[i], float(expected[i])


def decks_unfound(view: ClassicView) -> int:
    hits = sum(1 for m in view.target.values() if m == HIT)
    return sum(view.enemy_afloat) - hits


def judge(view: ClassicView, p: np.ndarray, *, guard: bool, flat: float = RADAR_FLAT):
    """The weapon a judging shooter fires now, from its belief ``p`` (a deck's chance in each
    cell, 0 where none can be or the cell is known), or None: a plain shot is better.

    A fired weapon must expect at least ``MIN_DECKS`` of it (less once few decks are left), and
    more than a turn of plain shots at the likeliest cell would (a hit shoots again: about
    p/(1-p) decks). The radar, only while hunting (no wounded ship) and when the belief is flat
    (``flat``), must expect to show a deck or more. ``guard``: weigh the enemy's air defence."""
    w = view.config.width
    open_ = np.array([1.0 if (i % w, i // w) not in view.target else 0.0
                      for i in range(len(p))])
    p = p * open_
    if not p.any():
        return None
    top = float(p.max())
    shots = top / max(0.05, 1.0 - top)
    unfound = decks_unfound(view)
    risk = defence_risk(view, p, open_) if guard else None
    best = None
    for weapon in FIRED:
        if not view.stock.get(weapon):
            continue
        aim, decks = best_aim(view, weapon, p, risk)
        need = max(min(MIN_DECKS[weapon], ENDGAME * unfound), shots + 0.25)
        if decks >= need and (best is None or decks > best[2]):
            best = (weapon, aim, decks)
    if best is not None:
        weapon, (cell, vertical), _ = best
        return UseWeapon(weapon, cell, vertical)
    if view.stock.get(RADAR) and HIT not in view.target.values():
        mean = float(p.sum() / max(1.0, open_.sum()))
        (cell, _), decks = best_aim(view, RADAR, p)
        if top <= flat * mean and decks >= min(MIN_DECKS[RADAR], ENDGAME * unfound):
            return UseWeapon(RADAR, cell)
    return None


def as_chances(view: ClassicView, belief) -> np.ndarray:
    """A belief normalised any way (a share per cell) as each open cell's chance of a deck:
    scaled to the decks still unfound, none above 1."""
    b = np.asarray(belief, dtype=np.float64)
    total = b.sum()
    if total <= 0:
        return b
    return np.minimum(1.0, b * (decks_unfound(view) / total))


# -- the simple rungs ------------------------------------------------------------------------

def any_aim(view: ClassicView, rng):
    """The Cabin Boy's: a weapon with a charge left at a random square or line."""
    weapon = rng.choice([wp for wp in WEAPONS if view.stock.get(wp)])
    aims = aims_of(view.config, weapon)[0]
    cell, vertical = aims[rng.randrange(len(aims))]
    return UseWeapon(weapon, cell, vertical)


def along_wound(view: ClassicView, cluster) -> UseWeapon | None:
    """The bomber along a wounded ship: its column when two of its hits stand one above the
    other, else its row; on a board wider than the line, the line centred on the hits."""
    if not view.stock.get(BOMBER) or not cluster:
        return None
    cfg = view.config
    n = cfg.bomber_line
    xs = sorted({x for x, _ in cluster})
    ys = sorted({y for _, y in cluster})
    vertical = len(xs) == 1 and len(ys) > 1
    if vertical:
        start = min(max(0, (ys[0] + ys[-1]) // 2 - n // 2), cfg.height - n)
        return UseWeapon(BOMBER, (xs[0], start), True)
    start = min(max(0, (xs[0] + xs[-1]) // 2 - n // 2), cfg.width - n)
    return UseWeapon(BOMBER, (start, cluster[0][1]))


def most_open(view: ClassicView, weapon: str, open_cells, rng):
    """The square of ``weapon`` with the most of ``open_cells`` in it (ties at random)."""
    w = view.config.width
    p = np.zeros(w * view.config.height)
    for x, y in open_cells:
        p[y * w + x] = 1.0
    aims, cover, _ = aims_of(view.config, weapon)
    counts = cover @ p
    best = np.flatnonzero(counts >= counts.max() - 1e-9)
    cell, vertical = aims[int(best[rng.randrange(len(best))])]
    return UseWeapon(weapon, cell, vertical)


def share(view: ClassicView, action: UseWeapon) -> list[float]:
    """A plain rung's belief for a weapon: an even share over the open cells it covers."""
    w = view.config.width
    cells = [c for c in shape(view.config, action.weapon, action.cell, action.vertical)
             if c not in view.target]
    out = [0.0] * (w * view.config.height)
    for x, y in cells:
        out[y * w + x] = 1.0 / len(cells)
    return out


# -- the computer's own air defences -------------------------------------------------------

def _guarded(config: ClassicConfig, decks, defences) -> float:
    """How much of the fleet ``decks`` the air defences ``defences`` guard: for each deck, the
    share of the air strikes that would cover it and are downed, and of the two bomber lines
    through it (§A: downed when any cell of it comes within one cell of an air defence)."""
    w, h = config.width, config.height
    total = 0.0
    for x, y in decks:
        centres = [(cx, cy) for cy in range(max(0, y - 1), min(h, y + 2))
                   for cx in range(max(0, x - 1), min(w, x + 2))]
        downed = sum(any(abs(cx - dx) <= 2 and abs(cy - dy) <= 2 for dx, dy in defences)
                     for cx, cy in centres)
        row = any(abs(y - dy) <= 1 for _, dy in defences)
        column = any(abs(x - dx) <= 1 for dx, _ in defences)
        total += downed / len(centres) + (row + column) / 2
    return total


def place_defences(config: ClassicConfig, ships, mines, sweepers, rng) -> list[Cell]:
    """§A: the computer's air defences, one by one where each guards the most of its fleet
    not yet guarded (a legal cell beside the ships and pieces placed; ties at random). Nothing
    is drawn from ``rng`` when the config has no air defence."""
    out: list[Cell] = []
    decks = [c for s in ships for c in s]
    for _ in range(config.air_defence):
        best: list[Cell] = []
        top = -1.0
        for y in range(config.height):
            for x in range(config.width):
                try:
                    check_piece_at(config, AIR_DEFENCE, (x, y), ships, mines, sweepers, out)
                except PlacementError:
                    continue
                score = _guarded(config, decks, out + [(x, y)])
                if score > top + 1e-9:
                    best, top = [(x, y)], score
                elif score >= top - 1e-9:
                    best.append((x, y))
        if not best:
            raise PlacementError("cannot_place_defences", defences=config.air_defence)
        out.append(best[rng.randrange(len(best))])
    return out


def computer_setup(config: ClassicConfig, rng, ships=None) -> Setup:
    """The computer's set-up: the rules' random one (``ships`` if given), its air defences
    then moved where they guard most (§A; the same set-up, and nothing more drawn, without)."""
    setup = random_setup(config, rng, ships)
    if config.air_defence:
        setup.defences = place_defences(config, setup.ships, setup.mines, setup.sweepers, rng)
    return setup
