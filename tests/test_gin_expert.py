"""The Gin expert: legal over many hands, deterministic by seed, deciding from its
seat's view alone (the hidden cards shuffled otherwise give the same move), the
same move thought out in slices as at once; the solid reference player."""
import copy
import random

import pytest

from bench.gin_baselines import SolidAI
from game.cards import Card
from game.cards import parse_cards as P
from game.gin import melds as M
from game.gin.ai import LEVELS, make_ai
from game.gin.expert import ExpertAI
from game.gin.rules import Discard, DrawStock, GinGame, GinOptions, GoOut, Pass, TakeUpcard
from game.gin.sim import play_match

C = Card.parse


def _legal(g, move):
    legal = g.legal_moves(move.seat)
    if isinstance(move, GoOut) and move.melds is not None:
        return any(isinstance(m, GoOut) and m.discard == move.discard for m in legal)
    return move in legal


def test_expert_is_the_strongest_level_listed_last():
    assert LEVELS[-1] == "expert" and isinstance(make_ai("expert", 1), ExpertAI)


@pytest.mark.parametrize("opts", [GinOptions(), GinOptions(oklahoma=True),
                                  GinOptions(hollywood=True, discard_taken_upcard=True)])
def test_expert_moves_are_legal_over_whole_hands(opts):
    g = GinGame.new(seed=5, options=opts)
    ais = [make_ai("expert", 1), SolidAI(2)]
    hands = 0
    while hands < 8:
        while g.phase not in ("hand_over", "game_over"):
            move = ais[g.turn].choose(g.view(g.turn))
            assert _legal(g, move), move
            g.apply(move)
        hands += 1
        if g.phase == "game_over":
            g = GinGame.new(seed=hands, options=opts)
        else:
            g.apply(ais[0].choose(g.view(0)))


def test_expert_is_deterministic_for_a_seed():
    def run():
        st = play_match("expert", "hard", hands=6, seed=3)
        return st.wins, st.points, st.decisions
    assert run() == run()


def _reshuffled(g, seat, rng):
    """A copy of the game where the cards `seat` cannot see (the opponent's hand
    but for the cards he was seen to take, and the Stock) are dealt otherwise."""
    h = copy.deepcopy(g)
    opp = 1 - seat
    known = set(h.taken[opp]) & set(h.hands[opp])
    free = [c for c in h.hands[opp] if c not in known]
    pool = free + h.stock
    rng.shuffle(pool)
    h.hands[opp] = sorted(list(known) + pool[:len(free)])
    h.stock = pool[len(free):]
    return h


def test_expert_decides_from_the_view_alone():
    """At every decision of several hands, the same view with the hidden cards
    dealt differently gives the same move (and the views are indeed equal)."""
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        g = GinGame.new(seed=100 + seed)
        ais = [make_ai("hard", seed), make_ai("hard", seed + 1)]
        while g.phase not in ("hand_over", "game_over"):
            seat = g.turn
            other = _reshuffled(g, seat, rng)
            assert other.view(seat) == g.view(seat)
            if other.hands[1 - seat] != g.hands[1 - seat] or other.stock != g.stock:
                m1 = ExpertAI("expert", 9).choose(g.view(seat))
                m2 = ExpertAI("expert", 9).choose(other.view(seat))
                assert m1 == m2
                checked += 1
            g.apply(ais[seat].choose(g.view(seat)))
    assert checked > 20


def test_thinking_in_slices_gives_the_same_move():
    g = GinGame.new(seed=12)
    ais = [make_ai("hard", 1), make_ai("hard", 2)]
    compared = 0
    while g.phase not in ("hand_over", "game_over"):
        v = g.view(g.turn)
        at_once = ExpertAI("expert", 4).choose(v)
        sliced = ExpertAI("expert", 4)
        sliced.start_choice(v)
        assert sliced.thinking
        steps, move = 0, None
        while move is None:
            move = sliced.work(0.0)          # one piece of work a call
            steps += 1
        assert move == at_once and not sliced.thinking
        # cancelled half-way, then thought again: the same move, the same random state
        again = ExpertAI("expert", 4)
        again.start_choice(v)
        again.work(0.0)
        again.cancel()
        assert not again.thinking
        assert again.choose(v) == at_once
        compared += steps > 1
        g.apply(ais[g.turn].choose(v))
    assert compared > 5
    with pytest.raises(ValueError):
        ExpertAI("expert", 1).work(0.001)


