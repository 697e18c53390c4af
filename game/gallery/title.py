"""Gallery: the title screen at the window sizes players use."""

from __future__ import annotations

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
