"""A computer playing from a remote seat: it reads only the views the host sends
(decoded by the game's net codec) and answers with the game's one computer player
(game/bot.py), as a human's program would. The tests play whole hands this way and
the bench times it. No pygame here.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.bot import Bot, ClockedBot, WaitingBot
from game.clock import STEP_HZ
from game.games import BY_KEY


class RemotePlayer:
    """One seat's computer at a client: `update(msg)` with each update message,
    `move()` the next move to send (the engine's move) or None."""

    def __init__(self, game: str, level: str, seed: int,
                 clock: Callable[[], float] = time.monotonic, seat: int | None = None):
        self.spec = BY_KEY[game]
        self.clock = clock      # a real-time game's clock runs on from the last update's step by it
        self.key = game
        self.level, self.seed = level, seed
        # made at once for a known seat, else once the welcome's seat is known (the first view)
        self.bot: Bot | None = None if seat is None else self.spec.parts.make_bot(level, seed, seat)
        self.view: Any = None
        self.step = 0           # the host's clock at the last update...
        self.step_at = 0.0      # ...and when it came
        self.fresh = False      # a view came since the last move was chosen

    def update(self, fields: dict[str, Any]) -> None:
        self.view = self.spec.parts.net_codec.view_from_json(fields["view"])
        if fields.get("step") is not None:
            self.step, self.step_at = fields["step"], self.clock()
        self.fresh = True

    def move(self) -> Any:
        """The move this seat makes now from its latest view, or None (a turn game:
        once a view; a real-time game looks again at every step of the clock)."""
        v = self.view
        waits = isinstance(self.bot, WaitingBot) and self.bot.waiting()
        if v is None or not (self.fresh or waits or self.spec.realtime):
            return None
        self.fresh = False
        if self.bot is None:
            self.bot = self.spec.parts.make_bot(self.level, self.seed, v.seat)
        return self.bot.step(v, self.clock_now())

    def clock_now(self) -> int:
        """The host's clock now, as this seat reckons it (a turn game: this program's
        clock in the table's steps, for a bot's reaction times)."""
        rate = self.spec.clock_rate
        if rate is None:
            return int(self.clock() * STEP_HZ)
        return self.step + int((self.clock() - self.step_at) * rate)

    def next_look(self) -> int | None:
        """A real-time game: the step of the host's clock at which this computer looks again."""
        return self.bot.next_look() if isinstance(self.bot, ClockedBot) else None
