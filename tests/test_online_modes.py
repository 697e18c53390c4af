"""Naval and «Кораблики» online (issue 23): a seat's table fed by the server (issue 34) holds no
more than its seat's view over whole random games, answers the screens as the rules would, and
refuses what the rules refuse in the rules' own words."""

from __future__ import annotations

import asyncio
import dataclasses
import random

import pygame
import pytest

from game.i18n import describe
from game.net import codec, visibility
from game.render import theme
from game.rules import korabliki as kr
from game.rules import naval as nv
from game.rules.classic import HIT, MISS, SUNK
from game.rules.errors import RuleError
from game.scenes.common.online_battle import OnlineBattle, online
from game.scenes.quick_match import SetupScene
from game.scenes.korabliki.gameover import KorablikiGameOverScene
from game.scenes.modes import SCREENS
from game.scenes.naval.gameover import NavalGameOverScene
from game.tables.base import Sender
from game.tables.korabliki import KorablikiTable
from game.tables.naval import NavalTable

from .test_online import SIZES, _log_words, close, frames, make_app, shoot, top
from .test_online import to_battle as classic_battle


def feed(remote, game, events, mode):
    """What the server sends ``remote``'s seat after ``events``, through the codec."""
    seat = remote.seat
    seen = visibility.events_for(mode, events, seat)
    remote.take({"moves": len(game.history), "turn": game.turn},
                codec.decode(codec.encode(game.view(seat))),
                [codec.decode(codec.encode(e)) for e in seen])


def seated(table, game, seat):
    """Seat ``seat``'s ``table`` (a mode's table class) of ``game``, its actions sent nowhere,
    handed the game as it stands."""
    out = table(game.config, seat, Sender(lambda a: None))
    feed(out, game, [], table.mode)
    return out


def refusal(check, action):
    try:
        check(action)
    except RuleError as exc:
        return exc.code, exc.params
    return None


# -- Naval ----------------------------------------------------------------------------------

def naval_beyond_view(remote: NavalTable, game: nv.NavalGame) -> list:
    """What ``remote`` holds of the enemy that its seat's view does not show, one line each."""
    seat, enemy = remote.seat, 1 - remote.seat
    view = game.view(seat)
    out = []
    shown = set(view.target) | {c for _, s in view.enemy_sunk for c in s}
    weapons_shown: set = set()
    if view.enemy_fleet is not None:
        shown |= {c for s in view.enemy_fleet for c in s.cells}
        weapons_shown = {c for s in view.enemy_fleet for _, c in s.weapons}
    held = {c for s in remote.fleets[enemy] for c in s.cells} | set(remote.hits[enemy]) \
        | set(remote.marks[enemy])
    out += [f"enemy cell {c}" for c in held - shown]
    out += [f"enemy weapon {c}" for s in remote.fleets[enemy] for _, c in s.weapons
            if c not in weapons_shown]
    if remote.aa_mount(enemy) is not None:
        out.append("the enemy's mount")
    if view.pending is None and (remote.intercept_options() or remote.volley is not None):
        out.append(f"an interception not this seat's: {remote.intercept_options()}")
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_naval_remote_game_holds_no_more_than_the_view(seed):
    rng = random.Random(seed)
    game = nv.new_game(nv.NavalConfig(), rng)
    remotes = [seated(NavalTable, game, s) for s in (0, 1)]
    intercepts = 0
    while not game.over:
        events = game.apply(nv.random_action(game, rng))
        intercepts += any(isinstance(e, nv.InterceptNeeded) for e in events)
        for r in remotes:
            feed(r, game, events, "naval")
            s = r.seat
            assert naval_beyond_view(r, game) == []
            # its own side: the whole truth, as the rules hold it
            assert r.fleets[s] == game.fleets[s] and r.marks[s] == game.marks[s]
            assert r.hits[s] == game.hits[s] and set(r.sunk[s]) == set(game.sunk[s])
            assert r.flak == game.flak        # what was shot down: over both fields
            assert r.turn == game.turn and r.over == game.over and r.quiet == game.quiet
            mine = game.pending is not None and game.pending.player == s
            assert (r.pending is not None) == mine
            if mine:
                assert r.intercept_options() == game.intercept_options()
                assert r.volley == game.volley
            assert r.aa_mount(s) == game.aa_mount(s)
            # the enemy's ships as the screen lists them: what is afloat, what is sunk
            kinds = sorted(k.kind for k in r.fleets[1 - s])
            assert kinds == sorted(k.kind for k in game.fleets[1 - s])
    assert intercepts, "no interception in the whole game: the check saw none"
    for r in remotes:        # §0: the game over shows everything, and the same statistics
        assert r.fleets == game.fleets and r.winner == game.winner
        assert [r.points(p) for p in (0, 1)] == [game.points(p) for p in (0, 1)]
        assert r.ceasefire == game.ceasefire
        assert [nv.volley_stats(r, p) for p in (0, 1)] == \
            [nv.volley_stats(game, p) for p in (0, 1)]


