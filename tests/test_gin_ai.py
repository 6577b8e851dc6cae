"""Gin computer players: legal, deterministic, honest (view only), sensible; whole
AI-vs-AI games keep every card; the sim runner works."""
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card, full_deck
from game.cards import parse_cards as P
from game.gin import melds as M
from game.gin.ai import LEVELS, BaselineAI, GinAI, make_ai
from game.gin.rules import Discard, DrawStock, GinGame, GinOptions, GoOut, LayDown, NextHand, Pass, TakeUpcard
from game.gin.sim import decision_times, play_match
from game.gin.sim import main as sim_main

C = Card.parse
SOAK = 10 if os.environ.get("GNERTS_SOAK") == "1" else 1


def _conserved(g):
    cards = g.hands[0] + g.hands[1] + g.stock + g.pile + ([g.out_discard] if g.out_discard else [])
    assert len(cards) == 52 and set(cards) == set(full_deck())
    if g.phase in ("offer", "draw"):
        assert len(g.hands[g.turn]) == 10 and len(g.hands[1 - g.turn]) == 10
    elif g.phase == "discard":
        assert len(g.hands[g.turn]) == 11 and len(g.hands[1 - g.turn]) == 10


def _is_legal(g, move):
    legal = g.legal_moves(move.seat if move.seat is not None else 0)
    if isinstance(move, GoOut) and move.melds is not None:
        return any(isinstance(m, GoOut) and m.discard == move.discard for m in legal)
    return move in legal


@pytest.mark.parametrize("pair,opts", [
    (("hard", "normal"), GinOptions()),
    (("easy", "hard"), GinOptions(oklahoma=True)),
    (("normal", "baseline"), GinOptions(hollywood=True)),
    (("hard", "hard"), GinOptions(hollywood=True, oklahoma=True, discard_taken_upcard=True)),
])
def test_ai_games_are_legal_and_keep_every_card(pair, opts):
    for k in range(SOAK):
        g = GinGame.new(seed=100 + k, options=opts)
        ais = [make_ai(pair[0], 1 + k), make_ai(pair[1], 2 + k)]
        hands = 0
        for _ in range(3000):
            if g.phase == "game_over" or hands >= 6:
                break
            seat = g.turn if g.phase != "hand_over" else 0
            move = ais[seat].choose(g.view(seat))
            assert _is_legal(g, move), (g.phase, move)
            g.apply(move)
            _conserved(g)
            if g.phase in ("hand_over", "game_over"):
                hands += 1
                totals = g.totals()
                for gi, gs in enumerate(g.games):
                    hand_points = [sum(r.points for r in g.records if r.winner == p and gi in r.games)
                                   for p in (0, 1)]
                    assert gs.points == hand_points            # scores add up
                    assert totals[gi] == [gs.total(0), gs.total(1)]
        assert hands >= 3 or g.phase == "game_over"    # (a doubled knock can end a game in two)


def test_ai_is_deterministic_for_a_seed():
    def run():
        st = play_match("easy", "hard", hands=6, seed=3)
        return st.wins, st.points, st.decisions
    assert run() == run()


def test_ai_decides_from_the_view_alone():
    """Two deals that differ only in cards the seat cannot see give the same view,
    hence the same decision."""
    h0 = P("AS 2S 3S 4H 5H 6H 7C 7D 9H 9C")
    h1a = P("KC KD QS JS 2C 3D 8C 8D 9D TD")
    h1b = P("KH KS QC JC 2D 3C 8H 8S 9S TC")     # seat 0 cannot tell these apart
    for level in LEVELS:
        moves = []
        for h1 in (h1a, h1b):
            g = GinGame.from_deal([h0, h1], C("7H"), P("2H"), dealer=1)
            v = g.view(0)
            moves.append((v.hand, v.pile, v.stock_size, make_ai(level, 5).choose(v)))
        assert moves[0] == moves[1]


def test_everyone_gins_when_they_can():
    g = GinGame.from_deal([P("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C"), P("KC KD QS JS 2C 3D 8C 8D 9D TD")],
                          C("KH"), P("7S 2D"), dealer=1)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    for level in LEVELS + ("baseline",):
        m = make_ai(level, 1).choose(g.view(0))
        assert isinstance(m, GoOut) and m.discard == C("9C"), level


