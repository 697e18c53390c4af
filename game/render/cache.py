"""A small least-recently-used store for rendered surfaces (words, charts): made once, kept
while in use, the oldest let go past ``size``."""

from __future__ import annotations

from collections import OrderedDict


class Lru(OrderedDict):
    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def get_or_make(self, key, make):
        """The value kept for ``key``, or ``make()``'s, kept from now on."""
        value = self.get(key)
        if value is None:
            value = self[key] = make()
            if len(self) > self.size:
                self.popitem(last=False)
        else:
            self.move_to_end(key)
        return value


def quantise(radius: float, fine: int = 8, bands: tuple[int, int] = (24, 64)) -> int:
    """Few distinct sprite sizes, so growing particles reuse the sprites already drawn: every
    size up to ``fine``, then steps of 2 up to ``bands[0]``, of 4 up to ``bands[1]``, then 8."""
    r = max(1, int(radius))
    if r <= fine:
        return r
    step = 2 if r <= bands[0] else 4 if r <= bands[1] else 8
    return r - r % step
