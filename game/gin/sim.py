"""Headless computer-vs-computer Gin Rummy.

    python -m game.gin.sim --a hard --b baseline --hands 2000 --seed 1

Reusable from bench/: play_match(level_a, level_b, hands, seed, options) -> MatchStats,
decision_times(level, n, seed) -> sorted list of seconds per decision.
Seats alternate: player A sits at seat 0 in even games, seat 1 in odd ones.
"""
from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field

from game.cards import full_deck
from game.gin import melds as M
from game.gin.ai import make_ai
from game.gin.rules import GinGame, GinOptions, NextHand

_DECK = full_deck()


@dataclass
class MatchStats:
    level_a: str
    level_b: str
    hands: int = 0
    dead: int = 0
    wins: list = field(default_factory=lambda: [0, 0])       # hands won by A, B
    points: list = field(default_factory=lambda: [0, 0])     # hand points of A, B
    how: dict = field(default_factory=lambda: {"gin": [0, 0], "knock": [0, 0], "underknock": [0, 0]})
    games: list = field(default_factory=lambda: [0, 0])      # games won (each game of a match)
    seconds: float = 0.0          # wall clock
    cpu_seconds: float = 0.0      # this process's CPU time (steady on a busy machine)
    decisions: int = 0

    @property
    def decided(self) -> int:
        return self.hands - self.dead

    @property
    def win_share_a(self) -> float:
        return self.wins[0] / self.decided if self.decided else 0.0

    @property
    def points_per_hand(self) -> tuple:
        """(A, B) average hand points over all hands played (dead hands count as 0)."""
        n = max(1, self.hands)
        return self.points[0] / n, self.points[1] / n

    @property
    def net_per_hand_a(self) -> float:
        return (self.points[0] - self.points[1]) / max(1, self.hands)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    @property
    def hands_per_cpu_second(self) -> float:
        return self.hands / self.cpu_seconds if self.cpu_seconds else 0.0

    def summary(self) -> str:
        pa, pb = self.points_per_hand
        return (f"{self.level_a} vs {self.level_b}: {self.hands} hands ({self.dead} dead), "
                f"{self.level_a} won {self.wins[0]}/{self.decided} decided = {100 * self.win_share_a:.1f}%; "
                f"points/hand {pa:.2f} vs {pb:.2f} (net {self.net_per_hand_a:+.2f}); "
                f"gin {self.how['gin']}, knock {self.how['knock']}, underknock {self.how['underknock']}; "
                f"games {self.games[0]}-{self.games[1]}; {self.hands_per_second:.1f} hands/s "
                f"({self.hands_per_cpu_second:.1f} per CPU second)")


def play_hand(game: GinGame, ais, on_step=None, max_steps: int = 2000) -> int:
    """Play the current hand to its end with ais[seat] deciding from views.
    Returns the number of decisions. on_step(game) is called after every move."""
    steps = 0
    while game.phase not in ("hand_over", "game_over"):
        seat = game.turn
        move = ais[seat].choose(game.view(seat))
        game.apply(move)
        steps += 1
        if on_step:
            on_step(game)
        if steps > max_steps:
            raise RuntimeError("hand did not end")
    return steps


def _player(level, seed: int):
    """A computer player: a level name for make_ai, or a factory taking the seed."""
    return level(seed) if callable(level) else make_ai(level, seed)


def _name(level) -> str:
    return level if isinstance(level, str) else getattr(level, "level", getattr(level, "__name__", "?"))


def play_match(level_a, level_b, hands: int = 1000, seed: int = 0,
               options: GinOptions | None = None, on_step=None) -> MatchStats:
    """Play whole games between two players until `hands` hands have been played.
    A player is a level name (make_ai) or a factory: seed -> an object with choose(view)."""
    st = MatchStats(_name(level_a), _name(level_b))
    t0 = time.perf_counter()
    c0 = time.process_time()
    game_no = 0
    while st.hands < hands:
        a_seat = game_no % 2
        game = GinGame.new(seed * 100003 + game_no, options)
        ais = [None, None]
        ais[a_seat] = _player(level_a, seed * 7919 + 2 * game_no)
        ais[1 - a_seat] = _player(level_b, seed * 7919 + 2 * game_no + 1)
        while st.hands < hands:
            st.decisions += play_hand(game, ais, on_step)
            rec = game.records[-1]
            st.hands += 1
            if rec.winner is None:
                st.dead += 1
            else:
                who = 0 if rec.winner == a_seat else 1
                st.wins[who] += 1
                st.points[who] += rec.points
                st.how[rec.how][who] += 1
            if game.phase == "game_over":
                for g in game.games:
                    st.games[0 if g.winner == a_seat else 1] += 1
                break
            game.apply(ais[0].choose(game.view(0)))    # NextHand
        game_no += 1
    st.seconds = time.perf_counter() - t0
    st.cpu_seconds = time.process_time() - c0
    return st


