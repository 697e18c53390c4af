"""Benchmarks: ``python -m game.bench SUBCOMMAND``. Each prints one JSON object as its last line.

  frames --mode classic --frames 600 --seed 1
      the battle scene at 1280x720, computer against computer, every animation on, dummy video
      driver -> {"frames": N, "p50_ms": …, "p99_ms": …, "max_ms": …}
  startup
      process start to the first frame shown -> {"first_frame_ms": …}
  ai --mode classic --ai NAME --games N --seed S [--fleet russian|milton-bradley] [--placements FILE]
      a shooter sinking fleets in target practice ->
      {"games": N, "mean_shots": …, "median_shots": …, "p90_shots": …, "move_ms_p99": …}

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
    from .rules.classic import PRESETS
    from .scenes.battle import BattleScene
    from .scenes.match import COMPUTER, Match, Seat

    w, h = (int(v) for v in args.size.split("x"))
    app = App(size=(w, h), seed=args.seed)
    app.settings.anim_speed = 1.0
    rng = random.Random(args.seed)

    def new_battle():
        match = Match(PRESETS[args.preset], (Seat(COMPUTER, "A", "hunter"),
                                             Seat(COMPUTER, "B", "hunter")),
                      seed=rng.getrandbits(32))
        fleets = [match.computer_fleet(0), match.computer_fleet(1)]
        return BattleScene(app, match, match.new_game(fleets), keep_record=False)

    battle = app.scenes.push(new_battle())
    dt = 1 / 60
    for _ in range(30):  # warm the caches, as the first second of a real battle does
        app.step(dt, [])
    times = []
    for _ in range(args.frames):
        if battle.finished or app.scenes.top is not battle:
            battle = app.scenes.reset(new_battle())
        t0 = time.perf_counter()
        pygame.event.pump()
        app.step(dt, [])
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
    shots = len(battle.game.history)
    print(f"# {args.frames} frames of {args.mode}/{args.preset} at {w}x{h}; "
          f"{shots} shots in the last battle", file=sys.stderr)
    return {"frames": args.frames, "p50_ms": round(percentile(times, 0.5), 3),
            "p99_ms": round(percentile(times, 0.99), 3), "max_ms": round(max(times), 3)}


# --- startup -------------------------------------------------------------------------------

def bench_startup(args) -> dict:
    root = Path(__file__).resolve().parent.parent
    results = []
    for _ in range(args.runs):
        env = dict(os.environ, SEABATTLE_HOME=tempfile.mkdtemp(prefix="seabattle-bench-"),
                   SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
                   SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"),
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        env["SEABATTLE_T0"] = repr(time.time())
        out = subprocess.run([sys.executable, str(root / "main.py"), "--first-frame-exit"],
                             env=env, capture_output=True, text=True, timeout=120)
        line = [ln for ln in out.stdout.splitlines() if ln.startswith("first_frame_ms")]
        if out.returncode != 0 or not line:
            print(out.stderr, file=sys.stderr)
            raise SystemExit("startup: the game did not show a first frame")
        results.append(float(line[-1].split()[1]))
    print(f"# runs: {', '.join(f'{r:.0f}' for r in results)} ms", file=sys.stderr)
    return {"first_frame_ms": round(statistics.median(results), 1), "runs": len(results)}


# --- ai ------------------------------------------------------------------------------------

def bench_ai(args) -> dict:
    from .ai.shooters import SHOOTERS, make_shooter
    from .data.placements import load_placements
    from .data.storage import DataFileError
    from .rules.classic import PRESETS, ClassicGame, random_fleet

    if args.ai not in SHOOTERS:
        raise SystemExit(f"unknown --ai {args.ai!r}; known: {', '.join(SHOOTERS)}")
    config = PRESETS[args.fleet]
    layouts = None
    if args.placements:
        try:
            layouts = load_placements(args.placements, config)
        except DataFileError as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise SystemExit(2)
    rng = random.Random(args.seed)
    shots, move_ms = [], []
    for i in range(args.games):
        layout = layouts[i % len(layouts)] if layouts else random_fleet(config, rng)
        game = ClassicGame(config, [(), layout], first=0, solo=True)
        shooter = make_shooter(args.ai, config, random.Random(rng.getrandbits(32)))
        while not game.over:
            t0 = time.perf_counter()
            action = shooter.choose(game.view(0))
            move_ms.append((time.perf_counter() - t0) * 1000)
            game.apply(action)
        shots.append(len(game.history))
    return {"games": args.games, "mean_shots": round(statistics.fmean(shots), 2),
            "median_shots": statistics.median(shots), "p90_shots": percentile(shots, 0.9),
            "move_ms_p99": round(percentile(move_ms, 0.99), 3)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench",
                                     description="Sea Battle benchmarks (one JSON line last)")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("frames", help="frame times of the battle scene")
    p.add_argument("--mode", default="classic", choices=["classic"])
    p.add_argument("--preset", default="russian")
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default="1280x720")
    p = sub.add_parser("startup", help="time from process start to the first frame")
    p.add_argument("--runs", type=int, default=3)
    p = sub.add_parser("ai", help="shots a computer shooter needs to sink a fleet")
    p.add_argument("--mode", default="classic", choices=["classic"])
    p.add_argument("--ai", required=True)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--fleet", default="russian", choices=["russian", "milton-bradley"])
    p.add_argument("--placements")
    args = parser.parse_args(argv)
    result = {"frames": bench_frames, "startup": bench_startup, "ai": bench_ai}[args.command](args)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
