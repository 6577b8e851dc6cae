"""Go-Stop rules: every rule of the sheet in a constructed position."""
import json

import pytest

from game.engine import IllegalMove
from game.gostop.cards import BONUS_CARDS, parse_cards
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
    _cheapest_junk,
)
from tests.gostop_helpers import JUNK15, P, c, junk_events, kinds, names, play

JUNK17 = JUNK15 + " 8J1 8J2"                                            # 8 points



# ------------------------------------------------------------------ options
def test_options_defaults_and_variants():
    assert Options().target_points == 7
    assert Options(target=5).target_points == 5
    assert Options(players=3).target_points == 3
    assert Options().pibak_limit == 8 and Options(players=3).pibak_limit == 6
    assert Options().bonus_cards == 2 and Options().chongtong_points == 10
    with pytest.raises(ValueError):
        Options(players=4)
    with pytest.raises(ValueError):
        Options(bonus_cards=5)
    o = Options(players=3, target=4, bonus_cards=3)
    assert Options.from_json(json.loads(json.dumps(o.to_json()))) == o


# --------------------------------------------------------------------- deal
@pytest.mark.parametrize("players,hand,table", [(2, 10, 8), (3, 7, 6)])
def test_deal_sizes(players, hand, table):
    for seed in range(20):
        s = GoStopState.new(Options(players=players), seed)
        if s.result is not None:      # chongtong at the deal
            continue
        assert [len(h) for h in s.hands] == [hand] * players
        assert len(s.table) == table
        assert len(s.all_cards()) == 50 == len(set(s.all_cards()))
        assert s.turn == s.dealer     # the dealer plays first


def test_first_dealer_by_lot():
    assert {GoStopState.new(Options(), seed).dealer for seed in range(30)} == {0, 1}


def test_bonus_on_the_table_goes_to_the_dealer_and_is_replaced():
    found = 0
    for seed in range(300):
        s = GoStopState.new(Options(bonus_cards=3), seed)
        assert not any(x.is_bonus for x in s.table)
        taken = [x for x in s.captures[s.dealer] if x.is_bonus]
        others = [x for i, cs in enumerate(s.captures) if i != s.dealer for x in cs]
        assert not others
        if taken:
            found += 1
            assert len(s.table) == 8
            assert len(s.stock) == 50 + 1 - 28 - len(taken)
    assert found > 5


def test_four_of_a_month_on_the_table_means_a_redeal():
    s = GoStopState.new(Options(), 1)
    seen = 0
    for _ in range(2000):  # a redeal comes about once in 230 deals
        ev = s._deal([])     # deal again and again, looking at the events
        months = [x.month for x in s.table]
        assert max(months.count(m) for m in range(1, 13)) <= 3
        seen += kinds(ev).count("redeal")
    assert seen > 0


def test_chongtong_wins_at_once():
    for pts in (10, 6):
        for seed in range(2000):
            s = GoStopState.new(Options(chongtong_points=pts), seed)
            if s.result is not None:
                break
        else:
            pytest.fail("no chongtong in 2000 deals")
        r = s.result
        w = r["winner"]
        assert r["chongtong"] and s.phase == "hand_over"
        assert [e.kind for e in s.deal_events][-3:] == ["chongtong", "payment", "hand_over"]
        months = [x.month for x in s.hands[w]]
        assert max(months.count(m) for m in range(1, 13)) == 4
        assert [p.total for p in r["payments"]] == [pts]
        assert s.chips[w] == pts and sum(s.chips) == 0


def test_chongtong_event_and_nagari_doubling():
    s = P(["1B 1R 1J1 1J2 2A", "3B 3R"], "5J1", "6J1", multiplier=2)
    ev = []
    # a hand dealt with four of a month: settled through the same code as the deal
    s._chongtong(0, 1, ev)
    assert kinds(ev)[0] == "chongtong"
    assert s.result["payments"][0].total == 20
    assert ("nagari", 2) in s.result["payments"][0].doublings


