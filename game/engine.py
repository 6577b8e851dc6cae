"""What every rules engine shares: the illegal-move error and RNG state in JSON.

No pygame here: rules engines import this module and stay pure.
"""
from __future__ import annotations

import random


class IllegalMove(Exception):
    """A move the rules refuse. `reason` is a short sentence a table can show."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def rng_state_to_json(rng: random.Random) -> list:
    """The state of a random.Random as plain JSON lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data) -> random.Random:
    """A random.Random restored from rng_state_to_json's output."""
    version, internal, gauss = data
    rng = random.Random()
    rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
    return rng


def is_int(v) -> bool:
    """A whole number in a save, and not a boolean (JSON true is no count)."""
    return isinstance(v, int) and not isinstance(v, bool)


def read_guarded(read, data, what: str):
    """read(data) for a from_json: any slip on damaged data (a missing key, a wrong
    type) becomes the one ValueError saves are refused with."""
    try:
        return read(data)
    except ValueError:
        raise
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise ValueError(f"bad {what}: {e!r}") from None
