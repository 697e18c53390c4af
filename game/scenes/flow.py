"""The order of screens, in one place (issue 19): a match's set-up and battle, the game over, the
title, the chart, the pause menu. Screens never build one another: each asks ``app.flow``,
which alone imports them all. (The screens of each mode are ``game.scenes.modes``.)
"""

from __future__ import annotations

from .campaign.chart import VoyageScene
from .campaign.sailing import offer_resume, open_medal_case
from .common.curtain import CurtainScene
from .common.dialogs import ConfirmScene, PauseScene
from .common.online import (JoinScene, OnlineMenuScene, OnlineWaitScene, hosted_session,
                            online_listen)
from .common.online_battle import online
from .quick_match import SetupScene
from .common.settings import SettingsScene
from .common.title import TitleScene
from .common.watch import WatchScene
from .modes import DEMO, SCREENS
from ..data.saved_battle import BattleKeeper
from ..i18n.phrase import say
from ..match import COMPUTER, HUMAN, REMOTE, Match, Seat
from ..modes import MODES
from ..net import codec
from ..net.session import GONE_SEAT, Session, parse_address
from ..tables.base import Sender


class Flow:
    def __init__(self, app):
        self.app = app
        self.session = None       # the online game's connection (issue 23), while one is on

    # -- a match ----------------------------------------------------------------------------
    def start(self, match, replace: bool = False) -> None:
        """Each person sets up his side (behind the hand-over curtain when two share the
        screen), the computers set up theirs, then the battle. The first new screen goes on top
        of the current one, or takes its place when ``replace`` is set."""
        app, screens = self.app, SCREENS[match.mode]
        if match.online:          # the next game of a room: both sides set up again
            self.online_next(match)
            return
        setups = match.computer_setups()
        order = match.humans
        if order and match.campaign is None and match.keeper is None:
            # a quick match or two players: kept as it goes, to resume (issue 33)
            match.keeper = BattleKeeper(kind="two" if match.hot_seat else "computer",
                                        profile=app.settings.profile if match.profile
                                        else None)

        def show(scene, first: bool) -> None:
            if first and not replace:
                app.scenes.push(scene)
            else:
                app.scenes.replace(scene)

        def place(k: int) -> None:
            if k == len(order):
                game = match.new_game(setups)
                match.progressed(game)          # kept from its first move on
                self._show_battle(self.battle(match, game), app.scenes.replace)
                return
            player = order[k]

            def done(setup, player=player, k=k):
                setups[player] = setup
                place(k + 1)

            scene = screens.set_up(app, match, player, done)
            if match.hot_seat:
                show(CurtainScene(app, app.tr("curtain.place", name=match.seats[player].name),
                                  lambda: app.scenes.replace(scene)), k == 0)
            else:
                show(scene, k == 0)

        if not order:   # computer against computer: straight to the battle
            show(screens.battle(app, match, match.new_game(setups)), True)
            return
        place(0)

    def battle(self, match, game, **options):
        """The battle screen of ``game`` (a new one, or one resumed)."""
        return SCREENS[match.mode].battle(self.app, match, game, **options)

    def demo(self):
        """The battle the title screen plays behind its menu (attract mode): two computer
        hunters at the demo mode's first rules, silent and without panels."""
        app = self.app
        seed = app.new_seed()
        config = next(iter(MODES[DEMO].rules.presets.values()))
        match = Match(config, (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")),
                      letters=app.settings.letter_set, seed=seed)
        return SCREENS[DEMO].battle(app, match, match.new_game(match.computer_setups()),
                                    demo=True)

    def _show_battle(self, battle, put) -> None:
        """``battle`` on the screen (``put``: push or replace); two people on one screen meet
        it behind the curtain of the one to move."""
        app, match, game = self.app, battle.match, battle.game
        if match.hot_seat:
            battle.viewer = game.turn
            put(CurtainScene(app, app.tr("curtain.first", name=match.seats[game.turn].name),
                             lambda: app.scenes.replace(battle)))
        else:
            put(battle)

    def offer_kept_battle(self) -> bool:
        """At start: a quick match or two players' battle left when the window closed is
        offered (No keeps it for the next start; a new battle takes its place)."""
        app = self.app
        keeper = BattleKeeper()
        kept = keeper.load(lambda key: app.profiles.load(key))
        for problem in keeper.problems:
            app.notify(app.tr("notice.battle_kept_broken", problem=problem), 8.0)
        if kept is None:
            return False
        kind, _, match, game = kept
        match.keeper = keeper
        tr = app.tr
        names = [say(s.label, tr) if s.label is not None else s.name for s in match.seats]
        question = tr(f"resume.{kind}_q", mode=tr(f"mode.{match.mode}.name"), a=names[0],
                      b=names[1], n=len(game.history))

        def yes():
            self._show_battle(self.battle(match, game), app.scenes.push)
        app.scenes.push(ConfirmScene(app, question, yes))
        return True

    def game_over(self, battle, **shown) -> None:
        """After the battle: the mode's game over screen in its place."""
        screen = SCREENS[battle.match.mode].game_over
        self.app.scenes.replace(screen(self.app, battle.match, battle.game, battle.elapsed,
                                       battle.record_path, **shown))

    # -- places -----------------------------------------------------------------------------
    def to_title(self) -> None:
        self.online_close()
        self.app.scenes.reset(TitleScene(self.app))

    def to_chart(self, result=None) -> None:
        """Back to the chart (over the title screen), showing ``result`` if a battle just ended."""
        self.to_title()
        self.app.scenes.push(VoyageScene(self.app, result))

    def voyage(self) -> None:
        self.app.scenes.push(VoyageScene(self.app))

    def medal_case(self) -> None:
        open_medal_case(self.app)

    def quick_match(self, kind: str) -> None:
        self.app.scenes.push(SetupScene(self.app, kind))

    def watch(self, watcher) -> None:
        """Watch a room (issue 37): the spectator's screen over ``watcher``
        (``game.net.watcher.Watcher``, connected)."""
        self.app.scenes.push(WatchScene(self.app, watcher))

    @staticmethod
    def screens_of(mode: str | None):
        """``mode``'s screens (the registry's entry: the spectator's screen reads its ``watch``
        and ``public_line``), or None for a mode this game has not."""
        return SCREENS.get(mode)

    def settings(self) -> None:
        self.app.scenes.push(SettingsScene(self.app))

    def pause(self, on_save_record=None, on_abandon=None, **concede) -> None:
        """The pause menu; ``concede``: a battle's ``on_resign``, ``on_offer_draw`` and
        ``draw_to`` (RULES.md §0)."""
        self.app.scenes.push(PauseScene(self.app, on_save_record, on_abandon, **concede))

    def opening(self, resume: bool) -> None:
        """The game as it opens: the title, and the offer to resume a campaign battle."""
        self.to_title()
        if resume and not offer_resume(self.app):
            self.offer_kept_battle()

    # -- online (issue 23) ------------------------------------------------------------------------
    def online(self) -> None:
        self.app.scenes.push(OnlineMenuScene(self.app))

    def online_host(self) -> None:
        self.app.scenes.push(SetupScene(self.app, "online"))

    def online_join(self) -> None:
        self.app.scenes.push(JoinScene(self.app))

    def online_host_room(self, create: dict) -> None:
        """Host: the room ``create`` asks for is made on a server started in this game, or on
        the standalone server named in the set-up."""
        self.online_close()
        server = self.app.settings.online_server
        session = self._opened(lambda: Session(*parse_address(server)) if server
                               else hosted_session(self.app))
        if session is not None:
            self.online_connect(session, create, hosting=True)

    def _opened(self, open_session):
        """The session ``open_session()`` makes, or None with why not said to the player (an
        address that is none, or a server that cannot be started or reached here)."""
        try:
            return open_session()
        except ValueError:
            self.app.notify(self.app.tr("online.error_address"))
        except OSError as exc:
            self.app.notify(self.app.tr("online.error_host", error=str(exc)))
        return None

    def online_connect(self, session, first: dict | None, hosting: bool = False) -> None:
        """``session``'s first message (create or join; None: a kept seat's rejoin, which the
        connection sends itself) sent; the waiting screen follows. The seat, once taken, is
        kept in a file for a window closed mid-game (``online_return``)."""
        self.online_close()
        self.session = session
        session.hosting = hosting
        session.on_seat = self._keep_seat
        if first is not None:
            session.send(first)
        wait = OnlineWaitScene(self.app, session, hosting)
        wait.returned = first is None      # a kept seat: a game already over is shown as such
        self.app.scenes.push(wait)

    def _keep_seat(self, record: dict) -> None:
        try:
            self.app.seats.save(record)
        except (OSError, ValueError) as exc:
            self.app.notify(self.app.tr("online.seat_not_kept", error=str(exc)))

    def online_close(self) -> None:
        """The room left on purpose (or the match done and left): its kept seat forgotten."""
        if self.session is not None:
            secret = self.session.remote.secret
            self.session.close()
            self.session = None
            if secret is not None:
                self.app.seats.clear(secret)

    def kept_seat(self) -> dict | None:
        """The seat a closed window left (``online_return``), or None; a broken file is named."""
        seat = self.app.seats.load()
        while self.app.seats.problems:
            self.app.notify(self.app.seats.problems.pop(0), 8.0)
        return seat

    def online_return(self) -> None:
        """"Return to room": the kept seat taken up again where its room stands; a room this
        game hosted on its own server has that server started again on the same data folder
        (its rooms kept there) and port (another if that one is taken: the new address said)."""
        seat = self.kept_seat()
        if seat is None:
            return
        rejoin = {k: seat[k] for k in ("room", "seat", "secret")}

        def open_session():
            if not (seat["hosting"] and seat["server_data"]):
                return Session(*parse_address(seat["address"]), rejoin=rejoin)
            session = Session.host_here(seat["server_data"], seat["server_port"] or 0,
                                        listen=online_listen(), rejoin=rejoin)
            if seat["server_port"] and session.port != seat["server_port"]:
                self.app.notify(self.app.tr("online.new_port", address=", ".join(
                    session.addresses())), 8.0)
            return session
        session = self._opened(open_session)
        if session is not None:
            self.online_connect(session, None, hosting=seat["hosting"])

    def online_leave(self) -> None:
        """Leave the room (the hosted server stops): back to the online menu."""
        self.to_title()
        self.online()

    def _online_match(self, session) -> Match:
        remote, app = session.remote, self.app
        entry = MODES[remote.mode]
        seats = [None, None]
        me = remote.seat
        seats[me] = Seat(HUMAN, session.name_of(me))
        seats[1 - me] = Seat(REMOTE, session.name_of(1 - me))
        series = remote.state.get("series") or {}
        return Match(entry.rules.config_from_dict(remote.config), tuple(seats),
                     letters=app.settings.letter_set, seed=app.new_seed(),
                     best_of=series.get("best_of", 1),
                     auto_intercept=bool(app.settings.quick_match.get("auto_intercept")))

    def online_follow(self, wait) -> None:
        """The waiting screen's next step, by the room's phase: the placement of this seat's
        side (today's screen; its set-up goes to the server), then the battle."""
        app, session = self.app, wait.session
        remote = session.remote
        phase = remote.phase
        if session.returning:
            if session.error is not None and session.error.get("code") in GONE_SEAT:
                self.app.seats.clear(remote.secret)       # said on the waiting screen
            return
        if remote.seat is None or phase in (None, "waiting"):
            return
        me = (remote.state.get("seats") or [None, None])[remote.seat]
        if phase == "placing" and me and me.get("placed"):
            wait.placed = True           # back in a room whose set-up was sent before
        if wait.match is None:
            wait.match = self._online_match(session)
        match = wait.match
        screens = SCREENS[match.mode]
        if phase == "placing" and not wait.placed and not wait.placing:
            def done(setup):
                session.send({"type": "setup", "setup": codec.setup_to_json(match.mode, setup)})
                wait.placed = True
                app.scenes.pop()
            wait.placing = True
            app.scenes.push(screens.set_up(app, match, remote.seat, done))
        elif (phase == "battle" or wait.returned and phase in ("over", "done")) \
                and "view" in remote.state:
            table = match.entry.table(match.config, remote.seat, Sender(
                lambda action: session.send(session.remote.act(action))))
            table.take(remote.state, codec.decode(remote.state["view"]), [])
            battle = online(screens.battle)(app, match, table, session)
            app.scenes.replace(battle)
            if table.over:       # back in a room whose game ended meanwhile: its game over
                battle.end()

    def online_next(self, match) -> None:
        """Game over, "Next game" (C7) or "Rematch": the room's next game, set up again."""
        session = self.session
        if session is None:
            self.to_title()
            return
        session.poll()
        if session.remote.phase in ("over", "done"):      # the next game, or a rematch
            session.send({"type": "next"})
        wait = OnlineWaitScene(self.app, session, session.hosted is not None)
        wait.match = match
        self.app.scenes.replace(wait)
