"""Draw Sea Battle's icon into ``assets/icon/seabattle-<N>.png`` (N = SIZES) with pygame.

The icon's shapes are those of ``assets/icon/seabattle.svg`` (written by hand), with the same
numbers on its 256-unit grid and the colours of ``game/render/theme.py``: a gunsight over a ship
on the night sea. Each PNG is drawn eight times larger and scaled down smoothly, so its edges
are soft without an SVG renderer. ``tests/test_icon.py`` checks the PNGs against the SVG as
pygame draws it. Run it after changing the design (both files)::

    .venv/bin/python tools/make_icon.py

``ico(pngs)`` and ``icns(pngs)`` pack the PNGs as a Windows icon and a macOS icon (both formats
hold PNGs whole), for ``tools/build_app.py``.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.render import theme  # noqa: E402

OUT = ROOT / "assets" / "icon"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
GRID = 256            # the SVG's viewBox
OVER = 8              # drawn this many times larger, then scaled down


def draw(px: int) -> pygame.Surface:
    """The icon at ``px`` × ``px``, transparent outside its rounded tile."""
    k = px * OVER / GRID
    big = pygame.Surface((px * OVER, px * OVER), pygame.SRCALPHA)

    def r(x, y, w, h):
        return pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))

    def pts(*xy):
        return [(round(x * k), round(y * k)) for x, y in zip(xy[::2], xy[1::2])]

    rim = round(48 * k)
    # the tile: deep water, and the sea below the horizon (its lower corners the tile's)
    pygame.draw.rect(big, theme.WATER_DEEP, r(8, 8, 240, 240), border_radius=rim)
    pygame.draw.rect(big, theme.WATER_LIGHT, r(8, 164, 240, 84), border_bottom_left_radius=rim,
                     border_bottom_right_radius=rim)
    # the ship
    pygame.draw.polygon(big, theme.SHIP_EDGE, pts(48, 146, 208, 146, 190, 176, 70, 176))
    pygame.draw.rect(big, theme.SHIP, r(92, 120, 72, 26))
    pygame.draw.rect(big, theme.SHIP, r(108, 100, 32, 20))
    # the sight: a ring from r 64 to 80 (the SVG's r 72 stroked 16 wide), four ticks, a hit
    centre = (round(128 * k), round(128 * k))
    pygame.draw.circle(big, theme.ACCENT, centre, round(80 * k), round(16 * k))
    for tick in (r(120, 24, 16, 48), r(120, 184, 16, 48), r(24, 120, 48, 16),
                 r(184, 120, 48, 16)):
        pygame.draw.rect(big, theme.ACCENT, tick)
    pygame.draw.circle(big, theme.HIT, centre, round(12 * k))
    # the rim, 8 units wide inside the tile's edge
    pygame.draw.rect(big, theme.PANEL_EDGE, r(8, 8, 240, 240), round(8 * k), border_radius=rim)
    return pygame.transform.smoothscale(big, (px, px))


def png(surface: pygame.Surface) -> bytes:
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows ``.ico`` holding the PNGs of 256 px and smaller (a size of 256 is written 0)."""
    sizes = sorted(s for s in pngs if s <= 256)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, data = b"", b""
    for s in sizes:
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(pngs[s]),
                               offset + len(data))
        data += pngs[s]
    return head + entries + data


# the macOS icon's PNG entries, by size
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS ``.icns`` holding the PNGs of the sizes it has a type for."""
    body = b"".join(ICNS_TYPES[s] + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
                    for s in sorted(pngs) if s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for px in SIZES:
        path = OUT / f"seabattle-{px}.png"
        path.write_bytes(png(draw(px)))
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
