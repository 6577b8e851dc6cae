"""The moves of Gin Rummy (see game/gin/rules.py for what each may do). No pygame here."""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card


@dataclass(frozen=True)
class SeatMove:
    """A move that is its seat's word alone: the classes below that add no field."""
    seat: int


class TakeUpcard(SeatMove):
    """Take the upcard (the first-upcard offer, or a turn's draw)."""


class DrawStock(SeatMove):
    """Draw the top card of the Stock."""


class Pass(SeatMove):
    """Decline the first upcard, or decline to go out at the end of the Stock."""


@dataclass(frozen=True)
class Discard:
    seat: int
    card: Card


@dataclass(frozen=True)
class GoOut:
    """Gin or knock: discard `discard` (face down) and lay down `melds`
    (None: the least-deadwood arrangement). Gin when nothing is unmatched."""
    seat: int
    discard: Card | None            # None: Big Gin, all 11 cards in groups (a variant)
    melds: tuple[tuple[Card, ...], ...] | None = None


@dataclass(frozen=True)
class LayDown:
    """The defender's melds and lay-offs after the other player went out.
    melds None: the best arrangement; layoffs None: the best lay-offs
    (after gin: none). Both None: the least deadwood over both together."""
    seat: int
    melds: tuple[tuple[Card, ...], ...] | None = None
    layoffs: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class NextHand:
    """Deal the next hand (phase hand_over)."""
    seat: int | None = None


class Redeal(SeatMove):
    """GIN!'s F7: throw this hand in before anyone goes out; same dealer, no score."""


Move = TakeUpcard | DrawStock | Pass | Discard | GoOut | LayDown | NextHand | Redeal
