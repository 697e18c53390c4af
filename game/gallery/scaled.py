"""Gallery: every screen of the game at the largest text and interface scale (issue 38: 150 %),
at 800×600 and 1280×720, in Russian and English (``scaled-<stop>-<lang>-<w>x<h>.png``):
``python -m game.bench gallery --only scaled --out DIR``.

``STOPS`` is the walk: each stop opens one screen as a player would meet it (or pushes it with a
plausible state) over a plain screen, and names the screen's class; ``visit`` opens one.
``tests/test_ui_scale.py`` takes the same walk with ``render.frame_log`` on and checks that no
words leave their box or the window; it fails when a screen's class is in no stop.
"""

from __future__ import annotations

import random
import sys
from typing import Callable, NamedTuple

from ..app import App
from ..match import COMPUTER, HUMAN, Match, Seat
from ..render import frame_log
from ..scenes.common.base import Scene
from . import shot

SCALE = 150
SHOTS = (((800, 600), ("ru", "en")), ((1280, 720), ("ru", "en")))

# screens' base classes: never on the stack themselves (each is a part of the screens below)
BASES = {"BattleBase", "FieldsBattle", "GameOverBase", "PlacementBase", "ShipPlacement",
         "MenuScene", "OverlayScene", "OverChart"}


class Stop(NamedTuple):
    name: str
    screen: str                       # the class of the screen it opens
    open: Callable[[App], None]       # opens it over a plain screen
    frames: int = 20                  # frames run before it is looked at


def _seats():
    return (Seat(HUMAN, "Nina", ""), Seat(COMPUTER, "Boatswain", "hunter", opponent=""))


def _push(cls, *args, **kw):
    def open_(app):
        app.scenes.push(cls(app, *args, **kw))
    return open_


# -- the title, the menus ---------------------------------------------------------------------

def _title(app):
    app.flow.opening(False)


def _setup(mode, kind="computer"):
    def open_(app):
        app.settings.quick_match["mode"] = mode
        app.flow.quick_match(kind)
    return open_


def _settings(app):
    app.flow.settings()


def _rules(app):
    from ..scenes.classic.options import RulesScene
    app.scenes.push(RulesScene(app, app.settings.quick_match))


def _pause(app):
    _classic_battle(app)
    app.flow.pause(on_save_record=lambda: None, on_abandon=lambda: None)


def _confirm(app):
    from ..scenes.common.dialogs import ConfirmScene
    _classic_battle(app)
    app.scenes.push(ConfirmScene(app, app.tr("online.leave_room"), lambda: None))


def _curtain(app):
    from ..scenes.common.curtain import CurtainScene
    app.scenes.push(CurtainScene(app, app.tr("curtain.place", name="Nina"), lambda: None,
                                 on_abandon=lambda: None))


# -- set-ups ----------------------------------------------------------------------------------

def _match(mode: str, seed: int = 1):
    from ..modes import MODES
    entry = MODES[mode]
    return Match(next(iter(entry.rules.presets.values())), _seats(), first="0", seed=seed)


def _placement(mode):
    def open_(app):
        from ..scenes.modes import SCREENS
        match = _match(mode)
        app.scenes.push(SCREENS[mode].set_up(app, match, 0, lambda setup: None))
    return open_


def _paint_ship(app):
    from ..rules.classic import PRESETS
    from ..scenes.classic.dutchman import PaintShipScene
    app.scenes.push(PaintShipScene(app, PRESETS["dutchman"], "latin", app.tr("paint.title", name="Nina"),
                                   4, lambda cells: None, rng=random.Random(1)))


# -- battles ----------------------------------------------------------------------------------

def _classic_battle(app, preset="russian"):
    from ..rules.classic import PRESETS
    from ..scenes.modes import SCREENS
    battle = SCREENS["classic"].battle.showcase(app, PRESETS[preset], 1)
    app.scenes.push(battle)


def _arcade_battle(app):
    _classic_battle(app, "arcade")


def _naval_battle(app):
    from .strike import naval_battle
    naval_battle(app, 1)


def _korabliki_battle(app):
    from .korabliki import asking_scene
    asking_scene(app, 1)


def _campaign_battle(app):
    from ..campaign import Voyage, make_match
    from ..scenes.modes import SCREENS
    voyage = Voyage()
    level = voyage.levels[0]
    match = make_match(level, 1, "Nina", app.settings.language, voyage=voyage)
    game = match.new_game([match.entry.computer_setup(match, i) for i in (0, 1)])
    app.scenes.push(SCREENS[match.mode].battle(app, match, game, keep_record=False))


