"""Where everything sits on the 640x480 Nerts table (small cards, 29x39).

    row 0            status: round, target, standstill; notes
    y  16..215       the two far seats (or one, centred)
    y 216..263       the shared Scoring Area: up to 16 foundations in one row
    y 264..463       the two near seats (or one, centred)
    row 29           the key bar

A seat's panel is 320x200: a name line, a key line (the human's key over each pile),
then the cards: Pile, four columns (13 cards overlapped by 10-11 px fit), Stack,
waste fanned.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.card_art import card_size

CARD_W, CARD_H = card_size("small")
PANEL_W, PANEL_H = 320, 200
TOP_Y, BAND_Y, BOTTOM_Y = 16, 216, 264
BAND_H = 48
COLUMN_AREA = PANEL_H - 32          # card area height under the two text lines
OVERLAP = 11                        # a column card shows its top strip (rank and suit)
MIN_OVERLAP = 10                    # the rank is still whole
FAN = 9                             # waste cards fanned sideways
FOUND_STEP = CARD_W + 2

PILE_DX, COL_DX, COL_STEP, STACK_DX, WASTE_DX = 6, 44, 33, 212, 248
MAX_FAN = 3


@dataclass(frozen=True)
class SeatBox:
    x: int
    y: int

    @property
    def cards_y(self) -> int:
        return self.y + 32

    def pile(self) -> tuple[int, int]:
        return self.x + PILE_DX, self.cards_y

    def column(self, i: int) -> tuple[int, int]:
        return self.x + COL_DX + i * COL_STEP, self.cards_y

    def stack(self) -> tuple[int, int]:
        return self.x + STACK_DX, self.cards_y

    def waste(self, k: int = 0) -> tuple[int, int]:
        """Position of the k-th shown waste card from the left (top card rightmost)."""
        return self.x + WASTE_DX + k * FAN, self.cards_y


def panel_origins(seats: int) -> list[tuple[int, int]]:
    """Top-left corner of each seat's panel. Seat 0 (the first human) is near, bottom
    left or centre; with four seats, seats 0 and 1 share the near row (left and right
    hands of a hot-seat game)."""
    centre = (640 - PANEL_W) // 2
    if seats == 1:                     # a drill
        return [(centre, BOTTOM_Y)]
    if seats == 2:
        return [(centre, BOTTOM_Y), (centre, TOP_Y)]
    if seats == 3:
        return [(centre, BOTTOM_Y), (0, TOP_Y), (PANEL_W, TOP_Y)]
    return [(0, BOTTOM_Y), (PANEL_W, BOTTOM_Y), (0, TOP_Y), (PANEL_W, TOP_Y)]


def seat_boxes(seats: int) -> list[SeatBox]:
    return [SeatBox(x, y) for x, y in panel_origins(seats)]


def overlap(n: int) -> int:
    """Vertical step between the cards of a column of n cards (fits the panel)."""
    if n <= 1:
        return OVERLAP
    return max(MIN_OVERLAP, min(OVERLAP, (COLUMN_AREA - CARD_H) // (n - 1)))


def column_card(box: SeatBox, col: int, k: int, n: int) -> tuple[int, int]:
    """Top-left of the k-th card (0 = bottom of the column, drawn first) of n."""
    x, y = box.column(col)
    return x, y + k * overlap(n)


def foundations_x0(count: int) -> int:
    return (640 - count * FOUND_STEP + 2) // 2


def foundation(index: int, count: int) -> tuple[int, int]:
    return foundations_x0(count) + index * FOUND_STEP, BAND_Y + 3
