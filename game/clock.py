"""Fixed-timestep accounting (Glenn Fiedler's "Fix Your Timestep").

Real time accumulates; the game advances in whole steps of STEP seconds. A frame
that took too long is clamped to MAX_FRAME so a stall never turns into a spiral.
"""
from __future__ import annotations

STEP_HZ = 120
STEP = 1.0 / STEP_HZ
MAX_FRAME = 0.25          # at most this much real time is accounted per frame
BLINK_STEPS = STEP_HZ // 4  # the text-mode blink: on 1/4 s, off 1/4 s (2 Hz)


class FixedClock:
    def __init__(self, step: float = STEP, max_frame: float = MAX_FRAME):
        self.step = step
        self.max_frame = max_frame
        self.accumulator = 0.0
        self.steps = 0  # steps taken since the start: the game's own time

    def advance(self, real_dt: float) -> int:
        """Account real_dt seconds; return how many fixed steps are now due."""
        self.accumulator += min(max(real_dt, 0.0), self.max_frame)
        due = 0
        # a tiny epsilon so that N * step of time gives exactly N steps
        while self.accumulator + 1e-9 >= self.step:
            self.accumulator -= self.step
            due += 1
        self.steps += due
        return due

    @property
    def alpha(self) -> float:
        """How far between two steps this frame falls (0..1), for smooth drawing."""
        return min(self.accumulator / self.step, 1.0)


def blink_on(steps: int) -> bool:
    """The blink attribute's phase at a given step count."""
    return (steps // BLINK_STEPS) % 2 == 0
