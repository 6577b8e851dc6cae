"""The expert's play-outs on card masks (game/gin/playout.py): a hand gone out scored
as the rules score it, lay-offs as the exact best defence finds them (never fewer
points left to the defender), the throw, and a whole play-out that ends the hand."""
import random

from game.cards import parse_cards as P
from game.gin import melds as M
from game.gin import playout as PO
from game.gin.options import GinOptions
from game.gin.scores import hand_points

RULES = PO.Rules(GinOptions(), 10, False)


def _m(text: str) -> int:
    return M.cards_to_mask(P(text))


def test_a_gin_and_a_knock_score_as_the_rules_do():
    gin = _m("AS 2S 3S 4H 5H 6H 7C 7D 7H 7S")
    other = _m("KC KD QS QH JC 2D 5C 8D 9S 3C")
    dw = M.min_deadwood_mask(other)
    assert PO.score_out(gin, other, RULES) == hand_points("gin", 0, dw, False, GinOptions())
    knock = _m("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C")        # 9 left; nothing of his lays off
    assert PO.score_out(knock, other, RULES) == hand_points("knock", 9, dw, False, GinOptions())
    # doubled (an Oklahoma spade): the unplayable points twice, the bonus once
    assert PO.score_out(gin, other, PO.Rules(GinOptions(), 10, True)) == 25 + 2 * dw


def test_an_undercut_costs_the_knocker_the_difference_and_the_bonus():
    knocker = _m("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C")      # 9
    defender = _m("KC KD KS QC QD QS 2D 3D 4D AH")     # 1, nothing to lay off needed
    assert PO.score_out(knocker, defender, RULES) == -(9 - 1) - 25


def test_lay_offs_match_the_exact_best_defence_nearly_always_and_never_leave_less():
    rng = random.Random(2)
    checked = same = 0
    while checked < 300:
        m1, m2, m3 = rng.sample(M.ALL_MELDS, 3)
        kn = m1 | m2 | m3
        if m1 & m2 or (m1 | m2) & m3 or bin(kn).count("1") > 10:
            continue
        rest = [i for i in range(52) if not kn >> i & 1]
        rng.shuffle(rest)
        while bin(kn).count("1") < 10:
            kn |= 1 << rest.pop()
        if M.min_deadwood_mask(kn) > 10:
            continue
        df = sum(1 << i for i in rest[:10])
        melds = [M.mask_to_cards(m) for m in M.best_melds_mask(kn)[0]]
        exact = M.deadwood_value(M.best_defense(M.mask_to_cards(df), melds)[2])
        mine = PO.layoff_deadwood(df, kn)
        assert mine >= exact
        same += mine == exact
        checked += 1
    assert same >= 0.98 * checked


def test_the_throw_is_the_highest_card_that_leaves_the_least_deadwood():
    h11 = _m("AS 2S 3S 4H 5H 6H 7C 7D 7H KC KD")
    target = M.min_deadwood_after_discard_mask(h11)
    assert PO.throw(h11, target) == M.card_bit(P("KD")[0])    # K♦ and K♣ tie: the higher suit


def test_a_hand_nobody_can_end_before_the_stock_runs_out_is_dead():
    me = _m("AS 3S 5S 7S 9S JH KH 2D 4D 6D")
    him = _m("AC 3C 5C 7C 9C JD KD 2H 4H 6H")
    stock = [M.card_bit(c) for c in P("QC QS QH")]        # the top last: he draws Q♥
    assert PO.playout(me, him, stock, M.card_bit(P("8D")[0]), False, RULES, 0) == 0


def test_a_play_out_ends_the_hand_and_leaves_the_stock_it_was_given_alone():
    rng = random.Random(5)
    results = set()
    for _ in range(200):
        deck = [1 << i for i in range(52)]
        rng.shuffle(deck)
        stock = deck[21:]
        given = list(stock)
        pts = PO.playout(sum(deck[:10]), sum(deck[10:20]), list(stock), deck[20], True, RULES, 0)
        assert stock == given and isinstance(pts, int) and -150 < pts < 150
        results.add((pts > 0) - (pts < 0))
    assert results >= {-1, 1}        # each seat wins some (a dead hand is rare)


def _key_of(h10: int, dead: int, w: float) -> float:
    """The hard player's key of a 10-card hand with even chances: no knock-outs, no
    danger, every card neither held nor dead live."""
    from types import SimpleNamespace

    from game.gin.heuristic import GinAI
    ai = GinAI("hard", 1)
    ai.w_out, ai.w_knock = w, 0.0
    know = SimpleNamespace(unseen=M.FULL_MASK & ~(h10 | dead), near=M.FULL_MASK,
                           p_opp=[0.0] * 52, outs_scale=1.0, kv=10)
    return ai._key_fast(h10, know)


def test_the_key_throw_is_the_keys_best_discard_on_fixed_hands():
    # the least deadwood throws a nine; the key keeps the pair of nines (two live
    # cards make a set of it) and throws the lone eight, as the hard player would
    h11 = _m("AS 2S 3S 7C 7D 7H 4H 5H 9C 9D 8S")
    assert PO.throw(h11, M.min_deadwood_after_discard_mask(h11)) == M.card_bit(P("9D")[0])
    assert PO.key_throw(h11, 0, 1.2) == (M.card_bit(P("8S")[0]), 27)
    # with the other nines and the eights between the sevens and nines dead, the
    # nines complete nothing: a nine goes
    assert PO.key_throw(h11, _m("9H 9S 8C 8D"), 1.2)[0] & _m("9C 9D")
    rng = random.Random(7)
    for _ in range(200):
        deck = list(range(52))
        rng.shuffle(deck)
        h11 = sum(1 << i for i in deck[:11])
        dead = sum(1 << i for i in deck[11:11 + rng.randrange(20)])
        w = rng.choice([0.5, 1.0, 1.2, 2.0])
        b, dw = PO.key_throw(h11, dead, w)
        assert h11 & b and dw == M.min_deadwood_mask(h11 ^ b)
        keys = [_key_of(h11 ^ (1 << i), dead, w) for i in deck[:11]]
        assert abs(_key_of(h11 ^ b, dead, w) - min(keys)) < 1e-9
        # with no weight on live cards it is the least-deadwood throw
        assert PO.key_throw(h11, dead, 0.0)[1] == M.min_deadwood_after_discard_mask(h11)
