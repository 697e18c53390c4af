"""RULES.md §0's move clock through the game's screens (issue 35, part 6): Host offers it and
remembers the choice; both battle screens count down the seconds of the player to act; a turn
run out is said in both logs; two of his turns in a row lose him the game, and the game over
says why."""

from __future__ import annotations


from game.scenes.classic.gameover import GameOverScene
from game.scenes.quick_match import SetupScene

from .net_helpers import on_clock
from .test_online import ShiftedClock, close, frames, make_app, to_battle, top


def log_text(scene) -> list[str]:
    return [scene.tr(w) if isinstance(w, str) else w.say(scene.tr) for w, *_ in scene.log]


def test_host_offers_the_move_clock_and_remembers_it(home):
    app = make_app(home, "host", (800, 600), "ru")
    app.flow.online_host()
    setup = top(app)
    assert isinstance(setup, SetupScene)
    item = next(i for i in setup.menu.items if i.label() == setup.tr("online.clock"))
    assert item.values() == [0, 15, 30, 60] and item.get() == 0      # off by default
    item.set(30)
    setup.back()
    app.flow.online_host()
    assert top(app).choices["clock"] == 30


def test_two_turns_run_out_in_a_row_lose_the_game_on_both_screens(tmp_path, home, local,
                                                                   monkeypatch):
    clock = ShiftedClock()
    on_clock(monkeypatch, clock)
    host = guest = None
    try:
        host, guest, a, b = to_battle(tmp_path, home, (1280, 720), "en", shots=False,
                                      clock=15)
        frames([host, guest], 3)
        assert a.session.remote.state["clock"] == 15
        assert 13 < a.clock_left() <= 15 and 13 < b.clock_left() <= 15     # both count down
        lapsed = a.tr("log.lapsed")
        clock.shift += 16                         # Anna lets her turn run out
        frames([host, guest], until=lambda: any(lapsed in w for w in log_text(b)), dt=0.05)
        frames([host, guest], until=lambda: any(lapsed in w for w in log_text(a)), dt=0.05)
        assert a.table.turn == 1 and not a.table.over
        clock.shift += 16                         # Boris's runs out too: no help to her
        frames([host, guest], until=lambda: a.table.turn == 0, dt=0.05)
        clock.shift += 16                         # her second in a row: the game is lost
        frames([host, guest], until=lambda: isinstance(top(host), GameOverScene)
               and isinstance(top(guest), GameOverScene), dt=0.1)
        over = top(guest)
        assert over.game.winner == 1
        assert over.reason_words() == over.tr("why.lapsed", name="Anna")
    finally:
        close(host, guest)
