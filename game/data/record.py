"""Game records: a human-readable text of a whole game, finished or not.

    # Sea Battle game record ...
    seabattle-record: 1
    mode: classic
    letters: russian
    option width: 10               (one line per option, the value in JSON)
    name A: Player                 (optional)
    first: A
    ship A: А1 Б1 В1 Г1            (one line per ship)
    ship B: ...
    mine A: Д5                     (C5: one line per mine; "sweeper A: …" for C6)
    1 A: Ж7 miss                   (move number, player, action, and optionally its outcome)
    2 B: В3 hit
    result: B wins                 (optional; "unfinished" for a game still going;
                                    "B wins (A resigned)", "draw (agreed)": RULES.md §0)

Reading replays every move through the rules: a move the rules refuse, or an outcome that
differs from what the rules give, is an error naming the line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from ..i18n import Translator, describe
from ..rules.base import AGREED, RESIGNED
from ..rules.coords import LETTER_SETS, fallback_letter_set, format_cell, parse_cell
from ..rules.errors import RuleError
from ..rules.modes import MODES
from .storage import DataFileError, atomic_write_text

FORMAT = "seabattle-record"
VERSION = 1
PLAYERS = "AB"
PIECE_KEYS = {p[:-1]: p for m in MODES.values() for p in m.pieces}  # "gun" -> "guns", ...

_MOVE_RE = re.compile(r"^(\d+)\s+([ABab])\s*:\s*(.*)$")
_CONCEDED_RE = re.compile(r"^(?:([AB]) wins \(([AB]) resigned\)|draw \(agreed\))$", re.I)
_KEY_RE = re.compile(r"^([a-z-]+)(?:\s+([A-Za-z_]+))?\s*:\s*(.*)$")


class RecordError(DataFileError):
    """A record that cannot be read or replayed; names the file, the line and the reason."""


@dataclass
class Move:
    line: int
    number: int
    player: int
    action: object
    events: list
    outcome: str


@dataclass
class Record:
    mode: str
    letters: str
    game: object
    names: list = field(default_factory=lambda: ["", ""])
    moves: list = field(default_factory=list)


def record_text(game, letters: str = "latin", names=("", "")) -> str:
    mode = MODES[game.mode]
    ls = fallback_letter_set(letters, game.config.width)
    fmt = lambda c: format_cell(c, ls)  # noqa: E731
    out = [
        "# Sea Battle (Морской бой) game record. Replay it: python -m game.replay FILE",
        f"{FORMAT}: {VERSION}",
        f"mode: {game.mode}",
        f"letters: {ls.key}",
    ]
    for key, value in game.config.to_dict().items():
        out.append(f"option {key}: {json.dumps(value, ensure_ascii=False)}")
    for p, name in enumerate(names):
        if name:
            out.append(f"name {PLAYERS[p]}: {name}")
    out.append(f"first: {PLAYERS[game.first]}")
    for p, ships in enumerate(game.initial_ships):
        for ship in ships:
            out.append(f"ship {PLAYERS[p]}: " + " ".join(fmt(c) for c in ship))
    cells_of = getattr(game, "piece_cells", None)
    for kind in mode.pieces:
        for p, cells in enumerate(cells_of(kind) if cells_of else getattr(game, kind, ((), ()))):
            for c in cells:
                out.append(f"{kind[:-1]} {PLAYERS[p]}: {fmt(c)}")
    for n, (player, action, result) in enumerate(game.history, 1):
        outcome = mode.outcome_text([result])
        out.append(f"{n} {PLAYERS[player]}: {mode.action_to_text(action, fmt)} {outcome}".rstrip())
    out.append("result: " + result_text(game))
    return "\n".join(out) + "\n"


def result_text(game) -> str:
    conceded = getattr(game, "conceded", None)
    if conceded is not None and conceded[0] == RESIGNED:     # §0
        return f"{PLAYERS[game.winner]} wins ({PLAYERS[conceded[1]]} resigned)"
    if conceded is not None and conceded[0] == AGREED:
        return "draw (agreed)"
    if game.over:
        detail = getattr(game, "result_detail", "")   # §N ceasefire: "on points 6–4"
        if game.winner is None:
            return f"draw {detail}".strip()
        return f"{PLAYERS[game.winner]} {detail}" if detail else f"{PLAYERS[game.winner]} wins"
    return "unfinished"


def save_record(path, game, letters: str = "latin", names=("", "")) -> Path:
    path = Path(path)
    atomic_write_text(path, record_text(game, letters, names))
    return path


def _player(letter: str, path, line: int) -> int:
    letter = letter.upper()
    if letter not in PLAYERS:
        raise RecordError(path, f"player must be A or B, not {letter!r}", line)
    return PLAYERS.index(letter)


def iter_record(path, text: str | None = None, tr: Translator | None = None) -> Iterator:
    """Yield the Record once the game is set up, then each Move as it is replayed."""
    tr = tr or Translator("en")
    path = Path(path)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise RecordError(path, "not UTF-8 text") from None
        except OSError as exc:
            raise RecordError(path, f"cannot be read ({exc.strerror})") from None

    header: dict = {}
    options: dict = {}
    names = ["", ""]
    ships: list[list[tuple[int, list[str]]]] = [[], []]
    pieces: dict[str, list[list[tuple[int, str]]]] = {k: [[], []] for k in PIECE_KEYS.values()}
    record: Record | None = None
    mode = None
    letters = None
    fmt = parse = None
    expected_number = 1
    seen_result = False

    def err(line: int, problem: str):
        return RecordError(path, problem, line)

    def start(line: int) -> Record:
        nonlocal mode, letters, fmt, parse
        if header.get("format") != str(VERSION):
            raise err(line, f"missing or unknown '{FORMAT}: {VERSION}' line before the moves")
        mode_key = header.get("mode")
        if mode_key not in MODES:
            raise err(line, f"unknown mode {mode_key!r} (expected one of {', '.join(MODES)})")
        mode = MODES[mode_key]
        try:
            config = mode.config_from_dict(options)
        except RuleError as exc:
            raise err(header.get("option_line", line), describe(exc, tr)) from None
        letters_key = header.get("letters", "latin")
        if letters_key not in LETTER_SETS or not LETTER_SETS[letters_key].supports(config.width):
            raise err(line, f"letter set {letters_key!r} cannot write {config.width} columns")
        letters = LETTER_SETS[letters_key]
        fmt = lambda c: format_cell(c, letters)  # noqa: E731
        parse = lambda t: parse_cell(t, config.width, config.height, letters)  # noqa: E731
        fleets = []
        for p in range(2):
            fleet = []
            for ln, cells in ships[p]:
                try:
                    fleet.append([parse(c) for c in cells])
                except RuleError as exc:
                    raise err(ln, describe(exc, tr, letters)) from None
            if not fleet and mode.ships:
                raise err(line, f"no 'ship {PLAYERS[p]}:' lines before the moves")
            fleets.append(fleet)
        extra = {}
        for kind, sides in pieces.items():
            if any(sides):
                try:
                    extra[kind] = [[parse(c) for _, c in side] for side in sides]
                except RuleError as exc:
                    raise err(sides[0][0][0] if sides[0] else sides[1][0][0],
                              describe(exc, tr, letters)) from None
        try:
            game = mode.new_game(config, fleets, header.get("first", 0), **extra)
        except RuleError as exc:
            p = exc.params.get("player")
            bad = exc.params.get("ship")
            ln = line
            if p is not None and bad:
                for cand_ln, cells in ships[p]:
                    if sorted(parse(c) for c in cells) == sorted(bad):
                        ln = cand_ln
            who = f"fleet {PLAYERS[p]}: " if p is not None else ""
            raise err(ln, who + describe(exc, tr, letters)) from None
        return Record(mode_key, letters.key, game, names)

    for ln, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _MOVE_RE.match(line)
        if m:
            if seen_result:
                raise err(ln, "a move after the result line")
            if record is None:
                record = start(ln)
                yield record
            game = record.game
            number = int(m.group(1))
            if number != expected_number:
                raise err(ln, f"move number {number}, expected {expected_number}")
            player = _player(m.group(2), path, ln)
            if game.over:
                raise err(ln, "the game is already over")
            if player != game.turn:
                raise err(ln, f"it is {PLAYERS[game.turn]}'s turn, not {PLAYERS[player]}'s")
            body = m.group(3).split()
            words = [w for w in body if w.lower() in mode.outcome_words]
            action_tokens = [w for w in body if w.lower() not in mode.outcome_words]
            try:
                action = mode.action_from_text(" ".join(action_tokens), parse)
                events = game.apply(action)
            except RuleError as exc:
                raise err(ln, "illegal move: " + describe(exc, tr, letters)) from None
            except ValueError as exc:
                raise err(ln, str(exc)) from None
            outcome = mode.outcome_text(events)
            if words and " ".join(w.lower() for w in words) != outcome:
                raise err(ln, f"the record says {' '.join(words)!r} but the rules give {outcome!r}")
            record.moves.append(Move(ln, number, player, action, events, outcome))
            expected_number += 1
            yield record.moves[-1]
            continue
        k = _KEY_RE.match(line)
        if not k:
            raise err(ln, f"cannot read this line: {raw.strip()!r}")
        key, who, value = k.group(1), k.group(2), k.group(3).strip()
        if key == "result":
            if record is None:
                record = start(ln)
                yield record
            seen_result = True
            game = record.game
            conceded = _CONCEDED_RE.match(value)
            if conceded and not game.over:     # §0: the game ended by resigning or agreement
                try:
                    if conceded.group(2):
                        game.resign(_player(conceded.group(2), path, ln))
                    else:
                        game.agree_draw()
                except RuleError as exc:
                    raise err(ln, "illegal result: " + describe(exc, tr, letters)) from None
            actual = result_text(game)
            if value.lower() != actual.lower():
                raise err(ln, f"the record says {value!r} but the moves give {actual!r}")
            continue
        if record is not None:
            raise err(ln, f"'{key}' must come before the moves")
        if key == FORMAT:
            header["format"] = value
        elif key in ("mode", "letters"):
            header[key] = value
        elif key == "first":
            header["first"] = _player(value, path, ln)
        elif key == "option" and who:
            try:
                options[who] = json.loads(value)
            except json.JSONDecodeError as exc:
                raise err(ln, f"option {who}: not a JSON value ({exc.msg})") from None
            header.setdefault("option_line", ln)
        elif key == "name" and who:
            names[_player(who, path, ln)] = value
        elif key in PIECE_KEYS and who:
            cells = value.split()
            if len(cells) != 1:
                raise err(ln, f"a {key} is one cell, not {value!r}")
            pieces[PIECE_KEYS[key]][_player(who, path, ln)].append((ln, cells[0]))
        elif key == "ship" and who:
            cells = value.replace(",", " ").split()
            if not cells:
                raise err(ln, "a ship with no cells")
            ships[_player(who, path, ln)].append((ln, cells))
        else:
            raise err(ln, f"unknown key {key!r}")
    if record is None:
        record = start(len(text.splitlines()) + 1)
        yield record


def load_record(path, text: str | None = None) -> Record:
    record = None
    for item in iter_record(path, text):
        if isinstance(item, Record):
            record = item
    return record