def test_the_naval_check_sees_a_remote_game_given_the_enemy_fleet():
    """The check above can fail: a view that held the enemy fleet mid-game is caught."""
    game = nv.new_game(nv.NavalConfig(), random.Random(5))
    remote = NavalTable(game.config, 0, Sender(lambda a: None))
    leaky = dataclasses.replace(game.view(0), enemy_fleet=tuple(game.fleets[1]))
    remote.take({"moves": 0, "turn": 0}, leaky, [])
    found = naval_beyond_view(remote, game)
    assert any("enemy cell" in f for f in found) and any("enemy weapon" in f for f in found)
    leaky = dataclasses.replace(game.view(0), options=((3, 3),), pending=nv.INTERCEPT)
    remote.take({"moves": 0, "turn": 0}, leaky, [])
    assert any("interception" in f for f in naval_beyond_view(remote, game))


def test_the_naval_remote_game_refuses_what_the_rules_refuse_in_their_words():
    rng = random.Random(8)
    game = nv.new_game(nv.NavalConfig(), rng)
    checked = 0
    for _ in range(60):
        if game.over:
            break
        me = game.turn
        remote = seated(NavalTable, game, me)
        candidates = game.legal_actions()[:3] + [nv.random_action(game, rng)]
        if game.pending is None:
            v = game.view(me)
            known = next(iter(v.target), (0, 0))
            candidates += [nv.Volley(), nv.Volley(((0, 0), (0, 0))), nv.Volley(((20, 1),)),
                           nv.Volley((known,)), nv.Volley((), (), 3, ((1, 1),)),
                           nv.Volley((), (), 99), nv.Volley((), (), None, ((1, 1), (5, 5))),
                           nv.Intercept(())]
        else:
            candidates += [nv.Intercept(tuple(game.volley.targets)), nv.Intercept(((20, 20),)),
                           nv.Volley()]
        for action in candidates:
            assert refusal(remote.check, action) == refusal(game.check, action), action
            checked += 1
        game.apply(nv.random_action(game, rng))
    assert checked > 200
    sent = []
    remote = NavalTable(game.config, game.turn, Sender(sent.append))
    feed(remote, game, [], "naval")
    if not game.over:
        action = game.legal_actions()[0]
        assert remote.apply(action) == [] and sent == [action]
        with pytest.raises(RuleError):          # no second act before the server answers
            remote.apply(action)


# -- «Кораблики» ------------------------------------------------------------------------------

def kor_beyond_view(remote: KorablikiTable, game: kr.KorablikiGame) -> list:
    seat = remote.seat
    view = game.view(seat)
    ranks = {p.cell: p.rank for p in view.enemy}
    out = [f"enemy rank {p.rank} on {c}" for c, p in remote.pieces.items()
           if p.owner != seat and p.rank is not None and ranks.get(c) != p.rank]
    out += [f"a piece on {c} the view has not" for c in remote.pieces
            if c not in ranks and c not in {p.cell for p in view.own}]
    if view.pending_target is None and (remote.pending is not None
                                        or remote.answer_options(None)):
        out.append("an answer not this seat's")
    return out


