"""Naval game over: both fields shown whole, with every ship's weapons (RULES.md §0, §N), and
what each side's volleys did."""

from __future__ import annotations

from ..rules import naval as nv
from ..rules.coords import fallback_letter_set
from .gameover import GameOverScene
from .naval_battle import paint_field


def naval_stats(game: nv.NavalGame, player: int) -> dict:
    """What ``player``'s volleys did: targets named, hits (torpedo included), shot down,
    volleys, and weapons of the enemy destroyed."""
    named = hits = downed = volleys = 0
    for _, _, result in game.history:
        if isinstance(result, nv.VolleyResult) and result.player == player:
            volleys += 1
            named += len(result.volley.targets) + (result.volley.torpedo is not None)
            hits += len(result.hits) + (result.torpedo_hit is not None)
            downed += len(result.downed)
    enemy = 1 - player
    weapons = sum(1 for s in game.fleets[enemy] for _, c in s.weapons if c in game.hits[enemy])
    return {"shots": named, "hits": hits, "downed": downed, "volleys": volleys,
            "weapons": weapons, "accuracy": hits / named if named else 0.0}


class NavalGameOverScene(GameOverScene):
    def __init__(self, app, match, game, elapsed: float, record_path=None):
        super().__init__(app, match, game, elapsed, record_path)
        self.letters = fallback_letter_set(match.letters, nv.SIZE)

    def player_stats(self, player: int) -> dict:
        return naval_stats(self.game, player)

    def stats_rows(self, player: int) -> list:
        st = self.stats[player]
        return [
            (self.tr("stats.shots"), str(st["shots"])),
            (self.tr("stats.hits"), f"{st['hits']} ({st['accuracy'] * 100:.0f}%)"),
            (self.tr("naval.stats.downed"), str(st["downed"])),
            (self.tr("naval.stats.weapons"), str(st["weapons"])),
        ]

    def _draw_field(self, surface, geo, owner: int) -> None:
        g = self.game
        wrecks = [g.fleets[owner][i].cells for i in g.sunk[owner]]
        paint_field(surface, geo, self.letters, self.t, g.fleets[owner], dict(g.marks[owner]),
                    wrecks, g.hits[owner])
