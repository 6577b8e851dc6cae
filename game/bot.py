"""The one small API of a game's computer player (after OpenSpiel's `Bot.step`): given
its seat's view and the table's clock, a move or nothing. The local table, the host,
the bench and the tests' autoplay all ask a game's computer through it, so a game has
one computer player, not one per place it plays. Each game package's bot.py has
`make_bot(level, seed, seat) -> Bot`; its spec names it. No pygame here.
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    def step(self, view: Any, clock: int) -> Any | None:
        """The move this seat makes now from `view` (its seat's view, never the full
        state), or None. `clock`: the table's clock in steps (the real-time games'
        step; the turn games may ignore it). Pacing (how long it seems to think) is the
        table's; a bot answers at once."""
        ...

    def rejoin(self, clock: int) -> None:
        """It starts looking at the table at `clock` (a stand-in taking over a seat)."""
        ...


@runtime_checkable
class ClockedBot(Bot, Protocol):
    """A real-time game's bot, which looks at the table on its own reaction times."""

    def next_look(self) -> int:
        """The table clock's step at which it looks again (the tests' lockstep clock
        jumps there rather than through every step)."""
        ...


@runtime_checkable
class WaitingBot(Bot, Protocol):
    """A turn game's bot that may plan a move for a later clock (a catch after its
    reaction time): while it waits, whoever feeds it shows it the same view again."""

    def waiting(self) -> bool:
        """A move of its is planned for a later clock."""
        ...
