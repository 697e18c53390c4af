"""Naval's events in the log's words (§N's notation), for the battle and the spectator's screen
(issue 37): ``cell`` names a cell as the screen's letters do."""

from __future__ import annotations

from ...i18n.phrase import Join, Phrase
from ...rules import naval as nv


def request_words(v: nv.Volley, cell) -> Join:
    """What a volley names: ``А5 А6 · Авиа Г5 Г6 · Торпеда 3``."""
    parts = []
    if v.shells:
        parts.append(" ".join(cell(c) for c in v.shells))
    if v.air:
        parts.append(Join(Phrase("naval.log.air"), *(cell(c) for c in v.air), sep=" "))
    if v.torpedo is not None:
        parts.append(Phrase("naval.log.torpedo", row=v.torpedo + 1))
    return Join(*parts, sep=" · ")


def answer_words(r: nv.VolleyResult, cell) -> Join:
    """Its answer: shot down, hits, all miss, ships sunk."""
    parts = []
    if r.downed:
        parts.append(Phrase("naval.log.down", cells=" ".join(cell(c) for c in r.downed)))
    hits = list(r.hits) + ([r.torpedo_hit] if r.torpedo_hit is not None else [])
    if hits:
        parts.append(Phrase("naval.log.hit", cells=" ".join(cell(c) for c in hits)))
    if not r.downed and not hits:
        parts.append(Phrase("naval.log.all_miss"))
    for kind, _ in r.sunk:
        parts.append(Phrase("naval.log.sunk", ship=Phrase(f"naval.ship.{kind}")))
    return Join(*parts, sep=" · ")


def public_line(e, cell, name, letters):
    """A public event as the spectator's log says it: (player, words), or None."""
    if isinstance(e, nv.VolleyFired):
        return e.player, request_words(e.volley, cell)
    if isinstance(e, nv.VolleyResult):
        return e.player, answer_words(e, cell)
    return None
