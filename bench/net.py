"""Network play on the loopback address (game/net/): a move's time from a client's
send to every other client's receipt of the update (median, p99), and the host's CPU
(the game loop's pump and the transport's thread, read per thread from /proc) with
four remote seats, on the wall clock, with the games' own net codecs: Nerts, the
real-time case the target is for (each update carries the four layouts), the same
through the joiner's Nerts table (bench/net_table.py: a key to the frame drawn with the
host's answer), and Gnono's table (four remote seats, turns). Every link is sealed by
the table code (game/net/seal.py): the sealed handshake's time (a joiner's start to its
welcome: the key exchange, the sealed hello and the host's answer), and an honest
rejoin under the door attack (bench/net_door.py: the share in under 2 s).
"""
from __future__ import annotations

import os
import threading
import time

from bench.net_door import rejoins_under_attack
from bench.net_table import key_to_frame
from bench.stats import summary, wilson
from game.nerts.options import NertsOptions
from game.net.client import JOINED, NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.loopback import LoopbackTable
from game.net.server import NetServer

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


def handshakes(n: int) -> dict:
    """A joiner's start to its welcome, `n` times (each leaves before the next)."""
    host = TableHost("gnono", [REMOTE, COMPUTER], seed=1, code="SEAL42")
    server = NetServer(host, port=0)
    server.door.exchange_burst = float(n)     # (one address joins n times in a row)
    port = server.start()
    times = []
    try:
        for _ in range(n):
            client = NetClient("127.0.0.1", port, "SEAL42", "Ann", token=host.seats[0].token)
            t0 = time.perf_counter()
            client.start()
            while client.state not in (JOINED, "refused", "closed") and time.perf_counter() - t0 < 5:
                server.pump()
                time.sleep(0.0005)
            if client.state == JOINED:
                times.append(time.perf_counter() - t0)
            client.close()
            server.pump()
    finally:
        server.close()
    return summary(times)


def rows(quick: bool, row) -> list:
    out = []
    seconds = 4.0 if quick else 30.0
    lat = handshakes(10 if quick else 40)
    out.append(row("network", "The sealed handshake: a joiner's start to its welcome (median, p99)",
                   f"{lat['median'] * 1000:.1f} / {lat['p99'] * 1000:.1f} ms ({lat['n']} joins)", lat))
    r = rejoins_under_attack(5 if quick else 20)
    fast = sum(t is not None and t < 2.0 for t in r["rejoins"])
    lo, hi = wilson(fast, len(r["rejoins"]))
    out.append(row("network", "An honest rejoin under the door attack (300 connections from 10 "
                   "addresses, reopened as they close): share in under 2 s (95% interval)",
                   f"{fast}/{len(r['rejoins'])} ({100 * lo:.0f}-{100 * hi:.0f}%), "
                   f"{r['attack_connections']} attack connections", r, ">= 99%",
                   fast >= 0.99 * len(r["rejoins"])))
    r = play("nerts", seconds, "expert", NertsOptions(seats=4))
    lat = r["latency"]
    out.append(row("network", "Nerts, 4 remote expert seats, sealed: send to the others' receipt "
                   "(median, p99)",
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
