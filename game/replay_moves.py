"""Moves as JSON for replays, for games whose moves are frozen dataclasses (Gin,
Go-Stop...): {"t": class name, field: value...}, where a value is a number, a string,
a boolean, None, a tuple (a JSON list, read back as a tuple) or a tagged value of a
type the game names (its cards: {"card": ...}); and the codec functions those games
share (`recorded`, `apply`: see game/replays.py). No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

from game.engine import Engine, Event

EngineT = TypeVar("EngineT")


def whole_engine(engine: EngineT) -> EngineT:
    """A codec's `recorded` where a replay records the game's whole engine (all but Nerts)."""
    return engine


def apply_move(engine: Engine, step: int, seat: int, move: Any) -> list[Event]:
    """A codec's `apply` where a move names its seat: the live table's one path."""
    return engine.apply(move)


class DataclassMoves:
    """move_to_json / move_from_json for a game's move classes.

    tagged: {tag: (type, to_json, from_json)} for the values that are not plain JSON
    (from_json raises ValueError on a damaged value)."""

    def __init__(self, classes: Iterable[type],
                 tagged: dict[str, tuple[type, Callable[[Any], Any], Callable[[Any], Any]]]):
        self.classes = {c.__name__: c for c in classes}
        assert all(is_dataclass(c) for c in self.classes.values())
        self.tagged = tagged

    def _value(self, v: Any) -> Any:
        if v is None or isinstance(v, (bool, int, str)):
            return v
        if isinstance(v, (tuple, list)):
            return [self._value(x) for x in v]
        for tag, (typ, to_json, _) in self.tagged.items():
            if isinstance(v, typ):
                return {tag: to_json(v)}
        raise TypeError(f"a move holds a value replays cannot write: {v!r}")

    def _read(self, d: Any) -> Any:
        if d is None or isinstance(d, (bool, int, str)):
            return d
        if isinstance(d, list):
            return tuple(self._read(x) for x in d)
        if isinstance(d, dict) and len(d) == 1:
            (tag, inner), = d.items()
            if tag in self.tagged:
                return self.tagged[tag][2](inner)
        raise ValueError(f"not a move's value: {d!r}")

    def to_json(self, move: Any) -> dict:
        name = type(move).__name__
        if self.classes.get(name) is not type(move):
            raise TypeError(f"not a move of this game: {move!r}")
        return {"t": name, **{f.name: self._value(getattr(move, f.name)) for f in fields(move)}}

    def from_json(self, d: Any) -> Any:
        if not isinstance(d, dict) or d.get("t") not in self.classes:
            raise ValueError(f"not a move: {d!r}")
        cls = self.classes[d["t"]]
        names = {f.name for f in fields(cls)}
        if set(d) - {"t"} != names:
            raise ValueError(f"a {cls.__name__} with other fields: {sorted(d)}")
        try:
            return cls(**{k: self._read(v) for k, v in d.items() if k != "t"})
        except TypeError as exc:
            raise ValueError(str(exc)) from None
