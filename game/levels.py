"""The campaign's levels: one data file each in ``levels/`` (TOML, or JSON), read, checked and
turned into the rules of a match.

A designer adds a level by writing one file; ``python -m game.levels check [DIR]`` names every
problem (file, key, what was expected) and ends with ``{"levels": N, "errors": M}``, exit code
1 on any error. The game loads the good files and skips a broken one with a message.

A level file (every key but ``id``, ``mode``, ``opponent``, ``port``, ``briefing`` and
``victory`` may be left out)::

    id = "first-lesson"          # unique; other levels' ``unlocks`` name it
    order = 1                    # its place on the voyage (the route joins ports in this order)
    mode = "classic"             # classic | naval | korabliki
    preset = "russian"           # a preset of the mode (classic: russian, milton-bradley, …)
    first = "player"             # who moves first: player | opponent | lot
    unlocks = ["mines"]          # the levels a win here opens
    at = [29.70, 59.99]          # where the port lies: [longitude east, latitude north], degrees
    map = [0.12, 0.80]           # (old) where the port lies, fractions of the chart; ``at`` wins
    [route]                      # the way to each port a win opens, through the sea: the
    mines = [[28.9, 59.97], [26.5, 59.85]]     # [lon, lat] points between (tests check water)
    [options]                    # Classic options over the preset (RULES.md §C), e.g. mines = 2
    [opponent]
    personality = "cabin_boy"    # voice and remarks (game.ai.opponents)
    ai = "random"                # its level: classic random|hunter|parity|density|admiral,
                                 # naval random|gunner|navigator|captain|commodore, korabliki random|sailor|admiral
    placement = "random"         # classic: a placement style; korabliki: a formation style
    remembers = false            # classic: learns where this player hides his ships
    name = { en = "…", ru = "…", uk = "…", no = "…" }
    portrait = { hat = "cap", beard = "none" }          # game.data.portrait
    [port]      en/ru/uk/no      the port's name on the chart
    [briefing]  en/ru/uk/no      shown before the battle
    [victory]   en/ru/uk/no      shown after a win
    [defeat]    en/ru/uk/no      shown after a loss (optional)
    [stars]                      one star for a win; more for a win within these limits
    two = { shots = 70 }         # (on Normal; Easy and Hard move them: ``Level.limits``)
    three = { shots = 55, ships_lost = 2 }
    voyage = "europe"            # the voyage it belongs to (levels/voyages/<id>.toml)
    hints = ["first_hit"]        # teaching hints it may show (game.hints.HINTS of its mode)
    [boss]                       # a boss: its scenes, stinger and strength bar
    stinger = "perelman"         # game.audio.music.STINGERS
    bar = true                   # its fleet's strength as a bar in the battle (default true)
    before = { en = "…", … }     # the scene before the battle (all four languages)
    after = { en = "…", … }      # the scene after a win (after a loss: [defeat])

The check also names words a level needs from the translations (game/i18n) in any language:
its hints' (``hint.<key>``) and, for a boss voice (``opponents.BOSS_VOICES``), every remark.

A voyage is a file ``levels/voyages/<id>.toml``: ``id``, ``order``, ``after`` (the voyage whose
end opens it; "" for none), ``name`` and ``ending`` (texts), ``chart = {lon0, lat1, lat2}``
(its chart's conic projection, ``game.geo.Conic``). A voyage ends when its last port (the
highest ``order``) is won. Without a voyages folder every level is on one voyage, "europe".

One file is read and checked by ``game.level_file``; this module loads the folder, checks the
set as a whole, and answers what a player's wins open.

Pure Python: no pygame, no global randomness.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import resources
from .i18n import LANGUAGES
from .level_file import (DEFAULT_VOYAGE, EXTENSIONS, METRICS, MODES, STAR_KEYS, TEXTS, Boss,
                         Level, Opponent, Problem, VoyageDef, level_files, parse_level,
                         parse_voyage, read_file)
from .modes import mode_of

__all__ = ["DEFAULT_VOYAGE", "EXTENSIONS", "LEVELS_DIR", "METRICS", "MODES", "STAR_KEYS", "TEXTS",
           "Boss", "Level", "Opponent", "Problem", "VoyageDef", "check", "finished_voyages",
           "last_port", "level_files", "load_levels", "load_voyages", "metrics", "open_levels",
           "parse_level", "parse_voyage", "read_file", "starts"]

LEVELS_DIR = resources.LEVELS


def _read_all(files, parse, what: str) -> tuple[list, list[Problem]]:
    """Every file of ``files`` read and parsed by ``parse`` (a level's or a voyage's), and every
    problem; a file with a problem is left out, and so is a second one with the same id."""
    out, problems, seen = [], [], {}
    for path in files:
        name = _shown(path)
        try:
            data = read_file(path)
        except ValueError as exc:
            problems.append(Problem(name, "", str(exc)))
            continue
        item, found = parse(data, name)
        problems += found
        if item is None:
            continue
        if item.id in seen:
            problems.append(Problem(name, "id", f"an id no other {what} has (also in "
                                                f"{seen[item.id]})", item.id))
            continue
        seen[item.id] = name
        out.append(item)
    return out, problems


def load_voyages(folder=None) -> tuple[list[VoyageDef], list[Problem]]:
    """The voyages in ``folder/voyages`` (``levels/voyages``), in order, and every problem. No
    folder: one voyage, ``DEFAULT_VOYAGE``, with no words of its own."""
    folder = (Path(folder) if folder is not None else LEVELS_DIR) / "voyages"
    files = level_files(folder)
    if not files:
        return [VoyageDef(DEFAULT_VOYAGE)], []
    voyages, problems = _read_all(files, parse_voyage, "voyage")
    seen = {v.id for v in voyages}
    for v in voyages:
        if v.after and v.after not in seen:
            problems.append(Problem(v.path, "after", "the id of another voyage, or \"\"",
                                    v.after, False))
    voyages.sort(key=lambda v: (v.order, v.id))
    return voyages, problems


def load_levels(folder=None) -> tuple[list[Level], list[Problem]]:
    """Every good level in ``folder`` (``levels/`` by default), in voyage order, and every
    problem found. A file with any problem is left out; so is a second level with the same id.
    Problems of the set as a whole (an unknown id in ``unlocks``, a level no voyage reaches)
    are reported but do not drop a level."""
    folder = Path(folder) if folder is not None else LEVELS_DIR
    problems: list[Problem] = []
    if not folder.is_dir():
        return [], [Problem(str(folder), "", "a folder of level files")]
    files = level_files(folder)
    if not files:
        problems.append(Problem(str(folder), "", "at least one level file (*.toml, *.json)"))
    levels, found = _read_all(files, parse_level, "level")
    problems += found
    levels.sort(key=lambda lv: (lv.order, lv.id))
    voyages, found = load_voyages(folder)
    problems += found + _check_set(levels, voyages)
    return levels, problems


def _shown(path: Path) -> str:
    """A file's name as messages show it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _words_missing(levels: list[Level]) -> list[Problem]:
    """The words a level needs from the game's translations, in every language: its hints'
    (``hint.<key>``) and a boss voice's remarks (``remark.<voice>.<trigger>.<n>``). Missing
    words do not drop the level (the game shows the English, or the key), but the check names
    them."""
    from .ai.opponents import BOSS_VOICES, TRIGGERS, VARIANTS
    from .hints import hint_key
    from .i18n import table
    tables = {lang: table(lang) for lang in LANGUAGES}
    problems = []
    for lv in levels:
        wanted = [("hints", hint_key(h)) for h in lv.hints]
        if lv.opponent.personality in BOSS_VOICES:
            wanted += [("opponent.personality", f"remark.{lv.opponent.personality}.{t}.{n}")
                       for t in TRIGGERS for n in range(VARIANTS)]
        for key, words in wanted:
            missing = [lang for lang in LANGUAGES if words not in tables[lang]]
            if missing:
                problems.append(Problem(lv.path, key, f"the words '{words}' in game/i18n "
                                        f"({', '.join(missing)})", None, False))
    return problems


