"""The one-file executable: built with PyInstaller from gnerts.spec, then run headless
for each game. Slow (minutes): runs only with GNERTS_BUILD=1 (.ci/run sets it in a
step of its own)."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = [pytest.mark.build,
              pytest.mark.skipif(not os.environ.get("GNERTS_BUILD"), reason="set GNERTS_BUILD=1 to build")]


@pytest.fixture(scope="module")
def exe(tmp_path_factory):
    work = tmp_path_factory.mktemp("build")
    r = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                        "--distpath", str(work / "dist"), "--workpath", str(work / "build"), "gnerts.spec"],
                       cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0, r.stderr[-3000:]
    name = "gnerts.exe" if sys.platform == "win32" else "gnerts"
    # run it from a folder of its own, as a player would after copying the file
    home = tmp_path_factory.mktemp("player")
    shutil.copy(work / "dist" / name, home / name)
    return home / name


def run(exe, *args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GNERTS_REPORT_SCENE="1")
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=300,
                          cwd=str(exe.parent), env=env)


def test_version(exe):
    r = run(exe, "--version")
    assert r.returncode == 0 and "G'NERTS" in r.stdout


def test_bad_flag_exits_2(exe):
    r = run(exe, "--no-such-flag")
    assert r.returncode == 2 and "Traceback" not in r.stderr


FIRST_SCENE = {None: "TitleScene", "nerts": "SetupScene", "gin": "SessionScene",
               "gnono": "GnonoSetup", "gostop": "GoStopSetup"}


@pytest.mark.parametrize("game", [None, "nerts", "gin", "gnono", "gostop"])
def test_runs_headless_for_each_game(exe, game):
    args = ["--frames", "60"] + (["--game", game] if game else [])
    r = run(exe, *args)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr and "Failed to execute" not in r.stderr
    # the game's own first screen, not the menu saying its table is missing
    assert f"GNERTS-SCENE {FIRST_SCENE[game]}" in r.stdout, r.stdout[-500:]
    # saves go beside the executable, never into the temporary unpack folder
    assert (exe.parent / "saves").is_dir()
