"""Naval game over: both fields shown whole, with every ship's weapons (RULES.md §0, §N), and
what each side's volleys did."""

from __future__ import annotations

from ...rules import naval as nv
from ...rules.coords import board_letters
from ..common.gameover import GameOverBase
from ...render.naval import paint_field


class NavalGameOverScene(GameOverBase):
    def __init__(self, app, match, game, elapsed: float, record_path=None):
        super().__init__(app, match, game, elapsed, record_path)
        self.letters = board_letters(match.letters, nv.SIZE, nv.SIZE)

    def player_stats(self, player: int) -> dict:
        return nv.volley_stats(self.game, player)

    def mode_reason(self, reason: str, loser: str | None) -> str:
        """§N: a side with ships afloat but nothing left to attack with (its ships named), or
        the ceasefire and what it weighed (the winner's count first)."""
        g = self.game
        if reason == nv.DISARMED:
            side = 1 - g.winner
            afloat = [self.tr(f"naval.ship.{s.kind}") for i, s in enumerate(g.fleets[side])
                      if i not in g.sunk[side]]
            return self.tr("why.disarmed", name=loser, ships=", ".join(afloat))
        if g.ceasefire is None:
            return ""
        basis, (a, b) = g.ceasefire
        if g.winner == 1:
            a, b = b, a
        key = {"weapons": "why.ceasefire_weapons", "cells": "why.ceasefire_cells"}.get(
            basis, "why.ceasefire_even")
        return self.tr(key, n=nv.CEASEFIRE, a=a, b=b)

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
                    wrecks, g.hits[owner], livery=self.liveries.get(owner),
                    flak=g.flak[owner])         # what the Aegis shot down, kept (issue 33)
