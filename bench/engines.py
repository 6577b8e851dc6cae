"""Figures of the rules engines and computer players: decision time, headless
throughput, strength against baselines and lower levels, Gin's least deadwood."""
from __future__ import annotations

import random
import time

from bench.stats import summary, wilson


def row(section, name, value, data=None, target="", met=None):
    return {"section": section, "name": name, "value": value, "data": data or {}, "target": target, "met": met}


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def beats(wins: float, n: int, target: float = 0.5) -> bool:
    """Clearly better: the 95% interval's lower bound above the target."""
    return n > 0 and wilson(round(wins), n)[0] > target


def share_text(wins: float, n: int) -> str:
    lo, hi = wilson(round(wins), n)
    return f"{100 * wins / n:.1f}% of {n} (95% CI {100 * lo:.0f}-{100 * hi:.0f}%)"


# --- Nerts ---------------------------------------------------------------------

def nerts(quick: bool, save_dir: str):
    from game.nerts import sim
    out = []
    for level in ("easy", "normal", "hard", "expert"):
        t = sim.step_timings([level, level], rounds=1 if quick else 3, seed=3, cpu=True)
        d = t["decisions"]
        out.append(row("AI decision", f"Nerts {level}: per step / per decision, CPU (median, p99)",
                       f"{t['median_ms']:.4f}/{t['p99_ms']:.3f} ms; {d['median_ms']:.3f}/{d['p99_ms']:.3f} ms",
                       t, "step p99 < 0.5 ms", t["p99_ms"] < 0.5))
    r = sim.play_rounds(["instant"] * 4, 10 if quick else 200, seed=5)
    out.append(row("throughput", "Nerts 4 computer seats, unlimited speed",
                   f"{r['rounds_per_second']:.1f} rounds/s ({r['moves_per_second']:.0f} moves/s)",
                   {k: r[k] for k in ("rounds", "rounds_per_second", "moves_per_second", "rounds_per_cpu_second")}))
    n = 6 if quick else 200
    shares = sim.win_shares(("easy", "normal", "hard", "expert"), rounds=n, seed=11)
    for (hi, lo), s in shares.items():
        if (hi, lo) not in (("normal", "easy"), ("hard", "normal"), ("expert", "hard"), ("expert", "easy")):
            continue
        out.append(row("strength", f"Nerts {hi} vs {lo} (2 seats, rounds won)",
                       share_text(s["share"] * n, n) + f", {s['margin']:+.1f} pts/round",
                       {"share": s["share"], "margin": s["margin"], "rounds": n}, "> 50% (95% CI)",
                       beats(s["share"] * n, n)))
    return out


# --- Gin -----------------------------------------------------------------------

def gin(quick: bool, save_dir: str):
    from game.gin import sim, melds
    from game.cards import full_deck
    out = []
    for level in ("easy", "normal", "hard"):
        ts = sim.decision_times(level, hands=3 if quick else 60, seed=2, clock="cpu")
        s = summary(ts)
        out.append(row("AI decision", f"Gin {level}, CPU time (median, p99)", f"{ms(s['median'])} / {ms(s['p99'])}", s,
                       "p99 < 5 ms", s["p99"] < 0.005))
    m = sim.play_match("hard", "hard", hands=20 if quick else 1000, seed=4)
    out.append(row("throughput", "Gin hard vs hard", f"{m.hands_per_second:.0f} hands/s",
                   {"hands": m.hands, "hands_per_second": m.hands_per_second}))
    hands = 30 if quick else 1000
    for a, b, target in (("hard", "baseline", 0.70), ("hard", "normal", 0.5), ("normal", "easy", 0.5)):
        m = sim.play_match(a, b, hands=hands, seed=9)
        pa, pb = m.points_per_hand
        out.append(row("strength", f"Gin {a} vs {b} (decided hands won)",
                       share_text(m.wins[0], m.decided) + f"; pts/hand {pa:.1f} vs {pb:.1f}",
                       {"share": m.win_share_a, "decided": m.decided, "points": [pa, pb]},
                       f">= {target:.0%}" if target > 0.5 else "> 50% (95% CI)",
                       m.win_share_a >= target if target > 0.5 else beats(m.wins[0], m.decided)))
    rng = random.Random(1)
    deck = full_deck()
    for size in (10, 11):
        hands = [rng.sample(deck, size) for _ in range(2000 if quick else 20000)]
        masks = [melds.cards_to_mask(h) for h in hands]
        melds.min_deadwood_mask.cache_clear()
        t0 = time.perf_counter()
        for mk in masks:
            melds.min_deadwood_mask(mk)
        warm = len(masks) / (time.perf_counter() - t0)
        t0 = time.perf_counter()
        for mk in masks[:500]:
            melds.min_deadwood_mask.cache_clear()
            melds.min_deadwood_mask(mk)
        cold = 500 / (time.perf_counter() - t0)
        out.append(row("Gin melds", f"min_deadwood, random {size}-card hands",
                       f"{warm:,.0f} calls/s (every call on an empty cache: {cold:,.0f}/s)",
                       {"calls_per_second": warm, "cold_calls_per_second": cold}, "thousands/s", cold > 1000))
    return out


