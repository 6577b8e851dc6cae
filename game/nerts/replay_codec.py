"""Nerts' replay codec (see game/replays.py): a round's JSON, its moves as JSON, and
the options for deal challenges. No pygame here.

A Nerts round is played on the App's clock: each step the table submits the seats'
moves and `Round.step()` applies them, the seats in a fair order drawn from the
round's random state when two or more raced in that step. A replay records what was
applied, in order, each with its clock step; and before the moves of a raced step a
`Race` naming the seats that submitted (those refused too), so that the draw of the
order is made again and the round's random state stays the table's, card for card.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.clock import STEP
from game.engine import Event, IllegalMove, is_int
from game.nerts.moves import Move
from game.nerts.players import LEVEL_CHOICES
from game.nerts.rules import NertsOptions, Round

VERSION = 1
BY_STEP = True
STEP_SECONDS = STEP              # the table's clock step, in seconds
LEVELS = tuple(lv for lv in LEVEL_CHOICES if lv != "human")   # weakest first


@dataclass(frozen=True)
class Race:
    """The seats whose moves were queued in one step (two or more): the step drew
    their order from the round's random state before applying the moves."""
    seats: tuple[int, ...]


def engine_from_json(data: dict) -> Round:
    return Round.from_json(data)


def move_to_json(move: Move | Race) -> dict:
    if isinstance(move, Race):
        return {"race": list(move.seats)}
    if not isinstance(move, Move):
        raise TypeError(f"not a Nerts move: {move!r}")
    return move.to_json()


def move_from_json(data: Any) -> Move | Race:
    if isinstance(data, dict) and set(data) == {"race"}:
        seats = data["race"]
        if (not isinstance(seats, list) or not 2 <= len(seats) <= 4
                or not all(is_int(s) and 0 <= s < 4 for s in seats) or len(set(seats)) != len(seats)):
            raise ValueError(f"a damaged race: {data!r}")
        return Race(tuple(seats))
    return Move.from_json(data)


def apply(engine: Round, step: int, seat: int, move: Move | Race) -> list[Event]:
    """The move as the table's step applied it; the round's clock then stands after
    that step, as it did at the table. IllegalMove (the round unchanged) if refused."""
    if engine.step_no > step + 1:
        raise IllegalMove(f"step {step} is past: the round is at step {engine.step_no}")
    if isinstance(move, Race):
        if any(s >= engine.seats for s in move.seats):
            raise IllegalMove("a race of seats that are not at the table")
        # the very draw Round.step() makes (its only use of the random state)
        engine._fair_order([(s, None) for s in move.seats])
        events: list[Event] = []
    else:
        events = [e.to_engine() for e in engine.apply(seat, move)]
    engine.step_no = step + 1
    return events


def default_options() -> NertsOptions:
    return NertsOptions()


def options_to_json(options: NertsOptions) -> dict:
    return options.to_json()


def options_from_json(data: Any) -> NertsOptions:
    return NertsOptions.from_json(data)
