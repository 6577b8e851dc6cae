"""Gnono's replay codec (see game/replays.py): the engine's JSON, the moves as JSON
(a card by its token, "R7#1": the two copies of a card are told apart), and the
options for deal challenges. A replay holds one round, from its deal to its scoring.
No pygame here."""
from __future__ import annotations

from typing import Any

from game.gnono import moves as M
from game.gnono.ai import LEVELS as AI_LEVELS
from game.gnono.cards import Card
from game.gnono.moves import GAME_OVER, ROUND_OVER
from game.gnono.options import GnonoOptions
from game.gnono.rules import GnonoState
from game.gnono.saves import card as card_of_token
from game.replay_moves import DataclassMoves, apply_move, whole_engine

GAME = "gnono"
CHALLENGE_PREFIX = "GNO"    # a deal challenge's code starts with it
CHALLENGE_ID = 2            # its number inside the code: fixed, codes already sent carry it
VERSION = 1
BY_STEP = False

_MOVES = DataclassMoves(M.ALL_MOVES, {"card": (Card, lambda c: c.token, card_of_token)})

LEVELS = tuple(AI_LEVELS)   # weakest first, as game.gnono.ai.LEVELS


engine_from_json = GnonoState.from_json   # ValueError if damaged
recorded = whole_engine                 # a replay records the whole game
move_to_json, move_from_json = _MOVES.to_json, _MOVES.from_json
apply = apply_move                      # the move names its seat: the live table's one path


def seat_count(state: dict[str, Any]) -> int:
    return int(state["n"])


def outcome(start: dict[str, Any], final: GnonoState, names: list[str]) -> tuple[str, list[int]]:
    """The round's result line and points, seat by seat, from the game as it ended
    (a round not scored: an empty line and no points)."""
    st = final
    if st.phase not in (ROUND_OVER, GAME_OVER):
        return "", [0] * st.n
    lr = st.last_round or {}
    w = lr.get("winner")
    scores = [int(lr.get("points", 0)) if s == w else 0 for s in range(st.n)]
    result = f"{names[w]} went out, +{lr.get('points', 0)}" if w is not None else "no one went out"
    if st.phase == GAME_OVER and st.winner is not None:
        result += f"; {names[st.winner]} wins the game"
    return result, scores


# the rules options, for deal challenges: the defaults, as JSON, and back
default_options = GnonoOptions
options_to_json = GnonoOptions.to_json
options_from_json = GnonoOptions.from_json       # OptionError if damaged
