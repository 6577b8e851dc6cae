"""Gin Rummy rules as GIN! played them: every rule of /work/shared/rules/gin.md."""
import json

import pytest

from game.cards import Card, full_deck
from game.cards import parse_cards as P
from game.engine import Details, IllegalMove
from game.gin import melds as M
from game.gin.rules import (
    Discard,
    DrawStock,
    GinGame,
    GinOptions,
    GoOut,
    LayDown,
    NextHand,
    Pass,
    Redeal,
    TakeUpcard,
)

C = Card.parse


def deal(h0, h1, up, stock=None, dealer=1, **opts):
    return GinGame.from_deal([P(h0), P(h1)], C(up), P(stock) if stock else None, dealer,
                             GinOptions(**opts))


def rig(g, winner, hand11, loser10, upcard=None):
    """Test setup: replace the current hand so `winner` is to discard from hand11."""
    used = set(hand11) | set(loser10)
    rest = [c for c in full_deck() if c not in used]
    up = upcard or rest[0]
    rest.remove(up)
    g.hands = [None, None]
    g.hands[winner] = sorted(hand11)
    g.hands[1 - winner] = sorted(loser10)
    g.pile, g.stock = [up], rest
    g.phase, g.turn, g.taken_upcard, g.stock_end, g.must_draw_stock = "discard", winner, None, False, False


GIN11 = P("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC")     # discard JC: a run of ten


def win_by_gin(g, winner, loser10):
    rig(g, winner, GIN11, loser10)
    ev = g.apply(GoOut(winner, C("JC")))
    assert ev[0].kind == "gin"
    return g.apply(LayDown(1 - winner))


def unchanged(g, move):
    before = json.dumps(g.to_json())
    with pytest.raises(IllegalMove):
        g.apply(move)
    assert json.dumps(g.to_json()) == before


# --- deal and the first upcard ----------------------------------------------------

def test_deal():
    g = GinGame.new(seed=3)
    assert len(g.hands[0]) == len(g.hands[1]) == 10
    assert len(g.pile) == 1 and len(g.stock) == 31
    assert g.phase == "offer" and g.turn == 1 - g.dealer
    assert len(set(g.hands[0] + g.hands[1] + g.pile + g.stock)) == 52


def test_first_dealer_is_random():
    assert {GinGame.new(seed=s).dealer for s in range(20)} == {0, 1}


def test_first_upcard_offered_to_nondealer_then_dealer_then_stock():
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 5S 8D 9D TD", "KH", "2D 8S")
    assert g.turn == 0 and g.legal_moves(0) == [TakeUpcard(0), Pass(0)]
    unchanged(g, DrawStock(0))
    unchanged(g, TakeUpcard(1))                     # not his turn yet
    g.apply(Pass(0))
    assert g.turn == 1 and g.phase == "offer"
    g.apply(Pass(1))
    assert g.turn == 0 and g.phase == "draw"
    assert g.legal_moves(0) == [DrawStock(0)]       # both passed: non-dealer draws the Stock
    unchanged(g, TakeUpcard(0))
    ev = g.apply(DrawStock(0))
    assert ev[0].data["card"] == "2D" and len(g.hands[0]) == 11
    assert g.view(1).opp_passed == (C("KH"),)


def test_dealer_may_take_first_upcard():
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 5S 8D 9D TD", "KH", "2D 8S")
    g.apply(Pass(0))
    g.apply(TakeUpcard(1))
    assert C("KH") in g.hands[1] and g.phase == "discard" and g.turn == 1
    g.apply(Discard(1, C("2C")))
    assert g.turn == 0 and g.phase == "draw" and g.upcard == C("2C")
    assert g.view(0).opp_taken == (C("KH"),)


def test_nondealer_takes_first_upcard():
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 5S 8D 9D TD", "8H", "2D 8S")
    g.apply(TakeUpcard(0))
    assert g.turn == 0 and g.phase == "discard"
    g.apply(Discard(0, C("9C")))
    assert g.turn == 1 and g.phase == "draw"


