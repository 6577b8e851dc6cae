"""The program under abuse: no audio device, a tiny window, an unwritable saves
folder, a save interrupted by SIGKILL."""
import json
import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

from game.scenes.overlays import MessageBox
from game.screen import fit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_main(*args, **env):
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    e.update(env)
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *args],
                          capture_output=True, text=True, env=e, timeout=120)


def test_no_audio_device_runs_silent(tmp_path):
    r = run_main("--frames", "20", "--save-dir", str(tmp_path), SDL_AUDIODRIVER="no-such-driver")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr


def test_unwritable_saves_folder_runs_and_says_so(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    r = run_main("--frames", "20", "--save-dir", str(blocker / "saves"))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr


def test_unwritable_saves_folder_is_told_on_screen(tmp_path):
    from game.app import App
    from game.scenes.menu import MenuScene
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    app = App(save_dir=str(blocker / "saves"), fullscreen=False, realtime=False)
    app.push(MenuScene(app))
    app.run(max_frames=1)
    assert isinstance(app.top, MessageBox)
    assert any("cannot be written" in line for line in app.top.lines)
    app.close()


@pytest.mark.parametrize("window,expect", [
    ((640, 480), (0, 0, 640, 480)), ((1920, 1080), (320, 60, 1280, 960)),
    ((1400, 1000), (60, 20, 1280, 960)), ((300, 200), (17, 0, 266, 200)), ((1, 1), (0, 0, 1, 1))])
def test_scaling_is_whole_and_centred_and_tiny_windows_shrink(window, expect):
    assert tuple(fit((640, 480), window)) == expect


def test_tiny_window_runs(tmp_path):
    from game.app import App
    from game.scenes.menu import MenuScene
    app = App(save_dir=str(tmp_path), fullscreen=False, realtime=False)
    if app.display.backend.kind == "renderer":
        app.display.backend.window.size = (100, 60)
    else:
        pygame.display.set_mode((100, 60))
    app.display.resized()
    assert app.display.backend.target.size == (80, 60)
    app.push(MenuScene(app))
    app.run(max_frames=3)
    assert app.running
    app.close()


WRITER = r"""
import sys
sys.path.insert(0, sys.argv[1])
from game.storage import Storage
st = Storage(sys.argv[2])
n = 0
print("ready", flush=True)
while True:
    n += 1
    # a save of some size, so that the write takes a while
    st.write_json("game.json", "test-game", 1, {"n": n, "payload": [n] * 20000})
"""


def test_sigkill_during_saves_leaves_the_old_or_the_new_file_whole(tmp_path):
    kills = int(os.environ.get("GNERTS_KILLS", "25"))
    seen = set()
    for i in range(kills):
        p = subprocess.Popen([sys.executable, "-c", WRITER, ROOT, str(tmp_path)], stdout=subprocess.PIPE)
        p.stdout.readline()
        time.sleep(0.05 + (i % 7) * 0.013)
        p.send_signal(signal.SIGKILL)
        p.wait()
        path = tmp_path / "game.json"
        if not path.exists():
            continue  # killed before the first rename: no file, not a broken one
        doc = json.loads(path.read_text())
        n = doc["data"]["n"]
        assert doc["data"]["payload"] == [n] * 20000
        seen.add(n)
    assert seen, "no save ever completed"
    from game.storage import Storage
    Storage(str(tmp_path)).check_writable()  # the next start cleans half-written temporaries
    assert sorted(os.listdir(tmp_path)) == ["game.json"]
