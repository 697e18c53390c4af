"""The campaign: the voyage's chart with its ports (one per level file), the briefing before a
battle, the result after it, the captains (player profiles) who sail it, and the battle left
in the middle that the next start offers to resume.

What a level is and how it is checked is ``game.levels``; progress and the saved battle are
``game.data.progress``; the match a level makes is ``game.campaign``.
"""

from __future__ import annotations

import functools

import pygame

from ...campaign import Voyage, first_of, make_match, restore
from ...data.progress import DIFFICULTIES
from ...data.profiles import profile_key
from ...i18n.phrase import say
from ...levels import METRICS, STAR_KEYS
from ...modes import MODES
from ...rewards import RANKS
from ...render import text, theme
from ...render.portrait import draw_portrait
from ...render.chart import ROUTE_LIT, draw_notice, draw_stars, load_coast, sheet_unit
from ...render.sea import draw_water
from ...render.widgets import Item, Menu, arrow, centred, panel, star, tint
from ..common.base import Scene, menu_or_escape
from ..common.dialogs import ConfirmScene, MenuScene
from .awards import draw_awards
from .boss import BossScene
from .ending import ClosingScene
from .medals import MedalCaseScene
from .pane import ChartPane

DIFFICULTY_COLOUR = {"easy": theme.GOOD, "normal": theme.ACCENT, "hard": theme.BAD}
SAIL_TIME = 0.7     # seconds the chart's ship takes from one port to the next
NAME_LEN = 16
_MAP_TOLD: set = set()    # the map problems already shown: each once a run


@functools.lru_cache(maxsize=256)
def _wrapped(words: str, px: int, width: int) -> tuple:
    """``text.wrap`` remembered: the details column wraps the same words every frame."""
    return tuple(text.wrap(words, px, width))


@functools.lru_cache(maxsize=32)
def _block(words: str, px: int, width: int, height: int) -> tuple:
    return text.fit_block(words, px, width, height)


def captain_name(app, voyage: Voyage) -> str:
    return app.captain_name(voyage.progress.name)


def report_files(app, store) -> None:
    """Show, on the screen that found them, the damaged progress and battle files the store
    met (each names the file and the problem, and what became of it)."""
    while store.problems:
        found = store.problems.pop(0)
        words = app.tr(f"campaign.file.{found.outcome}", file=str(found.path),
                       problem=found.problem)
        if found.aside is not None:
            words += " " + app.tr("campaign.file.kept", name=found.aside.name)
        app.notify(words, 10.0)


def load_voyage(app) -> Voyage:
    """The voyage of the current captain; every problem with a level file or his progress is
    shown as a notice (the game goes on without the broken file)."""
    voyage = Voyage(app.settings.profile, folder=getattr(app, "levels_dir", None))
    for problem in voyage.problems:
        key = "campaign.level_problem" if problem.skipped else "campaign.level_warning"
        app.notify(app.tr(key, problem=str(problem)), 10.0)
    report_files(app, voyage.store)
    return voyage


def start_level(app, voyage: Voyage, level, saved: dict | None = None) -> None:
    """Sail into ``level``'s battle: a new one, or the ``saved`` one resumed."""
    voyage.choose(level)
    problem = voyage.save()
    if problem:
        app.notify(app.tr("notice.profile_not_saved", error=problem))
    name = captain_name(app, voyage)
    profile = app.profile(name) if level.opponent.remembers else None
    if saved is not None:
        try:
            game = restore(level, saved)
        except ValueError as exc:
            voyage.store.drop_broken_battle(voyage.key, str(exc))
            report_files(app, voyage.store)
            return
        match = make_match(level, saved["seed"], name, app.settings.language,
                           app.settings.letter_set, voyage, profile,
                           difficulty=saved.get("difficulty", "normal"))   # as it began
        app.scenes.push(app.flow.battle(match, game))
        return
    match = make_match(level, app.new_seed(), name, app.settings.language,
                       app.settings.letter_set, voyage, profile)
    app.flow.start(match)


def open_medal_case(app) -> None:
    """The medal case of the current captain, from the title screen."""
    voyage = load_voyage(app)
    app.scenes.push(MedalCaseScene(app, voyage, captain_name(app, voyage)))


