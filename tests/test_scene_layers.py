"""The screens import downward (issue 34, part 3): the screens every mode shares know no mode,
``scenes/flow.py`` (which alone builds screens) calls only their public methods, and the worker
the computers think in is the App's, given to it, not a module's patched from outside."""

import ast
import concurrent.futures
import importlib
import pkgutil
import sys
from pathlib import Path

import game
from game.app import App
from game.monkey import Synchronous

ROOT = Path(__file__).resolve().parents[1]
SCENES = ROOT / "game" / "scenes"
MODE_PACKAGES = tuple(f"game.scenes.{m}" for m in ("classic", "naval", "korabliki", "campaign"))
MODE_RULES = tuple(f"game.rules.{m}" for m in ("classic", "naval", "korabliki"))


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every import in ``path`` (relative ones resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def _upward(name: str, below: tuple) -> bool:
    return any(name == p or name.startswith(p + ".") for p in below)


def test_the_resolver_sees_an_upward_import():
    path = SCENES / "common" / "placement_base.py"
    assert (26, "game.scenes.common.voyage_battle.liveries") in imported(path)
    assert _upward("game.scenes.classic.battle.BattleScene", MODE_PACKAGES)
    assert not _upward("game.scenes.classical", MODE_PACKAGES)


def test_the_common_screens_import_no_mode_package_and_no_modes_rules():
    """What a common screen needs of a mode comes through the registries (``game.modes``,
    ``game.scenes.modes``), from ``flow``, or from the mode's own subclass."""
    found = [f"{path.name}:{line} {name}"
             for path in sorted((SCENES / "common").glob("*.py"))
             for line, name in imported(path)
             if _upward(name, MODE_PACKAGES + MODE_RULES)]
    assert not found, found


def test_flow_calls_no_private_method_of_a_screen():
    """``flow.py`` asks the screens through their public methods (its own may be private)."""
    found = []
    for node in ast.walk(ast.parse((SCENES / "flow.py").read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr.startswith("_") and not node.func.attr.startswith("__")
                and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "self")):
            found.append(f"flow.py:{node.lineno} {ast.unparse(node.func)}")
    assert not found, found


def test_no_module_of_the_game_keeps_a_worker_pool():
    for info in pkgutil.walk_packages(game.scenes.__path__, prefix="game.scenes."):
        importlib.import_module(info.name)
    for name in ("game.app", "game.monkey", "game.bench"):
        importlib.import_module(name)
    pools = [f"{name}.{attr}" for name, module in list(sys.modules.items())
             if module is not None and name.split(".")[0] == "game"
             for attr, value in vars(module).items()
             if isinstance(value, concurrent.futures.Executor)]
    assert not pools, pools


class Counting(Synchronous):
    def __init__(self):
        super().__init__()
        self.tasks = 0

    def submit(self, fn, /, *args, **kwargs):
        self.tasks += 1
        return super().submit(fn, *args, **kwargs)


def test_the_battle_thinks_in_the_worker_its_app_was_given(home):
    thinker = Counting()
    app = App(size=(800, 600), seed=3, audio=False, thinker=thinker)
    app.flow.to_title()                  # the title's demo: two computers play behind the menu
    for _ in range(120):
        app.step(1 / 60, [])
        if thinker.tasks:
            break
    assert thinker.tasks >= 1 and app.thinker is thinker
    assert isinstance(App(size=(640, 480), seed=1, audio=False).thinker,
                      concurrent.futures.ThreadPoolExecutor)     # the game's own: a thread
    app.quit()
