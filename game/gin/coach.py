"""The Gin coach: what the strongest computer (the expert, game/gin/ai.py make_ai) would
do now, decided from the player's own view, with a short reason in GIN!'s terms: the
points left, the groups kept, what the opponent's picks and discards say, knock or play
on, take the upcard or not. No pygame here.

    advise(view) -> Advice(move, text)      e.g. "Discard 9♣: it leaves 12 points, keeps
                                             three 7s; the computer has shown no interest
                                             in clubs."

The figures are the ones a player can check: the least unplayable points a choice
leaves, and for the Stock the average over the cards it may still hold, each weighted
by the chance that it is not in the opponent's hand (game/gin/opponent_model.py). They
are shared with the after-hand review (game/gin/review.py).
"""
from __future__ import annotations

import functools
import operator
from dataclasses import dataclass
from typing import Any

from game.cards import Card, card_text
from game.gin import melds as M
from game.gin.ai import make_ai
from game.gin.opponent_model import opponent_probabilities
from game.gin.rules import Discard, DrawStock, GinView, GoOut, LayDown, NextHand, Pass, TakeUpcard
from game.words import counted

COACH_SEED = 21          # the expert the coach asks is made afresh, on this seed, each time
TEXT_MAX = 140           # the notes show two lines of 76 characters, "Coach: " first
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_WORDS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}
# 3-card melds through each card: the other two cards (a meld with it needs one of these)
_PAIRS = tuple(tuple(m & ~(1 << i) for m in M.ALL_MELDS if m >> i & 1 and bin(m).count("1") == 3)
               for i in range(52))
# the cards that can share a group with each card (same rank, same suit within two ranks)
_NEAR = tuple(functools.reduce(operator.or_, pairs, 0) for pairs in _PAIRS)


@dataclass(frozen=True)
class Advice:
    move: Any       # the expert's move (a game.gin.moves move)
    text: str       # why, in a sentence or two


def expert_move(view: GinView, seed: int = COACH_SEED) -> Any:
    """The expert's decision on this view, by a fresh expert (its random state is the
    seed's: the same view always gets the same move)."""
    return make_ai("expert", seed).choose(view)


def advise(view: GinView, seed: int = COACH_SEED, opponent: str = "the computer") -> Advice:
    """The expert's move for this seat's view and its reason; `opponent` names the
    other player in the text."""
    move = expert_move(view, seed)
    return Advice(move, explain(view, move, opponent))


# ---- figures (also the review's) ----------------------------------------------------------

def _bit(card: Card) -> int:
    return M.card_bit(card)


def _index(card: Card) -> int:
    return _bit(card).bit_length() - 1