def test_taken_upcard_may_not_be_discarded_by_default():
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 5S 8D 9D TD", "KH", "2D 8S")
    g.apply(TakeUpcard(0))
    unchanged(g, Discard(0, C("KH")))
    assert Discard(0, C("KH")) not in g.legal_moves(0)
    g2 = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 5S 8D 9D TD", "KH", "2D 8S",
              discard_taken_upcard=True)
    g2.apply(TakeUpcard(0))
    g2.apply(Discard(0, C("KH")))
    assert g2.upcard == C("KH")


def test_turn_order_and_illegal_moves_leave_state_unchanged():
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 5S 8D 9D TD", "KH", "2D 8S")
    g.apply(Pass(0))
    g.apply(Pass(1))
    unchanged(g, Discard(0, C("9C")))               # draw first
    g.apply(DrawStock(0))
    unchanged(g, DrawStock(0))                      # one draw a turn
    unchanged(g, Discard(0, C("KS")))               # not in the hand
    unchanged(g, Discard(1, C("KC")))               # not his turn
    unchanged(g, GoOut(0, C("AS")))                 # too much deadwood
    unchanged(g, NextHand())
    g.apply(Discard(0, C("9C")))
    g.apply(TakeUpcard(1))                          # takes the 9C
    assert g.hands[1].count(C("9C")) == 1


# --- going out ----------------------------------------------------------------

def test_gin_scores_deadwood_plus_bonus_and_allows_no_layoffs():
    # seat 0 draws 8H for gin; seat 1 could lay 8C off, but not after gin
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 8C 8D 9D TD", "KH", "7S 2D")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    ev = g.apply(GoOut(0, C("9C")))
    assert ev[0].kind == "gin" and ev[0].data["deadwood"] == 0
    v = g.view(1)
    assert v.phase == "lay_down" and v.out_kind == "gin" and len(v.out_melds) == 3
    assert v.out_discard is None                   # discarded face down
    unchanged(g, LayDown(1, None, (C("8C"),)))
    ev = g.apply(LayDown(1))
    scored = [e for e in ev if e.kind == "hand_scored"][0]
    # defender: 8D 9D TD meld; KC KD QS JS 2C 3D 8C unmatched = 10+10+10+10+2+3+8
    assert scored == Details("hand_scored", None, {"winner": 0, "how": "gin", "points": 53 + 25})
    assert g.games[0].points == [78, 0] and g.games[0].boxes == [1, 0]
    assert g.phase == "hand_over" and g.dealer == 0          # the winner deals next
    rec = g.records[-1]
    assert (rec.winner, rec.how, rec.points, rec.games) == (0, "gin", 78, [0])


def test_knock_with_layoffs_scores_the_difference():
    # knocker: AS 2S 3S, 4H 5H 6H, 7C 7D 7H, deadwood 2D
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 7S 3H 8D 9D", "KH", "2D 8S")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    assert set(g.knock_discards(0)) == {C("9C"), C("2D")}
    melds, un = g.proposed_arrangement(0, C("9C"))
    assert un == [C("2D")] and len(melds) == 3
    ev = g.apply(GoOut(0, C("9C")))
    assert ev[0].kind == "knock" and ev[0].data["deadwood"] == 2
    melds, layoffs, un = g.proposed_defense(1)
    assert set(layoffs) == {C("7S"), C("3H")}      # 4th seven, 3H below 4H-5H-6H
    ev = g.apply(LayDown(1))
    # defender deadwood KC KD QS JS 2C 3D 8D 9D = 10*4 + 2 + 3 + 8 + 9 = 62
    scored = [e for e in ev if e.kind == "hand_scored"][0]
    assert scored.data["winner"] == 0 and scored.data["how"] == "knock" and scored.data["points"] == 62 - 2
    assert g.records[-1].deadwood == [2, 62]


def test_knock_over_the_knock_value_is_refused():
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 7S 3H 8D 9D", "KH", "JD 8S",
             knock_value=8)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    assert g.knock_discards(0) == []                # JD or 9C left: over 8
    unchanged(g, GoOut(0, C("JD")))
    g2 = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 7S 3H 8D 9D", "KH", "JD 8S",
              knock_value=9)
    g2.apply(Pass(0))
    g2.apply(Pass(1))
    g2.apply(DrawStock(0))
    g2.apply(GoOut(0, C("JD")))                     # 9C left: 9 <= 9
    assert g2.out_kind == "knock"


