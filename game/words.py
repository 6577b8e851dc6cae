"""Small helpers for the sentences the tables show and say. No pygame here."""
from __future__ import annotations


def counted(k: int, word: str, plural: str | None = None, signed: bool = False) -> str:
    """'1 card', '2 cards', '0 points' (signed: '+1 chip', '-3 chips'): the count with
    its noun in the right number."""
    number = f"{k:+d}" if signed else str(k)
    return f"{number} {word if abs(k) == 1 else plural or word + 's'}"
