"""Kept replays at scale: a saves folder holding N kept Gin replays (5,000 and 50,000;
200 and 2,000 with --quick), then the time to open the Replays list (the menu's R: the
screen built, its first page read) and to end a hand (its replay saved as a table saves
it, with the prune), median ms. The first visit of a session opens the index (a SQLite
database) from disk; a later one finds it open. The folder is made quickly: the files
from one template, and the index.json an earlier version would have left beside them,
which the first visit ever takes into the database (first row)."""
from __future__ import annotations

import json
import os
import time
from dataclasses import replace

from bench import shell
from bench.stats import summary
from game import replay_store as store_module
from game.games import CODECS


def _when(i: int) -> str:
    return f"2025-{1 + i // 4500 % 12:02d}-{1 + i // 180 % 25:02d}T{i // 60 % 3 + 10:02d}:{i % 60:02d}:00"


def _fill(folder: str, rep, n: int) -> None:
    """n kept replays written straight to the folder, with the JSON index an earlier
    version kept of them (as earlier sessions left them)."""
    os.makedirs(folder, exist_ok=True)
    template = json.dumps({"kind": "replay", "schema": 1, "data": replace(rep, kept=True).to_json()},
                          indent=1, sort_keys=True)
    marker = json.dumps(rep.when)
    details = store_module._index_json(replace(rep, kept=True))
    index = {}
    for i in range(n):
        name, when = f"gin-r{i:06d}-1.json", _when(i)
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write(template.replace(marker, json.dumps(when), 1))
        index[name] = {"stamp": store_module._stamp(os.stat(path)), "details": {**details, "when": when}}
    with open(os.path.join(folder, store_module.INDEX), "w") as f:
        f.write(store_module._index_text(index))


def _new_session(app) -> None:
    """A new session's store: what the last one knew of the folder is forgotten."""
    close = getattr(app.replays, "close", None)     # (an earlier version's store has none)
    if close is not None:
        close()
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
    out = []
    for n in ((200, 2000) if quick else (5000, 50000)):
        m = measure(n, 3 if quick else 9, save_dir)
        kept = f"{m['n']:,} kept replays"
        ms = lambda s: f"{s * 1000:.1f} ms"       # noqa: E731
        out += [row("replays", f"Replays list, first visit ever ({kept}: old index taken in)", ms(m["build"]),
                    {"seconds": m["build"], "listed": m["listed"]}),
                row("replays", f"Replays list opened, first in a session ({kept}, median)",
                    ms(m["cold"]["median"]), m["cold"], "< 100 ms", m["cold"]["median"] < 0.1),
                row("replays", f"Replays list opened again ({kept}, median)", ms(m["warm"]["median"]),
                    m["warm"], "< 100 ms", m["warm"]["median"] < 0.1),
                row("replays", f"end of a hand: its replay saved and pruned ({kept}, median)",
                    ms(m["hand"]["median"]), m["hand"], "< 100 ms", m["hand"]["median"] < 0.1)]
    return out
