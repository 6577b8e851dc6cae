"""Measurement only: the Gin expert told the opponent's real hand, in parts, to see
what reading is worth and where (the Gnono counterpart is bench/gnono_cheat.py).
`CheatExpert(seed, parts)` replaces the opponent model's chances by the truth
(1 for his cards, 0 for the Stock's) in the parts named:
    "danger"  the chance a discard melds for him (what feeding him costs)
    "outs"    the live cards counted for its own melds and its knock
    "all"     everywhere (the expert's whole knowledge)
It looks at the game the match loop last built a view of, so it lives here, never
in game/.

    python -m bench.gin_cheat --parts danger --b solid --hands 3000 --seed 9
    python -m bench.gin_cheat --parts danger --set w_danger=16 --hands 3000

Measured 2026-11-23 (bench seed 9, the deals of the bench's strength rows; the
expert itself wins 57.1% of solid's and 49.5% of hard's on them):
- told his hand for the danger only: 1,961/2,997 decided hands of solid, 65.4%
  (95% CI 63.7-67.1); 1,167/1,999 of hard's, 58.4% (56.2-60.5). A danger known for
  certain deserves a larger weight: with w_danger 16 instead of 4, 2,150/2,992 of
  solid's, 71.9% (70.2-73.4); 32: 72.1%;
- told it everywhere: 62.3% of solid's (60.5-64.0);
- told it for the outs only: 52.0% (50.2-53.8): its weights were tuned to the
  model's chances, which count every unseen card as partly his.
So perfect reading is worth about 15 points against solid. The model's danger ranks
the cards that meld for him with an AUC of 0.78-0.79 (0.77 against hard), the truth
with 1.0; gradient-boosted trees on 85 features of the record around each card
(the state of its seven meld partners, their chances, his discards, passes and
takes next to them, his last discards' values; 96,000 discards each against solid
and hard, scikit-learn, exploration only) reach 0.787 against the model's 0.783 on
the same held-out discards: the record holds little more than the model reads.
"""
from __future__ import annotations

import argparse

from bench.peek import note_viewed
from game.gin import melds as M
from game.gin import rules
from game.gin.expert import ExpertAI

_last_game = note_viewed(rules.GinGame)

PARTS = ("danger", "outs", "all")


class CheatExpert(ExpertAI):
    """The expert with the truth in some parts of its knowledge (see the module doc)."""

    def __init__(self, seed: int | None = None, parts: tuple = ("all",)):
        super().__init__("expert", seed)
        self.parts = frozenset(parts)
        self.level = "expert told " + "+".join(sorted(self.parts))

    def _knowledge(self, view):
        know = super()._knowledge(view)
        game = _last_game[0]
        opp = M.cards_to_mask(game.hands[1 - view.seat])
        truth = [float(opp >> i & 1) for i in range(52)]
        if "all" in self.parts:
            know.p_opp = truth
        know.p_true = truth
        return know

    def _told(self, part: str, method, *args):
        know = args[-1]
        if part not in self.parts:
            return method(*args)
        model, know.p_opp = know.p_opp, know.p_true
        try:
            return method(*args)
        finally:
            know.p_opp = model

    def _danger(self, i, know):
        return self._told("danger", super()._danger, i, know)

    def _outs(self, hand, know):
        return self._told("outs", super()._outs, hand, know)

    def _knock_outs(self, hand, know):
        return self._told("outs", super()._knock_outs, hand, know)


def main(argv=None) -> int:
    from bench.gin_baselines import player
    from bench.settings import parse_settings, with_settings
    from bench.stats import wilson
    from game.gin import sim
    ap = argparse.ArgumentParser(prog="python -m bench.gin_cheat",
                                 description="The Gin expert told the opponent's hand, in parts.")
    ap.add_argument("--parts", default="all", help=f"comma-separated, of {PARTS}")
    ap.add_argument("--b", default="solid")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--set", default="", help="the expert's settings changed: w_danger=16,w_knock=3.5")
    args = ap.parse_args(argv)
    parts = tuple(p for p in args.parts.split(",") if p)
    if not parts or set(parts) - set(PARTS):
        ap.error(f"--parts: of {PARTS}")

    changes = parse_settings(args.set)
    for key in changes:
        if not hasattr(CheatExpert(0), key):
            ap.error(f"--set: the expert has no setting {key!r}")
    make = with_settings(lambda seed: CheatExpert(seed, parts), changes, "the expert")
    make.level = "expert told " + "+".join(sorted(parts)) + (f" ({args.set})" if args.set else "")
    st = sim.play_match(make, player(args.b), args.hands, args.seed)
    lo, hi = wilson(st.wins[0], st.decided)
    print(st.summary() + f"; 95% CI {100 * lo:.1f}-{100 * hi:.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
