"""Where things sit on the Gnono table (640x480): the seats round the table in play
order, the piles in the middle, the bottom seat's hand with its scrolling.

The seat at the bottom is the one whose hand is shown; the others follow it
clockwise (to its left first): up the left side, along the top, down the right.
"""
from __future__ import annotations

import pygame

from .card_art import SIZES

SEAT_COLS, SEAT_ROWS = 16, 5                 # a seat's box in cells
SEAT_W, SEAT_H = SEAT_COLS * 8, SEAT_ROWS * 16
# slot name -> top-left cell, in clockwise order from the bottom seat's left
SLOTS = {"L2": (0, 12), "L1": (0, 7), "T1": (0, 1), "T2": (16, 1), "T3": (32, 1),
         "T4": (48, 1), "T5": (64, 1), "R1": (64, 7), "R2": (64, 12)}
SLOT_CHOICE = {
    1: ("T3",),
    2: ("T2", "T4"),
    3: ("L1", "T3", "R1"),
    4: ("L1", "T2", "T4", "R1"),
    5: ("L1", "T2", "T3", "T4", "R1"),
    6: ("L2", "L1", "T2", "T4", "R1", "R2"),
    7: ("L2", "L1", "T2", "T3", "T4", "R1", "R2"),
    8: ("L2", "L1", "T1", "T2", "T4", "T5", "R1", "R2"),
    9: ("L2", "L1", "T1", "T2", "T3", "T4", "T5", "R1", "R2"),
}
CARD_W, CARD_H = SIZES["normal"]
SMALL_W, SMALL_H = SIZES["small"]
FAN_W = 76                                   # the width a seat's fan of backs may take
DRAW_RECT = pygame.Rect(206, 142, CARD_W, CARD_H)
DISCARD_RECT = pygame.Rect(262, 142, CARD_W, CARD_H)
SWATCH_RECT = pygame.Rect(322, 146, 40, 40)
# the draw pile's count under it: "Draw 105" (eight cells) centred on the pile, clear of the
# direction ring on its left and the discard's frame on its right
DRAW_LABEL = pygame.Rect(DRAW_RECT.centerx - 32, DRAW_RECT.bottom + 4, 64, 16)
CENTRE = (300, 176)                          # the middle of the direction ring
INFO_ROW = 18                                # the bottom seat's line
HAND_Y = 310
RAISE = 8
HAND_LEFT, HAND_RIGHT = 14, 626
MAX_PITCH, MIN_PITCH = 45, 16


def seat_boxes(n: int, bottom: int) -> dict[int, pygame.Rect]:
    """The box (in pixels) of every seat but the bottom one."""
    order = [(bottom + k) % n for k in range(1, n)]
    out = {}
    for seat, slot in zip(order, SLOT_CHOICE[n - 1]):
        c, r = SLOTS[slot]
        out[seat] = pygame.Rect(c * 8, r * 16, SEAT_W, SEAT_H)
    return out


def fan_step(count: int, width: int = FAN_W, card_w: int = SMALL_W, most: int = 8) -> int:
    if count <= 1:
        return 0
    return max(1, min(most, (width - card_w) // (count - 1)))


def fan_rects(box: pygame.Rect, count: int, face_up: bool = False) -> list[pygame.Rect]:
    """The small cards of a seat's hand inside its box (backs, or faces with F9)."""
    shown = min(count, 40)
    step = fan_step(shown, most=12 if face_up else 6)
    x0, y0 = box.x + 4, box.y + 18
    return [pygame.Rect(x0 + i * step, y0, SMALL_W, SMALL_H) for i in range(shown)]


def seat_target(box: pygame.Rect, count: int) -> pygame.Rect:
    """Where a card flies to or from at a seat: the end of its fan."""
    rects = fan_rects(box, max(1, count))
    return pygame.Rect(rects[-1].x, rects[-1].y, SMALL_W, SMALL_H)


class HandView:
    """The bottom hand's card positions: spread, overlapped, or scrolled when long."""

    def __init__(self, count: int, sel: int | None, offset: int = 0):
        self.count = count
        span = HAND_RIGHT - HAND_LEFT - CARD_W
        if count <= 1:
            self.pitch, self.first, self.visible = MAX_PITCH, 0, count
        else:
            pitch = span // (count - 1)
            if pitch >= MIN_PITCH:
                self.pitch, self.first, self.visible = min(MAX_PITCH, pitch), 0, count
            else:
                # scroll: show `visible` cards from `first`, keeping the selection in view
                self.pitch = MIN_PITCH
                self.visible = span // MIN_PITCH + 1
                first = max(0, min(offset, count - self.visible))
                if sel is not None:
                    if sel < first:
                        first = sel
                    elif sel >= first + self.visible:
                        first = sel - self.visible + 1
                self.first = first
        width = CARD_W + self.pitch * max(0, self.visible - 1)
        self.left = HAND_LEFT + max(0, (HAND_RIGHT - HAND_LEFT - width) // 2)

    @property
    def scrolled_left(self) -> bool:
        return self.first > 0

    @property
    def scrolled_right(self) -> bool:
        return self.first + self.visible < self.count

    def rect(self, i: int) -> pygame.Rect | None:
        """Card i's rect, or None when scrolled out of view."""
        if not self.first <= i < self.first + self.visible:
            return None
        return pygame.Rect(self.left + (i - self.first) * self.pitch, HAND_Y, CARD_W, CARD_H)

    def nearest(self, i: int) -> pygame.Rect:
        """Card i's rect, or the edge it is hidden beyond."""
        r = self.rect(i)
        if r is not None:
            return r
        j = self.first if i < self.first else self.first + self.visible - 1
        return self.rect(j) or pygame.Rect(HAND_LEFT, HAND_Y, CARD_W, CARD_H)
