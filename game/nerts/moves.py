"""Nerts moves and events: small frozen values shared by the rules, the AI and the table.

A move names a source and a destination the way the table's keys do:
- sources: "pile", "waste", "column" (with `col` 0..3);
- destinations: "found" (the Scoring Area; `to` = a foundation index, or None for
  "wherever it fits" - the engine picks), "column" (`to` = column 0..3).
Plus three moves without a card: "flip" (three cards, or one with the option, from
the Stack to the waste; on an empty Stack it turns the waste over), "turn" (turn the
waste over into the Stack) and "vote" (agree to a standstill rotation).

A `Move` names no seat. The game's engine (game/nerts/rules.py's Game.apply) takes
moves that name their seat, `Seated(seat, move)` (queued for the clock step on), and
the table's own moves: `Step` (the clock: the step's queued moves are applied in a
fair order), `Race` (a replay's record of such an order being drawn), `ScoreRound`
and `NextRound` (between rounds).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game import engine
from game.cards import Card
from game.engine import is_int

PLAY, FLIP, TURN, VOTE = "play", "flip", "turn", "vote"
PILE, WASTE, COLUMN = "pile", "waste", "column"
FOUND = "found"
KINDS = (PLAY, FLIP, TURN, VOTE)
SOURCES = (PILE, WASTE, COLUMN)
DESTS = (FOUND, COLUMN)
NUM_COLUMNS = 4


@dataclass(frozen=True, slots=True)
class Move:
    kind: str
    src: str | None = None      # PILE | WASTE | COLUMN (kind PLAY only)
    col: int | None = None      # source column when src is COLUMN
    dst: str | None = None      # FOUND | COLUMN
    to: int | None = None       # foundation index (None = wherever it fits) or column
    count: int | None = None    # column to column: cards from the top part (None = whole)

    # --- constructors named like the table's keys -------------------------------
    @classmethod
    def to_scoring(cls, src: str, col: int | None = None, foundation: int | None = None) -> Move:
        """Pile / waste / column top to the Scoring Area (a given foundation or anywhere)."""
        return cls(PLAY, src, col, FOUND, foundation)

    @classmethod
    def to_column(cls, src: str, dest_col: int, col: int | None = None,
                  count: int | None = None) -> Move:
        """Pile / waste top, or a column (whole, or `count` top cards with "move runs"),
        onto column `dest_col`."""
        return cls(PLAY, src, col, COLUMN, dest_col, count)

    @classmethod
    def flip(cls) -> Move:
        return cls(FLIP)

    @classmethod
    def turn(cls) -> Move:
        return cls(TURN)

    @classmethod
    def vote(cls) -> Move:
        return cls(VOTE)

    # --- JSON --------------------------------------------------------------------
    def to_json(self) -> dict:
        d = {"kind": self.kind}
        for name in ("src", "col", "dst", "to", "count"):
            v = getattr(self, name)
            if v is not None:
                d[name] = v
        return d

    @classmethod
    def from_json(cls, d) -> Move:
        if not isinstance(d, dict) or d.get("kind") not in KINDS:
            raise ValueError(f"bad move {d!r}")
        m = cls(d["kind"], d.get("src"), d.get("col"), d.get("dst"), d.get("to"), d.get("count"))
        m.check_shape()
        return m

    def check_shape(self) -> None:
        """Raise ValueError when the move is malformed (not merely illegal now)."""
        if self.kind not in KINDS:
            raise ValueError(f"bad move kind {self.kind!r}")
        if self.kind != PLAY:
            if any(v is not None for v in (self.src, self.col, self.dst, self.to, self.count)):
                raise ValueError(f"{self.kind} takes no source or destination")
            return
        if self.src not in SOURCES:
            raise ValueError(f"bad source {self.src!r}")
        if self.src == COLUMN:
            if not (is_int(self.col) and 0 <= self.col < NUM_COLUMNS):
                raise ValueError(f"bad source column {self.col!r}")
        elif self.col is not None:
            raise ValueError("only a column source has a column index")
        if self.dst not in DESTS:
            raise ValueError(f"bad destination {self.dst!r}")
        if self.dst == COLUMN:
            if not (is_int(self.to) and 0 <= self.to < NUM_COLUMNS):
                raise ValueError(f"bad destination column {self.to!r}")
        elif self.to is not None and not (is_int(self.to) and self.to >= 0):
            raise ValueError(f"bad foundation index {self.to!r}")
        if self.count is not None:
            if not (self.src == COLUMN and self.dst == COLUMN):
                raise ValueError("a count is for column to column moves only")
            if not (is_int(self.count) and self.count >= 1):
                raise ValueError(f"bad count {self.count!r}")

    def __str__(self) -> str:
        if self.kind != PLAY:
            return self.kind
        src = f"column {self.col + 1}" if self.src == COLUMN else self.src
        if self.dst == FOUND:
            dst = "scoring area" if self.to is None else f"foundation {self.to}"
        else:
            dst = f"column {self.to + 1}"
        n = f" ({self.count} cards)" if self.count else ""
        return f"{src}{n} -> {dst}"


@dataclass(frozen=True, slots=True)
class Seated:
    """`move` made by `seat`: queued by the game's engine (rules.py's Game.apply) for
    the clock step on, and applied when the table's `Step` ends that step."""
    seat: int
    move: Move

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.move}"