def _check_set(levels: list[Level], voyages: list[VoyageDef] = ()) -> list[Problem]:
    problems = _words_missing(levels)
    ids = {lv.id for lv in levels}
    known = {v.id for v in voyages} or {DEFAULT_VOYAGE}
    for lv in levels:
        if lv.voyage not in known:
            problems.append(Problem(lv.path, "voyage", "a voyage in levels/voyages: "
                                    + "|".join(sorted(known)), lv.voyage, False))
    for v in voyages:
        if v.path and not any(lv.voyage == v.id for lv in levels):
            problems.append(Problem(v.path, "id", "a voyage some level sails (voyage = id)",
                                    v.id, False))
    for lv in levels:
        for other in lv.unlocks:
            if other == lv.id:
                problems.append(Problem(lv.path, "unlocks", "other levels' ids, not its own", other,
                                        False))
            elif other not in ids:
                problems.append(Problem(lv.path, "unlocks", "the id of a level in the folder",
                                        other, False))
    reachable = open_levels(levels, ids)  # everything a player who won every level could open
    for lv in levels:
        if lv.id not in reachable:
            problems.append(Problem(lv.path, "id", "a level some voyage reaches (every level "
                                                   "that unlocks it is locked behind it)", lv.id,
                                    False))
    return problems


