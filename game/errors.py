"""One way to report an internal error (a bug caught before it reached the player).

`report(exc, where)` prints the traceback to stderr, appends it to errors.log in the
saves folder (when one is set), keeps a line in `reported` (the App shows these as
`app.internal_errors`), and, when GNERTS_RAISE_INTERNAL is set (tests/conftest.py sets
it), raises the error again at once so a test cannot pass over a swallowed bug.
A test that checks the shielding itself turns raising off with `raising(False)`.
No pygame here: engines' callers and tables alike may use it.
"""
from __future__ import annotations

import os
import sys
import time
import traceback

from game.switches import EnvSwitch

ENV = "GNERTS_RAISE_INTERNAL"
LOG_NAME = "errors.log"
LOG_LIMIT = 256 * 1024   # the log is cut to its last part past this size

reported: list[str] = []
_log_dir: str | None = None
_RAISING = EnvSwitch(ENV)


def set_log_dir(path: str | None) -> None:
    global _log_dir
    _log_dir = path


def raises() -> bool:
    return _RAISING.on()


def raising(on: bool):
    """Raise (or not) on report() inside the block, whatever the environment says."""
    return _RAISING.forced(on)


def report(exc: BaseException, where: str) -> str:
    """Record a bug caught at `where`; returns the one-line summary."""
    line = f"{where}: {type(exc).__name__}: {exc}"
    reported.append(line)
    text = "".join(traceback.format_exception(exc))
    print(f"G'NERTS internal error at {where}:\n{text}", file=sys.stderr, flush=True)
    _append_log(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {where}\n{text}\n")
    if raises():
        raise exc
    return line


def note(text: str, where: str) -> None:
    """A problem of the machine, not a bug (no voice for speech): to stderr and errors.log,
    never raised; the player is told in plain words elsewhere."""
    print(f"G'NERTS at {where}: {text}", file=sys.stderr, flush=True)
    _append_log(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {where}\n{text}\n\n")


def _append_log(text: str) -> None:
    if not _log_dir:
        return
    path = os.path.join(_log_dir, LOG_NAME)
    try:
        os.makedirs(_log_dir, exist_ok=True)
        if os.path.exists(path) and os.path.getsize(path) > LOG_LIMIT:
            with open(path, "rb") as f:
                f.seek(-LOG_LIMIT // 2, os.SEEK_END)
                tail = f.read()
            with open(path, "wb") as f:
                f.write(tail)
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:  # a log that cannot be written must not become a second error
        print(f"G'NERTS: {LOG_NAME} could not be written in {_log_dir}: {exc}", file=sys.stderr, flush=True)
