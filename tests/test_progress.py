"""Campaign progress (issue 7): saved per profile atomically with a version, a broken file kept
aside, the battle in progress saved and resumed, results recorded with stars and unlocks."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.campaign import Voyage, autoplay, make_match, restore
from game.data.progress import VERSION, Progress, ProgressStore
from game.levels import load_levels, metrics
from game.rules.classic import Shot

from .test_levels import level, write


@pytest.fixture
def voyage_dir(tmp_path):
    folder = tmp_path / "levels"
    folder.mkdir()
    write(folder, "1.json", level("one", order=1, unlocks=["two"],
                                  stars={"two": {"shots": 90}, "three": {"shots": 40}}))
    write(folder, "2.json", level("two", order=2))
    return folder


def test_progress_round_trip_with_a_version(tmp_path):
    store = ProgressStore(tmp_path)
    p = Progress("olga", "Olga")
    p.record("one", 2, {"shots": 70, "ships_lost": 3})
    p.record("one", 0, {"shots": 100, "ships_lost": 10})     # a loss changes no best
    p.record("one", 1, {"shots": 65, "ships_lost": 4})
    p.last = "one"
    store.save(p)
    data = json.loads(store.path("olga").read_text(encoding="utf-8"))
    assert data["version"] == VERSION
    assert [f.name for f in tmp_path.iterdir()] == ["olga.json"]   # no temporary file left
    back = store.load("olga")
    assert back.name == "Olga" and back.last == "one"
    assert back.levels["one"] == {"stars": 2, "wins": 2, "tries": 3,
                                  "best": {"shots": 65, "ships_lost": 3}, "difficulty": "normal"}
    assert back.won == {"one"} and back.total_stars == 2


@pytest.mark.parametrize("text,problem", [
    ("{broken", "not valid JSON"),
    ('{"version": 99, "levels": {}}', "key 'version': expected 2 (or 1, upgraded), got 99"),
    ("[1, 2]", "expected a JSON object"),
])
def test_an_unreadable_progress_file_is_kept_aside_and_a_fresh_one_started(tmp_path, text,
                                                                            problem):
    store = ProgressStore(tmp_path)
    store.path("olga").write_text(text, encoding="utf-8")
    fresh = store.load("olga", "Olga")
    assert fresh.levels == {} and fresh.name == "Olga"
    assert (tmp_path / "olga.json.broken-1").read_text(encoding="utf-8") == text
    assert not store.path("olga").exists()
    (found,) = store.problems
    assert found.outcome == "afresh" and found.aside.name == "olga.json.broken-1"
    message = str(found)
    assert "olga.json" in message and problem in message and "olga.json.broken-1" in message


DAMAGED = {"version": 1, "name": "Olga", "last": "two", "levels": {
    "one": {"stars": 7, "wins": 1, "tries": 2, "best": {"shots": 50, "ships_lost": -1}},
    "two": {"stars": 2, "wins": 1, "tries": 1, "best": {"shots": 70}},
    "three": "lots"}}


def test_one_value_out_of_range_keeps_the_rest_of_the_voyage(tmp_path):
    """Issue 18, item 3: stars 7 must not throw the whole voyage away."""
    store = ProgressStore(tmp_path)
    text = json.dumps(DAMAGED)
    store.path("olga").write_text(text, encoding="utf-8")
    p = store.load("olga")
    assert p.name == "Olga" and p.last == "two"
    assert p.levels["two"] == {**DAMAGED["levels"]["two"], "difficulty": "normal"}
    assert p.levels["one"] == {"stars": 1, "wins": 1, "tries": 2, "best": {"shots": 50},
                               "difficulty": "normal"}
    assert "three" not in p.levels and p.won == {"one", "two"}
    (found,) = store.problems
    assert found.outcome == "salvaged" and found.path == store.path("olga")
    assert "key 'levels.one.stars': expected a count 0..3, got 7" in found.problem
    assert "levels.one.best.ships_lost" in found.problem and "levels.three" in found.problem
    assert found.aside.read_text(encoding="utf-8") == text        # the old text kept
    store.problems.clear()
    again = store.load("olga")                                    # rewritten: found once
    assert store.problems == [] and again.levels == p.levels


def test_a_look_at_a_damaged_file_leaves_it_as_it_is(tmp_path):
    """The Captains list only looks: nothing is renamed or rewritten, the problem is said."""
    store = ProgressStore(tmp_path)
    for key, text in (("olga", json.dumps(DAMAGED)), ("ivan", "{oops")):
        store.path(key).write_text(text, encoding="utf-8")
        p = store.load(key, repair=False)
        assert store.path(key).read_text(encoding="utf-8") == text
        (found,) = store.problems
        assert found.outcome == "left" and found.aside is None and key in str(found.path)
        store.problems.clear()
        if key == "olga":
            assert p.name == "Olga" and p.total_stars == 3
    assert sorted(f.name for f in tmp_path.iterdir()) == ["ivan.json", "olga.json"]


def test_profiles_keep_their_own_voyages(tmp_path, voyage_dir):
    store = ProgressStore(tmp_path / "campaign")
    a = Voyage("anna", "Anna", voyage_dir, store)
    game = autoplay(a.level("one"), 1, "admiral")
    assert game.winner == 0
    result = a.finish(a.level("one"), game)
    assert a.save() is None
    assert result.won and result.stars >= 1 and [lv.id for lv in result.opened] == ["two"]
    b = Voyage("boris", "Boris", voyage_dir, store)
    assert b.opened() == {"one"} and b.progress.won == set()
    again = Voyage("anna", "", voyage_dir, store)
    assert again.opened() == {"one", "two"} and again.progress.name == "Anna"
    assert sorted(store.keys()) == ["anna"]      # Boris has not saved anything yet


def test_stars_earned_follow_the_level_file(tmp_path, voyage_dir):
    v = Voyage("anna", "", voyage_dir, ProgressStore(tmp_path / "c"))
    lv = v.level("one")
    game = autoplay(lv, 2, "admiral")
    result = v.finish(lv, game)
    shots = result.metrics["shots"]
    assert result.stars == (3 if shots <= 40 else 2 if shots <= 90 else 1)
    assert result.best_stars == v.progress.stars("one") == result.stars


def test_a_lost_battle_earns_nothing_and_opens_nothing(tmp_path, voyage_dir):
    v = Voyage("anna", "", voyage_dir, ProgressStore(tmp_path / "c"))
    lv = v.level("one")
    for seed in range(40):          # the cabin boy at seat 1 can win only by luck: find a loss
        game = autoplay(lv, seed, player_ai="random")
        if game.winner == 1:
            break
    else:
        pytest.fail("no lost game among 40 seeds")
    result = v.finish(lv, game)
    assert not result.won and result.stars == 0 and result.opened == []
    assert v.progress.levels["one"]["tries"] == 1 and v.opened() == {"one"}


def test_the_battle_in_progress_is_saved_and_restored(tmp_path, voyage_dir):
    store = ProgressStore(tmp_path / "c")
    v = Voyage("anna", "", voyage_dir, store)
    lv = v.level("one")
    match = make_match(lv, 99, "Anna", voyage=v)
    game = match.new_game([match.computer_fleet(0), match.computer_fleet(1)])
    assert game.turn == 0            # first = "player" by default
    for x in range(10):              # the person fires until he misses
        game.apply(Shot((x, 0)))
        match.progressed(game)       # as the battle scene does after every action
        if game.turn == 1:
            break
    assert game.turn == 1
    x = 0
    while game.turn == 1:            # the computer's turn is not saved: nobody waits on it
        before = v.saved_battle()
        game.apply(Shot((x, 9)))
        match.progressed(game)
        if game.turn == 1:
            assert v.saved_battle() == before
        x += 1
    saved = v.saved_battle()
    assert saved["level"] == "one" and saved["seed"] == 99
    back = restore(lv, saved)
    assert back.to_dict() == game.to_dict()
    # a battle of another level's rules, or one the level no longer fits, is refused
    other = Voyage("anna", "", voyage_dir, store)
    changed = other.level("two")
    changed.mode = "naval"
    with pytest.raises(ValueError, match="naval"):
        restore(changed, saved)
    # finishing the level removes the saved battle
    v.finish(lv, autoplay(lv, 1, "admiral"))
    assert v.saved_battle() is None


def test_a_broken_saved_battle_is_kept_aside(tmp_path):
    store = ProgressStore(tmp_path)
    store.battle_path("anna").parent.mkdir(parents=True, exist_ok=True)
    store.battle_path("anna").write_text('{"version": 1, "level": 5}', encoding="utf-8")
    assert store.load_battle("anna") is None
    assert (tmp_path / "anna.battle.json.broken-1").exists()
    assert "key 'level'" in str(store.problems[0])
    assert "cannot be resumed" in str(store.problems[0])


SHIPPED, _ = load_levels()
WIN_TRIES = {"classic": 12, "naval": 250, "korabliki": 6}
# the person's seat in these self-played battles: the mode's strongest computer (in Classic the
# Captain's density, as strong as the Admiral on large boards and many times quicker there)
PLAYER_AI = {"classic": "density", "naval": "commodore", "korabliki": "admiral"}


@pytest.mark.parametrize("lv", SHIPPED, ids=[lv.id for lv in SHIPPED])
def test_every_shipped_level_plays_to_its_end(lv):
    """Each level's battle, set up as the game sets it up (its rules, its opponent's placement
    or formation, who begins), plays to its end: at Easy, the cabin boy in the person's seat (a
    battle's end is the rules' and the players' legality, not their strength; the test below
    and ``game.bench campaign`` measure that)."""
    game = autoplay(lv, 1, "random", difficulty="easy")
    assert game.over, f"{lv.id}: the battle did not end"


@pytest.mark.slow
@pytest.mark.parametrize("lv", SHIPPED, ids=[lv.id for lv in SHIPPED])
def test_every_shipped_level_is_winnable(lv):
    """The engine plays each level through with the computer in both seats until the person's
    side wins: every level can be won by the mode's strongest player and every battle of it
    ends. (Against the Commodore most Naval battles are drawn: the search goes on until the
    first win.) A strength check: CI plays each level once, above."""
    for seed in range(WIN_TRIES[lv.mode]):
        game = autoplay(lv, seed, PLAYER_AI[lv.mode])
        assert game.over, f"{lv.id}: the battle of seed {seed} did not end"
        if game.winner == 0:
            assert lv.stars_for(metrics(game, 0)) >= 1
            break
    else:
        pytest.fail(f"{lv.id}: no win for the player's side in {WIN_TRIES[lv.mode]} battles")


JUNK = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=10)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.dictionaries(st.sampled_from(["version", "name", "last", "levels", "x"]), JUNK)
       | st.fixed_dictionaries({"version": st.just(1), "levels": st.dictionaries(
           st.text(max_size=6), st.dictionaries(st.sampled_from(["stars", "wins", "tries", "best"]),
                                                JUNK))}))
def test_any_progress_file_loads_or_is_set_aside(data):
    """Whatever a progress file holds, loading it gives a usable progress (counts that add up,
    stars 0..3) and a problem for what was wrong; it never raises."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        store = ProgressStore(tmp)
        store.path("k").write_text(json.dumps(data), encoding="utf-8")
        p = store.load("k", "K")
        assert isinstance(p.name, str) and isinstance(p.last, str)
        assert all(0 <= e["stars"] <= 3 for e in p.levels.values())
        assert p.total_stars >= 0 and isinstance(p.won, set)
        p.record("one", 2, {"shots": 1})
        store.save(p)
        store.problems.clear()
        assert store.load("k").levels == p.levels and store.problems == []
