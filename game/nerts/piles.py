"""What lies on a Nerts table: card tokens for saves, the column fit, one seat's
layout (Pile, four columns, Stack, waste); the view a seat is given of it is in
game/nerts/view.py. Pure: no pygame.
Layout lists are bottom..top: `pile[-1]`, `stack[-1]`, `waste[-1]` and `column[-1]`
are the top cards; `column[0]` is the card the column was started with.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.cards import Card, full_deck
from game.nerts.moves import NUM_COLUMNS

PILE_SIZE = 13
MAX_ROTATIONS = 3          # standstill rotations allowed; the next standstill ends the round


# cards as JSON tokens: "7H@2" = seven of hearts of seat 2's deck
def card_token(card: Card) -> str:
    return f"{card}@{card.deck}"


def parse_token(tok, default_deck: int = 0) -> Card:
    """"7H@2" -> Card(7, "H", 2); "7H" -> deck `default_deck`. ValueError if bad."""
    if not isinstance(tok, str):
        raise ValueError(f"not a card token: {tok!r}")
    text, sep, deck = tok.partition("@")
    if sep:
        if not deck.isdigit() or len(deck) > 1:
            raise ValueError(f"bad deck in {tok!r}")
        return Card.parse(text, int(deck))
    return Card.parse(text, default_deck)


def fits_column(card: Card, onto: Card) -> bool:
    """A card goes on a column top one rank higher of the other colour."""
    return onto.rank == card.rank + 1 and onto.is_red != card.is_red


@dataclass
class Layout:
    pile: list[Card] = field(default_factory=list)
    columns: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(NUM_COLUMNS)])
    stack: list[Card] = field(default_factory=list)
    waste: list[Card] = field(default_factory=list)

    @property
    def pile_top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def waste_top(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    @property
    def pile_count(self) -> int:
        return len(self.pile)

    @property
    def stack_count(self) -> int:
        return len(self.stack)

    def all_cards(self) -> list[Card]:
        out = list(self.pile) + list(self.stack) + list(self.waste)
        for c in self.columns:
            out.extend(c)
        return out

    def copy(self) -> Layout:
        return Layout(list(self.pile), [list(c) for c in self.columns], list(self.stack),
                      list(self.waste))

    def to_json(self) -> dict:
        return {"pile": [card_token(c) for c in self.pile],
                "columns": [[card_token(c) for c in col] for col in self.columns],
                "stack": [card_token(c) for c in self.stack],
                "waste": [card_token(c) for c in self.waste]}

    @classmethod
    def from_json(cls, d) -> Layout:
        """A layout from a save: the four places as card lists (ValueError if bad);
        whether the cards belong there is the round's check (check_invariants)."""
        if not isinstance(d, dict) or set(d) != {"pile", "columns", "stack", "waste"}:
            raise ValueError("a layout needs pile, columns, stack and waste")
        cols = d["columns"]
        if not isinstance(cols, list) or len(cols) != NUM_COLUMNS:
            raise ValueError("a layout has 4 columns")
        return cls(card_list(d["pile"]), [card_list(c) for c in cols], card_list(d["stack"]),
                   card_list(d["waste"]))


def card_list(tokens) -> list[Card]:
    """Cards from a list of tokens (ValueError if it is not one)."""
    if not isinstance(tokens, list):
        raise ValueError("a card list must be a list")
    return [parse_token(t) for t in tokens]


def place_cards(layouts: list[dict], foundations, n_foundations: int, rest: str = "stack"):
    """(layouts, foundations) of a chosen position, for Round.setup (see there): cards as
    text bottom..top, each seat's unnamed cards put at the bottom of its `rest` place."""
    def cards(text, deck):
        return [parse_token(t, deck) for t in text.split()] if text else []
    lays = []
    for seat, spec in enumerate(layouts):
        cols = list(spec.get("columns", ["", "", "", ""]))
        if len(cols) != NUM_COLUMNS:
            raise ValueError("4 columns")
        lays.append(Layout(cards(spec.get("pile", ""), seat), [cards(c, seat) for c in cols],
                           cards(spec.get("stack", ""), seat), cards(spec.get("waste", ""), seat)))
    founds = [[] for _ in range(n_foundations)]
    for i, text in enumerate(foundations):
        founds[i] = cards(text, 0)
    used = [c for lay in lays for c in lay.all_cards()] + [c for f in founds for c in f]
    if len(set(used)) != len(used):
        raise ValueError("a card is placed twice")
    if rest != "none":
        if rest not in ("stack", "pile", "waste"):
            raise ValueError(f"bad rest {rest!r}")
        used_set = set(used)
        for seat, lay in enumerate(lays):
            getattr(lay, rest)[:0] = [c for c in full_deck(seat) if c not in used_set]
    return lays, founds
