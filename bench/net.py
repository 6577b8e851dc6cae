"""Network play on the loopback address (game/net/): a move's time from a client's
send to every other client's receipt of the update (median, p99), and the host's CPU
(the game loop's pump and the transport's thread, read per thread from /proc) with
four remote seats, on the wall clock, with the games' own net codecs: Nerts, the
real-time case the target is for (each update carries the four layouts), the same
through the joiner's Nerts table (bench/net_table.py: a key to the frame drawn with the
host's answer), and Gnono's table (four remote seats, turns).
"""
from __future__ import annotations

import os
import threading
import time

from bench.net_table import key_to_frame
from bench.stats import summary
from game.nerts.options import NertsOptions
from game.net.host import REMOTE
from game.net.loopback import LoopbackTable

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def thread_cpu(native_id: int) -> float:
    """CPU seconds of one thread of this process (Linux /proc)."""
    with open(f"/proc/self/task/{native_id}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def play(game: str, seconds: float, remote_level: str, options=None) -> dict:
    """Four remote seats on a loopback table for `seconds` (rounds dealt at once):
    latencies and the host's CPU share."""
    table = LoopbackTable(game, [REMOTE] * 4, seed=8, remote_level=remote_level,
                          # (computers answering at once outpace a human's flood limit:
                          # closed, their seat would stall a turn game)
                          host_options={"deal_pause_s": 0.0, "options": options,
                                        "rate": 1000.0, "burst": 1000.0})
    server, host_cpu = table.server, [0.0]
    pump = server.pump

    def timed_pump() -> None:      # the host's share of the game loop's thread
        t0 = time.thread_time()
        pump()
        host_cpu[0] += time.thread_time() - t0
    server.pump = timed_pump       # type: ignore[method-assign]
    try:
        table.run(lambda: table.host.started, timeout_s=10)
        io = next(t for t in threading.enumerate() if t.name == "net-server").native_id
        io0, wall0 = thread_cpu(io), time.perf_counter()
        host_cpu[0] = 0.0
        table.run(lambda: table.host.ended, timeout_s=seconds, frame_s=0.002)
        wall = time.perf_counter() - wall0
        cpu = host_cpu[0] + thread_cpu(io) - io0
        lat = summary(table.latencies())
        return {"latency": lat, "host_cpu_share": cpu / wall, "seconds": wall,
                "moves": table.host.moves_applied, "refused": table.illegal}
    finally:
        table.close()


def rows(quick: bool, row) -> list:
    out = []
    seconds = 4.0 if quick else 30.0
    r = play("nerts", seconds, "expert", NertsOptions(seats=4))
    lat = r["latency"]
    out.append(row("network", "Nerts, 4 remote expert seats: send to the others' receipt (median, p99)",
                   f"{lat['median'] * 1000:.1f} / {lat['p99'] * 1000:.1f} ms ({lat['n']} receipts)",
                   r, "p99 < 50 ms", lat["p99"] < 0.050))
    out.append(row("network", "Nerts, 4 remote expert seats: the host's CPU (pump + transport)",
                   f"{100 * r['host_cpu_share']:.1f}% of a core, {r['moves']} moves in "
                   f"{r['seconds']:.0f} s", r))
    r = key_to_frame(seconds)
    lat = r["latency"]
    out.append(row("network", "Nerts through the joiner's table (3 more remote expert seats): a key to "
                   "the frame showing the host's answer (median, p99)",
                   f"{lat['median'] * 1000:.1f} / {lat['p99'] * 1000:.1f} ms ({lat['n']} moves)",
                   r, "p99 < 50 ms", lat["p99"] < 0.050))
    r = play("gnono", seconds, "normal")
    lat = r["latency"]
    out.append(row("network", "Gnono, 4 remote seats as fast as they answer: send to the others' "
                   "receipt (median, p99)",
                   f"{lat['median'] * 1000:.1f} / {lat['p99'] * 1000:.1f} ms ({lat['n']} receipts)",
                   r, "p99 < 50 ms", lat["p99"] < 0.050))
    out.append(row("network", "Gnono, 4 remote seats as fast as they answer: the host's CPU",
                   f"{100 * r['host_cpu_share']:.1f}% of a core, {r['moves']} moves in "
                   f"{r['seconds']:.0f} s", r))
    return out