# ------------------------------------------------------------ a normal turn
def test_hand_card_pairs_then_stock_card_is_placed():
    s = P(["1B 5J1", "10J1 10J2"], "1J1 3J1", "7J1 8J1 9J1")
    ev = play(s, "1B")
    assert names(s.captures[0]) == ["1B", "1J1"]
    assert names(s.table) == ["3J1", "7J1"]
    assert s.turn == 1 and s.phase == "play"
    assert kinds(ev) == ["play", "flip", "capture", "place", "turn"]


def test_choose_between_two_matches_for_the_hand_card():
    s = P(["1B 5J1", "10J1 10J2"], "1R 1J1 3J1", "7J1 8J1")
    play(s, "1B")
    q = s.question()
    assert q.kind == "match_hand" and set(names(q.cards)) == {"1R", "1J1"}
    assert set(s.legal_moves()) == {ChooseMatch(c("1R")), ChooseMatch(c("1J1"))}
    with pytest.raises(IllegalMove):
        s.apply(ChooseMatch(c("3J1")))
    s.apply(ChooseMatch(c("1R")))
    assert names(s.captures[0]) == ["1B", "1R"]
    assert names(s.table) == ["1J1", "3J1", "7J1"]


def test_no_question_between_two_identical_junk():
    s = P(["1B 5J1", "10J1 10J2"], "1J1 1J2", "7J1 8J1")
    play(s, "1B")
    assert s.phase == "play" and s.turn == 1
    assert len(s.captures[0]) == 2


def test_choose_between_two_matches_for_the_stock_card():
    s = P(["5J1 6J1", "10J1 10J2"], "2R 2J1", "2A 8J1")
    play(s, "5J1")
    q = s.question()
    assert q.kind == "match_stock" and set(names(q.cards)) == {"2R", "2J1"}
    assert c("2A") in s.table     # the stock card lies on the table meanwhile
    s.apply(ChooseMatch(c("2J1")))
    assert names(s.captures[0]) == ["2A", "2J1"]
    assert names(s.table) == ["2R", "5J1"]
    assert s.turn == 1


def test_capture_a_stack_of_three():
    s = P(["1B 5J1", "10J1 10J2"], "1R 1J1 1J2", "7J1", captures=["", "6J1"])
    ev = play(s, "1B")
    assert names(s.captures[0]) == ["1B", "1J1", "1J2", "1R"]
    assert "junk_taken" not in kinds(ev)    # a dealt triple is no ppuk


# ------------------------------------------------------------ special events
def test_ppuk_leaves_a_stack_then_another_player_captures_it():
    s = P(["3B 5J1", "3J2 10J2"], "3J1", "3R 7J1 8J1", captures=["6J1 6J2", ""])
    ev = play(s, "3B")
    assert "ppuk" in kinds(ev)
    assert names(s.table) == ["3B", "3J1", "3R"] and s.stacks == {3: 0}
    assert names(s.captures[0]) == ["6J1", "6J2"]
    ev = play(s, "3J2")
    assert "stack_capture" in kinds(ev)
    assert junk_events(ev) == [(0, ["6J1"], "stack_capture")]
    assert names(s.captures[1]) == ["3B", "3J1", "3J2", "3R", "6J1"]
    assert s.stacks == {}


def test_ja_ppuk_takes_two_junk_from_each():
    s = P(["3B 5J1", "10J1 10J2"], "3J1", "3R 7J1 3J2 8J1", captures=["", "6J1 6J2 11D"])
    play(s, "3B")                 # ppuk
    play(s, "10J1")               # seat 1, flips 7J1
    ev = play(s, "5J1")           # flips 3J2: own stack
    assert "ja_ppuk" in kinds(ev)
    assert junk_events(ev) == [(1, ["6J1", "6J2"], "ja_ppuk")]


def test_jjok():
    s = P(["3B 5J1", "10J1 10J2"], "7J1", "3R 8J1", captures=["", "6J1 11D"])
    ev = play(s, "3B")
    assert "jjok" in kinds(ev)
    assert names(s.captures[0]) == ["3B", "3R", "6J1"]
    assert junk_events(ev) == [(1, ["6J1"], "jjok")]


def test_ttadak():
    s = P(["3B 5J1", "10J1 10J2"], "3R 3J1", "3J2 8J1", captures=["", "6J1"])
    play(s, "3B")
    ev = s.apply(ChooseMatch(c("3J1")))
    assert "ttadak" in kinds(ev)
    assert names(s.captures[0]) == ["3B", "3J1", "3J2", "3R", "6J1"]


