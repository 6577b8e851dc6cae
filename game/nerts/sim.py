"""Headless Nerts: computer-only rounds and games, for throughput, soak tests and tuning.

    python -m game.nerts.sim --seats 4 --rounds 100 [--levels expert,hard,...] [--seed N]

Reusable from bench/: play_round, play_rounds, play_game, win_shares, step_timings.
Every move goes through the game's engine (rules.py's Game.apply), as at a table.
Levels other than "instant" play on the fixed clock with their real reaction times;
steps where nobody acts are jumped over (`Step(to)`: the same result as stepping them).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from game.nerts.ai import LEVELS, NertsAI
from game.nerts.rules import Game, IllegalMove, NertsOptions, NextRound, Seated, Step, new_engine

DEFAULT_SPS = 120
MAX_GAME_SECONDS = 3 * 3600        # a round longer than this is a bug, not a slow game


def make_players(levels, seed: int, steps_per_second: int = DEFAULT_SPS) -> list[NertsAI]:
    return [NertsAI(level, random.Random(seed * 7919 + 101 * seat + 1), steps_per_second)
            for seat, level in enumerate(levels)]


def run_round(game: Game, players: list[NertsAI], *, max_steps: int | None = None,
              jump: bool = True, timer=None, clock=time.perf_counter) -> dict:
    """Play the game's round on to its end with `players` (one per seat). With `timer`
    (a list), the time (by `clock`) each player spends per step is appended (every
    step simulated). A move no longer legal when its player makes it is refused."""
    rnd = game.round
    n = game.n_seats
    if rnd is None or len(players) != n:
        raise ValueError("a round on, and one player per seat")
    views = [(lambda s=s: rnd.view(s)) for s in range(n)]
    refused = 0
    if max_steps is None:
        max_steps = MAX_GAME_SECONDS * max(p.sps for p in players)
    start_step = rnd.step_no
    perf = clock
    apply = game.apply

    def submit(seat: int, move) -> None:
        nonlocal refused
        try:
            apply(Seated(seat, move))
        except IllegalMove:
            refused += 1

    while not rnd.over:
        step = rnd.step_no
        if step - start_step > max_steps:
            raise RuntimeError(f"round did not end within {max_steps} steps")
        if timer is not None:
            for s in range(n):
                t0 = perf()
                m = players[s].poll(step, views[s])
                timer.append(perf() - t0)
                if m is not None:
                    submit(s, m)
        else:
            if jump:
                nxt = min(p.next_step for p in players)
                if nxt > step:
                    apply(Step(nxt))           # nobody acts before then
                    step = nxt
            for s in range(n):
                p = players[s]
                if p.next_step <= step:
                    m = p.poll(step, views[s])
                    if m is not None:
                        submit(s, m)
        for e in apply(Step()):
            if e.kind == "refused":
                refused += 1
    return {"scores": rnd.scores(), "steps": rnd.step_no - start_step,
            "moves": rnd.moves_applied, "refused": refused, "end": rnd.end_reason,
            "caller": rnd.caller, "rotations": rnd.rotations}


def play_round(levels, seed: int = 0, options: NertsOptions | None = None, *,
               steps_per_second: int = DEFAULT_SPS, timer=None,
               clock=time.perf_counter) -> dict:
    """One round between computer players of the given levels (one per seat)."""
    options = options or NertsOptions(seats=len(levels))
    game = new_engine(seed, options)          # its first round dealt on deal `seed`
    players = make_players(levels, seed, steps_per_second)
    result = run_round(game, players, timer=timer, clock=clock)
    result["seconds"] = result["steps"] / steps_per_second
    return result


def play_rounds(levels, rounds: int, seed: int = 0, options: NertsOptions | None = None,
                *, steps_per_second: int = DEFAULT_SPS) -> dict:
    """`rounds` independent rounds; round wins go to the highest score (ties share)."""
    n = len(levels)
    totals = [0] * n
    wins = [0.0] * n
    out = {"rounds": rounds, "moves": 0, "refused": 0, "steps": 0,
           "ends": {"gnerts": 0, "standstill": 0}}
    t0, c0 = time.perf_counter(), time.process_time()
    for k in range(rounds):
        r = play_round(levels, seed * 1_000_003 + k, options, steps_per_second=steps_per_second)
        top = max(r["scores"])
        winners = [s for s in range(n) if r["scores"][s] == top]
        for s in range(n):
            totals[s] += r["scores"][s]
            if s in winners:
                wins[s] += 1 / len(winners)
        out["moves"] += r["moves"]
        out["refused"] += r["refused"]
        out["steps"] += r["steps"]
        out["ends"][r["end"]] += 1
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0      # CPU seconds: fairer than wall on a busy machine
    out.update(levels=list(levels), totals=totals, wins=wins, wall=wall, cpu=cpu,
               rounds_per_cpu_second=rounds / cpu if cpu else float("inf"),
               mean_scores=[t / max(1, rounds) for t in totals],
               rounds_per_second=rounds / wall if wall else float("inf"),
               moves_per_second=out["moves"] / wall if wall else float("inf"),
               game_minutes_per_round=out["steps"] / max(1, rounds) / steps_per_second / 60)
    return out


def play_game(levels, seed: int = 0, options: NertsOptions | None = None, *,
              steps_per_second: int = DEFAULT_SPS, max_rounds: int = 1000) -> dict:
    """A whole game to the target. Returns {totals, winner, rounds}."""
    options = options or NertsOptions(seats=len(levels))
    game = new_engine(seed, options)            # its first round dealt
    players = make_players(levels, seed, steps_per_second)
    while not game.over:
        if len(game.history) >= max_rounds:
            raise RuntimeError("game did not end")
        for p in players:
            p.reset(0)
        run_round(game, players)
        game.apply(NextRound())                 # scored, and the next dealt
    return {"totals": game.totals, "winner": game.winner, "rounds": len(game.history)}


def win_shares(levels=("easy", "normal", "hard", "expert"), rounds: int = 200, seed: int = 0,
               *, steps_per_second: int = DEFAULT_SPS) -> dict:
    """Head-to-head, 2 seats, on the clock: for each level against each lower one, the
    share of rounds the higher level wins (ties count half) and its mean score margin.
    Seats alternate between rounds. Returns {(high, low): {"share", "margin"}}."""
    out = {}
    for hi_i in range(len(levels)):
        for lo_i in range(hi_i):
            hi, lo = levels[hi_i], levels[lo_i]
            won = 0.0
            margin = 0
            for k in range(rounds):
                seats = (hi, lo) if k % 2 == 0 else (lo, hi)
                hs = 0 if k % 2 == 0 else 1
                r = play_round(seats, seed * 1_000_003 + k, steps_per_second=steps_per_second)
                a, b = r["scores"][hs], r["scores"][1 - hs]
                won += 1.0 if a > b else 0.5 if a == b else 0.0
                margin += a - b
            out[(hi, lo)] = {"share": won / rounds, "margin": margin / rounds}
    return out


def _percentiles(samples: list[float]) -> dict:
    samples = sorted(samples)
    if not samples:
        return {"samples": 0, "median_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    return {"samples": len(samples), "median_ms": statistics.median(samples) * 1000,
            "p99_ms": samples[min(len(samples) - 1, int(len(samples) * 0.99))] * 1000,
            "max_ms": samples[-1] * 1000}


def step_timings(levels, rounds: int = 3, seed: int = 0,
                 steps_per_second: int = DEFAULT_SPS, cpu: bool = False) -> dict:
    """Time of one player's poll per simulated step (every step stepped, no jumps):
    median, p99 and max in milliseconds, plus the same for the polls where the player
    actually looked and decided ("decisions"). Wall time, or with cpu=True the thread's
    CPU time (not inflated when the machine is busy; coarser on some systems)."""
    clock = time.thread_time if cpu else time.perf_counter
    timer: list[float] = []
    looks: list[float] = []
    for k in range(rounds):
        game = new_engine(seed + k, NertsOptions(seats=len(levels)))
        players = make_players(levels, seed + k, steps_per_second)
        steps: list[float] = []
        counts = []

        class Counting(list):
            def append(self, t, _steps=steps, _counts=counts, _players=players):
                _steps.append(t)
                _counts.append(sum(p.decisions for p in _players))
        run_round(game, players, timer=Counting(), clock=clock)
        prev = 0
        for t, c in zip(steps, counts):
            timer.append(t)
            if c != prev:
                looks.append(t)
            prev = c
    out = _percentiles(timer)
    out["decisions"] = _percentiles(looks)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.nerts.sim",
                                 description="Computer-only Nerts rounds, headless.")
    ap.add_argument("--seats", type=int, default=4, help="2..4 seats (default 4)")
    ap.add_argument("--rounds", type=int, default=100, help="rounds to play (default 100)")
    ap.add_argument("--levels", default="instant",
                    help="comma list of levels, one per seat, the last repeated "
                         f"({', '.join(LEVELS)}); default instant")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--flip-by-ones", action="store_true")
    ap.add_argument("--move-runs", action="store_true")
    ap.add_argument("--game", action="store_true", help="play whole games to --target instead")
    ap.add_argument("--target", type=int, default=100)
    ap.add_argument("--shares", type=int, metavar="N", default=0,
                    help="also print head-to-head win shares of the levels over N rounds")
    ap.add_argument("--timing", action="store_true",
                    help="also measure the players' time per step (median, p99)")
    args = ap.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    for lv in levels:
        if lv not in LEVELS:
            ap.error(f"unknown level {lv!r}")
    if not 2 <= args.seats <= 4:
        ap.error("--seats must be 2..4")
    levels = (levels + [levels[-1]] * args.seats)[:args.seats]
    options = NertsOptions(seats=args.seats, flip_by_ones=args.flip_by_ones,
                           move_runs=args.move_runs, target=args.target)
    if args.game:
        t0 = time.perf_counter()
        for g in range(args.rounds):
            r = play_game(levels, args.seed + g, options)
            print(f"game {g + 1}: totals {r['totals']} winner seat {r['winner']} "
                  f"({levels[r['winner']]}) in {r['rounds']} rounds")
        print(f"{args.rounds / (time.perf_counter() - t0):.2f} games/s")
        return 0
    st = play_rounds(levels, args.rounds, args.seed, options)
    print(f"{args.rounds} rounds, {args.seats} seats, levels {','.join(levels)}")
    for s in range(args.seats):
        print(f"  seat {s} {levels[s]:8s} total {st['totals'][s]:6d}  mean "
              f"{st['mean_scores'][s]:6.1f}  round wins {st['wins'][s]:.1f}")
    print(f"  ends: {st['ends']}; refused moves {st['refused']}; "
          f"{st['game_minutes_per_round']:.1f} game minutes per round")
    print(f"  {st['rounds_per_second']:.1f} rounds/s, {st['moves_per_second']:.0f} moves/s "
          f"({st['moves']} moves in {st['wall']:.2f} s wall; "
          f"{st['rounds_per_cpu_second']:.1f} rounds per CPU second)")
    if args.timing:
        t = step_timings(levels, 2, args.seed, cpu=True)
        d = t["decisions"]
        print(f"  player poll per step (CPU time): median {t['median_ms']:.4f} ms, p99 "
              f"{t['p99_ms']:.4f} ms, max {t['max_ms']:.3f} ms ({t['samples']} samples)")
        print(f"  steps where it looked and decided: median {d['median_ms']:.4f} ms, p99 "
              f"{d['p99_ms']:.4f} ms ({d['samples']} decisions)")
    if args.shares:
        names = ["easy", "normal", "hard", "expert"]
        for (hi, lo), r in win_shares(names, args.shares, args.seed).items():
            print(f"  {hi:7s} vs {lo:7s}: wins {r['share'] * 100:5.1f}% of rounds, "
                  f"margin {r['margin']:+.1f} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
