"""Nerts' one computer player behind game/bot.py's Bot: the level's NertsAI on the
table's clock (the App's fixed step, game/clock.py: the spec's clock_rate). It looks at its layout when its
reaction times say (`next_look`), and its move is seated (Seated(seat, move)) for the
table's clock to apply. Between rounds it waits: the table deals (table_move).
No pygame here."""
from __future__ import annotations

import random

from game.clock import STEP_HZ
from game.nerts.ai import NertsAI
from game.nerts.moves import Seated
from game.nerts.view import GameView


class NertsBot:
    def __init__(self, ai: NertsAI, seat: int):
        self.ai, self.seat = ai, seat          # (the ai: a save keeps its state)

    def step(self, view: GameView, clock: int) -> Seated | None:
        rnd = view.round
        if view.over or rnd is None or rnd.over:
            return None
        move = self.ai.poll(clock, rnd)
        return None if move is None else Seated(view.seat, move)

    def rejoin(self, clock: int) -> None:
        """It starts looking at the table at `clock` (a stand-in, or a new round)."""
        self.ai.reset(clock)

    def next_look(self) -> int:
        """The clock's step at which it looks at its layout again."""
        return int(self.ai.next_step)


def make_bot(level: str, seed: int | random.Random, seat: int) -> NertsBot:
    """The computer at `level` in `seat`, its random source from `seed` (an int, or a
    Random of the table's)."""
    return NertsBot(NertsAI(level, seed, STEP_HZ), seat)
