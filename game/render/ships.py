"""Ships seen from above (issue 20, part 1): a hull with a bow and a stern, and the deck of its
class, drawn procedurally once per (class, cell size, direction, colours) and cached, so a
battle only blits them. Classic's sizes 1–6 are six classes:

  1 patrol boat   a short hull, one gun forward
  2 destroyer     a bridge, a gun fore and aft
  3 cruiser       two turrets, a bridge and a funnel
  4 battleship    three big turrets, a superstructure, two funnels
  5 carrier       a flat flight deck, its centre line and markings, the island to starboard
  6 flagship      four turrets, a tall superstructure, a radar mast

A fleet whose ships have names (Milton Bradley's: carrier, battleship, cruiser, submarine,
destroyer) draws each by its name: its submarine is a submarine, not a second cruiser.

Bent ships and the Flying Dutchman: ``render.hull``; Naval's ships: ``render.naval_ships``
(its unarmed hulls are drawn here, ``UNARMED``).
"""

from __future__ import annotations

import math

import pygame

from .cache import Lru

CLASSES = {1: "patrol", 2: "destroyer", 3: "cruiser", 4: "battleship", 5: "carrier",
           6: "flagship"}
KINDS = set(CLASSES.values()) | {"submarine"}   # what a named ship may be drawn as
# Naval's ships (§N) carry their weapons where the player put them (drawn on top as glyphs), so
# their hulls show no guns of their own: a bridge, funnels, the Aegis's radar faces
UNARMED = {"naval-patrol", "naval-battleship", "aegis"}
_OCTAGON = [(math.cos(math.pi / 8 + k * math.pi / 4), math.sin(math.pi / 8 + k * math.pi / 4))
            for k in range(8)]
_cache = Lru(256)


def ship_class(length: int) -> str:
    """The class of a straight ship of ``length`` cells (longer ones are flagships)."""
    return CLASSES.get(length, "flagship" if length > 6 else "patrol")


def _shade(colour, k: float):
    return tuple(max(0, min(255, int(c * k))) for c in colour[:3])


def ship_sprite(length: int, cell: int, vertical: bool, colour, edge,
                kind: str | None = None) -> pygame.Surface:
    """The sprite of a straight ship of ``length`` cells at ``cell`` pixels a cell, its bow
    towards the top (vertical) or the right (horizontal); ``kind`` (a name of ``KINDS``)
    overrides the class its length gives."""
    kind = kind if kind in KINDS or kind in UNARMED else ship_class(length)
    key = (length, cell, vertical, tuple(colour), tuple(edge), kind)
    surf = _cache.get(key)
    if surf is None:
        surf = _draw(length, cell, colour, edge, kind)
        if vertical:
            surf = pygame.transform.rotate(surf, 90)   # the bow (right) turns to the top
        _cache[key] = surf
    return surf


