"""Hwatu cards for Go-Stop: 48 cards (12 months x 4) plus bonus cards.

Every card is a singleton: `CARDS[i]` / `card_by_id(i)` / `parse_card("3B")`
always return the same object, so cards compare and hash by identity (fast in
the AI's inner loop) and sort by id.

Short string forms (month, then a letter, then an index for plain junk):
  "1B"  bright          "2A"  animal         "1R" ribbon
  "1J1" "1J2" junk      "11D" "12D" double junk
  "+2"  "+3"  "+2b"     bonus cards (their junk value)
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

BRIGHT = "bright"
ANIMAL = "animal"
RIBBON = "ribbon"
JUNK = "junk"
DOUBLE = "double"  # double junk, worth two junk
BONUS = "bonus"    # a joker worth `value` junk

CATEGORIES = (BRIGHT, ANIMAL, RIBBON, JUNK, DOUBLE, BONUS)

RED, BLUE, GRASS, RAIN = "red", "blue", "grass", "rain"
RIBBON_KINDS = (RED, BLUE, GRASS, RAIN)

PLANTS = {
    1: "pine", 2: "plum", 3: "cherry", 4: "black bush clover", 5: "orchid",
    6: "peony", 7: "red bush clover", 8: "pampas", 9: "chrysanthemum",
    10: "maple", 11: "paulownia", 12: "rain",
}

# The four cards of each month: (category, ribbon kind or None, description).
_MONTHS: dict[int, list[tuple[str, str | None, str]]] = {
    1: [(BRIGHT, None, "crane"), (RIBBON, RED, "red poem ribbon"), (JUNK, None, ""), (JUNK, None, "")],
    2: [(ANIMAL, None, "bush warbler"), (RIBBON, RED, "red poem ribbon"), (JUNK, None, ""), (JUNK, None, "")],
    3: [(BRIGHT, None, "curtain"), (RIBBON, RED, "red poem ribbon"), (JUNK, None, ""), (JUNK, None, "")],
    4: [(ANIMAL, None, "cuckoo"), (RIBBON, GRASS, "grass ribbon"), (JUNK, None, ""), (JUNK, None, "")],
    5: [(ANIMAL, None, "bridge"), (RIBBON, GRASS, "grass ribbon"), (JUNK, None, ""), (JUNK, None, "")],
    6: [(ANIMAL, None, "butterflies"), (RIBBON, BLUE, "blue ribbon"), (JUNK, None, ""), (JUNK, None, "")],
    7: [(ANIMAL, None, "boar"), (RIBBON, GRASS, "grass ribbon"), (JUNK, None, ""), (JUNK, None, "")],
    8: [(BRIGHT, None, "moon"), (ANIMAL, None, "geese"), (JUNK, None, ""), (JUNK, None, "")],
    9: [(ANIMAL, None, "sake cup"), (RIBBON, BLUE, "blue ribbon"), (JUNK, None, ""), (JUNK, None, "")],
    10: [(ANIMAL, None, "deer"), (RIBBON, BLUE, "blue ribbon"), (JUNK, None, ""), (JUNK, None, "")],
    11: [(BRIGHT, None, "phoenix"), (JUNK, None, ""), (JUNK, None, ""), (DOUBLE, None, "double junk")],
    12: [(BRIGHT, None, "rain man"), (ANIMAL, None, "swallow"), (RIBBON, RAIN, "rain ribbon"),
         (DOUBLE, None, "double junk")],
}

BIRD_MONTHS = (2, 4, 8)
# Bonus cards in the order the `bonus_cards` option takes them (2 by default).
BONUS_VALUES = (2, 3, 2)
MAX_BONUS = len(BONUS_VALUES)
_LETTER = {BRIGHT: "B", ANIMAL: "A", RIBBON: "R", JUNK: "J", DOUBLE: "D"}


@dataclass(frozen=True, eq=False, slots=True)
class Card:
    """One Hwatu card. Build none yourself: use CARDS, card_by_id or parse_card."""

    id: int              # 0..47 the months' cards (month-1)*4 + slot; 48.. bonus cards
    month: int           # 1..12; 0 for a bonus card
    category: str        # BRIGHT, ANIMAL, RIBBON, JUNK, DOUBLE or BONUS
    ribbon: str | None   # RED, BLUE, GRASS, RAIN for ribbons
    value: int           # junk value: junk 1, double 2, bonus its value, else 0
    name: str            # short string form
    description: str

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.name!r})"

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return (card_by_id, (self.id,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    # What is special about some cards
    @property
    def is_bird(self) -> bool:
        return self.category == ANIMAL and self.month in BIRD_MONTHS

    @property
    def is_rain_man(self) -> bool:
        return self.category == BRIGHT and self.month == 12

    @property
    def is_sake_cup(self) -> bool:
        """The September animal, which scores as an animal or a double junk."""
        return self.category == ANIMAL and self.month == 9

    @property
    def is_bonus(self) -> bool:
        return self.category == BONUS

    @property
    def is_junk(self) -> bool:
        """Junk, double junk or a bonus card (the sake cup is not counted here)."""
        return self.category in (JUNK, DOUBLE, BONUS)

    @property
    def plant(self) -> str:
        return PLANTS.get(self.month, "bonus")


def _build() -> list[Card]:
    cards = []
    for month in range(1, 13):
        junk_no = 0
        for slot, (cat, rib, desc) in enumerate(_MONTHS[month]):
            if cat == JUNK:
                junk_no += 1
                name = f"{month}J{junk_no}"
                value = 1
            else:
                name = f"{month}{_LETTER[cat]}"
                value = 2 if cat == DOUBLE else 0
            cards.append(Card((month - 1) * 4 + slot, month, cat, rib, value, name,
                              desc or f"{PLANTS[month]} junk"))
    seen_values: dict[int, int] = {}
    for i, v in enumerate(BONUS_VALUES):
        seen_values[v] = seen_values.get(v, 0) + 1
        suffix = "" if seen_values[v] == 1 else "b"
        cards.append(Card(48 + i, 0, BONUS, None, v, f"+{v}{suffix}", f"bonus card worth {v} junk"))
    return cards


CARDS: tuple[Card, ...] = tuple(_build())
MONTH_CARDS: tuple[Card, ...] = CARDS[:48]
BONUS_CARDS: tuple[Card, ...] = CARDS[48:]
_BY_NAME = {c.name.upper(): c for c in CARDS}


def card_by_id(i: int) -> Card:
    if not isinstance(i, int) or not 0 <= i < len(CARDS):
        raise ValueError(f"no card with id {i!r}")
    return CARDS[i]


def cards_of_month(month: int) -> tuple[Card, ...]:
    return MONTH_CARDS[(month - 1) * 4: month * 4]


def parse_card(text: str) -> Card:
    """parse_card("11D") -> the November double junk. Leading zeros allowed ("01B")."""
    t = str(text).strip().upper()
    if t[:1] == "0" and len(t) > 1:
        t = t.lstrip("0")
    c = _BY_NAME.get(t)
    if c is None:
        raise ValueError(f"not a Hwatu card: {text!r}")
    return c


def parse_cards(text: str) -> list[Card]:
    """parse_cards("1B 1R 3B") -> [Card, Card, Card]."""
    return [parse_card(t) for t in text.split()]


def deck(bonus_cards: int = 2) -> list[Card]:
    """The 48 month cards plus the first `bonus_cards` bonus cards, in id order."""
    if not 0 <= bonus_cards <= MAX_BONUS:
        raise ValueError(f"bonus_cards must be 0..{MAX_BONUS}")
    return list(MONTH_CARDS) + list(BONUS_CARDS[:bonus_cards])


def names(cards: Iterable[Card]) -> str:
    """"1B 1R 3B" for a list of cards (logs, tests)."""
    return " ".join(c.name for c in cards)
