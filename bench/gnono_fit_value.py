"""Measurement only: fit the Gnono expert's estimate of the chance to win a 2-seat
round from a position (game.gnono.expert.turn_value's table) to rule-vs-rule rounds.

    python -m bench.gnono_fit_value --rounds 8000 --seed 1

At the start of each turn (no penalty pending) it notes the features of
expert.value_features (the seat on turn first) and whether that seat won the
round; a logistic regression (Newton's method) gives the weights, printed as the
tuple to paste, with the log loss on held-out rounds against the table in use (_VF).
"""
from __future__ import annotations

import argparse
import random

import numpy as np

from game.gnono.expert import _VF, rollout_move, value_features
from game.gnono.rules import GAME_OVER, PLAY, ROUND_OVER, GnonoState


def positions(rounds: int, seed: int):
    """(features, the table in use's z, won) per turn start of rule-vs-rule rounds."""
    rng = random.Random(seed)
    xs, olds, ys = [], [], []
    for _ in range(rounds):
        s = GnonoState(2, rng.getrandbits(64))
        rows = []
        for _ in range(2000):
            if s.phase in (ROUND_OVER, GAME_OVER):
                break
            if s.phase == PLAY and not s.pending_draw:
                cur = s.current
                rows.append((value_features(s), _old_z(s), cur))
            s.apply(rollout_move(s), check=False)
        if s.phase not in (ROUND_OVER, GAME_OVER):
            continue
        winner = s.current
        for f, z, cur in rows:
            xs.append(f)
            olds.append(z)
            ys.append(1.0 if cur == winner else 0.0)
    return np.array(xs, float), np.array(olds, float), np.array(ys, float)


def _old_z(s: GnonoState) -> float:
    return sum(w * f for w, f in zip(_VF, value_features(s)))


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        g = x.T @ (p - y) + ridge * w
        h = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(h, g)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def log_loss(z: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-z)), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gnono_fit_value")
    ap.add_argument("--rounds", type=int, default=8000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    x, _, y = positions(a.rounds, a.seed)
    w = fit(x, y)
    xt, old, yt = positions(a.rounds // 4, a.seed + 1)
    print(f"{len(y)} turns of {a.rounds} rounds; held out {len(yt)}: log loss new "
          f"{log_loss(xt @ w, yt):.4f}, in use {log_loss(old, yt):.4f}, none {log_loss(0 * old, yt):.4f}")
    print("_VF = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
