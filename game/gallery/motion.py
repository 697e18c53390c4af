"""Gallery: reduced motion (issue 38): the screens that move the most, with the setting on, a
few frames into their cues — Classic's arsenal (the atomic bomb and a bomber run) and a kill,
Naval's air strike, a «Кораблики» asking, the title and a victory — at 1280×720 in Russian and
800×600 in English. What shows is still: glows fading where things strike, the sea unmoved."""

from __future__ import annotations

from ..match import COMPUTER, HUMAN, Match, Seat
from ..rules.classic import PRESETS
from ..scenes.modes import SCREENS
from . import shot
from .battle import finished_game
from .korabliki import asking_scene
from .strike import AIR, AIR_DOWNED, naval_battle, naval_fire

SHOTS = (((1280, 720), "ru"), ((800, 600), "en"))
MID = 7        # frames into a cue: its fade near its height (motion.FADE is 18 frames)


def _app(gallery, size, lang):
    app = gallery.app(size)
    app.settings.language = lang
    app.settings.reduced_motion = True
    app.apply_settings()
    return app


def _name(app, what: str) -> str:
    w, h = app.size
    return f"motion-{what}-{w}x{h}-{app.settings.language}.png"


def _until(app, test, limit: int = 3000) -> bool:
    for _ in range(limit):
        app.step(1 / 60, [])
        if test():
            return True
    return False


@shot
def reduced_motion(gallery) -> None:
    for size, lang in SHOTS:
        app = _app(gallery, size, lang)
        app.flow.opening(False)
        gallery.run_frames(app, 90)
        gallery.save(app.screen.copy(), _name(app, "title"))

        battle = SCREENS["classic"].battle.showcase(app, PRESETS["arcade"], gallery.seed)
        app.scenes.reset(battle)
        if _until(app, lambda: len(battle.effects.fades) + len(battle.strike.fades) > 1):
            gallery.run_frames(app, 4)
            gallery.save(app.screen.copy(), _name(app, "classic-arsenal"))

        battle = SCREENS["classic"].battle.showcase(app, PRESETS["russian"], gallery.seed)
        app.scenes.reset(battle)
        if _until(app, lambda: battle.moments.active):
            gallery.run_frames(app, MID)
            gallery.save(app.screen.copy(), _name(app, "classic-kill"))

        scene = naval_battle(app, gallery.seed)
        naval_fire(scene, AIR, AIR_DOWNED)
        if _until(app, lambda: scene.strike.fades or scene.effects.fades):
            gallery.run_frames(app, MID - 2)
            gallery.save(app.screen.copy(), _name(app, "naval-air"))

        scene = asking_scene(app, gallery.seed)
        if _until(app, lambda: scene.card_moments):
            gallery.run_frames(app, 4)
            gallery.save(app.screen.copy(), _name(app, "korabliki-asking"))

        match, game = finished_game(gallery.seed, True)
        seats = (Seat(HUMAN, "Nina"), Seat(COMPUTER, "Boatswain"))
        match = Match(game.config, seats, seed=gallery.seed)
        match.finish(game)
        app.scenes.reset(SCREENS["classic"].game_over(app, match, game, 312.0))
        gallery.run_frames(app, MID)
        gallery.save(app.screen.copy(), _name(app, "victory"))
        app.quit()
