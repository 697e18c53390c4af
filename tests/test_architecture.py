"""The rules and the AI are pure: no pygame, no module-level randomness (STYLE.md)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Pure folders are walked, so a module added to them is checked the day it is added (a hand-kept
# list missed five AI modules); a few pure modules live beside the screens.
PURE_FOLDERS = ("rules", "ai", "data", "i18n")
PURE_MODULES = ["game.levels", "game.campaign", "game.match", "game.modes", "game.replay",
                "game.audio.synth"]


def pure_modules() -> list[str]:
    found = []
    for folder in PURE_FOLDERS:
        for path in sorted((ROOT / "game" / folder).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found + PURE_MODULES


PURE = pure_modules()


def test_the_walk_finds_every_module_of_the_pure_folders():
    for name in ("game.ai.admiral", "game.ai.sampler", "game.ai.korabliki", "game.ai.captain",
                 "game.ai.dutchman", "game.ai.layouts", "game.rules.korabliki",
                 "game.rules.series", "game.i18n.plural", "game.data.storage"):
        assert name in PURE, name


def test_pure_modules_do_not_import_pygame():
    code = ("import sys\n"
            f"for m in {PURE!r}: __import__(m)\n"
            "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame'\n"
            "       or m.startswith('game.scenes') or m.startswith('game.render')]\n"
            "assert not bad, bad\n")   # nor any screen: the campaign builds matches without one
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


def test_no_screen_calls_a_private_method_of_the_rules():
    """Scenes pass actions and read views; what they need of a game is its public interface."""
    offenders = []
    for path in list((ROOT / "game" / "scenes").rglob("*.py")) + [ROOT / "game" / "campaign.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr.startswith("_") and not node.func.attr.startswith("__")):
                owner = node.func.value
                name = (owner.attr if isinstance(owner, ast.Attribute)
                        else owner.id if isinstance(owner, ast.Name) else "")
                if name in ("game", "g"):
                    offenders.append(f"{path.name}:{node.lineno} {name}.{node.func.attr}")
    assert not offenders, offenders