def offer_resume(app) -> bool:
    """At start: if the current captain left a battle, ask whether to resume it."""
    voyage = Voyage(app.settings.profile, folder=getattr(app, "levels_dir", None))
    saved = voyage.saved_battle()
    report_files(app, voyage.store)
    if saved is None:
        return False
    level = voyage.level(saved["level"])
    if level is None:
        voyage.store.drop_broken_battle(voyage.key, app.tr("campaign.level_gone",
                                                           level=saved["level"]))
        report_files(app, voyage.store)
        return False
    lang = app.settings.language

    def yes():
        app.flow.to_chart()
        chart = app.scenes.top
        start_level(app, chart.voyage, level, saved)

    app.scenes.push(ConfirmScene(app, app.tr("campaign.resume_q", port=level.text("port", lang),
                                             name=level.name(lang)), yes))
    return True


def first_words(tr, level, name: str, difficulty: str = "normal") -> str:
    """Who begins (on Hard against the top of the ladder, the opponent): in «Кораблики» a
    turn is a move, not a shot (RULES.md §K)."""
    first = first_of(level, difficulty)
    if first == "lot":
        return tr("campaign.first.lot")
    return tr(f"campaign.{MODES[level.mode].begins}.{first}", name=name)


def limits_words(tr, limits: dict) -> str:
    return ", ".join(tr(f"campaign.limit.{m}", n=n) for m, n in limits.items())


def result_words(tr, level, measured: dict) -> str:
    return ", ".join(tr(f"campaign.measure.{m}", n=measured[m]) for m in METRICS[level.mode]
                     if m in measured)


def missed_words(tr, result) -> list[str]:
    """After a win short of the level's every star: the next star's limits that were missed,
    each with what the battle came to."""
    if not result.won or result.stars >= result.level.max_stars:
        return []
    star = max(2, result.stars + 1)
    limits = result.level.limits(result.difficulty).get(STAR_KEYS[star - 2], {})
    return [tr("campaign.missed", star=star, limit=tr(f"campaign.limit.{m}", n=most),
               got=result.metrics[m])
            for m, most in limits.items() if result.metrics.get(m, 0) > most]


