"""One campaign file read and checked: a level's or a voyage's table (the format: ``game.levels``)
turned into a ``Level`` or a ``VoyageDef``, every problem named (``Problem``: the file, the key,
what was expected) instead of stopping at the first. Pure Python: no pygame, no global
randomness."""

from __future__ import annotations

import json
import math
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .data.portrait import check_portrait, portrait
from .i18n import LANGUAGES
from .modes import MODES as ENTRIES
from .rules import classic as cl
from .rules.errors import RuleError

EXTENSIONS = (".toml", ".json")

MODES = tuple(ENTRIES)
FIRST = ("player", "opponent", "lot")
TEXTS = ("port", "briefing", "victory", "defeat")
REQUIRED_TEXTS = ("port", "briefing", "victory")
# What a level may count for its stars, per mode: all are "at most" limits on the player's side.
METRICS = {key: entry.metrics for key, entry in ENTRIES.items()}
STAR_KEYS = ("two", "three")
TOP_KEYS = {"id", "order", "mode", "preset", "first", "unlocks", "map", "at", "route", "options",
            "opponent", "stars", "voyage", "hints", "boss", *TEXTS}
BOSS_KEYS = {"stinger", "bar", "before", "after"}
DEFAULT_VOYAGE = "europe"
VOYAGE_KEYS = {"id", "order", "after", "name", "ending", "chart"}
# Easy and Hard move a level's star limits (issue 22): lengths (shots, volleys, turns) by a
# factor, losses by a count, each at least one step, so Easy is looser and Hard tighter.
LOOSER, TIGHTER = 1.2, 0.85
LOSSES = ("ships_lost", "pieces_lost")
LOSS_STEP = {"easy": 2, "hard": -1}
OPPONENT_KEYS = {"personality", "ai", "placement", "remembers", "name", "portrait"}
MAX_NUMBER = 10 ** 9      # "order", "map" and star limits beyond this are typing slips


def ai_levels(mode: str) -> tuple:
    return ENTRIES[mode].levels


def placements(mode: str) -> tuple:
    return ENTRIES[mode].placements


def personalities() -> tuple:
    from .ai.opponents import BOSS_VOICES, OPPONENTS
    return tuple(o.key for o in OPPONENTS) + BOSS_VOICES


def presets(mode: str) -> dict:
    return ENTRIES[mode].rules.presets


@dataclass(frozen=True)
class Problem:
    file: str
    key: str
    expected: str
    got: object = None
    skipped: bool = True     # the level is left out of the voyage (False: kept, but see here)

    def __str__(self) -> str:
        where = f"key '{self.key}'" if self.key else "file"
        got = "" if self.got is None else f", got {_short(self.got)}"
        return f"{self.file}: {where}: expected {self.expected}{got}"


def _short(value, limit: int = 60) -> str:
    """A value as a message shows it: a file may hold a page of junk where a number belongs."""
    words = repr(value)
    return words if len(words) <= limit else words[:limit - 1] + "…"


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    """A finite number a float can hold (TOML and JSON both allow inf, nan and 10**400)."""
    if _is_int(value):
        return abs(value) <= MAX_NUMBER
    return isinstance(value, float) and math.isfinite(value) and abs(value) <= MAX_NUMBER


@dataclass
class Opponent:
    name: dict
    personality: str
    ai: str
    placement: str = "random"
    remembers: bool = False
    portrait: dict = field(default_factory=dict)


