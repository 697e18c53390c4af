"""Classic's events in the log's words, for the battle and the spectator's screen (issue 37):
``cell`` names a cell as the screen's letters do; ``letters`` are those letters."""

from __future__ import annotations

from ...i18n.phrase import Join, Phrase
from ...rules.classic import (BOMBER, MISS, RADAR, CellGiven, MineGiven, Relocated,
                              SalvoResult, ShotResult, TurnSkipped, WeaponResult)


def shot_words(r: ShotResult, cell) -> Join:
    """``Б5 — Ранил!`` (a sunk ship's type when announced, C3)."""
    word = Phrase(f"shot.{r.outcome}")
    if r.ship_name:
        word = Join(word, Phrase(f"ship.{r.ship_name}"), sep=" ")
    return Join(cell(r.cell), word, sep=" — ")


def weapon_words(e: WeaponResult, cell, letters) -> Phrase:
    """§A's notation: ``Радар Б2``, ``Авиа Г5``, ``Бомбардировщик ряд 5`` / ``столбец Г``,
    ``Атом Е6``."""
    if e.weapon == BOMBER:
        x, y = e.cell
        if e.vertical:
            at = cell(e.cell) if y else letters.letter(x)
            return Phrase("log.weapon.bomber_column", at=at)
        return Phrase("log.weapon.bomber_row", at=cell(e.cell) if x else str(y + 1))
    return Phrase(f"log.weapon.{e.weapon}", cell=cell(e.cell))


def _weapon_line(e: WeaponResult, cell, letters):
    """A weapon and its answers as a salvo's (what a radar found is not said: the shooter's)."""
    what = weapon_words(e, cell, letters)
    if e.downed is not None:
        return Join(what, Phrase("log.weapon.downed", cell=cell(e.downed)), sep=": ")
    words = [shot_words(r, cell) for r in e.results if r.outcome != MISS]
    misses = sum(1 for r in e.results if r.outcome == MISS)
    if misses and e.weapon != RADAR:
        words.append(Phrase("log.weapon.misses", n=misses))
    return Join(what, *words, sep=", ") if words else what


def public_line(e, cell, name, letters):
    """A public event as the spectator's log says it: (player, words), or None."""
    if isinstance(e, ShotResult):
        return e.shooter, shot_words(e, cell)
    if isinstance(e, SalvoResult):
        return e.shooter, Join(*(shot_words(r, cell) for r in e.results), sep=", ")
    if isinstance(e, WeaponResult):
        return e.shooter, _weapon_line(e, cell, letters)
    if isinstance(e, CellGiven):
        return e.player, Phrase("log.gave", cell=cell(e.cell))
    if isinstance(e, MineGiven):
        return e.player, (Phrase("log.no_mine") if e.cell is None
                          else Phrase("log.told", cell=cell(e.cell)))
    if isinstance(e, Relocated):
        return e.player, Phrase("log.moved" if e.moved else "log.stayed")
    if isinstance(e, TurnSkipped):
        return e.player, Phrase("log.skipped", name=name(e.player))
    return None
