"""Go-Stop invariants under random play (hypothesis)."""
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.gostop import scoring
from game.gostop.cards import deck
from game.gostop.rules import GoStopState, Options


def check_invariants(s: GoStopState):
    s.check_invariants()   # the engine's own (invariants.py), and these, written apart
    # every card always somewhere exactly once
    allc = s.all_cards()
    assert len(allc) == len(set(allc))
    assert set(allc) == set(deck(s.options.bonus_cards))
    for seat in range(s.n):
        b = scoring.breakdown(s.captures[seat])
        assert b.total == sum(p for _, p in b.lines) == s.score(seat)
        assert all(x in s.hands[seat] for x in s.revealed[seat])
    assert sum(s.chips) == 0
    assert s.legal_moves()
    assert s.question().seat in range(s.n)
    if s.phase == "play" and not s.hands[s.turn]:
        assert s.credits[s.turn] > 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3]),
       bonus=st.integers(0, 3), target=st.sampled_from([None, 5, 7]))
def test_random_play_keeps_every_invariant(seed, players, bonus, target):
    s = GoStopState.new(Options(players=players, bonus_cards=bonus, target=target), seed)
    r = random.Random(seed)
    hands = 0
    round_trip_at = r.randrange(60)
    for i in range(160):
        check_invariants(s)
        if i == round_trip_at:
            t = GoStopState.from_json(json.loads(json.dumps(s.to_json())))
            assert t.to_json() == s.to_json()
            s = t
        if s.phase == "hand_over":
            hands += 1
            r_ = s.result
            paid = sum(p.total for p in r_["payments"])
            assert (paid == 0) == (r_["winner"] is None)
            if r_["nagari"]:
                assert not s.stock and not any(s.hands)
        mv = r.choice(s.legal_moves())
        s.apply(mv)
    check_invariants(s)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3]))
def test_chips_equal_the_sum_of_payments(seed, players):
    s = GoStopState.new(Options(players=players), seed)
    r = random.Random(seed)
    paid = list(s.chips)   # a chongtong at the very first deal is settled in new()
    for _ in range(300):
        for e in s.apply(r.choice(s.legal_moves())):
            if e.kind == "payment":
                paid[e.seat] += e.data["chips"]
                paid[e.data["from"]] -= e.data["chips"]
    assert paid == s.chips


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_same_seed_same_moves_same_game(seed):
    a = GoStopState.new(Options(players=3), seed)
    b = GoStopState.new(Options(players=3), seed)
    r = random.Random(seed)
    for _ in range(120):
        mv = r.choice(a.legal_moves())
        assert a.apply(mv) == b.apply(mv)
    assert a.to_json() == b.to_json()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3]), bonus=st.integers(0, 3),
       variants=st.booleans())
def test_a_rollouts_quiet_apply_reaches_the_same_state(seed, players, bonus, variants):
    """apply(check=False), the search's apply, records no events and changes the
    state exactly as the checked apply does, through whole hands and every variant."""
    extra = {}
    if variants:
        extra = dict(three_ppuk=True, first_ppuk_paid=True, bonus_steals=True, two_card_bomb=True)
    loud = GoStopState.new(Options(players=players, bonus_cards=bonus, **extra), seed)
    quiet = loud.copy()
    r = random.Random(seed)
    for _ in range(120):
        mv = r.choice(loud.legal_moves())
        loud.apply(mv)
        assert quiet.apply(mv, check=False) == []
        assert quiet.to_json() == loud.to_json()
        assert quiet.last_turn == loud.last_turn
