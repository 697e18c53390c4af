"""Helpers the screen tests share: synthetic events, and a set-up screen opened headless over a
screen to go back to."""

import random
from types import SimpleNamespace

import pygame

from game.app import App
from game.scenes.common.base import Scene


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def typed(text):
    return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text]


def mouse(kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def click(pos, button=1):
    return [mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos, button),
            mouse(pygame.MOUSEBUTTONUP, pos, button)]


def open_set_up(scene_class, names, size=(1280, 720), lang="en", player=0, seed=3):
    """``scene_class(app, match, player, done)`` on top of a plain scene, after one frame; the
    match is a stand-in with seats named ``names``. Returns (app, scene, what done got)."""
    app = App(size=size, seed=seed, audio=False)
    app.settings.language = lang
    app.apply_settings()
    match = SimpleNamespace(letters="russian" if lang == "ru" else "latin",
                            rng=random.Random(seed),
                            seats=[SimpleNamespace(name=n) for n in names])
    done = []
    app.scenes.push(Scene(app))                 # something to go back to
    scene = scene_class(app, match, player, done.append)
    app.scenes.push(scene)
    app.step(1 / 60, [])
    return app, scene, done


def moved_on(scene, *actions):
    """``actions`` played on the game under the battle ``scene`` past its cues (none shown):
    the tables it reads are handed the game as it then stands. With none, a state changed by
    hand is handed on."""
    events = []
    for action in actions:
        events += scene.game.apply(action)
    scene.feeder.feed(events)
