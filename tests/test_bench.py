"""The benchmark command lines and their JSON output are a contract: check their shape (never
their times)."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.data.placements import format_placement, parse_placement
from game.rules.classic import PRESETS, random_fleet

ROOT = Path(__file__).resolve().parents[1]


def bench(*args):
    out = subprocess.run([sys.executable, "-m", "game.bench", *args], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    return out


def last_json(out):
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_ai_bench_prints_the_contract_keys():
    out = bench("ai", "--mode", "classic", "--ai", "hunter", "--games", "5", "--seed", "1")
    assert out.returncode == 0, out.stderr
    data = last_json(out)
    assert set(data) == {"games", "mean_shots", "median_shots", "p90_shots", "move_ms_p99"}
    assert data["games"] == 5 and 20 <= data["mean_shots"] <= 100


def test_ai_bench_reads_a_placements_file_and_is_reproducible(tmp_path):
    cfg = PRESETS["russian"]
    rng = random.Random(4)
    fleets = [random_fleet(cfg, rng) for _ in range(3)]
    path = tmp_path / "fleets.txt"
    path.write_text("\n".join(format_placement(f, cfg) for f in fleets) + "\n")
    a = last_json(bench("ai", "--ai", "hunter", "--games", "3", "--seed", "2",
                        "--placements", str(path)))
    b = last_json(bench("ai", "--ai", "hunter", "--games", "3", "--seed", "2",
                        "--placements", str(path)))
    assert a["mean_shots"] == b["mean_shots"]


def test_a_bad_placement_line_stops_with_code_2_naming_line_and_rule(tmp_path):
    cfg = PRESETS["russian"]
    good = format_placement(random_fleet(cfg, random.Random(1)), cfg)
    touching = "aaaa......" + "bbb......." + "." * 80  # the three-deck touches the four-deck
    path = tmp_path / "fleets.txt"
    path.write_text(good + "\n" + touching + "\n" + good[:-1] + "\n")
    out = bench("ai", "--ai", "random", "--games", "2", "--placements", str(path))
    assert out.returncode == 2
    assert "fleets.txt:2:" in out.stderr and "touches" in out.stderr
    path.write_text(good + "\n" + good[:-1] + "\n")
    out = bench("ai", "--ai", "random", "--games", "2", "--placements", str(path))
    assert out.returncode == 2 and "fleets.txt:2:" in out.stderr and "expected 100 cells" in out.stderr


def test_placement_lines_round_trip():
    cfg = PRESETS["milton-bradley"]
    fleet = random_fleet(cfg, random.Random(9))
    assert sorted(parse_placement(format_placement(fleet, cfg), cfg)) == sorted(fleet)


def test_frames_and_startup_print_the_contract_keys():
    out = bench("frames", "--mode", "classic", "--frames", "20", "--seed", "1")
    assert out.returncode == 0, out.stderr
    data = last_json(out)
    assert set(data) == {"frames", "p50_ms", "p99_ms", "max_ms"} and data["frames"] == 20
    out = bench("startup", "--runs", "1")
    assert out.returncode == 0, out.stderr
    assert "first_frame_ms" in last_json(out)


def test_colours_prints_every_pair_of_every_palette_and_vision_and_the_smallest():
    """Issue 38: the table of how far apart the board states look, its smallest and threshold."""
    out = bench("colours")
    assert out.returncode == 0, out.stderr
    data = last_json(out)
    assert {"threshold", "cell", "window", "table", "smallest", "signals", "below"} <= set(data)
    assert set(data["table"]) == {"normal", "deutan", "tritan", "contrast"}
    assert all(set(rows) == {"normal", "protan", "deutan", "tritan", "achromat"}
               for rows in data["table"].values())
    low = data["smallest"]
    assert data["table"][low["palette"]][low["vision"]][low["pair"]] == low["distance"]
    assert low["distance"] == min(d for rows in data["table"].values() for row in rows.values()
                                  for d in row.values())
    assert data["below"] == [] and low["distance"] >= data["threshold"]


def test_soak_prints_one_contract_line_per_preset():
    out = bench("soak", "--mode", "classic", "--preset", "all", "--games", "2", "--seed", "1")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.strip().splitlines()]
    assert [line["preset"] for line in lines] == list(PRESETS)
    for line in lines:
        assert set(line) == {"preset", "games", "finished", "errors", "mean_turns"}
        assert line["games"] == 2 and line["errors"] == 0 and line["finished"] == 2
    one = last_json(bench("soak", "--mode", "classic", "--preset", "salvo", "--games", "3",
                          "--seed", "4", "--ai", "parity"))
    assert one["preset"] == "salvo" and one["finished"] == 3


def test_frames_on_a_large_preset():
    out = bench("frames", "--mode", "classic", "--preset", "large-18", "--frames", "10")
    assert out.returncode == 0, out.stderr
    assert last_json(out)["frames"] == 10


def test_frames_of_an_arcade_battle_stage_an_atomic_bomb_and_a_bomber_run_at_once():
    """Issue 36: the frames of the Arcade preset are measured with an atomic bomb and a
    bomber run on screen together (§A), battle after battle."""
    out = bench("frames", "--mode", "classic", "--preset", "arcade", "--frames", "240",
                "--seed", "1")
    assert out.returncode == 0, out.stderr
    data = last_json(out)
    assert {"frames", "p50_ms", "p99_ms", "max_ms"} <= set(data) and data["frames"] == 240
    assert data["atomic_bombs"] >= 1 and data["bomber_runs"] >= 1
    assert data["frames_with_both"] >= 30


def test_frames_of_a_naval_battle_count_its_volleys():
    out = bench("frames", "--mode", "naval", "--frames", "240", "--seed", "1")
    data = last_json(out)
    assert {"frames", "p50_ms", "p99_ms", "max_ms"} <= set(data) and data["frames"] == 240
    assert data["volleys"] >= 1 and data["busy_frames"] > 0


def test_frames_of_a_korabliki_blast_with_a_full_board():
    out = bench("frames", "--mode", "korabliki", "--frames", "120", "--seed", "1")
    data = last_json(out)
    assert {"frames", "p50_ms", "p99_ms", "max_ms"} <= set(data) and data["frames"] == 120
    assert data["blasts"] >= 1 and data["pieces_at_blast"] == 104 and data["busy_frames"] > 0


def test_frames_of_the_voyage_chart():
    out = bench("frames", "--mode", "voyage", "--frames", "150", "--seed", "1")
    assert out.returncode == 0, out.stderr
    data = last_json(out)
    assert {"frames", "p50_ms", "p99_ms", "max_ms", "ports"} <= set(data)
    assert data["frames"] == 150 and data["ports"] >= 16


def test_campaign_bench_plays_every_level(tmp_path):
    from .test_levels import level, write
    write(tmp_path, "1.json", level("one", order=1, unlocks=["two"], stars={"two": {"shots": 100}}))
    write(tmp_path, "2.json", level("two", order=2, mode="naval", preset=None,
                                    opponent={"personality": "captain", "ai": "random",
                                              "name": {"en": "N", "ru": "N", "uk": "N", "no": "N"}}))
    out = bench("campaign", "--games", "2", "--seed", "1", "--levels", str(tmp_path))
    assert out.returncode == 0, out.stderr
    data = last_json(out)
    assert data["levels"] == 2 and data["games"] == 4 and data["errors"] == 0
    assert data["finished"] == 4 and sum(data["stars"]) == 4
    assert data["player_wins"] == 4 - data["stars"][0]     # a loss or draw earns no star
    assert "# europe 1 one (classic, random; seat: random): won" in out.stderr
    assert data["difficulty"] == "normal" and isinstance(data["medals"], dict)
    assert data["voyages"]["europe"]["levels"] == 2 and data["voyages"]["europe"]["games"] == 4
    assert set(data["never_won"]) <= {"one", "two"}


def test_campaign_bench_sums_each_voyage_and_takes_a_difficulty(tmp_path):
    from .test_levels import level, write
    write(tmp_path, "1.json", level("one", order=1, unlocks=["two"]))
    write(tmp_path, "2.json", level("two", order=2))
    write(tmp_path, "3.json", {**level("three", order=3), "voyage": "north"})
    (tmp_path / "voyages").mkdir()
    words = {"en": "W", "ru": "W", "uk": "W", "no": "W"}
    for vid, after in (("europe", ""), ("north", "europe")):
        write(tmp_path / "voyages", f"{vid}.json", {"id": vid, "after": after, "name": words,
                                                    "ending": words})
    out = bench("campaign", "--games", "1", "--seed", "2", "--levels", str(tmp_path),
                "--difficulty", "easy")
    assert out.returncode == 0, out.stderr
    data = last_json(out)
    assert data["difficulty"] == "easy"
    assert {k: v["levels"] for k, v in data["voyages"].items()} == {"europe": 2, "north": 1}
    assert sum(v["player_wins"] for v in data["voyages"].values()) == data["player_wins"]
    assert "# north 3 three" in out.stderr


def test_gallery_writes_the_images_it_counts(tmp_path):
    """Three of its smaller parts (the whole gallery takes half a minute: every part's screens
    have tests of their own): the count is the files', each part's pictures there, no other
    part's."""
    out = bench("gallery", "--out", str(tmp_path / "gallery"), "--only", "title,korabliki,sound")
    assert out.returncode == 0, out.stderr
    files = sorted(p.name for p in (tmp_path / "gallery").glob("*.png"))
    assert last_json(out) == {"images": len(files)}
    for name in ("title-800x600.png", "korabliki-asking-800x600.png",
                 "sound-settings-ru-800x600.png"):
        assert name in files
    assert {"menu-setup-1280x720.png", "menu-settings-800x600-ru.png"} <= set(files)   # issue 33
    assert not any(name.startswith(("ships-", "chart-", "battle-", "result-", "strike-"))
                   for name in files)
    import pygame
    title = pygame.image.load(str(tmp_path / "gallery" / "title-800x600.png"))
    assert title.get_size() == (800, 600)
    wrong = bench("gallery", "--out", str(tmp_path / "g2"), "--only", "pictures")
    assert wrong.returncode != 0 and "no part 'pictures'" in wrong.stderr


