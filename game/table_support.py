"""What every table does the same way, written once: a computer's move with the
fallback when its code fails, statistics at the end of a hand or game, and the
reading of a saved game (resume_safely).

No pygame here. A failure in either is reported through errors.report (so a test
fails at once) and the player's game goes on.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from game import errors
from game.stats import GameEnd
from game.storage import DAMAGE, GAME_LOST

T = TypeVar("T")


def computer_move(choose: Callable[[], T], fallback: Callable[[], T], where: str) -> T:
    """choose() — the computer's decision; if its code raises, the error is reported
    (raised under tests) and fallback() — a plain legal move — is played instead."""
    try:
        return choose()
    except Exception as exc:
        errors.report(exc, f"computer player ({where})")
        return fallback()


def record_stats(stats, game: str, counts: Mapping[str, int],
                 bests: Mapping[str, int] | None = None, *, level: str | None = None,
                 variant: str | None = None, ended: Sequence[GameEnd] = ()) -> None:
    """Add a hand's or a game's counts to the statistics and keep its bests, for the
    game and for its breakdowns: the computers' level and the variant (a preset's name,
    or a short description of the rules) — see Stats.breakdown_key; and each game
    `ended` with them into the game's history of finished games, with that level and
    variant. Statistics never stop a game: a failure is reported and play goes on."""
    try:
        keys = [game] + [stats.breakdown_key(game, kind, value)
                         for kind, value in (("level", level), ("variant", variant)) if value]
        for key in keys:
            if counts:
                stats.record(key, **counts)
            for name, value in (bests or {}).items():
                stats.best(key, name, value)
        for end in ended:
            stats.add_game(game, end.entry(level, variant))
    except Exception as exc:
        errors.report(exc, f"statistics ({game})")


def resume_saved(app: Any, save_name: str, load: Callable[[Any], Any],
                 build: Callable[[Any, Any], Any]) -> Any:
    """resume(app) of a table whose save module reads its save (load(storage): None
    when there is none, or a damaged one the storage set aside): build(app, saved)
    makes the table from it, through resume_safely."""
    def rebuilt(app):
        saved = load(app.storage)
        return None if saved is None else build(app, saved)
    return resume_safely(app, save_name, rebuilt)


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
