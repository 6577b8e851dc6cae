"""Go-Stop's notes for the special plays (game/gostop/narrate.py's SENTENCES): each
template is filled for the seat's person and the month, and names nothing unfilled."""
import re

from game.engine import Details
from game.gostop.cards import CARDS
from game.gostop.narrate import SENTENCES, Speaker, narrate

PINE = next(c for c in CARDS if c.month == 1)


def text(kind: str, seat: int, names=("You", "Ann")) -> str:
    return narrate(Details(kind, seat, {"cards": [PINE]}), Speaker(list(names)))[0]


def test_each_special_sentence_is_filled_for_you_and_for_another_seat():
    for kind in SENTENCES:
        mine, hers = text(kind, 0), text(kind, 1)
        for t in (mine, hers):
            assert "{" not in t and "}" not in t and t.endswith("."), (kind, t)
        if set(re.findall(r"{(\w+)}", SENTENCES[kind])) - {"m", "plant"}:    # it names the seat
            assert mine != hers, kind


def test_the_sentences_read_as_before():
    assert text("jjok", 0) == "Jjok! You pair your own card from the stock: one junk from each opponent."
    assert text("jjok", 1) == "Jjok! Ann pairs their own card from the stock: one junk from each opponent."
    assert text("shake", 1) == "Shaking! Ann shows three 1s (pine): their payment doubles if they win."
    assert text("shake", 0) == "Shaking! You show three 1s (pine): your payment doubles if you win."
    assert text("ja_ppuk", 1).startswith("Ja-ppuk! Ann takes back their own stack of 1s: two junk")
