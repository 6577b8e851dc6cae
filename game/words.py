"""Small helpers for the sentences the tables show and say. No pygame here."""
from __future__ import annotations


def counted(k: int, word: str, plural: str | None = None) -> str:
    """'1 card', '2 cards', '0 points': the count with its noun in the right number."""
    return f"{k} {word if k == 1 else plural or word + 's'}"
