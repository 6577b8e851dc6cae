"""Gin melds: exact least deadwood, arrangements, knock discards, hand-marked
groups and lay-offs."""
import itertools
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card, full_deck
from game.cards import parse_cards as P
from game.gin import melds as M

DECK = full_deck()
SOAK = 5 if os.environ.get("GNERTS_SOAK") == "1" else 1


# --- an independent brute force ---------------------------------------------

def _bf_is_meld(cards):
    if len(cards) < 3:
        return False
    ranks = [c.rank for c in cards]
    suits = [c.suit for c in cards]
    if len(set(ranks)) == 1 and len(cards) <= 4 and len(set(suits)) == len(cards):
        return True
    if len(set(suits)) == 1:
        rs = sorted(ranks)
        return rs == list(range(rs[0], rs[0] + len(rs)))
    return False


def _val(c):
    return 10 if c.rank >= 10 else c.rank


def brute_min_deadwood(cards):
    """Every set of pairwise disjoint melds among all subsets of the hand."""
    cards = list(cards)
    melds = [frozenset(s) for k in range(3, len(cards) + 1)
             for s in itertools.combinations(cards, k) if _bf_is_meld(s)]
    total = sum(_val(c) for c in cards)
    best = total

    def rec(start, used, melded):
        nonlocal best
        best = min(best, total - melded)
        for k in range(start, len(melds)):
            m = melds[k]
            if not (m & used):
                rec(k + 1, used | m, melded + sum(_val(c) for c in m))

    rec(0, frozenset(), 0)
    return best


# hands drawn from a narrow band of ranks are full of overlapping sets and runs
DENSE = [c for c in DECK if 3 <= c.rank <= 8]
hands_any = st.lists(st.sampled_from(DECK), min_size=3, max_size=11, unique=True)
hands_dense = st.lists(st.sampled_from(DENSE), min_size=3, max_size=11, unique=True)


@settings(max_examples=150 * SOAK, deadline=None)
@given(hands_any)
def test_min_deadwood_matches_brute_force_random(hand):
    assert M.min_deadwood(hand) == brute_min_deadwood(hand)


@settings(max_examples=150 * SOAK, deadline=None)
@given(hands_dense)
def test_min_deadwood_matches_brute_force_overlapping(hand):
    assert M.min_deadwood(hand) == brute_min_deadwood(hand)


@settings(max_examples=150 * SOAK, deadline=None)
@given(st.one_of(hands_any, hands_dense))
def test_best_melds_is_a_valid_arrangement_reaching_the_minimum(hand):
    melds, unmatched = M.best_melds(hand)
    seen = []
    for m in melds:
        assert _bf_is_meld(m)
        seen += m
    seen += unmatched
    assert sorted(seen) == sorted(hand)            # disjoint and complete
    assert sum(_val(c) for c in unmatched) == M.min_deadwood(hand)


def test_small_counts():
    assert M.min_deadwood([]) == 0
    assert M.min_deadwood(P("KS")) == 10
    assert M.min_deadwood(P("AS 2S")) == 3
    assert M.min_deadwood(P("AS 2S 3S")) == 0
    assert M.best_melds([]) == ([], [])


def test_ace_is_low_only():
    assert M.is_run(P("AH 2H 3H"))
    assert not M.is_run(P("QH KH AH"))
    assert M.min_deadwood(P("QH KH AH")) == 21


def test_card_values():
    assert [M.card_value(c) for c in P("AS 2S 9S TS JS QS KS")] == [1, 2, 9, 10, 10, 10, 10]


def test_meld_kinds():
    assert M.is_set(P("7C 7D 7H")) and M.is_set(P("7C 7D 7H 7S"))
    assert not M.is_set(P("7C 7D")) and not M.is_set(P("7C 7D 8H"))
    assert M.is_run(P("4C 5C 6C 7C 8C 9C TC JC QC KC"))
    assert not M.is_run(P("4C 5C 7C")) and not M.is_run(P("4C 5D 6C"))
    assert len(M.ALL_MELDS) == 13 * 5 + 4 * 66


def test_overlapping_eleven_card_hand():
    # 4 sevens, runs through the sevens in two suits: gin only by breaking the set
    hand = P("5H 6H 7H 8H 7C 7D 7S 5S 6S 8S 9S")
    assert M.min_deadwood(hand) == brute_min_deadwood(hand) == 14
    hand = P("5H 6H 7H 7C 7D 7S 8S 9S 4D 5D 6D")
    assert M.min_deadwood(hand) == brute_min_deadwood(hand) == 7   # 4D-7D, 5H-7H, 7S-9S
    hand = P("3C 4C 5C 5D 5H 5S 6S 7S 4H 3H KD")
    assert M.min_deadwood(hand) == brute_min_deadwood(hand)


