"""Gnono (UNO family) cards: four colours of 0-9, Skip, Reverse, Draw Two, plus wilds.

A card is immutable. str() is the short form: "R7", "GS" (skip), "BR" (reverse),
"Y+2", "W" (wild), "W+4" (wild draw four). Two copies of most cards exist, so a
card also carries `copy` (0..1 for coloured cards, 0..3 for wilds) to tell them
apart in conservation checks; str() leaves it out and `token` ("R7#1") keeps it.
"""
from __future__ import annotations

from dataclasses import dataclass

COLORS = "RYGB"  # red, yellow, green, blue
COLOR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
WILD = "W"
NUMBER_FACES = tuple(str(n) for n in range(10))
SKIP, REVERSE, DRAW_TWO = "S", "R", "+2"
ACTION_FACES = (SKIP, REVERSE, DRAW_TWO)
WILD_FACE, WILD_DRAW_FOUR = "", "+4"  # faces of the two wild cards
FACE_NAMES = {SKIP: "Skip", REVERSE: "Reverse", DRAW_TWO: "Draw Two",
              WILD_FACE: "Wild", WILD_DRAW_FOUR: "Wild Draw Four"}
DECK_SIZE = 108


@dataclass(frozen=True, slots=True)
class Card:
    color: str   # one of COLORS, or "W" for both wilds
    face: str    # "0".."9", "S", "R", "+2"; "" (Wild) or "+4" (Wild Draw Four)
    copy: int = 0

    def __post_init__(self) -> None:
        if self.color == WILD:
            if self.face not in (WILD_FACE, WILD_DRAW_FOUR):
                raise ValueError(f"bad wild face {self.face!r}")
            max_copy = 3
        elif self.color in COLORS and len(self.color) == 1:
            if self.face not in NUMBER_FACES and self.face not in ACTION_FACES:
                raise ValueError(f"bad face {self.face!r}")
            max_copy = 0 if self.face == "0" else 1
        else:
            raise ValueError(f"bad colour {self.color!r}")
        if not (isinstance(self.copy, int) and 0 <= self.copy <= max_copy):
            raise ValueError(f"bad copy index {self.copy!r} for {self.color}{self.face}")

    def __str__(self) -> str:
        return self.color + self.face

    def __repr__(self) -> str:
        return f"Card({str(self)!r}{f', copy={self.copy}' if self.copy else ''})"

    # -- what kind of card ------------------------------------------------
    @property
    def is_wild(self) -> bool:
        return self.color == WILD

    @property
    def is_wild_draw_four(self) -> bool:
        return self.color == WILD and self.face == WILD_DRAW_FOUR

    @property
    def is_number(self) -> bool:
        return self.face in NUMBER_FACES and self.color != WILD

    @property
    def is_action(self) -> bool:
        """Skip, Reverse or Draw Two."""
        return self.face in ACTION_FACES and self.color != WILD

    @property
    def number(self) -> int | None:
        return int(self.face) if self.is_number else None

    @property
    def points(self) -> int:
        """Scoring value: face value, 20 for an action card, 50 for a wild."""
        if self.is_wild:
            return 50
        if self.is_action:
            return 20
        return int(self.face)

    @property
    def name(self) -> str:
        """"red 7", "green Skip", "Wild Draw Four"."""
        if self.is_wild:
            return FACE_NAMES[self.face]
        return f"{COLOR_NAMES[self.color]} {FACE_NAMES.get(self.face, self.face)}"

    @property
    def token(self) -> str:
        """The unique form used in JSON: "R7#1"."""
        return f"{self}#{self.copy}"

    def same_kind(self, other: Card) -> bool:
        """Identical apart from the copy index (what jump-in asks for)."""
        return self.color == other.color and self.face == other.face

    @classmethod
    def parse(cls, text: str, copy: int = 0) -> Card:
        """Card.parse("R7"), "gs", "Y+2", "W", "W+4"; "R7#1" sets the copy index too.

        Aliases: "WD4"/"W4" for W+4, "D2"/"DT" for +2 ("RD2").
        """
        t = text.strip().upper()
        if "#" in t:
            t, _, c = t.partition("#")
            try:
                copy = int(c)
            except ValueError:
                raise ValueError(f"not a Gnono card: {text!r}") from None
        if not t:
            raise ValueError(f"not a Gnono card: {text!r}")
        color, face = t[0], t[1:]
        if color == WILD:
            face = {"": WILD_FACE, "+4": WILD_DRAW_FOUR, "D4": WILD_DRAW_FOUR,
                    "4": WILD_DRAW_FOUR}.get(face, "?")
        else:
            face = {"D2": DRAW_TWO, "DT": DRAW_TWO}.get(face, face)
        try:
            return cls(color, face, copy)
        except ValueError:
            raise ValueError(f"not a Gnono card: {text!r}") from None

    @classmethod
    def from_token(cls, token: str) -> Card:
        if not isinstance(token, str) or "#" not in token:
            raise ValueError(f"not a Gnono card token: {token!r}")
        return cls.parse(token)


COLOR_ORDER = {c: i for i, c in enumerate("RYGBW")}
FACE_ORDER = {f: i for i, f in enumerate(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
                                          "S", "R", "+2", "", "+4"])}


def hand_order(c: Card) -> tuple[int, int, int]:
    """The order a hand is shown in: by colour (Wilds last), then face."""
    return (COLOR_ORDER[c.color], FACE_ORDER[c.face], c.copy)


def full_deck() -> list[Card]:
    """The 108 cards in a fixed order: per colour 0, 1-9 twice, actions twice; then wilds."""
    cards: list[Card] = []
    for color in COLORS:
        cards.append(Card(color, "0"))
        for face in NUMBER_FACES[1:] + ACTION_FACES:
            cards.append(Card(color, face, 0))
            cards.append(Card(color, face, 1))
    for face in (WILD_FACE, WILD_DRAW_FOUR):
        cards.extend(Card(WILD, face, c) for c in range(4))
    return cards


def parse_cards(text: str) -> list[Card]:
    """"R7 R7 GS W" -> cards; repeated kinds get increasing copy indices unless
    given explicitly with "#n"."""
    out: list[Card] = []
    used: dict[str, int] = {}
    for t in text.split():
        if "#" in t:
            card = Card.parse(t)
        else:
            kind = str(Card.parse(t))
            card = Card.parse(kind, used.get(kind, 0))
            used[kind] = card.copy + 1
        out.append(card)
    return out
