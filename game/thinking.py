"""A computer that thinks in slices: the one way the strong players (Gin and Gnono
expert, Go-Stop hard) spread a long decision over the table's update steps.

A class that mixes this in provides `self.rng` (its random.Random) and
`choose_iter(view)`, a generator that yields after each piece of work and returns
the move. Then:

    ai.start_choice(view)   # when the engine asks this seat (the random state is noted)
    ai.work(0.001)          # each update step: about 1 ms; the move once decided, else None
    ai.cancel()             # the state changed first: the random state is put back
    ai.rng_at_rest()        # what a save keeps meanwhile (the choice is redone on resume)
    ai.choose(view)         # or all at once: the same move

No pygame here.
"""
from __future__ import annotations

import random
import time


class SlicedThinking:
    _thinking = None      # the generator of the choice under way
    _rest_state = None    # the random state before it began
    _unit_s = 0.0         # how long the last piece of work took

    def check_view(self, view) -> None:
        """Raise ValueError if the view does not ask this player anything."""

    def choose(self, view):
        """The move for the view, thought out at once."""
        self.start_choice(view)
        return self.finish()

    def start_choice(self, view) -> None:
        self.check_view(view)
        self._rest_state = self.rng.getstate()
        self._thinking = self.choose_iter(view)
        self._unit_s = 0.0

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def work(self, budget_s: float):
        """Think on for about budget_s seconds: the move once decided, else None. At
        least one piece of work is done a call; another begins only if the last one's
        length still fits in the budget."""
        it = self._thinking
        if it is None:
            raise ValueError("no choice started")
        now = time.perf_counter()
        end = now + budget_s
        while True:
            try:
                next(it)
            except StopIteration as done:
                self._thinking = self._rest_state = None
                return done.value
            except BaseException:
                self._thinking = self._rest_state = None
                raise
            t = time.perf_counter()
            self._unit_s, now = t - now, t
            if now + self._unit_s > end:
                return None

    def finish(self):
        """The started choice, run to its end at once."""
        while True:
            move = self.work(1e9)
            if move is not None:
                return move

    def cancel(self) -> None:
        """Drop an unfinished choice and put the random state back where it began:
        starting the same choice again then gives the same move."""
        if self._thinking is not None:
            self._thinking.close()
            self.rng.setstate(self._rest_state)
        self._thinking = self._rest_state = None

    def rng_at_rest(self) -> random.Random:
        """The random state to save: as it was before an unfinished choice began."""
        if self._thinking is None:
            return self.rng
        r = random.Random()
        r.setstate(self._rest_state)
        return r
