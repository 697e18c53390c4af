"""The «Кораблики» Admiral before issue 21, kept unchanged to measure the new one against."""

from __future__ import annotations

from .admiral import OLD_STYLES, AdmiralAI
from .book import Knowledge

class PreviousKnowledge(Knowledge):
    wary = False


class PreviousAdmiralAI(AdmiralAI):
    """The Admiral before issue 21 (level ``admiral_previous``), kept to measure the new one
    against: the same book and weighing without the care with bombs (it walks its bomb
    forward among its own ships and asks whatever comes at it). Do not improve it."""

    key = "admiral_previous"
    styles = OLD_STYLES
    book = PreviousKnowledge
    wary = False
