"""The "Кораблики" set-up screen (RULES.md §K): 52 pieces into the own zone, five rows deep.

The board shows the player's zone at the bottom (turned half round for player 1). The tray at the
side lists the ranks with how many of each are still to place.

- Mouse: drag a piece from the tray onto a cell of the zone, or click it in the tray and click
  cells; drag a placed piece to move it, drop it on another piece to swap the two, drop it on the
  tray (or right-click it) to send it back. A click on a placed piece picks it up, the next
  click puts it down.
- Keyboard alone: Tab / Shift+Tab choose the rank in the tray, the arrows move the cursor in the
  zone, Enter or Space places; Space (or Enter before the fleet is complete) on a placed piece
  picks it up, Enter/Space puts it down (on another piece: they swap), Delete / Backspace sends
  the piece under the cursor (or the one in hand) back to the tray.
- A: a whole formation of the chosen style (S cycles the styles; ``game.ai.korabliki`` makes
  them when it is there, else the pieces go at random); C clears; Ctrl+S saves the formation
  under a name, Ctrl+L loads one (``game.data.formations``; a broken file is reported and
  skipped); Enter, once all 52 are placed, is ready; Esc puts back the piece in hand, closes a
  dialog, or goes back.

Illegal actions are refused with the reason in words.
"""

from __future__ import annotations

import random

import pygame

from ..data import formations as store
from ..i18n import describe
from ..render import korabliki as draw
from ..render import text, theme
from ..render.widgets import Button, panel, tint
from ..rules import korabliki as kor
from ..rules.coords import board_letters, format_cell
from ..rules.errors import PlacementError
from .base import ARROWS, Scene

ZONE_TOP = kor.HEIGHT - kor.ZONE_ROWS     # the first screen row of the own zone
STYLE_CHOICE = "kor_formation"            # where the chosen style is remembered


def formation_styles() -> list[str]:
    """The styles the computer can lay out (``game.ai.korabliki.FORMATIONS``), "random" first;
    only "random" while that module is missing or broken."""
    try:
        from ..ai.korabliki import FORMATIONS
        styles = [s for s in FORMATIONS if isinstance(s, str)]
    except Exception:      # noqa: BLE001 - a missing or half-written AI module: random only
        styles = []
    return ["random"] + [s for s in styles if s != "random"]


def make_formation(style: str, player: int, rng: random.Random) -> dict:
    """A whole legal set-up of ``style`` for ``player`` (random if the style cannot be made)."""
    try:
        from ..ai.korabliki import formation
        setup = formation(style, player, rng)
        kor.validate_setup(player, setup)
        return dict(setup)
    except Exception:      # noqa: BLE001 - fall back to the rules' own random set-up
        return kor.random_setup(player, rng)


