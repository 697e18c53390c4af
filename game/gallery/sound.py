"""Gallery: the sound settings (issue 20, part 4) in Russian and English at the window sizes
players use, the 1977 style chosen so its longest words show."""

from __future__ import annotations

from . import shot

SIZES = ((1280, 720), (800, 600))


@shot
def sound_settings(gallery) -> None:
    for lang in ("ru", "en"):
        for w, h in SIZES:
            app = gallery.app((w, h))
            app.settings.language = lang
            app.settings.sound_style = "1977"
            app.apply_settings()
            app.flow.opening(False)
            app.flow.settings()
            app.scenes.top.menu.index = 4       # the music volume
            gallery.run_frames(app, 5)
            gallery.save(app.screen.copy(), f"sound-settings-{lang}-{w}x{h}.png")
            app.quit()
