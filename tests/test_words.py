"""game.words: counts with their nouns in the right number."""
from game.words import counted


def test_one_is_singular_and_every_other_count_plural():
    assert counted(1, "card") == "1 card"
    assert counted(0, "card") == "0 cards"
    assert counted(2, "point") == "2 points"
    assert counted(3, "red card") == "3 red cards"
    assert counted(2, "junk", "junk") == "2 junk"