def test_everyone_takes_the_upcard_to_go_out_at_the_stock_end():
    g = GinGame.from_deal([P("AS 2S 3S 4H 5H 6H 7C 7D 8H 9C"), P("KC KD KS QC QD QS 8D 9D 3H 2C")],
                          C("QH"), P("TD JC AH"), dealer=1)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.pile = g.stock[:-3] + g.pile
    g.stock = g.stock[-3:]
    g.apply(DrawStock(0))
    g.apply(Discard(0, C("TD")))
    for level in LEVELS + ("baseline",):
        assert make_ai(level, 1).choose(g.view(1)) == TakeUpcard(1), level


def test_upcard_taken_when_it_makes_a_meld_and_left_when_useless():
    g = GinGame.from_deal([P("AS 2S 4H 5H 9H 7C 7D JD QC KH"), P("KC KD QS JS 2C 3D 8C 8D 9D TD")],
                          C("3S"), None, dealer=1)
    for level in LEVELS:
        assert GinAI(level, 1).choose(g.view(0)) == TakeUpcard(0), level
    g = GinGame.from_deal([P("AS 2S 4H 5H 9H 7C 7D JD QC KH"), P("KC KD QS JS 2C 3D 8C 8D 9D TD")],
                          C("TS"), None, dealer=1)
    for level in LEVELS:
        assert GinAI(level, 1).choose(g.view(0)) == Pass(0), level


def test_hard_does_not_feed_what_the_opponent_collects():
    # seat 1 was seen to take 8H and 8D; seat 0 holds an unmatched 8C and a 9S of like use
    g = GinGame.from_deal([P("AS 2S 3S 4H 5H 6H 8C 9S KC KD"), P("8H 8D QS JS 2C 3D 7C 7D 9D TD")],
                          C("QH"), P("5C"), dealer=0)
    g.apply(Pass(1))
    g.apply(Pass(0))
    g.apply(DrawStock(1))
    g.apply(Discard(1, C("QS")))
    g.taken[1] = [C("8H"), C("8D")]          # as if seen taken earlier from the pile
    g.apply(DrawStock(0))                   # seat 0 draws
    v = g.view(0)
    m = GinAI("hard", 1).choose(v)
    assert isinstance(m, Discard) and m.card != C("8C")


def test_defender_lays_off_the_best_way():
    g = GinGame.from_deal([P("AS 2S 3S 4H 5H 6H 7C 7D 7S 9C"), P("2H 3H 7H 8H KC KD QS JS 9D TD")],
                          C("QD"), P("2D 8S"), dealer=1)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C")))
    for level in LEVELS + ("baseline",):
        assert make_ai(level, 1).choose(g.view(1)) == LayDown(1)
    g.apply(LayDown(1))
    assert {c for c, _ in g.def_layoffs} == set(P("2H 3H 7H 8H"))


def test_hard_arranges_a_knock_to_limit_layoffs():
    # 3H-6H with 6C 6D 6S, or 3H-5H with all four sixes: same deadwood, but the
    # second leaves only 2H to lay off (7H no longer fits)
    g = GinGame.from_deal([P("3H 4H 5H 6H 6C 6D 6S 2C 2D 9C"), P("KC KD QS JS 3C 3D 8C 8D 9D TD")],
                          C("QH"), P("AD"), dealer=1)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    m = GinAI("hard", 1).choose(g.view(0))
    assert isinstance(m, GoOut) and m.discard == C("9C")
    assert sorted(map(tuple, m.melds)) == sorted([tuple(P("3H 4H 5H")), tuple(P("6C 6D 6H 6S"))])
    g.apply(m)
    assert g.out_kind == "knock" and M.deadwood_value(g.out_unmatched) == 5


def test_baseline_discards_its_highest_deadwood_card():
    g = GinGame.from_deal([P("AS 2S 3S 4H 5H 9H 7C 7D JD 2C"), P("KC KD QS JS 3C 3D 8C 8D 9D TD")],
                          C("6C"), P("KH"), dealer=1)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    m = BaselineAI(seed=1).choose(g.view(0))
    assert m in (Discard(0, C("KH")), Discard(0, C("JD")))


