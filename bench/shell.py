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