def test_sseul():
    s = P(["1B 5J1", "10J1 10J2"], "1J1 2J1", "2R 8J1", captures=["", "6J1"])
    ev = play(s, "1B")
    assert not s.table and "sseul" in kinds(ev)
    assert junk_events(ev) == [(1, ["6J1"], "sseul")]


def test_three_players_each_opponent_pays():
    s = P(["3B 5J1", "10J1", "11J1"], "7J1", "3R 8J1 9J1", captures=["", "6J1", "12D"])
    ev = play(s, "3B")
    assert "jjok" in kinds(ev)
    assert sorted(junk_events(ev)) == [(1, ["6J1"], "jjok"), (2, ["12D"], "jjok")]


def test_last_turn_jjok_ttadak_sseul_do_not_count():
    s = P(["3B", ""], "7J1", "3R", captures=["", "6J1"])
    assert s.last_turn
    ev = play(s, "3B")
    assert "jjok" not in kinds(ev) and not junk_events(ev)
    assert names(s.captures[0]) == ["3B", "3R"]

    s = P(["3B", ""], "3R 3J1", "3J2", captures=["", "6J1"])
    play(s, "3B")
    ev = s.apply(ChooseMatch(c("3R")))
    assert "ttadak" not in kinds(ev) and not junk_events(ev)

    s = P(["1B", ""], "1J1 2J1", "2R", captures=["", "6J1"])
    ev = play(s, "1B")
    assert not s.table and "sseul" not in kinds(ev) and not junk_events(ev)


def test_last_turn_stack_capture_still_counts():
    s = P(["3B", ""], "3J1 3J2 3R", "5J1", stacks={3: 1}, captures=["", "6J1"])
    assert s.last_turn
    ev = play(s, "3B")
    assert junk_events(ev) == [(1, ["6J1"], "stack_capture")]


def test_surrendered_junk_is_the_cheapest():
    J = parse_cards
    assert names(_cheapest_junk(J("11D 7J1 1B"), 1)) == ["7J1"]
    assert names(_cheapest_junk(J("11D 1B 2A"), 1)) == ["11D"]
    assert names(_cheapest_junk(J("+3 11D"), 1)) == ["11D"]
    assert _cheapest_junk(J("1B 2A 1R 9A"), 1) == []        # no junk: gives nothing
    assert names(_cheapest_junk(J("7J1 7J2 11D"), 2)) == ["7J1", "7J2"]
    assert names(_cheapest_junk(J("7J1 11D"), 2)) == ["11D"]
    assert names(_cheapest_junk(J("7J1 +3"), 2)) == ["+3"]
    assert names(_cheapest_junk(J("7J1"), 2)) == ["7J1"]


def test_a_player_without_junk_gives_nothing():
    s = P(["3B 5J1", "10J1 10J2"], "7J1", "3R 8J1", captures=["", "1B 2A"])
    ev = play(s, "3B")
    assert "jjok" in kinds(ev) and not junk_events(ev)


def test_bonus_card_from_hand_is_captured_and_a_substitute_is_turned_up():
    s = P(["+2 1B", "10J1 10J2"], "3J1", "3R 5J1 8J1")
    ev = s.apply(PlayCard(BONUS_CARDS[0]))
    assert kinds(ev)[:2] == ["play", "bonus"]
    flips = [(e.data["for"], names(e.data["cards"])) for e in ev if e.kind == "flip"]
    assert flips == [("substitute", ["3R"]), ("stock", ["5J1"])]
    assert names(s.captures[0]) == ["+2", "3J1", "3R"]
    assert names(s.table) == ["5J1"] and names(s.hands[0]) == ["1B"] and s.turn == 1


def test_bonus_card_turned_up_from_the_stock():
    s = P(["1B 5J1", "10J1 10J2"], "1J1", "+3 7J1 8J1")
    ev = play(s, "1B")
    assert "bonus" in kinds(ev)
    assert names(s.captures[0]) == ["+3", "1B", "1J1"]
    assert names(s.table) == ["7J1"]


