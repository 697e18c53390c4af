"""The shipped files under ``assets/`` (fonts, images, data), found in one place.

Every asset is named by its path under ``assets/`` (``"fonts/RussoOne-Regular.ttf"``). A file that
is missing or cannot be read never stops the game: the loader returns the fallback its caller
gives (pygame's own font, ``None`` for "draw it by hand"), and the problem is said ONCE per asset:
a warning in the log and an entry in ``problems``, which the app turns into an in-game notice.

``ROOT`` is ``assets/`` (beside the ``game`` package in a clone, inside it when installed or
frozen: ``game.resources``); tests point it at an empty or broken folder with ``set_root``.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pygame

from . import resources

log = logging.getLogger(__name__)

ROOT = resources.ASSETS
_root = ROOT

MISSING = "missing"
# (asset name, what went wrong) not yet shown to the player; App shows each as a notice
problems: list[tuple[str, str]] = []
_reported: set[str] = set()


def root() -> Path:
    return _root


def set_root(path) -> None:
    """Look for assets under ``path`` from now on (tests hide or break ``assets/``); forgets what
    was reported, so each asset is said again once under the new root."""
    global _root
    _root = Path(path)
    _reported.clear()
    problems.clear()


def report(name: str, problem: str) -> None:
    """Say once that the asset ``name`` could not be used and why."""
    if name in _reported:
        return
    _reported.add(name)
    log.warning("asset %s: %s; using a fallback", name, problem)
    problems.append((name, problem))


def path(name: str) -> Path | None:
    """The file of the asset ``name``, or None (said once) when it is not there."""
    p = _root / name
    if p.is_file():
        return p
    report(name, MISSING)
    return None


def _load(name: str, source, make, errors, problem, fallback=None):
    """``make(what source(name) gives)``; ``fallback`` when ``source`` gives None (it has said
    why) or ``make`` raises one of ``errors`` (said once, as ``problem(exc)``)."""
    got = source(name)
    if got is None:
        return fallback
    try:
        return make(got)
    except errors as exc:
        report(name, problem(exc))
        return fallback


def read_bytes(name: str, fallback: bytes | None = None) -> bytes | None:
    return _load(name, path, Path.read_bytes, OSError, lambda exc: exc.strerror or str(exc),
                 fallback)


def read_text(name: str, fallback: str | None = None) -> str | None:
    return _load(name, read_bytes, lambda raw: raw.decode("utf-8"), UnicodeDecodeError,
                 lambda exc: f"not UTF-8 text ({exc.reason})", fallback)


def read_json(name: str, fallback=None):
    return _load(name, read_text, json.loads, ValueError, lambda exc: f"broken JSON ({exc})",
                 fallback)


def font(name: str, px: int) -> pygame.font.Font | None:
    """The font file ``name`` at ``px`` points, or None (said once) when it is missing or broken;
    the caller then uses pygame's own font."""
    def make(p: Path) -> pygame.font.Font:
        f = pygame.font.Font(str(p), px)
        f.size("Aa")      # a file FreeType opened but cannot draw fails here, not mid-frame
        return f
    return _load(name, path, make, (OSError, pygame.error, RuntimeError, ValueError),
                 lambda exc: f"not a usable font ({exc})")


def image(name: str, size: tuple[int, int] | None = None) -> pygame.Surface | None:
    """The image ``name`` (PNG, or SVG drawn at ``size``), or None (said once) when it is missing
    or broken; the caller then draws its own. Converting to the screen's format is the
    caller's choice (there may be no window yet)."""
    def make(p: Path) -> pygame.Surface:
        if size is not None and p.suffix.lower() == ".svg":
            return pygame.image.load_sized_svg(str(p), size)
        return pygame.image.load(str(p))
    return _load(name, path, make, (OSError, pygame.error, ValueError),
                 lambda exc: f"not a usable image ({exc})")
