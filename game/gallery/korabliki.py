"""Gallery: «Кораблики»'s moments (issue 33): an asking mid-moment — the two pieces raised under
«ЧТО ЭТО?», their ranks turned up as cards — and a torpedo's reveal of a fort, at both window
sizes. Each is a battle screen driven by fixed actions from a seeded set-up, a few dozen frames
each, so the pictures are the same every run.
"""

from __future__ import annotations

import random

from ..match import COMPUTER, HUMAN, Match, Seat
from ..rules import korabliki as kr
from ..scenes.korabliki.battle import KorablikiBattleScene
from . import shot

SIZES = ((1280, 720), (800, 600))


def _put(setup: dict, rank: str, cell, keep=()) -> dict:
    """``setup`` with a piece of ``rank`` on ``cell`` (what stood there takes its place); the
    pieces on ``keep`` stay."""
    setup = dict(setup)
    if setup.get(cell) == rank:
        return setup
    old = next(c for c, r in setup.items() if r == rank and c not in keep)
    other = setup.pop(cell, None)
    del setup[old]
    setup[cell] = rank
    if other is not None:
        setup[old] = other
    return setup


def _sail(game: kr.KorablikiGame, path: list, rng: random.Random) -> None:
    """Player 0's piece sails along ``path`` (a cell a turn); player 1 meanwhile moves pieces
    of his back rows, so the front stays as set."""
    for frm, to in zip(path, path[1:]):
        game.apply(kr.Move(frm, to))
        if to != path[-1]:
            game.apply(kr.EndTurn())
            back = [m for m in game.legal_moves() if m.frm[1] <= 1 and m.to[1] <= 1]
            game.apply(rng.choice(back or game.legal_moves()))
            game.apply(kr.EndTurn())


def korabliki_scene(app, seed: int, ranks: dict, path: list) -> KorablikiBattleScene:
    """«Кораблики», the person (bottom) against the computer: the pieces of ``ranks`` ({cell:
    (player, rank)}) put where they are said to stand, then player 0's piece on ``path[0]``
    sailed along ``path``; player 0 to act."""
    seats = (Seat(HUMAN, "Nelson", ""), Seat(COMPUTER, "Ushakov", "hunter", opponent=""))
    match = Match(kr.KorablikiConfig(), seats, first="0", seed=seed)
    rng = random.Random(seed)
    setups = [kr.random_setup(0, rng), kr.random_setup(1, rng)]
    for cell, (player, rank) in ranks.items():
        setups[player] = _put(setups[player], rank, cell, ranks)
        for n in kr.side_neighbours(cell):     # alone: no block answers for it
            if setups[player].get(n) == rank and n not in ranks:
                far = next(c for c, r in setups[player].items()
                           if r != rank and c not in ranks and abs(c[0] - cell[0]) > 2)
                setups[player][n], setups[player][far] = setups[player][far], rank
    game = kr.KorablikiGame(match.config, setups, 0)
    _sail(game, path, rng)
    scene = KorablikiBattleScene(app, match, game, keep_record=False)
    app.scenes.reset(scene)
    return scene


def asking_scene(app, seed: int) -> KorablikiBattleScene:
    """Player 0's cruiser sails to the middle, beside a destroyer of player 1's that came
    forward, and asks it."""
    scene = korabliki_scene(app, seed, {(7, 10): (0, kr.KR), (7, 4): (1, kr.ES)},
                            [(7, 10), (7, 9), (7, 8), (7, 7), (7, 6), (7, 5)])
    scene.play(kr.Ask((7, 5), (7, 4)))
    return scene


def reveal_scene(app, seed: int) -> KorablikiBattleScene:
    """Player 0's torpedo reaches player 1's front row and strikes the piece there: a fort,
    turned up, not destroyed."""
    scene = korabliki_scene(app, seed, {(9, 10): (0, kr.TOR), (9, 4): (1, kr.FORT)},
                            [(9, 10), (9, 9), (9, 8), (9, 7), (9, 6), (9, 5)])
    scene.play(kr.TorpedoStrike((9, 5), (9, 4)))
    return scene


@shot
def korabliki_moments(gallery) -> None:
    for name, make, frames in (("asking", asking_scene, 48), ("reveal", reveal_scene, 52)):
        for w, h in SIZES:
            app = gallery.app((w, h))
            make(app, gallery.seed)
            gallery.run_frames(app, frames)
            gallery.save(app.screen.copy(), f"korabliki-{name}-{w}x{h}.png")
            app.quit()
