"""The review gallery (issue 20): ``python -m game.bench gallery --out DIR`` renders a fixed set
of PNGs headless, to look at how the game looks.

Each module of this package registers its pictures with ``@shot``; ``run`` calls them in the
order of ``MODULES`` and then of registration. A shot gets a ``Gallery``: where to save, the
seed, and a way to start the game at a window size.
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
from pathlib import Path

import pygame

from ..app import App

MODULES = ("ships", "title", "chart", "battle", "result", "strike", "korabliki", "watch", "lobby",
           "sound", "palettes", "motion", "pad", "scaled")
_SHOTS: list = []


def shot(fn):
    """Register ``fn(gallery)`` as a maker of gallery pictures."""
    _SHOTS.append(fn)
    return fn


class Gallery:
    def __init__(self, out: Path, seed: int):
        self.out = out
        self.seed = seed
        self.saved: list[str] = []

    def save(self, surface, name: str) -> None:
        pygame.image.save(surface, str(self.out / name))
        self.saved.append(name)

    def app(self, size: tuple[int, int]):
        """The whole game in a window of ``size``, animations at normal speed."""
        app = App(size=size, seed=self.seed)
        app.settings.anim_speed = 1.0
        return app

    @staticmethod
    def run_frames(app, frames: int, dt: float = 1 / 60) -> None:
        for _ in range(frames):
            app.step(dt, [])


def run(out: str, seed: int, only=()) -> dict:
    """Every part's pictures (``only``: the parts named, of ``MODULES``)."""
    unknown = [name for name in only if name not in MODULES]
    if unknown:
        raise SystemExit(f"gallery --only: no part {unknown[0]!r}; the parts: "
                         + ",".join(MODULES))
    os.environ["SEABATTLE_HOME"] = tempfile.mkdtemp(prefix="seabattle-gallery-")
    pygame.init()
    for name in MODULES:
        importlib.import_module(f"{__name__}.{name}")
    gallery = Gallery(Path(out), seed)
    gallery.out.mkdir(parents=True, exist_ok=True)
    for fn in _SHOTS:
        if not only or fn.__module__.rsplit(".", 1)[-1] in only:
            fn(gallery)
    print(f"# {len(gallery.saved)} images in {gallery.out}", file=sys.stderr)
    return {"images": len(gallery.saved)}
