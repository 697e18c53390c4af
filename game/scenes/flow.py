"""The order of screens, in one place (issue 19): a match's set-up and battle, the game over, the
title, the chart, the pause menu. Screens never build one another: each asks ``app.flow``,
which alone imports them all. (The screens of each mode are ``game.scenes.modes``.)
"""

from __future__ import annotations

from .campaign.voyage import VoyageScene, offer_resume, open_medal_case
from .common.curtain import CurtainScene
from .common.dialogs import PauseScene
from .common.quick_match import SetupScene
from .common.settings import SettingsScene
from .common.title import TitleScene
from .modes import SCREENS


class Flow:
    def __init__(self, app):
        self.app = app

    # -- a match ----------------------------------------------------------------------------
    def start(self, match, replace: bool = False) -> None:
        """Each person sets up his side (behind the hand-over curtain when two share the
        screen), the computers set up theirs, then the battle. The first new screen goes on top
        of the current one, or takes its place when ``replace`` is set."""
        app, screens = self.app, SCREENS[match.mode]
        setups = match.computer_setups()
        order = match.humans

        def show(scene, first: bool) -> None:
            if first and not replace:
                app.scenes.push(scene)
            else:
                app.scenes.replace(scene)

        def place(k: int) -> None:
            if k == len(order):
                game = match.new_game(setups)
                battle = screens.battle(app, match, game)
                if match.hot_seat:
                    battle.viewer = game.turn
                    app.scenes.replace(CurtainScene(
                        app, app.tr("curtain.first", name=match.seats[game.turn].name),
                        lambda: app.scenes.replace(battle)))
                else:
                    app.scenes.replace(battle)
                return
            player = order[k]

            def done(setup, player=player, k=k):
                setups[player] = setup
                place(k + 1)

            scene = screens.set_up(app, match, player, done)
            if match.hot_seat:
                show(CurtainScene(app, app.tr("curtain.place", name=match.seats[player].name),
                                  lambda: app.scenes.replace(scene)), k == 0)
            else:
                show(scene, k == 0)

        if not order:   # computer against computer: straight to the battle
            show(screens.battle(app, match, match.new_game(setups)), True)
            return
        place(0)

    def battle(self, match, game, **options):
        """The battle screen of ``game`` (a new one, or one resumed)."""
        return SCREENS[match.mode].battle(self.app, match, game, **options)

    def game_over(self, battle, **shown) -> None:
        """After the battle: the mode's game over screen in its place."""
        screen = SCREENS[battle.match.mode].game_over
        self.app.scenes.replace(screen(self.app, battle.match, battle.game, battle.elapsed,
                                       battle.record_path, **shown))

    # -- places -----------------------------------------------------------------------------
    def to_title(self) -> None:
        self.app.scenes.reset(TitleScene(self.app))

    def to_chart(self, result=None) -> None:
        """Back to the chart (over the title screen), showing ``result`` if a battle just ended."""
        self.to_title()
        self.app.scenes.push(VoyageScene(self.app, result))

    def voyage(self) -> None:
        self.app.scenes.push(VoyageScene(self.app))

    def medal_case(self) -> None:
        open_medal_case(self.app)

    def quick_match(self, kind: str) -> None:
        self.app.scenes.push(SetupScene(self.app, kind))

    def settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app))

    def pause(self, on_save_record=None, on_abandon=None, **concede) -> None:
        """The pause menu; ``concede``: a battle's ``on_resign``, ``on_offer_draw`` and
        ``draw_to`` (RULES.md §0)."""
        self.app.scenes.push(PauseScene(self.app, on_save_record, on_abandon, **concede))

    def opening(self, resume: bool) -> None:
        """The game as it opens: the title, and the offer to resume a campaign battle."""
        self.to_title()
        if resume:
            offer_resume(self.app)