class VoyageScene(Scene):
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

    @property
    def _ports(self) -> list:
        return self.pane.ports

    @property
    def _labels(self) -> list:
        return self.pane.labels

    @property
    def _port_r(self) -> float:
        return self.pane.port_r

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
        keys_h = theme.font_px(self.size, 15) * 2.6
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

    def _draw_header(self, surface, u: float) -> None:
        """The title; on the right the captain, his rank and his stars with the difficulty
        beside them, and under them how many stars the next rank wants."""
        w = self.size[0]
        px = theme.font_px(self.size, 40)
        head = text.draw(surface, self.tr("campaign.title"), (20 * u, self.header_h / 2), px,
                         theme.ACCENT, "midleft", shadow=True)
        progress = self.voyage.progress
        spx = theme.font_px(self.size, 22)
        line1 = self.header_h * 0.38
        colour = DIFFICULTY_COLOUR[self.voyage.difficulty]
        chip = self._difficulty_chip()
        text.draw(surface, self.tr(f"difficulty.{self.voyage.difficulty}"), chip.center, spx,
                  colour, "center")
        pygame.draw.rect(surface, colour, chip, 1, border_radius=5)
        words = self.tr("campaign.stars_total", n=progress.total_stars,
                        total=self.voyage.max_stars())
        r = text.draw(surface, words, (chip.x - spx * 0.6, line1), spx, theme.TEXT,
                      "midright")
        star(surface, (r.x - spx * 0.8, r.centery), spx * 1.1, theme.ACCENT)
        room = r.x - spx * 1.8 - head.right - spx
        who = self.tr("campaign.captain", name=self.captain) + " · " + self.tr(
            progress.rank.name_key)
        text.draw(surface, who, (r.x - spx * 1.8, line1), text.fit_px(who, spx, int(room)),
                  theme.TEXT, "midright")
        rank = progress.rank
        if rank.next_at is None:
            more = self.tr("chart.top_rank")
        else:
            more = self.tr("chart.to_next", n=rank.next_at - progress.total_stars,
                           rank=self.tr(f"rank.{RANKS[rank.index + 1][0]}"))
        kpx = theme.font_px(self.size, 15)
        text.draw(surface, more, (w - 20 * u, self.header_h * 0.8), kpx, theme.TEXT_DIM,
                  "midright")

    def _difficulty_chip(self) -> pygame.Rect:
        """The difficulty beside the stars in the header: a click changes it."""
        u = theme.unit(self.size)
        spx = theme.font_px(self.size, 22)
        tw, th = text.size(self.tr(f"difficulty.{self.voyage.difficulty}"), spx)
        chip = pygame.Rect(0, 0, int(tw + spx * 0.6), int(th + 2))
        chip.midright = (int(self.size[0] - 20 * u), int(self.header_h * 0.38))
        return chip

    def _draw_info(self, surface, u: float) -> None:
        """The chosen port's column: the opponent's portrait beside the port's name and stars,
        who he is and what he plays, the menu and the keys at the foot."""
        m = int(12 * u)
        box = self._info_box()
        panel(surface, box, 225)
        self.menu.draw(surface, self.t)
        keys = self.tr("chart.keys")
        kpx = theme.font_px(self.size, 15)
        kpx, klines = _block(keys, kpx, box.w - 2 * m, box.bottom - self.menu.rect.bottom - m)
        top = self.menu.rect.bottom + m // 2
        for k, line in enumerate(klines):
            text.draw(surface, line, (box.x + m, top + k * int(kpx * 1.2)), kpx, theme.TEXT_DIM)
        level = self.level
        if level is None:
            return
        lang = self.app.settings.language
        state = self.voyage.state(level)
        side = int(min(box.w * 0.34, 150 * u, (self.menu.rect.y - box.y) * 0.45))
        draw_portrait(surface, pygame.Rect(box.x + m, box.y + m, side, side),
                      level.opponent.portrait, self.t, state == "locked")
        x = box.x + 2 * m + side
        width = box.right - m - x
        px = theme.font_px(self.size, 20)
        big = theme.font_px(self.size, 30)
        y = box.y + m
        title = f"{self.index + 1}. {level.text('port', lang)}"
        tr = text.draw(surface, title, (x, y), text.fit_px(title, big, width), theme.ACCENT)
        y = tr.bottom + big * 0.45
        if state != "locked":
            size = big * 0.8
            centre = (x + size / 2 + (level.max_stars - 1) * size * 0.65, y)
            draw_stars(surface, centre, size, self.voyage.progress.stars(level.id),
                       level.max_stars, 1.3)
            won_at = self.voyage.progress.levels.get(level.id, {}).get("difficulty", "")
            if won_at:                  # what the stars were won at, beside them
                text.draw(surface, self.tr(f"difficulty.{won_at}"),
                          (centre[0] + level.max_stars * size * 0.7, y),
                          theme.font_px(self.size, 16), DIFFICULTY_COLOUR[won_at], "midleft")
            y += size * 0.8
        name = self.tr("campaign.opponent", name=level.name(lang))
        for line in _wrapped(name, px, width)[:3]:
            text.draw(surface, line, (x, y), px, theme.TEXT)
            y += px * 1.2
        lines = [(say(MODES[level.mode].describe(level.config, preset=level.preset), self.tr),
                  theme.TEXT_DIM)]
        if state == "locked":
            lines.append((self._locked_words(level), theme.BAD))
        else:
            entry = self.voyage.progress.levels.get(level.id)
            if entry and entry.get("wins"):
                lines.append((self.tr("campaign.best", result=result_words(
                    self.tr, level, entry["best"])), theme.GOOD))
            elif entry:
                lines.append((self.tr("campaign.tries", n=entry["tries"]), theme.TEXT_DIM))
            else:
                lines.append((self.tr("campaign.unexplored"), theme.TEXT_DIM))
        y = max(y, box.y + m + side) + m
        bottom = self.menu.rect.y - m // 2
        for words, colour in lines:
            for line in _wrapped(words, px, box.w - 2 * m):
                if y + px > bottom:
                    break
                text.draw(surface, line, (box.x + m, y), px, colour)
                y += px * 1.2
            y += px * 0.3


class OverChart(Scene):
    """A panel over the chart, whose sea keeps moving under it, with a menu."""

    opaque = False

    def __init__(self, app, chart: VoyageScene, items: list):
        super().__init__(app)
        self.chart = chart
        self.menu = Menu(items, sound=app.sound, base_px=26)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.chart.update(dt)

    DIM = 150   # how dark the chart goes under the panel

    def _backing(self, surface) -> pygame.Rect:
        """The chart dimmed and the panel (``_box``) over it; the panel's rectangle."""
        surface.blit(tint(self.size, (0, 0, 0, self.DIM)), (0, 0))
        box = self._box()
        panel(surface, box, 240)
        return box


