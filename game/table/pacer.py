"""The one holder of a computer's choice under way (Gin, Gnono, Go-Stop).

A table's controller calls `think(seat, version, ai, view, fallback)` at each update
step: the computer on turn (seat None: nobody) thinks about `budget` seconds
(game.thinking: an AI with start_choice/work thinks in slices; one with only
choose(view) thinks at once, on its first step). A choice for another seat or an
older state `version` is dropped first (the AI's cancel() puts its random state
back). When the AI's code fails, the error is reported and `fallback()` (a plain
legal move) is the move. `thought` is the choice under way; `take()` hands over its
move once made. The pause before the move stays the controller's: it moves when
both its pause and the thought are over.

No pygame here.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.table_support import computer_move

THINK_S = 0.001   # seconds of thinking per update step (120 a second): a frame stays short


def thinks_in_slices(ai: Any) -> bool:
    """Does this AI spread its choice over steps (start_choice/work)?"""
    return hasattr(ai, "start_choice")


class Thought:
    """A choice under way: for which seat and state version, the move once made (None
    while thinking), the seconds spent on it so far."""
    __slots__ = ("seat", "version", "ai", "started", "move", "spent")

    def __init__(self, seat: int, version: int, ai: Any):
        self.seat, self.version, self.ai = seat, version, ai
        self.started, self.move, self.spent = False, None, 0.0


class Pacer:
    def __init__(self, where: str):
        self.where = where                 # the game, in error reports
        self.thought: Thought | None = None

    def think(self, seat: int | None, version: int, ai: Any, view: Callable[[], Any],
              fallback: Callable[[], Any], budget: float = THINK_S) -> None:
        """A slice of thinking for the computer at `seat` about the state `version`;
        `view()` gives its view when the choice begins."""
        th = self.thought
        if th is not None and (th.seat != seat or th.version != version):
            self.drop()
            th = None
        if seat is None or (th is not None and th.move is not None):
            return
        if th is None:
            th = self.thought = Thought(seat, version, ai)
        t0 = time.perf_counter()
        th.move = computer_move(lambda: self._slice(th, view, budget), fallback,
                                f"{self.where} seat {seat}")
        th.spent += time.perf_counter() - t0

    @staticmethod
    def _slice(th: Thought, view: Callable[[], Any], budget: float) -> Any:
        ai = th.ai
        if not th.started:
            th.started = True
            if not thinks_in_slices(ai):
                move = ai.choose(view())
                if move is None:
                    raise ValueError("the computer chose no move")
                return move
            ai.start_choice(view())
        return ai.work(budget)

    def ready(self) -> bool:
        """Is the choice under way made?"""
        return self.thought is not None and self.thought.move is not None

    def take(self) -> Thought:
        """The made choice, handed over (the holder is empty after)."""
        th, self.thought = self.thought, None
        if th is None or th.move is None:
            raise ValueError("no move made yet")
        return th

    def drop(self) -> None:
        """Forget the choice under way; an unfinished one is cancelled (its AI's random
        state put back, so the same choice begun again gives the same move)."""
        th, self.thought = self.thought, None
        if th is not None and th.move is None and th.started and hasattr(th.ai, "cancel"):
            th.ai.cancel()
