"""Fast play-outs of a Gin hand to its end, on card masks: the unit of work of the
expert's search (game/gin/expert.py). No objects on the hot path: hands are ints
(bit i = suit * 13 + rank - 1, as game.gin.melds), the Stock a list of bits (top last).

Both seats play a sound policy: take the upcard only when it lowers the least
deadwood, else draw; throw the card that leaves the least deadwood (the highest
among ties); or, for my seat with key_w > 0, the card the hard player's key would
throw without its chances (key_throw: deadwood less key_w a live card that completes
a three-card meld), so that the search and the key agree on what a good hand is.
The opponent ("him") goes out as soon as he may; "me" is patient: a knock only
with deadwood <= my_knock (or gin, or when the Stock is nearly out).
The result is scored in points for me (negative: his) under the hand's rules:
gin bonus, lay-offs and the undercut bonus, an Oklahoma spade's double.
"""
from __future__ import annotations

from game.gin import melds as M

_MEMO_LIMIT = 1 << 18       # entries a memo keeps before it starts again


def _bounded_memo(fn):
    """`fn` of a mask, remembered (hands repeat in play-outs) up to _MEMO_LIMIT masks."""
    memo: dict = {}

    def cached(mask: int) -> int:
        v = memo.get(mask)
        if v is None:
            if len(memo) > _MEMO_LIMIT:
                memo.clear()
            v = memo[mask] = fn(mask)
        return v
    return cached


_mindw = _bounded_memo(M.min_deadwood_mask)                  # least deadwood
_after = _bounded_memo(M.min_deadwood_after_discard_mask)    # the same after the best discard

VALUES = M.BIT_VALUES
_RANK = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))

# the cards of each value, highest bit first: a throw is searched from the highest card
_BY_VALUE = tuple(tuple(1 << i for i in range(51, -1, -1) if VALUES[i] == v) for v in range(10, 0, -1))
_ORDER = tuple(b for group in _BY_VALUE for b in group)


def _build_pairs():
    """For each card i: (bit of j, bit of c) for each three-card meld {i, j, c} with j > i."""
    out = []
    for i in range(52):
        row = []
        for m in M.ALL_MELDS:
            if bin(m).count("1") == 3 and m >> i & 1:
                for j in range(i + 1, 52):
                    if m >> j & 1:
                        row.append((1 << j, m ^ (1 << i) ^ (1 << j)))
        out.append(tuple(row))
    return tuple(out)


_PAIRS = _build_pairs()
_FULL = M.FULL_MASK


def key_throw(hand: int, dead: int, key_w: float, target: int = -1) -> tuple[int, int]:
    """(bit, deadwood left) of the throw from an 11-card hand that the hard player's
    key ranks best with even chances: the least deadwood less key_w for each live card
    (in neither `hand` nor `dead`) that would complete a three-card meld with two of
    the ten cards kept (the highest card among ties). `target`: the hand's least
    deadwood after a discard, where known."""
    partials = []                      # (the two cards' bits, the card that completes them)
    x = hand
    while x:
        ib = x & -x
        x ^= ib
        for jb, cb in _PAIRS[ib.bit_length() - 1]:
            if hand & jb and not cb & hand:
                partials.append((ib | jb, cb))
    live = _FULL & ~(hand | dead)
    every = 0
    for _, cb in partials:
        every |= cb
    most = key_w * (every & live).bit_count()     # no throw keeps more live cards than this
    if target < 0:
        target = _after(hand)
    # the least-deadwood throw first: if it keeps every live card, none does better
    first = throw(hand, target)
    outs = 0
    for pair, cb in partials:
        if not pair & first:
            outs |= cb
    best = target - key_w * (outs & live).bit_count()
    if best <= target - most:
        return first, target
    best_b, best_dw = first, target
    before = True                                  # (ties go to the card met first)
    for b in _ORDER:
        if b == first:
            before = False
            continue
        if hand & b:
            dw = _mindw(hand ^ b)
            wins_ties = before and best_b == first
            if dw - most > best or (dw - most == best and not wins_ties):
                continue
            outs = 0
            for pair, cb in partials:
                if not pair & b:
                    outs |= cb
            k = dw - key_w * (outs & live).bit_count()
            if k < best or (k == best and wins_ties):
                best, best_b, best_dw = k, b, dw
    return best_b, best_dw


