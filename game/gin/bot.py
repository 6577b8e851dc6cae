"""Gin's one computer player behind game/bot.py's Bot: the level's AI (game/gin/ai.py)
asked for a move whenever its seat's view lists one. Between hands it waits: the
table deals (the engine's table_move). No pygame here."""
from __future__ import annotations

from game.gin.ai import make_ai
from game.gin.moves import Move
from game.gin.view import GinView

RESTING = ("hand_over", "game_over")


class GinBot:
    def __init__(self, level: str, seed: int, seat: int):
        self.seat = seat
        self.ai = make_ai(level, seed)       # (the local table's pacer thinks with it in slices)

    def step(self, view: GinView, clock: int) -> Move | None:
        if view.phase in RESTING or not view.legal_moves:
            return None
        move: Move = self.ai.choose(view)
        return move

    def rejoin(self, clock: int) -> None:
        """A turn game's computer looks at each view afresh: nothing to catch up."""


def make_bot(level: str, seed: int, seat: int) -> GinBot:
    return GinBot(level, seed, seat)
