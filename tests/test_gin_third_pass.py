"""Issue #44 ("What a player still trips on, third pass") and #43's no peeking, for the
Gin table: Straight Gin says no knocking everywhere (session screen, header, key bar);
the computer's knock is said once; the coach does not say "you threw it yourself" of a
card the computer has just thrown; the coach's advice puts the cursor on its card;
the hot seat's default names are "Player 1" and "Player 2"; Home/End on the arrow row;
F6 and F9 refused with their reason in a challenge and at a hosted table."""
import pygame

from game.cards import Card, parse_cards
from game.challenges import Challenge
from game.gin import replay_codec
from game.gin import table as T
from game.gin.coach import explain
from game.gin.rules import Discard, DrawStock, GinGame, GinOptions, Pass, TakeUpcard
from game.gin.screens import CardsBox
from game.gin.setup import SessionScene
from game.scene import Replace
from game.table import peeking
from game.table.handover import HandOver
from tests.test_gin_table import CPU_HAND, GIN_HUMAN, make_table, press

K = pygame


def texts_drawn(monkeypatch, scene, canvas) -> str:
    from game import ui
    drawn = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda c, col, row, s, *a, **k:
                        (drawn.append(s), real(c, col, row, s, *a, **k))[1])
    scene.draw(canvas)
    monkeypatch.setattr(ui, "text", real)
    return " | ".join(drawn)


def test_straight_gin_says_no_knocking_on_the_session_screen_the_header_and_the_key_bar(app, monkeypatch):
    scene = SessionScene(app, lambda session: None)
    scene.values["rules"]["gin.straight_gin"] = True
    app.push(scene)
    app.run(max_frames=1)
    line = next(ln for ln in scene.lines() if ln.key == "gin.knock_value")
    assert "10" not in line.value and "Straight Gin" in line.value
    scene.index = [ln.key for ln in scene.lines()].index("gin.knock_value")
    b = app.beeps
    press(app, K.K_RIGHT)              # the knock value means nothing under Straight Gin
    assert app.beeps == b + 1 and "Straight Gin" in scene.notice
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H", options=GinOptions(straight_gin=True))
    press(app, "+", K.K_RETURN)
    assert t.ctl.focus == "hand" and "F10: gin)" in t.ctl.note
    bar = [bd.bar for bd in t.bindings() if bd.bar]
    assert "Gin" in bar and "Gin/Knock" not in bar
    top = texts_drawn(monkeypatch, t, app.canvas)
    assert "Straight Gin" in top and "Regular Gin" not in top


def test_the_computers_knock_is_said_once(app):
    t = make_table(app, "8D QD 4S 7S KC KH QH 5H 6H 2C", "AS 2S 3S 7H 7D 7C 9D TD JD 4C", "5C",
                   dealer=0)
    app.run(max_frames=400)                       # the computer takes the 5C and knocks
    c = t.ctl
    assert c.game.phase == "lay_down" and c.mode == "confirm"
    said = c.other_note + " " + c.note
    assert said.count("knocks") == 1 and "The computer knocks with 5!" in c.other_note
    assert c.note.startswith("Your unplayable points")


def test_the_coach_says_a_card_thrown_back_was_taken_by_the_computer_first():
    """Ann threw 9S, the computer took it, then threw it back: the coach's reason for
    leaving it says so, not "you threw 9S yourself" just after the computer's discard."""
    g = GinGame.from_deal([parse_cards("9S AD 2D 3D 4D 7H 7C 7S KC KH"),
                           parse_cards("8S TS 3H 6H 9H JH 4C 5C QD 2H")], Card.parse("QC"),
                          parse_cards("KS 2C 5D 6C 9D AH JC TH 8H 3C JD QH 8C TC 4H 5H AS 3S 4S 6S 7D "
                                      "8D 9C TD KD 5S QS 2S JS AC 6D"), dealer=1)
    nine = Card.parse("9S")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(Discard(0, nine))
    g.apply(TakeUpcard(1))                        # the computer takes Ann's 9S
    g.apply(Discard(1, Card.parse("QD")))
    g.apply(DrawStock(0))
    g.apply(Discard(0, Card.parse("KH")))
    g.apply(DrawStock(1))
    g.apply(Discard(1, nine))                     # ...and throws it back
    v = g.view(0)
    assert v.pile[-1] == nine and nine in v.my_discards
    text = explain(v, DrawStock(0))
    assert "yourself" not in text and "before the computer took it" in text


def test_the_coachs_advice_puts_the_cursor_on_its_card(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H")
    c = t.ctl
    press(app, K.K_DOWN)                          # the arrow row, away from the pick-up
    assert c.focus == "arrow"
    press(app, "h")
    advice = c.coaching.last_advice
    assert isinstance(advice.move, TakeUpcard | Pass)
    assert c.focus == "pickup" and c.note.startswith("Coach:")
    press(app, "+" if isinstance(advice.move, TakeUpcard) else "-")
    while c.game.turn != 0 or c.game.phase != "discard":
        app.run(max_frames=10)
        if c.my_turn and c.game.phase == "draw":
            press(app, "+")
    assert c.picked is not None                   # the card taken waits below the upcard
    press(app, "h")
    move = c.coaching.last_advice.move
    assert isinstance(move, Discard) and c.picked is None and c.focus == "hand"
    assert c.order[c.sel] == move.card and c.note.startswith("Coach:")
    press(app, "-")                               # the next key plays what was advised
    assert c.game.pile[-1] == move.card


def test_the_hot_seats_default_names_are_player_1_and_player_2(app):
    scene = SessionScene(app, lambda session: Replace(T.new_table(app, session)))
    scene.values["opponent"] = "human"
    app.push(scene)
    press(app, K.K_RETURN)
    assert isinstance(app.top, HandOver) and app.top.name in ("Player 1", "Player 2")
    t = app.scenes[-2]
    assert t.ctl.names == ("Player 1", "Player 2")
    assert scene.values["name"] == "Player"       # the session remembers the name typed


def test_home_and_end_move_the_insert_arrow(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H")
    c = t.ctl
    press(app, "+")
    assert c.focus == "arrow" and c.arrow == len(c.order)
    b = app.beeps
    press(app, K.K_HOME)
    assert c.arrow == 0 and app.beeps == b
    press(app, K.K_END)
    assert c.arrow == len(c.order) and app.beeps == b
    press(app, K.K_HOME, K.K_RETURN)
    assert c.order[0] == Card.parse("5H")


def challenge_table(app):
    ch = Challenge("gin", 123456, replay_codec.options_to_json(GinOptions()), (None, "normal"), 110, "Tess")
    t = T.start_challenge(app, ch)
    app.push(t)
    app.run(max_frames=1)
    return t


def test_a_challenge_refuses_the_stock_and_the_computers_hand_with_the_reason(app):
    t = challenge_table(app)
    for key in (K.K_F9, K.K_F6):
        b = app.beeps
        press(app, key)
        assert app.beeps == b + 1 and app.top is t and not isinstance(app.top, CardsBox)
        assert t.ctl.note == peeking.CHALLENGE
    assert not t.ctl.show_cpu and t.ctl.peek_hand() is None
