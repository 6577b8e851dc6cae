"""What the engine's events say in the notes line, and the sound of each.

`Speaker(names)` conjugates for "You" (a seat named "You" is addressed as such).
`narrate(ev, speaker, viewer)` -> (text or None, cue or None); `viewer` is the seat
whose hand is on screen: only it hears which cards it drew.
"""
from __future__ import annotations

from .cards import COLOR_NAMES

COLOR_WORDS = {c: f"{n} ({c})" for c, n in COLOR_NAMES.items()}

REASONS = {
    "draw_two": "for the Draw Two", "wild_draw_four": "for the Wild Draw Four",
    "uno_penalty": "for not calling \"UNO!\"", "challenge_lost": "for the lost challenge",
}


class Speaker:
    def __init__(self, names):
        self.names = list(names)

    def you(self, seat) -> bool:
        return self.names[seat] == "You"

    def name(self, seat) -> str:
        return self.names[seat]

    def obj(self, seat) -> str:
        return "you" if self.you(seat) else self.names[seat]

    def verb(self, seat, verb: str, third: str | None = None) -> str:
        """"You play" / "Ada plays"."""
        if self.you(seat):
            return f"You {verb}"
        if third is None:
            third = verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")
        return f"{self.names[seat]} {third}"

    def his(self, seat) -> str:
        return "your" if self.you(seat) else "their"


def card_words(card) -> str:
    """"red 7 (R7)", "Wild Draw Four"."""
    return card.name if card.is_wild else f"{card.name} ({card})"


def narrate(ev, sp: Speaker, viewer: int | None = None):
    k = ev.kind
    s = ev.seat
    if k == "deal":
        return f"Round: {sp.verb(s, 'deal')} {ev.count} cards to each.", "shuffle"
    if k == "wild_returned":
        return f"A {ev.card.name} turned up first: it goes back into the pile.", "flip"
    if k == "first_card":
        return f"The first card is the {card_words(ev.card)}.", "flip"
    if k == "played":
        text = f"{sp.verb(s, 'play')} the {card_words(ev.card)}"
        if ev.card.is_wild and ev.color:
            text += f" and {'name' if sp.you(s) else 'names'} {COLOR_WORDS[ev.color]}"
        return text + ".", "card"
    if k == "color":
        return f"{sp.verb(s, 'name')} {COLOR_WORDS[ev.color]}.", "card"
    if k == "jump_in":
        return f"{sp.verb(s, 'jump')} in with the {card_words(ev.card)}!", "call"
    if k == "drew":
        n = ev.count
        what = f"{n} card{'s' if n != 1 else ''}"
        if s == viewer and ev.cards:
            what += ": " + " ".join(str(c) for c in ev.cards)
        why = REASONS.get(ev.reason, "")
        if n == 0:
            return f"The pile is empty: {sp.obj(s)} cannot draw.", None
        return f"{sp.verb(s, 'draw')} {what}{' ' + why if why else ''}.", "flip"
    if k == "passed":
        if ev.reason == "kept":
            return f"{sp.verb(s, 'keep')} the card; play passes.", None
        return f"No play: {sp.obj(s)} pass{'' if sp.you(s) else 'es'}.", None
    if k == "skipped":
        return f"{sp.name(s) if not sp.you(s) else 'You'} {'are' if sp.you(s) else 'is'} skipped.", None
    if k == "reversed":
        return "Reverse: play changes direction.", "flip"
    if k == "challenged":
        off = ev.target
        text = f"{sp.verb(s, 'challenge')} the Wild Draw Four: "
        if ev.guilty:
            text += (f"{sp.obj(off)} held a {COLOR_NAMES.get(ev.color, '')} card, "
                     f"so {sp.obj(off)} draw{'' if sp.you(off) else 's'} 4.")
        else:
            text += f"it was lawful, so {sp.obj(s)} draw{'' if sp.you(s) else 's'} 6."
        return text, "call"
    if k == "uno":
        return f"{sp.verb(s, 'call')} \"UNO!\"", "call"
    if k == "caught":
        t = ev.target
        return (f"{sp.verb(s, 'catch', 'catches')} {sp.obj(t)}: no \"UNO!\" called, "
                f"{sp.obj(t)} draw{'' if sp.you(t) else 's'} 2."), "call"
    if k == "reshuffled":
        return f"The discards are shuffled into a new draw pile ({ev.count} cards).", "shuffle"
    if k == "swapped":
        return f"{sp.verb(s, 'swap')} hands with {sp.obj(ev.target)}.", "shuffle"
    if k == "hands_passed":
        return "A 0: every hand passes on to the next player.", "shuffle"
    if k == "round_over":
        score = "score" if sp.you(s) else "scores"
        return f"{sp.verb(s, 'go', 'goes')} out and {score} {ev.points} points!", "win"
    if k == "game_over":
        return f"{sp.verb(s, 'win')} the game with {ev.points} points!", "win"
    return None, None
