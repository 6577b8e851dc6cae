"""Go-Stop's online variants (variants.py), each an option off by default: what each
allows and what it refuses, in constructed positions, and that with the option off
the sheet's rule stands. Also the last-card rule: no Go-or-Stop question on a seat's
last card while another still plays."""
import json
import random

import pytest

from game.engine import IllegalMove
from game.gostop.ai import GoStopAI
from game.gostop.cards import BONUS_CARDS
from game.gostop.rules import (
    Bomb,
    ChooseMatch,
    FlipStock,
    GoStop,
    GoStopState,
    NextHand,
    Options,
    PlayCard,
    Shake,
)
from tests.gostop_helpers import P, c, junk_events, kinds, names, play

# ten cards for seat 0 (a first turn is known by a full hand)
FULL = "3B 5J1 5J2 6A 6R 7A 7R 8A 9A 9R"



def test_every_variant_is_off_by_default_and_survives_json():
    o = Options()
    assert not (o.three_ppuk or o.first_ppuk_paid or o.bonus_steals or o.two_card_bomb)
    v = Options(three_ppuk=True, three_ppuk_points=9, first_ppuk_paid=True, first_paid_chips=4,
                bonus_steals=True, two_card_bomb=True)
    assert Options.from_json(json.loads(json.dumps(v.to_json()))) == v
    for bad in ({"three_ppuk": "yes"}, {"three_ppuk_points": 0}, {"first_paid_chips": 51},
                {"two_card_bomb": 1}):
        with pytest.raises(ValueError):
            Options(**bad)


# ---------------------------------------------------------------- three ppuk
def three_ppuk_position(options):
    # seat 0 has made two ppuk; its 3B and the stock's 3R on the 3J1 make the third
    return P(["3B 5J1", "10J1 10J2"], "3J1", "3R 7J1 8J1", captures=["", "6J1 6J2"],
             options=options, ppuks=[2, 0])


def test_three_ppuk_wins_the_hand_at_once():
    s = three_ppuk_position(Options(three_ppuk=True, three_ppuk_points=7))
    ev = play(s, "3B")
    assert kinds(ev)[-3:] == ["three_ppuk", "payment", "hand_over"]
    assert s.is_over() and s.result["winner"] == 0 and s.result["points"] == 7
    assert s.result["lines"] == [["three ppuk", 7]] or s.result["lines"] == [("three ppuk", 7)]
    assert s.chips == [7, -7]
    s.check_invariants()
    with pytest.raises(IllegalMove):     # the hand is over: no more cards
        play(s, "5J1")
    assert GoStopState.from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()


def test_three_ppuk_pays_the_nagari_multiplier():
    s = P(["3B 5J1", "10J1 10J2"], "3J1", "3R 7J1 8J1", ppuks=[2, 0], multiplier=2,
          options=Options(three_ppuk=True, three_ppuk_points=7))
    play(s, "3B")
    assert s.chips == [14, -14] and s.result["payments"][0].doublings == [("nagari", 2)]


def test_three_ppuk_off_the_third_ppuk_is_an_ordinary_stack():
    s = three_ppuk_position(Options())
    ev = play(s, "3B")
    assert "ppuk" in kinds(ev) and "three_ppuk" not in kinds(ev)
    assert not s.is_over() and s.ppuks == [3, 0] and s.stacks == {3: 0}


def test_two_ppuk_do_not_win():
    s = P(["3B 5J1", "10J1 10J2"], "3J1", "3R 7J1 8J1", ppuks=[1, 0],
          options=Options(three_ppuk=True))
    play(s, "3B")
    assert not s.is_over() and s.ppuks == [2, 0] and s.turn == 1


def test_ppuk_counts_start_again_each_hand():
    s = GoStopState.new(Options(three_ppuk=True), 5)
    s.ppuks = [2, 1]
    s.phase, s.result = "hand_over", {"winner": None}
    s.apply(NextHand())
    assert s.ppuks == [0, 0]


# ---------------------------------------------------- first ppuk / ttadak paid
def test_the_hands_first_ppuk_is_paid_at_once():
    o = Options(first_ppuk_paid=True, first_paid_chips=3)
    s = P(["3B 5J1", "10J1 10J2", "11J1 12D"], "3J1", "3R 7J1 8J1 9J1", options=o)
    ev = play(s, "3B")
    paid = [(e.data["from"], e.data["chips"], e.data["reason"]) for e in ev if e.kind == "paid_at_once"]
    assert paid == [(1, 3, "first ppuk"), (2, 3, "first ppuk")]
    assert s.chips == [6, -3, -3] and not s.is_over()
    s.check_invariants()


def test_a_second_ppuk_is_not_paid_and_the_option_off_pays_nothing():
    o = Options(first_ppuk_paid=True)
    s = P(["3B 5J1", "10J1 10J2"], "3J1", "3R 7J1 8J1", options=o, ppuks=[0, 1])
    ev = play(s, "3B")
    assert "ppuk" in kinds(ev) and "paid_at_once" not in kinds(ev) and s.chips == [0, 0]
    s = P(["3B 5J1", "10J1 10J2"], "3J1", "3R 7J1 8J1")
    ev = play(s, "3B")
    assert "ppuk" in kinds(ev) and "paid_at_once" not in kinds(ev) and s.chips == [0, 0]


def ttadak_position(options, hand=FULL):
    return P([hand, "10J1 10J2"], "3R 3J1", "3J2 8J1", captures=["", "6J1"], options=options)


def test_a_ttadak_on_the_first_turn_is_paid_at_once():
    s = ttadak_position(Options(first_ppuk_paid=True, first_paid_chips=2))
    play(s, "3B")
    ev = s.apply(ChooseMatch(c("3J1")))
    assert "ttadak" in kinds(ev)
    assert [(e.data["from"], e.data["chips"]) for e in ev if e.kind == "paid_at_once"] == [(1, 2)]
    assert s.chips == [2, -2]


