"""Classic game over (RULES.md §C, §D, §A): both fields shown whole, mines, minesweepers, air
defences and the atomic bomb's scorch with them, each side's shots counted, the last ship sunk going down again after a defeat, and how
each computer thought (``ThinkingScene``)."""

from __future__ import annotations

from ...rules.classic import EMPTY, MINE, SUNK, shot_results, shot_stats
from ...render.board import BoardGeometry, BoardPicture, draw_board
from ...render.korabliki import draw_scorched
from ...render.widgets import Item
from ..common.gameover import GameOverBase
from .arsenal import SCORCHED, scorched_squares
from .thinking import ThinkingScene


class GameOverScene(GameOverBase):
    def __init__(self, app, match, game, elapsed: float, record_path=None, thoughts=None,
                 insight: str | None = None):
        self.thoughts = thoughts or {}   # a computer's shots and beliefs, by seat (the battle's)
        super().__init__(app, match, game, elapsed, record_path, insight)

    def own_items(self) -> list:
        """How each computer thought, for the one person who played it."""
        items = []
        for player, shots in self.thoughts.items():
            if shots and len(self.match.humans) == 1:
                name = self.match.seats[player].name
                items.append(Item(lambda name=name: self.tr("gameover.thinking", name=name),
                                  lambda p=player: self.show_thinking(p)))
        return items

    def show_thinking(self, player: int) -> None:
        self.app.scenes.push(ThinkingScene(self.app, self.match, self.game, player,
                                           self.thoughts[player]))

    def player_stats(self, player: int) -> dict:
        return shot_stats(self.game, player)

    def last_sunk(self):
        for entry in reversed(self.game.history):
            for r in reversed(shot_results(entry[-1])):
                if r.outcome == SUNK:
                    return r.ship
        return None

    def _draw_field(self, surface, geo: BoardGeometry, owner: int) -> None:
        """``owner``'s whole field, every ship shown (§0: the loser's right to inspect)."""
        g = self.game
        sunk = list(g.view(1 - owner).enemy_sunk)
        marks = dict(g.shots_at[owner])
        marks.update({c: EMPTY for c in g.known_empty[owner]})
        pic = BoardPicture(ships=[s for s in g.ships[owner] if s not in sunk and s],
                           wrecks=sunk, marks={c: m for c, m in marks.items() if m != MINE},
                           mines=list(g.mines[owner]),
                           spent=[c for c in g.mines[owner] if c in g.shots_at[owner]],
                           sweepers=[c for c in g.sweepers[owner]
                                     if c not in g.shots_at[owner]],
                           faded=sorted(g.faded[owner]),
                           kinds={frozenset(s): n for s, n in zip(g.ships[owner], g.names[owner])
                                  if n},
                           hull="dutchman" if g.config.shapes == "any" else None,
                           livery=self.liveries.get(owner), defences=list(g.defences[owner]),
                           defences_spent=list(g.spent_defences[owner]))
        draw_board(surface, geo, pic, self.letters, self.t)
        draw_scorched(surface, geo, scorched_squares(g.history)[owner], False, SCORCHED)

    def stats_rows(self, player: int) -> list:
        st = self.stats[player]
        return [
            (self.tr("stats.shots"), str(st["shots"])),
            (self.tr("stats.hits"), str(st["hits"])),
            (self.tr("stats.accuracy"), f"{st['accuracy'] * 100:.0f}%"),
            (self.tr("stats.streak"), str(st["longest_streak"])),
        ]
