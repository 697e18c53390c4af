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

from ...ai.korabliki import FORMATIONS, formation
from ...pad import press
from ...data import formations as store
from ...render import korabliki as draw
from ...render import text, theme
from ...render.korabliki_setup import LIST_ROWS, dialog_rect, draw_setup
from ...render.widgets import Button
from ...rules import korabliki as kor
from ...rules.coords import format_cell
from ...rules.errors import PlacementError
from ..common.base import ARROWS
from ..common.placement_base import ENTER_KEYS, PlacementBase, stack_buttons

ZONE_TOP = kor.HEIGHT - kor.ZONE_ROWS     # the first screen row of the own zone
STYLE_CHOICE = "kor_formation"            # where the chosen style is remembered


def formation_styles() -> list[str]:
    """The styles the computer can lay out (``game.ai.korabliki.FORMATIONS``), "random" first."""
    return ["random"] + [s for s in FORMATIONS if s != "random"]


def make_formation(style: str, player: int, rng: random.Random) -> dict:
    """A whole legal set-up of ``style`` for ``player`` (random if the style cannot be made)."""
    try:
        setup = formation(style, player, rng)
        kor.validate_setup(player, setup)
        return dict(setup)
    except Exception:      # noqa: BLE001 - fall back to the rules' own random set-up
        return kor.random_setup(player, rng)


class FormationDialogs:
    """The set-up's save and load dialogs (``game.data.formations``), over the screen while
    ``dialog`` is "save" or "load": the name typed to save under, the list of saved formations
    to lay out."""

    # the save and load dialogs' keys (Enter and Esc are their buttons' too)
    DIALOG_KEYS = {pygame.K_ESCAPE: "close_dialog", **dict.fromkeys(ENTER_KEYS, "dialog_enter"),
                   pygame.K_BACKSPACE: "dialog_backspace",
                   **dict.fromkeys((pygame.K_UP, pygame.K_DOWN, pygame.K_TAB), "key_dialog_step")}

    def exit(self) -> None:
        if self.dialog == "save":
            pygame.key.stop_text_input()

    def open_save(self) -> None:
        self.put_back()
        if not self.complete:
            self.refuse(self.tr("kor.setup.save_incomplete"))
            return
        self.dialog = "save"
        self.name = store.free_name(self.tr("kor.setup.default_name"))
        self.saved = store.saved_slugs()      # read once: the dialog draws every frame
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

    @property
    def replaces(self) -> bool:
        """Whether saving under the name typed replaces a formation saved before."""
        return store.slug(self.name) in self.saved

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

    def lay_out_dialog(self) -> None:
        """The open dialog's buttons, and the load dialog's rows (the formations scrolled out of
        its list get empty rectangles)."""
        u = theme.unit(self.size)
        rect = dialog_rect(self.size, self.dialog, self.found, self.broken)
        if self.dialog == "load":
            small = theme.font_px(self.size, 18)
            y = rect.y + theme.font_px(self.size, 24) * 1.7 + (0 if self.found else small * 1.4)
            first = max(0, min(self.pick - 3, len(self.found) - LIST_ROWS))
            self.list_rects = []
            for i in range(len(self.found)):
                if first <= i < first + LIST_ROWS:
                    self.list_rects.append(pygame.Rect(rect.x + 16, y, rect.w - 32,
                                                       int(small * 1.4)))
                    y += small * 1.4
                else:
                    self.list_rects.append(pygame.Rect(0, 0, 0, 0))
        bh = max(26, int(40 * u))
        bw = (rect.w - 48) // 2
        for i, b in enumerate(self.dialog_buttons):
            b.rect = pygame.Rect(rect.x + 16 + i * (bw + 16), rect.bottom - bh - 12, bw, bh)

    def modal(self, event) -> bool:
        if self.dialog is None:
            return False
        for b in self.dialog_buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            self.press_key(self.DIALOG_KEYS, event)
        elif event.type == pygame.TEXTINPUT and self.dialog == "save":
            self.name = (self.name + event.text)[:store.NAME_MAX]
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.dialog == "load":
            for i, r in enumerate(self.list_rects):
                if r.collidepoint(event.pos):
                    self.pick = i
                    self.load(self.found[i])
                    return True
        return True

    def dialog_enter(self) -> None:
        if self.dialog_ok_enabled():
            self.dialog_ok()
        else:
            self.app.sound("refuse")

    def dialog_backspace(self) -> None:
        if self.dialog == "save":
            self.name = self.name[:-1]

    def key_dialog_step(self, event) -> None:
        """Up / Down / Tab in the load dialog: the previous or next formation."""
        if self.dialog != "load" or not self.found:
            return
        k = event.key
        back = k == pygame.K_UP or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        self.pick = (self.pick + (-1 if back else 1)) % len(self.found)
        self.app.sound("click")


