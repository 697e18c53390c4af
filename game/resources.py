"""Where the files the game ships lie: ``ASSETS`` (fonts, music, the map, the icon) and ``LEVELS``
(the campaign's levels and voyages), the one place that decides it (issue 38).

Installed (a wheel, pipx) or frozen (``tools/build_app.py``), they travel inside the package:
the build maps the repository's top-level ``assets/`` and ``levels/`` into it as ``game/_assets``
and ``game/_levels`` (``pyproject.toml``), and ``importlib.resources`` finds them there. In a
clone they are not inside ``game/``, and the clone's own ``assets/`` and ``levels/`` beside it are
used: the repository keeps its layout.

They are looked up as ``files("game") / "_assets"`` rather than ``files("game._assets")``: a
folder of data has no ``__init__.py``, so the latter is a namespace package, whose ``files()``
is a ``MultiplexedPath`` and not the ``pathlib.Path`` that pygame, ``tomllib`` and the tests'
``assets.set_root`` take; the folder is the same.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

CLONE = Path(__file__).resolve().parent.parent   # a clone's root: game/, assets/, levels/


def shipped(inside: str, beside: str) -> Path:
    """The folder ``game/<inside>`` of an installed or frozen game, else the clone's
    ``<beside>/`` (which may be missing: the callers fall back and say so)."""
    packaged = resources.files("game") / inside
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return CLONE / beside


ASSETS = shipped("_assets", "assets")
LEVELS = shipped("_levels", "levels")
