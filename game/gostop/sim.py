"""Headless computer-only Go-Stop: `python -m game.gostop.sim --help`.

`play_hands(levels, hands, seed, ...)` is the reusable part (bench/ imports it):
it plays a session of `hands` hands between AI levels (one per seat) and
returns a SimStats with chips, wins, event counts and decision times.
"""
from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from .ai import LEVELS, GoStopAI
from .rules import GoStopState, Options

COUNTED_EVENTS = ("ppuk", "stack_capture", "ja_ppuk", "jjok", "ttadak", "sseul", "bomb",
                  "shake", "bonus", "junk_taken", "go", "stop", "nagari", "chongtong", "redeal")


@dataclass
class SimStats:
    levels: list
    hands: int = 0
    seconds: float = 0.0
    chips: list = field(default_factory=list)       # per seat, over the session
    wins: list = field(default_factory=list)        # hands won per seat
    events: dict = field(default_factory=dict)      # kind -> count
    hands_with: dict = field(default_factory=dict)  # kind -> hands where it happened
    decision_times: dict = field(default_factory=dict)  # level -> [seconds]
    decisions: int = 0
    hand_chips: list = field(default_factory=list)  # per hand: chip change per seat

    def stderr_per_hand(self, seat: int) -> float:
        """Standard error of seat's mean chips per hand."""
        xs = [h[seat] for h in self.hand_chips]
        if len(xs) < 2:
            return 0.0
        return statistics.stdev(xs) / len(xs) ** 0.5

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def chips_per_hand(self, seat: int) -> float:
        return self.chips[seat] / self.hands if self.hands else 0.0

    def level_chips_per_hand(self, level: str) -> float:
        """Average chips per hand per seat played at `level`."""
        seats = [i for i, lv in enumerate(self.levels) if lv == level]
        if not seats or not self.hands:
            return 0.0
        return sum(self.chips[i] for i in seats) / (len(seats) * self.hands)

    def timing(self, level: str) -> tuple:
        """(median, p99) seconds of one decision at `level`, or (0, 0)."""
        ts = sorted(self.decision_times.get(level, []))
        if not ts:
            return 0.0, 0.0
        return statistics.median(ts), ts[min(len(ts) - 1, int(0.99 * len(ts)))]


def play_hands(levels, hands: int, seed: int = 0, options: Options | None = None,
               think_ms: float = 30.0, rollouts: int | None = None, time_decisions=False,
               check=None, cpu_clock: bool = False) -> SimStats:
    """Play `hands` hands between the given AI levels (len(levels) players).
    `check(state)`, if given, is called after every move (soak tests). Decisions are
    timed by the wall clock, or by this process's CPU time with cpu_clock (a shared
    machine's other processes then do not count)."""
    n = len(levels)
    opts = options or Options(players=n)
    if opts.players != n:
        raise ValueError("one level per player")
    state = GoStopState.new(opts, seed)
    ais = [GoStopAI(lv, seed * 1009 + i * 7919 + 1, think_ms=think_ms, rollouts=rollouts)
           for i, lv in enumerate(levels)]
    st = SimStats(list(levels), chips=[0] * n, wins=[0] * n)
    start_chips = list(state.chips)
    seen_this_hand = set()
    hand_start = list(state.chips)
    clock = time.process_time if cpu_clock else time.perf_counter
    t0 = time.perf_counter()
    while st.hands < hands:
        if state.phase == "hand_over":
            res = state.result
            if res["winner"] is not None:
                st.wins[res["winner"]] += 1
            for k in seen_this_hand:
                st.hands_with[k] = st.hands_with.get(k, 0) + 1
            seen_this_hand = set()
            st.hand_chips.append(tuple(state.chips[i] - hand_start[i] for i in range(n)))
            hand_start = list(state.chips)
            st.hands += 1
            if st.hands >= hands:
                break
            evs = state.apply(state.legal_moves()[0])
        else:
            seat = state.question().seat
            ai = ais[seat]
            view = state.view(seat)
            if time_decisions:
                a = clock()
                mv = ai.choose(view)
                st.decision_times.setdefault(ai.level, []).append(clock() - a)
            else:
                mv = ai.choose(view)
            st.decisions += 1
            evs = state.apply(mv)
        for e in evs:
            k = e.kind
            if k in COUNTED_EVENTS:
                st.events[k] = st.events.get(k, 0) + 1
                seen_this_hand.add(k)
        if check is not None:
            check(state)
    # a hand settled before the first deal (chongtong/redeal at the first deal)
    # is counted through its hand_over like any other
    st.seconds = time.perf_counter() - t0
    st.chips = [state.chips[i] - start_chips[i] for i in range(n)]
    return st


