"""What the games' net codecs (game/<game>/net_codec.py) share: checked reading of the
fields of a seat's view from JSON, and the events of a move as one seat may read them.

Every reader raises ValueError with the field's name and what was wrong, never another
exception, whatever JSON value it is given: a damaged or hostile message is refused,
never half read. No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, TypeVar

from game.engine import Event, RuleOptionsT, is_int, read_guarded

T = TypeVar("T")

MAX_LIST = 200      # no list of a view is longer, unless its reader says


def fields(data: Any, keys: Collection[str], what: str) -> dict[str, Any]:
    """`data` as a JSON object with exactly these keys."""
    if not isinstance(data, dict):
        raise ValueError(f"bad {what}: a JSON object expected, not {type(data).__name__}")
    if set(data) != set(keys):
        odd = sorted(set(map(str, data)) ^ set(keys))
        raise ValueError(f"bad {what}: the keys differ at {', '.join(odd[:3])}")
    return data


def number(v: Any, lo: int, hi: int, what: str) -> int:
    if not (is_int(v) and lo <= v <= hi):
        raise ValueError(f"bad {what}: a whole number from {lo} to {hi} expected, not {v!r:.40}")
    return v


def flag(v: Any, what: str) -> bool:
    if not isinstance(v, bool):
        raise ValueError(f"bad {what}: true or false expected")
    return v


def one_of(v: Any, choices: Collection[Any], what: str) -> Any:
    if not isinstance(v, (str, int)) or isinstance(v, bool) or v not in choices:
        raise ValueError(f"bad {what}: {v!r:.40}")
    return v


def items(v: Any, what: str, read: Callable[[Any, str], T], most: int = MAX_LIST) -> tuple[T, ...]:
    """A JSON list read item by item."""
    if not isinstance(v, list) or len(v) > most:
        raise ValueError(f"bad {what}: a list of at most {most} expected")
    return tuple(read(x, what) for x in v)


def optional(v: Any, what: str, read: Callable[[Any, str], T]) -> T | None:
    return None if v is None else read(v, what)


def options(v: Any, cls: type[RuleOptionsT], what: str = "options") -> RuleOptionsT:
    """A game's options dataclass (it checks its values when made: OptionError, a
    ValueError), every one of its fields given: a save may leave some out to take
    their defaults, a view is written whole."""
    return cls(**fields(v, cls.field_names(), what))


def guarded(read: Callable[[Any], T], data: Any, what: str) -> T:
    """read(data) with any slip a reader missed turned into the one ValueError
    (game.engine.read_guarded), and lists nested too deep for a reader that recurses
    (a move's values) refused; the readers above raise ValueError themselves."""
    try:
        return read_guarded(read, data, what)
    except RecursionError:
        raise ValueError(f"bad {what}: nested too deep") from None


def events_for(events: Sequence[Event], seat: int, withheld: Mapping[str, tuple[str, ...]],
               game: str, detail: Callable[[Any], Any] = lambda v: v) -> list[dict[str, Any]]:
    """The events of one apply() as JSON ({kind, seat, data}, each detail through
    `detail`), less the details `withheld[kind]` from every seat but the event's own.
    A kind `withheld` does not name is a ValueError: a new event must be looked at
    before it travels."""
    out = []
    for e in events:
        if e.kind not in withheld:
            raise ValueError(f"{game} event {e.kind!r} has no network form")
        hide = () if e.seat == seat else withheld[e.kind]
        out.append({"kind": e.kind, "seat": e.seat,
                    "data": {k: detail(v) for k, v in e.data.items() if k not in hide}})
    return out
