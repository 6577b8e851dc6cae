"""The real program in a window on a private X server (Xvfb), typed on by xdotool as a
keyboard types: Shift+; must give ":" in the Join screen's address (issue 44, item 1).
The program reports what each character made through tests/inject/sitecustomize.py
(GNERTS_REPORT_TYPING). Skipped where Xvfb or xdotool is missing; a few seconds."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADDRESS = "127.0.0.1:47480"

pytestmark = [pytest.mark.xvfb,
              pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                 reason="Xvfb and xdotool are not installed")]


@pytest.fixture
def display():
    """A private X server: Xvfb picks a free display number and writes it (-displayfd)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "800x600x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as f:
            number = f.readline().strip()
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def xdotool(display: str, *args: str) -> str:
    return subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display), check=True,
                          capture_output=True, text=True, timeout=10).stdout


def test_xdotool_types_host_and_port_into_the_join_screen(display, tmp_path):
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", GNERTS_REPORT_TYPING="1",
               PYTHONPATH=os.path.join(ROOT, "tests", "inject") + os.pathsep + ROOT)
    out = tmp_path / "out.txt"
    with open(out, "w") as f:
        program = subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), "--windowed",
                                    "--save-dir", str(tmp_path / "saves")],
                                   stdout=f, stderr=subprocess.STDOUT, env=env)
    try:
        window = ""
        deadline = time.time() + 15
        while not window and time.time() < deadline and program.poll() is None:
            time.sleep(0.1)
            found = subprocess.run(["xdotool", "search", "--pid", str(program.pid)], env=env,
                                   capture_output=True, text=True, timeout=10).stdout.split()
            window = found[0] if found else ""
        assert window, f"no window: {out.read_text()}"
        xdotool(display, "windowfocus", "--sync", window)
        xdotool(display, "key", "--delay", "150", "Return", "j")      # the title, then J: Join a table
        deadline = time.time() + 10       # (a loaded machine may take a while to open it)
        while "JOIN SCREEN" not in out.read_text() and time.time() < deadline:
            time.sleep(0.1)
        time.sleep(0.2)
        xdotool(display, "type", "--delay", "40", ADDRESS)
        deadline = time.time() + 10
        while f"TYPED address={ADDRESS}\n" not in out.read_text() and time.time() < deadline:
            time.sleep(0.1)
        typed = [line for line in out.read_text().splitlines() if line.startswith("TYPED")]
        assert typed and typed[-1] == f"TYPED address={ADDRESS}", out.read_text()
        assert len(typed) == len(ADDRESS), typed      # one character each: none lost, none twice
    finally:
        program.kill()
        program.wait(timeout=10)
