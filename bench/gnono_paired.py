"""Measurement only: two versions of the Gnono expert against the same opponent on
the same deals (2 seats, single rounds, seats rotated as bench.gnono_baselines).

    python -m bench.gnono_paired --rounds 2000 --seed 101 --new kw.samples=32 \\
        kw.max_rollouts=128 expert.HORIZON=8 --old

Each version is a list of settings: `module.NAME=value` sets a constant of
game.gnono.<module> while that version plays, `kw.name=value` is passed to
ExpertAI. Prints each version's share and the rounds won by only one of them
(the sign test's z).
"""
from __future__ import annotations

import argparse
import ast
import importlib
import json
import math
import os

from bench.gnono_baselines import FACTORIES
from bench.stats import wilson
from game.gnono import sim
from game.gnono.expert import ExpertAI


def _parse(items: list[str]):
    consts, kws = [], {}
    for it in items:
        key, val = it.split("=", 1)
        head, name = key.split(".", 1)
        try:
            v = ast.literal_eval(val)
        except (ValueError, SyntaxError):
            v = val
        if head == "kw":
            kws[name] = v
        else:
            consts.append((importlib.import_module(f"game.gnono.{head}"), name, v))
    return consts, kws


def play(spec: list[str], rounds: int, seed: int, opponent: str,
         cache: str | None = None) -> list[bool]:
    """Whether the version won each round (read from / written to `cache`, a folder)."""
    path = None
    if cache:
        key = "_".join([opponent, str(seed), str(rounds)] + sorted(spec)).replace("/", "")
        path = os.path.join(cache, key + ".json")
        if os.path.exists(path):
            with open(path) as f:
                return json.load(f)
    consts, kws = _parse(spec)
    saved = [(m, n, getattr(m, n)) for m, n, _ in consts]
    for m, n, v in consts:
        setattr(m, n, v)
    factories = dict(FACTORIES)
    if "cheat" in kws:
        from bench.gnono_cheat import CheatExpert  # (patches GnonoState.view: only when asked)
        upto = kws.pop("cheat")
        factories["x"] = lambda r: CheatExpert(r, upto, **kws)
    else:
        factories["x"] = lambda r: ExpertAI(r, **kws)
    won = []
    try:
        for g in range(rounds):
            seating = ["x", opponent] if g % 2 == 0 else [opponent, "x"]
            r = sim.play_game(seating, seed * 1_000_003 + g, single_round=True, factories=factories)
            won.append(seating[r.winner] == "x")
    finally:
        for m, n, v in saved:
            setattr(m, n, v)
    if path:
        with open(path, "w") as f:
            json.dump(won, f)
    return won


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gnono_paired")
    ap.add_argument("--new", nargs="*", default=[])
    ap.add_argument("--old", nargs="*", default=[])
    ap.add_argument("--b", default="rule")
    ap.add_argument("--rounds", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--cache", default=None, help="a folder keeping each version's results")
    a = ap.parse_args(argv)
    new = play(a.new, a.rounds, a.seed, a.b, a.cache)
    old = play(a.old, a.rounds, a.seed, a.b, a.cache)
    for name, w in (("new", new), ("old", old)):
        k = sum(w)
        lo, hi = wilson(k, len(w))
        print(f"{name} {' '.join(getattr(a, name)) or '(as is)'}: {k}/{len(w)} = {k / len(w):.1%} "
              f"(95% CI {lo:.1%}-{hi:.1%})")
    only_new = sum(1 for x, y in zip(new, old) if x and not y)
    only_old = sum(1 for x, y in zip(new, old) if y and not x)
    d = only_new + only_old
    z = (only_new - only_old) / math.sqrt(d) if d else 0.0
    print(f"won by only one: new {only_new}, old {only_old} (z {z:+.2f}); seed {a.seed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
