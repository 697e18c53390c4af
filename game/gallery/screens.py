"""Gallery: the title, the chart and a Classic battle at the window sizes players use."""

from __future__ import annotations

from ..rules.classic import PRESETS
from ..scenes.modes import SCREENS
from . import shot

SIZES = ((1280, 720), (800, 600))


@shot
def title(gallery) -> None:
    for w, h in SIZES:
        app = gallery.app((w, h))
        app.flow.opening(False)
        gallery.run_frames(app, 90)
        gallery.save(app.screen.copy(), f"title-{w}x{h}.png")
        app.quit()


@shot
def chart(gallery) -> None:
    for w, h in SIZES:
        app = gallery.app((w, h))
        app.flow.to_chart()
        gallery.run_frames(app, 30)
        gallery.save(app.screen.copy(), f"chart-{w}x{h}.png")
        app.quit()


@shot
def classic_battle(gallery) -> None:
    app = gallery.app((1280, 720))
    battle = SCREENS["classic"].battle.showcase(app, PRESETS["russian"], gallery.seed)
    app.scenes.reset(battle)
    gallery.run_frames(app, 900)
    gallery.save(app.screen.copy(), "battle-classic-1280x720.png")
    app.quit()
