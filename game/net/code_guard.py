"""CodeGuard: the host's limit on guessing a table's code. A source address that sent
WRONG_CODES wrong codes within BAR_S seconds is refused for BAR_S seconds, whatever
code it sends meanwhile (the joiner reads "Too many wrong codes: wait a minute").
A 6-letter code has 32^6 values: at 5 tries a minute a guesser needs centuries.
The clock is given (tests use a fake one); what is kept is bounded. No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable

WRONG_CODES = 5          # wrong codes from one address...
BAR_S = 60.0             # ...within this many seconds bar it for as long
MAX_ADDRESSES = 4096     # addresses remembered at most (the oldest are forgotten)


class CodeGuard:
    def __init__(self, clock: Callable[[], float], limit: int = WRONG_CODES, bar_s: float = BAR_S):
        self.clock, self.limit, self.bar_s = clock, limit, bar_s
        self.wrong: dict[str, list[float]] = {}     # address -> when its wrong codes came
        self.barred: dict[str, float] = {}          # address -> until when it is refused

    def is_barred(self, address: str) -> bool:
        """The address is refused now (a bar that has run out is lifted)."""
        until = self.barred.get(address)
        if until is None:
            return False
        if self.clock() < until:
            return True
        del self.barred[address]
        return False

    def wrong_code(self, address: str) -> bool:
        """The address sent a wrong code: True if that bars it now."""
        now = self.clock()
        times = [t for t in self.wrong.pop(address, []) if now - t < self.bar_s] + [now]
        if len(times) >= self.limit:
            self.barred[address] = now + self.bar_s
            self._forget(self.barred)
            return True
        self.wrong[address] = times          # (re)inserted last: the dict stays oldest first
        self._forget(self.wrong)
        return False

    def _forget(self, table: dict[str, float] | dict[str, list[float]]) -> None:
        while len(table) > MAX_ADDRESSES:
            del table[next(iter(table))]
