"""The simple reference player (bench/gin_baselines.py SimpleAI) follows the public
description of the EAAI reference player move by move: the upcard only if it then
belongs to a meld, a highest-valued card not in a meld thrown (ties by its random
state), out as soon as it may, all laid off that can be."""
from itertools import combinations

from bench.gin_baselines import SimpleAI, SolidAI
from game.cards import Card
from game.cards import parse_cards as P
from game.gin import melds as M
from game.gin.rules import Discard, DrawStock, GinGame, GoOut, LayDown, Pass, TakeUpcard

C = Card.parse
OTHER = P("QC QD JS JH 5C 6D 9S 9D 2C 3D")


def _offered(hand: str, up: str, drawn: str = "2H"):
    return GinGame.from_deal([P(hand), OTHER], C(up), P(drawn), dealer=1)


def test_it_takes_the_upcard_only_when_it_then_belongs_to_a_meld():
    hand = "AS 2S 3S 4H 5H 6H 7C 7D 9C KH"
    # 7H makes 7C 7D 7H, 8C makes 7C 8C 9C; 2D would lower the deadwood (solid takes
    # it) but melds with nothing; KD only pairs the KH
    for up, take in (("7H", True), ("8C", True), ("2D", False), ("KD", False)):
        g = _offered(hand, up)
        assert SimpleAI(1).choose(g.view(0)) == (TakeUpcard(0) if take else Pass(0)), up
    assert SolidAI(1).choose(_offered(hand, "2D").view(0)) == TakeUpcard(0)


def _after_draw(hand: str, drawn: str):
    g = _offered(hand, "QH", drawn)
    for move in (Pass(0), Pass(1), DrawStock(0)):
        g.apply(move)
    return g


def test_it_throws_a_highest_card_not_in_a_meld_ties_by_its_random_state():
    g = _after_draw("AS 2S 3S 4H 5H 6H 7C 7D KC KH", "2H")
    throws = {SimpleAI(seed).choose(g.view(0)) for seed in range(20)}
    assert throws == {Discard(0, C("KC")), Discard(0, C("KH"))}
    assert SimpleAI(5).choose(g.view(0)) == SimpleAI(5).choose(g.view(0))
    # a high card in a meld is kept: the kings' set stays, the 9 goes
    g = _after_draw("KS KC KD 4H 5H 6H AC 2D 9C 8S", "AD")
    assert SimpleAI(1).choose(g.view(0)) == Discard(0, C("9C"))


def test_it_knocks_as_soon_as_it_may():
    g = _after_draw("AS 2S 3S 4H 5H 6H 7C 7D 9C KH", "7S")
    m = SimpleAI(1).choose(g.view(0))
    assert isinstance(m, GoOut) and m.discard == C("KH")


def _expected(view, hand_cards):
    """The description, computed here on its own: the set of moves it allows."""
    seat = view.seat
    if view.phase == "lay_down":
        return {LayDown(seat)}
    if view.phase in ("offer", "draw"):
        decline = Pass(seat) if view.phase == "offer" or view.stock_end else DrawStock(seat)
        if TakeUpcard(seat) not in view.legal_moves:
            return {decline}
        up = view.pile[-1]
        if view.stock_end:
            return {TakeUpcard(seat)}
        melds = any(M.is_meld([up, a, b]) for a, b in combinations(hand_cards, 2))
        return {TakeUpcard(seat) if melds else decline}
    outs = [m for m in view.legal_moves if isinstance(m, GoOut)]
    if outs:
        left = {m: M.min_deadwood([c for c in hand_cards if c != m.discard]) for m in outs}
        least = min(left.values())
        best = [m for m in outs if left[m] == least]
        top = max(M.card_value(m.discard) for m in best)
        return {m for m in best if M.card_value(m.discard) == top}
    _, loose = M.best_melds(hand_cards)
    loose = [c for c in loose if c != view.taken_upcard] or \
        [c for c in hand_cards if c != view.taken_upcard]
    top = max(M.card_value(c) for c in loose)
    return {Discard(seat, c) for c in loose if M.card_value(c) == top}


def test_it_follows_its_description_move_by_move_over_whole_hands():
    checked = 0
    for seed in range(6):
        g = GinGame.new(seed=40 + seed)
        ais = [SimpleAI(seed), SolidAI(seed)]
        while g.phase not in ("hand_over", "game_over"):
            seat = g.turn
            v = g.view(seat)
            move = ais[seat].choose(v)
            if seat == 0:
                assert move in _expected(v, list(v.hand)), (v.phase, v.hand, move)
                checked += 1
            g.apply(move)
    assert checked > 60
