"""Start-up, frame time and key-to-frame latency of the program's scenes."""
from __future__ import annotations

import os
import subprocess
import sys
import time

from bench.stats import summary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _env():
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1", GNERTS_REPORT_FIRST_FRAME="1")


def startup(runs: int, save_dir: str) -> dict:
    """Seconds from launching `main.py --frames 1` to its first frame, and a bare
    pygame display init measured the same way in the same run."""
    # Bytecode first, as an installed game has it after its first run (this
    # machine sets PYTHONDONTWRITEBYTECODE, so every start would compile anew).
    subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.join(ROOT, "game"),
                    os.path.join(ROOT, "main.py")], check=False, capture_output=True)
    game, bare = [], []
    bare_code = ("import time, pygame; pygame.display.init(); "
                 "print('GNERTS-FIRST-FRAME', f'{time.time():.6f}')")
    for _ in range(runs):
        for cmd, out in (([sys.executable, "-c", bare_code], bare),
                         ([sys.executable, os.path.join(ROOT, "main.py"), "--frames", "1",
                           "--save-dir", save_dir], game)):
            t0 = time.time()
            r = subprocess.run(cmd, capture_output=True, text=True, env=_env(), timeout=120)
            line = [ln for ln in r.stdout.splitlines() if ln.startswith("GNERTS-FIRST-FRAME")]
            if r.returncode != 0 or not line:
                raise RuntimeError(f"start-up run failed: {r.stderr[-500:]}")
            out.append(float(line[0].split()[1]) - t0)
    return {"game": summary(game), "bare": summary(bare)}


# one fresh program: `import game.app` timed, then the game named by argv[1] loaded
# (its parts: engine, tables, codecs) the way a first play loads it
IMPORT_CODE = """
import json, sys, time
t0 = time.perf_counter()
import game.app
t1 = time.perf_counter()
from game.games import BY_KEY
out = {"app": t1 - t0}
if sys.argv[1] != "-":
    t2 = time.perf_counter()
    BY_KEY[sys.argv[1]].parts
    out["parts"] = time.perf_counter() - t2
print("GNERTS-IMPORT", json.dumps(out))
"""


def import_times(runs: int) -> dict:
    """Seconds of `import game.app` (no game's parts load: only their declarations,
    each game's spec module timed by -X importtime) and, per game, of its parts
    loading on first use; each a median of `runs` fresh programs."""
    import json

    from game.games import GAMES
    out: dict = {"app": [], **{g.key: {"spec": [], "parts": []} for g in GAMES}}
    for _ in range(runs):
        for g in GAMES:
            r = subprocess.run([sys.executable, "-X", "importtime", "-c", IMPORT_CODE, g.key],
                               capture_output=True, text=True, env=_env(), timeout=120, cwd=ROOT)
            line = [ln for ln in r.stdout.splitlines() if ln.startswith("GNERTS-IMPORT")]
            if r.returncode != 0 or not line:
                raise RuntimeError(f"import run failed: {r.stderr[-500:]}")
            got = json.loads(line[0].split(" ", 1)[1])
            out["app"].append(got["app"])
            out[g.key]["parts"].append(got["parts"])
            spec = [ln for ln in r.stderr.splitlines() if ln.rstrip().endswith(f"game.{g.key}.spec")]
            out[g.key]["spec"].append(int(spec[0].split("|")[1]) / 1e6 if spec else 0.0)
    return {k: summary(v) if k == "app" else {p: summary(x) for p, x in v.items()} for k, v in out.items()}


def make_app(save_dir: str):
    for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT"):
        os.environ.setdefault(k, _env()[k])
    from game.app import App
    return App(save_dir=save_dir, fullscreen=False, realtime=False)


def frame_times(app, scene, frames: int, warmup: int = 60) -> dict:
    """A scene pushed and run; see run_frames."""
    app.push(scene)
    return run_frames(app, frames, warmup)


def run_frames(app, frames: int, warmup: int = 60, before_frame=None) -> dict:
    """update+draw seconds per frame (no vsync wait): wall time from app.frame_times,
    and this thread's CPU time per frame beside it (a loaded machine inflates the
    wall time's tail, not the CPU time; the CPU figure includes the dummy present).
    Every frame is drawn (app.always_draw): the cost of a frame that changes, not of
    the idle frames the program skips."""
    app.always_draw = True
    app.run(max_frames=warmup)
    wall, cpu = [], []
    for _ in range(frames):
        if before_frame:
            before_frame()  # e.g. an autopilot for the human seat, off the clock
        app.frame_times.clear()
        c0 = time.thread_time()
        app.run(max_frames=1)
        cpu.append(time.thread_time() - c0)
        wall.extend(app.frame_times)
    out = summary(wall)
    out["cpu"] = summary(cpu)
    return out


def key_latency(app, key, unicode: str = "", max_frames: int = 10) -> int:
    """Frames from posting a key until the canvas differs (1 = the first frame after)."""
    import pygame
    app.run(max_frames=2)
    before = pygame.image.tobytes(app.canvas, "RGB")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=0, scancode=0))
    for n in range(1, max_frames + 1):
        app.run(max_frames=1)
        if pygame.image.tobytes(app.canvas, "RGB") != before:
            return n
    return -1