def test_underknock_on_equal_and_on_lower_points():
    base = dict(h1="KC KD KS 9S TS JS AD QC QD QH", up="4C")
    # knocker deadwood 2D = 2 ... the defender has AD = 1 after melds: underknock by 1
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", base["h1"], base["up"], "2D 8S")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C")))
    g.apply(LayDown(1))
    rec = g.records[-1]
    assert (rec.winner, rec.how, rec.points) == (1, "underknock", 1 + 25)
    assert g.dealer == 1
    # equal points: knocker 2D+... use AC as the knocker's deadwood (1) vs defender's AD (1)
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", base["h1"], base["up"], "AC 8S")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C")))
    g.apply(LayDown(1))
    rec = g.records[-1]
    assert (rec.winner, rec.how, rec.points) == (1, "underknock", 0 + 25)
    assert rec.deadwood == [1, 1]


def test_player_marks_own_groups():
    # 7H can go in the sevens or in 4H-7H; the player picks
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 8C 8D 9D TD", "KH", "7S 2D")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    unchanged(g, GoOut(0, C("9C"), (P("AS 2S 3S"), P("4H 5H 6H 7S"))))     # not a meld
    unchanged(g, GoOut(0, C("9C"), (P("AS 2S 3S"), P("4H 5H 6H 7H"), P("7C 7D 7H"))))  # 7H twice
    unchanged(g, GoOut(0, C("9C"), (P("AS 2S 3S"),)))                       # 34 unmatched
    g.apply(GoOut(0, C("9C"), (P("AS 2S 3S"), P("4H 5H 6H 7H"), P("7C 7D 7S"))))
    assert g.out_kind == "gin" and len(g.out_melds) == 3


def test_knock_arrangement_of_own_choice_is_scored_as_marked():
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 8C 8D 9D TD", "KH", "2D 8S")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C"), (P("4H 5H 6H"), P("7C 7D 7H"))))    # AS 2S 3S 2D = 8
    assert M.deadwood_value(g.out_unmatched) == 8
    g2 = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 8C 8D 9D TD", "KH", "2D 8S")
    g2.apply(Pass(0))
    g2.apply(Pass(1))
    g2.apply(DrawStock(0))
    unchanged(g2, GoOut(0, C("9C"), (P("AS 2S 3S"), P("7C 7D 7H"))))  # 4H 5H 6H 2D = 17


def test_defender_chooses_melds_and_layoffs():
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 7S 3H 8D 9D", "KH", "2D 8S")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C")))
    unchanged(g, LayDown(1, (), (C("8D"),)))            # does not lay off
    unchanged(g, LayDown(1, (P("KC KD QS"),), ()))      # not a meld
    unchanged(g, LayDown(1, (), (C("AH"),)))            # not his card
    g.apply(LayDown(1, (), (C("7S"),)))                 # only the seven: 3H stays unmatched
    assert g.records[-1].deadwood[1] == 62 + 3
    assert [c for c, _ in g.def_layoffs] == [C("7S")]


def test_layoffs_on_runs_already_extended():
    # knocker run 4H 5H 6H; defender lays off 3H then 2H, 7H then 8H
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7S 9C", "2H 3H 7H 8H KC KD QS JS 9D TD", "QD", "2D 8S")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C")))
    melds, layoffs, un = g.proposed_defense(1)
    assert set(layoffs) == set(P("2H 3H 7H 8H"))
    g.apply(LayDown(1))
    assert len(g.def_layoffs) == 4


# --- the end of the Stock ---------------------------------------------------------

def _to_stock_end(hand0, hand1, up, stock3, dealer=1):
    """Seat 0 to draw with three cards left in the Stock (the rest in the pile)."""
    g = deal(hand0, hand1, up, stock3, dealer)
    g.apply(Pass(0))
    g.apply(Pass(1))
    keep = g.stock[-3:]
    g.pile = g.stock[:-3] + g.pile
    g.stock = keep
    return g


