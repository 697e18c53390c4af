"""C7: a series ("бой до N побед") of games between the same two players (RULES.md §C, §0).

A series is best of N games (N odd): it ends as soon as one player has won more than half of
them. The loser of a game moves first in the next one ("В случае продолжения баталии первый ход
делает проигравший"); the first game's first player is drawn by lot or chosen.
"""

from __future__ import annotations

SERIES_LENGTHS = (1, 3, 5, 7)


class Series:
    def __init__(self, best_of: int = 1):
        if not isinstance(best_of, int) or best_of < 1 or best_of % 2 == 0 or best_of > 99:
            raise ValueError(f"a series is best of an odd number of games, not {best_of!r}")
        self.best_of = best_of
        self.score = [0, 0]
        self.last_loser: int | None = None

    @property
    def needed(self) -> int:
        """Wins that take the series."""
        return self.best_of // 2 + 1

    @property
    def games(self) -> int:
        return sum(self.score)

    @property
    def winner(self) -> int | None:
        for p in (0, 1):
            if self.score[p] >= self.needed:
                return p
        return None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def record(self, winner: int) -> None:
        if winner not in (0, 1):
            raise ValueError(f"winner must be 0 or 1, not {winner!r}")
        if self.over:
            raise ValueError("the series is already decided")
        self.score[winner] += 1
        self.last_loser = 1 - winner

    def first_player(self, lot: int) -> int:
        """Who moves first in the next game: the last loser, or ``lot`` in the first game."""
        return self.last_loser if self.last_loser is not None else lot

    def to_dict(self) -> dict:
        return {"best_of": self.best_of, "score": list(self.score), "last_loser": self.last_loser}