@pytest.mark.parametrize("seed", [6, 10])
def test_the_korabliki_remote_game_holds_no_more_than_the_view(seed):
    rng = random.Random(seed)
    game = kr.new_game(kr.KorablikiConfig(), rng)
    remotes = [seated(KorablikiTable, game, s) for s in (0, 1)]
    answers = refused_same = 0
    while not game.over and len(game.history) < 1500:
        action = kr.random_action(game, rng)
        me = game.turn
        mine = remotes[me]
        if game.phase == kr.ANSWER:
            answers += 1
            assert mine.pending.target == game.pending.target
            assert mine.answer_options(mine.pending.target) == \
                game.answer_options(game.pending.target)
        elif game.phase == kr.MOVE:
            assert mine.has_move() == game.has_move()
            assert mine.legal_moves() == game.legal_moves()
        else:
            for a in game.legal_acts():
                assert refusal(mine.check, a) is None, a
        for probe in (action, kr.Move((0, 0), (0, 1)), kr.EndTurn(), kr.Bomb(),
                      kr.Answer(((0, 0),))):
            assert refusal(mine.check, probe) == refusal(game.check, probe), probe
            refused_same += 1
        events = game.apply(action)
        for r in remotes:
            feed(r, game, events, "korabliki")
            assert kor_beyond_view(r, game) == []
            s = r.seat
            assert {c: (p.rank, p.revealed) for c, p in r.pieces.items() if p.owner == s} == \
                {c: (p.rank, p.revealed) for c, p in game.pieces.items() if p.owner == s}
            assert set(r.pieces) == set(game.pieces)        # every position is public
            assert r.phase == game.phase and r.turn == game.turn and r.quiet == game.quiet
            assert [len(x) for x in r.lost] == [len(x) for x in game.lost]
            assert [r.forts(p) for p in (0, 1)] == [game.forts(p) for p in (0, 1)]
    assert answers, "no answer was asked in the whole game: the check saw none"
    if game.over:
        for r in remotes:
            assert {c: p.rank for c, p in r.pieces.items()} == \
                {c: p.rank for c, p in game.pieces.items()}
            assert [r.forts(p) for p in (0, 1)] == [game.forts(p) for p in (0, 1)]


def test_the_korabliki_check_sees_a_remote_game_given_the_enemy_ranks():
    game = kr.new_game(kr.KorablikiConfig(), random.Random(3))
    remote = KorablikiTable(game.config, 0, Sender(lambda a: None))
    view = game.view(0)
    leaky = dataclasses.replace(view, enemy=tuple(
        kr.EnemyPiece(p.id, p.cell, game.pieces[p.cell].rank, p.moved) for p in view.enemy))
    remote.take({"moves": 0, "turn": 0}, leaky, [])
    assert len(kor_beyond_view(remote, game)) == kr.FLEET_SIZE


# -- two games, one hosting and one joining, through the screens -------------------------------

def to_battle(tmp_path, home, size, lang, mode, place):
    """A host and a guest (two Apps) through Host (``mode`` chosen in the set-up), Join and
    each one's placement (``place(scene, seat)``) into the battle: (host, guest, their
    battles)."""
    host, guest = make_app(home, "host", size, lang), make_app(home, "guest", size, lang)
    host.flow.online()
    host.flow.online_host()
    setup = top(host)
    assert isinstance(setup, SetupScene) and mode in setup.modes()     # offered in Host
    setup.choices.update(mode=mode, first="0", auto_intercept=False)
    host.settings.online_name = "Anna"
    setup.start()
    wait = top(host)
    frames([host], until=lambda: wait.session.remote.room is not None)
    guest.flow.online()
    guest.flow.online_join()
    guest.settings.online_address = f"127.0.0.1:{wait.session.port}"
    guest.settings.online_room = wait.session.remote.room
    guest.settings.online_name = "Boris"
    top(guest).join()
    kind = SCREENS[mode].set_up.__name__
    frames([host, guest], until=lambda: type(top(host)).__name__ == kind
           and type(top(guest)).__name__ == kind)
    place(top(host), 0)
    place(top(guest), 1)
    frames([host, guest], until=lambda: isinstance(top(host), OnlineBattle)
           and isinstance(top(guest), OnlineBattle))
    return host, guest, top(host), top(guest)


def _error(game, action):
    try:
        game.check(action)
    except RuleError as exc:
        return exc
    raise AssertionError(f"{action} is legal")


