"""The opponent's hand inferred from what he did (issue 33): sampled guesses at his
hand are weighed by how well they explain his turns under a generic sound player
(one who keeps his melds, throws his higher loose cards, takes an upcard to meld
it and passes one that would not meld), not under any one program's code.

His turns are read from the seat's GinView alone (his_turns). A guess at his
current hand is walked backwards: at his k-th turn he held the cards he holds now
less those he took after it, plus the card he threw then and the upcard he took
then (the cards he drew from the Stock since are unknown and stay in, those he
held then and threw since are left out: an approximation, so older turns count
less, AGE_DECAY a turn). Each turn's checks:
- his discard melded with his hand then: x MELD_THROWN;
- each loose card of his (in no meld) worth more than his discard: x HIGHER_LOOSE
  (no card near it in his hand) or x HIGHER_COMBO (half of a pair or a run);
- an upcard he passed would have melded: x PASSED_MELD;
- an upcard he took melds with nothing of his: x TAKEN_LOOSE.
The expert (game.gin.expert) resamples its worlds by these weights and may read
per-card chances from them; what each was worth is in docs/gin-players.md.
"""
from __future__ import annotations

import math
import random
from typing import NamedTuple

from game.gin import melds as M
from game.gin.heuristic import REST3
from game.gin.opponent_model import NEIGHBOURS
from game.gin.rules import GinView

_VAL = M.BIT_VALUES
_bit = M.card_bit

MELD_THROWN = 0.15
HIGHER_LOOSE = 0.55
HIGHER_COMBO = 0.85
PASSED_MELD = 0.3
TAKEN_LOOSE = 0.4
AGE_DECAY = 0.85
WINDOW = 8            # his last turns read (older ones say little of his hand now)


class Turn(NamedTuple):
    taken: int       # the upcard he took this turn (bit), 0: he drew from the Stock
    passed: int      # upcards he declined before this turn's draw (mask)
    discard: int     # what he threw (bit)


def his_turns(view: GinView) -> tuple[Turn, ...]:
    """The opponent's turns of this hand, oldest first, from the view's public record
    (on our turn). The upcard he faced at a turn is our discard just before it, or
    the first upcard at his first turn if he played first; an offer of the first
    upcard he declined before we played first counts with his first turn. () where
    the record does not add up this way (then nothing is inferred)."""
    mine, his = view.my_discards, view.opp_discards
    if not his:
        return ()
    he_first = len(his) > len(mine) or (len(his) == len(mine) and view.turn != view.seat)
    took, passed_all = view.opp_taken, view.opp_passed
    first = view.first_upcard
    ti = pi = 0
    offer = 0
    # we played first: he was offered the first upcard unless we took it at the offer
    # as the non-dealer
    if not he_first and (view.dealer == view.seat or view.my_taken[:1] != (first,)):
        if passed_all[:1] != (first,):
            return ()
        offer, pi = _bit(first), 1
    turns = []
    for k, d in enumerate(his):
        if he_first:
            up = mine[k - 1] if k else first
        else:
            up = mine[k] if k < len(mine) else None
        taken = passed = 0
        if up is not None and ti < len(took) and took[ti] == up:
            taken, ti = _bit(up), ti + 1
        elif up is not None and pi < len(passed_all) and passed_all[pi] == up:
            passed, pi = _bit(up), pi + 1
        turns.append(Turn(taken, passed | (offer if k == 0 else 0), _bit(d)))
    if ti != len(took):
        return ()
    return tuple(turns)


def _melds(i: int, hand: int) -> bool:
    """Card i belongs to some 3-card meld within hand (which holds it)."""
    return any(r & hand == r for r in REST3[i])


class Factors(NamedTuple):
    """The likelihood's multipliers (a player may carry its own to tune them)."""
    meld_thrown: float = MELD_THROWN
    higher_loose: float = HIGHER_LOOSE
    higher_combo: float = HIGHER_COMBO
    passed_meld: float = PASSED_MELD
    taken_loose: float = TAKEN_LOOSE
    age_decay: float = AGE_DECAY
    window: int = WINDOW


DEFAULT = Factors()


def log_weight(hand: int, turns: tuple[Turn, ...], f: Factors | None = None) -> float:
    """The log-likelihood (up to a constant) of his turns if he holds `hand` now."""
    f = f or DEFAULT
    lw = 0.0
    age_w = 1.0
    later_taken = 0
    l_meld, l_loose, l_combo = math.log(f.meld_thrown), math.log(f.higher_loose), math.log(f.higher_combo)
    l_passed, l_taken = math.log(f.passed_meld), math.log(f.taken_loose)
    for turn in reversed(turns[-f.window:] if f.window else turns):
        d = turn.discard
        h = (hand & ~later_taken) | d | turn.taken
        di = d.bit_length() - 1
        s = 0.0
        if _melds(di, h):
            s += l_meld
        else:
            v = _VAL[di]
            x = h ^ d
            while x:
                low = x & -x
                x ^= low
                c = low.bit_length() - 1
                if _VAL[c] > v and not _melds(c, h):
                    s += l_combo if NEIGHBOURS[c] & h else l_loose
        u = turn.passed
        while u:
            low = u & -u
            u ^= low
            if _melds(low.bit_length() - 1, (h ^ d) | low):
                s += l_passed
        if turn.taken and not _melds(turn.taken.bit_length() - 1, h):
            s += l_taken
        lw += age_w * s
        age_w *= f.age_decay
        later_taken |= turn.taken
    return lw


def weights(hands: list[int], turns: tuple[Turn, ...], f: Factors | None = None) -> list[float]:
    """Normalised likelihood weights of the guesses at his hand (all equal without turns)."""
    return normalised([log_weight(h, turns, f) for h in hands])


def normalised(lws: list[float]) -> list[float]:
    """Weights adding up to 1 from log-weights."""
    if not lws:
        return []
    top = max(lws)
    ws = [math.exp(lw - top) for lw in lws]
    total = sum(ws)
    return [w / total for w in ws]


def resample(hands: list[int], ws: list[float], n: int, rng: random.Random) -> list[int]:
    """n hands drawn by weight (systematic resampling: one random offset)."""
    out = []
    if not hands:
        return out
    step = 1.0 / n
    u = rng.random() * step
    acc = ws[0]
    j = 0
    for _ in range(n):
        while u > acc and j < len(hands) - 1:
            j += 1
            acc += ws[j]
        out.append(hands[j])
        u += step
    return out


def card_chances(hands: list[int], ws: list[float]) -> list[float]:
    """p[i]: the weighted share of the hands holding card i."""
    p = [0.0] * 52
    for h, w in zip(hands, ws):
        x = h
        while x:
            low = x & -x
            x ^= low
            p[low.bit_length() - 1] += w
    return p


def meld_chance(i: int, hands: list[int], ws: list[float], blocked: int) -> float:
    """The weighted share of the hands in which card i would meld (with two of his
    cards, in a 3-card meld not broken by a card in `blocked`)."""
    rests = [r for r in REST3[i] if not r & blocked]
    total = 0.0
    for h, w in zip(hands, ws):
        for r in rests:
            if r & h == r:
                total += w
                break
    return total