def test_duplicate_card_rejected():
    with pytest.raises(ValueError):
        M.min_deadwood(P("AS AS 2S"))


def test_knock_discards():
    hand = P("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C KD")
    assert set(M.knock_discards(hand, 10)) == set(P("9C KD"))
    assert M.knock_discards(hand, 9) == [Card.parse("KD")]
    assert M.knock_discards(hand, 8) == []
    # gin only: no discard leaves 0
    assert M.knock_discards(hand, 0) == []
    gin = P("AS 2S 3S 4H 5H 6H 7C 7D 7H 7S KD")
    assert Card.parse("KD") in M.knock_discards(gin, 0)


def test_knock_discards_match_definition():
    import random
    rng = random.Random(4)
    for _ in range(300):
        hand = rng.sample(DECK, 11)
        for kv in (0, 5, 10):
            want = {c for c in hand if M.min_deadwood([x for x in hand if x != c]) <= kv}
            assert set(M.knock_discards(hand, kv)) == want


def test_validate_arrangement():
    hand = P("5H 6H 7H 7C 7D 8C 9C TC KS QS")
    melds, un = M.validate_arrangement(hand, [P("5H 6H 7H"), P("8C 9C TC")])
    assert sorted(un) == sorted(P("7C 7D KS QS"))
    melds, un = M.validate_arrangement(hand, [P("7C 7D 7H"), [], P("8C 9C TC")])
    assert len(melds) == 2 and sorted(un) == sorted(P("5H 6H KS QS"))
    with pytest.raises(ValueError, match="not a set or a run"):
        M.validate_arrangement(hand, [P("5H 6H 7C")])
    with pytest.raises(ValueError, match="two groups"):
        M.validate_arrangement(hand, [P("5H 6H 7H"), P("7C 7D 7H")])
    with pytest.raises(ValueError, match="not in the hand"):
        M.validate_arrangement(hand, [P("JC QC KC")])


def test_layoffs_sets_and_runs():
    knocker = [P("5H 6H 7H"), P("KC KD KS")]
    assert M.can_lay_off(Card.parse("KH"), knocker)
    assert M.can_lay_off(Card.parse("4H"), knocker)
    assert M.can_lay_off(Card.parse("8H"), knocker)
    assert not M.can_lay_off(Card.parse("9H"), knocker)   # not yet
    assert not M.can_lay_off(Card.parse("5C"), knocker)
    # runs already extended, repeatedly, from both ends
    plan = M.layoff_plan(P("9H 8H 3H 4H KH"), knocker)
    assert plan is not None and len(plan) == 5
    assert M.layoff_plan(P("9H TH"), knocker) is None
    # a set of four takes nothing
    assert not M.can_lay_off(Card.parse("KH"), [P("KC KD KS KH")[:3] + P("KH")][:0] + [P("KC KD KH KS")])


def test_layoffs_between_two_runs_of_a_suit():
    knocker = [P("2H 3H 4H"), P("8H 9H TH")]
    plan = M.layoff_plan(P("5H 6H 7H"), knocker)
    assert plan is not None and {c for c, _ in plan} == set(P("5H 6H 7H"))


def test_best_defense_prefers_layoff_or_own_meld_by_deadwood():
    knocker = [P("5H 6H 7H"), P("KC KD KS")]
    hand = P("8H 9H TH KH 2C 3D 4S QC JD 9C")
    melds, layoffs, un = M.best_defense(hand, knocker)
    # 8-9-T of hearts is a meld of its own; KH lays off
    assert Card.parse("KH") in layoffs
    dw = sum(_val(c) for c in un)
    assert dw == 2 + 3 + 4 + 10 + 10 + 9
    # after gin no lay-offs
    melds, layoffs, un = M.best_defense(hand, None)
    assert layoffs == []


def test_best_defense_is_exhaustive():
    import random
    rng = random.Random(11)
    knocker = [P("4S 5S 6S"), P("9D 9C 9H")]
    pool = [c for c in DECK if c not in set(knocker[0] + knocker[1])]
    for _ in range(100):
        hand = rng.sample([c for c in pool if c.rank in (2, 3, 4, 5, 6, 7, 8, 9, 10)], 10)
        melds, layoffs, un = M.best_defense(hand, knocker)
        best = sum(_val(c) for c in un)
        # brute force: every subset of lay-off-able cards
        cand = [c for c in hand if M.layoff_plan([c], knocker) or c.suit == "S"]
        want = M.min_deadwood(hand)
        for k in range(1, len(cand) + 1):
            for sub in itertools.combinations(cand, k):
                if M.layoff_plan(sub, knocker) is not None:
                    want = min(want, M.min_deadwood([c for c in hand if c not in sub]))
        assert best == want
        assert M.layoff_plan(layoffs, knocker) is not None or not layoffs
