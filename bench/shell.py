"""Start-up, frame time and key-to-frame latency of the program's scenes."""
from __future__ import annotations

import os
import subprocess
import sys
import time

from bench.stats import summary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _env(display: str | None = None):
    """SDL's dummy drivers, or the X display named (a real window, as players have)."""
    video = dict(SDL_VIDEODRIVER="x11", DISPLAY=display) if display else dict(SDL_VIDEODRIVER="dummy")
    return dict(os.environ, **video, SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1", GNERTS_REPORT_FIRST_FRAME="1")


SHOWN = "print('GNERTS-FIRST-FRAME', f'{time.time():.6f}')"
BARE = {   # the baselines: pygame's display started, and a bare window shown
    "bare": f"import time, pygame; pygame.display.init(); {SHOWN}",
    "window": ("import time, pygame; pygame.display.init(); s = pygame.display.set_mode((640, 480)); "
               f"s.fill((0, 0, 170)); pygame.display.flip(); {SHOWN}"),
}


def startup(runs: int, save_dir: str, display: str | None = None) -> dict:
    """Seconds from launching `main.py --frames 1` to its first frame, and from launching
    the bare baselines to theirs, taken in turn in the same run (a shared machine's load
    falls on all three alike). With `display`, in a window on that X display."""
    # Bytecode first, as an installed game has it after its first run (this
    # machine sets PYTHONDONTWRITEBYTECODE, so every start would compile anew).
    subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.join(ROOT, "game"),
                    os.path.join(ROOT, "main.py")], check=False, capture_output=True)
    game_cmd = [sys.executable, os.path.join(ROOT, "main.py"), "--frames", "1", "--save-dir", save_dir]
    cmds = {"game": game_cmd + (["--windowed"] if display else []),
            **{k: [sys.executable, "-c", code] for k, code in BARE.items()}}
    out: dict[str, list[float]] = {k: [] for k in cmds}
    keys = list(cmds)
    for n in range(runs):
        # each round starts with the next one: none always follows another's exit
        for key in keys[n % len(keys):] + keys[:n % len(keys)]:
            cmd = cmds[key]
            t0 = time.time()
            r = subprocess.run(cmd, capture_output=True, text=True, env=_env(display), timeout=120)
            line = [ln for ln in r.stdout.splitlines() if ln.startswith("GNERTS-FIRST-FRAME")]
            if r.returncode != 0 or not line:
                raise RuntimeError(f"start-up run failed: {r.stderr[-500:]}")
            out[key].append(float(line[0].split()[1]) - t0)
    return {k: summary(v) for k, v in out.items()}


# one fresh program: pygame's import and then `import game.app` timed, then the game
# named by argv[1] loaded (its parts: engine, tables, codecs) the way a first play loads it
IMPORT_CODE = """
import json, sys, time
t0 = time.perf_counter()
import pygame
t1 = time.perf_counter()
import game.app
t2 = time.perf_counter()
from game.games import BY_KEY
out = {"pygame": t1 - t0, "app": t2 - t1}
t3 = time.perf_counter()
BY_KEY[sys.argv[1]].parts
out["parts"] = time.perf_counter() - t3
print("GNERTS-IMPORT", json.dumps(out))
"""
# one fresh program: the shell's modules that every spec uses, then one game's spec
# module alone (-X importtime's cumulative figure for it): what that game's declaration
# costs at start-up, not counting what an earlier game in the list loaded for it
SPEC_CODE = "import pygame, game.gamespec, game.ui, game.storage; import game.{}.spec"


def import_times(runs: int) -> dict:
    """Seconds of pygame's import and of `import game.app` after it (no game's parts
    load: only their declarations), and per game, of its spec module at start-up and
    of its parts on first use; each a median of `runs` fresh programs."""
    import json

    from game.games import GAMES
    out: dict = {"pygame": [], "app": [], **{g.key: {"spec": [], "parts": []} for g in GAMES}}
    for _ in range(runs):
        for g in GAMES:
            r = subprocess.run([sys.executable, "-c", IMPORT_CODE, g.key],
                               capture_output=True, text=True, env=_env(), timeout=120, cwd=ROOT)
            line = [ln for ln in r.stdout.splitlines() if ln.startswith("GNERTS-IMPORT")]
            if r.returncode != 0 or not line:
                raise RuntimeError(f"import run failed: {r.stderr[-500:]}")
            got = json.loads(line[0].split(" ", 1)[1])
            out["pygame"].append(got["pygame"])
            out["app"].append(got["app"])
            out[g.key]["parts"].append(got["parts"])
            r = subprocess.run([sys.executable, "-X", "importtime", "-c", SPEC_CODE.format(g.key)],
                               capture_output=True, text=True, env=_env(), timeout=120, cwd=ROOT)
            spec = [ln for ln in r.stderr.splitlines() if ln.rstrip().endswith(f"| game.{g.key}.spec")]
            if r.returncode != 0 or not spec:
                raise RuntimeError(f"spec import run failed: {r.stderr[-500:]}")
            out[g.key]["spec"].append(int(spec[0].split("|")[1]) / 1e6)
    return {k: summary(v) if isinstance(v, list) else {p: summary(x) for p, x in v.items()}
            for k, v in out.items()}


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
