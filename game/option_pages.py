"""Options declared on pages: an option (Opt) with its allowed values and how each
reads, and a page of them (OptionPage). The shell's pages and each game's settings
module declare theirs with choice, flag, colour, number and text; game/options.py
collects them all. An option whose value goes unused while other options say so (a
knock limit that a rule sets instead) declares it (`overruled`): the options program
then shows what its line means now, and Left/Right beep with why. No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import palette


@dataclass(frozen=True)
class Overruled:
    """An option's value unused now: what its line reads instead ("The 1st upcard
    (Oklahoma)"), and why it cannot be changed here, with the way to change it."""
    shown: str
    why: str


def value_colour(selected: bool, overruled: bool) -> int:
    """The colour of an option's value on its line (the options program, a set-up
    screen): yellow, black on the highlight; an overruled one dimmed."""
    if overruled:
        return palette.BLUE if selected else palette.LIGHT_GREY
    return palette.BLACK if selected else palette.YELLOW


@dataclass
class Opt:
    key: str
    label: str
    default: Any
    values: Sequence | None = None     # the allowed values, in flip order
    labels: Sequence[str] | None = None  # how each value reads on screen
    max_len: int = 0                   # text options: the longest text allowed
    hint: str = ""
    chars: str = ""                    # text options: the only characters taken ("": any printable)
    # the options -> Overruled while the others leave this value unused (None: it is used)
    overruled: Callable[[Mapping[str, Any]], Overruled | None] | None = None

    def overruled_by(self, options: Mapping[str, Any]) -> Overruled | None:
        """Overruled when the other options leave this value unused now, else None."""
        return self.overruled(options) if self.overruled else None

    def takes(self, ch: str) -> bool:
        """A character typed on this text option is kept."""
        return ch.isprintable() and (not self.chars or ch in self.chars)

    def is_text(self) -> bool:
        return self.values is None

    def validate(self, value: Any) -> Any:
        if self.is_text():
            if not isinstance(value, str) or len(value) > self.max_len or not all(map(self.takes, value)):
                raise ValueError(f"{self.key}: not a text of at most {self.max_len} characters")
            return value
        # bools are ints in Python: compare type as well, so true != 1 in the file
        for v in self.values:
            if type(v) is type(value) and v == value:
                return v
        raise ValueError(f"{self.key}: {value!r} is not one of the choices")

    def text(self, value: Any) -> str:
        if self.is_text():
            return value
        i = list(self.values).index(value)
        return self.labels[i] if self.labels else str(value)

    def step(self, value: Any, delta: int) -> Any:
        if self.is_text():
            return value
        vals = list(self.values)
        i = vals.index(value) if value in vals else 0
        return vals[(i + delta) % len(vals)]


def choice(key: str, label: str, default: Any, values: Sequence, labels: Sequence[str] | None = None,
           hint: str = "") -> Opt:
    return Opt(key, label, default, list(values), list(labels) if labels else None, hint=hint)


def flag(key: str, label: str, default: bool, hint: str = "",
         overruled: Callable[[Mapping[str, Any]], Overruled | None] | None = None) -> Opt:
    return Opt(key, label, default, [False, True], ["Off", "On"], hint=hint, overruled=overruled)


def colour(key: str, label: str, default: int, hint: str = "") -> Opt:
    return Opt(key, label, default, list(range(16)), palette.NAMES, hint=hint)


def number(key: str, label: str, default: int, lo: int, hi: int, step: int = 1, hint: str = "",
           overruled: Callable[[Mapping[str, Any]], Overruled | None] | None = None) -> Opt:
    return Opt(key, label, default, list(range(lo, hi + 1, step)), hint=hint, overruled=overruled)


def text(key: str, label: str, default: str, max_len: int, hint: str = "", chars: str = "") -> Opt:
    return Opt(key, label, default, max_len=max_len, hint=hint, chars=chars)


@dataclass
class OptionPage:
    title: str
    opts: list[Opt]
    preview: Callable | None = None  # preview(canvas, options, row): the result, from the first free row
    help: list[str] = field(default_factory=list)