def server_words(scene, apps, action):
    """The server's refusal of ``action`` (sent past the screen's own check), as said."""
    scene.message, scene.message_time = "", 0.0
    scene.session.send(scene.session.remote.act(action))
    frames(apps, until=lambda: scene.message_time > 0, dt=0.05)
    return scene.message


# Naval

def naval_place(scene, seat):
    scene.auto_all()
    if seat == 1:            # both apps draw from the same seed: the guest's fleet elsewhere
        scene.auto_all()
    scene.ready()


def volley_for(view, rng) -> nv.Volley:
    """A legal volley from ``view`` alone: every gun at an unknown cell, now and then the
    torpedo."""
    free = view.targetable()
    rng.shuffle(free)
    fs = set(free)
    pair = ()
    if view.pair:
        pair = next((c, n) for c in free for n in ((c[0] + 1, c[1]), (c[0], c[1] + 1))
                    if n in fs)
    shots = tuple(c for c in free if c not in pair)[:view.guns - 2 * view.pair]
    must = not shots and not pair         # no gun left: the torpedo or the planes
    torpedo = rng.randrange(nv.SIZE) if (view.torpedo_ready and view.ability_allowed
                                         and (must or rng.random() < 0.3)) else None
    air = ()
    if must and torpedo is None and view.planes:
        x, y = free[0]
        air = tuple(c for c in free if 0 <= c[0] - x < 3 and 0 <= c[1] - y < 3)[:view.planes]
    return nv.Volley(shots, pair, torpedo, air)


@pytest.mark.parametrize("size, lang", SIZES)
def test_host_and_join_play_a_naval_battle_with_an_interception(tmp_path, home, local,
                                                                size, lang):
    tag = f"{lang}-{size[0]}x{size[1]}"
    host = guest = None
    rng = random.Random(3)
    try:
        host, guest, a, b = to_battle(tmp_path, home, size, lang, "naval", naval_place)
        apps = [host, guest]
        assert a.viewer == 0 and b.viewer == 1 and a.game.turn == 0
        assert not a.match.auto_intercept and a.match.online
        # refusals: the screen's own check and the server's, both in the rules' words
        bad = nv.Volley(((0, 0),))
        local = describe(_error(a.game, bad), a.tr, a.letters)
        assert local == a.tr("error.pair_required")
        assert not a.attempt(bad) and a.message == local
        assert server_words(a, apps, bad) == local
        intercepted = thinking = delegated = False
        volleys = 0
        while not (a.game.over and b.game.over):
            for me, other, app in ((a, b, host), (b, a, guest)):
                if me.human_intercepting:
                    frames(apps, 2)
                    options = me.game.intercept_options()
                    assert options and not other.game.intercept_options()
                    assert other.game.aa_mount(me.viewer) is None
                    if not intercepted:
                        frames(apps, 3)
                        assert me.banner()[0] == me.tr("naval.intercept_title")
                        assert other.banner()[0] == other.tr("online.thinking",
                                                             name=me._name(me.viewer))
                        shoot(app, f"naval-intercept-defender-{tag}", tmp_path)
                        shoot(other.app, f"naval-intercept-attacker-thinking-{tag}",
                              tmp_path)
                    if intercepted:          # the second: "Intercept for me", and from then
                        me.delegate()        # on the automatic officer (§N, issue 21)
                        frames(apps, until=lambda: not me.human_intercepting, dt=0.1)
                        assert me.match.auto_intercept
                        delegated = True
                    else:
                        me.toggle_down(options[0])
                        me.intercept()
                        intercepted = True
                elif me.human_to_move:
                    if not thinking and not other.busy:
                        frames(apps, 2)
                        assert other.banner()[0] == other.tr("online.thinking",
                                                             name=me._name(me.viewer))
                        thinking = True
                    assert me.attempt(volley_for(me.game.view(me.viewer), rng))
                    volleys += 1
            for scene in (a, b):
                scene.skip()
            frames(apps, 2, dt=0.2)
            if volleys >= 60 and not a.game.over and a._free_to_act:
                a.resign()               # long enough: the rest is the same
                frames(apps, until=lambda: a.game.over and b.game.over, dt=0.1)
        assert intercepted and thinking and delegated
        frames(apps, until=lambda: all(isinstance(top(app), NavalGameOverScene)
                                       for app in apps), dt=0.5)
        ha, gb = top(host).game, top(guest).game
        assert ha.winner == gb.winner and ha.fleets == gb.fleets      # §0: all shown at the end
        frames(apps, 40, dt=0.1)
        shoot(host, f"naval-game-over-host-{tag}", tmp_path)
    finally:
        close(host, guest)


