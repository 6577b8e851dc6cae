"""What the table says about each engine event: a note for the notes line (with a
short explanation, so a newcomer learns the game from the screen) and a sound cue.

`narrate(event, speaker) -> (text or None, cue or None, special)` for an engine.Event; `special` events
(ppuk, jjok, bomb, ...) get a longer pause on the table.
"""
from __future__ import annotations

from typing import Any

from game.engine import Event
from game.words import counted

from .cards import BONUS, PLANTS

# The table's sound cues (sounds/cues.txt) for the special events.
CUES = {"ppuk": "ppuk", "ja_ppuk": "ppuk", "stack_capture": "ppuk", "jjok": "jjok",
        "ttadak": "ttadak", "sseul": "sseul", "bomb": "bomb", "shake": "shake",
        "junk_taken": "junk", "go": "go", "stop": "stop", "chongtong": "call",
        "nagari": "lose", "deal": "shuffle", "play": "card", "flip": "flip",
        "capture": "card", "bonus": "card", "three_ppuk": "call", "paid_at_once": "junk"}
SPECIAL = {"ppuk", "ja_ppuk", "stack_capture", "jjok", "ttadak", "sseul", "bomb", "shake",
           "go", "stop", "chongtong", "nagari", "junk_taken", "redeal", "dealer_bonus",
           "three_ppuk", "paid_at_once"}


def card_label(c) -> str:
    """"boar (7)", "pine junk (1)", "bonus +2"."""
    if c.category == BONUS:
        return f"bonus +{c.value}"
    return f"{c.description} ({c.month})"


def month_name(m: int) -> str:
    return f"{m} ({PLANTS[m]})"


def seat_names(players: int, humans=(0,), typed=None) -> list[str]:
    """One human is "You"; in hot seat the humans are their `typed` names (one a seat,
    asked on the set-up screen), else "Player 1", "Player 2"... (no one at the keyboard
    is "you" for everyone); the computers "Computer", or "Computer 1" and "Computer 2"."""
    humans = (humans,) if isinstance(humans, int) else tuple(humans)
    computers = [s for s in range(players) if s not in humans]
    typed = list(typed or [])
    names = []
    for s in range(players):
        if s in humans:
            own = typed[s].strip() if s < len(typed) else ""
            names.append("You" if len(humans) == 1 else own or f"Player {humans.index(s) + 1}")
        else:
            names.append("Computer" if len(computers) == 1 else f"Computer {computers.index(s) + 1}")
    return names


class Speaker:
    """Sentences about seats: "You take" / "Computer takes", "your" / "their"."""

    def __init__(self, names: list[str]):
        self.names = names

    def who(self, seat) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"

    def you(self, seat) -> bool:
        return self.who(seat) == "You"

    def verb(self, seat, base: str, third: str | None = None) -> str:
        """"You take" / "Computer takes"."""
        if self.you(seat):
            return f"You {base}"
        return f"{self.who(seat)} {third or base + 's'}"

    def his(self, seat) -> str:
        return "your" if self.you(seat) else "their"


# The sentences of the special plays, told by their seat and month alone: {m} is the
# month, {plant} its plant, {his} "your" or "their", {if_won} "you win" or "they win",
# and any other name a verb in the seat's person ({take}: "You take", "Computer takes").
SENTENCES = {
    "shake": "Shaking! {show} three {m}s ({plant}): {his} payment doubles if {if_won}.",
    "ppuk": ("Ppuk! The stock card is also a {m}: the three {m}s stay on the table as a stack. "
             "Whoever takes it with the fourth {m} gets a junk from each opponent."),
    "stack_capture": "{take} the stack of {m}s: one junk from each opponent.",
    "ja_ppuk": "Ja-ppuk! {take} back {his} own stack of {m}s: two junk from each opponent.",
    "jjok": "Jjok! {pair} {his} own card from the stock: one junk from each opponent.",
    "three_ppuk": "Three ppuk! {win} the hand at once.",
    "ttadak": ("Ttadak! Hand card and stock card both matched the pair of {m}s on the table: "
               "all four taken, one junk from each opponent."),
    "sseul": "Sseul! {sweep} the table clean: one junk from each opponent.",
}


class _Words(dict):
    """The fields of a SENTENCES template for `seat` and month `m`."""

    def __init__(self, sp: Speaker, seat: int | None, m: int):
        super().__init__(m=m, his=sp.his(seat), if_won="you win" if sp.you(seat) else "they win")
        self.sp, self.seat, self.m = sp, seat, m

    def __missing__(self, name: str) -> str:
        if name == "plant":         # only where it is named: a bonus card has no month
            return PLANTS[self.m]
        return self.sp.verb(self.seat, name)


