"""Headless Gnono: computer-only games for soak tests and benchmarks.

    python -m game.gnono.sim --players hard,baseline --games 500
    python -m game.gnono.sim --players hard,normal,easy,easy --games 200 --stacking
    python -m game.gnono.sim --players expert,hard --games 1000 --single-round --time

Reusable: play_game(levels, seed, ...) -> GameResult; play_games(...) -> dict.
Seats are rotated from game to game, so no level keeps a seat.
"""
from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field

from game.gnono.ai import make_ai
from game.gnono.cards import DECK_SIZE
from game.gnono.rules import GAME_OVER, ROUND_OVER, CallUno, Catch, GnonoOptions, GnonoState, NextRound, Play

MAX_TURNS_PER_ROUND = 20000   # a stalled round (nothing left to draw) is an error


@dataclass
class GameResult:
    winner: int
    scores: list[int]
    rounds: int
    turns: int
    decision_times: list[float] = field(default_factory=list)


def _check_invariants(s: GnonoState) -> None:
    cards = s.all_cards()
    if len(cards) != DECK_SIZE or len(set(cards)) != DECK_SIZE:
        raise AssertionError("cards were created or lost")


def _make_players(levels, rng: random.Random, factories) -> list:
    """One computer per seat: a level of make_ai, or a name in `factories`
    (name -> callable(rng) -> player) for players outside the game, like bench's."""
    out = []
    for lv in levels:
        r = random.Random(rng.getrandbits(64))
        out.append(factories[lv](r) if factories and lv in factories else make_ai(lv, r))
    return out


def _turn(s: GnonoState, ais, rng: random.Random, times: list | None,
          clock=time.perf_counter) -> None:
    """The current seat's move, then the UNO call or catch and any jump-in."""
    cur = s.current
    if times is not None:
        t0 = clock()
        move = ais[cur].choose(s.view(cur))   # the view is built at the table too
        times.append(clock() - t0)
    else:
        move = ais[cur].choose(s.view(cur))
    s.apply(move)
    if s.phase in (ROUND_OVER, GAME_OVER):
        return
    n = s.n
    w = s.uno_window
    if w is not None:
        if ais[w].would_call_uno(s.view(w)):
            s.apply(CallUno(w))
        else:
            others = [o for o in range(n) if o != w]
            rng.shuffle(others)
            for o in others:
                t = ais[o].would_catch(s.view(o))
                if t is not None:
                    s.apply(Catch(o, t))
                    break
    if s.options.jump_in:
        jumpers = {m.seat for m in s.legal_moves() if type(m) is Play and m.seat != s.current}
        for o in sorted(jumpers):
            m = ais[o].jump_in(s.view(o))
            if m is not None:
                s.apply(m)
                if s.uno_window == o and ais[o].would_call_uno(s.view(o)):
                    s.apply(CallUno(o))
                break


def play_game(levels, seed=0, options: GnonoOptions | None = None, *,
              check: bool = False, time_decisions: bool = False,
              max_rounds: int = 1000, single_round: bool = False,
              factories=None, cpu_clock: bool = False) -> GameResult:
    """One game to the playout score between AIs of the given levels (seat i plays
    levels[i]), or with single_round=True only its first round (winner: the round's).
    With check=True the invariants are verified after every move; cpu_clock times
    decisions in this process's CPU time (steadier than wall time on a busy machine)."""
    rng = random.Random(seed)
    n = len(levels)
    s = GnonoState(n, rng.getrandbits(64), options)
    ais = _make_players(levels, rng, factories)
    times: list[float] | None = [] if time_decisions else None
    turns_in_round = turns = 0
    while s.phase != GAME_OVER:
        if s.phase == ROUND_OVER:
            if single_round:
                break
            if s.round_no >= max_rounds:
                raise RuntimeError("too many rounds")
            s.apply(NextRound())
            turns_in_round = 0
            continue
        _turn(s, ais, rng, times, time.process_time if cpu_clock else time.perf_counter)
        turns += 1
        turns_in_round += 1
        if turns_in_round > MAX_TURNS_PER_ROUND:
            raise RuntimeError("round does not end")
        if check:
            _check_invariants(s)
    winner = s.last_round["winner"] if single_round else s.winner
    return GameResult(winner, s.scores(), s.round_no, turns, times or [])


