"""Gallery: the title screen at the window sizes players use, in English and Russian, the menus
opened from it (the quick match's set-up with its game's card and the opponent's portrait, and
the settings), and a sheet of both faces (``fonts.png``) with the Ukrainian and Norwegian
letters."""

from __future__ import annotations

import pygame

from ..render import text, theme
from ..render.title import logo
from . import shot

SIZES = ((1280, 720), (800, 600))   # the window sizes players use (the chart's gallery too)
SHOTS = tuple((size, lang) for lang in ("en", "ru") for size in SIZES)
SET_UP_MODE = {"en": "naval", "ru": "classic"}   # the game each language's set-up shows
SAMPLES = (
    "Морской бой · Морський бій · Sea Battle · Sjøslag",
    "ґ є і ї  Ґ Є І Ї  æ ø å  Æ Ø Å  ё Ё  « » — № 0123456789",
    "Ранил! Убил! Мимо! · Влучив! Потопив! · Hit! Sunk! · Truffet! Senket!",
    "Щедрість їжака ґаранту — єдина: Ærlig talt, få øyeblikk på sjøen.",
)


@shot
def title(gallery) -> None:
    for (w, h), lang in SHOTS:
        app = gallery.app((w, h))
        app.settings.language = lang
        app.apply_settings()
        app.flow.opening(False)
        gallery.run_frames(app, 90)
        suffix = "" if lang == "en" else f"-{lang}"
        gallery.save(app.screen.copy(), f"title-{w}x{h}{suffix}.png")
        # the menus over it, in the same game (cheap): a set-up against the computer, its
        # pictures slid in, and the settings
        app.settings.quick_match["mode"] = SET_UP_MODE[lang]
        app.flow.quick_match("computer")
        gallery.run_frames(app, 24)
        gallery.save(app.screen.copy(), f"menu-setup-{w}x{h}{suffix}.png")
        app.scenes.pop()
        app.flow.settings()
        gallery.run_frames(app, 2)
        gallery.save(app.screen.copy(), f"menu-settings-{w}x{h}{suffix}.png")
        app.quit()


@shot
def fonts(gallery) -> None:
    """Both faces at the sizes the game uses them, on the game's background."""
    sheet = pygame.Surface((1280, 900))
    sheet.fill(theme.BG)
    y = 16
    for face, sizes in (("display", (56, 36, 24)), ("text", (40, 28, 20, 14))):
        text.draw(sheet, f"{face}: {text.FACES[face][0]}", (20, y), 18, theme.TEXT_DIM)
        y += 28
        for px in sizes:
            for i, line in enumerate(SAMPLES[:2] if px > 30 else SAMPLES):
                rect = text.draw(sheet, line, (20, y), px, theme.TEXT if i else theme.ACCENT,
                                 face=face)
                y = rect.bottom + 2
            y += 8
    for i, words in enumerate(("МОРСКОЙ БОЙ", "МОРСЬКИЙ БІЙ", "SJØSLAG")):
        art = logo(words, 48)
        sheet.blit(art, (20 + i * 420, y))
    gallery.save(sheet, "fonts.png")
