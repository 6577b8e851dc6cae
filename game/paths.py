"""Where the program's files are: assets beside the code (or inside a frozen
bundle), saves in a folder that survives."""
from __future__ import annotations

import os
import sys

APP_NAME = "gnerts"


def base_dir() -> str:
    """The folder holding sprites/ and sounds/: the bundle when frozen."""
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return sys._MEIPASS
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def asset_path(*parts: str) -> str:
    return os.path.join(base_dir(), *parts)


def user_data_dir() -> str:
    """The user's data folder for G'NERTS (platformdirs: ~/.local/share/gnerts on
    Linux, %LOCALAPPDATA%\\gnerts on Windows, ~/Library/Application Support/gnerts)."""
    import platformdirs  # lazy: needed only by a frozen build beside an unwritable folder (start-up)
    return platformdirs.user_data_dir(APP_NAME, appauthor=False)


def default_save_dir() -> str:
    """saves/ beside the program; when frozen, beside the executable if writable,
    else the user's data folder — never the temporary unpack folder."""
    if getattr(sys, "frozen", False):
        here = os.path.join(os.path.dirname(os.path.abspath(sys.executable)), "saves")
        return here if _writable(here) else user_data_dir()
    return os.path.join(base_dir(), "saves")


def _writable(folder: str) -> bool:
    probe = os.path.join(folder, ".write-test")
    try:
        os.makedirs(folder, exist_ok=True)
        with open(probe, "w") as f:
            f.write("ok")
        os.remove(probe)
        return True
    except OSError:
        return False
