"""What a battle earned besides stars, as the result screen shows it (issue 22): each medal
first won in it, on its ribbon with its name, and the captain's new rank if it rose."""

from __future__ import annotations

import pygame

from ...render import text, theme
from ...render.rewards import draw_medal, rank_badge
from ...rewards import RANKS


def draw_awards(surface, scene, rect: pygame.Rect, t: float) -> None:
    """The medals (each popping in after the one before) and the rank risen, in ``rect``."""
    r = scene.result
    u = theme.unit(scene.size)
    tr = scene.tr
    y = rect.y
    if r.rank_after > r.rank_before:
        px = theme.font_px(scene.size, 22)
        words = tr("medals.promoted", rank=tr(f"rank.{RANKS[r.rank_after][0]}"))
        tw = text.size(words, px)[0]
        x = rect.centerx - (tw + px * 2) / 2
        rank_badge(surface, (x + px * 0.6, y + 15 * u), px * 0.9, r.rank_after)
        text.draw(surface, words, (x + px * 1.6, y + 15 * u), px, theme.ACCENT, "midleft",
                  shadow=True)
        y += int(34 * u)
    if not r.medals:
        return
    n = len(r.medals)
    radius = 22 * u
    step = min(rect.w / n, 200 * u)
    x0 = rect.centerx - step * (n - 1) / 2
    px = theme.font_px(scene.size, 16)
    for i, medal in enumerate(r.medals):
        k = min(1.0, max(0.0, (t - i * 0.3) / 0.25))
        if k <= 0:
            continue
        cx = x0 + i * step
        draw_medal(surface, (cx, y + 56 * u), radius * (0.5 + 0.5 * k), medal, True, scene.t)
        name = tr("medals.new", medal=tr(f"medal.{medal}.name"))
        text.draw(surface, name, (cx, y + 56 * u + radius + 6 * u),
                  text.fit_px(name, px, int(step - 8 * u)), theme.ACCENT, "midtop")
