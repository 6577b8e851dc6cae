"""Issue #22 for Gin: the variants as named options, each with its rule tests (legal
and illegal), and every computer level playing each variant legally."""
import pytest

from game.cards import Card, parse_cards
from game.engine import IllegalMove
from game.gin import melds as M
from game.gin.ai import LEVELS, make_ai
from game.gin.invariants import check as check_invariants
from game.gin.rules import DrawStock, GinGame, GinOptions, GoOut, LayDown, NextHand, Pass, TakeUpcard

OTHER = "2S 5S 7S JS QS 4H 6H TD JH 5H"
NEAR = "2C 3C 4C 5D 6D 7D 9H 9S 9C KH"     # three groups and the K of hearts


def deal(upcard: str, hand: str = NEAR, **options) -> GinGame:
    """Seat 0 (not the dealer) is offered `upcard` first."""
    return GinGame.from_deal([parse_cards(hand), parse_cards(OTHER)], Card.parse(upcard),
                             dealer=1, options=GinOptions(**options), seed=5)


def taken(upcard: str, hand: str = NEAR, **options) -> GinGame:
    g = deal(upcard, hand, **options)
    g.apply(TakeUpcard(0))
    return g


KH = Card.parse("KH")


@pytest.mark.parametrize("kv", range(1, 11))
def test_the_knock_value_is_an_option_from_1_to_10(kv):
    g = taken("3H", knock_value=kv)         # after the K of hearts: 3 unplayable points
    assert g.knock_value == kv
    if kv >= 3:
        assert GoOut(0, KH) in g.legal_moves(0)
        events = g.apply(GoOut(0, KH))
        assert events[0].kind == "knock" and events[0].data["deadwood"] == 3
    else:
        assert GoOut(0, KH) not in g.legal_moves(0)
        before = g.to_json()
        with pytest.raises(IllegalMove):
            g.apply(GoOut(0, KH))
        assert g.to_json() == before
    check_invariants(g)


def test_straight_gin_allows_no_knock_even_with_one_point():
    g = taken("AH", straight_gin=True)
    assert g.knock_value == 0
    assert GoOut(0, KH) not in g.legal_moves(0)
    with pytest.raises(IllegalMove):
        g.apply(GoOut(0, KH))
    g = taken("8D", straight_gin=True)      # 5D-8D: gin after the K of hearts
    events = g.apply(GoOut(0, KH))
    assert events[0].kind == "gin"
    check_invariants(g)


def test_straight_gin_overrides_oklahoma_but_keeps_its_spade_double():
    g = deal("8S", straight_gin=True, oklahoma=True)
    assert g.knock_value == 0 and g.doubled


def test_oklahoma_ace_is_gin_only_unless_the_ace_counts_one():
    g = taken("AH", oklahoma=True)
    assert g.knock_value == 0
    with pytest.raises(IllegalMove):
        g.apply(GoOut(0, KH))
    g = taken("AH", oklahoma=True, oklahoma_ace_one=True)
    assert g.knock_value == 1
    events = g.apply(GoOut(0, KH))
    assert events[0].kind == "knock" and events[0].data["deadwood"] == 1
    check_invariants(g)


def test_oklahoma_ace_one_still_refuses_two_points():
    g = taken("AH", hand="AC 3C 4C 5D 6D 7D 9H 9S 9C KH", oklahoma=True, oklahoma_ace_one=True)
    assert g.knock_value == 1
    with pytest.raises(IllegalMove):
        g.apply(GoOut(0, KH))    # AC AH 3C 4C: the 3-4 of clubs are no group


BIG = "AC 2C 3C 4C 5D 6D 7D 9H 9S 9C"      # with the 9 of diamonds: 11 cards in groups


def _finish(g):
    """The defender lays down (the best way), the hand is scored."""
    return g.apply(LayDown(g.turn))


