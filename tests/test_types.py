"""mypy in strict mode on the modules listed under [tool.mypy] in pyproject.toml (the
engine interface, the shared table layer, the rules engines): any error fails.

Skipped only where mypy is not installed (requirements-dev.txt installs it).
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# what issue 32 asks to be strict, at the least (game/nerts/rules.py once its rewrite lands),
# and issue 42: the contract and each game's declaration of it, its engine taken as an Engine
REQUIRED = ("game/engine.py", "game/table", "game/gin/rules.py", "game/gnono/rules.py",
            "game/gostop/rules.py", "game/nerts/rules.py", "game/gamespec.py", "game/net",
            "game/gin/spec.py", "game/gnono/spec.py", "game/gostop/spec.py", "game/nerts/spec.py")


def test_strict_modules_have_no_type_error():
    pytest.importorskip("mypy")
    # no arguments: mypy reads its files, its strict flags and its cache from pyproject.toml
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and "Success: no issues found" in done.stdout, done.stdout + done.stderr


def test_the_strict_list_names_the_engines_and_the_table_layer():
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        config = f.read().split("[tool.mypy]", 1)[-1].split("\n[", 1)[0]
    assert "strict = true" in config
    missing = [m for m in REQUIRED if f'"{m}"' not in config]
    assert not missing, f"not in [tool.mypy] files: {missing}"
