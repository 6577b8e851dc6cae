"""Gin Rummy melds, deadwood and lay-offs.

Melds ("groups" in GIN!): sets of 3 or 4 cards of one rank, runs of 3 or more
cards of one suit in sequence, ace low only (A-2-3 yes, Q-K-A no).

Inside, a hand is a 52-bit int: bit (suit index * 13 + rank - 1), suits in the
order "CDHS". Every possible meld is precomputed as such a mask. The least
deadwood is exact: a minimum over the few ways to meld the ranks held three or
four times, of four table look-ups (one per suit, runs only; see "least
deadwood" below). About 1 microsecond for 11 cards, with no memo.

Public API (cards are game.cards.Card; a meld is a list of Cards):
    card_value(card) -> int
    is_set(cards), is_run(cards), is_meld(cards) -> bool
    deadwood_value(cards) -> int                 sum of card values
    min_deadwood(cards) -> int                   least deadwood over all arrangements
    min_deadwood_after_discard_mask(mask) -> int least deadwood after the best discard
    best_melds(cards) -> (melds, unmatched)      an arrangement reaching it
    knock_discards(cards, knock_value) -> [Card] discards that leave deadwood <= knock value
    validate_arrangement(hand, groups) -> (melds, unmatched)   a hand-marked arrangement
    layoff_plan(cards, melds) -> [(Card, meld index)] | None   lay all cards off, in order
    can_lay_off(card, melds) -> bool             one card onto the melds as they stand
    layoff_candidates(cards, melds) -> [Card]    cards that could be laid off at all
    best_defense(hand, knocker_melds) -> (melds, layoffs, unmatched)
    mask helpers: cards_to_mask, mask_to_cards, card_bit, min_deadwood_mask
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.cards import SUITS, Card

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

# bit index -> Card / value
BIT_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
BIT_VALUES: tuple[int, ...] = tuple(min(c.rank, 10) for c in BIT_CARDS)
FULL_MASK = (1 << 52) - 1


def card_value(card: Card) -> int:
    """Deadwood value: ace 1, 2-10 face value, J Q K 10."""
    return min(card.rank, 10)


def card_index(card: Card) -> int:
    return _SUIT_INDEX[card.suit] * 13 + card.rank - 1


def card_bit(card: Card) -> int:
    return 1 << (_SUIT_INDEX[card.suit] * 13 + card.rank - 1)


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The cards as a 52-bit int. A card given twice is a ValueError."""
    mask = 0
    suit_index = _SUIT_INDEX
    for c in cards:
        b = 1 << (suit_index[c.suit] * 13 + c.rank - 1)     # card_bit, inlined (hot)
        if mask & b:
            raise ValueError(f"card {c} given twice")
        mask |= b
    return mask


def mask_to_cards(mask: int) -> list[Card]:
    """The cards of a mask, clubs..spades, ace..king."""
    out = []
    while mask:
        low = mask & -mask
        out.append(BIT_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def mask_value(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += BIT_VALUES[low.bit_length() - 1]
        mask ^= low
    return total


def deadwood_value(cards: Iterable[Card]) -> int:
    return sum(card_value(c) for c in cards)


# --- every meld as a mask ----------------------------------------------------

def _build_melds() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    sets_from: list[list[int]] = [[] for _ in range(52)]   # sets whose lowest bit is i
    runs_from: list[list[int]] = [[] for _ in range(52)]   # runs starting at i, by length
    all_melds: list[int] = []
    for r in range(13):
        bits = [1 << (s * 13 + r) for s in range(4)]
        for skip in range(-1, 4):   # -1: the set of four; else leave suit `skip` out
            m = sum(b for k, b in enumerate(bits) if k != skip)
            all_melds.append(m)
            low = (m & -m).bit_length() - 1
            sets_from[low].append(m)
    for s in range(4):
        for start in range(13):
            m = 0
            for length in range(1, 14 - start):
                m |= 1 << (s * 13 + start + length - 1)
                if length >= 3:
                    all_melds.append(m)
                    runs_from[s * 13 + start].append(m)
    return (tuple(all_melds), tuple(tuple(x) for x in sets_from),
            tuple(tuple(x) for x in runs_from))


ALL_MELDS, _SETS_FROM, _RUNS_FROM = _build_melds()
_MELD_SET = frozenset(ALL_MELDS)


def is_meld_mask(mask: int) -> bool:
    return mask in _MELD_SET


def is_set(cards: Sequence[Card]) -> bool:
    return (3 <= len(cards) <= 4 and len({c.rank for c in cards}) == 1
            and len({c.suit for c in cards}) == len(cards))


def is_run(cards: Sequence[Card]) -> bool:
    if len(cards) < 3 or len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(c.rank for c in cards)
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:]))


