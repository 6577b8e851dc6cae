"""Go-Stop's replay codec (see game/replays.py): the engine's JSON, the moves as JSON,
and the options of deal challenges. No pygame here.

A Go-Stop game is a session of hands with no end of its own, so a challenge says how
many hands were played: its options are the rules (Options) and `hands`, the length
of the challenge (0: an open session). The score compared is the challenger's chips
after that many hands.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import is_int
from game.replay_moves import DataclassMoves, apply_move, whole_engine

from . import moves as M
from .ai import LEVELS as AI_LEVELS
from .cards import Card, parse_card
from .narrate import hand_summary
from .options import Options
from .rules import GoStopState

GAME = "gostop"
CHALLENGE_PREFIX = "GST"    # a deal challenge's code starts with it
CHALLENGE_ID = 3            # its number inside the code: fixed, codes already sent carry it
VERSION = 1
BY_STEP = False
LEVELS = AI_LEVELS          # weakest first: easy, greedy, normal, hard
MAX_HANDS = 999             # the longest challenge, in hands


def _card(data: Any) -> Card:
    if not isinstance(data, str):
        raise ValueError(f"not a Hwatu card: {data!r}")
    return parse_card(data)


_MOVES = DataclassMoves(
    (M.PlayCard, M.FlipStock, M.ChooseMatch, M.Shake, M.Bomb, M.GoStop, M.NextHand),
    {"card": (Card, str, _card)})


engine_from_json = GoStopState.from_json   # ValueError if damaged
recorded = whole_engine                 # a replay records the whole game
move_to_json = _MOVES.to_json
apply = apply_move                      # the live table's one path (NextHand deals the next hand)


def seat_count(state: dict[str, Any]) -> int:
    return int(state["options"]["players"])


def move_from_json(data: Any) -> Any:
    move = _MOVES.from_json(data)
    for name in ("yes", "go"):
        if not isinstance(getattr(move, name, False), bool):
            raise ValueError(f"a {type(move).__name__} answers with true or false")
    return move


def outcome(start: dict[str, Any], final: GoStopState, names: list[str]) -> tuple[str, list[int]]:
    """The hand's result line (F4's) and the chips each seat won or paid in it (`start`:
    the deal's JSON)."""
    return (hand_summary(final, names, with_go=False).strip(),
            [final.chips[s] - start["chips"][s] for s in range(final.n)])


@dataclass(frozen=True)
class ChallengeOptions:
    """What a Go-Stop challenge deals: the rules, and how many hands it lasts."""
    rules: Options = field(default_factory=Options)
    hands: int = 0             # 0: an open session (no challenge length)


def default_options() -> ChallengeOptions:
    return ChallengeOptions()


def options_to_json(options: ChallengeOptions) -> dict[str, Any]:
    return {**options.rules.to_json(), "hands": options.hands}


def options_from_json(data: Any) -> ChallengeOptions:
    """The options back; ValueError naming what is refused."""
    if not isinstance(data, dict):
        raise ValueError("the options are not a table of values")
    rules = {k: v for k, v in data.items() if k != "hands"}
    hands = data.get("hands", 0)
    if not is_int(hands) or not 0 <= hands <= MAX_HANDS:
        raise ValueError(f"hands must be 0 to {MAX_HANDS}")
    return ChallengeOptions(Options.from_json(rules), hands)
