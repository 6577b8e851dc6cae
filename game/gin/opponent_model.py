"""The expert's model of the opponent's hand, from the public record only.

For each card the expert cannot see, the chance that it is in the opponent's
hand (the rest are in the Stock). Evidence, all public:
- a card he took from the Pile and has not thrown since: his (chance 1);
- he takes a card to meld it: the cards that meld with what he took are likelier his;
- he throws what he does not collect: the neighbours (same rank, same suit within
  two ranks) of his discards are less likely his, the more so the later he threw
  (early discards are often just high cards);
- an upcard he declined: its neighbours are somewhat less likely his.
The weights are normalised so that the chances add up to the number of his
cards we do not know.
"""
from __future__ import annotations

from game.gin import melds as M
from game.gin.rules import GinView

_RANK_MASK = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


def _neighbours(i: int) -> int:
    """Cards that can share a meld with card i: same rank, same suit within two ranks."""
    s, r = divmod(i, 13)
    out = _RANK_MASK[r]
    for dr in (-2, -1, 1, 2):
        if 0 <= r + dr < 13:
            out |= 1 << (s * 13 + r + dr)
    return out & ~(1 << i)


NEIGHBOURS = tuple(_neighbours(i) for i in range(52))

# multipliers of the prior weight (tuned by expert-vs-solid runs; the expert carries its
# own copies to tune them; fitted to real hands by log loss they win fewer hands:
# bench/gin_model_fit.py)
TAKEN_NEAR = 2.2        # melds with a card he took
DISCARD_NEAR = 0.55     # near a card he threw late in the hand
DISCARD_NEAR_EARLY = 0.8
PASSED_NEAR = 0.7       # near an upcard he declined
CAP = 0.95              # no unknown card is his for certain


def _index(card) -> int:
    return M.card_bit(card).bit_length() - 1


def opponent_probabilities(view: GinView, hand: int, pile: int, taken_near: float = TAKEN_NEAR,
                           discard_near: float = DISCARD_NEAR,
                           discard_near_early: float = DISCARD_NEAR_EARLY,
                           passed_near: float = PASSED_NEAR,
                           cap: float = CAP) -> tuple[list[float], int, int]:
    """(p, known, unseen): p[i] the chance card i is in the opponent's hand,
    known the mask of his cards for certain, unseen the mask of the cards
    neither in our hand, nor in the pile, nor known his. The multipliers default
    to the module's values (a player may carry its own, e.g. to tune them)."""
    taken = M.cards_to_mask(set(view.opp_taken))
    known = taken & ~pile & ~hand
    unseen = M.FULL_MASK & ~(hand | pile | known)
    weight = [0.0] * 52
    x = unseen
    while x:
        low = x & -x
        x ^= low
        weight[low.bit_length() - 1] = 1.0
    factor = [1.0] * 52
    y = known
    while y:
        low = y & -y
        y ^= low
        near = NEIGHBOURS[low.bit_length() - 1] & unseen
        while near:
            b = near & -near
            near ^= b
            factor[b.bit_length() - 1] *= taken_near
    n_disc = len(view.opp_discards)
    for k, card in enumerate(view.opp_discards):
        f = discard_near_early if k < n_disc // 2 else discard_near
        near = NEIGHBOURS[_index(card)] & unseen
        while near:
            b = near & -near
            near ^= b
            factor[b.bit_length() - 1] *= f
    for card in set(view.opp_passed):
        near = NEIGHBOURS[_index(card)] & unseen
        while near:
            b = near & -near
            near ^= b
            factor[b.bit_length() - 1] *= passed_near
    n_unknown = max(0, view.opponent_hand_size - bin(known).count("1"))
    total = sum(w * f for w, f in zip(weight, factor))
    p = [0.0] * 52
    if total > 0 and n_unknown:
        scale = n_unknown / total
        for i in range(52):
            if weight[i]:
                p[i] = min(cap, factor[i] * scale)
    y = known
    while y:
        low = y & -y
        y ^= low
        p[low.bit_length() - 1] = 1.0
    return p, known, unseen
