"""The four game packages have the same module names for the same roles (issue #32).

ROLES gives each module name under game/<game>/ its one-line role: REQUIRED are in
every game package, OPTIONAL in some. A game package that lacks a required module, or
has a module the table does not name, fails: a new module is given its role here (or
the name of the module that already has that role elsewhere). A name ending in "*" is
a prefix (Nerts' drill_* modules).

Where cheap, a role's shape is checked too: the pure roles import no pygame, directly
or through any game module they import (the import graph of tests/test_architecture.py,
read with ast); table.py's Scene holds its game's parts as objects and derives only
from the shared layer; spec.py's SPEC is the game's GameSpec under the package's name.
"""
from __future__ import annotations

import ast
import fnmatch
import os
import sys
from functools import cache

import pytest

from tests.test_architecture import ROOT, graph, parsed

GAMES = ("gin", "gnono", "gostop", "nerts")

# name: (role, pure: imports no pygame, not even through the game modules it imports)
REQUIRED = {
    "__init__": ("the package", True),
    "spec": ("SPEC, the game's GameSpec (its declaration) and `parts`, its parts loaded on first use",
             False),
    "rules": ("the engine (game/engine.py's protocol): the state and apply(move)", True),
    "moves": ("the moves, each naming its seat", True),
    "options": ("the rule options a game is dealt with", True),
    "view": ("what one seat may see of the game (all a computer player gets)", True),
    "saves": ("the one checked reader of a saved engine state", True),
    "invariants": ("what must hold of a state, checked by tests, saves and the tables", True),
    "ai": ("the computer players and their levels, each from its seat's view", True),
    "bot": ("the game's one computer player behind game/bot.py's Bot: make_bot(level, seed, seat)", True),
    "sim": ("computer-only games for the bench and the tests", True),
    "settings": ("the game's pages of the options program, its shipped presets", False),
    "replay_codec": ("the engine and moves as JSON for replays and challenges", True),
    "replay_board": ("the game's real table drawn from a replay's position", False),
    "net_codec": ("a seat's view and a move's events as JSON for a network table, reduced to "
                  "what the seat may know", True),
    "controller": ("the table's flow without pygame: the match, computer pacing, autosave, "
                   "statistics, replay recording", True),
    "table": ("the Scene: holds the controller, drawing view and key map; start/resume", False),
    "table_draw": ("the table's drawing view", False),
    "table_keys": ("the table's key map: bindings, key bar, help", False),
    "table_save": ("the table's save and its validation", True),
    "setup": ("the set-up screen before a game", False),
    "screens": ("the boxes and score screens the table opens", False),
}
OPTIONAL = {
    # the same role in two games or more
    "coach": ("the strongest computer's advice from the player's own view", True),
    "expert": ("the strongest computer player (look-ahead)", True),
    "heuristic": ("the computer players that evaluate without look-ahead", True),
    "narrate": ("what the engine's events say in the notes, and their sounds", True),
    "table_coach": ("the coach at the table: H, the hints counted", False),
    "table_notes": ("who may read which note: the notes line, the F3 log, the voice", False),
    "table_speech": ("what the table says aloud: the item under the cursor, F11", False),
    "table_layout": ("where things lie on the table's canvas", False),
    "playback": ("a move's events played back as cards moving one after the other", False),
    "help_text": ("the F2 rules text of the table and its set-up", False),
    "cards": ("the game's own cards", False),
    "card_art": ("the game's own cards in pixel art", False),
    "reading": ("reading the other seat's hand from its plays", True),
    # one game's own
    "arrangement": ("Gin: a hand laid out in marked groups, as the table shows it", True),
    "copies": ("Gin: copies of a game, and its hidden cards dealt anew", True),
    "melds": ("Gin: sets, runs and unplayable points, on bitmasks", True),
    "match_equity": ("Gin: the chance of winning a game to the target from its score", True),
    "opponent_model": ("Gin: the expert's model of the other hand", True),
    "playout": ("Gin: fast play-outs of a hand, the expert's unit of search", True),
    "review": ("Gin: the turns where the expert would have played otherwise", True),
    "review_screen": ("Gin: the review of a hand on screen (R)", False),
    "scores": ("Gin: the score records of a game", True),
    "seat_checks": ("Gin: a going-out's and a lay-down's checks, of a hand or a seat's view", True),
    "seat_play": ("the keyboard seat's play from its view, shared by the local and the joined "
                  "table", True),
    "table_replays": ("Gin: each hand recorded as a replay (the others' controller does it)", True),
    "dealing": ("Gnono: dealing a round", True),
    "move_checks": ("Gnono: whether a state accepts a move, and why not", True),
    "positions": ("Gnono: constructed positions, hidden cards dealt anew", True),
    "state_fields": ("Gnono: the state's fields declared once, and the helpers that only "
                     "read them", True),
    "hand": ("Go-Stop: how a hand begins and ends", True),
    "seats": ("the seat source of a joined table: the link to the host (Go-Stop's: the engine "
              "here too)", False),
    "hwatu_art": ("Go-Stop: the hwatu cards in pixel art (card_art's role)", False),
    "model": ("Go-Stop: the table's cards apart from pygame, and a playback's stages", True),
    "scoring": ("Go-Stop: the points of a capture area", True),
    "variants": ("Go-Stop: the online variants of the rules, as options", True),
    "legal": ("Nerts: every legal move of a seat in a round", True),
    "partner_ai": ("Nerts: a computer partner's share of the moves", True),
    "piles": ("Nerts: a seat's layout and its cards", True),
    "players": ("Nerts: who sits at the table: levels, the humans' keys", True),
    "round": ("Nerts: one round on the table's clock", True),
    "standstill": ("Nerts: when no seat can play, and the rotation", True),
    "drill*": ("Nerts: the drill (one player alone against the clock) and its parts", False),
    "key_moves": ("Nerts: a player's keys made moves, at the table and at a joiner's", True),
    "remote_board": ("Nerts: the game and round a joiner's table draws, made from the views", True),
}
ROLES = {**REQUIRED, **OPTIONAL}


