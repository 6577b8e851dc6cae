"""No shared module names a game (issue #42): what shared code needs of a game, the game
declares (its GameSpec, its engine, its net codec, its computer player), so a new
game is its package and one line in game/games.py.

Read with ast (nothing imported), over game/*.py, game/scenes, game/table and game/net;
game/games.py, the one list of the games, is the only module allowed to name them.
A module fails on:
- an import of a game package (`import game.gin...`, `from game.nerts import ...`,
  `from game.gostop.moves import ...`), at module level or inside a function;
- a game's key ("nerts", "gin", "gnono", "gostop") as a string literal, or as a
  whole word inside one, in code: what a branch on `spec.key == "nerts"` or a dict
  keyed by games would need. Keys are matched as code writes them, in lower case.
  Docstrings and comments are free to name games (they explain; they branch on
  nothing), and so are words of UI text that are no key: a game named in a sentence
  ("Nerts" capitalised), the program's name G'NERTS, the 1981 program GIN! it honours
  ("ginger" is no key either). A list of the games shown to the player is made from
  GAMES, not written out (the title screen's line).
"""
from __future__ import annotations

import ast
import os
import re

import pytest

from game.games import GAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = ("game", "game/scenes", "game/table", "game/net")   # (game: its own .py files only)
THE_LIST = "game/games.py"
KEYS = tuple(g.key for g in GAMES)
# a key as a whole word of a literal, as code writes keys (lower case): "Nerts" in a
# sentence, the title "Gin Rummy", the program GIN! and G'NERTS are words, not keys
KEY_WORD = re.compile(r"(?<![\w'])(" + "|".join(KEYS) + r")(?!\w)")


def shared_files() -> list[str]:
    out = []
    for folder in SHARED:
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            path = f"{folder}/{name}"
            if name.endswith(".py") and path != THE_LIST:
                out.append(path)
    return out


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string constants that are docstrings (of the module, a class, a
    function) or bare strings standing as statements (comments in effect)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for stmt in body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                    found.add(id(stmt.value))
    return found


def game_package(name: str | None) -> str | None:
    parts = (name or "").split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "game" and parts[1] in KEYS else None


def names_of_games(path: str) -> list[str]:
    """Each place where the module at `path` (from the project's root, or absolute)
    names a game: "line N: why"."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    skip = docstrings(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [f"line {node.lineno}: imports {a.name}" for a in node.names if game_package(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if game_package(node.module):
                out.append(f"line {node.lineno}: imports from {node.module}")
            elif node.module == "game":
                out += [f"line {node.lineno}: imports game.{a.name}" for a in node.names if a.name in KEYS]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            hit = KEY_WORD.search(node.value)
            if hit:
                out.append(f"line {node.lineno}: the key {hit.group(1)!r} in {node.value[:40]!r}")
    return sorted(out, key=lambda line: int(line.split()[1].rstrip(":")))


@pytest.mark.parametrize("path", shared_files())
def test_no_shared_module_names_a_game(path):
    found = names_of_games(path)
    assert not found, f"{path} names a game (declare it in the game's spec instead): " + "; ".join(found)


def test_the_check_sees_what_it_must(tmp_path):
    """The rule itself: imports and keys in code fail; docstrings, comments, titles and
    the program's name do not."""
    (tmp_path / "bad.py").write_text(
        '"""Nerts and gin in a docstring are fine."""\n'
        "import game.gin.rules\n"
        "from game.nerts.moves import Seated\n"
        "from game import gnono\n"
        "# a comment naming gostop is fine\n"
        "if key == 'nerts':\n    pass\n"
        "TITLE = \"G'NERTS, Gin Rummy and Go-Stop\"\n"
        "SAID = 'the gin table'\n", encoding="utf-8")
    found = names_of_games(str(tmp_path / "bad.py"))
    assert [f.split(":")[0] for f in found] == ["line 2", "line 3", "line 4", "line 6", "line 9"], found


def test_games_py_is_the_one_list():
    with open(os.path.join(ROOT, THE_LIST), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    imported = {game_package(n.module) for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert set(KEYS) <= imported
