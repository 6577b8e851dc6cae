"""The four games the parlor offers, and how the menu starts their tables.

A game's table module provides `start(app, seed=None) -> Scene`; until that module
exists the menu says the table is not built yet (with the error beep).
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any, Callable

from game import errors
from game.storage import DAMAGE, GAME_LOST


@dataclass(frozen=True)
class GameInfo:
    key: str
    name: str
    blurb: tuple[str, ...]
    table_module: str


GAMES = [
    GameInfo("nerts", "Nerts", (
        "A race, not a turn game: everyone plays",
        "at once onto the shared Scoring Area.",
        "2 to 4 seats: computers at four speeds,",
        "or a friend on the same keyboard."), "game.nerts.table"),
    GameInfo("gin", "Gin Rummy", (
        "Gin Rummy as GIN! played it in 1981:",
        "Oklahoma, Hollywood, boxes, Game and",
        "Blitz bonuses. The computer does not",
        "peek at your hand - honest."), "game.gin.table"),
    GameInfo("gnono", "Gnono", (
        "The UNO family of rules for 2 to 10:",
        "Skips, Reverses, Draw Twos, Wilds,",
        "challenges, and don't forget to call",
        "\"UNO!\" on your last card."), "game.gnono.table"),
    GameInfo("gostop", "Go-Stop", (
        "The Korean flower-card game for 2 or 3:",
        "match the months, build brights, birds",
        "and ribbons, then dare to say Go -",
        "or Stop while you are ahead."), "game.gostop.table"),
]

BY_KEY = {g.key: g for g in GAMES}


def is_built(info: GameInfo) -> bool:
    try:
        return importlib.util.find_spec(info.table_module) is not None
    except ModuleNotFoundError:
        return False


def save_name(info: GameInfo) -> str:
    """The file of a game in progress, in the saves folder."""
    return f"{info.key}.json"


def has_save(app: Any, info: GameInfo) -> bool:
    return is_built(info) and app.storage.exists(save_name(info))


def _table_module(info: GameInfo) -> Any:
    # Tables are imported by name when first played, not at start-up: the menu is on
    # screen before any engine is loaded (bench/ measures the start-up).
    return importlib.import_module(info.table_module)


def resume_table(app: Any, info: GameInfo) -> Any:
    """The table of the saved game, or None if the save could not be read (it is then
    set aside and the player told by the storage). Never raises: a table module whose
    resume() raises is a bug, reported, and its save is set aside."""
    try:
        return _table_module(info).resume(app)
    except Exception as exc:
        errors.report(exc, f"resuming {info.name}")
        app.storage.set_aside(save_name(info), exc, GAME_LOST)
        return None


def resume_safely(app: Any, save_name: str, load: Callable[[Any], Any]) -> Any:
    """What every table's resume(app) does: load(app) builds the saved table (or
    returns None: no save, or a damaged one the storage set aside and reported).
    A save that passes validation but cannot be played (ValueError) is set aside and
    None returned; any other exception, or a table that breaks its invariants, is a
    bug in the reader: reported (raised under tests), and the save set aside too."""
    try:
        table = load(app)
        if table is not None:
            table.check_invariants()
        return table
    except DAMAGE as exc:
        app.storage.set_aside(save_name, exc, GAME_LOST)
        return None
    except Exception as exc:
        errors.report(exc, f"resuming {save_name}")
        app.storage.set_aside(save_name, exc, GAME_LOST)
        return None


def start_table(app: Any, info: GameInfo, seed: int | None = None) -> Any:
    """The first scene of a game (its set-up screen or its table)."""
    return _table_module(info).start(app, seed=seed)
