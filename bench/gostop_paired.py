"""Go-Stop paired comparisons: two versions of a player, each against the same
opponent on the same single-hand deals (each hand a fresh deal from the seed and
the hand's number, the version's seat alternating), and the chips per hand of the
difference with its standard error. A whole-match run moves by +-2.3 chips a hand
over 2,000 hands (bench: hard vs normal); pairing removes the deals' share of that.

    python -m bench.gostop_paired --a hard --versus hard:mc_weight=0.75 --b normal --hands 2000
A player: a level, or a level with the GoStopAI's settings changed
("hard:mc_weight=0.75,horizon=2"); hard uses the table's sample count.
"""
from __future__ import annotations

import argparse
import statistics

from bench.settings import parse_settings, with_settings
from game.gostop.ai import GoStopAI
from game.gostop.controller import HARD_ROLLOUTS
from game.gostop.options import Options
from game.gostop.rules import GoStopState


def player(spec: str):
    """seed -> GoStopAI, from "level" or "level:key=value,...". Unknown settings
    are refused."""
    level, _, sets = spec.partition(":")

    def make(seed: int) -> GoStopAI:
        return GoStopAI(level, seed, rollouts=HARD_ROLLOUTS if level == "hard" else None)
    return with_settings(make, parse_settings(sets), level)


def single_hands(make_a, make_b, hands: int, seed: int) -> list[int]:
    """A's chips in each of `hands` single-hand deals (2 players, A in seat k % 2)."""
    out = []
    for k in range(hands):
        state = GoStopState.new(Options(players=2), seed * 100003 + k)
        a_seat = k % 2
        ais = [None, None]
        ais[a_seat] = make_a(seed * 7919 + 2 * k)
        ais[1 - a_seat] = make_b(seed * 7919 + 2 * k + 1)
        while state.phase != "hand_over":
            seat = state.question().seat
            state.apply(ais[seat].choose(state.view(seat)))
        out.append(state.chips[a_seat])
    return out


def paired(a1: str, a2: str, b: str, hands: int, seed: int) -> str:
    r1 = single_hands(player(a1), player(b), hands, seed)
    r2 = single_hands(player(a2), player(b), hands, seed)
    diff = [y - x for x, y in zip(r1, r2)]
    lines = [f"{name} vs {b}: {statistics.fmean(r):+.2f} chips a hand over {len(r)} single hands "
             f"(+-{1.96 * statistics.stdev(r) / len(r) ** 0.5:.2f})" for name, r in ((a1, r1), (a2, r2))]
    se = statistics.stdev(diff) / len(diff) ** 0.5
    mean = statistics.fmean(diff)
    z = mean / se if se else 0.0
    lines.append(f"{a2} minus {a1}: {mean:+.2f} chips a hand (95% CI +-{1.96 * se:.2f}, z {z:+.2f}); "
                 f"hands played differently {sum(1 for d in diff if d)} of {len(diff)}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gostop_paired",
                                 description="Two Go-Stop players against the same one on the same deals.")
    ap.add_argument("--a", default="hard")
    ap.add_argument("--versus", required=True)
    ap.add_argument("--b", default="normal")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(paired(args.a, args.versus, args.b, args.hands, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
