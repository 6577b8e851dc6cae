"""A computer playing from a remote seat: it reads only the views the host sends
(decoded by the game's net codec) and answers with moves on the wire, as a human's
program would. The tests play whole hands this way and the bench times it; it is
also the model of what a remote table asks of a view. No pygame here.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.clock import STEP_HZ
from game.games import BY_KEY
from game.gnono.bot import make_bot as make_gnono_bot
from game.gnono.moves import CallUno, Catch
from game.nerts.moves import Seated
from game.net import adapters


class RemotePlayer:
    """One seat's computer at a client: `update(msg)` with each update message,
    `move()` the next move to send (the engine's move) or None."""

    def __init__(self, game: str, level: str, seed: int,
                 clock: Callable[[], float] = time.monotonic):
        self.spec = BY_KEY[game]
        self.clock = clock      # the Nerts clock runs on from the last update's step by it
        self.key = game
        self.ai = adapters.make_computer(self.spec, level, seed)
        self.bot = make_gnono_bot(level, seed, 0) if game == "gnono" else None
        self._chose_for: Any = None      # Gnono: the view whose turn move was chosen
        self.view: Any = None
        self.step = 0           # Nerts: the host's clock at the last update...
        self.step_at = 0.0      # ...and when it came
        self.fresh = False      # a view came since the last move was chosen

    def update(self, fields: dict[str, Any]) -> None:
        self.view = self.spec.net_codec.view_from_json(fields["view"])
        if fields.get("step") is not None:
            self.step, self.step_at = fields["step"], self.clock()
        self.fresh = True

    def move(self) -> Any:
        """The move this seat makes now from its latest view, or None."""
        v = self.view
        if v is None or not self.fresh:
            return None
        self.fresh = False
        return {"gnono": self._gnono, "gin": self._gin, "gostop": self._gostop,
                "nerts": self._nerts}[self.key](v)

    def next_look(self) -> int | None:
        """Nerts: the step of the host's clock at which this computer looks again."""
        return self.ai.next_step if self.key == "nerts" else None

    def _gnono(self, v: Any) -> Any:
        bot = self.bot
        assert bot is not None
        bot.seat = v.seat
        clock = int(self.clock() * STEP_HZ)
        # Gnono's one computer (game/gnono/bot.py); once this view's turn move is sent,
        # only a call or a catch may follow from it
        move = bot.uno(v, clock) if self._chose_for is v else bot.step(v, clock)
        if move is not None and v.current == v.seat and not isinstance(move, CallUno | Catch):
            self._chose_for = v
        # look at this view again until its turn move is chosen, or while a catch is to come
        self.fresh = self._chose_for is not v or bot.plan is not None
        return move

    def _gin(self, v: Any) -> Any:
        if v.phase in ("hand_over", "game_over") or not v.legal_moves:
            return None
        return self.ai.choose(v)

    def _gostop(self, v: Any) -> Any:
        if not v.legal or v.question.seat != v.seat or v.question.kind == "hand_over":
            return None
        return self.ai.choose(v)

    def _nerts(self, v: Any) -> Any:
        if v.over or v.round is None or v.round.over:
            return None
        self.fresh = True              # the clock runs: look again at the next step
        step = self.step + int((self.clock() - self.step_at) * adapters.NERTS_SPS)
        move = self.ai.poll(step, v.round)
        return None if move is None else Seated(v.seat, move)