def test_two_card_stock_end_dead_hand_same_dealer():
    g = _to_stock_end("AS 2S 3S 4H 5H 6H 7C 7D 8H 9C", "KC KD QS JS 2C 3D 7S 3H 8D 9D",
                      "QH", "JC QD KH")
    dealer = g.dealer
    g.apply(DrawStock(0))                               # JC
    assert len(g.stock) == 2
    ev = g.apply(Discard(0, C("JC")))                   # seat 1 cannot go out with JC
    kinds = [e.kind for e in ev]
    assert "stock_end" in kinds and "dead_hand" in kinds
    assert g.phase == "hand_over"
    assert g.records[-1].how == "dead" and g.records[-1].winner is None
    assert g.games[0].points == [0, 0] and g.games[0].boxes == [0, 0]
    g.apply(NextHand())
    assert g.dealer == dealer and g.hand_no == 2


def test_two_card_stock_end_take_upcard_only_to_go_out():
    # seat 1 holds KC KD KS ... and goes out with the 9D? give him 7 sevens-free hand:
    g = _to_stock_end("AS 2S 3S 4H 5H 6H 7C 7D 8H 9C", "KC KD KS QC QD QS 8D 9D 3H 2C",
                      "QH", "TD JC AH")
    g.apply(DrawStock(0))                               # TD
    g.apply(Discard(0, C("TD")))                        # 8D 9D TD: seat 1 may go out
    assert g.phase == "draw" and g.stock_end and g.turn == 1
    assert g.legal_moves(1) == [TakeUpcard(1), Pass(1)]
    unchanged(g, DrawStock(1))
    g.apply(TakeUpcard(1))
    unchanged(g, Discard(1, C("3H")))                   # must go out now
    assert all(isinstance(m, GoOut) for m in g.legal_moves(1))
    g.apply(GoOut(1, C("3H")))                          # 2C left: knock with 2
    assert g.out_kind == "knock"


def test_two_card_stock_end_pass_is_a_dead_hand():
    g = _to_stock_end("AS 2S 3S 4H 5H 6H 7C 7D 8H 9C", "KC KD KS QC QD QS 8D 9D 3H 2C",
                      "QH", "TD JC AH")
    g.apply(DrawStock(0))
    g.apply(Discard(0, C("TD")))
    ev = g.apply(Pass(1))
    assert ev[-1].kind == "dead_hand" and g.phase == "hand_over"


# --- Oklahoma -----------------------------------------------------------------------

def test_oklahoma_knock_value_from_first_upcard():
    for up, kv, doubled in (("7D", 7, False), ("KH", 10, False), ("TC", 10, False),
                            ("3S", 3, True), ("AH", 0, False), ("AS", 0, True)):
        g = deal("AC 2C 3C 4H 5H 6H 8C 8D 8H 9C", "KC KD QS JS 2D 3D 8S 4D 5D 6D", up, None,
                 oklahoma=True)
        assert (g.knock_value, g.doubled) == (kv, doubled)
        assert g.view(0).knock_value == kv and g.view(1).doubled == doubled


def test_oklahoma_ace_means_gin_only():
    g = deal("AC 2C 3C 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2D 3D 8C 8D 9D TD", "AH", "AS 8S",
             oklahoma=True)
    assert g.knock_value == 0
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))  # AS: deadwood 1 after 9C
    assert g.knock_discards(0) == []
    unchanged(g, GoOut(0, C("9C")))
    g = deal("AC 2C 3C 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2D 3D 8C 8D 9D TD", "AH", "7S 8S",
             oklahoma=True)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))  # 7S: gin
    g.apply(GoOut(0, C("9C")))
    assert g.out_kind == "gin"


def test_oklahoma_spade_doubles_unplayable_points_not_bonuses():
    hands = ("AC 2C 3C 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2D 3D 8C 8D 9D TD")
    # knock: (62ish - 4) doubled; upcard 5S -> knock value 5
    g = deal(*hands, "5S", "4S 8S", oklahoma=True)
    assert (g.knock_value, g.doubled) == (5, True)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))  # 4S
    g.apply(GoOut(0, C("9C")))                                     # deadwood 4
    g.apply(LayDown(1))
    rec = g.records[-1]
    dd = rec.deadwood[1]
    assert rec.how == "knock" and rec.points == 2 * (dd - 4) and rec.doubled
    # gin: deadwood doubled, the Gin bonus not
    g = deal(*hands, "5S", "7S 8S", oklahoma=True)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C")))
    g.apply(LayDown(1))
    rec = g.records[-1]
    assert rec.how == "gin" and rec.points == 2 * rec.deadwood[1] + 25
    # the option doubles bonuses too
    g = deal(*hands, "5S", "7S 8S", oklahoma=True, oklahoma_double_bonuses=True)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C")))
    g.apply(LayDown(1))
    assert g.records[-1].points == 2 * g.records[-1].deadwood[1] + 50