@dataclass(frozen=True, slots=True)
class Step:
    """The table's clock (no seat): the moves queued in the step on are applied, the
    seats in a fair order (drawn from the round's random state when two or more have
    moves queued; a seat's own in the order they came), and the clock then stands at
    step `to`: by default the next one; a later one jumps over steps where nobody
    moved; the step on itself applies the queue with no time passing."""
    to: int | None = None


@dataclass(frozen=True, slots=True)
class Race:
    """The seats whose moves were queued in one step (two or more): applied, the
    order a `Step` draws for them is drawn again and nothing else happens. A replay
    records a raced step as its Race and then its moves in the order they were applied."""
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScoreRound:
    """Score the finished round (the table shows the scores before the next is dealt;
    any seat, or None: the table)."""
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round, the finished one scored first if it is not yet (any seat,
    or None: the table)."""
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Event(engine.Event):
    """What happened, for the table's animations, sounds and log: the engines' one
    Event type, its details as fields (`data` gives them as JSON: cards as "7H@2").

    kinds:
      card_moved         seat, cards (bottom..top), src/src_index -> dst/dst_index
      foundation_started seat, cards=(ace,), dst_index
      foundation_done    seat, cards=(king,), dst_index        (a foundation reached king)
      pile_turned        seat, cards=(new top,)                (next Pile card face up)
      column_refilled    seat, cards=(card,), dst_index=column (empty column from the Pile)
      flipped            seat, cards (in the order they landed; last is the waste top)
      waste_turned       seat, value = cards turned back into the Stack
      gnerts             seat                                  (last Pile card played)
      pile_emptied       seat        (last Pile card played in a drill that plays on)
      vote               seat, value = seats agreeing so far
      votes_cleared      seat = who played (votes are dropped when anyone plays a card)
      rotation           value = rotation number (1..3)
      round_over         reason "gnerts" | "standstill", seat = caller or None
      refused            seat, move, reason, cards = card(s) that go back to src
      race               seats = the seats whose queued moves a step ordered (2 or more)
    The game's engine adds its own, as game.engine.Details: round_scored {scores,
    totals}, game_over (seat: the winner) {totals}, round_dealt {round, deal_no}.
    """
    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    src: str | None = None
    src_index: int | None = None
    dst: str | None = None
    dst_index: int | None = None
    value: int | None = None
    reason: str = ""
    move: Move | None = field(default=None)
    seats: tuple[int, ...] = ()

    @property
    def data(self) -> dict[str, Any]:
        """The details as JSON (cards as "7H@2" tokens)."""
        data: dict[str, Any] = {name: getattr(self, name) for name in
                                ("src", "src_index", "dst", "dst_index", "value")
                                if getattr(self, name) is not None}
        if self.seats:
            data["seats"] = list(self.seats)
        if self.cards:
            data["cards"] = [f"{c}@{c.deck}" for c in self.cards]
        if self.reason:
            data["reason"] = self.reason
        if self.move is not None:
            data["move"] = self.move.to_json()
        return data

    def __str__(self) -> str:
        parts = [self.kind]
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        if self.cards:
            parts.append(" ".join(str(c) for c in self.cards))
        if self.src:
            parts.append(f"from {self.src}{'' if self.src_index is None else f' {self.src_index}'}")
        if self.dst:
            parts.append(f"to {self.dst}{'' if self.dst_index is None else f' {self.dst_index}'}")
        if self.value is not None:
            parts.append(f"({self.value})")
        if self.move is not None:
            parts.append(f"[{self.move}]")
        if self.seats:
            parts.append("seats " + " ".join(map(str, self.seats)))
        if self.reason:
            parts.append(f": {self.reason}")
        return " ".join(parts)
