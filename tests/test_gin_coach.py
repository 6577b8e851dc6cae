"""The Gin coach (game/gin/coach.py): the expert's own decision from the player's view,
blind to the hidden cards, with a reason in GIN!'s terms."""
import random

import pytest

from game.cards import Card, card_text, parse_cards
from game.gin import melds as M
from game.gin.ai import make_ai
from game.gin.coach import COACH_SEED, TEXT_MAX, advise, explain, stock_points, upcard_points
from game.gin.rules import Discard, DrawStock, GinGame, GinOptions, GoOut, Pass, TakeUpcard

DECISION_PHASES = ("offer", "draw", "discard")


def positions(seeds=range(6), levels=("normal", "hard")):
    """(game, seat) at every draw and discard of hands played by two computers."""
    for seed in seeds:
        g = GinGame.new(seed=seed)
        ais = [make_ai(levels[0], seed), make_ai(levels[1], seed + 50)]
        while g.phase in DECISION_PHASES + ("lay_down",):
            s = g.turn
            if g.phase in DECISION_PHASES:
                yield g.copy(), s
            g.apply(ais[s].choose(g.view(s)))


def test_advice_is_the_experts_own_decision_on_the_view():
    n = 0
    for g, s in positions():
        view = g.view(s)
        advice = advise(view)
        assert advice.move == make_ai("expert", COACH_SEED).choose(view)
        assert advice.move in view.legal_moves or isinstance(advice.move, GoOut)
        g.apply(advice.move)          # and the engine takes it
        n += 1
    assert n > 100


def test_advice_cannot_see_the_hidden_cards():
    """The same advice, word for word, when the Stock and the opponent's unseen cards
    are dealt anew."""
    rng = random.Random(5)
    changed = 0
    for g, s in positions(seeds=range(4)):
        other = g.redeal_hidden(s, rng)
        changed += other.hands[1 - s] != g.hands[1 - s] or other.stock != g.stock
        assert advise(other.view(s)) == advise(g.view(s))
    assert changed > 50            # the redeal did move the hidden cards


def test_every_advice_names_its_move_and_fits_the_notes():
    for g, s in positions(seeds=range(4)):
        view = g.view(s)
        a = advise(view)
        assert 0 < len(a.text) <= TEXT_MAX and "\n" not in a.text
        m = a.move
        if isinstance(m, Discard):
            assert a.text.startswith(("Discard " + card_text(m.card), "Play on"))
            assert "Discard " + card_text(m.card) in a.text or "discard " + card_text(m.card) in a.text
        elif isinstance(m, GoOut):
            assert a.text.startswith(("Gin!", "Knock with", "Big Gin")) and card_text(m.discard) in a.text
        elif isinstance(m, TakeUpcard):
            assert a.text.startswith("Take " + card_text(view.pile[-1]))
        elif isinstance(m, DrawStock):
            assert a.text.startswith("Draw from the Stock")
        elif isinstance(m, Pass):
            assert a.text.startswith("Pass")


def test_discard_advice_says_the_points_left_and_the_groups_kept():
    # 7♣ 7♥ 7♠ and A-2-3♦ held; 9♣ Q♥ K♠ 4♥ and the upcard 5♣ loose
    game = GinGame.from_deal([parse_cards("AD 2D 3D 7C 7H 7S 9C QH KS 4H"),
                              parse_cards("2S 5S 8S JS QS 3H 6H 9H JH 4C")],
                             Card.parse("5C"), dealer=1, seed=3)
    game.apply(TakeUpcard(0))
    view = game.view(0)
    a = advise(view)
    assert isinstance(a.move, Discard)
    left = M.min_deadwood(c for c in view.hand if c != a.move.card)
    assert f"it leaves {left} point" in a.text
    assert "three 7s" in a.text and "A-3\x04" in a.text


def test_gin_and_knock_advice():
    gin_hand = "AD 2D 3D 4D 7H 7C 7S 9C TC KH"
    game = GinGame.from_deal([parse_cards(gin_hand), parse_cards("2S 5S 8S JS QS 3H 6H 9H JH 4C")],
                             Card.parse("JC"), dealer=1, seed=3)
    view = game.view(0)
    a = advise(view)
    assert a.move == TakeUpcard(0) and a.text.startswith("Take J\x05: it gives you gin")
    game.apply(a.move)
    a = advise(game.view(0))
    assert isinstance(a.move, GoOut) and a.move.discard == Card.parse("KH")
    assert a.text.startswith("Gin! Discard K\x03 face down")


def test_draw_figures_are_the_points_each_draw_leaves():
    for g, s in positions(seeds=range(2)):
        view = g.view(s)
        if view.phase != "draw" or not any(isinstance(m, TakeUpcard) for m in view.legal_moves):
            continue
        hand = list(view.hand)
        up = view.pile[-1]
        assert upcard_points(view) == min(M.min_deadwood([c for c in hand + [up] if c != d])
                                          for d in hand)
        avg = stock_points(view)
        unseen = [c for c in (M.BIT_CARDS[i] for i in range(52))
                  if c not in hand and c not in view.pile]
        best, worst = (f(M.min_deadwood_after_discard_mask(M.cards_to_mask(hand + [c])) for c in unseen)
                       for f in (min, max))
        assert best <= avg <= worst
        move = make_ai("expert", COACH_SEED).choose(view)
        if isinstance(move, DrawStock):
            assert f"a Stock card leaves {avg:.1f} on average" in explain(view, move)


@pytest.mark.parametrize("opponent", ["the computer", "Ann"])
def test_the_opponent_is_named_as_asked(opponent):
    said = [advise(g.view(s), opponent=opponent).text for g, s in positions(seeds=range(3))]
    other = "Ann" if opponent == "the computer" else "the computer"
    assert any(opponent in t for t in said) and not any(other in t for t in said)


def test_knock_value_gin_only_is_respected():
    opts = GinOptions(oklahoma=True)
    for seed in range(3):
        g = GinGame.new(seed=seed, options=opts)
        ai = make_ai("normal", seed)
        while g.phase in DECISION_PHASES + ("lay_down",):
            s = g.turn
            move = advise(g.view(s)).move if s == 0 else ai.choose(g.view(s))
            g.apply(move)          # IllegalMove here would be a coach's move the rules refuse
