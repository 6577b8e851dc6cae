"""What every table does the same way, written once: a computer's move with the
fallback when its code fails, and statistics at the end of a hand or game.

No pygame here. A failure in either is reported through errors.report (so a test
fails at once) and the player's game goes on.
"""
from __future__ import annotations

from typing import Callable, Mapping, TypeVar

from game import errors

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
                 variant: str | None = None) -> None:
    """Add a hand's or a game's counts to the statistics and keep its bests, for the
    game and for its breakdowns: the computers' level and the variant (a preset's name,
    or a short description of the rules) — see Stats.breakdown_key. Statistics never
    stop a game: a failure is reported and play goes on."""
    try:
        keys = [game] + [stats.breakdown_key(game, kind, value)
                         for kind, value in (("level", level), ("variant", variant)) if value]
        for key in keys:
            if counts:
                stats.record(key, **counts)
            for name, value in (bests or {}).items():
                stats.best(key, name, value)
    except Exception as exc:
        errors.report(exc, f"statistics ({game})")