def _thinking(app):
    from ..scenes.classic.thinking import ThinkingScene
    from .battle import finished_game
    match, game = finished_game(1, True)
    app.scenes.push(ThinkingScene(app, match, game, 1, [(1, (4, 4), [0.01] * 100)]))


# -- results ----------------------------------------------------------------------------------

def _game_over(mode, won=True):
    def open_(app):
        from ..scenes.modes import SCREENS
        from .result import _played
        game = _played(mode, 1)
        person = game.winner if won else 1 - game.winner
        seats = tuple(Seat(HUMAN, "Nina") if i == person else Seat(COMPUTER, "Boatswain")
                      for i in (0, 1))
        match = Match(game.config, seats, seed=1)
        match.finish(game)
        app.scenes.push(SCREENS[mode].game_over(app, match, game, 312.0))
    return open_


# -- the campaign -----------------------------------------------------------------------------

def _chart(app):
    app.flow.to_chart()


def _over_chart(make):
    def open_(app):
        app.flow.to_chart()
        chart = app.scenes.top
        app.scenes.push(make(app, chart))
    return open_


def _briefing(app, chart):
    from ..scenes.campaign.briefing import BriefingScene
    return BriefingScene(app, chart, chart.voyage.levels[-1])


def _result(app, chart):
    from ..campaign import autoplay
    from ..scenes.campaign.result import ResultScene
    first = chart.voyage.levels[0]
    return ResultScene(app, chart, chart.voyage.finish(first, autoplay(first, 1, "hunter")))


def _captains(app, chart):
    from ..scenes.campaign.captains import CaptainsScene
    return CaptainsScene(app, chart)


def _medals(app, chart):
    from ..scenes.campaign.medals import MedalCaseScene
    chart.voyage.progress.award("untouched", chart.voyage.levels[0].id, "hard")
    return MedalCaseScene(app, chart.voyage, "Nina")


def _boss(app, chart):
    from ..scenes.campaign.boss import BossScene
    boss = next(lv for lv in chart.voyage.levels if lv.boss is not None)
    return BossScene(app, boss, "before", lambda: None, lambda: None)


def _closing(app, chart):
    from ..scenes.campaign.ending import ClosingScene
    return ClosingScene(app, chart, chart.voyage.levels[0].voyage)


def _credits(app):
    from ..scenes.campaign.ending import CreditsScene
    app.scenes.push(CreditsScene(app))


# -- online -----------------------------------------------------------------------------------

def _online(app):
    app.flow.online()


def _join(app):
    app.flow.online_join()


class _Heard:
    """A seat's connection that has already heard ``messages`` (``poll`` hands them to its
    ``remote`` once): no socket, no thread."""

    status, problem = "open", None

    def __init__(self, messages=()):
        from ..net.client import Remote
        self.remote = Remote()
        self.messages = list(messages)

    def poll(self) -> list:
        out, self.messages = [self.remote.take(m) for m in self.messages], []
        return out

    def send(self, message) -> None:
        pass

    def close(self) -> None:
        pass


def _session(messages=()):
    from ..net.session import Session
    session = Session("127.0.0.1", 9, retry=3600.0)
    session.net.close()                       # its own connection: this one heard already
    session.net = _Heard(messages)
    return session


