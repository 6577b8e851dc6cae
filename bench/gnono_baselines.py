"""Reference players for the Gnono strength rows (yardsticks, not levels offered).

`RuleAI` ("rule"): plays a card of the current colour if it can (action cards
first, then the highest number), then a card of the same number or symbol, Wilds
last (a Wild before a Wild Draw Four); names the colour it holds most of; plays a
card it drew when it can; stacks when it can; always calls "UNO!"; never
challenges, catches or jumps in; swaps hands with the smallest hand (7-0).

    python -m bench.gnono_baselines --a expert --b rule --rounds 2000 --seed 9
(2 seats, single rounds, seats rotated; the same seed deals the same rounds, so two
versions of a player can be compared on the same deals.)
"""
from __future__ import annotations

import argparse
import random

from game.gnono.ai import BaselineAI, most_held_color
from game.gnono.cards import Card
from game.gnono.rules import (
    CHALLENGE,
    COLOR,
    DRAWN,
    PLAY,
    SWAP,
    Challenge,
    ChooseColor,
    Draw,
    GnonoView,
    Play,
    PlayDrawn,
    SwapHands,
)


def rule_card(view: GnonoView, cards: list[Card]) -> Card:
    """The rule player's pick among the playable cards."""
    def rank(c: Card):
        if c.color == view.color:
            return (3, c.is_action, c.points)
        if not c.is_wild:
            return (2, c.is_action, c.points)     # same number or symbol
        return (1, not c.is_wild_draw_four, 0)
    return max(cards, key=rank)


class RuleAI(BaselineAI):
    def __init__(self, rng: random.Random | int | None = None):
        super().__init__(rng=rng)
        self.difficulty = "rule"

    def choose(self, view: GnonoView):
        me = view.seat
        ph = view.phase
        if ph == PLAY or (ph == CHALLENGE and view.options.stacking):
            cards = self._playable(view)
            if not cards:
                return Draw(me) if ph == PLAY else Challenge(me, False)
            c = rule_card(view, cards)
            return Play(me, c, most_held_color(view.hand, c) if c.is_wild else None)
        if ph == COLOR:
            return ChooseColor(me, most_held_color(view.hand))
        if ph == DRAWN:
            c = view.drawn_card
            return PlayDrawn(me, most_held_color(view.hand, c) if c.is_wild else None)
        if ph == CHALLENGE:
            return Challenge(me, False)
        if ph == SWAP:
            others = [s for s in range(view.n_players) if s != me]
            return SwapHands(me, min(others, key=lambda s: (view.counts[s], s)))
        raise ValueError(f"nothing to choose in phase {ph!r}")


FACTORIES = {"rule": RuleAI}


def main(argv=None) -> int:
    from bench.stats import wilson
    from game.gnono import sim  # (only the command line plays matches)
    ap = argparse.ArgumentParser(prog="python -m bench.gnono_baselines",
                                 description="Two Gnono players, 2 seats, single rounds.")
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="rule")
    ap.add_argument("--rounds", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--first", type=int, default=0,
                    help="number of the first round (pieces of one long run: the same deals)")
    args = ap.parse_args(argv)
    r = sim.play_games([args.a, args.b], args.rounds, args.seed, single_round=True,
                       factories=FACTORIES, first=args.first)
    wins = r["wins"][args.a]
    lo, hi = wilson(wins, args.rounds)
    print(f"{args.a} vs {args.b}: {wins}/{args.rounds} rounds won = {wins / args.rounds:.1%} "
          f"(95% CI {lo:.1%}-{hi:.1%}); {r['cpu_seconds']:.0f} CPU s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
