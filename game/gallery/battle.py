"""Gallery: battles in progress — a Classic battle as a ship goes down with its kill moment, the
wrecks on both boards (the results of games: ``gallery.result``)."""

from __future__ import annotations

import random

from ..match import COMPUTER, HUMAN, Match, Seat
from ..rules.classic import PRESETS, Shot
from ..scenes.modes import SCREENS
from . import shot

SIZES = ((1280, 720), (800, 600))


@shot
def classic_battle(gallery) -> None:
    app = gallery.app((1280, 720))
    battle = SCREENS["classic"].battle.showcase(app, PRESETS["russian"], gallery.seed)
    app.scenes.reset(battle)
    gallery.run_frames(app, 900)
    gallery.save(app.screen.copy(), "battle-classic-1280x720.png")
    app.quit()


def _until(gallery, app, battle, test, limit: int = 6000) -> bool:
    for _ in range(limit):
        gallery.run_frames(app, 1)
        if test(battle):
            return True
    return False


@shot
def classic_sinking(gallery) -> None:
    """A ship mid-sinking (listing, breaking, its oil spreading) under the kill moment's word,
    and later the wrecks lying on both boards."""
    for size in SIZES:
        app = gallery.app(size)
        battle = SCREENS["classic"].battle.showcase(app, PRESETS["russian"], gallery.seed)
        app.scenes.reset(battle)
        w, h = size
        if _until(gallery, app, battle, lambda b: b.effects.sinkings):
            gallery.run_frames(app, 75)
            gallery.save(app.screen.copy(), f"battle-sinking-{w}x{h}.png")
        both = lambda b: all(len(f.wrecks) >= 2 for f in b.fields)  # noqa: E731
        if _until(gallery, app, battle, lambda b: both(b) and not b.moments.active
                  and not b.effects.sinkings):
            gallery.run_frames(app, 20)
            gallery.save(app.screen.copy(), f"battle-wrecks-{w}x{h}.png")
        app.quit()


def finished_game(seed: int, human_wins: bool):
    """A Classic match of a person against the computer played to its end: the winner's shots
    find ships more often than not, the loser's fall where they may."""
    match = Match(PRESETS["russian"], (Seat(HUMAN, "Nina"), Seat(COMPUTER, "Boatswain",
                                                                   "hunter")), seed=seed)
    game = match.new_game([match.entry.computer_setup(match, i) for i in (0, 1)])
    rng = random.Random(seed)
    winner = 0 if human_wins else 1
    while not game.over:
        p = game.turn
        target = 1 - p
        open_cells = [a.cell for a in game.legal_actions() if isinstance(a, Shot)]
        ships = [c for s in game.ships[target] for c in s if c in open_cells]
        aim = 0.75 if p == winner else 0.12
        cell = rng.choice(ships if ships and rng.random() < aim else open_cells)
        game.apply(Shot(cell))
    return match, game
