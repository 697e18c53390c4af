"""A panel over the campaign's chart (the briefing, the result), whose sea keeps moving under
it."""

from __future__ import annotations

import pygame

from ...render.widgets import Menu, panel, veil
from ..common.base import Scene


class OverChart(Scene):
    """A panel over the chart, whose sea keeps moving under it, with a menu."""

    opaque = False

    def __init__(self, app, chart, items: list):
        super().__init__(app)
        self.chart = chart
        self.menu = Menu(items, sound=app.sound, base_px=26)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.chart.update(dt)

    DIM = 150   # how dark the chart goes under the panel

    def _backing(self, surface) -> pygame.Rect:
        """The chart dimmed and the panel (``_box``) over it; the panel's rectangle."""
        veil(surface, (0, 0, 0, self.DIM))
        box = self._box()
        panel(surface, box, 240)
        return box
