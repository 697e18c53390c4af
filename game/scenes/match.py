"""The screens of a match, in order: each person places a fleet (behind a hand-over curtain when
two people share the screen), the computer places its own, then the battle, then the game over
screen, whose rematch starts the next game (the match itself is ``game.match``).
"""

from __future__ import annotations

import random

from ..match import COMPUTER, Match
from ..rules.classic import Setup


def start_game(app, match: Match, replace: bool = False) -> None:
    """Place the fleets (people by hand, computers at random), then go to the battle. The first
    new screen goes on top of the current one, or takes its place when ``replace`` is set."""
    from .battle import BattleScene
    from .curtain import CurtainScene
    from .placement import PlacementScene

    if match.mode == "naval":
        start_naval_game(app, match, replace)
        return
    if match.mode == "korabliki":
        start_korabliki_game(app, match, replace)
        return
    fleets: list = [None, None]
    for i, seat in enumerate(match.seats):
        if seat.kind == COMPUTER:
            fleets[i] = match.computer_fleet(i)
    order = match.humans

    def place(k: int) -> None:
        if k == len(order):
            game = match.new_game(fleets)
            battle = BattleScene(app, match, game)
            if match.hot_seat:
                first = match.seats[game.turn].name
                app.scenes.replace(CurtainScene(
                    app, app.tr("curtain.first", name=first),
                    lambda: app.scenes.replace(battle)))
                battle.viewer = game.turn
            else:
                app.scenes.replace(battle)
            return
        player = order[k]

        def done(ships, player=player, k=k):
            fleets[player] = ships
            place(k + 1)

        if match.config.shapes == "any":   # §D: the Flying Dutchman is drawn cell by cell
            from .paint import PaintShipScene
            scene = PaintShipScene(
                app, match.config, match.letters,
                app.tr("paint.title", name=match.seats[player].name), match.config.sizes[0],
                lambda cells, done=done: done(Setup([cells])),
                rng=random.Random(match.rng.getrandbits(32)))
        else:
            scene = PlacementScene(app, match, player, done)
        if match.hot_seat:
            show(CurtainScene(app, app.tr("curtain.place", name=match.seats[player].name),
                              lambda: app.scenes.replace(scene)), k == 0)
        else:
            show(scene, k == 0)

    def show(scene, first: bool) -> None:
        if first and not replace:
            app.scenes.push(scene)
        else:
            app.scenes.replace(scene)

    if not order:  # computer against computer: straight to the battle
        show(BattleScene(app, match, match.new_game(fleets)), True)
        return
    place(0)


def start_naval_game(app, match: Match, replace: bool = False) -> None:
    """§N: people place ships and weapons (behind the curtain when two share the screen), the
    computer places its own, then the battle."""
    from .naval_battle import NavalBattleScene
    from .naval_placement import NavalPlacementScene

    ais = match.naval_ais()
    _set_up_then_battle(app, match, replace, [ais[i].place() if i in ais else None
                                              for i in range(2)],
                        NavalPlacementScene, NavalBattleScene)


def _set_up_then_battle(app, match: Match, replace: bool, setups: list, set_up_scene,
                        battle_scene) -> None:
    """Each person sets up in ``set_up_scene(app, match, player, done)`` (behind the curtain when
    two share the screen) where ``setups`` has None, then ``battle_scene(app, match, game)``."""
    from .curtain import CurtainScene

    order = match.humans

    def show(scene, first: bool) -> None:
        if first and not replace:
            app.scenes.push(scene)
        else:
            app.scenes.replace(scene)

    def place(k: int) -> None:
        if k == len(order):
            game = match.new_game(setups)
            battle = battle_scene(app, match, game)
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

        scene = set_up_scene(app, match, player, done)
        if match.hot_seat:
            show(CurtainScene(app, app.tr("curtain.place", name=match.seats[player].name),
                              lambda: app.scenes.replace(scene)), k == 0)
        else:
            show(scene, k == 0)

    if not order:
        show(battle_scene(app, match, match.new_game(setups)), True)
        return
    place(0)


def start_korabliki_game(app, match: Match, replace: bool = False) -> None:
    """§K: people set up their 52 pieces (behind the curtain when two share the screen), the
    computer sets up its own, then the battle."""
    from .korabliki_battle import KorablikiBattleScene
    from .korabliki_setup import KorablikiSetupScene

    ais = match.korabliki_ais()
    _set_up_then_battle(app, match, replace, [ais[i].setup(i) if i in ais else None
                                              for i in range(2)],
                        KorablikiSetupScene, KorablikiBattleScene)