def _after_draw(hand: str, drawn: str, upcard: str = "QH"):
    g = GinGame.from_deal([P(hand), P("QC QD JS JH 5C 6D 9S 9D 2C 3D")], C(upcard), P(drawn), dealer=1)
    for move in (Pass(0), Pass(1), DrawStock(0)):
        g.apply(move)
    return g


def test_expert_gins_and_knocks_when_it_can():
    g = _after_draw("AS 2S 3S 4H 5H 6H 7C 7D 7H 9C", "7S")
    m = ExpertAI("expert", 1).choose(g.view(0))
    assert isinstance(m, GoOut) and M.min_deadwood([c for c in g.hands[0] if c != m.discard]) == 0
    g = _after_draw("AS 2S 3S 4H 5H 6H 7C 7D 9C KH", "7S")
    m = ExpertAI("expert", 1).choose(g.view(0))
    assert isinstance(m, GoOut) and m.discard == C("KH")


def test_expert_takes_an_upcard_that_makes_a_meld_and_leaves_a_useless_one():
    hand = P("AS 2S 3S 4H 5H 6H 7C 7D 9C KH")
    g = GinGame.from_deal([hand, P("QC QD JS JH 5C 6D 9S 9D 2C 3D")], C("7H"), P("2H"), dealer=1)
    assert ExpertAI("expert", 1).choose(g.view(0)) == TakeUpcard(0)
    g = GinGame.from_deal([hand, P("QC QD JS JH 5C 6D 9S 9D 2C 3D")], C("KD"), P("2H"), dealer=1)
    assert ExpertAI("expert", 1).choose(g.view(0)) == Pass(0)


# --- the solid reference player ---------------------------------------------------

def test_solid_takes_the_upcard_only_if_it_lowers_its_deadwood():
    hand = P("AS 2S 3S 4H 5H 6H 7C 7D 9C KH")         # deadwood 7+7+9+10 = 33
    for up, take in (("7H", True), ("2D", True), ("KD", False), ("QC", False)):
        g = GinGame.from_deal([hand, P("QS QD JS JH 5C 6D 9S 9D 2C 3D")], C(up), P("2H"), dealer=1)
        assert (SolidAI(1).choose(g.view(0)) == TakeUpcard(0)) == take, up


def test_solid_discards_for_least_deadwood_and_knocks_at_once():
    g = _after_draw("AS 2S 3S 4H 5H 6H 7C 7D 9C KH", "KS")
    assert SolidAI(1).choose(g.view(0)) == Discard(0, C("KS"))    # ties: the highest, spades last
    g = _after_draw("AS 2S 3S 4H 5H 6H 7C 7D 9C KH", "7S")
    assert SolidAI(1).choose(g.view(0)) == GoOut(0, C("KH"))


def test_bench_player_spec_changes_settings_for_ab_runs():
    from bench.gin_baselines import player
    make = player("expert:w_knock=3.5,undercut_samples=8")
    ai = make(3)
    assert isinstance(ai, ExpertAI) and ai.w_knock == 3.5 and ai.undercut_samples == 8
    assert isinstance(player("solid:")(1), SolidAI) and player("hard") == "hard"
    with pytest.raises(SystemExit):
        player("expert:no_such_setting=1")(1)


