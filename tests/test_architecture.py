"""The shape of the code under game/, read with ast (nothing is imported):

- no module over MAX_LINES lines;
- no import cycle among game modules (imports inside functions count: a cycle hidden
  in a function is still a cycle, it only fails later);
- no import of a game module inside a function unless the line of the import, or the
  line above it, carries a comment with the marker LAZY ("# lazy: why"). A lazy import
  is for start-up time (a table imported by name when first played) or a truly needed
  break of a cycle; the comment says which;
- no import by a string name (importlib, __import__): every dependency is an import
  statement the checks above can see; the games are reached through game/games.py;
- no module but game/app.py calls the App's stack (`app.push/pop/replace/apply(...)`,
  `self.app...` or `x.app...` alike): a scene returns a transition (game/scene.py) from
  its key action, its update or a Pop's `then` callback, and the App applies it.

Each check is one test per module, so a failure names the module at fault.
"""
from __future__ import annotations

import ast
import os
from functools import cache

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "game"
MAX_LINES = 600
LAZY = "lazy:"
STACK_CALLS = ("push", "pop", "replace", "apply")   # the App's own, in game.app only
APP_MODULE = "game.app"


def module_files() -> dict[str, str]:
    """{dotted module name: file path} of every module under game/."""
    out = {}
    for folder, dirs, files in os.walk(os.path.join(ROOT, PACKAGE)):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        for name in sorted(files):
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, name), ROOT)[:-3].split(os.sep)
                if rel[-1] == "__init__":
                    rel = rel[:-1]
                out[".".join(rel)] = os.path.join(folder, name)
    return out


MODULES = module_files()


def is_package(module: str) -> bool:
    return MODULES.get(module, "").endswith("__init__.py")


@cache
def parsed(module: str) -> tuple[ast.Module, tuple[str, ...]]:
    with open(MODULES[module], encoding="utf-8") as f:
        text = f.read()
    return ast.parse(text, MODULES[module]), tuple(text.splitlines())


def imports(module: str) -> list[tuple[str, int, bool]]:
    """(imported game module, line, inside a function) for each import in the module."""
    tree, _ = parsed(module)
    found = []

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name in MODULES:
                        found.append((alias.name, child.lineno, in_function))
            elif isinstance(child, ast.ImportFrom):
                base = resolve_from(module, child)
                if base is None:
                    continue
                for alias in child.names:
                    sub = f"{base}.{alias.name}"
                    # "from game import ui": the submodule; "from game.ui import text": the module
                    target = sub if sub in MODULES else base
                    if target in MODULES:
                        found.append((target, child.lineno, in_function))
            visit(child, inner)

    visit(tree, False)
    return found


def resolve_from(module: str, node: ast.ImportFrom) -> str | None:
    if node.level == 0:
        name = node.module or ""
    else:
        parts = module.split(".") if is_package(module) else module.split(".")[:-1]
        parts = parts[:len(parts) - (node.level - 1)]
        name = ".".join(parts + ([node.module] if node.module else []))
    return name if name == PACKAGE or name.startswith(PACKAGE + ".") else None


def graph() -> dict[str, set[str]]:
    return {m: {t for t, _, _ in imports(m) if t != m} for m in MODULES}


def stack_calls(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, call) of each call of the App's stack: `<...>app.push(...)` and the like,
    where the object is a name `app` or an attribute `.app` (self.app, table.app)."""
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in STACK_CALLS):
            continue
        owner = node.func.value
        if (isinstance(owner, ast.Name) and owner.id == "app") or \
                (isinstance(owner, ast.Attribute) and owner.attr == "app"):
            found.append((node.lineno, ast.unparse(node.func)))
    return sorted(found)


def cycles_through(start: str, edges: dict[str, set[str]]) -> list[list[str]]:
    """One shortest import path back to `start`, if there is one (breadth first)."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(edges[node]):
            if nxt == start:
                return [paths[node] + [start]]
            if nxt not in paths:
                paths[nxt] = paths[node] + [nxt]
                queue.append(nxt)
    return []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_over_the_line_limit(module):
    _, lines = parsed(module)
    assert len(lines) <= MAX_LINES, f"{MODULES[module]}: {len(lines)} lines (at most {MAX_LINES})"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_in_an_import_cycle(module):
    found = cycles_through(module, graph())
    assert not found, "import cycle: " + " -> ".join(found[0])


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_inside_functions_say_why(module):
    _, lines = parsed(module)
    unexplained = []
    for target, line, in_function in imports(module):
        if not in_function:
            continue
        here = lines[line - 1]
        above = lines[line - 2] if line >= 2 else ""
        if LAZY not in here and not (above.strip().startswith("#") and LAZY in above):
            unexplained.append(f"line {line}: {target}")
    assert not unexplained, (f"{MODULES[module]}: imports inside functions without a "
                             f"'# {LAZY} why' comment: {unexplained}")


