"""What one Gnono seat may see (GnonoView: the computers and the coach get only this)
and the matching rule the state and the view share. No pygame here."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.gnono.cards import Card
from game.gnono.moves import Move
from game.gnono.options import GnonoOptions


@dataclass(frozen=True)
class GnonoView:
    """What one seat may see. Computer players get only this."""
    seat: int
    n_players: int
    hand: tuple[Card, ...]
    top: Card
    color: str
    direction: int
    current: int
    phase: str
    counts: tuple[int, ...]            # every seat's number of cards
    seen: tuple[Card, ...]             # cards played face up this round, in order (a card
    #                                    reshuffled and played again shows twice)
    scores: tuple[int, ...]
    dealer: int
    pending_draw: int                  # stacked penalty waiting (stacking option)
    drawn_card: Card | None            # the card I just drew (phase drawn, my turn)
    uno_window: int | None             # seat that may be caught right now
    uno_called: tuple[bool, ...]
    last_drew_on: tuple[str | None, ...]   # colour each seat last drew on (None once it plays)
    wd4_seat: int | None               # who played the Wild Draw Four being decided
    wd4_prev_color: str | None         # the colour before that Wild Draw Four
    draw_pile_size: int
    options: GnonoOptions
    legal: tuple[Move, ...] = ()       # my legal moves right now
    # per seat, this game: challenges of its Wild Draw Fours found (guilty, not guilty)
    wd4_record: tuple[tuple[int, int], ...] = ()
    discards: tuple[Card, ...] = ()    # the discard pile now, bottom to top (out of play)
    round_no: int = 1                  # the round being played (the table's title line)

    def next_seat(self, seat: int | None = None, k: int = 1) -> int:
        s = self.seat if seat is None else seat
        return (s + self.direction * k) % self.n_players

    def matches(self, card: Card) -> bool:
        return card_matches(card, self.top, self.color)


def card_matches(card: Card, top: Card, color: str) -> bool:
    """Matching by colour, number or symbol, or any Wild."""
    if card.color in ("W", color):
        return True
    return top.color != "W" and card.face == top.face


def card_points(cards: Iterable[Card]) -> int:
    return sum(c.points for c in cards)
