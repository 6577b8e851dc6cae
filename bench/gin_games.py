"""Gin strength by what a player plays for: whole games to 100 (share won, 95% interval)
and net points a hand (95% interval), under the default rules and the "EAAI" rules
(knock with 10 or less, gin and undercut bonus 25, no box, game or blitz bonus).
Decided hands are reported beside, as information. Game k is dealt from seed and k
whatever the players, A sits at seat k % 2: two A players met on the same game
numbers meet the same deals (a paired comparison: the games only one of them won).

    python -m bench.gin_games --a expert --b simple --rules eaai --games 400 --jobs 2
    python -m bench.gin_games --a expert --versus expert:search=0 --b simple --rules eaai
    python -m bench.gin_games --a expert --games 2000 --jobs 2 --save base.json
    python -m bench.gin_games --a expert:w_danger=4 --games 2000 --jobs 2 --against base.json
    python -m bench.gin_games --playouts        # play-outs per CPU second
"""
from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool

from bench.gin_baselines import player
from bench.stats import mean_ci, wilson
from game.gin.options import GinOptions

RULES = {
    "default": GinOptions(),
    "eaai": GinOptions(knock_value=10, gin_bonus=25, underknock_bonus=25, box_bonus=0,
                       game_bonus=0, blitz_bonus=0, game_target=100),
}


def play_games(a: str, b: str, games: int, seed: int, rules: str = "default", start: int = 0) -> dict:
    """Games start..start+games-1 between player specs a and b (bench.gin_baselines.player):
    per game 1 if A won it, else 0; per hand A's points less B's; decided hands won."""
    from game.gin import sim
    from game.gin.rules import GinGame
    opts = RULES[rules]
    la, lb = player(a), player(b)
    out = {"games": [], "nets": [], "hand_wins": [0, 0], "cpu": 0.0}
    c0 = time.process_time()
    for k in range(start, start + games):
        a_seat = k % 2
        game = GinGame.new(seed * 100003 + k, opts)
        ais = [None, None]
        ais[a_seat] = sim._player(la, seed * 7919 + 2 * k)
        ais[1 - a_seat] = sim._player(lb, seed * 7919 + 2 * k + 1)
        while True:
            sim.play_hand(game, ais)
            rec = game.records[-1]
            if rec.winner is None:
                out["nets"].append(0)
            else:
                sign = 1 if rec.winner == a_seat else -1
                out["nets"].append(sign * rec.points)
                out["hand_wins"][0 if sign > 0 else 1] += 1
            if game.phase == "game_over":
                out["games"].append(int(game.games[0].winner == a_seat))
                break
            game.apply(ais[0].choose(game.view(0)))      # NextHand
    out["cpu"] = time.process_time() - c0
    return out


def _chunk(args):
    return play_games(*args)


def run(a: str, b: str, games: int, seed: int, rules: str, jobs: int = 1, pool=None) -> dict:
    """play_games split over `jobs` processes (the same games as one process plays)."""
    step = max(1, -(-games // max(1, jobs * 4)))
    parts = [(a, b, min(step, games - s), seed, rules, s) for s in range(0, games, step)]
    results = (pool.map(_chunk, parts) if pool is not None else
               [_chunk(p) for p in parts] if jobs <= 1 else Pool(jobs).map(_chunk, parts))
    out = {"a": a, "b": b, "rules": rules, "seed": seed, "games": [], "nets": [],
           "hand_wins": [0, 0], "cpu": 0.0}
    for r in results:
        out["games"] += r["games"]
        out["nets"] += r["nets"]
        out["hand_wins"] = [x + y for x, y in zip(out["hand_wins"], r["hand_wins"])]
        out["cpu"] += r["cpu"]
    return out


def describe(r: dict) -> str:
    g = r["games"]
    won, n = sum(g), len(g)
    lo, hi = wilson(won, n)
    m, mlo, mhi = mean_ci(r["nets"])
    hw = r["hand_wins"]
    dec = sum(hw)
    return (f"{r['a']} vs {r['b']} ({r['rules']} rules): games {won}/{n} = {100 * won / max(1, n):.1f}% "
            f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}); net {m:+.2f} points a hand ({mlo:+.2f} to {mhi:+.2f}, "
            f"{len(r['nets'])} hands); decided hands {100 * hw[0] / max(1, dec):.1f}% of {dec}; "
            f"{r['cpu'] / max(1, n):.2f} CPU s a game")


def paired(r1: dict, r2: dict) -> str:
    """Games only one of two A players won on the same game numbers (sign test)."""
    only1 = sum(1 for x, y in zip(r1["games"], r2["games"]) if x and not y)
    only2 = sum(1 for x, y in zip(r1["games"], r2["games"]) if y and not x)
    n = only1 + only2
    z = (only1 - only2) / n ** 0.5 if n else 0.0
    return f"games won by only one: {r1['a']} {only1}, {r2['a']} {only2} (z {z:+.2f})"


def playouts_per_cpu_second(n: int = 3000, seed: int = 1, key_w: float = 0.0) -> float:
    """Play-outs from mid-hand (eight cards gone to the pile) to the hand's end, both
    seats by game.gin.playout's policies (with key_w > 0 my throws by the key's order),
    per CPU second."""
    from game.gin.playout import Rules, playout
    rng = random.Random(seed)
    rules = Rules(GinOptions(), 10, False)
    starts = []
    for _ in range(n):
        deck = [1 << i for i in range(52)]
        rng.shuffle(deck)
        me, him = sum(deck[:10]), sum(deck[10:20])
        starts.append((me, him, deck[29:], deck[28]))
    t = time.process_time()
    for me, him, stock, up in starts:
        playout(me, him, list(stock), up, True, rules, 10, 4, key_w, up)
    return n / max(1e-9, time.process_time() - t)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gin_games", description=__doc__.split("\n")[0])
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="simple")
    ap.add_argument("--versus", default=None, help="a second A on the same games (paired)")
    ap.add_argument("--rules", default="eaai", choices=sorted(RULES))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--save", default=None, help="write A's games and hands to this JSON file")
    ap.add_argument("--against", default=None, help="pair A with a run saved by --save (same games)")
    ap.add_argument("--playouts", action="store_true")
    ap.add_argument("--key-w", type=float, default=0.0, help="--playouts with my throws by the key")
    args = ap.parse_args(argv)
    if args.playouts:
        rate = playouts_per_cpu_second(key_w=args.key_w)
        print(f"play-outs from mid-hand: {rate:,.0f} per CPU second")
        return 0
    r1 = run(args.a, args.b, args.games, args.seed, args.rules, args.jobs)
    print(describe(r1))
    if args.save:
        with open(args.save, "w") as f:
            json.dump(r1, f)
    if args.against:
        with open(args.against) as f:
            r0 = json.load(f)
        if (r0["b"], r0["rules"], r0["seed"]) != (r1["b"], r1["rules"], r1["seed"]):
            ap.error("--against: a run against another player, rules or seed")
        print(paired(r1, r0))
    if args.versus:
        r2 = run(args.versus, args.b, args.games, args.seed, args.rules, args.jobs)
        print(describe(r2))
        print(paired(r1, r2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
