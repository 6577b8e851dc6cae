"""SIGKILL the real program (`python main.py --game ...`, SDL dummy drivers) while it
plays and saves, again and again on one saves folder: every save left on disk must load
whole (the game resumes, options and statistics read back), and none is ever set aside.

Random keys come from tests/inject/sitecustomize.py (Enter, F8 then Enter = save and
resume, play keys); it reports each save's start and end so that we know how many kills
fell in the middle of a write. GNERTS_MAIN_KILLS sets the number of kills (default 8).
"""
import os
import random
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ["gin", "gostop", "gnono", "nerts"]


def load_everything(save_dir):
    """Every JSON file in the folder read back through the program's own readers."""
    import importlib

    from game.app import App
    app = App(save_dir=save_dir, fullscreen=False, realtime=False)
    try:
        problems = list(app.storage.problems)   # options.json and stats.json at start-up
        assert not problems, problems
        for name in sorted(os.listdir(save_dir)):
            if name.endswith(".json") and name[:-5] in GAMES:
                table = importlib.import_module(f"game.{name[:-5]}.table").resume(app)
                assert table is not None, (name, app.storage.problems)
                table.check_invariants()
        assert not app.storage.problems, app.storage.problems
        bad = [n for n in os.listdir(save_dir) if n.endswith(".bad")]
        assert not bad, bad
    finally:
        app.close()


def test_sigkill_main_while_it_plays_and_saves(tmp_path):
    kills = int(os.environ.get("GNERTS_MAIN_KILLS", "8"))
    rng = random.Random(13)
    save_dir = str(tmp_path / "saves")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=os.path.join(ROOT, "tests", "inject") + os.pathsep + ROOT)
    saves = mid_write = 0
    for i in range(kills):
        game = GAMES[i % len(GAMES)]
        env["GNERTS_INJECT_SEED"] = str(i)
        out = tmp_path / f"out-{i}.txt"
        with open(out, "w") as f:
            p = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), "--windowed", "--game", game,
                                  "--seed", str(100 + i), "--save-dir", save_dir],
                                 stdout=f, stderr=subprocess.PIPE, env=env)
            # let it start, play and save; then kill it, often right as a save begins
            deadline = time.time() + 1.0 + rng.random() * 1.5
            while time.time() < deadline and p.poll() is None:
                time.sleep(0.01)
                text = out.read_text()
                if rng.random() < 0.3 and text.count("SAVE-START") > text.count("SAVE-END"):
                    break
            p.send_signal(signal.SIGKILL)
            _, err = p.communicate(timeout=30)
        text = out.read_text()
        saves += text.count("SAVE-END")
        mid_write += text.count("SAVE-START") > text.count("SAVE-END")
        assert b"Traceback" not in err, err.decode(errors="replace")
        load_everything(save_dir)
    print(f"{kills} kills of main.py, {saves} saves written, {mid_write} kills during a write")
    assert saves > 0
