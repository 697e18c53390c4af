"""Setting up a match: against the computer (quick match) or two people on one screen.

Choices are remembered in the settings (``quick_match``) for the next time.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ..ai.opponents import OPPONENTS, opponent
from ..data.profiles import profile_key
from ..render import text, theme
from ..rules.korabliki import KorablikiConfig
from ..rules.naval import NavalConfig
from ..render.widgets import Item
from .dialogs import MenuScene
from .match import COMPUTER, HUMAN, Match, Seat, start_game
from .rules import load_rules, rules_summary
from .settings import letters_item

FIRST_CHOICES = ("lot", "0", "1")
MODES = ("classic", "naval", "korabliki")
NAME_LEN = 16


class SetupScene(MenuScene):
    def __init__(self, app, kind: str):
        self.kind = kind  # "computer" or "two"
        self.choices = app.settings.quick_match
        self.choices.setdefault("opponent", OPPONENTS[-1].key)
        self.choices.setdefault("first", "lot")
        if self.choices["opponent"] not in [o.key for o in OPPONENTS]:
            self.choices["opponent"] = OPPONENTS[-1].key
        if self.choices["first"] not in FIRST_CHOICES:
            self.choices["first"] = "lot"
        if self.choices.get("mode") not in MODES:
            self.choices["mode"] = "classic"
        self.choices["auto_intercept"] = bool(self.choices.get("auto_intercept", False))
        items = [Item(lambda: self.tr("setup.mode"), values=lambda: list(MODES),
                      get=lambda: self.choices["mode"],
                      set=lambda v: self.choices.__setitem__("mode", v),
                      show=lambda k: self.tr(f"mode.{k}"))]
        if kind == "computer":
            items.append(Item(lambda: self.tr("setup.opponent"),
                              values=lambda: [o.key for o in OPPONENTS],
                              get=lambda: self.choices["opponent"],
                              set=lambda v: self.choices.__setitem__("opponent", v),
                              show=lambda k: self.tr("setup.opponent_level",
                                                     name=self.tr(f"opponent.{k}.name"),
                                                     level=opponent(k).level)))
            items.append(Item(lambda: self.tr("setup.your_name"),
                              get=lambda: str(self.choices.get("player", "")),
                              set=lambda v: self.choices.__setitem__("player", v),
                              max_len=NAME_LEN, placeholder=lambda: self.tr("setup.you")))
        else:
            for i in (1, 2):
                key = f"name{i}"
                items.append(Item(lambda i=i: self.tr("setup.name", n=i),
                                  get=lambda key=key: str(self.choices.get(key, "")),
                                  set=lambda v, key=key: self.choices.__setitem__(key, v),
                                  max_len=NAME_LEN,
                                  placeholder=lambda i=i: self.tr("setup.player", n=i)))
        items += [
            Item(self._rules_words, self.open_rules,
                 enabled=lambda: self.choices["mode"] == "classic"),
            Item(lambda: self.tr("setup.auto_intercept"), values=lambda: [False, True],
                 get=lambda: self.choices["auto_intercept"],
                 set=lambda v: self.choices.__setitem__("auto_intercept", v),
                 show=lambda v: self.tr("setup.intercept_auto" if v else "setup.intercept_manual"),
                 enabled=lambda: self.naval),
            Item(lambda: self.tr("setup.first"), values=lambda: list(FIRST_CHOICES),
                 get=lambda: self.choices["first"],
                 set=lambda v: self.choices.__setitem__("first", v), show=self._first_words),
            letters_item(app),
            Item(lambda: self.tr("setup.start"), self.start),
            Item(lambda: self.tr("menu.back"), self.back),
        ]
        super().__init__(app, items)
        self.menu.index = len(items) - 2  # Start is one key press away

    @property
    def naval(self) -> bool:
        return self.choices["mode"] == "naval"

    def _rules_words(self) -> str:
        if self.choices["mode"] == "korabliki":
            return self.tr("setup.korabliki_rules")
        if self.naval:
            return self.tr("setup.naval_rules")
        return self.tr("setup.rules", rules=rules_summary(self.tr, *load_rules(self.choices)))

    def open_rules(self) -> None:
        if self.choices["mode"] != "classic":
            return
        from .rules import RulesScene
        self.app.scenes.push(RulesScene(self.app, self.choices))

    def _first_words(self, value: str) -> str:
        if value == "lot":
            return self.tr("setup.first_lot")
        if self.kind == "computer":
            return self.tr("setup.first_me" if value == "0" else "setup.first_opponent")
        return self._names()[int(value)]

    def _names(self) -> list[str]:
        return [self.choices.get(f"name{i}", "").strip() or self.tr("setup.player", n=i)
                for i in (1, 2)]

    def start(self) -> None:
        app = self.app
        name = str(self.choices.get("player", "")).strip()
        profile = None
        if self.kind == "computer":  # the profile the admirals learn from is the player's name
            app.settings.profile = profile_key(name) if name else "player"
        app.save_settings()
        if self.kind == "computer":
            opp = opponent(self.choices["opponent"])
            profile = app.profile(name)
            seats = (Seat(HUMAN, name or self.tr("setup.you")),
                     Seat(COMPUTER, self.tr(f"opponent.{opp.key}.name"), opp.shooter,
                          opp.placement, opp.key, opp.remembers))
        else:
            a, b = self._names()
            seats = (Seat(HUMAN, a), Seat(HUMAN, b))
        if self.choices["mode"] == "korabliki":   # §K: one board, one set of pieces
            config, series = KorablikiConfig(), 1
        elif self.naval:   # §N: one field and one fleet; no series, no halo setting
            config, series = NavalConfig(), 1
        else:
            config, series = load_rules(self.choices)
            if not config.relocate:
                config = replace(config, halo=app.settings.halo)
        match = Match(config, seats, first=self.choices["first"],
                      letters=app.settings.letter_set, seed=app.new_seed(), profile=profile,
                      best_of=series, auto_intercept=self.choices["auto_intercept"])
        start_game(app, match)

    def back(self) -> None:
        self.app.save_settings()
        self.app.scenes.pop()

    def heading(self) -> str:
        return self.tr("menu.quick_match" if self.kind == "computer" else "menu.two_players")

    def draw_below(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        w = self.size[0]
        u = theme.unit(self.size)
        if self.kind == "computer":
            about = self.tr(f"opponent.{self.choices['opponent']}.about")
        else:
            about = self.tr("setup.two_about")
        px = theme.font_px(self.size, 20)
        for i, line in enumerate(text.wrap(about, px, int(w * 0.8))[:3]):
            text.draw(surface, line, (w / 2, rect.bottom + 16 * u + i * px * 1.2), px,
                      theme.TEXT_DIM, "midtop")
