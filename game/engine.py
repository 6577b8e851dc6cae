"""What every rules engine shares: the engine interface, its one event type, option
validation, the illegal-move error and RNG state in JSON.

No pygame here: rules engines import this module and stay pure.

The interface (`Engine`) is what the tables, the computers, simulations, the bench,
replays and the conformance test (tests/test_conformance.py) all call: each game's
engine class implements it itself, with no wrapper, so a game is played one way
everywhere. Each game's rules module offers `new_engine(seed, options=None, seats=None)`.
A move names its seat (`apply(move)`, one argument). The table is a seat of the engine
too: `table_move()` is its move now (the deal of the next hand or round), applied
through the same `apply`. A real-time game's engine is also `Clocked`: every seat may
move at once, so `to_move()` names them all; a seat's move is queued and the table's
clock move (`clock_move(step)`) applies the step's moves in a fair order. Every engine
holds the whole game (rounds or hands to a target).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeGuard, TypeVar, cast, runtime_checkable

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


class IllegalMove(Exception):
    """A move the rules refuse. `reason` is a short sentence a table can show."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Event:
    """Something that happened, for the notes, the sounds, animations and logs: the one
    event type every engine's apply() returns.

    `kind` is a short name ("draw", "discard", "capture"...), `seat` who did it (None
    for the table itself), `data` the details in the game's own terms. A game whose
    events have fixed details derives a frozen dataclass from Event (its fields are the
    details: Gnono, Nerts); the others report `Details` (Gin, Go-Stop).
    Code shared by the games reads only kind, seat, data and get.
    """
    __slots__ = ()
    kind: str
    seat: int | None

    @property
    def data(self) -> Mapping[str, Any]:
        raise NotImplementedError

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass(slots=True)
class Details(Event):
    """An Event told by its kind, seat and a mapping of details. (Not frozen: its
    data is a dict anyway, and a frozen init costs Gin's random play 5% of its speed.)"""
    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)


@runtime_checkable
class Engine(Protocol):
    """One game's whole state, as a table holds it (a Gin match, a Gnono game...)."""

    @property
    def n_seats(self) -> int: ...

    def to_move(self) -> tuple[int, ...]:
        """The seats that may move now (all of them in Nerts; none once over)."""

    # A move and a view are each game's own types: Any here, where four games meet.
    def legal_moves(self, seat: int) -> list[Any]:
        """Every move of `seat` that apply() accepts now; [] for a seat not to move."""

    def apply(self, move: Any) -> Sequence[Event]:
        """Carry out a move: its events, or IllegalMove and no change at all. A move
        names the seat that makes it (move.seat) where it has one; a move of a seat
        not to move, or of no game of this kind, is an IllegalMove too. (A Sequence:
        an engine returns a list of its own Event type, which Gnono's and Nerts'
        derive, and a list of those is no list[Event] one could add any Event to.)"""

    def view(self, seat: int) -> Any:
        """What `seat` may see: an object that compares equal for equal knowledge."""

    def is_over(self) -> bool: ...

    def table_move(self) -> Any | None:
        """The move the table itself makes now, if any: the deal of the next hand or
        round once one is finished (None while one is played, and once the whole game
        is over). The shared table, the host and the bench apply it; no game is named."""

    def scores(self) -> list[int]:
        """Each seat's score so far, in the game's own unit."""

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Engine:
        """The state back from to_json; ValueError with a clear reason if damaged."""

    def copy(self) -> Engine: ...

    def check_invariants(self) -> None:
        """AssertionError if the state is impossible (a card made or lost...)."""

    def redeal_hidden(self, seat: int, rng: random.Random) -> Engine:
        """A copy in which every card `seat` cannot see is dealt anew among the places
        it cannot see (each place keeps its size): equal views, other hidden cards."""


EVERYONE = -1        # whose turn in a real-time round: every seat plays at once


@runtime_checkable
class Clocked(Protocol):
    """A real-time engine (its GameSpec has a clock_rate): the seats' moves are queued
    and the table's clock applies them, step by step."""

    def clock_step(self) -> int:
        """The clock's step now."""

    def clock_move(self, step: int) -> Any | None:
        """The table's move that brings the clock to `step` and applies the moves queued
        (`step` the step now: at once, no time passing); None when no clock runs or
        there is nothing to do."""


def apply_now(engine: Engine, move: Any) -> list[Event]:
    """Apply a move at once: a real-time engine queues a seat's move for the step on,
    so the clock's move at the step now follows it (the moves are taken in the order
    they come: the first card to a foundation wins). A turn game's apply alone."""
    events = list(engine.apply(move))
    if isinstance(engine, Clocked):
        settle = engine.clock_move(engine.clock_step())
        if settle is not None:
            events += engine.apply(settle)
    return events


