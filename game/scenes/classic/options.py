"""The rules of a match (RULES.md §C, C1–C7, §D, §A): a preset fills every option, and any option
can then be changed (which makes the rules "custom"). A fleet that cannot be placed under the
chosen rules is refused here, with the reason, before any game starts; so is a mix the rules
refuse (the arcade arsenal with salvo or the Flying Dutchman, §A).

The choice is kept in the settings (``quick_match["rules"]``) for the next match.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...i18n import describe
from ...rules.classic import (ARSENAL, MAX_CHARGES, PRESETS, ClassicConfig, ShipSpec,
                             check_placeable, preset_of)
from ...rules.errors import RuleError
from ...rules.series import SERIES_LENGTHS
from ...render import text, theme
from ...render.widgets import Item
from ..common.dialogs import MenuScene

PRESET_KEYS = tuple(PRESETS) + ("custom",)
SIDES = tuple(range(8, 21))
DECKS = (5, 6, 7, 8)
FLEET_TEXT_LEN = 48
BASE_PX = 22         # the rows' font at 1280×720, made smaller only when they would not fit
SNUG = 1.45          # a long menu's rows, in font sizes, before its font gets smaller
CLOSEST = 1.3        # the least row height, in font sizes, on the smallest window


def load_rules(choices: dict) -> tuple[ClassicConfig, int]:
    """The rules and series length remembered in ``choices`` (Russian, one game, if none or
    broken)."""
    saved = choices.get("rules")
    config = PRESETS["russian"]
    if isinstance(saved, dict):
        try:
            config = ClassicConfig.from_dict(saved)
        except RuleError:
            config = PRESETS["russian"]
    series = choices.get("series", 1)
    if series not in SERIES_LENGTHS:
        series = 1
    return config, series


def _rows_px(rows: int, size, room: int) -> int:
    """The rows' font size at 100 % (``RulesScene.layout``'s closing up and shrinking, at the
    theme's scale of 1)."""
    u = theme.unit(size)
    spacing, base = 1.7, BASE_PX
    px = lambda b: max(14, round(b * u))  # noqa: E731   (theme.font_px at 100 %)
    while int(px(base) * spacing) * rows > room and spacing > SNUG:
        spacing = round(spacing - 0.05, 2)
    while int(px(base) * spacing) * rows > room and base > 1:
        base -= 1
    return px(base)