class BriefingScene(OverChart):
    """Before the battle: the opponent's portrait and words, the rules, what earns the stars."""

    def __init__(self, app, chart: VoyageScene, level):
        self.level = level
        saved = chart.saved
        self.saved = saved if saved and saved.get("level") == level.id else None
        if self.saved:
            items = [Item(lambda: self.tr("campaign.resume"), self.resume_battle),
                     Item(lambda: self.tr("campaign.start_anew"), self.start_anew)]
        else:
            items = [Item(lambda: self.tr("campaign.set_sail"), self.sail)]
        items.append(Item(lambda: self.tr("menu.back"), self.back))
        super().__init__(app, chart, items)

    @property
    def difficulty(self) -> str:
        """What the battle is played at: a saved one's own, else the captain's."""
        if self.saved:
            return self.saved.get("difficulty", "normal")
        return self.chart.voyage.difficulty

    def sail(self, met: bool = False) -> None:
        """A new battle; against a boss, his scene first (Esc there comes back here)."""
        if self.level.boss is not None and not met:
            self.app.scenes.push(BossScene(self.app, self.level, "before",
                                           lambda: self.sail(met=True), on_back=lambda: None))
            return
        self.app.scenes.pop()
        start_level(self.app, self.chart.voyage, self.level)

    def resume_battle(self) -> None:
        """(Not ``resume``: that is the scene's own, called when a dialog over it closes.)"""
        self.app.scenes.pop()
        start_level(self.app, self.chart.voyage, self.level, self.saved)

    def start_anew(self) -> None:
        def yes():
            self.chart.voyage.store.clear_battle(self.chart.voyage.key)
            self.sail()
        self.app.scenes.push(ConfirmScene(self.app, self.tr("campaign.anew_q"), yes))

    def handle(self, event) -> None:
        menu_or_escape(self, event, self.back)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        box = self._backing(surface)
        m = int(18 * u)
        lv = self.level
        lang = self.app.settings.language
        side = int(min(box.w * 0.3, box.h * 0.45))
        draw_portrait(surface, pygame.Rect(box.x + m, box.y + m, side, side), lv.opponent.portrait,
                 self.t)
        name_px = theme.font_px(self.size, 24)
        name = lv.name(lang)
        text.draw(surface, name, (box.x + m + side / 2, box.y + m + side + name_px * 0.3),
                  text.fit_px(name, name_px, side + m), theme.TEXT, "midtop")
        x = box.x + 2 * m + side
        width = box.right - m - x
        y = box.y + m
        big = theme.font_px(self.size, 40)
        port = lv.text("port", lang)
        text.draw(surface, port, (x, y), text.fit_px(port, big, width), theme.ACCENT, shadow=True)
        y += big * 1.1
        px = theme.font_px(self.size, 20)
        difficulty = self.difficulty
        first = first_words(self.tr, lv, name, difficulty)
        level_words = self.tr("chart.briefing_difficulty",
                              difficulty=self.tr(f"difficulty.{difficulty}"))
        rules = say(MODES[lv.mode].describe(lv.config, preset=lv.preset), self.tr)
        for words, colour in ((rules, theme.TEXT_DIM), (first, theme.TEXT_DIM),
                              (level_words, DIFFICULTY_COLOUR[difficulty])):
            text.draw(surface, words, (x, y), text.fit_px(words, px, width), colour)
            y += px * 1.25
        y += px * 0.4
        bpx = theme.font_px(self.size, 22)
        menu_h = self.menu.height(self.size)
        stars_h = int(px * 1.35 * (1 + len(lv.stars)))
        room = box.bottom - m - menu_h - stars_h - y
        lines = text.wrap(lv.text("briefing", lang), bpx, width)
        while len(lines) * bpx * 1.22 > room and bpx > 14:   # small windows: smaller type
            bpx -= 1
            lines = text.wrap(lv.text("briefing", lang), bpx, width)
        for line in lines:
            text.draw(surface, line, (x, y), bpx, theme.TEXT)
            y += bpx * 1.22
        y = box.bottom - m - menu_h - stars_h
        rows = [(1, self.tr("campaign.star_one"))]
        limits = lv.limits(difficulty)
        rows += [(n, limits_words(self.tr, limits[k])) for n, k in enumerate(STAR_KEYS, 2)
                 if k in limits]
        earned = self.chart.voyage.progress.stars(lv.id)
        for n, words in rows:
            for k in range(n):
                star(surface, (x + px * 0.6 + k * px * 1.05, y + px * 0.55), px * 0.95,
                     theme.ACCENT if n <= earned else theme.TEXT_DIM, filled=n <= earned)
            text.draw(surface, words, (x + px * 3.6, y), text.fit_px(words, px, width - px * 3.6),
                      theme.TEXT)
            y += px * 1.35
        self.menu.draw(surface, self.t)

    def _box(self) -> pygame.Rect:
        w, h = self.size
        return centred(min(w * 0.92, 1040 * theme.unit(self.size)), h * 0.86, (w // 2, h // 2))

    def layout(self) -> None:
        """The menu at the panel's foot, right of the portrait (as ``draw`` writes beside it)."""
        box, u = self._box(), theme.unit(self.size)
        m = int(18 * u)
        side = int(min(box.w * 0.3, box.h * 0.45))
        x = box.x + 2 * m + side
        menu_h = self.menu.height(self.size)
        self.menu.layout(pygame.Rect(x, box.bottom - m - menu_h,
                                     min(box.right - m - x, int(420 * u)), menu_h), self.size)


class ResultScene(OverChart):
    """After the battle: the stars it earned, the opponent's last word, the ports it opened."""

    DIM = 140

    def __init__(self, app, chart: VoyageScene, result):
        self.result = result
        items = [Item(lambda: self.tr("campaign.continue"), self.go_on)]
        if not result.won:
            items.insert(0, Item(lambda: self.tr("campaign.try_again"), self.again))
        super().__init__(app, chart, items)
        self.chimed = 0
        if result.opened:      # the ship sails on to the first port this win opened
            chart.select_level(result.opened[0])

    def again(self) -> None:
        self.app.scenes.pop()
        self.chart.open_briefing()

    def go_on(self) -> None:
        """Back to the chart; a voyage this battle finished first has its closing scene."""
        self.app.scenes.pop()
        if self.result.voyage_finished:
            self.app.scenes.push(ClosingScene(self.app, self.chart, self.result.voyage_finished))

    def handle(self, event) -> None:
        menu_or_escape(self, event, self.go_on, click=False)

    def update(self, dt: float) -> None:
        super().update(dt)
        shown = min(self.result.stars, int(max(0.0, self.t - 0.4) / 0.35) + (self.t > 0.4))
        if shown > self.chimed:
            self.chimed = shown
            self.app.sound("sink")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        box = self._backing(surface)
        r = self.result
        lang = self.app.settings.language
        m = int(18 * u)
        if r.won:
            head, colour, words = self.tr("gameover.victory"), theme.GOOD, r.level.text("victory", lang)
        elif r.draw:
            head, colour = self.tr("campaign.draw"), theme.ACCENT
            words = r.level.text("defeat", lang)
        else:
            head, colour, words = self.tr("gameover.defeat"), theme.BAD, r.level.text("defeat", lang)
        big = theme.font_px(self.size, 50)
        y = box.y + m
        text.draw(surface, head, (box.centerx, y), big, colour, "midtop", shadow=True)
        y += big * 1.05
        text.draw(surface, r.level.text("port", lang), (box.centerx, y),
                  theme.font_px(self.size, 22), theme.TEXT_DIM, "midtop")
        y += theme.font_px(self.size, 22) * 1.4
        size = 46 * u
        shown = 0 if self.t < 0.4 else min(r.stars, 1 + int((self.t - 0.4) / 0.35))
        x0 = box.centerx - (r.level.max_stars - 1) * size * 0.6
        for i in range(r.level.max_stars):
            c = (x0 + i * size * 1.2, y + size / 2)
            if i < shown:
                pop = min(1.0, (self.t - 0.4 - i * 0.35) / 0.2)
                star(surface, c, size * (0.6 + 0.4 * pop), theme.ACCENT)
            else:
                star(surface, c, size, theme.TEXT_DIM, filled=False)
        y += size * 1.3
        px = theme.font_px(self.size, 21)
        width = box.w - 2 * m
        menu_h = self.menu.height(self.size)
        lines = []
        if words:
            lines += [(line, theme.TEXT) for line in text.wrap(words, px, width)]
        lines.append((result_words(self.tr, r.level, r.metrics), theme.TEXT_DIM))
        lines += [(words, theme.BAD) for words in missed_words(self.tr, r)]
        if r.opened:
            ports = ", ".join(lv.text("port", lang) for lv in r.opened)
            lines.append((self.tr("campaign.opened", ports=ports), theme.ACCENT))
        awards = box.bottom - m - menu_h - self._awards_h()
        for line, col in lines:
            if y + px > awards:
                break
            text.draw(surface, line, (box.centerx, y), text.fit_px(line, px, width), col, "midtop")
            y += px * 1.25
        if self._awards_h():
            draw_awards(surface, self, pygame.Rect(box.x + m, awards, width, self._awards_h()),
                        max(0.0, self.t - 0.4 - r.stars * 0.35))
        self.menu.draw(surface, self.t)

    def _awards_h(self) -> int:
        """The height of the band of new medals and a rank risen (0: none this battle)."""
        u = theme.unit(self.size)
        r = self.result
        return int((106 * u if r.medals else 0) + (34 * u if r.rank_after > r.rank_before else 0))

    def _box(self) -> pygame.Rect:
        w, h = self.size
        u = theme.unit(self.size)
        return centred(min(w * 0.8, 820 * u), min(h * 0.92, 520 * u + self._awards_h()),
                       (w // 2, h // 2))

    def layout(self) -> None:
        """The menu at the foot of the panel, centred."""
        box, u = self._box(), theme.unit(self.size)
        m = int(18 * u)
        menu_rect = pygame.Rect(0, 0, int(min(box.w - 2 * m, 420 * u)),
                                self.menu.height(self.size))
        menu_rect.midbottom = (box.centerx, box.bottom - m)
        self.menu.layout(menu_rect, self.size)


class CaptainsScene(MenuScene):
    """Who sails: every captain (player profile) who has set out, and a new one signing on."""

    def __init__(self, app, chart: VoyageScene):
        self.chart = chart
        self.new_name = ""
        items = []
        self.app = app
        self.crew = {key: self._crew(key) for key in self._keys()}   # read once, not per frame
        for key in self.crew:
            items.append(Item(lambda key=key: self._label(key), lambda key=key: self.choose(key)))
        items += [     # Enter in the name field signs on, as the button below does
            Item(lambda: self.tr("campaign.new_captain"), self.sign_on, get=lambda: self.new_name,
                 set=lambda v: setattr(self, "new_name", v), max_len=NAME_LEN,
                 placeholder=lambda: self.tr("campaign.new_captain_hint")),
            Item(lambda: self.tr("campaign.sign_on"), self.sign_on,
                 enabled=lambda: bool(self.new_name.strip())),
            Item(lambda: self.tr("menu.back"), self.back),
        ]
        super().__init__(app, items, base_px=26)
        report_files(app, self.chart.voyage.store)     # damaged files met reading the list
        while app.profiles.problems:
            app.notify(app.profiles.problems.pop(0), 10.0)

    def _keys(self) -> list[str]:
        keys = set(self.chart.voyage.store.keys()) | {self.app.settings.profile, "player"}
        folder = self.app.profiles.folder
        if folder.is_dir():
            keys |= {p.stem for p in folder.glob("*.json")}
        return sorted(keys)

    def _crew(self, key: str) -> tuple[str, int]:
        """A captain's name (None: the unnamed default player) and stars. Only a look: a
        damaged file is reported, and left as it is for its captain to take up."""
        progress = self.chart.voyage.store.load(key, repair=False)
        name = progress.name or self.app.profiles.load(key, repair=False).name or key
        return (None if key == "player" and name == key else name), progress.total_stars

    def _label(self, key: str) -> str:
        name, stars = self.crew[key]
        words = self.tr("campaign.captain_row", name=name or self.tr("setup.you"), stars=stars)
        return ("> " + words) if key == self.app.settings.profile else words

    def choose(self, key: str) -> None:
        self.app.settings.profile = key
        self.app.save_settings()
        self.chart.reload()
        self.back()

    def sign_on(self) -> None:
        name = self.new_name.strip()
        if not name:
            return
        key = profile_key(name)
        store = self.chart.voyage.store
        progress = store.load(key, name)
        report_files(self.app, store)
        progress.name = progress.name or name
        profiles = self.app.profiles
        profile = profiles.load(key, name)      # the name kept twice, in its own case
        while profiles.problems:
            self.app.notify(profiles.problems.pop(0), 10.0)
        try:
            store.save(progress)
            if not profiles.path(key).exists():
                profiles.save(profile)
        except OSError as exc:
            self.app.notify(self.tr("notice.profile_not_saved", error=exc.strerror or str(exc)))
        self.choose(key)

    def heading(self) -> str:
        return self.tr("campaign.captains")
