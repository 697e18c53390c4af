"""Gallery: battles in progress."""

from __future__ import annotations

from ..rules.classic import PRESETS
from ..scenes.modes import SCREENS
from . import shot


@shot
def classic_battle(gallery) -> None:
    app = gallery.app((1280, 720))
    battle = SCREENS["classic"].battle.showcase(app, PRESETS["russian"], gallery.seed)
    app.scenes.reset(battle)
    gallery.run_frames(app, 900)
    gallery.save(app.screen.copy(), "battle-classic-1280x720.png")
    app.quit()
