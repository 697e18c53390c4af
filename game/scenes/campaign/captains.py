"""Who sails the campaign: every captain (player profile) who has set out, with his stars, and
a new one signing on."""

from __future__ import annotations

from ...data.profiles import profile_key
from ...render.widgets import Item
from ..common.dialogs import MenuScene
from .sailing import report_files

NAME_LEN = 16


class CaptainsScene(MenuScene):
    """Who sails: every captain (player profile) who has set out, and a new one signing on."""

    def __init__(self, app, chart):
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