# «Кораблики»

def setup_with(player: int, fixed: dict) -> dict:
    """A whole fleet in ``player``'s zone with ``fixed`` (cell -> rank) as given, the rest
    from the back rows forward."""
    left = dict(kr.COUNTS)
    for rank in fixed.values():
        left[rank] -= 1
    ranks = [r for r in kr.RANKS for _ in range(left[r])]
    rows = kr.front_rows(player)[::-1]
    cells = [(x, y) for y in rows for x in range(kr.WIDTH) if (x, y) not in fixed]
    return dict(fixed) | dict(zip(cells, ranks))


HOST_SETUP = setup_with(0, {(7, 10): kr.TK})
GUEST_SETUP = setup_with(1, {(7, 4): kr.ES, (8, 4): kr.ES})


def kor_place(scene, seat):
    scene.setup = dict(HOST_SETUP if seat == 0 else GUEST_SETUP)
    scene.ready()


def quiet_move(scene):
    """A move that keeps to the back of the guest's zone (its front pair waits)."""
    g = scene.game
    return next(m for m in g.legal_moves() if m.frm not in ((7, 4), (8, 4)) and m.to[1] <= 3)


@pytest.mark.parametrize("size, lang", SIZES)
def test_host_and_join_play_korabliki_with_an_asking_and_its_answer(tmp_path, home,
                                                                    local, size, lang):
    tag = f"{lang}-{size[0]}x{size[1]}"
    host = guest = None
    try:
        host, guest, a, b = to_battle(tmp_path, home, size, lang, "korabliki", kor_place)
        apps = [host, guest]
        assert a.viewer == 0 and b.viewer == 1 and a.game.turn == 0
        assert all(p.rank is None for p in a.game.own(1)) and len(a.game.own(1)) == 52

        def settle():
            for scene in (a, b):
                scene.skip()
            frames(apps, until=lambda: not a.busy and not b.busy and not a.game.waiting
                   and not b.game.waiting and a.game.moves == b.game.moves, dt=0.1)
            frames(apps, 2)

        # refusals: the screen's and the server's, in the rules' words
        rules = kr.KorablikiGame(kr.KorablikiConfig(), [HOST_SETUP, GUEST_SETUP])
        local = describe(_error(rules, kr.Move((7, 10), (7, 7))), a.tr, a.letters)
        assert not a.attempt(kr.Move((7, 10), (7, 7))) and a.message == local
        assert server_words(a, apps, kr.Move((7, 10), (7, 7))) == local
        for frm, to in (((7, 10), (7, 8)), ((7, 8), (7, 6)), ((7, 6), (7, 5))):
            assert a.attempt(kr.Move(frm, to))
            settle()
            if to != (7, 5):
                a.end_turn()
                settle()
                assert a.banner()[0] == a.tr("online.thinking", name="Boris")
                assert b.attempt(quiet_move(b))
                settle()
                b.end_turn()
                settle()
        assert a.human_to_act and a.selected == (7, 5)
        a.click((7, 4))                     # «ЧТО ЭТО?»: the TK asks the guest's ES
        frames(apps, until=lambda: b.human_answering and not b.busy and not a.busy
               and a.game.moves == b.game.moves, dt=0.1)    # both have heard the asking
        frames(apps, 3)
        assert [len(o) for o in b.game.answer_options(b.game.pending.target)] == [1, 2]
        assert a.game.answer_options((7, 4)) == [] and a.game.pending is None
        assert a.banner()[0] == a.tr("online.thinking", name="Boris")
        shoot(guest, f"korabliki-asked-answerer-{tag}", tmp_path)
        shoot(host, f"korabliki-asked-asker-thinking-{tag}", tmp_path)
        b.choose_answer(1)
        b.answer()                           # the block of two ES
        frames(apps, until=lambda: any("ES" in w or a.tr("kor.rank.ES") in w
                                       for w in map(str, _log_words(a))), dt=0.1, limit=200)
        for scene in (a, b):
            scene.skip()
        frames(apps, 30, dt=0.05)
        shoot(host, f"korabliki-answered-asker-{tag}", tmp_path)
        assert a.game.pieces.get((7, 4)) is None or a.game.pieces[(7, 4)].rank == kr.ES
        a.resign()
        frames(apps, until=lambda: all(isinstance(top(app), KorablikiGameOverScene)
                                       for app in apps), dt=0.5)
        over = top(host).game
        assert over.winner == 1 and over.conceded == ("resigned", 0)
        assert all(p.rank is not None for p in over.pieces.values())     # §0: face up
        frames(apps, 40, dt=0.1)
        shoot(host, f"korabliki-game-over-host-{tag}", tmp_path)
    finally:
        close(host, guest)


