"""Computer players for Gin Rummy. They decide from a GinView alone (the state's
view of their seat): "the computer does not peek at your hand - honest".

    ai = GinAI("hard", seed=1);  move = ai.choose(game.view(seat))

Levels easy, normal, hard (game/gin/heuristic.py) and expert (game/gin/expert.py):
what each plays like is in docs/gin-players.md ("The levels").
BaselineAI is the yardstick of the benchmark: keeps its best melds, throws the
highest deadwood card, goes out as soon as it may, draws at random (the stronger
reference players "solid" and "simple" are in bench/gin_baselines.py).

Decisions of easy/normal/hard are a few hundred bitmask operations (well under
5 ms). The expert's knock decision plays out 48 worlds (about 10 ms), so a table lets
it think in slices, as Go-Stop's hard player does (game/gostop/table.py think()):

    ai = make_ai("expert", seed)
    if hasattr(ai, "start_choice"):
        ai.start_choice(view)            # when the engine asks this seat
        move = ai.work(0.001)            # each update step: ~1 ms; None until decided
        ai.cancel()                      # if the state changed before it decided
        ai.rng_at_rest()                 # the random state to save meanwhile
    move = ai.choose(view)               # or all at once (the same move)
"""
from __future__ import annotations

from game.gin.expert import ExpertAI
from game.gin.heuristic import LEVELS, BaselineAI, GinAI

__all__ = ["LEVELS", "BaselineAI", "ExpertAI", "GinAI", "make_ai"]


def make_ai(level: str, seed: int | None = None):
    """GinAI for easy/normal/hard, ExpertAI for expert, BaselineAI for "baseline"."""
    if level == "baseline":
        return BaselineAI(level, seed)
    if level == "expert":
        return ExpertAI(level, seed)
    return GinAI(level, seed)
