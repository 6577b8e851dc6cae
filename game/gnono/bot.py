"""Gnono's one computer player behind game/bot.py's Bot (PROVISIONAL: the gnono
helper's bot replaces this at merge, with the same interface). From its seat's view
alone: it calls "UNO!" once a turn when its AI would, plays its turn, and jumps in
with an identical card where the house rule allows. A finished round waits for the
table's deal (the engine's table_move). No pygame here."""
from __future__ import annotations

from typing import Any

from game.gnono.ai import make_ai
from game.gnono.moves import GAME_OVER, PLAY, ROUND_OVER, CallUno
from game.gnono.view import GnonoView


class GnonoBot:
    def __init__(self, level: str, seed: int, seat: int):
        self.seat = seat
        self.ai = make_ai(level, seed)
        self._uno_turn: tuple[Any, ...] | None = None   # the turn it last thought of "UNO!"

    def step(self, view: GnonoView, clock: int) -> Any | None:
        if view.phase in (ROUND_OVER, GAME_OVER):
            return None
        turn = (view.round_no, view.counts, view.current)
        if CallUno(view.seat) in view.legal and self._uno_turn != turn:
            self._uno_turn = turn                       # decided once a turn
            if self.ai.would_call_uno(view):
                return CallUno(view.seat)
        if view.current == view.seat:
            return self.ai.choose(view)
        if view.phase == PLAY and view.options.jump_in:
            return self.ai.jump_in(view)
        return None

    def rejoin(self, clock: int) -> None:
        """A turn game's computer looks at each view afresh: nothing to catch up."""


def make_bot(level: str, seed: int, seat: int) -> GnonoBot:
    return GnonoBot(level, seed, seat)
