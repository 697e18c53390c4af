"""Gallery: the result of a game (issue 33) — a campaign battle's stars landing one by one on its
result, a victory under confetti and fireworks, a defeat that says why, in Classic, Naval and
«Кораблики», at both window sizes."""

from __future__ import annotations

import random

from ..campaign import Voyage, make_match
from ..match import COMPUTER, HUMAN, Match, Seat
from ..rules.classic import Shot
from ..rules.modes import MODES
from ..scenes.modes import SCREENS
from . import shot
from .battle import SIZES, finished_game

STEP = 1 / 15     # the show runs on elapsed time: a few long frames reach a moment of it


def _played(mode: str, seed: int):
    """A game of ``mode`` won by one side, played with random moves from the first seed from
    ``seed`` that gives one."""
    entry = MODES[mode]
    for s in range(seed, seed + 50):
        rng = random.Random(s)
        game = entry.random_game(next(iter(entry.presets.values())), rng)
        while not game.over:
            game.apply(entry.random_action(game, rng))
        if game.winner is not None:
            return game
    raise RuntimeError(f"no {mode} game won from seed {seed}")


def _shoot(gallery, scene, seconds: float, name: str) -> None:
    app = scene.app
    app.scenes.reset(scene)
    gallery.run_frames(app, int(seconds / STEP), STEP)
    gallery.save(app.screen.copy(), f"{name}-{app.size[0]}x{app.size[1]}.png")


@shot
def results(gallery) -> None:
    """Two seconds in: a victory (the banner, confetti, fireworks, the numbers counted up)
    and a defeat as its last ship goes down, the reason under the banner, in every mode."""
    games = {"classic": finished_game(gallery.seed, True)[1],      # the winner aims, as people do
             "naval": _played("naval", gallery.seed),
             "korabliki": _played("korabliki", gallery.seed)}
    for size in SIZES:
        app = gallery.app(size)
        for mode, game in games.items():
            for outcome, person in (("victory", game.winner), ("defeat", 1 - game.winner)):
                seats = tuple(Seat(HUMAN, "Nina") if i == person else Seat(COMPUTER, "Boatswain")
                              for i in (0, 1))
                match = Match(game.config, seats, seed=gallery.seed)
                match.finish(game)
                scene = SCREENS[mode].game_over(app, match, game, 312.0)
                _shoot(gallery, scene, 2.0, f"result-{outcome}-{mode}")
        app.quit()


@shot
def campaign_stars(gallery) -> None:
    """The first port won: its stars landing one by one in the middle of its result (the
    second on its way), in English and, at 800×600, in Russian."""
    for size, lang in (((1280, 720), "en"), ((800, 600), "ru")):
        app = gallery.app(size)
        app.settings.language = lang
        app.apply_settings()
        voyage = Voyage()
        level = voyage.levels[0]
        match = make_match(level, gallery.seed, "Nina", lang, voyage=voyage)
        game = match.new_game([match.entry.computer_setup(match, i) for i in (0, 1)])
        while not game.over:       # the person finds a ship with nearly every shot
            targets = [a.cell for a in game.legal_actions() if isinstance(a, Shot)]
            ships = [c for s in game.ships[1 - game.turn] for c in s if c in targets]
            aim = ships if ships and game.turn == 0 else targets
            game.apply(Shot(random.Random(len(game.history)).choice(aim)))
        match.finish(game)
        scene = SCREENS[match.mode].game_over(app, match, game, 95.0)
        stars = scene.stars
        _shoot(gallery, scene, stars.START + stars.STEP * 1.3, f"result-stars-{lang}")
        app.quit()
