"""French cards shared by Nerts and Gin: rank 1..13 (ace low), suit in "CDHS".

`deck` tells which seat's deck a card belongs to (Nerts plays one deck a seat);
games with a single deck leave it at 0. str() leaves the deck out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

SUITS = "CDHS"
RANKS = "A23456789TJQK"
RED_SUITS = "DH"
SUIT_SYMBOLS = {"H": "\x03", "D": "\x04", "C": "\x05", "S": "\x06"}  # code page 437
CARD_CODE = re.compile(r"\b(10|[2-9AJQKT])([CDHS])\b")    # "7S", "TH", "10H" in a sentence


@dataclass(frozen=True, slots=True, order=True)
class Card:
    rank: int
    suit: str
    deck: int = 0

    def __post_init__(self) -> None:
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13):
            raise ValueError(f"bad rank {self.rank!r}")
        if self.suit not in SUITS or len(self.suit) != 1:
            raise ValueError(f"bad suit {self.suit!r}")

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r}{f', deck={self.deck}' if self.deck else ''})"

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @classmethod
    def parse(cls, text: str, deck: int = 0) -> Card:
        """Card.parse("7H"); "10" is accepted for ten as well as "T"."""
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise ValueError(f"not a card: {text!r}")
        return cls(RANKS.index(t[0]) + 1, t[1], deck)


def full_deck(deck: int = 0) -> list[Card]:
    """The 52 cards of one deck in a fixed order (clubs..spades, ace..king). Cards
    are immutable, so every deck of a number is made of the same 52 objects (a
    search that looks for a card by identity finds it at once)."""
    cards = _DECKS.get(deck)
    if cards is None:
        cards = _DECKS[deck] = tuple(Card(rank, suit, deck) for suit in SUITS for rank in range(1, 14))
    return list(cards)


_DECKS: dict[int, tuple[Card, ...]] = {}


def parse_cards(text: str, deck: int = 0) -> list[Card]:
    """"AS 2S 3S" -> [Card, Card, Card]."""
    return [Card.parse(t, deck) for t in text.split()]


def position_in(cards: list[Card], card: Card) -> int | None:
    """Where `card` is in `cards` (None: not there). Moves usually carry the very
    Card object of the hand, and comparing Cards field by field is slow, so the
    same object is looked for first."""
    for at, c in enumerate(cards):
        if c is card:
            return at
    try:
        return cards.index(card)
    except ValueError:
        return None


def card_text(card: Card) -> str:
    """"10\x03", "A\x06": a card as a text-mode program printed it (code page 437 suits)."""
    return ("10" if card.rank == 10 else RANKS[card.rank - 1]) + SUIT_SYMBOLS[card.suit]


def codes_as_text(text: str) -> str:
    """An engine's sentence with its card codes printed as cards: "7S on 6D" -> "7\x06 on 6\x04"."""
    return CARD_CODE.sub(lambda m: card_text(Card.parse(m.group(0))), text)
