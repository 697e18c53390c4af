"""One render cache (issue 34): ``render.cache.Lru`` keeps what is in use and lets the least
recently used go past its size; every store the drawing modules keep is one; one easing module."""

import importlib
import pkgutil

import game.render
from game.render import easing
from game.render.cache import Lru


def test_the_least_recently_used_goes_first():
    cache = Lru(2)
    cache["a"] = 1
    cache["b"] = 2
    assert cache.get_or_make("a", lambda: 0) == 1      # "a" used: "b" is now the oldest
    cache["c"] = 3
    assert set(cache) == {"a", "c"}
    assert cache.keep("d", 4) == 4 and set(cache) == {"c", "d"}
    assert cache.get("b") is None and cache.get("b", 0) == 0


def test_get_or_make_makes_once():
    made = []
    cache = Lru(4)
    for _ in range(3):
        assert cache.get_or_make("k", lambda: made.append(1) or "v") == "v"
    assert made == [1]


def test_every_store_of_the_drawing_modules_is_a_bounded_lru():
    """A module-level dict in ``game.render`` is a store that grows with every new size or
    colour; each must be an ``Lru``, so a long session's memory stays bounded."""
    plain = []
    for info in pkgutil.iter_modules(game.render.__path__):
        module = importlib.import_module(f"game.render.{info.name}")
        plain += [f"{info.name}.{name}" for name, value in vars(module).items()
                  if type(value) is dict and not value]
    assert not plain, plain


def test_easing_curves_run_from_nought_to_one_and_clamp():
    for curve in (easing.ease_out, easing.ease_out_quad, easing.smooth):
        assert curve(-1.0) == curve(0.0) == 0.0
        assert curve(1.0) == curve(2.0) == 1.0
        assert 0.0 < curve(0.5) < 1.0
    assert easing.punch(0.0) > 2.0 and easing.punch(1.0) == 1.0
