"""Go-Stop moves: one small frozen class per answer to the engine's question, the
question itself, and the shared instances legal_moves() hands out (no allocation
on the AI's hot path)."""
from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS, Card


@dataclass(frozen=True)
class PlayCard:
    card: Card


@dataclass(frozen=True)
class FlipStock:
    """Play no hand card and only turn up the stock (after a bomb, twice)."""


@dataclass(frozen=True)
class ChooseMatch:
    card: Card


@dataclass(frozen=True)
class Answer:
    """Yes or no to the engine's question of the classes below (GoStop says `go`)."""
    yes: bool


class Shake(Answer):
    """Show three of a month in hand when playing the first: the payment doubles."""


class Bomb(Answer):
    """Play three of a month onto the fourth on the table."""


@dataclass(frozen=True)
class GoStop:
    go: bool


@dataclass(frozen=True)
class NextHand:
    pass


# every answer to the engine's question
Move = PlayCard | FlipStock | ChooseMatch | Shake | Bomb | GoStop | NextHand

_PLAY = {c: PlayCard(c) for c in CARDS}
_CHOOSE = {c: ChooseMatch(c) for c in CARDS}
_FLIP = FlipStock()
_YES_NO: dict[str, tuple[Move, Move]] = {
    "bomb": (Bomb(True), Bomb(False)), "shake": (Shake(True), Shake(False)),
    "go_stop": (GoStop(True), GoStop(False))}
_NEXT = NextHand()


@dataclass(frozen=True)
class Question:
    """What the game waits for: `kind` (a phase), whose answer, and the card(s)
    concerned (the played card for bomb/shake, the candidates for a match)."""

    kind: str
    seat: int
    cards: tuple[Card, ...] = ()


def why_illegal(ph: str, move: object) -> str:
    """Why `move` is no answer in phase `ph`: a sentence for the player."""
    want = {"play": "a card from hand", "bomb": "bomb: yes or no", "shake": "shake: yes or no",
            "match_hand": "which table card to take", "match_stock": "which table card to take",
            "go_stop": "Go or Stop", "hand_over": "the next hand"}[ph]
    if ph == "play" and isinstance(move, PlayCard):
        return f"{move.card} is not in your hand"
    if ph == "play" and isinstance(move, FlipStock):
        return "you have no stock-only turn left"
    if ph.startswith("match") and isinstance(move, ChooseMatch):
        return f"{move.card} is not one of the matching table cards"
    return f"the game waits for {want}"
