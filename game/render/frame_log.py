"""What one frame drew where, for the size checks (issue 38): every text put on the window and
every box text sits in (panels, buttons, menu rows, dialogs, hint bars, logs, chips, tabs).

Off unless a test or a tool turns it on (``start``): then ``text.draw`` and every other way words
reach the window, and ``widgets.panel`` and the other boxes, note their rectangles here, in the
window's coordinates (a subsurface of the window counts; a picture drawn off the window, to be
blitted later, is not the window's and is not noted), and wrapped words that lost lines for want
of room say so (``cut``). ``faults`` names words that leave their box or the window, are written
over other words, run onto a box they are not in, lie under a box drawn after them, or were cut
short. While off, a note costs one comparison.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass
class Frame:
    drawn: list = field(default_factory=list)     # (rect, words, None), (rect, None, box)
    #                                               or (rect, words, "cut")


_frame: Frame | None = None


def start() -> Frame:
    """Note from now on, in a fresh frame (returned; ``start`` again empties it)."""
    global _frame
    _frame = Frame()
    return _frame


def stop() -> None:
    global _frame
    _frame = None


def _on_window(surface, rect) -> pygame.Rect | None:
    """``rect`` on ``surface`` in the window's coordinates, or None if ``surface`` is not
    (part of) the window."""
    window = pygame.display.get_surface()
    if window is None:
        return None
    if surface is window:
        return pygame.Rect(rect)
    if surface.get_abs_parent() is window:
        return pygame.Rect(rect).move(surface.get_abs_offset())
    return None


def words(surface, rect, what: str) -> None:
    """Words drawn at ``rect`` on ``surface``."""
    if _frame is not None and what.strip():
        shown = _on_window(surface, rect)
        if shown is not None:
            _frame.drawn.append((shown, what, None))


def on() -> bool:
    return _frame is not None


def cut(what: str) -> None:
    """Words wrapped to a height that left their last lines out (no room even at the least
    size): a fault wherever they are."""
    if _frame is not None:
        _frame.drawn.append((pygame.Rect(0, 0, 0, 0), what, "cut"))


def box(surface, rect, what: str = "panel") -> None:
    """A box words sit in, at ``rect`` on ``surface``. ``what`` names it; a box named
    ``"roll"`` holds words that scroll through it and out (the credits): not checked; a
    ``"veil"`` is a dialog's shade over the screen, which is under the dialog from then."""
    if _frame is not None:
        shown = _on_window(surface, rect)
        if shown is not None and shown.w > 0 and shown.h > 0:
            _frame.drawn.append((shown, None, what))


SLACK = 2    # pixels a glyph's box may pass its panel's edge (the edge line is 2 wide)


def faults(frame: Frame, window: tuple[int, int]) -> list[str]:
    """Every text that leaves the window, or its box: the last box drawn before it that its
    centre lies in (words sit on a box drawn under them; a dialog's panel covers the screen's
    panels below it)."""
    found = []
    screen = pygame.Rect((0, 0), window)
    boxes: list = []
    inked_before: list = []
    for rect, what, kind in frame.drawn:
        if kind == "cut":
            found.append(f"{what!r} is cut short: no room for all its lines")
            continue
        if kind == "veil":              # a dialog's shade over the screen: what was drawn
            inked_before = []           # before is under it
            continue
        if kind is not None:
            boxes.append((rect, kind))
            # a box drawn over words hides them, or part of them (a dialog lays a veil first)
            for r, w in inked_before:
                if rect.colliderect(r):
                    found.append(f"{w!r} at {tuple(r)} is under a {kind} drawn later "
                                 f"{tuple(rect)}")
            inked_before = [(r, w) for r, w in inked_before if not rect.colliderect(r)]
            continue
        inner, kind = next(((r, k) for r, k in reversed(boxes) if r.collidepoint(rect.center)),
                           (screen, "window"))
        if kind == "roll":
            continue
        # a glyph box is taller than its ink: a line's empty top and foot may touch an edge
        inked = rect.inflate(-2 * SLACK, -max(2 * SLACK, rect.h // 3))
        if not screen.contains(inked):
            inner, kind = screen, "window"
        if not inner.contains(inked):
            found.append(f"{what!r} at {tuple(rect)} leaves its {kind} {tuple(inner)}")
        elif kind == "window":           # words on no box, running onto one
            onto = next((r for r, k in boxes if k not in ("roll", "window")
                         and r.colliderect(inked)), None)
            if onto is not None:
                found.append(f"{what!r} at {tuple(rect)} runs onto a box {tuple(onto)}")
        for other, said in inked_before:       # words written over words
            if other.colliderect(inked) and (other, said) != (inked, what):
                found.append(f"{what!r} at {tuple(rect)} is drawn over {said!r}")
                break
        inked_before.append((inked, what))
    return found
