"""game.cards as text: a French card printed as a text-mode program printed it, and an
engine's sentence with its card codes printed so (Gin's and Nerts' notes)."""
from game.cards import Card, card_text, codes_as_text


def test_a_card_prints_with_its_code_page_437_suit():
    assert card_text(Card(10, "H")) == "10\x03"
    assert card_text(Card(1, "S")) == "A\x06"
    assert card_text(Card(12, "D")) == "Q\x04"


def test_card_codes_in_a_sentence_print_as_cards_and_other_words_stay():
    assert codes_as_text("7S does not go on 6D: build down.") == "7\x06 does not go on 6\x04: build down."
    assert codes_as_text("TH or 10C, AS, KD") == "10\x03 or 10\x05, A\x06, K\x04"
    # words and longer tokens are not cards
    assert codes_as_text("AS IS: ACE, 7SS, X7S, 1S") == "A\x06 IS: ACE, 7SS, X7S, 1S"
