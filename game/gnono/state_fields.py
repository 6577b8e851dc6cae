"""The fields of a Gnono state (GnonoState, game/gnono/rules.py), declared once, with
the helpers that only read them. The rules import the modules that deal, check and set
up a state (dealing, positions, move_checks, invariants), so those cannot import the
state's class: they are typed by this base of it. No pygame here.
"""
from __future__ import annotations

import random
from typing import Any, TypedDict

from game.gnono.cards import Card
from game.gnono.moves import Event
from game.gnono.options import GnonoOptions
from game.gnono.view import card_matches


class Wd4(TypedDict):
    """A Wild Draw Four open to a challenge: who played it, whether unlawfully, and the
    colour before it."""
    seat: int
    guilty: bool
    prev_color: str


class StateFields:
    # the round's fields, set by the deal (game.gnono.dealing), a position or a save
    n: int
    seed: int | None
    rng: random.Random
    options: GnonoOptions
    totals: list[int]
    round_no: int
    dealer: int
    winner: int | None
    last_round: dict[str, Any] | None
    wd4_record: list[list[int]]
    deal_events: list[Event]
    deal_no: int | None       # None: a save that names none
    round_rng: random.Random
    hands: list[list[Card]]
    direction: int
    draw_pile: list[Card]
    discard: list[Card]
    seen: list[Card]
    pending_draw: int
    pending_face: str | None
    drawn_card: Card | None
    wd4: Wd4 | None
    uno_window: int | None
    uno_called: list[bool]
    last_drew_on: list[str | None]
    turns: int
    color: str
    phase: str
    current: int

    def next_seat(self, seat: int, k: int = 1) -> int:
        return (seat + self.direction * k) % self.n

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def matches(self, card: Card) -> bool:
        return card_matches(card, self.discard[-1], self.color)

    def wd4_lawful(self, seat: int, card: Card | None = None) -> bool:
        """May `seat` play a Wild Draw Four now under the chosen rule?"""
        hand = self.hands[seat]
        if self.options.wd4_rule == "color":
            return not any(c.color == self.color for c in hand)
        top = self.discard[-1]
        return not any(c.color != "W" and card_matches(c, top, self.color) for c in hand)

    def all_cards(self) -> list[Card]:
        """Every card of the deck wherever it is (for conservation checks)."""
        out = list(self.draw_pile) + list(self.discard)
        for h in self.hands:
            out.extend(h)
        return out

    # the rules' own (GnonoState), called by the modules that deal, check and set up
    def check_invariants(self) -> None:
        raise NotImplementedError

    def _play_ok(self, seat: int, c: Card) -> bool:
        raise NotImplementedError

    def _start_turn(self, seat: int, ev: list[Event]) -> None:
        raise NotImplementedError

    def _penalize_and_skip(self, victim: int, k: int, ev: list[Event], reason: str) -> None:
        raise NotImplementedError