def is_meld(cards: Sequence[Card]) -> bool:
    return is_set(cards) or is_run(cards)


def sort_meld(cards: Iterable[Card]) -> list[Card]:
    """A meld in display order: runs by rank, sets by suit."""
    return sorted(cards, key=lambda c: (c.rank, _SUIT_INDEX[c.suit]))


# --- least deadwood ----------------------------------------------------------
#
# Sets take cards of one rank from several suits; once the sets are chosen, what
# is left of each suit melds into runs independently of the other suits. So the
# least deadwood is a minimum over the few ways to use the ranks held three or
# four times (usually none), of a sum of four table look-ups: _RUN_DW[m] is the
# least deadwood of a 13-bit suit mask m with runs only, _RUN_DW1[m] the same
# after the best discard from m. Both tables are built once at import (8192
# entries each, a few milliseconds).

_SUIT = 0x1FFF
_NO_CARD = 1 << 20          # "after a discard" of an empty suit: impossible


def _build_run_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    dw = [0] * 8192
    for m in range(1, 8192):
        low = m & -m
        r = low.bit_length() - 1
        best = min(r + 1, 10) + dw[m ^ low]
        run = low | low << 1 | low << 2
        length = 3
        while r + length <= 13 and run & m == run:
            d = dw[m ^ run]
            best = min(best, d)
            run |= low << length
            length += 1
        dw[m] = best
    dw1 = [_NO_CARD] * 8192
    for m in range(1, 8192):
        best = _NO_CARD
        x = m
        while x:
            low = x & -x
            x ^= low
            d = dw[m ^ low]
            best = min(best, d)
        dw1[m] = best
    return tuple(dw), tuple(dw1)


_RUN_DW, _RUN_DW1 = _build_run_tables()


def _set_choices(suits: tuple[int, int, int, int], ranks: int) -> list[tuple[int, ...]]:
    """The suit masks left after every way of melding sets on the ranks in
    `ranks` (each held three or four times): each rank either gives no set, its
    set of three, or with four: the set of four or any of its four sets of three."""
    out: list[tuple[int, ...]] = [suits]
    while ranks:
        rb = ranks & -ranks
        ranks ^= rb
        held = [k for k in range(4) if suits[k] & rb]
        removals = [held] if len(held) == 3 else [held] + [[k for k in held if k != keep] for keep in held]
        nxt = []
        for left in out:
            nxt.append(left)
            for rem in removals:
                new = list(left)
                for k in rem:
                    new[k] ^= rb
                nxt.append(tuple(new))
        out = nxt
    return out


def min_deadwood_mask(mask: int) -> int:
    """Least deadwood of the cards in `mask` (see above)."""
    c = mask & _SUIT
    d = mask >> 13 & _SUIT
    h = mask >> 26 & _SUIT
    s = mask >> 39
    ranks = (c & d & (h | s)) | (h & s & (c | d))       # ranks held 3 or 4 times
    t = _RUN_DW
    if not ranks:
        return t[c] + t[d] + t[h] + t[s]
    return min(t[a] + t[b] + t[e] + t[f] for a, b, e, f in _set_choices((c, d, h, s), ranks))


def min_deadwood_after_discard_mask(mask: int) -> int:
    """min over cards x of min_deadwood_mask(mask without x): the least deadwood
    after the best discard (a large number for an empty mask)."""
    c = mask & _SUIT
    d = mask >> 13 & _SUIT
    h = mask >> 26 & _SUIT
    s = mask >> 39
    ranks = (c & d & (h | s)) | (h & s & (c | d))
    t, t1 = _RUN_DW, _RUN_DW1
    if not ranks:
        a, b, e, f = t[c], t[d], t[h], t[s]
        return a + b + e + f + min(t1[c] - a, t1[d] - b, t1[h] - e, t1[s] - f)
    best = _NO_CARD
    for c2, d2, h2, s2 in _set_choices((c, d, h, s), ranks):
        a, b, e, f = t[c2], t[d2], t[h2], t[s2]
        v = a + b + e + f + min(t1[c2] - a, t1[d2] - b, t1[h2] - e, t1[s2] - f)
        best = min(best, v)
    return best


