"""The frames bench's Arcade battle (``python -m game.bench frames --mode classic --preset
arcade``, issue 36): a mixin of Classic's ``BattleScene`` that stages the arsenal's heaviest
spectacles at once, battle after battle. Without the arsenal it stages nothing (the battle
plays itself, as every other preset's)."""

from __future__ import annotations

from ...rules.classic import ATOMIC, BOMBER, Shot, UseWeapon, WeaponResult


class ArsenalShowcase:
    """What the frames bench sets going in an Arcade battle (mixed into ``BattleScene``)."""

    staged = False
    both_shown = 0      # frames with the atomic column and a bomber on screen together

    def stage(self) -> None:
        """§A: the first player misses (no weapon on the very first turn), then the second
        sets off his atomic bomb over the middle of the first's field and the first sends his
        bomber along a row no air defence guards: the heaviest two spectacles at once. Without
        the arsenal nothing is staged (the battle plays itself)."""
        if not self.arsenal:
            return
        g = self.game
        cols, rows = self.board_size
        self.play(Shot(self._open_water(1 - g.turn)))
        self.skip()
        self.play(UseWeapon(ATOMIC, (cols // 2, rows // 2)))
        guards = [y for _, y in g.defences[1 - g.turn]]
        row = next((y for y in range(rows) if all(abs(y - d) > 1 for d in guards)), 0)
        self.play(UseWeapon(BOMBER, self.table.bomber_start((cols // 2, row), False)))
        self.staged = True

    def _open_water(self, owner: int):
        """A cell of ``owner``'s field a shot misses: no ship, no air defence."""
        g = self.game
        taken = {c for s in g.ships[owner] for c in s} | set(g.defences[owner])
        cols, rows = self.board_size
        return next((x, y) for y in range(rows) for x in range(cols) if (x, y) not in taken)

    def showcase_over(self) -> bool:
        return super().showcase_over() or (
            self.staged and self.t > 1.0 and not self.bombers and not self.strike.mushrooms)

    @classmethod
    def showcase_stats(cls, battles: list) -> dict:
        """The staged battles' atomic bombs and bomber runs, and the frames they shared."""
        if not any(b.staged for b in battles):
            return {}
        used = [r.weapon for b in battles for _, _, r in b.game.history
                if isinstance(r, WeaponResult)]
        return {"atomic_bombs": used.count(ATOMIC), "bomber_runs": used.count(BOMBER),
                "frames_with_both": sum(b.both_shown for b in battles)}

    def animate(self, dt: float, speed: float) -> None:
        super().animate(dt, speed)
        if self.staged and self.bombers and self.strike.mushrooms:
            self.both_shown += 1


__all__ = ["ArsenalShowcase"]