def test_duel_takes_a_classic_preset_and_the_bench_only_admiral(capsys):
    """Issue 36: ``duel --preset arcade`` plays under the arcade arsenal (§A), and the level
    ``admiral_noarsenal`` (the Admiral that never fires it) is known to the benches only."""
    from game.bench import _levels, main
    from game.modes import MODES

    assert _levels("classic", "admiral", "admiral_noarsenal") == ("admiral", "admiral_noarsenal")
    assert "admiral_noarsenal" not in MODES["classic"].levels
    main(["duel", "--mode", "classic", "--preset", "arcade", "--a", "random", "--b", "hunter",
          "--games", "2", "--seed", "1"])
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 2
    with pytest.raises(SystemExit, match="unknown --preset 'arcadia'"):
        main(["duel", "--mode", "classic", "--preset", "arcadia", "--a", "random", "--b",
              "random", "--games", "1"])


def test_duel_between_the_set_ups_opponents_places_each_fleet_in_its_style():
    """Issue 21 part 6: ``duel --opponents`` plays the set-up's opponents as a person meets them,
    each fleet in its owner's placement style: the same seed gives the same line, and it differs
    from the plain levels' duel (random fleets) on the same seed."""
    from game.bench import _opponents
    from game.modes import computer_game

    args = ("duel", "--mode", "classic", "--opponents", "--a", "navigator", "--b", "boatswain",
            "--games", "6", "--seed", "3")
    out = bench(*args)
    assert out.returncode == 0, out.stderr
    data = last_json(out)
    assert list(data) == ["a_wins", "b_wins", "draws", "mean_shots"]
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 6
    assert last_json(bench(*args)) == data
    bad = bench("duel", "--mode", "classic", "--opponents", "--a", "parity", "--b", "random")
    assert bad.returncode != 0 and "unknown classic opponent 'parity'" in bad.stderr
    # the navigator's fleet hugs the edges (its style), the boatswain's is the quick generator's
    nav, boat = _opponents("classic", "navigator", "boatswain")
    config = PRESETS["russian"]
    game, _ = computer_game(config, ("parity", "hunter"), 5, 0, styles=(nav.placement,
                                                                        boat.placement))
    edge = [c for s in game.initial_ships[0] for c in s if c[0] in (0, 9) or c[1] in (0, 9)]
    plain, _ = computer_game(config, ("parity", "hunter"), 5, 0)
    assert game.initial_ships[0] != plain.initial_ships[0] and len(edge) >= 15


def test_ladder_has_a_column_for_the_games_quick_layouts():
    """Issue 21: the ladder's layout sets gained random (the game's quick generator); the old
    columns keep their names."""
    out = bench("ladder", "--games", "1", "--seed", "1", "--workers", "1")
    assert out.returncode == 0, out.stderr
    data = last_json(out)
    assert data["games"] == 1 and data["seed"] == 1
    for level, row in data["ladder"].items():
        assert set(row) == {"russian/uniform", "milton-bradley/uniform", "russian/perelman",
                            "russian/random", "move_ms_p99"}, level
    assert "| level | russian uniform | milton-bradley uniform | russian perelman | russian random" \
        in out.stdout
