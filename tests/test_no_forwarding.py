"""No property exists only to forward to another object (issue 32 item 3).

A property whose whole body is `return self.a.b` (or `x = property(lambda self:
self.a.b)`) gives one thing two names: callers read it where it is held
(`table.ctl.game.round`, not `table.round`). Found by walking game/ with ast.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# the forwards that are a public API of their own, each with its reason (exact: a fixed
# one must leave this list)
ALLOWED = {
    "game/nerts/rules.py": ["n_seats"],        # the Engine protocol's n_seats (game/engine.py)
    # Advertiser's and Browser's problem: the sentence the Join screen shows; the worker
    # thread that sets it is private to the module (callers would reach into _worker)
    "game/net/discovery.py": ["problem", "problem"],
}


def _forwards(expr: ast.expr | None, me: str) -> bool:
    """`me.a.b`: an attribute of an attribute of the instance, nothing else."""
    return (isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Attribute)
            and isinstance(expr.value.value, ast.Name) and expr.value.value.id == me)


def _first_arg(args: ast.arguments) -> str:
    return args.args[0].arg if args.args else ""


def _is_property(decorator: ast.expr) -> bool:
    return isinstance(decorator, ast.Name) and decorator.id == "property"


def forwarding_properties(source: str) -> list[str]:
    """The names of the properties of this module that only forward."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and any(_is_property(d) for d in node.decorator_list):
            body = node.body[1:] if ast.get_docstring(node) is not None else node.body
            if (len(body) == 1 and isinstance(body[0], ast.Return)
                    and _forwards(body[0].value, _first_arg(node.args))):
                found.append(node.name)
        elif (isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Call)
              and _is_property(node.value.func) and node.value.args
              and isinstance(node.value.args[0], ast.Lambda)):
            fn = node.value.args[0]
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if _forwards(fn.body, _first_arg(fn.args)):
                found += [t.id for t in targets if isinstance(t, ast.Name)]
    return found


def test_the_finder_sees_both_forms_and_spares_real_logic():
    src = '''
class T:
    game = property(lambda self: self.ctl.game)
    round: Round = property(lambda self: self.ctl.round)
    own = property(lambda self: self._own)

    @property
    def slides(self):
        """The drawing's slides."""
        return self.drawing.slides

    @property
    def hand(self):
        return self.ctl.game.hands[self.ctl.me]

    @property
    def busy(self):
        return self.ctl.busy or self.drawing.slides
'''
    assert forwarding_properties(src) == ["game", "round", "slides"]


def test_no_property_in_game_only_forwards_to_another_object():
    """The Nerts table had ten (game, round, phase, notes... = its controller's, slides =
    its drawing's), the drill table two, the App, the display, the Go-Stop state and the
    Nerts round and controller more: all gone, their callers read the holder."""
    found = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        names = forwarding_properties(path.read_text(encoding="utf-8"))
        if names:
            found[path.relative_to(ROOT).as_posix()] = names
    assert found == ALLOWED
