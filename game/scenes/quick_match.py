"""Setting up a match: against the computer (quick match) or two people on one screen.

A menu over every mode (their rows, opponents and cards from the screens' registry), so it
stands above the registry, beside the flow, and below it (issue 34).

Each game lists its own computer opponents; choices (the opponent of each game too) are
remembered in the settings (``quick_match``) for the next time.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ..ai.opponents import first_opponent, opponent, roster
from ..data.profiles import profile_key
from ..i18n.phrase import Phrase, say
from ..render import motion, text, theme
from ..render.easing import ease_out
from ..render.mode_art import mode_art
from ..render.portrait import draw_portrait
from ..render.widgets import Item, star
from .common.dialogs import MenuScene
from ..match import COMPUTER, HUMAN, Match, Seat
from ..modes import MODES
from ..net.protocol import CLAIM_DEFAULT, CLOCKS
from .modes import SCREENS
from .common.settings import letters_item

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
        if self.choices.get("clock") not in CLOCKS:
            self.choices["clock"] = 0          # RULES.md §0: the move clock, off by default
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
            items.append(Item(lambda: self.tr("online.clock"), values=lambda: list(CLOCKS),
                              get=lambda: self.choices["clock"],
                              set=lambda v: self.choices.__setitem__("clock", v),
                              show=lambda n: self.tr("online.clock_seconds", n=n) if n
                              else self.tr("online.clock_off")))
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
        """The games to choose from: every mode, online too (a seat's table plays any)."""
        return list(MODES)

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
        """The chosen game's rules and series length: as its rules screen set them (Classic's,
        §C, C7); a game of one set of rules (§N, §K) plays it once a match."""
        chosen = self.screens.chosen_rules
        if chosen is None:
            return next(iter(MODES[self.mode].rules.presets.values())), 1
        return chosen(self.choices)

    def columns(self) -> int:
        """The columns of the chosen game's board: as many letters as it needs."""
        return self.rules()[0].width

    def _rules_words(self) -> str:
        config, series = self.rules()
        words = MODES[self.mode].describe(config, series=series)
        return self.tr("setup.rules", rules=say(words, self.tr))

    def open_rules(self) -> None:
        if "rules" not in self.screens.menu_rows:
            return
        self.app.scenes.push(self.screens.rules_screen(self.app, self.choices))

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
                "claim_after": self.choices["claim_after"], "clock": self.choices["clock"],
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

    # -- the screen: the game's card and the opponent's portrait over the rows, his words
    # under them ------------------------------------------------------------------------------
    def _about(self) -> str:
        """Who the opponent is (or how two people play, or how a room is hosted)."""
        if self.kind == "computer":
            return self.tr(self.opponent.about_key)
        return self.tr("online.host_about" if self.kind == "online" else "setup.two_about")

    def layout(self) -> None:
        """The heading, then a band (the chosen game's card and words; the opponent's
        portrait, name and level, or the two players' or the room's card and words), the rows
        on their panel, and under it what the opponent is like: the band takes the height
        left over, and is left out of a window too small for it."""
        w, h = self.size
        u = theme.unit(self.size)
        width = int(min(w * 0.9, 820 * max(u, 0.8)))
        self.about_px = theme.font_px(self.size, 20)
        about = len(text.wrap(self._about(), self.about_px, int(w * 0.8))[:3]) \
            if self.kind == "computer" else 0
        below = int(about * self.about_px * 1.2 + (16 * u if about else 8 * u))
        top = int(50 * u + theme.font_px(self.size, 52) * 0.6 + 10 * u)
        gap = int(10 * u)
        # the rows take what they need; a large text's rows close up or scroll instead of
        # pushing the opponent's words out of the window
        panel_h = min(self.menu.height(self.size) + 40, h - top - below)
        band_h = min(int(max(150 * u, h * 0.2)), h - top - panel_h - below - 2 * gap)
        if band_h < 44:
            band_h = 0
        # what is left over goes above and below the band, the rows and the words, alike
        spare = h - top - panel_h - below - (band_h + gap if band_h else 0)
        top += max(0, spare // 3)
        x = (w - width) // 2
        self.band = pygame.Rect(x, top, width, band_h)
        self.panel_rect = pygame.Rect(x, top + (band_h + gap if band_h else 0), width, panel_h)
        self.menu.layout(self.panel_rect.inflate(-30, -20), self.size)
        self._shown()

    def _panel_rect(self) -> pygame.Rect:
        return self.panel_rect

    def _shown(self) -> None:
        """When the game or the opponent shown changed (their pictures slide in from then)."""
        now = (self.mode, self.opponent.key if self.kind == "computer" else "")
        if getattr(self, "showing", None) != now:
            self.showing, self.shown_at = now, self.t

    def draw_below(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        w = self.size[0]
        u = theme.unit(self.size)
        if self.band.h:
            self._draw_band(surface, self.band)
        if self.kind != "computer":
            return
        px = self.about_px
        for i, line in enumerate(text.wrap_most(self._about(), px, int(w * 0.8), 3)):
            text.draw(surface, line, (w / 2, rect.bottom + 12 * u + i * px * 1.2), px,
                      theme.TEXT_DIM, "midtop")

    def _draw_band(self, surface: pygame.Surface, band: pygame.Rect) -> None:
        """The game's card and words on the left; on the right the opponent's portrait, name
        and level (stars), or the card of two players or of a room with its words. Each slides
        in when it changes."""
        u = theme.unit(self.size)
        slide = 0 if motion.reduced() else int((1 - ease_out((self.t - self.shown_at) / 0.3))
                                               * 24 * u)
        half = band.w // 2
        pad = int(8 * u)
        h = band.h
        name_px = theme.font_px(self.size, 28)
        words_px = theme.font_px(self.size, 19)
        # the game
        card = mode_art(self.mode, int(h * 1.5), h, self.screens.card)
        surface.blit(card, (band.x + slide, band.y))
        room = pygame.Rect(band.x + card.get_width() + pad, band.y,
                           half - card.get_width() - 2 * pad, h)
        name = self.tr(f"mode.{self.mode}.name")
        words = self.tr(f"mode.{self.mode}")
        words = words[len(name):].lstrip(" :·—") if words.startswith(name) else words
        self._words(surface, room, name, words, name_px, words_px)
        # the other side of the table
        right = pygame.Rect(band.x + half + pad, band.y, half - pad, h)
        if self.kind == "computer":
            opp = self.opponent
            face = pygame.Rect(right.x + slide, right.y, h, h)
            draw_portrait(surface, face, opp.portrait, self.t)
            room = pygame.Rect(right.x + h + pad, right.y, right.w - h - pad, h)
            title = self.tr(opp.name_key)
            npx = text.fit_px(title, name_px, room.w)
            y = room.centery - (npx * 1.2 + words_px) / 2
            text.draw(surface, title, (room.x, y), npx, theme.ACCENT)
            top = max(o.level for o in roster(self.mode))
            size = words_px * 1.2
            for i in range(top):
                star(surface, (room.x + size * (i + 0.5), y + npx * 1.35 + size / 2), size,
                     theme.ACCENT, filled=i < opp.level)
            return
        card = mode_art("online" if self.kind == "online" else "two", int(h * 1.5), h)
        surface.blit(card, (right.x + slide, right.y))
        room = pygame.Rect(right.x + card.get_width() + pad, right.y,
                           right.w - card.get_width() - pad, h)
        self._words(surface, room, "", self._about(), name_px, words_px)

    @staticmethod
    def _words(surface, room: pygame.Rect, name: str, words: str, name_px: int,
               words_px: int) -> None:
        """A name over a few lines of words, the whole block centred on ``room``'s height."""
        npx = text.fit_px(name, name_px, room.w) if name else 0
        size, lines = text.fit_block(words, words_px, room.w,
                                     room.h - int(npx * 1.25), minimum=12)
        height = (npx * 1.25 if name else 0) + len(lines) * int(size * 1.2)
        y = room.centery - height / 2
        if name:
            text.draw(surface, name, (room.x, y), npx, theme.TEXT)
            y += npx * 1.25
        for line in lines:
            text.draw(surface, line, (room.x, y), size, theme.TEXT_DIM)
            y += int(size * 1.2)
