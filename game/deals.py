"""Deal numbers: the number that seeds one hand's (or round's) shuffle.

Every engine deals a hand with `deal_rng(deal_no)` alone, so a hand's deal number
reproduces its cards; the game's own RNG only draws the next hand's deal number
(`next_deal_no`). The first hand of a game started on deal number N is dealt with N,
so two players who start on the same number get the same cards hand after hand, and
a reported hand can be replayed by its number (the menu's "Deal number" line).

No pygame here: the rules engines import this module.
"""
from __future__ import annotations

import random
from typing import TypeGuard

# Deal numbers are 0..999,999,999: nine digits. The one range for --seed and the
# menu's "Deal number" prompt (a seed the player gives is refused outside it).
DEAL_LIMIT = 10 ** 9
DEAL_DIGITS = len(str(DEAL_LIMIT - 1))


def is_deal_no(value: object) -> TypeGuard[int]:
    """A deal number as saved: a whole number 0 or more (a --seed may exceed nine digits)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10 ** 30


def fresh_deal_no() -> int:
    """A random deal number, for a game started without one."""
    return random.randrange(DEAL_LIMIT)


def next_deal_no(game_rng: random.Random, seed: int | None, first: bool) -> int:
    """The deal number of the next hand: the game's seed for its first hand (when the
    game has one), else drawn from the game's RNG."""
    if first and is_deal_no(seed):
        return seed
    return game_rng.randrange(DEAL_LIMIT)


def deal_rng(deal_no: int) -> random.Random:
    """The random source of one hand: its shuffle (and reshuffles, where a game has them)."""
    return random.Random(deal_no)


def check_optional_deal_no(value: object) -> int | None:
    """Validate a saved deal number or seed (None allowed); ValueError if bad."""
    if value is None or is_deal_no(value):
        return value
    raise ValueError(f"bad deal number {value!r}")
