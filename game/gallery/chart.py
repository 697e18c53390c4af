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


@shot
def chart_rewards(gallery) -> None:
    """Issue 22: the medal case, a boss's scene, the closing scene of the first voyage."""
    from ..scenes.campaign.boss import BossScene
    from ..scenes.campaign.ending import ClosingScene
    from ..scenes.campaign.medals import MedalCaseScene
    for w, h in SIZES:
        app = _chart(gallery, (w, h), won=11)
        chart = app.scenes.top
        progress = chart.voyage.progress
        for medal, level in (("untouched", 0), ("sharpshooter", 2), ("boss_hard", 10)):
            progress.award(medal, chart.voyage.levels[level].id, "hard")
        app.scenes.push(MedalCaseScene(app, chart.voyage, chart.captain))
        gallery.run_frames(app, 20)
        gallery.save(app.screen.copy(), f"medals-{w}x{h}.png")
        app.scenes.pop()
        boss = next((lv for lv in chart.voyage.levels if lv.boss is not None), None)
        if boss is not None:
            app.scenes.push(BossScene(app, boss, "before", lambda: None, lambda: None))
            gallery.run_frames(app, 200)
            gallery.save(app.screen.copy(), f"boss-{w}x{h}.png")
            app.scenes.pop()
        app.scenes.push(ClosingScene(app, chart, chart.voyage.levels[0].voyage))
        gallery.run_frames(app, 120)
        gallery.save(app.screen.copy(), f"closing-{w}x{h}.png")
        app.quit()
