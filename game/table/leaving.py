"""The question before a player leaves a table, one text for every table: the game is
saved; at a hosted table the players joined over the network are dropped with it (the
table closes for them), and the question says so by name. No pygame here."""
from __future__ import annotations

from collections.abc import Sequence

from game.words import listed

LEAVE_SAVED = "Leave the game? (the game is saved)"


def leave_question(dropped: Sequence[str] = ()) -> str:
    """The Leave box's question; `dropped`: the names of the network players seated now."""
    if not dropped:
        return LEAVE_SAVED
    return (f"Leave the game? It is saved, but the table closes: {listed(dropped)} "
            f"{'is' if len(dropped) == 1 else 'are'} dropped from it.")
