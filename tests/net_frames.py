"""The one wait of the network table tests: run a step (pump the host's transport, run
a frame...) until a condition holds, on the wall clock, bounded in time."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def run_until(step: Callable[[], Any], done: Callable[[], Any], timeout_s: float = 20.0) -> bool:
    """Call step() then done() until done() is true (True) or the time is up (False)."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        step()
        if done():
            return True
        time.sleep(0.001)
    return False