def starts(levels: list[Level]) -> set[str]:
    """Levels open from the start: those no other level of the set unlocks."""
    unlocked = {u for lv in levels for u in lv.unlocks if u != lv.id}
    return {lv.id for lv in levels if lv.id not in unlocked}


def last_port(levels: list[Level], voyage: str) -> Level | None:
    """A voyage's last port (the highest ``order``): winning it ends the voyage."""
    ports = [lv for lv in levels if lv.voyage == voyage]
    return max(ports, key=lambda lv: (lv.order, lv.id)) if ports else None


def finished_voyages(levels: list[Level], won) -> set[str]:
    return {v for v in {lv.voyage for lv in levels}
            if (end := last_port(levels, v)) is not None and end.id in won}


def open_levels(levels: list[Level], won, voyages=None) -> set[str]:
    """The levels a player may sail to, having won ``won``: the start levels, and every level
    that a won and open level unlocks. A level unlocked only by a broken (skipped) file is a
    start level, so one bad file never walls off the rest of the voyage. With ``voyages``
    (``VoyageDef``s), the start ports of a voyage that comes ``after`` another stay closed until
    that one is finished."""
    won = set(won)
    after = {v.id: v.after for v in voyages or ()}
    done = finished_voyages(levels, won)
    by_voyage = {lv.id: lv.voyage for lv in levels}
    opened = {i for i in starts(levels) if not after.get(by_voyage[i]) or
              after[by_voyage[i]] in done}
    by_id = {lv.id: lv for lv in levels}
    frontier = list(opened)
    while frontier:
        lv = by_id.get(frontier.pop())
        if lv is None or lv.id not in won:
            continue
        for other in lv.unlocks:
            if other in by_id and other not in opened:
                opened.add(other)
                frontier.append(other)
    return opened


# --- what a finished battle measures ------------------------------------------------------

def metrics(game, player: int) -> dict:
    """The player's side of a finished battle in the measures of its mode (``METRICS``)."""
    return mode_of(game.config).measure(game, player)


# --- python -m game.levels check [DIR] ----------------------------------------------------

def check(folder=None, out=sys.stdout) -> int:
    levels, problems = load_levels(folder)
    files = level_files(Path(folder) if folder is not None else LEVELS_DIR)
    for p in problems:
        print(p, file=out)
    print(json.dumps({"levels": len(files), "errors": len(problems)}), file=out)
    return 1 if problems else 0


def main(argv=None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m game.levels",
                                     description="Check the campaign's level files.")
    sub = parser.add_subparsers(dest="command", required=True)
    cmd = sub.add_parser("check", help="check every level file; exit 1 on any error")
    cmd.add_argument("folder", nargs="?", default=None, help="the folder (default: levels/)")
    args = parser.parse_args(argv)
    return check(args.folder)


if __name__ == "__main__":
    sys.exit(main())
