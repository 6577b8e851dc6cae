"""The chance of winning a Gin game from its score: a match-equity table, as
backgammon players use, so that the expert weighs a hand's points by what they do
to its chance of winning the game (a knock that reaches the target beats a try for
gin; far behind, the big hands are worth more than their points).

The model: each hand is won by either player with even chances, for points drawn
from HAND_POINTS (the deciles of the points of 3,451 decided hands, expert against
simple, EAAI rules; mean 18.7); dead hands change nothing and are left out.
equity(target)[a][b] is the chance that the player with a points wins the game
against one with b (a, b below the target); for targets above MAX_TARGET (the
options allow up to 10,000) there is no table: the points themselves stand in.
"""
from __future__ import annotations

from functools import lru_cache

HAND_POINTS = (2, 5, 7, 10, 14, 18, 23, 27, 33, 48)
MAX_TARGET = 250            # a table of MAX_TARGET² chances, made in a fraction of a second


@lru_cache(maxsize=8)
def equity(target: int) -> tuple[tuple[float, ...], ...]:
    """[a][b] -> the chance of winning the game to `target` from a points against b."""
    t = max(1, target)
    w = [[0.0] * t for _ in range(t)]
    share = 0.5 / len(HAND_POINTS)
    for a in range(t - 1, -1, -1):
        row = w[a]
        for b in range(t - 1, -1, -1):
            total = 0.0
            for x in HAND_POINTS:
                total += share * (1.0 if a + x >= t else w[a + x][b])
                if b + x < t:
                    total += share * row[b + x]
            row[b] = total
    return tuple(tuple(r) for r in w)


def after_hand(table, target: int, mine: int, his: int, pts: int) -> float:
    """The chance of winning the game once a hand worth `pts` to me (negative: to
    him) is scored from mine against his."""
    if pts > 0:
        mine += pts
    else:
        his -= pts
    if mine >= target:
        return 1.0
    if his >= target:
        return 0.0
    return table[mine][his]