def test_oklahoma_spade_ace_is_gin_only_and_doubled():
    g = deal("AC 2C 3C 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2D 3D 8C 8D 9D TD", "AS", "7S 8S",
             oklahoma=True)
    assert (g.knock_value, g.doubled) == (0, True)


def test_oklahoma_off_uses_the_option_knock_value():
    g = deal("AC 2C 3C 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2D 3D 8C 8D 9D TD", "AS", "7S 8S",
             knock_value=10)
    assert (g.knock_value, g.doubled) == (10, False)


# --- a game ------------------------------------------------------------------------------

HIGH = P("KD KH QS QH JD JS 9D 9H 8S 5D")    # no meld: 10*6 + 9 + 9 + 8 + 5 = 91
SMALL = P("AD AH 2H 2D 4S 5H 6D 7D 8D 9D")   # 6D-9D and 15 unmatched


def test_game_won_with_game_box_and_blitz_bonuses():
    g = GinGame.new(seed=1)
    ev = win_by_gin(g, 0, HIGH)
    kinds = [e.kind for e in ev]
    assert "game_won" in kinds
    gs = g.games[0]
    assert gs.points == [91 + 25, 0] and gs.winner == 0
    assert gs.game_bonus == [100, 0] and gs.box_bonus == [25, 0] and gs.blitz_bonus == [100, 0]
    assert g.totals() == [[116 + 100 + 25 + 100, 0]]
    assert g.phase == "game_over" and g.legal_moves(0) == [] and g.legal_moves(1) == []
    unchanged(g, NextHand())


def test_box_bonus_to_the_loser_with_more_boxes():
    g = GinGame.new(seed=2, options=GinOptions(gin_bonus=0, game_target=100))
    small_loser = SMALL
    d = M.min_deadwood(small_loser)
    for _ in range(3):
        win_by_gin(g, 1, small_loser)
        g.apply(NextHand())
    assert g.games[0].points == [0, 3 * d] and g.games[0].boxes == [0, 3]
    win_by_gin(g, 0, HIGH)                           # 91 points: not yet 100
    g.apply(NextHand())
    win_by_gin(g, 0, HIGH)                           # 182: game to seat 0
    gs = g.games[0]
    assert gs.winner == 0 and gs.boxes == [2, 3]
    assert gs.box_bonus == [0, 25]                   # the loser has one box more
    assert gs.blitz_bonus == [0, 0]                  # seat 1 won hands: no blitz
    assert g.totals()[0] == [182 + 100, 3 * d + 25]


def test_bonus_settings_and_target():
    opts = GinOptions(gin_bonus=10, game_bonus=50, box_bonus=5, blitz_bonus=7, game_target=50)
    g = GinGame.new(seed=4, options=opts)
    win_by_gin(g, 1, HIGH)
    gs = g.games[0]
    assert gs.points == [0, 101] and gs.winner == 1
    assert g.totals() == [[0, 101 + 50 + 5 + 7]]


def test_box_score_records_every_hand():
    g = GinGame.new(seed=5, options=GinOptions(game_target=1000))
    win_by_gin(g, 0, HIGH)
    g.apply(NextHand())
    win_by_gin(g, 1, HIGH)
    assert [(r.hand_no, r.winner, r.how, r.points, r.games) for r in g.records] == [
        (1, 0, "gin", 116, [0]), (2, 1, "gin", 116, [0])]
    assert g.records[1].dealer == 0                  # seat 0 won hand 1 and dealt hand 2


def test_winner_deals_next_hand():
    g = GinGame.new(seed=6, options=GinOptions(game_target=1000))
    win_by_gin(g, 1, HIGH)
    g.apply(NextHand())
    assert g.dealer == 1 and g.turn == 0 and g.phase == "offer"


def test_new_game_keeps_the_options():
    g = GinGame.new(seed=6, options=GinOptions(hollywood=True, gin_bonus=40))
    win_by_gin(g, 0, HIGH)
    g2 = g.new_game()
    assert g2.options == g.options and g2.records == [] and len(g2.games) == 3
    assert g2.phase == "offer" and g2.hand_no == 1


