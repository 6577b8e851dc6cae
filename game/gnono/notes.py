"""One short line of text per Gnono event, for the table's notes line and logs.

describe(event, names, viewer) -> str or None (None: nothing worth a line, e.g.
"turn"). Cards drawn are named only to their owner (`viewer`); others see a count.
"""
from __future__ import annotations

from game.gnono.cards import COLOR_NAMES
from game.gnono.rules import Event

_REASONS = {"draw_two": " (Draw Two)", "wild_draw_four": " (Wild Draw Four)",
            "uno_penalty": " (no UNO!)", "challenge_lost": " (challenge)", "draw": ""}


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def describe(ev: Event, names, viewer: int | None = None) -> str | None:
    def nm(seat):
        return names[seat] if seat is not None else "?"

    k = ev.kind
    if k == "played":
        s = f"{nm(ev.seat)} played {ev.card.name}"
        if ev.card.is_wild and ev.color:
            s += f", {COLOR_NAMES[ev.color]}"
        return s
    if k == "color":
        return f"{nm(ev.seat)} chose {COLOR_NAMES[ev.color]}"
    if k == "drew":
        if ev.count == 0:
            return f"{nm(ev.seat)} found nothing to draw"
        what = ", ".join(c.name for c in ev.cards) if viewer == ev.seat else _cards(ev.count)
        return f"{nm(ev.seat)} drew {what}{_REASONS.get(ev.reason, '')}"
    if k == "passed":
        return f"{nm(ev.seat)} passed"
    if k == "skipped":
        return f"{nm(ev.seat)} is skipped"
    if k == "reversed":
        return "Direction reversed"
    if k == "challenged":
        verdict = "guilty" if ev.guilty else "not guilty"
        return f"{nm(ev.seat)} challenged {nm(ev.target)}: {verdict}"
    if k == "uno":
        return f"{nm(ev.seat)}: UNO!"
    if k == "caught":
        return f"{nm(ev.seat)} caught {nm(ev.target)} without UNO!"
    if k == "reshuffled":
        return "Discards reshuffled into a new draw pile"
    if k == "jump_in":
        return f"{nm(ev.seat)} jumps in!"
    if k == "swapped":
        return f"{nm(ev.seat)} swapped hands with {nm(ev.target)}"
    if k == "hands_passed":
        return "Everyone passes their hand on"
    if k == "round_over":
        return f"{nm(ev.seat)} goes out and scores {ev.points}"
    if k == "game_over":
        return f"{nm(ev.seat)} wins the game with {ev.points}"
    if k == "first_card":
        return f"First card: {ev.card.name}"
    if k == "wild_returned":
        return f"{ev.card.name} turned first goes back into the pile"
    if k == "deal":
        return f"{nm(ev.seat)} deals {ev.count} each"
    return None
