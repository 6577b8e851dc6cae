"""Game.apply is the one way a Nerts move is made: the round's clock and the game's
rounds are the engine's own business (game/nerts/rules.py and round.py). Read from
the sources: no module of the game, the bench, the tools or the tests calls them."""
from __future__ import annotations

import ast
import pathlib

from game.nerts.round import Round
from game.nerts.rules import Game

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE = {ROOT / "game" / "nerts" / "rules.py", ROOT / "game" / "nerts" / "round.py"}
# the engine's own calls: the round's queue and clock, the game's rounds
PRIVATE = {"_queue", "_end_step", "_fair_order", "_draw_order", "_start_round", "_score_round"}
GONE = {Round: ("submit", "step", "advance_to", "fair_order"), Game: ("start_round", "end_round")}


def sources():
    for folder in ("game", "bench", "tools", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path not in ENGINE:
                yield path, ast.parse(path.read_text(encoding="utf-8"))


def imports_nerts(tree: ast.AST) -> bool:
    return any(isinstance(n, ast.ImportFrom) and (n.module or "").startswith("game.nerts")
               or isinstance(n, ast.Import) and any(a.name.startswith("game.nerts") for a in n.names)
               for n in ast.walk(tree))


def test_the_round_has_no_public_clock_and_the_game_no_public_rounds():
    for cls, names in GONE.items():
        for name in names:
            assert not hasattr(cls, name), f"{cls.__name__}.{name} is back: moves go through Game.apply"


def violations(name: str, tree: ast.AST, nerts: bool, rules_tests: bool) -> list[str]:
    """The calls of the engine's own business in one module: its private calls, and
    (in a module of Nerts that is not a test of the rules) Round.apply(seat, move)."""
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and n.attr in PRIVATE:
            found.append(f"{name}:{n.lineno} .{n.attr}")
        if (nerts and not rules_tests and isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                and n.func.attr == "apply" and len(n.args) == 2 and not n.keywords):
            found.append(f"{name}:{n.lineno} {ast.unparse(n)}")
    return found


def test_nothing_outside_the_engine_calls_its_clock_or_its_rounds():
    found = []
    for path, tree in sources():
        found += violations(str(path.relative_to(ROOT)), tree, imports_nerts(tree) or "nerts" in path.parts,
                            path.parent.name == "tests")
    assert found == []


def test_the_walk_finds_the_calls_around_the_engine():
    tree = ast.parse("from game.nerts.rules import Round\nr.apply(0, m)\nr._queue(0, m)\ng.apply(m)\n")
    assert imports_nerts(tree)
    assert violations("x.py", tree, True, False) == ["x.py:2 r.apply(0, m)", "x.py:3 ._queue"]
    assert violations("x.py", tree, True, True) == ["x.py:3 ._queue"]
