"""Where the Gin expert and another level part ways (measurement only).

Each single-hand deal is played twice against the same B: once with the expert as A,
once with the reference level as A. In the expert's hand, at each of its decisions,
the reference level is asked too (same view); the first decision where they differ is
tallied by kind for the hands that only one of the two A players won.

    python -m bench.gin_diverge --ref hard --b hard --hands 600 --seed 61

Found (2026-11-23, expert vs hard as A, against hard): the expert declines an upcard
that lowers the deadwood without melding, where hard takes it, in about a fifth of
the deals, and wins those 82-49 (seeds 63 and 64, 2,200 deals); where it declines one
that lowers nothing, 44-52; different discards 66-59; all told 512-454 with seeds 61
and 13 (bench.gin_baselines --a hard --versus expert --b hard), z +1.9.
"""
from __future__ import annotations

import argparse
from collections import Counter

from bench.gin_baselines import player
from game.gin import melds as M
from game.gin import sim
from game.gin.rules import Discard, GinGame, GoOut, TakeUpcard


def kind(view, mine, theirs) -> str:
    """The kind of a differing decision, seen from `mine` (the expert's move)."""
    if view.phase in ("offer", "draw"):
        hand, up = M.cards_to_mask(view.hand), M.card_bit(view.pile[-1])
        after = min(M.min_deadwood_mask((hand | up) ^ b) for b in (1 << i for i in range(52))
                    if (hand | up) & b)
        what = ("melds" if up & M.melded_cards_mask(hand | up) else "lowers dw") \
            if after < M.min_deadwood_mask(hand) else "no lower dw"
        return ("take " if isinstance(mine, TakeUpcard) else "decline ") + what
    if isinstance(mine, GoOut) != isinstance(theirs, GoOut):
        return "knock" if isinstance(mine, GoOut) else "play on"
    if isinstance(mine, Discard) and isinstance(theirs, Discard):
        return "discard"
    return "other"


def play(a, b, ref, deal: int, k: int, seed: int):
    """(1 A won / 0 / None, first difference from ref or None, its stock size)."""
    game = GinGame.new(deal, first_dealer=k % 2)
    a_seat = k % 2
    ais = [None, None]
    ais[a_seat] = sim._player(a, seed * 7919 + 2 * k)
    ais[1 - a_seat] = sim._player(b, seed * 7919 + 2 * k + 1)
    shadow = sim._player(ref, seed * 7919 + 2 * k) if ref else None
    first = None
    while game.phase not in ("hand_over", "game_over"):
        seat = game.turn
        view = game.view(seat)
        move = ais[seat].choose(view)
        if shadow and seat == a_seat and first is None and view.phase in ("offer", "draw", "discard"):
            other = shadow.choose(view)
            if other != move:
                first = (kind(view, move, other), view.stock_size)
        game.apply(move)
    winner = game.records[-1].winner
    return (None if winner is None else int(winner == a_seat)), first


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gin_diverge")
    ap.add_argument("--a", default="expert")
    ap.add_argument("--ref", default="hard")
    ap.add_argument("--b", default="hard")
    ap.add_argument("--hands", type=int, default=600)
    ap.add_argument("--seed", type=int, default=61)
    args = ap.parse_args(argv)
    a, ref, b = player(args.a), player(args.ref), player(args.b)
    good, bad, every = Counter(), Counter(), Counter()
    late_good, late_bad = Counter(), Counter()
    for k in range(args.hands):
        deal = args.seed * 100003 + k
        r_a, first = play(a, b, ref, deal, k, args.seed)
        r_ref, _ = play(ref, b, None, deal, k, args.seed)
        what = first[0] if first else "same"
        every[what] += 1
        if r_a == 1 and r_ref != 1:
            good[what] += 1
            late_good[(what, first[1] // 8 if first else -1)] += 1
        elif r_ref == 1 and r_a != 1:
            bad[what] += 1
            late_bad[(what, first[1] // 8 if first else -1)] += 1
    print(f"{args.a} vs {args.ref} as A against {args.b}, {args.hands} deals, seed {args.seed}")
    print("first difference        hands  only A won  only ref won")
    for what in sorted(every, key=lambda w: -every[w]):
        print(f"{what:22s} {every[what]:7d} {good[what]:11d} {bad[what]:13d}")
    print("by Stock size (//8) of the first difference: (kind, bucket) A-only / ref-only")
    for key in sorted(set(late_good) | set(late_bad)):
        print(f"  {key}: {late_good[key]} / {late_bad[key]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
