"""Colours and sizes shared by every screen."""

from __future__ import annotations

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
HALO = (150, 175, 205)
MINE = (30, 34, 40)
MINE_EDGE = (225, 230, 240)
SWEEPER = (120, 200, 170)
AIR_DEFENCE = (150, 158, 104)       # §A: the air defence's olive gun pit and mount
AIR_DEFENCE_DARK = (62, 68, 44)
GUN_STEEL = (200, 206, 214)         # its twin barrels
WRECK_MARK = (110, 96, 92)
CURSOR = (255, 230, 90)
PLAYER_COLOURS = ((90, 200, 255), (255, 140, 110))


# -- issue 38: how this player wants the game shown (``configure``, from the settings) ---------
# The palettes: each names the colours it changes from the normal one above (the colour
# helpers fill them; ``configure`` writes them over this module's names, so every
# ``theme.HIT`` read at drawing time follows). ``generation`` counts changes, for caches of
# drawn pictures that do not key on their colours.
PALETTES: dict[str, dict[str, tuple]] = {"normal": {}, "deutan": {}, "tritan": {},
                                         "contrast": {}}
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
    return True


def unit(size: tuple[int, int]) -> float:
    """One layout unit: 1.0 at 1280x720, smaller windows scale everything down evenly."""
    w, h = size
    return max(0.55, min(w / 1280, h / 720))


def font_px(size: tuple[int, int], base: int) -> int:
    """A font size that scales with the window but never drops below readable."""
    return max(14, round(base * unit(size) * SCALE))