def test_bench_single_hands_are_the_same_deals_for_a_paired_comparison():
    from bench.gin_baselines import paired, single_hands
    first = single_hands("hard", SolidAI, 6, 4)
    assert len(first) == 6 and set(first) <= {0, 1, None}
    assert single_hands("hard", SolidAI, 6, 4) == first         # same deals, same hands
    text = paired("hard", "hard", "solid", 4, 4)
    assert "hands won by only one: hard 0, hard 0" in text            # one player against itself


def test_bench_player_spec_keeps_the_level_its_lay_down_reads():
    from bench.gin_baselines import player
    make = player("expert:w_knock=3.5")
    assert make(3).level == "expert" and make.level == "expert:w_knock=3.5"


def test_bench_takes_refusing_solid_never_takes_the_refused_kind_of_upcard():
    from bench.gin_takes import solid_refusing
    for kind in ("meld", "other"):
        taken = 0
        for k in range(12):
            g = GinGame.new(40 + k)
            ais = [solid_refusing(kind)(1), SolidAI(2)]
            while g.phase not in ("hand_over", "game_over"):
                v = g.view(g.turn)
                move = ais[g.turn].choose(v)
                if g.turn == 0 and isinstance(move, TakeUpcard) and not v.stock_end:
                    up = M.card_bit(v.pile[-1])
                    melds = bool(M.melded_cards_mask(M.cards_to_mask(v.hand) | up) & up)
                    assert melds != (kind == "meld")
                    taken += 1
                g.apply(move)
        assert taken > 0          # it still takes the other kind


def test_opponent_model_multipliers_are_the_experts_own_settings():
    from game.gin import opponent_model as OM
    g = GinGame.new(5)
    ais = [make_ai("hard", 1), make_ai("hard", 2)]
    while not (g.turn == 0 and g.phase == "draw" and g.view(0).opp_taken):
        g.apply(ais[g.turn].choose(g.view(g.turn)))
    view = g.view(0)
    hand, pile = M.cards_to_mask(view.hand), M.cards_to_mask(view.pile)
    shipped = ExpertAI("expert", 1)
    assert shipped._knowledge(view).p_opp == OM.opponent_probabilities(view, hand, pile)[0]
    keen = ExpertAI("expert", 1)
    keen.taken_near = 5.0
    p, known, unseen = OM.opponent_probabilities(view, hand, pile)
    near = [i for i in range(52) if unseen >> i & 1
            and any(OM.NEIGHBOURS[M.card_bit(c).bit_length() - 1] >> i & 1 for c in view.opp_taken)]
    q = keen._knowledge(view).p_opp
    assert near and all(q[i] > p[i] or q[i] == OM.CAP for i in near)


def test_bench_cheat_tells_the_truth_only_where_asked():
    from bench.gin_cheat import CheatExpert
    from game.gin.heuristic import REST3
    g = GinGame.new(12)
    ais = [make_ai("hard", 1), SolidAI(2)]
    view = g.view(0)
    while not (view.phase == "discard" and view.seat == g.turn and len(view.opp_discards) >= 3):
        g.apply(ais[g.turn].choose(g.view(g.turn)))     # a few turns in, at seat 0's discard
        view = g.view(0)
    his = M.cards_to_mask(g.hands[1])
    blocked = M.cards_to_mask(view.hand) | M.cards_to_mask(view.pile)
    told = CheatExpert(3, ("danger",))
    know = told._knowledge(view)
    plain = ExpertAI("expert", 3)._knowledge(view)
    assert know.p_opp == plain.p_opp                  # the model kept for everything else
    assert told._outs(know.hand, know) == ExpertAI("expert", 3)._outs(plain.hand, plain)
    for i in range(52):
        if know.hand >> i & 1:
            melds = any(r & his == r and not r & blocked for r in REST3[i])
            assert told._danger(i, know) == float(melds)
    every = CheatExpert(3, ("all",))
    assert every._knowledge(view).p_opp == [float(his >> i & 1) for i in range(52)]
    # told partly (--blend): the chances lie between the model's and the truth's, and
    # each card of its hand is recorded with its danger and whether it melds for him
    record = []
    half = CheatExpert(3, ("danger",), blend=0.25, record=record)
    k = half._knowledge(view)
    assert k.p_opp == plain.p_opp
    assert all(abs(k.p_true[i] - (0.75 * plain.p_opp[i] + 0.25 * (his >> i & 1))) < 1e-12 for i in range(52))
    cards = [i for i in range(52) if know.hand >> i & 1]
    assert [y for _, y in record] == [any(r & his == r for r in REST3[i]) for i in cards]
    assert [d for d, _ in record] == [half._danger(i, k) for i in cards]


