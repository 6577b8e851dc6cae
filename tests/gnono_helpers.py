"""Shared helpers for the Gnono tests."""
import pytest

from game.engine import IllegalMove
from game.gnono.cards import full_deck
from game.gnono.rules import GnonoState, Play

DECK = sorted(c.token for c in full_deck())


def card_in(s: GnonoState, seat: int, text: str):
    for c in s.hands[seat]:
        if str(c) == text:
            return c
    raise AssertionError(f"{text} not in hand {seat}: {[str(c) for c in s.hands[seat]]}")


def play(s: GnonoState, seat: int, text: str, color=None):
    return s.apply(Play(seat, card_in(s, seat, text), color))


def kinds(events):
    return [e.kind for e in events]


def hand(s: GnonoState, seat: int):
    return sorted(str(c) for c in s.hands[seat])


def refused(s: GnonoState, move):
    """The move raises IllegalMove and leaves the state exactly as it was."""
    before = s.to_json()
    with pytest.raises(IllegalMove):
        s.apply(move)
    assert s.to_json() == before
    assert not s.is_legal(move)


def conserved(s: GnonoState):
    assert sorted(c.token for c in s.all_cards()) == DECK