def min_deadwood(cards: Iterable[Card]) -> int:
    """The least deadwood of exactly these cards over every arrangement into melds."""
    return min_deadwood_mask(cards_to_mask(cards))


def best_melds_mask(mask: int) -> tuple[list[int], int]:
    """(meld masks, unmatched mask) reaching min_deadwood_mask(mask).

    Ties prefer melding the lowest card (longest run first, then sets)."""
    melds: list[int] = []
    dead = 0
    while mask:
        target = min_deadwood_mask(mask)
        low = mask & -mask
        i = low.bit_length() - 1
        chosen = 0
        runs = [m for m in _RUNS_FROM[i] if m & mask == m]
        for m in reversed(runs):
            if min_deadwood_mask(mask ^ m) == target:
                chosen = m
                break
        if not chosen:
            for m in reversed(_SETS_FROM[i]):      # the set of four comes first
                if m & mask == m and min_deadwood_mask(mask ^ m) == target:
                    chosen = m
                    break
        if chosen:
            melds.append(chosen)
            mask ^= chosen
        else:
            dead |= low
            mask ^= low
    return melds, dead


def best_melds(cards: Iterable[Card]) -> tuple[list[list[Card]], list[Card]]:
    """An arrangement of exactly these cards with the least deadwood:
    (melds, unmatched cards)."""
    melds, dead = best_melds_mask(cards_to_mask(cards))
    return [sort_meld(mask_to_cards(m)) for m in melds], mask_to_cards(dead)


def knock_discards(cards: Iterable[Card], knock_value: int) -> list[Card]:
    """The cards whose discard leaves deadwood <= knock_value (0: gin only)."""
    return mask_to_cards(knock_discards_mask(cards_to_mask(cards), knock_value))


def knock_discards_mask(mask: int, knock_value: int) -> int:
    """Mask of the cards whose discard leaves deadwood <= knock_value.

    Discarding card c lowers the least deadwood by at most value(c), so when
    min_deadwood(mask) - value(c) > knock_value the card is skipped unsearched."""
    floor = min_deadwood_mask(mask) - knock_value
    if floor > 10:
        return 0
    out = 0
    m = mask
    while m:
        low = m & -m
        m ^= low
        if BIT_VALUES[low.bit_length() - 1] >= floor and min_deadwood_mask(mask ^ low) <= knock_value:
            out |= low
    return out


def melded_cards_mask(mask: int) -> int:
    """The cards of `mask` that are in melds in the best arrangement."""
    return mask ^ best_melds_mask(mask)[1]


# --- a hand-made arrangement ---------------------------------------------------

def validate_arrangement(hand: Iterable[Card], groups: Iterable[Iterable[Card]]
                         ) -> tuple[list[list[Card]], list[Card]]:
    """Check groups marked by hand: each a valid meld, no card twice, all from
    `hand`. Returns (melds, unmatched). Raises ValueError with a readable reason."""
    hand_mask = cards_to_mask(hand)
    used = 0
    melds = []
    for k, group in enumerate(groups, 1):
        group = list(group)
        if not group:
            continue
        gmask = cards_to_mask(group)
        if gmask & ~hand_mask:
            missing = " ".join(map(str, mask_to_cards(gmask & ~hand_mask)))
            raise ValueError(f"group {k}: {missing} not in the hand")
        if gmask & used:
            raise ValueError(f"group {k}: a card is in two groups")
        if gmask not in _MELD_SET:
            raise ValueError(f"group {k} ({' '.join(map(str, sort_meld(group)))}) is not a set or a run")
        used |= gmask
        melds.append(sort_meld(group))
    return melds, mask_to_cards(hand_mask & ~used)


# --- lay-offs ----------------------------------------------------------------

# a lay-off target, extended in place: ["set", rank, mask] or ["run", suit index, lo, hi]
# (a mixed list: its fields' types follow its first item, which mypy cannot tie)
Target = list[Any]


