"""Gin Rummy's replay codec (see game/replays.py): the engine's JSON, the moves as
JSON, and the options for deal challenges. No pygame here."""
from __future__ import annotations

from typing import Any

from game.cards import Card
from game.engine import Event
from game.gin import moves as M
from game.gin.options import GinOptions
from game.gin.rules import GinGame
from game.replay_moves import DataclassMoves

VERSION = 1
BY_STEP = False

_MOVES = DataclassMoves(
    (M.TakeUpcard, M.DrawStock, M.Pass, M.Discard, M.GoOut, M.LayDown, M.NextHand, M.Redeal),
    {"card": (Card, str, lambda s: Card.parse(s) if isinstance(s, str) else Card.parse(""))})


def engine_from_json(data: dict) -> GinGame:
    return GinGame.from_json(data)


def move_to_json(move: Any) -> dict:
    return _MOVES.to_json(move)


def move_from_json(data: Any) -> Any:
    return _MOVES.from_json(data)


def apply(engine: GinGame, step: int, seat: int, move: Any) -> list[Event]:
    return engine.apply(move)   # the move names its seat: the live table's one path


# the rules options, for deal challenges: the defaults, as JSON, and back
default_options = GinOptions
options_to_json = GinOptions.to_json
options_from_json = GinOptions.from_json       # OptionError if damaged


LEVELS = ("easy", "normal", "hard", "expert")   # as game.gin.heuristic.LEVELS, weakest first
