"""Small helpers for the sentences the tables show and say. No pygame here."""
from __future__ import annotations

from collections.abc import Sequence


def counted(k: int, word: str, plural: str | None = None, signed: bool = False) -> str:
    """'1 card', '2 cards', '0 points' (signed: '+1 chip', '-3 chips'): the count with
    its noun in the right number."""
    number = f"{k:+d}" if signed else str(k)
    return f"{number} {word if abs(k) == 1 else plural or word + 's'}"


def listed(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy': names in a sentence."""
    if len(names) < 3:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """'first', 'third': a place in words (a game seats ten at most; past that, the number)."""
    return ORDINALS[n - 1] if 1 <= n <= len(ORDINALS) else str(n)
