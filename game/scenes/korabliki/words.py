"""«Кораблики»'s events in the log's words, for the battle and the spectator's screen (issue 37):
``cell`` names a cell as the screen's letters do."""

from __future__ import annotations

from ...i18n.phrase import Phrase, Said
from ...render.korabliki import rank_label
from ...rules import korabliki as kr


def rank_words(rank: str, n: int = 1, tr=None) -> str:
    """A rank's short name, with the number of ships of a block ("2 ES")."""
    label = rank_label(tr, rank)
    return label if n == 1 else f"{n} {label}"


def move_words(e: kr.Moved, cell) -> Phrase:
    """``Д14 — Д13``; a torpedo boat's two steps name the cell it passed."""
    if e.via:
        return Phrase("kor.log.move_via", frm=cell(e.frm), via=cell(e.via), to=cell(e.to))
    return Phrase("kor.log.move", frm=cell(e.frm), to=cell(e.to))


def asked_words(e: kr.Asked, cell) -> Phrase:
    n = len(e.answered)
    return Phrase(f"kor.log.asked_{e.outcome.replace('-', '_')}", target=cell(e.target),
                  rank=Said(lambda tr: rank_words(e.rank, n, tr)))


def struck_words(e: kr.Struck, cell) -> Phrase:
    return Phrase(f"kor.log.struck_{e.outcome}", target=cell(e.target),
                  rank=Said(lambda tr: rank_words(e.rank, 1, tr)))


def public_line(e, cell, name, letters):
    """A public event as the spectator's log says it: (player, words), or None."""
    if isinstance(e, kr.Moved):
        return e.player, move_words(e, cell)
    if isinstance(e, kr.AnswerNeeded):
        return 1 - e.player, Phrase("kor.log.asks", cell=cell(e.target))
    if isinstance(e, kr.Asked):
        return e.player, asked_words(e, cell)
    if isinstance(e, kr.Struck):
        return e.player, struck_words(e, cell)
    if isinstance(e, kr.Blast):
        return e.owner, Phrase("kor.log.blast", name=name(e.owner), cell=cell(e.centre))
    return None
