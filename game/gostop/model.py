"""What the Go-Stop table shows, apart from pygame: a `Model` of the cards (the live
state, or a moment in the middle of a turn while its cards move) and a `Stage`, one
moment of a turn's playback. table_layout.Layout places a model's cards in pixels."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Model:
    hands: list
    table: list
    captures: list
    stock: int

    @classmethod
    def of(cls, state) -> Model:
        return cls([h[:] for h in state.hands], state.table[:],
                   [c[:] for c in state.captures], len(state.stock))

    def copy(self) -> Model:
        return Model([h[:] for h in self.hands], self.table[:],
                     [c[:] for c in self.captures], self.stock)


@dataclass
class Stage:
    """One moment of a turn's playback: the table as `model`, maybe a card moving
    (card, from Rect, to Rect), cards framed, a note and a sound at its start."""
    model: Model
    steps: int
    moving: tuple | None = None
    marks: frozenset = frozenset()
    note: str | None = None
    cue: str | None = None
    seat: int | None = None       # whose move it shows (the controller sets it)
    t: int = 0
    layout: Any = field(default=None, repr=False)