def compare(level_a: str, level_b: str, hands: int, seed: int = 0, players: int = 2,
            **kw) -> float:
    """Chips per hand won by one `level_a` seat against `level_b` opponents
    (head_to_head's mean: seats swapped half way to cancel the dealer's edge)."""
    return head_to_head(level_a, level_b, hands, seed, players, **kw)["chips_per_hand"]


def format_stats(st: SimStats) -> str:
    lines = [f"levels {' vs '.join(st.levels)}: {st.hands} hands in {st.seconds:.2f} s "
             f"({st.hands_per_second:.0f} hands/s, {st.decisions} decisions)"]
    for i, lv in enumerate(st.levels):
        lines.append(f"  seat {i} {lv:7s} chips {st.chips[i]:+7d}  ({st.chips_per_hand(i):+.3f}"
                     f" +- {st.stderr_per_hand(i):.3f}/hand)  won {st.wins[i]} hands")
    lines.append("  events (count, hands with it):")
    for k in COUNTED_EVENTS:
        c = st.events.get(k, 0)
        h = st.hands_with.get(k, 0)
        pct = 100.0 * h / st.hands if st.hands else 0
        lines.append(f"    {k:14s} {c:7d}  {h:6d} hands ({pct:5.2f}%)")
    for lv, ts in sorted(st.decision_times.items()):
        med, p99 = st.timing(lv)
        lines.append(f"  decision time {lv:7s} median {med * 1000:.2f} ms  p99 {p99 * 1000:.2f} ms"
                     f"  ({len(ts)} decisions)")
    return "\n".join(lines)


def head_to_head(level_a: str, level_b: str, hands: int, seed: int = 0, players: int = 2,
                 **kw) -> dict:
    """`level_a` in one seat against `level_b` in the others, half the hands with
    the seats swapped. Chips per hand of level_a with its standard error, hands won."""
    half = max(1, hands // 2)
    per_hand, won, lost = [], 0, 0
    for rep in range(2):
        levels = [level_b] * players
        seat = 0 if rep == 0 else players - 1
        levels[seat] = level_a
        st = play_hands(levels, half, seed + rep, **kw)
        per_hand += [h[seat] for h in st.hand_chips]
        won += st.wins[seat]
        lost += sum(w for i, w in enumerate(st.wins) if i != seat)
    mean = sum(per_hand) / len(per_hand)
    se = statistics.stdev(per_hand) / len(per_hand) ** 0.5 if len(per_hand) > 1 else 0.0
    return {"a": level_a, "b": level_b, "hands": len(per_hand), "chips_per_hand": mean,
            "stderr": se, "won": won, "others_won": lost}


def format_h2h(r: dict) -> str:
    return (f"{r['a']} vs {r['b']}: {r['chips_per_hand']:+.2f} +- {r['stderr']:.2f} chips/hand "
            f"for {r['a']} over {r['hands']} hands; hands won {r['won']} to {r['others_won']}")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m game.gostop.sim",
                                 description="Computer-only Go-Stop hands, headless.")
    ap.add_argument("--levels", default="normal,normal",
                    help=f"one AI level per seat, comma separated, from {','.join(LEVELS)} "
                         "(2 or 3 seats)")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--target", type=int, default=None, help="points to stop (default 7/3)")
    ap.add_argument("--bonus", type=int, default=2, help="bonus cards (0..3)")
    ap.add_argument("--think-ms", type=float, default=30.0, help="hard AI think time")
    ap.add_argument("--rollouts", type=int, default=None,
                    help="hard AI determinizations per decision (deterministic; overrides think time)")
    ap.add_argument("--time", action="store_true", help="measure each decision's time")
    ap.add_argument("--versus", metavar="A,B",
                    help="head to head: level A in one seat against level B, seats swapped "
                         "half way (2 players unless --levels names 3 seats)")
    args = ap.parse_args(argv)
    if args.versus:
        a_b = [x.strip() for x in args.versus.split(",")]
        if len(a_b) != 2 or any(x not in LEVELS for x in a_b):
            ap.error("--versus needs two levels")
        players = 3 if args.levels.count(",") == 2 else 2
        r = head_to_head(a_b[0], a_b[1], args.hands, args.seed, players=players,
                         options=Options(players=players, target=args.target,
                                         bonus_cards=args.bonus),
                         think_ms=args.think_ms, rollouts=args.rollouts)
        print(format_h2h(r))
        return
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    if len(levels) not in (2, 3) or any(lv not in LEVELS for lv in levels):
        ap.error("--levels needs 2 or 3 of " + ",".join(LEVELS))
    opts = Options(players=len(levels), target=args.target, bonus_cards=args.bonus)
    st = play_hands(levels, args.hands, args.seed, opts, think_ms=args.think_ms,
                    rollouts=args.rollouts, time_decisions=args.time)
    print(format_stats(st))


if __name__ == "__main__":
    main()