def package_modules(game: str) -> list[str]:
    """The module names in game/<game>/ (its __init__ included), from the files."""
    folder = os.path.join(ROOT, "game", game)
    return sorted(name[:-3] for name in os.listdir(folder) if name.endswith(".py"))


def role_of(name: str) -> str | None:
    """The ROLES key that names this module ("drill*" for drill_setup), or None."""
    if name in ROLES:
        return name
    return next((k for k in ROLES if k.endswith("*") and fnmatch.fnmatch(name, k)), None)


def dotted(game: str, name: str) -> str:
    return f"game.{game}" if name == "__init__" else f"game.{game}.{name}"


def imports_pygame(module: str) -> bool:
    tree, _ = parsed(module)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "pygame" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.level == 0 and \
                (node.module or "").split(".")[0] == "pygame":
            return True
    return False


@cache
def edges() -> dict[str, set[str]]:
    return graph()


def pygame_path(module: str) -> list[str] | None:
    """One import path from `module` to a game module that imports pygame, or None."""
    paths = {module: [module]}
    queue = [module]
    while queue:
        node = queue.pop(0)
        if imports_pygame(node):
            return paths[node]
        for nxt in sorted(edges()[node]):
            if nxt not in paths:
                paths[nxt] = paths[node] + [nxt]
                queue.append(nxt)
    return None


def test_the_table_names_each_role_once():
    assert not set(REQUIRED) & set(OPTIONAL)
    assert all(role and len(role) <= 100 for role, _ in ROLES.values())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_required_modules(game):
    missing = sorted(set(REQUIRED) - set(package_modules(game)))
    assert not missing, f"game/{game}/ lacks {missing}: every game has a module for each of these roles"


@pytest.mark.parametrize("game", GAMES)
def test_every_module_has_a_role(game):
    unnamed = [n for n in package_modules(game) if role_of(n) is None]
    assert not unnamed, (f"game/{game}/{unnamed[0]}.py has no role in tests/test_module_roles.py: "
                         "give it one, or the name of the module that has its role elsewhere")


@pytest.mark.parametrize("module", sorted(dotted(g, n) for g in GAMES for n in package_modules(g)
                                          if role_of(n) and ROLES[role_of(n)][1]))
def test_pure_roles_import_no_pygame(module):
    path = pygame_path(module)
    assert path is None, f"{module} reaches pygame: {' -> '.join(path)} imports it"


def test_the_pure_check_sees_pygame():
    assert pygame_path("game.gin.table") is not None and pygame_path("game.gin.rules") is None


def classes(module: str) -> list[ast.ClassDef]:
    tree, _ = parsed(module)
    return [n for n in tree.body if isinstance(n, ast.ClassDef)]


def base_modules(module: str, cls: ast.ClassDef) -> list[str]:
    """The module each base of `cls` comes from (by the module's own imports)."""
    tree, _ = parsed(module)
    where: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(module.split(".")[:-node.level] + ([base] if base else []))
            for a in node.names:
                where[a.asname or a.name] = base
    local = {c.name for c in classes(module)}
    return [module if ast.unparse(b) in local else where.get(ast.unparse(b), "?") for b in cls.bases]


SHARED_TABLE_LAYER = ("game.scene", "game.scenes.turn_table", "game.scenes.realtime_table")


@pytest.mark.parametrize("game", GAMES)
def test_the_table_is_a_scene_that_holds_its_parts(game):
    """table.py's Scene derives only from the shared layer (Scene, TurnTable): its
    controller, view and key map are objects it holds, not bases it is made of."""
    module = f"game.{game}.table"
    scenes = [(c.name, base_modules(module, c)) for c in classes(module)
              if any(m in SHARED_TABLE_LAYER for m in base_modules(module, c))]
    assert scenes, f"{module} defines no Scene"
    for name, bases in scenes:
        assert set(bases) <= set(SHARED_TABLE_LAYER), \
            f"{module}.{name} derives from {bases}: hold the game's parts as objects instead"


@pytest.mark.parametrize("game", GAMES)
def test_the_spec_is_the_games_contract(game):
    """spec.py's SPEC is the GameSpec that game/games.py lists under the package's name."""
    from game.games import BY_KEY
    from game.gamespec import GameSpec
    spec = sys.modules[f"game.{game}.spec"].SPEC
    assert isinstance(spec, GameSpec) and BY_KEY[game] is spec