def test_bench_cheat_told_the_worlds_searches_his_real_hand_with_the_stock_shuffled():
    from bench.gin_baselines import player
    g = GinGame.new(12)
    ais = [make_ai("hard", 1), SolidAI(2)]
    view = g.view(0)
    while not (view.phase == "discard" and view.seat == g.turn and len(view.opp_discards) >= 3):
        g.apply(ais[g.turn].choose(g.view(g.turn)))
        view = g.view(0)
    told = player("told-worlds")(3)
    know = told._knowledge(view)
    assert know.p_opp == ExpertAI("expert", 3)._knowledge(view).p_opp   # nothing else told
    run = told._worlds(view, know)
    try:
        while True:
            next(run)
    except StopIteration as end:
        worlds = end.value
    his = M.cards_to_mask(g.hands[1])
    stock = M.cards_to_mask(g.stock)
    assert len(worlds) == told.worlds and all(opp == his for opp, _ in worlds)
    assert all(sum(s) == stock and len(s) == len(g.stock) for _, s in worlds)
    assert len({tuple(s) for _, s in worlds}) > 1                     # orders drawn anew


def _record_against_solid(seed: int, discards: int):
    """A game of hard (seat 0) against solid, stopped at seat 0's discard once solid
    has thrown `discards` cards (or None if the hand ends first)."""
    g = GinGame.new(seed)
    ais = [make_ai("hard", 1), SolidAI(2)]
    while g.phase not in ("hand_over", "game_over"):
        view = g.view(0)
        if g.turn == 0 and view.phase == "discard" and len(view.opp_discards) >= discards:
            return g, view
        g.apply(ais[g.turn].choose(g.view(g.turn)))
    return None


def test_bench_posterior_reads_the_record_as_it_was_played():
    from bench.gin_posterior import auc, chain, history_weight, opponent_turns
    found = 0
    for seed in range(20, 40):
        got = _record_against_solid(seed, 3)
        if got is None:
            continue
        g, view = got
        found += 1
        turns = opponent_turns(view)
        card = M.BIT_CARDS.__getitem__
        assert [card(t.discard.bit_length() - 1) for t in turns if t.discard] == list(view.opp_discards)
        assert {card(t.upcard.bit_length() - 1) for t in turns if t.took} == set(view.opp_taken)
        his = M.cards_to_mask(g.hands[1])
        rng = random.Random(seed)
        # solid played exactly as the likelihood's sound player: his hand explains
        # the record; a hand holding a card he threw cannot
        assert history_weight(his, turns, view.knock_value, 0.05, rng) > 0.0
        thrown = M.card_bit(view.opp_discards[0])
        if not his & thrown:
            wrong = his ^ (his & -his) | thrown
            assert history_weight(wrong, turns, view.knock_value, 0.05, rng) == 0.0
        expert = ExpertAI("expert", 3)
        know = expert._knowledge(view)
        samples = chain(view, know, next(expert._sample_opponents(view, know, 1)), 200, 0.05, rng)
        assert samples and all(bin(x).count("1") == view.opponent_hand_size for x in samples)
        assert all(x & know.opp_known == know.opp_known and not x & (know.hand | know.pile)
                   for x in samples)
    assert found >= 5
    assert auc([0.1, 0.9, 0.5], [0, 1, 0]) == 1.0 and auc([0.3, 0.3], [0, 1]) == 0.5


