"""Issue #18 for Gin: GIN!'s keys exactly as its manual says, notes that say what the
computer did and do not go stale, engine messages with the table's card symbols."""
import pygame

from game.cards import Card, card_text
from game.gin import table as T
from game.gin.rules import Discard, DrawStock, Pass, TakeUpcard
from game.gin.screens import CardsBox, GridScreen
from tests.test_gin_table import (
    CPU_HAND,
    GIN_HUMAN,
    _knock_ready,
    _mark_all,
    make_table,
    press,
    select,
    snapshot,
)

K = pygame


def test_up_and_down_go_stock_arrow_row_hand_in_that_order(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    assert t.ctl.focus == "pickup"
    press(app, K.K_DOWN)
    assert t.ctl.focus == "arrow"
    press(app, K.K_DOWN)
    assert t.ctl.focus == "hand"
    press(app, K.K_UP)
    assert t.ctl.focus == "arrow"
    press(app, K.K_UP)
    assert t.ctl.focus == "pickup"


def test_with_a_card_taken_the_arrow_row_keeps_it_until_enter(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, "+")
    assert t.ctl.focus == "arrow" and t.ctl.picked is not None
    before, b = snapshot(t), app.beeps
    press(app, K.K_DOWN, K.K_UP, frames=3)
    assert app.beeps == b + 2 and snapshot(t) == before
    assert "Enter" in t.ctl.note


def test_after_a_sort_the_note_no_longer_says_move_the_arrow(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, K.K_DOWN, K.K_DOWN, K.K_UP)
    assert "Move the arrow" in t.ctl.note
    press(app, K.K_RIGHT, K.K_RETURN)
    assert t.ctl.focus == "hand" and "arrow" not in t.ctl.note.lower()


def test_f3_and_f4_close_on_any_key_as_f5_and_f6_do(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    for fkey, kind in ((K.K_F3, GridScreen), (K.K_F4, GridScreen), (K.K_F5, CardsBox), (K.K_F6, CardsBox)):
        press(app, fkey)
        assert isinstance(app.top, kind)
        before = app.beeps
        press(app, "x")
        assert app.top is t and app.beeps == before


def test_esc_during_play_beeps_and_only_takes_back_a_mistaken_f10(app):
    t = _knock_ready(app)
    press(app, K.K_ESCAPE)
    assert t.ctl.mode == "play"
    b = app.beeps
    press(app, K.K_ESCAPE)
    assert app.beeps == b + 1 and app.top is t and t.ctl.mode == "play"


def test_the_notes_say_when_the_computer_takes_your_discard(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H")
    g = t.ctl.game
    press(app, "-")                                  # pass the first upcard
    app.run(max_frames=300)                          # the computer passes or takes it
    while g.turn == T.CPU:
        app.run(max_frames=50)
    if g.phase == "offer":
        press(app, "-")
        app.run(max_frames=5)
    # now make the computer's next move a take of the player's discard, paced by the table
    if g.phase == "draw":
        press(app, "+", K.K_RETURN)
    select(app, t, "KH")
    press(app, "-")
    assert g.pile[-1] == Card.parse("KH") and g.turn == T.CPU
    t.ctl._after_move(g.apply(TakeUpcard(T.CPU)))
    assert t.ctl.other_note == "The computer takes your K\x03."
    discard = next(c for c in g.hands[T.CPU] if c != Card.parse("KH"))
    t.ctl._after_move(g.apply(Discard(T.CPU, discard)))
    assert t.ctl.other_note.startswith("The computer takes your K\x03 and discards ")


def test_the_computer_draw_from_the_stock_is_said_without_its_card(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H", dealer=0)
    g = t.ctl.game
    t.ctl._after_move(g.apply(Pass(T.CPU)))             # the computer (non-dealer) passes
    press(app, "-")                                  # the player passes too
    assert g.phase == "draw" and g.turn == T.CPU
    events = g.apply(DrawStock(T.CPU))
    t.ctl._after_move(events)
    assert t.ctl.other_note == "The computer draws from the Stock."
    assert card_text(Card.parse(events[0].data["card"])) not in t.ctl.other_note


def test_a_group_error_names_the_cards_with_suit_symbols(app):
    t = _knock_ready(app)
    marks = {"AC": "1", "2D": "1", "3D": "1", "7C": "2", "7S": "2", "7H": "2"}
    _mark_all(app, t, marks)
    press(app, K.K_F10)
    assert t.ctl.mode == "mark"
    assert "A\x05" in t.ctl.note and "2\x04" in t.ctl.note and "AC" not in t.ctl.note


def test_a_marked_invalid_group_is_not_given_unplayable_points(app):
    t = _knock_ready(app)
    _mark_all(app, t, {"AC": "1", "2D": "1", "3D": "1"})
    assert t.ctl.arrangement_status().startswith("group 1 is not a set or a run")
    press(app, *([K.K_LEFT] * 12), frames=4)
    keys = ["1" if str(c) in ("2D", "3D", "4D") else K.K_SPACE for c in t.ctl.arr.cards]
    press(app, *keys, frames=4)
    assert t.ctl.arrangement_status().startswith("unplayable points ")


def test_the_knock_note_does_not_carry_into_the_next_hand(app):
    t = _knock_ready(app)
    press(app, "y")
    assert t.ctl.note.startswith("You knock with")
    app.run(max_frames=200)
    assert t.ctl.mode == "result"
    press(app, "x", "x")                             # the score, then the next hand
    assert t.ctl.game.hand_no == 2 and "knock with" not in t.ctl.note


def test_engine_card_codes_become_card_symbols():
    from game.gin.controller import sentence
    assert sentence("group 1 (AC AD AH 4S) is not a set or a run") == \
        "Group 1 (A\x05 A\x04 A\x03 4\x06) is not a set or a run."
    assert sentence("you have drawn already") == "You have drawn already."


def test_the_result_box_covers_the_stock_count_whole_or_not_at_all():
    # a box 27 columns wide (a knock by "Computer") left the "2" of "23 left" showing
    from game import ui
    from game.gin.table_draw import result_box, stock_count_rect
    for width in range(8, 60):
        for n_lines in range(3, 9):
            lines = ["x" * width] + ["y"] * (n_lines - 1)
            box = ui.cell_rect(*result_box(lines))
            for count in ("2 left", "23 left"):
                label = stock_count_rect(count)
                assert box.contains(label) or not box.colliderect(label), (width, n_lines, count)
