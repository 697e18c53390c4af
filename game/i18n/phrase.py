"""Words kept as keys and fields, said in whatever language is chosen when they are shown.

A battle's log, an opponent's remarks and names outlive a change of language in the middle of a
game; a finished string would stay in the old language. A ``Phrase`` keeps the key and its
fields (which may be phrases, ``Join``s, or anything with ``say(tr)``, such as a match's
``Seat``), and ``say(words, tr)`` writes it with the translator of the moment.
"""

from __future__ import annotations

from typing import Callable


class Phrase:
    __slots__ = ("key", "fields")

    def __init__(self, key: str, /, **fields):
        self.key = key
        self.fields = fields

    def say(self, tr) -> str:
        return tr(self.key, **{k: say(v, tr) for k, v in self.fields.items()})

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, {self.fields!r})"


class Join:
    """Parts said one after another, with ``sep`` between them."""
    __slots__ = ("parts", "sep")

    def __init__(self, *parts, sep: str = ""):
        self.parts = parts
        self.sep = sep

    def say(self, tr) -> str:
        return self.sep.join(say(p, tr) for p in self.parts)

    def __repr__(self) -> str:
        return f"Join({self.parts!r}, sep={self.sep!r})"


def say(words, tr) -> str:
    """``words`` in the language of ``tr``: a string as it is, a phrase translated now."""
    if isinstance(words, str):
        return words
    speak = getattr(words, "say", None)
    return speak(tr) if speak is not None else str(words)


class Transcript(list):
    """A list of ``(words, colour)`` lines (a battle's log) that reads each line in the
    language of the moment: indexing, slicing and iterating give finished strings."""

    def __init__(self, translator: Callable[[], object], lines=()):
        super().__init__(lines)
        self.translator = translator

    def _said(self, line):
        words, *rest = line
        return (say(words, self.translator()), *rest)

    def __getitem__(self, index):
        got = super().__getitem__(index)
        if isinstance(index, slice):
            return [self._said(line) for line in got]
        return self._said(got)

    def __iter__(self):
        for line in super().__iter__():
            yield self._said(line)

    def raw(self) -> list:
        """The lines as kept (phrases, not strings)."""
        return list(super().__iter__())


class Said:
    """Words a function writes for a translator (``fn(tr) -> str``): a campaign opponent's name
    from its level file, say."""
    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[object], str]):
        self.fn = fn

    def say(self, tr) -> str:
        return self.fn(tr)