def _cards(cs) -> str:
    cs = list(cs)
    if not cs:
        return "nothing"
    labels = [card_label(c) for c in cs]
    if len(labels) == 1:
        return labels[0]
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def narrate(ev: Event, sp: Speaker) -> tuple:
    k = ev.kind
    seat = ev.seat
    cs = ev.get("cards") or []
    m = cs[0].month if cs else 0
    text = None
    if k == "play":
        if ev.get("stock_only"):
            text = (f"{sp.verb(seat, 'play')} no card (a turn left by the bomb) and "
                    f"only turn{'' if sp.you(seat) else 's'} up the stock.")
        elif cs:
            text = f"{sp.verb(seat, 'play')} {_cards(cs)}."
    elif k == "flip":
        why = " for the bonus card" if ev.get("for") == "substitute" else ""
        text = f"{sp.verb(seat, 'turn')} up {card_label(cs[0])} from the stock{why}."
    elif k == "place":
        text = f"{card_label(cs[0])} matches nothing: it stays on the table."
    elif k == "capture":
        text = f"{sp.verb(seat, 'take')} {_cards(cs)}."
    elif k == "bonus":
        text = (f"{sp.verb(seat, 'take')} the bonus card +{cs[0].value} "
                f"(worth {cs[0].value} junk) and turn{'' if sp.you(seat) else 's'} another card.")
    elif k == "bomb":
        if ev.get("hand_cards") == 2:   # the two-card bomb
            text = (f"Bomb! {sp.verb(seat, 'play')} two {m}s ({PLANTS[m]}) onto the other two: "
                    f"all four taken, one junk from each opponent, payment doubled, one later "
                    f"turn without a hand card.")
        else:
            text = (f"Bomb! {sp.verb(seat, 'play')} three {m}s ({PLANTS[m]}) onto the fourth: all "
                    f"four taken, one junk from each opponent, payment doubled, two later turns "
                    f"without a hand card.")
    elif k in SENTENCES:
        text = SENTENCES[k].format_map(_Words(sp, seat, m))
    elif k == "paid_at_once":
        text = (f"{sp.verb(ev.get('from'), 'pay')} {counted(ev.get('chips'), 'chip')} at once for the "
                f"{ev.get('reason')}.")
    elif k == "junk_taken":
        giver = ev.get("from")
        text = f"{sp.verb(giver, 'give')} {_cards(cs)} to {sp.who(seat) if not sp.you(seat) else 'you'}."
    elif k == "choose":
        text = f"{sp.verb(seat, 'choose')} {card_label(cs[0])}."
    elif k == "go":
        n = ev.get("count", 1)
        text = (f"{sp.verb(seat, 'say')} GO! ({n} Go: +{n} point{'s' if n > 1 else ''}"
                f"{', payment doubled' if n >= 3 else ''}) Play goes on.")
    elif k == "stop":
        if ev.get("auto"):
            text = (f"{sp.verb(seat, 'reach', 'reaches')} the target with {sp.his(seat)} last card: "
                    f"a Go could not be won, so the hand ends.")
        else:
            # the Go points too: the count the header and the score screen show
            text = f"{sp.verb(seat, 'say')} STOP with {ev.get('score', 0) + ev.get('go', 0)} points."
    elif k == "chongtong":
        text = (f"Chongtong! {sp.verb(seat, 'were', 'was')} dealt four {m}s ({PLANTS[m]}): "
                f"{'you win' if sp.you(seat) else 'they win'} the hand at once.")
    elif k == "nagari":
        text = "Nagari: the stock ran out and nobody stopped. Nobody is paid; the next hand pays double."
    elif k == "payment":
        text = f"{sp.verb(ev.get('from'), 'pay')} {ev.get('chips')} chips."
    elif k == "deal":
        dbl = f" (this hand pays x{ev.get('multiplier')})" if ev.get("multiplier", 1) > 1 else ""
        text = (f"Hand {ev.get('hand_no')}: {sp.verb(seat, 'deal')} and "
                f"play{'' if sp.you(seat) else 's'} first{dbl}.")
    elif k == "dealer_bonus":
        text = f"A bonus card was dealt to the table: it goes to the dealer ({sp.who(seat)})."
    elif k == "redeal":
        text = "Four cards of one month on the table: the cards are dealt again."
    elif k == "hand_over":
        w = ev.get("winner")
        if w is not None:
            text = f"{sp.verb(w, 'win')} the hand."
    cue = CUES.get(k)
    if k == "hand_over" and ev.get("winner") is not None:
        cue = "win" if sp.you(ev.get("winner")) else "lose"
    return text, cue, k in SPECIAL


def hand_summary(st: Any, names: list[str], with_go: bool = True) -> str:
    """The line of a settled hand (F4's list, a replay's result): the winner's points
    with his Go points, as the table shows them; a replay's result line counts them
    without (`with_go` False), as it always did, so the replays kept still verify."""
    res = st.result or {}
    w = res.get("winner")
    if res.get("nagari"):
        return f"  Hand {st.hand_no}: nagari (nobody paid)"
    if w is None:
        return f"  Hand {st.hand_no}: over"
    paid = sum(p.total for p in res.get("payments", []))
    go = st.go_counts[w] if with_go and not res.get("chongtong") else 0
    how = "chongtong" if res.get("chongtong") else f"{res.get('points', 0) + go} points"
    return f"  Hand {st.hand_no}: {names[w]} won with {how}, {paid} chips"