def test_a_ttadak_on_a_later_turn_is_not_paid():
    s = ttadak_position(Options(first_ppuk_paid=True), hand="3B 5J1")   # not a full hand
    play(s, "3B")
    ev = s.apply(ChooseMatch(c("3J1")))
    assert "ttadak" in kinds(ev) and "paid_at_once" not in kinds(ev) and s.chips == [0, 0]


# ----------------------------------------------------------- bonus card steals
def test_a_bonus_card_played_steals_a_junk_from_each():
    s = P(["+2 1B", "10J1 10J2", "11B 12B"], "3J1", "3R 5J1 8J1",
          captures=["", "6J1 6J2", "4J1"], options=Options(bonus_steals=True))
    ev = s.apply(PlayCard(BONUS_CARDS[0]))
    assert junk_events(ev) == [(1, ["6J1"], "bonus"), (2, ["4J1"], "bonus")]
    assert "+2" in names(s.captures[0]) and "6J1" in names(s.captures[0])


def test_a_bonus_card_steals_nothing_when_off_or_when_turned_up():
    s = P(["+2 1B", "10J1 10J2"], "3J1", "3R 5J1 8J1", captures=["", "6J1"])
    ev = s.apply(PlayCard(BONUS_CARDS[0]))
    assert not junk_events(ev)
    s = P(["1B 5J1", "10J1 10J2"], "1J1", "+3 7J1 8J1", captures=["", "6J1"],
          options=Options(bonus_steals=True))
    ev = play(s, "1B")
    assert "bonus" in kinds(ev) and not junk_events(ev)


# ------------------------------------------------------------ the two-card bomb
def two_bomb_position(options):
    return P(["1J1 1R 5J1", "10J1 10J2 11J1"], "1B 1J2 7J1", "8J1 9J1 6J1 12A 12R",
             captures=["", "6J2 4J1"], options=options)


def test_the_two_card_bomb_is_offered_and_takes_the_four():
    s = two_bomb_position(Options(two_card_bomb=True))
    play(s, "1R")
    assert s.question().kind == "bomb"
    assert set(s.legal_moves()) == {Bomb(True), Bomb(False)}
    with pytest.raises(IllegalMove):
        s.apply(Shake(True))
    ev = s.apply(Bomb(True))
    assert "bomb" in kinds(ev) and junk_events(ev) == [(1, ["4J1"], "bomb")]
    assert {"1B", "1R", "1J1", "1J2"} <= set(names(s.captures[0]))
    assert s.bombs == [1, 0] and s.credits == [1, 0]    # one stock-only turn, not two
    assert names(s.hands[0]) == ["5J1"]
    s.check_invariants()
    play(s, "10J1")
    assert FlipStock() in s.legal_moves()
    s.apply(FlipStock())
    assert s.credits == [0, 0]
    play(s, "10J2")
    assert FlipStock() not in s.legal_moves()


def test_declining_the_two_card_bomb_plays_the_card_with_its_choice():
    s = two_bomb_position(Options(two_card_bomb=True))
    play(s, "1R")
    s.apply(Bomb(False))
    assert s.question().kind == "match_hand"       # two 1s on the table: choose one
    assert s.bombs == [0, 0] and names(s.hands[0]) == ["1J1", "5J1"]


def test_no_two_card_bomb_without_the_option():
    s = two_bomb_position(Options())
    play(s, "1R")
    assert s.question().kind == "match_hand"
    with pytest.raises(IllegalMove):
        s.apply(Bomb(True))


def test_a_constructed_two_card_bomb_question_needs_the_option():
    s = two_bomb_position(Options(two_card_bomb=True))
    play(s, "1R")
    d = s.to_json()
    d["options"]["two_card_bomb"] = False
    with pytest.raises(ValueError, match="bomb"):
        GoStopState.from_json(json.loads(json.dumps(d)))


# -------------------------------------------------- no Go on one's last card
def test_no_go_or_stop_on_the_last_card_while_another_still_plays():
    # three players: seat 0 reaches the target (3) with its last card, seat 1 still has cards
    s = P(["8J1", "12A 12R", "11J1 10J1"], "8J2", "5A 6A 7A 4A",
          captures=["1B 3B 8B", "", ""], options=Options(players=3))
    ev = play(s, "8J1")
    stop = [e for e in ev if e.kind == "stop"]
    assert stop and stop[0].data["auto"] and s.is_over() and s.result["winner"] == 0
    assert GoStop(True) not in s.legal_moves()


def test_go_or_stop_is_still_asked_with_cards_left():
    s = P(["8J1 9J1", "12A 12R", "11J1 10J1"], "8J2", "5A 6A 7A 4A",
          captures=["1B 3B 8B", "", ""], options=Options(players=3))
    play(s, "8J1")
    assert s.question().kind == "go_stop"


# --------------------------------------------------- the computers play them
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computers_play_every_variant_legally(level):
    o = Options(three_ppuk=True, first_ppuk_paid=True, bonus_steals=True, two_card_bomb=True,
                bonus_cards=3)
    for seed in range(3 if level == "hard" else 8):
        s = GoStopState.new(o, seed)
        ais = [GoStopAI(level, random.Random(seed + k), rollouts=4) for k in range(s.n)]
        for _ in range(3):       # three hands
            while not s.is_over():
                q = s.question()
                move = ais[q.seat].choose(s.view(q.seat))
                assert move in s.legal_moves()
                s.apply(move)
                s.check_invariants()
            s.apply(NextHand())