@dataclass
class Level:
    id: str
    path: str
    order: float
    mode: str
    preset: str
    config: object
    first: str
    unlocks: tuple
    map: tuple | None
    opponent: Opponent
    texts: dict           # "port", "briefing", "victory", "defeat" -> {lang: text}
    stars: dict           # "two", "three" -> {metric: at most}
    at: tuple | None = None                       # (lon, lat) of the port
    route: dict = field(default_factory=dict)     # unlocked id -> ((lon, lat), …) between
    voyage: str = DEFAULT_VOYAGE
    hints: tuple = ()                             # teaching hints (game.hints)
    boss: "Boss | None" = None

    def text(self, what: str, lang: str) -> str:
        """One of ``TEXTS``, or a boss's "boss_before" / "boss_after"."""
        if what.startswith("boss_"):
            words = getattr(self.boss, what[5:], None) or {}
        else:
            words = self.texts.get(what) or {}
        return words.get(lang) or words.get("en") or ""

    def name(self, lang: str) -> str:
        return self.opponent.name.get(lang) or self.opponent.name.get("en") or self.id

    def limits(self, difficulty: str = "normal") -> dict:
        """The star limits at ``difficulty``: the file's on Normal; Easy loosens and Hard
        tightens each (``LOOSER``, ``TIGHTER``, ``LOSS_STEP``), three stars never looser than
        two."""
        if difficulty not in LOSS_STEP:
            return {k: dict(v) for k, v in self.stars.items()}
        out = {}
        for key in STAR_KEYS:
            if key not in self.stars:
                continue
            out[key] = {}
            for metric, value in self.stars[key].items():
                if metric in LOSSES:
                    moved = value + LOSS_STEP[difficulty]
                elif difficulty == "easy":
                    moved = max(value + 1, math.ceil(value * LOOSER))
                else:
                    moved = min(value - 1, math.floor(value * TIGHTER))
                out[key][metric] = max(0, moved)
        if "three" in out:
            for metric, value in out["three"].items():
                out["three"][metric] = min(value, out["two"].get(metric, value))
        return out

    def stars_for(self, metrics: dict | None, difficulty: str = "normal") -> int:
        """Stars a finished battle earns: none for a loss (``metrics`` None), one for a win, two
        and three for a win within the limits of ``difficulty``."""
        if metrics is None:
            return 0
        stars = self.limits(difficulty)
        earned = 1
        for n, key in enumerate(STAR_KEYS, 2):
            limits = stars.get(key)
            if limits is None or any(metrics.get(m, 0) > v for m, v in limits.items()):
                break
            earned = n
        return earned

    @property
    def max_stars(self) -> int:
        return 1 + sum(1 for k in STAR_KEYS if k in self.stars)


@dataclass(frozen=True)
class Boss:
    stinger: str
    bar: bool
    before: dict          # {lang: words}
    after: dict


@dataclass(frozen=True)
class VoyageDef:
    """One voyage: its ports are the levels with ``voyage = id``."""
    id: str
    order: float = 1
    after: str = ""       # the voyage whose end opens this one
    name: dict = field(default_factory=dict)
    ending: dict = field(default_factory=dict)
    chart: tuple = (12.0, 40.0, 64.0)     # lon0, lat1, lat2 of its chart's projection
    path: str = ""

    def text(self, what: str, lang: str) -> str:
        words = getattr(self, what, None) or {}
        return words.get(lang) or words.get("en") or ""