def _draw(length: int, cell: int, colour, edge, kind: str) -> pygame.Surface:
    """The ship lying along x, bow to the right, on a transparent ``length``×1 cell surface."""
    w, h = length * cell, cell
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if kind == "submarine":
        return _submarine(surf, cell, colour, edge)
    inset = max(2, cell // 8)
    beam = h - 2 * inset                      # the hull's width
    if kind in ("patrol", "naval-patrol"):
        beam = max(4, int(beam * 0.75))
    top = (h - beam) / 2
    bottom = top + beam
    mid = h / 2
    bow = min(cell * 0.9, w * 0.4)            # the length of the pointed bow
    x0, x1 = inset, w - inset
    hull = [(x0 + beam * 0.18, top), (x1 - bow, top), (x1, mid), (x1 - bow, bottom),
            (x0 + beam * 0.18, bottom), (x0, bottom - beam * 0.2), (x0, top + beam * 0.2)]
    pygame.draw.polygon(surf, _shade(colour, 0.8), hull)          # the hull's sides
    deck = [(x, y + (mid - y) * 0.16) for x, y in hull]
    pygame.draw.polygon(surf, colour[:3], deck)                    # the deck, a little inset
    line = max(1, cell // 24)
    pygame.draw.polygon(surf, edge, hull, line)
    dark, light = _shade(colour, 0.62), _shade(colour, 1.25)
    u = beam / 10                             # a deck unit: the hull's width in tenths

    def turret(x: float, r: float = 2.6) -> None:
        """A gun turret, its barrels towards the nearer end (forward turrets fire ahead)."""
        pygame.draw.circle(surf, dark, (x, mid), max(2, r * u))
        barrel = pygame.Rect(0, 0, max(2, r * u * 1.5), max(1, u * 0.7))
        if x >= (x0 + x1) / 2:
            barrel.midleft = (x, mid)
        else:
            barrel.midright = (x, mid)
        pygame.draw.rect(surf, dark, barrel)

    def block(x: float, length_u: float, width_u: float, shade=None) -> None:
        r = pygame.Rect(0, 0, max(2, length_u * u), max(2, width_u * u))
        r.center = (x, mid)
        pygame.draw.rect(surf, shade or light, r, border_radius=max(1, int(u)))
        pygame.draw.rect(surf, edge, r, max(1, line), border_radius=max(1, int(u)))

    def funnel(x: float) -> None:
        pygame.draw.ellipse(surf, dark, pygame.Rect(x - 1.4 * u, mid - 1.9 * u, 2.8 * u, 3.8 * u))

    def at(k: float) -> float:
        """A place along the hull: 0 the stern, 1 the bow."""
        return x0 + (x1 - x0) * k

    if kind == "naval-patrol":
        block(at(0.42), 3.6, 4.6)
        pygame.draw.circle(surf, dark, (at(0.42), mid), max(1, u))           # the mast
    elif kind == "naval-battleship":
        block(at(0.5), 8.0, 6.0)
        funnel(at(0.42))
        funnel(at(0.34))
        pygame.draw.circle(surf, dark, (at(0.58), mid), max(1, u))
    elif kind == "aegis":
        block(at(0.62), 5.5, 6.4)
        x = at(0.62)
        for fx in (-1, 1):                   # the phased-array radar's four faces
            for fy in (-1, 1):
                face = [(x + fx * 1.9 * u + 1.5 * u * ca, mid + fy * 2.2 * u + 1.5 * u * sa)
                        for ca, sa in _OCTAGON]
                pygame.draw.polygon(surf, (52, 64, 84), face)
                pygame.draw.polygon(surf, light, face, max(1, line))
        pygame.draw.circle(surf, dark, (x, mid), max(1, 1.1 * u))
        block(at(0.4), 3.6, 5.0)
        funnel(at(0.4))
        pad = max(2, 2.6 * u)                # the helicopter pad at the stern
        pygame.draw.circle(surf, light, (at(0.12), mid), pad, max(1, line))
    elif kind == "patrol":
        turret(at(0.62), 2.2)
        block(at(0.32), 3.2, 4.2)
    elif kind == "destroyer":
        turret(at(0.72))
        block(at(0.48), 4.0, 5.2)
        turret(at(0.2))
    elif kind == "cruiser":
        turret(at(0.76))
        block(at(0.56), 4.4, 5.6)
        funnel(at(0.42))
        turret(at(0.2))
    elif kind == "battleship":
        turret(at(0.8), 3.0)
        turret(at(0.66), 3.0)
        block(at(0.5), 6.0, 6.0)
        funnel(at(0.4))
        funnel(at(0.33))
        turret(at(0.16), 3.0)
    elif kind == "carrier":
        flight = pygame.Rect(x0 + u, top + u * 0.6, (x1 - bow * 0.4) - x0 - 2 * u, beam - 1.2 * u)
        pygame.draw.rect(surf, _shade(colour, 0.8), flight, border_radius=max(1, int(u)))
        dash = max(2, int(cell * 0.25))
        for x in range(int(flight.x + dash), int(flight.right - dash), dash * 2):
            pygame.draw.line(surf, light, (x, mid), (x + dash, mid), max(1, int(u * 0.5)))
        pygame.draw.line(surf, light, (flight.x + u, flight.y + u), (flight.x + u, flight.bottom - u),
                         max(1, int(u * 0.5)))
        island = pygame.Rect(0, 0, max(3, 5 * u), max(2, 2.4 * u))
        island.midbottom = (at(0.55), bottom - 0.2 * u)   # to starboard
        pygame.draw.rect(surf, light, island, border_radius=max(1, int(u * 0.5)))
        pygame.draw.rect(surf, edge, island, max(1, line))
    else:   # flagship
        turret(at(0.84), 3.0)
        turret(at(0.72), 3.0)
        block(at(0.55), 7.0, 6.4)
        pygame.draw.circle(surf, edge, (at(0.55), mid), max(2, 1.6 * u), max(1, line))  # radar
        funnel(at(0.44))
        turret(at(0.28), 3.0)
        turret(at(0.15), 3.0)
    return surf


def _submarine(surf: pygame.Surface, cell: int, colour, edge) -> pygame.Surface:
    """A long slim rounded hull, darker, with its conning tower (the sail) forward of the
    middle and its hydroplanes; no guns on deck."""
    w, h = surf.get_size()
    inset = max(2, cell // 8)
    beam = max(4, int((h - 2 * inset) * 0.62))
    body = pygame.Rect(inset, (h - beam) // 2, w - 2 * inset, beam)
    hull = _shade(colour, 0.72)
    pygame.draw.ellipse(surf, hull, body)
    pygame.draw.ellipse(surf, edge, body, max(1, cell // 24))
    u = beam / 10
    sail = pygame.Rect(0, 0, max(3, int(w * 0.16)), max(2, int(4.2 * u)))
    sail.center = (int(inset + body.w * 0.6), h // 2)
    pygame.draw.ellipse(surf, _shade(colour, 0.5), sail)
    planes = max(1, int(u * 0.8))
    x = sail.centerx
    pygame.draw.line(surf, _shade(colour, 0.5), (x, sail.top - int(1.6 * u)),
                     (x, sail.bottom + int(1.6 * u)), planes)
    pygame.draw.line(surf, _shade(colour, 0.5), (body.x + int(u), h // 2 - int(2.4 * u)),
                     (body.x + int(u), h // 2 + int(2.4 * u)), planes)
    return surf


def straight(cells) -> tuple[int, bool] | None:
    """(length, vertical) if ``cells`` are one straight unbroken line, else None."""
    cells = sorted(cells)
    if not cells:
        return None
    xs = {c[0] for c in cells}
    ys = {c[1] for c in cells}
    if len(ys) == 1 and max(xs) - min(xs) == len(cells) - 1 and len(xs) == len(cells):
        return len(cells), False
    if len(xs) == 1 and max(ys) - min(ys) == len(cells) - 1 and len(ys) == len(cells):
        return len(cells), True
    return None
