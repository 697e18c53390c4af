"""The project's own description (issue 18, item 17): pyproject.toml declares the Python the
code needs and the same runtime and test dependencies as the requirements files."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def requirements(name: str) -> set[str]:
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    return {re.sub(r"\s+", "", line.split("#")[0]) for line in lines
            if line.split("#")[0].strip() and not line.startswith("-r")}


def test_python_version_covers_tomllib():
    """The levels are read with tomllib, new in Python 3.11."""
    assert "import tomllib" in (ROOT / "game" / "level_file.py").read_text(encoding="utf-8")
    assert PROJECT["requires-python"] == ">=3.11"
    assert "Python 3.11 or newer" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_dependencies_agree_with_the_requirements_files():
    assert set(PROJECT["dependencies"]) == requirements("requirements.txt")
    assert set(PROJECT["optional-dependencies"]["dev"]) == requirements("requirements-dev.txt")
