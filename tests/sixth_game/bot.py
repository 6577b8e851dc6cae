"""High Card's computer (game/bot.py's Bot): "easy" plays a random card, "normal" its highest."""
from __future__ import annotations

import random

from tests.sixth_game.rules import Play, View, rank


class HighBot:
    def __init__(self, level: str, seed: int, seat: int):
        self.level, self.rng = level, random.Random(seed)

    def step(self, view: View, clock: int) -> Play | None:
        if not view.legal:
            return None
        if self.level == "easy":
            return self.rng.choice(view.legal)
        return max(view.legal, key=lambda m: rank(m.card))

    def rejoin(self, clock: int) -> None:
        pass


def make_bot(level: str, seed: int, seat: int) -> HighBot:
    return HighBot(level, seed, seat)
