"""The rules and the AI are pure: no pygame, no module-level randomness (STYLE.md)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PURE = ["game.rules", "game.rules.classic", "game.rules.naval", "game.ai.naval", "game.rules.coords", "game.rules.fleet",
        "game.rules.modes", "game.ai.shooters", "game.ai.opponents", "game.data.record",
        "game.data.placements", "game.data.settings", "game.levels", "game.campaign",
        "game.data.progress", "game.data.portrait", "game.replay", "game.audio.synth"]


def test_pure_modules_do_not_import_pygame():
    code = ("import sys\n"
            f"for m in {PURE!r}: __import__(m)\n"
            "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame']\n"
            "assert not bad, bad\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


RANDOM_FUNCS = {"random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
                "uniform", "gauss", "seed", "getrandbits"}


def test_no_global_random_in_rules_and_ai():
    """Randomness comes only from an injected random.Random (so every game replays from a seed)."""
    offenders = []
    for folder in ("rules", "ai"):
        for path in (ROOT / "game" / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and isinstance(node.func.value, ast.Name) and node.func.value.id == "random"
                        and node.func.attr in RANDOM_FUNCS):
                    offenders.append(f"{path.name}:{node.lineno}")
    assert not offenders, offenders
