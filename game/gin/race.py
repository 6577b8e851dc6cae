"""The race to go out, for the Gin expert: how likely a 10-card hand is to reach a
knock before the opponent does.

A hand is almost always decided by who reaches the knock value first, so the
expert can score its few best candidate hands (after each discard, or after the
upcard or a Stock card) by a short one-player race: the same Stock orders for every
candidate (common random numbers, drawn from the cards the model says are not his),
each played on by the least-deadwood discard (the highest card among ties) until it
may knock. A hand out at its t-th draw wins if he has not gone out in his t draws
before it (his t+1 when I draw now): his chance to go out at each of his turns is a
fixed table by his turn number (OPP_HAZARD, measured offline with
tools/gin_race_table.py on single-player greedy races).
"""
from __future__ import annotations

from game.gin import melds as M

_mindw = M.min_deadwood_mask
_after = M.min_deadwood_after_discard_mask
_SUIT = 0x1FFF
_RANK_MASK = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
_DESC_VALUE = tuple(reversed(_RANK_MASK))       # kings first: the greedy throw order

# P(he goes out at his draw d | not before), d = 1, 2, ... (the last value repeats):
# between the hazards of solid and of hard seen in their matches against themselves
OPP_HAZARD = (0.01, 0.02, 0.05, 0.07, 0.11, 0.12, 0.16, 0.2, 0.22)


def opp_hazard(d: int) -> float:
    return OPP_HAZARD[min(d, len(OPP_HAZARD)) - 1] if d >= 1 else 0.0


def greedy_throw(h11: int, target: int) -> int:
    """The bit of the least-deadwood discard of an 11-card hand (the highest card
    among ties); target is its least deadwood after the discard."""
    floor = _mindw(h11)
    for rm in _DESC_VALUE:
        x = h11 & rm
        while x:
            b = x & -x
            x ^= b
            if _mindw(h11 ^ b) == target:
                return b
    raise AssertionError("no discard reaches the target")   # unreachable: some card does
    return floor


def meld_outs(h: int) -> int:
    """The cards (not in h) that make a meld with two cards of h: a third of a pair,
    a card next to or between two of a suit."""
    c = h & _SUIT
    d = h >> 13 & _SUIT
    e = h >> 26 & _SUIT
    s = h >> 39
    pairs = (c & (d | e | s)) | (d & (e | s)) | (e & s)
    out = 0
    for k, m in enumerate((c, d, e, s)):
        run = ((m << 1) & (m << 2)) | ((m >> 1) & (m >> 2)) | ((m << 1) & (m >> 1))
        out |= ((run | pairs) & ~m & _SUIT) << (13 * k)
    return out


def keyed_throw(h11: int, live: int, w_out: float) -> int:
    """The bit whose discard leaves the least deadwood less w_out per live card
    that would make a meld (the highest card among ties)."""
    best = None
    for rm in _DESC_VALUE:
        x = h11 & rm
        while x:
            b = x & -x
            x ^= b
            h = h11 ^ b
            k = _mindw(h) - w_out * bin(meld_outs(h) & live).count("1")
            if best is None or k < best[0]:
                best = (k, b)
    return best[1]


def out_turn(hand: int, stock: list, kv: int, live: int = 0, w_out: float = 0.0) -> int:
    """The draw (1-based) at which a 10-card hand, drawing `stock` in order, may
    first go out (knock or gin); 0 if not within it. It throws the least-deadwood
    card, or with w_out by keyed_throw (live: the cards that may still come)."""
    h = hand
    t = 0
    for b in stock:
        t += 1
        h11 = h | b
        target = _after(h11)
        if target <= kv:
            return t
        live &= ~b
        h = h11 ^ (keyed_throw(h11, live, w_out) if w_out else greedy_throw(h11, target))
    return 0


def sample_stock(rng, cards: list, n: int) -> list:
    """n card bits in Stock order: weighted sampling without replacement
    (Efraimidis-Spirakis keys) from [(weight, bit)], the weight being the chance
    the card is not in his hand."""
    keyed = sorted(((rng.random() ** (1.0 / w), b) for w, b in cards), reverse=True)
    return [b for _, b in keyed[:n]]


def win_weights(opp_draws: int, horizon: int, draw_now: bool, tail: float) -> list:
    """w[t] for t = 0..horizon: my chance to win when I first may go out at my t-th
    draw (t = 0: not within the horizon, scored `tail` times his survival). He has
    made opp_draws draws; he draws before each of my draws unless I draw now."""
    w = [0.0] * (horizon + 1)
    surv = 1.0
    d = opp_draws
    for t in range(1, horizon + 1):
        if t > 1 or not draw_now:
            d += 1
            surv *= 1.0 - opp_hazard(d)
        w[t] = surv
    w[0] = tail * surv
    return w
