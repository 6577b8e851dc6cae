"""Figures of the Nerts table for bench/: frame time at its busiest and key-to-frame.

    python -m game.nerts.table_bench [--frames N] [--seed N]

busy_table(app, seed) builds the busiest table: four seats, a human and three expert
computers (they play about a card every half second each; slides run most frames).
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from game.nerts.rules import NertsOptions


def busy_table(app, seed: int = 1):
    from game.nerts.table import new_table
    t = new_table(app, ["human", "expert", "expert", "expert"], NertsOptions(seats=4), seed=seed)
    app.push(t)
    return t


def _summary(samples: list[float]) -> dict:
    samples = sorted(samples)
    return {"frames": len(samples), "median": statistics.median(samples),
            "p99": samples[min(len(samples) - 1, int(len(samples) * 0.99))], "max": samples[-1]}


def frame_stats(app, frames: int = 3600, warmup: int = 120) -> dict:
    """update+draw seconds per frame of the top scene over `frames` frames: wall time
    (app.frame_times) and, beside it, this process's CPU time per frame (which a
    loaded machine does not inflate; it includes the dummy display's present)."""
    app.run(max_frames=warmup)
    wall: list[float] = []
    cpu: list[float] = []
    clock = time.process_time
    for _ in range(frames):
        app.frame_times.clear()
        c0 = clock()
        app.run(max_frames=1)
        cpu.append(clock() - c0)
        wall.extend(app.frame_times)
    out = _summary(wall)
    out["cpu"] = _summary(cpu)
    return out


def key_to_frame(app, table, key=None, tries: int = 5) -> list[int]:
    """Frames from posting a flip key until a frame has drawn its move (1 = the first
    frame after the press). The table's own count (`latencies`, frames between the
    frame that read the key and the frame that drew the move) is checked as well."""
    import pygame
    key = key or pygame.K_e
    out = []
    for _ in range(tries):
        app.run(max_frames=7)
        before = len(table.log)
        drawn = len(table.latencies)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0, scancode=0))
        for n in range(1, 11):
            app.run(max_frames=1)
            if any(seat == 0 for seat, _ in table.log[before:]) and len(table.latencies) > drawn:
                out.append(n + table.latencies[-1])
                break
        else:
            out.append(-1)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.nerts.table_bench", description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=3600)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile
    from game.app import App
    with tempfile.TemporaryDirectory() as d:
        app = App(save_dir=d, fullscreen=False, realtime=False)
        t = busy_table(app, args.seed)
        s = frame_stats(app, args.frames)
        print(f"4 seats, 3 expert computers: {s['frames']} frames, update+draw median "
              f"{s['median'] * 1000:.2f} ms, p99 {s['p99'] * 1000:.2f} ms, max {s['max'] * 1000:.2f} ms "
              f"(round {t.game.round_no}, {len(t.log)} moves)")
        c = s["cpu"]
        print(f"  CPU time per frame: median {c['median'] * 1000:.2f} ms, p99 {c['p99'] * 1000:.2f} ms, "
              f"max {c['max'] * 1000:.2f} ms")
        lat = key_to_frame(app, t)
        print(f"key to frame: {lat} frame(s) (1 = the first frame after the press)")
        app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