# -- a dropped connection, and the seat taken up again -----------------------------------------

def drop(app):
    """The link of ``app`` breaks (not closed by the player): it is tried again by itself."""
    net = app.flow.session.net
    link = net._link
    net._loop.call_soon_threadsafe(lambda: asyncio.ensure_future(link.close()))


@pytest.mark.parametrize("mode", ["naval", "korabliki"])
def test_a_seat_back_after_a_dropped_connection_shows_the_game_as_it_stands(
        tmp_path, home, local, mode):
    host = guest = None
    rng = random.Random(2)
    try:
        host, guest, a, b = to_battle(tmp_path, home, (1280, 720), "en", mode,
                                      naval_place if mode == "naval" else kor_place)
        apps = [host, guest]
        if mode == "naval":
            assert a.attempt(volley_for(a.game.view(0), rng))
        else:
            assert a.attempt(kr.Move((7, 10), (7, 8)))
            frames(apps, until=lambda: a.human_to_act, dt=0.1)
            a.end_turn()
        frames(apps, until=lambda: b._free_to_act or b.human_to_move, dt=0.1)
        for scene in (a, b):
            scene.skip()
        frames(apps, until=lambda: b._free_to_act, dt=0.1)
        drop(host)
        frames(apps, until=lambda: b.session.other_gone() is not None, dt=0.05)
        moves, logged = b.game.moves, len(a.log)
        if mode == "naval":
            if b.human_intercepting:
                b.intercept()
            else:
                assert b.attempt(volley_for(b.game.view(1), rng))
        else:
            assert b.attempt(quiet_move(b))
        frames(apps, until=lambda: b.game.moves > moves, dt=0.05)
        assert a.game.moves == moves            # the host heard nothing meanwhile
        frames(apps, until=lambda: a.game.moves == b.game.moves and not a.busy, dt=0.1)
        frames(apps, until=lambda: b.session.other_gone() is None, dt=0.1)  # B hears A back
        assert a.session.other_gone() is None and b.session.other_gone() is None
        assert a.gone_words() is None
        if mode == "naval":           # both fields as the host's view holds them now
            for owner in (0, 1):
                assert a.fields[owner].marks == a.game.marks[owner]
            assert a.fields[0].marks == b.game.marks[0]
            # and the guest's move it missed was played to it (its interception: the host's
            # volley's result; its volley), not only the fields set: its log tells it
            assert a.log[logged:]
        else:
            assert set(a.display) == set(a.game.pieces) == set(b.game.pieces)
    finally:
        close(host, guest)