def decision_times(level: str, hands: int = 50, seed: int = 0,
                   opponent: str = "normal", clock: str = "cpu") -> list[float]:
    """Seconds per decision of `level` (seat 0) over some hands, sorted.
    clock "cpu" counts this process's CPU time (steady on a busy machine),
    "wall" the elapsed time."""
    now = time.process_time if clock == "cpu" else time.perf_counter
    times: list[float] = []
    game = GinGame.new(seed)
    ais = [make_ai(level, seed), make_ai(opponent, seed + 1)]
    for _ in range(hands):
        while game.phase not in ("hand_over", "game_over"):
            seat = game.turn
            v = game.view(seat)
            t = now()
            move = ais[seat].choose(v)
            if seat == 0:
                times.append(now() - t)
            game.apply(move)
        if game.phase == "game_over":
            game = GinGame.new(seed + len(times))
        else:
            game.apply(ais[0].choose(game.view(0)))
    times.sort()
    return times


def best_of_eleven_time(hands: int = 20000, seed: int = 0) -> float:
    """CPU seconds per call of min_deadwood_after_discard_mask (the least deadwood
    of the best 10 of 11 cards) on random 11-card hands. The search keeps no memo,
    so every call is "cold"."""
    rng = random.Random(seed)
    masks = [M.cards_to_mask(rng.sample(_DECK, 11)) for _ in range(hands)]
    t = time.process_time()
    for mk in masks:
        M.min_deadwood_after_discard_mask(mk)
    return (time.process_time() - t) / hands


def min_deadwood_speed(n_cards: int = 10, hands: int = 20000, seed: int = 0) -> float:
    """min_deadwood calls per CPU second on random hands of n_cards."""
    rng = random.Random(seed)
    sample = [rng.sample(_DECK, n_cards) for _ in range(hands)]
    t = time.process_time()
    for h in sample:
        M.min_deadwood(h)
    return hands / max(1e-9, time.process_time() - t)


def random_hands_speed(hands: int = 2000, seed: int = 0) -> float:
    """Whole hands per CPU second played by picking uniformly among the legal
    moves (the engine alone: legal_moves and apply, as a rollout uses them)."""
    rng = random.Random(seed)
    game = GinGame.new(seed)
    t = time.process_time()
    for _ in range(hands):
        while game.phase not in ("hand_over", "game_over"):
            game.apply(rng.choice(game.legal_moves(game.turn)))
        if game.phase == "game_over":
            game = GinGame.new(rng.randrange(1 << 30))
        else:
            game.apply(NextHand())
    return hands / max(1e-9, time.process_time() - t)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.gin.sim",
                                 description="Computer-vs-computer Gin Rummy (GIN! rules).")
    ap.add_argument("--a", default="hard", help="level of player A: easy/normal/hard/baseline")
    ap.add_argument("--b", default="baseline", help="level of player B")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--oklahoma", action="store_true")
    ap.add_argument("--hollywood", action="store_true")
    ap.add_argument("--timing", action="store_true", help="also time player A's decisions")
    ap.add_argument("--melds", action="store_true",
                    help="also measure the engine: least deadwood and random hands per second")
    args = ap.parse_args(argv)
    opts = GinOptions(oklahoma=args.oklahoma, hollywood=args.hollywood)
    if args.melds:
        for n in (10, 11):
            print(f"min_deadwood on random {n}-card hands: "
                  f"{min_deadwood_speed(n, 20000, args.seed):,.0f} calls per CPU second")
        print(f"best 10 of 11 cards: {1e6 * best_of_eleven_time(20000, args.seed):.2f} us a call")
        print(f"random legal hands: {random_hands_speed(2000, args.seed):,.0f} per CPU second")
    st = play_match(args.a, args.b, args.hands, args.seed, opts)
    print(st.summary())
    if args.timing and args.a != "baseline":
        for clock in ("cpu", "wall"):
            ts = decision_times(args.a, 100, args.seed, clock=clock)
            n = len(ts)
            print(f"{args.a} decision time ({clock}) over {n}: median {1000 * ts[n // 2]:.3f} ms, "
                  f"p99 {1000 * ts[int(n * 0.99)]:.3f} ms, max {1000 * ts[-1]:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
