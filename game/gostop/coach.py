"""The Go-Stop coach (the table's H): what the strongest computer (ai.py's "hard")
would answer now, from the human's own view, and a short reason in the game's terms:
"Play the curtain (3): it takes the red poem ribbon (3), and your brights need one
more" or "Stop: 7 points now (14 chips), and Computer is one card from a score (two
brights)". No pygame here.

The decision is the hard player's own: the same class, the same look-ahead samples as
at the table, and a random source seeded the same for every question, so the same
view always gets the same advice (a view carries nothing hidden, so neither can the
advice). The reason is read from the view afterwards: what the move takes, which
combination it brings closer, what it keeps from an opponent.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.words import counted

from . import scoring
from .ai import GoStopAI, _Dealer, context_value
from .bot import make_ai
from .cards import PLANTS, Card
from .narrate import card_label, seat_names
from .rules import Bomb, ChooseMatch, FlipStock, GoStop, PlayCard, PlayerView, Shake

LEVEL = "hard"       # the strongest level of ai.LEVELS
SEED = 21            # the coach's look-ahead samples: the same for every question


@dataclass(frozen=True)
class Advice:
    move: Any
    text: str


def expert_move(view: PlayerView) -> Any:
    """The strongest computer's answer to the view's question."""
    return make_ai(LEVEL, random.Random(SEED)).choose(view)


def advise(view: PlayerView, names: list[str] | None = None) -> Advice:
    """The coach's advice to the seat of `view`, whose question it must be; `names`
    the seats' names as the table shows them."""
    move = expert_move(view)
    return Advice(move, reason(view, move, names))


# ---------------------------------------------------------------- the reasons
def the(c: Card) -> str:
    return card_label(c) if c.month == 0 else "the " + card_label(c)


