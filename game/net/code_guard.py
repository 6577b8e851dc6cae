"""CodeGuard: the host's limit on guessing a table's code. Each failed key exchange
(seal.py: a wrong code, or an exchange left unfinished) counts once, for its address
(an IPv6 /64 is one: door.address_key) and for the table. WRONG_CODES from one address
within BAR_S seconds bar that address for BAR_S seconds; TABLE_WRONG_CODES from all
addresses bar the table's new joins as long (a guesser with many addresses). A bar
never keeps out a valid seat token: a barred connection still makes its key exchange,
and only a hello with a seat's token gets in; every other, right code or wrong, is
told the same "Too many wrong codes: wait a minute" in clear, so a guess teaches the
guesser nothing while barred. A household mistyping the code stays far below both
limits; a 6-letter code (32^6 values) at these rates takes a guesser centuries.
The clock is given (tests use a fake one); what is kept is bounded. No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable

from game.net.door import address_key

WRONG_CODES = 8          # failed exchanges from one address...
TABLE_WRONG_CODES = 40   # ...or from all addresses...
BAR_S = 60.0             # ...within this many seconds bar it (or the table) for as long
MAX_ADDRESSES = 4096     # addresses remembered at most (the oldest are forgotten)
TABLE = "*"              # the table's own count (no address key is "*")


class CodeGuard:
    def __init__(self, clock: Callable[[], float], limit: int = WRONG_CODES, bar_s: float = BAR_S,
                 table_limit: int = TABLE_WRONG_CODES):
        self.clock, self.limit, self.bar_s, self.table_limit = clock, limit, bar_s, table_limit
        self.wrong: dict[str, list[float]] = {}     # address (or TABLE) -> when its failures came
        self.barred: dict[str, float] = {}          # address (or TABLE) -> until when it is barred

    def is_barred(self, address: str) -> bool:
        """New joins from the address are refused now (its own bar or the table's)."""
        return self._barred(address_key(address)) or self._barred(TABLE)

    def _barred(self, key: str) -> bool:
        until = self.barred.get(key)
        if until is None:
            return False
        if self.clock() < until:
            return True
        del self.barred[key]
        return False

    def wrong_code(self, address: str) -> bool:
        """The address failed a key exchange: True if it is barred now."""
        self._count(TABLE, self.table_limit)
        self._count(address_key(address), self.limit)
        return self.is_barred(address)

    def _count(self, key: str, limit: int) -> None:
        now = self.clock()
        times = [t for t in self.wrong.pop(key, []) if now - t < self.bar_s] + [now]
        if len(times) >= limit:
            self.barred[key] = now + self.bar_s
            self._forget(self.barred)
        else:
            self.wrong[key] = times          # (re)inserted last: the dict stays oldest first
            self._forget(self.wrong)

    def _forget(self, table: dict[str, float] | dict[str, list[float]]) -> None:
        while len(table) > MAX_ADDRESSES:
            oldest = next(k for k in table if k != TABLE)
            del table[oldest]
