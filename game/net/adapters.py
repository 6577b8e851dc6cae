"""What a network table does with a game, through what the game declares (its
GameSpec, its engine, its net codec, its computer player) and never by its name: the
table's engine for a number of seats, a move's wire form, a move checked against the
seat's listed moves, the host's log replayed, and a computer in a seat at the host.
The host (game/net/host.py) is the same for every game. No pygame here.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from game.bot import Bot
from game.clock import STEP_HZ
from game.engine import Engine, Event, IllegalMove, advance_clock, apply_now
from game.gamespec import GameSpec, NetCodec


def new_engine(spec: GameSpec, seed: int | None, options: Any, players: int) -> Engine:
    """The table's engine: the game's new_engine with `options` (None: the defaults
    for `players` seats). ValueError with a sentence for a table size the game is not
    played at, or options that seat another number."""
    spec.check_seats(players)
    engine = spec.parts.new_engine(seed, options, players)
    if engine.n_seats != players:
        raise ValueError(f"{spec.title} with these options has {engine.n_seats} seats, "
                         f"not {players}")
    return engine


class Wire:
    """A game's moves on the wire (its net codec's move_to_wire and move_from_wire),
    where what the network sends that is no move of the game is a ValueError."""

    def __init__(self, codec: NetCodec):
        self.codec = codec

    def move_to_wire(self, move: Any) -> Any:
        return self.codec.move_to_wire(move)

    def move_from_wire(self, seat: int, data: Any) -> Any:
        try:
            return self.codec.move_from_wire(seat, data)
        except (TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
            raise ValueError(f"not a move of this game: {type(e).__name__}") from None


class Logged(NamedTuple):
    """A move the host applied: whose (None: the table's own), what, at which step of
    the clock (0 in the turn games)."""
    seat: int | None
    move: Any
    step: int


def replay(engine: Engine, log: list[Logged], final_step: int = 0) -> None:
    """The host's moves applied to `engine` as the host applied them (a real-time
    game: each at its step of the clock, the clock left at final_step): the same game
    at the end."""
    for entry in log:
        advance_clock(engine, entry.step)
        apply_now(engine, entry.move)
    advance_clock(engine, final_step)


def apply_checked(codec: NetCodec, engine: Engine, seat: int, move: Any) -> list[Event]:
    """Apply `move` for `seat`: IllegalMove (the engine unchanged) unless it is one of
    the seat's listed moves now (in its listed form: the codec's listed_form)."""
    if codec.listed_form(move) not in engine.legal_moves(seat):
        # the engine's own reason where it has one (apply refuses without a change)
        probe = engine.copy()
        try:
            apply_now(probe, move)
        except IllegalMove as e:
            raise IllegalMove(e.reason) from None
        except Exception:
            raise IllegalMove("That is not a move of this game.") from None
        raise IllegalMove("That move is not yours to make now.")
    return apply_now(engine, move)


class Computer:
    """A computer in a seat at the host: the game's bot (game/bot.py), fed only that
    seat's view. In a turn game it moves `delay_s` after its seat is asked; in a
    real-time game it looks on the clock, as its reaction times say."""

    def __init__(self, spec: GameSpec, seat: int, level: str, seed: int, delay_s: float = 0.0):
        self.seat, self.delay_s, self.realtime = seat, delay_s, spec.realtime
        self.bot: Bot = spec.parts.make_bot(level, seed, seat)
        self.due_since: float | None = None

    def move(self, engine: Engine, now: float, step: int) -> Any:
        """The move it makes now, or None."""
        if self.realtime:
            return None if engine.is_over() else self.bot.step(engine.view(self.seat), step)
        if self.seat not in engine.to_move():
            self.due_since = None
            return None
        if self.due_since is None:
            self.due_since = now
        if now - self.due_since < self.delay_s:
            return None
        # a turn game's bot reckons its reaction times on the table's clock in steps
        move = self.bot.step(engine.view(self.seat), int(now * STEP_HZ))
        if move is not None:
            self.due_since = None
        return move

    def rejoin(self, step: int) -> None:
        """It starts looking at the table now (a stand-in, or a new round dealt)."""
        self.bot.rejoin(step)
