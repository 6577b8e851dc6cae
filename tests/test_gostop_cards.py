"""Hwatu cards: the 48 month cards, the bonus cards, string forms."""
import copy
import pickle

import pytest

from game.gostop import cards as C
from game.gostop.cards import CARDS, MONTH_CARDS, card_by_id, cards_of_month, parse_card, parse_cards


def test_48_cards_12_months_of_4():
    assert len(MONTH_CARDS) == 48
    for m in range(1, 13):
        assert len(cards_of_month(m)) == 4
        assert all(c.month == m for c in cards_of_month(m))


def test_category_counts_from_the_sheet():
    cat = [c.category for c in MONTH_CARDS]
    assert cat.count(C.BRIGHT) == 5
    assert cat.count(C.ANIMAL) == 9
    assert cat.count(C.RIBBON) == 10
    assert cat.count(C.JUNK) + cat.count(C.DOUBLE) == 24
    assert cat.count(C.DOUBLE) == 2
    assert {c.month for c in MONTH_CARDS if c.category == C.BRIGHT} == {1, 3, 8, 11, 12}
    assert {c.month for c in MONTH_CARDS if c.category == C.ANIMAL} == {2, 4, 5, 6, 7, 8, 9, 10, 12}
    assert {c.month for c in MONTH_CARDS if c.category == C.DOUBLE} == {11, 12}


def test_month_table_rows():
    # junk per month: 2, except November 2 + 1 double and December 1 double
    for m in range(1, 11):
        assert sum(1 for c in cards_of_month(m) if c.category == C.JUNK) == 2
    assert [c.category for c in cards_of_month(11)].count(C.JUNK) == 2
    assert [c.category for c in cards_of_month(12)].count(C.JUNK) == 0


def test_ribbon_kinds():
    kinds = {c.month: c.ribbon for c in MONTH_CARDS if c.category == C.RIBBON}
    assert kinds == {1: "red", 2: "red", 3: "red", 4: "grass", 5: "grass", 7: "grass",
                     6: "blue", 9: "blue", 10: "blue", 12: "rain"}
    assert all(c.ribbon is None for c in CARDS if c.category != C.RIBBON)


def test_special_cards():
    birds = [c for c in CARDS if c.is_bird]
    assert sorted(c.month for c in birds) == [2, 4, 8]
    assert [c.name for c in CARDS if c.is_rain_man] == ["12B"]
    assert [c.name for c in CARDS if c.is_sake_cup] == ["9A"]
    assert parse_card("9A").description == "sake cup"


def test_values():
    assert parse_card("1J1").value == 1
    assert parse_card("11D").value == 2 and parse_card("12D").value == 2
    assert parse_card("1B").value == 0
    assert [c.value for c in C.BONUS_CARDS] == [2, 3, 2]
    assert all(c.is_bonus and c.month == 0 for c in C.BONUS_CARDS)


def test_string_round_trip_and_parse():
    for c in CARDS:
        assert parse_card(str(c)) is c
        assert card_by_id(c.id) is c
    assert parse_card("01b") is parse_card("1B")
    assert parse_cards("1B 2A +3") == [parse_card("1B"), parse_card("2A"), C.BONUS_CARDS[1]]
    assert len({c.name for c in CARDS}) == len(CARDS)
    for bad in ("", "13B", "1X", "2B", "+4", "1J3", "0B"):
        with pytest.raises(ValueError):
            parse_card(bad)
    with pytest.raises(ValueError):
        card_by_id(99)


def test_cards_are_singletons_frozen_and_sortable():
    c = parse_card("8B")
    assert copy.copy(c) is c and copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps(c)) is c
    with pytest.raises(AttributeError):
        c.month = 3
    assert sorted([parse_card("3B"), parse_card("1B")])[0].name == "1B"


def test_deck_option():
    assert len(C.deck()) == 50
    assert len(C.deck(0)) == 48
    assert len(C.deck(3)) == 51
    with pytest.raises(ValueError):
        C.deck(4)