def test_big_gin_goes_out_with_no_discard_for_its_bonus():
    g = taken("9D", hand=BIG, big_gin=True, big_gin_bonus=40)
    assert GoOut(0, None) in g.legal_moves(0)
    g.apply(GoOut(0, None))
    assert g.out_kind == "gin" and g.out_discard is None and len(g.hands[0]) == 11
    check_invariants(g)
    events = _finish(g)
    scored = next(e for e in events if e.kind == "hand_scored")
    defender = GinGame.from_deal([parse_cards(BIG), parse_cards(OTHER)], Card.parse("9D"))
    assert scored.data["how"] == "big_gin" and scored.data["winner"] == 0
    assert scored.data["points"] == M.min_deadwood(defender.hands[1]) + 40
    check_invariants(g)
    g2 = GinGame.from_json(g.to_json())          # a save keeps it
    assert g2.records[-1].how == "big_gin"
    g.apply(NextHand(0))
    check_invariants(g)


def test_big_gin_is_refused_when_not_played_or_not_all_in_groups():
    g = taken("9D", hand=BIG)
    assert GoOut(0, None) not in g.legal_moves(0)
    with pytest.raises(IllegalMove):
        g.apply(GoOut(0, None))
    g = taken("KD", hand=BIG, big_gin=True)      # the K of diamonds is in no group
    assert GoOut(0, None) not in g.legal_moves(0)
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.apply(GoOut(0, None))
    assert g.to_json() == before


def test_big_gin_still_allows_ordinary_gin_with_a_discard():
    g = taken("9D", hand=BIG, big_gin=True)
    ev = g.apply(GoOut(0, Card.parse("4C")))
    assert ev[0].kind == "gin"
    _finish(g)
    assert g.records[-1].how == "gin"


VARIANTS = {
    "knock 3": dict(knock_value=3),
    "straight gin": dict(straight_gin=True),
    "big gin": dict(big_gin=True),
    "Oklahoma, ace one": dict(oklahoma=True, oklahoma_ace_one=True),
    "Oklahoma, straight": dict(oklahoma=True, straight_gin=True, hollywood=True),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_computer_plays_every_variant_legally(level, variant):
    """Two computers of a level play hands of the variant: every move they choose is
    a listed legal move, the invariants hold after each."""
    g = GinGame.new(seed=11, options=GinOptions(**VARIANTS[variant]))
    ais = [make_ai(level, 1), make_ai(level, 2)]
    hands = 0
    for _ in range(3000):
        if g.phase == "game_over" or hands == 4:
            break
        seat = g.turn if g.phase != "hand_over" else 0
        move = ais[seat].choose(g.view(seat))
        if g.phase == "hand_over":
            assert isinstance(move, NextHand)
            hands += 1
        else:
            listed = GoOut(seat, move.discard) if isinstance(move, GoOut) else move
            assert listed in g.legal_moves(seat), (level, variant, move)
        g.apply(move)                           # (its melds too: IllegalMove fails the test)
        check_invariants(g)
    assert hands >= 1 or g.phase == "game_over"


def test_the_variant_options_survive_a_save():
    o = GinOptions(knock_value=4, straight_gin=True, big_gin=True, big_gin_bonus=40, oklahoma_ace_one=True)
    assert GinOptions.from_json(o.to_json()) == o


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_claims_big_gin_when_all_eleven_meld(level):
    """With Big Gin on, a hand of eleven cards in groups goes out with no discard (its
    bonus is bigger than Gin's) rather than ginning with a discard."""
    g = GinGame.from_deal([parse_cards("AS 2S 3S 4S 5H 6H 7H 9C 9D 9S"),
                           parse_cards("KC KD QS JS 2C 3D 8C 8D TD JH")],
                          Card.parse("KH"), parse_cards("8H 2D"), dealer=1,
                          options=GinOptions(big_gin=True))
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    assert Card.parse("8H") in g.hands[0], "the first card listed is the top of the stock"
    view = g.view(0)
    assert GoOut(0, None) in view.legal_moves
    assert make_ai(level, 1).choose(view) == GoOut(0, None)
