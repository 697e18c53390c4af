"""One voyage's chart as the campaign's screens draw it (issue 22: each voyage has its own,
fitted to its ports with its own projection, ``VoyageDef.chart``): the paper, the routes, the
ports and their names placed once per size (``lay_out``); the paper with what changes only with
the voyage's progress cached (``face``); the ship, the chosen port and the compass drawn every
frame. The chart screen and the closing scene both use it."""

from __future__ import annotations

import math

import pygame

from ...geo import ChartView, Conic
from ...render import motion, text
from ...render.chart import (along, cartouche_box, chart_sheet, draw_chart_ship, draw_compass,
                             draw_label, draw_port, draw_port_marks, draw_route, place_marks,
                             sheet_unit, ship_box, stars_box, STAR_SIZE)
from ...render.easing import smooth

FALLBACK = [(-9.0, 36.0), (30.0, 70.0)]     # the seas of Europe, when no port has a place


class ChartPane:
    def __init__(self, coast):
        self.coast = coast
        self.levels: list = []
        self.ports: list[tuple[float, float]] = []
        self.routes: dict[tuple[int, int], list] = {}
        self.labels: list[pygame.Rect] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._face = None
        self._face_key = None
        self._laid = None

    def lay_out(self, rect: pygame.Rect, levels: list, projection, words: tuple, port_r: float,
                label_px: int, names: list[str], u: float) -> None:
        """Place ``levels`` (one voyage's ports, in order) on a chart filling ``rect``, drawn in
        ``projection`` (lon0, lat1, lat2); ``words``: the cartouche's title, subtitle, size."""
        self.rect = pygame.Rect(rect)
        self.levels = list(levels)
        self.words = words
        self.port_r = port_r
        self.label_px = label_px
        self.names = names
        places = [lv.at for lv in levels if lv.at]
        self.view = ChartView(self.rect, places or FALLBACK, projection=Conic(*projection))
        n = max(1, len(levels) - 1)
        pad_x, pad_y = rect.w * 0.08, rect.h * 0.1
        self.ports = []
        for i, lv in enumerate(levels):
            if lv.at:
                self.ports.append(self.view.to_screen(*lv.at))
                continue
            fx, fy = lv.map if lv.map else (i / n, 0.5 + 0.32 * math.sin(i * 1.3))
            self.ports.append((rect.x + pad_x + fx * (rect.w - 2 * pad_x),
                               rect.y + pad_y + fy * (rect.h - 2 * pad_y)))
        by_id = {lv.id: i for i, lv in enumerate(levels)}
        self.routes = {}
        for i, lv in enumerate(levels):
            for other in lv.unlocks:
                j = by_id.get(other)
                if j is not None:
                    between = [self.view.to_screen(*p) for p in lv.route.get(other, ())]
                    self.routes[i, j] = [self.ports[i], *between, self.ports[j]]
        title, sub, tpx = words
        cart = cartouche_box(title, sub, tpx, sheet_unit(rect.size)).move(rect.topleft)
        self.cartouche = cart
        self.compass_at = (rect.right - 58 * u, rect.y + 78 * u)
        compass = pygame.Rect(0, 0, int(110 * u), int(120 * u))
        compass.center = (int(self.compass_at[0]), int(self.compass_at[1] - 6 * u))
        self.ship_size = 24 * u
        self.stars_at, self.labels, self.rests = place_marks(
            self.ports, [lv.max_stars for lv in levels],
            [text.size(nm, label_px) for nm in names], port_r,
            rect.inflate(-int(16 * u), -int(16 * u)), [cart, compass], self.ship_size)
        self._laid = (tuple(rect), tuple(lv.id for lv in levels), tuple(projection), words,
                      tuple(names))

    def port_at(self, pos) -> int | None:
        r = self.port_r * 1.6
        for i, (x, y) in enumerate(self.ports):
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= r * r:
                return i
        return None

    def face(self, states: list[str], stars: list[int], lit, u: float) -> pygame.Surface:
        """The paper with the routes (``lit(i)``: the routes from port ``i`` are lit), the
        ports in their ``states`` with their ``stars``, and the names: drawn again only when
        the layout or any of these changes."""
        lit_from = tuple(bool(lit(i)) for i in range(len(self.levels)))
        key = (self._laid, tuple(states), tuple(stars), lit_from)
        if self._face_key == key:
            return self._face
        title, sub, tpx = self.words
        face = chart_sheet(self.view, self.coast, title, sub, tpx).copy()
        ox, oy = self.rect.topleft

        def local(p):
            return p[0] - ox, p[1] - oy
        for (i, _j), points in self.routes.items():
            draw_route(face, [local(p) for p in points], 0.0, lit_from[i], u)
        for i, lv in enumerate(self.levels):
            draw_port(face, local(self.ports[i]), self.port_r, states[i], i + 1, stars[i],
                      lv.max_stars, local(self.stars_at[i]))
        for i, name in enumerate(self.names):
            draw_label(face, name, self.labels[i].move(-ox, -oy), self.label_px, False)
        self._face, self._face_key = face, key
        return face

    def way(self, a: int, b: int) -> list:
        """The route from port ``a`` to port ``b`` (either way round), else a straight line."""
        way = self.routes.get((a, b))
        if way is None:
            back = self.routes.get((b, a))
            way = back[::-1] if back else [self.ports[a], self.ports[b]]
        return way

    def draw_ship(self, surface, a: int, b: int, k: float, t: float, u: float) -> None:
        """The player's ship a share ``k`` of the way from port ``a`` to port ``b``."""
        if not self.ports:
            return
        k = 1.0 if motion.reduced() else smooth(k)    # reduced motion: it is there at once
        a = min(a, len(self.ports) - 1)
        b = min(b, len(self.ports) - 1)
        x, y = along(self.way(a, b), k)
        (ax, ay), (bx, by) = self.rests[a], self.rests[b]
        draw_chart_ship(surface, (x + ax + (bx - ax) * k, y + ay + (by - ay) * k),
                        self.ship_size, t)

    def star_box(self, i: int) -> pygame.Rect:
        """Where port ``i``'s stars are drawn (once it is won)."""
        return stars_box(self.stars_at[i], self.port_r * STAR_SIZE, self.levels[i].max_stars)

    def ship_box(self, i: int) -> pygame.Rect:
        """Where the ship resting at port ``i`` is drawn (its swell and list aside)."""
        return ship_box(self.ports[i], self.rests[i], self.ship_size)

    def draw_marks(self, surface, states, chosen: set, t: float) -> None:
        for i, state in enumerate(states):
            draw_port_marks(surface, self.ports[i], self.port_r, t, i in chosen, state)

    def draw_compass(self, surface, t: float, u: float, px: int) -> None:
        draw_compass(surface, self.compass_at, 40 * u, t, px)

    def draw_names(self, surface, which) -> None:
        for i in sorted(set(which) - {None}):
            if i < len(self.names):
                draw_label(surface, self.names[i], self.labels[i], self.label_px, True)

    def draw_lit(self, surface, i: int, t: float, u: float) -> None:
        """The way on from port ``i``, running forward."""
        for (a, _b), points in self.routes.items():
            if a == i:
                draw_route(surface, points, t, True, u)