def _finds_a_library_only(tree: ast.AST) -> bool:
    """importlib used only as importlib.util.find_spec("a library"): it asks whether an
    outside library is installed and imports nothing (game/speech.py's pyttsx3)."""
    uses = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Attribute)
            and isinstance(n.value.value, ast.Name) and n.value.value.id == "importlib"]
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.func in uses]
    return bool(uses) and len(calls) == len(uses) and all(
        n.func.attr == "find_spec" and len(n.args) == 1 and isinstance(n.args[0], ast.Constant)
        and not str(n.args[0].value).startswith("game") for n in calls)


def imports_by_name(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) of each import the graph cannot see: importlib imported or used
    (but to ask whether an outside library is installed), or __import__ called."""
    found = []
    library_check = _finds_a_library_only(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, f"import {a.name}") for a in node.names
                      if a.name.split(".")[0] == "importlib"
                      and not (library_check and a.name == "importlib.util")]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "importlib":
            found.append((node.lineno, f"from {node.module} import ..."))
        elif isinstance(node, ast.Name) and node.id == "__import__":
            found.append((node.lineno, "__import__"))
    return sorted(found)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_nothing_is_imported_by_a_string_name(module):
    tree, _ = parsed(module)
    found = imports_by_name(tree)
    assert not found, (f"{MODULES[module]}: an import by name hides a dependency from the import "
                       f"graph; import the module (the games through game/games.py): {found}")


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m != APP_MODULE))
def test_scenes_return_transitions_instead_of_calling_the_stack(module):
    tree, lines = parsed(module)
    where = os.path.relpath(MODULES[module], ROOT)
    calls = [f"{where}:{line}: {call}(...)   {lines[line - 1].strip()}"
             for line, call in stack_calls(tree)]
    assert not calls, ("the App's scene stack is called outside game/app.py; return a "
                       "Push/Pop/Replace (game/scene.py) instead (from the key action, the "
                       "update, or a Pop's then callback):\n" + "\n".join(calls))


def test_only_a_library_check_may_use_importlib():
    allowed = 'import importlib.util\nok = importlib.util.find_spec("pyttsx3") is not None\n'
    assert imports_by_name(ast.parse(allowed)) == []
    for hidden in ('import importlib\nm = importlib.import_module("game.gin.table")\n',
                   'import importlib.util\nok = importlib.util.find_spec("game.gin")\n',
                   'import importlib.util\nimportlib.util.module_from_spec(s)\n',
                   'm = __import__("game.gin")\n'):
        assert imports_by_name(ast.parse(hidden)), hidden


def test_the_checks_see_what_they_must():
    """The reader itself: it finds top-level and in-function imports of this package."""
    found = {(t, inside) for t, _, inside in imports("game.app")}
    assert ("game.scene", False) in found and ("game.scenes.overlays", False) in found
    assert all(m.startswith(PACKAGE) for m in MODULES) and "game.app" in MODULES
    assert "game.scenes" in MODULES and is_package("game.scenes")
    # the stack reader: every spelling of the App's stack call, and nothing else
    sample = ast.parse("self.app.pop(self)\napp.push(s)\nt.app.replace(s)\nself.app.apply(t)\n"
                       "self.apply(move)\nself.ctl.apply(m)\nitems.pop()\napp.toast('x')\n")
    assert stack_calls(sample) == [(1, "self.app.pop"), (2, "app.push"), (3, "t.app.replace"),
                                   (4, "self.app.apply")]
    # the import-by-name reader: every spelling, and not a module merely named like it
    sample = ast.parse("import importlib\nfrom importlib import import_module\n"
                       "m = __import__('game.gin')\nimport importlib.util\nimport game.importer\n")
    assert [line for line, _ in imports_by_name(sample)] == [1, 2, 3, 4]
