"""Gallery: the voyage's chart at the window sizes players use, in English and in Russian, and
a voyage half sailed (ports won with their stars, lit routes, locked ports)."""

from __future__ import annotations

from . import shot
from .title import SIZES


def _chart(gallery, size, lang: str = "en", won: int = 0):
    app = gallery.app(size)
    if lang != "en":
        app.settings.language = lang
        app.apply_settings()
    app.flow.to_chart()
    chart = app.scenes.top
    if won:
        progress = chart.voyage.progress
        for i, lv in enumerate(chart.voyage.levels[:won]):
            progress.record(lv.id, 1 + i % 3, {})
        chart.select(won)
    gallery.run_frames(app, 60)
    return app


@shot
def chart(gallery) -> None:
    for w, h in SIZES:
        app = _chart(gallery, (w, h))
        gallery.save(app.screen.copy(), f"chart-{w}x{h}.png")
        app.quit()
    app = _chart(gallery, (800, 600), "ru")
    gallery.save(app.screen.copy(), "chart-800x600-ru.png")
    app.quit()
    app = _chart(gallery, (1280, 720), "ru", won=11)
    gallery.save(app.screen.copy(), "chart-1280x720-ru-sailed.png")
    app.quit()
