"""Go-Stop's one computer player behind game/bot.py's Bot: the level's AI
(game/gostop/ai.py) answers the engine's question when it is its seat's. A settled
hand waits for the table's deal (the engine's table_move). No pygame here."""
from __future__ import annotations

import random
from typing import Any

from game.gostop.ai import GoStopAI
from game.gostop.view import PlayerView

HARD_ROLLOUTS = 48


def make_ai(level: str, rng: int | random.Random | None) -> Any:
    # a fixed count of look-ahead samples (about 25 ms on a 2020 laptop) rather than a
    # time budget: the computers' play is then the same for the same seed, resumed or
    # not, at one keyboard or at the host (the AI module is not typed)
    return GoStopAI(level, rng, rollouts=HARD_ROLLOUTS)


class GoStopBot:
    def __init__(self, ai: Any, seat: int):
        self.ai, self.seat = ai, seat          # (the table's pacer thinks with the ai in slices)

    def step(self, view: PlayerView, clock: int) -> Any | None:
        q = view.question
        if not view.legal or q.seat != view.seat or q.kind == "hand_over":
            return None
        return self.ai.choose(view)

    def rejoin(self, clock: int) -> None:
        """A turn game's computer looks at each view afresh: nothing to catch up."""


def make_bot(level: str, seed: int | random.Random, seat: int) -> GoStopBot:
    """The computer at `level` in `seat`, its random source from `seed` (an int, or the
    Random a saved game restores)."""
    return GoStopBot(make_ai(level, seed), seat)
