"""Setting up a match: against the computer (quick match) or two people on one screen.

Each game lists its own computer opponents; choices (the opponent of each game too) are
remembered in the settings (``quick_match``) for the next time.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...ai.opponents import first_opponent, opponent, roster
from ...data.profiles import profile_key
from ...i18n.phrase import Phrase
from ...render import text, theme
from ...render.widgets import Item
from .dialogs import MenuScene
from ...match import COMPUTER, HUMAN, Match, Seat
from ...modes import MODES
from ...net.protocol import CLAIM_DEFAULT
from ..modes import SCREENS
from ..classic.options import RulesScene, load_rules, rules_summary
from .settings import letters_item

FIRST_CHOICES = ("lot", "0", "1")
CLAIM_TIMES = (30, 60, 120, 300, 600)   # a room's wait for a gone player (online), seconds
NAME_LEN = 16


class SetupScene(MenuScene):
    def __init__(self, app, kind: str):
        self.kind = kind  # "computer", "two" or "online" (Host: the room's game and rules)
        self.choices = app.settings.quick_match
        if self.choices.get("mode") not in MODES:
            self.choices["mode"] = next(iter(MODES))
        for mode, screens in SCREENS.items():   # a new player starts mid-ladder (issue 18)
            key = screens.opponent_setting
            if self.choices.get(key) not in [o.key for o in roster(mode)]:
                self.choices[key] = first_opponent(mode).key
        if self.choices.get("first") not in FIRST_CHOICES:
            self.choices["first"] = "lot"
        self.choices["auto_intercept"] = bool(self.choices.get("auto_intercept", False))
        if kind == "online" and self.choices["mode"] not in self.modes():
            self.choices["mode"] = self.modes()[0]
        if self.choices.get("claim_after") not in CLAIM_TIMES:
            self.choices["claim_after"] = CLAIM_DEFAULT
        mode_item = Item(lambda: self.tr("setup.mode"), values=self.modes,
                         get=lambda: self.choices["mode"],
                         set=lambda v: self.choices.__setitem__("mode", v),
                         show=lambda k: self.tr(f"mode.{k}.name"))
        items = [mode_item]
        if kind == "computer":
            items.append(Item(lambda: self.tr("setup.opponent"),
                              values=lambda: [o.key for o in roster(self.mode)],
                              get=lambda: self.opponent.key,
                              set=lambda v: self.choices.__setitem__(self.screens.opponent_setting, v),
                              show=lambda k: self.tr("setup.opponent_level",
                                                     name=self.tr(opponent(k, self.mode).name_key),
                                                     level=opponent(k, self.mode).level)))
            items.append(Item(lambda: self.tr("setup.your_name"),
                              get=lambda: str(self.choices.get("player", "")),
                              set=lambda v: self.choices.__setitem__("player", v),
                              max_len=NAME_LEN, placeholder=lambda: self.tr("setup.you")))
        elif kind == "online":
            items.append(Item(lambda: self.tr("setup.your_name"),
                              get=lambda: app.settings.online_name,
                              set=lambda v: setattr(app.settings, "online_name", v),
                              max_len=NAME_LEN,
                              placeholder=lambda: self.tr("setup.player", n=1)))
            items.append(Item(lambda: self.tr("online.server"),
                              get=lambda: app.settings.online_server,
                              set=lambda v: setattr(app.settings, "online_server", v.strip()),
                              max_len=100, placeholder=lambda: self.tr("online.this_computer")))
        else:
            for i in (1, 2):
                key = f"name{i}"
                items.append(Item(lambda i=i: self.tr("setup.name", n=i),
                                  get=lambda key=key: str(self.choices.get(key, "")),
                                  set=lambda v, key=key: self.choices.__setitem__(key, v),
                                  max_len=NAME_LEN,
                                  placeholder=lambda i=i: self.tr("setup.player", n=i)))
        intercept_item = Item(
            lambda: self.tr("setup.auto_intercept"), values=lambda: [False, True],
            get=lambda: self.choices["auto_intercept"],
            set=lambda v: self.choices.__setitem__("auto_intercept", v),
            show=lambda v: self.tr("setup.intercept_auto" if v else "setup.intercept_manual"))
        # each game's own rows, by the names in its Screens.menu_rows
        self.own_rows = {"rules": Item(self._rules_words, self.open_rules),
                         "intercept": intercept_item}
        # the rows of a game's own options keep one place for every game: a game with fewer
        # shows "no options" there (greyed), so no row below moves when the game changes
        self.slot = len(items)
        self.blanks = [Item(lambda: self.tr("setup.no_options"), enabled=lambda: False)
                       for _ in range(max(len(s.menu_rows) for s in SCREENS.values()))]
        items += self.blanks
        items += [
            Item(lambda: self.tr("setup.first"), values=lambda: list(FIRST_CHOICES),
                 get=lambda: self.choices["first"],
                 set=lambda v: self.choices.__setitem__("first", v), show=self._first_words),
            letters_item(app, self.columns),
        ]
        if kind == "online":
            items.append(Item(lambda: self.tr("online.claim_after"),
                              values=lambda: list(CLAIM_TIMES),
                              get=lambda: self.choices["claim_after"],
                              set=lambda v: self.choices.__setitem__("claim_after", v),
                              show=self._claim_words))
        items += [Item(lambda: self.tr("setup.start"), self.start),
                  Item(lambda: self.tr("menu.back"), self.back)]
        super().__init__(app, items, on_change=self._show_rows)
        self._show_rows()
        self.menu.index = len(self.menu.items) - 2  # Start is one key press away

    def _show_rows(self) -> None:
        """The chosen game's own rows in their places (another game's taken out)."""
        own = [self.own_rows[name] for name in self.screens.menu_rows]
        for i, blank in enumerate(self.blanks):
            self.menu.items[self.slot + i] = own[i] if i < len(own) else blank

    def modes(self) -> list[str]:
        """The games to choose from: online, those whose screens can play a remote game."""
        return [m for m in MODES if self.kind != "online" or SCREENS[m].remote is not None]

    def _claim_words(self, seconds: int) -> str:
        return (self.tr("online.seconds", n=seconds) if seconds < 60
                else self.tr("online.minutes", n=seconds // 60))

    @property
    def mode(self) -> str:
        return self.choices["mode"]

    @property
    def screens(self):
        return SCREENS[self.mode]

    @property
    def opponent(self):
        """The chosen computer opponent of the chosen game."""
        return opponent(self.choices[self.screens.opponent_setting], self.mode)

    def rules(self) -> tuple:
        """The chosen game's rules and series length: Classic's as the rules screen set them
        (§C, C7); a game of one set of rules (§N, §K) plays it once a match."""
        entry = MODES[self.mode]
        if not entry.options:
            return next(iter(entry.rules.presets.values())), 1
        return load_rules(self.choices)

    def columns(self) -> int:
        """The columns of the chosen game's board: as many letters as it needs."""
        return self.rules()[0].width

    def _rules_words(self) -> str:
        return self.tr("setup.rules", rules=rules_summary(self.tr, *load_rules(self.choices)))

    def open_rules(self) -> None:
        if "rules" not in self.screens.menu_rows:
            return
        self.app.scenes.push(RulesScene(self.app, self.choices))

    def _first_words(self, value: str) -> str:
        if value == "lot":
            return self.tr("setup.first_lot")
        if self.kind == "computer":
            return self.tr("setup.first_me" if value == "0" else "setup.first_opponent")
        if self.kind == "online":       # the host sits in seat 0
            return self.tr("setup.first_me" if value == "0" else "online.first_friend")
        return self._names()[int(value)]

    def _names(self) -> list[str]:
        return [name for name, _ in self._seat_names()]

    def _seat_names(self) -> list[tuple]:
        """Each player's name, and the words of the game standing for it when none is given."""
        out = []
        for i in (1, 2):
            given = str(self.choices.get(f"name{i}", "")).strip()
            out.append((given, None) if given else
                       (self.tr("setup.player", n=i), Phrase("setup.player", n=i)))
        return out

    def start(self) -> None:
        app = self.app
        name = str(self.choices.get("player", "")).strip()
        profile = None
        if self.kind == "computer":  # the profile the admirals learn from is the player's name
            app.settings.profile = profile_key(name) if name else "player"
        app.save_settings()
        if self.kind == "computer":
            opp = self.opponent
            profile = app.profile(name)
            if name and not app.profiles.path(profile.key).exists():
                app.save_profile(profile)   # his name kept as he wrote it, from his first game
            seats = (Seat(HUMAN, name or self.tr("setup.you"),
                          label=None if name else Phrase("setup.you")),
                     Seat(COMPUTER, self.tr(opp.name_key), opp.shooter,
                          opp.placement, opp.personality, opp.remembers,
                          label=Phrase(opp.name_key)))
        else:
            seats = tuple(Seat(HUMAN, name, label=label) for name, label in self._seat_names())
        config, series = self.rules()
        if MODES[self.mode].options and not config.relocate:   # Classic's halo setting
            config = replace(config, halo=app.settings.halo)
        if self.kind == "online":
            app.flow.online_host_room({
                "type": "create", "mode": self.mode, "config": config.to_dict(),
                "best_of": series, "first": self.choices["first"],
                "claim_after": self.choices["claim_after"],
                "name": app.settings.online_name.strip() or self.tr("setup.player", n=1)})
            return
        match = Match(config, seats, first=self.choices["first"],
                      letters=app.settings.letter_set, seed=app.new_seed(), profile=profile,
                      best_of=series, auto_intercept=self.choices["auto_intercept"])
        app.flow.start(match)

    def back(self) -> None:
        self.app.save_settings()
        self.app.scenes.pop()

    def heading(self) -> str:
        if self.kind == "online":
            return self.tr("online.host_title")
        return self.tr("menu.quick_match" if self.kind == "computer" else "menu.two_players")

    def draw_below(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What the chosen game is, then who the opponent is (or how two people play)."""
        w = self.size[0]
        u = theme.unit(self.size)
        if self.kind == "computer":
            about = self.tr(self.opponent.about_key)
        elif self.kind == "online":
            about = self.tr("online.host_about")
        else:
            about = self.tr("setup.two_about")
        px = theme.font_px(self.size, 20)
        words = self.tr(f"mode.{self.mode}")
        if words == self.tr(f"mode.{self.mode}.name"):   # the Game row says it already
            words = ""
        lines = [(line, theme.TEXT) for line in text.wrap(words, px, int(w * 0.8))[:2] if line]
        lines += [(line, theme.TEXT_DIM) for line in text.wrap(about, px, int(w * 0.8))[:3]]
        for i, (line, colour) in enumerate(lines):
            text.draw(surface, line, (w / 2, rect.bottom + 16 * u + i * px * 1.2), px,
                      colour, "midtop")
