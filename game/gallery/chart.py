"""Gallery: the voyage's chart at the window sizes players use."""

from __future__ import annotations

from . import shot
from .title import SIZES


@shot
def chart(gallery) -> None:
    for w, h in SIZES:
        app = gallery.app((w, h))
        app.flow.to_chart()
        gallery.run_frames(app, 30)
        gallery.save(app.screen.copy(), f"chart-{w}x{h}.png")
        app.quit()
