"""What a network table needs of each game beyond its GameSpec: a move's wire form
(the replay codec's JSON; Nerts' round moves are seated by the host), whether the game
is played in real time, the table's own deal between hands, and how a computer at the
host is asked for its move. The host (game/net/host.py) is the same for the four
games; everything that differs is here. No pygame here.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from game.clock import STEP_HZ
from game.engine import IllegalMove
from game.gin.moves import GoOut as GinGoOut
from game.gin.moves import LayDown as GinLayDown
from game.gin.moves import NextHand as GinNextHand
from game.gnono.bot import make_bot as make_gnono_bot
from game.gnono.moves import ROUND_OVER
from game.gnono.moves import NextRound as GnonoNextRound
from game.gnono.rules import GnonoState
from game.gnono.settings import MAX_SEATS as GNONO_MAX_SEATS
from game.gostop.moves import NextHand as GoStopNextHand
from game.gostop.options import Options as GoStopOptions
from game.nerts.moves import NextRound as NertsNextRound
from game.nerts.moves import Seated
from game.nerts.moves import Step as NertsStep
from game.nerts.options import NertsOptions

NERTS_SPS = 120           # the Nerts clock's steps a second (the table's fixed clock)
NERTS_NEXT_ROUND = "N"    # Nerts' NextRound on the wire (replays hold one round: no code)


# how many sit at a table of each game (its set-up screen's range)
TABLE_SIZES = {"nerts": range(2, 5), "gin": range(2, 3), "gnono": range(2, GNONO_MAX_SEATS + 1),
               "gostop": range(2, 4)}


def check_table_size(spec: Any, players: int) -> None:
    """ValueError with a sentence unless `spec`'s game is played by `players` here."""
    sizes = TABLE_SIZES[spec.key]
    if players not in sizes:
        played = f"by {sizes[0]}" if len(sizes) == 1 else f"by {sizes[0]} to {sizes[-1]}"
        raise ValueError(f"{spec.title} is played {played}, not {players}")


def new_engine(spec: Any, seed: int | None, options: Any, players: int) -> Any:
    """The table's engine: the game's new_engine with `options` (None: the defaults
    for `players` seats). ValueError with a sentence for a table size the game is not
    played at, or options that seat another number."""
    check_table_size(spec, players)
    if spec.key == "gnono":                 # (its seat count is no option of the rules)
        return GnonoState(players, seed, options)
    if options is None and spec.key == "gostop":
        options = GoStopOptions(players=players)
    elif options is None and spec.key == "nerts":
        options = NertsOptions(seats=players)
    engine = spec.new_engine(seed, options)
    if engine.n_seats != players:
        raise ValueError(f"{spec.title} with these options has {engine.n_seats} seats, "
                         f"not {players}")
    return engine


