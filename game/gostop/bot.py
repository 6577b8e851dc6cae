"""Go-Stop's one computer player behind game/bot.py's Bot: the level's AI
(game/gostop/ai.py) answers the engine's question when it is its seat's. A settled
hand waits for the table's deal (the engine's table_move). No pygame here."""
from __future__ import annotations

from typing import Any

from game.gostop.ai import make_ai
from game.gostop.view import PlayerView


class GoStopBot:
    def __init__(self, level: str, seed: int, seat: int):
        self.seat = seat
        self.ai: Any = make_ai(level, seed)     # (the AI module is not typed)

    def step(self, view: PlayerView, clock: int) -> Any | None:
        q = view.question
        if not view.legal or q.seat != view.seat or q.kind == "hand_over":
            return None
        return self.ai.choose(view)

    def rejoin(self, clock: int) -> None:
        """A turn game's computer looks at each view afresh: nothing to catch up."""


def make_bot(level: str, seed: int, seat: int) -> GoStopBot:
    return GoStopBot(level, seed, seat)
