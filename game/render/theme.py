"""Colours and sizes shared by every screen."""

from __future__ import annotations

from . import cache

# The night sea of an arcade cabinet: deep blues, bright signal colours.
BG = (8, 16, 32)
PANEL = (14, 28, 52)
PANEL_EDGE = (60, 110, 170)
TEXT = (228, 236, 246)
TEXT_DIM = (140, 160, 190)
ACCENT = (255, 196, 64)
GOOD = (90, 220, 120)
BAD = (240, 80, 70)
WATER_DEEP = (18, 52, 96)
WATER_LIGHT = (40, 98, 156)
GRID = (120, 170, 220)
SHIP = (150, 160, 172)
SHIP_EDGE = (210, 220, 230)
SHIP_DARK = (84, 92, 104)
HIT = (255, 120, 40)
MISS = (200, 220, 240)
WRECK = (70, 54, 50)
HALO = (170, 194, 222)
HALO_RIM = (6, 16, 34)             # a known-empty cell's dot is light, ringed dark
MINE = (30, 34, 40)
MINE_EDGE = (225, 230, 240)
SWEEPER = (120, 200, 170)
AIR_DEFENCE = (150, 158, 104)       # §A: the air defence's olive gun pit and mount
AIR_DEFENCE_DARK = (62, 68, 44)
GUN_STEEL = (200, 206, 214)         # its twin barrels
WRECK_MARK = (110, 96, 92)
CURSOR = (255, 230, 90)
PLAYER_COLOURS = ((90, 200, 255), (255, 140, 110))
# The marks' own colours (issue 38: every colour that tells a board state apart is named here,
# so a palette can change it): a hit's flames (outer, middle, core), the glowing rim of its hole,
# the charred deck round it and the hole; a miss's rings and its float (body, top, rim); a
# wreck's hull and edge; an enemy mine found; the grid's lines (width, alpha of the inner lines,
# alpha of the frame, the frame's width).
FIRE = (255, 90, 20)
FIRE_MID = (255, 170, 40)
FIRE_CORE = (255, 240, 170)
EMBER = (200, 70, 20)
CHAR = (38, 30, 28)
HOLE = (8, 6, 8)
RIPPLE = (205, 230, 250)
FLOAT = (245, 248, 252)
FLOAT_TOP = (70, 150, 210)
FLOAT_RIM = (20, 40, 60)
WRECK_HULL = (104, 100, 98)
WRECK_EDGE = (28, 30, 36)
MINE_KNOWN = (240, 80, 70)
GRID_LINE = (1, 70, 170, 2)
# The moments' colours: an explosion where a shot hits (core, fireball, its inner flame, sparks,
# the shock ring; also the flames a burning cell throws up) and a splash where one misses
# (droplets, spray, rings); the aim of a weapon that may go there and of one that may not.
BLAST = ((255, 250, 235), (255, 110, 20), (255, 190, 70), (255, 200, 110), (255, 215, 150))
SPLASH = ((225, 242, 255), (150, 180, 210), (170, 210, 250))
AIM_OK = (255, 214, 110)
AIM_OFF = (230, 90, 80)
RADAR = (120, 255, 170)            # §A: what a radar showed, its sweep and swept squares


