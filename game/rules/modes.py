"""The modes the rules know, and how each writes its moves in notation.

A record (``game.data.record``) and the replay tool reach every mode only through this table, so
a new mode plugs in by adding one entry here and a module of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import classic, korabliki, naval


@dataclass(frozen=True)
class Mode:
    key: str
    config_from_dict: Callable[[dict], object]
    new_game: Callable  # (config, fleets, first) -> game
    action_to_text: Callable  # (action, format_cell) -> str
    action_from_text: Callable  # (text, parse_cell) -> action
    outcome_text: Callable  # (events of one action) -> str, e.g. "hit"
    outcome_words: frozenset  # the words outcome_text uses, so a record can tell them apart
    presets: dict  # name -> config
    random_game: Callable  # (config, rng) -> a new game with random legal set-up
    random_action: Callable  # (game, rng) -> any legal action, drawn at random
    pieces: tuple = ("mines", "sweepers")  # one-cell pieces a record lists, by game attribute
    ships: bool = True       # a record must list ships ("ship A: …" lines)


def _classic_outcome(events) -> str:
    """The answers of one action in words: one per shot (a salvo has several), or what a
    decision did (``given``, ``told``, ``moved``, ``stayed``)."""
    words = []
    for e in events:
        if isinstance(e, classic.SalvoResult):
            words += [r.outcome for r in e.results]
        elif isinstance(e, (classic.ShotResult, classic.CellGiven, classic.Relocated)):
            words.append(e.outcome)
        elif isinstance(e, classic.MineGiven) and e.cell is not None:
            words.append(e.outcome)
    return " ".join(words)


def _classic_action_text(action, fmt) -> str:
    """``Ж7``; a salvo ``А1 Б2 В3``; ``give К5`` (C5); ``tell Д3`` (C6); ``move А1 Б2 …`` or
    ``stay`` (§D)."""
    if isinstance(action, classic.Shot):
        return fmt(action.cell)
    if isinstance(action, classic.Salvo):
        return "salvo " + " ".join(fmt(c) for c in action.cells)
    if isinstance(action, classic.GiveCell):
        return "give " + fmt(action.cell)
    if isinstance(action, classic.GiveMine):
        return "tell " + fmt(action.cell)
    if isinstance(action, classic.Relocate):
        return "stay" if action.cells is None else "move " + " ".join(fmt(c) for c in action.cells)
    raise TypeError(type(action).__name__)


def _classic_action_from_text(text: str, parse):
    words = text.split()
    if not words:
        raise ValueError("an empty move")
    head, rest = words[0].lower(), words[1:]
    if head == "salvo":
        return classic.Salvo(tuple(parse(w) for w in rest))
    if head in ("give", "tell") and len(rest) == 1:
        return (classic.GiveCell if head == "give" else classic.GiveMine)(parse(rest[0]))
    if head == "stay" and not rest:
        return classic.Relocate(None)
    if head == "move":
        return classic.Relocate(tuple(parse(w) for w in rest))
    if len(words) == 1:
        return classic.Shot(parse(words[0]))
    raise ValueError(f"cannot read the move {text!r}")


OUTCOME_WORDS = frozenset((classic.MISS, classic.HIT, classic.SUNK, classic.MINE,
                           classic.SWEEPER, "given", "told", "moved", "stayed"))


def _naval_outcome(events) -> str:
    return " ".join(e.outcome for e in events if isinstance(e, naval.VolleyResult))


def _naval_action_text(action, fmt) -> str:
    """``fire А5 А6 pair Б8 Б9 torpedo 5 air Г5 Г6`` (§N: shells, the battleship's pair, a
    torpedo down row 5 or planes); ``intercept А5 Г5`` (the defender's choice, maybe empty)."""
    if isinstance(action, naval.Volley):
        words = ["fire"] + [fmt(c) for c in action.shots]
        if action.pair:
            words += ["pair"] + [fmt(c) for c in action.pair]
        if action.torpedo is not None:
            words += ["torpedo", str(action.torpedo + 1)]
        if action.air:
            words += ["air"] + [fmt(c) for c in action.air]
        return " ".join(words)
    if isinstance(action, naval.Intercept):
        return " ".join(["intercept"] + [fmt(c) for c in action.cells])
    raise TypeError(type(action).__name__)


def _naval_action_from_text(text: str, parse):
    words = text.split()
    if not words:
        raise ValueError("an empty move")
    head = words[0].lower()
    if head == "intercept":
        return naval.Intercept(tuple(parse(w) for w in words[1:]))
    if head != "fire":
        raise ValueError(f"cannot read the move {text!r}")
    groups: dict = {"shots": [], "pair": [], "air": [], "torpedo": []}
    current = "shots"
    for w in words[1:]:
        if w.lower() in ("pair", "air", "torpedo"):
            current = w.lower()
        elif current == "torpedo":
            if groups["torpedo"] or not w.isdigit():
                raise ValueError(f"a torpedo names one row number, not {w!r}")
            groups["torpedo"].append(int(w) - 1)
        else:
            groups[current].append(parse(w))
    return naval.Volley(tuple(groups["shots"]), tuple(groups["pair"]),
                        groups["torpedo"][0] if groups["torpedo"] else None,
                        tuple(groups["air"]))


def _korabliki_outcome(events) -> str:
    words = []
    for e in events:
        if isinstance(e, korabliki.Asked):
            words.append(e.outcome)
        elif isinstance(e, korabliki.Struck):
            words.append("hit-" + e.outcome)
        elif isinstance(e, korabliki.Blast):
            words.append("blast" + ("-chain" if e.chained else ""))
    return " ".join(words)


def _korabliki_action_text(action, fmt) -> str:
    """``move Б3 Б4``, ``ask Б4 Б5`` (``ask Б4 Б5 with Б4 В4``), ``answer Б5 Б6``, ``bomb``,
    ``torpedo Б4 Б5``, ``end``."""
    k = korabliki
    if isinstance(action, k.Move):
        return f"move {fmt(action.frm)} {fmt(action.to)}"
    if isinstance(action, k.Ask):
        text = f"ask {fmt(action.ship)} {fmt(action.target)}"
        if len(action.block) > 1:
            text += " with " + " ".join(fmt(c) for c in action.block)
        return text
    if isinstance(action, k.Answer):
        return "answer " + " ".join(fmt(c) for c in action.cells)
    if isinstance(action, k.Bomb):
        return "bomb"
    if isinstance(action, k.TorpedoStrike):
        return f"torpedo {fmt(action.torpedo)} {fmt(action.target)}"
    if isinstance(action, k.EndTurn):
        return "end"
    raise TypeError(type(action).__name__)


def _korabliki_action_from_text(text: str, parse):
    k = korabliki
    words = text.split()
    if not words:
        raise ValueError("an empty move")
    head, rest = words[0].lower(), words[1:]
    if head == "move" and len(rest) == 2:
        return k.Move(parse(rest[0]), parse(rest[1]))
    if head == "ask" and len(rest) >= 2:
        block = ()
        if len(rest) > 2:
            if rest[2].lower() != "with":
                raise ValueError(f"cannot read the move {text!r}")
            block = tuple(parse(w) for w in rest[3:])
        return k.Ask(parse(rest[0]), parse(rest[1]), block)
    if head == "answer" and rest:
        return k.Answer(tuple(parse(w) for w in rest))
    if head == "bomb" and not rest:
        return k.Bomb()
    if head == "torpedo" and len(rest) == 2:
        return k.TorpedoStrike(parse(rest[0]), parse(rest[1]))
    if head == "end" and not rest:
        return k.EndTurn()
    raise ValueError(f"cannot read the move {text!r}")


KORABLIKI_WORDS = frozenset(("won", "tied", "lost", "took-fort", "swept", "mined", "torpedoed",
                             "blast", "blast-chain", "hit-sunk", "hit-fort", "hit-mine",
                             "hit-torpedo", "hit-blast"))


def _entry(module, key: str, config: type, new_game, notation: tuple, words, **rest) -> Mode:
    """A mode's entry from its rules module: its presets, random game and random action are the
    module's own; ``notation`` is (action to text, text to action, outcome text)."""
    return Mode(key, config.from_dict, new_game, notation[0], notation[1], notation[2],
                frozenset(words), module.PRESETS, module.new_game, module.random_action, **rest)


MODES: dict[str, Mode] = {
    "classic": _entry(classic, "classic", classic.ClassicConfig, classic.ClassicGame,
                      (_classic_action_text, _classic_action_from_text, _classic_outcome),
                      OUTCOME_WORDS),
    "naval": _entry(naval, "naval", naval.NavalConfig, naval.from_pieces,
                    (_naval_action_text, _naval_action_from_text, _naval_outcome),
                    (naval.DOWN, naval.HIT, naval.MISS, naval.SUNK), pieces=naval.PIECES),
    "korabliki": _entry(korabliki, "korabliki", korabliki.KorablikiConfig, korabliki.from_pieces,
                        (_korabliki_action_text, _korabliki_action_from_text,
                         _korabliki_outcome), KORABLIKI_WORDS, pieces=korabliki.PIECES,
                        ships=False),
}
