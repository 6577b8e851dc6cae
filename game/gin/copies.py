"""Copies of a Gin game: an exact, independent one (GinGame.copy), and one in which
the cards a seat cannot see are dealt anew (GinGame.redeal_hidden: for look-ahead,
and to test that views hide what they must). No pygame here.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Protocol, TypeVar

from game.cards import Card
from game.gin.scores import GameScore


class Dealt(Protocol):
    """What redeal_hidden reads and deals anew of a Gin game (game/gin/rules.py's
    GinGame: this module cannot import it, the rules import this module)."""
    phase: str
    hands: list[list[Card]]
    stock: list[Card]
    taken: list[list[Card]]
    out_seat: int | None
    out_discard: Card | None
    deal_no: int | None


GameT = TypeVar("GameT")
DealtT = TypeVar("DealtT", bound=Dealt)


def _fresh(v: Any) -> Any:
    """v with every mutable part copied. Cards, numbers, strings, options are immutable
    and shared; so are the box score's HandRecords (never changed once written)."""
    if type(v) is list:
        if v and type(v[0]) is list:
            return [_fresh(x) for x in v]
        if v and isinstance(v[0], GameScore):
            return [x.copy() for x in v]
        return list(v)
    if isinstance(v, random.Random):
        r = random.Random()
        r.setstate(v.getstate())
        return r
    params = getattr(v, "__dataclass_params__", None)    # a dataclass's
    if isinstance(v, (dict, set)) or (params is not None and not params.frozen):
        return copy.deepcopy(v)
    return v


def copy_game(g: GameT) -> GameT:
    """An independent copy: playing on it leaves `g` as it was."""
    c = object.__new__(type(g))
    c.__dict__.update({k: _fresh(v) for k, v in g.__dict__.items()})
    return c


def redeal_hidden(g: DealtT, seat: int, rng: random.Random) -> DealtT:
    """A copy in which the cards `seat` cannot see are shuffled among the places it
    cannot see, each keeping its size: the Stock always; the other hand while it is
    hidden (less the cards `seat` saw it take from the pile and keep); the face-down
    going-out discard until the hand is over (less a card seen taken)."""
    c = copy_game(g)
    opp = 1 - seat
    seen = set(c.taken[opp])
    pool = list(c.stock)
    hand_hidden = c.phase in ("offer", "draw", "discard") or (c.phase == "lay_down" and c.out_seat == seat)
    kept: list[Card] = []
    if hand_hidden:
        kept = [x for x in c.hands[opp] if x in seen]
        pool += [x for x in c.hands[opp] if x not in seen]
    hidden_discard = c.out_discard if c.phase == "lay_down" and c.out_seat == opp \
        and c.out_discard not in seen else None
    if hidden_discard is not None:
        pool.append(hidden_discard)
    rng.shuffle(pool)
    if hidden_discard is not None:
        c.out_discard = pool.pop()
    if hand_hidden:
        n = len(c.hands[opp]) - len(kept)
        c.hands[opp] = sorted(kept + pool[:n])
        pool = pool[n:]
    c.stock = pool
    c.deal_no = None   # the cards no longer lie as that deal number shuffled them
    return c