def test_redeal_same_dealer_no_score():
    g = GinGame.new(seed=6)
    d = g.dealer
    g.apply(Redeal(g.turn))
    assert g.dealer == d and g.hand_no == 1 and g.records == [] and g.phase == "offer"
    assert len(set(g.hands[0] + g.hands[1] + g.pile + g.stock)) == 52


# --- Hollywood ---------------------------------------------------------------------------

def test_hollywood_sequence():
    g = GinGame.new(seed=7, options=GinOptions(hollywood=True, gin_bonus=0))
    loser = SMALL
    d = M.min_deadwood(loser)
    win_by_gin(g, 0, loser)
    g.apply(NextHand())
    assert g.records[-1].games == [0]
    win_by_gin(g, 0, loser)
    g.apply(NextHand())
    assert g.records[-1].games == [0, 1]
    win_by_gin(g, 1, loser)
    g.apply(NextHand())
    assert g.records[-1].games == [0]                 # seat 1's first win: game 1
    win_by_gin(g, 0, loser)
    g.apply(NextHand())
    assert g.records[-1].games == [0, 1, 2]
    win_by_gin(g, 0, loser)
    g.apply(NextHand())
    assert g.records[-1].games == [0, 1, 2]
    win_by_gin(g, 1, loser)
    g.apply(NextHand())
    assert g.records[-1].games == [0, 1]
    # seat 0's wins 1-4 and seat 1's wins 1-2 entered games 1; 2-4 and 2; 3-4 only
    assert [gs.points for gs in g.games] == [[4 * d, 2 * d], [3 * d, d], [2 * d, 0]]
    assert [gs.boxes for gs in g.games] == [[4, 2], [3, 1], [2, 0]]


def test_hollywood_manual_example_blitz_then_next_game():
    """GIN!: if player 1 wins game 1 before player 2 wins a hand, game 1 is a blitz
    and player 2's first points are scored in game 2."""
    g = GinGame.new(seed=8, options=GinOptions(hollywood=True))
    win_by_gin(g, 0, HIGH)                    # 116: game 1 won at once, a blitz
    assert g.games[0].winner == 0 and g.games[0].blitz_bonus == [100, 0]
    assert g.records[-1].games == [0]
    assert g.phase == "hand_over"             # the match goes on
    g.apply(NextHand())
    win_by_gin(g, 1, SMALL)
    assert g.records[-1].games == [1]         # seat 1's first points: game 2
    assert g.games[1].points[1] > 0 and g.games[0].points[1] == 0
    g.apply(NextHand())
    win_by_gin(g, 0, HIGH)                    # seat 0's 2nd win: first two open games (2, 3)
    assert g.records[-1].games == [1, 2]
    assert g.games[1].winner == 0 and g.games[2].winner == 0
    assert g.games[1].blitz_bonus == [0, 0]   # seat 1 had a box in game 2
    assert g.games[2].blitz_bonus == [100, 0]
    assert g.phase == "game_over" and g.match_over


def test_hollywood_match_ends_only_when_three_games_are_decided():
    g = GinGame.new(seed=9, options=GinOptions(hollywood=True))
    win_by_gin(g, 0, HIGH)
    assert not g.match_over and g.phase == "hand_over"


# --- JSON --------------------------------------------------------------------------------

def _play_some(g, ais, steps):
    for _ in range(steps):
        if g.phase == "game_over":
            return
        seat = g.turn if g.phase != "hand_over" else 0
        g.apply(ais[seat].choose(g.view(seat)))


def test_json_round_trip_mid_hand_plays_on_identically():
    from game.gin.ai import GinAI
    for opts in (GinOptions(), GinOptions(hollywood=True, oklahoma=True)):
        g = GinGame.new(seed=12, options=opts)
        ais = [GinAI("normal", 1), GinAI("hard", 2)]
        _play_some(g, ais, 57)
        while g.phase not in ("draw", "discard"):
            _play_some(g, ais, 1)
        data = json.loads(json.dumps(g.to_json()))
        g2 = GinGame.from_json(data)
        assert g2.to_json() == g.to_json()
        ais2 = [GinAI("normal", 1), GinAI("hard", 2)]
        ais = [GinAI("normal", 1), GinAI("hard", 2)]
        _play_some(g, ais, 400)
        _play_some(g2, ais2, 400)
        assert g2.to_json() == g.to_json()


