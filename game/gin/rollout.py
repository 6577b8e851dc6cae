"""Fast play-outs of a Gin hand between two "solid" players, on bitmasks only, for
the expert's win-probability search (game/gin/expert.py). No rules engine, no cards:
a world is the two hands, the Stock in drawing order and the upcard.

The solid policy (bench/gin_baselines.py's reference player, written for masks):
take the upcard only if it lowers the least deadwood, else draw from the Stock;
throw the card that leaves the least deadwood (the highest among ties); go out as
soon as the knock value allows. The hand ends dead when a player finds two cards
in the Stock and cannot go out with the upcard (the stock-end rule).

A play-out is scored for the player who moves second ("us": we have just thrown
the upcard): 1 won, 0 lost, 0.5 dead (a dead hand counts for nobody).
"""
from __future__ import annotations

from game.gin import melds as M

_mindw = M.min_deadwood_mask
_after = M.min_deadwood_after_discard_mask
_VAL = M.BIT_VALUES
_SUIT_EDGE_LO = tuple(i % 13 == 0 for i in range(52))
_SUIT_EDGE_HI = tuple(i % 13 == 12 for i in range(52))
_RANK_MASK = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


def _solid_throw(h11: int, banned: int) -> tuple[int, int]:
    """(card bit, deadwood left) of solid's discard from an 11-card hand: the least
    deadwood, the highest card among ties (the higher suit among equal values)."""
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
    return best, best_dw


def solid_turn_fits(hand: int, discard: int, upcard: int, took: bool, kv: int) -> bool:
    """Could a solid player holding `hand` (10 cards, after his turn) have played his
    last turn so: offered `upcard` (0: none known), taken it or not, thrown `discard`,
    and not gone out? (For a declined upcard, some card of his 11 was the Stock's.)"""
    if _mindw(hand) <= kv:
        return False                      # he would have gone out
    h11 = hand | discard
    if not upcard:
        return _solid_throw(h11, 0)[0] == discard
    if took:
        if not hand & upcard:
            return False
        return _solid_throw(h11, upcard)[0] == discard
    if hand & upcard or _solid_throw(h11, 0)[0] != discard:
        return False
    x = h11
    while x:                              # the card he drew instead
        s = x & -x
        x ^= s
        before = h11 ^ s
        if _after(before | upcard) >= _mindw(before):
            return True
    return False


def _layoff_value(knocker: int, defender: int) -> int:
    """Deadwood the defender keeps after laying off on the knocker's melds (his own
    melds as his least-deadwood arrangement; runs extended card by card)."""
    melds, _ = M.best_melds_mask(knocker)
    _, dead = M.best_melds_mask(defender)
    targets = 0           # cards that would attach now
    for m in melds:
        lo = m & -m
        i = lo.bit_length() - 1
        if m & (lo << 1):        # a run: its two lowest cards are neighbours
            hi = 1 << (m.bit_length() - 1)
            if not _SUIT_EDGE_LO[i]:
                targets |= lo >> 1
            if not _SUIT_EDGE_HI[hi.bit_length() - 1]:
                targets |= hi << 1
        else:
            targets |= _RANK_MASK[i % 13] & ~m
    left = dead
    while True:
        hit = left & targets
        if not hit:
            break
        left ^= hit
        # an attached run end opens the next card
        y = hit
        while y:
            b = y & -y
            y ^= b
            j = b.bit_length() - 1
            if not _SUIT_EDGE_LO[j]:
                targets |= b >> 1
            if not _SUIT_EDGE_HI[j]:
                targets |= b << 1
        targets &= ~hit
    v = 0
    while left:
        b = left & -left
        left ^= b
        v += _VAL[b.bit_length() - 1]
    return v


def play_out(us: int, them: int, stock: list, upcard: int, kv: int, max_turns: int = 60) -> float:
    """Play the hand out from the moment we threw `upcard`; `stock` is drawn from its
    end (it is consumed). Both play solid. 1 we win, 0 we lose, 0.5 dead."""
    hands = [them, us]       # index 0 moves first
    who = 0
    for _ in range(max_turns):
        h = hands[who]
        if len(stock) <= 2:
            # the stock-end rule: the upcard only to go out, else the hand is dead
            h11 = h | upcard
            if _after(h11) <= kv:
                return _out(hands, who, h11, upcard, kv)
            return 0.5
        taken = 0
        if _after(h | upcard) < _mindw(h):
            h11 = h | upcard
            taken = upcard
        else:
            h11 = h | stock.pop()
        card, dw = _solid_throw(h11, taken)
        hands[who] = h11 ^ card
        if dw <= kv:
            return _result(hands, who, dw)
        upcard = card
        who ^= 1
    return 0.5


def play_turn_out(us: int, them: int, stock: list, upcard: int, take: bool, kv: int) -> float:
    """Our turn from the draw (the upcard taken or the Stock's top card), solid's
    discard, then play_out: 1 we win, 0 we lose, 0.5 dead."""
    h11 = us | (upcard if take else stock.pop())
    card, dw = _solid_throw(h11, upcard if take else 0)
    if dw <= kv:
        return _result([them, h11 ^ card], 1, dw)
    return play_out(h11 ^ card, them, stock, card, kv)


def _out(hands: list, who: int, h11: int, banned: int, kv: int) -> float:
    card, dw = _solid_throw(h11, banned)
    hands[who] = h11 ^ card
    return _result(hands, who, dw)


def _result(hands: list, who: int, dw: int) -> float:
    """Score for index 1 ("us") when hands[who] goes out with deadwood dw."""
    if dw == 0:
        winner = who
    else:
        other = hands[who ^ 1]
        winner = who ^ 1 if _layoff_value(hands[who], other) <= dw else who
    return 1.0 if winner == 1 else 0.0