# --- Gnono ---------------------------------------------------------------------

def gnono(quick: bool, save_dir: str):
    from game.gnono import sim
    out = []
    for level in ("easy", "normal", "hard"):
        r = sim.play_games([level, level], 3 if quick else 60, seed=2, time_decisions=True)
        out.append(row("AI decision", f"Gnono {level}, wall time (median, p99)",
                       f"{ms(r['decision_median'])} / {ms(r['decision_p99'])}",
                       {k: r[k] for k in ("decisions", "decision_median", "decision_p99")},
                       "p99 < 5 ms", r["decision_p99"] < 0.005))
    r = sim.play_games(["hard", "hard"], 10 if quick else 300, seed=4)
    out.append(row("throughput", "Gnono 2 seats hard vs hard", f"{r['games_per_sec']:.1f} games/s",
                   {"games": r["games"], "games_per_sec": r["games_per_sec"]}))
    games = 20 if quick else 600
    for a, b, target in (("hard", "baseline", 0.60), ("hard", "normal", 0.5), ("normal", "easy", 0.5)):
        r = sim.play_games([a, b], games, seed=9)
        wins = r["wins"][a]
        out.append(row("strength", f"Gnono {a} vs {b} (2 seats, games won)", share_text(wins, games),
                       {"share": wins / games, "games": games},
                       f">= {target:.0%}" if target > 0.5 else "> 50% (95% CI)",
                       wins / games >= target if target > 0.5 else beats(wins, games)))
    return out


# --- Go-Stop -------------------------------------------------------------------

def gostop(quick: bool, save_dir: str):
    from game.gostop import sim
    from game.gostop.table import HARD_ROLLOUTS  # the look-ahead the table gives hard
    out = []
    # CPU time (other processes on a shared machine do not count), but a think budget
    # is wall time: that row is timed by the wall clock
    for level, kw, note in (("easy", {}, "CPU"), ("normal", {}, "CPU"),
                            ("hard", {"rollouts": HARD_ROLLOUTS}, f"CPU, {HARD_ROLLOUTS} samples as at the table"),
                            ("hard", {}, "wall, think budget 30 ms")):
        st = sim.play_hands([level, level], 2 if quick else 40, seed=2, time_decisions=True,
                            cpu_clock=note.startswith("CPU"), **kw)
        med, p99 = st.timing(level)
        n = len(st.decision_times.get(level, []))
        hard = level == "hard"
        out.append(row("AI decision", f"Go-Stop {level}, time (median, p99; {note})",
                       f"{ms(med)} / {ms(p99)} ({n} decisions)", {"median": med, "p99": p99, "decisions": n},
                       "p99 <= 50 ms" if hard else "p99 < 5 ms", p99 <= 0.050 if hard else p99 < 0.005))
    for level, hands in (("normal", 2000), ("hard", 60)):
        st = sim.play_hands([level, level], 10 if quick else hands, seed=4, rollouts=HARD_ROLLOUTS)
        note = f" ({HARD_ROLLOUTS} samples)" if level == "hard" else ""
        out.append(row("throughput", f"Go-Stop 2 players {level} vs {level}{note}", f"{st.hands_per_second:.1f} hands/s",
                       {"hands": st.hands, "hands_per_second": st.hands_per_second}))
    # strength as the table plays it (a sample count, not a clock: the same on a loaded
    # machine); seats swapped half way (the dealer's edge cancels)
    for a, b, hands, target in (("hard", "greedy", 6 if quick else 400, 0.0),
                                ("hard", "normal", 6 if quick else 2000, 5.0),
                                ("normal", "easy", 20 if quick else 3000, 0.0)):
        r = sim.head_to_head(a, b, hands, seed=9, rollouts=HARD_ROLLOUTS)
        cph, half = r["chips_per_hand"], 1.96 * r["stderr"]
        out.append(row("strength", f"Go-Stop {a} vs {b} (chips per hand, 95% CI)",
                       f"{cph:+.2f} +/- {half:.2f} over {r['hands']} hands",
                       {"chips_per_hand": cph, "ci95": half, "hands": r["hands"]},
                       f"mean >= +{target:g}, 95% CI above 0" if target else "> 0 (95% CI)",
                       cph >= target and cph - half > 0))
    return out
