"""game.words: counts with their nouns in the right number."""
from game.words import counted


def test_one_is_singular_and_every_other_count_plural():
    assert counted(1, "card") == "1 card"
    assert counted(0, "card") == "0 cards"
    assert counted(2, "point") == "2 points"
    assert counted(3, "red card") == "3 red cards"
    assert counted(2, "junk", "junk") == "2 junk"


def test_a_signed_count_keeps_its_sign_and_the_number_follows_its_size():
    assert counted(1, "chip", signed=True) == "+1 chip"
    assert counted(-1, "chip", signed=True) == "-1 chip"
    assert counted(-3, "chip", signed=True) == "-3 chips"
    assert counted(0, "chip", signed=True) == "+0 chips"


def test_go_stop_says_one_chip_paid_at_once_in_the_singular():
    from game.engine import Details
    from game.gostop.narrate import Speaker, narrate
    ev = Details("paid_at_once", 0, {"from": 1, "chips": 1, "reason": "first ppuk"})
    text = narrate(ev, Speaker(["You", "Computer"]))[0]
    assert text == "Computer pays 1 chip at once for the first ppuk."