def throw(hand: int, target: int) -> int:
    """The bit to throw from an 11-card hand: the highest card whose discard leaves
    `target` (the least deadwood after the best discard)."""
    for b in _ORDER:
        if hand & b and _mindw(hand ^ b) == target:
            return b
    raise ValueError("no discard reaches the target")


class Rules:
    """The hand's scoring numbers, read once per decision (GinOptions and the hand)."""
    __slots__ = ("kv", "gin_bonus", "under_bonus", "mult", "bmult")

    def __init__(self, options, knock_value: int, doubled: bool):
        self.kv = knock_value
        self.mult = 2 if doubled else 1
        self.bmult = 2 if (doubled and options.oklahoma_double_bonuses) else 1
        self.gin_bonus = options.gin_bonus * self.bmult
        self.under_bonus = options.underknock_bonus * self.bmult


def layoff_deadwood(defender: int, knocker: int) -> int:
    """The defender's least deadwood after laying off on the knocker's best melds
    (two ways tried: all cards that can go, or only his unmatched ones)."""
    melds, _ = M.best_melds_mask(knocker)
    runs = []
    fits = 0
    for m in melds:
        i = (m & -m).bit_length() - 1
        n = bin(m).count("1")
        if m == ((1 << n) - 1) << i:          # a run (its bits side by side)
            runs.append(m)
        elif n == 3:
            fits |= _RANK[i % 13] & ~m         # the set's fourth card
    dw0 = _mindw(defender)
    if not fits and not runs:
        return dw0
    best = dw0
    for pool in (defender, M.best_melds_mask(defender)[1]):
        gone = _closure(pool, fits, runs)
        if gone:
            d = _mindw(defender ^ gone)
            best = min(best, d)
    return best


def _closure(pool: int, fits: int, runs: list) -> int:
    """The cards of `pool` that lay off together (sets' fourth cards, runs extended
    at either end, again and again)."""
    gone = pool & fits
    ends = list(runs)
    changed = True
    while changed:
        changed = False
        for k, m in enumerate(ends):
            ext = 0
            lo = m & -m
            if (lo.bit_length() - 1) % 13:
                ext |= lo >> 1
            hi = 1 << (m.bit_length() - 1)
            if (hi.bit_length() - 1) % 13 != 12:
                ext |= hi << 1
            add = ext & pool & ~gone
            if add:
                gone |= add
                ends[k] = m | add
                changed = True
    return gone


def score_out(out: int, other: int, rules: Rules) -> int:
    """Points for the player going out with the 10 cards `out` (negative: an undercut)."""
    dw = _mindw(out)
    if dw == 0:
        return rules.gin_bonus + _mindw(other) * rules.mult
    d = layoff_deadwood(other, out) - dw
    if d > 0:
        return d * rules.mult
    return d * rules.mult - rules.under_bonus


def playout(me: int, him: int, stock: list, up: int, my_turn: bool, rules: Rules,
            my_knock: int, late: int = 4, key_w: float = 0.0, dead: int = 0) -> int:
    """Play the hand to its end from a draw (`my_turn`: mine). `stock` is consumed
    (pass a copy). Points for me, negative for him, 0 for a dead hand. With key_w > 0
    my throws are key_throw's, `dead` the cards I know are out of play (the pile)."""
    kv = rules.kv
    mine_kv = my_knock if my_knock < kv else kv
    dw_me = _mindw(me)
    dw_him = _mindw(him)
    keyed = key_w > 0.0
    while True:
        hand = me if my_turn else him
        dw = dw_me if my_turn else dw_him
        h11 = hand | up
        t_up = _after(h11)
        if len(stock) <= 2:                      # the upcard only to go out, else dead
            if t_up <= kv:
                b = throw(h11, t_up)
                pts = score_out(h11 ^ b, him if my_turn else me, rules)
                return pts if my_turn else -pts
            return 0
        if t_up < dw:
            target = t_up
        else:
            h11 = hand | stock.pop()
            target = _after(h11)
        limit = (mine_kv if len(stock) > late else kv) if my_turn else kv
        if target <= limit or target == 0:       # out with the least deadwood
            b = throw(h11, target)
            pts = score_out(h11 ^ b, him if my_turn else me, rules)
            return pts if my_turn else -pts
        if my_turn:
            if keyed:
                b, target = key_throw(h11, dead, key_w, target)
            else:
                b = throw(h11, target)
            me, dw_me = h11 ^ b, target
        else:
            b = throw(h11, target)
            him, dw_him = h11 ^ b, target
        up = b
        dead |= b                                # in the pile, or known to be in his hand
        my_turn = not my_turn