class _Checker:
    """Reads one level's table, collecting every problem instead of stopping at the first."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def bad(self, key: str, expected: str, got=None) -> None:
        self.problems.append(Problem(self.file, key, expected, got))

    def text_table(self, data: dict, key: str, required: bool, prefix: str = "") -> dict:
        value = data.get(key)
        key = prefix + key
        if value is None:
            if required:
                self.bad(key, "a table of texts: " + ", ".join(LANGUAGES))
            return {}
        if not isinstance(value, dict):
            self.bad(key, "a table of texts: " + ", ".join(LANGUAGES), type(value).__name__)
            return {}
        out = {}
        for lang in LANGUAGES:
            words = value.get(lang)
            if not isinstance(words, str) or not words.strip():
                self.bad(f"{key}.{lang}", "a text in this language")
            else:
                out[lang] = words.strip()
        for lang in value:
            if lang not in LANGUAGES:
                self.bad(f"{key}.{lang}", "a language of the game: " + ", ".join(LANGUAGES))
        return out

    def head(self, data, keys, what: str) -> str | None:
        """A level's or a voyage's table: its keys known, its ``id`` a short name. The id, or
        None (with the problem named); ``what`` is "level" or "voyage"."""
        if not isinstance(data, dict):
            self.bad("", f"a table of {what} keys")
            return None
        self.known_keys(data, keys, f"a {what} key")
        ident = data.get("id")
        if not isinstance(ident, str) or not ident.strip() or len(ident) > 40:
            self.bad("id", "a short name (1..40 characters)", ident)
            return None
        return ident.strip()

    def known_keys(self, data: dict, keys, a_key: str, prefix: str = "") -> None:
        """Name each key of ``data`` that is none of ``keys`` (``a_key``: "a boss key")."""
        for key in data:
            if key not in keys:
                self.bad(prefix + key, f"{a_key}: " + ", ".join(sorted(keys)))

    def number(self, data: dict, key: str, default, expected: str = "a number"):
        """``data[key]`` (``default`` when it is not there), a number; else ``default``, the
        problem named."""
        value = data.get(key, default)
        if not _is_number(value):
            self.bad(key, expected, value)
            return default
        return value

    def choice(self, data: dict, key: str, allowed, default=None, prefix: str = ""):
        value = data.get(key, default)
        if not isinstance(value, str) or value not in allowed:
            self.bad(prefix + key, "one of " + "|".join(allowed), value)
            return None
        return value


def parse_level(data, file: str) -> tuple[Level | None, list[Problem]]:
    """A level from the table read from ``file``, or None, and every problem found."""
    c = _Checker(file)
    level_id = c.head(data, TOP_KEYS, "level")
    if not isinstance(data, dict):
        return None, c.problems
    order = c.number(data, "order", 0, f"a number (at most {MAX_NUMBER} either way)")
    mode = c.choice(data, "mode", MODES)
    first = c.choice(data, "first", FIRST, "player")
    unlocks = data.get("unlocks", [])
    if not isinstance(unlocks, list) or not all(isinstance(u, str) for u in unlocks):
        c.bad("unlocks", "a list of level ids", unlocks)
        unlocks = []
    where = data.get("map")
    if where is not None:
        if (not isinstance(where, list) or len(where) != 2
                or not all(_is_number(v) and 0 <= v <= 1 for v in where)):
            c.bad("map", "[x, y], two fractions 0..1 of the chart", where)
            where = None
        else:
            where = (float(where[0]), float(where[1]))
    at = _place(c, "at", data.get("at"))
    route = _route(c, data.get("route"), unlocks)
    config = None
    preset = data.get("preset")
    options = data.get("options", {})
    if not isinstance(options, dict):
        c.bad("options", "a table of options", options)
        options = {}
    if preset is not None and not isinstance(preset, str):
        c.bad("preset", "the name of a preset", preset)
    elif mode:
        entry = ENTRIES[mode]
        known = entry.rules.presets
        preset = preset if preset is not None else next(iter(known))   # the mode's first
        if preset not in known:
            c.bad("preset", "one of " + "|".join(known), preset)
        elif not entry.options and options:
            c.bad("options", f"no options ({mode} has one set of rules)", sorted(options))
        else:
            try:
                config = known[preset]
                if options:
                    config = entry.rules.config_from_dict(config.to_dict() | options)
                    _placeable(config)
            except RuleError as exc:
                key = exc.params.get("key", "")
                if "expected" in exc.params:
                    expected = str(exc.params["expected"])
                elif exc.code == "unknown_option":
                    expected = "a Classic option (RULES.md §C)"
                elif "needs" in exc.params:
                    expected = f"also '{exc.params['needs']}'"
                elif "other" in exc.params:
                    expected = f"not together with '{exc.params['other']}'"
                elif exc.code == "cannot_place":
                    expected = (f"a fleet that can be placed on {exc.params['width']}×"
                                f"{exc.params['height']} "
                                f"(RULES.md §C, C3)")
                    config = None
                else:
                    expected = exc.code
                c.bad(f"options.{key}" if key else "options", expected, exc.params.get("got"))
    opponent = _opponent(c, data.get("opponent"), mode)
    texts = {key: c.text_table(data, key, key in REQUIRED_TEXTS) for key in TEXTS}
    stars = _stars(c, data.get("stars", {}), mode)
    voyage = data.get("voyage", DEFAULT_VOYAGE)
    if not isinstance(voyage, str) or not voyage.strip() or len(voyage) > 40:
        c.bad("voyage", "a voyage's id (levels/voyages/<id>.toml)", voyage)
        voyage = DEFAULT_VOYAGE
    hints = _hints(c, data.get("hints", []), mode)
    boss = _boss(c, data.get("boss"))
    if c.problems or config is None or opponent is None:
        return None, c.problems
    return Level(level_id, file, float(order), mode, preset, config, first,
                 tuple(unlocks), where, opponent, texts, stars, at, route, voyage.strip(),
                 hints, boss), c.problems


def _hints(c: _Checker, value, mode) -> tuple:
    from .hints import HINTS
    allowed = HINTS.get(mode, ()) if mode else ()
    if not isinstance(value, list):
        c.bad("hints", "a list of hints: " + "|".join(allowed), value)
        return ()
    out = []
    for v in value:
        if v not in allowed:
            c.bad("hints", f"hints of {mode}: " + "|".join(allowed), v)
        elif v not in out:
            out.append(v)
    return tuple(out)


def _boss(c: _Checker, value) -> Boss | None:
    from .audio.music import STINGERS
    if value is None:
        return None
    if not isinstance(value, dict):
        c.bad("boss", "a table: stinger, bar, before, after", value)
        return None
    c.known_keys(value, BOSS_KEYS, "a boss key", "boss.")
    stinger = c.choice(value, "stinger", STINGERS, prefix="boss.")
    bar = value.get("bar", True)
    if not isinstance(bar, bool):
        c.bad("boss.bar", "true or false", bar)
    before = c.text_table(value, "before", True, "boss.")
    after = c.text_table(value, "after", True, "boss.")
    return Boss(stinger or "", bar is not False, before, after)


PLACE = "[longitude, latitude]: degrees east -180..180, north -90..90"


def _place(c: _Checker, key: str, value) -> tuple | None:
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 2
            or not all(_is_number(v) for v in value)
            or not (-180 <= value[0] <= 180 and -90 <= value[1] <= 90)):
        c.bad(key, PLACE, value)
        return None
    return float(value[0]), float(value[1])


def _route(c: _Checker, data, unlocks: list) -> dict:
    """The way to each unlocked port: its points between, ``{id: ((lon, lat), …)}``."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        c.bad("route", "a table: an unlocked level's id = [[lon, lat], …]", data)
        return {}
    out = {}
    for other, points in data.items():
        key = f"route.{other}"
        if other not in unlocks:
            c.bad(key, "the id of a level this one unlocks: " + ", ".join(unlocks), other)
            continue
        if not isinstance(points, list):
            c.bad(key, f"a list of {PLACE}", points)
            continue
        places = [_place(c, key, p) for p in points]
        if None not in places:
            out[other] = tuple(places)
    return out