def _names(cards) -> str:
    names = [the(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# (field of scoring.Counts, what it is called, how many score)
GROUPS = (("brights", "brights", 3), ("birds", "godori birds", 3), ("red", "red poems", 3),
          ("blue", "blue ribbons", 3), ("grass", "grass ribbons", 3), ("animals", "animals", 5),
          ("ribbons", "ribbons", 5), ("junk", "junk", 10))
NUMBER = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def progress(before: list, after: list) -> list[str]:
    """What taking cards does for a capture area (the areas before and after): the
    combinations it completes or brings one card short, most valuable first."""
    kb, ka = scoring.count(before), scoring.count(after)
    out = []
    for name, words, goal in GROUPS:
        b, a = getattr(kb, name), getattr(ka, name)
        if a <= b:
            continue
        if a >= goal > b:
            out.append(f"it completes your {words}")
        elif a >= goal:
            out.append(f"one more of your {words} scores")
        elif a == goal - 1:
            out.append(f"your {words} need one more")
    gain = scoring.score(after) - scoring.score(before)
    if gain > 0 and not out:
        out.append(f"+{gain} point{'s' if gain > 1 else ''}")
    return out


def near(cards) -> list[str]:
    """The combinations a capture area is one card from."""
    k = scoring.count(cards)
    return [f"{NUMBER[goal - 1]} {words}" if name not in ("animals", "ribbons", "junk")
            else f"{getattr(k, name)} {words}"
            for name, words, goal in GROUPS if getattr(k, name) == goal - 1]


def _denied(view: PlayerView, taken, names: list[str]) -> str | None:
    """'and keeps it from Computer, who has two brights' when a card taken is the
    one an opponent is waiting for."""
    for o in range(view.players):
        if o == view.seat:
            continue
        k = scoring.count(view.captures[o])
        for c in taken:
            for name, words, goal in GROUPS[:5]:
                after = getattr(scoring.count(list(view.captures[o]) + [c]), name)
                if getattr(k, name) == goal - 1 and after == goal:
                    return f"it keeps {the(c)} from {names[o]}, who has {NUMBER[goal - 1]} {words}"
    return None




def _play_reason(view: PlayerView, c: Card, names: list[str]) -> str:
    mine = list(view.captures[view.seat])
    if c.month == 0:
        return (f"Play {the(c)}: it is yours at once, worth {c.value} junk, and you turn up "
                "another card in its place.")
    same = [t for t in view.table if t.month == c.month]
    if not same:
        return f"Play {the(c)}: it matches nothing, and {_why_leave(view, c)}."
    if len(same) == 3:
        taken = same
        best = max(same, key=lambda t: _worth(mine, t))
        what = (f"it takes the stack of three {c.month}s and a junk from each opponent"
                if c.month in view.stacks else f"it takes all three {c.month}s, {the(best)} too")
    else:
        # of two, the one the expert takes when asked
        me, opps = GoStopAI._needs(view)
        best = max(same, key=lambda t: context_value(t, me, opps))
        taken = [best]
        asked = len(same) == 2 and not (same[0].category == same[1].category
                                         and same[0].category in ("junk", "double"))
        what = f"it takes {the(best)}" + (" (choose it of the two)" if asked else "")
    why = progress(mine, mine + [c] + taken)
    if not why and c.category in ("bright", "animal", "ribbon"):
        why = [f"{the(c)} is safe in your captures"]
    denied = _denied(view, taken, names)
    parts = [what] + why[:1] + ([denied] if denied else [])
    return f"Play {the(c)}: " + ", and ".join(parts) + "."


def _worth(mine: list, t: Card) -> tuple:
    """How much a table card is worth taking: the points it adds, the combinations it
    brings closer, then its kind (a bright before an animal before a ribbon...)."""
    rank = {"bright": 5, "animal": 4, "ribbon": 3, "double": 2, "bonus": 2, "junk": 1}
    return (scoring.score(mine + [t]), len(progress(mine, mine + [t])), rank[t.category])


def _why_leave(view: PlayerView, c: Card) -> str:
    unseen = [u for u in view.unseen() if u.month == c.month]
    in_hand = sum(1 for h in view.hand if h.month == c.month and h is not c)
    if not unseen:
        return f"nobody else holds a {c.month}: nobody can take it"
    if in_hand:
        return f"you hold another {c.month} ({PLANTS[c.month]}) to take it back"
    if c.category in ("junk", "double"):
        return "a junk is the cheapest card to leave on the table"
    return "it gives away the least of your cards"


WORTH = {"bright": "a bright is worth more to you", "animal": "an animal is worth more to you",
         "ribbon": "a ribbon is worth more to you", "double": "a double junk counts as two junk"}


def _match_reason(view: PlayerView, t: Card, names: list[str]) -> str:
    mine = list(view.captures[view.seat])
    card = view.turn_card if view.question.kind == "match_hand" else view.stock_card
    others = [c for c in view.question.cards if c is not t]
    pair = [card] if card is not None else []
    why = progress(mine, mine + pair + [t])
    denied = _denied(view, [t], names)
    if why:
        because = why[0]
    elif denied:
        because, denied = denied, None
    elif _worth(mine, t) > max(_worth(mine, o) for o in others):
        because = WORTH.get(t.category, "it is worth more to you")
    else:
        because = "either would do"
    text = f"Take {the(t)} rather than {_names(others)}: {because}"
    return text + (f", and {denied}" if denied else "") + "."


def _go_reason(view: PlayerView, go: bool, names: list[str]) -> str:
    seat = view.seat
    pts = view.scores[seat]
    left = len(view.hand) + view.bomb_credits[seat]
    threats = []
    for o in range(view.players):
        if o == seat:
            continue
        close = near(view.captures[o])
        who = names[o]
        if view.scores[o] >= view.target - 1:
            threats.append((3, f"{who} has {counted(view.scores[o], 'point')}"))
        elif close:
            threats.append((2, f"{who} is one card from a score ({close[0]})"))
        else:
            threats.append((0, f"{who} has {counted(view.scores[o], 'point')} and no score in sight"))
    threats.sort(key=lambda x: -x[0])
    if not go:
        chips = _chips_if_stop(view)
        now = f"{pts} points now" + (f" ({chips} chips)" if chips else "")
        if threats and threats[0][0] > 0:
            return f"Stop: {now}, and {threats[0][1]}."
        if left <= 2:
            return f"Stop: {now}, and only {NUMBER[left]} turn{'s' if left != 1 else ''} left to add more."
        return f"Stop: {now}; a Go risks more than it is likely to add."
    go = f"Go: {pts} points and {NUMBER[min(left, 9)]} turn{'s' if left != 1 else ''} left to add more"
    if threats and threats[0][0] > 0:
        return f"{go}, worth the risk though {threats[0][1]}."
    return f"{go}; {threats[0][1]}." if threats else f"{go}."


def _chips_if_stop(view: PlayerView) -> int:
    """The chips a Stop brings now (read from the payments as the rules count them)."""
    return sum(p.total for p in _Dealer(view).base.payments_if_stop(view.seat)[2])


def reason(view: PlayerView, move: Any, names: list[str] | None = None) -> str:
    """The coach's reason for `move` on `view` (one or two short sentences)."""
    names = names or seat_names(view.players, (view.seat,))
    if isinstance(move, PlayCard):
        return _play_reason(view, move.card, names)
    if isinstance(move, FlipStock):
        return ("Turn up the stock only: a turn your bomb left you, and your hand cards "
                "keep their matches for later.")
    if isinstance(move, ChooseMatch):
        return _match_reason(view, move.card, names)
    if isinstance(move, GoStop):
        return _go_reason(view, move.go, names)
    m = view.question.cards[0].month if view.question.cards else 0
    if isinstance(move, Bomb):
        return (f"Bomb: your {m}s take the rest of the month at once, a junk from each "
                "opponent, and your payment doubles." if move.yes else
                "No bomb: play only this card.")
    if isinstance(move, Shake):
        return ("Shake: your payment doubles if you win, and showing the three costs nothing."
                if move.yes else "Do not shake: keep the three hidden.")
    return "Deal the next hand."
