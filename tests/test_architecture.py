"""The rules and the AI are pure: no pygame, no module-level randomness (STYLE.md)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Pure folders are walked, so a module added to them is checked the day it is added (a hand-kept
# list missed five AI modules); a few pure modules live beside the screens.
PURE_FOLDERS = ("rules", "ai", "data", "i18n", "tables")
PURE_MODULES = ["game.levels", "game.level_file", "game.campaign", "game.match", "game.modes",
                "game.replay", "game.audio.synth"]


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


# --- the shape of the code above the rules (issue 19) -------------------------------------

GAME = ROOT / "game"


def _classes(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]


def test_no_class_in_the_game_is_over_500_lines():
    long = [f"{p.relative_to(ROOT)}:{c.name} ({c.end_lineno - c.lineno + 1})"
            for p in sorted(GAME.rglob("*.py")) for c in _classes(p)
            if c.end_lineno - c.lineno + 1 > 500]
    assert not long, long


def _inner_imports(path: Path):
    """Imports inside functions, with the source line (a real cycle is named in a comment
    ``# cycle: …`` on that line)."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    yield inner.lineno, lines[inner.lineno - 1]


def test_screens_import_nothing_inside_functions_but_named_cycles():
    """Screens never build one another (``scenes/flow.py`` does), so they import at the top."""
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for p in sorted((GAME / "scenes").rglob("*.py"))
             for n, line in _inner_imports(p) if "# cycle:" not in line]
    assert not found, found


def test_the_campaign_and_the_pure_modules_import_no_screen():
    for name in ("campaign.py", "levels.py", "match.py", "modes.py"):
        source = (GAME / name).read_text(encoding="utf-8")
        assert "scenes" not in "".join(
            line for line in source.splitlines() if line.lstrip().startswith(("from", "import")))


# Which mode is this? Only a mode's own modules and the two registries may ask.
MODE_OWNED = ("rules/", "ai/", "modes.py", "scenes/modes.py", "monkey.py")
MODE_NAMES = ("classic", "naval", "korabliki", "Classic", "Naval", "Korabliki")


def _owned(rel: str) -> bool:
    parts = rel.split("/")
    mode_file = any(parts[-1].startswith(m) or m in parts[:-1]
                    for m in ("classic", "naval", "korabliki"))
    return mode_file or any(rel.startswith(o) or rel == o for o in MODE_OWNED)


def test_no_mode_is_decided_by_hand_outside_its_own_modules():
    """No ``x == "naval"`` nor ``isinstance(g, NavalGame)`` outside the mode's own modules and
    the registries (``game/modes.py``, ``game/scenes/modes.py``): a new mode is an entry."""
    found = []
    for path in sorted(GAME.rglob("*.py")):
        rel = str(path.relative_to(GAME))
        if _owned(rel):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for side in [node.left, *node.comparators]:
                    if isinstance(side, ast.Constant) and side.value in MODE_NAMES:
                        found.append(f"{rel}:{node.lineno}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "isinstance" and len(node.args) == 2):
                named = ast.unparse(node.args[1])
                if any(m in named for m in MODE_NAMES[3:]):
                    found.append(f"{rel}:{node.lineno}")
    assert not found, found


# --- one mode, one contract (issue 34) ---------------------------------------------------
# A mode's tables live in its own modules and the registries; the network knows no mode; the
# screens import only downward (flow above the registry above each mode's screens above the
# common ones).

MODE_KEYS = ("classic", "naval", "korabliki")
# the tools that picture or exercise each mode by name (the gallery's shots, the monkey)
TABLE_OWNED = MODE_OWNED + ("gallery/",)


def test_no_table_is_keyed_by_a_modes_name_outside_its_own_modules():
    """``{"classic": …, "naval": …}`` outside the registries and a mode's own modules is a second
    registry: a new mode would have to find it."""
    found = []
    for path in sorted(GAME.rglob("*.py")):
        rel = str(path.relative_to(GAME))
        if _owned(rel) or any(rel.startswith(o) for o in TABLE_OWNED):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict) and any(
                    isinstance(k, ast.Constant) and k.value in MODE_KEYS for k in node.keys):
                found.append(f"{rel}:{node.lineno}")
    assert not found, found


def test_the_network_names_no_mode():
    """``game/net/`` works on any registered mode: no file of a mode, no mode's name, not even in
    a comment (what is a mode's own is said in the mode's own module)."""
    words = MODE_KEYS + ("кораблик", "морской бой")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sorted((GAME / "net").rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").lower().splitlines(), 1)
             if any(w in line for w in words)]
    named = [p.name for p in (GAME / "net").rglob("*.py") if p.stem.startswith(MODE_KEYS)]
    assert not found and not named, (found, named)


def _layer(module: str) -> tuple | None:
    """Where a screen module stands: the flow (4), a menu over every mode beside it (3: the quick
    match), the screens' registry (2), a mode's own screens (1, with its package) or the common
    ones (0); None outside ``game.scenes``."""
    parts = module.split(".")
    if parts[:2] != ["game", "scenes"] or len(parts) < 3:
        return None
    if parts[2] in ("flow", "modes", "common"):
        return {"flow": (4, "flow"), "modes": (2, "modes"), "common": (0, "common")}[parts[2]]
    top = (GAME / "scenes" / f"{parts[2]}.py").exists()
    return (3, parts[2]) if top else (1, parts[2])


def _imports(path: Path, package: str):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - (node.level - 1)] \
                if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name


def test_screens_import_only_downward():
    """The common screens import no mode's screens and no registry; a mode's screens import no
    other mode's and neither the registry nor the flow; only the flow imports every screen."""
    found = []
    for path in sorted((GAME / "scenes").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = ".".join(parts[:-1])
        mine = _layer(module)
        for line, target in _imports(path, package):
            theirs = _layer(target)
            if theirs is None or mine is None or theirs[1] == mine[1]:
                continue
            if theirs[0] >= mine[0]:
                found.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert not found, sorted(set(found))