def _placeable(config) -> None:
    """Refuse a fleet (with its mines and minesweepers) no one could place: cells beyond the
    board's at once (the rules' own reading, ``config_from_dict``), else after the rules' own
    random attempts."""
    cl.check_placeable(config)


def _opponent(c: _Checker, data, mode) -> Opponent | None:
    if not isinstance(data, dict):
        c.bad("opponent", "a table: personality, ai, name, …", data)
        return None
    c.known_keys(data, OPPONENT_KEYS, "an opponent key", "opponent.")
    personality = c.choice(data, "personality", personalities(), prefix="opponent.")
    ai = c.choice(data, "ai", ai_levels(mode), prefix="opponent.") if mode else None
    placement = "random"
    if "placement" in data and mode:
        allowed = placements(mode)
        if not allowed:
            c.bad("opponent.placement", f"nothing ({mode} places its own way)", data["placement"])
        else:
            placement = c.choice(data, "placement", allowed, prefix="opponent.")
    remembers = data.get("remembers", False)
    if not isinstance(remembers, bool) or (remembers and not (mode and ENTRIES[mode].memory)):
        c.bad("opponent.remembers", "true or false (true only in classic)", remembers)
    name = c.text_table(data, "name", True)
    if not isinstance(name, dict):
        name = {}
    for key, expected in check_portrait(data.get("portrait", {})):
        c.bad("opponent.portrait" + (f".{key}" if key else ""), expected)
    if None in (personality, ai, placement):
        return None
    return Opponent(name, personality, ai, placement, bool(remembers),
                    portrait(data.get("portrait")))