# ------------------------------------------------------------ shaking, bomb
def test_shaking_is_asked_when_first_playing_one_of_three():
    s = P(["1B 1R 1J1 5J1", "10J1 10J2"], "7J1", "8J1 9J1 6J1")
    play(s, "1R")
    q = s.question()
    assert q.kind == "shake" and q.cards == (c("1R"),)
    assert set(s.legal_moves()) == {Shake(True), Shake(False)}
    ev = s.apply(Shake(True))
    assert kinds(ev)[0] == "shake" and names(ev[0].data["cards"]) == ["1B", "1J1", "1R"]
    assert s.shakes == [1, 0]
    assert names(s.view(1).revealed[0]) == ["1B", "1J1"]   # shown to the others
    assert c("1R") in s.table


def test_declining_to_shake():
    s = P(["1B 1R 1J1 5J1", "10J1 10J2"], "7J1", "8J1 9J1")
    play(s, "1R")
    ev = s.apply(Shake(False))
    assert "shake" not in kinds(ev) and s.shakes == [0, 0] and s.revealed == [[], []]


def test_bomb_and_its_two_stock_only_turns():
    s = P(["1B 1R 1J1 5J1", "10J1 10J2 11J1"], "1J2 7J1", "8J1 9J1 6J1 12A 12R",
          captures=["", "6J2 4J1"])
    play(s, "1R")
    assert s.question().kind == "bomb"
    ev = s.apply(Bomb(True))
    assert "bomb" in kinds(ev)
    assert junk_events(ev) == [(1, ["4J1"], "bomb")]
    assert names(s.captures[0]) == ["1B", "1J1", "1J2", "1R", "4J1"]
    assert s.bombs == [1, 0] and s.credits == [2, 0]
    assert names(s.hands[0]) == ["5J1"]
    play(s, "10J1")
    assert FlipStock() in s.legal_moves()
    ev = s.apply(FlipStock())
    assert names(s.hands[0]) == ["5J1"] and s.credits == [1, 0]
    assert ev[0].kind == "play" and ev[0].data["stock_only"]
    play(s, "10J2")
    s.apply(FlipStock())
    assert s.credits == [0, 0]
    play(s, "11J1")
    assert FlipStock() not in s.legal_moves()


def test_declining_the_bomb_then_shaking_is_asked():
    s = P(["1B 1R 1J1 5J1", "10J1 10J2"], "1J2 7J1", "8J1 9J1")
    play(s, "1B")
    s.apply(Bomb(False))
    assert s.question().kind == "shake"
    s.apply(Shake(False))
    assert names(s.captures[0]) == ["1B", "1J2"]
    assert s.bombs == [0, 0]


def test_flip_stock_without_a_bomb_is_illegal():
    s = P(["1B 5J1", "10J1"], "7J1", "8J1 9J1")
    with pytest.raises(IllegalMove):
        s.apply(FlipStock())


# ---------------------------------------------------------------- Go / Stop
def test_reaching_the_target_asks_go_or_stop():
    s = P(["8J1 9J1", "12A 12R"], "8J2", "5A 6A 7A", captures=[JUNK15, "10J2"])
    play(s, "8J1")
    assert s.score(0) == 8 and s.question().kind == "go_stop"
    assert set(s.legal_moves()) == {GoStop(True), GoStop(False)}


def test_below_target_no_question():
    s = P(["8J1 9J1", "12A 12R"], "8J2", "5A 6A 7A", captures=[JUNK15[:-4], "10J2"])
    play(s, "8J1")
    assert s.phase == "play" and s.turn == 1


def test_target_option_five():
    caps = "1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1 5J2 6J1 6J2"   # 12 junk, 3 points
    s = P(["8J1 9J1", "12A 12R"], "8J2", "5A 6A", captures=[caps, ""], options=Options(target=5))
    play(s, "8J1")
    assert s.score(0) == 5 and s.phase == "go_stop"