class Wire:
    """A game's moves on the wire: move_to_wire(move) -> JSON, move_from_wire(seat,
    data) -> the engine's move (ValueError for what is no move of this game)."""

    def __init__(self, key: str, codec: Any):
        self.key, self.codec = key, codec

    def move_to_wire(self, move: Any) -> Any:
        if self.key != "nerts":
            return self.codec.move_to_json(move)
        if isinstance(move, NertsNextRound):
            return NERTS_NEXT_ROUND
        if isinstance(move, Seated):
            return self.codec.move_to_json(move.move)
        return self.codec.move_to_json(move)          # a round's own move

    def move_from_wire(self, seat: int, data: Any) -> Any:
        try:
            if self.key != "nerts":
                return self.codec.move_from_json(data)
            if data == NERTS_NEXT_ROUND:
                return NertsNextRound(seat)
            return Seated(seat, self.codec.move_from_json(data))
        except (TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
            raise ValueError(f"not a move of this game: {type(e).__name__}") from None


def is_realtime(key: str) -> bool:
    """Nerts: every seat moves at once, on the host's clock."""
    return key == "nerts"


def table_deal(key: str, engine: Any) -> Any:
    """The move by which the table deals the next hand or round, when the game is
    between them (None otherwise, and once the whole game is over)."""
    if key == "gnono":
        return GnonoNextRound(None) if engine.phase == ROUND_OVER else None
    if key == "gin":
        return GinNextHand(None) if engine.phase == "hand_over" else None
    if key == "gostop":
        return GoStopNextHand() if engine.phase == "hand_over" else None
    if key == "nerts":
        rnd = engine.round
        return NertsNextRound(None) if not engine.over and (rnd is None or rnd.over) else None
    raise ValueError(f"no game {key!r}")


class Logged(NamedTuple):
    """A move the host applied: whose (None: the table's deal), what, at which step of
    the Nerts clock (0 in the turn games)."""
    seat: int | None
    move: Any
    step: int


def replay(key: str, engine: Any, log: list[Logged], final_step: int = 0) -> None:
    """The host's moves applied to `engine` as the host applied them (Nerts: each at
    its step of the clock, the clock left at final_step): the same game at the end."""
    for entry in log:
        advance_clock(key, engine, entry.step)
        apply_now(key, engine, entry.move)
    advance_clock(key, engine, final_step)


def advance_clock(key: str, engine: Any, step: int) -> None:
    """Nerts: the round's clock stands at the host's step (the engine's `Step`; moves
    are applied as they come, nothing waits in its queue). The turn games have no clock."""
    rnd = engine.round if key == "nerts" else None
    if rnd is not None and not rnd.over and step > rnd.step_no:
        engine.apply(NertsStep(step))


def apply_now(key: str, engine: Any, move: Any) -> list[Any]:
    """Apply a move at once. Nerts' engine queues a seated move for the clock step on:
    the host applies it there and then (a `Step` to the step on: no time passes), so
    moves are taken in the order they arrive and the first card to a foundation wins."""
    events: list[Any] = engine.apply(move)
    if key == "nerts" and isinstance(move, Seated):
        events += engine.apply(NertsStep(engine.round.step_no))
    return events


def make_computer(spec: Any, level: str, seed: int) -> Any:
    """The game's computer player at `level`, from a seed (every game's make_computer
    takes one; Nerts' on the host's clock)."""
    if spec.key == "nerts":
        return spec.make_computer(level, seed, NERTS_SPS)
    return spec.make_computer(level, seed)


class Computer:
    """A computer in a seat at the host: it sees only that seat's view, and moves
    after `delay_s` when asked (turn games), or on the Nerts clock."""

    def __init__(self, spec: Any, seat: int, level: str, seed: int, delay_s: float = 0.0):
        self.key, self.seat, self.delay_s = spec.key, seat, delay_s
        self.ai = make_computer(spec, level, seed)
        self.bot = make_gnono_bot(level, seed, seat) if self.key == "gnono" else None
        self.due_since: float | None = None

    def move(self, engine: Any, now: float, step: int) -> Any:
        """The move it makes now, or None."""
        if self.key == "nerts":
            return self._nerts(engine, step)
        if self.seat not in engine.to_move():
            self.due_since = None
            return None
        if self.due_since is None:
            self.due_since = now
        if now - self.due_since < self.delay_s:
            return None
        move = self._turn(engine, now)
        if move is not None:
            self.due_since = None
        return move

    def _turn(self, engine: Any, now: float) -> Any:
        view = engine.view(self.seat)
        if self.bot is not None:         # Gnono's one computer (game/gnono/bot.py)
            return None if view.phase == ROUND_OVER else self.bot.step(view, int(now * STEP_HZ))
        if self.key == "gin" and view.phase == "hand_over":
            return None                 # the table deals (table_deal)
        return self.ai.choose(view)

    def _nerts(self, engine: Any, step: int) -> Any:
        rnd = engine.round
        if engine.over or rnd is None or rnd.over:
            return None
        move = self.ai.poll(step, lambda: rnd.view(self.seat))
        return None if move is None else Seated(self.seat, move)

    def rejoin_clock(self, step: int) -> None:
        """Nerts: a stand-in starts looking at the table now."""
        if self.key == "nerts":
            self.ai.reset(step)


def listed_form(key: str, move: Any) -> Any:
    """The form in which the engine lists `move`: Gin's going out and laying down name
    the groups the player marked, where the listed move leaves them to the engine
    (its best arrangement); the engine checks the groups given when it applies them."""
    if key == "gin" and isinstance(move, GinGoOut):
        return replace(move, melds=None)
    if key == "gin" and isinstance(move, GinLayDown):
        return replace(move, melds=None, layoffs=None)
    return move


def apply_checked(key: str, engine: Any, seat: int, move: Any) -> list[Any]:
    """Apply `move` for `seat`: IllegalMove (the engine unchanged) unless it is one of
    the seat's listed moves now (in its listed form: listed_form)."""
    if listed_form(key, move) not in engine.legal_moves(seat):
        # the engine's own reason where it has one (apply refuses without a change)
        probe = engine.copy()
        try:
            apply_now(key, probe, move)
        except IllegalMove as e:
            raise IllegalMove(e.reason) from None
        except Exception:
            raise IllegalMove("That is not a move of this game.") from None
        raise IllegalMove("That move is not yours to make now.")
    return apply_now(key, engine, move)
