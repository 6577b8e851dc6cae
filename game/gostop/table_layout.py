"""Where everything lies on the Go-Stop table, and drawing it.

`Layout` places a model.Model's cards (hands, table cards, captures, stock size)
in pixels; the table, its animations and its tests use it.

The screen (640x480, rows of 16 px):
  row 0       the info bar
  rows 1-6    the computers: name and score, what the score is made of, the capture
              area (brights, animals, ribbons, junk) and the hand, face down
              (two players: one block across; three: two blocks side by side)
  rows 7-13   the stock and the table's cards grouped by month
  rows 14-19  you: score line, breakdown, capture area
  rows 20-23  your hand
  rows 24-25  the chosen card: what it is, what it would take
  rows 26-28  the notes;  row 29 the keys
"""
from __future__ import annotations

import pygame

from . import scoring
from .cards import ANIMAL, BRIGHT, RIBBON
from .hwatu_art import CARD_H, CARD_W
from .model import Model

W = 640
OPP_CAP_Y = 64
TABLE_ROWS_Y = (118, 170)
TABLE_X0, TABLE_X1 = 60, 632
STOCK_XY = (12, 134)
ME_CAP_Y = 272
HAND_Y = 332
RAISE = 8
TABLE_STEP = 12          # offset between the cards of one month on the table
GROUPS = ("brights", "animals", "ribbons", "junk")
LABELS = {"brights": ("Brights", "B"), "animals": ("Animals", "A"),
          "ribbons": ("Ribbons", "R"), "junk": ("Junk", "J")}


def capture_groups(cards) -> dict:
    """Cards of a capture area by group (sorted by month), and the counts shown
    on the labels: brights, animals, ribbons, junk value (doubles count 2)."""
    bd = scoring.breakdown(cards)
    sake_junk = bd.counts.sake_as == scoring.SAKE_JUNK
    groups = {g: [] for g in GROUPS}
    for c in sorted(cards, key=lambda c: (c.month or 13, c.id)):
        cat = c.category
        if cat == BRIGHT:
            groups["brights"].append(c)
        elif cat == ANIMAL and not (sake_junk and c.month == 9):
            groups["animals"].append(c)
        elif cat == RIBBON:
            groups["ribbons"].append(c)
        else:
            groups["junk"].append(c)
    k = bd.counts
    counts = {"brights": k.brights, "animals": k.animals, "ribbons": k.ribbons, "junk": k.junk}
    return groups, counts, bd


