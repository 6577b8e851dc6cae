"""The share of one CPU core the program uses, full screen at 1920x1080, per scene.

Each scene runs in its own process (bench/idle_probe.py) on a virtual X display
(Xvfb, started here; Debian's xvfb package), or on the real display when
GNERTS_BENCH_DISPLAY names one. The share is the process's user+system time over a
window of wall time, read from /proc (Linux). Where Xvfb or /proc is missing the rows
say so instead of a figure.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
SCENES = [("title", "title screen, idle", 0.03), ("menu", "menu, idle", 0.03),
          ("gin", "Gin hand waiting for the player", 0.03),
          ("gnono", "Gnono, the player's turn", 0.03),
          ("gostop", "Go-Stop, the player's turn", 0.03),
          ("nertsp", "Nerts round paused (P: waits for the player)", 0.03),
          ("nerts4", "Nerts, 4 seats, 3 expert computers", 0.30)]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS   # utime, stime


class VirtualDisplay:
    """Xvfb on a free display number, or the real display named in GNERTS_BENCH_DISPLAY."""

    def __init__(self, size=(1920, 1080)):
        self.proc = None
        self.name = os.environ.get("GNERTS_BENCH_DISPLAY")
        if self.name:
            return
        if not shutil.which("Xvfb"):
            raise RuntimeError("no Xvfb (Debian package xvfb) and no GNERTS_BENCH_DISPLAY")
        for n in range(91, 120):
            if not os.path.exists(f"/tmp/.X{n}-lock"):
                break
        self.name = f":{n}"
        screen = f"{size[0]}x{size[1]}x24"
        self.proc = subprocess.Popen(["Xvfb", self.name, "-screen", "0", screen, "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)

    def close(self):
        if self.proc:
            self.proc.terminate()
            self.proc.wait(5)


def measure(scene: str, display: str, seconds: float, root: str = ROOT,
            extra_env=None) -> tuple[float, str]:
    """(share of one core over `seconds`, the display path used) for one scene."""
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=root, **(extra_env or {}))
    with tempfile.TemporaryDirectory() as save_dir:
        proc = subprocess.Popen([sys.executable, "-m", "bench.idle_probe", scene, save_dir], cwd=root,
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = proc.stdout.readline().split()
            if not line or line[0] != "READY":
                raise RuntimeError(f"the {scene} probe did not start")
            time.sleep(1.0)          # settle: start-up work done
            c0, t0 = cpu_seconds(proc.pid), time.perf_counter()
            time.sleep(seconds)
            c1, t1 = cpu_seconds(proc.pid), time.perf_counter()
        finally:
            proc.kill()
            proc.wait(5)
    return (c1 - c0) / (t1 - t0), (line[1] if len(line) > 1 else "?")


def compare(before: str, seconds: float, repeats: int = 3) -> None:
    """Before/after in one run: each scene measured `repeats` times alternately in the
    tree `before` (an older checkout, given the same probe) and in this one; the
    medians and their ratio printed. (python -m bench.idle BEFORE_DIR [SECONDS])"""
    display = VirtualDisplay()
    try:
        for scene, label, limit in SCENES:
            got: dict[str, list[float]] = {"before": [], "after": []}
            for _ in range(repeats):
                for key, root in (("before", before), ("after", ROOT)):
                    got[key].append(measure(scene, display.name, seconds, root)[0])
            b, a = (sorted(v)[len(v) // 2] for v in (got["before"], got["after"]))
            print(f"{label:48s} before {b * 100:5.1f}%  after {a * 100:5.1f}%  "
                  f"after/before {a / b if b else float('nan'):.2f}  (limit {limit * 100:.0f}%)", flush=True)
    finally:
        display.close()


if __name__ == "__main__":
    compare(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 5.0)


def rows(quick: bool, row) -> list:
    seconds = 2.0 if quick else 10.0
    try:
        display = VirtualDisplay()
    except RuntimeError as exc:
        return [row("idle CPU", f"{label} (1920x1080 full screen)", f"not measured: {exc}")
                for _, label, _ in SCENES]
    out = []
    try:
        for scene, label, limit in SCENES:
            share, kind = measure(scene, display.name, seconds)
            out.append(row("idle CPU", f"{label} (1920x1080 full screen, {kind})",
                           f"{share * 100:.1f}% of a core over {seconds:.0f} s",
                           {"share": share, "path": kind},
                           f"<= {limit * 100:.0f}%", share <= limit))
    finally:
        display.close()
    return out