def test_stop_pays_with_pi_bak():
    s = P(["8J1 9J1", "12A 12R"], "8J2", "5A 6A 7A", captures=[JUNK15, "10J2"])
    play(s, "8J1")
    ev = s.apply(GoStop(False))
    assert kinds(ev)[:2] == ["stop", "payment"]
    p = s.result["payments"][0]
    assert (p.base, p.go_bonus, p.doublings, p.total) == (8, 0, [("pi-bak", 2)], 16)
    assert s.chips == [16, -16] and s.phase == "hand_over" and s.result["winner"] == 0
    assert dict(p.lines())["total chips"] == 16
    assert ("10 junk" in dict(s.result["lines"])) is False
    assert dict(s.result["lines"]) == {"17 junk": 8}


def test_go_then_asked_again_only_above_the_last_go():
    s = P(["8J1 9J1 10J1", "12A 12R 11B"], "8J2", "5A 6A 4A 7A", captures=[JUNK15, ""])
    play(s, "8J1")
    ev = s.apply(GoStop(True))
    assert ev[0].kind == "go" and s.go_counts == [1, 0] and s.last_go == [8, 0]
    assert s.turn == 1
    play(s, "12A")
    play(s, "9J1")                # nothing captured: still 8, not asked
    assert s.phase == "play" and s.turn == 1

    s = P(["9J1 10J1", "12A 12R"], "9J2", "5A 6A", captures=[JUNK17, ""],
          go_counts=[1, 0], last_go_scores=[8, 0])
    play(s, "9J1")                # 19 junk: 10 > 8
    assert s.phase == "go_stop"
    s.apply(GoStop(False))
    p = s.result["payments"][0]
    assert (p.base, p.go_bonus, p.total) == (10, 1, 11)   # no pi-bak: loser has no junk


def test_go_doublings_from_the_third_go():
    for goes, factor in ((1, 1), (2, 1), (3, 2), (4, 4), (5, 8)):
        s = P(["9J1", "12A"], "", "5A", captures=[JUNK17, ""], go_counts=[goes, 0])
        pts, lines, pays = s.payments_if_stop(0)
        assert pays[0].total == (8 + goes) * factor
        if factor > 1:
            assert (f"{goes} Go", factor) in pays[0].doublings


def test_no_go_on_the_last_turn_it_stops():
    s = P(["8J1", ""], "8J2", "5A", captures=[JUNK15, ""])
    ev = play(s, "8J1")
    stop = [e for e in ev if e.kind == "stop"]
    assert stop and stop[0].data["auto"] and s.phase == "hand_over"


def test_stop_with_lower_score_than_an_opponent_still_wins():
    s = P(["8J1 9J1", "12A 12R"], "8J2", "5A 6A", options=Options(target=5),
          captures=["1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1 5J2 6J1 6J2",
                    "1B 3B 8B 11B 2A 4A 8A"], go_counts=[0, 1], last_go_scores=[0, 19])
    play(s, "8J1")
    assert s.score(0) == 5 < s.score(1)
    s.apply(GoStop(False))
    assert s.result["winner"] == 0 and s.chips[0] > 0


# ------------------------------------------------------------ the payment
def pay(s, seat=0):
    return s.payments_if_stop(seat)[2]


def test_gwang_bak():
    s = P(["9J1", "12A"], "", "5A", captures=["1B 3B 8B", "1J1"])
    assert pay(s)[0].doublings == [("gwang-bak", 2)] and pay(s)[0].total == 6
    s = P(["9J1", "12A"], "", "5A", captures=["1B 3B 8B", "11B"])
    assert pay(s)[0].doublings == [] and pay(s)[0].total == 3


@pytest.mark.parametrize("players,loser_junk,bak", [
    (2, 7, True), (2, 8, False), (2, 1, True), (2, 0, False),
    (3, 5, True), (3, 6, False)])
def test_pi_bak(players, loser_junk, bak):
    pool = ["12D", "9J1", "9J2", "10J1", "10J2", "11J1", "11J2"]   # 8 junk value
    loser = []
    v = 0
    for name in pool:
        if v + c(name).value > loser_junk:
            continue
        loser.append(name)
        v += c(name).value
    assert v == loser_junk
    hands = [""] * players
    caps = [JUNK15, " ".join(loser)] + [""] * (players - 2)
    s = P(hands, "", "", captures=caps)
    d = pay(s)[0].doublings
    assert (("pi-bak", 2) in d) == bak


