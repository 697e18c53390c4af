"""Gallery: the boards in each colour-vision palette (issue 38): a Classic battle with hits,
misses, halos and wrecks on both boards at both window sizes in English and Russian, a Naval and a
«Кораблики» battle, and the Classic battle as a protanope, a deuteranope and a tritanope would
see it (``render.vision``'s simulation), so a reviewer sees what they see."""

from __future__ import annotations

import numpy as np
import pygame

from ..modes import MODES
from ..render import theme, vision
from ..rules.classic import HIT, PRESETS
from ..scenes.modes import SCREENS
from . import shot
from .battle import SIZES, _until


def _battle(gallery, mode: str, config, size, palette: str, lang: str = "en"):
    app = gallery.app(size)
    app.settings.language = lang
    app.settings.colour_vision = palette
    app.apply_settings()
    battle = SCREENS[mode].battle.showcase(app, config, gallery.seed)
    app.scenes.reset(battle)
    return app, battle


def simulated(surface: pygame.Surface, seen: str) -> pygame.Surface:
    """``surface`` as a person with ``seen`` colour vision sees it."""
    rgb = pygame.surfarray.array3d(surface).astype(np.float64)
    return pygame.surfarray.make_surface(np.round(vision.simulate(rgb, seen)).astype(np.uint8))


@shot
def classic_palettes(gallery) -> None:
    """Classic, both boards marked, each palette, both sizes, en and ru; the 1280×720 English
    one also as seen with each colour vision deficiency."""
    def marked(b) -> bool:      # a wreck on each board, a ship burning, the shot's effects over
        fx = b.effects
        return (all(f.wrecks for f in b.fields)
                and any(HIT in f.marks.values() for f in b.fields)
                and not (fx.rings or fx.columns or fx.shells or fx.sinkings))

    for palette in theme.PALETTES:
        for size in SIZES:
            for lang in ("en", "ru"):
                app, battle = _battle(gallery, "classic", PRESETS["russian"], size, palette, lang)
                _until(gallery, app, battle, lambda b: marked(b) and not b.moments.active)
                w, h = size
                name = f"palette-{palette}-classic-{w}x{h}-{lang}"
                gallery.save(app.screen.copy(), name + ".png")
                if size == SIZES[0] and lang == "en":
                    for seen in ("protan", "deutan", "tritan"):
                        gallery.save(simulated(app.screen, seen), f"{name}-as-{seen}.png")
                app.quit()


@shot
def naval_korabliki_palettes(gallery) -> None:
    for palette in theme.PALETTES:
        for mode, frames in (("naval", 600), ("korabliki", 240)):
            config = next(iter(MODES[mode].rules.presets.values()))
            app, battle = _battle(gallery, mode, config, SIZES[1], palette)
            gallery.run_frames(app, frames)
            gallery.save(app.screen.copy(), f"palette-{palette}-{mode}-800x600.png")
            app.quit()
    theme.configure()          # the palette of the next part's pictures: the normal one