def advance_clock(engine: Engine, step: int) -> list[Event]:
    """A real-time engine's clock brought to `step` (nothing if it stands there or no
    clock runs); the turn games have none."""
    if isinstance(engine, Clocked):
        move = engine.clock_move(step)
        if move is not None:
            return list(engine.apply(move))
    return []


# options: one style of validation for every game ----------------------------------

class OptionError(ValueError):
    """An option value the game refuses; the message says which and why."""


@dataclass(frozen=True)
class Choice:
    """An option whose value is one of `values` (True/False for a switch)."""
    values: Sequence[Any]

    def check(self, name: str, value: Any) -> None:
        # bool is an int in Python: True must not pass for 1, nor 1 for True
        if not any(value == v and type(value) is type(v) for v in self.values):
            shown = ", ".join(repr(v) for v in self.values)
            raise OptionError(f"option {name} must be one of {shown}, not {value!r}")


@dataclass(frozen=True)
class IntRange:
    """A whole-number option from lo to hi (inclusive)."""
    lo: int
    hi: int

    def check(self, name: str, value: Any) -> None:
        if not is_int(value) or not self.lo <= value <= self.hi:
            raise OptionError(
                f"option {name} must be a whole number from {self.lo} to {self.hi}, not {value!r}")


SWITCH = Choice((False, True))


class Rule(Protocol):
    """What RuleOptions.validate asks of an option's rule (Choice, IntRange, a game's own)."""

    def check(self, name: str, value: Any) -> None: ...


RuleOptionsT = TypeVar("RuleOptionsT", bound="RuleOptions")


class RuleOptions:
    """What every game's rules options share (GinOptions, GnonoOptions, Go-Stop's and
    Nerts' Options): a dataclass of plain values whose rules, `spec`, the class names
    (`class GinOptions(RuleOptions, spec=SPEC)`). It is checked when built and when
    read from a save, and written as a JSON object of its fields, one way for all."""
    SPEC: ClassVar[Mapping[str, Rule]]

    def __init_subclass__(cls, *, spec: Mapping[str, Rule], **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.SPEC = spec

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """OptionError (a ValueError) naming the first field set to nonsense; a field
        with no rule in SPEC is a programming error (KeyError)."""
        for name in self.field_names():
            rule = self.SPEC.get(name)
            if rule is None:
                raise KeyError(f"option {name} has no validation rule")
            rule.check(name, getattr(self, name))

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.field_names()}

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The options' names, in their order (a subclass is a dataclass, which the
        class statement of RuleOptions cannot say to mypy)."""
        return tuple(f.name for f in fields(cast("type[DataclassInstance]", cls)))

    @classmethod
    def from_json(cls: type[RuleOptionsT], data: object) -> RuleOptionsT:
        """Options from a save or the options file: unknown keys refused, missing ones
        default, every value checked (OptionError)."""
        if not isinstance(data, dict):
            raise OptionError(f"options must be a JSON object, not {type(data).__name__}")
        unknown = sorted(set(data) - set(cls.field_names()))
        if unknown:
            raise OptionError(f"unknown option {unknown[0]}")
        return cls(**data)


DataT = TypeVar("DataT")
ResultT = TypeVar("ResultT")


# saves -------------------------------------------------------------------------------

def rng_state_to_json(rng: random.Random) -> list[Any]:
    """The state of a random.Random as plain JSON lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: object) -> random.Random:
    """A random.Random restored from rng_state_to_json's output; ValueError for anything
    else (a damaged save must be refused, never crash the loader)."""
    if not isinstance(data, (list, tuple)) or len(data) != 3:
        raise ValueError("bad random state")
    version, internal, gauss = data
    if version != 3 or not is_int(version):
        raise ValueError("bad random state version")
    if (not isinstance(internal, (list, tuple)) or len(internal) != 625
            or not all(is_int(x) and 0 <= x < 2 ** 32 for x in internal) or internal[-1] > 624):
        raise ValueError("bad random state words")
    if gauss is not None and not isinstance(gauss, float):
        raise ValueError("bad random state gauss")
    rng = random.Random()
    rng.setstate((3, tuple(internal), gauss))
    return rng


def is_int(v: object) -> TypeGuard[int]:
    """A whole number in a save, and not a boolean (JSON true is no count)."""
    return isinstance(v, int) and not isinstance(v, bool)


def read_guarded(read: Callable[[DataT], ResultT], data: DataT, what: str) -> ResultT:
    """read(data) for a from_json: any slip on damaged data (a missing key, a wrong
    type) becomes the one ValueError saves are refused with."""
    try:
        return read(data)
    except ValueError:
        raise
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise ValueError(f"bad {what}: {e!r}") from None
