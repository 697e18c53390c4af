"""The one store for everything drawing makes once and reuses (sprites, rendered words, measured
sizes, fonts, layouts): ``Lru``, kept while in use, the least recently used let go past ``size``.
Every render cache is one, so none grows without end over a long session; each module sizes its
own to hold what one screen needs."""

from __future__ import annotations

from collections import OrderedDict

_MISSING = object()


class Lru(OrderedDict):
    """A dict bounded to ``size`` entries: ``get`` marks an entry used, setting one past
    ``size`` lets go the least recently used."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def get(self, key, default=None):
        value = dict.get(self, key, _MISSING)
        if value is _MISSING:
            return default
        self.move_to_end(key)
        return value

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        if len(self) > self.size:
            self.popitem(last=False)

    def keep(self, key, value):
        """Keep ``value`` for ``key`` from now on; gives it back."""
        self[key] = value
        return value

    def get_or_make(self, key, make):
        """The value kept for ``key``, or ``make()``'s, kept from now on."""
        value = self.get(key)
        if value is None:
            value = self[key] = make()
        return value


def quantise(radius: float, fine: int = 8, bands: tuple[int, int] = (24, 64)) -> int:
    """Few distinct sprite sizes, so growing particles reuse the sprites already drawn: every
    size up to ``fine``, then steps of 2 up to ``bands[0]``, of 4 up to ``bands[1]``, then 8."""
    r = max(1, int(radius))
    if r <= fine:
        return r
    step = 2 if r <= bands[0] else 4 if r <= bands[1] else 8
    return r - r % step
