"""What one Gin seat may see (GinView): the computers, the coach and the table's
drawing decide from this alone. No pygame here."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cards import Card
from game.gin.moves import Move
from game.gin.options import GinOptions
from game.gin.scores import GameScore, HandRecord


@dataclass(frozen=True)
class GinView:
    """What one seat may see. Computer players decide from this alone."""
    seat: int
    phase: str
    turn: int
    dealer: int
    hand_no: int
    hand: tuple[Card, ...]       # own cards, sorted
    pile: tuple[Card, ...]       # the discard pile, bottom first; pile[-1] is the upcard
    stock_size: int
    opponent_hand_size: int
    knock_value: int             # 0: gin only (options.gin_only_rule says why)
    doubled: bool                # Oklahoma spade
    first_upcard: Card
    stock_end: bool              # taking the upcard is allowed only to go out
    taken_upcard: Card | None # the upcard this seat just took (may not discard it)
    my_taken: tuple[Card, ...]   # cards this seat was seen to take from the pile
    opp_taken: tuple[Card, ...]  # cards the opponent was seen to take from the pile
    my_discards: tuple[Card, ...]
    opp_discards: tuple[Card, ...]
    opp_passed: tuple[Card, ...] # upcards the opponent declined (drew the Stock instead)
    legal_moves: tuple[Move, ...]
    options: GinOptions
    games: tuple[GameScore, ...]  # copies
    wins: tuple[int, ...]        # hands won in the match, per seat
    # laid down cards, once shown
    out_seat: int | None = None
    out_kind: str | None = None
    out_melds: tuple[tuple[Card, ...], ...] = ()
    out_unmatched: tuple[Card, ...] = ()
    out_discard: Card | None = None          # only when the hand is over
    opp_hand: tuple[Card, ...] | None = None  # only when the hand is over
    defense: dict[str, Any] | None = None    # after the lay-down
    last_record: HandRecord | None = None

    @property
    def upcard(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def opponent(self) -> int:
        return 1 - self.seat
