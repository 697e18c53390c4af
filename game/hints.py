"""The campaign's teaching hints (issue 22): short words shown in a battle at the moment they
apply, each once per captain. A level names the hints it may show (``hints = [...]``); the
keys of each mode are its entry's (``ModeEntry.hints``), their words in the translations under
``hint.<key>``.

Which moment shows which hint is the mode's own business (``ModeEntry.hints_for``): the
battle screens ask it with the events they show. Pure: no pygame.
"""

from __future__ import annotations

from .modes import MODES

HINTS: dict[str, tuple[str, ...]] = {mode: entry.hints for mode, entry in MODES.items()}


def hint_key(key: str) -> str:
    """The translation key of a hint's words."""
    return f"hint.{key}"


def due(level, progress, keys) -> list[str]:
    """Of the hints ``keys`` (a mode's ``hints_for``, in order), those to show now in a battle
    of ``level`` for the captain of ``progress``: the level lists it and he has not seen it."""
    out = []
    for key in keys:
        if key in level.hints and not progress.seen_hint(key) and key not in out:
            out.append(key)
    return out
