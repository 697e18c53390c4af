"""What a level may say of its opponent's face: the game draws every portrait itself
(``game.render.portrait``) from these few features, so a level file needs no picture.

Pure Python (the level checker runs without a display)."""

from __future__ import annotations

import re

HATS = ("none", "cap", "peaked", "bicorne", "tricorne", "pirate", "ushanka", "sou-wester")
BEARDS = ("none", "stubble", "moustache", "full", "white")
COLOURS = ("skin", "hair", "coat")
FLAGS = ("patch", "pipe", "monocle", "ghost")
MAX_MEDALS = 5

DEFAULT = {"hat": "peaked", "beard": "none", "skin": "#e8b894", "hair": "#5a3a20",
           "coat": "#1c3a6e", "patch": False, "pipe": False, "monocle": False, "ghost": False,
           "medals": 0}

_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def colour(value: str) -> tuple[int, int, int]:
    return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))


def check_portrait(data) -> list[tuple[str, str]]:
    """Problems with a portrait table, as ``(key, what was expected)`` pairs."""
    if not isinstance(data, dict):
        return [("", "a table of portrait features")]
    problems = []
    for key, value in data.items():
        if key == "hat":
            if value not in HATS:
                problems.append((key, "one of " + "|".join(HATS)))
        elif key == "beard":
            if value not in BEARDS:
                problems.append((key, "one of " + "|".join(BEARDS)))
        elif key in COLOURS:
            if not isinstance(value, str) or not _HEX.fullmatch(value):
                problems.append((key, 'a colour like "#1c3a6e"'))
        elif key in FLAGS:
            if not isinstance(value, bool):
                problems.append((key, "true or false"))
        elif key == "medals":
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_MEDALS:
                problems.append((key, f"a number 0..{MAX_MEDALS}"))
        else:
            problems.append((key, "no such feature (hat, beard, skin, hair, coat, patch, pipe, "
                                  "monocle, ghost, medals)"))
    return problems


def portrait(data: dict | None) -> dict:
    """A complete portrait: the features given, the defaults for the rest (features that do not
    check out are left at their defaults)."""
    out = dict(DEFAULT)
    if isinstance(data, dict):
        bad = {k for k, _ in check_portrait(data)}
        out.update({k: v for k, v in data.items() if k not in bad and k in DEFAULT})
    return out
