"""Where the program's files are: assets beside the code (or inside a frozen
bundle), saves in a folder that survives."""
from __future__ import annotations

import os
import sys


def base_dir() -> str:
    """The folder holding sprites/ and sounds/: the bundle when frozen."""
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return sys._MEIPASS
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def asset_path(*parts: str) -> str:
    return os.path.join(base_dir(), *parts)


def default_save_dir() -> str:
    """saves/ beside the program; when frozen, beside the executable if writable,
    else the user's data folder — never the temporary unpack folder."""
    if getattr(sys, "frozen", False):
        here = os.path.join(os.path.dirname(os.path.abspath(sys.executable)), "saves")
        try:
            os.makedirs(here, exist_ok=True)
            probe = os.path.join(here, ".write-test")
            with open(probe, "w") as f:
                f.write("ok")
            os.remove(probe)
            return here
        except OSError:
            if sys.platform == "win32":
                root = os.environ.get("APPDATA") or os.path.expanduser("~")
            else:
                root = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
            return os.path.join(root, "gnerts")
    return os.path.join(base_dir(), "saves")
