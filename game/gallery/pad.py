"""Gallery: the screens as a game controller sees them (issue 38), played by synthetic controller
events from the title: each game's set-up screen and its battle with the prompts in the pad's
words and buttons, and the pause Start opens, at both window sizes, in English and Russian."""

from __future__ import annotations

import pygame

from . import shot
from .title import SHOTS

MODES = ("classic", "naval", "korabliki")


def tap(gallery, app, button: int, frames: int = 2) -> None:
    """A button of the controller pressed and let go."""
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=button, instance_id=0)])
    gallery.run_frames(app, frames)


def settled(gallery, app, limit: int = 900) -> None:
    """Frames until the battle's cues are done (the computer may move first)."""
    for _ in range(limit):
        if not getattr(app.scenes.top, "busy", False):
            return
        gallery.run_frames(app, 1)


@shot
def pad(gallery) -> None:
    for (w, h), lang in SHOTS:
        suffix = "" if lang == "en" else f"-{lang}"
        for mode in MODES:
            app = gallery.app((w, h))
            app.settings.language = lang
            app.settings.quick_match["mode"] = mode
            app.apply_settings()
            app.flow.opening(False)
            gallery.run_frames(app, 2)
            tap(gallery, app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)   # Quick match
            tap(gallery, app, pygame.CONTROLLER_BUTTON_A)
            setup = app.scenes.top
            while setup.menu.current.label() != app.tr("setup.start"):
                tap(gallery, app, pygame.CONTROLLER_BUTTON_DPAD_DOWN, 1)
            tap(gallery, app, pygame.CONTROLLER_BUTTON_A, 6)
            tap(gallery, app, pygame.CONTROLLER_BUTTON_Y, 6)          # a ship (piece) in hand
            gallery.save(app.screen.copy(), f"pad-{mode}-setup-{w}x{h}{suffix}.png")
            placing = type(app.scenes.top)
            tap(gallery, app, pygame.CONTROLLER_BUTTON_X)             # all at random
            for _ in range(3):                                        # ready (each phase)
                tap(gallery, app, pygame.CONTROLLER_BUTTON_A, 4)
                if type(app.scenes.top) is not placing:
                    break
            settled(gallery, app)
            gallery.save(app.screen.copy(), f"pad-{mode}-battle-{w}x{h}{suffix}.png")
            if mode == MODES[0]:          # the pause, once a size and language
                tap(gallery, app, pygame.CONTROLLER_BUTTON_START, 20)
                gallery.save(app.screen.copy(), f"pad-pause-{w}x{h}{suffix}.png")
            app.quit()