def _seat_heard(mode: str, config, moves: int, chat) -> list:
    """What seat 0 of a new room of ``config`` heard after ``moves`` random legal actions and
    ``chat`` (seat, words) said on the way, through JSON."""
    import json
    import tempfile
    from ..net import codec
    from ..net.protocol import VERSION, write
    from ..net.server import Conn, Server
    from ..rules.modes import MODES
    clock = [1000.0]

    def now() -> float:
        clock[0] += 0.1
        return clock[0]
    server = Server(tempfile.mkdtemp(prefix="seabattle-scaled-"), clock=now, seed=1)
    a, b = Conn(None, "127.0.0.7"), Conn(None, "127.0.0.8")
    heard: list = []

    def say(conn, message) -> dict:
        out = server.receive(conn, json.dumps(message))
        heard.extend(json.loads(write(m)) for c, m in out if c is a)
        return next((m for c, m in out if c is conn), {})
    for conn in (a, b):
        say(conn, {"type": "hello", "version": VERSION, "game": "sea-battle"})
    code = say(a, {"type": "create", "mode": mode, "config": config.to_dict(),
                   "name": "Анна"})["room"]
    say(b, {"type": "join", "room": code, "name": "Борис"})
    match = Match(config, (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")), seed=1)
    for conn, setup in zip((a, b), match.computer_setups()):
        say(conn, {"type": "setup", "setup": codec.setup_to_json(mode, setup)})
    room, rng = server.rooms[code], random.Random(1)
    for seat, words in chat:
        say((a, b)[seat], {"type": "chat", "text": words})
    for _ in range(moves):
        game = room.game
        if game.over:
            break
        action = MODES[mode].random_action(game, rng)
        say((a, b)[game.turn], {"type": "act", "moves": len(game.history),
                                "action": codec.action_to_json(mode, action)})
    server.close()
    return heard


def _online_battle(mode):
    def open_(app):
        from ..scenes.common.online import OnlineWaitScene
        from .watch import CHAT, ROOMS
        _, config, moves = next(r for r in ROOMS if r[0] == mode)
        session = _session(_seat_heard(mode, config, moves // 2, CHAT))
        wait = OnlineWaitScene(app, session, hosting=True)
        app.scenes.push(wait)
        session.poll()
        app.flow.online_follow(wait)          # as the waiting screen does: the battle
    return open_


def _address(app):
    from ..scenes.common.online import AddressScene
    app.scenes.push(AddressScene(app, _session()))


def _wait(app):
    from ..scenes.common.online import OnlineWaitScene
    app.scenes.push(OnlineWaitScene(app, _session(), hosting=True))


def _lobby_screen(name):
    def open_(app):
        from ..scenes.common.online_board import LeaderboardScene
        from ..scenes.common.online_find import FindScene, QueueScene
        from ..scenes.common.online_watch import WatchMenuScene
        from .lobby import board, lobby
        queued = {"type": "queued", "kind": "classic", "waited": 14, "window": 450,
                  "waiting": 6}
        games = {"type": "games", "games": [
            {"room": "ABCDEFGH", "kind": kind, "names": ["Адмирал Ушаков", "Kari Nordmann"],
             "tags": ["A", "B"], "ratings": [1600, 1580], "moves": 12, "watchers": 2,
             "path": "/v2/room/ABCDEFGH"} for kind in ("classic", "arcade", "naval",
                                                      "korabliki")]}
        app.scenes.push({
            "find": lambda: FindScene(app),
            "queue": lambda: QueueScene(app, lobby([queued]), "classic"),
            "leaderboard": lambda: LeaderboardScene(app, lobby([board("classic")], True)),
            "watch_list": lambda: WatchMenuScene(app, lobby([games], True)),
        }[name]())
    return open_


def _watch(mode):
    def open_(app):
        from ..scenes.common.watch import WatchScene
        from .watch import CHAT, ROOMS, spectated
        _, config, moves = next(r for r in ROOMS if r[0] == mode)
        app.scenes.push(WatchScene(app, spectated(mode, config, moves, 1, CHAT)))
    return open_


STOPS = (
    Stop("title", "TitleScene", _title, 60),
    Stop("setup-classic", "SetupScene", _setup("classic")),
    Stop("setup-naval", "SetupScene", _setup("naval")),
    Stop("setup-korabliki-two", "SetupScene", _setup("korabliki", "two")),
    Stop("settings", "SettingsScene", _settings),
    Stop("rules", "RulesScene", _rules),
    Stop("placement-classic", "PlacementScene", _placement("classic")),
    Stop("placement-naval", "NavalPlacementScene", _placement("naval")),
    Stop("placement-korabliki", "KorablikiSetupScene", _placement("korabliki")),
    Stop("paint-ship", "PaintShipScene", _paint_ship),
    Stop("curtain", "CurtainScene", _curtain, 40),
    Stop("battle-classic", "BattleScene", _classic_battle, 200),
    Stop("battle-arcade", "BattleScene", _arcade_battle, 200),
    Stop("battle-campaign", "BattleScene", _campaign_battle, 60),
    Stop("battle-naval", "NavalBattleScene", _naval_battle, 60),
    Stop("battle-korabliki", "KorablikiBattleScene", _korabliki_battle, 48),
    Stop("pause", "PauseScene", _pause),
    Stop("confirm", "ConfirmScene", _confirm),
    Stop("thinking", "ThinkingScene", _thinking),
    Stop("result-classic-won", "GameOverScene", _game_over("classic"), 90),
    Stop("result-classic-lost", "GameOverScene", _game_over("classic", False), 90),
    Stop("result-naval", "NavalGameOverScene", _game_over("naval"), 90),
    Stop("result-korabliki", "KorablikiGameOverScene", _game_over("korabliki", False), 90),
    Stop("chart", "VoyageScene", _chart, 30),
    Stop("briefing", "BriefingScene", _over_chart(_briefing)),
    Stop("voyage-result", "ResultScene", _over_chart(_result), 60),
    Stop("captains", "CaptainsScene", _over_chart(_captains)),
    Stop("medals", "MedalCaseScene", _over_chart(_medals)),
    Stop("boss", "BossScene", _over_chart(_boss), 200),
    Stop("closing", "ClosingScene", _over_chart(_closing), 120),
    Stop("credits", "CreditsScene", _credits, 60),
    Stop("online", "OnlineMenuScene", _online),
    Stop("join", "JoinScene", _join),
    Stop("address", "AddressScene", _address),
    Stop("online-wait", "OnlineWaitScene", _wait),
    Stop("online-battle-classic", "OnlineBattleScene", _online_battle("classic"), 30),
    Stop("online-battle-naval", "OnlineNavalBattleScene", _online_battle("naval"), 30),
    Stop("online-battle-korabliki", "OnlineKorablikiBattleScene", _online_battle("korabliki"),
         30),
    Stop("find", "FindScene", _lobby_screen("find")),
    Stop("queue", "QueueScene", _lobby_screen("queue"), 40),
    Stop("leaderboard", "LeaderboardScene", _lobby_screen("leaderboard")),
    Stop("watch-list", "WatchMenuScene", _lobby_screen("watch_list")),
    Stop("watch-classic", "WatchScene", _watch("classic"), 30),
    Stop("watch-naval", "WatchScene", _watch("naval"), 30),
    Stop("watch-korabliki", "WatchScene", _watch("korabliki"), 30),
)


def scene_classes() -> dict[str, type]:
    """Every screen class the game has (imported from every module under ``game.scenes``)."""
    import importlib
    import pkgutil
    from .. import scenes
    for module in pkgutil.walk_packages(scenes.__path__, scenes.__name__ + "."):
        importlib.import_module(module.name)
    found, todo = {}, [Scene]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith(scenes.__name__ + ".") and sub.__name__ not in found:
                found[sub.__name__] = sub
                todo.append(sub)
    return found


def scaled_app(size, lang: str, scale: int = SCALE, seed: int = 1) -> App:
    app = App(size=size, seed=seed, audio=False)
    app.settings.language = lang
    app.settings.ui_scale = scale
    app.settings.anim_speed = 1.0
    app.apply_settings()
    return app


def _open(app: App, stop: Stop) -> None:
    """``stop``'s screen over a plain one, its frames run: the time of ``frames`` at 60 a
    second in fewer steps (animations run on elapsed time)."""
    app.scenes.reset(Scene(app))
    stop.open(app)
    for _ in range(-(-stop.frames // 3)):
        app.step(1 / 20, [])


def _logged(app: App) -> frame_log.Frame:
    """One more frame drawn with the frame log on."""
    frame = frame_log.start()
    try:
        app.step(1 / 60, [])
    finally:
        frame_log.stop()
    return frame


def visit(app: App, stop: Stop) -> list[str]:
    """Open ``stop``'s screen and draw a frame with the frame log on: what leaves its box or
    the window (the screen stays open)."""
    _open(app, stop)
    top = type(app.scenes.top).__mro__
    if not any(c.__name__ == stop.screen for c in top):
        return [f"{stop.name}: opened {type(app.scenes.top).__name__}, not {stop.screen}"]
    return [f"{stop.name}: {fault}" for fault in frame_log.faults(_logged(app), app.size)]


def fingerprint(app: App, stop: Stop) -> str:
    """Where ``stop``'s screen puts every word and box (a short hash): what a change of layout
    changes (the 100 % screens must stay as they were)."""
    import hashlib
    _open(app, stop)
    drawn = repr([(tuple(rect), what, kind) for rect, what, kind in _logged(app).drawn
                  if kind != "veil"])            # (a shade, not a place)
    return hashlib.sha1(drawn.encode()).hexdigest()[:12]


@shot
def scaled(gallery) -> None:
    """Every stop of the walk at 150 %: 800×600 in Russian and English, 1280×720 in Russian."""
    for size, langs in SHOTS:
        for lang in langs:
            app = scaled_app(size, lang, seed=gallery.seed)
            for stop in STOPS:
                for fault in visit(app, stop):
                    print("# " + fault, file=sys.stderr)
                gallery.save(app.screen.copy(),
                             f"scaled-{stop.name}-{lang}-{size[0]}x{size[1]}.png")
            app.settings.ui_scale = 100     # the gallery's next parts start as players do
            app.apply_settings()
            app.quit()
