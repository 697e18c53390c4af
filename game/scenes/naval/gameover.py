"""Naval game over: both fields shown whole, with every ship's weapons (RULES.md §0, §N), and
what each side's volleys did."""

from __future__ import annotations

from ...rules import naval as nv
from ...rules.coords import board_letters
from ..common.gameover import GameOverScene
from ...render.naval import paint_field


class NavalGameOverScene(GameOverScene):
    def __init__(self, app, match, game, elapsed: float, record_path=None):
        super().__init__(app, match, game, elapsed, record_path)
        self.letters = board_letters(match.letters, nv.SIZE, nv.SIZE)

    def player_stats(self, player: int) -> dict:
        return nv.volley_stats(self.game, player)

    def draw_words(self) -> str:
        if self.game.ceasefire is not None:         # §N: even on weapons and on ship cells
            return self.tr("naval.gameover.draw")
        return super().draw_words()

    def stats_rows(self, player: int) -> list:
        st = self.stats[player]
        return [
            (self.tr("stats.shots"), str(st["shots"])),
            (self.tr("stats.hits"), f"{st['hits']} ({st['accuracy'] * 100:.0f}%)"),
            (self.tr("naval.stats.downed"), str(st["downed"])),
            (self.tr("naval.stats.weapons"), str(st["weapons"])),
        ] + ([(self.tr("naval.stats.points"), "{} · {}".format(*self.game.points(player)))]
             if self.game.ceasefire is not None else [])      # §N: what the ceasefire weighed

    def _draw_field(self, surface, geo, owner: int) -> None:
        g = self.game
        wrecks = [g.fleets[owner][i].cells for i in g.sunk[owner]]
        paint_field(surface, geo, self.letters, self.t, g.fleets[owner], dict(g.marks[owner]),
                    wrecks, g.hits[owner], livery=self.liveries.get(owner))