def test_a_classic_seat_back_after_a_dropped_connection_plays_the_shots_it_missed(
        tmp_path, home, local):
    """The guest's link breaks and the host fires a hit and a miss meanwhile: back in its seat,
    the guest's screen plays both shots as if it had seen them (its log tells them, they count
    in its statistics), not only the boards as they stand."""
    host = guest = None
    try:
        host, guest, a, b = classic_battle(tmp_path, home, (1280, 720), "en", shots=False)
        apps = [host, guest]
        frames(apps, until=lambda: a._free_to_act, dt=0.1)
        view = b.game.view(1)
        ships = sorted(c for ship in view.own_ships for c in ship)
        w, h = view.config.width, view.config.height
        calm = next((x, y) for y in range(h) for x in range(w)
                    if all(max(abs(x - sx), abs(y - sy)) > 1 for sx, sy in ships))
        drop(guest)
        frames(apps, until=lambda: a.session.other_gone() is not None, dt=0.05)
        seen, logged, counted = b.game.moves, len(b.log), len(b.game.history)
        for cell in (ships[0], calm):
            frames(apps, until=lambda: a._free_to_act, dt=0.05)
            moves = a.game.moves
            a.fire(cell)
            frames(apps, until=lambda: a.game.moves > moves, dt=0.05)
        assert b.game.moves == seen                     # the guest heard nothing meanwhile
        frames(apps, until=lambda: b.game.moves == a.game.moves and not b.busy, dt=0.1)
        told = [words for words, colour in b.log[logged:] if colour == theme.PLAYER_COLOURS[0]]
        assert len(told) == 2                           # the hit, then the miss
        assert len(b.game.history) == counted + 2
        assert b.fields[1].marks[ships[0]] in (HIT, SUNK) and b.fields[1].marks[calm] == MISS
        assert b._free_to_act                           # and its turn, shown
    finally:
        close(host, guest)


# -- the chat's hint (issue 33) ---------------------------------------------------------------

class _QuietSession:
    """A seat's session that hears nothing and sends nowhere: a battle screen's online parts
    drawn without a server."""

    hosted = None
    unreachable = False
    address = "127.0.0.1:1"

    def __init__(self):
        self.remote = dataclasses.make_dataclass("R", [("chat", list), ("state", dict)])([], {})

    def poll(self):
        return []

    def send(self, message):
        pass

    def other_gone(self):
        return None


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_chat_hint_never_covers_the_newest_log_line(home, size, monkeypatch):
    """Issue 33: at 800×600 the hint (how to talk) sat over the newest line of a full log."""
    from game.app import App
    from game.match import HUMAN, REMOTE, Match, Seat
    from game.render import logpanel
    from game.render import text as text_mod
    app = App(size=size, seed=3, audio=False)
    game = nv.new_game(nv.NavalConfig(), random.Random(3))
    remote = seated(NavalTable, game, 0)
    match = Match(game.config, (Seat(HUMAN, "Anna"), Seat(REMOTE, "Boris")), seed=3)
    scene = app.scenes.push(online(SCREENS["naval"].battle)(app, match, remote,
                                                            _QuietSession()))
    for i in range(40):
        scene.log.append((f"Line {i}", theme.TEXT))
    scene._chat_lines([(1, "text", "Line 40: a long word from the other side, as long as a chat "
                                   "line may be typed")])
    app.step(1 / 30, [])
    drawn = []
    real = text_mod.draw

    def draw(s, words, pos, px, *a, **k):
        rect = real(s, words, pos, px, *a, **k)
        drawn.append((str(words), rect))
        return rect

    def line(s, words, pos, px, colour):
        drawn.append((words, pygame.Rect(pos, text_mod.size(words, px))))
    monkeypatch.setattr(text_mod, "draw", draw)
    monkeypatch.setattr(logpanel, "draw_line", line)
    app.draw()
    hint = next(r for w, r in drawn if w == app.tr("online.chat_hint"))
    newest = next(r for w, r in drawn if "Line 40" in w)
    assert not hint.colliderect(newest), (hint, newest)
    app.quit()


def test_a_rejoined_naval_screen_shows_what_was_shot_down_on_both_fields(home):
    """Issue 33, defect 6: the marks of shells and planes shot down come with the seat's view,
    so a screen opened again on a game in progress shows them on both boards."""
    from game.app import App
    from game.match import HUMAN, REMOTE, Match, Seat
    rng = random.Random(2)
    game = nv.new_game(nv.NavalConfig(), rng)
    while not (game.flak[0] and game.flak[1]) and not game.over:
        game.apply(nv.random_action(game, rng))
    assert game.flak[0] and game.flak[1]
    app = App(size=(800, 600), seed=3, audio=False)
    remote = seated(NavalTable, game, 1)
    match = Match(game.config, (Seat(REMOTE, "Anna"), Seat(HUMAN, "Boris")), seed=3)
    scene = app.scenes.push(online(SCREENS["naval"].battle)(app, match, remote,
                                                            _QuietSession()))
    app.step(1 / 30, [])
    assert [scene.fields[p].flak for p in (0, 1)] == game.flak
    app.quit()
