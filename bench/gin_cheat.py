"""Measurement only: the Gin expert told the opponent's real hand, in parts, to see
what reading is worth and where (the Gnono counterpart is bench/gnono_cheat.py).
`CheatExpert(seed, parts)` replaces the opponent model's chances by the truth
(1 for his cards, 0 for the Stock's) in the parts named:
    "danger"  the chance a discard melds for him (what feeding him costs)
    "outs"    the live cards counted for its own melds and its knock
    "all"     everywhere (the expert's whole knowledge)
    "worlds"  only the worlds of the knock-or-play-on search (his hand; the Stock shuffled)
It looks at the game the match loop last built a view of, so it lives here, never
in game/.

    python -m bench.gin_cheat --parts danger --b solid --hands 3000 --seed 9
    python -m bench.gin_cheat --parts danger --set w_danger=16 --hands 3000
    python -m bench.gin_cheat --parts danger --blend 0.3 --set w_danger=8 --hands 3000
(--blend a: told only partly, the chances (1-a) x the model's + a x the truth's; the
AUC of the danger at its discards, from his third discard on, is printed with it)

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

What a reading of a given quality is worth (2026-11-24, --blend, bench seed 9, 3,000
hands against solid each; AUC of the danger at its discards from his third on; the
best of w_danger 4, 8 and 16, which grows with the truth told):
    blend   AUC     won of solid's hands
    0       0.798   57.1% (w_danger 4, as shipped; 8: 56.8%)
    0.08    0.837   59.3% (57.5-61.0), w 16   (4: 57.3%, 8: 57.9%)
    0.15    0.869   60.8% (59.1-62.6), w 16   (4: 57.3%, 8: 58.8%)
    0.3     0.93    64.5% (62.8-66.2), w 16   (4: 58.2%, 8: 61.3%)
    0.5     0.98    68.1% (66.4-69.8), w 16   (4: 59.7%, 8: 63.5%)
    1       1.0     71.9% (70.2-73.4), w 16   (4: 65.4%, 8: 68.9%)
65% takes a reading with an AUC of about 0.93; the best reading of the record found
(bench/gin_posterior.py, which knows solid's own rules) reaches 0.81-0.83.
"""
from __future__ import annotations

import argparse

from bench.peek import note_viewed
from game.gin import melds as M
from game.gin import rules
from game.gin.expert import ExpertAI
from game.gin.heuristic import REST3, _bits

_last_game = note_viewed(rules.GinGame)

PARTS = ("danger", "outs", "all", "worlds")


class CheatExpert(ExpertAI):
    """The expert with the truth in some parts of its knowledge (see the module doc)."""

    def __init__(self, seed: int | None = None, parts: tuple = ("all",), blend: float = 1.0,
                 record: list | None = None):
        super().__init__("expert", seed)
        self.parts = frozenset(parts)
        self.level = "expert told " + "+".join(sorted(self.parts))
        self.blend = blend          # 1: the truth; a: (1-a) x the model's chances + a x the truth's
        self.record = record        # (danger, melds for him) of each card at its discards, if a list

    def _knowledge(self, view):
        know = super()._knowledge(view)
        game = _last_game[0]
        opp = M.cards_to_mask(game.hands[1 - view.seat])
        a = self.blend
        told = [(1.0 - a) * p + a * (opp >> i & 1) for i, p in enumerate(know.p_opp)]
        if "all" in self.parts:
            know.p_opp = told
        know.p_true = told
        if self.record is not None and view.phase == "discard" and len(view.opp_discards) >= 3:
            for i, _ in _bits(know.hand):
                self.record.append((self._danger(i, know), any(r & opp == r for r in REST3[i])))
        return know

    def _worlds(self, view, know):
        if "worlds" not in self.parts:
            out = yield from super()._worlds(view, know)
            return out
        yield
        opp = M.cards_to_mask(_last_game[0].hands[1 - view.seat])
        stock = [b for _, b in _bits(know.unseen & ~opp)]
        if len(stock) != view.stock_size:
            return []
        out = []
        for _ in range(self.worlds):
            self.rng.shuffle(stock)
            out.append((opp, stock[:]))
        return out

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
    ap.add_argument("--blend", type=float, default=1.0,
                    help="told partly: (1-a) x the model's chances + a x the truth (1: the truth)")
    args = ap.parse_args(argv)
    parts = tuple(p for p in args.parts.split(",") if p)
    if not parts or set(parts) - set(PARTS):
        ap.error(f"--parts: of {PARTS}")
    if not 0.0 <= args.blend <= 1.0:
        ap.error("--blend: from 0 to 1")

    changes = parse_settings(args.set)
    for key in changes:
        if not hasattr(CheatExpert(0), key):
            ap.error(f"--set: the expert has no setting {key!r}")
    record: list = []
    make = with_settings(lambda seed: CheatExpert(seed, parts, args.blend, record), changes, "the expert")
    make.level = ("expert told " + "+".join(sorted(parts)) + (f" at {args.blend:g}" if args.blend < 1 else "")
                  + (f" ({args.set})" if args.set else ""))
    st = sim.play_match(make, player(args.b), args.hands, args.seed)
    lo, hi = wilson(st.wins[0], st.decided)
    print(st.summary() + f"; 95% CI {100 * lo:.1f}-{100 * hi:.1f}%")
    if record:
        from bench.gin_posterior import auc
        print(f"AUC of the danger told so: {auc([d for d, _ in record], [int(y) for _, y in record]):.3f} "
              f"({len(record)} cards at its discards from his third on)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
