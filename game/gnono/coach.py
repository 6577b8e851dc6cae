"""The coach (key H at the Gnono table): what the strongest computer would do now and
why, in a few words. No pygame here.

advise(view, names) -> Advice(move, text). The decision is the expert's own
(game.gnono.ai.make_ai of the last level), taken on the player's own view with a
random state drawn from that view alone (`rng_for`): the same view always gets the
same advice, and nothing the view does not show can change it. The reason is read
from the same view: the colours held, what the next player drew on, the Wilds kept,
the cards shed, the chance that a Wild Draw Four was a bluff.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.gnono import moves as M
from game.gnono.ai import LEVELS, make_ai
from game.gnono.cards import COLOR_NAMES, DRAW_TWO, REVERSE, SKIP, Card
from game.gnono.heuristic import CHALLENGE_PAYS
from game.gnono.rules import (
    CHALLENGE,
    COLOR,
    DRAWN,
    PLAY,
    SWAP,
    GnonoView,
)
from game.words import counted

LEVEL = LEVELS[-1]          # the strongest computer
PHASES = (PLAY, COLOR, DRAWN, CHALLENGE, SWAP)   # the decisions the coach helps with


@dataclass(frozen=True)
class Advice:
    move: Any     # the expert's move
    text: str     # "Play the red 7: you keep your Wild for later and ..."


def can_advise(view: GnonoView) -> bool:
    """Is it this seat's decision now?"""
    return view.current == view.seat and view.phase in PHASES


