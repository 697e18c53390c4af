"""One generic test for every mode the rules know (the PettingZoo api_test idea): random legal
play through the mode's own interface always ends, every offered action passes the rules' check,
refused actions change nothing, and the state survives JSON. (What each view may hold is tested
per mode, e.g. tests/test_classic.py.)

A new mode is covered the day it is added to ``game.rules.modes.MODES``."""

import json
import random

import pytest

from game.rules.errors import RuleError
from game.rules.modes import MODES

CASES = [(mode, preset) for mode, m in MODES.items() for preset in m.presets]


def random_play(mode: str, seed: int, moves: int | None = None):
    """A game of ``mode``'s first preset dealt from ``seed`` and played with random legal moves
    drawn from the same generator: ``moves`` of them (fewer if it ends first; None: to its
    end)."""
    m = MODES[mode]
    rng = random.Random(seed)
    game = m.random_game(next(iter(m.presets.values())), rng)
    played = 0
    while not game.over and (moves is None or played < moves):
        game.apply(m.random_action(game, rng))
        played += 1
    return game


@pytest.mark.parametrize("mode,preset", CASES)
@pytest.mark.parametrize("seed", range(6))
def test_random_legal_play(mode, preset, seed):
    m = MODES[mode]
    rng = random.Random(seed)
    game = m.random_game(m.presets[preset], rng)
    steps = 0
    while not game.over:
        actions = game.legal_actions()
        assert actions, "a game that is not over must offer a legal action"
        for a in actions[:3]:
            game.check(a)  # every offered action passes the rules' own check
        # the state is compared whole at every step of the first 200, then at every 10th (and
        # rebuilt from JSON every 17th, then every 170th): long games (§K) stay affordable
        early = steps < 200
        if early or steps % 10 == 0:
            state = json.dumps(game.to_dict(), sort_keys=True)
        with pytest.raises(RuleError):
            game.apply(object())  # nonsense is refused ...
        if early or steps % 10 == 0:
            assert json.dumps(game.to_dict(), sort_keys=True) == state  # ... and changes nothing
        events = game.apply(m.random_action(game, rng))
        assert events
        steps += 1
        assert steps < 40_000
        if steps % (17 if early else 170) == 0:
            again = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
            assert again.to_dict() == game.to_dict()
    assert game.winner in (0, 1) or getattr(game, "drawn", False)   # §N has draws (N-f)
    assert game.legal_actions() == []


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_mode_implements_the_game_protocol(mode):
    """game.rules.base: one protocol, and TurnChanged / GameOver defined once for all modes."""
    from game.rules import base
    m = MODES[mode]
    rng = random.Random(3)
    game = m.random_game(next(iter(m.presets.values())), rng)
    assert isinstance(game, base.Game)
    assert game.drawn is False and game.winner is None and not game.over
    copy = game.clone()
    before = json.dumps(game.to_dict(), sort_keys=True)
    seen = set()
    for _ in range(400):                      # play the copy on: the original stays as it was
        if copy.over:
            break
        for event in copy.apply(m.random_action(copy, rng)):
            seen.add(type(event))
    assert json.dumps(game.to_dict(), sort_keys=True) == before
    assert copy.history != game.history
    assert base.TurnChanged in seen
    for cls in seen:                          # no mode defines its own turn or end event
        assert cls.__name__ not in ("TurnChanged", "GameOver") or cls.__module__ == base.__name__


# --- every computer player of every mode, through the one player interface (issue 19) ------

from game.ai.player import Player, play_out  # noqa: E402
from game.match import COMPUTER, Match, Seat  # noqa: E402
from game.modes import MODES as ENTRIES  # noqa: E402


def test_the_registry_spans_every_mode_the_rules_know():
    assert set(ENTRIES) == set(MODES)
    for key, entry in ENTRIES.items():
        assert entry.rules is MODES[key]
        assert entry.best in entry.levels and entry.soak_level in entry.levels
        for config in entry.rules.presets.values():
            assert isinstance(config, entry.config_class)


@pytest.mark.parametrize("mode", sorted(ENTRIES))
def test_any_two_players_of_a_mode_play_a_game_to_its_end(mode):
    """Weakest against the next level: set up through the match as a screen would, then the one
    loop; every player is a Player, and every action it takes passes the rules' check."""
    entry = ENTRIES[mode]
    config = next(iter(entry.rules.presets.values()))
    levels = entry.levels[:2]
    match = Match(config, (Seat(COMPUTER, "A", levels[0]), Seat(COMPUTER, "B", levels[1])),
                  seed=3)
    players = match.players(decide_rng=random.Random(3))
    assert all(isinstance(p, Player) for p in players.values())
    game = match.new_game([players[0].set_up(0), players[1].set_up(1)])
    assert isinstance(game, entry.game_class)
    limit = 40 * config.width * config.height
    actions = play_out(game, [players[0], players[1]], limit)
    assert actions == len(game.history)
    assert game.over or actions == limit     # §K: a long game may stop at the limit