def play_games(levels, games: int, seed: int = 0, options: GnonoOptions | None = None, *,
               rotate: bool = True, check: bool = False, time_decisions: bool = False,
               single_round: bool = False, factories=None, cpu_clock: bool = False,
               first: int = 0) -> dict:
    """Play `games` games (or single rounds: each game's first round), numbered from
    `first` (a run in pieces deals the same games as one run); return wins per
    level, shares, games per second and, if asked, decision times (view + choice)
    in seconds."""
    levels = list(levels)
    n = len(levels)
    wins_by_level: dict[str, int] = dict.fromkeys(levels, 0)
    seats_by_level: dict[str, int] = dict.fromkeys(levels, 0)
    times: list[float] = []
    rounds = turns = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for g in range(first, first + games):
        k = g % n if rotate else 0
        seating = levels[k:] + levels[:k]
        r = play_game(seating, seed * 1_000_003 + g, options, check=check,
                      time_decisions=time_decisions, single_round=single_round,
                      factories=factories, cpu_clock=cpu_clock)
        wins_by_level[seating[r.winner]] += 1
        for lv in seating:
            seats_by_level[lv] += 1
        times.extend(r.decision_times)
        rounds += r.rounds
        turns += r.turns
    elapsed = time.perf_counter() - t0
    cpu = time.process_time() - c0
    out = {
        "games": games, "players": levels, "seconds": elapsed,
        "games_per_sec": games / elapsed if elapsed else float("inf"),
        # CPU time of this process: steadier than wall time on a busy machine
        "cpu_seconds": cpu, "games_per_cpu_sec": games / cpu if cpu else float("inf"),
        "rounds": rounds, "turns": turns,
        "wins": wins_by_level,
        # share of games won per level; per seat, for levels filling several seats
        "share": {lv: wins_by_level[lv] / games for lv in wins_by_level},
        "share_per_seat": {lv: wins_by_level[lv] / games / levels.count(lv)
                           for lv in wins_by_level},
    }
    if times:
        ts = sorted(times)
        out["decisions"] = len(ts)
        out["decision_median"] = ts[len(ts) // 2]
        out["decision_p99"] = ts[min(len(ts) - 1, int(len(ts) * 0.99))]
        out["decision_max"] = ts[-1]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.gnono.sim",
                                 description="Computer-only Gnono games: throughput and win shares.")
    ap.add_argument("--players", default="hard,baseline",
                    help="comma-separated levels, one per seat: easy, normal, hard, expert, baseline "
                         "(2 to 10 seats; default hard,baseline)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hand-size", type=int, default=7)
    ap.add_argument("--playout", type=int, default=500, help="playout score (default 500)")
    ap.add_argument("--draw-until-playable", action="store_true")
    ap.add_argument("--wd4-rule", choices=("color", "gnono"), default="color")
    ap.add_argument("--no-challenge", action="store_true",
                    help="refuse an unlawful Wild Draw Four instead of allowing a challenge")
    ap.add_argument("--stacking", action="store_true")
    ap.add_argument("--jump-in", action="store_true")
    ap.add_argument("--seven-zero", action="store_true")
    ap.add_argument("--single-round", action="store_true",
                    help="play only each game's first round (win shares are rounds won)")
    ap.add_argument("--check", action="store_true", help="verify card conservation every move")
    ap.add_argument("--time", action="store_true", help="measure decision times")
    a = ap.parse_args(argv)
    levels = [p.strip() for p in a.players.split(",") if p.strip()]
    opts = GnonoOptions(hand_size=a.hand_size, playout_score=a.playout,
                        draw_until_playable=a.draw_until_playable, wd4_rule=a.wd4_rule,
                        wd4_challenge=not a.no_challenge, stacking=a.stacking,
                        jump_in=a.jump_in, seven_zero=a.seven_zero)
    r = play_games(levels, a.games, a.seed, opts, check=a.check, time_decisions=a.time,
                   single_round=a.single_round)
    print(f"{r['games']} games, {len(levels)} seats ({', '.join(levels)}): "
          f"{r['seconds']:.2f} s, {r['games_per_sec']:.1f} games/s "
          f"({r['games_per_cpu_sec']:.1f} per CPU second), "
          f"{r['rounds']} rounds, {r['turns']} turns")
    for lv in r["wins"]:
        print(f"  {lv:9s} won {r['wins'][lv]:6d}  share {r['share'][lv]:6.1%}"
              f"  (seats: {levels.count(lv)}/{len(levels)})")
    if "decisions" in r:
        print(f"  decisions {r['decisions']}: median {r['decision_median'] * 1e3:.3f} ms, "
              f"p99 {r['decision_p99'] * 1e3:.3f} ms, max {r['decision_max'] * 1e3:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
