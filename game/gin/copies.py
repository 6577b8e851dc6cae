"""Copies of a Gin game: an exact, independent one (GinGame.copy), and one in which
the cards a seat cannot see are dealt anew (GinGame.redeal_hidden: for look-ahead,
and to test that views hide what they must). No pygame here.
"""
from __future__ import annotations

import copy
import dataclasses
import random

from game.gin.scores import GameScore


def _fresh(v):
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
    if isinstance(v, (dict, set)) or (dataclasses.is_dataclass(v)
                                      and not v.__dataclass_params__.frozen):
        return copy.deepcopy(v)
    return v


def copy_game(g):
    """An independent copy: playing on it leaves `g` as it was."""
    c = object.__new__(type(g))
    c.__dict__.update({k: _fresh(v) for k, v in g.__dict__.items()})
    return c


def redeal_hidden(g, seat: int, rng: random.Random):
    """A copy in which the cards `seat` cannot see are shuffled among the places it
    cannot see, each keeping its size: the Stock always; the other hand while it is
    hidden (less the cards `seat` saw it take from the pile and keep); the face-down
    going-out discard until the hand is over (less a card seen taken)."""
    c = copy_game(g)
    opp = 1 - seat
    seen = set(c.taken[opp])
    pool = list(c.stock)
    hand_hidden = c.phase in ("offer", "draw", "discard") or (c.phase == "lay_down" and c.out_seat == seat)
    kept: list = []
    if hand_hidden:
        kept = [x for x in c.hands[opp] if x in seen]
        pool += [x for x in c.hands[opp] if x not in seen]
    discard_hidden = c.phase == "lay_down" and c.out_seat == opp and c.out_discard is not None \
        and c.out_discard not in seen
    if discard_hidden:
        pool.append(c.out_discard)
    rng.shuffle(pool)
    if discard_hidden:
        c.out_discard = pool.pop()
    if hand_hidden:
        n = len(c.hands[opp]) - len(kept)
        c.hands[opp] = sorted(kept + pool[:n])
        pool = pool[n:]
    c.stock = pool
    c.deal_no = None   # the cards no longer lie as that deal number shuffled them
    return c