def test_play_out_tells_each_player_its_seats_events_and_times_each_decision():
    heard, timed = [[], []], []

    class Listener:
        wants_legal = True
        belief = None

        def __init__(self, seat):
            self.seat = seat

        def set_up(self, player):
            return None

        def act(self, view, legal):
            assert legal, "a player that wants the legal actions is given them"
            return legal[0]

        def observe(self, events):
            heard[self.seat].append(events)

    m = MODES["classic"]
    game = m.random_game(m.presets["russian"], random.Random(1))
    n = play_out(game, [Listener(0), Listener(1)], 7, timed=lambda seat, ms: timed.append(seat))
    assert n == 7 and len(game.history) == 7
    assert heard[0] == heard[1] and len(heard[0]) == 7    # Classic's events are all public
    assert len(timed) == 7 and set(timed) <= {0, 1}


def naval_volleys():
    """A random Naval game: its volleys ask the defender's Aegis often enough."""
    m = MODES["naval"]
    return m.random_game(m.presets["naval"], random.Random(2)), ([], [])


def korabliki_block_asked():
    """Player 1's cruiser moves and asks one of player 0's two destroyers side by side: player
    0 chooses his answer (a block, K-a)."""
    from game.rules import korabliki as kr
    from .test_korabliki_rules import arrange
    g = arrange({(5, 7): (1, kr.KR), (5, 6): (0, kr.ES), (6, 6): (0, kr.ES),
                 (9, 2): (1, kr.TK)}, turn=1)
    return g, ([], [kr.Move((9, 2), (9, 3)), kr.Ask((5, 7), (5, 6))])


@pytest.mark.parametrize("start,secret", [(naval_volleys, "InterceptNeeded"),
                                          (korabliki_block_asked, "AnswerNeeded")])
def test_play_out_never_hands_a_player_the_other_sides_secret(start, secret):
    """Issue 34: the loop tells each player the events its own seat may know
    (``events_for``): Naval's interception options (the defender's mount and its reach) and
    «Кораблики»'s answers (the answerer's ranks) reach only the player they are for."""
    heard = [[], []]
    game, scripts = start()

    class Listener:
        wants_legal = True
        belief = None

        def __init__(self, seat):
            self.seat, self.rng = seat, random.Random(seat)

        def set_up(self, player):
            return None

        def act(self, view, legal):
            script = scripts[self.seat]
            return script.pop(0) if script else self.rng.choice(legal)

        def observe(self, events):
            heard[self.seat] += [e for e in events if type(e).__name__ == secret]

    play_out(game, [Listener(0), Listener(1)], 300)
    asked = [[e for e in heard[seat] if e.player == seat] for seat in (0, 1)]
    assert any(asked), f"no {secret} in the game: the test saw nothing"
    for seat in (0, 1):
        assert all(e.options for e in asked[seat])                # his own, in full
        assert all(not e.options for e in heard[seat] if e.player != seat)   # never the other's
        assert len(heard[seat]) == len(heard[1 - seat])           # and each is told of it


# what a record of each mode must hold besides its moves (its pieces, in its notation)
RECORD_WORDS = {"classic": ("ship A:", " sunk"), "naval": ("fire ", "deck A:", "aa B:"),
                "korabliki": ("lin A:", "move ")}
RECORD_SEEDS = {"classic": 4, "naval": 12, "korabliki": 3}


@pytest.mark.parametrize("mode", sorted(MODES))
def test_records_replay_random_games_in_every_letter_set(mode):
    """A finished random game, written as a record in each letter set, reads back as the same
    game (``game.data.record``)."""
    from game.data.record import load_record, record_text

    assert set(RECORD_WORDS) == set(MODES)   # a new mode names what its record must hold
    for seed in range(RECORD_SEEDS[mode]):
        g = random_play(mode, seed)
        for letters in ("latin", "russian", "ukrainian"):
            text = record_text(g, letters)
            replayed = load_record("game.txt", text).game
            assert replayed.winner == g.winner and replayed.drawn == g.drawn
            assert replayed.history == g.history
    for words in RECORD_WORDS[mode]:
        assert words in text
