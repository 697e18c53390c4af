"""The one store for everything drawing makes once and reuses (sprites, rendered words, measured
sizes, fonts, layouts): ``Lru``, bounded, the oldest let go past its ``size``. Every render
cache is one, so none grows without end over a long session; each module sizes its own to hold
what one screen needs."""

from __future__ import annotations

import weakref
from collections import OrderedDict

_ALL: list = []           # a weak reference to every cache made (``forget_all``)


class Lru(OrderedDict):
    """A dict bounded to ``size`` entries: setting one past ``size`` lets go the oldest, the
    entry least recently set or found by ``get_or_make``. A plain ``get`` is the dict's own
    quick look-up (the sprite makers ask hundreds of times a frame) and does not count as use:
    sized to hold what a screen needs, a cache lets nothing go while the screen is shown."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size
        _ALL.append(weakref.ref(self))

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
        """The value kept for ``key`` (now the most recently used), or ``make()``'s, kept from
        now on."""
        value = self.get(key)
        if value is None:
            value = self[key] = make()
        else:
            self.move_to_end(key)
        return value


def forget_all() -> None:
    """Empty every cache (``theme.configure`` does, when the palette or scale changes: what was
    drawn in the old colours is never shown again)."""
    _ALL[:] = [ref for ref in _ALL if ref() is not None]
    for ref in _ALL:
        ref().clear()


def quantise(radius: float, fine: int = 8, bands: tuple[int, int] = (24, 64)) -> int:
    """Few distinct sprite sizes, so growing particles reuse the sprites already drawn: every
    size up to ``fine``, then steps of 2 up to ``bands[0]``, of 4 up to ``bands[1]``, then 8."""
    r = max(1, int(radius))
    if r <= fine:
        return r
    step = 2 if r <= bands[0] else 4 if r <= bands[1] else 8
    return r - r % step
