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


def test_strict_modules_have_no_type_error():
    pytest.importorskip("mypy")
    # no arguments: mypy reads its files, its strict flags and its cache from pyproject.toml
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and "Success: no issues found" in done.stdout, done.stdout + done.stderr
