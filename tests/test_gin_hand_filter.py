"""The particle filter over the opponent's hand (game/gin/hand_filter.py): his turns
read from the public record in order, his true hand never ruled out whatever he
plays (the model's eps keeps unsound play possible), hands the record contradicts
ruled out, and the expert with the filter on legal and deciding from its view."""
import random

import pytest

from game.gin import melds as M
from game.gin.ai import make_ai
from game.gin.hand_filter import history_weight, opponent_turns
from game.gin.rules import GinGame, GinOptions, GoOut


class RandomPlayer:
    """Any legal move (an opponent the filter's sound-player model does not fit)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view):
        return self.rng.choice(view.legal_moves) if view.legal_moves else None


def _checked_hands(opponent, opts, seed, check):
    """Play hands, expert at seat 0; call check(game, view) on each of its draws."""
    for k in range(4):
        g = GinGame.new(seed * 100 + k, options=opts, first_dealer=k % 2)
        ais = [make_ai("expert", seed + k), opponent(seed + k)]
        while g.phase not in ("hand_over", "game_over"):
            if g.turn == 0 and g.phase in ("draw", "discard"):
                check(g, g.view(0))
            g.apply(ais[g.turn].choose(g.view(g.turn)))


@pytest.mark.parametrize("opponent", [RandomPlayer, lambda s: make_ai("hard", s)])
@pytest.mark.parametrize("opts", [GinOptions(), GinOptions(oklahoma=True, discard_taken_upcard=True)])
def test_his_true_hand_is_never_ruled_out(opponent, opts):
    seen = []

    def check(g, view):
        turns = opponent_turns(view)
        assert sum(1 for t in turns if t.discard) == len(view.opp_discards)
        true = M.cards_to_mask(g.hands[1])
        w = history_weight(true, turns, view.knock_value, 0.15, random.Random(1),
                           opts.discard_taken_upcard)
        assert w > 0.0
        seen.append(len(turns))

    _checked_hands(opponent, opts, 3, check)
    assert max(seen) >= 3


def test_a_hand_holding_a_card_he_threw_is_ruled_out():
    def check(g, view):
        turns = opponent_turns(view)
        if not turns or not view.opp_discards:
            return
        last = M.card_bit(view.opp_discards[-1])
        if last & M.cards_to_mask(view.pile):
            true = M.cards_to_mask(g.hands[1])
            other = true & -true
            wrong = true ^ other | last
            assert history_weight(wrong, turns, view.knock_value, 0.15, random.Random(1)) == 0.0

    _checked_hands(lambda s: make_ai("hard", s), GinOptions(), 5, check)


def test_expert_with_the_filter_blended_plays_legal_moves():
    g = GinGame.new(seed=9)
    ai = make_ai("expert", 1)
    ai.pf_blend = 0.5
    other = make_ai("hard", 2)
    ais = [ai, other]
    while g.phase not in ("hand_over", "game_over"):
        move = ais[g.turn].choose(g.view(g.turn))
        legal = g.legal_moves(g.turn)
        assert move in legal or any(isinstance(m, GoOut) and m.discard == move.discard for m in legal)
        g.apply(move)
