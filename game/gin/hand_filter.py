"""A particle filter over the opponent's hidden hand, from his whole public record
in the hand (game/gin/expert.py blends the chances of its weighted hands into the
opponent model's).

A particle is a guess at his current hand. Its weight is the likelihood of every
public action he took in the hand -- each upcard taken or passed, each draw from
the Stock, each discard, each turn he did not go out -- under a noisy model of a
sound player: with chance 1-eps he plays as "solid" would (take the upcard only
if it lowers his least deadwood; throw the card that leaves the least deadwood,
the highest among ties; go out as soon as he can), with chance eps otherwise.
That is a modelling assumption about a sane opponent, not knowledge of the one
at the table; eps > 0 keeps a player who plays otherwise from breaking it (a
hand his play does not fit is only less likely, never impossible).

The history is walked backwards from the particle's current hand: each discard
goes back into his hand; a taken upcard comes out of it; for a draw from the
Stock the card drawn is unknown, so the pass of the upcard is averaged over the
cards he may have drawn and one of them is drawn (by its fit) to go on with. Every
path of deal and draws has the same prior chance, so these likelihoods are the
posterior weights up to the proposal's (the opponent model's) own bias.
"""
from __future__ import annotations

import random
from typing import NamedTuple

from game.gin import melds as M
from game.gin.rules import GinView

_mindw = M.min_deadwood_mask
_after = M.min_deadwood_after_discard_mask
_bit = M.card_bit
_VAL = M.BIT_VALUES


class Turn(NamedTuple):
    upcard: int     # the card on the pile when he drew (0: none)
    took: bool      # he took it (else he drew from the Stock, or only passed it)
    discard: int    # what he threw (0: an offer he passed, with no draw of his own)


def opponent_turns(view: GinView) -> list[Turn]:
    """His turns in this hand, in order, from the public record of the view (on our
    turn). The upcard he faced is our latest discard before his turn, or the first
    upcard; an offer of the first upcard that he passed without drawing is a Turn
    with no discard."""
    mine, his = view.my_discards, view.opp_discards
    taken = set(view.opp_taken)
    he_first = len(his) > len(mine)
    turns: list[Turn] = []
    first = view.first_upcard
    if not he_first and first is not None and first in view.opp_passed:
        turns.append(Turn(_bit(first), False, 0))
    for k, d in enumerate(his):
        if he_first:
            up = mine[k - 1] if k else first
        else:
            up = mine[k] if k < len(mine) else None
        ub = _bit(up) if up is not None else 0
        turns.append(Turn(ub, up is not None and up in taken, _bit(d)))
    return turns


def solid_throw(h11: int, banned: int) -> int:
    """Solid's discard from 11 cards: the least deadwood, the highest card among ties
    (the higher suit among equal values)."""
    best = 0
    best_v = -1
    best_dw = 1 << 20
    x = h11 & ~banned
    while x:
        low = x & -x
        x ^= low
        v = _VAL[low.bit_length() - 1]
        d = _mindw(h11 ^ low)
        if d < best_dw or (d == best_dw and v >= best_v):
            best, best_v, best_dw = low, v, d
    return best


def _throw_fit(h11: int, d: int, banned: int, kv: int, eps: float) -> float:
    """The chance of his discard d from h11 (and of his not going out) under the model."""
    throw = solid_throw(h11, banned)
    f = 1.0 - eps if throw == d else eps / 10.0
    if _mindw(h11 ^ throw) <= kv:
        f *= eps                                    # he could have gone out, and did not
    return f


def history_weight(hand: int, turns: list[Turn], kv: int, eps: float, rng: random.Random,
                   may_rethrow: bool = False) -> float:
    """The likelihood of his turns (oldest first) if his hand is now `hand` (10 cards),
    each action sound with chance 1-eps. 0.0 where the record rules the hand out.
    For a draw from the Stock the card drawn is chosen by how well it fits both the
    upcard he passed and his discard of the turn before (a look-ahead that keeps
    the walk on paths that explain the record)."""
    taken_before = []
    t = 0
    for turn in turns:
        taken_before.append(t)
        if turn.took:
            t |= turn.upcard
    w = 1.0
    known_fit = None          # the throw fit of this turn, found by the look-ahead
    for k in range(len(turns) - 1, -1, -1):
        up, took, d = turns[k]
        if not d:                                   # an offer he passed, no draw
            if up and not hand & up:
                w *= eps if _after(hand | up) < _mindw(hand) else 1.0 - eps
            continue
        if hand & d:
            return 0.0
        h11 = hand | d
        if known_fit is None:
            banned = up if took and not may_rethrow else 0
            w *= _throw_fit(h11, d, banned, kv, eps)
        known_fit = None
        if took:
            if not h11 & up:
                return 0.0
            hand = h11 ^ up
            w *= 1.0 - eps if _after(hand | up) < _mindw(hand) else eps
            continue
        if h11 & up:
            return 0.0
        # drawn from the Stock: any of his 11 cards not known to have come from the pile
        prev = turns[k - 1] if k else None
        prev_d = prev.discard if prev is not None else 0
        prev_banned = prev.upcard if prev_d and prev.took and not may_rethrow else 0
        fits = []
        total = 0.0
        x = h11 & ~taken_before[k]
        while x:
            s = x & -x
            x ^= s
            before = h11 ^ s
            f = 1.0
            if up:
                f = eps if _after(before | up) < _mindw(before) else 1.0 - eps
            g = None
            if prev_d:
                g = 0.0 if before & prev_d else _throw_fit(before | prev_d, prev_d, prev_banned, kv, eps)
                f *= g
            fits.append((f, s, g))
            total += f
        if not fits or total <= 0.0:
            return 0.0
        w *= total / len(fits)
        r = rng.random() * total
        pick = len(fits) - 1
        for j, fit in enumerate(fits):
            r -= fit[0]
            if r <= 0.0:
                pick = j
                break
        _, s, known_fit = fits[pick]
        hand = h11 ^ s
        if w < 1e-30:
            return 0.0
    return w

