"""Kept replays at scale: a saves folder holding N kept Gin replays (5,000; 200 with
--quick), then the time to open the Replays list (the menu's R: the screen built, its
list read) and to end a hand (its replay saved as a table saves it, with the prune),
median ms. The first visit of a session reads the index file from disk; a later one
finds it in memory; building the index from the files happens once (first row)."""
from __future__ import annotations

import json
import os
import time
from dataclasses import replace

from bench import shell
from bench.stats import summary
from game import replay_store as store_module
from game.games import CODECS


def _fill(folder: str, rep, n: int) -> None:
    """n kept replays written straight to the folder (as earlier sessions left them)."""
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        r = replace(rep, when=f"2025-{1 + i // 2000:02d}-{1 + i // 80 % 25:02d}T"
                              f"{i // 60 % 24:02d}:{i % 60:02d}:00", kept=True)
        doc = {"kind": "replay", "schema": 1, "data": r.to_json()}
        with open(os.path.join(folder, f"gin-r{i:05d}-1.json"), "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)


def _new_session(app) -> None:
    """A new session's store: what the last one knew of the folder is forgotten."""
    app.replays = store_module.ReplayStore(app.storage, CODECS)


def measure(n: int, repeats: int, save_dir: str) -> dict:
    from game.scenes.replays import ReplaysScene
    from tools.random_replay import random_replay
    save_dir = os.path.join(save_dir, f"replays-bench-{n}")
    rep, _ = random_replay("gin", 5, moves=60, human=True)
    _fill(os.path.join(save_dir, "replays"), rep, n)
    app = shell.make_app(save_dir)
    _new_session(app)
    t0 = time.perf_counter()
    first = ReplaysScene(app)
    build = time.perf_counter() - t0
    listed = len(first.entries)
    cold, warm, hand = [], [], []
    for k in range(repeats):
        _new_session(app)
        t0 = time.perf_counter()
        ReplaysScene(app)
        cold.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        ReplaysScene(app)
        warm.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        app.replays.save(replace(rep, when=f"2026-06-01T10:{k:02d}:00"))
        hand.append(time.perf_counter() - t0)
    app.close()
    return {"n": n, "listed": listed, "build": build, "cold": summary(cold),
            "warm": summary(warm), "hand": summary(hand)}


def rows(quick: bool, save_dir: str, row) -> list:
    m = measure(200 if quick else 5000, 3 if quick else 9, save_dir)
    n = f"{m['n']:,} kept replays"
    ms = lambda s: f"{s * 1000:.1f} ms"       # noqa: E731
    return [row("replays", f"Replays list, first visit ever ({n}: index built)", ms(m["build"]),
                {"seconds": m["build"], "listed": m["listed"]}),
            row("replays", f"Replays list opened, first in a session ({n}, median)",
                ms(m["cold"]["median"]), m["cold"], "< 100 ms", m["cold"]["median"] < 0.1),
            row("replays", f"Replays list opened again ({n}, median)", ms(m["warm"]["median"]),
                m["warm"], "< 100 ms", m["warm"]["median"] < 0.1),
            row("replays", f"end of a hand: its replay saved and pruned ({n}, median)",
                ms(m["hand"]["median"]), m["hand"], "< 100 ms", m["hand"]["median"] < 0.1)]