class KorablikiSetupScene(Scene):
    def __init__(self, app, match, player: int, on_done):
        super().__init__(app)
        self.match = match
        self.player = player
        self.on_done = on_done
        self.flip = player == 1
        self.letters = board_letters(match.letters, kor.WIDTH, kor.HEIGHT)
        self.rng = random.Random(match.rng.getrandbits(32))
        self.zone = set(kor.zone_cells(player))
        self.setup: dict = {}                 # board cell -> rank
        self.rank: str | None = kor.RANKS[0]  # the rank chosen in the tray
        self.lifted = None                    # (rank, board cell it came from) in hand
        self.dragging = None                  # None, "tray" or "board": what a press carries
        self.press_cell = None                # the board cell a press on a piece began on
        self.moved_off = False                # the pointer left that cell during the press
        self.cursor = (kor.WIDTH // 2, ZONE_TOP)   # a screen cell in the zone
        self.mouse = None                     # the pointer while the mouse leads
        self.message, self.message_colour = "", theme.BAD
        self.dialog = None                    # None, "save" or "load"
        self.name = ""                        # the save dialog's name
        self.found: list = []                 # the load dialog's formations
        self.broken: list = []                # ... and the broken files skipped
        self.pick = 0
        self.list_rects: list = []            # where the load dialog drew each name
        choices = app.settings.quick_match
        if choices.get(STYLE_CHOICE) not in formation_styles():
            choices[STYLE_CHOICE] = "random"
        self.choices = choices
        self.buttons = [
            Button(lambda: self.tr("place.auto"), self.auto, hotkey="A"),
            Button(lambda: self.tr("kor.setup.style", style=self.style_name()), self.next_style,
                   hotkey="S"),
            Button(lambda: self.tr("kor.setup.save"), self.open_save, lambda: self.complete,
                   hotkey="Ctrl+S"),
            Button(lambda: self.tr("kor.setup.load"), self.open_load, hotkey="Ctrl+L"),
            Button(lambda: self.tr("place.clear"), self.clear, hotkey="C"),
            Button(lambda: self.tr("place.ready"), self.ready, lambda: self.complete,
                   hotkey="Enter"),
        ]
        self.dialog_buttons = [
            Button(lambda: self.tr("kor.setup.save_do" if self.dialog == "save"
                                   else "kor.setup.load_do"), self.dialog_ok,
                   lambda: self.dialog_ok_enabled(), hotkey="Enter"),
            Button(lambda: self.tr("kor.setup.cancel"), self.close_dialog, hotkey="Esc"),
        ]
        self.hotkeys: dict = {}
        self._layout_key = None

    def exit(self) -> None:
        if self.dialog == "save":
            pygame.key.stop_text_input()

    # -- state -------------------------------------------------------------------------------
    def left(self, rank: str) -> int:
        """How many pieces of ``rank`` are still to place (the one in hand counts as not placed)."""
        placed = sum(1 for r in self.setup.values() if r == rank)
        return kor.COUNTS[rank] - placed

    @property
    def left_total(self) -> int:
        return kor.FLEET_SIZE - len(self.setup)

    @property
    def complete(self) -> bool:
        return self.lifted is None and len(self.setup) == kor.FLEET_SIZE

    @property
    def style(self) -> str:
        return self.choices[STYLE_CHOICE]

    def style_name(self, style: str | None = None) -> str:
        style = style or self.style
        key = "kor.style." + style
        return self.tr(key) if self.tr.has(key) else style.replace("_", " ")

    def name_of(self, rank: str) -> str:
        return draw.rank_name(self.tr, rank)

    def label_of(self, rank: str) -> str:
        return draw.rank_label(self.tr, rank)

    def cell_text(self, cell) -> str:
        return format_cell(cell, self.letters)

    def board_cursor(self):
        return draw.from_screen(self.cursor, self.flip)

    def say(self, message: str, colour=theme.GOOD) -> None:
        self.message, self.message_colour = message, colour

    def refuse(self, message: str) -> None:
        self.say(message, theme.BAD)
        self.app.sound("refuse")

    def words(self, exc: PlacementError) -> str:
        params = dict(exc.params)
        if params.get("piece") in kor.COUNTS:
            params["piece"] = self.name_of(params["piece"])
        return describe(PlacementError(exc.code, **params), self.tr, self.letters)

    def next_rank(self, step: int = 1) -> None:
        """Tab: the next rank (in the tray's order) that still has pieces to place."""
        ranks = [r for r in kor.RANKS if self.left(r) > 0]
        if not ranks:
            self.rank = None
            return
        order = list(kor.RANKS)
        start = order.index(self.rank) if self.rank in order else -1
        for i in range(1, len(order) + 1):
            r = order[(start + step * i) % len(order)]
            if self.left(r) > 0:
                self.rank = r
                return

    def _keep_rank(self) -> None:
        """After a change: keep the chosen rank while it has pieces left, else move on."""
        if self.rank is None or self.left(self.rank) <= 0:
            if self.rank is None:
                self.rank = kor.RANKS[-1]
            self.next_rank(1)

    # -- actions -----------------------------------------------------------------------------
    def outside(self, cell, rank) -> bool:
        """Refuse (with the reason) a cell outside the own zone."""
        if cell in self.zone:
            return False
        problem = PlacementError("outside_zone", cell=cell, piece=rank, player=self.player)
        self.refuse(self.words(problem))
        return True

    def place(self, cell) -> bool:
        """Put the piece in hand, or one of the chosen rank, on board ``cell``. On another piece:
        a piece in hand swaps with it; a piece from the tray takes its place and the other goes
        back to the tray."""
        if self.lifted is not None:
            rank, origin = self.lifted
            if self.outside(cell, rank):
                return False
            other = self.setup.get(cell)
            if other is not None and cell != origin:
                self.setup[origin] = other
            self.setup[cell] = rank
            self.lifted = None
            self.say(self.tr("kor.setup.swapped", a=self.name_of(rank), b=self.name_of(other))
                     if other is not None and cell != origin else "")
            self.app.sound("click")
            return True
        rank = self.rank
        if rank is None or self.left(rank) <= 0:
            self.refuse(self.tr("kor.setup.none_left"))
            return False
        if self.outside(cell, rank):
            return False
        other = self.setup.get(cell)
        self.setup[cell] = rank
        self.say(self.tr("kor.setup.returned", name=self.name_of(other))
                 if other is not None and other != rank else "")
        self.app.sound("click")
        self._keep_rank()
        return True

    def lift(self, cell) -> bool:
        """Pick up the placed piece on board ``cell`` (to move it)."""
        if cell not in self.setup or self.lifted is not None:
            return False
        self.lifted = (self.setup.pop(cell), cell)
        self.message = ""
        self.app.sound("click")
        return True

    def put_back(self) -> None:
        """The piece in hand goes back where it came from."""
        if self.lifted is not None:
            rank, origin = self.lifted
            self.setup[origin] = rank
            self.lifted = None

    def to_tray(self, cell=None) -> bool:
        """Send the piece in hand, or the one on ``cell``, back to the tray."""
        if self.lifted is not None:
            rank = self.lifted[0]
            self.lifted = None
        elif cell in self.setup:
            rank = self.setup.pop(cell)
        else:
            return False
        self.rank = rank
        self.say(self.tr("kor.setup.returned", name=self.name_of(rank)))
        self.app.sound("click")
        return True

    def next_style(self) -> None:
        styles = formation_styles()
        i = styles.index(self.style) if self.style in styles else -1
        self.choices[STYLE_CHOICE] = styles[(i + 1) % len(styles)]
        self.app.sound("click")

    def auto(self) -> None:
        """A whole formation of the chosen style; in the random style a partly placed fleet is
        completed around the pieces already down."""
        self.put_back()
        if self.style == "random" and 0 < len(self.setup) < kor.FLEET_SIZE:
            free = [c for c in kor.zone_cells(self.player) if c not in self.setup]
            ranks = [r for r in kor.RANKS for _ in range(self.left(r))]
            for cell, rank in zip(self.rng.sample(free, len(ranks)), ranks):
                self.setup[cell] = rank
        else:
            self.setup = make_formation(self.style, self.player, self.rng)
        self.rank = None
        self.dragging = None
        self.say("")
        self.app.sound("click")

    def clear(self) -> None:
        self.setup = {}
        self.lifted = None
        self.dragging = None
        self.rank = kor.RANKS[0]
        self.say("")
        self.app.sound("click")

    def ready(self) -> None:
        if self.lifted is not None:
            self.refuse(self.tr("kor.setup.in_hand", name=self.name_of(self.lifted[0])))
            return
        if len(self.setup) < kor.FLEET_SIZE:
            self.refuse(self.tr("kor.setup.not_complete", left=self.left_total,
                                items=self.items_left()))
            return
        try:
            kor.validate_setup(self.player, self.setup)
        except PlacementError as exc:
            self.refuse(self.words(exc))
            return
        self.app.sound("click")
        self.on_done(dict(self.setup))

    def items_left(self) -> str:
        return ", ".join(f"{self.label_of(r)} ×{self.left(r)}" for r in kor.RANKS
                         if self.left(r) > 0)

    # -- formations --------------------------------------------------------------------------
    def open_save(self) -> None:
        self.put_back()
        if not self.complete:
            self.refuse(self.tr("kor.setup.save_incomplete"))
            return
        self.dialog = "save"
        self.name = store.free_name(self.tr("kor.setup.default_name"))
        self.app.sound("click")
        pygame.key.start_text_input()

    def open_load(self) -> None:
        self.put_back()
        self.found, self.broken = store.list_formations(tr=self.tr)
        for problem in self.broken:
            self.app.notify(self.tr("kor.setup.broken", problem=str(problem)), 8.0)
        self.pick = 0
        self.dialog = "load"
        self.app.sound("click")

    def close_dialog(self) -> None:
        if self.dialog == "save":
            pygame.key.stop_text_input()
        self.dialog = None
        self.app.sound("click")

    def dialog_ok_enabled(self) -> bool:
        if self.dialog == "save":
            return bool(store.clean_name(self.name))
        return bool(self.found)

    def dialog_ok(self) -> None:
        if self.dialog == "save":
            self.save(self.name)
        elif self.dialog == "load" and self.found:
            self.load(self.found[self.pick])

    def save(self, name: str) -> bool:
        name = store.clean_name(name)
        if not name:
            self.refuse(self.tr("kor.setup.need_name"))
            return False
        try:
            store.save_formation(name, self.setup, self.player)
        except PlacementError as exc:
            self.refuse(self.words(exc))
            return False
        except OSError as exc:
            self.refuse(self.tr("kor.setup.save_failed", error=exc.strerror or str(exc)))
            return False
        if self.dialog == "save":
            pygame.key.stop_text_input()
        self.dialog = None
        self.say(self.tr("kor.setup.saved", name=name))
        self.app.sound("click")
        return True

    def load(self, formation) -> bool:
        """Lay out a saved formation (turned into this player's zone)."""
        try:
            setup = formation.setup(self.player)
            kor.validate_setup(self.player, setup)
        except (ValueError, PlacementError) as exc:
            self.refuse(self.tr("kor.setup.broken", problem=f"{formation.path}: {exc}"))
            return False
        self.setup = setup
        self.lifted = None
        self.rank = None
        self.dialog = None
        self.say(self.tr("kor.setup.loaded", name=formation.name))
        self.app.sound("click")
        return True

    # -- layout ------------------------------------------------------------------------------
    def _layout(self) -> None:
        key = (self.size, self.app.tr.lang)
        if self._layout_key == key:
            return
        self._layout_key = key
        w, h = self.size
        u = theme.unit(self.size)
        m = int(16 * u)
        top = int(84 * u)
        below = int(theme.font_px(self.size, 20) * 2.4) + int(6 * u)   # two lines of message
        area = pygame.Rect(m, top, int(w * 0.6), h - top - below)
        geo = draw.fit_geometry(area, 48)
        self.geo = geo.moved(area.x - geo.outer.x, 0)
        side = pygame.Rect(self.geo.grid.right + 2 * m, top, 0, h - top - m)
        side.w = w - m - side.x
        self.side = side
        # buttons: three rows of two at the bottom of the side
        bh = max(26, int(42 * u))
        gap = max(6, m // 2)
        bw = (side.w - gap) // 2
        rows = (len(self.buttons) + 1) // 2
        for i, b in enumerate(self.buttons):
            col, row = i % 2, i // 2
            b.rect = pygame.Rect(side.x + col * (bw + gap),
                                 side.bottom - (rows - row) * (bh + gap) + gap, bw, bh)
        self.button_px = theme.font_px(self.size, 20)
        # the tray: tiles of an icon and the count, with the full name where there is room
        self.row_px = theme.font_px(self.size, 21)
        self.help_px = theme.font_px(self.size, 16)
        icon = max(22, min(36, self.geo.cell))
        names = max(text.size(self.name_of(r), self.help_px)[0] for r in kor.RANKS)
        inner = side.w - 20
        count_w = text.size("×6", self.row_px)[0] + 8
        if (inner - 8) // 2 >= icon + count_w + names + 16:
            cols, with_names = 2, True
        else:       # no room for names: the short label beside the count
            need = icon + 14 + max(text.size(f"{self.label_of(r)} ×6", self.help_px)[0]
                                   for r in kor.RANKS)
            cols, with_names = max(1, min(4, (inner + 8) // (need + 8))), False
        self.with_names = with_names
        tile_w = (inner - (cols - 1) * 8) // cols
        tile_h = icon + 6
        head = int(self.row_px * 1.6)
        self.tray_rect = pygame.Rect(side.x, side.y, side.w, 0)
        self.tiles = []
        for i, rank in enumerate(kor.RANKS):
            col, row = i % cols, i // cols
            r = pygame.Rect(side.x + 10 + col * (tile_w + 8), side.y + head + row * (tile_h + 4),
                            tile_w, tile_h)
            self.tiles.append((rank, r))
        self.icon = icon
        tray_rows = (len(kor.RANKS) + cols - 1) // cols
        self.tray_rect.h = head + tray_rows * (tile_h + 4) + int(self.help_px * 1.6) + 10

    # -- input -------------------------------------------------------------------------------
    def handle(self, event) -> None:
        self._layout()
        if self.dialog is not None:
            self._dialog_event(event)
            return
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._press(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)

    def _motion(self, pos) -> None:
        self.mouse = pos
        screen = self.geo.cell_at(pos)
        if screen is not None and screen[1] >= ZONE_TOP:
            self.cursor = screen
        cell = draw.cell_at(self.geo, pos, self.flip)
        if self.press_cell is not None and cell != self.press_cell:
            self.moved_off = True

    def _tile_at(self, pos):
        return next((rank for rank, r in self.tiles if r.collidepoint(pos)), None)

    def _press(self, event) -> None:
        pos = event.pos
        self._motion(pos)
        cell = draw.cell_at(self.geo, pos, self.flip)
        if event.button == 3:
            if self.lifted is not None:
                self.put_back()
                self.app.sound("click")
            elif cell is not None:
                self.to_tray(cell)
            return
        if event.button != 1:
            return
        if cell is not None:
            if self.lifted is not None:
                self.place(cell)
            elif cell in self.setup:
                self.lift(cell)
                self.dragging = "board"
                self.press_cell, self.moved_off = cell, False
            else:
                self.place(cell)
            return
        rank = self._tile_at(pos)
        if rank is not None:
            if self.lifted is not None:        # a click on the tray sends the piece in hand back
                self.to_tray()
                return
            if self.left(rank) <= 0:
                self.refuse(self.tr("kor.setup.all_of", name=self.name_of(rank)))
                return
            self.rank = rank
            self.dragging = "tray"
            self.message = ""
            self.app.sound("click")

    def _release(self, pos) -> None:
        carried, self.dragging = self.dragging, None
        press, self.press_cell = self.press_cell, None
        if carried is None:
            return
        cell = draw.cell_at(self.geo, pos, self.flip)
        if carried == "board":
            if self.lifted is None:
                return
            if cell == press and not self.moved_off:
                return                          # a click: the piece stays in hand
            if cell is not None:
                if not self.place(cell):
                    self.put_back()             # a refused drop: the piece goes home
            elif self.tray_rect.collidepoint(pos):
                self.to_tray()
            else:
                self.put_back()
        elif carried == "tray" and cell is not None:
            self.place(cell)

    def _key(self, event) -> None:
        k = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        self.mouse = None
        if k == pygame.K_ESCAPE:
            if self.lifted is not None:
                self.put_back()
                self.message = ""
                self.app.sound("click")
            else:
                self.app.sound("click")
                self.back()
        elif k in ARROWS:
            dx, dy = ARROWS[k]
            x = max(0, min(kor.WIDTH - 1, self.cursor[0] + dx))
            y = max(ZONE_TOP, min(kor.HEIGHT - 1, self.cursor[1] + dy))
            self.cursor = (x, y)
            self.message = ""
        elif k == pygame.K_TAB:
            self.put_back()
            self.next_rank(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            self.message = ""
            self.app.sound("click")
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            cell = self.board_cursor()
            if self.lifted is not None:
                self.place(cell)
            elif k != pygame.K_SPACE and self.complete:
                self.ready()
            elif cell in self.setup:
                self.lift(cell)
            else:
                self.place(cell)
        elif k in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if not self.to_tray(self.board_cursor()):
                self.refuse(self.tr("kor.setup.nothing_here"))
        elif k == pygame.K_s and ctrl:
            self.open_save()
        elif k == pygame.K_l and ctrl:
            self.open_load()
        elif k == pygame.K_a:
            self.auto()
        elif k == pygame.K_s:
            self.next_style()
        elif k == pygame.K_c:
            self.clear()

    def _dialog_event(self, event) -> None:
        for b in self.dialog_buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.close_dialog()
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.dialog_ok_enabled():
                    self.dialog_ok()
                else:
                    self.app.sound("refuse")
            elif self.dialog == "save" and k == pygame.K_BACKSPACE:
                self.name = self.name[:-1]
            elif self.dialog == "load" and k in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                if self.found:
                    back = k == pygame.K_UP or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                    self.pick = (self.pick + (-1 if back else 1)) % len(self.found)
                    self.app.sound("click")
        elif event.type == pygame.TEXTINPUT and self.dialog == "save":
            self.name = (self.name + event.text)[:store.NAME_MAX]
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.dialog == "load":
            for i, r in enumerate(self.list_rects):
                if r.collidepoint(event.pos):
                    self.pick = i
                    self.load(self.found[i])
                    return

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        w, h = self.size
        u = theme.unit(self.size)
        seat = self.match.seats[self.player]
        title = self.tr("place.title", name=seat.name)
        tpx = theme.font_px(self.size, 38)
        text.draw(surface, title, (w / 2, 28 * u), text.fit_px(title, tpx, w - 20), theme.ACCENT,
                  "center", shadow=True)
        step = self.tr("kor.setup.step")
        spx = theme.font_px(self.size, 21)
        text.draw(surface, step, (w / 2, 60 * u), text.fit_px(step, spx, w - 20, 12), theme.TEXT,
                  "center")
        geo = self.geo
        draw.draw_sea_board(surface, geo, self.letters, self.t, self.flip)
        grid = geo.grid
        surface.blit(tint((grid.w, ZONE_TOP * geo.cell), (0, 0, 0, 70)), grid.topleft)
        own, _ = draw.viewer_colours(self.flip)
        hover = None
        if self.mouse is not None:
            hover = geo.cell_at(self.mouse)
        for cell, rank in self.setup.items():
            screen = draw.to_screen(cell, self.flip)
            draw.draw_piece(surface, geo, screen, rank, own, True, label=self.label_of(rank),
                            selected=self.mouse is None and screen == self.cursor)
        if self.lifted is not None:
            origin = draw.to_screen(self.lifted[1], self.flip)
            pygame.draw.rect(surface, theme.ACCENT, geo.cell_rect(origin).inflate(-4, -4), 1,
                             border_radius=geo.cell // 5)
        self._draw_ghost(surface, hover)
        if self.mouse is None:
            draw.draw_cursor(surface, geo, self.cursor)
        self._draw_side(surface)
        self._draw_message(surface)
        if self.dialog is not None:
            self._draw_dialog(surface)

    def _held_rank(self):
        if self.lifted is not None:
            return self.lifted[0]
        if self.rank is not None and self.left(self.rank) > 0:
            return self.rank
        return None

    def _draw_ghost(self, surface, hover) -> None:
        """The piece in hand: under the pointer while dragging, else a faded preview on the
        cell it would go to (green in the zone, red outside)."""
        geo = self.geo
        own, _ = draw.viewer_colours(self.flip)
        rank = self._held_rank()
        if rank is None:
            return
        label = self.label_of(rank)
        dragged = self.dragging is not None and (self.dragging == "tray" or self.lifted is not None)
        if dragged and self.mouse is not None and hover is None:
            draw.draw_piece_at(surface, self.mouse, geo.cell, rank, own, True, label=label)
            return
        target = hover if self.mouse is not None else self.cursor
        if target is None:
            return
        if self.lifted is None and not dragged and draw.from_screen(target, self.flip) in self.setup:
            return                              # over a piece: a click would pick it up
        ok = draw.from_screen(target, self.flip) in self.zone
        draw.draw_cell_tint(surface, geo, target, (*(theme.GOOD if ok else theme.BAD), 70))
        if dragged and self.mouse is not None:
            draw.draw_piece_at(surface, self.mouse, geo.cell, rank, own, True, label=label)
        else:
            draw.draw_piece(surface, geo, target, rank, own, True, dim=True, label=label)

    def _draw_side(self, surface) -> None:
        u = theme.unit(self.size)
        own, _ = draw.viewer_colours(self.flip)
        tray = self.tray_rect
        panel(surface, tray, 200)
        px = self.row_px
        head = (self.tr("kor.setup.tray", left=self.left_total) if self.left_total
                else self.tr("kor.setup.tray_done"))
        text.draw(surface, head, (tray.x + 12, tray.y + 8 * u), text.fit_px(head, px, tray.w - 24),
                  theme.TEXT if self.left_total else theme.GOOD)
        chosen = self._held_rank()
        for rank, r in self.tiles:
            n = self.left(rank)
            if rank == chosen:
                pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=6)
            icon = pygame.Rect(r.x + 3, r.y + 3, self.icon, self.icon)
            draw.draw_piece_at(surface, icon.center, self.icon, rank, own, True,
                               dim=n <= 0, label=self.label_of(rank))
            colour = theme.TEXT if n > 0 else theme.TEXT_DIM
            if self.with_names:
                cr = text.draw(surface, f"×{n}", (icon.right + 6, r.centery), px, colour,
                               "midleft")
            else:
                count = f"{self.label_of(rank)} ×{n}"
                cpx = text.fit_px(count, self.help_px, r.right - icon.right - 8, 11)
                text.draw(surface, count, (icon.right + 6, r.centery), cpx,
                          theme.ACCENT if rank == chosen else colour, "midleft")
            if self.with_names:
                name = self.name_of(rank)
                npx = text.fit_px(name, self.help_px, r.right - cr.right - 12, 11)
                text.draw(surface, name, (cr.right + 8, r.centery), npx,
                          theme.ACCENT if rank == chosen else theme.TEXT_DIM, "midleft")
        # the chosen rank in full
        y = tray.bottom - int(self.help_px * 1.6) - 2
        if chosen is not None:
            line = (self.tr("kor.setup.lifted", name=self.name_of(chosen),
                            cell=self.cell_text(self.lifted[1])) if self.lifted is not None
                    else self.tr("kor.setup.chosen", name=self.name_of(chosen),
                                 left=self.left(chosen)))
            text.draw(surface, line, (tray.x + 12, y), text.fit_px(line, self.help_px,
                                                                      tray.w - 24, 11),
                      theme.ACCENT)
        # help, as much as fits above the buttons
        hy = tray.bottom + 8 * u
        limit = self.buttons[0].rect.y - self.help_px * 1.2
        for line in text.wrap(self.tr("kor.setup.help"), self.help_px, self.side.w):
            if hy > limit:
                break
            text.draw(surface, line, (self.side.x, hy), self.help_px, theme.TEXT_DIM)
            hy += self.help_px * 1.2
        for b in self.buttons:
            hotkey = self.hotkeys.setdefault(b, b.hotkey)
            fits = text.size(f"{b.label()}  [{hotkey}]", 13)[0] <= b.rect.w - 12
            b.hotkey = hotkey if fits else ""      # narrow buttons: the help names the keys
            b.draw(surface, self.button_px)

    def _draw_message(self, surface) -> None:
        geo = self.geo
        u = theme.unit(self.size)
        msg, colour = self.message, self.message_colour
        if not msg and self.mouse is not None:
            hover = draw.cell_at(self.geo, self.mouse, self.flip)
            rank = self._held_rank()
            if hover is not None and hover not in self.zone and rank is not None:
                msg, colour = self.words(PlacementError("outside_zone", cell=hover, piece=rank,
                                                        player=self.player)), theme.BAD
        if not msg:
            return
        px = theme.font_px(self.size, 20)
        y = geo.grid.bottom + 5 * u
        room = max(1, int((self.size[1] - y) // (px * 1.15)))
        for i, line in enumerate(text.wrap(msg, px, geo.outer.w)[:min(2, room)]):
            text.draw(surface, line, (geo.outer.x, y + i * px * 1.15), px, colour)

    def _draw_dialog(self, surface) -> None:
        w, h = self.size
        u = theme.unit(self.size)
        surface.blit(tint((w, h), (0, 0, 0, 150)), (0, 0))
        px = theme.font_px(self.size, 24)
        small = theme.font_px(self.size, 18)
        rect = pygame.Rect(0, 0, int(min(w * 0.8, 620 * max(u, 0.8))), 0)
        if self.dialog == "save":
            rect.h = int(px * 3.3 + small * 4.5 + max(26, int(40 * u)) + 24)
        else:
            rows = min(8, max(1, len(self.found)))
            extra = min(3, len(self.broken))
            rect.h = int(px * 1.6 + small * 1.4 * (rows + extra + 1) + 42 * u + 30)
        rect.center = (w // 2, h // 2)
        panel(surface, rect, 240, theme.ACCENT)
        title = self.tr("kor.setup.save_title" if self.dialog == "save" else "kor.setup.load_title")
        text.draw(surface, title, (rect.centerx, rect.y + px * 0.9), px, theme.ACCENT, "center")
        y = rect.y + px * 1.7
        x = rect.x + 16
        inner = rect.w - 32
        if self.dialog == "save":
            field = pygame.Rect(x, y, inner, int(px * 1.6))
            pygame.draw.rect(surface, theme.BG, field, border_radius=6)
            pygame.draw.rect(surface, theme.PANEL_EDGE, field, 2, border_radius=6)
            shown = self.name + ("_" if int(self.t * 2) % 2 == 0 else " ")
            text.draw(surface, shown, (field.x + 10, field.centery),
                      text.fit_px(shown, px, field.w - 20), theme.TEXT, "midleft")
            y = field.bottom + small * 0.6
            notes = [self.tr("kor.setup.save_hint")]
            if (store.formations_dir() / f"{store.slug(self.name)}.json").exists():
                notes.append(self.tr("kor.setup.save_replaces"))
            for i, note in enumerate(notes):
                colour = theme.TEXT_DIM if i == 0 else theme.ACCENT
                for line in text.wrap(note, small, inner)[:2]:
                    text.draw(surface, line, (x, y), small, colour)
                    y += small * 1.3
        else:
            self.list_rects = []
            if not self.found:
                text.draw(surface, self.tr("kor.setup.load_none"), (x, y), small, theme.TEXT_DIM)
                y += small * 1.4
            first = max(0, min(self.pick - 3, len(self.found) - 8))
            for i, f in enumerate(self.found):
                if i < first or i >= first + 8:
                    self.list_rects.append(pygame.Rect(0, 0, 0, 0))
                    continue
                r = pygame.Rect(x, y, inner, int(small * 1.4))
                self.list_rects.append(r)
                if i == self.pick:
                    surface.blit(tint(r.size, (*theme.ACCENT, 40)), r.topleft)
                text.draw(surface, f.name, (r.x + 8, r.centery), small,
                          theme.ACCENT if i == self.pick else theme.TEXT, "midleft")
                y += small * 1.4
            for problem in self.broken[:3]:
                line = self.tr("kor.setup.broken_short", file=problem.path.name,
                               problem=problem.problem)
                text.draw(surface, line, (x, y), text.fit_px(line, small, inner, 11), theme.BAD)
                y += small * 1.4
            hint = self.tr("kor.setup.load_hint")
            text.draw(surface, hint, (x, y), text.fit_px(hint, small, inner, 11), theme.TEXT_DIM)
        bh = max(26, int(40 * u))
        bw = (rect.w - 48) // 2
        for i, b in enumerate(self.dialog_buttons):
            b.rect = pygame.Rect(rect.x + 16 + i * (bw + 16), rect.bottom - bh - 12, bw, bh)
            b.draw(surface, theme.font_px(self.size, 19))