def test_pi_bak_counts_the_losers_sake_cup_his_better_way():
    s = P(["", ""], "", "", captures=[JUNK15, "9A 9J1 9J2 10J1 10J2 11J1 11J2"])
    assert ("pi-bak", 2) not in pay(s)[0].doublings      # 6 junk + cup as double = 8


def test_no_pi_bak_when_the_winner_did_not_score_junk():
    s = P(["", ""], "", "", captures=["1B 3B 8B 1J1", "11B 2J1"])
    assert pay(s)[0].doublings == []


def test_meong_tta():
    s = P(["", ""], "", "", captures=["2A 4A 5A 6A 7A 10A 12A", "11B"])
    p = pay(s)[0]
    assert p.doublings == [("meong-tta", 2)] and p.total == 6


def test_winner_uses_the_sake_cup_the_better_way_for_the_payment():
    # 6 animals + cup: as animal 7 animals = 3 points x2 meong-tta = 6
    s = P(["", ""], "", "", captures=["9A 2A 5A 6A 7A 10A 12A", "11B"])
    assert pay(s)[0].total == 6


def test_shaking_and_bomb_double():
    s = P(["", ""], "", "", captures=["1B 3B 8B", "11B"], shakes=[1, 0], bombs=[2, 0])
    p = pay(s)[0]
    assert p.doublings == [("shaking", 2), ("bomb", 2), ("bomb", 2)] and p.total == 24
    # the loser's shaking does not double the winner's payment
    s = P(["", ""], "", "", captures=["1B 3B 8B", "11B"], shakes=[0, 1])
    assert pay(s)[0].total == 3


def test_go_bak_three_players():
    s = P(["", "", ""], "", "", captures=["1B 3B 8B", "11B", "12B"], go_counts=[0, 1, 0])
    pays = pay(s)
    assert [(p.loser, p.payer, p.total) for p in pays] == [(1, 1, 3), (2, 1, 3)]
    assert ("go-bak: paid by seat", 1) in pays[1].lines()


def test_all_doublings_multiply():
    s = P(["", ""], "", "", captures=["1B 3B 8B " + JUNK15, "9J1"],
          go_counts=[3, 0], shakes=[1, 0], multiplier=2)
    p = pay(s)[0]
    names_ = [n for n, _ in p.doublings]
    assert names_ == ["3 Go", "shaking", "nagari", "gwang-bak", "pi-bak"]
    assert p.total == (9 + 3) * 2 * 2 * 2 * 2 * 2


# --------------------------------------------------- nagari, hands, chips
def test_nagari_and_the_doubled_next_hand():
    s = P(["5J1", "7J1"], "", "6J1 8J1", dealer=1)
    play(s, "5J1")
    ev = play(s, "7J1")
    assert "nagari" in kinds(ev)
    assert s.result["nagari"] and s.result["winner"] is None and s.chips == [0, 0]
    assert s.multiplier == 2 and s.phase == "hand_over"
    ev = s.apply(NextHand())
    assert "deal" in kinds(ev) and s.dealer == 1 and s.multiplier == 2


def test_winner_deals_next_and_chips_carry_over():
    s = P(["8J1 9J1", "12A 12R"], "8J2", "5A 6A 7A", captures=[JUNK15, "10J2"],
          dealer=1, chips=[5, -5])
    play(s, "8J1")
    s.apply(GoStop(False))
    assert s.chips == [21, -21]
    s.apply(NextHand())
    assert s.dealer == 0 and s.hand_no == 2
    assert s.chips == [21, -21] or s.result is not None   # unless chongtong at once
    if s.result is None:
        assert s.turn == 0 and s.multiplier == 1


# --------------------------------------------------- legality and the view
def test_illegal_moves_leave_the_state_unchanged():
    s = P(["1B 5J1", "10J1 10J2"], "1R 1J1", "7J1 8J1")
    before = json.dumps(s.to_json())
    for mv in (PlayCard(c("10J1")), GoStop(True), NextHand(), ChooseMatch(c("1R")), Bomb(True)):
        with pytest.raises(IllegalMove) as e:
            s.apply(mv)
        assert e.value.reason
        assert json.dumps(s.to_json()) == before


