"""Issue 22's core: progress version 2 (and the upgrade of a real version-1 file), difficulty,
star limits per difficulty, ranks, medals, voyages."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game import rewards
from game.campaign import Voyage, autoplay, first_of, make_match, opponent_level, step_below
from game.data.progress import VERSION, Progress, ProgressStore
from game.i18n import LANGUAGES
from game.levels import load_levels
from game.modes import MODES, computer_game
from game.rules import classic as cl
from game.rules import korabliki as kor
from game.rules import naval as nv

from .test_levels import level, write

V1 = Path(__file__).parent / "data" / "progress-v1.json"


def test_a_real_version_1_file_is_upgraded_with_nothing_lost(tmp_path):
    """tests/data/progress-v1.json was written by the game before issue 22 (9920a35)."""
    old = json.loads(V1.read_text(encoding="utf-8"))
    assert old["version"] == 1
    store = ProgressStore(tmp_path)
    shutil.copy(V1, store.path("olga"))
    p = store.load("olga")
    assert store.problems == []
    assert p.name == old["name"] and p.last == old["last"]
    for level_id, entry in old["levels"].items():
        assert p.levels[level_id] == {**entry, "difficulty": "normal" if entry["stars"] else ""}
    assert p.total_stars == sum(e["stars"] for e in old["levels"].values())
    assert p.difficulty == "normal" and p.medals == {} and p.hints == []
    on_disc = json.loads(store.path("olga").read_text(encoding="utf-8"))
    assert on_disc["version"] == VERSION == 2
    (path, aside), = store.upgraded
    assert aside.name == "olga.json.v1-1" and aside.read_bytes() == V1.read_bytes()
    again = ProgressStore(tmp_path)
    assert again.load("olga").levels == p.levels and again.upgraded == []   # upgraded once


def test_version_2_round_trip_keeps_every_new_key(tmp_path):
    store = ProgressStore(tmp_path)
    p = Progress("olga", "Olga", difficulty="hard", paint="navy", flag="signal")
    p.record("one", 3, {"shots": 40}, "hard")
    p.award("untouched", "one", "hard")
    p.mark_hint("first_hit")
    p.mark_hint("first_hit")
    p.voyages.append("europe")
    store.save(p)
    back = store.load("olga")
    assert back.to_dict() == p.to_dict() and back.hints == ["first_hit"]
    assert back.seen_hint("first_hit") and not back.seen_hint("first_sunk")


def test_damaged_new_keys_are_named_and_the_rest_kept(tmp_path):
    store = ProgressStore(tmp_path)
    data = Progress("olga").to_dict() | {"difficulty": "insane", "medals": {"x": 3},
                                         "hints": ["ok", 5], "paint": ""}
    store.path("olga").parent.mkdir(parents=True, exist_ok=True)
    store.path("olga").write_text(json.dumps(data), encoding="utf-8")
    p = store.load("olga")
    (found,) = store.problems
    assert found.outcome == "salvaged"
    assert "key 'difficulty'" in found.problem and "medals.x" in found.problem
    assert p.difficulty == "normal" and p.hints == ["ok"] and p.paint == "grey"


def test_stars_remember_the_difficulty_they_were_won_at():
    p = Progress("a")
    p.record("one", 2, {"shots": 60}, "normal")
    assert p.levels["one"]["difficulty"] == "normal"
    p.record("one", 2, {"shots": 61}, "hard")          # as many stars, harder: it counts
    assert p.levels["one"]["difficulty"] == "hard"
    p.record("one", 2, {"shots": 50}, "easy")          # as many, easier: it does not
    assert p.levels["one"]["difficulty"] == "hard"
    p.record("one", 3, {"shots": 45}, "easy")          # more stars: they count
    assert p.levels["one"] == {"stars": 3, "wins": 4, "tries": 4, "difficulty": "easy",
                               "best": {"shots": 45}}
    p.record("two", 0, {"shots": 99}, "hard")
    assert p.levels["two"]["difficulty"] == ""


def _level(ai: str, mode: str = "classic", first: str = "player"):
    from game.levels import parse_level
    data = level("x", mode=mode, first=first, preset="russian" if mode == "classic" else None,
                 stars={"two": {MODES[mode].metrics[0]: 60}},
                 opponent={"personality": "captain", "ai": ai,
                           "name": {k: "N" for k in LANGUAGES}})
    lv, problems = parse_level(data, "x")
    assert problems == []
    return lv


@pytest.mark.parametrize("mode", sorted(MODES))
def test_difficulty_moves_the_opponent_one_step_along_its_ladder(mode):
    ladder = MODES[mode].ladder
    assert len(ladder) >= 4 and set(ladder) <= set(MODES[mode].levels)
    for i, ai in enumerate(ladder):
        lv = _level(ai, mode)
        assert opponent_level(lv, "normal") == ai
        assert opponent_level(lv, "easy") == ladder[max(0, i - 1)]
        assert opponent_level(lv, "hard") == ladder[min(len(ladder) - 1, i + 1)]
        assert step_below(lv) == ladder[max(0, i - 1)]
        top = i == len(ladder) - 1
        assert first_of(lv, "hard") == ("opponent" if top else "player")
        assert first_of(lv, "normal") == first_of(lv, "easy") == "player"


def test_a_match_at_a_difficulty_seats_the_moved_opponent(tmp_path):
    lv = _level("density")
    hard = make_match(lv, 1, "A", difficulty="hard")
    easy = make_match(lv, 1, "A", difficulty="easy")
    assert hard.seats[1].shooter == "admiral" and easy.seats[1].shooter == "parity"
    top = make_match(_level("admiral"), 1, "A", difficulty="hard")
    assert top.seats[1].shooter == "admiral" and top.first == "1"


def test_easy_loosens_and_hard_tightens_the_star_limits():
    levels, _ = load_levels()
    for lv in levels:
        normal, easy, hard = lv.limits("normal"), lv.limits("easy"), lv.limits("hard")
        assert normal == lv.stars
        for key, limits in normal.items():
            for metric, value in limits.items():
                assert easy[key][metric] > value
                assert hard[key][metric] < value or value == 0
                assert hard[key][metric] >= 0
        if "three" in hard:
            for metric, value in hard["three"].items():
                assert value <= hard["two"].get(metric, value)
    lv = _level("density")                       # two = {shots = 60}
    assert lv.stars_for({"shots": 70}, "normal") == 1
    assert lv.stars_for({"shots": 70}, "easy") == 2     # 60 * 1.2 = 72
    assert lv.stars_for({"shots": 55}, "hard") == 1     # 60 * 0.85 = 51
    assert lv.stars_for({"shots": 51}, "hard") == 2


def test_ranks_rise_with_stars_and_have_names():
    assert rewards.rank_of(0).key == "cabin_boy"
    assert rewards.rank_of(10 ** 6).key == "admiral_of_the_fleet"
    assert rewards.rank_of(10 ** 6).next_at is None
    steps = [rewards.rank_of(s).index for s in range(0, 100)]
    assert steps == sorted(steps) and len(set(steps)) == len(rewards.RANKS) == 14
    for s in range(0, 90, 7):
        r = rewards.rank_of(s)
        assert r.stars_at <= s and (r.next_at is None or s < r.next_at)


def test_every_reward_has_its_words_in_every_language():
    from game.i18n import table as load
    keys = ([f"rank.{k}" for k, _ in rewards.RANKS]
            + [f"medal.{m}.{w}" for m in rewards.MEDALS for w in ("name", "about")]
            + [f"paint.{k}" for k, _ in rewards.PAINTS] + [f"flag.{k}" for k, _ in rewards.FLAGS]
            + [f"difficulty.{d}" for d in ("easy", "normal", "hard")])
    for lang in LANGUAGES:
        table = load(lang)
        assert [k for k in keys if k not in table] == [], lang
    assert set(rewards.PAINT_COLOURS) == {k for k, _ in rewards.PAINTS}
    assert set(rewards.FLAG_DESIGNS) == {k for k, _ in rewards.FLAGS}


def test_paints_and_flags_unlock_with_rank_and_medals():
    p = Progress("a")
    assert rewards.unlocked_paints(p) == ["grey"] and rewards.unlocked_flags(p) == ["ensign"]
    for i in range(8):
        p.levels[f"l{i}"] = {"stars": 3, "wins": 1, "tries": 1, "best": {}, "difficulty": "normal"}
    assert rewards.rank_of(24).index == 5
    assert rewards.unlocked_paints(p) == ["grey", "navy", "sand"]
    p.award("voyage_europe")
    assert "dazzle" in rewards.unlocked_paints(p) and "black_gold" not in rewards.unlocked_paints(p)


def _sink_all(config, fleets):
    """A Classic game the first player wins by naming every enemy deck in turn (a hit lets
    him fire again)."""
    game = cl.new_game(config, None, fleets=fleets, first=0)
    for ship in game.ships[1]:
        for cell in ship:
            if not game.over:
                game.apply(cl.Shot(cell))
    return game


def test_classic_feats_untouched_and_sharpshooter():
    import random
    config = cl.ClassicConfig()
    rng = random.Random(3)
    fleets = [cl.random_fleet(config, rng), cl.random_fleet(config, rng)]
    game = _sink_all(config, fleets)
    assert game.winner == 0
    assert MODES["classic"].feats(game, 0) == {"untouched", "sharpshooter"}
    assert MODES["classic"].feats(game, 1) == set()
    played, _ = computer_game(config, ("random", "random"), 4)   # a long, scrappy game
    assert "sharpshooter" not in MODES["classic"].feats(played, played.winner)


def test_naval_torpedo_win_and_korabliki_fort_by_boat_are_found_in_real_games():
    """Found by search in computer games; the loser never has them."""
    won_by_torpedo = won_without = None
    for seed in range(1, 60):
        game, _ = computer_game(nv.NavalConfig(), ("gunner", "gunner"), seed)
        if game.winner is None:
            continue
        w = game.winner
        struck = any(isinstance(r, nv.VolleyResult) and r.player == w and r.torpedo_hit
                     for _, _, r in game.history)
        assert MODES["naval"].feats(game, 1 - w) == set()
        if struck:
            won_by_torpedo = game
            assert MODES["naval"].feats(game, w) == {"torpedo_win"}
        else:
            won_without = game
            assert MODES["naval"].feats(game, w) == set()
        if won_by_torpedo and won_without:
            break
    assert won_by_torpedo and won_without
    game, _ = computer_game(kor.KorablikiConfig(), ("sailor", "sailor"), 17)
    assert MODES["korabliki"].feats(game, game.winner) == {"fort_by_boat"}
    assert MODES["korabliki"].feats(game, 1 - game.winner) == set()


def _two_voyages(tmp_path):
    words = {k: "W" for k in LANGUAGES}
    write(tmp_path, "1.json", level("one", order=1, unlocks=["two"]))
    write(tmp_path, "2.json", level("two", order=2))
    write(tmp_path, "3.json", {**level("three", order=3), "voyage": "north"})
    (tmp_path / "voyages").mkdir()
    write(tmp_path / "voyages", "europe.json", {"id": "europe", "name": words, "ending": words})
    write(tmp_path / "voyages", "north.json", {"id": "north", "order": 2, "after": "europe",
                                               "name": words, "ending": words,
                                               "chart": {"lon0": 20, "lat1": 60, "lat2": 74}})
    return tmp_path


def test_the_second_voyage_opens_when_the_first_ends_with_its_medal(tmp_path):
    (tmp_path / "levels").mkdir()
    folder = _two_voyages(tmp_path / "levels")
    v = Voyage("anna", "", folder, ProgressStore(tmp_path / "c"))
    assert v.problems == []
    assert [x.id for x in v.voyages] == ["europe", "north"]
    assert v.voyages[1].chart == (20.0, 60.0, 74.0)
    assert v.opened() == {"one"} and not v.voyage_open("north")
    seed = 1
    while True:
        game = autoplay(v.level("one"), seed, "admiral")
        seed += 1
        if game.winner == 0:
            break
    first = v.finish(v.level("one"), game)
    assert first.voyage_finished == "" and v.opened() == {"one", "two"}
    while True:
        game = autoplay(v.level("two"), seed, "admiral")
        seed += 1
        if game.winner == 0:
            break
    end = v.finish(v.level("two"), game, "hard")
    assert end.voyage_finished == "europe" and "voyage_europe" in end.medals
    assert v.progress.medals["voyage_europe"] == {"level": "two", "difficulty": "hard"}
    assert v.opened() == {"one", "two", "three"} and v.voyage_open("north")
    assert v.progress.voyages == ["europe"]


def test_an_upgraded_file_whose_last_port_is_won_gets_its_voyage_medal(tmp_path):
    (tmp_path / "levels").mkdir()
    folder = _two_voyages(tmp_path / "levels")
    store = ProgressStore(tmp_path / "c")
    store.folder.mkdir(parents=True)
    store.path("anna").write_text(json.dumps({"version": 1, "name": "Anna", "last": "two",
                                              "levels": {"two": {"stars": 1, "wins": 1,
                                                                 "tries": 1, "best": {}}}}))
    v = Voyage("anna", "", folder, store)
    assert v.progress.voyages == ["europe"] and "voyage_europe" in v.progress.medals


def test_levels_check_names_bad_new_keys(tmp_path):
    from .test_levels import run_check
    write(tmp_path, "1.json", {**level("one"), "hints": ["first_torpedo"], "voyage": "moon",
                               "boss": {"stinger": "kazoo", "bar": 1, "before": {"en": "x"}}})
    code, lines, _ = run_check(tmp_path)
    text = "\n".join(lines)
    assert code == 1
    assert "key 'hints': expected hints of classic" in text
    assert "key 'boss.stinger': expected one of" in text and "key 'boss.bar'" in text
    assert "key 'boss.before.ru': expected a text" in text and "key 'boss.after'" in text


def test_a_battle_in_progress_keeps_the_difficulty_it_began_with(tmp_path):
    folder = tmp_path / "levels"
    folder.mkdir()
    write(folder, "1.json", level("one", opponent={"personality": "cabin_boy", "ai": "parity",
                                                   "name": {"en": "A", "ru": "А", "uk": "А",
                                                            "no": "A"}}))
    voyage = Voyage("olga", folder=folder, store=ProgressStore(tmp_path / "campaign"))
    voyage.set_difficulty("hard")
    lv = voyage.levels[0]
    match = make_match(lv, 5, "Olga", voyage=voyage)
    assert match.seats[1].shooter == opponent_level(lv, "hard") == "density"
    voyage.store.save_battle("olga", "one", 5, {"mode": "classic"}, match.campaign.difficulty)
    voyage.set_difficulty("easy")                  # changed on the chart meanwhile
    saved = voyage.saved_battle()
    assert saved["difficulty"] == "hard"
    again = make_match(lv, saved["seed"], "Olga", voyage=voyage, difficulty=saved["difficulty"])
    assert again.seats[1].shooter == "density" and again.campaign.difficulty == "hard"
    (tmp_path / "campaign" / "olga.battle.json").write_text(
        json.dumps({"version": 1, "level": "one", "seed": 5, "game": {"mode": "classic"}}),
        encoding="utf-8")
    assert voyage.saved_battle()["difficulty"] == "normal"   # written before issue 22


def test_levels_check_names_missing_words_of_hints_and_boss_voices(tmp_path, monkeypatch):
    from game import hints
    from game.ai import opponents

    from .test_levels import run_check
    monkeypatch.setattr(opponents, "BOSS_VOICES", opponents.BOSS_VOICES + ("kraken",))
    monkeypatch.setitem(hints.HINTS, "classic", hints.HINTS["classic"] + ("first_kraken",))
    write(tmp_path, "1.json", {**level("one", hints=["first_hit", "first_kraken"]),
                               "opponent": {"personality": "kraken", "ai": "random",
                                            "name": {k: "K" for k in LANGUAGES}}})
    code, lines, summary = run_check(tmp_path)
    text = "\n".join(lines)
    assert code == 1
    assert "key 'hints': expected the words 'hint.first_kraken' in game/i18n (ru, uk, en, no)" \
        in text and "hint.first_hit" not in text
    assert "remark.kraken.start.0" in text and "remark.kraken.we_lose.1" in text
    assert summary["errors"] == 1 + len(opponents.TRIGGERS) * opponents.VARIANTS
