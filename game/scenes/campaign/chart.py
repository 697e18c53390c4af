"""The campaign's chart: the voyage's ports (one per level file) on its map, the ship sailing
between them, the menu (set sail, difficulty, medals, captains); the chosen port's details
beside it (``details.py``). The briefing before a battle, the result after it and the captains
open over it (``briefing.py``, ``result.py``, ``captains.py``); starting a battle is
``sailing.py``.
"""

from __future__ import annotations

import pygame

from ...data.progress import DIFFICULTIES
from ...render import text, theme
from ...render.chart import ROUTE_LIT, draw_notice, load_coast, sheet_unit
from ...render.sea import draw_water
from ...render.widgets import Item, Menu, arrow, tint
from ..common.base import Scene
from .boss import BossScene
from .briefing import BriefingScene
from .captains import CaptainsScene
from .details import ChartDetails
from .medals import MedalCaseScene
from .pane import ChartPane
from .result import ResultScene
from .sailing import captain_name, load_voyage, report_files

SAIL_TIME = 0.7     # seconds the chart's ship takes from one port to the next
_MAP_TOLD: set = set()    # the map problems already shown: each once a run


class VoyageScene(ChartDetails, Scene):
    # a controller: the shoulders turn the voyages' pages, X the captains, Y the medals,
    # Back the difficulty
    PAD = {"lb": pygame.K_PAGEUP, "rb": pygame.K_PAGEDOWN, "x": pygame.K_c, "y": pygame.K_m,
           "back": pygame.K_d}

    def __init__(self, app, result=None):
        super().__init__(app)
        self.voyage = load_voyage(app)
        self.captain = captain_name(app, self.voyage)   # read once: the header draws it every frame
        self.result = result
        self.hover: int | None = None
        self.ship_t = SAIL_TIME
        self.coast, problem = load_coast()
        self.pane = ChartPane(self.coast)           # the shown voyage's chart
        self._open_at(self.voyage.current())
        if problem and problem not in _MAP_TOLD:
            _MAP_TOLD.add(problem)
            app.notify(app.tr("campaign.map_missing", problem=problem), 8.0)
        self._saved_seen: tuple | None = None     # (store, its battle_changes) last read
        self._saved = None
        self.sail_item = Item(self._sail_label, self.open_briefing, enabled=self._can_sail)
        self.difficulty_item = Item(lambda: self.tr("chart.difficulty"),
                                    values=lambda: list(DIFFICULTIES),
                                    get=lambda: self.voyage.difficulty, set=self.set_difficulty,
                                    show=lambda d: self.tr(f"difficulty.{d}"))
        self.menu = Menu([
            self.sail_item,
            self.difficulty_item,
            Item(lambda: self.tr("medals.open"), self.open_medals),
            Item(lambda: self.tr("campaign.captains"), self.open_captains),
            Item(lambda: self.tr("menu.back"), self.back),
        ], sound=app.sound, base_px=24)

    # -- state -------------------------------------------------------------------------
    @property
    def voyages(self) -> list:
        """The voyages that have ports, in order (each has its own chart)."""
        return [v for v in self.voyage.voyages if self.voyage.ports(v.id)] or \
            self.voyage.voyages[:1]

    @property
    def shown_voyage(self):
        return self.voyages[self.shown % len(self.voyages)]

    @property
    def levels(self) -> list:
        """The ports of the voyage on the chart, in order."""
        return self.voyage.ports(self.shown_voyage.id)

    @property
    def level(self):
        levels = self.levels
        return levels[self.index] if levels else None

    def _open_at(self, level) -> None:
        """Show ``level``'s voyage with ``level`` chosen (None: the first voyage's first port)."""
        ids = [v.id for v in self.voyages]
        self.shown = ids.index(level.voyage) if level is not None and level.voyage in ids else 0
        levels = self.levels
        self.index = levels.index(level) if level in levels else 0
        self.ship_from = self.index
        self.laid_out = None

    @property
    def saved(self) -> dict | None:
        """The battle left in the middle, read again whenever the store changed it (a battle
        reported as impossible to resume is set aside, and nothing offers it any more)."""
        store = self.voyage.store
        if self._saved_seen != (id(store), store.battle_changes):
            self._saved = self.voyage.saved_battle()
            report_files(self.app, store)
            self._saved_seen = (id(store), store.battle_changes)
        return self._saved

    def _can_sail(self) -> bool:
        return self.level is not None and self.voyage.state(self.level) != "locked"

    def _sail_label(self) -> str:
        saved = self.saved
        if saved and self.level is not None and saved.get("level") == self.level.id:
            return self.tr("campaign.resume")
        return self.tr("campaign.set_sail")

    def enter(self) -> None:
        if self.result is not None:
            result, self.result = self.result, None

            def show():
                self.app.scenes.push(ResultScene(self.app, self, result))
            if result.level.boss is not None and not result.draw:   # the boss has his word
                self.app.scenes.push(BossScene(self.app, result.level, "after", show,
                                               won=result.won))
            else:
                show()

    def select(self, index: int) -> None:
        if not self.levels or index == self.index:
            return
        self.ship_from = self.index
        self.ship_t = 0.0
        self.index = index % len(self.levels)
        self.app.sound("click")

    def select_level(self, level) -> None:
        """Choose ``level``, on its own voyage's chart (the ship sails there on the same one)."""
        if level in self.levels:
            self.select(self.levels.index(level))
        else:
            self._open_at(level)

    def show_voyage(self, step: int) -> None:
        """The next (or the previous) voyage's chart, opened at its newest open port."""
        if len(self.voyages) < 2:
            return
        self.app.sound("click")
        self.shown = (self.shown + step) % len(self.voyages)
        opened, won = self.voyage.opened(), self.voyage.progress.won
        fresh = [lv for lv in self.levels if lv.id in opened and lv.id not in won]
        self._open_at(fresh[-1] if fresh else self.levels[0])

    def reload(self) -> None:
        """Another captain took the helm: his voyage and progress."""
        self.voyage = load_voyage(self.app)
        self.captain = captain_name(self.app, self.voyage)
        self._open_at(self.voyage.current())
        self._saved_seen = None

    # -- actions -----------------------------------------------------------------------
    def open_briefing(self) -> None:
        level = self.level
        if level is None:
            return
        if self.voyage.state(level) == "locked":
            self.app.sound("refuse")
            self.app.notify(self._locked_words(level), 3.0)
            return
        self.app.sound("click")
        self.app.scenes.push(BriefingScene(self.app, self, level))

    def open_captains(self) -> None:
        self.app.scenes.push(CaptainsScene(self.app, self))

    def open_medals(self) -> None:
        self.app.sound("click")
        self.app.scenes.push(MedalCaseScene(self.app, self.voyage, self.captain))

    def set_difficulty(self, difficulty: str) -> None:
        """The captain's difficulty from now on, saved with his progress (a battle already
        begun keeps its own: its file says what it began at)."""
        self.voyage.set_difficulty(difficulty)
        problem = self.voyage.save()
        if problem:
            self.app.notify(self.tr("notice.profile_not_saved", error=problem))
        self.app.notify(self.tr(f"chart.difficulty_about.{difficulty}"), 4.0)

    def cycle_difficulty(self, step: int = 1) -> None:
        self.app.sound("click")
        self.difficulty_item.step(step)

    def back(self) -> None:
        self.app.scenes.pop()

    def _voyage_locked(self, voyage_id: str) -> str:
        """What opens a voyage not yet open: finishing the one it comes after."""
        lang = self.app.settings.language
        vdef = next((v for v in self.voyage.voyages if v.id == voyage_id), None)
        before = next((v for v in self.voyage.voyages if vdef and v.id == vdef.after), None)
        name = before.text("name", lang) if before else ""
        return self.tr("chart.voyage_locked", voyage=name or (before.id if before else ""))

    def _locked_words(self, level) -> str:
        lang = self.app.settings.language
        if not self.voyage.voyage_open(level.voyage):
            return self._voyage_locked(level.voyage)
        ports = [lv.text("port", lang) for lv in self.voyage.levels if level.id in lv.unlocks]
        if len(ports) > 1:
            return self.tr("campaign.locked_any", ports=", ".join(ports))
        if ports:
            return self.tr("campaign.locked", port=ports[0])
        return self.tr("campaign.locked_plain")

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.sound("click")
                self.back()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and \
                    self.menu.current is not self.difficulty_item:
                self.select(self.index + (1 if event.key == pygame.K_RIGHT else -1))
                return
            if event.key == pygame.K_d:
                self.cycle_difficulty(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return
            if event.key in (pygame.K_HOME, pygame.K_END) and self.levels:
                self.select(0 if event.key == pygame.K_HOME else len(self.levels) - 1)
                return
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_v):
                back = event.key == pygame.K_PAGEUP or (event.key == pygame.K_v and
                                                        event.mod & pygame.KMOD_SHIFT)
                self.show_voyage(-1 if back else 1)
                return
            if event.key == pygame.K_c:
                self.open_captains()
                return
            if event.key == pygame.K_m and not event.mod & pygame.KMOD_CTRL:
                self.open_medals()
                return
            if (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                    and self.menu.current is self.sail_item):
                self.open_briefing()        # on a locked port: says which wins open it
                return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._port_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and \
                self._difficulty_chip().collidepoint(event.pos):
            self.cycle_difficulty(1 if event.button == 1 else -1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                len(self.voyages) > 1:
            self.layout()
            for step, rect in zip((-1, 1), self.voyage_arrows):
                if rect.collidepoint(event.pos):
                    self.show_voyage(step)
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self._port_at(event.pos)
            if i is not None:
                if i == self.index:
                    self.open_briefing()
                else:
                    self.select(i)
                return
        self.menu.handle(event)

    def _port_at(self, pos) -> int | None:
        self.layout()
        return self.pane.port_at(pos)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.ship_t = min(SAIL_TIME, self.ship_t + dt)

    # -- layout ------------------------------------------------------------------------
    def layout_key(self):
        return self.size, self.app.settings.language, self.shown   # the names, the voyage

    def lay_out(self, w: int, h: int, u: float) -> None:
        """The chart on the left, as tall as the window allows, the port's details in a column
        on the right; the ports at their places, the routes and the names, once per size."""
        m = int(12 * u)
        self.header_h = int(64 * u)
        ch = h - self.header_h - m
        cw = max(200, min(int(ch * 1.0), w - 3 * m - max(280, int(400 * u))))
        self.chart = pygame.Rect(m, self.header_h, cw, ch)
        self.column = pygame.Rect(self.chart.right + m, self.header_h,
                                  w - self.chart.right - 2 * m, ch)
        lang = self.app.settings.language
        label_px = self.label_px = theme.font_px(self.size, 17)
        self.pane.lay_out(self.chart, self.levels, self.shown_voyage.chart, self._chart_words(),
                          max(8, int(12 * u)), label_px,
                          [lv.text("port", lang) for lv in self.levels], u)
        cart = self.pane.cartouche
        side = int(26 * u)
        self.voyage_arrows = tuple(pygame.Rect(0, 0, side, side) for _ in range(2))
        self.voyage_arrows[0].midtop = (cart.x + side, cart.bottom + int(8 * u))   # under the
        self.voyage_arrows[1].midtop = (cart.right - side, cart.bottom + int(8 * u))  # title

    def _chart_words(self) -> tuple[str, str, int]:
        """The cartouche: the chart's title and its voyage's name."""
        name = self.shown_voyage.text("name", self.app.settings.language)
        return (self.tr("campaign.chart_title"), name or self.tr("campaign.chart_sub"),
                max(14, int(22 * sheet_unit(self.chart.size))))

    # -- drawing -----------------------------------------------------------------------
    def layout(self) -> None:
        """The ports (once per window size) and the menu at the foot of the details."""
        super().layout()
        u = theme.unit(self.size)
        m = int(12 * u)
        box = self._info_box()
        menu_h = self.menu.height(self.size)
        # the keys' lines under the menu: two, made smaller to fit, and more when even the
        # least size needs more (they were cut)
        least = len(text.wrap(self.tr("chart.keys"), 12, box.w - 2 * m))
        keys_h = max(theme.font_px(self.size, 15) * 2.6, least * int(12 * 1.2))
        self.menu.layout(pygame.Rect(box.x + m, int(box.bottom - m - keys_h - menu_h),
                                     box.w - 2 * m, menu_h), self.size)

    def _info_box(self) -> pygame.Rect:
        return self.column

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        shade = tint((w, h), (6, 14, 30, 110))
        c = self.chart
        for rect in (pygame.Rect(0, 0, w, c.y), pygame.Rect(0, c.y, c.x, h - c.y),   # the sea
                     pygame.Rect(c.right, c.y, w - c.right, h - c.y),                # round the
                     pygame.Rect(c.x, c.bottom, c.w, h - c.bottom)):                 # chart only
            draw_water(surface, rect, self.t * 0.5)
            surface.blit(shade, rect, rect)
        self._draw_chart(surface, u)
        self._draw_header(surface, u)
        self._draw_info(surface, u)

    def _states(self) -> list[str]:
        won, opened = self.voyage.progress.won, self.voyage.opened()
        return ["won" if lv.id in won else ("open" if lv.id in opened else "locked")
                for lv in self.levels]

    def _chart_face(self, u: float, states=None) -> pygame.Surface:
        """The chart's paper with its routes (lit from won ports), ports and names."""
        levels, won = self.levels, self.voyage.progress.won
        return self.pane.face(states or self._states(),
                              [self.voyage.progress.stars(lv.id) for lv in levels],
                              lambda i: levels[i].id in won, u)

    def _draw_chart(self, surface, u: float) -> None:
        """The paper with what changes only with the voyage's progress (routes, ports, names:
        cached by the pane), then what moves: the chosen port's ring and its way on, the open
        ports' pulse, the chosen and pointed names, the ship, the compass; a voyage not yet
        open says what opens it; arrows beside the title change the voyage."""
        c = self.chart
        levels = self.levels
        won = self.voyage.progress.won
        states = self._states()
        surface.blit(self._chart_face(u, states), c.topleft)
        self.pane.draw_compass(surface, self.t, u, theme.font_px(self.size, 16))
        if not levels:
            words = self.tr("campaign.no_levels")
            text.draw(surface, words, c.center, text.fit_px(words, theme.font_px(self.size, 22),
                                                             c.w - 20), theme.BAD, "center")
            return
        if levels[self.index].id in won:         # the way on from the chosen port
            self.pane.draw_lit(surface, self.index, self.t, u)
        self.pane.draw_marks(surface, states, {self.index, self.hover}, self.t)
        self.pane.draw_ship(surface, self.ship_from, self.index, self.ship_t / SAIL_TIME, self.t,
                            u)
        self.pane.draw_names(surface, {self.index, self.hover})
        if not self.voyage.voyage_open(self.shown_voyage.id):
            draw_notice(surface, self._voyage_locked(self.shown_voyage.id), c,
                        theme.font_px(self.size, 20))
        if len(self.voyages) > 1:
            for direction, rect in zip(("left", "right"), self.voyage_arrows):
                pygame.draw.circle(surface, (248, 238, 208), rect.center, rect.w * 0.55)
                pygame.draw.circle(surface, ROUTE_LIT, rect.center, rect.w * 0.55, 2)
                arrow(surface, rect.center, rect.w * 0.5, direction, ROUTE_LIT)
