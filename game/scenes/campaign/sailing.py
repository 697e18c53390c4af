"""Setting sail: the current captain's voyage loaded (every problem with a level file or his
progress shown as a notice), a level's battle started or the saved one resumed, the battle
left in the middle offered at the next start, and his medal case opened from the title.

What a level is and how it is checked is ``game.levels``; progress and the saved battle are
``game.data.progress``; the match a level makes is ``game.campaign``.
"""

from __future__ import annotations

from ...campaign import Voyage, make_match, restore
from ..common.dialogs import ConfirmScene
from .medals import MedalCaseScene


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