class KorablikiSetupScene(FormationDialogs, PlacementBase):
    KEYS = {**PlacementBase.KEYS, pygame.K_TAB: "key_tab", pygame.K_DELETE: "key_delete",
            pygame.K_BACKSPACE: "key_delete", (pygame.K_s, "ctrl"): "open_save",
            (pygame.K_l, "ctrl"): "open_load", pygame.K_a: "auto", pygame.K_s: "next_style"}
    # a controller: the shoulders choose the piece, Y sends the one under the cursor back,
    # Back loads a formation (a name to save one with must be typed)
    PAD = {**PlacementBase.PAD, "lb": press(pygame.K_TAB, pygame.KMOD_LSHIFT), "rb": pygame.K_TAB,
           "y": pygame.K_DELETE, "back": press(pygame.K_l, pygame.KMOD_LCTRL), "rs": pygame.K_s}

    def __init__(self, app, match, player: int, on_done):
        super().__init__(app, on_done, match.letters, kor.WIDTH, kor.HEIGHT, match, player)
        self.flip = player == 1
        self.zone = set(kor.zone_cells(player))
        self.setup: dict = {}                 # board cell -> rank
        self.rank: str | None = kor.RANKS[0]  # the rank chosen in the tray
        self.lifted = None                    # (rank, board cell it came from) in hand
        self.dragging = None                  # None, "tray" or "board": what a press carries
        self.press_cell = None                # the board cell a press on a piece began on
        self.moved_off = False                # the pointer left that cell during the press
        self.cursor = (kor.WIDTH // 2, ZONE_TOP)   # a screen cell in the zone
        self.dialog = None                    # None, "save" or "load"
        self.name = ""                        # the save dialog's name
        self.saved: frozenset = frozenset()   # the save dialog's names taken (their slugs)
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
        self.hotkeys: dict = {}               # each button's hotkey, shown where it fits

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

    def held_rank(self):
        """The rank in hand: the lifted piece's, else the chosen one while pieces of it are
        left."""
        if self.lifted is not None:
            return self.lifted[0]
        if self.rank is not None and self.left(self.rank) > 0:
            return self.rank
        return None

    def board_cursor(self):
        return draw.from_screen(self.cursor, self.flip)

    def words(self, exc: PlacementError) -> str:
        params = dict(exc.params)
        if params.get("piece") in kor.COUNTS:
            params["piece"] = self.name_of(params["piece"])
        return super().words(PlacementError(exc.code, **params))

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

    # -- layout ------------------------------------------------------------------------------
    def lay_out(self, w: int, h: int, u: float) -> None:
        m = int(16 * u)
        top = int((84 + 40 * (theme.SCALE - 1)) * u)   # the heading's lines grow with the text
        below = int(theme.font_px(self.size, 20) * 2.4) + int(6 * u)   # two lines of message
        area = pygame.Rect(m, top, int(w * 0.6), h - top - below)
        geo = draw.fit_geometry(area, 48)
        self.geo = geo.moved(area.x - geo.outer.x, 0)
        side = pygame.Rect(self.geo.grid.right + 2 * m, top, 0, h - top - m)
        side.w = w - m - side.x
        self.side = side
        # buttons: three rows of two at the bottom of the side
        gap = max(6, m // 2)
        stack_buttons(self.buttons, side, 2, max(26, int(42 * u)), gap, gap, lift=gap)
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

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fit_hotkeys()
        if self.dialog is not None:
            self.lay_out_dialog()

    def fit_hotkeys(self) -> None:
        """A button names its key only where label and key fit (narrow buttons: the help names
        the keys)."""
        for b in self.buttons:
            hotkey = self.hotkeys.setdefault(b, b.hotkey)
            fits = text.size(f"{b.label()}  [{hotkey}]", 13)[0] <= b.rect.w - 12
            b.hotkey = hotkey if fits else ""

    def on_motion(self, event) -> None:
        self._motion(event.pos)

    def on_release(self, event) -> None:
        if event.button == 1:
            self._release(event.pos)

    def _motion(self, pos) -> None:
        self.mouse = pos
        screen = self.geo.cell_at(pos)
        if screen is not None and screen[1] >= ZONE_TOP:
            self.cursor = screen
        cell = draw.cell_at(self.geo, pos, self.flip)
        if self.press_cell is not None and cell != self.press_cell:
            self.moved_off = True

    def dock_items(self):
        return self.tiles

    def on_press(self, event) -> None:
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
        rank = self.dock_at(pos, 0)
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

    def on_key(self, event) -> None:
        self.mouse = None
        super().on_key(event)

    def key_escape(self, event) -> None:
        if self.lifted is None:
            super().key_escape(event)
            return
        self.put_back()
        self.message = ""
        self.app.sound("click")

    def key_arrow(self, event) -> None:
        """The cursor stays in the own zone."""
        dx, dy = ARROWS[event.key]
        x = max(0, min(kor.WIDTH - 1, self.cursor[0] + dx))
        y = max(ZONE_TOP, min(kor.HEIGHT - 1, self.cursor[1] + dy))
        self.cursor = (x, y)
        self.message = ""

    def key_tab(self, event) -> None:
        self.put_back()
        self.next_rank(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        self.message = ""
        self.app.sound("click")

    def key_enter(self, event) -> None:
        cell = self.board_cursor()
        if self.lifted is not None:
            self.place(cell)
        elif event.key != pygame.K_SPACE and self.complete:
            self.ready()
        elif cell in self.setup:
            self.lift(cell)
        else:
            self.place(cell)

    def key_delete(self, event) -> None:
        if not self.to_tray(self.board_cursor()):
            self.refuse(self.tr("kor.setup.nothing_here"))

    def draw(self, surface: pygame.Surface) -> None:
        draw_setup(surface, self)
