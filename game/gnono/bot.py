"""Gnono's one computer player behind the shared Bot API (game/bot.py): from its seat's
view and the table's clock, a move or nothing. The local table (controller.py), the
network host and the tests' autoplay all ask it, so a computer calls "UNO!", catches a
missed call and jumps in the same way wherever it sits.

What it decides, and once:
- "UNO!" and catches: once per UNO window (a seat down to one card without its call),
  when it first sees the window. Down to one card itself, it calls if it remembers
  (the level's call chance; the local table lets CALL_DELAY pass); another seat's window, it catches if it
  notices (the catch chance) after its reaction time, at once if it is on turn; `uno`
  offers it once, if still legal. Never a call before its card lands. (The local table
  schedules the same decisions itself, `decide_uno`, to hold its next turn and to give
  a human HUMAN_GRACE before a computer catches him.)
- Jumping in (house rule): once per card on the discard pile, the AI's jump_in, offered
  once.
- Its turn: the AI's choice; when another seat's UNO window has just opened, one look
  passes first, so that seat's call comes before the turn's move closes the window.
  (The local table thinks the turn over in slices through its pacer and asks
  `decide_uno` and `jump` at its own moments; `step` composes the three.)

No pygame here.
"""
from __future__ import annotations

import random
from typing import Any

from game.clock import STEP_HZ

from .ai import make_ai
from .moves import GAME_OVER, PLAY, ROUND_OVER, CallUno, Catch
from .view import GnonoView

CALL_DELAY = int(0.25 * STEP_HZ)   # a computer that remembers calls this soon after its card


def window_key(view: GnonoView) -> tuple[Any, ...] | None:
    """The UNO window the view shows (None: none open): whose, in which round, after how
    many cards played this round."""
    w = view.uno_window
    return None if w is None else (w, view.round_no, len(view.seen), view.counts)


class GnonoBot:
    def __init__(self, ai: Any, seat: int):
        self.ai, self.seat = ai, seat
        self.window: tuple[Any, ...] | None = None    # the UNO window decided on
        self.plan: tuple[int, Any] | None = None      # (clock, call or catch) for it
        self.jumped_on: tuple[int, int] | None = None  # the discard decided on (round, cards seen)
        self.jump_move: Any = None
        self.turn_view: GnonoView | None = None   # the view its turn's move was given from
        self.holding = False      # its turn's move held back one look (another seat's window)

    # -- the Bot API ------------------------------------------------------------------
    def step(self, view: GnonoView, clock: int) -> Any | None:
        if view.phase in (ROUND_OVER, GAME_OVER):
            return None                       # the table deals the next round
        on_turn = view.current == self.seat
        fresh = window_key(view) != self.window
        move = self.uno(view, clock, at_once=on_turn)
        if move is not None:
            return move
        if on_turn:
            # another seat's window just opened: one look passes, so its own call
            # comes before this turn's move closes the window (as the local table holds)
            hold = fresh and view.uno_window not in (None, self.seat)
            self.holding = hold
            if hold or view is self.turn_view:
                return None     # (its turn's move is given once a view: shown the same view
                                # again for a catch to come, it does not move twice)
            self.turn_view = view
            return self.ai.choose(view)
        return self.jump(view)

    def waiting(self) -> bool:
        """A call or catch is planned for a later clock, or its turn's move was held back
        a look: it wants to see the same view again (game/bot.py's WaitingBot)."""
        return self.plan is not None or self.holding

    def rejoin(self, clock: int) -> None:
        self.window, self.plan = None, None
        self.jumped_on, self.jump_move = None, None
        self.turn_view, self.holding = None, False

    # -- its parts (the local table paces them itself) --------------------------------
    def decide_uno(self, view: GnonoView, clock: int) -> tuple[int, Any] | None:
        """A new UNO window seen at `clock`: (when, the call or catch) or None."""
        w = view.uno_window
        if w is None:
            return None
        if w == self.seat:
            return (clock + CALL_DELAY, CallUno(self.seat)) if self.ai.would_call_uno(view) else None
        target = self.ai.would_catch(view)
        if target is None:
            return None
        return clock + int(self.ai.reaction_time() * STEP_HZ), Catch(self.seat, target)

    def uno(self, view: GnonoView, clock: int, at_once: bool = False) -> Any | None:
        """Its "UNO!" (at once: the local table gives it CALL_DELAY) or catch (after its
        reaction time, or `at_once`: a seat on turn is looking already) of the window
        open now, offered once."""
        key = window_key(view)
        if key != self.window:
            self.window = key
            self.plan = self.decide_uno(view, clock)
        if self.plan is None:
            return None
        if not (at_once or type(self.plan[1]) is CallUno) and clock < self.plan[0]:
            return None
        move, self.plan = self.plan[1], None
        return move if move in view.legal else None

    def jump(self, view: GnonoView) -> Any | None:
        """Its jump-in on the card on the discard pile (decided once per card), or None."""
        if view.phase != PLAY or view.current == self.seat or not view.options.jump_in:
            return None
        key = (view.round_no, len(view.seen))
        if key != self.jumped_on:
            self.jumped_on = key
            self.jump_move = self.ai.jump_in(view)
        move, self.jump_move = self.jump_move, None
        return move if move in view.legal else None


def make_bot(level: str, seed: int | random.Random | None, seat: int) -> GnonoBot:
    """The computer at `level` in `seat`, its random source from `seed` (an int, or the
    Random a saved game restores)."""
    return GnonoBot(make_ai(level, seed), seat)
