"""The Gin figures in games, in one run over many processes (for a lent many-core
machine): the expert's techniques paired on the same games against simple (EAAI
rules, seed 9), the best by games then measured on fresh games (seed 10) against
simple, solid and hard, the ladder, play-outs per CPU second and the decision time.
Each result is printed and appended to OUT/gin_ladder.jsonl as it comes.

    python -m bench.gin_ladder --jobs 16 --out /tmp/gin --scale 1.0
"""
from __future__ import annotations

import argparse
import json
import os
import time
from multiprocessing import Pool

from bench.gin_games import describe, paired, playouts_per_cpu_second, run
from bench.stats import summary

VARIANTS = ("expert:search=0", "expert", "expert:my_knock=0", "expert:my_knock=4",
            "expert:search_k=3", "expert:search_k=3,my_knock=4",
            "expert:search_k=3,my_knock=4,search_draw=1")
ROWS = (("hard", "normal", "default", 1000), ("normal", "easy", "default", 1000),
        (None, "simple", "eaai", 2000), (None, "solid", "eaai", 2000),
        (None, "hard", "default", 1500), (None, "solid", "default", 1000),
        ("hard", "normal", "eaai", 1000), ("normal", "easy", "eaai", 1000))


def decision_times(spec: str, hands: int, seed: int = 2) -> list:
    """CPU seconds of each decision of player `spec` (seat 0) against normal."""
    from bench.gin_baselines import player
    from game.gin import sim
    from game.gin.ai import make_ai
    from game.gin.rules import GinGame
    times = []
    game = GinGame.new(seed)
    ais = [sim._player(player(spec), seed), make_ai("normal", seed + 1)]
    for _ in range(hands):
        while game.phase not in ("hand_over", "game_over"):
            v = game.view(game.turn)
            t = time.process_time()
            move = ais[game.turn].choose(v)
            if game.turn == 0:
                times.append(time.process_time() - t)
            game.apply(move)
        game = GinGame.new(seed + len(times)) if game.phase == "game_over" else game
        if game.phase == "hand_over":
            game.apply(ais[0].choose(game.view(0)))
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gin_ladder")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=".")
    ap.add_argument("--scale", type=float, default=1.0, help="games x scale (a quick run: 0.02)")
    ap.add_argument("--variants", default=";".join(VARIANTS), help="';'-separated specs")
    ap.add_argument("--tune-games", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=1e9, help="wall time to fit the rows in")
    ap.add_argument("--timing", default=None, help="only the decision times of this player")
    args = ap.parse_args(argv)
    if args.timing:
        s = summary(decision_times(args.timing, max(2, int(60 * args.scale))))
        print(f"{args.timing} decision CPU: median {1000 * s['median']:.2f} ms, "
              f"p99 {1000 * s['p99']:.2f} ms, max {1000 * s['max']:.2f} ms over {s['n']}")
        return 0
    os.makedirs(args.out, exist_ok=True)
    log = os.path.join(args.out, "gin_ladder.jsonl")
    t0 = time.time()

    def n(games):
        return max(2, int(games * args.scale))

    def emit(kind, text, data):
        print(f"[{time.time() - t0:6.0f}s] {text}", flush=True)
        with open(log, "a") as f:
            f.write(json.dumps({"kind": kind, "text": text, "data": data}) + "\n")

    emit("playouts", f"play-outs from mid-hand: {playouts_per_cpu_second():,.0f} per CPU second", {})
    with Pool(args.jobs) as pool:
        base = None
        results = {}
        for spec in args.variants.split(";"):
            r = run(spec, "simple", n(args.tune_games), 9, "eaai", args.jobs, pool)
            results[spec] = r
            emit("variant", describe(r), r)
            if base is None:
                base = r
            else:
                emit("paired", paired(r, base), {})
        best = max(results, key=lambda s: (sum(results[s]["games"]), -list(results).index(s)))
        emit("best", f"best variant by games vs simple: {best}", {"best": best})
        cost = {s: r["cpu"] / max(1, len(r["games"])) for s, r in results.items()}
        for k, (a, b, rules, games) in enumerate(ROWS):
            a = a or best
            # fit the rows left in the time left (CPU a game from the tuning runs)
            per_game = cost.get(a, 0.06) * (1.3 if b == "hard" else 1.0) / args.jobs
            left = args.seconds - (time.time() - t0) - 15
            fit = int(left / (len(ROWS) - k) / per_game) if per_game else games
            if fit < 50:
                emit("skipped", f"{a} vs {b} ({rules}): no time left", {})
                continue
            r = run(a, b, min(n(games), fit), 10, rules, args.jobs, pool)
            emit("row", describe(r), r)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
