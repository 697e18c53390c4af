"""What the prompts name (issue 38): the keyboard's keys, or a game controller's buttons once
one is used. The App says which (``use``); a button whose hotkey a controller button presses
on the screen now shows that button as a small picture (``draw_glyph``): A a green disc, B a
red one, X blue, Y yellow, the shoulders and Start/Back as labelled bars. Hint lines say the
buttons in words (their ``<key>.pad`` translations, ``i18n.Translator.pad``)."""

from __future__ import annotations

import pygame

from ..pad import DEFAULT
from . import text, theme
from .cache import Lru

device = "keys"       # "keys" | "pad": what was used last
_pad_keys = None      # () -> the top screen's controller map (game.pad), while device is "pad"

# a face button's disc colour (the usual colours of these letters on controllers) and letter
FACES = {"a": ((70, 170, 80), "A"), "b": ((205, 70, 60), "B"), "x": ((60, 120, 215), "X"),
         "y": ((225, 185, 50), "Y")}
SHOULDERS = "lb+rb"   # a weapon's digit that the shoulders step to
BARS = {"lb": "LB", "rb": "RB", "start": "Start", "back": "Back", "ls": "LS", "rs": "RS",
        SHOULDERS: "LB/RB"}


def use(now: str, pad_keys=None) -> None:
    global device, _pad_keys
    device, _pad_keys = now, pad_keys


def _hotkey_press(hotkey: str):
    """(key, ctrl held) of a hotkey as a button writes it ("Enter", "R", "2", "Ctrl+S")."""
    ctrl = hotkey.startswith("Ctrl+")
    name = hotkey[5:] if ctrl else hotkey
    named = {"Enter": pygame.K_RETURN, "Esc": pygame.K_ESCAPE, "Space": pygame.K_SPACE,
             "Tab": pygame.K_TAB}
    key = named.get(name)
    if key is None:
        try:
            key = pygame.key.key_code(name.lower())
        except ValueError:
            return None
    return key, ctrl


def pad_button(hotkey: str) -> str | None:
    """The controller button that presses ``hotkey`` on the screen now (None: none does, or
    the keyboard was used last); a digit the shoulders step through is ``SHOULDERS``."""
    if device != "pad" or _pad_keys is None or not hotkey:
        return None
    want = _hotkey_press(hotkey)
    if want is None:
        return None
    keys = {**DEFAULT, **_pad_keys()}
    if hotkey.isdigit() and any(isinstance(keys.get(s), tuple) and keys[s][2].isdigit()
                                for s in ("lb", "rb")):
        return SHOULDERS      # the shoulders step round the weapons whose digits these are
    for name in ("a", "b", "x", "y", "lb", "rb", "back", "start", "ls", "rs"):
        value = keys.get(name)
        if value is None:
            continue
        key, mod = (value[0], value[1]) if isinstance(value, tuple) else (value, 0)
        if key == want[0] and bool(mod & pygame.KMOD_CTRL) == want[1]:
            return name
    return None


_glyphs = Lru(48)


def glyph(name: str, px: int) -> pygame.Surface:
    """The picture of button ``name`` for text of ``px`` pixels, made once per size."""
    key = (name, px, theme.generation)
    surf = _glyphs.get(key)
    if surf is not None:
        return surf
    if name in FACES:
        colour, letter = FACES[name]
        d = max(14, int(px * 1.3))
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        pygame.draw.circle(surf, colour, (d / 2, d / 2), d / 2)
        pygame.draw.circle(surf, (20, 24, 32), (d / 2, d / 2), d / 2, max(1, d // 12))
        text.draw(surf, letter, (d / 2, d / 2), max(14, d), (250, 250, 250),
                  "center", face="display")
    else:
        words = BARS.get(name, name.upper())
        h = max(14, int(px * 1.3))
        tpx = max(12, int(h * 0.85))
        tw = text.size(words, tpx)[0]
        surf = pygame.Surface((tw + h * 0.6, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (90, 98, 112), surf.get_rect(), border_radius=h // 2)
        pygame.draw.rect(surf, (20, 24, 32), surf.get_rect(), max(1, h // 12),
                         border_radius=h // 2)
        text.draw(surf, words, (surf.get_width() / 2, h / 2), tpx, (250, 250, 250), "center")
    _glyphs[key] = surf
    return surf


def draw_glyph(surface: pygame.Surface, name: str, pos, px: int,
               anchor: str = "midright") -> pygame.Rect:
    picture = glyph(name, px)
    rect = picture.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(picture, rect)
    return rect
