"""The voyage chart's geography, pure (no pygame): the coastlines read from
``assets/map/coast.json`` (made from Natural Earth by ``tools/make_coast.py``), a map
projection for the seas of Europe, and whether a place is land or water.

Places are ``(lon, lat)`` in degrees, east and north positive. The projection is an
equidistant conic (standard parallels 40° and 64° north, central meridian 12° east): the
parallels are arcs, the meridians straight lines meeting to the north, and nothing from
Gibraltar to Tromsø is stretched more than about a fifth.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .resources import ASSETS

COAST_FILE = ASSETS / "map" / "coast.json"
FORMAT = "seabattle-coast"


class CoastError(ValueError):
    """The coast file is missing or broken: the message names the file and the problem."""


Ring = list        # [(lon, lat), ...], not closed


@dataclass
class Coast:
    """Land as polygons, each ``[exterior, hole, …]`` (holes are lakes)."""
    land: list[list[Ring]]
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)

    def __post_init__(self):
        if not self.boxes:
            self.boxes = [_bounds(poly[0]) for poly in self.land]
        self._edges = [[_edges(ring) for ring in poly] for poly in self.land]

    def on_land(self, lon: float, lat: float) -> bool:
        for rings, (w, s, e, n) in zip(self._edges, self.boxes):
            if w <= lon <= e and s <= lat <= n and _crosses(rings[0], lon, lat):
                return not any(_crosses(hole, lon, lat) for hole in rings[1:])
        return False


def _bounds(ring: Ring) -> tuple[float, float, float, float]:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def _edges(ring: Ring):
    """A ring's edges as arrays (x0, y0, x1, y1), for ``_crosses``."""
    pts = np.asarray(ring, dtype=np.float64)
    nxt = np.roll(pts, -1, axis=0)
    return pts[:, 0], pts[:, 1], nxt[:, 0], nxt[:, 1]


def _crosses(edges, x: float, y: float) -> bool:
    """Even-odd rule: a ray to the east crosses the ring an odd number of times."""
    x0, y0, x1, y1 = edges
    spans = (y0 > y) != (y1 > y)
    if not spans.any():
        return False
    x0, y0, x1, y1 = x0[spans], y0[spans], x1[spans], y1[spans]
    at = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
    return bool(np.count_nonzero(x < at) % 2)


def load_coast(path: Path | str = COAST_FILE) -> Coast:
    """Read the coast file; a ``CoastError`` names the file and what is wrong with it."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CoastError(f"{path}: missing") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise CoastError(f"{path}: unreadable ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CoastError(f"{path}: not a coast file (format is not {FORMAT!r})")
    scale = data.get("scale")
    polys = data.get("land")
    if not isinstance(scale, (int, float)) or scale <= 0 or not isinstance(polys, list):
        raise CoastError(f"{path}: 'scale' and 'land' expected")
    land = []
    for i, poly in enumerate(polys):
        if not isinstance(poly, list) or not poly:
            raise CoastError(f"{path}: land polygon {i} is not a list of rings")
        rings = []
        for ring in poly:
            if (not isinstance(ring, list) or len(ring) < 6 or len(ring) % 2
                    or not all(isinstance(v, (int, float)) for v in ring)):
                raise CoastError(f"{path}: land polygon {i} has a ring that is not "
                                 "[lon, lat, lon, lat, …] of at least three points")
            rings.append([(ring[k] / scale, ring[k + 1] / scale) for k in range(0, len(ring), 2)])
        land.append(rings)
    if not land:
        raise CoastError(f"{path}: no land in it")
    return Coast(land)


class Conic:
    """Equidistant conic projection: ``forward`` gives plane coordinates (radians of arc,
    y growing to the north), ``inverse`` the way back."""

    def __init__(self, lon0: float = 12.0, lat1: float = 40.0, lat2: float = 64.0):
        p1, p2 = math.radians(lat1), math.radians(lat2)
        self.lon0 = lon0
        self.n = (math.cos(p1) - math.cos(p2)) / (p2 - p1)
        self.g = math.cos(p1) / self.n + p1

    def forward(self, lon: float, lat: float) -> tuple[float, float]:
        rho = self.g - math.radians(lat)
        theta = self.n * math.radians(lon - self.lon0)
        return rho * math.sin(theta), -rho * math.cos(theta)

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        rho = math.hypot(x, y)
        theta = math.atan2(x, -y)
        return self.lon0 + math.degrees(theta / self.n), math.degrees(self.g - rho)


class ChartView:
    """The projection fitted into a screen rectangle ``(x, y, w, h)``: the places ``around``
    (with ``margin`` degrees each side) fill it as far as its shape allows, centred, north up."""

    def __init__(self, rect, around: list[tuple[float, float]], margin: float = 2.0,
                 projection: Conic | None = None):
        self.proj = projection or Conic()
        self.rect = tuple(rect)
        pts = []
        for lon, lat in around:
            for dx in (-margin, 0, margin):
                for dy in (-margin, 0, margin):
                    pts.append(self.proj.forward(lon + dx / max(0.2, math.cos(
                        math.radians(lat))), lat + dy))
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        rx, ry, rw, rh = self.rect
        self.k = min(rw / (x1 - x0), rh / (y1 - y0))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        self.x_left = cx - rw / 2 / self.k
        self.y_top = cy + rh / 2 / self.k

    def to_screen(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.proj.forward(lon, lat)
        rx, ry = self.rect[0], self.rect[1]
        return rx + (x - self.x_left) * self.k, ry + (self.y_top - y) * self.k

    def to_place(self, sx: float, sy: float) -> tuple[float, float]:
        rx, ry = self.rect[0], self.rect[1]
        return self.proj.inverse(self.x_left + (sx - rx) / self.k, self.y_top - (sy - ry) / self.k)

    def bounds(self) -> tuple[float, float, float, float]:
        """West, south, east, north of what the rectangle shows (a little more, not less)."""
        rx, ry, rw, rh = self.rect
        places = [self.to_place(rx + rw * i / 8, ry + rh * j / 8)
                  for i in range(9) for j in range(9)]
        return (min(p[0] for p in places), min(p[1] for p in places),
                max(p[0] for p in places), max(p[1] for p in places))


def land_along(coast: Coast, view: ChartView, a: tuple[float, float], b: tuple[float, float],
               step: float = 2.0) -> tuple[float, float] | None:
    """The first place on land along the straight screen line from place ``a`` to place
    ``b`` (sampled every ``step`` pixels), or None if the line stays on water."""
    sa, sb = view.to_screen(*a), view.to_screen(*b)
    n = max(1, int(math.hypot(sb[0] - sa[0], sb[1] - sa[1]) / step))
    for i in range(n + 1):
        t = i / n
        place = view.to_place(sa[0] + (sb[0] - sa[0]) * t, sa[1] + (sb[1] - sa[1]) * t)
        if coast.on_land(*place):
            return place
    return None
