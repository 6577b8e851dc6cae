"""The table's clock for tests of a bare Nerts round: every move through the game's
engine (game/nerts/rules.py's Game.apply, on a game holding the round), as the
table, the drills and the simulations make them."""
from __future__ import annotations

from game.engine import IllegalMove
from game.nerts.moves import Move, Seated, Step
from game.nerts.round import Round
from game.nerts.rules import Game


def submit(r: Round, seat: int, move: Move) -> str | None:
    """Queue `move` of `seat` for the step on; the reason it is refused (nothing
    queued), or None."""
    try:
        Game.of_round(r).apply(Seated(seat, move))
    except IllegalMove as e:
        return e.reason
    return None


def step(r: Round, to: int | None = None) -> list:
    """End the step on: its queued moves applied in a fair order; the events."""
    return Game.of_round(r).apply(Step(to))
