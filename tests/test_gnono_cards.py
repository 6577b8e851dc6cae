"""Gnono cards: the 108-card deck, short string forms, parse, points."""
from collections import Counter

import pytest

from game.gnono.cards import COLORS, Card, full_deck, parse_cards


def test_deck_composition():
    deck = full_deck()
    assert len(deck) == 108
    assert len(set(deck)) == 108            # the copy index makes every card unique
    kinds = Counter(str(c) for c in deck)
    for col in COLORS:
        assert kinds[col + "0"] == 1
        for face in "123456789":
            assert kinds[col + face] == 2
        for face in ("S", "R", "+2"):
            assert kinds[col + face] == 2
    assert kinds["W"] == 4 and kinds["W+4"] == 4
    assert sum(1 for c in deck if c.color == "R") == 25


@pytest.mark.parametrize("text,color,face", [
    ("R7", "R", "7"), ("GS", "G", "S"), ("BR", "B", "R"), ("Y+2", "Y", "+2"),
    ("W", "W", ""), ("W+4", "W", "+4"), ("r0", "R", "0"), ("wd4", "W", "+4"),
    ("BD2", "B", "+2"),
])
def test_parse_and_str(text, color, face):
    c = Card.parse(text)
    assert (c.color, c.face, c.copy) == (color, face, 0)
    assert Card.parse(str(c)) == c


def test_tokens_keep_the_copy():
    for c in full_deck():
        assert Card.from_token(c.token) == c
        assert str(c) in c.token
    assert Card.parse("R7#1") == Card("R", "7", 1)
    assert Card("R", "7", 0) != Card("R", "7", 1)
    assert Card("R", "7", 0).same_kind(Card("R", "7", 1))
    assert not Card("R", "7").same_kind(Card("G", "7"))


@pytest.mark.parametrize("bad", ["", "X7", "R", "R10", "W+2", "WS", "R7#2", "R0#1",
                                 "W#4", "R+4", "7R", "R7#x"])
def test_parse_rejects(bad):
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_points():
    assert Card.parse("R7").points == 7
    assert Card.parse("G0").points == 0
    for t in ("GS", "BR", "Y+2"):
        assert Card.parse(t).points == 20
    assert Card.parse("W").points == 50 and Card.parse("W+4").points == 50
    assert sum(c.points for c in full_deck()) == 4 * (45 * 2 + 20 * 6) + 8 * 50


def test_kinds_and_names():
    assert Card.parse("W+4").is_wild_draw_four and Card.parse("W").is_wild
    assert Card.parse("Y+2").is_action and not Card.parse("Y+2").is_number
    assert Card.parse("B9").number == 9 and Card.parse("BS").number is None
    assert Card.parse("R7").name == "red 7"
    assert Card.parse("GS").name == "green Skip"
    assert Card.parse("W+4").name == "Wild Draw Four"


def test_parse_cards_numbers_copies():
    cards = parse_cards("R7 R7 W W W+4 G1#1")
    assert [c.copy for c in cards] == [0, 1, 0, 1, 0, 1]
    assert len(set(cards)) == 6


def test_cards_are_immutable():
    c = Card.parse("R7")
    with pytest.raises(AttributeError):   # a frozen dataclass refuses
        c.color = "G"