def _cards(mask: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield low


def banned_mask(view: GinView) -> int:
    """The card this seat may not throw now (the upcard just taken), as a mask."""
    if view.taken_upcard is None or view.options.discard_taken_upcard:
        return 0
    return _bit(view.taken_upcard)


def least_after_discard(hand: int, banned: int = 0) -> int:
    """The least unplayable points of an 11-card hand after its best legal discard."""
    return min(M.min_deadwood_mask(hand ^ b) for b in _cards(hand & ~banned))


def upcard_points(view: GinView) -> int | None:
    """The least points left after taking the upcard and throwing the best card."""
    if not view.pile:
        return None
    ub = _bit(view.pile[-1])
    banned = 0 if view.options.discard_taken_upcard else ub
    return least_after_discard(M.cards_to_mask(view.hand) | ub, banned)


def stock_points(view: GinView) -> float:
    """The average least points left after a card from the Stock and the best discard:
    each card the Stock may hold weighted by the chance it is not the opponent's."""
    hand = M.cards_to_mask(view.hand)
    pile = M.cards_to_mask(view.pile)
    p, _, unseen = opponent_probabilities(view, hand, pile)
    total = weight = 0.0
    for b in _cards(unseen):
        w = 1.0 - p[b.bit_length() - 1]
        if w > 0.0:
            total += w * M.min_deadwood_after_discard_mask(hand | b)
            weight += w
    return total / weight if weight else float(M.min_deadwood_mask(hand))


def feed_chance(view: GinView, card: Card) -> float:
    """The chance that the opponent holds two cards making a group with `card` (cards
    in our hand or in the Pile do not count), by the opponent model."""
    hand = M.cards_to_mask(view.hand)
    pile = M.cards_to_mask(view.pile)
    p, _, _ = opponent_probabilities(view, hand, pile)
    blocked = hand | pile
    miss = 1.0
    for pair in _PAIRS[_index(card)]:
        if pair & blocked:
            continue
        a, b = (x.bit_length() - 1 for x in _cards(pair))
        miss *= 1.0 - p[a] * p[b]
    return 1.0 - miss


def meld_text(cards: list[Card]) -> str:
    """A group in few characters: "three 7s", "four kings", "2-5\x04"."""
    cards = M.sort_meld(cards)
    if M.is_set(cards):
        rank = cards[0].rank
        word = RANK_WORDS.get(rank, f"{rank}s")
        return f"{'three' if len(cards) == 3 else 'four'} {word}"
    lo, hi = card_text(cards[0]), card_text(cards[-1])
    return f"{lo[:-1]}-{hi}"


def melds_text(mask: int) -> str:
    melds, _ = M.best_melds_mask(mask)
    parts = [meld_text(M.mask_to_cards(m)) for m in melds]
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


# ---- the reasons --------------------------------------------------------------------------

def explain(view: GinView, move: Any, opponent: str = "the computer") -> str:
    """The reason for `move` on this view, in a sentence or two."""
    if isinstance(move, (TakeUpcard, DrawStock, Pass)):
        text = _draw_reason(view, move, opponent)
    elif isinstance(move, GoOut):
        text = _out_reason(view, move, opponent)
    elif isinstance(move, Discard):
        text = _discard_reason(view, move, opponent)
    elif isinstance(move, LayDown):
        text = _lay_down_reason(view)
    elif isinstance(move, NextHand):
        text = "Deal the next hand."
    else:
        text = "Nothing to do now."
    return text if len(text) <= TEXT_MAX else text[:TEXT_MAX - 3].rstrip(" ,;") + "..."


def _fit(*parts: str) -> str:
    """The first part and as many of the next as fit in TEXT_MAX, as one sentence."""
    text = parts[0]
    for part in parts[1:]:
        if part and len(text) + len(part) + 1 <= TEXT_MAX:
            text += part
    return text + "."


def _draw_reason(view: GinView, move: Any, opponent: str) -> str:
    can_take = any(isinstance(m, TakeUpcard) for m in view.legal_moves)
    if not can_take:
        return "Draw from the Stock: it is the only draw now."
    up = view.pile[-1]
    ut = card_text(up)
    take = upcard_points(view)
    kv = view.knock_value
    if view.stock_end:
        if isinstance(move, TakeUpcard):
            return f"Take {ut}: it lets you {'go gin' if take == 0 else f'knock with {take}'}."
        return f"Pass: {ut} does not let you go out, and the hand ends with no score."
    now = M.min_deadwood_mask(M.cards_to_mask(view.hand))
    stock = stock_points(view)
    figures = f" (now {now}; a Stock card leaves {stock:.1f} on average)"
    with_up = M.cards_to_mask(view.hand) | _bit(up)
    melds_up = bool(_bit(up) & M.melded_cards_mask(with_up))
    if isinstance(move, TakeUpcard):
        if take == 0:
            return f"Take {ut}: it gives you gin."
        if take <= kv:
            return _fit(f"Take {ut}: it lets you knock with {take}", figures)
        groups = f", makes {_group_with(with_up, up)}" if melds_up else ""
        return _fit(f"Take {ut}: it leaves {counted(take, 'point')} after your discard", groups, figures)
    what = "Pass" if isinstance(move, Pass) else "Draw from the Stock"
    if up in view.my_discards:      # (taken by the opponent, and just thrown back)
        back = f" before {opponent} took it" if up in view.opp_taken else " yourself"
        return _fit(f"{what}: you threw {ut} away{back}", figures)
    why = f"{ut} makes no group with your cards" if not melds_up else \
        f"with {ut} you would keep {counted(take, 'point')}"
    shown = f"; taking it would show {opponent} what you collect" if melds_up and take > stock else ""
    return _fit(f"{what}: {why}", figures, shown)


def _group_with(hand: int, card: Card) -> str:
    """The group `card` is in, in the hand's best arrangement."""
    melds, _ = M.best_melds_mask(hand)
    for m in melds:
        if m & _bit(card):
            return meld_text(M.mask_to_cards(m))
    return "a group"


def _out_reason(view: GinView, move: GoOut, opponent: str) -> str:
    if move.discard is None:
        return "Big Gin: all eleven cards are in groups; lay them down."
    hand = M.cards_to_mask(view.hand) ^ _bit(move.discard)
    dw = M.min_deadwood_mask(hand)
    dt = card_text(move.discard)
    if dw == 0:
        return _fit(f"Gin! Discard {dt} face down and lay down {melds_text(hand)}")
    return _fit(f"Knock with {dw} now (waiting for gin gives {opponent} more turns): "
                f"discard {dt} face down", f", lay down {melds_text(hand)}")


def _discard_reason(view: GinView, move: Discard, opponent: str) -> str:
    hand = M.cards_to_mask(view.hand)
    card = move.card
    ct = card_text(card)
    after = hand ^ _bit(card)
    dw = M.min_deadwood_mask(after)
    head = f"Discard {ct}: it leaves {dw} point{'s' if dw != 1 else ''}"
    banned = banned_mask(view)
    knocks = M.knock_discards_mask(hand, view.knock_value) & ~banned if view.knock_value else 0
    if knocks:
        least = min(M.min_deadwood_mask(hand ^ b) for b in _cards(knocks))
        head = f"Play on rather than knock with {least}: {head[0].lower()}{head[1:]}"
    kept = melds_text(after)
    keeps = f", keeps {kept}" if kept else ""
    best = least_after_discard(hand, banned)
    alt = ""
    if dw > best:
        other = max((b for b in _cards(hand & ~banned) if M.min_deadwood_mask(hand ^ b) == best),
                    key=lambda b: M.BIT_VALUES[b.bit_length() - 1])
        oc = M.BIT_CARDS[other.bit_length() - 1]
        if feed_chance(view, oc) > feed_chance(view, card) + 0.1:
            alt = f" ({card_text(oc)} would leave {best} but may give {opponent} a group)"
        else:
            alt = f" ({card_text(oc)} would leave {best} but it may still make a group)"
    lone = "" if _NEAR[_index(card)] & after else ", and it has no partner in your hand"
    return _fit(head, alt, keeps, lone, _interest(view, card, opponent))


def _interest(view: GinView, card: Card, opponent: str) -> str:
    """What the opponent's picks and discards say about `card`, as "; ..." or ""."""
    near = _NEAR[_index(card)]
    took = [c for c in view.opp_taken if _bit(c) & near and c not in view.pile]
    if took:
        return f"; though {opponent} took {card_text(took[-1])}"
    suit = [c for c in view.opp_discards if c.suit == card.suit]
    if len(suit) >= 2 and not any(c.suit == card.suit for c in view.opp_taken):
        return f"; {opponent} has shown no interest in {SUIT_NAMES[card.suit]}"
    threw = [c for c in view.opp_discards if _bit(c) & near]
    if threw:
        return f"; {opponent} threw {card_text(threw[-1])}"
    passed = [c for c in view.opp_passed if _bit(c) & near]
    if passed:
        return f"; {opponent} passed {card_text(passed[-1])}"
    if feed_chance(view, card) < 0.1:
        return f"; it is unlikely to give {opponent} a group"
    return ""


def _lay_down_reason(view: GinView) -> str:
    hand = view.hand
    if view.out_kind == "gin":
        melds, un = M.best_melds(hand)
        left = counted(M.deadwood_value(un), "point")
        return _fit(f"Lay down your groups: {left} left (no lay-offs after gin)")
    melds, layoffs, un = M.best_defense(hand, [list(m) for m in view.out_melds])
    lo = f", laying off {len(layoffs)}" if layoffs else ""
    return _fit(f"Lay down your groups{lo}: {counted(M.deadwood_value(un), 'point')} left")
