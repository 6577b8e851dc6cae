"""The match-equity table behind the expert's match awareness: a chance of winning
the game that is fair, grows with one's own score and falls with his, and counts a
hand that reaches the target as the game won."""
import dataclasses

from game.gin.expert import ExpertAI
from game.gin.match_equity import after_hand, equity
from game.gin.rules import GinGame, GinOptions
from game.gin.scores import GameScore


def test_equity_is_fair_and_ordered():
    e = equity(100)
    assert abs(e[0][0] - 0.5) < 1e-9 and abs(e[60][60] - 0.5) < 1e-9
    for a, b in ((10, 80), (90, 5), (50, 70)):
        assert abs(e[a][b] + e[b][a] - 1.0) < 1e-9       # what one wins the other loses
    assert e[90][0] > 0.9 and e[0][90] < 0.1
    for b in (0, 40, 95):
        row = [e[a][b] for a in range(100)]
        assert row == sorted(row)                          # more points, better chances
    assert [e[50][b] for b in range(100)] == sorted((e[50][b] for b in range(100)), reverse=True)


def test_after_hand_counts_the_game_won_or_lost():
    e = equity(100)
    assert after_hand(e, 100, 95, 0, 5) == 1.0 and after_hand(e, 100, 95, 0, 30) == 1.0
    assert after_hand(e, 100, 0, 90, -10) == 0.0
    assert after_hand(e, 100, 20, 30, 0) == e[20][30]
    assert after_hand(e, 100, 20, 30, -12) == e[20][42]


def test_expert_equity_utility_prefers_the_knock_that_wins_the_game():
    g = GinGame.new(3)
    v = g.view(0)
    near = dataclasses.replace(v, games=(GameScore([95, 40]),))
    ai = ExpertAI("expert", 1)          # equity is its default match awareness
    u = ai._utility(near)
    assert u(5) == u(50) == 100.0          # any hand worth 5 wins the game: no reason to wait
    behind = ai._utility(dataclasses.replace(v, games=(GameScore([0, 90]),)))
    # far behind, a gin's 40 points are worth far more than four knocks' 10
    assert behind(40) - behind(0) > 4 * (behind(10) - behind(0))
    ai.equity = False                   # (off: plain points, for A/B runs)
    assert ai._utility(near)(5) == 5


def test_a_very_long_game_weighs_plain_points():
    g = GinGame.new(3, GinOptions(game_target=5000))
    v = dataclasses.replace(g.view(0), games=(GameScore([4990, 0]),))
    assert ExpertAI("expert", 1)._utility(v)(30) == 30     # no 5000² table is made
