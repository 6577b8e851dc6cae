"""Measurement only: the bench's told-the-truth players (bench/gin_cheat.py,
bench/gnono_cheat.py) learn the hidden state from the engine the match loop last
built a view of. Never imported by game/."""
from __future__ import annotations


def note_viewed(cls) -> list:
    """Wrap cls.view so that each call notes its engine; the returned list's one
    item is the engine last asked for a view (None before the first)."""
    last: list = [None]
    plain = cls.view
    if getattr(plain, "noted", None) is not None:      # wrapped already: share its note
        return plain.noted

    def view(self, seat):
        last[0] = self
        return plain(self, seat)

    view.noted = last
    cls.view = view
    return last