def _layoff_targets(melds: Sequence[Sequence[Card]]) -> list[Target]:
    """Per meld: ['set', rank, mask] or ['run', suit index, lo, hi]."""
    out: list[Target] = []
    for m in melds:
        m = list(m)
        if is_set(m):
            out.append(["set", m[0].rank, cards_to_mask(m)])
        elif is_run(m):
            ranks = [c.rank for c in m]
            out.append(["run", _SUIT_INDEX[m[0].suit], min(ranks), max(ranks)])
        else:
            raise ValueError(f"not a meld: {' '.join(map(str, m))}")
    return out


def _attach(card: Card, targets: list[Target]) -> int:
    """Index of a meld (as extended so far) the card lays off on, else -1.
    Extends the target in place. Runs come first: a card that could be the
    fourth of a set or extend a run extends the run, which may take more cards
    later, while the set takes nothing more either way."""
    si = _SUIT_INDEX[card.suit]
    for k, t in enumerate(targets):
        if t[0] == "run" and t[1] == si:
            if card.rank == t[2] - 1:
                t[2] -= 1
                return k
            if card.rank == t[3] + 1:
                t[3] += 1
                return k
    for k, t in enumerate(targets):
        if t[0] == "set" and t[1] == card.rank and not (t[2] & card_bit(card)) \
                and bin(t[2]).count("1") < 4:
            t[2] |= card_bit(card)
            return k
    return -1


def layoff_plan(cards: Iterable[Card], melds: Sequence[Sequence[Card]]
                ) -> list[tuple[Card, int]] | None:
    """Lay all `cards` off on `melds` (fourth card of a set, either end of a run,
    runs already extended, repeatedly): [(card, meld index)] in an order that
    works, or None if some card cannot be laid off. With runs preferred (see
    _attach) attaching never removes an option, so laying off greedily whatever
    fits finds a plan when one exists."""
    targets = _layoff_targets(melds)
    left = sorted(set(cards))
    plan: list[tuple[Card, int]] = []
    progress = True
    while left and progress:
        progress = False
        for c in list(left):
            k = _attach(c, targets)
            if k >= 0:
                plan.append((c, k))
                left.remove(c)
                progress = True
    return None if left else plan


def layoff_strays(cards: Iterable[Card], melds: Sequence[Sequence[Card]]) -> list[Card]:
    """The cards that cannot be laid off on `melds`, even with all the others laid off."""
    placed = set(layoff_candidates(cards, melds))
    return sorted(c for c in set(cards) if c not in placed)


def can_lay_off(card: Card, melds: Sequence[Sequence[Card]]) -> bool:
    """Whether this one card lays off on the melds as they stand."""
    return _attach(card, _layoff_targets(melds)) >= 0


def layoff_candidates(cards: Iterable[Card], melds: Sequence[Sequence[Card]]) -> list[Card]:
    """The cards that could be laid off if all of them were: the greedy closure."""
    targets = _layoff_targets(melds)
    left = sorted(set(cards))
    got = []
    progress = True
    while left and progress:
        progress = False
        for c in list(left):
            if _attach(c, targets) >= 0:
                got.append(c)
                left.remove(c)
                progress = True
    return got


def best_defense(hand: Iterable[Card], knocker_melds: Sequence[Sequence[Card]] | None
                 ) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """The defender's melds and lay-offs with the least deadwood after a knock:
    (melds, layoffs, unmatched). knocker_melds None or empty: no lay-offs (gin).
    Ties prefer fewer lay-offs."""
    hand = list(hand)
    hand_mask = cards_to_mask(hand)
    if not knocker_melds:
        melds, unmatched = best_melds(hand)
        return melds, [], unmatched
    cands = layoff_candidates(hand, knocker_melds)
    best_key = None
    best = None
    n = len(cands)
    for sub in range(1 << n):
        chosen = [cands[k] for k in range(n) if sub >> k & 1]
        if chosen and layoff_plan(chosen, knocker_melds) is None:
            continue
        rest = hand_mask ^ cards_to_mask(chosen)
        key = (min_deadwood_mask(rest), len(chosen))
        if best_key is None or key < best_key:
            best_key, best = key, (rest, chosen)
    rest, chosen = best  # type: ignore[misc]  # set: no lay-off at all (sub 0) always qualifies
    meld_masks, dead = best_melds_mask(rest)
    return ([sort_meld(mask_to_cards(m)) for m in meld_masks], sorted(chosen),
            mask_to_cards(dead))