def test_view_hides_other_hands_and_the_stock():
    s = GoStopState.new(Options(players=3), 7)
    for seat in range(3):
        v = s.view(seat)
        visible = set(v.hand) | set(v.table) | {x for cs in v.captures for x in cs}
        visible |= {x for r in v.revealed for x in r}
        hidden = {x for i, h in enumerate(s.hands) if i != seat for x in h} | set(s.stock)
        assert not visible & hidden
        assert set(v.unseen()) == hidden
        assert v.hand_sizes == tuple(len(h) for h in s.hands) and v.stock_size == len(s.stock)
        assert (v.legal != ()) == (seat == s.question().seat)
        assert not set(v.question.cards) & hidden


def test_view_hides_the_card_waiting_for_bomb_or_shake():
    s = P(["1B 1R 1J1 5J1", "10J1 10J2"], "1J2 7J1", "8J1 9J1 6J1")
    s.apply(PlayCard(c("1R")))
    v = s.view(1)
    assert v.question.kind == "bomb" and v.question.cards == () and v.turn_card is None
    assert s.view(0).question.cards == (c("1R"),) and s.view(0).turn_card == c("1R")


# ------------------------------------------------------------------ JSON
def _round(s):
    return GoStopState.from_json(json.loads(json.dumps(s.to_json())))


@pytest.mark.parametrize("setup,moves", [
    ((["1B 5J1", "10J1 10J2"], "1R 1J1 3J1", "7J1 8J1"), [PlayCard(c("1B"))]),          # match_hand
    ((["5J1 6J1", "10J1 10J2"], "2R 2J1", "2A 8J1"), [PlayCard(c("5J1"))]),             # match_stock
    ((["1B 1R 1J1 5J1", "10J1 10J2"], "1J2 7J1", "8J1 9J1 6J1"), [PlayCard(c("1B"))]),  # bomb
    ((["1B 1R 1J1 5J1", "10J1 10J2"], "7J1", "8J1 9J1 6J1"), [PlayCard(c("1B"))]),      # shake
])
def test_json_round_trip_at_each_question(setup, moves):
    s = P(*setup)
    for mv in moves:
        s.apply(mv)
    t = _round(s)
    assert t.to_json() == s.to_json()
    while s.phase != "hand_over":
        mv = s.legal_moves()[-1]
        assert s.apply(mv) == t.apply(mv)
        assert t.to_json() == s.to_json()


def test_json_round_trip_keeps_the_future_of_a_session():
    s = GoStopState.new(Options(players=3), 11)
    for _ in range(25):
        s.apply(s.legal_moves()[0])
    t = _round(s)
    for _ in range(400):      # through several hands: same deals from the same RNG
        mv = s.legal_moves()[0]
        s.apply(mv)
        t.apply(mv)
    assert t.to_json() == s.to_json()


def test_from_json_rejects_bad_data():
    good = GoStopState.new(Options(), 3).to_json()

    def damaged(change):
        d = json.loads(json.dumps(good))
        change(d)
        return d

    def steal_turn_hand(d):
        d["hands"][d["turn"]] = []
        d["stock"] += good["hands"][good["turn"]]

    bad = [damaged(lambda d: d["hands"][0].append(d["table"][0])),
           damaged(lambda d: d.update(phase="dance")),
           damaged(lambda d: d.pop("stock")),
           damaged(lambda d: d["table"].__setitem__(0, "13Z")),
           damaged(lambda d: d.update(schema=99)),
           damaged(lambda d: d["stock"].pop()),                       # a card lost
           damaged(lambda d: d.update(chips=[1])),
           damaged(lambda d: d["options"].update(players=5)),
           damaged(steal_turn_hand),
           damaged(lambda d: d.update(phase="hand_over", result=None)),
           damaged(lambda d: d.update(phase="match_stock", choices=d["hands"][0][:2]))]
    bad += [None, [], "x"]
    for d in bad:
        with pytest.raises(ValueError):
            GoStopState.from_json(d)


def test_from_position_rejects_duplicates():
    with pytest.raises(ValueError):
        P(["1B", "1B"], "", "")
