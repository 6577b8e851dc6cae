"""Whether a key that shows hidden cards (another seat's hand, the Stock, the deck's
order) may be used at this table. A challenge is the same game for both friends, and a
network player cannot see what the host would: at such tables every peeking key is
refused with its reason, in every game. The tables ask `peek_refusal` and answer the
key with the beep and the sentence it returns. No pygame here.
"""
from __future__ import annotations

CHALLENGE = "Not in a challenge: your friend played it without seeing them."
NETWORK = "Not while a network player is seated: they cannot see them either."


def peek_refusal(*, challenge: bool = False, network_humans: int = 0) -> str | None:
    """The reason a peeking key is refused at this table, or None where it may peek.
    `challenge`: a deal challenge is being played; `network_humans`: how many humans
    are seated over the network at a hosted table (0 at a table of one keyboard)."""
    if challenge:
        return CHALLENGE
    if network_humans > 0:
        return NETWORK
    return None