def test_json_round_trip_in_lay_down_phase():
    g = deal("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "KC KD QS JS 2C 3D 7S 3H 8D 9D", "KH", "2D 8S")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C")))
    g2 = GinGame.from_json(json.loads(json.dumps(g.to_json())))
    g.apply(LayDown(1))
    g2.apply(LayDown(1))
    assert g.to_json() == g2.to_json()


def test_from_json_rejects_bad_data():
    g = GinGame.new(seed=3)
    good = g.to_json()
    for mutate in (
        lambda d: d["hands"][0].pop(),                        # a card lost
        lambda d: d["stock"].append(d["hands"][0][0]),        # a card twice
        lambda d: d.__setitem__("phase", "dancing"),
        lambda d: d.__setitem__("turn", 2),
        lambda d: d["options"].__setitem__("gin_bonus", "many"),
        lambda d: d.__setitem__("schema", 99),
        lambda d: d.pop("rng"),
        lambda d: d["hands"].__setitem__(0, ["ZZ"]),
    ):
        d = json.loads(json.dumps(good))
        mutate(d)
        with pytest.raises(ValueError):
            GinGame.from_json(d)


# --- the view -----------------------------------------------------------------------------

def _cards_in(obj, out):
    if isinstance(obj, Card):
        out.add(obj)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for x in obj:
            _cards_in(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            _cards_in(x, out)
    elif hasattr(obj, "__dataclass_fields__"):
        for f in obj.__dataclass_fields__:
            _cards_in(getattr(obj, f), out)
    return out


def test_view_holds_no_hidden_card():
    from game.gin.ai import GinAI
    for seed in range(4):
        g = GinGame.new(seed=seed, options=GinOptions(hollywood=seed % 2 == 1))
        ais = [GinAI("hard", seed), GinAI("easy", seed + 9)]
        checked = 0
        for _ in range(600):
            if g.phase == "game_over":
                break
            for seat in (0, 1):
                opp = 1 - seat
                v = g.view(seat)
                shown = _cards_in(v, set())
                if g.phase in ("offer", "draw", "discard"):
                    hidden = set(g.stock) | (set(g.hands[opp]) - set(g.taken[opp]))
                elif g.phase == "lay_down":
                    hidden = set(g.stock)
                    if g.out_seat == seat:        # the defender has not laid down yet
                        hidden |= set(g.hands[opp]) - set(g.taken[opp])
                    elif g.out_discard not in g.taken[opp]:
                        hidden.add(g.out_discard)  # put face down
                else:
                    hidden = set(g.stock)
                assert not (shown & hidden), (g.phase, shown & hidden)
                assert set(v.hand) == set(g.hands[seat])
                assert v.stock_size == len(g.stock)
                assert v.opponent_hand_size == len(g.hands[opp])
                checked += 1
            seat = g.turn if g.phase != "hand_over" else 0
            g.apply(ais[seat].choose(g.view(seat)))
        assert checked > 100


def test_every_deck_is_made_of_the_same_cards_and_a_caller_cannot_change_the_next():
    a, b = full_deck(), full_deck()
    assert a == b and all(x is y for x, y in zip(a, b))
    assert a[0] == Card(1, a[0].suit) and full_deck(1)[0].deck == 1
    a.pop()
    assert len(full_deck()) == 52


def test_a_discard_of_an_equal_card_made_elsewhere_is_the_same_move():
    g = GinGame.new(5)
    while g.phase != "discard":
        g.apply(g.legal_moves(g.turn)[-1])          # pass, pass, then the Stock
    seat = g.turn
    card = next(c for c in g.hands[seat] if c != g.taken_upcard)
    twin = Card.parse(str(card))
    assert twin is not card and Discard(seat, twin) in g.legal_moves(seat)
    g.apply(Discard(seat, twin))
    assert card not in g.hands[seat] and g.pile[-1] == card


def test_a_dealt_hand_without_its_first_upcard_breaks_an_invariant_not_the_checker():
    g = GinGame.new(seed=5)
    g.first_upcard = None          # damaged: every deal names its first upcard
    with pytest.raises(AssertionError, match="first upcard"):
        g.check_invariants()
