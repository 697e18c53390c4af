"""The battle log's panel (game/render/logpanel.py): how a line's coordinates are drawn."""

import pygame

from game.render import logpanel, text, theme
from game.render.logpanel import LogPanel


def test_a_coordinates_letter_is_drawn_apart_from_its_number(monkeypatch):
    """Issue 33: in the log «З3» read as «33». The letter of every coordinate is drawn in a
    colour of its own, a hair apart from its row number; words and numbers that are no
    coordinate stay as they are."""
    pygame.font.init()
    drawn = []
    real = text.render
    monkeypatch.setattr(logpanel.text, "render", lambda words, px, colour, *a, **k:
                        drawn.append((words, tuple(colour))) or real(words, px, colour, *a, **k))
    log = LogPanel(lambda: None, [("Боцман: З3 — Мимо! Ж10, 33 раза", theme.BAD)])
    surface = pygame.Surface((600, 100))
    log.draw(surface, pygame.Rect(0, 0, 600, 100), 20)
    letters = [w for w, c in drawn if w in ("З", "Ж")]
    assert letters == ["З", "Ж"]
    assert all(c != theme.BAD for w, c in drawn if w in ("З", "Ж"))
    assert all(c == theme.BAD for w, c in drawn if w not in ("З", "Ж"))
    assert "".join(w for w, _ in drawn) == "Боцман: З3 — Мимо! Ж10, 33 раза"
