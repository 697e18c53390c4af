"""The screens of every mode, one entry each (issue 19): how a person sets up his side, the
battle, and the game over. The pure side of a mode (rules, players, presets) is
``game.modes``; the order in which these screens follow each other is ``game.scenes.flow``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ..render import mode_art, watch
from ..rules.classic import Setup
from .classic.battle import BattleScene
from .classic.gameover import GameOverScene
from .korabliki.battle import KorablikiBattleScene
from .korabliki.gameover import KorablikiGameOverScene
from .korabliki.placement import KorablikiSetupScene
from .naval.battle import NavalBattleScene
from .naval.gameover import NavalGameOverScene
from .naval.placement import NavalPlacementScene
from .classic.dutchman import PaintShipScene
from .classic.options import RulesScene, load_rules
from .classic.placement import PlacementScene
from .classic import words as classic_words
from .korabliki import words as korabliki_words
from .naval import words as naval_words


@dataclass(frozen=True)
class Screens:
    set_up: Callable       # (app, match, player, done) -> the screen where a person sets up
    battle: type           # (app, match, game or a seat's table, keep_record=True)
    game_over: type        # (app, match, game, elapsed, record_path, **what the battle adds)
    opponent_setting: str  # where the quick-match menu remembers the opponent chosen
    menu_rows: tuple = ()  # the quick-match menu's rows of this mode alone: "rules" (§C's
                           # options), "intercept" (§N: a person's Aegis may choose for itself)
    chosen_rules: Callable | None = None   # (the quick match's choices) -> (config, series):
                                           # the rules its "rules" row set (§C, C7); None: the
                                           # mode's one set of rules, one game a match
    rules_screen: type | None = None       # (app, choices): the screen of its "rules" row
    card: Callable | None = None   # (canvas, W, H): draws its card in the menus (render.mode_art)
    watch: object = None   # render.watch.WatchBoards: its game as a spectator sees it (issue 37)
    public_line: Callable | None = None   # (event, cell, name, letters) -> (player, words) or
                                          # None: a public event in the spectator's log


def classic_set_up(app, match, player: int, done):
    """C3: the fleet placed on the board; §D: the Flying Dutchman drawn cell by cell."""
    if match.config.shapes != "any":
        return PlacementScene(app, match, player, done)
    return PaintShipScene(app, match.config, match.letters,
                          app.tr("paint.title", name=match.seats[player].name),
                          match.config.sizes[0], lambda cells: done(Setup([cells])),
                          rng=random.Random(match.rng.getrandbits(32)))


SCREENS: dict[str, Screens] = {
    "classic": Screens(classic_set_up, BattleScene, GameOverScene, "opponent", ("rules",),
                       chosen_rules=load_rules, rules_screen=RulesScene,
                       card=mode_art.classic_card, watch=watch.CLASSIC,
                       public_line=classic_words.public_line),
    "naval": Screens(NavalPlacementScene, NavalBattleScene, NavalGameOverScene,
                     "naval_opponent", ("intercept",), card=mode_art.naval_card,
                     watch=watch.NAVAL, public_line=naval_words.public_line),
    "korabliki": Screens(KorablikiSetupScene, KorablikiBattleScene, KorablikiGameOverScene,
                         "korabliki_opponent", (), card=mode_art.korabliki_card,
                         watch=watch.KORABLIKI, public_line=korabliki_words.public_line),
}

DEMO = "classic"    # the battle the title screen plays behind its menu (its screen's demo=True)
