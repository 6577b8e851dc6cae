"""What the Gin table shows of the cards, without pygame: the table's seats, a card as
text, the order of a fresh hand, a hand laid out in marked groups (Arrangement), and
the computer's cards once they are shown.
"""
from __future__ import annotations

from game.cards import Card
from game.gin import melds as M

HUMAN, CPU = 0, 1       # the player at the bottom, the computer at the top


def sort_for_hand(cards) -> list:
    """The order of a fresh hand: by suit, then rank (runs sit together)."""
    return sorted(cards, key=lambda c: ("CDHS".index(c.suit), c.rank))


class Arrangement:
    """A hand shown in groups: the player's marks over each card ("1", "2", "3",
    "P" for a lay-off, " " unplayable), in display order."""

    def __init__(self, kind: str, discard: Card | None, melds, layoffs, unmatched):
        self.kind = kind            # "out" (the player gins or knocks), "defend" or "show"
        self.discard = discard
        self.cards: list[Card] = []
        self.marks: list[str] = []
        for k, m in enumerate(melds):
            for c in M.sort_meld(m):
                self.cards.append(c)
                self.marks.append(str(k + 1))
        for c in sorted(layoffs):
            self.cards.append(c)
            self.marks.append("P")
        for c in sort_for_hand(unmatched):
            self.cards.append(c)
            self.marks.append(" ")
        self.cursor = 0

    def groups(self) -> list[list[Card]]:
        out = []
        for g in "123":
            cards = [c for c, m in zip(self.cards, self.marks) if m == g]
            if cards:
                out.append(cards)
        return out

    def layoffs(self) -> list[Card]:
        return [c for c, m in zip(self.cards, self.marks) if m == "P"]

    def unmatched(self) -> list[Card]:
        return [c for c, m in zip(self.cards, self.marks) if m == " "]


def cpu_display(view) -> tuple[list[Card], list[str]] | None:
    """The top seat's cards with their marks once they are shown (it went out, or
    the hand is over), from the bottom seat's view; None while they are face down."""
    v = view
    if v.phase not in ("lay_down", "hand_over", "game_over"):
        return None
    if v.out_seat == v.opponent:
        a = Arrangement("show", None, v.out_melds, [], v.out_unmatched)
        return a.cards, a.marks
    if v.out_seat == v.seat and v.phase != "lay_down" and v.defense is not None:
        d = v.defense
        a = Arrangement("show", None, d["melds"], [c for c, _ in d["layoffs"]], d["unmatched"])
        return a.cards, a.marks
    if v.phase != "lay_down" and v.opp_hand is not None:     # a dead hand: the cards as they are
        cards = sort_for_hand(v.opp_hand)
        return cards, [" "] * len(cards)
    return None


def human_display(view, order) -> tuple[list[Card], list[str]]:
    """The bottom player's cards in groups at the end of a hand, from his view
    (`order`: his own order, shown as it is after a dead hand)."""
    v = view
    if v.out_seat == v.seat:
        a = Arrangement("show", None, v.out_melds, [], v.out_unmatched)
    elif v.out_seat == v.opponent and v.defense is not None:
        d = v.defense
        a = Arrangement("show", None, d["melds"], [c for c, _ in d["layoffs"]], d["unmatched"])
    else:
        return list(order), [" "] * len(order)
    return a.cards, a.marks
