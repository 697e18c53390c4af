"""What a «Кораблики» player may be told, field by field (issue 34): the table the network's leak
check (``game.net.visibility.leaks``) reads for this mode, and its checks. Pure.

Every move, removal and blast is seen by both (§K); the ranks are the secret. An event naming an
enemy piece's rank must name one the receiver knows: turned up on the board, turned up and then
removed (``Piece.revealed``), or the whole fleet once the game is over. The answer's options are
the answerer's ships side by side: only he may have them (``KorablikiGame.SECRETS``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import PUBLIC
from ..coords import Cell
from .game import BOMB, Answer, Ask, Bomb, EnemyPiece, Move, Moved, TorpedoStrike

FIELDS = {
    # every move, removal and blast is seen by both (§K); ranks are the secret
    "Moved": {"player": PUBLIC, "piece": PUBLIC, "frm": PUBLIC, "to": PUBLIC, "via": PUBLIC},
    "AnswerNeeded": {"player": PUBLIC, "target": PUBLIC, "options": "answer_blocks"},
    "Asked": {"player": PUBLIC, "ship": PUBLIC, "target": PUBLIC, "rank": "asked_rank",
              "answered": "answered", "outcome": PUBLIC, "removed": PUBLIC},
    # the striking piece is a torpedo by the act itself, seen by both
    "Struck": {"player": PUBLIC, "torpedo": PUBLIC, "target": PUBLIC, "rank": "struck_rank",
               "outcome": PUBLIC, "removed": PUBLIC},
    "Blast": {"owner": PUBLIC, "centre": PUBLIC, "zone": PUBLIC, "revealed": "turned_up",
              "chained": PUBLIC, "chain_zone": PUBLIC},
}


def memory(seen, game, player: int) -> None:
    """The enemy pieces whose rank the receiver knows, by id: turned up on the board (his view),
    turned up and then removed (§K: ``Piece.revealed``, "the enemy knows its rank"; the view
    lists only the pieces still on the board), or all of them once the game is over."""
    known = {p.id: p.rank for p in seen.view.enemy if p.rank is not None}
    known |= {p.id: p.rank for p in game.lost[seen.other] if p.revealed}
    seen.known_ids = known
    seen.ranks = {(p.cell, p.rank) for p in seen.view.enemy if p.rank is not None}
    seen.ranks |= {(p.cell, p.rank) for p in game.lost[seen.other] if p.revealed}
    if seen.view.enemy_fleet is not None:
        seen.ranks |= {(c, r) for c, r in seen.view.enemy_fleet}
    seen.paths = None


def _paths(seen) -> dict:
    """Every cell each piece has stood on (its set-up cell, then every move, all public), by
    id: an event of an earlier action names a piece where it stood then."""
    if seen.paths is None:
        game = seen.game
        paths: dict = {}
        n = 0
        for setup in game.setups:              # the ids as the game gave them
            for cell in setup:
                paths[n] = {cell}
                n += 1
        for _, _, events in game.history:
            for e in events or ():
                if isinstance(e, Moved):
                    paths.setdefault(e.piece, set()).add(e.to)
        seen.paths = paths
    return seen.paths


def _blocks(seen, e, name: str) -> list:
    if e.player == seen.me or not e.options:
        return []
    return [f"event {name} shows the answerer's blocks of ships: {tuple(e.options)}"]


def _known(seen, cell, rank, name: str) -> list:
    if (cell, rank) in seen.ranks:
        return []
    paths = _paths(seen)      # a piece he knows, named where it stood before it moved
    if any(r == rank and cell in paths.get(i, ()) for i, r in seen.known_ids.items()):
        return []
    return [f"event {name} names the enemy piece on {cell} a {rank}; the view does not know it"]


def _asked(seen, e, name: str) -> list:
    return [] if e.player != seen.me else _known(seen, e.target, e.rank, name)


def _answered(seen, e, name: str) -> list:
    if e.player != seen.me:
        return []
    return [p for c in e.answered for p in _known(seen, c, e.rank, name)]


def _struck(seen, e, name: str) -> list:
    return [] if e.player != seen.me else _known(seen, e.target, e.rank, name)


def _turned(seen, e, name: str) -> list:
    return [p for owner, c, rank in e.revealed if owner != seen.me
            for p in _known(seen, c, rank, name)]


CHECKS = {"answer_blocks": _blocks, "asked_rank": _asked, "answered": _answered,
          "struck_rank": _struck, "turned_up": _turned}

_OWN = {Move: lambda a: (a.frm,), Ask: lambda a: (a.ship,) + a.block,
        Answer: lambda a: a.cells, TorpedoStrike: lambda a: (a.torpedo,)}


def legal(seen, a, name: str) -> list:
    """A legal action sent to a player must move or name only his own pieces."""
    own = {p.cell: p.rank for p in seen.view.own}
    out = [f"legal {name} moves or names {c}, not a piece of the receiver's"
           for c in _OWN.get(type(a), lambda a: ())(a) if c not in own]
    if isinstance(a, Bomb) and BOMB not in own.values():
        out.append(f"legal {name} sets off a bomb the receiver has not")
    return out


# --- what a spectator may be told (issue 37): what BOTH players know ----------------------

@dataclass(frozen=True)
class KorablikiPublic:
    """A «Кораблики» game as a spectator sees it: every piece where it stands, as its owner's
    enemy sees it (a blank back until its rank is turned up, §K; every rank once the game is
    over, §0), every piece removed (its rank only where turned up), whose turn and what it waits
    for. Never a hidden rank, nor the blocks an answerer may choose from."""

    turn: int
    phase: str                     # move / act / answer (every move and ask is seen by both)
    winner: int | None
    over: bool
    reason: str                    # GameOver's reason once over ("" while playing)
    quiet: int                     # moves in a row in which no piece was removed (K-f)
    again: bool                    # the turn is one more after a won asking (K-e)
    pieces: tuple[tuple[EnemyPiece, ...], tuple[EnemyPiece, ...]]   # each side's
    lost: tuple[tuple[int, str | None], ...]     # (owner, rank or None): side 0's, then 1's
    moved: Cell | None = None      # the piece moved this turn (its act may follow)
    asking: tuple[Cell, Cell] | None = None      # (asking ship, asked piece) while answered


def public_view(game) -> KorablikiPublic:
    """What both players know (issue 37): each side's pieces as the other side sees them; the
    removed pieces as both see them (a rank only where turned up, or once over)."""
    views = (game.view(0), game.view(1))
    lost = tuple((p.owner, p.rank if (p.revealed or game.over) else None)
                 for owner in (0, 1) for p in game.lost[owner])
    asking = None
    if game.pending is not None and not game.over:
        asking = (game.pending.ship, game.pending.target)
    return KorablikiPublic(game.turn, game.phase, game.winner, game.over,
                           game.end_reason if game.over else "", game.quiet, game.again,
                           (views[1].enemy, views[0].enemy), lost,
                           None if game.over else game.moved_cell, asking)