# --- playing for points: patience ------------------------------------------------

def _first_declined_knock():
    """The first view (of a few fixed hands against simple) where the expert could
    knock and played on instead: it waits for gin when the play-outs say so."""
    from bench.gin_baselines import SimpleAI
    for seed in range(1, 12):
        g = GinGame.new(seed)
        ais = [make_ai("expert", 1), SimpleAI(2)]
        while g.phase not in ("hand_over", "game_over"):
            v = g.view(g.turn)
            move = ais[g.turn].choose(v)
            if g.turn == 0 and v.phase == "discard" and not isinstance(move, GoOut) and \
                    any(isinstance(m, GoOut) for m in v.legal_moves):
                return v, move
            g.apply(move)
    raise AssertionError("the expert never played on past a knock")


def test_expert_plays_on_for_gin_but_not_round_and_round():
    import dataclasses
    v, move = _first_declined_knock()
    assert isinstance(move, Discard)
    # after many throws in one hand (upcards traded round and round) it knocks
    long = dataclasses.replace(v, my_discards=tuple(v.pile[:1]) * 20)
    assert isinstance(ExpertAI("expert", 1).choose(long), GoOut)


def test_expert_knocks_with_the_layout_that_takes_fewer_lay_offs():
    # 4-7 of spades and three sevens: the run of four with the three sevens takes
    # the 3 and the 8 of spades, the run of three with the four sevens only the 3
    g = _after_draw("4S 5S 6S 7S 7C 7D 7H AH 2H 3C", "KH")
    ai = ExpertAI("expert", 1)
    v = g.view(0)
    know = ai._knowledge(v)
    move = ai._go_out(v, know, know.hand ^ M.card_bit(C("KH")), M.card_index(C("KH")))
    assert isinstance(move, GoOut) and move.discard == C("KH")
    assert sorted(map(sorted, move.melds)) == sorted(map(sorted, (P("4S 5S 6S"), P("7C 7D 7H 7S"))))


def test_expert_searching_discards_with_the_keys_throws_plays_legal_whole_hands():
    ai = ExpertAI("expert", 3)
    ai.key_w, ai.search_k, ai.close, ai.switch_t, ai.knock_t = 1.2, 2, 2.0, 1.0, -1.0
    g = GinGame.new(seed=8)
    ais = [ai, SolidAI(2)]
    for _ in range(3):
        while g.phase not in ("hand_over", "game_over"):
            move = ais[g.turn].choose(g.view(g.turn))
            assert _legal(g, move), move
            g.apply(move)
        if g.phase == "game_over":
            break
        g.apply(ai.choose(g.view(0)))


def test_another_discard_or_playing_on_needs_a_gain_of_enough_standard_errors():
    from game.gin.expert import _clearly_better
    base = [0.0, 10.0, -5.0, 3.0]
    small = [x + g for x, g in zip(base, (1.0, -1.0, 2.0, 0.0))]      # +0.5 on average, noisy
    sure = [x + 2.0 for x in base]                                      # +2 in every world
    assert _clearly_better(small, base, 0.0) and not _clearly_better(small, base, 1.0)
    assert _clearly_better(sure, base, 3.0)
    assert _clearly_better(base, sure, 0.0)      # t 0: no test at all (the higher mean decides)


def test_the_experts_outs_decay_setting_reaches_its_knowledge():
    g = GinGame.new(12)
    ais = [make_ai("hard", 1), SolidAI(2)]
    while not (g.phase == "discard" and g.turn == 0 and len(g.stock) < 25):
        g.apply(ais[g.turn].choose(g.view(g.turn)))
    ai = ExpertAI("expert", 3)
    assert ai._knowledge(g.view(0)).outs_scale == 1.0
    ai.outs_decay = 1.0
    assert ai._knowledge(g.view(0)).outs_scale == 1.0 - (31 - len(g.stock)) / 31.0
