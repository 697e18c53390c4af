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


def unit(size: tuple[int, int]) -> float:
    """One layout unit: 1.0 at 1280x720, smaller windows scale everything down evenly."""
    w, h = size
    return max(0.55, min(w / 1280, h / 720))


def font_px(size: tuple[int, int], base: int) -> int:
    """A font size that scales with the window but never drops below readable."""
    return max(14, round(base * unit(size)))