def rng_for(view: GnonoView) -> random.Random:
    """The expert's random state for this view: from the view alone."""
    digest = hashlib.sha256(repr(view).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def advise(view: GnonoView, names: Sequence[str] | None = None) -> Advice:
    """The expert's decision on `view` and its reason (ValueError if the seat has none
    to make now). `names`: the seats' names, for the reason."""
    if not can_advise(view):
        raise ValueError("not this seat's decision")
    ai = make_ai(LEVEL, rng_for(view))
    move = ai.choose(view)
    if isinstance(move, M.Challenge):      # by the odds it gives: advice and odds agree
        move = M.Challenge(move.seat, ai.challenge_win_probability(view) > CHALLENGE_PAYS)
    return Advice(move, _Reasons(view, names, ai).text(move))


# ---------------------------------------------------------------- the reasons
class _Reasons:
    def __init__(self, view: GnonoView, names: Sequence[str] | None, ai: Any):
        self.v, self.ai = view, ai
        self.names = list(names) if names else [f"seat {s + 1}" for s in range(view.n_players)]

    def text(self, move: Any) -> str:
        v = self.v
        if isinstance(move, M.Play) and v.phase == CHALLENGE or isinstance(move, M.Play) and v.pending_draw:
            return f"Play the {move.card.name}: it passes the penalty on instead of drawing it"
        if isinstance(move, M.Play):
            return self.play(move.card, move.color, drawn=False)
        if isinstance(move, M.PlayDrawn):
            return self.play(v.drawn_card, move.color, drawn=True)
        if isinstance(move, M.KeepDrawn):
            return self.keep()
        if isinstance(move, M.Draw):
            return self.draw()
        if isinstance(move, M.ChooseColor):
            why = self.colour_reasons(move.color, None)
            return f"Name {COLOR_NAMES[move.color]}: {self.join(why)}"
        if isinstance(move, M.Challenge):
            return self.challenge(move.challenge)
        if isinstance(move, M.SwapHands):
            return (f"Swap hands with {self.names[move.target]}: the fewest cards "
                    f"({v.counts[move.target]})")
        return "Do this"

    @staticmethod
    def join(reasons: list[str]) -> str:
        reasons = reasons[:2]
        return " and ".join(reasons) if reasons else "it is the expert's choice"

    # -- who plays after my card
    def after(self, card: Card) -> int | None:
        """The seat that plays after `card` (None: me again)."""
        v = self.v
        n, me, d = v.n_players, v.seat, v.direction
        if card.face == REVERSE and not card.is_wild:
            nxt = None if n == 2 else (me - d) % n
        elif card.face in (SKIP, DRAW_TWO) and not card.is_wild or card.is_wild_draw_four:
            nxt = (me + 2 * d) % n
        else:
            nxt = (me + d) % n
        return None if nxt == me else nxt

    def colour_reasons(self, colour: str, card: Card | None) -> list[str]:
        v = self.v
        held = sum(1 for c in v.hand if c.color == colour and c != card)
        name = COLOR_NAMES[colour]
        out = [f"you hold {counted(held, name + ' card')}" if held else "you hold no colour but Wilds"]
        nxt = self.after(card) if card is not None else v.next_seat()
        if nxt is not None and v.last_drew_on[nxt] == colour:
            out.insert(0, f"{self.names[nxt]} drew on {name} last time")
        return out

    def play(self, card: Card, colour: str | None, drawn: bool) -> str:
        v = self.v
        verb = "Play the drawn " if drawn else "Play the "
        out = []
        nxt = self.after(card)
        if card.is_wild:
            fits = sorted({m.card for m in v.legal if type(m) is M.Play and not m.card.is_wild},
                          key=lambda c: (c.color != v.color, -c.points))
            if fits and not drawn:
                # the expert puts a Wild before a card that fits only when its look-ahead
                # (played-out deals of the unseen cards) finds it better
                out.append(f"the expert's look-ahead finds it better than the {fits[0].name}")
            if card.is_wild_draw_four:
                victim = v.next_seat()
                out.append(f"{self.names[victim]} draws four and misses a turn")
            elif not fits and not drawn:
                out.append("no other card of yours fits")
            head = f"{verb}{card.name}, name {COLOR_NAMES[colour]}" if colour else f"{verb}{card.name}"
            if colour:
                out += self.colour_reasons(colour, card)
            return f"{head}: {self.join(out)}"
        wilds = sum(1 for c in v.hand if c.is_wild)
        victim = v.next_seat()
        if card.face == DRAW_TWO:
            out.append(f"{self.names[victim]} draws two and misses a turn")
        elif card.face == SKIP:
            out.append(f"it skips {self.names[victim]}"
                       + (f", who has {counted(v.counts[victim], 'card')}" if v.counts[victim] <= 3 else ""))
        elif card.face == REVERSE:
            out.append("you play again" if nxt is None else f"play turns back to {self.names[nxt]}")
        if nxt is not None and v.last_drew_on[nxt] == card.color:
            out.append(f"{self.names[nxt]} drew on {COLOR_NAMES[card.color]} last time")
        if wilds:
            out.append(f"you keep your {'Wild' if wilds == 1 else 'Wilds'} for later")
        held = sum(1 for c in v.hand if c.color == card.color and c != card)
        name = COLOR_NAMES[card.color]
        if card.color != v.color and held:
            out.append(f"the colour turns to {name}, where you hold {held} more")
        if card.points >= 7:
            out.append(f"it sheds {card.points} points")
        if card.color == v.color:
            out.append(f"you still hold {held} more {name}" if held
                       else f"it is your last {name} card, played while {name} is up")
        else:
            out.append(f"it matches the {v.top.name}")
        return f"{verb}{card.name}: {self.join(out)}"

    def draw(self) -> str:
        v = self.v
        if v.pending_draw:
            return f"Draw the {v.pending_draw} cards: you cannot pass the penalty on"
        plays = [m.card for m in v.legal if type(m) is M.Play]
        if not plays:
            return (f"Draw a card: nothing in your hand fits the {v.top.name} "
                    f"on {COLOR_NAMES[v.color]}")
        if all(c.is_wild_draw_four for c in plays):
            return (f"Draw a card: your Wild Draw Four would be a bluff (you hold "
                    f"{COLOR_NAMES[v.color]}), and a caught bluff costs four cards")
        if all(c.is_wild for c in plays):
            return ("Draw a card: the expert's look-ahead keeps your "
                    f"{'Wild' if len(set(plays)) == 1 else 'Wilds'} for later")
        return "Draw a card: every card you could play helps the others more"

    def keep(self) -> str:
        c = self.v.drawn_card
        if c is not None and c.is_wild_draw_four:
            return ("Keep the drawn Wild Draw Four: played now it would be a bluff, "
                    "and later it may be lawful")
        return (f"Keep the drawn {c.name if c else 'card'}: the expert's look-ahead finds it "
                f"worth more later than now")

    def challenge(self, yes: bool) -> str:
        v = self.v
        off = v.wd4_seat
        who = self.names[off] if off is not None else "the player"
        held = (f"a {COLOR_NAMES.get(v.wd4_prev_color or '', 'matching')} card"
                if v.options.wd4_rule == "color" else "another playable card")
        win = round(100 * self.ai.challenge_win_probability(v))
        hold = round(100 * self.ai.guilt_probability(v))
        caught, cleared = v.wd4_record[off] if v.wd4_record and off is not None else (0, 0)
        record = (f"{who} was caught bluffing {caught} of {caught + cleared} times" if caught
                  else f"{who} has not been caught bluffing")
        why = f"{hold}% of hands like {who}'s hold {held}, and {record}"
        if yes:
            return (f"Challenge: about {win}% that it wins, and above one in five it pays: "
                    f"{who} would draw four instead of you ({why})")
        return (f"Do not challenge: about {win}% that it wins, and under one in five it does "
                f"not pay: a lost challenge costs six cards, not four ({why})")
