"""Issue #23 for Gin: a hand playable with the screen ignored. The notes are spoken as
they change, the card under the cursor or the arrow, the F10 question with the hand in
groups, the marks, the result; F11 says the hand in groups, the upcard, the Stock and
the scores. In hot seat nothing private of the other human is said."""
import pygame

from game.cards import Card, parse_cards
from game.gin import table as T
from game.gin.rules import GinGame, GinOptions
from game.speech import RecordingSpeaker
from game.spoken import card_name
from tests.test_gin_hotseat import HOT
from tests.test_gin_table import CPU_HAND, GIN_HUMAN, _knock_ready, make_table, press, select

K = pygame


def speaking(app):
    app.speaker = RecordingSpeaker()
    app.options["speech.on"] = True
    return app.speaker


def heard(sp) -> str:
    return " | ".join(sp.said)


def test_the_card_under_the_cursor_and_the_arrow_is_spoken(app):
    sp = speaking(app)
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, K.K_DOWN, K.K_DOWN)
    first, second = (card_name(c.rank, c.suit) for c in t.ctl.order[:2])
    assert sp.said[-1].endswith(f"{first}, card 1 of 10")
    press(app, K.K_RIGHT)
    assert sp.said[-1] == f"{second}, card 2 of 10"
    press(app, K.K_UP, K.K_UP, "+")            # take the jack of clubs
    assert "jack of clubs" in sp.said[-1] and "arrow at the end" in sp.said[-1]
    assert t.ctl.picked == Card.parse("JC")


def test_a_note_set_by_a_key_is_said_with_the_focus(app):
    sp = speaking(app)
    make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, K.K_LEFT)                      # refused: no choice on the first upcard
    assert "No choice now" in sp.said[-1]


def test_the_computers_moves_are_spoken_as_they_happen(app):
    sp = speaking(app)
    make_table(app, GIN_HUMAN, CPU_HAND, "5H")
    press(app, "-")
    app.run(max_frames=300)
    assert any(s.startswith("The computer") for s in sp.said)


def test_the_computers_draw_is_said_once(app):
    """The screen's line joins a turn's draw and discard; the voice said the draw as it
    was made, so with the discard it says the discard alone."""
    sp = speaking(app)
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H")
    press(app, "-")
    app.run(max_frames=600)
    said = [s for s in sp.said if s.startswith("The computer")]
    assert t.ctl.other_note.startswith("The computer") and " and discards " in t.ctl.other_note
    assert said[-1].startswith("The computer discards ")
    assert sum("from the Stock" in s or "takes " in s for s in said) == 1


def test_the_f10_question_and_the_marking_are_spoken(app):
    sp = speaking(app)
    t = _knock_ready(app)
    app.run(max_frames=1)
    said = heard(sp)
    assert "Is that how you want your hand played? Y or N" in said and "group 1:" in said
    press(app, "n")
    c0, c1 = (card_name(c.rank, c.suit) for c in t.ctl.arr.cards[:2])
    assert sp.said[-1].startswith("Mark each card 1, 2, 3 or space")
    assert sp.said[-1].endswith(f"{c0}, group {t.ctl.arr.marks[0]}")
    press(app, K.K_SPACE)
    assert t.ctl.arr.marks[0] == " " and sp.said[-1] == f"{c1}, group {t.ctl.arr.marks[1]}"
    press(app, K.K_LEFT)
    assert sp.said[-1] == f"{c0}, unplayable"


def test_f11_says_the_hand_in_groups_the_upcard_the_stock_and_the_scores(app):
    sp = speaking(app)
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, K.K_F11)
    said = sp.said[-1]
    assert said.startswith("Your hand: group 1:")
    assert "Upcard: jack of clubs" in said and f"Stock: {len(t.ctl.game.stock)} cards" in said
    assert "Score: Tester 0, Computer 0" in said and "unplayable:" in said


def test_the_result_is_spoken(app):
    sp = speaking(app)
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, "+", K.K_RETURN)
    select(app, t, "KH")
    press(app, K.K_F10, "y")
    app.run(max_frames=150)
    assert t.ctl.mode == "result"
    app.run(max_frames=2)
    press(app, K.K_F11)
    assert any("GIN! by Tester" in s for s in sp.said)


def test_hot_seat_speech_never_names_the_other_humans_cards(app):
    sp = speaking(app)
    game = GinGame.from_deal([parse_cards(GIN_HUMAN), parse_cards(CPU_HAND)], Card.parse("5H"),
                             dealer=1, options=GinOptions(), seed=3)
    t = T.GinTable(app, game, "Ann", "normal", 11, HOT)
    app.push(t)
    app.run(max_frames=1)
    press(app, K.K_RETURN, "-")               # Ann passes the first upcard
    press(app, K.K_RETURN, "-")               # Bob passes it too
    press(app, K.K_RETURN, "+", K.K_RETURN, "-")  # Ann draws from the Stock, discards
    assert t.ctl.mode == "handover" and t.ctl.handover_to == 1
    ann_private = [card_name(c.rank, c.suit) for c in t.ctl.game.hands[0]]
    start = len(sp.said)
    press(app, K.K_F11)                       # at the hand-over: no hand is said
    press(app, K.K_RETURN, K.K_F11, K.K_DOWN, K.K_DOWN, K.K_RIGHT, K.K_RIGHT, "+")
    bob = " | ".join(sp.said[start:])
    everything = " | ".join(sp.said)
    assert "Your hand" in bob and "Ann draws from the Stock." in everything
    assert "Ann discards " in everything
    for name in ann_private:
        assert name not in bob, name
