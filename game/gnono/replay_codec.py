"""Gnono's replay codec (see game/replays.py): the engine's JSON, the moves as JSON
(a card by its token, "R7#1": the two copies of a card are told apart), and the
options for deal challenges. A replay holds one round, from its deal to its scoring.
No pygame here."""
from __future__ import annotations

from typing import Any

from game.engine import Event
from game.gnono import moves as M
from game.gnono.ai import LEVELS as AI_LEVELS
from game.gnono.cards import Card
from game.gnono.options import GnonoOptions
from game.gnono.rules import GnonoState
from game.gnono.saves import card as card_of_token
from game.replay_moves import DataclassMoves

VERSION = 1
BY_STEP = False

_MOVES = DataclassMoves(M.ALL_MOVES, {"card": (Card, lambda c: c.token, card_of_token)})

LEVELS = tuple(AI_LEVELS)   # weakest first, as game.gnono.ai.LEVELS


def engine_from_json(data: dict) -> GnonoState:
    return GnonoState.from_json(data)


def move_to_json(move: Any) -> dict:
    return _MOVES.to_json(move)


def move_from_json(data: Any) -> Any:
    return _MOVES.from_json(data)


def apply(engine: GnonoState, step: int, seat: int, move: Any) -> list[Event]:
    return engine.apply(move)   # the move names its seat: the live table's one path


# the rules options, for deal challenges: the defaults, as JSON, and back
default_options = GnonoOptions
options_to_json = GnonoOptions.to_json
options_from_json = GnonoOptions.from_json       # OptionError if damaged
