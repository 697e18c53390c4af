"""Benchmarks: ``python -m game.bench SUBCOMMAND``. Each prints one JSON object as its last line.

  frames --mode classic --frames 600 --seed 1
  frames --mode voyage --frames 600 --seed 1   (the campaign's chart and briefings)
      the battle scene at 1280x720, computer against computer, every animation on, dummy video
      driver; the computers decide at once (as under the monkey), so the counts reproduce, and
      the time they take is left out of the frame (in the game they think in a worker) ->
      {"frames": N, "p50_ms": …, "p99_ms": …, "max_ms": …}; with --preset arcade (§A) each
      battle is staged with an atomic bomb and a bomber run at once, and the line adds
      "atomic_bombs", "bomber_runs" and "frames_with_both"
  gallery --out DIR [--seed S] [--only PART,PART]
      PNGs to review how the game looks (Classic's ship classes at 16, 32, 64 px a cell, afloat
      and wrecked; the title and the chart at 1280x720 and 800x600; a Classic battle) ->
      {"images": N}
  startup
      process start to the first frame shown -> {"first_frame_ms": …}
  app [--out DIR]
      the download (issue 38): tools/build_app.py builds the one-folder program with PyInstaller
      here (a clone only; its build environment, build/app/venv, is made the first time), then
      the program is started headless to its first frame; not in CI ->
      {"build_s": …, "folder_mb": …, "first_frame_ms": …, "path": …, "setup_s": …}
  colours
      issue 38: every board state a player must tell apart (render.swatches: water, ship, hit,
      miss, sunk, halo, mines, air defences, the minesweeper; the own and enemy sides' emblems)
      drawn in each palette, seen with each colour vision (render.vision: Machado 2009 for
      protan, deutan, tritan; achromat: lightness alone), every pair's distance (the largest
      patch mean of CIE76 ΔE*ab) -> {"threshold": 20.0, "cell": …, "window": …, "table":
      {palette: {vision: {"a|b": …}}}, "smallest": {"distance", "pair", "palette", "vision"},
      "below": [pairs under the threshold]}
  ai --mode classic --ai NAME|best --games N --seed S [--fleet russian|milton-bradley]
     [--layouts uniform|perelman|edges|random] [--placements FILE]
      a shooter sinking fleets in target practice (layouts exactly uniform unless told) ->
      {"games": N, "mean_shots": …, "median_shots": …, "p90_shots": …, "move_ms_p99": …}
  ladder --games 1000 --seed 1
      every level of the ladder on uniform Russian, uniform Milton Bradley, Perelman and random
      (the game's quick generator) Russian layouts: a Markdown table (the README's), then
      {"ladder": {level: {set: mean, …}}}
  soak --mode classic --preset NAME|all --games N --seed S [--ai LEVEL] [--b LEVEL]
      N computer-against-computer games of a preset through the rules engine, every decision
      (salvos, mines, relocations) made by the computer ->
      {"preset": …, "games": N, "finished": …, "errors": …, "mean_turns": …}, one line per
      preset with "all" (turns: actions taken, shots, salvos and decisions alike)
  soak --mode naval --games N --seed S [--ai LEVEL] [--b LEVEL]
      the same for Naval (§N; levels random, gunner, navigator, captain, commodore;
      default gunner) ->
      {"mode": "naval", "games": N, "finished": …, "errors": …, "mean_turns": …}
  soak --mode korabliki --games N --seed S [--ai LEVEL] [--b LEVEL]
      the same for Кораблики (§K; levels random, sailor, admiral; default sailor); a game
      drawn by the 200 quiet moves counts as finished; each side's move_ms_p99 on stderr ->
      {"mode": "korabliki", "games": N, "finished": …, "errors": …, "mean_turns": …}
  duel --mode naval|classic|korabliki --a LEVEL --b LEVEL --games N --seed S
      two computer levels against each other, A moving first in every other game ->
      {"a_wins": …, "b_wins": …, "draws": …, "mean_shots"|"mean_volleys"|"mean_turns": …}
      (the mode's length per game, both sides; a game unfinished at the soak's cap is a draw;
      for korabliki each side's move_ms_p99 on stderr)
  duel --mode M --opponents --a KEY --b KEY --games N --seed S
      the same between two of the set-up's opponents (game.ai.opponents: cabin_boy,
      boatswain, …), each with its level and its placement style (Classic) or formation
  duel --mode classic --preset NAME …
      either duel under a Classic preset (default russian), e.g. arcade (§A); the level
      admiral_noarsenal (benches only) is the Admiral that never fires its arsenal

  campaign --games N --seed S [--levels DIR] [--difficulty easy|normal|hard]
      every level of the voyage played N times, the mode's strongest computer in the person's
      seat; one line per level on stderr -> {"levels": …, "games": …, "finished": …,
      "errors": …, "player_wins": …, "draws": …, "stars": [no star, one, two, three]}

  monkey --events N --seed S [--size WxH]
      the whole game from the title screen, headless, driven by N random but plausible input
      events (keys, typed text, clicks, drags, the wheel, window resizes, waiting), started
      again whenever it quits or crashes (game/monkey.py); each distinct crash's traceback on
      stderr -> {"events": N, "frames": …, "crashes": …, "scenes": {SceneClass: frames, …}};
      the same seed gives the same line

Speed and strength are measured here, never asserted by the tests (machines are noisy).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def percentile(values, q: float) -> float:
    """The ``q``-quantile (0..1) by nearest rank."""
    values = sorted(values)
    if not values:
        return 0.0
    k = max(0, min(len(values) - 1, int(round(q * len(values) + 0.5)) - 1))
    return values[k]


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


# --- frames --------------------------------------------------------------------------------

def bench_frames(args) -> dict:
    _headless()
    home = tempfile.mkdtemp(prefix="seabattle-bench-")
    os.environ["SEABATTLE_HOME"] = home  # never touch the player's own settings or records
    import pygame

    from .app import App
    from .modes import MODES
    from .monkey import Synchronous
    from .scenes.modes import SCREENS

    w, h = (int(v) for v in args.size.split("x"))
    # The computers decide at once, so the counts reproduce; the time they take is left out
    # of the frame, as in the game, where they think in a worker while the frames go on.
    aside = [0.0]
    app = App(size=(w, h), seed=args.seed, thinker=Synchronous(aside))
    app.settings.anim_speed = 1.0
    if getattr(args, "reduced_motion", False):
        app.settings.reduced_motion = True
        app.apply_settings()
    if args.mode == "voyage":
        return _frames_voyage(app, args)
    rng = random.Random(args.seed)
    presets = MODES[args.mode].rules.presets
    config = presets.get(args.preset) or next(iter(presets.values()))
    scene = SCREENS[args.mode].battle     # each mode stages its own showcase (scene.stage)

    def new_battle():
        return scene.showcase(app, config, rng.getrandbits(32))

    battle = app.scenes.push(new_battle())
    seen = [battle]
    dt = 1 / 60
    for _ in range(30):  # warm the caches, as the first second of a real battle does
        app.step(dt, [])
    times = []
    busy = []       # frames while shells (and planes, torpedoes or blasts) are in flight
    for _ in range(args.frames):
        if battle.showcase_over():
            battle = app.scenes.reset(new_battle())
            seen.append(battle)
        aside[0] = 0.0
        t0 = time.perf_counter()
        pygame.event.pump()
        app.step(dt, [])
        pygame.display.flip()
        times.append((time.perf_counter() - t0 - aside[0]) * 1000)
        if battle.in_flight:
            busy.append(times[-1])
    label = args.mode if len(presets) == 1 else f"{args.mode}/{args.preset}"
    print(f"# {args.frames} frames of {label} at {w}x{h}; "
          f"{len(battle.game.history)} moves in the last battle", file=sys.stderr)
    out = {"frames": args.frames, "p50_ms": round(percentile(times, 0.5), 3),
           "p99_ms": round(percentile(times, 0.99), 3), "max_ms": round(max(times), 3)}
    if app.settings.reduced_motion:
        out["reduced_motion"] = True
    if scene.SHOWS_BUSY:
        out |= {"busy_frames": len(busy),
                "busy_p99_ms": round(percentile(busy, 0.99), 3) if busy else 0.0}
    return out | scene.showcase_stats(seen)


def _frames_voyage(app, args) -> dict:
    """The campaign's chart with every shipped level, the ship sailing to another port every
    second, and the briefing (portrait, text, stars) over it every other second."""
    import pygame

    from .scenes.common.title import TitleScene
    from .scenes.campaign.briefing import BriefingScene
    from .scenes.campaign.chart import VoyageScene

    app.scenes.push(TitleScene(app))
    chart = app.scenes.push(VoyageScene(app))
    levels = chart.voyage.levels
    dt = 1 / 60
    for _ in range(30):
        app.step(dt, [])
    times = []
    for i in range(args.frames):
        if i % 60 == 0 and levels:
            if app.scenes.top is not chart:
                app.scenes.pop()
            chart.select((chart.index + 1) % len(levels))
            if (i // 60) % 2:
                app.scenes.push(BriefingScene(app, chart, chart.level))
        t0 = time.perf_counter()
        pygame.event.pump()
        app.step(dt, [])
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
    return {"frames": args.frames, "p50_ms": round(percentile(times, 0.5), 3),
            "p99_ms": round(percentile(times, 0.99), 3), "max_ms": round(max(times), 3),
            "ports": len(levels)}


def bench_monkey(args) -> dict:
    _headless()
    from .monkey import run
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
        except ValueError:
            raise SystemExit(f"monkey --size: expected WIDTHxHEIGHT, like 1280x720, got {args.size!r}")
        size = (max(640, w), max(480, h))
    t0 = time.perf_counter()
    result = run(args.events, args.seed, size)
    print(f"# monkey: {args.events} events, seed {args.seed}: "
          f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return result


# --- gallery (issue 20: images to look at) ------------------------------------------------

def bench_gallery(args) -> dict:
    """A fixed set of PNGs in ``--out``, headless, to review how the game looks (the list is
    in ``game/gallery``)."""
    _headless()
    from .gallery import run

    only = [n for n in (args.only or "").split(",") if n]
    return run(args.out, args.seed, only)


# --- startup -------------------------------------------------------------------------------

def bench_startup(args) -> dict:
    # ``python -m game`` (as main.py does) from the folder holding this ``game``: the clone, or
    # site-packages when installed, where no main.py lies
    root = Path(__file__).resolve().parent.parent
    results = []
    for _ in range(args.runs):
        env = dict(os.environ, SEABATTLE_HOME=tempfile.mkdtemp(prefix="seabattle-bench-"),
                   SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
                   SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"),
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        env["SEABATTLE_T0"] = repr(time.time())
        out = subprocess.run([sys.executable, "-m", "game", "--first-frame-exit"], cwd=root,
                             env=env, capture_output=True, text=True, timeout=120)
        line = [ln for ln in out.stdout.splitlines() if ln.startswith("first_frame_ms")]
        if out.returncode != 0 or not line:
            print(out.stderr, file=sys.stderr)
            raise SystemExit("startup: the game did not show a first frame")
        results.append(float(line[-1].split()[1]))
    print(f"# runs: {', '.join(f'{r:.0f}' for r in results)} ms", file=sys.stderr)
    return {"first_frame_ms": round(statistics.median(results), 1), "runs": len(results)}


# --- app (issue 38: the download) ----------------------------------------------------------

def bench_app(args) -> dict:
    import importlib.util

    from .resources import CLONE
    tool = CLONE / "tools" / "build_app.py"
    if not tool.is_file():
        raise SystemExit("app: tools/build_app.py is not here (it comes with a clone, not with "
                         "an installed game)")
    spec = importlib.util.spec_from_file_location("build_app", tool)
    build_app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_app)
    out = Path(args.out).resolve() if args.out else CLONE / "build" / "app"
    made = build_app.build(out, out / "venv")
    home = Path(tempfile.mkdtemp(prefix="seabattle-bench-"))
    ms = build_app.first_frame(Path(made["program"]), home)
    return {"build_s": made["build_s"], "folder_mb": made["folder_mb"], "first_frame_ms": ms,
            "path": made["path"], "setup_s": made["setup_s"]}


# --- ai ------------------------------------------------------------------------------------

def bench_colours(args) -> dict:
    _headless()
    import pygame

    from .render import swatches

    pygame.init()
    pygame.display.set_mode((64, 64))
    out = swatches.table()
    out["below"] = [f"{palette}/{seen}/{pair}" for palette, rows in out["table"].items()
                    for seen, row in rows.items() for pair, d in row.items()
                    if d < out["threshold"]]
    return out


def _ai_games(level: str, fleet: str, layouts: str, games: int, seed: int, placements=None):
    """Play ``games`` target-practice games; return (shots per game, move times in ms)."""
    from .ai.layouts import make_layout
    from .ai.shooters import make_shooter
    from .rules.classic import PRESETS, ClassicGame

    config = PRESETS[fleet]
    rng = random.Random(seed)
    shots, move_ms = [], []
    for i in range(games):
        layout = placements[i % len(placements)] if placements else make_layout(layouts, config, rng)
        game = ClassicGame(config, [(), layout], first=0, solo=True)
        shooter = make_shooter(level, config, random.Random(rng.getrandbits(32)))
        while not game.over:
            t0 = time.perf_counter()
            action = shooter.choose(game.view(0))
            move_ms.append((time.perf_counter() - t0) * 1000)
            game.apply(action)
        shots.append(len(game.history))
    return shots, move_ms


def _summary(shots, move_ms) -> dict:
    return {"games": len(shots), "mean_shots": round(statistics.fmean(shots), 2),
            "median_shots": statistics.median(shots), "p90_shots": percentile(shots, 0.9),
            "move_ms_p99": round(percentile(move_ms, 0.99), 3)}


def bench_ai(args) -> dict:
    from .ai.shooters import LADDER
    from .data.placements import load_placements
    from .data.storage import DataFileError
    from .rules.classic import PRESETS

    if args.ai not in LADDER and args.ai != "best":
        raise SystemExit(f"unknown --ai {args.ai!r}; known: {', '.join(LADDER)}, best")
    placements = None
    if args.placements:
        try:
            placements = load_placements(args.placements, PRESETS[args.fleet])
        except DataFileError as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise SystemExit(2)
    shots, move_ms = _ai_games(args.ai, args.fleet, args.layouts, args.games, args.seed,
                               placements)
    return _summary(shots, move_ms)


LADDER_SETS = (("russian", "uniform"), ("milton-bradley", "uniform"), ("russian", "perelman"),
               ("russian", "random"))   # random: the game's quick generator (issue 21)


def _ladder_job(job):
    level, fleet, layouts, games, seed = job
    return job, _summary(*_ai_games(level, fleet, layouts, games, seed))


def bench_ladder(args) -> dict:
    from concurrent.futures import ProcessPoolExecutor

    from .ai.shooters import LADDER

    # the strongest levels take longest: start them first so the workers finish together
    jobs = [(level, fleet, layouts, args.games, args.seed)
            for level in reversed(LADDER) for fleet, layouts in LADDER_SETS]
    results = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for (level, fleet, layouts, _, _), summary in pool.map(_ladder_job, jobs):
            results.setdefault(level, {})[f"{fleet}/{layouts}"] = summary
            print(f"# {level:8} {fleet}/{layouts}: {json.dumps(summary)}", file=sys.stderr,
                  flush=True)
    header = "| level | " + " | ".join(f"{f} {lay}" for f, lay in LADDER_SETS) + " | move p99 ms |"
    print(header)
    print("|" + "---|" * (len(LADDER_SETS) + 2))
    for level in LADDER:
        row = results[level]
        cells = [f"{row[f'{f}/{lay}']['mean_shots']:.2f}" for f, lay in LADDER_SETS]
        p99 = max(r["move_ms_p99"] for r in row.values())
        print(f"| {level} | " + " | ".join(cells) + f" | {p99:.1f} |")
    return {"ladder": {level: {k: v["mean_shots"] for k, v in row.items()}
                       | {"move_ms_p99": max(v["move_ms_p99"] for v in row.values())}
                       for level, row in results.items()},
            "games": args.games, "seed": args.seed}


# --- soak ----------------------------------------------------------------------------------

THINKING: tuple[list, list] = ([], [])   # each seat's thinking times (ms), filled by _play


def _levels(mode: str, *levels: str) -> tuple:
    """The computer levels named on the command line, checked (``best``: the mode's strongest;
    and the benches' own levels, ``ModeEntry.bench_levels``)."""
    from .modes import MODES

    entry = MODES[mode]
    known = entry.levels + entry.bench_levels
    for level in levels:
        if level not in known and level != "best":
            raise SystemExit(f"unknown {mode} level {level!r}; "
                             f"known: {', '.join(known)}, best")
    return tuple(entry.best if level == "best" else level for level in levels)


def _play(config, levels, seed: int, first: int | None = None) -> tuple[bool, int, int | None]:
    """One game between two computer levels (``game.modes.computer_game``); (finished,
    actions, winner or None). An exception escapes to the caller, which counts it as an error."""
    game, actions = _played(config, levels, seed, first)
    return game.over, actions, game.winner


def _played(config, levels, seed: int, first: int | None = None, styles=None):
    """``_play``'s game itself, and its actions."""
    from .modes import computer_game

    return computer_game(config, levels, seed, first,
                         timed=lambda seat, ms: THINKING[seat].append(ms), styles=styles)


def _thinking(names) -> None:
    """Each side's thinking time, p99 and max, on stderr (the last line stays the contract)."""
    for seat, name in enumerate(names):
        ms = THINKING[seat]
        if ms:
            print(f"# move_ms_p99 {name} (side {'AB'[seat]}): {percentile(ms, 0.99):.3f} "
                  f"(max {max(ms):.3f}, {len(ms)} decisions)", file=sys.stderr, flush=True)
        ms.clear()


def _soak(config, levels, games: int, seed: int, name: str) -> dict:
    """``games`` games of one set of rules; the first failure's traceback on stderr."""
    import traceback

    finished = errors = 0
    turns = []
    rng = random.Random(seed)
    for _ in range(games):
        game_seed = rng.getrandbits(32)
        try:
            done, actions, _ = _play(config, levels, game_seed)
        except Exception:  # a rules or AI failure: count it, show the first
            if not errors:
                print(f"# {name} seed {game_seed}:\n{traceback.format_exc()}", file=sys.stderr)
            errors += 1
            continue
        finished += done
        turns.append(actions)
    return {"games": games, "finished": finished, "errors": errors,
            "mean_turns": round(statistics.fmean(turns), 1) if turns else 0.0}


def bench_soak(args) -> dict:
    """A mode with one set of rules (Naval, «Кораблики»): one line naming the mode; Classic:
    one line per preset (``--preset all``)."""
    from .modes import MODES

    entry = MODES[args.mode]
    a = args.ai or entry.soak_level
    levels = _levels(args.mode, a, args.b or a)
    presets = entry.rules.presets
    if len(presets) == 1:
        config = next(iter(presets.values()))
        line = {"mode": args.mode} | _soak(config, levels, args.games, args.seed, args.mode)
        _thinking(levels)
        return line
    names = list(presets) if args.preset == "all" else [args.preset]
    for name in names:
        if name not in presets:
            raise SystemExit(f"unknown --preset {name!r}; known: {', '.join(presets)}, all")
    lines = []
    for name in names:
        lines.append({"preset": name} | _soak(presets[name], levels, args.games, args.seed, name))
        if name != names[-1]:
            print(json.dumps(lines[-1]), flush=True)
    _thinking(levels)
    return lines[-1]


# --- duel ----------------------------------------------------------------------------------

def _opponents(mode: str, *keys: str) -> tuple:
    """The set-up's opponents of ``mode`` named on the command line, checked."""
    from .ai.opponents import roster

    known = {o.key: o for o in roster(mode)}
    for key in keys:
        if key not in known:
            raise SystemExit(f"unknown {mode} opponent {key!r}; known: {', '.join(known)}")
    return tuple(known[key] for key in keys)


def bench_duel(args) -> dict:
    from .modes import MODES

    entry = MODES[args.mode]
    styles = None
    if args.opponents:          # the set-up's opponents: each its level and placement style
        picked = _opponents(args.mode, args.a, args.b)
        levels = tuple(o.shooter for o in picked)
        styles = tuple(o.placement for o in picked)
    else:
        levels = _levels(args.mode, args.a, args.b)
    presets = entry.rules.presets
    if args.preset is None:
        config = next(iter(presets.values()))   # as game.modes.duel_winner
    elif args.preset in presets:
        config = presets[args.preset]
    else:
        raise SystemExit(f"unknown --preset {args.preset!r}; known: {', '.join(presets)}")
    rng = random.Random(args.seed)
    wins = {0: 0, 1: 0, None: 0}
    metric = entry.metrics[0]            # the mode's length: shots, volleys, turns
    length = 0
    for i in range(args.games):
        first = i % 2            # side A (seat 0) moves first in every other game
        game, _ = _played(config, levels, rng.getrandbits(32), first, styles)
        wins[game.winner] += 1
        length += sum(entry.measure(game, p)[metric] for p in (0, 1))
        if (i + 1) % 20 == 0 or i + 1 == args.games:
            print(f"# {i + 1}/{args.games}: {args.a} {wins[0]}, {args.b} {wins[1]}, "
                  f"draws {wins[None]}", file=sys.stderr, flush=True)
    _thinking((args.a, args.b))
    return {"a_wins": wins[0], "b_wins": wins[1], "draws": wins[None],
            f"mean_{metric}": round(length / max(1, args.games), 1)}


# --- campaign ------------------------------------------------------------------------------

def _quantiles(values: list) -> tuple:
    """The median and the best quartile (the lower: every measure counts "at most") of
    ``values``, by the nearest rank."""
    if not values:
        return None, None
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2], ordered[(len(ordered) - 1) // 4]


def bench_campaign(args) -> dict:
    """Each level of each voyage played ``--games`` times at ``--difficulty`` with its "one step
    below" player (``campaign.step_below``) in the person's seat: how often that seat wins,
    draws, the stars and medals it earns, and, over its wins, the median and best quartile of
    each measure (what the star limits are set from: two stars at the median, three at the best
    quartile). One line per level on stderr; the JSON's ``voyages`` holds each voyage's sums."""
    from .campaign import autoplay, step_below
    from .levels import load_levels, load_voyages, metrics
    from .modes import MODES as ENTRIES

    levels, problems = load_levels(args.levels)
    voyages, _ = load_voyages(args.levels)
    for p in problems:
        print(f"# {p}", file=sys.stderr)
    rng = random.Random(args.seed)
    keys = ("games", "finished", "errors", "player_wins", "draws")
    total = dict.fromkeys(keys, 0)
    stars = [0, 0, 0, 0]
    medals: dict[str, int] = {}
    per_voyage = {v.id: {"levels": 0, **dict.fromkeys(keys, 0), "stars": [0, 0, 0, 0]}
                  for v in voyages}
    never_won = []
    for lv in levels:
        won = drawn = errors = finished = 0
        earned = [0, 0, 0, 0]
        measured: dict[str, list] = {}
        for _ in range(args.games):
            try:
                game = autoplay(lv, rng.getrandbits(32), difficulty=args.difficulty)
            except Exception as exc:  # noqa: BLE001 — counted, as soak counts them
                errors += 1
                print(f"# {lv.id}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
            finished += game.over
            won += game.winner == 0
            drawn += game.winner is None
            m = metrics(game, 0) if game.winner == 0 else None
            earned[lv.stars_for(m, args.difficulty)] += 1
            for feat in ENTRIES[lv.mode].feats(game, 0):
                medals[feat] = medals.get(feat, 0) + 1
            for k, v in (m or {}).items():
                measured.setdefault(k, []).append(v)
        row = {"games": args.games, "finished": finished, "errors": errors, "player_wins": won,
               "draws": drawn}
        for k in keys:
            total[k] += row[k]
        stars = [a + b for a, b in zip(stars, earned)]
        sums = per_voyage.setdefault(lv.voyage, {"levels": 0, **dict.fromkeys(keys, 0),
                                                 "stars": [0, 0, 0, 0]})
        sums["levels"] += 1
        for k in keys:
            sums[k] += row[k]
        sums["stars"] = [a + b for a, b in zip(sums["stars"], earned)]
        if not won:
            never_won.append(lv.id)
        spread = ", ".join(f"{k} median {_quantiles(v)[0]} best quartile {_quantiles(v)[1]}"
                           for k, v in measured.items())
        print(f"# {lv.voyage} {lv.order:g} {lv.id} ({lv.mode}, {lv.opponent.ai}; seat: "
              f"{step_below(lv)}): won {won}/{args.games}, draws {drawn}, stars 0/1/2/3: "
              f"{'/'.join(map(str, earned))}" + (f"; {spread}" if spread else ""),
              file=sys.stderr)
    return {"levels": len(levels), **total, "stars": stars, "difficulty": args.difficulty,
            "medals": dict(sorted(medals.items())), "never_won": never_won,
            "voyages": per_voyage}


def bench_net(args) -> dict:
    from .net.bench import bench_net as run
    return run(args)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench",
                                     description="Sea Battle benchmarks (one JSON line last)")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("frames", help="frame times of the battle scene")
    p.add_argument("--mode", default="classic", choices=["classic", "naval", "korabliki", "voyage"])
    p.add_argument("--preset", default="russian")
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--reduced-motion", action="store_true",
                   help="with the player's reduced motion on (issue 38): still fades, a still sea")
    p = sub.add_parser("gallery", help="PNGs of how the game looks, for review")
    p.add_argument("--out", required=True, help="the folder to write them in")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", help="some of its parts, by name: ships,title,chart,battle,result,"
                                  "strike,korabliki,watch,lobby,sound,palettes,motion,pad,scaled (default: all)")
    p = sub.add_parser("startup", help="time from process start to the first frame")
    p.add_argument("--runs", type=int, default=3)
    p = sub.add_parser("app", help="build the download (tools/build_app.py) and time its first "
                       "frame")
    p.add_argument("--out", default=None, help="the build's folder (default build/app)")
    sub.add_parser("colours", help="how far apart the board states look in each palette and "
                   "colour vision (issue 38)")
    p = sub.add_parser("ai", help="shots a computer shooter needs to sink a fleet")
    p.add_argument("--mode", default="classic", choices=["classic"])
    p.add_argument("--ai", required=True, help="a level of the ladder, or best")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--fleet", default="russian", choices=["russian", "milton-bradley"])
    p.add_argument("--layouts", default="uniform",
                   choices=["uniform", "perelman", "edges", "random"])
    p.add_argument("--placements")
    p = sub.add_parser("soak", help="computer-against-computer games of a preset, counting errors")
    p.add_argument("--mode", default="classic", choices=["classic", "naval", "korabliki"])
    p.add_argument("--preset", default="all", help="Classic's preset, or all")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--ai", default="", help="the level both sides play (or side A's); "
                   "default hunter (classic), gunner (naval), sailor (korabliki)")
    p.add_argument("--b", default="", help="side B's level, when it differs")
    p = sub.add_parser("duel", help="two computer levels against each other")
    p.add_argument("--mode", default="naval", choices=["classic", "naval", "korabliki"])
    p.add_argument("--a", required=True, help="side A's level")
    p.add_argument("--b", required=True, help="side B's level")
    p.add_argument("--opponents", action="store_true",
                   help="--a and --b name the set-up's opponents (each with its placement style)")
    p.add_argument("--preset", default=None,
                   help="Classic's preset (default: the mode's first, russian)")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p = sub.add_parser("ladder", help="every level on the three layout sets of the README")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p = sub.add_parser("campaign", help="every level of the voyage played by the computer")
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", default=None, help="the folder of level files (default levels/)")
    p.add_argument("--difficulty", default="normal", choices=["easy", "normal", "hard"])
    p = sub.add_parser("monkey", help="the whole game driven by random input, counting crashes")
    p.add_argument("--events", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default=None, help="window size WxH (default: the settings' own)")
    p = sub.add_parser("net", help="computer players through a real server on 127.0.0.1")
    p.add_argument("--games", type=int, default=30, help="games, the modes in turn")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rooms", type=int, default=0, help="rooms played at once (default 3)")
    p.add_argument("--faults", action="store_true", help="drop clients at random moments and "
                   "kill the server twice; every game must still finish")
    p.add_argument("--hold", type=int, default=0, help="instead: how much memory N rooms "
                   "take in one server process, and how long a restart takes to read them")
    p.add_argument("--think", type=float, default=None,
                   help="milliseconds a player waits before acting, on average (default: 0 "
                   "for up to 10 rooms, 1000 for more)")
    p.add_argument("--shards", type=int, default=0, help="play through N room processes and "
                   "the lobby behind the real HAProxy on loopback (one killed mid-run and "
                   "started again); needs haproxy on PATH")
    p.add_argument("--abuse", action="store_true", help="instead: one address attacks the "
                   "server (idle and silent connections, rooms, guessed codes, floods) while "
                   "honest players from other addresses play 20 games of every mode")
    p.add_argument("--match", action="store_true", help="instead: players of every game kind "
                   "and level find each other through the queue (issue 37); JSON: waits, "
                   "leaks (spectators too), ratings against skill (Spearman)")
    p.add_argument("--players", type=int, default=200, help="players of --match")
    p.add_argument("--games-per-player", type=int, default=None,
                   help="games each player of --match plays (default: net/matchbench.py's)")
    p.add_argument("--kinds", default=None, help="--match: only these game kinds, comma "
                   "separated (default: every kind one may queue for)")
    args = parser.parse_args(argv)
    commands = {"frames": bench_frames, "gallery": bench_gallery, "startup": bench_startup,
                "app": bench_app, "colours": bench_colours, "ai": bench_ai,
                "ladder": bench_ladder, "soak": bench_soak, "duel": bench_duel,
                "campaign": bench_campaign, "monkey": bench_monkey, "net": bench_net}
    result = commands[args.command](args)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
