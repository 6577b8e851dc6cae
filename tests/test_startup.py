"""Start-up: the title's first frame waits for nothing it does not show. What is loaded
when the first frame is on screen, in a fresh program as main.py starts it (the sound
device opens right after that frame: game.audio's open; each cue is made when first played)."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# each is loaded where first used: the beeps' synthesis, the replays' hashing and
# index, libGL's lookup, the frozen build's data folder, and the menu's screens
NOT_BEFORE_THE_FIRST_FRAME = (
    "numpy", "hashlib", "datetime", "ctypes.util", "subprocess", "platformdirs",
    "game.replay_store", "game.replays", "game.scenes.options", "game.scenes.replays",
    "game.scenes.statistics", "game.scenes.challenge")

PROBE = """
import json, sys
import game.audio
def first_frame_shown(self):
    print("LOADED", json.dumps([m for m in sys.argv[2].split(",") if m in sys.modules]))
    raise SystemExit(0)
game.audio.Audio.open = first_frame_shown
import main
main.main(["--frames", "1", "--save-dir", sys.argv[1]])
"""


def test_the_first_frame_is_shown_before_what_the_title_does_not_need(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path), ",".join(NOT_BEFORE_THE_FIRST_FRAME)],
                          cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    line = [ln for ln in done.stdout.splitlines() if ln.startswith("LOADED ")]
    assert line, done.stderr[-2000:]
    assert json.loads(line[0].split(" ", 1)[1]) == []


PROBE_FIRST_SECOND = """
import json, sys
import game.audio
made = []
real = game.audio.square_wave
game.audio.square_wave = lambda notes, *a: made.append(notes) or real(notes, *a)
import main
main.main(["--frames", "120", "--save-dir", sys.argv[1]])
start = game.audio.load_cues()["start"]
print("SECOND", json.dumps({"numpy": "numpy" in sys.modules, "made": [n == start for n in made]}))
"""


def test_the_first_second_synthesizes_only_the_tune_it_plays(tmp_path):
    """The title's first 120 frames (its tune played, the sound device open) synthesize
    that one cue and load no numpy: no frame waits for the cues it does not play (it
    was 80-100 ms of numpy and every cue, in the first frame)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", PROBE_FIRST_SECOND, str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    line = [ln for ln in done.stdout.splitlines() if ln.startswith("SECOND ")]
    assert line, done.stderr[-2000:]
    assert json.loads(line[0].split(" ", 1)[1]) == {"numpy": False, "made": [True]}
