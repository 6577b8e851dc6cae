"""The Leave question shared by the tables (game/table/leaving.py): the game is saved;
at a hosted table the network players seated are named as dropped (issue #44 item 20)."""
from game.table.leaving import LEAVE_SAVED, leave_question
from game.words import listed


def test_the_leave_question_names_the_network_players_dropped():
    assert leave_question() == LEAVE_SAVED == "Leave the game? (the game is saved)"
    one = leave_question(["Bob"])
    assert "saved" in one and "Bob is dropped" in one
    assert "Ann, Bob and Cy are dropped" in leave_question(["Ann", "Bob", "Cy"])
    assert listed(["Ann", "Bob"]) == "Ann and Bob" and listed([]) == ""
