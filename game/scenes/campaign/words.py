"""What the campaign's screens say of a level and its battle: who begins, the limits of each
star, what a battle came to and the stars it missed; and the colour each difficulty is written
in. (The rules a level plays, in words, are its mode's: ``game.modes.ModeEntry.describe``.)"""

from __future__ import annotations

from ...campaign import first_of
from ...levels import METRICS, STAR_KEYS
from ...modes import MODES
from ...render import theme

def difficulty_colour(difficulty: str):
    """The colour a difficulty's words are written in (the palette's, read when drawn)."""
    return {"easy": theme.GOOD, "normal": theme.ACCENT, "hard": theme.BAD}[difficulty]


def first_words(tr, level, name: str, difficulty: str = "normal") -> str:
    """Who begins (on Hard against the top of the ladder, the opponent): in «Кораблики» a
    turn is a move, not a shot (RULES.md §K)."""
    first = first_of(level, difficulty)
    if first == "lot":
        return tr("campaign.first.lot")
    return tr(f"campaign.{MODES[level.mode].begins}.{first}", name=name)


def limits_words(tr, limits: dict) -> str:
    return ", ".join(tr(f"campaign.limit.{m}", n=n) for m, n in limits.items())


def result_words(tr, level, measured: dict) -> str:
    return ", ".join(tr(f"campaign.measure.{m}", n=measured[m]) for m in METRICS[level.mode]
                     if m in measured)


def missed_words(tr, result) -> list[str]:
    """After a win short of the level's every star: the next star's limits that were missed,
    each with what the battle came to."""
    if not result.won or result.stars >= result.level.max_stars:
        return []
    star = max(2, result.stars + 1)
    limits = result.level.limits(result.difficulty).get(STAR_KEYS[star - 2], {})
    return [tr("campaign.missed", star=star, limit=tr(f"campaign.limit.{m}", n=most),
               got=result.metrics[m])
            for m, most in limits.items() if result.metrics.get(m, 0) > most]
