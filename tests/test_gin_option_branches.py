"""Option branches the rules tests left out: the Underknock bonus (its value, and the
Oklahoma spade doubling it only with oklahoma_double_bonuses), and lay-offs refused
after gin in every form the defender may ask them (engine and table)."""
import json

import pygame
import pytest

from game.cards import Card
from game.cards import parse_cards as P
from game.engine import IllegalMove
from game.gin.rules import DrawStock, GinGame, GinOptions, GoOut, LayDown, Pass, TakeUpcard
from tests.test_gin_table import make_table, press

C = Card.parse
KNOCKER = "AS 2S 3S 4H 5H 6H 7C 7D 7H 9C"     # knocks with 2D (2) after drawing it
UNDER = "KC KD KS 9S TS JS AD QC QD QH"       # 1 unplayable point (AD): an underknock


def deal(h0, h1, up, stock, **opts):
    return GinGame.from_deal([P(h0), P(h1)], C(up), P(stock), 1, GinOptions(**opts))


def underknock(up="4C", **opts):
    g = deal(KNOCKER, UNDER, up, "2D 8S", **opts)
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    g.apply(GoOut(0, C("9C")))
    g.apply(LayDown(1))
    r = g.records[-1]
    assert (r.how, r.winner, r.deadwood) == ("underknock", 1, [2, 1])
    return g, r


@pytest.mark.parametrize("bonus", [0, 10, 40])
def test_the_underknock_bonus_is_the_option_value(bonus):
    g, r = underknock(underknock_bonus=bonus)
    assert r.points == 1 + bonus and g.games[0].points == [0, 1 + bonus]


@pytest.mark.parametrize("double_bonuses,expected", [(False, 2 * 1 + 10), (True, 2 * 1 + 2 * 10)])
def test_an_oklahoma_spade_doubles_the_underknock_bonus_only_when_asked(double_bonuses, expected):
    g, r = underknock(up="4S", underknock_bonus=10, oklahoma=True, oklahoma_double_bonuses=double_bonuses)
    assert r.doubled and r.knock_value == 4 and r.points == expected


GIN_HAND = KNOCKER                             # gins with 7S from the Stock, discarding 9C
DEFENDER = "KC KD QS JS 2C 3H 8C 8D 9D TD"     # 3H would lay off on 4H 5H 6H after a knock


def after_gin() -> GinGame:
    g = deal(GIN_HAND, DEFENDER, "KH", "7S 2D")
    g.apply(Pass(0))
    g.apply(Pass(1))
    g.apply(DrawStock(0))
    assert g.apply(GoOut(0, C("9C")))[0].kind == "gin"
    return g


@pytest.mark.parametrize("move", [
    LayDown(1, None, (C("3H"),)),                          # lay-offs only
    LayDown(1, (tuple(P("8D 9D TD")),), (C("3H"),)),       # melds and lay-offs
    LayDown(1, (), (C("3H"), C("8C"))),
])
def test_no_lay_off_after_gin_in_any_form(move):
    g = after_gin()
    before = json.dumps(g.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove, match="no lay-offs after gin"):
        g.apply(move)
    assert json.dumps(g.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("move", [LayDown(1), LayDown(1, (tuple(P("8D 9D TD")),), None)])
def test_after_gin_the_defender_lays_down_and_a_fitting_card_stays_unplayable(move):
    g = after_gin()
    g.apply(move)
    assert g.def_layoffs == [] and C("3H") in g.def_unmatched
    assert g.records[-1].deadwood[1] == 10 + 10 + 10 + 10 + 2 + 3 + 8


def test_the_table_refuses_p_after_the_computers_gin(app):
    t = make_table(app, DEFENDER, GIN_HAND, "7S", dealer=0)
    g = t.ctl.game
    g.apply(TakeUpcard(1))
    g.apply(GoOut(1, C("9C")))
    t.ctl._sync()
    app.run(max_frames=1)
    assert g.out_kind == "gin" and t.ctl.mode == "confirm" and t.ctl.arr.layoffs() == []
    press(app, "n")
    t.ctl.arr.cursor = t.ctl.arr.cards.index(C("3H"))
    beeps = app.beeps
    press(app, "p")
    assert app.beeps == beeps + 1 and "No lay-offs after gin" in t.ctl.note
    assert "P" not in t.ctl.arr.marks
    press(app, pygame.K_F10, "y")
    assert g.phase == "hand_over" and g.def_layoffs == []
