"""The four games the parlor offers, in menu order: the one list of GameSpecs
(game/gamespec.py), and how the shell starts and resumes their tables.

Every game's modules are imported here, at start-up: the import graph is the real
one (bench/ measures the start-up that costs).
"""
from __future__ import annotations

from typing import Any

from game import errors
from game.gamespec import GameSpec
from game.gin.spec import SPEC as GIN
from game.gnono.spec import SPEC as GNONO
from game.gostop.spec import SPEC as GOSTOP
from game.nerts.spec import SPEC as NERTS
from game.storage import GAME_LOST

GAMES: tuple[GameSpec, ...] = (NERTS, GIN, GNONO, GOSTOP)
BY_KEY = {g.key: g for g in GAMES}
CODECS = tuple(g.replay_codec for g in GAMES)   # for challenge codes of any game


def has_save(app: Any, spec: GameSpec) -> bool:
    return app.storage.exists(spec.save_name)


def resume_table(app: Any, spec: GameSpec) -> Any:
    """The table of the saved game, or None if the save could not be read (it is then
    set aside and the player told by the storage). Never raises: a game whose resume()
    raises is a bug, reported, and its save is set aside."""
    try:
        return spec.resume(app)
    except Exception as exc:
        errors.report(exc, f"resuming {spec.title}")
        app.storage.set_aside(spec.save_name, exc, GAME_LOST)
        return None


def start_table(app: Any, spec: GameSpec, seed: int | None = None) -> Any:
    """The first scene of a game (its set-up screen or its table)."""
    return spec.start(app, seed=seed)