def test_levels_are_ordered_on_a_small_sample():
    """Decided hands won, on fixed seeds (the long runs: python -m game.gin.sim,
    3000 hands: hard-baseline 76%, hard-normal 61%, normal-easy 68%, easy-baseline 48%)."""
    st = play_match("hard", "baseline", hands=60, seed=11)
    assert st.win_share_a > 0.6, st.summary()
    st = play_match("hard", "normal", hands=150 * SOAK, seed=21)
    assert st.win_share_a > 0.52, st.summary()
    st = play_match("normal", "easy", hands=150 * SOAK, seed=22)
    assert st.win_share_a > 0.6, st.summary()
    st = play_match("easy", "baseline", hands=150 * SOAK, seed=23)     # a beginner, not a random player
    assert 0.3 < st.win_share_a < 0.6, st.summary()


def _after_draw(hand: str, drawn: str):
    """Seat 0 holds `hand` and has just drawn `drawn` from the Stock."""
    g = GinGame.from_deal([P(hand), P("QC QD JS JH 5C 6D 9S 9D 2C 3D")], C("QH"), P(drawn), dealer=1)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    return g


def test_easy_knocks_late_where_the_others_knock():
    # 7S makes a set of sevens: throwing KH leaves 9C, 9 points, enough to knock
    g = _after_draw("AS 2S 3S 4H 5H 6H 7C 7D 9C KH", "7S")
    for level in ("normal", "hard"):
        m = GinAI(level, 1).choose(g.view(0))
        assert isinstance(m, GoOut) and m.discard == C("KH"), level
    for seed in range(20):                  # the beginner waits for 4 or less
        m = GinAI("easy", seed).choose(g.view(0))
        assert isinstance(m, Discard), m


def test_easy_sometimes_misses_a_knock_it_may_make():
    # AD makes a set of aces: throwing KS leaves 4 points
    g = _after_draw("AS 2S 3S 4H 5H 6H AH AC 4C KS", "AD")
    knocks = [isinstance(GinAI("easy", seed).choose(g.view(0)), GoOut) for seed in range(40)]
    assert 15 < sum(knocks) < 40
    assert all(isinstance(GinAI("normal", seed).choose(g.view(0)), GoOut) for seed in range(5))


def test_easy_holds_a_high_pair_and_throws_a_loose_card():
    # unmatched: KH KS (a pair), 8C, TD, 7D (loose); the beginner keeps the kings
    g = _after_draw("AS 2S 3S 4H 5H 6H KH KS 8C TD", "7D")
    ai = GinAI("easy", 1)
    ai.slip = 0.0
    assert ai.choose(g.view(0)) == Discard(0, C("TD"))
    ai.keep_partials = False                 # without the habit: the highest card
    assert ai.choose(g.view(0)) == Discard(0, C("KS"))


def test_decision_times_are_measured():
    ts = decision_times("hard", hands=3, seed=2)
    assert ts and ts == sorted(ts)


def test_sim_runner(capsys):
    assert sim_main(["--a", "easy", "--b", "baseline", "--hands", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "easy vs baseline: 4 hands" in out and "hands/s" in out


def test_unknown_level():
    with pytest.raises(ValueError):
        GinAI("godlike", 1)


@settings(max_examples=25 * SOAK, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(LEVELS + ("baseline",)),
       st.sampled_from(LEVELS + ("baseline",)), st.booleans(), st.booleans())
def test_property_cards_conserved_through_whole_hands(seed, a, b, oklahoma, hollywood):
    g = GinGame.new(seed=seed, options=GinOptions(oklahoma=oklahoma, hollywood=hollywood))
    ais = [make_ai(a, seed), make_ai(b, seed + 1)]
    for _ in range(2):                                   # two whole hands
        steps = 0
        while g.phase not in ("hand_over", "game_over"):
            seat = g.turn
            g.apply(ais[seat].choose(g.view(seat)))
            _conserved(g)
            steps += 1
            assert steps < 500
        if g.phase == "game_over":
            break
        g.apply(NextHand())
        _conserved(g)
