"""Gin Rummy's replay codec (see game/replays.py): the engine's JSON, the moves as
JSON, and the options for deal challenges. No pygame here."""
from __future__ import annotations

from typing import Any

from game.cards import Card
from game.gin import moves as M
from game.gin.options import GinOptions
from game.gin.rules import GinGame
from game.gin.table_speech import hand_result_lines
from game.replay_moves import DataclassMoves, apply_move, whole_engine

GAME = "gin"
CHALLENGE_PREFIX = "GIN"    # a deal challenge's code starts with it
CHALLENGE_ID = 1            # its number inside the code: fixed, codes already sent carry it
VERSION = 1
BY_STEP = False

_MOVES = DataclassMoves(
    (M.TakeUpcard, M.DrawStock, M.Pass, M.Discard, M.GoOut, M.LayDown, M.NextHand, M.Redeal),
    {"card": (Card, str, lambda s: Card.parse(s) if isinstance(s, str) else Card.parse(""))})


engine_from_json = GinGame.from_json   # ValueError if damaged
recorded = whole_engine                 # a replay records the whole game
move_to_json, move_from_json = _MOVES.to_json, _MOVES.from_json
apply = apply_move                      # the move names its seat: the live table's one path


def seat_count(state: dict[str, Any]) -> int:
    return 2


def outcome(start: dict[str, Any], final: GinGame, names: list[str]) -> tuple[str, list[int]]:
    """The hand's result line and points, seat by seat, from the game as it ended (the
    hand scored since the deal, `start` as JSON: its record; none yet, an empty line
    and no points)."""
    scored = len(final.records) > len(start["records"])
    r = final.records[-1] if scored else None
    scores = [0, 0]
    if r is not None and r.winner is not None:
        scores[r.winner] = r.points
    return "; ".join(hand_result_lines(r, names))[:200], scores


# the rules options, for deal challenges: the defaults, as JSON, and back
default_options = GinOptions
options_to_json = GinOptions.to_json
options_from_json = GinOptions.from_json       # OptionError if damaged


LEVELS = ("easy", "normal", "hard", "expert")   # as game.gin.heuristic.LEVELS, weakest first
