"""Computer players for Gin Rummy. They decide from a GinView alone (the state's
view of their seat): "the computer does not peek at your hand - honest".

    ai = GinAI("hard", seed=1);  move = ai.choose(game.view(seat))

Levels
- easy, a beginner: keeps its melds and throws its highest unmatched card, but
  holds on to pairs and two-card runs however high (keep_partials), two discards in
  five are any unmatched card (slip), never looks at what the opponent picks up
  or throws, takes the upcard only when it makes a meld at once, knocks only
  with 4 or less (knock_limit) and one time in four does not see that it may
  (miss_knock). Gin and the last chance at the Stock's end it never misses.
- normal, a club player: weighs deadwood against the cards that would meld
  ("outs") but does not count cards (of the pile it remembers only the upcard);
  avoids feeding the cards the opponent was seen to take; takes the upcard as
  soon as it helps a little (take_margin 0.5); knocks at once; about one
  discard in three is a lapse (its 2nd or 3rd best).
- hard: counts every card it has seen: outs are only the live cards, weighted
  by the chance each is still in the Stock rather than in the opponent's hand
  (unseen-card probabilities; cards he was seen to take are his); values hands
  by deadwood, outs and the live cards that would let it go out next turn;
  scores each discard by the chance it completes a meld for the opponent;
  takes the upcard when the hand gains enough; knocks at once (waiting for gin
  late lost more hands than it gained points in our runs: wait_for_gin); lays a
  knock out so the opponent has the fewest lay-offs; defends with the least
  deadwood over its melds and lay-offs together.
- expert (game/gin/expert.py, ExpertAI): plays for points and games. hard's hand
  evaluation with a model of the opponent's hand from the public record only
  (game/gin/opponent_model.py: the cards he took, the neighbours of what he threw and
  when, the upcards he declined); takes the upcard when its expected result beats the
  Stock's; when it may knock, it plays the knock and the same discard without it out
  in worlds sampled from the model (game/gin/playout.py: its own seat patient, going
  for gin until the Stock's last cards) and scores them in points, a hand that ends the
  game counting more: it waits for gin when the sampled future says so.
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
