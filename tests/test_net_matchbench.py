"""``bench net --match`` (issue 37): its statistics, and a few players through the queue."""

from __future__ import annotations

import asyncio

import pytest

from game.net import matchbench


def test_spearman_takes_ties_as_average_ranks():
    assert matchbench.ranks([10, 20, 20, 30]) == [1.0, 2.5, 2.5, 4.0]
    assert matchbench.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert matchbench.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # ties on both sides: Pearson's r of the average ranks (worked by hand)
    # x ranks 1, 2.5, 2.5, 4; y ranks 1.5, 1.5, 3.5, 3.5: deviations -1.5 0 0 1.5 and -1 -1 1 1,
    # so r = 3 / sqrt(4.5 * 4)
    assert matchbench.spearman([1, 2, 2, 3], [0, 0, 1, 1]) == pytest.approx(3 / (4.5 * 4) ** 0.5)
    assert matchbench.spearman([1, 1, 1], [1, 2, 3]) is None      # no spread: no ρ
    assert matchbench.spearman([1], [1]) is None


def test_players_spread_over_every_kind_and_level_from_the_seed():
    players = matchbench.make_players(40, seed=1)
    kinds = matchbench.match_kinds()
    assert {p.kind for p in players} == set(kinds)
    for kind, (mode, _) in kinds.items():
        levels = matchbench.MODES[mode].levels
        mine = [p for p in players if p.kind == kind]
        assert {p.level for p in mine} == set(matchbench.match_levels(kind))
        assert all(levels[p.skill] == p.level for p in mine)
    assert len({p.key for p in players}) == 40 and len({p.address for p in players}) == 40
    assert all(0 <= p.arrive <= matchbench.ARRIVALS for p in players)
    again = matchbench.make_players(40, seed=1)
    assert [(p.key, p.arrive) for p in again] == [(p.key, p.arrive) for p in players]
    assert matchbench.make_players(40, seed=2)[0].key != players[0].key


def test_classic_players_are_of_rungs_a_rating_can_tell_apart():
    """Classic's bench players are the cabin boy, the boatswain and the admiral (modes.py:
    parity, density and the admiral are within 2.1 shots of one another); Arcade's, every
    level."""
    rungs = {p.level for p in matchbench.make_players(60, seed=1, kinds=["classic"])}
    assert rungs == {"random", "hunter", "admiral"}
    arcade = {p.level for p in matchbench.make_players(60, seed=1, kinds=["arcade"])}
    assert arcade == set(matchbench.MODES["classic"].levels)


KEYS = {"players", "paired", "wait_s", "games_finished", "finished_by_kind", "errors", "leaks",
        "checked", "spectators", "spectator_messages", "spectator_unchecked",
        "games_per_player", "spearman", "spearman_kind", "spearman_after", "server_cpu_s",
        "seconds"}


def _small(taint: bool) -> dict:
    """Four players of the first kind (its four weakest levels), one game each, every game
    watched, through a real server."""
    first = next(iter(matchbench.match_kinds()))
    return asyncio.run(matchbench.run(4, seed=1, games=1, arrivals=0.5, watch_share=1.0,
                                      kinds=(first,), taint=taint))


def test_bench_net_match_queues_plays_watches_and_rates_through_a_real_server():
    out = _small(taint=False)
    assert KEYS <= set(out)
    # (a player who had his game queues on while another of his kind has not had his)
    assert out["players"] == out["paired"] == 4 and out["games_finished"] >= 2
    assert out["errors"] == 0 and out["leaks"] == 0 and out["checked"] > 0
    assert out["spectators"] == out["games_finished"] and out["spectator_messages"] > 0
    assert out["spectator_unchecked"] == 0
    assert out["games_per_player"]["min"] == 1
    assert set(out["wait_s"]) == {"median", "p95"} and out["wait_s"]["p95"] is not None
    assert list(out["spearman_after"]) == [1]
    assert out["spearman"][out["spearman_kind"]] is not None


def test_bench_net_match_counts_a_leak_in_a_spectators_message():
    """A spectator's first board of a battle swapped for a player's own view: a leak each."""
    out = _small(taint=True)
    assert out["spectators"] >= 2 and out["leaks"] == out["spectators"]


def test_a_drawn_matched_game_both_players_left_ends_its_room(tmp_path):
    """A queued game is one game: drawn (§0: agreed), it is over as much as a won one, and
    once both have left the room ends and neither address holds it (before, a drawn series of
    one was never decided: the room waited a day, and a bench player who drew eight games
    could take no seat: ``too_many_rooms``)."""
    from .net_helpers import Desk, place
    from .test_net_lobby import paired, player
    desk = Desk(tmp_path)
    a, b = player(desk, 0, address="10.0.0.1"), player(desk, 1, address="10.0.0.2")
    ma, mb = paired(desk, a, b)
    desk.say(a, {"type": "join_match", "ticket": ma["ticket"]})
    desk.say(b, {"type": "join_match", "ticket": mb["ticket"]})
    code = ma["room"]
    place(desk, code, (a, b), 3)
    desk.say(a, {"type": "offer_draw"})
    desk.say(b, {"type": "answer_draw", "accept": True})
    assert desk.server.rooms[code].game.over
    for conn in (a, b):
        desk.say(conn, {"type": "leave"})
    assert code not in desk.server.rooms
    assert desk.server.guard.held("10.0.0.1") == desk.server.guard.held("10.0.0.2") == 0