def _stars(c: _Checker, data, mode) -> dict:
    if not isinstance(data, dict):
        c.bad("stars", "a table: two = {…}, three = {…}", data)
        return {}
    out = {}
    allowed = METRICS.get(mode, ())
    for key, limits in data.items():
        if key not in STAR_KEYS:
            c.bad(f"stars.{key}", "two or three")
            continue
        if not isinstance(limits, dict) or not limits:
            c.bad(f"stars.{key}", "a table of limits, e.g. { shots = 60 }", limits)
            continue
        good = {}
        for metric, value in limits.items():
            if mode and metric not in allowed:
                c.bad(f"stars.{key}.{metric}", f"a measure of {mode}: " + "|".join(allowed))
            elif not _is_int(value) or not 0 <= value <= MAX_NUMBER:
                c.bad(f"stars.{key}.{metric}", f"a whole number 0..{MAX_NUMBER}", value)
            else:
                good[metric] = value
        out[key] = good
    if "three" in out and "two" not in out:
        c.bad("stars.three", "stars.two as well (the third star comes after the second)")
    elif "three" in out:
        for metric, value in out["two"].items():
            if out["three"].get(metric, value + 1) > value:
                c.bad(f"stars.three.{metric}", f"at most stars.two.{metric} ({value}): "
                                               "three stars are harder to earn than two")
    return out


def read_file(path: Path):
    """The table in a level file; raises ValueError with the problem."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot be read ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"UTF-8 text ({exc.reason})") from None
    if path.suffix == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"valid JSON ({exc.msg} at line {exc.lineno}, column "
                             f"{exc.colno})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"valid TOML ({exc})") from None


def level_files(folder: Path) -> list[Path]:
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in EXTENSIONS and p.is_file())


def parse_voyage(data, file: str) -> tuple[VoyageDef | None, list[Problem]]:
    c = _Checker(file)
    vid = c.head(data, VOYAGE_KEYS, "voyage")
    if not isinstance(data, dict):
        return None, c.problems
    order = c.number(data, "order", 1)
    after = data.get("after", "")
    if not isinstance(after, str):
        c.bad("after", "a voyage's id, or \"\"", after)
        after = ""
    name = c.text_table(data, "name", True)
    ending = c.text_table(data, "ending", True)
    chart = data.get("chart", {})
    proj = (12.0, 40.0, 64.0)
    if not isinstance(chart, dict) or set(chart) - {"lon0", "lat1", "lat2"} or not all(
            _is_number(v) for v in chart.values()):
        c.bad("chart", "{ lon0 = degrees east, lat1 = …, lat2 = … } (the conic projection)",
              chart)
    else:
        lon0, lat1, lat2 = (float(chart.get(k, d)) for k, d in zip(("lon0", "lat1", "lat2"),
                                                                    proj))
        if not (-180 <= lon0 <= 180 and 0 < lat1 < lat2 < 89):
            c.bad("chart", "lon0 in -180..180 and 0 < lat1 < lat2 < 89", chart)
        else:
            proj = (lon0, lat1, lat2)
    if c.problems:
        return None, c.problems
    return VoyageDef(vid, float(order), after.strip(), name, ending, proj, file), []