class RulesScene(MenuScene):
    def __init__(self, app, choices: dict):
        self.choices = choices
        self.config, self.series = load_rules(choices)
        self.fleet_text = " ".join(str(s) for s in self.config.sizes)
        self.message = ""
        on = lambda v: self.tr("rules.on" if v else "rules.off")  # noqa: E731
        cfg = lambda: self.config  # noqa: E731
        self.charges = [self._charge_row(weapon) for weapon in ARSENAL]
        items = [
            Item(lambda: self.tr("rules.preset"), values=lambda: list(PRESET_KEYS),
                 get=lambda: self.preset, set=self.set_preset,
                 show=lambda k: self.tr(f"preset.{k}")),
            Item(lambda: self.tr("rules.board"), values=lambda: list(SIDES),
                 get=lambda: cfg().width, set=lambda v: self.change(width=v, height=v),
                 show=lambda v: f"{v}×{v}", enabled=lambda: not cfg().relocate),
            Item(lambda: self.tr("rules.fleet"), get=lambda: self.fleet_text,
                 set=self.set_fleet_text, max_len=FLEET_TEXT_LEN,
                 enabled=lambda: not cfg().relocate),
            Item(lambda: self.tr("rules.decks"), values=lambda: list(DECKS),
                 get=lambda: cfg().sizes[0],
                 set=lambda v: self.change(fleet=(ShipSpec(v),)),
                 enabled=lambda: cfg().relocate),
            Item(lambda: self.tr("rules.touching"), values=lambda: ["none", "corners", "free"],
                 get=lambda: cfg().touching, set=lambda v: self.change(touching=v),
                 show=lambda v: self.tr(f"touching.{v}"), enabled=lambda: not cfg().relocate),
            Item(lambda: self.tr("rules.shapes"), values=lambda: ["straight", "bent"],
                 get=lambda: cfg().shapes, set=lambda v: self.change(shapes=v),
                 show=lambda v: self.tr(f"shapes.{v}"), enabled=lambda: not cfg().relocate),
            Item(lambda: self.tr("rules.salvo"), values=lambda: ["off", "afloat", "fixed"],
                 get=lambda: cfg().salvo, set=lambda v: self.change(salvo=v),
                 show=lambda v: self.tr(f"salvo.{v}"), enabled=lambda: not cfg().relocate),
            Item(lambda: self.tr("rules.salvo_shots"), values=lambda: list(range(1, 11)),
                 get=lambda: cfg().salvo_shots, set=lambda v: self.change(salvo_shots=v),
                 enabled=lambda: cfg().salvo == "fixed"),
            Item(lambda: self.tr("rules.mines"), values=lambda: [0, 1, 2, 3],
                 get=lambda: cfg().mines, set=self.set_mines, enabled=lambda: not cfg().relocate),
            Item(lambda: self.tr("rules.mine_effect"), values=lambda: ["give", "skip"],
                 get=lambda: cfg().mine_effect, set=lambda v: self.change(mine_effect=v),
                 show=lambda v: self.tr(f"mine_effect.{v}"), enabled=lambda: cfg().mines > 0),
            Item(lambda: self.tr("rules.mines_touch"), values=lambda: [False, True],
                 get=lambda: cfg().mines_touch, set=lambda v: self.change(mines_touch=v),
                 show=on, enabled=lambda: cfg().mines > 0),
            Item(lambda: self.tr("rules.sweepers"), values=lambda: [0, 1, 2, 3],
                 get=lambda: cfg().sweepers, set=lambda v: self.change(sweepers=v),
                 enabled=lambda: cfg().mines > 0),
            Item(lambda: self.tr("rules.arsenal"), values=lambda: [False, True],
                 get=lambda: cfg().arsenal, set=self.set_arsenal, show=on),
            *self.charges,
            Item(lambda: self.tr("rules.series"), values=lambda: list(SERIES_LENGTHS),
                 get=lambda: self.series, set=self.set_series,
                 show=lambda n: self.tr("rules.best_of", n=n) if n > 1 else self.tr("rules.one_game")),
            Item(lambda: self.tr("rules.done"), self.back),
        ]
        self.rows = items
        super().__init__(app, items, base_px=BASE_PX)
        self.menu.index = 0
        self._show_rows()

    # -- changes -------------------------------------------------------------------------
    @property
    def preset(self) -> str:
        return preset_of(self.config)

    def set_preset(self, key: str) -> None:
        if key == "custom":
            return  # "custom" is what the rules become once an option is changed
        self.config = PRESETS[key]
        self.fleet_text = " ".join(str(s) for s in self.config.sizes)
        self.message = ""
        self._keep()

    def change(self, **options) -> bool:
        """Apply ``options`` if the rules accept them; else say why and keep the old rules."""
        try:
            new = replace(self.config, **options)
        except RuleError as exc:
            self.message = describe(exc, self.tr)
            self.app.sound("refuse")
            return False
        if "fleet" in options and new.sizes != self.config.sizes:
            new = replace(new, announce=False)  # typed sizes carry no Milton Bradley names
        self.config = new
        self.message = ""
        self._keep()
        return True

    def set_mines(self, n: int) -> None:
        if n == 0:
            self.change(mines=0, sweepers=0)
        else:
            self.change(mines=n)

    def _charge_row(self, weapon: str) -> Item:
        """§A: the charges of one weapon (air defences: pieces), dimmed while the arsenal is
        off."""
        return Item(lambda: self.tr(f"arsenal.{weapon}"),
                    values=lambda: list(range(MAX_CHARGES + 1)),
                    get=lambda: getattr(self.config, weapon),
                    set=lambda v: self.change(**{weapon: v}),
                    enabled=lambda: self.config.arsenal)

    def set_arsenal(self, on: bool) -> bool:
        """§A: the arsenal turned on starts from the Arcade preset's stock; turned off, it keeps
        no charges (they need it). Refused, with the reason, beside salvo or the Dutchman."""
        stock = PRESETS["arcade"].stock if on else dict.fromkeys(ARSENAL, 0)
        return self.change(arsenal=on, **stock)

    def set_series(self, n: int) -> None:
        self.series = n
        self._keep()

    def set_fleet_text(self, value: str) -> None:
        self.fleet_text = value
        words = value.replace(",", " ").split()
        try:
            sizes = [int(w) for w in words]
        except ValueError:
            self.message = self.tr("rules.fleet_help")
            return
        if not sizes or any(not 1 <= s <= 10 for s in sizes) or len(sizes) > 30:
            self.message = self.tr("rules.fleet_help")
            return
        if sorted(sizes, reverse=True) != sorted(self.config.sizes, reverse=True):
            self.change(fleet=tuple(ShipSpec(s) for s in sorted(sizes, reverse=True)))

    def _keep(self) -> None:
        self.choices["rules"] = self.config.to_dict()
        self.choices["series"] = self.series

    def placeable(self) -> bool:
        try:
            check_placeable(self.config)
        except RuleError as exc:
            self.message = describe(exc, self.tr)
            self.app.sound("refuse")
            return False
        return True

    def back(self) -> None:
        if not self.placeable():
            return   # a fleet that cannot be placed is refused before any game starts
        self._keep()
        self.app.save_settings()
        self.app.scenes.pop()

    # -- layout --------------------------------------------------------------------------
    def _show_rows(self) -> None:
        """§A: the weapons' counts are rows only while the arsenal is on; the row chosen stays
        chosen as they come and go."""
        rows = [it for it in self.rows if self.config.arsenal or it not in self.charges]
        if rows != self.menu.items:
            current = self.menu.current
            self.menu.items = rows
            self.menu.index = rows.index(current) if current in rows else 0

    def layout(self) -> None:
        """The rows at BASE_PX when they all stand between the heading and the words below;
        else first a little closer together (down to SNUG), then in a smaller font, and on the
        smallest window closer still (down to CLOSEST)."""
        self._show_rows()
        room = self.size[1] - int(150 * theme.unit(self.size)) - 40
        menu = self.menu
        menu.base_px, menu.spacing = BASE_PX, 1.7
        fits = lambda: menu.height(self.size) <= room  # noqa: E731
        # the font shrinks no further than at 100 %, times the scale: a larger text's rows
        # scroll instead (issue 38)
        least = round(_rows_px(len(menu.items), self.size, room) * theme.SCALE)
        while not fits() and menu.spacing > SNUG:
            menu.spacing = round(menu.spacing - 0.05, 2)
        while (not fits() and menu.base_px > 1              # the font stops at its least size
               and theme.font_px(self.size, menu.base_px - 1) >= least):
            menu.base_px -= 1
        while not fits() and menu.spacing > CLOSEST:
            menu.spacing = round(menu.spacing - 0.05, 2)
        super().layout()

    # -- drawing -------------------------------------------------------------------------
    def heading(self) -> str:
        return self.tr("rules.title")

    def draw_below(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        w, h = self.size
        px = theme.font_px(self.size, 19)
        if self.message:
            words, colour = self.message, theme.BAD
        else:
            words, colour = self.tr(f"preset_about.{self.preset}"), theme.TEXT_DIM
        y = min(rect.bottom + 8, h - px * 2.6)
        for i, line in enumerate(text.wrap_most(words, px, int(w * 0.9), 2)):
            text.draw(surface, line, (w / 2, y + i * px * 1.2), px, colour, "midtop")