# -- issue 38: how this player wants the game shown (``configure``, from the settings) ---------
# The palettes: each names the colours it changes from the normal one above (``configure``
# writes them over this module's names, so every ``theme.HIT`` read at drawing time follows).
# ``generation`` counts changes; ``configure`` empties every drawing cache (``cache.Lru``) as it
# moves on, so no picture drawn in the old colours is shown again.
#
# deutan: one palette for deuteranopia and protanopia, whose confusion lines both run red-green:
# the signal colours move to the blue-orange axis both see well (good blue, bad and a found
# mine orange and yellow, a hit's fire amber to yellow, the second side's colour amber), and
# the lightness of each mark stays far from the sea's. tritan (blue-yellow confusion): signals on
# the red-cyan axis (fire red, the cursor and accent pink-white, the sides cyan and red). contrast:
# a darker sea, brighter and whiter marks, a brighter grid with thicker lines.
_DEUTAN = {
    "GOOD": (80, 170, 255), "BAD": (255, 150, 30), "HIT": (255, 176, 0),
    "FIRE": (255, 140, 0), "FIRE_MID": (255, 200, 40), "FIRE_CORE": (255, 250, 200),
    "EMBER": (235, 150, 0), "MINE_KNOWN": (170, 150, 255), "SWEEPER": (150, 190, 255),
    "AIR_DEFENCE": (176, 168, 120), "CURSOR": (255, 240, 120),
    "PLAYER_COLOURS": ((90, 190, 255), (255, 176, 40)),
    "BLAST": ((255, 252, 235), (255, 150, 0), (255, 205, 50), (255, 215, 110), (255, 225, 150)),
    "AIM_OK": (255, 214, 110), "AIM_OFF": (90, 150, 255),
}
_TRITAN = {
    "GOOD": (40, 210, 200), "BAD": (245, 50, 80), "HIT": (255, 70, 60), "ACCENT": (255, 150, 170),
    "FIRE": (235, 30, 30), "FIRE_MID": (255, 100, 90), "FIRE_CORE": (255, 225, 225),
    "EMBER": (220, 30, 50), "MINE_KNOWN": (40, 225, 235), "SWEEPER": (60, 220, 210),
    "CURSOR": (255, 170, 200), "AIR_DEFENCE": (170, 150, 150),
    "PLAYER_COLOURS": ((60, 220, 235), (255, 90, 120)),
    "BLAST": ((255, 240, 240), (235, 30, 30), (255, 100, 90), (255, 140, 130), (255, 180, 180)),
    "AIM_OK": (255, 190, 210), "AIM_OFF": (230, 30, 40), "RADAR": (200, 255, 120),
}
_CONTRAST = {
    "BG": (0, 0, 0), "PANEL": (0, 0, 0), "PANEL_EDGE": (255, 255, 255), "TEXT": (255, 255, 255),
    "TEXT_DIM": (215, 225, 240), "GOOD": (120, 255, 150), "BAD": (255, 110, 90),
    "WATER_DEEP": (2, 8, 24), "WATER_LIGHT": (10, 34, 70), "GRID": (190, 220, 255),
    "SHIP": (205, 212, 224), "SHIP_EDGE": (255, 255, 255), "SHIP_DARK": (40, 44, 52),
    "HIT": (255, 150, 0), "MISS": (255, 255, 255), "HALO": (255, 255, 255),
    "FIRE": (255, 120, 0), "FIRE_MID": (255, 210, 0), "FIRE_CORE": (255, 255, 220),
    "EMBER": (255, 90, 0), "RIPPLE": (255, 255, 255), "FLOAT": (255, 255, 255),
    "FLOAT_RIM": (0, 0, 0), "WRECK_HULL": (190, 178, 168), "WRECK_EDGE": (0, 0, 0),
    "MINE": (228, 232, 240), "MINE_EDGE": (0, 0, 0), "MINE_KNOWN": (255, 80, 60),
    "CURSOR": (255, 255, 0), "ACCENT": (255, 210, 0), "WRECK_MARK": (190, 170, 160),
    "PLAYER_COLOURS": ((120, 220, 255), (255, 170, 60)), "GRID_LINE": (2, 130, 255, 3),
    "BLAST": ((255, 255, 255), (255, 120, 0), (255, 210, 0), (255, 230, 120), (255, 240, 170)),
    "SPLASH": ((255, 255, 255), (200, 220, 240), (230, 240, 255)),
    "AIM_OK": (255, 255, 0), "AIM_OFF": (255, 60, 60), "RADAR": (140, 255, 190),
}
PALETTES: dict[str, dict[str, tuple]] = {"normal": {}, "deutan": _DEUTAN, "tritan": _TRITAN,
                                         "contrast": _CONTRAST}
_NORMAL = {k: v for k, v in globals().items() if k.isupper() and isinstance(v, tuple)}
palette = "normal"
SCALE = 1.0               # text and interface: 1.0, 1.25 or 1.5 (settings.ui_scale / 100)
REDUCED_MOTION = False    # no shake, no slow motion, effects shortened to a fade, a still sea
generation = 0


def configure(colour_vision: str = "normal", ui_scale: int = 100,
              reduced_motion: bool = False) -> bool:
    """Take the player's palette, scale and motion; True when anything changed (then
    ``generation`` has moved on, and every cache of drawn pictures is stale)."""
    global palette, SCALE, REDUCED_MOTION, generation
    want = (colour_vision if colour_vision in PALETTES else "normal", ui_scale / 100,
            bool(reduced_motion))
    if want == (palette, SCALE, REDUCED_MOTION):
        return False
    palette, SCALE, REDUCED_MOTION = want
    globals().update(_NORMAL)
    globals().update(PALETTES[palette])
    generation += 1
    cache.forget_all()
    return True


def unit(size: tuple[int, int]) -> float:
    """One layout unit: 1.0 at 1280x720, smaller windows scale everything down evenly."""
    w, h = size
    return max(0.55, min(w / 1280, h / 720))


def font_px(size: tuple[int, int], base: int) -> int:
    """A font size that scales with the window but never drops below readable."""
    return max(14, round(base * unit(size) * SCALE))
