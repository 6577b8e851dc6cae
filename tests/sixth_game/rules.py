"""High Card's rules: two seats, three cards each a hand from a shuffled deck of 52
(a card is 0..51: rank card % 13 + 1, ace low); the leader plays a card, the other
answers, the higher rank takes the trick (a tie: the leader) and a point, and leads
the next. After three tricks the table deals the next hand; the first to `target`
points wins. The engine is game/engine.py's Engine itself."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.engine import Details, Event, IllegalMove, IntRange, RuleOptions, rng_from_json, rng_state_to_json

HAND = 3


@dataclass(frozen=True)
class HighOptions(RuleOptions, spec={"target": IntRange(1, 9)}):
    target: int = 3


@dataclass(frozen=True)
class Play:
    seat: int
    card: int

    def __str__(self) -> str:
        return f"Play the {rank(self.card)}"


@dataclass(frozen=True)
class NextHand:
    seat: int | None = None


@dataclass(frozen=True)
class View:
    seat: int
    hand: tuple[int, ...]
    table: tuple[tuple[int, int], ...]     # (seat, card) played to this trick
    scores: tuple[int, ...]
    turn: int
    phase: str
    legal: tuple[Play, ...]

    def lines(self) -> list[str]:
        shown = ", ".join(f"{'You' if s == self.seat else 'They'}: {rank(c)}" for s, c in self.table)
        return [f"Points: you {self.scores[self.seat]}, they {self.scores[1 - self.seat]}",
                f"Your hand: {' '.join(str(rank(c)) for c in self.hand) or '-'}",
                f"On the table: {shown or 'nothing'}",
                "The hand is over." if self.phase == "hand_over" else
                "Game over." if self.phase == "over" else
                "Your turn." if self.turn == self.seat else "Their turn."]


def rank(card: int) -> int:
    return card % 13 + 1


class HighCard:
    def __init__(self, seed: int | None, options: HighOptions | None = None):
        self.options = options or HighOptions()
        self.deal_no = seed
        self.rng = random.Random(seed)
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = []
        self.table: list[tuple[int, int]] = []
        self.taken: list[int] = []             # the cards of this hand's tricks
        self.points = [0, 0]
        self.turn = 0
        self.phase = "play"
        self._deal()

    def _deal(self) -> None:
        deck = list(range(52))
        self.rng.shuffle(deck)
        self.hands = [deck[:HAND], deck[HAND:2 * HAND]]
        self.deck, self.phase, self.table, self.taken = deck[2 * HAND:], "play", [], []

    @property
    def n_seats(self) -> int:
        return 2

    def to_move(self) -> tuple[int, ...]:
        return (self.turn,) if self.phase == "play" else ()

    def legal_moves(self, seat: int) -> list[Any]:
        return [Play(seat, c) for c in self.hands[seat]] if seat in self.to_move() else []

    def apply(self, move: Any) -> list[Event]:
        if isinstance(move, NextHand) and self.phase == "hand_over":
            self._deal()
            return [Details("dealt", None)]
        if move not in self.legal_moves(getattr(move, "seat", -1)):
            raise IllegalMove("That card is not yours to play now.")
        self.hands[move.seat].remove(move.card)
        self.table.append((move.seat, move.card))
        events: list[Event] = [Details("played", move.seat, {"card": move.card})]
        self.turn = 1 - move.seat
        if len(self.table) == 2:
            (lead, a), (_, b) = self.table
            winner = lead if rank(a) >= rank(b) else 1 - lead
            self.points[winner] += 1
            self.turn, self.table, self.taken = winner, [], self.taken + [a, b]
            events.append(Details("trick", winner, {"cards": [a, b]}))
            if max(self.points) >= self.options.target:
                self.phase = "over"
            elif not self.hands[winner]:
                self.phase = "hand_over"
        return events

    def view(self, seat: int) -> View:
        return View(seat, tuple(sorted(self.hands[seat])), tuple(self.table), tuple(self.points),
                    self.turn, self.phase, tuple(self.legal_moves(seat)))

    def is_over(self) -> bool:
        return self.phase == "over"

    def table_move(self) -> NextHand | None:
        return NextHand() if self.phase == "hand_over" else None

    def scores(self) -> list[int]:
        return list(self.points)

    def to_json(self) -> dict[str, Any]:
        return {"deal_no": self.deal_no, "options": self.options.to_json(),
                "rng": rng_state_to_json(self.rng), "hands": [list(h) for h in self.hands],
                "deck": list(self.deck), "table": [list(t) for t in self.table], "taken": list(self.taken),
                "points": list(self.points), "turn": self.turn, "phase": self.phase}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HighCard:
        game = cls(0, HighOptions.from_json(data["options"]))
        game.deal_no, game.rng = data["deal_no"], rng_from_json(data["rng"])
        game.hands, game.deck = [list(h) for h in data["hands"]], list(data["deck"])
        game.table, game.taken = [(s, c) for s, c in data["table"]], list(data["taken"])
        game.points, game.turn, game.phase = list(data["points"]), data["turn"], data["phase"]
        try:
            game.check_invariants()
        except AssertionError as e:
            raise ValueError(str(e)) from None
        return game

    def copy(self) -> HighCard:
        return HighCard.from_json(self.to_json())

    def check_invariants(self) -> None:
        cards = self.hands[0] + self.hands[1] + self.deck + self.taken + [c for _, c in self.table]
        assert sorted(cards) == list(range(52)), "cards made or lost"
        assert self.phase in ("play", "hand_over", "over"), "no phase of High Card"

    def redeal_hidden(self, seat: int, rng: random.Random) -> HighCard:
        other = self.copy()
        unseen = other.hands[1 - seat] + other.deck
        rng.shuffle(unseen)
        n = len(other.hands[1 - seat])
        other.hands[1 - seat], other.deck = unseen[:n], unseen[n:]
        return other


def new_engine(seed: int | None, options: HighOptions | None = None, seats: int | None = None) -> HighCard:
    if seats not in (None, 2):
        raise ValueError(f"High Card is played by 2, not {seats}")
    return HighCard(seed, options)
