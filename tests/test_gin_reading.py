"""The opponent's hand inferred from what he did (game.gin.reading): his turns read
from the view as they were played; guesses at his hand weighed by how well a sound
player's turns fit them (fixed small cases); resampling and per-card chances."""
import random

from game.cards import Card
from game.cards import parse_cards as P
from game.gin import melds as M
from game.gin import reading as RD
from game.gin.ai import make_ai
from game.gin.rules import Discard, DrawStock, GinGame, Pass, TakeUpcard

C = Card.parse
B = M.card_bit


def H(text: str) -> int:
    return M.cards_to_mask(P(text))


def _record_turns(seed: int, me: int, levels=("hard", "easy")):
    """Plays one hand; at each of `me`'s decisions, (his_turns of the view, his turns
    as they were played, from the moves themselves)."""
    g = GinGame.new(seed=seed)
    ais = [make_ai(levels[0], seed), make_ai(levels[1], seed + 1)]
    played = []
    taken = passed = 0
    seen = []
    while g.phase not in ("hand_over", "game_over"):
        seat = g.turn
        v = g.view(seat)
        move = ais[seat].choose(v)
        if seat == me:
            if g.phase in ("draw", "discard"):
                seen.append((RD.his_turns(v), tuple(played)))
        else:
            if isinstance(move, TakeUpcard):
                taken = B(g.upcard)
            elif isinstance(move, Pass) or (isinstance(move, DrawStock) and not g.must_draw_stock):
                passed |= B(g.upcard)
            elif isinstance(move, Discard):
                played.append(RD.Turn(taken, passed, B(move.card)))
                taken = passed = 0
        g.apply(move)
    return seen


def test_his_turns_are_read_from_the_view_as_they_were_played():
    compared = 0
    for seed in range(12):
        for me in (0, 1):
            for read, truth in _record_turns(seed, me):
                assert read == truth
                compared += bool(truth)
    assert compared > 100


def test_a_thrown_card_that_melded_in_his_hand_weighs_less_than_his_highest_loose_card():
    turns = (RD.Turn(0, 0, B(C("7H"))),)
    broke_a_set = H("7S 7C AS 2S 3S 4D 5D 6D 2C 2H")      # 7H made a set with 7S 7C
    highest_loose = H("AS 2S 3S 4D 5D 6D 8C 8H 8D AC")    # 7H was his highest loose card
    assert RD.log_weight(highest_loose, turns) > RD.log_weight(broke_a_set, turns)
    w = RD.weights([broke_a_set, highest_loose], turns)
    assert abs(sum(w) - 1.0) < 1e-9 and w[1] > 5 * w[0]


def test_a_higher_loose_card_kept_weighs_against_the_hand_and_a_kept_pair_less():
    turns = (RD.Turn(0, 0, B(C("5C"))),)
    low = H("AS 2S 3S 4D 5D 6D 2C 2H 2D AC")
    king_alone = H("AS 2S 3S 4D 5D 6D 2C 2H 2D KD")       # a lone king kept, a five thrown
    king_pair = H("AS 2S 3S 4D 5D 6D 2C 2H KS KD")        # the king is half of a pair
    king_set = H("AS 2S 3S 4D 5D 6D 2C KH KS KD")         # the king melds: no reason to throw it
    lw = {k: RD.log_weight(h, turns) for k, h in
          (("low", low), ("alone", king_alone), ("pair", king_pair), ("set", king_set))}
    assert lw["alone"] < lw["pair"] < lw["low"]
    assert lw["set"] == lw["low"]


def test_an_upcard_he_passed_that_would_meld_weighs_against_the_hand():
    turns = (RD.Turn(0, B(C("9S")), B(C("KC"))),)
    would_meld = H("9H 9D AS 2S 3S 4D 5D 6D 2C 2H")
    would_not = H("8H 3D AS 2S 3S 4D 5D 6D 2C 2H")
    assert RD.log_weight(would_not, turns) > RD.log_weight(would_meld, turns)


def test_an_upcard_he_took_that_melds_weighs_for_the_hand():
    turns = (RD.Turn(B(C("4H")), 0, B(C("KC"))),)
    melds = H("4H 5H 6H AS 2S 3S 4D 5D 6D 2C")
    loose = H("4H 9H JC AS 2S 3S 4D 5D 6D 2C")
    assert RD.log_weight(melds, turns) > RD.log_weight(loose, turns)


def test_older_turns_count_less_and_the_cards_he_took_later_are_not_his_before():
    broke = RD.Turn(0, 0, B(C("7H")))
    quiet = RD.Turn(0, 0, B(C("AC")))
    hand = H("7S 7C AS 2S 3S 4D 5D 6D 2C 2H")
    assert RD.log_weight(hand, (broke, quiet)) > RD.log_weight(hand, (quiet, broke))
    # the 7S taken after the 7H was thrown: no set broken when he threw it
    later = RD.Turn(B(C("7S")), 0, B(C("KC")))
    assert RD.log_weight(hand, (broke, later)) > RD.log_weight(hand, (broke, quiet))


def test_no_turns_weighs_all_guesses_alike():
    assert RD.weights([H("AS"), H("2S")], ()) == [0.5, 0.5]


def test_resampling_follows_the_weights_and_chances_add_up():
    rng = random.Random(1)
    hands = [H("AS 2S"), H("3S 4S"), H("5S 6S")]
    assert RD.resample(hands, [0.0, 1.0, 0.0], 5, rng) == [hands[1]] * 5
    out = RD.resample(hands, [0.5, 0.0, 0.5], 4, rng)
    assert out.count(hands[0]) == 2 and out.count(hands[2]) == 2
    p = RD.card_chances(hands, [0.25, 0.25, 0.5])
    assert p[M.card_index(C("5S"))] == 0.5 and abs(sum(p) - 2.0) < 1e-9


def test_meld_chance_is_the_weighed_share_of_hands_where_the_card_melds_unless_blocked():
    hands = [H("9H 9D AS"), H("8C TC AS"), H("2S 3S AS")]
    ws = [0.5, 0.25, 0.25]
    i = M.card_index(C("9C"))
    assert RD.meld_chance(i, hands, ws, 0) == 0.75          # a set, and a run 8C 9C TC
    assert RD.meld_chance(i, hands, ws, H("TC")) == 0.5     # the run broken: TC is ours
    assert RD.meld_chance(M.card_index(C("KD")), hands, ws, 0) == 0.0
