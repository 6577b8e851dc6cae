"""Measurement only: how near the expert's reading deals the other seat's hand.

    python -m bench.gnono_probe --rounds 300 --seed 5

Plays the expert against the rule player (2 seats, single rounds) and, at each of
the expert's turns, deals the other hand 8 times from its reading and compares
with the real hand (which only this probe looks at): the mean over colours (and
Wilds) of |dealt - held|, summed, against the same with no reading (uniform), and
split by the other hand's size (1-2 cards, 3+).
"""
from __future__ import annotations

import argparse
import random

from bench.gnono_baselines import RuleAI
from game.gnono import sim
from game.gnono.expert import ExpertAI, unseen_cards
from game.gnono.reading import HandSampler
from game.gnono.rules import GAME_OVER, PLAY, ROUND_OVER, GnonoState

_COLS = "RYGBW"


def colour_error(hand, real) -> int:
    return sum(abs(sum(c.color == k for c in hand) - sum(c.color == k for c in real)) for k in _COLS)


def probe(rounds: int, seed: int, draws: int = 8) -> dict:
    rng = random.Random(seed)
    tot = {"read": 0.0, "blind": 0.0, "n": 0, "read_small": 0.0, "blind_small": 0.0, "n_small": 0}
    for g in range(rounds):
        s = GnonoState(2, rng.getrandbits(64))
        me = g % 2
        ais = [None, None]
        ais[me] = ExpertAI(random.Random(rng.getrandbits(64)))
        ais[1 - me] = RuleAI(random.Random(rng.getrandbits(64)))
        ex = ais[me]
        r = random.Random(g)
        while s.phase not in (ROUND_OVER, GAME_OVER):
            if s.current == me and s.phase == PLAY:
                v = s.view(me)
                ex.reader.update(v)
                unseen = unseen_cards(v)
                real = s.hands[1 - me]
                read = ex.reader.sampler(v, unseen)
                blind = HandSampler(unseen, len(real), [])
                e_read = sum(colour_error(read.sample(r)[0], real) for _ in range(draws)) / draws
                e_blind = sum(colour_error(blind.sample(r)[0], real) for _ in range(draws)) / draws
                tot["read"] += e_read
                tot["blind"] += e_blind
                tot["n"] += 1
                if len(real) <= 2:
                    tot["read_small"] += e_read
                    tot["blind_small"] += e_blind
                    tot["n_small"] += 1
            sim._turn(s, ais, rng, None)
    return tot


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gnono_probe")
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    a = ap.parse_args(argv)
    t = probe(a.rounds, a.seed)
    n, k = t["n"], max(1, t["n_small"])
    print(f"{n} turns: colour error read {t['read'] / n:.3f}, blind {t['blind'] / n:.3f}; "
          f"other hand 1-2 cards ({t['n_small']} turns): read {t['read_small'] / k:.3f}, "
          f"blind {t['blind_small'] / k:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