class Layout:
    """Rects of every card of a model: `human` (the seat at the keyboard) at the
    bottom, the others in the blocks at the top. Play goes to the right
    (counter-clockwise, as the rules say): the next seat sits top right, the one
    after it top left, so the turn runs bottom, right, left on screen."""

    def __init__(self, model: Model, human: int = 0, n: int = 2):
        self.model = model
        self.n = n
        self.human = human
        self.rects: dict = {}          # card -> Rect (the card's spot)
        self.hand_rects: list = [[] for _ in range(n)]   # per seat, in hand order
        self.cap_groups: list = [None] * n   # per seat: [(group, x, cards, rects, count, compact)]
        self.breakdowns: list = [None] * n   # per seat: scoring.Breakdown of its captures
        self.blocks: dict = {}         # seat -> Rect of its top block (computers)
        self.hand_area: dict = {}      # seat -> Rect of a computer's hand
        self.table_groups: list = []   # [(month, [cards], [rects])]
        self.stock_rect = pygame.Rect(STOCK_XY, (CARD_W, CARD_H))
        others = [(human + 2) % n, (human + 1) % n] if n == 3 else [(human + 1) % n]
        if n == 2:
            blocks = [(others[0], pygame.Rect(4, 16, 632, 96))]
        else:
            blocks = [(others[0], pygame.Rect(4, 16, 314, 96)), (others[1], pygame.Rect(322, 16, 314, 96))]
        for seat, r in blocks:
            self.blocks[seat] = r
            hand_w = 156 if n == 2 else 100
            cap = pygame.Rect(r.x + 4, OPP_CAP_Y, r.w - hand_w - 12, CARD_H)
            self._captures(seat, cap, compact=n == 3)
            self.hand_area[seat] = pygame.Rect(r.right - hand_w - 2, OPP_CAP_Y, hand_w, CARD_H)
            self._hand_row(seat, self.hand_area[seat], max_step=14)
        self._captures(human, pygame.Rect(12, ME_CAP_Y, 616, CARD_H), compact=False)
        self._hand_row(human, pygame.Rect(12, HAND_Y, 616, CARD_H), max_step=CARD_W + 6)
        self._table()

    # -- pieces
    def _hand_row(self, seat, area, max_step):
        cards = self.model.hands[seat]
        k = len(cards)
        step = max_step if k <= 1 else min(max_step, (area.w - CARD_W) // (k - 1))
        out = []
        for i, c in enumerate(cards):
            r = pygame.Rect(area.x + i * step, area.y, CARD_W, CARD_H)
            out.append(r)
            self.rects[c] = r
        self.hand_rects[seat] = out

    def _captures(self, seat, area, compact):
        groups, counts, bd = capture_groups(self.model.captures[seat])
        self.breakdowns[seat] = bd
        label_w = {g: 8 * (len(self._label(g, counts[g], compact)) + 1) for g in GROUPS}
        gap = 6 if compact else 10
        sizes = [len(groups[g]) for g in GROUPS]
        fixed = sum(CARD_W if s else 0 for s in sizes) + gap * 3
        spread = sum(max(0, s - 1) for s in sizes)
        step = 14 if not spread else max(2, min(14, (area.w - fixed) // spread))
        widths = []
        for g, s in zip(GROUPS, sizes):
            cw = CARD_W + (s - 1) * step if s else 0
            widths.append(max(cw, label_w[g]))
        # labels may not fit at this step: shrink the step until the groups fit
        while sum(widths) + gap * 3 > area.w and step > 2:
            step -= 1
            widths = [max(CARD_W + (s - 1) * step if s else 0, label_w[g]) for g, s in zip(GROUPS, sizes)]
        x = area.x
        out = []
        for g, w in zip(GROUPS, widths):
            rects = []
            for i, c in enumerate(groups[g]):
                r = pygame.Rect(x + i * step, area.y, CARD_W, CARD_H)
                rects.append(r)
                self.rects[c] = r
            out.append((g, x, groups[g], rects, counts[g], compact))
            x += w + gap
        self.cap_groups[seat] = out

    @staticmethod
    def _label(group, count, compact):
        long, short = LABELS[group]
        return f"{short}{count}" if compact else f"{long} {count}"

    def label(self, group, count, compact):
        return self._label(group, count, compact)

    def _table(self):
        months: dict = {}
        for c in self.model.table:
            months.setdefault(c.month, []).append(c)
        x, row = TABLE_X0, 0
        for m in sorted(months):
            cards = months[m]
            w = CARD_W + (len(cards) - 1) * TABLE_STEP
            if x + w > TABLE_X1 and row == 0:
                x, row = TABLE_X0, 1
            y = TABLE_ROWS_Y[row]
            rects = []
            for i, c in enumerate(cards):
                r = pygame.Rect(x + i * TABLE_STEP, y, CARD_W, CARD_H)
                rects.append(r)
                self.rects[c] = r
            self.table_groups.append((m, cards, rects))
            x += w + 10

    # -- questions
    def rect_of(self, card) -> pygame.Rect | None:
        return self.rects.get(card)

    def hand_slot(self, seat, index) -> pygame.Rect:
        """Where the index-th card of a seat's hand lies (for cards leaving a hand)."""
        rs = self.hand_rects[seat]
        if 0 <= index < len(rs):
            return rs[index]
        if seat in self.hand_area:
            return pygame.Rect(self.hand_area[seat].topleft, (CARD_W, CARD_H))
        return pygame.Rect(12, HAND_Y, CARD_W, CARD_H)
